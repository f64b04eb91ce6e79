"""Mad science by poker hand (seed 003's "Science!" and "Reliability"): design, build, use.

* **Steps** ("beat by two", "miss by one") count the ladder of hand ranks as the design tiers
  group them: a rank between two tiers' ranks is on the lower tier (a flush is a straight's
  tier), no pair is one step below the first tier. ``steps`` is the one function for it.
* **Design**: a mad science check (5 + skill cards, an assisting science check first adds to
  it as a helper does) must meet the tier's hand; beating it by ``bonus_at`` steps or more
  gives bonus construction cards. Jokers in the design hand are noted (``design_jokers``).
* **Construction**: the same check against the same hand; the margin picks a row of the
  ruleset's construction table (reliability, fail hand), a hit with Jacks or better is a
  "high required hand". Rushing adds ``rush_reliability`` per complexity category.
* **Use**: the GM draws ``reliability`` cards; a breakdown card (either Joker) is a breakdown,
  whose severity hand depends on the Jokers drawn at build (``build_jokers``).

Where each rule lives: this module holds what every gadget command shares (the tiers and
steps, complexities, and the designs and devices a table keeps); ``invention`` the inventor's
checks (design and build, the construction table); ``breakdown`` a device's use (reliability
cards, the breakdown chance, the severity hand).

>>> from dealer.store.rulesets import load
>>> poker = load("poker-hands")
>>> steps(poker, poker.by_id["flush"], poker.by_id["straight"]), steps(poker, poker.by_id["high-card"],
...                                                                    poker.by_id["three-of-a-kind"])
(0, -3)
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, NamedTuple

from dealer.core.cards import MAX_DECK
from dealer.core.record import CARD, COUNT, FLAG, PERSON, TEXT, Field, ListOf, MapOf, Nested, Part, Record, Whole
from dealer.errors import DealerError, shell_word

if TYPE_CHECKING:
    from collections.abc import Iterator

    from dealer.core.ranks import HandRank
    from dealer.core.rules import Ruleset

#: Roster traits this mechanic reads: the mad science skill (design and build checks).
TRAITS = {"mad-science": "level"}
RELIABILITY = Whole(1, f"a whole number of cards from 1 to {MAX_DECK:,}", MAX_DECK)  # no deck holds more


class GadgetError(DealerError):
    """A design, build or use the rules do not allow (unknown tier, no such device, ...)."""


def trait_kinds(ruleset: Ruleset) -> dict[str, str]:
    """Roster traits read by ``dealer gadget``: name -> kind (``level``)."""
    return dict(TRAITS)


# -- tiers and steps --------------------------------------------------------------------------


class Tier(NamedTuple):
    """One design tier: its level (1 = the simplest), required hand rank, name and times."""

    level: int
    rank: HandRank
    name: str
    example: str = ""
    design_time: str = ""
    complexity: str = ""

    def to_data(self) -> dict:
        return {"level": self.level, "rank": self.rank.id, "rank_name": self.rank.name, "name": self.name,
                "example": self.example, "design_time": self.design_time, "complexity": self.complexity}


def tiers(ruleset: Ruleset) -> list[Tier]:
    """The ruleset's design tiers, simplest first."""
    out = []
    for i, item in enumerate(ruleset.gadget["tiers"], start=1):
        rank, _ = ruleset.threshold(item["rank"])
        out.append(Tier(i, rank, item["name"], item["example"], item["design_time"], item["complexity"]))
    if not out:
        raise GadgetError(f"ruleset '{ruleset.name}' has no gadget tiers: try -r poker-hands")
    return out


def tier_level(ruleset: Ruleset, rank: HandRank) -> int:
    """Where a hand rank sits on the tiers' ladder: 0 below the first tier, 1 at it, ..."""
    return sum(1 for tier in tiers(ruleset) if rank.strength >= tier.rank.strength)


def steps(ruleset: Ruleset, made: HandRank, required: HandRank) -> int:
    """Steps from the ``required`` hand rank to the ``made`` one: positive beats, negative misses.

    >>> from dealer.store.rulesets import load
    >>> poker = load("poker-hands")
    >>> steps(poker, poker.by_id["full-house"], poker.by_id["pair"])
    4
    """
    return tier_level(ruleset, made) - tier_level(ruleset, required)


def _words(text: str) -> str:
    return "-".join(re.findall(r"[a-z0-9]+", text.lower()))


def find_tier(ruleset: Ruleset, text: str) -> Tier:
    """A tier by number, hand rank (``pair``, ``flush``), name, or the start of its name (``simple``).

    >>> from dealer.store.rulesets import load
    >>> poker = load("poker-hands")
    >>> [find_tier(poker, t).level for t in ("pair", "simple", "flush", "you built what?", "4")]
    [1, 1, 4, 7, 4]
    """
    all_tiers = tiers(ruleset)
    key = _words(text)
    if key.isdigit() and len(key) <= 3 and 1 <= int(key) <= len(all_tiers):
        return all_tiers[int(key) - 1]
    rank = ruleset.by_id.get(key)
    if rank is not None and tier_level(ruleset, rank) >= 1:
        return all_tiers[tier_level(ruleset, rank) - 1]
    named = [tier for tier in all_tiers if _words(tier.name) == key]
    named = named or [tier for tier in all_tiers if key and _words(tier.name).startswith(key)]
    if len(named) == 1:
        return named[0]
    listed = "; ".join(f"{tier.rank.id} ({tier.name})" for tier in all_tiers)
    raise GadgetError(f"unknown tier '{text}': give a hand rank or a tier name: {listed}")


def complexity_index(ruleset: Ruleset, name: str) -> int:
    """The position of a complexity (``simple``) among the ruleset's, simplest first."""
    names = [item["name"] for item in ruleset.gadget["complexities"]]
    for i, known in enumerate(names):
        if _words(known) == _words(name):
            return i
    raise GadgetError(f"unknown complexity '{name}': one of {', '.join(names) or 'none in this ruleset'}")


def build_time(ruleset: Ruleset, complexity: str, rush: int = 0) -> str:
    """Construction time at ``complexity``, rushed down ``rush`` categories."""
    if not ruleset.gadget["complexities"] and not rush:
        return ""
    index = complexity_index(ruleset, complexity)
    if rush > index:
        raise GadgetError(f"a {complexity} build can be rushed at most {index} "
                          f"categor{'y' if index == 1 else 'ies'}, not {rush}")
    return ruleset.gadget["complexities"][index - rush]["build_time"]


# -- table state ------------------------------------------------------------------------------


class Design(Record):
    """A design on a table: its tier (by rank id), inventor, bonus cards and Joker notes, builders."""

    FIELDS = {"tier": Field(TEXT), "inventor": Field(PERSON, ""), "bonus_cards": Field(COUNT, 0),
              "bonus_used": Field(FLAG, False), "jokers": Field(ListOf(CARD), []), "builders": Field(ListOf(PERSON), [])}


class Device(Record):
    """A device on a table: its design, builder, reliability (at least one card), fail hand, build
    Jokers, record of uses and breakdowns, whether its last breakdown left it broken, repairs."""

    FIELDS = {"design": Field(TEXT), "builder": Field(PERSON, ""), "reliability": Field(RELIABILITY),
              "fail_hand": Field(RELIABILITY), "build_jokers": Field(ListOf(CARD), []), "uses": Field(COUNT, 0),
              "breakdowns": Field(COUNT, 0), "broken": Field(FLAG, False), "repairs": Field(COUNT, 0)}


class GadgetState(Part):
    """The ``gadget`` part of a table: designs and devices by name."""

    KEY = "gadget"
    FIELDS = {"designs": Field(MapOf(Nested(Design)), {}), "devices": Field(MapOf(Nested(Device)), {})}

    def design(self, name: str, table_name: str | None) -> Design:
        if name not in self.designs:
            known = ", ".join(self.designs) or "none yet"
            raise GadgetError(f"table '{table_name}' has no design '{name}' (designs: {known}); "
                              f"make one with: dealer gadget design {shell_word(name)} --tier TIER --table {table_name}")
        return self.designs[name]

    def problems(self, table: object) -> Iterator[str]:
        """A device is built from one of the table's designs, by one of its builders."""
        for name, device in self.devices.items():
            design = self.designs.get(device.design)
            if design is None:
                yield f"gadget.devices.{name}.design: {device.design!r} is not a design of the table"
            elif device.builder not in design.builders:
                yield (f"gadget.devices.{name}.builder: {device.builder!r} never built design {device.design!r} "
                       f"(its builders: {', '.join(map(repr, design.builders)) or 'none'})")

    def device(self, name: str, table_name: str | None) -> Device:
        if name not in self.devices:
            known = ", ".join(self.devices) or "none yet"
            raise GadgetError(f"table '{table_name}' has no device '{name}' (devices: {known})")
        return self.devices[name]

