"""Exact outputs: one golden text and one golden JSON per command, with a fixed seed.

A change of output must be deliberate: rerun with ``DEALER_UPDATE_GOLDEN=1`` to rewrite the
files in tests/golden/, and read the diff before committing it. Times and durations are masked.
"""

import json
import os
import re
from pathlib import Path

import pytest

GOLDEN = Path(__file__).resolve().parent.parent / "golden"
UPDATE = bool(os.environ.get("DEALER_UPDATE_GOLDEN"))

# name -> (setup commands run first on a fresh state home, the command)
CASES = {
    "draw": ([], ["draw", "5", "--seed", "7"]),
    "hand": ([], ["hand", "8s 8h 8d Kc 5d 3s RJ", "--min", "ace"]),
    "hand-tarot": ([], ["-r", "weird-dust-devils", "hand", "T10 KSw KCu KWa 2Co", "--vs", "Fool 9Sw 9Cu 2Sw 3Cu"]),
    "roll": ([], ["roll", "5d10", "--seed", "3"]),
    "roll-odds": ([], ["roll", "3d6", "--odds"]),
    "roll-savage": ([], ["-r", "savage-worlds", "roll", "d8", "--seed", "9"]),
    "roll-savage-odds": ([], ["-r", "savage-worlds", "roll", "d6", "--odds", "--joker"]),
    "roll-damage": ([], ["-r", "savage-worlds", "roll", "2d6+d8", "--damage", "--raise", "--vs", "7", "--seed", "4"]),
    "roll-damage-odds": ([], ["roll", "3d6+1", "--damage", "--odds", "--vs", "12"]),
    "rulesets-list": ([], ["rulesets", "list"]),
    "rulesets-show": ([], ["rulesets", "show", "poker-hands"]),
    "action": ([], ["action", "Sarah=16", "Velvet=3d6", "-m", "Bad Bob=2d8", "-m", "Cultist=bust", "--seed", "4"]),
    "action-hands": ([], ["-r", "poker-hands", "action", "Bert", "Sally=+2", "-m", "Cultist", "--seed", "5"]),
    "action-table": ([["table", "new", "f", "--seed", "1"],
                      ["table", "add", "f", "Sarah", "--trait", "quickness=3d6"],
                      ["table", "add", "f", "Bob", "--side", "marshal", "--trait", "quickness=2d8"],
                      ["action", "--table", "f", "--seed", "2"]],
                     ["action", "--table", "f", "--seed", "3"]),
    "hex": ([], ["hex", "soul blast", "--roll", "5d10", "--level", "2", "--seed", "11"]),
    "hex-spell": ([], ["-r", "poker-hands", "hex", "--skill", "6", "--huckster", "--seed", "2"]),
    "odds-hand": ([], ["odds", "hand", "5", "--min", "pair of jacks"]),
    "odds-action": ([], ["odds", "action", "3d6"]),
    "odds-gadget": ([], ["-r", "poker-hands", "odds", "gadget", "--reliability", "5"]),
    "conflict": ([], ["-r", "dust-devils", "conflict", "Doc=hand=4,eye=3", "Kid=hand=2,eye=5", "--scores", "hand,eye",
                      "--seed", "2"]),
    "chips-draw": ([], ["-r", "poker-hands", "chips", "draw", "Bert", "2", "--seed", "3"]),
    "gadget-design": ([], ["-r", "poker-hands", "gadget", "design", "jetski", "--tier", "pair", "--skill", "3",
                           "--seed", "4"]),
    "gadget-build": ([], ["-r", "poker-hands", "gadget", "build", "--tier", "two-pair", "--skill", "4", "--seed", "0"]),
    "gadget-use": ([], ["-r", "poker-hands", "gadget", "use", "--reliability", "5", "--seed", "5"]),
    "table-stats": ([["table", "new", "f", "--seed", "1"],
                     ["table", "add", "f", "Sarah", "--trait", "quickness=3d6", "--trait", "hexslinging=4",
                      "--trait", "spirit=3d10", "--trait", "soul-blast=3"],
                     ["table", "add", "f", "Bob", "--side", "marshal", "--trait", "quickness=2d8"],
                     ["chips", "session", "--table", "f", "--seed", "2"],
                     ["action", "--table", "f", "--seed", "2"], ["action", "--table", "f", "--seed", "3"],
                     ["hex", "soul blast", "--caster", "Sarah", "--table", "f", "--seed", "4"],
                     ["roll", "2d8", "--as", "Bob", "--table", "f", "--seed", "5"],
                     ["action", "Sarah=16", "--table", "f", "--seed", "6"]],
                    ["table", "stats", "f"]),
    "table-show": ([["table", "new", "f", "--seed", "1"], ["table", "add", "f", "Sarah", "--trait", "quickness=3d6"],
                    ["draw", "3", "--table", "f", "--seed", "5"]],
                   ["table", "show", "f"]),
}


def _masked(text):
    """Times and durations vary from run to run: masked."""
    text = re.sub(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ", "<time>", text)
    text = re.sub(r'"seconds": [0-9.e-]+', '"seconds": "<seconds>"', text)
    return re.sub(r" in \d+\.\d\d s\b", " in <seconds> s", text)


def _check(path, actual):
    if UPDATE or not path.exists():
        path.write_text(actual, encoding="utf-8")
        if not UPDATE:
            pytest.fail(f"{path.name} was missing and has been written: check it and commit it")
    assert actual == path.read_text(encoding="utf-8"), f"{path.name}: output changed (DEALER_UPDATE_GOLDEN=1 rewrites)"


@pytest.mark.parametrize("name", sorted(CASES))
def test_golden_text_and_json(dealer, name):
    setup, command = CASES[name]
    for argv in setup:
        assert dealer(*argv).code == 0, argv
    text = dealer(*command)
    assert text.code == 0, text
    _check(GOLDEN / f"{name}.txt", _masked(text.out))
    # On a table the JSON run is the next command on the same table (the next round, say).
    as_json = dealer(*command, "--json")
    assert as_json.code == 0, as_json
    json.loads(as_json.out)
    _check(GOLDEN / f"{name}.json", _masked(as_json.out))
