"""The exact breakdown chance against direct counts and a 20,000-use simulation."""

from __future__ import annotations

import random
from fractions import Fraction
from itertools import combinations
from math import comb, sqrt

import pytest

from dealer.core.mechanics.gadget import breakdown
from dealer.core.mechanics.gadget.breakdown import UseRequest, breakdown_chance
from dealer.core.table import Table

# Seed 003 quotes 4% at reliability 1 and 21% at reliability 5 ("hitting the required hand").
EXACT = {1: "1/27", 2: "35/477", 3: "52/477", 4: "206/1431", 5: "85/477", 6: "101/477", 7: "350/1431",
         8: "44/159", 9: "49/159", 10: "485/1431"}


@pytest.mark.parametrize("reliability", range(1, 11))
def test_full_deck_chance_against_a_direct_count(reliability):
    # Hands of `reliability` cards from 52 plain cards and 2 Jokers: one Joker, or both.
    with_one = 2 * comb(52, reliability - 1)
    with_both = comb(52, reliability - 2) if reliability >= 2 else 0
    counted = Fraction(with_one + with_both, comb(54, reliability))
    chance = breakdown_chance(54, 2, reliability)
    assert chance == counted
    assert f"{chance.numerator}/{chance.denominator}" == EXACT[reliability]


def test_seed_percentages_against_the_exact_ones():
    assert round(float(breakdown_chance(54, 2, 1)) * 100) == 4  # the seed's 4%, rounded
    assert round(float(breakdown_chance(54, 2, 5)) * 100, 2) == 17.82  # not the seed's 21%
    assert round(float(breakdown_chance(54, 2, 6)) * 100) == 21


@pytest.mark.parametrize("cards, jokers", [(6, 1), (8, 2), (9, 3), (7, 0), (5, 5)])
def test_small_decks_by_enumerating_every_draw(cards, jokers):
    deck = ["J"] * jokers + ["x"] * (cards - jokers)
    for reliability in range(0, cards + 2):
        drawn = min(reliability, cards)
        draws = list(combinations(range(cards), drawn))
        broken = sum(1 for draw in draws if any(deck[i] == "J" for i in draw))
        assert breakdown_chance(cards, jokers, reliability) == Fraction(broken, len(draws)), reliability


@pytest.mark.parametrize("args", [(-1, 0, 1), (10, 11, 1), (10, -1, 1), (10, 2, -1)])
def test_impossible_draws_are_refused(args):
    with pytest.raises(ValueError):
        breakdown_chance(*args)


@pytest.mark.parametrize("reliability", [pytest.param(1, marks=pytest.mark.slow), 5,
                                         pytest.param(10, marks=pytest.mark.slow)])
def test_twenty_thousand_uses_within_three_standard_errors(reliability):
    from dealer.store.rulesets import load

    poker = load("poker-hands")
    rng = random.Random(20_000 + reliability)
    uses = 20_000
    broke = sum(bool(breakdown.resolve_use(poker, UseRequest(reliability=reliability), Table.fresh(poker), rng)
                     .breakdown) for _ in range(uses))
    p = float(breakdown_chance(54, 2, reliability))
    error = sqrt(p * (1 - p) / uses)
    assert abs(broke / uses - p) < 3 * error, (broke / uses, p, error)
