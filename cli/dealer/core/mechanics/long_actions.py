"""Actions of several action cards (seed 000's Speed): begun on one card, spent over the rounds.

"Some actions take more than one action card to complete": a long action is begun on a card
of the current round; that card and the person's later cards of the round are spent on it,
then each card later rounds deal them, until the last, on which it resolves. ``action`` spends
and marks the cards as it counts a round down; ``hex`` begins a hex of Speed 2 or more this
way and casts it once its last card has come up. The cards a person holds this round, in the
order they are called, come from ``action`` (``called``): this module keeps the count.

>>> from dealer.store.rulesets import load
>>> from dealer.core.table import Table
>>> table = Table(load("deadlands"), name="t")
>>> begun = begin(table, "Velvet", 3, "mirage", ["Qs", "2d"])
>>> begun.spent, begun.resolves_on
(2, None)
>>> order = {"any_time": [], "countdown": [{"card": "3s", "name": "Velvet"}]}
>>> count_down(table, order); order["countdown"][0]["action"]
'mirage 3/3: resolves now'
"""

from __future__ import annotations

from typing import NamedTuple

from dealer.core.record import COUNT, FLAG, PERSON, TEXT, Field, MapOf, Maybe, Nested, Part, Record
from dealer.core.table import Table
from dealer.errors import DealerError, shell_word

RESOLVES = ": resolves now"  # what the countdown says of a long action's last card


class LongActionError(DealerError):
    """A long action the rules do not allow: one already under way, no cards."""


class LongAction(Record):
    """What a person is doing, the cards it needs and has spent, and whether it is a hex (which
    resolves when cast, not by itself) and at which level it is cast (so the last card's cast
    need not be told again)."""

    FIELDS = {"what": Field(TEXT), "need": Field(COUNT), "spent": Field(COUNT), "hex": Field(FLAG, False),
              "level": Field(Maybe(COUNT), None)}

    @property
    def done(self) -> bool:
        return self.spent >= self.need


class LongActions(Part):
    """The ``long_actions`` part of a table: each person's long action under way (or just done)."""

    KEY = "long_actions"
    FIELDS = {"actions": Field(MapOf(Nested(LongAction), key=PERSON), {})}

    @classmethod
    def upgrade(cls, states: dict, version: int) -> None:
        """Format 3 keeps long actions in their own part (format 2: ``action.actions``)."""
        action = states.get("action")
        if version == 2 and isinstance(action, dict) and action.get("actions"):
            states["long_actions"] = {"actions": action.pop("actions")}


class Begun(NamedTuple):
    """A long action begun: who, what, the cards it takes, the cards of this round spent on it,
    and the card it resolves on this round (None: later rounds spend the rest)."""

    table: str | None
    name: str
    what: str
    cards: int
    spending: list[str]

    @property
    def spent(self) -> int:
        return len(self.spending)

    @property
    def resolves_on(self) -> str | None:
        return self.spending[-1] if self.spent == self.cards else None

    def to_data(self) -> dict:
        return {"kind": "long-action", "table": self.table, "name": self.name, "what": self.what,
                "cards": self.cards, "spent": self.spent, "spending": list(self.spending),
                "resolves_on": self.resolves_on}


def current(table: Table, name: str) -> LongAction | None:
    """The long action ``name`` is spending (or has just finished), if any."""
    return table.state(LongActions).actions.get(name)


def begin(table: Table, name: str, cards: int, what: str, called: list[str], *, hex_: bool = False) -> Begun:
    """Start ``what``, taking ``cards`` action cards, on the first of ``called`` (the person's cards
    of this round from the one begun on, in the order they are called): those are spent now."""
    check_free(table, name, cards)
    actions = table.state(LongActions).actions
    spending = list(called)[:cards]
    actions[name] = LongAction(what=what, need=cards, spent=len(spending), hex=hex_)
    table.log("begin action", data={"person": name, "what": what, "cards": cards, "spent": len(spending)})
    return Begun(table.name, name, what, cards, spending)


def check_free(table: Table, name: str, cards: int) -> None:
    """Refuse a long action of no cards, or one begun while another is under way."""
    if cards < 1:
        raise LongActionError("an action takes at least one card")
    under_way = current(table, name)
    if under_way is not None and not under_way.done:
        raise LongActionError(f"{name} is already spending cards on {under_way.what} "
                              f"({under_way.spent} of {under_way.need})")


def end(table: Table, name: str) -> None:
    """The long action is over (a hex cast on its last card)."""
    table.state(LongActions).actions.pop(name, None)


def clear(table: Table) -> None:
    """A new combat: every long action dropped."""
    table.state(LongActions).actions.clear()


def count_down(table: Table, order: dict) -> None:
    """A round's countdown spends one card of each long action per card its person acts on; it
    resolves on the last, which the countdown marks (``mirage 1/2``, ``...: resolves now``).
    ``order["under_way"]`` then lists what is still being spent, or a hex whose cards are all
    spent and that waits to be cast, so a round shows it even when its person has no card."""
    actions = table.state(LongActions).actions
    for name in [name for name, action in actions.items() if action.done and not action.hex]:
        del actions[name]  # resolved last round
    for entry in order["any_time"] + order["countdown"]:
        action = actions.get(entry["name"])
        if action is None or action.done:
            continue
        action.spent += 1
        entry["action"] = spending_note(action.what, action.spent, action.need, action.hex)
        if action.done:
            entry["resolves"] = True
    order["under_way"] = under_way_data(table)


def spending_note(what: str, spent: int, need: int, hex_: bool) -> str:
    """What the countdown says of a card spent on a long action: ``mirage 2/3``, and on the last
    ``mirage 3/3: resolves now`` (a hex: with the command that casts it)."""
    note = f"{what} {spent}/{need}"
    if spent >= need:
        note += RESOLVES + (f" (dealer hex {shell_word(what)})" if hex_ else "")
    return note


def played_note(note: str) -> str:
    """A turn's note once its card has been played: a long action's count (``mirage 3/3``), no longer
    saying it ``resolves now``."""
    return note.split(RESOLVES, 1)[0]


def under_way_data(table: Table) -> list[dict]:
    """Each long action still spending cards, and each hex whose cards are spent but not yet cast
    (an action that resolved on its last card is done)."""
    return [{"name": name, "what": action.what, "spent": action.spent, "cards": action.need, "hex": action.hex,
             "level": action.level, "ready": action.done}
            for name, action in table.state(LongActions).actions.items() if action.hex or not action.done]
