"""Odds of the mechanics built on hands and trait rolls: hexes, spells, action cards, gadgets,
conflicts.

Each combines the exact trait-roll odds (``dealer.core.dice.trait_roll_odds``, floats) with
exact card counts (``counting``), so the figures are exact up to floating-point rounding
and the dice odds' own cut-off (``RollOdds.cut``, below 1e-12). Where a figure needs cards
that cannot be counted, it is simulated, and the method says so: a conflict of two hands or
more is dealt again and again by the conflict mechanic's own deals (``conflict.deals``).

A huckster's soul blast (minimum: ace high) with 5d10 at level 4:

>>> from dealer.store.rulesets import load
>>> from dealer.core.dice import trait_roll_odds
>>> deadlands = load("deadlands")
>>> cast = huckster_odds(deadlands, trait_roll_odds(5, 10), level=4, minimum="ace")
>>> round(cast["works"] + cast["fizzles"] + cast["failure"] + cast["bust"] + cast["cut"], 9)
1.0
>>> cast["method"], round(cast["works"], 4)
('counted', 0.8045)
"""

from __future__ import annotations

import random
from itertools import combinations
from math import comb
from typing import TYPE_CHECKING, NamedTuple

from dealer.core.cards import SPECIAL
from dealer.core.odds import ENUMERATE_LIMIT, SWEPT_FROM, OddsError
from dealer.core.odds.work import TooMuchWork, Work, hand_cost, units

if TYPE_CHECKING:
    from collections.abc import Callable, Iterable

    from dealer.core.dice import RollOdds
    from dealer.core.mechanics.conflict.common import ContestRequest, ScoresRequest
    from dealer.core.mechanics.conflict.contest import ContestDeals
    from dealer.core.mechanics.conflict.scores import ScoresDeals
    from dealer.core.odds.counting import Counter
    from dealer.core.ranks import Context, HandRank
    from dealer.core.rules import Ruleset

SEVERITY = ("none", "one joker", "bust", "both jokers")  # mechanics.hex: one Joker < bust < both
TAIL = 1e-7  # raise outcomes rarer than this (summed) are bounded, not counted


class _Failures:
    """Hands of n cards that miss a threshold, by counting where possible; cached per n. Every n
    counts, visits or deals against one budget of work (``work.Work``; None: no limit)."""

    def __init__(self, ruleset: Ruleset, context: Context, threshold: tuple[HandRank, int],
                 rng: random.Random | None = None, samples: int = 20_000, dead: int | None = None,
                 budget: int | None = None):
        self.work = Work(budget)
        self.ruleset = ruleset
        self.context = context
        self.threshold = threshold
        self.rng = rng
        self.samples = samples
        self.dead = dead
        self.methods = set()
        self._counters = {}
        self._cache = {}

    def _counter(self):
        from dealer.core.odds.counting import Counter

        if None not in self._counters:
            self._counters[None] = Counter(self.ruleset, self.context, work=self.work)
        return self._counters[None]

    def __call__(self, n: int):
        """``(hands that miss, hands)`` for n cards from the full deck."""
        if n not in self._cache:
            self._cache[n] = self._compute(n)
        return self._cache[n][:2]

    def sampled(self, n: int) -> bool:
        return self._cache[n][2] == "simulated"

    def _compute(self, n):
        from dealer.core.odds.counting import Unsupported
        from dealer.core.odds.enumerate import enumerate_counts, sample_counts, sample_seconds
        from dealer.core.odds.holding import HeldCounter

        deck = self.ruleset.deck
        rank, least = self.threshold
        total = comb(len(deck), n)
        try:
            if self.dead is not None:
                if least:
                    raise Unsupported("a threshold on a top value, by dead cards")
                miss = self._counter().count_below(n, rank.strength, dead=self.dead)
            elif n >= SWEPT_FROM:  # many cards: the sweep is the cheaper count
                miss = HeldCounter(self._counter(), [], list(deck)).count_failing(n, self.threshold)
            else:
                miss = self._counter().count_failing(n, self.threshold)
            self.methods.add("counted")
            return miss, total, "counted"
        except Unsupported:
            pass
        if self.dead is not None:
            raise OddsError("this figure needs counting by dead cards, which this ruleset does not allow")
        if total <= ENUMERATE_LIMIT:
            self.work.add(units(total * hand_cost(n)))
            _, met = enumerate_counts(self.ruleset, n, self.context, threshold=self.threshold)
            self.methods.add("enumerated")
            return total - met, total, "enumerated"
        self.work.add(units(sample_seconds(n, len(deck), n, self.samples)))
        _, met = sample_counts(self.ruleset, n, self.context, self.rng, self.samples, threshold=self.threshold)
        self.methods.add("simulated")
        return self.samples - met, self.samples, "simulated"


def _method(methods) -> str:
    for name in ("simulated", "enumerated"):
        if name in methods:
            return name
    return "counted"


def hex_misses(ruleset: Ruleset, minimum: str, rng: random.Random | None = None, samples: int = 20_000,
               budget: int | None = None) -> _Failures:
    """The hands of each size that miss a hex's ``minimum`` in the hex's context, each size counted
    once: one of these serves every ``huckster_odds`` of that minimum (``misses``)."""
    context = ruleset.context(ruleset.hex["context"] or None)
    return _Failures(ruleset, context, ruleset.threshold(minimum), rng, samples, budget=budget)


def huckster_odds(ruleset: Ruleset, roll: RollOdds, *, level: int, minimum: str, rng: random.Random | None = None,
                  samples: int = 20_000, budget: int | None = None, misses: _Failures | None = None) -> dict:
    """A huckster's hex (seed 000): the chance it works, fizzles, fails the roll, and of each backlash.

    ``roll`` is ``trait_roll_odds`` of the hexslingin' roll. A success with k raises draws
    ``base_cards + k * cards_per_raise`` cards (no cap); the backlash rules are re-derived
    from ``ruleset.hex`` (``backlash_always``, ``backlash_below_level``), as in
    ``mechanics.hex.backlash``: one Joker < bust < both Jokers.

    The hands of each size are counted against one ``budget`` of work (``work.Work``), or taken from
    ``misses`` (``hex_misses`` of the same minimum: counted once for several casts). Raises
    rarer than ``TAIL`` in all, and those whose hands would pass the budget, are bounded (the
    chance to work only grows with the cards), not counted: ``unresolved``, and
    ``counted_up_to`` the most cards counted where the budget stopped the count.
    """
    from dealer.core.mechanics.hex import common as hexes

    deck = ruleset.deck
    size = len(deck)
    threshold = ruleset.threshold(minimum)
    failures = misses or hex_misses(ruleset, minimum, rng, samples, budget)
    codes, active_codes = hexes.backlash_cards(ruleset, level)
    listed = [card for card in deck if card.code in codes]
    active = {card for card in listed if card.code in active_codes}
    works = fizzles = 0.0
    severity = [0.0, 0.0, roll.bust, 0.0]
    drawn = {card.code: 0.0 for card in listed}
    both = 0.0
    cards_dist = {}
    unresolved = 0.0
    variance = 0.0  # of works (and fizzles) where hands were sampled
    remaining = sum(roll.raises)
    last_rate = None
    counted_up_to = stopped = None
    for raises, p in enumerate(roll.raises):
        remaining -= p
        if p <= 0:
            continue
        n = min(hexes.hex_cards(ruleset, raises), size)
        cards_dist[n] = cards_dist.get(n, 0.0) + p
        # P(works) only grows with more cards: past the tail, or past the budget, bound what is
        # left instead of counting it.
        bound = last_rate == 1.0 or (last_rate is not None and (remaining + p < TAIL or stopped))
        if not bound:
            try:
                miss, total = failures(n)
            except TooMuchWork:
                if last_rate is None:
                    raise  # not even the fewest cards count within the budget
                stopped, bound = n, True
        if bound:
            works += p * last_rate
            unresolved += p * (1 - last_rate)
        else:
            counted_up_to = n
            last_rate = 1 - miss / total
            works += p * last_rate
            fizzles += p * (1 - last_rate)
            if failures.sampled(n):
                variance += p * p * last_rate * (1 - last_rate) / total
        for k in range(len(listed) + 1):
            for subset in combinations(listed, k):
                chance = comb(size - len(listed), n - k) / comb(size, n) if n >= k else 0.0
                if not chance:
                    continue
                jokers = hexes.both_jokers(subset, codes)
                backlashes = any(card in active for card in subset)
                severity[hexes.severity(jokers and backlashes, False, backlashes)] += p * chance
                if jokers:
                    both += p * chance
                for card in subset:
                    if card in active:
                        drawn[card.code] += p * chance
    severity[0] += roll.failure
    return {
        "style": "huckster",
        "level": level,
        "minimum": minimum,
        "threshold_rank": threshold[0].id,
        "works": works,
        "fizzles": fizzles,
        "failure": roll.failure,
        "bust": roll.bust,
        "unresolved": unresolved,  # tail raises whose cards were bounded, not counted
        "counted_up_to": counted_up_to if stopped else None,  # the most cards counted, where more would pass the budget
        "cut": roll.cut,
        "backlash": sum(severity[1:]),
        "backlash_by_card": drawn,
        "both_jokers": both,
        "severity": dict(zip(SEVERITY, severity)),
        "active": sorted(card.code for card in active),
        "cards": sorted(cards_dist.items()),
        "method": _method(failures.methods),
        "samples_per_size": samples if "simulated" in failures.methods else 0,
        "stderr": variance ** 0.5,
    }


class _DrawCount(NamedTuple):
    """Every n-card skill draw (with its wild picks) counted: the hands of each rank, those of
    the threshold's rank short of its least value, the busts."""

    counter: Counter
    total: int
    counts: dict[int, int]
    short: int
    bust: int

    def met_by_rank(self, rank: HandRank, threshold: tuple[HandRank, int]) -> int:
        """How many of the hands whose best hand is ``rank`` meet ``threshold``."""
        if rank.strength < threshold[0].strength:
            return 0
        return self.counts[rank.strength] - (self.short if rank.strength == threshold[0].strength else 0)


def count_draw(ruleset: Ruleset, context: Context, n: int, pick: int,
                threshold: tuple[HandRank, int], budget: int | None = None) -> _DrawCount | None:
    """An n-card skill draw with ``pick`` wild picks, counted (``Counter``: a pick is a wild card
    more, on five cards or more) within ``budget`` units of work; None where it cannot be
    counted. The Jokers that bust must be the context's dead cards, and the least success (a
    pair) have no least value."""
    from dealer.core.odds.counting import HAND_SIZE, Counter, Unsupported

    deck, rules = ruleset.deck, ruleset.draws
    least_rank, least_value = ruleset.threshold(rules["target"])
    bust_cards = {deck.parse(code) for code in rules["bust_cards"]}
    dead = {card for card in deck if card.kind == SPECIAL and card not in context.wild}
    if (pick and n < HAND_SIZE) or least_value or bust_cards != dead:
        return None
    try:
        counter = Counter(ruleset, context, extra_wilds=pick, work=Work(budget))
        counts = counter.count(n)
        bust = sum(counter.count_below(n, least_rank.strength, dead=j) for j in range(1, len(dead) + 1))
        # The target's rank below its least value ("pair of jacks") is no success.
        short = counter.count_failing(n, threshold) - sum(
            counts[rank.strength] for rank in ruleset.ranking.ranks if rank.strength < threshold[0].strength)
    except Unsupported:
        return None
    return _DrawCount(counter, comb(len(deck), n), counts, short, bust)


def spell_odds(ruleset: Ruleset, *, skill: int, wild_pick: bool = False, target: str | None = None,
               rng: random.Random | None = None, samples: int = 20_000, modifiers: Iterable[int] = (),
               budget: int | None = None) -> dict:
    """A poker-hands spell (seed 003): success, each effect, and bust (a Joker with less than a pair).

    Counted, a wild pick too: on five cards or more the best hand with a pick has the rank of
    the best hand of the cards and one fully wild card more (``Counter``'s ``extra_wilds``).
    """
    from dealer.core.mechanics import draws
    from dealer.core.results import effect_label

    rules = ruleset.draws
    deck = ruleset.deck
    context = ruleset.context(rules["context"] or None)
    size = draws.draw_size(ruleset, skill, list(modifiers), wild_pick=wild_pick)
    n, pick = size.cards, size.wild_picks
    target_text = target or rules["target"]
    threshold = ruleset.threshold(target_text)
    ranking = ruleset.ranking
    effects = {}
    out = {"style": "spell", "cards": n, "wild_pick": pick, "target": target_text, "samples": 0}
    if n == 0:
        out.update(success=0.0, bust=0.0, effects={}, method="counted")
        return out
    bust_cards = {deck.parse(code) for code in rules["bust_cards"]}
    exact = count_draw(ruleset, context, n, pick, threshold, budget)
    if exact is not None:
        success = 0
        for rank in ranking.ranks:
            made = exact.met_by_rank(rank, threshold)
            if made:
                success += made
                effect = effect_label(ruleset, rank) or "(no named effect)"
                effects[effect] = effects.get(effect, 0) + made
        total, bust = exact.total, exact.bust
        joker = total - comb(len(deck) - len(bust_cards), n)
        out.update(method="counted", total=total, success_count=success, bust_count=bust, joker_count=joker,
                   effect_counts=effects, success=success / total, bust=bust / total,
                   effects={name: count / total for name, count in effects.items()})
        return out
    if samples < 1:
        raise OddsError("--samples must be at least 1")
    from dealer.core.odds.enumerate import require_rng

    rng = require_rng(rng)
    success = bust = joker = 0
    cards = list(deck)
    for _ in range(samples):
        drawn = rng.sample(cards, n)
        hand, _ = draws.best_with_picks(ruleset, drawn, context, pick)
        made = ranking.meets(hand, threshold)
        success += made
        bust += draws.is_bust(ruleset, drawn, hand)
        joker += any(card in bust_cards for card in drawn)
        if made:
            name = effect_label(ruleset, hand.rank) or "(no named effect)"
            effects[name] = effects.get(name, 0) + 1
    out.update(method="simulated", total=samples, samples=samples, success_count=success, bust_count=bust,
               joker_count=joker, effect_counts=effects, success=success / samples, bust=bust / samples,
               effects={name: count / samples for name, count in effects.items()})
    return out


class _Outcome(NamedTuple):
    """A Quickness roll's outcome, for ``countdown.cards_for_roll``."""

    bust: bool
    success: bool
    raises: int


def action_odds(ruleset: Ruleset, roll: RollOdds, most: int | None = None) -> dict:
    """Action cards from a Quickness roll: ``{cards: p}``, each outcome's cards counted by the
    function a round is dealt with (``countdown.cards_for_roll``), at most ``most`` (default the
    ruleset's ``action.max_cards``; a round's ``--max-cards``)."""
    from dealer.core.mechanics.action.common import ActionError
    from dealer.core.mechanics.action.countdown import cards_for_roll

    rules = ruleset.action
    if rules.get("style") != "countdown":
        raise ActionError(f"ruleset '{ruleset.name}' deals action by hands, not by a Quickness roll: "
                          "use 'dealer odds hand N'")
    top = rules["max_cards"] if most is None else most
    dist = {cards: 0.0 for cards in range(top + 1)}

    def add(outcome: _Outcome, p: float) -> None:
        dist[min(cards_for_roll(outcome, rules, top), top)] += p

    add(_Outcome(True, False, 0), roll.bust)
    add(_Outcome(False, False, 0), roll.failure)
    for raises, p in enumerate(roll.raises):
        add(_Outcome(False, True, raises), p)
    return {"cards": dist, "max_cards": top, "cut": roll.cut,
            "mean": sum(cards * p for cards, p in dist.items())}


def gadget_odds(ruleset: Ruleset, reliability: int, fail_hand: int | None = None, budget: int | None = None) -> dict:
    """A device's breakdown chance (seed 003): ``reliability`` cards drawn from the whole deck, any
    of the ruleset's breakdown cards (``gadget.breakdown_cards``) breaks it.

    Exact: ``1 - C(D - J, R) / C(D, R)`` for a deck of D cards with J breakdown cards, the figure
    ``gadget use`` quotes. With ``fail_hand``, the rank of an F-card fail hand dealt from the cards
    that are not Jokers.
    """
    from dealer.core.odds.counting import Counter, Unsupported

    ruleset.require("gadget")
    deck = ruleset.deck
    size = len(deck)
    breakers = [card for card in deck if card.code in ruleset.gadget["breakdown_cards"]]
    if not breakers:
        raise OddsError(f"the {ruleset.name} ruleset names no breakdown cards (gadget.breakdown_cards): "
                        "nothing can break a device")
    if not 1 <= reliability <= size:
        raise OddsError(f"reliability is a number of cards from 1 to {size}, not {reliability}")
    from dealer.core.mechanics.gadget.breakdown import full_deck_chance  # the one figure, shared with gadget use

    total = comb(size, reliability)
    chance = full_deck_chance(ruleset, reliability)
    out = {"reliability": reliability, "deck": size, "jokers": [card.code for card in breakers],
           "breakdown_count": chance["numerator"] * total // chance["denominator"], "draws": total,
           "breakdown": chance["numerator"] / chance["denominator"]}
    if fail_hand is not None:
        plain = sum(1 for card in deck if card.kind != SPECIAL)
        if not 1 <= fail_hand <= plain:
            raise OddsError(f"a fail hand holds 1 to {plain} cards, not {fail_hand}")
        context = ruleset.context(None)
        try:
            counts = Counter(ruleset, context, work=Work(budget)).count(fail_hand, dead=0)
        except Unsupported:
            raise OddsError(f"a fail hand of {fail_hand} cards is too large to count; ask for at most 14") from None
        hands = comb(plain, fail_hand)
        out["fail_hand"] = {"cards": fail_hand, "hands": hands,
                            "ranks": [(rank, counts[rank.strength]) for rank in ruleset.ranking.ranks]}
    return out


def conflict_odds(ruleset: Ruleset, request: ContestRequest | ScoresRequest, *, samples: int, rng: random.Random,
                  progress: Callable[[int], object] | None = None) -> dict:
    """Each participant's chance to win a conflict (and of a tie): counted where the deal is one
    draw against a fixed target (``counted_conflict_odds``), else dealt ``samples`` times
    (``dealt_conflict_odds``). A lone contestant's figure is the chance to meet the target."""
    from dealer.core.mechanics import conflict

    deals = conflict.deals(ruleset, request)
    counted = counted_conflict_odds(ruleset, deals)
    return counted if counted is not None else dealt_conflict_odds(deals, samples=samples, rng=rng, progress=progress)


def _share(count: int, total: int, sampled: bool) -> dict:
    p = count / total
    return {"count": count, "probability": p, "stderr": (p * (1 - p) / total) ** 0.5 if sampled else 0.0}


def _conflict_result(deals: ContestDeals | ScoresDeals, wins: list[int], ties: int, total: int, method: str) -> dict:
    sampled = method == "simulated"
    return {"participants": {name: _share(count, total, sampled) for name, count in zip(deals.names, wins)},
            "tie": _share(ties, total, sampled), "samples": total if sampled else 0,
            "hands": None if sampled else total, "method": method, "alone": deals.alone}


def counted_conflict_odds(ruleset: Ruleset, deals: ContestDeals | ScoresDeals, budget: int | None = None) -> dict | None:
    """The exact odds where the deal is small enough, or None.

    Nothing dealt at random (every hand typed in): the one deal decides. A lone poker-hands
    contestant with no helpers and no drawn fear event draws one hand against a fixed target:
    every hand of their size (and wild picks) counted as ``odds hand`` and ``odds hex`` count
    them (``Counter``), a bust never a success. Two hands or more are dealt: their tie-breaks
    are compared card by card from one deck, which no count by class reaches.
    """
    if not deals.dealt:
        place = deals.judge([])
        wins = [int(place == i) for i in range(len(deals.names))]
        return _conflict_result(deals, wins, int(place is None and not deals.alone), 1, "counted")
    from dealer.core.mechanics.conflict.contest import ContestDeals  # Scores are dealt: a lone drawer has no target

    if not isinstance(deals, ContestDeals) or not deals.alone or deals.helpers or deals.threshold is None:
        return None

    size = deals.participants[0].size(None)
    counted = target_count(ruleset, deals.context, size.cards, size.wild_picks, deals.threshold, budget)
    if counted is None:
        return None
    return _conflict_result(deals, [counted[0]], 0, counted[1].total, "counted")


def target_count(ruleset: Ruleset, context: Context, n: int, pick: int, threshold: tuple[HandRank, int],
                 budget: int | None = None) -> tuple[int, _DrawCount] | None:
    """The hands of an n-card skill draw with ``pick`` wild picks from the whole deck that meet
    ``threshold``, a bust never meeting it, and the draw counted (``count_draw``: its ``total``
    and ``bust``); None where it cannot be counted."""
    from dealer.core.mechanics import draws

    exact = count_draw(ruleset, context, n, pick, threshold, budget)
    if exact is None:
        return None
    if draws.meets_value(threshold, draws.least_success(ruleset)):
        busts_meeting = 0  # a bust is short of a pair, so of the target too
    elif threshold[1]:
        return None  # a target below a pair with a least value ("king high"): the busts that meet it are not counted
    else:
        joker_below = sum(exact.counter.count_below(n, threshold[0].strength, dead=j)
                          for j in range(1, len(ruleset.draws["bust_cards"]) + 1))
        busts_meeting = exact.bust - joker_below
    return sum(exact.met_by_rank(rank, threshold) for rank in ruleset.ranking.ranks) - busts_meeting, exact


PROGRESS_EVERY = 1000  # deals between two calls of the progress callback


def dealt_conflict_odds(deals: ContestDeals | ScoresDeals, *, samples: int, rng: random.Random,
                        progress: Callable[[int], object] | None = None) -> dict:
    """Each participant's chance to win, by dealing the conflict ``samples`` times with the
    mechanic's own deal and judgement (``conflict.deals``), with the standard error of each."""
    if samples < 1:
        raise OddsError("--samples must be at least 1")
    wins = [0] * len(deals.names)
    misses = 0  # ties, or a lone contestant's failures
    winner = deals.winner
    for start in range(0, samples, PROGRESS_EVERY):
        done = min(samples, start + PROGRESS_EVERY)
        for _ in range(done - start):
            place = winner(rng)
            if place is None:
                misses += 1
            else:
                wins[place] += 1
        if progress is not None:
            progress(done)
    return _conflict_result(deals, wins, 0 if deals.alone else misses, samples, "simulated")


class OddsUsage(OddsError):
    """A question missing what it needs (no dice, no level, no skill): a usage error."""

    exit_code = 2


def roll_odds(ruleset: Ruleset, dice: str, tn: int | None = None) -> RollOdds:
    """Exact odds of a roll of ``dice`` (a hexslingin' or Quickness roll) as ``RollSpec.roll``
    rolls it under the ruleset's dice rules (``dice.roll_options``; ``tn`` overrides)."""
    from dealer.core.dice import parse_dice, roll_options, trait_roll_odds

    number, sides, modifier = parse_dice(dice, ruleset.dice["sides"])
    options = roll_options(ruleset.dice, tn=tn, dice=number)
    options["modifier"] += modifier
    return trait_roll_odds(number, sides, **options)


def cast_odds(ruleset: Ruleset, *, name: str | None = None, dice: str | None = None, level: int | None = None,
              minimum: str | None = None, tn: int | None = None, skill: int | None = None, mods: Iterable[int] = (),
              wild_pick: bool = False, target: str | None = None, rng: random.Random | None = None,
              samples: int = 20_000, budget: int | None = None) -> dict:
    """The odds of a cast, by the ruleset's ``[hex] style``: a huckster's hex (dice, level, the
    hex's minimum) or a poker-hands spell (skill). ``style`` and ``result`` say which;
    ``budget`` bounds the work of what is counted (``work.Work``)."""
    if ruleset.hex["style"] == "huckster":
        if not dice:
            raise OddsUsage("give the hexslingin' dice: --roll NdX (e.g. --roll 5d10)")
        if level is None:
            raise OddsUsage("give the caster's level in the hex: --level N")
        if minimum is None:
            if not name:
                raise OddsUsage("name a hex of the catalogue, or give --min HAND")
            from dealer.core.mechanics.hex.common import catalogue_entry

            entry = catalogue_entry(ruleset, name)
            minimum, name = entry["minimum"], entry["name"]
        roll = roll_odds(ruleset, dice, tn)
        result = huckster_odds(ruleset, roll, level=level, minimum=minimum, rng=rng, samples=samples, budget=budget)
        return {"style": "huckster", "result": result, "name": name, "dice": dice, "roll": roll}
    if skill is None:
        raise OddsUsage("give the spell's skill level: --skill N")
    if target and minimum and target != minimum:
        raise OddsUsage("--min and --target name one hand (--target is its old name): give one")
    result = spell_odds(ruleset, skill=skill, wild_pick=wild_pick, target=target or minimum, rng=rng,
                        samples=samples, modifiers=mods, budget=budget)
    return {"style": "spell", "result": result, "skill": skill}
