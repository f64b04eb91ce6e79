"""What both styles of casting share: the catalogue, backlash, the caster's deck, the error.

A hex is named from the ruleset's catalogue (``[[hex.catalogue]]``). A caster's deck on a
table is kept and reshuffled by the policy (``after-hex``, ``when-low``, ``manual``). Backlash
reads ``hex.backlash_always`` and ``hex.backlash_below_level`` (and, for a poker-hands huckster,
every ``draws.bust_cards`` card): one Joker < bust < both Jokers.
"""

from __future__ import annotations

import random

from dealer.core import results
from dealer.core.ranks import slug
from dealer.core.table import Table
from dealer.errors import DealerError, did_you_mean

from typing import TYPE_CHECKING
if TYPE_CHECKING:
    from collections.abc import Iterable

    from dealer.core.cards import Card
    from dealer.core.mechanics.hex.huckster import HuckRequest
    from dealer.core.mechanics.hex.spells import SpellRequest
    from dealer.core.rules import Ruleset


class HexError(DealerError):
    """A cast the rules do not allow (no minimum, no level, a wild pick with too few cards, ...)."""


def catalogue_entry(ruleset: Ruleset, name: str | None) -> dict | None:
    """The catalogue's hex of that name (any case, spaces or hyphens), or None for no name."""
    if not name:
        return None
    for entry in ruleset.hex["catalogue"]:
        if slug(entry["name"]) == slug(name):
            return entry
    names = [entry["name"] for entry in ruleset.hex["catalogue"]]
    meant = did_you_mean(name, names)
    raise HexError(f"no hex '{name}' in the {ruleset.name} catalogue (" + (f"{meant} " if meant else "")
                   + f"it has {', '.join(names) or 'none'}); or cast without a name and give --min HAND")


# -- backlash -----------------------------------------------------------------------------------


def backlash_cards(ruleset: Ruleset, level: int, *, any_joker: bool = False) -> tuple[set[str], set[str]]:
    """The codes of the cards that can backlash at all, and of those that do at ``level``: a card
    of ``hex.backlash_always``; one of ``hex.backlash_below_level`` while the level is below its
    number; with ``any_joker`` (a poker-hands huckster), every ``draws.bust_cards`` card."""
    rules = ruleset.hex
    jokers = set(ruleset.draws["bust_cards"]) if any_joker else set()
    listed = set(rules["backlash_always"]) | set(rules["backlash_below_level"]) | jokers
    active = set(rules["backlash_always"]) | jokers | {code for code, below in rules["backlash_below_level"].items()
                                                       if level < below}
    return listed, active


def backlash(ruleset: Ruleset, cards: list, level: int, bust: bool, *, any_joker: bool = False) -> dict:
    """Backlash reasons and severity, for both styles: one Joker 1 < bust 2 < both Jokers 3
    (``backlash_cards`` says which cards backlash at this level)."""
    rules = ruleset.hex
    listed, active = backlash_cards(ruleset, level, any_joker=any_joker)
    reasons = []
    if bust:
        reasons.append("went bust on the hexslingin' roll" if rules["style"] == "huckster"
                       else "a Joker and less than a pair: bust")
    for card in cards:
        if card.code not in active:
            continue
        below = rules["backlash_below_level"].get(card.code)
        if card.code in rules["backlash_always"] or any_joker or below is None:
            reasons.append(f"drew the {card.name}" + ("" if any_joker else " (always backlash)"))
        else:
            reasons.append(f"drew the {card.name} with the hex at level {level} (below {below})")
    return results.backlash_data(reasons, severity(both_jokers(cards, listed) and bool(reasons), bust, bool(reasons)))


def both_jokers(cards: Iterable[Card], listed: set[str]) -> bool:
    """Both Jokers drawn: two special cards among those that can backlash (``backlash_cards``)."""
    return sum(1 for card in cards if card.kind == "special" and card.code in listed) >= 2


def severity(both_jokers: bool, bust: bool, any_backlash: bool) -> int:
    """How bad a backlash is: both Jokers 3 > a bust 2 > one Joker 1 > none 0."""
    return 3 if both_jokers else 2 if bust else 1 if any_backlash else 0


def hex_cards(ruleset: Ruleset, raises: int) -> int:
    """Cards a successful hexslingin' roll draws: ``base_cards``, one more per raise (seed 000)."""
    return ruleset.hex["base_cards"] + raises * ruleset.hex["cards_per_raise"]


# -- the caster's deck --------------------------------------------------------------------------


class CasterDeck:
    """The caster's deck for one cast, as a card source: a table's (kept, reshuffled by policy) or
    a fresh one. Records its reshuffles as events."""

    def __init__(self, table: Table, name: str, policy: str, holder: str, rng: random.Random):
        self.table, self.name, self.policy, self.holder, self.rng = table, name, policy, holder, rng
        self.piles = table.deck(name, rng)
        self.events: list[dict] = []
        self.short = False

    def draw(self, count: int) -> list[str]:
        """``count`` cards; with ``when-low`` the discards go back in first if the draw could run short;
        with ``manual`` an empty deck comes up short instead of reshuffling."""
        piles = self.piles
        if self.table.persistent and self.policy == "when-low" and len(piles.draw_pile) < count and piles.discards:
            total = piles.shuffle(self.rng)
            self.events.append({"kind": "reshuffle", "deck": self.name, "count": total,
                                "why": f"fewer cards left than this draw could need ({count})"})
        drawn = piles.draw(count, self.holder, self.rng,
                           reshuffle=not self.table.persistent or self.policy != "manual")
        if drawn.reshuffled:
            self.events.append({"kind": "reshuffle", "deck": self.name, "count": drawn.reshuffled,
                                "why": "the deck ran out mid-draw"})
        self.short = drawn.short
        return drawn.cards

    def take(self, codes: list[str]) -> None:
        """Cards drawn by hand: out of the deck (or its discards) and into play."""
        self.piles.take(codes, self.holder)

    def finish(self, codes: list[str], kind: str, data: dict) -> None:
        """The cards go to the discards, the history records the cast, ``after-hex`` reshuffles."""
        if codes:
            self.piles.discard(codes)
        self.table.log(kind, deck=self.name, cards=codes, data=data)
        if self.table.persistent and self.policy == "after-hex":
            self.piles.collect(self.rng)
            self.events.append({"kind": "reshuffle", "deck": self.name, "count": len(self.piles.draw_pile),
                                "why": "the table reshuffles after every cast"})
        self.table.log_events([event for event in self.events if event["kind"] == "reshuffle"])

    def where(self) -> dict:
        """On a table: the deck's policy and the cards left in it."""
        if not self.table.persistent:
            return {}
        return {"table": self.table.name, "reshuffle": self.policy, "left": len(self.piles.draw_pile)}


def caster_deck(ruleset: Ruleset, request: HuckRequest | SpellRequest, table: Table, rng: random.Random,
                prefix: str) -> CasterDeck:
    policy = request.reshuffle or ruleset.hex["reshuffle"]
    name = f"{prefix}:{request.caster}" if request.caster else prefix
    return CasterDeck(table, name, policy, request.caster or "", rng)
