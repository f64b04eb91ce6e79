"""No input produces a traceback: random command lines, and randomly broken ruleset files."""

import json
import os
import random
from pathlib import Path

import pytest

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dealer.errors import DealerError
from dealer.store import rulesets as store
from tests.conftest import SHIPPED
from tests.guards import bounded

ROOT = Path(__file__).resolve().parent.parent.parent

COMMANDS = [
    ["draw"], ["hand"], ["roll"], ["rulesets", "list"], ["rulesets", "show"], ["rulesets", "validate"],
    ["rulesets", "new"], ["table", "new"], ["table", "list"], ["table", "show"], ["table", "log"],
    ["table", "add"], ["table", "discard"], ["table", "shuffle"], ["table", "reset"], ["table", "delete"],
    ["action"], ["action", "new"], ["action", "sleeve"], ["action", "play"], ["action", "interrupt"],
    ["hex"], ["nonsense"], [],
    ["action", "begin"], ["table", "undo"], ["table", "export"], ["table", "set"], ["table", "rest"],
    ["conflict"], ["conflict", "harm"], ["conflict", "show"], ["chips"], ["chips", "draw"], ["chips", "give"],
    ["chips", "spend"], ["chips", "session"], ["chips", "ritual"], ["chips", "wound"], ["gadget", "design"],
    ["gadget", "build"], ["gadget", "use"], ["odds", "hand"], ["odds", "hex"], ["odds", "action"],
    ["odds", "gadget"], ["odds", "conflict"], ["table", "check"], ["table", "import"],
]
TOKENS = [
    "--json", "--jsonl", "--ascii", "--no-color", "--seed", "-r", "--ruleset", "--table", "--count", "--min",
    "--vs", "--tn", "--odds", "--context", "--from", "--name", "--deck", "--yes", "--side", "--trait",
    "--marshal", "-m", "--roll", "--total", "--bust", "--level", "--cards", "--caster", "--list", "--skill",
    "--mod", "--wild-pick", "--target", "--reshuffle", "--since", "--help", "--version", "--max-cards",
    "--surprised", "--against", "--scores", "--power", "--extra", "--weird", "--helper", "--fear", "--called",
    "--chip", "--knack", "--for", "--note", "--tier", "--by", "--rush", "--reliability", "--fail-hand",
    "--build-joker", "--samples", "--holding", "--deck-left", "--dice", "--allow-short", "--last",
    "hand,eye", "Doc=hand=3,eye=2,power=1", "Kid=:T10,KSw", "Sam=3", "white", "red", "blue", "gold", "paint",
    "jetski", "straight", "pair", "3", "-1", "Kid", "Hand=1", "mirage",
    "deadlands", "weird-dust-devils", "dust-devils", "poker-hands", "nope", "./missing.toml",
    "As", "10h", "Th", "RJ", "BJ", "T10", "Fool", "KSw", "Xz", "As As", "8s 8h 8d Kc 5d 3s RJ",
    "5d10", "3d8+2", "1d6-4", "0d6", "3d7", "d", "3d6++", "100d20",
    "pair", "jacks", "pair of jacks", "ace", "two pair", "royal flush", "pair of jokers",
    "soul blast", "posse", "marshal", "Sarah=16", "Sarah=3d6", "Bo=bust", "Cy=16:Qh,8d,4c", "x=",
    "quickness=3d6", "=", "", " ", "-", "--", "0", "1", "5", "7", "54", "55", "78", "-3", "1e9", "ünï",
    "t1", "../../etc", "a/b", "huckster", "after-hex", "manual",
    # hostile: huge numbers, bytes that are not UTF-8, control characters, special files, long text
    "--last", "--faces", "--since", "5d10+99999999999", "1d6+1" + "0" * 20, "9" * 5000, "1" + "0" * 19,
    "3d6+" + "9" * 5000, "100d20", "101d6", "18446744073709551616", "-9223372036854775809", "1e999",
    "\udcff", "caf\udce9", "\x1b]0;owned\x07", "a\nb", "\t", "\u202e", "x" * 3000,
    "/dev/zero", "/dev/urandom", "/dev/null", "/", ".", "..", "nope.toml", "quickness=99999999999999999999",
    "Sarah=99999999999999999999", "Sarah=100d20", "Bo=:" + ",".join(["As"] * 60),
]


@pytest.mark.parametrize("argv", [["action", "Sarah=" + "9" * 5000],
                                  ["table", "add", "t", "Bo", "--trait", "quickness=" + "9" * 5000]])
def test_numbers_past_the_digit_limit_are_clean_errors(dealer, argv):
    dealer("table", "new", "t")
    check(dealer, argv)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(command=st.sampled_from(COMMANDS), rest=st.lists(st.sampled_from(TOKENS), max_size=7),
       noise=st.lists(st.text(max_size=6), max_size=2))
def test_random_command_lines_never_crash(dealer, command, rest, noise):
    check(dealer, command + rest + noise)


def check(dealer, argv, cpu=20.0):
    """Exit 0, 1 or 2; never a traceback or "internal error"; a short stderr (but `rulesets
    validate`, which lists up to 50 problems); a few seconds (a generous guard of CPU: a hang
    or a blow-up trips it, a loaded machine does not)."""
    with bounded(cpu=cpu, wall=10 * cpu):
        run = dealer(*argv)
    assert run.code in (0, 1, 2), run
    assert "Traceback" not in run.err + run.out, run
    assert "internal error" not in run.err, run
    if argv[:2] != ["rulesets", "validate"]:
        assert len(run.err.encode("utf-8", "backslashreplace")) < 2048, run
    else:
        assert len(run.err.splitlines()) <= 51 and max(map(len, run.err.splitlines() or [""])) < 400, run
    if run.code:
        assert run.err.strip(), run
    return run


@pytest.mark.slow
@settings(max_examples=3000, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(command=st.sampled_from(COMMANDS), rest=st.lists(st.sampled_from(TOKENS), max_size=9),
       noise=st.lists(st.text(max_size=12), max_size=3))
def test_many_random_command_lines_never_crash(dealer, command, rest, noise):
    check(dealer, command + rest + noise)


def mutate(text, rng):
    lines = text.splitlines()
    for _ in range(rng.randint(1, 4)):
        if not lines:
            break
        i = rng.randrange(len(lines))
        choice = rng.randrange(7)
        if choice == 0:
            del lines[i]
        elif choice == 1:
            lines.insert(i, lines[rng.randrange(len(lines))])
        elif choice == 2:
            lines[i] = lines[i].replace("=", rng.choice(["= ", "==", ":", "= [", '= "']), 1)
        elif choice == 3:
            for old, new in (("true", "false"), ("5", "-1"), ("3", "0"), ('"', ""), ("[", "{"), ("2", "9")):
                if old in lines[i] and rng.random() < 0.6:
                    lines[i] = lines[i].replace(old, new, 1)
        elif choice == 4:
            pos = rng.randrange(len(lines[i]) + 1)
            lines[i] = lines[i][:pos] + rng.choice(["x", "]", "\\", "é", "0", " = 1", "{}", "[[a]]"]) + lines[i][pos:]
        elif choice == 5:
            j = rng.randrange(len(lines))
            lines[i], lines[j] = lines[j], lines[i]
        else:
            lines[i] = rng.choice(["[deck]", "[[hands.ranks]]", 'name = "x"', "pattern = {}", "groups = [6]",
                                   "sequence = 9", "trumps = 4", 'rest = "trump"', "[contexts.x]",
                                   'wild = { T1 = "any" }', 'tiebreak = ["run"]', "count = 99"])
    return "\n".join(lines) + "\n"


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(name=st.sampled_from(SHIPPED), seed=st.integers(0, 2**32))
def test_mutated_rulesets_load_or_report_cleanly(tmp_path, name, seed):
    rng = random.Random(seed)
    text = (ROOT / "rulesets" / f"{name}.toml").read_text(encoding="utf-8")
    path = tmp_path / f"mutant-{seed}.toml"
    path.write_text(mutate(text, rng), encoding="utf-8")
    try:
        ruleset = store.load(str(path))
    except DealerError as error:
        assert str(error).strip()
        return
    # A mutant that still loads must still deal and evaluate without crashing.
    cards = ruleset.deck.shuffled(rng)[: rng.randint(1, min(10, len(ruleset.deck)))]
    for context in [None, *ruleset.contexts]:
        hand = ruleset.ranking.best(cards, ruleset.context(context))
        assert hand.rank in ruleset.hand_ranks


# -- ruleset mutations on the parsed document: delete, retype, enlarge, nest, special extends ----

def toml_text(document):
    """A document as TOML, every table inline (enough for any document tomllib reads)."""
    def value(item):
        if isinstance(item, bool):
            return "true" if item else "false"
        if isinstance(item, (int, float)):
            return repr(item)
        if isinstance(item, str):
            return json.dumps(item)
        if isinstance(item, list):
            return "[" + ", ".join(value(v) for v in item) + "]"
        return "{" + ", ".join(f"{json.dumps(k)} = {value(v)}" for k, v in item.items()) + "}"

    return "".join(f"{json.dumps(key)} = {value(item)}\n" for key, item in document.items())


def paths(node, prefix=()):
    yield prefix
    if isinstance(node, dict):
        for key, item in node.items():
            yield from paths(item, prefix + (key,))
    elif isinstance(node, list):
        for i, item in enumerate(node[:6]):
            yield from paths(item, prefix + (i,))


def mutate_document(document, rng, specials):
    """Apply a few structural mutations to a parsed ruleset, in place."""
    for _ in range(rng.randint(1, 3)):
        where = [p for p in paths(document) if p]
        path = rng.choice(where)
        parent = document
        for part in path[:-1]:
            parent = parent[part]
        key = path[-1]
        old = parent[key]
        kind = rng.randrange(6)
        if kind == 0:  # delete
            del parent[key]
        elif kind == 1:  # retype
            parent[key] = rng.choice([0, -1, 1.5, True, "", "x", [], {}, ["BJ"], {"a": 1}, [[1]], "RJ"])
        elif kind == 2:  # enlarge
            if isinstance(old, bool) or not isinstance(old, (int, str, list, dict)):
                parent[key] = 10 ** rng.choice([3, 6, 9, 12, 18])
            elif isinstance(old, int):
                parent[key] = old * 10 ** rng.choice([3, 6, 9, 12, 18]) or 10 ** 9
            elif isinstance(old, str):
                parent[key] = old * rng.choice([50, 2000]) or "x" * 50_000
            elif isinstance(old, list):
                parent[key] = old * rng.choice([20, 500])
            else:
                parent[key] = {**old, **{f"k{i}": old.get(next(iter(old), ""), 1) for i in range(500)}}
        elif kind == 3:  # nest
            for _ in range(rng.choice([2, 8, 40])):
                old = [old] if rng.random() < 0.5 else {"x": old}
            parent[key] = old
        elif kind == 4:  # control characters and odd text in strings
            parent[key] = rng.choice(["\x1b]0;owned\x07", "a\nb", "\u202e", " ", "A s", "a,b", "\x00"])
        else:  # a card removed, or one that is not there
            document["remove_cards"] = rng.choice([["BJ"], ["RJ", "BJ"], ["Fool"], ["BX"], [""], "BJ"])
    if rng.random() < 0.3:
        document["extends"] = rng.choice(specials)
    return document


# One trait die: a ruleset with a Wild Die (savage-worlds) rolls one, and refuses 3d6 by design.
RULESET_COMMANDS = [["rulesets", "validate"], ["draw", 5], ["hand", "8s 8h 8d Kc 5d 3s RJ"], ["roll", "1d6"],
                    ["action", "Sarah=3d6", "Bo=2d8"], ["hex", "--total", "18", "--level", "2"],
                    ["rulesets", "show"], ["hand", "As Kd", "--vs", "2c 2d"], ["table", "new", "m"]]


def _ruleset_case(dealer, tmp_path, name, seed, commands):
    import tomllib

    rng = random.Random(seed)
    fifo = tmp_path / "pipe.toml"
    if not fifo.exists():
        os.mkfifo(fifo)
    (tmp_path / "folder.toml").mkdir(exist_ok=True)
    specials = ["/dev/zero", "/dev/urandom", "/dev/null", str(fifo), str(tmp_path / "folder.toml"),
                "mutant.toml", "a\x00b", "deadlands", "missing.toml", "/"]
    document = tomllib.loads((ROOT / "rulesets" / f"{name}.toml").read_text(encoding="utf-8"))
    path = tmp_path / "mutant.toml"
    path.write_text(toml_text(mutate_document(document, rng, specials)), encoding="utf-8")
    validated = check(dealer, ["rulesets", "validate", str(path)])
    for command in commands:
        if command[0] == "rulesets":
            run = check(dealer, command + [str(path)])
        else:
            run = check(dealer, ["-r", str(path), *command, "--seed", seed % 1000])
        if validated.code == 0 and command[0] in ("draw", "roll", "rulesets"):
            assert run.code == 0, (command, run)  # what validate accepts, these accept
    if validated.code == 0:  # and a hand of its own cards, and a round with its own dice
        ruleset = store.load(str(path))
        cards = " ".join(card.code for card in ruleset.deck.shuffled(rng)[:7])
        run = check(dealer, ["-r", str(path), "hand", cards])
        assert run.code == 0, (cards, run)
        if ruleset.action["style"] == "countdown" and "action" in ruleset.document["mechanics"]:
            die = f"=2d{ruleset.dice['sides'][0]}" if ruleset.action["deal"] == "quickness" else ""  # else one card
            run = check(dealer, ["-r", str(path), "action", f"A{die}", "-m", f"B{die}", "--seed", seed % 1000])
            assert run.code == 0, run


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(name=st.sampled_from(SHIPPED), seed=st.integers(0, 2**32))
def test_mutated_ruleset_documents_load_or_report_cleanly(dealer, tmp_path, name, seed):
    _ruleset_case(dealer, tmp_path, name, seed, random.Random(seed).sample(RULESET_COMMANDS, 3))


@pytest.mark.slow
@settings(max_examples=600, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(name=st.sampled_from(SHIPPED), seed=st.integers(0, 2**32))
def test_many_mutated_ruleset_documents_load_or_report_cleanly(dealer, tmp_path, name, seed):
    _ruleset_case(dealer, tmp_path, name, seed, RULESET_COMMANDS)
