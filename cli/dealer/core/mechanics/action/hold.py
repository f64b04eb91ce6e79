"""Hold (SWADE): a character waits, keeps it across rounds until used, and may interrupt.

``[action] hold = true``. ``dealer action hold NAME`` puts a character dealt into this round on
Hold; they are dealt no card while on Hold; ``action act NAME`` spends the Hold (they act now);
``action interrupt NAME --against OTHER`` settles it by an opposed roll of the ruleset's
``interrupt_trait``. With ``interrupt_by = "higher"`` the higher total acts first, a tie
acts simultaneously, and a Critical Failure is lowest; the Hold is used either way (the loser
of the roll acts right after the winner).

>>> from dealer.core.dice import given_roll
>>> from dealer.core.results import roll_data
>>> rolled = lambda total, bust=False: roll_data(given_roll(total, tn=4, bust=bust))
>>> settle_higher(rolled(9), rolled(7)), settle_higher(rolled(7), rolled(7)), settle_higher(rolled(20, True), rolled(2))
('first', 'simultaneous', 'after')
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, NamedTuple

from dealer.core.ledger import situations
from dealer.core.mechanics.action.common import ActionError, HoldState, RoundResult, deck_names
from dealer.core.mechanics.action.turns import taken
from dealer.core.mechanics.people import keeps_people
from dealer.core.mechanics.statuses import turn_starts
from dealer.core.table import Table
from dealer.errors import shell_word

if TYPE_CHECKING:
    from dealer.core.mechanics.rolls import RollSpec
    from dealer.core.rules import Ruleset


class HoldRequest(NamedTuple):
    """``dealer action hold NAME``: NAME goes on Hold."""

    name: str


class ActRequest(NamedTuple):
    """``dealer action act NAME``: NAME acts from Hold now; the Hold is spent."""

    name: str


def clear(table: Table) -> None:
    """A new combat: nobody is on Hold."""
    table.state(HoldState).people = []


def _require_hold(ruleset: Ruleset) -> None:
    ruleset.require("action")
    if not ruleset.action["hold"]:
        raise ActionError(f"{ruleset.name} has no Hold (action.hold): a character waits with a card up the "
                          "sleeve instead (dealer action sleeve NAME)")


def held_cards(ruleset: Ruleset, table: Table, name: str) -> list[str]:
    """``name``'s action cards in play this round, in every action deck."""
    return [code for deck in deck_names(ruleset) if deck in table.decks
            for code in table.decks[deck].play.get(name, [])]


def resolve_hold(ruleset: Ruleset, request: HoldRequest, table: Table, rng: random.Random | None = None) -> RoundResult:
    """``name`` goes on Hold: they must be dealt into this round, and not be on Hold already."""
    _require_hold(ruleset)
    state = table.state(HoldState)
    name = request.name
    if name in state.people:
        raise ActionError(f"{name} is on Hold already: act with dealer action act {shell_word(name)} "
                          f"--table {table.name}, or interrupt with dealer action interrupt")
    cards = held_cards(ruleset, table, name)
    if not cards:
        raise ActionError(f"{name} holds no action card this round on table '{table.name}': deal a round first "
                          f"(dealer action --table {table.name})")
    state.people.append(name)
    table.log("hold", data={"person": name, "cards": cards})
    return RoundResult({"kind": "hold", "action": "hold", "table": table.name, "name": name, "cards": cards,
                        "holding": list(state.people)})


def resolve_act(ruleset: Ruleset, request: ActRequest, table: Table, rng: random.Random | None = None) -> RoundResult:
    """``name`` acts from Hold: the Hold is spent."""
    _require_hold(ruleset)
    state = table.state(HoldState)
    spend(table, request.name)
    taken(table, request.name)
    table.log("act from hold", data={"person": request.name})
    data = {"kind": "hold", "action": "act", "table": table.name, "name": request.name, "cards": [],
            "holding": list(state.people)}
    return RoundResult({**data, **_turn_starts(ruleset, table, request.name, rng)})


def _turn_starts(ruleset: Ruleset, table: Table, name: str, rng: random.Random | None) -> dict:
    """Acting from Hold starts the person's turn: SWADE's recovery rolls (``statuses.turn_starts``), as data
    where the ruleset keeps people."""
    if not keeps_people(ruleset):
        return {}
    return {"recovery": turn_starts(ruleset, table, [name], rng)}


def spend(table: Table, name: str) -> None:
    """Take ``name`` off Hold, or refuse: they are not on it."""
    state = table.state(HoldState)
    if name not in state.people:
        waiting = ", ".join(state.people) or "nobody"
        raise ActionError(f"{name} is not on Hold (on Hold: {waiting}); go on Hold first: dealer action hold "
                          f"{shell_word(name)} --table {table.name}")
    state.people.remove(name)


def settle_higher(mine: dict, theirs: dict) -> str:
    """``first``, ``simultaneous`` or ``after`` (the other acts first) of two rolls' data: the higher total
    wins, a Critical Failure is lowest."""
    def key(roll: dict) -> tuple[bool, int]:
        return (not roll["bust"], roll["total"])

    if key(mine) > key(theirs):
        return "first"
    return "simultaneous" if key(mine) == key(theirs) else "after"


def interrupt_from_hold(ruleset: Ruleset, table: Table, rng: random.Random, name: str, name_roll: RollSpec,
                        other: str, other_roll: RollSpec) -> dict:
    """``name`` on Hold interrupts ``other``: both roll ``interrupt_trait`` (a Trait roll: a Joker's
    holder adds its bonus); the Hold is spent."""
    from dealer.core.mechanics.people import spec_roll

    spend(table, name)
    taken(table, name)
    tn, trait = ruleset.dice["tn"], ruleset.action["interrupt_trait"]

    def roll(spec: RollSpec, person: str) -> dict:  # a Trait roll, the person's: their Joker, Extra, conditions
        return spec_roll(ruleset, table, person, spec, rng, tn, purpose="interrupt", trait=trait)

    mine, theirs = roll(name_roll, name), roll(other_roll, other)
    outcome = settle_higher(mine, theirs)
    rolled = {"roll": mine, "their_roll": theirs}
    table.log("interrupt", data={"person": name, "against": other, "outcome": outcome, "from": "hold",
                                 situations.KEY: situations.rolls_seen(name, other, rolled)})
    return {"kind": "interrupt", "table": table.name, "name": name, "against": other, "card": None, "from": "hold",
            **rolled, "outcome": outcome, **_turn_starts(ruleset, table, name, rng)}
