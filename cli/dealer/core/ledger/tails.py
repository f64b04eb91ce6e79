"""How far out a count is: the exact distribution of a sum of independent events, and its tail.

Each event of a ledger row adds a whole number to the row's count with its own chances: a yes or
no (a bust, a Joker) adds 1 with chance p, so the count of such events follows the Poisson-binomial
distribution; a number (cards dealt, raises) adds 0, 1, 2... with the chances the odds engine
gives it. The count's distribution is the convolution of every event's; it is computed exactly
(in floating point, never by a normal approximation), with events of the same chances taken
together: a group of m yes/no events of chance p is a binomial, m events of one distribution are
convolved by repeated squaring. Terms below ``NEGLIGIBLE`` at the ends of a distribution are
dropped as it is built (their mass is kept in ``Sum.dropped``, so no tail above ``FLOOR`` moves).

How unusual a count x is: the chance, under that distribution, of a count at least as far from
the expected count μ as x, on either side: P(|X - μ| >= |x - μ|). A count at the mean is 1; a
count no event could give is 0.

Two dice that bust with chance 1/6 and 1/3, busting twice:

>>> total = sum_of({(5 / 6, 1 / 6): 1, (2 / 3, 1 / 3): 1})
>>> [round(p, 6) for p in total.pmf], round(total.mean, 6)
([0.555556, 0.388889, 0.055556], 0.5)
>>> round(unusual(total, 2), 6)  # 2 is 1.5 from the mean; 0 is only 0.5 away
0.055556
"""

from __future__ import annotations

import heapq
import math
from operator import mul
from typing import NamedTuple

NEGLIGIBLE = 1e-40  # a term this small at either end of a distribution is dropped
FLOOR = 1e-30  # how unusual a count is, exactly, down to this; rarer counts are told as below it


class Sum(NamedTuple):
    """The distribution of a row's count: ``pmf[i]`` is the chance of ``offset + i``; ``mean`` and
    ``variance`` are exact (taken from the events, not the trimmed terms); ``dropped`` the mass of
    the terms trimmed away."""

    offset: int
    pmf: list
    mean: float
    variance: float
    dropped: float


def sum_of(groups: dict[tuple[float, ...], int]) -> Sum:
    """The distribution of the sum of independent events: ``groups`` maps an event's chances of
    0, 1, 2, ... to how many such events there are."""
    parts, dropped = [], 0.0
    mean = variance = 0.0
    for chances, count in groups.items():
        if count <= 0:
            continue
        first = sum(k * p for k, p in enumerate(chances))
        second = sum(k * k * p for k, p in enumerate(chances))
        mean += count * first
        variance += count * (second - first * first)
        at, terms, lost = _binomial(count, chances[1]) if len(chances) == 2 else _power(list(chances), count)
        parts.append((len(terms), len(parts), at, terms))
        dropped += lost
    # The two shortest first (as Huffman merges): the long convolutions come last, and few.
    heapq.heapify(parts)
    while len(parts) > 1:
        _, _, first_at, first = heapq.heappop(parts)
        _, order, second_at, second = heapq.heappop(parts)
        cut, terms, lost = _trim(_convolve(first, second))
        dropped += lost
        heapq.heappush(parts, (len(terms), order, first_at + second_at + cut, terms))
    offset, pmf = (parts[0][2], parts[0][3]) if parts else (0, [1.0])
    return Sum(offset, pmf, mean, max(variance, 0.0), dropped)


def unusual(total: Sum, observed: int) -> float:
    """P(|X - mean| >= |observed - mean|) under ``total`` (1 at the mean; see the module's docstring).
    Exact where at least ``FLOOR``; a smaller chance is returned as it came out, which may be 0."""
    far = abs(observed - total.mean) - 1e-9 * (1 + abs(total.mean))
    if far <= 0:
        return 1.0
    chance = math.fsum(p for i, p in enumerate(total.pmf) if abs(total.offset + i - total.mean) >= far)
    return min(1.0, chance)


def _binomial(count: int, p: float) -> tuple[int, list, float]:
    """The binomial(count, p) terms that are not negligible: (first value, terms, mass left out)."""
    if p <= 0.0:
        return 0, [1.0], 0.0
    if p >= 1.0:
        return count, [1.0], 0.0
    log_p, log_q = math.log(p), math.log1p(-p)
    top = math.lgamma(count + 1)

    def term(k: int) -> float:
        return math.exp(top - math.lgamma(k + 1) - math.lgamma(count - k + 1) + k * log_p + (count - k) * log_q)

    mode = min(count, int((count + 1) * p))
    low = high = mode
    while low > 0 and term(low - 1) >= NEGLIGIBLE:
        low -= 1
    while high < count and term(high + 1) >= NEGLIGIBLE:
        high += 1
    terms = [term(k) for k in range(low, high + 1)]
    return low, terms, max(0.0, 1.0 - math.fsum(terms))


def _power(chances: list, count: int) -> tuple[int, list, float]:
    """``count`` independent events of one distribution, convolved by repeated squaring."""
    at, out, lost = 0, [1.0], 0.0
    base_at, base, base_lost = 0, chances, 0.0
    while count:
        if count & 1:
            cut, out, gone = _trim(_convolve(out, base))
            at, lost = at + base_at + cut, lost + gone + base_lost
        count >>= 1
        if count:
            cut, base, gone = _trim(_convolve(base, base))
            base_at, base_lost = 2 * base_at + cut, 2 * base_lost + gone
    return at, out, lost


def _convolve(first: list, second: list) -> list:
    """The distribution of the sum of two independent counts (each a list of chances from 0): each
    term of the result one sum of products, taken by ``map`` in C."""
    if len(first) < len(second):
        first, second = second, first
    width, narrow = len(first), len(second)
    backwards = second[::-1]
    out = []
    for k in range(width + narrow - 1):
        low, high = max(0, k - narrow + 1), min(k, width - 1)
        start = narrow - 1 - k + low
        out.append(sum(map(mul, first[low:high + 1], backwards[start:start + high - low + 1])))
    return out


def _trim(pmf: list) -> tuple[int, list, float]:
    """Negligible terms off both ends: (terms cut at the start, what is left, mass cut)."""
    start, end = 0, len(pmf)
    while start < end - 1 and pmf[start] < NEGLIGIBLE:
        start += 1
    while end - 1 > start and pmf[end - 1] < NEGLIGIBLE:
        end -= 1
    if start == 0 and end == len(pmf):
        return 0, pmf, 0.0
    return start, pmf[start:end], math.fsum(pmf[:start]) + math.fsum(pmf[end:])
