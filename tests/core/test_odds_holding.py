"""Counting a hand in progress (cards held, a thinned deck) against brute force and by hand.

``HeldCounter`` never visits a hand; ``enumerate_counts`` visits every one with the engine.
They must agree exactly, rank by rank, for held cards and pools drawn at random from every
shipped ruleset (in its own context and with no wilds) and from the reduced decks of
``test_odds_counting`` (wild Jokers, dead Jokers, a tarot deck with a Fool and a trump wild).
"""

from __future__ import annotations

import random
from math import comb

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dealer.core.odds import hand_odds
from dealer.core.odds.counting import Counter
from dealer.core.odds.enumerate import enumerate_counts, sample_counts
from dealer.core.odds.holding import HeldCounter
from dealer.core.ranks import NO_WILDS
from tests.conftest import slow_except
from tests.core.test_odds_counting import CASES, by_id, reduced

SHIPPED = ["deadlands", "dust-devils", "poker-hands", "weird-dust-devils"]


def _agree(ruleset, context, n, held, pool, thresholds=()):
    """Counted equals enumerated, rank by rank, and for each threshold."""
    counter = HeldCounter(Counter(ruleset, context), held, pool)
    counted = counter.count(n)
    brute, _ = enumerate_counts(ruleset, n, context, pool, held)
    assert by_id(ruleset, counted) == by_id(ruleset, brute), ([c.code for c in held], len(pool), n)
    assert sum(counted.values()) == comb(len(pool), n - len(held))
    for threshold in thresholds:
        _, met = enumerate_counts(ruleset, n, context, pool, held, threshold)
        assert counter.count_failing(n, threshold) == comb(len(pool), n - len(held)) - met, threshold


def _deal(rng, deck, n, most_hands):
    """Held cards and a pool (some of the rest) small enough to enumerate."""
    while True:
        held = rng.sample(deck, rng.randint(0, min(n, 3)))
        rest = [card for card in deck if card not in held]
        pool = rng.sample(rest, rng.randint(n - len(held), len(rest)))
        if comb(len(pool), n - len(held)) <= most_hands:
            return held, pool


@pytest.mark.parametrize("name", sorted(CASES))
def test_reduced_decks_count_like_brute_force_for_hands_in_progress(name):
    ruleset, context_name = CASES[name]
    context = ruleset.context(context_name)
    deck = list(ruleset.deck)
    rng = random.Random(name)
    for _ in range(15):
        n = rng.randint(1, 7)
        held, pool = _deal(rng, deck, n, 3000)
        _agree(ruleset, context, n, held, pool)


def _threshold_texts(ruleset):
    found = []
    for text in ("pair of sixes", "pair of aces", "two pair of fives", "three of a kind of sevens", "six high",
                 "ace high", "pair of jacks", "straight", "flush"):
        try:
            found.append(ruleset.threshold(text))
        except Exception:  # not a hand of this ladder
            continue
    return found


@pytest.mark.parametrize("name", sorted(CASES))
def test_reduced_decks_count_thresholds_with_cards_held(name):
    ruleset, context_name = CASES[name]
    context = ruleset.context(context_name)
    deck = list(ruleset.deck)
    rng = random.Random(name + "min")
    thresholds = _threshold_texts(ruleset)
    assert len(thresholds) >= 4
    for _ in range(4):
        n = rng.randint(2, 6)
        held, pool = _deal(rng, deck, n, 1000)
        _agree(ruleset, context, n, held, pool, thresholds)


# The default run: Deadlands in its own context (wild Jokers) and Dust Devils with no wilds (the plain
# 52); every deck both ways with `-m slow` (the tarot's paths by default: the reduced tarot deck above).
@pytest.mark.parametrize("name, wilds", slow_except([(name, wilds) for wilds in ("own", "none") for name in SHIPPED],
                                                    ("deadlands", "own"), ("dust-devils", "none")))
def test_shipped_decks_count_like_brute_force_when_two_cards_are_left_to_draw(load, name, wilds):
    ruleset = load(name)
    context = ruleset.context() if wilds == "own" else NO_WILDS
    deck = list(ruleset.deck)
    rng = random.Random(f"{name} {wilds}")
    for n in (3, 5, 7):
        held = rng.sample(deck, n - 2)
        pool = [card for card in deck if card not in held]
        _agree(ruleset, context, n, held, pool, _threshold_texts(ruleset)[:2] if n == 5 else ())


@pytest.mark.parametrize("name", slow_except(SHIPPED, "deadlands"))
def test_shipped_decks_count_like_brute_force_from_thinned_decks(load, name):
    ruleset = load(name)
    context = ruleset.context()
    deck = list(ruleset.deck)
    rng = random.Random(name)
    for n in (5, 7):
        held = rng.sample(deck, 2)
        rest = [card for card in deck if card not in held]
        pool = rng.sample(rest, 16)
        _agree(ruleset, context, n, held, pool)


def test_wild_jokers_and_trumps_held_or_left_in_the_pool(load):
    cases = [("deadlands", "RJ", "BJ Ah Kh Qh Jh 10h 9h 2c 2d 2s 3c 4d"),
             ("deadlands", "RJ BJ 5h", "6h 7h 8h 9c 9d 9s 2c 3c Ah"),
             ("deadlands", "Ah Ad", "RJ BJ Ac Kc Qc Jc 10c 2s 2d 3s 7h"),
             ("poker-hands", "RJ As", "BJ Ah Ad Kc Kd 3c 4c 5c"),
             ("weird-dust-devils", "Fool T3 T4", "T10 T5 T6 T7 T12 T13 2Sw 2Cu 5Co"),
             ("weird-dust-devils", "T10 2Sw", "Fool T1 T2 T3 T9 T11 2Cu 2Wa 3Sw 4Sw 5Sw 6Sw"),
             ("weird-dust-devils", "", "Fool T10 T1 T2 T3 T4 T5 T6 T7 ASw ACu AWa 9Co")]
    for name, held_codes, pool_codes in cases:
        ruleset = load(name)
        held = ruleset.deck.parse_many(held_codes) if held_codes else []
        pool = ruleset.deck.parse_many(pool_codes)
        for n in range(max(1, len(held)), min(len(held) + len(pool), len(held) + 3) + 1):
            _agree(ruleset, ruleset.context(), n, held, pool, _threshold_texts(ruleset)[:3])


def test_the_whole_deck_counts_as_the_whole_deck_counter():
    """With nothing held and every card to draw, the same figures as ``Counter``."""
    for name in sorted(CASES):
        ruleset, context_name = CASES[name]
        context = ruleset.context(context_name)
        counter = Counter(ruleset, context)
        held_counter = HeldCounter(counter, [], list(ruleset.deck))
        for n in (2, 5, 7):
            assert held_counter.count(n) == counter.count(n), (name, n)


def test_holding_a_pair_of_aces_in_five_cards_by_hand(load):
    """Ah Ad and three cards from the other 50 of a 52-card deck, no wilds, counted by hand."""
    ruleset = load("dust-devils")
    odds = hand_odds(ruleset, 5, holding=ruleset.deck.parse_many("Ah Ad"), minimum="three of a kind")
    others, ranks = 48, 12  # cards and ranks left that are not Aces
    four = comb(2, 2) * others
    full_house = ranks * comb(4, 3) + 2 * ranks * comb(4, 2)  # a set of another rank, or an Ace and a pair
    trips = 2 * (comb(others, 2) - ranks * comb(4, 2))  # one more Ace and two unpaired cards
    two_pair = ranks * comb(4, 2) * (others - 4)
    pair = comb(ranks, 3) * 4 ** 3
    assert odds.method == "counted" and odds.total == comb(50, 3)
    assert [odds.count(rank) for rank in ("four-of-a-kind", "full-house", "three-of-a-kind", "two-pair", "pair")] \
        == [four, full_house, trips, two_pair, pair]
    assert four + full_house + trips + two_pair + pair == comb(50, 3)
    assert odds.met == four + full_house + trips == 2352  # P(at least trips) = 2352/19600 = 12%


def test_holding_three_eights_with_wild_jokers_by_hand(load):
    """8s 8h 8d and two cards from the other 51 of the huckster's deck, both Jokers wild."""
    ruleset = load("deadlands")
    odds = hand_odds(ruleset, 5, holding=ruleset.deck.parse_many("8s 8h 8d"), minimum="full house")
    plain = 48  # not an eight, not a Joker
    five = 1 * 2 + comb(2, 2)  # the last eight with a Joker, or both Jokers
    four = plain + 2 * plain  # the last eight, or a Joker, beside a plain card
    full_house = 12 * comb(4, 2)
    trips = comb(plain, 2) - full_house
    assert odds.method == "counted" and odds.total == comb(51, 2)
    assert [odds.count(rank) for rank in ("five-of-a-kind", "four-of-a-kind", "full-house", "three-of-a-kind")] \
        == [five, four, full_house, trips]
    assert odds.met == five + four + full_house


def test_a_flush_draw_by_hand(load):
    """Four hearts held, one card to come from 48 (no wilds): 9 hearts make the flush, and the
    9h or 4h makes a straight flush with 5h 6h 7h 8h."""
    ruleset = load("dust-devils")
    odds = hand_odds(ruleset, 5, holding=ruleset.deck.parse_many("5h 6h 7h 8h"))
    assert odds.method == "counted"
    assert odds.count("straight-flush") == 2 and odds.count("flush") == 7
    assert odds.count("straight") == 6  # a 4 or a 9 of another suit
    assert odds.count("pair") == 12


def test_a_hand_in_progress_is_counted_with_its_threshold(load):
    ruleset = load("deadlands")
    odds = hand_odds(ruleset, 7, holding=ruleset.deck.parse_many("Ah Ad"), minimum="jacks")
    assert odds.method == "counted" and odds.met_method == "counted" and odds.total == comb(52, 5)
    assert odds.met == odds.total  # a pair of Aces beats a pair of jacks
    odds = hand_odds(ruleset, 7, holding=ruleset.deck.parse_many("2h 3d"), minimum="jacks")
    assert odds.method == "counted" and odds.met_method == "counted"
    assert 0 < odds.met < odds.total


def test_three_suited_sequences_at_once_count_like_brute_force():
    """Held cards and a Joker: three suits could each hold a straight flush."""
    ruleset = reduced("deadlands", ["2", "3", "4", "5", "A"], suits=3)
    context = ruleset.context("huckster")
    deck = list(ruleset.deck)
    for codes in ("RJ 2s", "As 2h 3d", ""):
        held = ruleset.deck.parse_many(codes) if codes else []
        pool = [card for card in deck if card not in held]
        _agree(ruleset, context, 11, held, pool, [ruleset.threshold("pair of fives")])


def test_thirteen_cards_holding_two_are_counted(load):
    """Dust Devils 13 holding Ah Ad: a million ways to draw the plain ranks, counted in one
    sweep (every hand once; the figures against sampling: the slow tests)."""
    ruleset = load("dust-devils")
    odds = hand_odds(ruleset, 13, holding=ruleset.deck.parse_many("Ah Ad"), minimum="pair of jacks")
    assert odds.method == "counted" and odds.met_method == "counted"
    assert sum(count for _, count in odds.rows) == odds.total == comb(50, 11)
    assert odds.met == odds.total  # a pair of aces at least


@pytest.mark.slow
@pytest.mark.parametrize("name, n, codes", [("dust-devils", 13, "Ah Ad"), ("deadlands", 12, "RJ 7c"),
                                            ("weird-dust-devils", 12, "T3 2Sw")])
def test_big_hands_in_progress_agree_with_sampling(load, name, n, codes):
    ruleset = load(name)
    context = ruleset.context()
    held = ruleset.deck.parse_many(codes)
    pool = [card for card in ruleset.deck if card not in held]
    counted = HeldCounter(Counter(ruleset, context), held, pool).count(n)
    total = comb(len(pool), n - len(held))
    assert sum(counted.values()) == total
    samples = 20_000
    hits, _ = sample_counts(ruleset, n, context, random.Random(name), samples, pool, held)
    for strength, count in counted.items():
        p = count / total
        assert abs(hits[strength] / samples - p) <= 4 * (p * (1 - p) / samples) ** 0.5 + 1e-9, strength


SMALL = reduced("deadlands", ["2", "3", "4", "5", "6", "A"], suits=3)  # 18 plain cards and two wild Jokers


def _random_hand_in_progress(data):
    deck = list(SMALL.deck)
    wilds = data.draw(st.sampled_from(["huckster", "none"]))
    context = SMALL.context("huckster") if wilds == "huckster" else NO_WILDS
    n = data.draw(st.integers(1, 6))
    held = data.draw(st.lists(st.sampled_from(deck), unique=True, max_size=min(n, 4)))
    rest = [card for card in deck if card not in held]
    pool = data.draw(st.lists(st.sampled_from(rest), unique=True, min_size=n - len(held), max_size=len(rest)))
    _agree(SMALL, context, n, held, pool, [SMALL.threshold("pair of fives")])


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_random_hands_in_progress_count_like_brute_force(data):
    _random_hand_in_progress(data)


@pytest.mark.slow
@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_many_random_hands_in_progress_count_like_brute_force(data):
    _random_hand_in_progress(data)


@pytest.mark.slow
@pytest.mark.parametrize("name", SHIPPED)
def test_shipped_decks_with_three_cards_to_draw(load, name):
    ruleset = load(name)
    deck = list(ruleset.deck)
    rng = random.Random(name + " three")
    for n in (5, 7):
        held = rng.sample(deck, n - 3)
        _agree(ruleset, ruleset.context(), n, held, [card for card in deck if card not in held])


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(CASES))
def test_reduced_decks_with_bigger_hands_in_progress(name):
    ruleset, context_name = CASES[name]
    context = ruleset.context(context_name)
    deck = list(ruleset.deck)
    rng = random.Random(name + " big")
    for _ in range(30):
        n = rng.randint(6, 9)
        held, pool = _deal(rng, deck, n, 40_000)
        _agree(ruleset, context, n, held, pool)


@pytest.mark.slow
def test_a_big_hand_in_progress_agrees_with_sampling(load):
    """7 of 54 holding Ah Ad (2,598,960 draws, too many to visit): the counted figures lie
    within 4 standard errors of 20,000 random deals."""
    ruleset = load("deadlands")
    context = ruleset.context()
    held = ruleset.deck.parse_many("Ah Ad")
    pool = [card for card in ruleset.deck if card not in held]
    counted = HeldCounter(Counter(ruleset, context), held, pool).count(7)
    samples = 20_000
    hits, _ = sample_counts(ruleset, 7, context, random.Random(11), samples, pool, held)
    for strength, count in counted.items():
        p = count / comb(52, 5)
        assert abs(hits[strength] / samples - p) <= 4 * (p * (1 - p) / samples) ** 0.5 + 1e-9, strength
