"""Wild picks counted: a pick on five cards or more is one fully wild card more.

The brute force visits every hand of a small deck and makes the best pick the way the
spell mechanic does (``draws.best_with_picks``, ``draws.is_bust``); the counting never
visits a hand. They must agree exactly: rank by rank, success, each effect and bust, with
dead Jokers (a dead Joker picked comes alive), wild Jokers and a tarot deck with a Wheel.
"""

from __future__ import annotations

import random
from itertools import combinations
from math import comb

import pytest

from dealer.core.mechanics import draws
from dealer.core.odds.casting import spell_odds
from dealer.core.odds.counting import Counter
from dealer.core.odds.enumerate import sample_counts
from dealer.core.results import effect_label
from tests.core.test_odds_counting import by_id, reduced

SMALL = ["2", "3", "4", "5", "6", "A"]


def _decks():
    return {
        "dead Jokers": (reduced("poker-hands", SMALL, suits=2, keep=("hands", "hex", "draws")), None),
        "wild Jokers": (reduced("deadlands", SMALL, suits=2), "huckster"),
        "tarot": (reduced("weird-dust-devils", ["2", "3", "4", "5", "A"], suits=2, trumps=4,
                          wild={"Fool": "any", "T3": "trump"}), "conflict"),
    }


DECKS = _decks()


def _picked(ruleset, context, n, picks):
    """``{rank id: hands}`` of the best hand with ``picks`` wild picks, hand by hand."""
    out = {rank.id: 0 for rank in ruleset.ranking.ranks}
    for hand in combinations(list(ruleset.deck), n):
        best, _ = draws.best_with_picks(ruleset, list(hand), context, picks)
        out[best.rank.id] += 1
    return out


@pytest.mark.parametrize("name", sorted(DECKS))
@pytest.mark.parametrize("n, picks", [(5, 1)])
def test_a_pick_counts_like_the_best_pick_of_every_hand(name, n, picks):
    ruleset, context_name = DECKS[name]
    context = ruleset.context(context_name)
    counted = Counter(ruleset, context, extra_wilds=picks).count(n)
    assert by_id(ruleset, counted) == _picked(ruleset, context, n, picks)


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(DECKS))
@pytest.mark.parametrize("n, picks", [(6, 1), (5, 2), (7, 1), (6, 2), (8, 1)])
def test_picks_count_like_the_best_picks_of_every_hand(name, n, picks):
    ruleset, context_name = DECKS[name]
    context = ruleset.context(context_name)
    counted = Counter(ruleset, context, extra_wilds=picks).count(n)
    assert by_id(ruleset, counted) == _picked(ruleset, context, n, picks)


def test_fewer_than_five_cards_are_not_one_wild_more():
    """Four cards with a pick play four cards, not five: so spells count picks from five up."""
    ruleset, _ = DECKS["dead Jokers"]
    hand = ruleset.deck.parse_many("2s 3h 4s 6h")
    best, _ = draws.best_with_picks(ruleset, hand, ruleset.context(), 1)
    assert best.rank.id == "pair"
    assert ruleset.ranking.best(hand + [ruleset.deck.parse("BJ")], ruleset.context().with_wild(
        ruleset.deck.parse_many("BJ"))).rank.id == "straight"
    assert by_id(ruleset, Counter(ruleset, ruleset.context(), extra_wilds=1).count(4)) \
        != _picked(ruleset, ruleset.context(), 4, 1)


def _spell_by_hand(ruleset, n, picks, target):
    """Success, bust, Jokers and effects over every n-card draw, as the spell mechanic judges it."""
    context = ruleset.context(ruleset.draws["context"] or None)
    threshold = ruleset.threshold(target)
    success = bust = joker = 0
    effects = {}
    for drawn in combinations(list(ruleset.deck), n):
        drawn = list(drawn)
        hand, _ = draws.best_with_picks(ruleset, drawn, context, picks)
        made = ruleset.ranking.meets(hand, threshold)
        success += made
        bust += draws.is_bust(ruleset, drawn, hand)
        joker += any(card.code in ruleset.draws["bust_cards"] for card in drawn)
        if made:
            label = effect_label(ruleset, hand.rank) or "(no named effect)"
            effects[label] = effects.get(label, 0) + 1
    return success, bust, joker, effects


@pytest.mark.parametrize("skill, wild_pick, target", [(5, True, None), (6, False, "pair of fives"),
                                                      (1, False, "three of a kind")])
def test_spell_odds_with_a_pick_equal_every_hand_judged(skill, wild_pick, target):
    """poker-hands on 14 cards (Jokers dead): skill 5 with a pick draws 5 and picks, skill 6
    draws 6 and picks, skill 1 draws 6 without."""
    ruleset = reduced("poker-hands", SMALL, suits=2, keep=("hands", "hex", "draws"))
    odds = spell_odds(ruleset, skill=skill, wild_pick=wild_pick, target=target)
    n, picks = odds["cards"], odds["wild_pick"]
    assert odds["method"] == "counted" and odds["total"] == comb(14, n)
    success, bust, joker, effects = _spell_by_hand(ruleset, n, picks, target or "pair")
    assert (odds["success_count"], odds["bust_count"], odds["joker_count"]) == (success, bust, joker)
    assert odds["effect_counts"] == effects


def test_a_bust_with_a_pick_is_counted_when_it_can_happen():
    """A ladder whose least success is two pair: a Joker and one pair is a bust, with a pick too."""
    ruleset = reduced("poker-hands", SMALL, suits=2, keep=("hands", "hex", "draws"))
    ruleset.draws["target"] = "two pair"
    odds = spell_odds(ruleset, skill=5, wild_pick=True)
    success, bust, joker, effects = _spell_by_hand(ruleset, 5, 1, "two pair")
    assert bust > 0 and odds["method"] == "counted"
    assert (odds["success_count"], odds["bust_count"], odds["joker_count"]) == (success, bust, joker)


@pytest.mark.slow
def test_a_pick_on_the_full_deck_agrees_with_sampling(load):
    """poker-hands skill 5 with a pick (5 of 54 and a pick): counted figures within 4 standard
    errors of 20,000 deals judged with their best pick."""
    ruleset = load("poker-hands")
    context = ruleset.context()
    counted = Counter(ruleset, context, extra_wilds=1).count(5)
    rng = random.Random(4)
    hits = dict.fromkeys(counted, 0)
    deck = list(ruleset.deck)
    for _ in range(20_000):
        hand, _ = draws.best_with_picks(ruleset, rng.sample(deck, 5), context, 1)
        hits[hand.rank.strength] += 1
    total = comb(54, 5)
    for strength, count in counted.items():
        p = count / total
        assert abs(hits[strength] / 20_000 - p) <= 4 * (p * (1 - p) / 20_000) ** 0.5 + 1e-9, strength
    assert sample_counts  # the plain sampler is the other oracle of these files
