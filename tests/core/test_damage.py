"""Damage rolls: parsing, every die acing and added, the raise die, the Joker, Toughness; exact odds
against a brute force over faces (Fractions, a depth cap and its exact tail bound), closed forms and
simulation."""

import itertools
import math
import random
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dealer.core.damage import damage_odds, damage_options, damage_roll, judge_damage, parse_damage
from dealer.core.dice import DiceUsageError, Scripted
from dealer.errors import DiceError
from dealer.store.rulesets import load

SAVAGE = load("savage-worlds").dice
DEADLANDS = load("deadlands").dice


@pytest.mark.parametrize("text, terms, modifier", [
    ("2d6+d8+1", ((2, 6), (1, 8)), 1),
    ("d12 + d6 - 1", ((1, 12), (1, 6)), -1),
    ("3D6", ((3, 6),), 0),
    ("1+2d4+2", ((2, 4),), 3),
    ("d4+d4", ((1, 4), (1, 4)), 0),
])
def test_parse(text, terms, modifier):
    spec = parse_damage(text)
    assert spec.terms == terms and spec.modifier == modifier


@pytest.mark.parametrize("text, words", [
    ("2d6-d4", "never subtracted"), ("3d7", "no d7"), ("", "cannot read"), ("2d6++1", "nothing beside"),
    ("0d6", "at least one die"), ("5", "at least one die"), ("d", "cannot read"), ("2x6", "cannot read"),
    ("101d6", "at most 100 dice"), ("60d6+50d6", "at most 100 dice"), ("d6+20000", "at most 10000"),
    ("d6" * 200, "at most 200 characters"), ("-d6", "nothing beside"), ("2d6+", "nothing beside"),
])
def test_bad_damage_says_what_to_write(text, words):
    with pytest.raises(DiceError) as error:
        parse_damage(text)
    assert words in str(error.value)


def test_damage_dice_are_the_rulesets():
    with pytest.raises(DiceError) as error:
        parse_damage("d20", SAVAGE["sides"])
    assert "d4, d6, d8, d10, d12" in str(error.value)
    assert parse_damage("d20", DEADLANDS["sides"]).terms == ((1, 20),)


def test_every_die_aces_and_all_are_added():
    roll = damage_roll(parse_damage("2d6+d8+1"), Scripted([6, 2, 8, 6, 1, 8, 3]))
    # first rolls 6 2 8, then the first d6's chain (6, 1), then the d8's (8, 3)
    assert [die.chain for die in roll.dice] == [[6, 6, 1], [2], [8, 8, 3]]
    assert roll.total == 13 + 2 + 19 + 1 and roll.die_sides == [6, 6, 8]
    assert roll.success is None and roll.raises is None and roll.tn is None


def test_ones_are_no_bust():
    roll = damage_roll(parse_damage("3d6"), Scripted([1, 1, 1]))
    assert roll.total == 3


def test_the_raise_die_comes_last_and_the_joker_is_added():
    roll = damage_roll(parse_damage("2d6+d8"), Scripted([1, 1, 2, 6, 4]), raise_die=6, joker=2, vs=7, step=4)
    assert roll.die_sides == [6, 6, 8, 6] and roll.raise_die == 3
    assert roll.notation == "2d6+1d8+1d6+2" and roll.modifier == 2 and roll.joker == 2
    assert roll.total == 1 + 1 + 2 + 10 + 2 and roll.success and roll.raises == 2


@pytest.mark.parametrize("total, vs, step, verdict", [
    (6, 7, 4, (False, 0)), (7, 7, 4, (True, 0)), (10, 7, 4, (True, 0)), (11, 7, 4, (True, 1)), (19, 7, 4, (True, 3)),
    (6, 7, 0, (False, None)), (30, 7, 0, (True, None)), (30, None, 4, (None, None)),
])
def test_toughness(total, vs, step, verdict):
    assert judge_damage(total, vs, step) == verdict


def test_options_from_the_ruleset():
    assert damage_options(SAVAGE, joker=True, with_raise=True, vs=5) == {"raise_die": 6, "joker": 2, "vs": 5,
                                                                        "step": 4, "max_chain": 100}
    assert damage_options(DEADLANDS, vs=9) == {"raise_die": 0, "joker": 0, "vs": 9, "step": 0, "max_chain": 100}
    with pytest.raises(DiceUsageError):
        damage_options(DEADLANDS, with_raise=True)
    with pytest.raises(DiceUsageError):
        damage_options(DEADLANDS, joker=True)


@settings(max_examples=200, deadline=None)
@given(text=st.sampled_from(["2d6", "2d6+d8+1", "d4", "3d10-2", "d12+d6+d4"]), raised=st.booleans(),
       vs=st.one_of(st.none(), st.integers(1, 30)), seed=st.integers(0, 2**32))
def test_properties_of_every_damage_roll(text, raised, vs, seed):
    spec = parse_damage(text)
    roll = damage_roll(spec, random.Random(seed), raise_die=6 if raised else 0, vs=vs, step=4)
    assert roll.total == sum(die.total for die in roll.dice) + spec.modifier
    assert roll.die_sides == spec.die_sides + ([6] if raised else [])
    for die, sides in zip(roll.dice, roll.die_sides):
        assert all(face == sides for face in die.chain[:-1]) and 1 <= die.chain[-1] < sides
    assert (roll.success, roll.raises) == judge_damage(roll.total, vs, 4)
    again = damage_roll(spec, random.Random(seed), raise_die=6 if raised else 0, vs=vs, step=4)
    assert [d.chain for d in again.dice] == [d.chain for d in roll.dice]


# -- exact odds -------------------------------------------------------------------------------


def die_law(sides, depth):
    """An acing die's totals with at most ``depth`` aces (Fractions), and the mass left out."""
    law = {}
    for aces in range(depth + 1):
        for face in range(1, sides):
            law[aces * sides + face] = Fraction(1, sides) ** (aces + 1)
    return law, Fraction(1, sides) ** (depth + 1)


def brute_force(sides_list, depth=20):
    """The sum of the dice by walking every combination of truncated chains, and the left-out mass."""
    laws = [die_law(sides, depth) for sides in sides_list]
    total = {0: Fraction(1)}
    for law, _ in laws:
        nxt = {}
        for t, p in total.items():
            for u, q in law.items():
                nxt[t + u] = nxt.get(t + u, 0) + p * q
        total = nxt
    kept = Fraction(1)
    for _, left in laws:
        kept *= 1 - left
    return total, 1 - kept


@pytest.mark.parametrize("text, raise_die", [("2d6", 0), ("1d4+1d6", 0), ("d8", 6), ("3d4", 0), ("d12+d10", 0)])
def test_odds_of_each_total_match_the_brute_force(text, raise_die):
    spec = parse_damage(text)
    odds = damage_odds(spec, raise_die=raise_die)
    exact, left = brute_force(spec.die_sides + ([raise_die] if raise_die else []))
    assert left < Fraction(1, 10 ** 11)
    got = dict(odds.totals)
    for total, p in exact.items():
        # brute <= exact <= brute + left: the brute force leaves out only longer chains
        beyond = odds.cut if total > max(got) else 0.0  # past the last total computed: in the cut
        assert float(p) - 1e-15 - beyond <= got.get(total, 0.0) <= float(p + left) + 1e-15, total
    assert odds.cut < 1e-12 and abs(math.fsum(got.values()) + odds.cut - 1) < 1e-12


@pytest.mark.parametrize("vs", [4, 7, 8, 12, 19])
def test_odds_of_reaching_a_toughness_match_the_brute_force(vs):
    spec = parse_damage("2d6+1")
    odds = damage_odds(spec, vs=vs, step=4)
    exact, left = brute_force([6, 6])
    below = sum(p for t, p in exact.items() if t + 1 < vs)
    assert float(below) - 1e-15 <= odds.failure <= float(below + left) + 1e-15
    for k, p in enumerate(odds.raises[:6]):
        low = sum(q for t, q in exact.items() if t + 1 >= vs and (t + 1 - vs) // 4 == k)
        assert float(low) - 1e-15 <= p <= float(low + left) + 1e-15, k
    assert abs(odds.failure + odds.success + odds.cut - 1) < 1e-12 and math.fsum(odds.raises) == pytest.approx(odds.success)


def test_closed_forms():
    """1d6 reaches 4 on 4 or 5 or an ace: 1/2; 2d6 reaches 7 unless both are under 6 and add to 6 or
    less (15 of 36): 7/12; an acing die's mean is X/2 + X/(X-1)."""
    assert damage_odds(parse_damage("1d6"), vs=4, step=4).success == pytest.approx(0.5, abs=1e-12)
    assert damage_odds(parse_damage("2d6"), vs=7, step=4).success == pytest.approx(7 / 12, abs=1e-12)
    assert damage_odds(parse_damage("d8+2")).mean == pytest.approx(4 + 8 / 7 + 2, abs=1e-9)
    assert damage_odds(parse_damage("d6"), joker=2).totals[0] == (3, pytest.approx(1 / 6))


def test_a_short_chain_is_convolved_exactly():
    """max_chain 1: no die rerolls, a 6 stays a 6: plain 3d6. max_chain 2: one reroll at most."""
    plain = {}
    for faces in itertools.product(range(1, 7), repeat=3):
        plain[sum(faces)] = plain.get(sum(faces), 0) + Fraction(1, 216)
    odds = damage_odds(parse_damage("3d6"), max_chain=1)
    assert dict(odds.totals) == pytest.approx({t: float(p) for t, p in plain.items()}, abs=1e-15)
    capped = {}
    for chain1 in [(f,) for f in range(1, 4)] + [(4, f) for f in range(1, 5)]:
        for chain2 in [(f,) for f in range(1, 4)] + [(4, f) for f in range(1, 5)]:
            p = Fraction(1, 4) ** (len(chain1) + len(chain2))
            capped[sum(chain1) + sum(chain2)] = capped.get(sum(chain1) + sum(chain2), 0) + p
    odds = damage_odds(parse_damage("2d4"), max_chain=2)
    assert dict(odds.totals) == pytest.approx({t: float(p) for t, p in capped.items()}, abs=1e-15)
    assert odds.cut == 0


def test_many_dice_stay_fast_and_exact_to_the_cut():
    odds = damage_odds(parse_damage("100d4"))
    assert odds.cut < 1e-12 and odds.mean == pytest.approx(100 * (2 + 4 / 3), rel=1e-9)


def test_exact_odds_agree_with_50000_seeded_rolls():
    n = 50_000
    spec = parse_damage("2d6+d8")
    rng = random.Random(11)
    seen = {}
    for _ in range(n):
        roll = damage_roll(spec, rng, raise_die=6, vs=9, step=4)
        key = "below" if not roll.success else roll.raises
        seen[key] = seen.get(key, 0) + 1
    odds = damage_odds(spec, raise_die=6, vs=9, step=4)
    for key, p in {"below": odds.failure, **dict(enumerate(odds.raises))}.items():
        if p < 1e-3:
            continue
        assert abs(seen.get(key, 0) / n - p) <= 4 * math.sqrt(p * (1 - p) / n), (key, seen.get(key, 0) / n, p)


@settings(max_examples=500, deadline=None)
@given(st.text(alphabet="0123456789dD+- \tx\u0663", max_size=24))
def test_any_text_is_a_damage_roll_or_a_clean_error(text):
    try:
        spec = parse_damage(text)
    except DiceError as error:
        assert str(error) and "\n" not in str(error)
        return
    assert spec.terms and all(count >= 1 and sides in (4, 6, 8, 10, 12, 20) for count, sides in spec.terms)
    assert sum(count for count, _ in spec.terms) <= 100
