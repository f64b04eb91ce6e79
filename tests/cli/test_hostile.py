"""Hostile input: bounded time and memory, and a clear error instead of "internal error" (issue 17)."""

import json
import random
import time

import pytest

from dealer.core import dice
from dealer.render.dice import roll_data, roll_json
from tests.conftest import assert_clean_error


def fast(dealer, *args, limit=3.0):
    started = time.perf_counter()
    run = dealer(*args)
    assert time.perf_counter() - started < limit, (args, run)
    return run


# -- dice: limits and bounded odds ----------------------------------------------------------

@pytest.mark.parametrize("args", [
    ["roll", "5d10+99999999999", "--odds"],
    ["roll", "5d10-10001", "--odds"],
    ["roll", "101d6"],
    ["roll", "1" + "0" * 5000 + "d6"],
    ["roll", "3d" + "9" * 5000],
    ["roll", "3d6+" + "9" * 5000],
    ["roll", "1d6", "--odds", "--tn", "99999999999"],
    ["roll", "1d6", "--tn", "1" + "0" * 5000],
    ["roll", "1d6", "--count", "100001"],
    ["roll", "3d6", "--faces", "1" * 5000],
    ["draw", "1" + "0" * 5000],
])
def test_oversized_dice_and_counts_are_refused_at_once(dealer, args):
    run = fast(dealer, *args, limit=2)
    assert_clean_error(run)
    assert len(run.err) < 400, run


@pytest.mark.parametrize("spec, tn", [("1d6", 10_000), ("5d10+10000", 1), ("5d10-10000", 10_000),
                                      ("100d20", 5), ("1d4", 10_000)])
def test_odds_at_the_limits_finish_fast(dealer, spec, tn):
    run = fast(dealer, "roll", spec, "--odds", "--tn", tn, "--json", limit=3)
    assert run.code == 0, run
    odds = run.json()["result"]
    assert abs(odds["bust"] + odds["failure"] + odds["success"] + odds["cut"] - 1) < 1e-9


def test_a_tn_beyond_every_total_is_a_sure_failure():
    odds = dice.trait_roll_odds(1, 6, tn=10_000)
    assert odds.raises == [] and abs(odds.failure + odds.bust - 1) < 1e-12


def test_the_fast_die_draws_what_randint_draws():
    class OnlyRandint:  # not a random.Random: trait_roll falls back to randint
        def __init__(self, seed):
            self.rng = random.Random(seed)

        def randint(self, low, high):
            return self.rng.randint(low, high)

    for seed in range(300):
        for sides in (4, 6, 8, 10, 12, 20, 7, 1000):
            fast_roll = dice.trait_roll(5, sides, random.Random(seed), max_chain=4)
            slow_roll = dice.trait_roll(5, sides, OnlyRandint(seed), max_chain=4)
            assert roll_data(fast_roll) == roll_data(slow_roll)


def test_seeded_rolls_replay_one_by_one():
    bulk = [roll_data(r) for r in dice.seeded_rolls(range(40, 60), 3, 6, max_chain=3)]
    alone = [roll_data(dice.trait_roll(3, 6, random.Random(seed), max_chain=3)) for seed in range(40, 60)]
    assert bulk == alone


def test_the_fast_roll_json_is_the_json_of_the_roll_data():
    capped = 0
    for seed in range(500):
        roll = dice.trait_roll(4, 4, random.Random(seed), modifier=seed % 7 - 3, tn=seed % 9 + 1, max_chain=2)
        capped += roll.capped
        assert roll_json(roll) == json.dumps(roll_data(roll), separators=(",", ":"))
    assert capped  # the "capped" key was exercised


# -- bulk output streams ----------------------------------------------------------------------

@pytest.mark.parametrize("command", [["roll", "3d6"], ["draw", "5"]])
@pytest.mark.parametrize("fmt", ["--json", "--jsonl", "--ascii"])
def test_bulk_output_is_what_one_document_would_be(dealer, command, fmt):
    run = dealer(*command, "--count", 4, "--seed", 11, fmt)
    assert run.code == 0, run
    singles = [dealer(*command, "--seed", 11 + i, "--json").json() for i in range(4)]
    key = "rolls" if command[0] == "roll" else "deals"
    if fmt == "--json":
        whole = {**singles[0], "result": {key: [dict(s["result"], seed=s["seed"]) for s in singles]}}
        assert run.out == json.dumps(whole, ensure_ascii=False, indent=2) + "\n"
    elif fmt == "--jsonl":
        assert run.out == "".join(json.dumps(s, ensure_ascii=False, separators=(",", ":")) + "\n"
                                  for s in singles)
    else:
        assert run.out.splitlines() == [dealer(*command, "--seed", 11 + i, "--ascii").out.strip()
                                        for i in range(4)]
