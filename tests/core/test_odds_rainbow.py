"""Patterns that need distinct suits, counted: a five-suit house ladder and a tarot ladder
with a four-suit rainbow, against brute-force enumeration (whole deck, cards held, thinned
decks and thresholds on a top value)."""

from __future__ import annotations

import copy
import random
from math import comb

import pytest

from dealer.core.odds import hand_odds
from dealer.core.odds.counting import Counter
from dealer.core.odds.enumerate import enumerate_counts
from dealer.core.odds.holding import HeldCounter
from dealer.core.rules import build_ruleset
from dealer.store import rulesets as store
from dealer.store.rulesets import _resolved
from tests.conftest import slow_except
from tests.core.test_hands_oracles import RAINBOW_LADDER, RAINBOW_SUITS
from tests.core.test_odds_counting import by_id


def _five_suits(top=6):
    """The five-suit ladder of ``test_hands_oracles`` on ranks 2 to ``top`` and a Joker."""
    return store.from_document({
        "deck": {"ace_low": False,
                 "suits": [{"code": code, "name": f"suit {code}"} for code, _ in RAINBOW_SUITS],
                 "ranks": [{"code": str(n), "name": f"r{n}"} for n in range(2, top + 1)],
                 "specials": [{"code": "J", "name": "Joker"}]},
        "contexts": {"wild": {"wild": {"J": "any"}}},
        "hands": {"ranks": [{"name": name, "pattern": pattern, "tiebreak": tiebreak}
                            for name, pattern, tiebreak in RAINBOW_LADDER]},
        "action": {"min_rank": "pair"}, "hex": {"target": "pair"},
    })


def _tarot_rainbow():
    """Weird Dust Devils cut down (ranks 2-5 and Ace, five trumps, the Fool and T3 wild) with a
    Rainbow (one card of each suit) above the Flush."""
    document, _, _ = _resolved("weird-dust-devils")
    doc = copy.deepcopy({key: document[key] for key in ("schema", "name", "deck", "contexts", "hands")})
    deck = doc["deck"]
    deck["ranks"] = [rank for rank in deck["ranks"] if rank["code"] in ("2", "3", "4", "5", "A")]
    deck["trumps"]["count"] = 5
    deck["trumps"]["names"] = deck["trumps"]["names"][:5]
    for context in doc["contexts"].values():
        context["wild"] = {"Fool": "any", "T3": "trump"}
        context["wild_order"] = ["T3", "Fool"]
    ranks = doc["hands"]["ranks"]
    at = next(i for i, rank in enumerate(ranks) if rank["name"] == "Flush")
    ranks.insert(at, {"name": "Rainbow", "pattern": {"distinct_suits": 4}, "tiebreak": ["cards"]})
    doc["hands"]["thresholds"] = {"ace": "ace high"}
    return build_ruleset(doc)


FIVE_SUITS = _five_suits()
TAROT = _tarot_rainbow()


def _agree(ruleset, context, n, held=(), pool=None):
    pool = list(ruleset.deck) if pool is None else pool
    counter = Counter(ruleset, context)
    counted = HeldCounter(counter, held, pool).count(n) if held or len(pool) < len(ruleset.deck) \
        else counter.count(n)
    brute, _ = enumerate_counts(ruleset, n, context, pool, held)
    assert by_id(ruleset, counted) == by_id(ruleset, brute), ([c.code for c in held], len(pool), n)
    return counted


# The five suits with a wild Joker and the tarot by default, the five suits with no wild too with `-m slow`.
@pytest.mark.parametrize("ruleset, context_name, n", slow_except(
    [(FIVE_SUITS, "wild", 4), (FIVE_SUITS, None, 4), (TAROT, "conflict", 4)],
    (FIVE_SUITS, "wild", 4), (TAROT, "conflict", 4)))
def test_whole_decks_with_distinct_suits_count_like_brute_force(ruleset, context_name, n):
    counted = _agree(ruleset, ruleset.context(context_name), n)
    assert any(counted[rank.strength] for rank in ruleset.ranking.ranks if rank.pattern.distinct_suits)


@pytest.mark.slow
@pytest.mark.parametrize("ruleset, context_name, n", [(FIVE_SUITS, None, 5), (FIVE_SUITS, "wild", 5),
                                                      (FIVE_SUITS, "wild", 6),
                                                      (TAROT, "conflict", 5), (TAROT, None, 6)])
def test_bigger_whole_decks_with_distinct_suits(ruleset, context_name, n):
    _agree(ruleset, ruleset.context(context_name), n)


@pytest.mark.parametrize("ruleset", [FIVE_SUITS, TAROT], ids=["five suits", "tarot"])
def test_hands_in_progress_with_distinct_suits_count_like_brute_force(ruleset):
    rng = random.Random(len(ruleset.deck))
    deck = list(ruleset.deck)
    contexts = [ruleset.context(name) for name in [None] + sorted(ruleset.contexts)]
    for _ in range(15):
        context = rng.choice(contexts)
        n = rng.randint(2, 7)
        held = rng.sample(deck, rng.randint(0, min(3, n)))
        rest = [card for card in deck if card not in held]
        while True:
            pool = rng.sample(rest, rng.randint(n - len(held), len(rest)))
            if comb(len(pool), n - len(held)) <= 8000:
                break
        _agree(ruleset, context, n, held, pool)


def test_thresholds_on_a_top_value_with_distinct_suits():
    """'pair of r4s' on the five-suit deck: the whole-deck count hands it to the sweep."""
    ruleset = _five_suits(top=5)  # 21 cards
    context = ruleset.context("wild")
    threshold = ruleset.threshold("pair of r4s")
    for n in (4, 5):
        odds = hand_odds(ruleset, n, context, minimum="pair of r4s")
        _, met = enumerate_counts(ruleset, n, context, threshold=threshold)
        assert odds.method == odds.met_method == "counted" and odds.met == met
