"""How unusual a count is (``dealer.core.ledger.tails``), against an exact Poisson-binomial computed
here, apart from the code's: the textbook recurrence over the trials one by one, in exact fractions,
and the two-sided tail summed from it term by term."""

from __future__ import annotations

import math
import random
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from dealer.core.ledger.tails import FLOOR, sum_of, unusual


def exact_sum(trials):
    """The distribution of the sum of independent trials, each a list of Fraction chances of 0, 1, ...:
    one trial at a time (for yes-or-no trials, the Poisson-binomial's recurrence)."""
    pmf = [Fraction(1)]
    for chances in trials:
        out = [Fraction(0)] * (len(pmf) + len(chances) - 1)
        for i, p in enumerate(pmf):
            for k, q in enumerate(chances):
                out[i + k] += p * q
        pmf = out
    return pmf


def exact_unusual(pmf, observed):
    """P(|X - mean| >= |observed - mean|), exactly."""
    mean = sum(k * p for k, p in enumerate(pmf))
    far = abs(observed - mean)
    return sum(p for k, p in enumerate(pmf) if abs(k - mean) >= far)


def grouped(trials):
    groups = {}
    for chances in trials:
        key = tuple(float(p) for p in chances)
        groups[key] = groups.get(key, 0) + 1
    return groups


def close(a, b, rel=1e-9, floor=1e-300):
    return abs(a - b) <= rel * max(abs(a), abs(b)) + floor


def test_two_dice_busting_twice_is_their_both_busting():
    trials = [[Fraction(5, 6), Fraction(1, 6)], [Fraction(2, 3), Fraction(1, 3)]]
    total = sum_of(grouped(trials))
    assert [round(p, 12) for p in total.pmf] == [round(float(p), 12) for p in exact_sum(trials)]
    assert close(unusual(total, 2), float(exact_unusual(exact_sum(trials), 2)))  # 1/18
    assert unusual(total, 0) == 1.0 or close(unusual(total, 0), float(exact_unusual(exact_sum(trials), 0)))


@settings(max_examples=60, deadline=None)
@given(st.lists(st.fractions(min_value=0, max_value=1, max_denominator=60), min_size=1, max_size=40),
       st.data())
def test_yes_or_no_trials_follow_the_exact_poisson_binomial(chances, data):
    trials = [[1 - p, p] for p in chances]
    exact = exact_sum(trials)
    total = sum_of(grouped(trials))
    assert close(total.mean, float(sum(chances)), rel=1e-12, floor=1e-12)
    for k, p in enumerate(exact):
        got = total.pmf[k - total.offset] if 0 <= k - total.offset < len(total.pmf) else 0.0
        assert close(got, float(p), rel=1e-9, floor=1e-40), (k, got, float(p))
    observed = data.draw(st.integers(0, len(chances)))
    want = float(exact_unusual(exact, observed))
    assert close(unusual(total, observed), want, rel=1e-9, floor=1e-35), (observed, want)


@settings(max_examples=40, deadline=None)
@given(st.lists(st.lists(st.integers(0, 9), min_size=2, max_size=6).filter(any), min_size=1, max_size=12),
       st.lists(st.integers(1, 5), min_size=12, max_size=12), st.data())
def test_counts_of_more_than_one_follow_the_exact_convolution(shapes, repeats, data):
    """Trials that add 0, 1, 2, ... (raises, cards dealt, Jokers in a deal), several of each kind."""
    kinds = [[Fraction(w, sum(weights)) for w in weights] for weights in shapes]
    trials = [kind for kind, times in zip(kinds, repeats) for _ in range(times)]
    exact = exact_sum(trials)
    total = sum_of(grouped(trials))
    top = len(exact) - 1
    observed = data.draw(st.integers(0, top))
    want = float(exact_unusual(exact, observed))
    assert close(unusual(total, observed), want, rel=1e-9, floor=1e-35), (observed, want)
    mean = sum(k * p for k, p in enumerate(exact))
    assert close(total.mean, float(mean), rel=1e-12, floor=1e-12)


def test_a_far_tail_is_exact_down_to_the_floor():
    """600 rolls of a 1-in-6 chance (100 expected) with 160 seen: a tail near 1e-10; 215 seen, near 1e-29."""
    p = Fraction(1, 6)
    n = 600
    exact = [math.comb(n, k) * p ** k * (1 - p) ** (n - k) for k in range(n + 1)]
    total = sum_of({(5 / 6, 1 / 6): n})
    for observed in (100, 120, 160, 200, 215, 40):
        want = float(exact_unusual(exact, observed))
        assert want > FLOOR
        assert close(unusual(total, observed), want, rel=1e-8), (observed, want)


def test_many_trials_of_different_chances_in_good_time():
    """10,000 yes-or-no trials, each of its own chance: exact, and quick (the ledger's worst row)."""
    import time

    rng = random.Random(33)
    chances = [rng.random() for _ in range(10_000)]
    started = time.process_time()
    total = sum_of(grouped([[1 - p, p] for p in chances]))
    assert time.process_time() - started < 5
    assert close(total.mean, sum(chances), rel=1e-9)
    assert close(sum(total.pmf) + total.dropped, 1.0, rel=1e-12)
    assert total.dropped < 1e-30
    assert unusual(total, round(total.mean)) > 0.9


def test_certain_and_impossible_trials_move_nothing():
    total = sum_of({(0.0, 1.0): 3, (1.0, 0.0): 5, (0.5, 0.5): 2})
    assert total.offset == 3 and [round(p, 12) for p in total.pmf] == [0.25, 0.5, 0.25]
    assert unusual(total, 4) == 1.0 and close(unusual(total, 5), 0.5)
    assert unusual(total, 9) == 0.0  # no count of trials could give it
