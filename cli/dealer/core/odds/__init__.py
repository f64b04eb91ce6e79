"""Exact odds of poker-hand draws: counted by class, enumerated, or (last) simulated.

``hand_odds`` answers "what is the best hand of N cards dealt from this deck?" for a
ruleset and a wild-card context, as counts per hand rank over every possible hand. The
method is reported: ``counted`` (by equivalence classes, see ``counting``; a hand in
progress by sweeping the ranks of its draws, see ``holding``), ``enumerated`` (every hand
visited: what counting cannot take, a plain card wild in the context for one, when the
hands are few) or ``simulated`` (random deals, with a standard error per figure). Every
shipped ruleset's hands are counted, cards held and thinned decks included.

Five cards from a huckster's 54-card deck, both Jokers wild:

>>> from dealer.store.rulesets import load
>>> odds = hand_odds(load("deadlands"), 5, minimum="ace")
>>> odds.method, odds.total, odds.count("five-of-a-kind"), odds.count("royal-flush")
('counted', 3162510, 78, 84)
>>> odds.at_least("pair"), odds.met, odds.total - odds.met
(1859970, 2362830, 799680)

Three eights held, two cards to come from the other 51:

>>> deadlands = load("deadlands")
>>> eights = hand_odds(deadlands, 5, holding=deadlands.deck.parse_many("8s 8h 8d"), minimum="full house")
>>> eights.method, eights.total, eights.count("five-of-a-kind"), eights.count("four-of-a-kind"), eights.met
('counted', 1275, 3, 144, 219)
"""

from __future__ import annotations

from math import comb

from dealer.errors import DealerError

from typing import TYPE_CHECKING
if TYPE_CHECKING:
    import random
    from collections.abc import Callable, Iterable

    from dealer.core.cards import Card
    from dealer.core.ranks import Context
    from dealer.core.rules import Ruleset

ENUMERATE_LIMIT = 150_000  # hands visited one by one at most (and only within the budget of work)
DEFAULT_SAMPLES = 100_000
SWEPT_FROM = 14  # whole-deck hands of this many cards or more are counted rank by rank (``holding``)


class OddsError(DealerError):
    """A question the odds cannot answer as asked (too many cards, an empty sample...)."""


class TooManySamples(OddsError):
    """A simulation priced over its limit before it starts: ``seconds`` estimated, ``fits`` the
    samples that would not pass it."""

    def __init__(self, samples: int, seconds: float, limit: float):
        self.samples, self.seconds, self.limit = samples, seconds, limit
        self.fits = max(1, int(samples * limit / seconds))
        super().__init__(f"{samples:,} random deals would take about {seconds:.0f} s; ask for {self.fits:,} or fewer")


class HandOdds:
    """Counts of the best hand's rank over all hands (or over ``samples`` random ones).

    ``rows`` is ``[(HandRank, count)]`` strongest first; ``total`` the number of hands
    counted (or samples drawn); ``exact`` tells counted and enumerated from simulated.
    """

    def __init__(self, *, ranking, n, context, rows, total, method, work=0, held=(), pool=0, samples=0,
                 threshold=None, met=None, met_method=None, met_total=None):
        self.ranking = ranking
        self.n = n
        self.context = context
        self.rows = rows
        self.total = total
        self.method = method
        self.work = work  # units of work counted (``work.Work``): what a count cost, on any machine
        self.held = tuple(held)
        self.pool = pool
        self.samples = samples
        self.threshold = threshold  # (text, (HandRank, least)) or None
        self.met = met
        self.met_method = met_method or method
        self.met_total = met_total or total

    @property
    def exact(self) -> bool:
        return self.method != "simulated"

    def count(self, rank_id: str) -> int:
        for rank, count in self.rows:
            if rank.id == rank_id:
                return count
        raise KeyError(rank_id)

    def at_least(self, rank_id: str) -> int:
        """Hands whose best is rank ``rank_id`` or stronger."""
        strength = next(rank.strength for rank, _ in self.rows if rank.id == rank_id)
        return sum(count for rank, count in self.rows if rank.strength >= strength)


def _threshold_met(ranking, rows, threshold):
    rank, least = threshold
    return sum(count for r, count in rows if r.strength > rank.strength or (r.strength == rank.strength and not least))


def hand_odds(ruleset: Ruleset, n: int, context: str | Context | None = None, *, holding: Iterable[Card] = (),
              deck_left: Iterable[Card] | None = None, minimum: str | None = None, simulate: bool = False,
              samples: int = DEFAULT_SAMPLES, rng: random.Random | None = None,
              progress: Callable[[int], object] | None = None, limit: int = ENUMERATE_LIMIT,
              budget: int | None = None, simulation_limit: float | None = None) -> HandOdds:
    """The best-hand distribution of ``n`` cards from ``ruleset``'s deck in ``context``.

    ``holding``: cards already in the hand (they count toward ``n``); ``deck_left``: the
    cards still to draw from (default: the deck without the held cards); ``minimum``: a
    threshold text (``"pair of jacks"``) whose chance is reported. Counting is used whenever
    the ranking and context allow it (by class over the whole deck, or by rank counts for
    held cards and a thinned deck), else enumeration up to ``limit`` hands, else ``samples``
    random deals from ``rng`` (``simulate`` forces that).

    ``budget`` (units of ``work.Work``; None: no limit) bounds what is counted exactly: a count
    that would pass it raises ``work.TooMuchWork`` (with ``fits``, where known), and hands are
    enumerated only where their price (``work.hand_cost`` each) fits what is left of it.
    ``simulation_limit`` (seconds) bounds a simulation, priced before it starts
    (``enumerate.sample_seconds``): one over it raises ``TooManySamples``. Whole-deck hands
    of ``SWEPT_FROM`` cards or more are counted by the sweep of ``holding``, cheaper there.
    """
    from dealer.core.odds.counting import Counter, Unsupported
    from dealer.core.odds.enumerate import enumerate_counts, sample_counts, sample_seconds
    from dealer.core.odds.holding import HeldCounter
    from dealer.core.odds.work import Work, hand_cost, units

    deck = ruleset.deck
    ranking = ruleset.ranking
    context_obj = context if context is not None and not isinstance(context, str) else ruleset.context(context)
    held = list(holding)
    if n < 1:
        raise OddsError(f"a hand needs at least one card (asked for {n})")
    if deck_left is None:
        pool = [card for card in deck if card not in set(held)]
        whole = not held
    else:
        pool = list(deck_left)
        both = sorted({c.code for c in pool} & {c.code for c in held})
        if both:
            raise OddsError(f"card {', '.join(both)} is both held and left in the deck: give each card once")
        whole = not held and len(pool) == len(deck)
    draw = n - len(held)
    if draw < 0:
        raise OddsError(f"{len(held)} cards are held already: ask for a hand of at least {len(held)} cards")
    if draw > len(pool):
        raise OddsError(f"cannot deal {n} cards: the deck has {len(pool)} cards left"
                        + (f" and {len(held)} are held" if held else "")
                        + f"; ask for at most {len(pool) + len(held)}")
    if simulate and samples < 1:
        raise OddsError("--samples must be at least 1")
    threshold = (minimum, ruleset.threshold(minimum)) if minimum else None
    method, counts, total, met, met_method, met_total = None, None, 0, None, None, None
    counters = []  # what can count this hand, the first the one that counted it
    work = Work(budget)
    hands = comb(len(pool), draw)

    def affordable(cost_units: int) -> bool:
        return budget is None or work.done + cost_units <= budget

    def simulated(check: tuple | None) -> tuple[dict[int, int], int | None]:
        seconds = sample_seconds(n, len(pool), draw, samples)
        if simulation_limit is not None and seconds > simulation_limit:
            raise TooManySamples(samples, seconds, simulation_limit)
        return sample_counts(ruleset, n, context_obj, rng, samples, pool, held, check, progress)

    if not simulate:
        try:
            whole_deck = Counter(ruleset, context_obj, work=work)
            swept = HeldCounter(whole_deck, held, pool)
            counters = [swept] if not whole else [swept, whole_deck] if n >= SWEPT_FROM else [whole_deck, swept]
        except Unsupported:
            counters = []
        for counter in counters:
            try:
                counts = counter.count(n)
                method, total = "counted", hands
                break
            except Unsupported:
                counts = None
    if counts is None and not simulate and hands <= limit and affordable(units(hands * hand_cost(n))):
        work.add(units(hands * hand_cost(n)))
        counts, met = enumerate_counts(ruleset, n, context_obj, pool, held, threshold and threshold[1])
        method, total = "enumerated", hands
    if counts is None:
        if samples < 1:
            raise OddsError("--samples must be at least 1")
        counts, met = simulated(threshold and threshold[1])
        method, total = "simulated", samples
    rows = [(rank, counts[rank.strength]) for rank in ranking.ranks]
    if threshold is not None and met is None:
        rank, least = threshold[1]
        met_method, met_total = method, total
        met = _threshold_met(ranking, rows, threshold[1])
        if least:
            # The threshold splits its rank by the top value ("pair of jacks"): a refined count.
            met = None
            if method == "counted":
                # The whole-deck count refines fewer shapes than a sweep over the ranks.
                for candidate in counters:
                    try:
                        met = total - candidate.count_failing(n, threshold[1])
                        break
                    except Unsupported:
                        met = None
            if met is None:  # not countable: visit or sample the hands
                if hands <= limit and affordable(units(hands * hand_cost(n))):
                    work.add(units(hands * hand_cost(n)))
                    _, met = enumerate_counts(ruleset, n, context_obj, pool, held, threshold[1])
                    met_method, met_total = "enumerated", hands
                else:
                    _, met = simulated(threshold[1])
                    met_method, met_total = "simulated", samples
    return HandOdds(ranking=ranking, n=n, context=context_obj, rows=rows, total=total, method=method,
                    work=work.done, held=held, pool=len(pool), samples=total if method == "simulated" else 0, threshold=threshold, met=met,
                    met_method=met_method, met_total=met_total)
