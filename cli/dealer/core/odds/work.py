"""The price of odds: a count's work in units, a hand evaluated or dealt in seconds.

A count by class is a few nested dynamic programmes whose size grows steeply with the cards
(``dealer odds hand 20`` once counted for 45 s), and how big they get is known only by
building them. So their hot loops add what they are about to do to a ``Work``, and a count
is bounded whatever the ruleset: past its budget it stops with ``TooMuchWork`` (nothing is
returned half-counted). A unit is about a third of a microsecond of one core (``UNIT_S``);
units are counted, not timed, so a question does the same work on any machine, loaded or
not, and tests read them. What visits or deals hands one by one (enumeration, simulation)
is priced before it starts, by ``hand_cost`` a hand; a conflict's deal by the hands a few of
them evaluate (``deal_cost`` with ``evaluation_clock``), never by a clock.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from dealer.errors import DealerError

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence

    from dealer.core.cards import Card
    from dealer.core.hands import Hand, Ranking
    from dealer.core.mechanics.conflict.contest import ContestDeals
    from dealer.core.mechanics.conflict.scores import ScoresDeals
    from dealer.core.ranks import Context
    from dealer.core.rules import Ruleset

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


# -- a conflict's deal, priced by the hands it evaluates --------------------------------------

CALIBRATION_DEALS = 200  # deals priced at most before a conflict's odds, to price the rest
CALIBRATION_S = 0.05  # and for no more than this (a Power user's deal can take milliseconds)


def deal_cost(deals: ContestDeals | ScoresDeals, timer: Callable[[], float]) -> float:
    """Estimated seconds of one deal of the conflict (``conflict.deals``): deals dealt as the
    odds deal them and measured with ``timer`` (a clock: ``evaluation_clock``'s), up to
    ``CALIBRATION_DEALS`` or ``CALIBRATION_S``, from a Random of their own (the odds' seeded
    deals stay the same)."""
    import random

    rng = random.Random(1)
    winner = deals.winner
    started = timer()
    done, elapsed = 0, 0.0
    while done < CALIBRATION_DEALS and (not done or elapsed < CALIBRATION_S):
        winner(rng)
        done += 1
        elapsed = timer() - started
    return elapsed / done


KEY_SHARE = 1 / 3  # a hand's key (the compiled fast path, no hand built) costs about this share of the hand


class PricedRanking:
    """A ruleset's ranking that adds the price of every hand it evaluates (``hand_cost``, a key
    ``KEY_SHARE`` of it) to a clock, and evaluates it: what a deal costs, the same on any
    machine, loaded or not."""

    def __init__(self, ranking: Ranking):
        self._ranking = ranking
        self.seconds = 0.0

    def best(self, cards: Sequence[Card], *rest: Context) -> Hand:
        self.seconds += hand_cost(len(cards))
        return self._ranking.best(cards, *rest)

    def key(self, cards: Sequence[Card], *rest: Context) -> tuple:
        self.seconds += hand_cost(len(cards)) * KEY_SHARE
        return self._ranking.key(cards, *rest)

    def __getattr__(self, name: str) -> object:
        return getattr(self._ranking, name)


def evaluation_clock(ruleset: Ruleset) -> tuple[Ruleset, Callable[[], float]]:
    """``(a copy of ruleset whose ranking is priced, its clock)``: deals made from the copy
    advance the clock by the hands they evaluate (``deal_cost``'s timer)."""
    import copy

    priced = copy.copy(ruleset)
    ranking = PricedRanking(ruleset.ranking)
    priced.__dict__["ranking"] = ranking  # over the cached property of the original
    return priced, lambda: ranking.seconds
