"""Counting hands by class against the published tables and against brute force.

The brute force visits every hand of a reduced deck and classifies it with the engine; the
counting never visits a hand. They must agree exactly, rank by rank, with 0, 1 and 2 wild
Jokers, with aces low and high, and on a reduced tarot deck with a Fool and a trump wild.
"""

from __future__ import annotations

import copy
import random
from itertools import combinations
from math import comb

import pytest

from dealer.core.odds import hand_odds
from dealer.core.odds.counting import Counter, Unsupported
from dealer.core.odds.enumerate import enumerate_counts, sample_counts
from dealer.core.rules import build_ruleset
from dealer.store.rulesets import _resolved
from tests.conftest import slow_except

PUBLISHED = {  # ../shared/reference/poker-frequencies.md
    5: {"royal-flush": 4, "straight-flush": 36, "four-of-a-kind": 624, "full-house": 3744, "flush": 5108,
        "straight": 10200, "three-of-a-kind": 54912, "two-pair": 123552, "pair": 1098240,
        "high-card": 1302540},
    6: {"royal-flush": 188, "straight-flush": 1656, "four-of-a-kind": 14664, "full-house": 165984,
        "flush": 205792, "straight": 361620, "three-of-a-kind": 732160, "two-pair": 2532816,
        "pair": 9730740, "high-card": 6612900},
    7: {"royal-flush": 4324, "straight-flush": 37260, "four-of-a-kind": 224848, "full-house": 3473184,
        "flush": 4047644, "straight": 6180020, "three-of-a-kind": 6461620, "two-pair": 31433400,
        "pair": 58627800, "high-card": 23294460},
}


def reduced(name, ranks=None, suits=None, specials=None, trumps=None, wild=None, keep=("hands",)):
    """A shipped ruleset cut down: some rank codes, the first suits, specials and trumps."""
    document, _, _ = _resolved(name)
    doc = copy.deepcopy({key: document[key] for key in ("schema", "name", "deck", "contexts", *keep)
                         if key in document})
    doc["hands"]["thresholds"] = {"ace": "ace high"} if ranks is None or "A" in ranks else {}
    if "hex" in doc:
        doc["hex"]["catalogue"] = []
    deck = doc["deck"]
    if ranks is not None:
        deck["ranks"] = [rank for rank in deck["ranks"] if rank["code"] in ranks]
    if suits is not None:
        deck["suits"] = deck["suits"][:suits]
    if specials is not None:
        deck["specials"] = deck["specials"][:specials]
    if trumps is not None:
        deck["trumps"]["count"] = trumps
        deck["trumps"]["names"] = deck["trumps"]["names"][:trumps]
    if wild is not None:
        for context in doc["contexts"].values():
            context["wild"] = dict(wild)
            context["wild_order"] = [code for code in context.get("wild_order", []) if code in wild]
    return build_ruleset(doc)


def by_id(ruleset, counts):
    return {rank.id: counts[rank.strength] for rank in ruleset.ranking.ranks}


@pytest.fixture(scope="module")
def standard():
    """The 52-card deck with the poker-hands ladder (its Jokers removed)."""
    return reduced("poker-hands", specials=0)


@pytest.mark.parametrize("n", [5, 6, 7])
def test_published_tables_reproduced_exactly(standard, n):
    counts = by_id(standard, Counter(standard, standard.context()).count(n))
    assert counts.pop("five-of-a-kind") == 0
    assert counts == PUBLISHED[n]
    assert sum(counts.values()) == comb(52, n)


SEVEN_RANKS = ["2", "3", "4", "5", "6", "7", "A"]  # the Ace plays high (after 7) and low


def _reduced_cases():
    return {
        "no wilds": (reduced("deadlands", SEVEN_RANKS, suits=3, wild={}), "huckster"),
        "one wild Joker": (reduced("deadlands", SEVEN_RANKS, suits=3, wild={"RJ": "any"}), "huckster"),
        "two wild Jokers": (reduced("deadlands", SEVEN_RANKS, suits=3), "huckster"),
        "dead Jokers": (reduced("poker-hands", SEVEN_RANKS, suits=3), None),
        "tarot": (reduced("weird-dust-devils", ["2", "3", "4", "5", "6", "A"], suits=2, trumps=8,
                          wild={"Fool": "any", "T5": "trump"}), "conflict"),
    }


CASES = _reduced_cases()


def _agree(name, n):
    ruleset, context_name = CASES[name]
    context = ruleset.context(context_name)
    counted = Counter(ruleset, context).count(n)
    brute, _ = enumerate_counts(ruleset, n, context)
    assert by_id(ruleset, counted) == by_id(ruleset, brute)
    assert sum(counted.values()) == comb(len(ruleset.deck), n)


# Five cards (straights and flushes, filled by wilds) on the two wild Jokers' deck and the tarot in
# the default run, on every deck with `-m slow`; fewer cards on every deck in both.
@pytest.mark.parametrize("name, n", [(name, n) for n in (1, 3) for name in sorted(CASES)]
                         + slow_except([(name, 5) for name in sorted(CASES)], ("two wild Jokers", 5), ("tarot", 5)))
def test_counting_equals_brute_force_on_reduced_decks(name, n):
    _agree(name, n)


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(CASES))
@pytest.mark.parametrize("n", [6, 7, 8])
def test_counting_equals_brute_force_on_reduced_decks_with_more_cards(name, n):
    # 8 cards with two wilds: two suits can each hold a straight flush (inclusion-exclusion).
    _agree(name, n)


def test_two_suits_can_both_be_suited_with_wilds():
    """A small deck where two suits hold a straight flush at once, so that term is exercised."""
    ruleset = reduced("deadlands", ["2", "3", "4", "5", "6", "A"], suits=2)
    context = ruleset.context("huckster")
    counted = Counter(ruleset, context).count(8)
    brute, _ = enumerate_counts(ruleset, 8, context)
    assert by_id(ruleset, counted) == by_id(ruleset, brute)


def test_threshold_below_a_rank_counts_like_brute_force():
    ruleset, context_name = CASES["two wild Jokers"]
    context = ruleset.context(context_name)
    threshold = ruleset.threshold("ace")
    odds = hand_odds(ruleset, 5, context, minimum="ace")
    _, met = enumerate_counts(ruleset, 5, context, threshold=threshold)
    assert odds.method == "counted" and odds.met_method == "counted"
    assert odds.met == met
    for rank in ruleset.ranking.ranks:
        below = Counter(ruleset, context).count_below(5, rank.strength)
        assert below == sum(c for r, c in odds.rows if r.strength < rank.strength)


def test_trump_signatures_in_one_pass_equal_set_by_set():
    for ruleset, context_name in (CASES["tarot"], (reduced("weird-dust-devils"), "conflict")):
        counter = Counter(ruleset, ruleset.context(context_name))
        for t in range(0, 4):
            fast = {sig: row[0] for sig, row in counter._trump_table(t, 3, 5).items()}
            slow = {sig: row[0] for sig, row in counter.trump_table_direct(t, 3).items()}
            assert fast == slow


FULL_DECKS = [("deadlands", "huckster", 7), ("weird-dust-devils", "conflict", 5)]


# The tarot in the default run, Deadlands' seven cards with `-m slow`.
@pytest.mark.parametrize("name, context_name, n", slow_except(FULL_DECKS, FULL_DECKS[1]))
def test_full_decks_agree_with_sampling(load, name, context_name, n):
    """Counted figures for whole decks lie within 4 standard errors of 20,000 random deals."""
    ruleset = load(name)
    context = ruleset.context(context_name)
    counted = Counter(ruleset, context).count(n)
    total = comb(len(ruleset.deck), n)
    samples = 20_000
    hits, _ = sample_counts(ruleset, n, context, random.Random(5), samples)
    for strength, count in counted.items():
        p = count / total
        error = (p * (1 - p) / samples) ** 0.5
        assert abs(hits[strength] / samples - p) <= 4 * error + 1e-9, (name, strength)


def test_a_wild_plain_card_falls_back_to_enumeration():
    ruleset = reduced("deadlands", ["2", "3", "4", "5", "6", "A"], suits=2, wild={"2s": "any"})
    with pytest.raises(Unsupported):
        Counter(ruleset, ruleset.context("huckster"))
    odds = hand_odds(ruleset, 4, "huckster")
    assert odds.method == "enumerated"
    assert sum(count for _, count in odds.rows) == comb(len(ruleset.deck), 4)


def test_holding_cards_counts_the_rest(load):
    ruleset = load("deadlands")
    held = ruleset.deck.parse_many("As Ah RJ")
    odds = hand_odds(ruleset, 5, holding=held, minimum="three of a kind")
    assert odds.method == "counted" and odds.total == comb(51, 2)
    assert odds.met == odds.total  # a pair of aces and a Joker: always trips or better


def test_nine_clubs_held_and_a_thin_deck_count_like_enumeration(load):
    ruleset = load("deadlands")
    held = ruleset.deck.parse_many("2c 3c 4c 5c 6c 7c 8c 9c 10c")
    pool = ruleset.deck.parse_many("RJ BJ Jc Qc Kc Ac 2d 3d")
    odds = hand_odds(ruleset, 11, holding=held, deck_left=pool)
    brute, _ = enumerate_counts(ruleset, 11, ruleset.context(), pool, held)
    assert odds.method == "counted" and odds.total == comb(8, 2)
    assert {rank.id: count for rank, count in odds.rows} == by_id(ruleset, brute)


def test_what_cannot_be_counted_is_enumerated_or_simulated_with_its_seed():
    ruleset = reduced("deadlands", ["2", "3", "4", "5", "6", "A"], suits=2, wild={"2s": "any"})
    held = ruleset.deck.parse_many("2s")
    small = hand_odds(ruleset, 4, "huckster", holding=held)
    assert small.method == "enumerated" and small.total == comb(13, 3)
    first = hand_odds(ruleset, 9, "huckster", holding=held, samples=300, rng=random.Random(3), limit=100)
    again = hand_odds(ruleset, 9, "huckster", holding=held, samples=300, rng=random.Random(3), limit=100)
    assert first.method == "simulated" and first.total == 300
    assert first.rows == again.rows


def test_suited_windows_summed_by_type_equal_the_sum_over_arrangements(load):
    """The fast sum over arrangements (by type) equals inclusion-exclusion done arrangement by arrangement."""
    from dealer.core.odds.counting import _arrangements, _partitions

    ruleset = load("deadlands")
    counter = Counter(ruleset, ruleset.context("huckster"))
    rng = random.Random(7)
    compared = 0
    for wilds, k in ((2, 6), (1, 7), (0, 8), (2, 8)):
        for strength, least, good in counter.suited_levels(wilds, 5):
            if good is None:
                continue
            for _ in range(12):
                d = rng.randint(3, min(k, 8))
                profiles = list(_partitions(k, d, 4))
                if not profiles:
                    continue
                positions = tuple(sorted(rng.sample(range(13), d)))
                mask = sum(1 << i for i in positions)
                if not good[mask]:
                    continue
                profile = rng.choice(profiles)
                slow = sum(counter._window_suited(dict(zip(positions, order)), mask, good, least, k)
                           for order in _arrangements(profile))
                assert counter._window_total(positions, good, least, k, profile) == slow
                compared += 1
    assert compared >= 20


# One deck in the default run, every deck with `-m slow` (brute force; the suite's time, issue 23).
@pytest.mark.parametrize("name", slow_except(sorted(CASES), "tarot"))
def test_thresholds_on_a_top_value_count_like_brute_force(name):
    """'pair of sixes', 'ace high': the rank split by its first tie-break value, counted."""
    ruleset, context_name = CASES[name]
    context = ruleset.context(context_name)
    counter = Counter(ruleset, context)
    thresholds = {}
    for text in ("pair of sixes", "pair of aces", "two pair of fives", "three of a kind of sevens", "six high",
                 "ace high", "pair of threes"):
        try:
            thresholds[text] = ruleset.threshold(text)
        except Exception:  # not a hand of this ladder (the tarot has no 'two pair of fives' ... )
            continue
    checked = 0
    for n in (3, 5):
        met = dict.fromkeys(thresholds, 0)  # every hand visited once, judged against each threshold
        for hand in combinations(list(ruleset.deck), n):
            best = ruleset.ranking.best(list(hand), context)
            for text, threshold in thresholds.items():
                met[text] += ruleset.ranking.meets(best, threshold)
        for text, threshold in thresholds.items():
            assert counter.count_failing(n, threshold) == comb(len(ruleset.deck), n) - met[text], (text, n)
            checked += 1
    assert checked >= 8


def test_three_suits_each_holding_a_straight_flush_count_like_brute_force():
    """Eleven cards with two wild Jokers: nine plain cards, three suits of three, each a
    straight flush with the Jokers (the three-suit term of inclusion-exclusion)."""
    ruleset = reduced("deadlands", ["2", "3", "4", "5", "A"], suits=3)
    context = ruleset.context("huckster")
    for n in (9, 11):
        counted = Counter(ruleset, context).count(n)
        brute, _ = enumerate_counts(ruleset, n, context)
        assert by_id(ruleset, counted) == by_id(ruleset, brute), n


@pytest.mark.slow
def test_eleven_and_twelve_wild_cards_are_counted(load):
    """Deadlands 11 and 12 of 54 with wild Jokers (three suits may each hold a straight
    flush): counted, every hand once, and within 4 standard errors of 20,000 deals."""
    ruleset = load("deadlands")
    context = ruleset.context("huckster")
    odds = hand_odds(ruleset, 12, context)
    assert odds.method == "counted" and sum(count for _, count in odds.rows) == comb(54, 12)
    counted = Counter(ruleset, context).count(11)
    hits, _ = sample_counts(ruleset, 11, context, random.Random(8), 20_000)
    for strength, count in counted.items():
        p = count / comb(54, 11)
        assert abs(hits[strength] / 20_000 - p) <= 4 * (p * (1 - p) / 20_000) ** 0.5 + 1e-9, strength
