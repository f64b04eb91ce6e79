"""Small counting helpers: partitions, arrangements and suit deals of rank multiplicities.

>>> list(_partitions(5, 2, 4))
[(4, 1), (3, 2)]
>>> list(_arrangements((2, 1, 1)))
[(2, 1, 1), (1, 2, 1), (1, 1, 2)]
>>> _profile_no_flush((1, 1, 1, 1, 1), 4, 5)  # five single ranks in four suits, no suit five times
1020
>>> _bounded_compositions([4] * 13, 2)  # rank counts of two cards from a 52-card deck
91
"""

from __future__ import annotations

from itertools import combinations
from math import factorial


def _profile_no_flush(profile, suits: int, f: int) -> int:
    """Suit assignments (each rank's copies in distinct suits) where no suit gets ``f`` cards."""
    states = {(0,) * suits: 1}
    for count in profile:
        subsets = list(combinations(range(suits), count))
        grown = {}
        for state, ways in states.items():
            for subset in subsets:
                new = list(state)
                ok = True
                for s in subset:
                    new[s] += 1
                    if new[s] >= f:
                        ok = False
                        break
                if ok:
                    key = tuple(sorted(new))
                    grown[key] = grown.get(key, 0) + ways
        states = grown
    return sum(states.values())


def _arrangements(profile):
    """Distinct orders of a multiset of multiplicities."""
    if not profile:
        yield ()
        return
    seen = set()
    for i, first in enumerate(profile):
        if first in seen:
            continue
        seen.add(first)
        for rest in _arrangements(profile[:i] + profile[i + 1:]):
            yield (first,) + rest


def _partitions(total: int, parts: int, largest: int):
    """Non-increasing tuples of ``parts`` positive integers at most ``largest`` summing to ``total``."""
    if parts == 0:
        if total == 0:
            yield ()
        return
    for first in range(min(largest, total - parts + 1), 0, -1):
        if first * parts < total:
            break
        for rest in _partitions(total - first, parts - 1, first):
            yield (first,) + rest


def _multinomial_arrangements(profile) -> int:
    out = factorial(len(profile))
    seen = {}
    for count in profile:
        seen[count] = seen.get(count, 0) + 1
    for repeat in seen.values():
        out //= factorial(repeat)
    return out


def _sub_arrangements(profile, size):
    """``(head, rest)``: every distinct ordered choice of ``size`` parts of ``profile``, and
    the parts left (non-increasing)."""
    if size == 0:
        yield (), profile
        return
    seen = set()
    for i, part in enumerate(profile):
        if part in seen:
            continue
        seen.add(part)
        for head, rest in _sub_arrangements(profile[:i] + profile[i + 1:], size - 1):
            yield (part,) + head, rest


def _compositions(total, parts):
    """Every way to write ``total`` as an ordered sum of ``parts`` non-negative integers."""
    if parts == 1:
        yield (total,)
        return
    for first in range(total + 1):
        for rest in _compositions(total - first, parts - 1):
            yield (first,) + rest


def _tuples(items, m):
    """Ordered m-tuples (with repetition) of ``items``: the suits named good are distinct
    suits, but two of them may hold the same ranks."""
    if m == 1:
        for item in items:
            yield (item,)
        return
    for item in items:
        for rest in _tuples(items, m - 1):
            yield (item,) + rest


def _bounded_compositions(caps, total: int) -> int:
    """How many vectors ``d`` with ``0 <= d[i] <= caps[i]`` sum to ``total``."""
    ways = [1] + [0] * total
    for cap in caps:
        grown = [0] * (total + 1)
        for reached, count in enumerate(ways):
            if count:
                for more in range(min(cap, total - reached) + 1):
                    grown[reached + more] += count
        ways = grown
    return ways[total]
