"""Persistent tables in one SQLite file: decks, sleeves, roster, chips and an append-only log.

One command is one transaction, taken with ``BEGIN IMMEDIATE`` so that concurrent commands
on the same table queue up instead of dealing the same card twice; a command killed halfway
leaves the file as it was before the command (SQLite's WAL journal). Every card of every
deck has one row, keyed by (table, deck, card): a card cannot be in two places.

The file lives in ``$DEALER_HOME`` or ``$XDG_STATE_HOME/dealer`` (``~/.local/state/dealer``),
readable by its owner only (the folders dealer makes for it too). A file that is not a dealer
state file, or comes from a newer dealer, is refused and never overwritten. A writer waits
``BUSY_TIMEOUT_S`` for another command's lock, then says the table store is busy and, where
the system tells, which process holds it. A full disk (or quota) is named as such, and
reading commands keep working on it.
"""

from __future__ import annotations

import errno
import json
import os
import re
import sqlite3
import stat
import sys
import time
from contextlib import contextmanager
from typing import TYPE_CHECKING

from dealer.core.piles import Chips, Piles
from dealer.core.table import StateError, Table
from dealer.errors import TableError, shown
from dealer.store.undo import remember

if TYPE_CHECKING:
    import random
    from collections.abc import Iterator

    from dealer.core.rules import Ruleset

APPLICATION_ID = 0x44454C52  # "DELR": marks the SQLite file as dealer's
SCHEMA_VERSION = 3  # dealer.core.table.STATE_FORMAT: a test keeps them equal
FILE_NAME = "tables.sqlite3"
BUSY_TIMEOUT_S = 5  # a writer waits this long for another command's lock (commands hold it for ms)
_FULL = {errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC)}
_SQLITE_FULL, _SQLITE_IOERR, _SQLITE_CANTOPEN = 13, 10, 14  # primary result codes (the low byte)
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
_DAMAGED = "dealer table check {name} lists what is wrong; restore it from an export, or delete it"

def _upgrade_states(connection, version):
    """Every table's state, and the state in every undo snapshot, from format ``version`` to
    the next: each part of the state moves its own data (``dealer.core.table.upgrade_states``)."""
    from dealer.core.table import upgrade_states
    from dealer.store.undo import upgrade_snapshots

    for row_id, state in connection.execute("SELECT id, state FROM tables").fetchall():
        upgraded = upgrade_states(json.loads(state), version, version + 1)
        connection.execute("UPDATE tables SET state = ? WHERE id = ?", (json.dumps(upgraded, sort_keys=True), row_id))
    upgrade_snapshots(connection, lambda states: upgrade_states(states, version, version + 1))


# Migrations from version N to N + 1, applied in order inside one transaction. The file's
# version is the state format (``dealer.core.table.STATE_FORMAT``); its tables did not change.
MIGRATIONS = {1: _upgrade_states, 2: _upgrade_states}


def state_dir() -> str:
    """``$DEALER_HOME``, else ``$XDG_STATE_HOME/dealer``, else ``~/.local/state/dealer``."""
    home = os.environ.get("DEALER_HOME")
    if home:
        return home
    base = os.environ.get("XDG_STATE_HOME") or os.path.join(os.path.expanduser("~"), ".local", "state")
    return os.path.join(base, "dealer")


def check_name(name: object, what: str = "table") -> str:
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


class StoredTable(Table):
    """A table loaded from the state file for one command; ``Transaction.save`` writes back what changed."""

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
                                 f"({'; '.join(error.problems[:2])}); {_DAMAGED.format(name=name)}") from None
        super().__init__(ruleset, name=name, decks=decks, chips=chips, roster=roster, states=states)
        self.id = row_id
        self.ruleset_name = ruleset_name
        self.document = document
        self.created = created
        self.deleted_decks = set()

    def deck(self, name: str, rng: random.Random) -> Piles:
        check_name(name, "deck")
        return super().deck(name, rng)


class Store:
    """The state file. Use ``with store.transaction() as tx`` for each command.

    ``transaction(create=False)`` never makes the file (a command that only reads finds no
    tables instead); ``readonly=True`` also works on a read-only file or folder. The file is
    never followed through a dangling symbolic link, never overwritten when it is not ours,
    and called corrupt (never busy) when SQLite finds it damaged.
    """

    def __init__(self, directory=None, warn=True):
        self.directory = directory or state_dir()
        self.path = os.path.join(self.directory, FILE_NAME)
        self.warn = warn  # shell completion must print nothing but candidates

    def _fail(self, what, fix="move it aside (dealer never overwrites it) or set DEALER_HOME to another folder"):
        return TableError(f"{shown(self.path, 200)} {what}; {fix}")

    def _check_directory(self, create):
        """The folder: a real directory (made private when dealer makes it); warn when others may write."""
        try:
            info = os.stat(self.directory)
        except FileNotFoundError:
            if not create:
                return False
            try:
                _make_private_dirs(self.directory)
            except FileExistsError:  # a dangling symbolic link, or another dealer a moment ago
                if not os.path.isdir(self.directory):
                    raise self._dir_error("is a symbolic link to nothing") from None
            except OSError as error:
                if error.errno in _FULL:
                    raise self._full() from None
                raise self._dir_error(f"cannot be made ({_reason(error)})") from None
            return True
        except OSError as error:
            raise self._dir_error(f"cannot be read ({_reason(error)})") from None
        if not stat.S_ISDIR(info.st_mode):
            raise self._dir_error("is not a directory")
        if info.st_mode & 0o022 and self.warn and not _warned.get(self.directory):
            _warned[self.directory] = True
            sys.stderr.write(f"dealer: warning: {shown(self.directory, 200)} may be written by other users "
                             f"(mode {stat.S_IMODE(info.st_mode):o}); make it private: chmod 700 it\n")
        return True

    def _dir_error(self, what):
        return TableError(f"the state folder {shown(self.directory, 200)} {what}; set DEALER_HOME to a "
                          "folder of yours (or unset it)")

    def _check_file(self, create):
        """Whether the file exists now (made empty and private when ``create``); refuse what is not a file."""
        try:
            link = os.lstat(self.path)
        except FileNotFoundError:
            link = None
        except OSError as error:
            raise self._fail(f"cannot be read ({_reason(error)})") from None
        if link is None:
            if not create:
                return False
            try:  # O_EXCL | O_NOFOLLOW: never through a link, never over another dealer's new file
                os.close(os.open(self.path, os.O_CREAT | os.O_EXCL | os.O_WRONLY | _NOFOLLOW, 0o600))
            except FileExistsError:
                return self._check_file(create=False)
            except OSError as error:
                if error.errno in _FULL:
                    raise self._full() from None
                raise self._fail(f"cannot be made ({_reason(error)})",
                                 "check that the folder is yours and writable, or set DEALER_HOME") from None
            return True
        try:
            info = os.stat(self.path)
        except FileNotFoundError:
            raise self._fail("is a symbolic link to a missing file (dealer will not make a file there)",
                             "remove the link or make its target") from None
        except OSError as error:
            raise self._fail(f"cannot be read ({_reason(error)})") from None
        if not stat.S_ISREG(info.st_mode):
            raise self._fail("is not a regular file")
        if info.st_mode & 0o077 and info.st_uid == os.geteuid():
            for path in (self.path, self.path + "-wal", self.path + "-shm"):
                try:
                    os.chmod(path, 0o600)  # the owner's only, whatever the umask was
                except OSError:
                    pass
        return True

    def _connect(self, create, readonly=False):
        create = create and not readonly
        if not self._check_directory(create) or not self._check_file(create):
            return None
        if readonly and not os.path.getsize(self.path):
            return None  # made but never written: no tables yet
        try:
            return self._open(readonly, immutable=readonly and not os.access(self.directory, os.W_OK))
        except sqlite3.Error as error:
            if readonly and self._disk_full(error):
                # SQLite could not make its -shm file on the full disk: read the file as it stands.
                try:
                    return self._open(readonly, immutable=True)
                except sqlite3.Error:
                    pass
            raise self._error(error) from None

    def _open(self, readonly, immutable=False):
        """A connection, checked (and the file initialised or migrated when writable)."""
        if readonly:
            from urllib.parse import quote

            uri = f"file:{quote(self.path)}?mode=ro"
            if immutable and not _size(self.path + "-wal"):
                # SQLite cannot make its -shm file here, and there is no journal to read:
                # the file is read as it stands.
                uri += "&immutable=1"
            connection = sqlite3.connect(uri, uri=True, timeout=BUSY_TIMEOUT_S, isolation_level=None)
        else:
            connection = sqlite3.connect(self.path, timeout=BUSY_TIMEOUT_S, isolation_level=None)
        try:
            connection.execute("PRAGMA foreign_keys = ON")
            self._check(connection, readonly)
        except BaseException:
            connection.close()
            raise
        return connection

    def _error(self, error):
        """An SQLite error as what the user can do about it."""
        message = str(error).lower()
        if self._disk_full(error):
            return self._full()
        if "locked" in message or "busy" in message:
            holder = lock_holder(self.path)
            return TableError(f"the table store is busy: another command held it for {BUSY_TIMEOUT_S} s"
                              + (f": {holder}" if holder else "") + "; try again when it is done")
        if "readonly" in message or "read-only" in message:
            return self._fail("is read-only", "run this where the state folder is writable, or set DEALER_HOME")
        if "unable to open" in message or "i/o error" in message or "access permission" in message:
            return self._fail(f"cannot be opened ({shown(error)})",
                              "check its permissions and its folder's, or set DEALER_HOME")
        return self._fail(f"is not a readable dealer state file: it is corrupt or not SQLite ({shown(error)})")

    def _full(self):
        return TableError(f"no space left on device for {shown(self.path, 200)} (the disk or your quota is full): "
                          "free some space, or set DEALER_HOME to a folder on another disk; nothing was changed")

    def _disk_full(self, error):
        """Whether an SQLite error comes from a full disk: SQLITE_FULL (ENOSPC, EDQUOT), or an I/O
        or open error while the file system has no free block or inode left."""
        code = getattr(error, "sqlite_errorcode", 0) & 0xFF
        if code == _SQLITE_FULL or "disk is full" in str(error).lower():
            return True
        if code not in (_SQLITE_IOERR, _SQLITE_CANTOPEN) and "i/o error" not in str(error).lower():
            return False
        try:
            space = os.statvfs(self.directory)
        except (OSError, AttributeError):
            return False
        return space.f_bavail == 0 or (space.f_files > 0 and space.f_favail == 0)

    def _check(self, connection, readonly=False):
        app, version = (connection.execute("PRAGMA application_id").fetchone()[0],
                        connection.execute("PRAGMA user_version").fetchone()[0])
        if app == 0 and version == 0:
            objects = connection.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]
            if objects:
                raise self._fail("is an SQLite file of another program")
            if readonly:
                raise _Empty()
            self._initialise(connection)
            return
        if app != APPLICATION_ID:
            raise self._fail("is an SQLite file of another program")
        if version > SCHEMA_VERSION:
            raise TableError(f"{shown(self.path, 200)} was written by a newer dealer (state format {version}; "
                             f"this dealer reads up to {SCHEMA_VERSION}): upgrade dealer to use these tables")
        if version < 1 or any(step not in MIGRATIONS for step in range(version, SCHEMA_VERSION)):
            raise self._fail(f"is damaged (it is marked as dealer's, but with state format {version})")
        if version < SCHEMA_VERSION:
            if readonly:
                raise self._fail("is from an older dealer and needs upgrading",
                                 "run a command that changes a table once, where the file is writable")
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
            if connection.in_transaction:  # a failed BEGIN (a full disk) left none to roll back
                connection.execute("ROLLBACK")
            raise

    def _migrate(self, connection, version):
        connection.execute("BEGIN IMMEDIATE")
        try:
            current = connection.execute("PRAGMA user_version").fetchone()[0]
            while current < SCHEMA_VERSION:
                MIGRATIONS[current](connection, current)
                current += 1
                connection.execute(f"PRAGMA user_version = {current}")
            connection.execute("COMMIT")
        except BaseException:
            if connection.in_transaction:
                connection.execute("ROLLBACK")
            raise

    @contextmanager
    def transaction(self, create: bool = True, readonly: bool = False) -> Iterator[Transaction | None]:
        """One command's transaction: all of its changes land, or none do.

        Yields None when there is no state file and ``create`` is false (or ``readonly``).
        A ``readonly`` one takes no write lock: it reads beside a writer.
        """
        try:
            connection = self._connect(create, readonly)
        except _Empty:
            connection = None
        if connection is None:
            yield None
            return
        try:
            if not readonly:
                connection.execute("PRAGMA synchronous = NORMAL")
            connection.execute("BEGIN" if readonly else "BEGIN IMMEDIATE")
            tx = Transaction(connection)
            try:
                yield tx
                connection.execute("COMMIT")
            except BaseException:
                if connection.in_transaction:
                    connection.execute("ROLLBACK")
                raise
        except sqlite3.Error as error:
            raise self._error(error) from None
        finally:
            connection.close()


class _Empty(Exception):
    """A read-only look at a state file that was made but never written: no tables."""


_warned = {}
_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)


def _size(path):
    try:
        return os.path.getsize(path)
    except OSError:
        return 0


def _reason(error):
    return (error.strerror or type(error).__name__).lower()


def _make_private_dirs(path):
    """``os.makedirs`` with every folder it makes private (0700) whatever the umask: the parents
    too (``~/.local/state``), which ``makedirs`` would make with the umask's mode."""
    path = os.path.abspath(path)
    parent = os.path.dirname(path)
    if parent != path and not os.path.isdir(parent):
        try:
            _make_private_dirs(parent)
        except FileExistsError:
            pass  # another dealer made it a moment ago (or it is a file: the mkdir below says so)
    os.mkdir(path, 0o700)
    os.chmod(path, 0o700)  # mkdir's mode is cut by the umask; 0700 is what was meant


def lock_holder(path: str) -> str | None:
    """Which process holds the write lock of the state file at ``path``, as ``process 123
    (dealer draw 5 --table t)``, where the system says (Linux's /proc/locks; SQLite itself
    cannot tell); None elsewhere or when nobody is found."""
    try:
        inodes = {os.stat(name).st_ino for name in (path, path + "-shm") if os.path.exists(name)}
        with open("/proc/locks", encoding="ascii", errors="replace") as handle:
            lines = handle.read(1 << 20).splitlines()
    except OSError:
        return None
    for line in lines:
        fields = line.split()
        # "1: POSIX  ADVISORY  WRITE 4242 00:2e:1234 120 120" (a "->" marks a waiter: skipped)
        if len(fields) < 8 or fields[1] == "->" or fields[3] != "WRITE":
            continue
        try:
            pid, inode = int(fields[4]), int(fields[5].rsplit(":", 1)[1])
        except (ValueError, IndexError):
            continue
        if inode in inodes and pid > 0 and pid != os.getpid():
            return f"process {pid}" + (f" ({_command_line(pid)})" if _command_line(pid) else "")
    return None


def _command_line(pid):
    """``dealer draw 5 --table t`` for a process, or ''; at most 60 characters, printable."""
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as handle:
            words = handle.read(4096).split(b"\0")
    except OSError:
        return ""
    words = [word.decode("utf-8", "replace") for word in words if word]
    if len(words) > 1 and os.path.basename(words[0]).startswith("python") and "dealer" in words[1]:
        words = words[1:]  # python .../bin/dealer ...: the script is the command
    if words:
        words[0] = os.path.basename(words[0])
    return shown(" ".join(words), 60)


class Transaction:
    def __init__(self, connection):
        self.db = connection

    def names(self) -> list[str]:
        return [row[0] for row in self.db.execute("SELECT name FROM tables ORDER BY name")]

    def _row(self, name):
        check_name(name)
        return self.db.execute("SELECT id, name, ruleset, document, state, created FROM tables WHERE name = ?",
                               (name,)).fetchone()

    def exists(self, name: str) -> bool:
        return self._row(name) is not None

    def create(self, name: str, ruleset: Ruleset, rng: random.Random, command: str) -> StoredTable:
        if self._row(name) is not None:
            raise TableError(f"table '{name}' already exists; use it with --table {name}, or "
                             f"dealer table reset {name} / dealer table delete {name}")
        created = _now()
        document = json.dumps(ruleset.document, ensure_ascii=False)  # keeps the file's order
        cursor = self.db.execute("INSERT INTO tables (name, ruleset, document, state, created) VALUES (?, ?, ?, '{}', ?)",
                                 (name, ruleset.name, document, created))
        table = StoredTable(cursor.lastrowid, name, ruleset.name, ruleset.document, {}, created, ruleset=ruleset,
                            chips=Chips(dict(ruleset.chips["pot"])))
        table.log("new table", data={"ruleset": ruleset.name, "pot": dict(ruleset.chips["pot"])})
        table.deck("main", rng)
        return table

    def load(self, name: str) -> StoredTable:
        row = self._row(name)
        if row is None:
            import difflib

            names = self.names()
            close = difflib.get_close_matches(name, names, n=1)
            hint = f"did you mean '{close[0]}'? " if close else ""
            raise TableError(f"no table '{name}': {hint}make it with: dealer table new {name}")
        table_id, name, ruleset_name, document, state, created = row
        try:
            table = StoredTable(table_id, name, ruleset_name, json.loads(document), json.loads(state), created)
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
        except StateError as error:
            raise TableError(str(error)) from None
        except (ValueError, TypeError) as error:
            raise TableError(f"table '{name}' is damaged ({shown(error)}); {_DAMAGED.format(name=name)}") from None
        return table

    def save(self, table: StoredTable, command: str, seed: int | None = None) -> None:
        """Write back what the command changed, and append its events to the history."""
        db = self.db
        remember(db, table.id, command, len(table.events))  # for `table undo`: the table as it was before this command
        db.execute("UPDATE tables SET state = ? WHERE id = ?",
                   (json.dumps(table.states_data(), sort_keys=True), table.id))
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

    def delete(self, name: str) -> None:
        row = self._row(name)
        if row is None:
            raise TableError(f"no table '{name}' to delete")
        self.db.execute("DELETE FROM tables WHERE id = ?", (row[0],))

    def history(self, name: str, since: int = 0, last: int | None = None) -> list[dict]:
        """The table's events after ``since`` (the ``last`` N of them), oldest first."""
        return list(self.events(name, since, last))

    def events(self, name: str, since: int = 0, last: int | None = None) -> Iterator[dict]:
        """As ``history``, made one by one as they are read (a long history is never held)."""
        row = self._row(name)
        if row is None:
            raise TableError(f"no table '{name}': see dealer table list")
        since = self._since(row[0], since, last)
        rows = self.db.execute("SELECT seq, time, command, kind, deck, cards, seed, data FROM events "
                               "WHERE table_id = ? AND seq > ? ORDER BY seq", (row[0], since))
        return ({"seq": seq, "time": when, "command": command, "kind": kind, "deck": deck,
                 "cards": json.loads(cards), "seed": seed, "data": json.loads(data)}
                for seq, when, command, kind, deck, cards, seed, data in rows)

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
        row = self._row(name)
        if row is None:
            raise TableError(f"no table '{name}': see dealer table list")
        widths = self.db.execute(
            "SELECT max(length(seq)), max(length(time)), max(length(command)), "
            "max(CASE WHEN seed IS NULL THEN 0 ELSE length(seed) + 5 END), max(length(kind)), "
            "max(length(coalesce(deck, ''))) FROM events WHERE table_id = ? AND seq > ?",
            (row[0], self._since(row[0], since, last))).fetchone()
        return None if widths[0] is None else widths

    def summaries(self) -> list[dict]:
        rows = self.db.execute(
            "SELECT t.name, t.ruleset, t.created, (SELECT count(*) FROM events e WHERE e.table_id = t.id), "
            "(SELECT count(DISTINCT deck) FROM cards c WHERE c.table_id = t.id), "
            "(SELECT count(*) FROM roster r WHERE r.table_id = t.id) FROM tables t ORDER BY t.name")
        return [{"name": n, "ruleset": r, "created": c, "events": e, "decks": d, "roster": p}
                for n, r, c, e, d, p in rows]


def table_names() -> list[str]:
    """Table names for shell completion (empty when there is no state file yet)."""
    with Store(warn=False).transaction(create=False, readonly=True) as tx:
        return tx.names() if tx else []
