"""Each recorded situation's exact chances, from the odds engine the mechanics and ``dealer odds`` use.

A situation is a hashable key (the dice of a roll, a cast's roll, level and minimum, a deck's
size and Jokers); ``Chances`` works each out once and keeps it, since a table's history repeats
a few situations many times. Every figure is a distribution: the chances of 0, 1, 2, ... (a yes or
no is ``(1 - p, p)``), as ``tails.sum_of`` takes them. None: not countable exactly (the event is
then counted apart, as unknown).
"""

from __future__ import annotations

import functools
from math import comb
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Callable

    from dealer.core.damage import DamageOdds
    from dealer.core.dice import RollOdds
    from dealer.core.rules import Ruleset

Chances = tuple  # the chances of 0, 1, 2, ...


def yes(p: float) -> Chances:
    """A yes-or-no event of chance ``p``."""
    p = min(1.0, max(0.0, float(p)))
    return (1.0 - p, p)


def roll_key(roll: dict) -> tuple | None:
    """A trait roll as recorded (``results.roll_data``) reduced to what its odds depend on; None for
    a roll whose dice are not known (a total typed in, or a bust said)."""
    if roll.get("kind", "roll") != "roll" or roll.get("by_hand") or not roll.get("count"):
        return None
    wild = roll.get("wild")
    wild_die = roll["die_sides"][wild] if roll.get("die_sides") and wild is not None else 0
    return roll["count"], roll["sides"], roll["modifier"], roll["tn"], wild_die, bool(roll.get("extra"))


def damage_key(roll: dict) -> tuple | None:
    """A damage roll as recorded (``results.roll_data``, ``kind: "damage"``) reduced to what its odds against
    a Toughness depend on: each die's sides (a raise's die among them), the modifier (a Joker's bonus in it)
    and the Toughness (``tn``); None for a roll whose dice are not known, or aimed at no number."""
    if roll.get("kind") != "damage" or roll.get("by_hand") or not roll.get("die_sides") or roll.get("tn") is None:
        return None
    return tuple(sorted(roll["die_sides"])), roll["modifier"], roll["tn"]


def remembered(method: Callable) -> Callable:
    """A ``Book`` method worked out once for each situation it is asked (its arguments)."""
    @functools.wraps(method)
    def once(book: Book, *situation: object) -> object:
        key = (method.__name__, *situation)
        if key not in book.known:
            book.known[key] = method(book, *situation)
        return book.known[key]

    return once


class Book:
    """The exact chances of a ruleset's situations, each worked out once (``remembered``)."""

    def __init__(self, ruleset: Ruleset):
        self.ruleset = ruleset
        self.known: dict = {}

    # -- trait rolls ---------------------------------------------------------------------------

    @remembered
    def roll_odds(self, key: tuple) -> RollOdds:
        """``dice.trait_roll_odds`` of a ``roll_key``, with the ruleset's dice rules (raise step,
        bust, ace cap, an Extra's Critical Failure), as ``dice.roll_options`` rolled it."""
        from dealer.core.dice import trait_roll_odds

        count, sides, modifier, tn, wild_die, extra = key
        rules = self.ruleset.dice
        options = {"modifier": modifier, "tn": tn, "raise_step": rules["raise_step"], "bust": rules["bust"],
                   "max_chain": rules["max_chain"], "wild_die": wild_die}
        if extra:
            reading = rules.get("extra_critical", "check")
            options["extra"] = True
            if reading == "check":
                options["check_die"] = rules["wild_die"]
            elif reading == "never":
                options["bust"] = "never"
        return trait_roll_odds(count, sides, **options)

    @remembered
    def bust(self, key: tuple) -> Chances:
        return yes(self.roll_odds(key).bust)

    @remembered
    def success(self, key: tuple) -> Chances:
        return yes(self.roll_odds(key).success)

    @remembered
    def raises(self, key: tuple) -> Chances:
        """The chances of 0, 1, 2, ... raises (a bust or a failure has none; the odds' cut-off, below
        1e-12, is put with the most raises)."""
        odds = self.roll_odds(key)
        chances = [odds.bust + odds.failure + (odds.raises[0] if odds.raises else 0.0), *odds.raises[1:]]
        chances[-1] += max(0.0, 1.0 - sum(chances))
        return tuple(chances)

    @remembered
    def wild_save(self, key: tuple) -> Chances:
        from dealer.core.dice import wild_die_save

        count, sides, modifier, tn, wild_die, _ = key
        return yes(wild_die_save(count, sides, modifier=modifier, tn=tn, max_chain=self.ruleset.dice["max_chain"],
                                 wild_die=wild_die))

    @remembered
    def soaked(self, key: tuple, wounds: int) -> Chances:
        """A Soak roll against ``wounds``: the chances of soaking 0, 1, ... ``wounds`` (a success and each raise
        soak one: ``wounds.successes``)."""
        odds = self.roll_odds(key)
        by_successes = [odds.bust + odds.failure, *odds.raises]
        chances = by_successes[:wounds]
        return (*chances, max(0.0, 1.0 - sum(chances)))

    # -- damage aimed at a person (SWADE) -------------------------------------------------------

    @remembered
    def damage_odds(self, key: tuple) -> DamageOdds:
        """``damage.damage_odds`` of a ``damage_key`` (as ``dealer odds roll DICE --damage --vs N``), with the
        ruleset's step a wound and ace cap."""
        from collections import Counter

        from dealer.core.damage import DamageSpec, damage_odds

        sides, modifier, tn = key
        rules = self.ruleset.dice
        spec = DamageSpec([(count, side) for side, count in sorted(Counter(sides).items())], modifier)
        return damage_odds(spec, vs=tn, step=rules["damage_step"], max_chain=rules["max_chain"])

    @remembered
    def hits(self, key: tuple) -> Chances:
        """The damage reaches the Toughness: Shaken or worse."""
        return yes(1.0 - self.damage_odds(key).failure)

    @remembered
    def wounds(self, key: tuple, shaken: bool, extra: bool) -> Chances:
        """The chances of 0, 1, 2, ... wounds dealt to someone as the damage found them (``wounds.wounds_dealt``:
        Shaken already, an Extra); the odds' cut-off, below 1e-12, is put with the most wounds."""
        from dealer.core.damage import judge_damage
        from dealer.core.mechanics.wounds import wounds_dealt

        odds = self.damage_odds(key)
        found = {"shaken": shaken, "extra": extra, "incapacitated": False}
        chances: list[float] = []
        for total, p in odds.totals:
            reached, raises = judge_damage(total, odds.tn, odds.step)
            dealt = wounds_dealt(reached, raises or 0, found)
            chances += [0.0] * (dealt + 1 - len(chances))
            chances[dealt] += p
        chances[-1] += odds.cut
        return tuple(chances)

    # -- action cards --------------------------------------------------------------------------

    @remembered
    def cards(self, key: tuple, most: int) -> Chances:
        """Action cards a Quickness roll earns, at most ``most`` (``casting.action_odds``)."""
        from dealer.core.odds.casting import action_odds

        dist = action_odds(self.ruleset, self.roll_odds(key), most)["cards"]
        return tuple(dist[n] for n in range(max(dist) + 1))

    @remembered
    def jokers(self, drawn: int, cards: int, jokers: int) -> Chances:
        """How many Jokers ``drawn`` cards hold, from a deck of ``cards`` holding ``jokers``: the
        hypergeometric chances, exact."""
        total = comb(cards, drawn)
        return tuple(comb(jokers, j) * comb(cards - jokers, drawn - j) / total
                     for j in range(min(jokers, drawn) + 1))

    @remembered
    def joker_kept(self, plan: tuple, cards: int, jokers: int, low: int) -> Chances:
        """A one-card draw by a plan (``initiative.joker_chance``): the card acted on is a Joker."""
        from dealer.core.mechanics.action.edges import DrawPlan
        from dealer.core.odds.initiative import joker_chance

        drawn, keep, any_time_kept, redraw = plan
        return yes(joker_chance(DrawPlan(drawn, keep, any_time_kept, redraw), cards, jokers, low))

    # -- casts, gadgets, contests --------------------------------------------------------------

    @remembered
    def hex(self, key: tuple, level: int, minimum: str) -> dict | None:
        """A huckster's hex (``casting.huckster_odds``, as ``dealer odds hex``): works, fizzles,
        backlash, each a yes or no."""
        from dealer.core.odds.casting import huckster_odds

        cast = huckster_odds(self.ruleset, self.roll_odds(key), level=level, minimum=minimum,
                             misses=self.hex_misses(minimum))
        if cast["method"] != "counted" or cast["unresolved"]:
            return None
        return {"works": yes(cast["works"]), "fizzles": yes(cast["fizzles"]), "backlash": yes(cast["backlash"])}

    @remembered
    def hex_misses(self, minimum: str) -> object:
        """The hands that miss ``minimum`` (``casting.hex_misses``), counted once for every cast of it."""
        from dealer.core.odds.casting import hex_misses

        return hex_misses(self.ruleset, minimum)

    @remembered
    def draw(self, cards: int, picks: int, target: tuple[str, int]) -> dict | None:
        """A seed-003 skill draw of ``cards`` cards and ``picks`` wild picks from the whole deck against
        ``target`` (a rank id and least value): ``success`` (a bust never succeeds:
        ``casting.target_count``) and ``bust`` (a Joker and less than a pair), counted; None where
        the count cannot be made."""
        from dealer.core.odds.casting import target_count

        ruleset = self.ruleset
        context = ruleset.context(ruleset.draws["context"] or None)
        rank = next(rank for rank in ruleset.ranking.ranks if rank.id == target[0])
        counted = target_count(ruleset, context, cards, picks, (rank, target[1]))
        if counted is None:
            return None
        met, drawn = counted
        return {"success": yes(met / drawn.total), "bust": yes(drawn.bust / drawn.total)}

    @remembered
    def any_of(self, drawn: int, special: int) -> Chances:
        """At least one of ``special`` cards among ``drawn`` from the whole deck (a poker-hands
        huckster's Joker: backlash, as ``dealer odds hex`` counts "a Joker drawn")."""
        size = len(self.ruleset.deck)
        return yes(1 - comb(size - special, drawn) / comb(size, drawn))

    @remembered
    def breakdown(self, reliability: int) -> Chances:
        """A device's use (``breakdown.full_deck_chance``: reliability cards from the whole deck)."""
        from dealer.core.mechanics.gadget.breakdown import full_deck_chance

        chance = full_deck_chance(self.ruleset, reliability)
        return yes(chance["numerator"] / chance["denominator"])
