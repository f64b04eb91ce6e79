"""The people of a table and the table as a whole: joining, changing, leaving, resting, a reset.

The rules the ``dealer table`` commands apply, kept out of the commands: a person joins on one
of the ruleset's sides with traits its mechanics read; a person who leaves gives their cards in
play and up a sleeve to the discards; a rest counts a caster's spells afresh (seed 003: "you
can also just rest for a few hours"); a reset puts every card back and every chip in the pot.

>>> from dealer.store.rulesets import load
>>> from dealer.core.table import Table
>>> table = Table(load("deadlands"), name="t")
>>> joined = add_person(table.ruleset, RosterRequest("Sarah", traits={"quickness": "3d6"}), table)
>>> joined.to_data()["side"], sorted(table.roster)
('posse', ['Sarah'])
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, NamedTuple

from dealer.core.piles import Chips
from dealer.core.table import Table
from dealer.errors import TableError

if TYPE_CHECKING:
    from dealer.core.piles import Piles
    from dealer.core.rules import Ruleset

MAX_ROSTER = 1000  # people on one table's roster (a table import holding more is refused too)


class RosterRequest(NamedTuple):
    """A person to add or change: their side (None: unchanged, or the first side) and traits (a
    value None removes the trait); ``free`` keeps traits no mechanic reads."""

    person: str
    side: str | None = None
    traits: dict = {}
    free: bool = False
    strict: bool = False  # a character over the ruleset's budget (or missing a Weird) is refused
    sheet: dict | None = None  # what a character sheet gave (name, side, traits): the history keeps it for a replay


class TableResult(NamedTuple):
    """What a table command did, as plain data with its ``kind``."""

    data: dict

    def to_data(self) -> dict:
        return dict(self.data)


def _side(side: str, sides: list[str]) -> str:
    if side not in sides:
        raise TableError(f"'{side}' is not a side of this ruleset: use {' or '.join(sides)}")
    return side


def add_person(ruleset: Ruleset, request: RosterRequest, table: Table, rng: random.Random | None = None) -> TableResult:
    """A person joins the roster, on a side of the ruleset, with traits its mechanics read."""
    from dealer.core.traits import check_traits, person_name

    person = person_name(request.person)
    if person in table.roster:
        raise TableError(f"{person} is already on table '{table.name}': change them with dealer table set")
    if len(table.roster) >= MAX_ROSTER:
        raise TableError(f"table '{table.name}' seats {MAX_ROSTER:,} people already, the most a table seats: "
                         "remove someone first (dealer table remove)")
    sides = table.ruleset.action["sides"]
    side = _side(request.side or sides[0], sides)
    values = {key: value for key, value in request.traits.items() if value is not None}
    values = check_traits(table.ruleset, person, values, free=request.free)
    priced = _budget(table, person, values, request.strict)
    table.roster[person] = {"side": side, "traits": values}
    sheet = {"sheet": request.sheet} if request.sheet is not None else {}
    table.log("roster add", data={"person": person, "side": side, "traits": values, **sheet})
    return TableResult({"kind": "roster", "action": "add", "table": table.name, "person": person, "side": side,
                        "traits": values, **priced})


def change_person(ruleset: Ruleset, request: RosterRequest, table: Table,
                  rng: random.Random | None = None) -> TableResult:
    """A person moves side, or their traits change (a trait given as None is removed)."""
    from dealer.core.traits import check_traits

    entry = table.person(request.person)
    if request.side:
        entry["side"] = _side(request.side, table.ruleset.action["sides"])
    traits = dict(entry["traits"])
    for key, value in check_traits(table.ruleset, request.person, request.traits, free=request.free).items():
        if value is None:
            traits.pop(key, None)
        else:
            traits[key] = value
    priced = _budget(table, request.person, traits, request.strict)
    entry["traits"] = traits
    table.log("roster set", data={"person": request.person, "side": entry["side"], "traits": entry["traits"]})
    return TableResult({"kind": "roster", "action": "set", "table": table.name, "person": request.person,
                        **entry, **priced})


def _budget(table: Table, person: str, traits: dict, strict: bool) -> dict:
    """The character's budget and what is wrong with it: refused with ``strict``, else warnings."""
    from dealer.core.characters import budget

    priced = budget(table.ruleset, person, traits)
    if priced is None:
        return {"budget": None, "warnings": []}
    if priced.problems and strict:
        raise TableError(f"{person}: " + "; ".join(priced.problems) + " (--strict refuses; without it, a warning)")
    return {"budget": priced.to_data(), "warnings": [f"{person}: {problem}" for problem in priced.problems]}


def budgets(ruleset: Ruleset, table: Table) -> dict[str, dict]:
    """Every character's budget on the table (``table check``); empty when the ruleset sets none."""
    from dealer.core.characters import budget

    found = {name: budget(ruleset, name, entry["traits"]) for name, entry in table.roster.items()}
    return {name: priced.to_data() for name, priced in found.items() if priced is not None}


def remove_person(ruleset: Ruleset, request: RosterRequest, table: Table,
                  rng: random.Random | None = None) -> TableResult:
    """A person leaves the roster: their cards in play and up a sleeve go to the discards, their
    chips and favor chips back to the pot (``chips.leave``)."""
    person = request.person
    table.person(person)
    del table.roster[person]
    discarded = {}
    for deck_name, piles in table.decks.items():
        held = piles.play.get(person, []) + ([piles.sleeves[person]] if person in piles.sleeves else [])
        if held:
            piles.discard(held, holder=person)
            table.touch(deck_name)
            table.log("discard", deck=deck_name, cards=held, data={"person": person})
            discarded[deck_name] = held
    returned = {}
    if "chips" in ruleset.document["mechanics"]:
        from dealer.core.mechanics.chips import leave

        returned, events = leave(table, person)
        table.log_events(events)
    table.log("roster remove", data={"person": person})
    return TableResult({"kind": "roster", "action": "remove", "table": table.name, "person": person,
                        "discarded": discarded, "chips": returned})


def rest_person(ruleset: Ruleset, request: RosterRequest, table: Table,
                rng: random.Random | None = None) -> TableResult:
    """A few hours' rest (for one person, or everyone on the roster when ``person`` is empty): the
    casts count afresh, no longer winded ("you can also just rest for a few hours"), and a
    shaman's rituals may be performed again ("unless a decent amount of time passes in game");
    no session chips are dealt."""
    from dealer.core.mechanics.conditions import rest

    people = [request.person] if request.person else list(table.roster)
    for person in people:
        table.person(person)
    rested = {}
    for person in people:
        rested[person] = {"casts_before": rest(table, person), "rituals": _free_rituals(ruleset, table, person)}
        table.log("rest", data={"person": person, "casts": rested[person]["casts_before"],
                                "rituals": rested[person]["rituals"]})
    return TableResult({"kind": "roster", "action": "rest", "table": table.name, "person": request.person or None,
                        "rested": rested})


def _free_rituals(ruleset: Ruleset, table: Table, person: str) -> list[str]:
    """The rituals the person performed since their last rest or session, free again."""
    if "chips" not in ruleset.document["mechanics"]:
        return []
    from dealer.core.mechanics.chips import ChipsState

    return table.state(ChipsState).rituals.pop(person, [])


def reset_table(ruleset: Ruleset, request: None, table: Table, rng: random.Random) -> TableResult:
    """Every card back in its deck and shuffled, sleeves cleared, chips back in the pot (chips made
    by rituals gone), every mechanic's state forgotten; the roster and the history stay."""
    for deck, piles in sorted(table.decks.items()):
        piles.collect(rng)
        table.touch(deck)
    table.chips = Chips(dict(table.ruleset.chips["pot"]))
    table.reset_states()
    table.log("reset", data={"decks": sorted(table.decks)})
    return TableResult({"kind": "table", "action": "reset", "table": table.name, "decks": sorted(table.decks)})



def discard_held(table: Table, codes: list[str], deck: str | None = None) -> str:
    """Cards in play (or up a sleeve) back to their deck's discards; returns the deck. Without
    ``deck`` each card is found in whichever deck holds it out (card codes repeat from deck to deck:
    a card out in two decks, or cards out in different decks, are refused naming the decks)."""
    if deck is not None and deck not in table.decks:
        raise TableError(f"table '{table.name}' has no deck '{deck}' (it has: {', '.join(sorted(table.decks))})")
    if deck is None:
        found = {code: [name for name, piles in sorted(table.decks.items())
                        if piles.place_of(code) in ("play", "sleeve")] for code in codes}
        for code, holding in found.items():
            if not holding:
                words = {"deck": "still in the deck", "discard": "already discarded"}
                where = {place: [name for name, piles in sorted(table.decks.items()) if piles.place_of(code) == place]
                         for place in words}
                places = [f"{words[place]} ({', '.join(names)})" for place, names in where.items() if names]
                out = "; ".join(f"{name}: {' '.join(_out(piles))}" for name, piles in sorted(table.decks.items())
                                if _out(piles)) or "none"
                raise TableError(f"cannot discard {code}: it is {', '.join(places) or 'in no deck of this table'}; "
                                 f"out now: {out}")
            if len(holding) > 1:
                raise TableError(f"{code} is out in decks {' and '.join(holding)}: say which with --deck "
                                 f"{holding[0]} or --deck {holding[1]}")
        decks = sorted({holding[0] for holding in found.values()})
        if len(decks) > 1:
            raise TableError(f"these cards are out in decks {' and '.join(decks)}: discard one deck's at a time "
                             f"(--deck {decks[0]}, then --deck {decks[1]})")
        deck = decks[0]
    table.decks[deck].discard(codes)
    table.touch(deck)
    table.log("discard", deck=deck, cards=codes)
    return deck


def _out(piles: Piles) -> list[str]:
    """A deck's cards in play and up sleeves."""
    return [code for held in piles.play.values() for code in held] + list(piles.sleeves.values())
