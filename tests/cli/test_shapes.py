"""One shape per thing, read off every command's JSON: each result says its ``kind`` (and the text
renderer is chosen by it), a bust always comes with how black the hand is, a chip event is one
object, a skill draw is one object."""

from __future__ import annotations

from pathlib import Path

import pytest

POKER = ("-r", "poker-hands")

# Commands in order on one state home: every kind of result at least once.
SESSION = [
    ("draw", "3", "--seed", "1"),
    ("hand", "RJ 2c 5d 9h Ks", *POKER),
    ("hand", "As Ks", "--vs", "Qd Qc"),
    ("roll", "3d6", "--seed", "2"),
    ("roll", "3d6", "--odds"),
    ("rulesets", "list"),
    ("rulesets", "show", "dust-devils"),
    ("rulesets", "diff", "savage-worlds", "dust-devils", "--seed", "1"),
    ("table", "new", "p", *POKER, "--seed", "1"),
    ("table", "add", "p", "Sam", "--trait", "master=1", "--trait", "courage=2", "--trait", "mad-science=2"),
    ("table", "add", "p", "Eagles", "--trait", "guardian-spirit=3", "--trait", "rituals=paint:2"),
    ("table", "list"),
    ("table", "show", "p"),
    ("action", "--table", "p", "--seed", "3"),
    ("hex", "--skill", "1", "--caster", "Sam", "--table", "p", "--seed", "4"),
    ("hex", "--skill", "1", "--caster", "Sam", "--cards", "RJ 2c 5d 9h Ks", "--table", "p", "--huckster"),  # winded: five
    ("conflict", "Sam=courage", "--fear", "2", "--table", "p", "--seed", "5"),
    ("conflict", "Sam=2", "Eagles=1", "--helper", "Bob=1", "--called", "--table", "p", "--seed", "6"),
    ("conflict", "show", "--table", "p"),
    ("conflict", "clear", "Sam", "--table", "p"),
    ("gadget", "design", "jet", "--tier", "pair", "--by", "Sam", "--cards", "9c 9d 2h 4s RJ 7c", "--table", "p"),
    ("gadget", "build", "jet", "--by", "Sam", "--assist-skill", "1", "--table", "p", "--seed", "7"),
    ("gadget", "use", "--reliability", "3", "--seed", "8", *POKER),
    ("chips", "session", "--table", "p", "--seed", "9"),
    ("chips", "give", "Sam", "white", "--table", "p"),
    ("chips", "spend", "Sam", "white", "--for", "second-wind", "--table", "p"),
    ("chips", "ritual", "Eagles", "paint", "--cards", "9c 9d RJ 4s 5h", "--table", "p"),
    ("chips", "wound", "Sam", "--table", "p"),
    ("table", "rest", "p", "Sam"),
    ("odds", "hand", "5"),
    ("odds", "hex", "soul blast", "--dice", "4d10", "--level", "3"),
    ("odds", "action", "3d6"),
    ("odds", "gadget", "--reliability", "3", *POKER),
    ("odds", "conflict", "Sam=2", "Bob=1", "--samples", "50", *POKER, "--seed", "1"),
    ("table", "new", "d", "--seed", "2"),
    ("table", "add", "d", "Velvet", "--trait", "quickness=4d8"),
    ("action", "--table", "d", "--seed", "1"),
    ("action", "begin", "Velvet", "3", "--what", "mirage", "--table", "d"),
    ("action", "sleeve", "Velvet", "--table", "d"),
    ("action", "play", "Velvet", "--table", "d"),
    ("action", "new", "--table", "d", "--seed", "3"),
    ("table", "stats", "d"),
    ("table", "stats", "p", "--person", "Sam"),
    ("hex", "--list"),
    ("-r", "weird-dust-devils", "conflict", "Doc=hand=3,eye=2", "Kid=hand=2,eye=2", "--scores", "hand,eye",
     "--seed", "4"),
    ("table", "undo", "p"),
    ("table", "remove", "p", "Eagles"),
    ("table", "reset", "d", "--seed", "5"),
    ("table", "set", "p", "Sam", "--trait", "courage=3"),
    ("table", "log", "p", "--last", "3"),
    ("table", "check", "p"),
    ("table", "export", "p"),
    ("table", "fork", "d", "--at", "2", "--as", "d2"),
    ("verify", str(Path(__file__).resolve().parent.parent / "store" / "data" / "v4-export-fri.json")),
    ("store", "show"),
    ("store", "init"),
    ("table", "shuffle", "d", "--seed", "6"),
    ("action", "--table", "d", "--seed", "1"),
    ("action", "sleeve", "Velvet", "--table", "d"),
    ("action", "interrupt", "Velvet", "--against", "Bob", "--roll", "Velvet=1", "--roll", "Bob=2d6", "--table", "d",
     "--seed", "2"),
    ("action", "next", "--table", "p"),
    ("action", "join", "Doc", "+1", "--table", "p", "--seed", "10"),
    ("action", "show", "--table", "p"),
    ("action", "out", "Doc", "--table", "p"),
    ("gadget", "list", "--table", "p"),
    ("chips", "--table", "p"),
    ("chips", "draw", "Sam", "1", "--table", "p", "--seed", "11"),
    ("table", "new", "s", "-r", "savage-worlds", "--seed", "3"),
    ("table", "add", "s", "Sarah", "--trait", "athletics=d8", "--trait", "spirit=d6", "--trait", "vigor=d6"),
    ("table", "add", "s", "Cultists", "--side", "gm", "--trait", "extra=yes", "--trait", "count=2", "--trait", "vigor=d6"),
    ("action", "--table", "s", "--seed", "1"),
    ("action", "hold", "Sarah", "--table", "s"),
    ("table", "condition", "s", "Sarah", "shaken", "distracted"),
    ("action", "act", "Sarah", "--table", "s", "--seed", "2"),
    ("roll", "d8", "--as", "Sarah", "--table", "s", "--seed", "2"),
    ("roll", "2d6", "--damage", "--vs", "Sarah", "--table", "s", "--seed", "4"),
    ("roll", "2d6", "--damage", "--vs", "Cultists", "--table", "s", "--seed", "4"),
    ("odds", "roll", "2d6", "--damage", "--vs", "Sarah", "--table", "s"),
    ("roll", "2d6+d8", "--damage", "--raise", "--vs", "7", "--seed", "3", "-r", "savage-worlds"),
    ("odds", "roll", "d8", "-r", "savage-worlds"),
    ("odds", "action", "Kh", "-r", "savage-worlds"),
]

# Commands the session leaves out, and why (each has its own tests).
NOT_IN_SESSION = {
    ("rulesets", "validate"): "checks a file: its result is the ruleset's problems",
    ("rulesets", "new"): "writes a file",
    ("table", "delete"): "asks for --yes and removes the state the session walks",
    ("table", "import"): "reads an export file (tests/store, tests/cli/test_tables_commands)",
    ("table", "discard"): "needs a card the table's deck has out (tests/cli/test_tables_commands)",
    ("chips", "return"): "needs a chip held (tests/cli/test_chips_command)",
    ("gadget", "repair"): "needs a broken device (tests/cli/test_poker_hands_full)",
    ("action", "play"): "needs the sleeve card the interrupt spent (tests/cli/test_action_command)",
    ("table", "watch"): "runs until interrupted (tests/store/test_watch)",
    ("table", "seat"): "a shared table's, on PostgreSQL (tests/store/test_seats)",
    ("table", "reveal"): "a shared table's, on PostgreSQL (tests/store/test_seats)",
    ("help",): "prints a docs page, not a game's result (tests/cli/test_help)",
}


def _walk(value, path="result"):
    if isinstance(value, dict):
        yield path, value
        for key, item in value.items():
            yield from _walk(item, f"{path}.{key}")
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from _walk(item, f"{path}[{i}]")


@pytest.fixture(scope="module")
def results(tmp_path_factory):
    """Every command of SESSION run as JSON, in order, on one fresh state home."""
    from click.testing import CliRunner

    from dealer.cli import cli

    home = tmp_path_factory.mktemp("shapes")
    env = {"DEALER_HOME": str(home), "DEALER_RULESET": None, "DEALER_TABLE": None, "NO_COLOR": None}
    runner = CliRunner()
    out = []
    for argv in SESSION:
        as_json = runner.invoke(cli, [*argv, "--json"], env=env)
        assert as_json.exit_code == 0, (argv, as_json.stderr)
        out.append((argv, as_json.stdout))
    return out


def test_every_result_says_its_kind_and_has_a_text_renderer(results):
    import json

    from dealer.render import RENDERERS

    kinds = set()
    for argv, out in results:
        result = json.loads(out)["result"]
        assert "kind" in result, argv
        # an export is a document: printed as JSON in every mode, so it needs no text renderer
        assert result["kind"] in RENDERERS or result["kind"] == "table-export", (argv, result["kind"])
        kinds.add(result["kind"])
    assert kinds >= {"deal", "hand", "roll", "roll-odds", "rulesets", "ruleset", "table", "roster", "tables",
                     "table-show", "turn-order", "spell", "contest", "conflict-state", "clear", "design", "build",
                     "use", "chips", "odds-hand", "odds-hex", "odds-action", "odds-gadget", "odds-conflict",
                     "round", "long-action", "sleeve", "play-sleeve", "new-combat", "catalogue", "conflict",
                     "table-undo", "table-log", "table-check", "table-export", "next", "turns", "join", "out",
                     "interrupt", "hold", "damage", "odds-action-card", "devices", "table-stats"}


def test_a_bust_always_says_how_black_and_a_chip_event_has_one_shape(results):
    import json

    busts = chips = draws = 0
    for argv, out in results:
        result = json.loads(out)["result"]
        if result["kind"].startswith("odds") or result["kind"] == "roll-odds":
            continue  # odds give a bust's probability
        for path, item in _walk(result):
            kind = item.get("kind")
            if kind in ("roll", "damage") or ".document" in path:
                continue  # a roll's bust is the dice's (a damage roll has none); a ruleset states its bust rule
            if "bust" in item:
                busts += 1
                assert isinstance(item["bust"], bool) and set(item["how_black"]) == {"black", "red"}, (argv, path)
            if kind == "chip":
                chips += 1
                assert {"move", "player", "colour", "why"} <= set(item), (argv, path)
                assert item["move"] in ("draw", "give", "spend", "return", "create"), (argv, path)
            if kind == "draw":
                draws += 1
                assert {"purpose", "person", "modifiers", "cards", "picked", "hand", "bust", "how_black",
                        "chips"} <= set(item), (argv, path)
                assert all(set(m) == {"why", "cards"} for m in item["modifiers"]), (argv, path)
            assert "to" not in item or kind != "chip"
    assert busts >= 10 and chips >= 5 and draws >= 8


def test_every_command_of_the_session_renders_as_text(tmp_path, dealer):
    for argv in SESSION:
        run = dealer(*argv)
        assert run.code == 0, (argv, run)
        assert run.out.strip() or argv[:2] == ("rulesets", "new"), argv


def test_the_session_runs_every_command_or_says_why_not():
    """A new command gets a place in SESSION (so its JSON is checked for its kind and shapes)."""
    import click

    from dealer.cli import cli

    def leaves(group, path=()):
        for name in group.list_commands(click.Context(group)):
            command = group.get_command(click.Context(group), name)
            if command.hidden:
                continue
            if isinstance(command, click.Group):
                yield path + (name,)  # a group is a command too (dealer action, dealer chips)
                yield from leaves(command, path + (name,))
            else:
                yield path + (name,)

    ran = set()
    for argv in SESSION:
        words = [word for index, word in enumerate(argv) if word != "-r" and (not index or argv[index - 1] != "-r")]
        ran.update({tuple(words[:1]), tuple(words[:2])})
    missing = [" ".join(path) for path in leaves(cli) if path not in ran and path not in NOT_IN_SESSION]
    assert not missing, missing
