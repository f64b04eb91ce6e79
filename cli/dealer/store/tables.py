"""Persistent tables: decks, sleeves, roster, chips and an append-only log, in a store.

Two stores hold tables the same way (one module each): the embedded SQLite file, the
default (``dealer.store.sqlite``), and a PostgreSQL database shared by a group
(``dealer.store.postgres``). ``dealer.store.open_store`` picks one from ``--store`` /
``DEALER_STORE``.
Everything a command does to a table goes through ``Transaction`` below, whose SQL both
engines run as written (``?`` placeholders; the PostgreSQL connection translates them), so
neither the commands nor the mechanics ever ask which store they are on.

One command is one transaction. A writing command locks its table first (SQLite: the
file, with ``BEGIN IMMEDIATE``; PostgreSQL: the table's row, ``FOR UPDATE``), so commands on
the same table queue and never deal the same card twice. Every card of every deck has one
row, keyed by (table, deck, card): a card cannot be in two places. Every statement names
one table's id: no command touches two tables in one statement.
"""

from __future__ import annotations

import json
import re
from typing import TYPE_CHECKING

from dealer import __version__
from dealer.core.numbers import INT64, in_range
from dealer.core.piles import MAX_CHIPS, Chips, Piles
from dealer.core.table import StateError, Table
from dealer.errors import TableError, shown
from dealer.store.undo import depth, now, remember, undo

if TYPE_CHECKING:
    import random
    from collections.abc import Iterable, Iterator
    from typing import Any, Protocol

    from dealer.core.rules import Ruleset

    class Database(Protocol):
        """A connection of either engine: SQL with ``?`` placeholders, rows as tuples."""

        def execute(self, sql: str, params: tuple = ...) -> Any: ...

        def executemany(self, sql: str, rows: Iterable[tuple]) -> Any: ...

NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.:-]{0,63}")
DECK_WORD = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,63}")  # a deck's name, before any ':PERSON'
POT = ""  # the chips table's holder for the pot
PLACES = ("deck", "discard", "play", "sleeve")  # where a card row may be
ONE_SEAT = ("seats need a shared table: the SQLite file is one machine, one seat; move the table to "
            "PostgreSQL (dealer help shared-tables) to seat players")
DAMAGED = "dealer table check {name} lists what is wrong; restore it from an export, or delete it"
# A history row's columns as ``event_dict`` reads them (``version``: the dealer that wrote it, null before 0.2.0).
EVENT_COLUMNS = "seq, time, command, kind, deck, cards, seed, data, args, version"


def check_name(name: object, what: str = "table") -> str:
    """Table names are short words: letters, digits, '.', '_', ':' and '-' (no paths, no spaces);
    deck names as ``deck_name_problem`` says."""
    if what == "deck":
        problem = deck_name_problem(name)
        if problem:
            raise TableError(problem)
    elif not isinstance(name, str) or not NAME.fullmatch(name):
        raise TableError(f"'{shown(name)}' is not a valid {what} name: use up to 64 letters, digits, '.', '_', "
                         "':' or '-', starting with a letter or digit")
    return name


def deck_name_problem(name: object, ruleset: Ruleset | None = None) -> str | None:
    """Why ``name`` cannot name a deck of a table (None: it can). A deck is named by a word
    (``main``, ``posse``, ``combat``: letters, digits, '_', '.' and '-', starting with a letter or
    digit), then, for a person's own deck, ':' and their name (``hex:Bad Bob``); or it is a deck
    ``ruleset`` names itself (its sides, its action and gadget decks).

    >>> [deck_name_problem(name) is None for name in ("main", "hex:Bad Bob", "../x", "a/b", "x:")]
    [True, True, False, False, False]
    """
    from dealer.core.traits import PERSON

    if isinstance(name, str):
        if ruleset is not None and name in _ruleset_decks(ruleset):
            return None
        word, colon, person = name.partition(":")
        if DECK_WORD.fullmatch(word) and (not colon or PERSON.fullmatch(person)):
            return None
    return (f"{shown(repr(name), 60)} is not a deck's name: a word of up to 64 letters, digits, '.', '_' or '-' "
            "starting with a letter or digit, and for a person's own deck ':' and their name (hex:Bad Bob)")


def _ruleset_decks(ruleset: Ruleset) -> set[str]:
    """The decks a ruleset names itself (any code it likes): its sides', its action deck, its gadget decks."""
    return {*ruleset.action["sides"], ruleset.action["deck"], ruleset.gadget["deck"], ruleset.gadget["gm_deck"]} - {""}


class StoredTable(Table):
    """A table loaded from a store for one command; ``Transaction.save`` writes back what changed."""

    def __init__(self, row_id: int, name: str, ruleset_name: str, document: dict, states: dict, created: str, *,
                 ruleset: Ruleset | None = None, decks: dict[str, Piles] | None = None, chips: Chips | None = None,
                 roster: dict[str, dict] | None = None):
        if ruleset is None:
            from dealer.errors import RulesetError
            from dealer.store.rulesets import from_document

            try:
                ruleset = from_document(document, origin=f"table {name}")
            except RulesetError as error:  # damage names the table
                raise TableError(f"table '{name}' is damaged: its pinned ruleset does not load "
                                 f"({'; '.join(error.problems[:2])}); {DAMAGED.format(name=name)}") from None
        super().__init__(ruleset, name=name, decks=decks, chips=chips, roster=roster, states=states)
        self.id = row_id
        self.ruleset_name = ruleset_name
        self.document = document
        self.created = created
        self.commitment = None  # a shared table's commitment to its secret, when it is made
        self.loaded_rows = None  # the rows as loaded (state, cards, roster, chips), for undo and for save

    def deck(self, name: str, rng: random.Random) -> Piles:
        if name not in self.decks:
            problem = deck_name_problem(name, self.ruleset)
            if problem:
                raise TableError(problem)
        return super().deck(name, rng)


class Transaction:
    """One command's reads and writes of the tables in a store.

    ``db`` runs SQL with ``?`` placeholders on either engine; ``lock`` is what a writing
    command's first read of a table appends to take the table's lock (empty where the whole
    transaction holds one, and in a ``readonly`` one); ``integrity`` the engine's
    constraint-violation errors.
    """

    def __init__(self, db, *, lock: str = "", integrity: tuple[type[Exception], ...] = (), args=None,
                 readonly: bool = False):
        self.db = db
        self.lock = "" if readonly else lock
        self.readonly = readonly
        self.integrity = integrity
        self.args = args  # the command's own words, recorded with its events (for replay)

    # -- a shared table's seats and randomness: none on this store (a shared store says otherwise) --

    seat = None  # the seat this command sits in (None: the table's owner, on a store of one machine)
    command = None  # the command's name, where a store records it before its events (a player's command begun)

    def new_table_seed(self, given: int | None) -> int | None:
        """The seed that makes a new table: ``--seed`` (or None: one from the system)."""
        return given

    def table_seed(self, table: StoredTable, given: int | None) -> int | None:
        """A command's seed on ``table``: ``--seed`` (or None: one from the system)."""
        return given

    def make_seat(self, table: StoredTable, seat: str, kind: str, people: list[str]) -> dict:
        raise TableError(ONE_SEAT)

    def seats(self, table: StoredTable) -> list[dict]:
        raise TableError(ONE_SEAT)

    def revoke_seat(self, table: StoredTable, seat: str) -> dict:
        raise TableError(ONE_SEAT)

    def reveal(self, table: StoredTable) -> dict:
        raise TableError(f"table '{table.name}' deals from --seed or the system, not from a secret: only a shared "
                         "table (PostgreSQL) has one to reveal")

    def replay_secret(self, name: str) -> bytes | None:
        """The secret table ``name`` deals from now, for its owner's replay (none on this store)."""
        return None

    def names(self) -> list[str]:
        return [row[0] for row in self.db.execute("SELECT name FROM tables ORDER BY name")]

    def _row(self, name, lock=False):
        check_name(name)
        return self.db.execute("SELECT id, name, ruleset, document, state, created FROM tables WHERE name = ?"
                               + (self.lock if lock else ""), (name,)).fetchone()

    def exists(self, name: str) -> bool:
        return self._row(name) is not None

    def create(self, name: str, ruleset: Ruleset, rng: random.Random, command: str) -> StoredTable:
        if self._row(name) is not None:
            raise _exists(name)
        created = now()
        document = json.dumps(ruleset.document, ensure_ascii=False)  # keeps the file's order
        try:
            row = self.db.execute("INSERT INTO tables (name, ruleset, document, state, created) "
                                  "VALUES (?, ?, ?, '{}', ?) RETURNING id",
                                  (name, ruleset.name, document, created)).fetchone()
        except self.integrity:  # another command made it a moment ago
            raise _exists(name) from None
        table = StoredTable(row[0], name, ruleset.name, ruleset.document, {}, created, ruleset=ruleset,
                            chips=Chips(dict(ruleset.chips["pot"])))
        table.log("new table", data={"ruleset": ruleset.name, "pot": dict(ruleset.chips["pot"])})
        table.deck("main", rng)
        return table

    def load(self, name: str) -> StoredTable:
        """Table ``name`` as it is now; in a writing transaction its lock is taken first, so that no
        other command changes it before this one commits."""
        row = self._row(name, lock=True)
        if row is None:
            import difflib

            names = self.names()
            close = difflib.get_close_matches(name, names, n=1)
            hint = f"did you mean '{close[0]}'? " if close else ""
            raise TableError(f"no table '{name}': {hint}make it with: dealer table new {name}")
        table_id, name, ruleset_name, document, state, created = row
        try:
            document, states = json.loads(document), json.loads(state)
            if not (isinstance(document, dict) and isinstance(states, dict)):
                raise TypeError("its pinned ruleset or its state is not an object")
            table = StoredTable(table_id, name, ruleset_name, document, states, created)
            cards = self.db.execute("SELECT deck, card, place, holder, position FROM cards WHERE table_id = ? "
                                    "ORDER BY deck, place, position, card", (table_id,)).fetchall()
            decks = {}
            for deck, card, place, holder, position in cards:
                if not (isinstance(deck, str) and isinstance(card, str) and place in PLACES
                        and (holder is None or isinstance(holder, str)) and in_range(position, 0, INT64)):
                    raise TypeError(f"deck {shown(repr(deck), 40)}: {shown(repr(card), 20)} is not a card at a place "
                                    f"({shown(repr(place), 20)}, position {shown(repr(position), 20)})")
                piles = decks.setdefault(deck, Piles([]))
                if place == "deck":
                    piles.draw_pile.append(card)
                elif place == "discard":
                    piles.discards.append(card)
                elif place == "play":
                    piles.play.setdefault(holder or "", []).append(card)
                else:
                    piles.sleeves[holder] = card
            table.decks = decks
            roster = self.db.execute("SELECT name, side, traits, position FROM roster WHERE table_id = ? "
                                     "ORDER BY position", (table_id,)).fetchall()
            for person, side, traits, position in roster:
                table.roster[person] = {"side": side, "traits": json.loads(traits)}
                if not (isinstance(person, str) and isinstance(side, str) and in_range(position, 0, INT64)
                        and isinstance(table.roster[person]["traits"], dict)):
                    raise TypeError(f"the roster's {shown(repr(person), 40)} is not a name, a side, traits and a "
                                    "place on the roster")
            chips = self.db.execute("SELECT holder, colour, count FROM chips WHERE table_id = ? "
                                    "ORDER BY holder, colour", (table_id,)).fetchall()
            pot, players = {}, {}
            for holder, colour, count in chips:
                if not (isinstance(holder, str) and isinstance(colour, str) and in_range(count, 0, MAX_CHIPS)):
                    raise TypeError(f"{'the pot' if holder == POT else f'chips of {shown(repr(holder), 40)}'}: "
                                    f"{shown(repr(colour), 20)} count {shown(repr(count), 40)} is not a whole "
                                    f"number from 0 to {MAX_CHIPS:,}")
                (pot if holder == POT else players.setdefault(holder, {}))[colour] = count
            order = list(table.document.get("chips", {}).get("pot", {}))
            pot = dict(sorted(pot.items(), key=lambda item: order.index(item[0]) if item[0] in order else len(order)))
            table.chips = Chips(pot, players)
            table.loaded_rows = {"state": state, "cards": cards, "roster": roster, "chips": chips}
        except StateError as error:
            raise TableError(str(error)) from None
        except (ValueError, TypeError) as error:
            raise TableError(f"table '{name}' is damaged ({shown(error, 240)}); {DAMAGED.format(name=name)}") from None
        return table

    def save(self, table: StoredTable, command: str, seed: int | None = None) -> None:
        """Write back what the command changed (rows it left as they were stay untouched), and
        append its events to the history."""
        db = self.db
        loaded = table.loaded_rows  # None: a table made by this command
        # for `table undo`: the table as it was before this command
        remember(db, table.id, command, len(table.events), loaded)
        state = json.dumps(table.states_data(), sort_keys=True)
        if loaded is None or state != loaded["state"]:
            db.execute("UPDATE tables SET state = ? WHERE id = ?", (state, table.id))
        for deck in table.dirty_decks:
            rows = _deck_rows(deck, table.decks[deck])
            if loaded is not None and set(rows) == {row for row in map(tuple, loaded["cards"]) if row[0] == deck}:
                continue
            db.execute("DELETE FROM cards WHERE table_id = ? AND deck = ?", (table.id, deck))
            try:
                db.executemany("INSERT INTO cards VALUES (?, ?, ?, ?, ?, ?)", [(table.id, *row) for row in rows])
            except self.integrity as error:  # a card in two places: refuse the whole command
                raise TableError(f"refusing to save deck '{deck}' of table '{table.name}': "
                                 f"{shown(str(error).splitlines()[0])}") from None
        roster = [(person, entry["side"], json.dumps(entry["traits"], sort_keys=True), i)
                  for i, (person, entry) in enumerate(table.roster.items())]
        if loaded is None or roster != [tuple(row) for row in loaded["roster"]]:
            db.execute("DELETE FROM roster WHERE table_id = ?", (table.id,))
            db.executemany("INSERT INTO roster VALUES (?, ?, ?, ?, ?)", [(table.id, *row) for row in roster])
        chips = [(POT, colour, count) for colour, count in table.chips.pot.items()]
        chips += [(player, colour, count) for player, held in table.chips.players.items()
                  for colour, count in held.items() if count]
        if loaded is None or set(chips) != set(map(tuple, loaded["chips"])):
            db.execute("DELETE FROM chips WHERE table_id = ?", (table.id,))
            db.executemany("INSERT INTO chips VALUES (?, ?, ?, ?)", [(table.id, *row) for row in chips])
        if table.events:
            seq = db.execute("SELECT coalesce(max(seq), 0) FROM events WHERE table_id = ?",
                             (table.id,)).fetchone()[0]
            when = now()
            args = json.dumps(self.args, ensure_ascii=False) if self.args is not None else None
            db.executemany(
                "INSERT INTO events (table_id, seq, time, command, kind, deck, cards, seed, data, args, version) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                [(table.id, seq + i, when, command, event["kind"], event["deck"], json.dumps(event["cards"]), seed,
                  json.dumps(event["data"], sort_keys=True), args, __version__)
                 for i, event in enumerate(table.events, start=1)])
        table.events = []

    def undo(self, table: StoredTable) -> dict | None:
        """Put ``table`` back as it was before its last command that changed it (``store.undo``), and
        log it; None when there is nothing to undo."""
        undone = undo(self.db, table.id)
        if undone is not None:
            self.append(table.id, "table undo", "undo", data=undone)
        return undone

    def undo_depth(self, table: StoredTable) -> int:
        return depth(self.db, table.id)

    def append(self, table_id: int, command: str, kind: str, deck: str | None = None, cards: Iterable[str] = (),
               seed: int | None = None, data: dict | None = None) -> int:
        """Record one event of a command that changes the rows itself (undo, import)."""
        seq = self.db.execute("SELECT coalesce(max(seq), 0) FROM events WHERE table_id = ?",
                              (table_id,)).fetchone()[0] + 1
        self.db.execute("INSERT INTO events (table_id, seq, time, command, kind, deck, cards, seed, data, args, "
                        "version) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                        (table_id, seq, now(), command, kind, deck, json.dumps(list(cards)), seed,
                         json.dumps(data or {}, sort_keys=True),
                         json.dumps(self.args, ensure_ascii=False) if self.args is not None else None, __version__))
        return seq

    def delete(self, name: str) -> None:
        row = self._row(name, lock=True)
        if row is None:
            raise TableError(f"no table '{name}' to delete")
        self.db.execute("DELETE FROM tables WHERE id = ?", (row[0],))

    def table_id(self, name: str) -> int:
        row = self._row(name)
        if row is None:
            raise TableError(f"no table '{name}': see dealer table list")
        return row[0]

    def last_seq(self, name: str) -> int:
        """The number of the table's newest event."""
        return self.db.execute("SELECT coalesce(max(seq), 0) FROM events WHERE table_id = ?",
                               (self.table_id(name),)).fetchone()[0]

    def history(self, name: str, since: int = 0, last: int | None = None) -> list[dict]:
        """The table's events after ``since`` (the ``last`` N of them), oldest first."""
        return list(self.events(name, since, last))

    def events(self, name: str, since: int = 0, last: int | None = None) -> Iterator[dict]:
        """As ``history``, made one by one as they are read (a long history is never held)."""
        table_id = self.table_id(name)
        return self.events_of(table_id, self._since(table_id, since, last))

    def events_of(self, table_id: int, since: int = 0) -> Iterator[dict]:
        rows = self.db.execute(f"SELECT {EVENT_COLUMNS} FROM events WHERE table_id = ? AND seq > ? ORDER BY seq",
                               (table_id, since))
        return (event_dict(*row) for row in rows)

    def _since(self, table_id, since, last):
        """Where the ``last`` N events after ``since`` start (the (table_id, seq) index finds it)."""
        if last is None:
            return since
        if last == 0:
            return 1 << 62
        start = self.db.execute("SELECT seq FROM events WHERE table_id = ? AND seq > ? ORDER BY seq DESC "
                                "LIMIT 1 OFFSET ?", (table_id, since, last - 1)).fetchone()
        return since if start is None else start[0] - 1

    def history_widths(self, name: str, since: int = 0, last: int | None = None) -> tuple | None:
        """The widest seq, time, command, seed ("seed N"), kind and deck of those events, for a text
        log aligned like ``render.table_text`` without holding the rows; None when there are none."""
        table_id = self.table_id(name)
        widths = self.db.execute(
            "SELECT max(length(CAST(seq AS TEXT))), max(length(time)), max(length(command)), "
            "max(CASE WHEN seed IS NULL THEN 0 ELSE length(CAST(seed AS TEXT)) + 5 END), max(length(kind)), "
            "max(length(coalesce(deck, ''))) FROM events WHERE table_id = ? AND seq > ?",
            (table_id, self._since(table_id, since, last))).fetchone()
        return None if widths[0] is None else tuple(widths)

    def summaries(self) -> list[dict]:
        """Each table's name, ruleset, birth and size: the directory listed, then each table's own
        rows counted by its id (no statement reads two tables' rows)."""
        listed = []
        for table_id, name, ruleset, created in self.db.execute(
                "SELECT id, name, ruleset, created FROM tables ORDER BY name").fetchall():
            counts = [self.db.execute(sql, (table_id,)).fetchone()[0] for sql in (
                "SELECT count(*) FROM events WHERE table_id = ?",
                "SELECT count(DISTINCT deck) FROM cards WHERE table_id = ?",
                "SELECT count(*) FROM roster WHERE table_id = ?")]
            listed.append({"name": name, "ruleset": ruleset, "created": created, "events": counts[0],
                           "decks": counts[1], "roster": counts[2]})
        return listed


def _deck_rows(deck: str, piles: Piles) -> list[tuple]:
    """A deck's card rows (deck, card, place, holder, position), as the cards table keeps them."""
    rows = [(deck, card, "deck", None, i) for i, card in enumerate(piles.draw_pile)]
    rows += [(deck, card, "discard", None, i) for i, card in enumerate(piles.discards)]
    for holder, cards in piles.play.items():
        rows += [(deck, card, "play", holder, i) for i, card in enumerate(cards)]
    rows += [(deck, card, "sleeve", holder, 0) for holder, card in piles.sleeves.items()]
    return rows


def event_dict(seq: int, when: str, command: str, kind: str, deck: str | None, cards: str, seed: int | None,
               data: str, args: str | None = None, version: str | None = None) -> dict:
    """One history row (``EVENT_COLUMNS``) as the log, export and watch print it (``args`` only
    where recorded; ``version``, the dealer that wrote it, null where not); a row that does not
    read back (edited by hand) is a ``DamagedRow`` naming the event."""
    try:
        if not (all(isinstance(text, str) for text in (when, command, kind, deck or ""))
                and (seed is None or in_range(seed, 0, INT64)) and (version is None or isinstance(version, str))):
            raise TypeError("its time, command, kind, deck, seed or version is not what a history holds")
        event = {"seq": seq, "time": when, "command": command, "kind": kind, "deck": deck,
                 "cards": json.loads(cards), "seed": seed, "data": json.loads(data)}
        if args is not None:
            event["args"] = json.loads(args)
        event["version"] = version
        if not (isinstance(event["data"], dict) and _texts(event["cards"]) and _texts(event.get("args", []))):
            raise TypeError("its data is not an object, or its cards or words not a list of text")
    except (ValueError, TypeError) as error:
        raise DamagedRow(f"event {shown(repr(seq), 20)} of the history is damaged: its cards, data or words do "
                         f"not read ({shown(error)}); dealer table check lists what is wrong") from None
    return event


def _texts(value: object) -> bool:
    return isinstance(value, list) and all(isinstance(item, str) for item in value)


class DamagedRow(TableError, ValueError):
    """A stored row that does not read back: a table error for a command, and for ``table check``
    (which reads rows expecting ``ValueError``) one of the problems it lists."""


def _exists(name):
    return TableError(f"table '{name}' already exists; use it with --table {name}, or "
                      f"dealer table reset {name} / dealer table delete {name}")
