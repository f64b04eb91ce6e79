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
