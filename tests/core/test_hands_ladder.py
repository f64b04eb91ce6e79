"""The ladder path (``dealer.core.ladder``) gives the generic engine's keys exactly.

It serves the piles the bit-field path leaves to the generic engine: trumps, tie-breaks that
read suits, wild cards with trumps or natural-beats-wild ties. Its keys are compared with the
engine's rank-by-rank search (``generic_key``) on random piles of every shipped ruleset, on
house ladders that compose the pattern vocabulary in other ways, and (slow) on every
five-card hand of the tarot deck.
"""

from __future__ import annotations

import copy
import random
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dealer.core.bitfields import GENERIC
from dealer.core.ladder import LadderPath
from dealer.core.ranks import NO_WILDS
from dealer.store import rulesets as store
from tests.conftest import SHIPPED
from tests.core.test_hands_fastpath import contexts_of, generic_key


def _agrees(ruleset, cards, context) -> bool:
    """The ladder's key is the engine's, or the ladder declines (None or GENERIC)."""
    found = ruleset.ranking._fast.ladder.key(cards, context)
    return found is None or found is GENERIC or found == generic_key(ruleset.ranking, cards, context)


def _house(name, ranks, wild=None):
    """A shipped ruleset with another ladder (and, optionally, other wild cards)."""
    document = copy.deepcopy(store.load(name).document)
    for section in ("hex", "action", "conflict", "gadget", "chips", "draws"):
        document.pop(section, None)  # the mechanics name hands of the shipped ladder
    document["hands"] = dict(document["hands"])
    document["hands"]["ranks"] = ranks
    document["hands"]["thresholds"] = {}
    if wild is not None:
        for context in document.get("contexts", {}).values():
            context["wild"] = dict(wild)
            context["wild_order"] = [code for code in context.get("wild_order", []) if code in wild]
    return store.from_document(document)


def _rank(name, pattern, tiebreak):
    return {"name": name, "pattern": pattern, "tiebreak": tiebreak}


HOUSE = {
    # Tarot: groups with trumps counted, three groups, short sequences and flushes, kickers
    # that must be plain or trumps, a rainbow with a run, every tie-break step.
    "tarot house": ("weird-dust-devils", [
        _rank("Pair and Trumps", {"groups": [2], "trumps": 2}, ["trump", "groups", "kickers"]),
        _rank("Three Pairs", {"groups": [2, 2, 1]}, ["groups", "kickers"]),
        _rank("Short Flush", {"flush": 4, "rest": "trump"}, ["cards", "suit"]),
        _rank("Short Straight", {"sequence": 4}, ["sequence", "suit", "kickers"]),
        _rank("Trump Kickers", {"groups": [2], "rest": "trump"}, ["group_card", "kickers"]),
        _rank("Plain Trips", {"groups": [3], "rest": "plain"}, ["groups", "cards"]),
        _rank("Run Four", {"trump_run": 4, "rest": "plain"}, ["trump", "run", "high"]),
        _rank("Chaotic", {"trumps": 3}, ["trump", "cards", "suit"]),
        _rank("Pair", {"groups": [2]}, ["group_cards", "high", "suit"]),
        _rank("Split Run", {"trump_run": 3, "distinct_suits": 2}, ["run", "cards"]),  # the engine's
        _rank("High", {}, ["kickers", "suit"]),
    ], None),
    # The standard deck with both Jokers wild and suit-reading ties everywhere.
    "suited poker": ("deadlands", [
        _rank("Five", {"groups": [5]}, ["group_card"]),
        _rank("Straight Flush", {"sequence": 5, "suited": True}, ["sequence", "suit"]),
        _rank("Four", {"groups": [4]}, ["group_cards", "kickers"]),
        _rank("Full House", {"groups": [3, 2]}, ["group_card", "groups"]),
        _rank("Flush", {"flush": 5}, ["cards", "suit"]),
        _rank("Straight", {"sequence": 5}, ["cards", "suit"]),
        _rank("Trips", {"groups": [3]}, ["group", "kickers", "suit"]),
        _rank("Two Pair", {"groups": [2, 2]}, ["group_cards", "kickers"]),
        _rank("Pair", {"groups": [2]}, ["group_card", "kickers", "suit"]),
        _rank("High", {}, ["cards", "suit"]),
    ], {"RJ": "any", "BJ": "any"}),
}


@pytest.fixture(scope="module")
def house():
    return {name: _house(base, ranks, wild) for name, (base, ranks, wild) in HOUSE.items()}


def _piles(rng, ruleset, count, most=12):
    deck = list(ruleset.deck)
    contexts = contexts_of(ruleset)
    for _ in range(count):
        cards = rng.sample(deck, rng.randint(1, most))
        context = rng.choice(contexts)
        if rng.random() < 0.2:
            context = context.with_wild(cards[:rng.randint(1, 2)])  # wild picks
        yield cards, context


@pytest.mark.parametrize("name", SHIPPED)
def test_ladder_keys_equal_the_engine_on_shipped_rulesets(load, name):
    ruleset = load(name)
    rng = random.Random(name)
    wrong = [[c.code for c in cards] for cards, context in _piles(rng, ruleset, 1500)
             if not _agrees(ruleset, cards, context)]
    assert not wrong, wrong[:3]


@pytest.mark.parametrize("name", sorted(HOUSE))
def test_ladder_keys_equal_the_engine_on_house_ladders(house, name):
    ruleset = house[name]
    ladder = ruleset.ranking._fast.ladder
    rng = random.Random(name)
    wrong, answered = [], 0
    for cards, context in _piles(rng, ruleset, 1500):
        found = ladder.key(cards, context)
        if found is not None and found is not GENERIC:
            answered += 1
            if found != generic_key(ruleset.ranking, cards, context):
                wrong.append([c.code for c in cards])
    assert not wrong, wrong[:3]
    assert answered > 1350  # most piles answered by the ladder, not left to the engine


def test_tarot_hands_of_five_to_twelve_take_the_ladder_and_agree(load):
    """A sampled check over bigger tarot hands (the exhaustive one covers five cards: slow)."""
    ruleset = load("weird-dust-devils")
    ladder = ruleset.ranking._fast.ladder
    rng = random.Random(25)
    deck = list(ruleset.deck)
    answered = 0
    for context in (ruleset.context("conflict"), NO_WILDS):
        for _ in range(1000):
            cards = rng.sample(deck, rng.randint(5, 12))
            found = ladder.key(cards, context)
            answered += found is not None and found is not GENERIC
            assert found == generic_key(ruleset.ranking, cards, context), [c.code for c in cards]
    assert answered == 2000


@settings(max_examples=200, deadline=None)
@given(data=st.data())
def test_ladder_keys_on_narrow_tarot_piles(load, data):
    """Piles drawn from few ranks, suits and trumps make the rare shapes common: runs, groups
    with wilds, flushes, chaotic choices that must skip a run."""
    ruleset = load("weird-dust-devils")
    deck = list(ruleset.deck)
    plain = [c for c in deck if c.kind == "plain" and c.value in (2, 3, 4, 5, 6, 14, 15)
             and c.suit.code in ("Sw", "Cu")]
    trumps = [c for c in deck if c.kind == "trump" and c.value in (1, 2, 3, 4, 6, 7, 9, 10, 19, 20, 21)]
    special = [c for c in deck if c.kind == "special"]
    cards = data.draw(st.lists(st.sampled_from(plain + trumps + special), min_size=1, max_size=12, unique=True))
    context = data.draw(st.sampled_from(contexts_of(ruleset)))
    assert _agrees(ruleset, cards, context), [c.code for c in cards]


def test_declines_what_it_cannot_decode(load):
    """A card of another deck or a card given twice: None (the engine decides); a rank of
    distinct suits that could fill: GENERIC."""
    tarot, deadlands = load("weird-dust-devils"), load("deadlands")
    ladder = tarot.ranking._fast.ladder
    assert ladder.key(deadlands.deck.parse_many("As Ks"), NO_WILDS) is None
    twice = tarot.deck.parse_many("T3 T4 2Sw")
    assert ladder.key(twice + twice[:1], NO_WILDS) is None
    rainbow = _house("weird-dust-devils", [_rank("Rainbow", {"distinct_suits": 4}, ["cards"]),
                                           _rank("Pair", {"groups": [2]}, ["groups"]), _rank("High", {}, ["cards"])])
    assert LadderPath(rainbow.ranking.ranks, rainbow.deck).key(rainbow.deck.parse_many("2Sw 3Cu 4Wa 5Co"),
                                                               NO_WILDS) is GENERIC


@pytest.mark.slow
@pytest.mark.parametrize("context_name", ["conflict"])
def test_every_five_card_tarot_hand_agrees_with_the_engine(load, context_name):
    """All 21,111,090 five-card hands of the 78-card deck, the Fool and the Wheel wild: the
    ladder path's key equals the generic engine's, hand by hand (several minutes)."""
    ruleset = load("weird-dust-devils")
    context = ruleset.context(context_name)
    ladder = LadderPath(ruleset.ranking.ranks, ruleset.deck)
    ranking = ruleset.ranking
    checked = wrong = 0
    first = None
    for cards in combinations(list(ruleset.deck), 5):
        if ladder.key(cards, context) != generic_key(ranking, cards, context):
            wrong += 1
            first = first or [c.code for c in cards]
        checked += 1
    assert checked == 21_111_090
    assert wrong == 0, (wrong, first)


@pytest.mark.slow
def test_every_five_card_dust_devils_hand_agrees_with_the_engine(load):
    """All 2,598,960 five-card hands of the 52-card deck, ties read by suit."""
    ruleset = load("dust-devils")
    ranking = ruleset.ranking
    ladder = LadderPath(ranking.ranks, ruleset.deck)
    wrong = [cards for cards in combinations(list(ruleset.deck), 5)
             if ladder.key(cards, NO_WILDS) != generic_key(ranking, cards, NO_WILDS)]
    assert not wrong, [[c.code for c in cards] for cards in wrong[:3]]
