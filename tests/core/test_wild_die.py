"""Savage Worlds trait rolls: the Wild Die, Critical Failures, Extras, the Joker; exact odds against a
brute force over faces (Fractions, a depth cap and its exact tail bound), closed forms and simulation."""

import math
import random
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dealer.core.dice import (DiceUsageError, Scripted, check_trait_dice, parse_dice, roll_options, trait_roll,
                              trait_roll_odds)
from dealer.errors import DiceError
from dealer.store.rulesets import load
from tests.conftest import slow_except

SAVAGE = load("savage-worlds").dice
DEADLANDS = load("deadlands").dice


def wild(sides, rng, **extra):
    """A Wild Card's roll under the shipped savage-worlds dice."""
    options = roll_options(SAVAGE, **extra)
    return trait_roll(1, sides, rng, **options)


# -- rolls ------------------------------------------------------------------------------------


def test_faces_read_trait_first_then_wild_then_each_chain():
    roll = wild(8, Scripted([8, 6, 3, 2]))
    assert [die.chain for die in roll.dice] == [[8, 3], [6, 2]]
    assert roll.die_sides == [8, 6] and roll.wild == 1 and roll.kept == 0
    assert roll.total == 11 and roll.success and roll.raises == 1 and not roll.bust


def test_the_wild_die_is_kept_when_higher_and_modifiers_come_after():
    roll = trait_roll(1, 4, Scripted([2, 6, 5]), **{**roll_options(SAVAGE), "modifier": -2})
    assert roll.kept == 1 and roll.total == 11 - 2 and roll.success and roll.raises == 1


def test_a_tie_keeps_the_trait_die():
    assert wild(8, Scripted([5, 5])).kept == 0


def test_critical_failure_needs_both_first_rolls_to_show_one_and_stands():
    roll = trait_roll(1, 8, Scripted([1, 1]), **{**roll_options(SAVAGE), "modifier": 10})
    assert roll.bust and not roll.success and roll.raises == 0 and roll.total == 11
    assert not wild(8, Scripted([1, 2])).bust
    assert not wild(8, Scripted([2, 1])).bust


def test_a_die_that_aces_then_shows_one_is_no_critical_failure():
    roll = wild(4, Scripted([4, 1, 1]))  # trait 4+1 = 5; the Wild Die's 1 alone is no Critical Failure
    assert not roll.bust and roll.total == 5 and roll.success


def test_a_d4_trait_below_the_tn_fails():
    roll = wild(4, Scripted([3, 2]))
    assert not roll.success and not roll.bust and roll.total == 3


def test_a_non_default_tn():
    roll = wild(8, Scripted([7, 3]), tn=8)
    assert roll.tn == 8 and not roll.success
    roll = wild(8, Scripted([8, 4, 4]), tn=8)
    assert roll.total == 12 and roll.success and roll.raises == 1


def test_deep_ace_chains():
    faces = [8, 6] + [8] * 49 + [3] + [6] * 29 + [2]
    roll = wild(8, Scripted(faces))
    assert len(roll.dice[0].chain) == 51 and roll.dice[0].total == 403
    assert len(roll.dice[1].chain) == 31 and roll.dice[1].total == 182
    assert roll.kept == 0 and roll.raises == (403 - 4) // 4 and not roll.capped


def test_the_cap_applies_to_the_wild_die_too():
    roll = trait_roll(1, 8, Scripted([3] + [6] * 5), **{**roll_options(SAVAGE), "max_chain": 5})
    assert roll.capped and roll.dice[1].chain == [6] * 5 and roll.total == 30


def test_joker_adds_its_bonus_to_the_modifier():
    options = roll_options(SAVAGE, joker=True)
    assert options["modifier"] == 2 and options["joker"] == 2
    roll = trait_roll(1, 6, Scripted([1, 1]), **options)
    assert roll.bust and roll.total == 3  # a Critical Failure stands, Joker or not
    roll = trait_roll(1, 6, Scripted([2, 1]), **options)
    assert roll.success and roll.total == 4 and roll.joker == 2


@pytest.mark.parametrize("sides, faces, bust, check, success", [
    (8, [1, 1], True, 1, False),   # a 1, and the check d6 shows 1: Critical Failure
    (8, [1, 4], False, 4, False),  # a 1, the check d6 does not: a plain failure
    (8, [5], False, None, True),   # no 1: no check die rolled
    (4, [4, 3], False, None, True),  # an ace: 7
])
def test_an_extra_rolls_no_wild_die_and_a_check_die_on_a_one(sides, faces, bust, check, success):
    scripted = Scripted(faces)
    roll = trait_roll(1, sides, scripted, **roll_options(SAVAGE, extra=True))
    scripted.check_used()
    assert roll.extra and roll.wild is None and len(roll.dice) == 1
    assert roll.bust is bust and roll.check == check and roll.success is success


def test_an_extras_one_with_modifiers_may_still_succeed_when_the_check_die_is_kind():
    options = roll_options(SAVAGE, extra=True)
    options["modifier"] = 4
    roll = trait_roll(1, 6, Scripted([1, 3]), **options)
    assert not roll.bust and roll.total == 5 and roll.success


@pytest.mark.parametrize("reading, faces, bust", [("one", [1], True), ("never", [1], False), ("check", [1, 1], True)])
def test_the_rulesets_reading_of_an_extras_critical_failure(reading, faces, bust):
    rules = {**SAVAGE, "extra_critical": reading}
    scripted = Scripted(faces)
    roll = trait_roll(1, 8, scripted, **roll_options(rules, extra=True))
    scripted.check_used()
    assert roll.bust is bust


def test_options_the_ruleset_does_not_have_are_usage_errors():
    with pytest.raises(DiceUsageError) as error:
        roll_options(DEADLANDS, extra=True)
    assert error.value.exit_code == 2 and "Wild Die" in str(error.value)
    with pytest.raises(DiceUsageError):
        roll_options(DEADLANDS, joker=True)


def test_deadlands_options_are_the_plain_roll():
    assert roll_options(DEADLANDS) == {"tn": 5, "raise_step": 5, "bust": "majority", "max_chain": 100, "modifier": 0}


def test_one_trait_die_with_a_wild_die():
    assert parse_dice("d8", SAVAGE["sides"], one_die=True) == (1, 8, 0)
    assert parse_dice(" D12+1", SAVAGE["sides"], one_die=True) == (1, 12, 1)
    with pytest.raises(DiceError):
        parse_dice("d8", SAVAGE["sides"])  # elsewhere (a roster trait) the count is written
    with pytest.raises(DiceError) as error:
        check_trait_dice(2, 8, SAVAGE, "2d8")
    assert "one trait die" in str(error.value)
    check_trait_dice(3, 8, DEADLANDS, "3d8")
    with pytest.raises(DiceError):
        parse_dice("d20", SAVAGE["sides"], one_die=True)  # d4 to d12


@settings(max_examples=300, deadline=None)
@given(sides=st.sampled_from([4, 6, 8, 10, 12]), modifier=st.integers(-4, 4), tn=st.integers(1, 12),
       extra=st.booleans(), seed=st.integers(0, 2**32))
def test_properties_of_every_savage_roll(sides, modifier, tn, extra, seed):
    options = {**roll_options(SAVAGE, tn=tn, extra=extra), "modifier": modifier}
    roll = trait_roll(1, sides, random.Random(seed), **options)
    totals = [die.total for die in roll.dice]
    assert roll.total == max(totals) + modifier and totals[roll.kept] == max(totals)
    assert roll.die_sides == ([sides] if extra else [sides, 6])
    firsts = [die.first for die in roll.dice]
    if extra:
        assert roll.bust == (firsts[0] == 1 and roll.check == 1)
        assert (roll.check is not None) == (firsts[0] == 1)
    else:
        assert roll.bust == (firsts == [1, 1]) and roll.check is None
    if roll.bust:
        assert not roll.success and roll.raises == 0
    else:
        assert roll.success == (roll.total >= tn)
        assert roll.raises == ((roll.total - tn) // 4 if roll.success else 0)
    for die, die_sides in zip(roll.dice, roll.die_sides):
        assert all(face == die_sides for face in die.chain[:-1]) and 1 <= die.chain[-1] < die_sides
    again = trait_roll(1, sides, random.Random(seed), **options)
    assert [d.chain for d in again.dice] == [d.chain for d in roll.dice] and again.check == roll.check


# -- exact odds -------------------------------------------------------------------------------

DEPTH = 20  # aces in a row the brute force follows; the rest is the exact tail bound


def chains(sides, depth=DEPTH):
    """Every chain of an acing die with at most ``depth`` aces: ``(total, probability, first face)``,
    and the probability left out (``depth + 1`` aces in a row)."""
    out = []
    for aces in range(depth + 1):
        weight = Fraction(1, sides) ** (aces + 1)
        for face in range(1, sides):
            out.append((aces * sides + face, weight, sides if aces else face))
    return out, Fraction(1, sides) ** (depth + 1)


def brute_force(sides, *, modifier=0, tn=4, step=4, extra=False, check=6, wild_die=6):
    """Outcome probabilities by walking every pair of chains (Fractions), and the left-out mass."""
    trait, trait_left = chains(sides)
    if extra:
        others, other_left = [(0, Fraction(1), None)], Fraction(0)
    else:
        others, other_left = chains(wild_die)
    outcome = {}
    for total, p, first in trait:
        for wild_total, q, wild_first in others:
            if extra:
                critical = Fraction(1, check) if first == 1 else Fraction(0)
            else:
                critical = Fraction(1) if first == 1 and wild_first == 1 else Fraction(0)
            if critical:
                outcome["critical"] = outcome.get("critical", 0) + p * q * critical
            kept = max(total, wild_total) + modifier
            key = "failure" if kept < tn else (kept - tn) // step
            outcome[key] = outcome.get(key, 0) + p * q * (1 - critical)
    left = 1 - (1 - trait_left) * (1 - other_left)
    return outcome, left


def assert_within(odds, outcome, left):
    """brute <= exact <= brute + left: the brute force leaves out only chains longer than DEPTH."""
    rounding = 1e-12
    got = {"critical": odds.bust, "failure": odds.failure, **dict(enumerate(odds.raises))}
    for key in set(got) | set(outcome):
        low = float(outcome.get(key, 0))
        assert low - rounding <= got.get(key, 0.0) <= low + float(left) + rounding + odds.cut, (key, got.get(key), low)


MODIFIERS_AND_TNS = [(0, 4), (-2, 4), (3, 4), (0, 6), (1, 9)]


# Every modifier and TN on a d4, and the d6 (the Wild Die's own size) at TN 4, by default; every die
# with `-m slow` (every die's published figures by default: test_the_published_wild_card_figures).
@pytest.mark.parametrize("sides, modifier, tn", slow_except(
    [(sides, *pair) for sides in (4, 6, 8, 10, 12) for pair in MODIFIERS_AND_TNS],
    *[(4, *pair) for pair in MODIFIERS_AND_TNS], (6, 0, 4)))
def test_wild_die_odds_match_the_brute_force(sides, modifier, tn):
    odds = trait_roll_odds(1, sides, **{**roll_options(SAVAGE, tn=tn), "modifier": modifier})
    outcome, left = brute_force(sides, modifier=modifier, tn=tn)
    assert left < Fraction(1, 10 ** 12)
    assert_within(odds, outcome, left)


@pytest.mark.parametrize("sides", [4, 8, 12])
@pytest.mark.parametrize("modifier", [0, 2, -1])
def test_extra_odds_match_the_brute_force(sides, modifier):
    odds = trait_roll_odds(1, sides, **{**roll_options(SAVAGE, extra=True), "modifier": modifier})
    outcome, left = brute_force(sides, modifier=modifier, extra=True)
    assert_within(odds, outcome, left)


@pytest.mark.parametrize("sides, success", [(4, Fraction(5, 8)), (6, Fraction(3, 4)), (8, Fraction(13, 16)),
                                            (10, Fraction(17, 20)), (12, Fraction(7, 8))])
def test_the_published_wild_card_figures(sides, success):
    """TN 4, no modifier: a failure needs both dice under 4, 3/X * 1/2 (the Critical Failure
    is one of those); so 62.5% for a d4 up to 87.5% for a d12."""
    odds = trait_roll_odds(1, sides, **roll_options(SAVAGE))
    assert odds.success == pytest.approx(float(success), abs=1e-11)
    assert odds.bust == pytest.approx(1 / (6 * sides), rel=1e-12)
    assert odds.failure == pytest.approx(float(Fraction(3, sides) / 2 - Fraction(1, 6 * sides)), rel=1e-12)
    assert abs(odds.bust + odds.failure + odds.success - 1) <= odds.cut + 1e-12 and odds.cut < 1e-11


def test_a_raise_on_a_d8_wild_card():
    """P(kept >= 8) = 1 - F8(7) * F6(7) = 1 - 7/8 * 31/36 = 71/288."""
    odds = trait_roll_odds(1, 8, **roll_options(SAVAGE))
    assert sum(odds.raises[1:]) == pytest.approx(71 / 288, abs=1e-11)


def test_extra_odds_closed_form():
    """An Extra's d8: success 5/8, Critical Failure 1/8 * 1/6, the rest a failure."""
    odds = trait_roll_odds(1, 8, **roll_options(SAVAGE, extra=True))
    assert odds.success == pytest.approx(5 / 8, abs=1e-11)
    assert odds.bust == pytest.approx(1 / 48, rel=1e-12)
    assert odds.failure == pytest.approx(3 / 8 - 1 / 48, rel=1e-12)
    assert trait_roll_odds(1, 8, **roll_options({**SAVAGE, "extra_critical": "never"}, extra=True)).bust == 0
    assert trait_roll_odds(1, 8, **roll_options({**SAVAGE, "extra_critical": "one"}, extra=True)).bust == 1 / 8


def test_the_joker_shifts_every_total_by_two():
    plain = trait_roll_odds(1, 6, **roll_options(SAVAGE))
    joker = trait_roll_odds(1, 6, **roll_options(SAVAGE, joker=True))
    assert joker.bust == plain.bust and joker.joker == 2
    assert [(t - 2, p) for t, p in joker.totals] == plain.totals
    assert joker.success == pytest.approx(1 - (1 / 6) * (1 / 6), abs=1e-11)  # both dice 1: the only miss left


@pytest.mark.parametrize("sides, extra", slow_except([(8, False), (4, False), (6, True)], (4, False), (6, True)))
def test_exact_odds_agree_with_100000_seeded_rolls(sides, extra):
    n = 100_000
    options = roll_options(SAVAGE, extra=extra)
    rng = random.Random(sides * 7 + extra)
    seen = {}
    for _ in range(n):
        roll = trait_roll(1, sides, rng, **options)
        key = "critical" if roll.bust else ("failure" if not roll.success else roll.raises)
        seen[key] = seen.get(key, 0) + 1
    odds = trait_roll_odds(1, sides, **options)
    for key, p in {"critical": odds.bust, "failure": odds.failure, **dict(enumerate(odds.raises))}.items():
        if p < 1e-4:
            continue
        assert abs(seen.get(key, 0) / n - p) <= 4 * math.sqrt(p * (1 - p) / n), (key, seen.get(key, 0) / n, p)


def test_the_core_generalises_to_several_trait_dice_with_a_wild_die():
    """The command refuses 2d4 with a Wild Die, but the core's formula holds for any count: checked
    against a brute force of two d4 trait dice and a d6 Wild Die (a bust: both d4 show 1 and the
    Wild Die too, under the majority rule)."""
    trait, trait_left = chains(4, 12)
    wilds, wild_left = chains(6, 12)
    outcome = {}
    for (t1, p1, f1) in trait:
        for (t2, p2, f2) in trait:
            for (w, q, fw) in wilds:
                p = p1 * p2 * q
                if f1 == f2 == fw == 1:
                    key = "critical"
                else:
                    kept = max(t1, t2, w)
                    key = "failure" if kept < 4 else (kept - 4) // 4
                outcome[key] = outcome.get(key, 0) + p
    left = 1 - (1 - trait_left) ** 2 * (1 - wild_left)
    assert_within(trait_roll_odds(2, 4, **roll_options(SAVAGE)), outcome, left)
    roll = trait_roll(2, 4, Scripted([1, 1, 1]), **roll_options(SAVAGE))
    assert roll.bust and roll.wild == 2
    assert not trait_roll(2, 4, Scripted([1, 2, 1]), **roll_options(SAVAGE)).bust
