"""The pot's moves: the chips shown, blind draws, the GM's gives, returns, and a session's draws.

Draws are blind, weighted by what is in the pot at that moment, and stop at the ruleset's cap
(``chips.cap``); the GM's give is refused at the cap too. A session starts with everyone on
the roster drawing ``chips.session`` chips, and every ritual may be performed again.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, NamedTuple

from dealer.core.mechanics.chips import (ChipsError, ChipsResult, ChipsState, _holdings, _take_from_player,
                                         check_colour, check_player, chip_holder, chips_data, fill_unlimited,
                                         move_event, pot_draw, record_result)
from dealer.core.table import Table

if TYPE_CHECKING:
    from dealer.core.rules import Ruleset


class ShowRequest(NamedTuple):
    """``dealer chips``: the pot, everyone's chips and the conservation sum."""


class DrawRequest(NamedTuple):
    """``dealer chips draw NAME [N]``: N blind draws for NAME."""

    person: str
    count: int = 1


class MoveRequest(NamedTuple):
    """``dealer chips give NAME COLOUR`` (from the pot) or ``return`` (back to the pot)."""

    person: str
    colour: str
    back: bool = False


class SessionRequest(NamedTuple):
    """``dealer chips session``: everyone on the roster draws the ruleset's count; rituals reset."""


def _at_cap(table: Table, person: str) -> bool:
    cap = table.ruleset.chips["cap"]
    return bool(cap) and table.chips.held(person) >= cap


def resolve_show(ruleset: Ruleset, request: ShowRequest, table: Table, rng: random.Random | None = None) -> ChipsResult:
    """The table's chips (a fresh full pot without a table)."""
    ruleset.require("chips")
    return ChipsResult("show", table.name, [], chips_data(table))


def resolve_draw(ruleset: Ruleset, request: DrawRequest, table: Table, rng: random.Random) -> ChipsResult:
    """Blind draws for a player, each weighted by the pot at that moment, stopping at the cap.

    A player already at the cap, or an empty pot, is an error: nothing is drawn.
    """
    ruleset.require("chips")
    person = check_player(table, request.person)
    cap = ruleset.chips["cap"]
    if _at_cap(table, person):
        raise ChipsError(f"{person} holds {_chips(table.chips.held(person))}, the most allowed ({cap}): "
                         "spend one before drawing")
    fill_unlimited(table)
    if not any(table.chips.pot.values()):
        raise ChipsError("the pot is empty: no chip to draw")
    events, stopped = [], ""
    for _ in range(request.count):
        fill_unlimited(table)
        colour = table.chips.draw(person, rng, cap)
        if colour is None:
            stopped = f"at the cap ({cap})" if _at_cap(table, person) else "the pot is empty"
            break
        events.append(move_event("draw", person, colour, "a blind draw from the pot"))
    return record_result("draw", table, events, asked=request.count, **({"stopped": stopped} if stopped else {}))


def resolve_move(ruleset: Ruleset, request: MoveRequest, table: Table, rng: random.Random | None = None) -> ChipsResult:
    """The GM hands a chosen chip from the pot (refused at the cap), or a chip goes back to the pot."""
    ruleset.require("chips")
    person = check_player(table, request.person)
    colour = check_colour(ruleset, request.colour)
    if request.back:
        _take_from_player(table, person, colour)
        return record_result("return", table, [move_event("return", person, colour, "back to the pot")])
    if _at_cap(table, person):
        raise ChipsError(f"{person} holds {_chips(table.chips.held(person))}, the most allowed "
                         f"({ruleset.chips['cap']}): spend one first")
    fill_unlimited(table, colour)
    if not table.chips.pot.get(colour):
        raise ChipsError(f"the pot has no {colour} chip (pot: {_holdings(table.chips.pot)})")
    table.chips.move(None, person, colour)
    return record_result("give", table, [move_event("give", person, colour, "the GM hands it out")])


def resolve_session(ruleset: Ruleset, request: SessionRequest, table: Table, rng: random.Random) -> ChipsResult:
    """The start of a session: every chip back to the pot first where they do not carry over
    (``chips.session_returns``); each person on the roster draws ``chips.session`` chips (or their
    side's count, ``session_sides``; a person marked ``extra``, or on the side whose chips the GM
    keeps, draws none); the GM draws
    ``session_gm`` for each person on the first side. Caps hold: at the cap a person draws
    nothing, and the result says so. Every ritual may be used again."""
    ruleset.require("chips")
    if not table.roster:
        raise ChipsError("nobody on the roster to draw: add players with dealer table add"
                         + (f" {table.name} NAME" if table.name else ""))
    state = table.state(ChipsState)
    rules = ruleset.chips
    events = _returns(table) if rules["session_returns"] else []
    counts = {person: 0 if table.trait(person, "extra") or chip_holder(table, person) != person
              else rules["session_sides"].get(entry["side"], rules["session"])
              for person, entry in table.roster.items()}
    heroes = sum(1 for entry in table.roster.values() if entry["side"] == ruleset.action["sides"][0])
    if rules["session_gm"]:
        counts[rules["gm"]] = rules["session_gm"] * heroes
    skipped = {}
    for person, count in counts.items():
        for _ in range(count):
            event = pot_draw(table, person, rng, "the start of a session")
            if event["colour"] is None:
                skipped[person] = f"holds {table.chips.held(person)}, the cap" if _at_cap(table, person) \
                    else "the pot is empty"
                break
            events.append(event)
    state.rituals = {}
    state.sessions += 1
    if not events:  # no chip moved, but the session did: the history has it, so a replay (verify) counts it too
        table.log("session", data={"session": state.sessions})
    return record_result("session", table, events, session=state.sessions, each=rules["session"], counts=counts,
                         skipped=skipped)


def _returns(table: Table) -> list[dict]:
    """Every player's chips back to the pot (they do not carry over from the last session)."""
    events = []
    for person, held in list(table.chips.players.items()):
        for colour, count in list(held.items()):
            for _ in range(count):
                table.chips.move(person, None, colour)
                events.append(move_event("return", person, colour, "the last session's: they do not carry over"))
    return events


def _chips(count: int) -> str:
    return f"{count} chip" if count == 1 else f"{count} chips"
