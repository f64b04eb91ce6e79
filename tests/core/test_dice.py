"""Trait rolls: seed 000's example, properties of every roll, exact odds against closed forms
and against simulation."""

import math
import random
import re

import pytest

from tests.conftest import slow_except
from hypothesis import given, settings
from hypothesis import strategies as st

from dealer.core.dice import SIDES, Scripted, is_bust, parse_dice, trait_roll, trait_roll_odds
from dealer.errors import DiceError


def test_velvets_roll_from_seed_000():
    roll = trait_roll(5, 10, Scripted([3, 7, 10, 10, 4, 6, 8]))
    assert [die.chain for die in roll.dice] == [[3], [7], [10, 6], [10, 8], [4]]
    assert roll.total == 18 and roll.success and roll.raises == 2 and not roll.bust
    assert roll.kept == 3


def test_a_bust_stands_whatever_the_highest_die_says():
    roll = trait_roll(3, 6, Scripted([1, 1, 6, 6, 5]))
    assert roll.bust and roll.total == 17 and not roll.success and roll.raises == 0


@pytest.mark.parametrize("count, ones, majority, half", [
    (1, 1, True, True), (2, 1, False, True), (3, 2, True, True), (4, 2, False, True), (5, 2, False, False),
    (5, 3, True, True), (6, 3, False, True),
])
def test_bust_rules(count, ones, majority, half):
    assert is_bust(ones, count, "majority") is majority
    assert is_bust(ones, count, "half") is half


def test_modifier_applies_to_the_kept_total():
    roll = trait_roll(1, 6, Scripted([5]), modifier=-4)
    assert roll.total == 1 and not roll.success
    roll = trait_roll(3, 8, Scripted([3, 4, 6]), modifier=2, tn=7)
    assert roll.total == 8 and roll.success and roll.raises == 0


def test_the_ace_chain_is_capped_and_says_so():
    roll = trait_roll(1, 4, Scripted([4] * 100), max_chain=100)
    assert roll.capped and len(roll.dice[0].chain) == 100 and roll.total == 400


@pytest.mark.parametrize("text, parsed", [("5d10", (5, 10, 0)), ("3d8+2", (3, 8, 2)), ("1d6-4", (1, 6, -4)),
                                          ("2D12", (2, 12, 0)), (" 4d20 + 1 ", (4, 20, 1))])
def test_parse(text, parsed):
    assert parse_dice(text) == parsed


@pytest.mark.parametrize("text", ["0d6", "3d7", "d", "3d6++", "d6", "3d", "", "5x10", "3d6+", "-1d6", "1001d6"])
def test_bad_dice_show_the_valid_form(text):
    with pytest.raises(DiceError) as error:
        parse_dice(text)
    assert "d" in str(error.value)


@settings(max_examples=300, deadline=None)
@given(count=st.integers(1, 12), sides=st.sampled_from(SIDES), modifier=st.integers(-4, 4),
       tn=st.integers(1, 20), rule=st.sampled_from(["majority", "half"]), seed=st.integers(0, 2**32))
def test_properties_of_every_roll(count, sides, modifier, tn, rule, seed):
    roll = trait_roll(count, sides, random.Random(seed), modifier=modifier, tn=tn, bust=rule)
    totals = [die.total for die in roll.dice]
    assert roll.total == max(totals) + modifier
    assert totals[roll.kept] == max(totals)
    ones = sum(1 for die in roll.dice if die.first == 1)
    assert roll.bust == (2 * ones > count if rule == "majority" else 2 * ones >= count)
    if roll.bust:
        assert not roll.success and roll.raises == 0
    else:
        assert roll.success == (roll.total >= tn)
        assert roll.raises == ((roll.total - tn) // 5 if roll.success else 0)
    for die in roll.dice:
        assert all(face == sides for face in die.chain[:-1])
        assert die.chain[-1] != sides or die.capped
        assert all(1 <= face <= sides for face in die.chain)
    again = trait_roll(count, sides, random.Random(seed), modifier=modifier, tn=tn, bust=rule)
    assert [d.chain for d in again.dice] == [d.chain for d in roll.dice]


@pytest.mark.parametrize("count", [1, 2, 3, 4, 5, 6, 7, 10, 21])
@pytest.mark.parametrize("sides", SIDES)
def test_bust_probability_matches_the_closed_form(count, sides):
    p = 1 / sides
    closed = sum(math.comb(count, k) * p ** k * (1 - p) ** (count - k) for k in range(count + 1) if 2 * k > count)
    assert trait_roll_odds(count, sides).bust == pytest.approx(closed, rel=1e-12, abs=1e-15)
    closed_half = sum(math.comb(count, k) * p ** k * (1 - p) ** (count - k) for k in range(count + 1)
                      if 2 * k >= count)
    assert trait_roll_odds(count, sides, bust="half").bust == pytest.approx(closed_half, rel=1e-12, abs=1e-15)


@pytest.mark.parametrize("sides", SIDES)
def test_one_die_aces_one_time_in_x(sides):
    odds = trait_roll_odds(1, sides, tn=1)
    assert sum(p for total, p in odds.totals if total >= sides + 1) == pytest.approx(1 / sides, abs=1e-11)
    # Each single total below the maximum has probability 1/X; the maximum itself never stands.
    table = dict(odds.totals)
    assert all(table[t] == pytest.approx(1 / sides) for t in range(1, sides))
    assert sides not in table


@pytest.mark.parametrize("count, sides, modifier, tn", [(1, 4, 0, 5), (3, 6, 0, 5), (5, 10, 2, 9), (2, 12, -4, 5),
                                                        (4, 20, 0, 30), (8, 8, 0, 5), (1, 6, -4, 5)])
def test_probabilities_sum_to_one_within_the_cut(count, sides, modifier, tn):
    odds = trait_roll_odds(count, sides, modifier=modifier, tn=tn)
    total = odds.bust + odds.failure + sum(odds.raises)
    assert odds.cut < 1e-11
    assert abs(1 - total) <= odds.cut + 1e-12
    assert abs(1 - sum(p for _, p in odds.totals)) <= odds.cut + 1e-12


def test_two_dice_exact_small_case_by_enumeration():
    """2d4 against TN 5, checked by walking every chain up to a depth where the rest is negligible."""
    sides, count = 4, 2
    chains = []  # (total, probability, first face)

    def walk(total, prob, first, depth):
        for face in range(1, sides + 1):
            p = prob / sides
            f = first if first else face
            if face == sides and depth < 14:
                walk(total + face, p, f, depth + 1)
            elif face != sides:
                chains.append((total + face, p, f))

    walk(0, 1.0, 0, 0)
    outcome = {"bust": 0.0, "failure": 0.0}
    for (t1, p1, f1) in chains:
        for (t2, p2, f2) in chains:
            p = p1 * p2
            if 2 * ((f1 == 1) + (f2 == 1)) > count:
                outcome["bust"] += p
            elif max(t1, t2) < 5:
                outcome["failure"] += p
            else:
                k = (max(t1, t2) - 5) // 5
                outcome[k] = outcome.get(k, 0.0) + p
    odds = trait_roll_odds(count, sides)
    assert odds.bust == pytest.approx(outcome["bust"], abs=1e-9)
    assert odds.failure == pytest.approx(outcome["failure"], abs=1e-9)
    for k, p in enumerate(odds.raises[:5]):
        assert p == pytest.approx(outcome.get(k, 0.0), abs=1e-7)


@pytest.mark.parametrize("count, sides", slow_except([(3, 6), (5, 10), (2, 12)], (5, 10)))
def test_exact_odds_agree_with_200000_seeded_rolls(count, sides):
    n = 200_000
    rng = random.Random(count * 100 + sides)
    seen = {"bust": 0, "failure": 0}
    for _ in range(n):
        roll = trait_roll(count, sides, rng)
        key = "bust" if roll.bust else ("failure" if not roll.success else roll.raises)
        seen[key] = seen.get(key, 0) + 1
    odds = trait_roll_odds(count, sides)
    expected = {"bust": odds.bust, "failure": odds.failure, **dict(enumerate(odds.raises))}
    for key, p in expected.items():
        if p < 1e-4:
            continue
        error = 4 * math.sqrt(p * (1 - p) / n)
        assert abs(seen.get(key, 0) / n - p) <= error, (key, seen.get(key, 0) / n, p)


_DICE_GRAMMAR = re.compile(r"\s*(\d{1,12})\s*[dD]\s*(\d{1,12})\s*(?:([+-])\s*(\d{1,12}))?\s*")


def _by_grammar(text):
    """The dice grammar as a regex: parse_dice reads it with str methods (no regex to compile
    at start-up) and must agree with it on every text."""
    match = _DICE_GRAMMAR.fullmatch(text) if len(text) <= 60 else None
    if not match:
        return None
    modifier = int(match.group(4) or 0) * (-1 if match.group(3) == "-" else 1)
    return int(match.group(1)), int(match.group(2)), modifier


@given(st.text(alphabet="0123456789dD+- \t\u0663x", max_size=20))
@settings(max_examples=600)
def test_dice_are_read_as_the_grammar_says(text):
    from dealer.core.dice import _dice_numbers

    assert _dice_numbers(text) == _by_grammar(text)


@pytest.mark.parametrize("text", ["3d6", " 12 D 8 - 3 ", "3d6+-2", "3d6-+2", "3dd6", "3d6+2+1", "1d6 -0",
                                  "1234567890123d6", "3d" + "1" * 12, "\u0663d6", "3d6\n", "3\td6"])
def test_dice_edge_cases_agree_with_the_grammar(text):
    from dealer.core.dice import _dice_numbers

    assert _dice_numbers(text) == _by_grammar(text)
