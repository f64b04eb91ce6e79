"""The fast path (bit fields, cached count answers) gives the generic engine's keys exactly."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dealer.core.hands import _Pool
from dealer.core.ranks import NO_WILDS
from tests.conftest import SHIPPED


def generic_key(ranking, cards, context):
    """The key by the generic engine alone: every rank in order, no fast path."""
    pool = _Pool(cards, context)
    size = min(5, len(cards))
    for rank in ranking.ranks:
        found = ranking._match(rank, pool, size, context)
        if found is not None:
            return found[1]
    raise AssertionError("no rank filled")


def contexts_of(ruleset):
    return [NO_WILDS] + [ruleset.context(name) for name in sorted(ruleset.contexts)]


def _fast_key_equals_the_generic_engines(ruleset, data):
    deck = list(ruleset.deck)
    plain = [card for card in deck if card.kind == "plain"]
    specials = [card for card in deck if card.kind != "plain"]
    # Narrow piles make the rare shapes common: flushes and straight flushes, runs, groups.
    narrow = data.draw(st.sampled_from(["all", "two suits", "high ranks", "low ranks"]))
    suits = {suit.code for suit in ruleset.deck.suits[:2]}
    plain = {"all": plain, "two suits": [c for c in plain if c.suit.code in suits],
             "high ranks": [c for c in plain if c.value >= ruleset.deck.top_rank - 5],
             "low ranks": [c for c in plain if c.value <= ruleset.deck.low_rank + 4 or c.value == ruleset.deck.top_rank]
             }[narrow]
    context = data.draw(st.sampled_from(contexts_of(ruleset)))
    size = data.draw(st.integers(1, min(12, len(plain))))
    # Mostly plain cards, sometimes Jokers, wilds or trumps: the shapes the fast path takes.
    extra = data.draw(st.lists(st.sampled_from(specials), max_size=3, unique=True)) if specials else []
    cards = data.draw(st.lists(st.sampled_from(plain), min_size=max(1, size - len(extra)),
                               max_size=max(1, size - len(extra)), unique=True)) + extra
    if data.draw(st.booleans()):
        context = context.with_wild(cards[:1])  # a wild pick: a held plain card turns wild
    assert ruleset.ranking.key(cards, context) == generic_key(ruleset.ranking, cards, context), \
        [c.code for c in cards]


# 100 piles a ruleset in the default run, 300 with `-m slow`.
@pytest.mark.parametrize("name", SHIPPED)
@settings(max_examples=100, deadline=None)
@given(data=st.data())
def test_fast_keys_equal_the_generic_engine(load, name, data):
    _fast_key_equals_the_generic_engines(load(name), data)


@pytest.mark.slow
@pytest.mark.parametrize("name", SHIPPED)
@settings(max_examples=300, deadline=None)
@given(data=st.data())
def test_fast_keys_equal_the_generic_engine_at_length(load, name, data):
    _fast_key_equals_the_generic_engines(load(name), data)


@pytest.mark.parametrize("name, context_name", [("deadlands", ""), ("deadlands", "huckster"), ("poker-hands", "")])
def test_fast_path_answers_most_piles_and_agrees(load, name, context_name):
    """Many seeded piles of 5 to 10 cards, repeats and suit-swapped twins included (the cache)."""
    ruleset = load(name)
    ranking, deck = ruleset.ranking, ruleset.deck
    context = ruleset.context(context_name)
    rng = random.Random(5)
    cards = list(deck)
    answered = 0
    piles = [rng.sample(cards, rng.randint(5, 10)) for _ in range(1500)]
    swap = {suit.code: other.code for suit, other in zip(deck.suits, deck.suits[1:] + deck.suits[:1])}
    twins = [[deck.plain(c.value, swap[c.suit.code]) if c.kind == "plain" else c for c in pile] for pile in piles]
    for pile in piles + piles + twins:
        answered += ranking._fast.key(pile, context) is not None
        assert ranking.key(pile, context) == generic_key(ranking, pile, context), [c.code for c in pile]
    assert answered > 0.9 * len(piles) * 3


def test_wild_piles_take_the_fast_path(load):
    ruleset = load("deadlands")
    huckster = ruleset.context("huckster")
    for text in ["RJ BJ 2c 7d 9h Ks 4s", "RJ 2c 3c 4c 5c 9d Kd", "BJ 8s 8h 8d 8c 2c", "RJ BJ As Ks Qs"]:
        cards = ruleset.deck.parse_many(text)
        fast = ruleset.ranking._fast.key(cards, huckster)
        assert fast is not None and fast == generic_key(ruleset.ranking, cards, huckster), text


def test_an_empty_pile_is_still_an_error(load):
    from dealer.errors import HandError

    with pytest.raises(HandError):
        load("deadlands").ranking.key([])


@pytest.mark.parametrize("text", ["As As Ah Ac Ad Ks", "As As Ah Ac Kd", "2c 2c 2c 2c 2c 2c 3d", "Ks Ks Qd Qd Jc"])
def test_a_card_given_twice_counts_twice(load, text):
    """Oracles model a wild's copy by passing a card twice: five of a kind in a four-suit deck."""
    ruleset = load("deadlands")
    cards = [ruleset.deck.parse(code) for code in text.split()]
    assert ruleset.ranking.key(cards) == generic_key(ruleset.ranking, cards, NO_WILDS), text


@pytest.mark.parametrize("suits", ["abcdefg", "abcdefgh"])
def test_many_suits_and_long_piles(load, suits):
    """Seven suits (five of a kind without wilds) take the fast path; eight suits go to the
    generic engine; more than 31 cards to the ladder path: the keys are the same."""
    from dealer.store import rulesets as store

    ruleset = load("deadlands")
    cards = random.Random(3).sample(list(ruleset.deck), 40)
    assert ruleset.ranking._fast.ladder.key(cards) == generic_key(ruleset.ranking, cards, NO_WILDS)
    assert ruleset.ranking.key(cards) == generic_key(ruleset.ranking, cards, NO_WILDS)
    wide = store.from_document({
        "deck": {"suits": [{"code": c, "name": c} for c in suits],
                 "ranks": [{"code": str(n), "name": f"r{n}"} for n in range(2, 8)]},
        "hands": {"ranks": [{"name": "Five", "pattern": {"groups": [5]}, "tiebreak": ["groups"]},
                            {"name": "Flush", "pattern": {"flush": 5}},
                            {"name": "Pair", "pattern": {"groups": [2]}, "tiebreak": ["groups", "kickers"]},
                            {"name": "High Card", "pattern": {}}]},
        "action": {"min_rank": "pair"}, "hex": {"target": "pair"},
    })
    rng = random.Random(4)
    answered = 0
    for _ in range(300):
        pile = rng.sample(list(wide.deck), rng.randint(1, 20))
        answered += wide.ranking._fast.key(pile) is not None
        assert wide.ranking.key(pile) == generic_key(wide.ranking, pile, NO_WILDS), [c.code for c in pile]
    assert (answered > 200) if len(suits) == 7 else answered == 0
