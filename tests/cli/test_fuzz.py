"""No input produces a traceback: random command lines, and randomly broken ruleset files."""

import random
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dealer.errors import DealerError
from dealer.store import rulesets as store
from tests.conftest import SHIPPED

ROOT = Path(__file__).resolve().parent.parent.parent

COMMANDS = [
    ["draw"], ["hand"], ["roll"], ["rulesets", "list"], ["rulesets", "show"], ["rulesets", "validate"],
    ["rulesets", "new"], ["table", "new"], ["table", "list"], ["table", "show"], ["table", "log"],
    ["table", "add"], ["table", "discard"], ["table", "shuffle"], ["table", "reset"], ["table", "delete"],
    ["action"], ["action", "new"], ["action", "sleeve"], ["action", "play"], ["action", "interrupt"],
    ["hex"], ["nonsense"], [],
]
TOKENS = [
    "--json", "--jsonl", "--ascii", "--no-color", "--seed", "-r", "--ruleset", "--table", "--count", "--min",
    "--vs", "--tn", "--odds", "--context", "--from", "--name", "--deck", "--yes", "--side", "--trait",
    "--marshal", "-m", "--roll", "--total", "--bust", "--level", "--cards", "--caster", "--list", "--skill",
    "--mod", "--wild-pick", "--target", "--reshuffle", "--since", "--help", "--version", "--max-cards",
    "--surprised", "--against",
    "deadlands", "weird-dust-devils", "dust-devils", "poker-hands", "nope", "./missing.toml",
    "As", "10h", "Th", "RJ", "BJ", "T10", "Fool", "KSw", "Xz", "As As", "8s 8h 8d Kc 5d 3s RJ",
    "5d10", "3d8+2", "1d6-4", "0d6", "3d7", "d", "3d6++", "100d20",
    "pair", "jacks", "pair of jacks", "ace", "two pair", "royal flush", "pair of jokers",
    "soul blast", "posse", "marshal", "Sarah=16", "Sarah=3d6", "Bo=bust", "Cy=16:Qh,8d,4c", "x=",
    "quickness=3d6", "=", "", " ", "-", "--", "0", "1", "5", "7", "54", "55", "78", "-3", "1e9", "ünï",
    "t1", "../../etc", "a/b", "huckster", "after-hex", "manual",
]


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(command=st.sampled_from(COMMANDS), rest=st.lists(st.sampled_from(TOKENS), max_size=7),
       noise=st.lists(st.text(max_size=6), max_size=2))
def test_random_command_lines_never_crash(dealer, command, rest, noise):
    run = dealer(*command, *rest, *noise)
    assert run.code in (0, 1, 2), run
    assert "Traceback" not in run.err + run.out, run
    assert "internal error" not in run.err, run
    if run.code:
        assert run.err.strip(), run


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
