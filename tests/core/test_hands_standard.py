"""The standard ladder against published figures and against treys, an independent evaluator."""

from collections import Counter
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

FIVE_CARD = {  # ../shared/reference/poker-frequencies.md, 5 of 52
    "royal-flush": 4, "straight-flush": 36, "four-of-a-kind": 624, "full-house": 3744, "flush": 5108,
    "straight": 10200, "three-of-a-kind": 54912, "two-pair": 123552, "pair": 1098240, "high-card": 1302540,
}
SEVEN_SAMPLE_RANKS = set(FIVE_CARD)


@pytest.fixture(scope="module")
def standard(load):
    ruleset = load("deadlands")
    plain = [card for card in ruleset.deck if card.kind == "plain"]
    return ruleset.ranking, plain


@pytest.mark.slow
def test_all_five_card_hands_match_the_published_counts(standard):
    ranking, plain = standard
    counts = Counter()
    keys = set()
    key = ranking.key
    by_strength = {rank.strength: rank.id for rank in ranking.ranks}
    for five in combinations(plain, 5):
        value = key(five)
        counts[by_strength[value[0]]] += 1
        keys.add(value)
    assert sum(counts.values()) == 2_598_960
    assert dict(counts) == FIVE_CARD
    assert len(keys) == 7462


def test_best_hand_of_seven_sample_frequencies_are_plausible(standard):
    """A fast sanity check for the suite without the slow mark (the exact check is above)."""
    import random

    ranking, plain = standard
    rng = random.Random(7)
    counts = Counter(ranking.best(rng.sample(plain, 7)).rank.id for _ in range(20000))
    # 7-card probabilities: pair 43.8%, two pair 23.5%, high card 17.4%.
    assert 0.42 < counts["pair"] / 20000 < 0.455
    assert 0.225 < counts["two-pair"] / 20000 < 0.245
    assert 0.165 < counts["high-card"] / 20000 < 0.183


treys = pytest.importorskip("treys")
_EVALUATOR = treys.Evaluator()


def treys_score(cards):
    """treys: lower is better; its codes use T for ten."""
    codes = [treys.Card.new(card.code.replace("10", "T")[0] + card.suit.code) for card in cards]
    return _EVALUATOR.evaluate(codes[:2], codes[2:])


@settings(max_examples=400, deadline=None)
@given(data=st.data(), size=st.sampled_from([5, 6, 7]))
def test_same_order_and_ties_as_treys(standard, data, size):
    ranking, plain = standard
    first = data.draw(st.lists(st.sampled_from(plain), min_size=size, max_size=size, unique=True))
    second = data.draw(st.lists(st.sampled_from(plain), min_size=size, max_size=size, unique=True))
    ours = (ranking.key(first) > ranking.key(second)) - (ranking.key(first) < ranking.key(second))
    theirs = (treys_score(first) < treys_score(second)) - (treys_score(first) > treys_score(second))
    assert ours == theirs


def test_same_order_as_treys_on_many_seeded_hands(standard):
    import random

    ranking, plain = standard
    rng = random.Random(2024)
    hands = [rng.sample(plain, rng.choice([5, 6, 7])) for _ in range(3000)]
    ours = [ranking.key(hand) for hand in hands]
    theirs = [treys_score(hand) for hand in hands]
    for i in range(len(hands) - 1):
        a = (ours[i] > ours[i + 1]) - (ours[i] < ours[i + 1])
        b = (theirs[i] < theirs[i + 1]) - (theirs[i] > theirs[i + 1])
        assert a == b, (hands[i], hands[i + 1])
    # Same ties: equal treys scores exactly where our keys are equal, across a sorted run.
    groups = {}
    for key, score in zip(ours, theirs):
        groups.setdefault(score, set()).add(key)
    assert all(len(keys) == 1 for keys in groups.values())


def test_fast_path_equals_the_generic_engine(standard):
    """The compiled fast matchers and the generic engine must give the same key."""
    import random

    from dealer.core.hands import _Pool
    from dealer.core.ranks import NO_WILDS

    ranking, plain = standard
    rng = random.Random(99)
    for _ in range(3000):
        cards = rng.sample(plain, rng.randint(1, 12))
        pool = _Pool(cards, NO_WILDS)
        size = min(5, len(cards))
        generic = next(found for rank in ranking.ranks
                       if (found := ranking._match(rank, pool, size, NO_WILDS)) is not None)[1]
        assert ranking.key(cards) == generic, cards
