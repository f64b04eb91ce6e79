"""Persistent tables in one SQLite file: decks, sleeves, roster, chips and an append-only log.

One command is one transaction, taken with ``BEGIN IMMEDIATE`` so that concurrent commands
on the same table queue up instead of dealing the same card twice; a command killed halfway
leaves the file as it was before the command (SQLite's WAL journal). Every card of every
deck has one row, keyed by (table, deck, card): a card cannot be in two places.

The file lives in ``$DEALER_HOME`` or ``$XDG_STATE_HOME/dealer`` (``~/.local/state/dealer``),
readable by its owner only. A file that is not a dealer state file, or comes from a newer
dealer, is refused and never overwritten.
"""

from __future__ import annotations

import json
import os
import re
import sqlite3
import time
from contextlib import contextmanager

from dealer.core.piles import Chips, Piles
from dealer.errors import TableError
from dealer.store.undo import remember

APPLICATION_ID = 0x44454C52  # "DELR": marks the SQLite file as dealer's
SCHEMA_VERSION = 1
FILE_NAME = "tables.sqlite3"
BUSY_TIMEOUT_S = 60
NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.:-]{0,63}")
DECK_NAME = re.compile(r"[^\x00-\x1f\x7f]{1,100}")  # decks are named after people too ("hex:Bad Bob")

SCHEMA = ["""
CREATE TABLE tables (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL UNIQUE,
    ruleset TEXT NOT NULL,
    document TEXT NOT NULL,
    state TEXT NOT NULL DEFAULT '{}',
    created TEXT NOT NULL
)""", """
CREATE TABLE cards (
    table_id INTEGER NOT NULL REFERENCES tables(id) ON DELETE CASCADE,
    deck TEXT NOT NULL,
    card TEXT NOT NULL,
    place TEXT NOT NULL CHECK (place IN ('deck', 'discard', 'play', 'sleeve')),
    holder TEXT,
    position INTEGER NOT NULL,
    PRIMARY KEY (table_id, deck, card)
)""", """
CREATE TABLE roster (
    table_id INTEGER NOT NULL REFERENCES tables(id) ON DELETE CASCADE,
    name TEXT NOT NULL,
    side TEXT NOT NULL,
    traits TEXT NOT NULL DEFAULT '{}',
    position INTEGER NOT NULL,
    PRIMARY KEY (table_id, name)
)""", """
CREATE TABLE chips (
    table_id INTEGER NOT NULL REFERENCES tables(id) ON DELETE CASCADE,
    holder TEXT NOT NULL,
    colour TEXT NOT NULL,
    count INTEGER NOT NULL CHECK (count >= 0),
    PRIMARY KEY (table_id, holder, colour)
)""", """
CREATE TABLE events (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    table_id INTEGER NOT NULL REFERENCES tables(id) ON DELETE CASCADE,
    seq INTEGER NOT NULL,
    time TEXT NOT NULL,
    command TEXT NOT NULL,
    kind TEXT NOT NULL,
    deck TEXT,
    cards TEXT NOT NULL DEFAULT '[]',
    seed INTEGER,
    data TEXT NOT NULL DEFAULT '{}',
    UNIQUE (table_id, seq)
)""", """
CREATE TRIGGER events_append_only BEFORE UPDATE ON events
BEGIN SELECT RAISE(ABORT, 'the history is append-only'); END
"""]

POT = ""  # the chips table's holder for the pot

# Migrations from version N to N + 1, applied in order inside one transaction.
MIGRATIONS = {}


def state_dir():
    """``$DEALER_HOME``, else ``$XDG_STATE_HOME/dealer``, else ``~/.local/state/dealer``."""
    home = os.environ.get("DEALER_HOME")
    if home:
        return home
    base = os.environ.get("XDG_STATE_HOME") or os.path.join(os.path.expanduser("~"), ".local", "state")
    return os.path.join(base, "dealer")


def check_name(name, what="table"):
    """Table names are short words: letters, digits, '.', '_', ':' and '-' (no paths, no spaces);
    deck names are any printable text up to 100 characters."""
    pattern = DECK_NAME if what == "deck" else NAME
    if not isinstance(name, str) or not pattern.fullmatch(name):
        if what == "deck":
            raise TableError(f"'{name}' is not a valid deck name: up to 100 printable characters")
        raise TableError(f"'{name}' is not a valid {what} name: use up to 64 letters, digits, '.', '_', "
                         "':' or '-', starting with a letter or digit")
    return name


def _now():
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())


class Table:
    """One table as loaded for one command; ``Store.save`` writes back what changed."""

    def __init__(self, row_id, name, ruleset_name, document, state, created):
        self.id = row_id
        self.name = name
        self.ruleset_name = ruleset_name
        self.document = document
        self.state = state
        self.created = created
        self.decks = {}
        self.roster = {}  # name -> {"side": str, "traits": dict}
        self.chips = Chips({})
        self.events = []  # new events, recorded on save
        self.dirty_decks = set()
        self.deleted_decks = set()
        self._ruleset = None

    @property
    def ruleset(self):
        """The ruleset pinned when the table was made (editing the file later changes nothing)."""
        if self._ruleset is None:
            from dealer.store.rulesets import from_document

            self._ruleset = from_document(self.document, origin=f"table {self.name}")
        return self._ruleset

    def deck(self, name, rng, command=""):
        """The named deck, made and shuffled from the ruleset's cards the first time it is used."""
        check_name(name, "deck")
        if name not in self.decks:
            self.decks[name] = Piles.fresh([card.code for card in self.ruleset.deck], rng)
            self.log("new deck", deck=name, data={"cards": len(self.decks[name].draw_pile)})
        self.dirty_decks.add(name)
        return self.decks[name]

    def touch(self, deck):
        self.dirty_decks.add(deck)

    def log(self, kind, deck=None, cards=(), data=None):
        self.events.append({"kind": kind, "deck": deck, "cards": list(cards), "data": data or {}})

    def person(self, name):
        if name not in self.roster:
            known = ", ".join(self.roster) or "nobody yet"
            raise TableError(f"table '{self.name}' has no '{name}' on its roster ({known}); "
                             f"add them with: dealer table add {self.name} {name}")
        return self.roster[name]


class Store:
    """The state file. Use ``with store.transaction() as tx`` for each command."""

    def __init__(self, directory=None):
        self.directory = directory or state_dir()
        self.path = os.path.join(self.directory, FILE_NAME)

    def _connect(self, create):
        exists = os.path.exists(self.path)
        if not exists:
            if not create:
                return None
            os.makedirs(self.directory, mode=0o700, exist_ok=True)
            try:
                os.close(os.open(self.path, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o600))
            except FileExistsError:
                pass  # another dealer made it a moment ago
        connection = sqlite3.connect(self.path, timeout=BUSY_TIMEOUT_S, isolation_level=None)
        try:
            connection.execute("PRAGMA foreign_keys = ON")
            self._check(connection)
        except BaseException as error:
            connection.close()
            if not isinstance(error, sqlite3.DatabaseError):
                raise
            raise TableError(f"{self.path} is not a readable dealer state file ({error}); move it "
                             "aside (dealer never overwrites it) or set DEALER_HOME to another folder") from None
        return connection

    def _check(self, connection):
        app, version = (connection.execute("PRAGMA application_id").fetchone()[0],
                        connection.execute("PRAGMA user_version").fetchone()[0])
        if app == 0 and version == 0:
            objects = connection.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]
            if objects:
                raise TableError(f"{self.path} is an SQLite file of another program; move it aside "
                                 "(dealer never overwrites it) or set DEALER_HOME to another folder")
            self._initialise(connection)
            return
        if app != APPLICATION_ID:
            raise TableError(f"{self.path} is an SQLite file of another program; move it aside "
                             "(dealer never overwrites it) or set DEALER_HOME to another folder")
        if version > SCHEMA_VERSION:
            raise TableError(f"{self.path} was written by a newer dealer (state format {version}; this "
                             f"dealer reads up to {SCHEMA_VERSION}): upgrade dealer to use these tables")
        if version < SCHEMA_VERSION:
            self._migrate(connection, version)

    def _initialise(self, connection):
        connection.execute("PRAGMA journal_mode = WAL")
        connection.execute("BEGIN IMMEDIATE")
        try:
            # Another process may have initialised the file while this one waited for the lock.
            if connection.execute("PRAGMA application_id").fetchone()[0] == 0:
                for statement in SCHEMA:
                    connection.execute(statement)
                connection.execute(f"PRAGMA application_id = {APPLICATION_ID}")
                connection.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
            connection.execute("COMMIT")
        except BaseException:
            connection.execute("ROLLBACK")
            raise

    def _migrate(self, connection, version):
        connection.execute("BEGIN IMMEDIATE")
        try:
            current = connection.execute("PRAGMA user_version").fetchone()[0]
            while current < SCHEMA_VERSION:
                MIGRATIONS[current](connection)
                current += 1
                connection.execute(f"PRAGMA user_version = {current}")
            connection.execute("COMMIT")
        except BaseException:
            connection.execute("ROLLBACK")
            raise

    @contextmanager
    def transaction(self, create=True):
        """One command's transaction: all of its changes land, or none do."""
        connection = self._connect(create)
        if connection is None:
            yield None
            return
        try:
            connection.execute("PRAGMA synchronous = NORMAL")
            connection.execute("BEGIN IMMEDIATE")
            tx = Transaction(connection)
            try:
                yield tx
                connection.execute("COMMIT")
            except BaseException:
                connection.execute("ROLLBACK")
                raise
        except sqlite3.OperationalError as error:
            raise TableError(f"the table store is busy or unwritable ({error}); try again") from None
        finally:
            connection.close()


class Transaction:
    def __init__(self, connection):
        self.db = connection

    def names(self):
        return [row[0] for row in self.db.execute("SELECT name FROM tables ORDER BY name")]

    def _row(self, name):
        check_name(name)
        return self.db.execute("SELECT id, name, ruleset, document, state, created FROM tables WHERE name = ?",
                               (name,)).fetchone()

    def exists(self, name):
        return self._row(name) is not None

    def create(self, name, ruleset, rng, command):
        if self._row(name) is not None:
            raise TableError(f"table '{name}' already exists; use it with --table {name}, or "
                             f"dealer table reset {name} / dealer table delete {name}")
        created = _now()
        document = json.dumps(ruleset.document, ensure_ascii=False)  # keeps the file's order
        cursor = self.db.execute("INSERT INTO tables (name, ruleset, document, state, created) VALUES (?, ?, ?, '{}', ?)",
                                 (name, ruleset.name, document, created))
        table = Table(cursor.lastrowid, name, ruleset.name, ruleset.document, {}, created)
        table._ruleset = ruleset
        table.chips = Chips(dict(ruleset.chips["pot"]))
        table.log("new table", data={"ruleset": ruleset.name, "pot": dict(ruleset.chips["pot"])})
        table.deck("main", rng)
        return table

    def load(self, name):
        row = self._row(name)
        if row is None:
            import difflib

            names = self.names()
            close = difflib.get_close_matches(name, names, n=1)
            hint = f"did you mean '{close[0]}'? " if close else ""
            raise TableError(f"no table '{name}': {hint}make it with: dealer table new {name}")
        table_id, name, ruleset_name, document, state, created = row
        try:
            table = Table(table_id, name, ruleset_name, json.loads(document), json.loads(state), created)
            decks = {}
            for deck, card, place, holder, _ in self.db.execute(
                    "SELECT deck, card, place, holder, position FROM cards WHERE table_id = ? "
                    "ORDER BY deck, place, position", (table_id,)):
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
            for person, side, traits in self.db.execute(
                    "SELECT name, side, traits FROM roster WHERE table_id = ? ORDER BY position", (table_id,)):
                table.roster[person] = {"side": side, "traits": json.loads(traits)}
            pot, players = {}, {}
            for holder, colour, count in self.db.execute(
                    "SELECT holder, colour, count FROM chips WHERE table_id = ? ORDER BY holder, colour", (table_id,)):
                (pot if holder == POT else players.setdefault(holder, {}))[colour] = count
            order = list(table.document.get("chips", {}).get("pot", {}))
            pot = dict(sorted(pot.items(), key=lambda item: order.index(item[0]) if item[0] in order else len(order)))
            table.chips = Chips(pot, players)
        except (ValueError, TypeError) as error:
            raise TableError(f"table '{name}' is damaged ({error}); dealer table reset {name} rebuilds its "
                             "decks, or delete it") from None
        return table

    def save(self, table, command, seed=None):
        """Write back what the command changed, and append its events to the history."""
        db = self.db
        remember(db, table.id, command, len(table.events))  # for `table undo`: the table as it was before this command
        db.execute("UPDATE tables SET state = ? WHERE id = ?", (json.dumps(table.state, sort_keys=True), table.id))
        for deck in table.deleted_decks:
            db.execute("DELETE FROM cards WHERE table_id = ? AND deck = ?", (table.id, deck))
        for deck in table.dirty_decks:
            piles = table.decks[deck]
            db.execute("DELETE FROM cards WHERE table_id = ? AND deck = ?", (table.id, deck))
            rows = [(table.id, deck, card, "deck", None, i) for i, card in enumerate(piles.draw_pile)]
            rows += [(table.id, deck, card, "discard", None, i) for i, card in enumerate(piles.discards)]
            for holder, cards in piles.play.items():
                rows += [(table.id, deck, card, "play", holder, i) for i, card in enumerate(cards)]
            rows += [(table.id, deck, card, "sleeve", holder, 0) for holder, card in piles.sleeves.items()]
            try:
                db.executemany("INSERT INTO cards VALUES (?, ?, ?, ?, ?, ?)", rows)
            except sqlite3.IntegrityError as error:  # a card in two places: refuse the whole command
                raise TableError(f"refusing to save deck '{deck}' of table '{table.name}': {error}") from None
        db.execute("DELETE FROM roster WHERE table_id = ?", (table.id,))
        db.executemany("INSERT INTO roster VALUES (?, ?, ?, ?, ?)",
                       [(table.id, person, entry["side"], json.dumps(entry["traits"], sort_keys=True), i)
                        for i, (person, entry) in enumerate(table.roster.items())])
        db.execute("DELETE FROM chips WHERE table_id = ?", (table.id,))
        rows = [(table.id, POT, colour, count) for colour, count in table.chips.pot.items()]
        rows += [(table.id, player, colour, count) for player, held in table.chips.players.items()
                 for colour, count in held.items() if count]
        db.executemany("INSERT INTO chips VALUES (?, ?, ?, ?)", rows)
        seq = db.execute("SELECT coalesce(max(seq), 0) FROM events WHERE table_id = ?", (table.id,)).fetchone()[0]
        now = _now()
        db.executemany(
            "INSERT INTO events (table_id, seq, time, command, kind, deck, cards, seed, data) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [(table.id, seq + i, now, command, event["kind"], event["deck"], json.dumps(event["cards"]), seed,
              json.dumps(event["data"], sort_keys=True)) for i, event in enumerate(table.events, start=1)])
        table.events = []

    def delete(self, name):
        row = self._row(name)
        if row is None:
            raise TableError(f"no table '{name}' to delete")
        self.db.execute("DELETE FROM tables WHERE id = ?", (row[0],))

    def history(self, name, since=0):
        row = self._row(name)
        if row is None:
            raise TableError(f"no table '{name}': see dealer table list")
        out = []
        for seq, when, command, kind, deck, cards, seed, data in self.db.execute(
                "SELECT seq, time, command, kind, deck, cards, seed, data FROM events "
                "WHERE table_id = ? AND seq > ? ORDER BY seq", (row[0], since)):
            out.append({"seq": seq, "time": when, "command": command, "kind": kind, "deck": deck,
                        "cards": json.loads(cards), "seed": seed, "data": json.loads(data)})
        return out

    def summaries(self):
        rows = self.db.execute(
            "SELECT t.name, t.ruleset, t.created, (SELECT count(*) FROM events e WHERE e.table_id = t.id), "
            "(SELECT count(DISTINCT deck) FROM cards c WHERE c.table_id = t.id), "
            "(SELECT count(*) FROM roster r WHERE r.table_id = t.id) FROM tables t ORDER BY t.name")
        return [{"name": n, "ruleset": r, "created": c, "events": e, "decks": d, "roster": p}
                for n, r, c, e, d, p in rows]


def table_names():
    """Table names for shell completion (empty when there is no state file yet)."""
    store = Store()
    if not os.path.exists(store.path):
        return []
    with store.transaction(create=False) as tx:
        return tx.names() if tx else []
