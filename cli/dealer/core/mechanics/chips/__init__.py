"""Poker chips (seeds 000 and 003): the pot, blind draws, spending, pick-me-ups and shamans' rituals.

Every chip sits in exactly one place: the pot, a player's chips (``table.chips``) or a
shaman's favor chips (``ChipsState.favor``). A ritual's straight flush may make a new chip
(``ChipsState.created``); nothing else makes or destroys one, so at every moment::

    pot + players + favor == the ruleset's starting pot + created

Draws are blind, weighted by what is in the pot now, and stop at the ruleset's cap
(``chips.cap``; seed 003: at five chips a player may not draw). An unlimited pot (``chips.unlimited``,
SWADE's Bennies: one colour) makes a chip whenever it has none to give, counted as created, so
the sum above holds for it too. What a spent chip does is
ruleset data (``[chips.uses]``); a spent chip goes back to the pot. Each entry point takes
a request, changes the table (a ``dealer.core.table.Table``) and returns a ``ChipsResult``
whose events the table's history records too.

Where each rule lives: this module holds what every chip move shares (the state, the
conservation sum, the checks, the events) and what a spent chip does, with a chip played
before a draw (``chip_before_draw``, for spells and contests); ``pot`` the pot's moves (show,
blind draws, the GM's gives, returns, a session's draws); ``spending`` a chip spent after the
draw (on the last hand, or a pick-me-up) and wounds; ``dealer.core.mechanics.rituals`` the
shamans' rituals.

>>> import random
>>> from dealer.core.mechanics.chips.pot import DrawRequest, resolve_draw
>>> from dealer.store.rulesets import load
>>> table = Table.fresh(load("poker-hands"))
>>> result = resolve_draw(table.ruleset, DrawRequest("Bert", 2), table, random.Random(1))
>>> [event["colour"] for event in result.events], conservation(table)["conserved"]
(['red', 'white'], True)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple

from dealer.core.mechanics.conditions import wounded
from dealer.core.ranks import slug
from dealer.core.numbers import MAX_LEVEL
from dealer.core.record import COLOUR, COUNT, PERSON, TEXT, Field, ListOf, MapOf, Part, Whole
from dealer.core.table import Table
from dealer.errors import DealerError, did_you_mean, shell_word, usage

if TYPE_CHECKING:
    import random

    from dealer.core.rules import Ruleset

FAVOR = "favor"
CHIPS = "chips"


class ChipsError(DealerError):
    """A chip move the rules do not allow: an unknown colour or player, a chip not held, the cap."""


def trait_kinds(ruleset: Ruleset) -> dict[str, str]:
    """The roster traits this mechanic reads: name -> ``dice``, ``level``, ``text`` or ``flag``.

    ``knacks`` lists knack names (``"cattle roping, trick shooting"``), ``rituals`` a shaman's
    ritual skills (``"paint:2, tobacco:3"``), ``guardian-spirit`` caps their favor chips.
    """
    kinds = {}
    if ruleset.chips["knack_as"]:
        kinds["knacks"] = "text"
    if ruleset.chips["rituals"]:
        kinds.update({"guardian-spirit": "level", "rituals": "skills"})
    return kinds


# -- state and result -----------------------------------------------------------------------------


# A shaman's favor chips stop at the guardian spirit skill (rituals._earn), a level of at most 100.
FAVOR_CHIPS = Whole(0, f"a number of favor chips from 0 to {MAX_LEVEL}", MAX_LEVEL)


class ChipsState(Part):
    """The ``chips`` part of a table: favor chips, chips created, rituals used this session, sessions."""

    KEY = "chips"
    FIELDS = {"favor": Field(MapOf(MapOf(FAVOR_CHIPS, key=COLOUR), key=PERSON), {}),
              "created": Field(MapOf(COUNT, key=COLOUR), {}),
              "rituals": Field(MapOf(ListOf(TEXT), key=PERSON), {}), "sessions": Field(COUNT, 0)}

    def to_data(self) -> dict:
        data = {"favor": {name: held for name, held in self.favor.items() if any(held.values())},
                "created": {colour: n for colour, n in self.created.items() if n},
                "rituals": {name: used for name, used in self.rituals.items() if used},
                "sessions": self.sessions}
        return {key: value for key, value in data.items() if value}

    def favor_held(self, person: str) -> int:
        return sum(self.favor.get(person, {}).values())


class ChipsResult(NamedTuple):
    """What a chips command did (``action``: show, draw, give, spend, ritual...): its events, the
    chips after it, and what else it found."""

    action: str
    table: str | None
    events: list[dict]
    chips: dict
    detail: dict = {}

    def to_data(self) -> dict:
        return {"kind": "chips", "action": self.action, "table": self.table, **self.chips, **self.detail,
                "events": self.events}


# -- conservation and the chips as data -------------------------------------------------------------


def _nonzero(counts: dict[str, int]) -> dict[str, int]:
    return {colour: count for colour, count in counts.items() if count}


def _add(into: dict[str, int], counts: dict[str, int]) -> None:
    for colour, count in counts.items():
        into[colour] = into.get(colour, 0) + count


def conservation(table: Table) -> dict:
    """The chips counted (pot + players + favor) against the starting pot + chips created."""
    state = table.state(ChipsState)
    total = dict(table.chips.total())
    for held in state.favor.values():
        _add(total, held)
    expected = dict(table.ruleset.chips["pot"])
    _add(expected, state.created)
    return {"total": _nonzero(total), "start": dict(table.ruleset.chips["pot"]), "created": _nonzero(state.created),
            "conserved": _nonzero(total) == _nonzero(expected)}


def _ordered(counts: dict[str, int], colours: list[str]) -> dict[str, int]:
    """Non-zero counts in the order of the ruleset's pot (white, red, blue)."""
    rank = {colour: i for i, colour in enumerate(colours)}
    return dict(sorted(_nonzero(counts).items(), key=lambda item: rank.get(item[0], len(rank))))


def in_roster_order(table: Table, by_name: dict) -> dict:
    """``by_name`` (players' chips, favor) in roster order, then anyone else as they came."""
    return {name: by_name[name] for name in dict.fromkeys([*table.roster, *by_name]) if name in by_name}


def chips_data(table: Table) -> dict:
    """The pot, each player's chips, favor chips, wounds and the conservation sum: colours in the
    pot's order (white, red, blue), players in roster order."""
    state = table.state(ChipsState)
    colours = list(table.ruleset.chips["pot"])
    return {"pot": {colour: table.chips.pot.get(colour, 0) for colour in colours},
            "players": {name: _ordered(held, colours)
                        for name, held in in_roster_order(table, table.chips.players).items() if any(held.values())},
            "favor": {name: _ordered(held, colours) for name, held in in_roster_order(table, state.favor).items()
                      if any(held.values())},
            "wounds": wounded(table),
            "cap": table.ruleset.chips["cap"], "unlimited": table.ruleset.chips["unlimited"],
            "conservation": conservation(table)}


def record_result(action: str, table: Table, events: list[dict], **detail: Any) -> ChipsResult:
    """The result of a chips command; its events go to the table's history too."""
    table.log_events(events)
    return ChipsResult(action, table.name, events, chips_data(table), detail)


# -- checks and moves ------------------------------------------------------------------------------


def check_colour(ruleset: Ruleset, colour: str | None) -> str:
    """A colour of the ruleset's pot (case-insensitive), or a one-line error naming them; none given:
    the pot's one colour (Bennies), or an error asking which."""
    colours = list(ruleset.chips["pot"])
    if not colour:
        if len(colours) == 1:
            return colours[0]
        raise usage(ChipsError(f"which colour? {ruleset.name}'s pot holds {', '.join(colours) or 'none'}: "
                               "give one after the name"))
    for known in colours:
        if known.lower() == colour.strip().lower():
            return known
    raise ChipsError(f"'{colour}' is not a chip colour of {ruleset.name} (colours: {', '.join(colours) or 'none'})")


def check_player(table: Table, person: str) -> str:
    """Someone on the roster, the GM (``chips.gm``) or already holding chips; without a table, anyone.
    Where the GM keeps their side's chips, a person on that side holds none: the GM is named instead."""
    if table.trait(person, "extra"):
        raise ChipsError(f"{person} is marked extra on the roster (Extras, or a group of them): Extras hold no "
                         "chips; give it to a Wild Card or the GM")
    holder = chip_holder(table, person)
    if holder != person:
        raise ChipsError(f"{person} is on the {table.roster[person]['side']} side, whose chips {holder} keeps: "
                         f"name {holder} instead")
    if (not table.persistent or person in table.roster or person in table.chips.players
            or person == table.ruleset.chips["gm"]):
        return person

    people = list(dict.fromkeys([*table.roster, *table.chips.players]))
    meant = did_you_mean(person, people)
    if meant:
        raise ChipsError(f"table '{table.name}' has no player '{person}': {meant}")
    raise ChipsError(f"table '{table.name}' has no player '{person}' ({', '.join(people) or 'nobody yet'}); "
                     f"add them with: dealer table add {table.name} {shell_word(person)}")


def _holdings(counts: dict[str, int]) -> str:
    return ", ".join(f"{n} {colour}" for colour, n in counts.items() if n) or "none"


def _take_from_player(table: Table, person: str, colour: str) -> None:
    held = table.chips.players.get(person, {})
    if not held.get(colour):
        raise ChipsError(f"{person} holds no {colour} chip (holds: {_holdings(held)})")
    table.chips.move(person, None, colour)


def back_to_pot(table: Table, pool: dict[str, int], colour: str, count: int = 1) -> None:
    """Chips counted outside ``Chips.move`` back to the pot: a shaman's favor chips, or a player's
    chips thrown back by a ritual."""
    pool[colour] -= count
    table.chips.pot[colour] = table.chips.pot.get(colour, 0) + count


def leave(table: Table, person: str) -> tuple[dict[str, int], list[dict]]:
    """Someone leaves the table (``table remove``): their chips and favor chips go back to the pot,
    as their cards go to the discards, and the rituals they performed are forgotten. The chips
    returned by colour, and one event per colour returned."""
    state = table.state(ChipsState)
    returned, events = {}, []
    for pool, held in ((CHIPS, table.chips.players.get(person, {})), (FAVOR, state.favor.get(person, {}))):
        for colour, count in _nonzero(held).items():
            if pool == CHIPS:
                table.chips.move(person, None, colour, count)
            else:
                back_to_pot(table, held, colour, count)
            returned[colour] = returned.get(colour, 0) + count
            events.append(move_event("return", person, colour, f"{person} leaves the table", count=count, pool=pool))
    table.chips.players.pop(person, None)
    state.favor.pop(person, None)
    state.rituals.pop(person, None)
    return _ordered(returned, list(table.ruleset.chips["pot"])), events


def fill_unlimited(table: Table, colour: str | None = None) -> None:
    """An unlimited pot with no chip of ``colour`` (default: its one colour) makes one, counted as created."""
    rules = table.ruleset.chips
    if not rules["unlimited"]:
        return
    colour = colour or next(iter(rules["pot"]))
    if not table.chips.pot.get(colour):
        table.chips.create(colour)
        created = table.state(ChipsState).created
        created[colour] = created.get(colour, 0) + 1


def chip_holder(table: Table, person: str, side: str | None = None) -> str:
    """Who holds the chips ``person`` earns: the GM (``chips.gm``) for anyone on the GM's side where
    the GM keeps that side's chips (``chips.gm_keeps_side``), else the person. ``side`` names the
    side of someone not on the roster (a participant of one round)."""
    rules = table.ruleset.chips
    if not rules["gm_keeps_side"]:
        return person
    side = side or table.roster.get(person, {}).get("side")
    return rules["gm"] if side == table.ruleset.action["sides"][-1] else person


def pot_draw(table: Table, person: str, rng: random.Random, why: str, side: str | None = None) -> dict:
    """A blind draw from the table's pot for ``person``, or the GM who keeps their side's chips
    (``chip_holder``): the cap holds; an unlimited pot never runs dry. A chip event: the colour, or
    None and why not."""
    fill_unlimited(table)
    return table.chips.draw_event(chip_holder(table, person, side), rng, table.ruleset.chips["cap"], why)


def move_event(move: str, person: str, colour: str | None, why: str, **extra: Any) -> dict:
    """A chip moved (``draw``, ``give``, ``spend``, ``return``, ``create``): the one shape of a chip
    event (``Chips.draw_event`` makes the draws'), with what else the move records."""
    return {"kind": "chip", "move": move, "player": person, "colour": colour, "why": why, **extra}


# -- what a spent chip does, and a chip before a draw ---------------------------------------------


def _use(ruleset: Ruleset, name: str) -> dict:
    uses = ruleset.chips["uses"]
    if name not in uses:
        raise ChipsError(f"{ruleset.name} has no chip use '{name}' (uses: {', '.join(uses) or 'none'})")
    return uses[name]


def _default_use(ruleset: Ruleset, when: str) -> str:
    """The use a spend means when ``--for`` is not given: the hand use of that moment, if any."""
    for name, use in ruleset.chips["uses"].items():
        if use["does"] == "hand" and use["when"] == when:
            return name
    known = ", ".join(ruleset.chips["uses"]) or "none"
    raise usage(ChipsError(f"say what the chip is for with --for USE (uses: {known})"))


def _knack(ruleset: Ruleset, table: Table, person: str, knack: str) -> str:
    """A knack on the person's roster: any chip then acts as ``chips.knack_as`` on a hand."""
    acts_as = ruleset.chips["knack_as"]
    if not acts_as:
        raise ChipsError(f"{ruleset.name} has no knacks")
    from dealer.core.characters import names  # only a knack reads the roster's list

    listed = str(table.trait(person, "knacks") or "")
    if slug(knack) not in [slug(name) for name in names(listed)]:
        where = f"table '{table.name}'" if table.persistent else "a table (--table)"
        raise ChipsError(f"{person} has no knack '{knack}' on {where}: "
                         f"add it with --trait {shell_word('knacks=' + knack)} (knacks now: {listed or 'none'})")
    return acts_as


def _effect(ruleset: Ruleset, use_name: str, use: dict, colour: str, acts_as: str | None) -> dict:
    """What ``colour`` does under ``use`` (as ``acts_as`` for a knack), or a one-line refusal."""
    as_colour = acts_as or colour
    if as_colour not in use["colours"]:
        allowed = ", ".join(use["colours"]) or "none"
        raise ChipsError(f"a {colour} chip cannot be spent for {use_name} (it takes: {allowed})")
    return use["colours"][as_colour]


def _check_holds(table: Table, person: str, colour: str, use: dict) -> None:
    """Refuse a spend of a chip the person does not hold (favor chips count where the use allows)."""
    favor = table.state(ChipsState).favor.get(person, {})
    held = table.chips.players.get(person, {})
    if table.persistent and not held.get(colour) and not (use["favor"] and favor.get(colour)):
        pools = f"; favor: {_holdings(favor)}" if use["favor"] and favor else ""
        raise ChipsError(f"{person} holds no {colour} chip (holds: {_holdings(held)}{pools})")


def _pay(table: Table, person: str, colour: str, use: dict) -> str:
    """The chip goes back to the pot: from favor chips first when the use allows; says which pool."""
    state = table.state(ChipsState)
    favor = state.favor.get(person, {})
    if use["favor"] and favor.get(colour):
        back_to_pot(table, favor, colour)
        return FAVOR
    if not table.persistent:
        return CHIPS  # no table: a physical chip, not counted
    _take_from_player(table, person, colour)
    return CHIPS


class ChipBonus(NamedTuple):
    """A chip played before a draw: extra cards and wild picks for the draw, and the spend event."""

    cards: int = 0
    wild_picks: int = 0
    event: dict | None = None


def chip_before_draw(ruleset: Ruleset, table: Table, person: str, colour: str, *, knack: str = "") -> ChipBonus:
    """``dealer hex --chip white|red``: the chip is spent (back to the pot, logged) and the draw gets
    its extra cards or wild picks; pass ``cards`` as a modifier to ``draws.draw_size`` so that ten
    cards or more bring the wild-pick rules, and ``wild_picks`` as its ``extra_picks``.

    >>> from dealer.store.rulesets import load
    >>> poker = load("poker-hands")
    >>> bonus = chip_before_draw(poker, Table.fresh(poker), "Sally", "white")
    >>> bonus.cards, bonus.wild_picks, bonus.event["use"]
    (1, 0, 'before-draw')
    """
    person = check_player(table, person)
    colour = check_colour(ruleset, colour)
    use_name = _default_use(ruleset, "before-draw")
    use = _use(ruleset, use_name)
    acts_as = _knack(ruleset, table, person, knack) if knack else None
    effect = _effect(ruleset, use_name, use, colour, acts_as)
    _check_holds(table, person, colour, use)
    pool = _pay(table, person, colour, use)
    event = move_event("spend", person, colour, use["note"] or use_name, use=use_name, pool=pool)
    if acts_as:
        event["acts_as"] = acts_as
    if table.persistent:
        table.log_events([event])
    return ChipBonus(effect["cards"], effect["wild_picks"], event)

