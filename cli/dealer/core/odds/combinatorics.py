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

from itertools import combinations, product
from math import factorial
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from dealer.core.odds.work import Work


def _profile_no_flush(profile, suits: int, f: int, work=None) -> int:
    """Suit assignments (each rank's copies in distinct suits) where no suit gets ``f`` cards
    (``work``, a ``work.Work``, is told the steps)."""
    states = {(0,) * suits: 1}
    for count in profile:
        subsets = list(combinations(range(suits), count))
        if work is not None:
            work.add(len(states) * len(subsets))
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


GOOD = -1  # a rank set already good, whatever else it gets


def minimal_sets(good: list[bool]) -> list[int]:
    """The minimal masks of a monotone table ``good[mask]`` (good, and no bit can be dropped).

    >>> good = [bin(mask).count("1") >= 2 for mask in range(8)]  # two of three ranks
    >>> minimal_sets(good)
    [3, 5, 6]
    """
    out = []
    for mask, ok in enumerate(good):
        if ok:
            rest = mask
            while rest:
                low = rest & -rest
                if good[mask ^ low]:
                    break
                rest ^= low
            else:
                out.append(mask)
    return out


class _Progress:
    """How far a rank set has come toward a monotone family of minimal sets, rank by rank.

    After the ranks of ``order[:p + 1]``, a set's future depends only on which minimal sets
    it can still complete (their ranks seen so far are all in it): its *canonical* mask is
    the union of those sets' seen parts. ``step`` maps (position, mask, taken) to the next
    canonical state, ``GOOD`` once a minimal set is complete, or None when none is left.
    """

    def __init__(self, minimal, order):
        self.order = order
        seen = 0
        self.live = []  # per position: [(seen part, ranks still to come)] of the sets not complete
        self.complete = []  # per position: the sets completed by its rank
        for bit in order:
            before = seen
            seen |= 1 << bit
            self.live.append([(m & seen, (m & ~seen).bit_count()) for m in minimal if m & ~seen])
            self.complete.append([m for m in minimal if m & seen == m and m & ~before != 0])
        self._cache = {}

    def step(self, p: int, mask: int, taken: bool) -> tuple:
        """``(state, ranks still needed at least)`` after position ``p`` (``GOOD``: 0)."""
        key = (p, mask, taken)
        found = self._cache.get(key)
        if found is None:
            if taken:
                mask |= 1 << self.order[p]
                if any(m & mask == m for m in self.complete[p]):
                    found = self._cache[key] = (GOOD, 0)
                    return found
            canon, need = 0, None
            for part, left in self.live[p]:
                if part & mask == part:
                    canon |= part
                    if need is None or left < need:
                        need = left
            found = self._cache[key] = (canon, need) if need is not None else (None, None)
        return found


def good_tuples(minimal: list[int], order: list[int], m: int, most: int, work: Work | None = None) -> dict:
    """``{u: ordered m-tuples of good rank sets}``, ``u[j - 1]`` counting the ranks that lie in
    exactly j of the sets; only tuples whose sizes add up to at most ``most``.

    A good set is one holding one of the ``minimal`` sets (masks over rank bits); the ranks
    are visited in ``order`` (a good order keeps each minimal set's ranks close together).
    A dynamic programme over the ranks: each set's state is its progress (``_Progress``), the
    states of the m sets sorted (the sets are interchangeable), with the type counts ``u``;
    ``work`` (a ``work.Work``) is told the steps.

    >>> minimal = [0b011, 0b110]  # two adjacent ranks of three
    >>> good_tuples(minimal, [0, 1, 2], 1, 3)  # {0,1}, {1,2} and {0,1,2}
    {(2,): 2, (3,): 1}
    >>> sum(good_tuples(minimal, [0, 1, 2], 2, 6).values())  # 3 good sets, ordered pairs
    9
    """
    progress = _Progress(minimal, order)
    choices = list(product((0, 1), repeat=m))
    states = {((0,) * m, (0,) * m, 0): 1}
    for p in range(len(order)):
        if work is not None:
            work.add(len(states) * len(choices) * (1 + m))
        step = progress.step
        grown = {}
        for (sets, u, used), ways in states.items():
            options = []
            for state in sets:
                if state == GOOD:
                    options.append(((GOOD, 0), (GOOD, 0)))
                else:
                    options.append((step(p, state, False), step(p, state, True)))
            for choice in choices:
                taken = sum(choice)
                if used + taken > most:
                    continue
                new, need = [], 0
                for option, inside in zip(options, choice):
                    state, left = option[inside]
                    if state is None:
                        break
                    new.append(state)
                    need += left
                else:
                    if used + taken + need > most:
                        continue
                    new.sort()
                    key = (tuple(new), u if not taken else u[:taken - 1] + (u[taken - 1] + 1,) + u[taken:],
                           used + taken)
                    grown[key] = grown.get(key, 0) + ways
        states = grown
    out = {}
    for (sets, u, _), ways in states.items():
        if all(state == GOOD for state in sets):
            out[u] = out.get(u, 0) + ways
    return out
