"""A Random seeded at its first draw (a player's seat asks the table for its seed only then): the
same numbers as random.Random(seed) through every method the mechanics use, and no seed asked for
while nothing is drawn."""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

from dealer.deferred_random import DeferredRandom


def counted(seed):
    asked = []

    def seed_of():
        asked.append(seed)
        return seed

    return DeferredRandom(seed_of), asked


@given(st.integers(min_value=0, max_value=2**63 - 1))
def test_it_draws_as_the_random_of_its_seed(seed):
    deferred, asked = counted(seed)
    plain = random.Random(seed)
    assert deferred.getstate() is None and asked == []
    deck, again = list(range(54)), list(range(54))
    deferred.shuffle(deck)
    plain.shuffle(again)
    assert deck == again
    assert [deferred.randint(1, 6) for _ in range(5)] == [plain.randint(1, 6) for _ in range(5)]
    assert deferred.random() == plain.random() and deferred.choice("abc") == plain.choice("abc")
    assert deferred.sample(range(100), 3) == plain.sample(range(100), 3)
    assert deferred.getstate() == plain.getstate() and asked == [seed]  # asked once


def test_a_random_never_drawn_from_asks_for_no_seed():
    deferred, asked = counted(7)
    before = deferred.getstate()
    assert deferred.getstate() == before is None and asked == []
    deferred.setstate(random.Random(3).getstate())  # a state given: no seed to ask for
    assert deferred.random() == random.Random(3).random() and asked == []
