"""The price of odds: a count's work in units, a hand evaluated or dealt in seconds.

A count by class is a few nested dynamic programmes whose size grows steeply with the cards
(``dealer odds hand 20`` once counted for 45 s), and how big they get is known only by
building them. So their hot loops add what they are about to do to a ``Work``, and a count
is bounded whatever the ruleset: past its budget it stops with ``TooMuchWork`` (nothing is
returned half-counted). A unit is about a third of a microsecond of one core (``UNIT_S``);
units are counted, not timed, so a question does the same work on any machine, loaded or
not, and tests read them. What visits or deals hands one by one (enumeration, simulation)
is priced before it starts, by ``hand_cost`` a hand.
"""

from __future__ import annotations

from dealer.errors import DealerError

CLASSIFY = 60  # units of evaluating one representative hand with the ruleset's own engine
UNIT_S = 0.35e-6  # seconds of one unit of work (measured on a shared 2-core machine)
COUNT_BUDGET = 6_000_000  # units a command lets one answer count (about 2 s)


def hand_cost(cards: int) -> float:
    """Estimated seconds to find the best hand of ``cards`` cards (measured on a shared 2-core
    machine; a tarot deck is near the top of the range). Past 20 cards the evaluator's work
    stops growing.

    >>> round(hand_cost(7) * 1e6), round(hand_cost(78) * 1e6)
    (38, 90)
    """
    return (10 + 4 * min(max(cards, 1), 20)) * 1e-6


def units(seconds: float) -> int:
    """``seconds`` of work in units (the price of hands visited one by one, against a budget)."""
    return int(seconds / UNIT_S)


class TooMuchWork(DealerError):
    """A count passed its budget of work (see ``Work``). ``fits``, where the count can tell, is
    the most cards a hand of the same question may have to be counted within the budget."""

    def __init__(self, done: int, budget: int, fits: int | None = None):
        super().__init__(f"counting this exactly takes more than about {budget * UNIT_S:.0f} s of work "
                         f"({done:,} units, over the budget of {budget:,})")
        self.done = done
        self.budget = budget
        self.fits = fits


class Work:
    """Units of work done so far; past ``budget`` (None: no limit) ``add`` raises ``TooMuchWork``.

    >>> work = Work(budget=10)
    >>> work.add(4); work.add(6); work.done
    10
    >>> try:
    ...     work.add(1)
    ... except TooMuchWork as stopped:
    ...     print(stopped.done, stopped.budget)
    11 10
    """

    __slots__ = ("done", "budget")

    def __init__(self, budget: int | None = None):
        self.done = 0
        self.budget = budget

    def add(self, units: int) -> None:
        self.done += units
        if self.budget is not None and self.done > self.budget:
            raise TooMuchWork(self.done, self.budget)
