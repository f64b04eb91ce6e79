"""Hand odds the slow, obvious ways: visit every hand, or deal many at random.

Enumeration is the oracle the counting is tested against, and the fallback for a hand in
progress (cards held, a deck already thinned) when the number of hands is small. Sampling
is the last resort, with a standard error for every figure.
"""

from __future__ import annotations

from itertools import combinations
from math import comb

from typing import TYPE_CHECKING
if TYPE_CHECKING:
    import random
    from collections.abc import Callable, Iterable

    from dealer.core.cards import Card
    from dealer.core.ranks import Context, HandRank
    from dealer.core.rules import Ruleset


def enumerate_counts(ruleset: Ruleset, n: int, context: Context, pool: Iterable[Card] | None = None,
                     held: Iterable[Card] = (),
                     threshold: tuple[HandRank, int] | None = None) -> tuple[dict[int, int], int | None]:
    """``({rank strength: hands}, hands meeting threshold or None)`` over every way to add
    ``n - len(held)`` cards of ``pool`` (default: the whole deck) to ``held``, each
    classified by the ruleset's ranking; ``threshold`` as from ``Ruleset.threshold``."""
    ranking = ruleset.ranking
    pool = list(ruleset.deck) if pool is None else list(pool)
    held = list(held)
    out = {rank.strength: 0 for rank in ranking.ranks}
    best, meets = ranking.best, ranking.meets
    met = 0
    for drawn in combinations(pool, n - len(held)):
        hand = best(held + list(drawn), context)
        out[hand.rank.strength] += 1
        if threshold is not None and meets(hand, threshold):
            met += 1
    return out, (met if threshold is not None else None)


def require_rng(rng: random.Random | None) -> random.Random:
    """The ``random.Random`` a simulated figure is dealt with; the core never makes its own, so
    every simulated figure can be replayed from the seed its caller recorded."""
    if rng is None:
        raise ValueError("this figure is simulated: pass rng=random.Random(seed)")
    return rng


REMEMBERED_HANDS = 200_000  # at most this many distinct deals are remembered by a simulation
SAMPLE_S = 2e-6  # seconds of one random deal drawn and judged, beside its evaluation ...
SAMPLE_CARD_S = 0.4e-6  # ... and for each card it draws


def remembered(pool: int, draw: int, samples: int) -> bool:
    """Whether a simulation remembers each deal's judgement: when there are fewer possible deals
    than samples (so most repeat), and few enough to keep."""
    hands = comb(pool, draw)
    return hands < samples and hands <= REMEMBERED_HANDS


def sample_seconds(n: int, pool: int, draw: int, samples: int) -> float:
    """The estimated seconds of ``sample_counts``: every deal drawn, each hand evaluated once
    when deals are remembered, else every one (``work.hand_cost``).

    >>> round(sample_seconds(3, 54, 3, 100_000), 2), round(sample_seconds(7, 54, 7, 100_000), 2)
    (0.87, 4.28)
    """
    from dealer.core.odds.work import hand_cost

    evaluated = comb(pool, draw) if remembered(pool, draw, samples) else samples
    return samples * (SAMPLE_S + draw * SAMPLE_CARD_S) + evaluated * hand_cost(n)


def sample_counts(ruleset: Ruleset, n: int, context: Context, rng: random.Random, samples: int,
                  pool: Iterable[Card] | None = None, held: Iterable[Card] = (),
                  threshold: tuple[HandRank, int] | None = None,
                  progress: Callable[[int], object] | None = None) -> tuple[dict[int, int], int | None]:
    """``({rank strength: hits}, hits meeting threshold or None)`` over ``samples`` random
    deals (``rng`` a ``random.Random``).

    ``progress`` (optional) is called with the number of samples done, every few thousand.
    """
    require_rng(rng)
    ranking = ruleset.ranking
    pool = list(ruleset.deck) if pool is None else list(pool)
    held = list(held)
    draw = n - len(held)
    out = {rank.strength: 0 for rank in ranking.ranks}
    best, meets = ranking.best, ranking.meets
    sample = rng.sample
    met = 0
    # Where the deals can repeat often (few hands to deal), each is judged once: the same draws
    # from ``rng``, the same counts, without evaluating a hand again.
    judged = {} if remembered(len(pool), draw, samples) else None
    for i in range(samples):
        drawn = sample(pool, draw)
        if judged is None:
            hand = best(held + drawn, context)
            strength, meeting = hand.rank.strength, threshold is not None and meets(hand, threshold)
        else:
            seen = frozenset(drawn)
            found = judged.get(seen)
            if found is None:
                hand = best(held + drawn, context)
                found = judged[seen] = (hand.rank.strength, threshold is not None and meets(hand, threshold))
            strength, meeting = found
        out[strength] += 1
        met += meeting
        if progress is not None and i % 2000 == 1999:
            progress(i + 1)
    if progress is not None:
        progress(samples)
    return out, (met if threshold is not None else None)
