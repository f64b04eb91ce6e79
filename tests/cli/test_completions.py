"""Shell completion scripts are generated from the click app and kept in step with it."""

from pathlib import Path

import pytest

COMPLETIONS = Path(__file__).resolve().parent.parent.parent / "completions"


@pytest.mark.parametrize("shell", ["bash", "zsh", "fish"])
def test_committed_scripts_match_what_the_app_generates(dealer, shell):
    run = dealer(env={"_DEALER_COMPLETE": f"{shell}_source"})
    assert run.code == 0
    committed = (COMPLETIONS / f"dealer.{shell}").read_text(encoding="utf-8")
    assert run.out == committed, f"regenerate: _DEALER_COMPLETE={shell}_source dealer > completions/dealer.{shell}"


def complete(dealer, words):
    env = {"_DEALER_COMPLETE": "bash_complete", "COMP_WORDS": " ".join(words), "COMP_CWORD": str(len(words) - 1)}
    run = dealer(env=env)
    return [line.split(",", 1)[1] for line in run.out.splitlines() if line.startswith("plain,")]


def test_ruleset_names_complete_dynamically(dealer):
    assert complete(dealer, ["dealer", "-r", "d"]) == ["deadlands", "dust-devils"]
    assert complete(dealer, ["dealer", "draw", "--ruleset", "w"]) == ["weird-dust-devils"]
    assert complete(dealer, ["dealer", "rulesets", "show", "p"]) == ["poker-hands"]


def test_subcommands_complete(dealer):
    assert "draw" in complete(dealer, ["dealer", "d"])


def test_table_and_person_names_complete(dealer):
    dealer("table", "new", "friday")
    dealer("table", "new", "fort")
    dealer("table", "add", "friday", "Sarah")
    assert complete(dealer, ["dealer", "draw", "--table", "f"]) == ["fort", "friday"]
    assert complete(dealer, ["dealer", "table", "show", "fr"]) == ["friday"]
    assert complete(dealer, ["dealer", "table", "set", "friday", "S"]) == ["Sarah"]


def test_chips_and_gadget_names_complete_from_the_table(dealer):
    dealer("table", "new", "p", "-r", "poker-hands")
    dealer("table", "add", "p", "Eagles", "--trait", "rituals=paint:2,tobacco:3")
    dealer("table", "add", "p", "Ada", "--trait", "mad-science=3")
    dealer("gadget", "design", "jetski", "--tier", "pair", "--by", "Ada", "--cards", "5h 5c 7d 8s 9h Kc Kd 2s",
           "--table", "p")
    dealer("gadget", "build", "jetski", "--by", "Ada", "--cards", "Jh Jc 9d 8s 7h 2c 3d 4s", "--table", "p")
    assert complete(dealer, ["dealer", "--table", "p", "chips", "give", "Ada", "wh"]) == ["white"]
    assert complete(dealer, ["dealer", "--table", "p", "chips", "give", "A"]) == ["Ada"]
    assert complete(dealer, ["dealer", "--table", "p", "chips", "ritual", "Eagles", "to"]) == ["tobacco"]
    assert "jetski" in complete(dealer, ["dealer", "--table", "p", "gadget", "build", "jet"])
    assert "jetski-1" in complete(dealer, ["dealer", "--table", "p", "gadget", "use", "jet"])


def test_every_completer_a_command_names_exists():
    """Completers are named by text (``completes("roster")``) so that dealer.completion is
    imported only when a shell asks; a misspelt name would fail only at a user's TAB."""
    import ast

    import dealer
    from dealer import completion

    names = set()
    for path in Path(dealer.__file__).parent.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "completes":
                names.add(node.args[0].value)
    assert len(names) >= 10
    assert all(callable(getattr(completion, name, None)) for name in names), sorted(names)
