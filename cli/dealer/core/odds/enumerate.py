"""Hand odds the slow, obvious ways: visit every hand, or deal many at random.

Enumeration is the oracle the counting is tested against, and the fallback for a hand in
progress (cards held, a deck already thinned) when the number of hands is small. Sampling
is the last resort, with a standard error for every figure.
"""

from __future__ import annotations

from itertools import combinations


def enumerate_counts(ruleset, n: int, context, pool=None, held=(), threshold=None):
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


def sample_counts(ruleset, n: int, context, rng, samples: int, pool=None, held=(), threshold=None,
                  progress=None):
    """``({rank strength: hits}, hits meeting threshold or None)`` over ``samples`` random
    deals (``rng`` a ``random.Random``).

    ``progress`` (optional) is called with the number of samples done, every few thousand.
    """
    ranking = ruleset.ranking
    pool = list(ruleset.deck) if pool is None else list(pool)
    held = list(held)
    draw = n - len(held)
    out = {rank.strength: 0 for rank in ranking.ranks}
    best, meets = ranking.best, ranking.meets
    sample = rng.sample
    met = 0
    for i in range(samples):
        hand = best(held + sample(pool, draw), context)
        out[hand.rank.strength] += 1
        if threshold is not None and meets(hand, threshold):
            met += 1
        if progress is not None and i % 2000 == 1999:
            progress(i + 1)
    if progress is not None:
        progress(samples)
    return out, (met if threshold is not None else None)
