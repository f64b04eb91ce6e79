"""Hex, spell, action-card and gadget odds against direct sums and simulations of the mechanics."""

from __future__ import annotations

import random
from itertools import combinations
from math import comb

import pytest

from dealer.core.dice import given_roll, trait_roll, trait_roll_odds
from dealer.core.mechanics import hex as hexes
from dealer.core.table import Table
from dealer.core.odds import OddsError
from dealer.core.odds.casting import action_odds, gadget_odds, huckster_odds, spell_odds
from tests.conftest import slow_except
from tests.core.test_odds_counting import reduced

SEVERITY = ("none", "one joker", "bust", "both jokers")


def cast(ruleset, roll, cards=None, **request):
    """The hex mechanic itself (``hex.resolve`` on a fresh table) for a roll and the cards."""
    given = dict(bust=True) if roll is not None and roll.bust else (
        dict(total=roll.total, tn=roll.tn) if roll is not None else {})
    codes = " ".join(card.code for card in cards) if cards else None
    return hexes.resolve(ruleset, hexes.cast_request(ruleset, dict(cards=codes, **given, **request)),
                         Table.fresh(ruleset), random.Random(0))


@pytest.fixture(scope="module")
def small_huckster():
    """A 16-card huckster deck (2 suits of 2-7 and Ace, both Jokers) with the hex rules."""
    return reduced("deadlands", ["2", "3", "4", "5", "6", "7", "A"], suits=2, keep=("hands", "hex", "dice"))


def _direct(ruleset, roll, level, minimum):
    """Every raise count the dice allow, times every hand of that many cards, through hex.resolve."""
    works = fizzles = 0.0
    severity = dict.fromkeys(SEVERITY, 0.0)
    severity["bust"] = roll.bust
    severity["none"] = roll.failure
    cards = list(ruleset.deck)
    for raises, p in enumerate(roll.raises):
        n = min(5 + raises, len(cards))
        hands = list(combinations(cards, n))
        total = roll.tn + 5 * raises
        for hand in hands:
            result = cast(ruleset, given_roll(total, tn=roll.tn), list(hand), level=level, minimum=minimum)
            share = p / len(hands)
            works += share * result.success
            fizzles += share * (not result.success)
            severity[SEVERITY[result.backlash["severity"]]] += share
    return works, fizzles, severity


@pytest.mark.parametrize("level, minimum", slow_except([(4, "ace"), (1, "two pair"), (2, "pair")], (4, "ace")))
def test_hex_odds_equal_a_direct_sum_over_dice_and_hands(small_huckster, level, minimum):
    roll = trait_roll_odds(2, 10, max_chain=1)  # no aces: 0 or 1 raise, so 5 or 6 cards
    odds = huckster_odds(small_huckster, roll, level=level, minimum=minimum)
    works, fizzles, severity = _direct(small_huckster, roll, level, minimum)
    assert odds["method"] == "counted"
    assert odds["works"] == pytest.approx(works, abs=1e-12)
    assert odds["fizzles"] == pytest.approx(fizzles, abs=1e-12)
    for name in SEVERITY:
        assert odds["severity"][name] == pytest.approx(severity[name], abs=1e-12), name
    assert odds["works"] + odds["fizzles"] + odds["failure"] + odds["bust"] == pytest.approx(1.0, abs=1e-9)


def _simulate_hexes(ruleset, casts, seed, level=4, minimum="ace", dice=(5, 10)):
    rng = random.Random(seed)
    tally = {"works": 0, "fizzles": 0, "failure": 0, "bust": 0}
    severity = dict.fromkeys(SEVERITY, 0)
    cards = list(ruleset.deck)
    for _ in range(casts):
        roll = trait_roll(*dice, rng, tn=5)
        drawn = rng.sample(cards, min(5 + roll.raises, len(cards))) if roll.success and not roll.bust else []
        result = cast(ruleset, roll, drawn or None, level=level, minimum=minimum)
        if roll.bust:
            tally["bust"] += 1
        elif not roll.success:
            tally["failure"] += 1
        else:
            tally["works" if result.success else "fizzles"] += 1
        severity[SEVERITY[result.backlash["severity"]]] += 1
    return tally, severity


def _within_four_errors(odds, tallies, casts):
    outcomes, severity = tallies
    figures = [(name, odds[name], outcomes[name]) for name in outcomes]
    figures += [(f"severity {name}", odds["severity"][name], severity[name]) for name in SEVERITY]
    for name, p, hits in figures:
        error = (p * (1 - p) / casts) ** 0.5
        assert abs(hits / casts - p) <= 4 * error + 1e-9, (name, hits / casts, p)


def test_soul_blast_odds_match_a_small_simulation(load):
    ruleset = load("deadlands")
    odds = huckster_odds(ruleset, trait_roll_odds(5, 10), level=2, minimum="ace")
    _within_four_errors(odds, _simulate_hexes(ruleset, 4000, seed=11, level=2), 4000)


@pytest.mark.slow
def test_soul_blast_odds_match_100000_simulated_casts(load):
    ruleset = load("deadlands")
    for level in (2, 4):
        odds = huckster_odds(ruleset, trait_roll_odds(5, 10), level=level, minimum="ace")
        _within_four_errors(odds, _simulate_hexes(ruleset, 100_000, seed=level, level=level), 100_000)


def test_red_joker_backlashes_only_below_its_level(load):
    ruleset = load("deadlands")
    roll = trait_roll_odds(3, 8)
    low = huckster_odds(ruleset, roll, level=2, minimum="pair")
    high = huckster_odds(ruleset, roll, level=3, minimum="pair")
    assert low["backlash_by_card"]["RJ"] > 0 and high["backlash_by_card"]["RJ"] == 0
    assert low["backlash_by_card"]["BJ"] == pytest.approx(high["backlash_by_card"]["BJ"])
    assert low["both_jokers"] == pytest.approx(high["both_jokers"])
    assert low["backlash"] > high["backlash"]


def test_spell_odds_equal_brute_force_on_a_small_deck():
    ruleset = reduced("poker-hands", ["2", "3", "4", "5", "6", "7", "A"], suits=2, keep=("hands", "hex", "draws"))
    odds = spell_odds(ruleset, skill=1)  # 6 cards
    success = bust = joker = 0
    hands = list(combinations(list(ruleset.deck), 6))
    for hand in hands:
        result = cast(ruleset, None, list(hand), skill=1, target="pair")
        success += result.success
        bust += result.draw.bust
        joker += any(card.kind == "special" for card in hand)
    assert odds["method"] == "counted" and odds["total"] == len(hands)
    assert (odds["success_count"], odds["bust_count"], odds["joker_count"]) == (success, bust, joker)
    assert sum(odds["effect_counts"].values()) == success


def test_spell_with_a_wild_pick_is_counted(load):  # issue 25; brute force in test_odds_picks
    ruleset = load("poker-hands")
    odds = spell_odds(ruleset, skill=5, wild_pick=True, rng=random.Random(2), samples=300)
    assert odds["method"] == "counted" and odds["cards"] == 5 and odds["wild_pick"] == 1


def test_action_cards_sum_to_one_and_follow_the_roll_odds(load):
    ruleset = load("deadlands")
    roll = trait_roll_odds(3, 6)
    dist = action_odds(ruleset, roll)["cards"]
    assert sum(dist.values()) + roll.cut == pytest.approx(1.0, abs=1e-12)
    assert dist[0] == pytest.approx(roll.bust + roll.failure)
    for cards in range(1, 5):
        assert dist[cards] == pytest.approx(roll.raises[cards - 1])
    assert dist[5] == pytest.approx(sum(roll.raises[4:]))


def test_gadget_breakdown_is_exact(load):
    ruleset = load("poker-hands")
    one, five = gadget_odds(ruleset, 1), gadget_odds(ruleset, 5)
    assert (one["breakdown_count"], one["draws"]) == (2, 54)  # seed 003: "4%"
    assert five["breakdown_count"] * comb(52, 5) == (comb(54, 5) - comb(52, 5)) * comb(52, 5)
    small = reduced("poker-hands", ["2", "3", "4", "5", "6", "A"], suits=2, keep=("hands", "draws", "gadget"))
    jokers = {card for card in small.deck if card.kind == "special"}
    hands = list(combinations(list(small.deck), 3))
    broken = sum(1 for hand in hands if jokers & set(hand))
    result = gadget_odds(small, 3)
    assert (result["breakdown_count"], result["draws"]) == (broken, len(hands))


def test_gadget_fail_hand_is_dealt_without_jokers(load):
    result = gadget_odds(load("poker-hands"), 5, fail_hand=5)
    counts = {rank.id: count for rank, count in result["fail_hand"]["ranks"]}
    assert result["fail_hand"]["hands"] == comb(52, 5)
    assert counts["four-of-a-kind"] == 624 and counts["high-card"] == 1302540


@pytest.mark.parametrize("reliability", [0, 55])
def test_gadget_rejects_impossible_reliability(load, reliability):
    with pytest.raises(OddsError):
        gadget_odds(load("poker-hands"), reliability)


def test_conflict_odds_by_simulation_agree_with_the_exact_spell_odds(load):
    """A lone poker-hands contestant of skill 0 against a pair draws as a skill-0 spell does."""
    from dealer.core.mechanics.conflict.common import parse_request
    from dealer.core.odds.casting import conflict_odds

    ruleset = load("poker-hands")
    request = parse_request(ruleset, ["Sam=0"], {})
    odds = conflict_odds(ruleset, request, samples=3000, rng=random.Random(4))
    exact = spell_odds(ruleset, skill=0)["success"]
    figure = odds["participants"]["Sam"]
    assert odds["alone"] and abs(figure["probability"] - exact) <= 4 * figure["stderr"] + 1e-9


def test_conflict_odds_add_up_and_replay(load):
    from dealer.core.mechanics.conflict.common import parse_request
    from dealer.core.odds.casting import conflict_odds

    ruleset = load("weird-dust-devils")
    request = parse_request(ruleset, ["Doc=hand=3,eye=2,power=1", "Kid=hand=2,eye=2"],
                            {"scores": "hand,eye", "power": ["Doc"]})
    first = conflict_odds(ruleset, request, samples=300, rng=random.Random(9))
    again = conflict_odds(ruleset, request, samples=300, rng=random.Random(9))
    assert first == again and first["method"] == "simulated"
    total = sum(item["count"] for item in first["participants"].values()) + first["tie"]["count"]
    assert total == 300


def test_a_simulated_figure_needs_the_callers_random(load):
    """The core never makes its own Random: a figure that must be dealt says so, and the same
    Random seed replays it."""
    from dealer.core.odds import hand_odds

    ruleset = load("poker-hands")
    with pytest.raises(ValueError, match="pass rng"):
        hand_odds(ruleset, 5, simulate=True, samples=10)
    first, again = (hand_odds(ruleset, 5, simulate=True, samples=200, rng=random.Random(9)) for _ in range(2))
    assert first.rows == again.rows and first.method == "simulated"
