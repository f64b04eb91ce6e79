"""A table as the mechanics see it: decks by name, chips, the roster, and each mechanic's state.

Pure: nothing here touches a file. A command gets a ``Table`` (loaded from the store with
``--table``, or a fresh one that is never saved), a mechanic's ``resolve`` reads and changes
it, and the store saves what changed. Each mechanic owns one part of the table's state as a
small type with ``from_data``/``to_data`` (``table.state(ActionState)``); nobody else writes it,
and a stored table holding a part no mechanic owns is refused with its name.

>>> import random
>>> from dealer.store.rulesets import load
>>> table = Table.fresh(load("deadlands"))
>>> piles = table.deck("main", random.Random(1))
>>> len(piles.draw_pile), table.persistent
(54, False)
"""

from __future__ import annotations

import importlib
import random
from typing import TYPE_CHECKING, Any, TypeVar

from dealer.core.ledger.situations import KEY
from dealer.core.piles import Chips, Piles
from dealer.core.record import Part, StateError
from dealer.errors import DealerError, TableError, did_you_mean, shell_word, shown

if TYPE_CHECKING:
    from collections.abc import Collection, Iterable

    from dealer.core.rules import Ruleset

# Every part of a table's state and the type that owns it (imported only when used), in the
# order their upgrades run.
STATE_TYPES = {
    "conditions": "dealer.core.mechanics.conditions:ConditionsState",
    "action": "dealer.core.mechanics.action.common:ActionState",
    "long_actions": "dealer.core.mechanics.long_actions:LongActions",
    "hands": "dealer.core.mechanics.last_hand:LastHands",
    "rolls": "dealer.core.mechanics.last_roll:LastRolls",
    "hold": "dealer.core.mechanics.action.common:HoldState",
    "turns": "dealer.core.mechanics.action.turns:TurnsState",
    "conflict": "dealer.core.mechanics.conflict.harm:HarmState",
    "chips": "dealer.core.mechanics.chips:ChipsState",
    "gadget": "dealer.core.mechanics.gadget:GadgetState",
}

# The layout of the state's parts. Each part upgrades its own data from older formats
# (``Part.upgrade``): format 2 gave each mechanic its part; format 3 put a person's
# conditions in one part (``people``) and long actions in theirs; format 4 keeps a hand's draw
# request typed (``hands``).
STATE_FORMAT = 4

S = TypeVar("S", bound=Part)


def upgrade_states(states: dict, version: int, to: int = STATE_FORMAT) -> dict:
    """A table's state of format ``version`` in format ``to`` (today's): each part moves its own data.

    >>> upgrade_states({"casts": {"Sally": 2}}, 1)
    {'conditions': {'people': {'Sally': {'casts': 2}}}}
    """
    if not isinstance(states, dict):
        raise StateError(f"the state is {type(states).__name__}, not an object")
    states = dict(states)
    for step in range(version, to):
        for key in STATE_TYPES:
            state_type(key).upgrade(states, step)
    return {key: data for key, data in states.items() if data}


class Table:
    """Decks, chips, roster and mechanic states of one table, for one command."""

    def __init__(self, ruleset: Ruleset, *, name: str | None = None, decks: dict[str, Piles] | None = None,
                 chips: Chips | None = None, roster: dict[str, dict] | None = None,
                 states: dict[str, dict] | None = None):
        self.ruleset = ruleset
        self.name = name  # None: a fresh table for one command, saved nowhere
        self.decks = decks if decks is not None else {}
        self.chips = chips if chips is not None else Chips(dict(ruleset.chips["pot"]))
        self.roster = roster if roster is not None else {}  # name -> {"side": str, "traits": dict}
        states = dict(states or {})
        unknown = sorted(set(states) - set(STATE_TYPES))
        if unknown:
            raise StateError(f"table '{name}': unknown state {', '.join(map(repr, unknown))} (known: "
                             f"{', '.join(STATE_TYPES)}); the table was written by another dealer")
        self._stored = states
        self._states: dict[str, Part] = {}
        self.events: list[dict] = []  # new history events, recorded on save
        self.dirty_decks: set[str] = set()

    @classmethod
    def fresh(cls, ruleset: Ruleset) -> "Table":
        """A table for one command without ``--table``: fresh decks, a full pot, no roster."""
        return cls(ruleset)

    @property
    def persistent(self) -> bool:
        return self.name is not None

    def deck(self, name: str, rng: random.Random) -> Piles:
        """The named deck, made and shuffled from the ruleset's cards the first time it is used."""
        if name not in self.decks:
            self.decks[name] = Piles.fresh([card.code for card in self.ruleset.deck], rng)
            if self.persistent:
                self.log("new deck", deck=name, data={"cards": len(self.decks[name].draw_pile)})
        self.dirty_decks.add(name)
        return self.decks[name]

    def fresh_deck(self, name: str, rng: random.Random) -> Piles:
        """The named deck gathered whole and shuffled, for one conflict or contest (the dealer's deck:
        every card of the ruleset's deck, whoever held one before)."""
        self.decks[name] = Piles.fresh([card.code for card in self.ruleset.deck], rng)
        self.dirty_decks.add(name)
        return self.decks[name]

    def touch(self, deck: str) -> None:
        self.dirty_decks.add(deck)

    def log(self, kind: str, deck: str | None = None, cards: Iterable[str] = (), data: dict | None = None) -> None:
        self.events.append({"kind": kind, "deck": deck, "cards": list(cards), "data": data or {}})

    def log_events(self, events: list[dict]) -> None:
        """Record a result's events (chip draws, reshuffles, discards) in the history; a blind chip
        draw with the pot it came from, for the luck ledger (``ledger.situations``)."""
        for event in events:
            data = {k: v for k, v in event.items() if k not in ("kind", "move", "deck", "cards")}
            if event["kind"] == "chip" and event.get("move") == "draw" and event.get("colour"):
                pot = self.chips.pot_drawn_from(event["player"], event["colour"])
                if pot is not None:
                    data[KEY] = {**data.get(KEY, {}), "pot": pot}
            kind = f"{event['kind']} {event['move']}" if event.get("move") else event["kind"]  # "chip draw"
            self.log(kind, deck=event.get("deck"), cards=event.get("cards", []), data=data)

    def person(self, name: str) -> dict:
        if name not in self.roster:
            meant = did_you_mean(name, self.roster)
            if meant:
                raise TableError(f"table '{self.name}' has no '{name}' on its roster: {meant}")
            known = ", ".join(self.roster) or "nobody yet"
            raise TableError(f"table '{self.name}' has no '{name}' on its roster ({known}); "
                             f"add them with: dealer table add {self.name} {shell_word(name)}")
        return self.roster[name]

    def trait(self, person: str | None, key: str) -> Any:
        """A roster trait of ``person``, or None (no such person, no such trait, no table)."""
        if not person or person not in self.roster:
            return None
        return self.roster[person]["traits"].get(key)

    def state(self, kind: type[S]) -> S:
        """The mechanic's own part of the table's state, typed (made empty on first use)."""
        found = self._states.get(kind.KEY)
        if found is None:
            try:
                found = kind.from_data(self._stored.get(kind.KEY, {}), kind.KEY)
                self._check_cards(found)
            except StateError as error:
                raise StateError(f"table '{self.name}': {error}") from None
            self._states[kind.KEY] = found
        return found

    def _check_cards(self, part: Part) -> None:
        """Every card a part holds is a card of this table's deck (checked on every read)."""
        from dealer.core.cards import CardError

        for path, spec, code in part.references(part.KEY):
            if spec.names == "card":
                try:
                    self.ruleset.deck.parse(code)
                except CardError:
                    raise StateError(f"{path}: {code!r} is not a card of the {self.ruleset.name} deck") from None

    def reset_states(self) -> None:
        """Forget every mechanic's state (``table reset``)."""
        self._stored, self._states = {}, {}

    def states_data(self) -> dict[str, dict]:
        """Every part of the state as data, for the store: typed parts written back, the parts no
        mechanic read this time kept as stored, empty ones dropped."""
        out = dict(self._stored)
        for key, state in self._states.items():
            out[key] = state.to_data()
        return {key: data for key, data in out.items() if data}

    def check_states(self, decks: Collection[str] | None = None) -> list[tuple[str, str]]:
        """Read every stored part with its mechanic's type (an import, ``table check``), then check
        what each names against the table: a side or a Score of its ruleset, a chip colour of its
        pot, one of its decks (``decks``, default the table's), a usable person's name; then each
        part's own cross-checks (``Part.problems``). Every problem is told, one per line.

        Returns every person the state names, with the path that names them: whether the table
        knows them (its roster, its history) is the store's to say.
        """
        problems, people = [], []
        names = self._names(self.decks if decks is None else decks)
        for key in STATE_TYPES:
            if key not in self._stored:
                continue
            try:
                part = self.state(state_type(key))
            except StateError as error:
                problems.append(str(error))
                continue
            for path, spec, value in part.references(key):
                if spec.names == "person":
                    people.append((path, value))
                    problem = _person_problem(value)
                elif spec.names == "card":
                    continue
                else:
                    known, what = names[spec.names]
                    problem = None if value in known else f"{shown(repr(value), 40)} is not {what}"
                if problem:
                    problems.append(f"table '{self.name}': {path}: {problem}")
            problems.extend(f"table '{self.name}': {problem}" for problem in part.problems(self))
        if problems:
            raise StateError("\n".join(problems))
        return people

    def _names(self, decks: Collection[str]) -> dict[str, tuple[set[str], str]]:
        """What each kind of name the state holds may be, and how to say so."""
        from dealer.core.mechanics.conflict.common import score_names

        name = self.ruleset.name
        sides, scores, pot = self.ruleset.action["sides"], score_names(self.ruleset), list(self.ruleset.chips["pot"])
        return {"side": (set(sides), f"a side of {name} ({', '.join(sides)})"),
                "score": (set(scores), f"a Score of {name} ({', '.join(scores) or 'none'})"),
                "colour": (set(pot), f"a chip colour of {name} ({', '.join(pot) or 'none'})"),
                "deck": (set(decks), "a deck of the table")}


def _person_problem(name: str) -> str | None:
    """Why ``name`` cannot be a person's (as ``table add`` refuses it), or None."""
    from dealer.core.traits import person_name

    try:
        return None if person_name(name) == name else f"{shown(repr(name), 40)} is not a usable name"
    except DealerError as error:
        return str(error)


def state_type(key: str) -> type:
    """The state type that owns ``key`` (imported on demand)."""
    module, _, name = STATE_TYPES[key].partition(":")
    return getattr(importlib.import_module(module), name)
