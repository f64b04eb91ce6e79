"""The embedded store, the default: every table in one SQLite file on this machine.

A writing command takes the file's lock with ``BEGIN IMMEDIATE`` so that concurrent commands
queue instead of dealing the same card twice; a command killed halfway leaves the file as it
was before the command (SQLite's WAL journal).

The file lives in ``$DEALER_HOME`` or ``$XDG_STATE_HOME/dealer`` (``~/.local/state/dealer``),
or where ``DEALER_STORE`` points, readable by its owner only (the folders dealer makes for it
too). A file that is not a dealer state file, or comes from a newer dealer, is refused and
never overwritten. A writer waits ``BUSY_TIMEOUT_S`` for another command's lock, then says the
table store is busy and, where the system tells, which process holds it. A full disk (or
quota) is named as such, and reading commands keep working on it.
"""

from __future__ import annotations

import errno
import json
import os
import sqlite3
import stat
import sys
import time
from contextlib import contextmanager
from typing import TYPE_CHECKING

from dealer.errors import TableError, shown
from dealer.store.tables import Transaction

if TYPE_CHECKING:
    from collections.abc import Iterator

APPLICATION_ID = 0x44454C52  # "DELR": marks the SQLite file as dealer's
SCHEMA_VERSION = 6
# The state format (dealer.core.table.STATE_FORMAT) each file version holds its tables' states in.
STATE_FORMATS = {1: 1, 2: 2, 3: 3, 4: 3, 5: 4, 6: 4}
FILE_NAME = "tables.sqlite3"
BUSY_TIMEOUT_S = 5  # a writer waits this long for another command's lock (commands hold it for ms)
WATCH_INTERVAL_S = 0.1  # how often `table watch` looks at the file's data version
_FULL = {errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC)}
_SQLITE_FULL, _SQLITE_IOERR, _SQLITE_CANTOPEN = 13, 10, 14  # primary result codes (the low byte)

SNAPSHOTS = """
CREATE TABLE IF NOT EXISTS snapshots (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    table_id INTEGER NOT NULL REFERENCES tables(id) ON DELETE CASCADE,
    seq INTEGER NOT NULL,
    events INTEGER NOT NULL,
    command TEXT NOT NULL,
    time TEXT NOT NULL,
    data TEXT NOT NULL
)"""

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
    args TEXT,
    version TEXT,
    UNIQUE (table_id, seq)
)""", """
CREATE TRIGGER events_append_only BEFORE UPDATE ON events
BEGIN SELECT RAISE(ABORT, 'the history is append-only'); END
""", SNAPSHOTS]


def _upgrade_states(version):
    """A migration that moves every table's state, and the state in every undo snapshot, from
    the state format of file version ``version`` to the next one's: each part of the state moves
    its own data (``dealer.core.table.upgrade_states``)."""
    def migrate(connection: sqlite3.Connection) -> None:
        from dealer.core.table import upgrade_states
        from dealer.store.undo import upgrade_snapshots

        old, new = STATE_FORMATS[version], STATE_FORMATS[version + 1]
        for row_id, state in connection.execute("SELECT id, state FROM tables").fetchall():
            upgraded = upgrade_states(json.loads(state), old, new)
            connection.execute("UPDATE tables SET state = ? WHERE id = ?",
                               (json.dumps(upgraded, sort_keys=True), row_id))
        connection.execute(SNAPSHOTS)
        upgrade_snapshots(connection, lambda states: upgrade_states(states, old, new))

    return migrate


def _record_args(connection):
    """Version 4: each event records the words of the command that made it (for replay), and the
    undo snapshots' table is part of the schema."""
    connection.execute("ALTER TABLE events ADD COLUMN args TEXT")
    connection.execute(SNAPSHOTS)


def _record_versions(connection):
    """Version 6: each event records the version of the dealer that wrote it (null for the events
    before: ``dealer.store.versions``)."""
    connection.execute("ALTER TABLE events ADD COLUMN version TEXT")


# Migrations from version N to N + 1, applied in order inside one transaction.
MIGRATIONS = {1: _upgrade_states(1), 2: _upgrade_states(2), 3: _record_args, 4: _upgrade_states(4),
              5: _record_versions}


def state_dir() -> str:
    """``$DEALER_HOME``, else ``$XDG_STATE_HOME/dealer``, else ``~/.local/state/dealer``."""
    home = os.environ.get("DEALER_HOME")
    if home:
        return home
    base = os.environ.get("XDG_STATE_HOME") or os.path.join(os.path.expanduser("~"), ".local", "state")
    return os.path.join(base, "dealer")


class SQLiteStore:
    """The state file. Use ``with store.transaction() as tx`` for each command.

    ``transaction(create=False)`` never makes the file (a command that only reads finds no
    tables instead); ``readonly=True`` also works on a read-only file or folder. The file is
    never followed through a dangling symbolic link, never overwritten when it is not ours,
    and called corrupt (never busy) when SQLite finds it damaged.
    """

    kind = "sqlite"

    def __init__(self, directory=None, warn=True, file_name=FILE_NAME):
        self.directory = directory or state_dir()
        self.path = os.path.join(self.directory, file_name)
        self.warn = warn  # shell completion must print nothing but candidates

    def exists(self) -> bool:
        """Whether the file is there (shell completion reads nothing otherwise)."""
        return os.path.exists(self.path)

    def describe(self) -> dict:
        """Which store this is, for a script (``table list --json``)."""
        return {"kind": self.kind, "path": self.path}

    def init(self) -> dict:
        """Make the file (and its folder) if there is none, and bring it to this dealer's version."""
        with self.transaction():
            pass
        return {**self.describe(), "version": SCHEMA_VERSION}

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
        """Whether the file exists now (made whole and private when ``create``); refuse what is not
        a file, and a journal or shared-memory file beside it that is not one."""
        try:
            link = os.lstat(self.path)
        except FileNotFoundError:
            link = None
        except OSError as error:
            raise self._fail(f"cannot be read ({_reason(error)})") from None
        if link is None:
            if not create:
                return False
            self._make_file()
            return self._check_file(create=False)
        self._check_companions()
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

    def _make_file(self):
        """A new state file, whole from its first byte: made private at a temporary name beside it,
        initialised, then linked into place (never over a file another dealer made a moment ago,
        never through a link). So a state file of 0 bytes is never one dealer made."""
        import tempfile

        try:
            fd, temporary = tempfile.mkstemp(prefix=".tables-", suffix=".new", dir=self.directory)
            os.close(fd)
        except OSError as error:
            raise self._made_error(error) from None
        try:
            connection = sqlite3.connect(temporary, isolation_level=None)
            try:
                self._initialise(connection)
            finally:
                connection.close()
            os.link(temporary, self.path)
        except FileExistsError:
            pass  # another dealer made it a moment ago: that one is used
        except sqlite3.Error as error:
            raise self._error(error) from None
        except OSError as error:
            raise self._made_error(error) from None
        finally:
            for path in (temporary, temporary + "-wal", temporary + "-shm"):
                try:
                    os.unlink(path)
                except OSError:
                    pass

    def _made_error(self, error):
        if error.errno in _FULL:
            return self._full()
        return self._fail(f"cannot be made ({_reason(error)})",
                          "check that the folder is yours and writable, or set DEALER_HOME")

    def _check_companions(self):
        """SQLite's write-ahead log (-wal) and shared-memory index (-shm) beside the file are plain
        files or not there: one that is a link (never followed) or a folder is named."""
        for suffix, what in (("-wal", "write-ahead log"), ("-shm", "shared-memory index")):
            path = self.path + suffix
            try:
                mode = os.lstat(path).st_mode
            except OSError:
                continue  # not there (SQLite makes it), or said when SQLite opens it
            kind = ("a symbolic link" if stat.S_ISLNK(mode) else "a directory" if stat.S_ISDIR(mode)
                    else None if stat.S_ISREG(mode) else "not a regular file")
            if kind:
                raise TableError(f"{shown(path, 200)} is {kind}, not SQLite's {what} for the state file beside it "
                                 "(dealer never writes through it); move it aside")

    def _connect(self, create, readonly=False):
        create = create and not readonly
        if not self._check_directory(create) or not self._check_file(create):
            return None
        if not os.path.getsize(self.path):
            raise self._fail("is empty (0 bytes): not a state file dealer wrote (a copy cut short, or a file made "
                             "by hand)")
        try:
            return self._open(readonly, immutable=readonly and not os.access(self.directory, os.W_OK))
        except sqlite3.Error as error:
            if readonly and (self._disk_full(error) or _size_limit(self.path) is not None):
                # SQLite could not make or grow its -shm file (a full disk, a file size limit): read the
                # file as it stands.
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
        if isinstance(error, sqlite3.IntegrityError):  # a row written past the file's rules (by hand)
            return TableError(f"{shown(self.path, 200)} holds a row that breaks one of its rules ({shown(error)}); the "
                              "file itself reads: dealer table check NAME names the damaged table's row (restore "
                              "that table from an export, or delete it)")
        limit = _size_limit(self.path)
        if limit is not None and ("i/o error" in message or "unable to open" in message):
            return TableError(f"{shown(self.path, 200)} cannot be written: the file size limit (ulimit -f) is "
                              f"{limit:,} bytes, too small for SQLite's journal and shared-memory files beside it; "
                              "raise it (ulimit -f unlimited)")
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
                MIGRATIONS[current](connection)
                current += 1
                connection.execute(f"PRAGMA user_version = {current}")
            connection.execute("COMMIT")
        except BaseException:
            if connection.in_transaction:
                connection.execute("ROLLBACK")
            raise

    @contextmanager
    def transaction(self, create: bool = True, readonly: bool = False, args: list[str] | None = None
                    ) -> Iterator[Transaction | None]:
        """One command's transaction: all of its changes land, or none do.

        Yields None when there is no state file and ``create`` is false (or ``readonly``).
        A ``readonly`` one takes no write lock: it reads beside a writer. ``args``: the
        command's words, recorded with its events.
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
            tx = Transaction(connection, integrity=(sqlite3.IntegrityError,), args=args, readonly=readonly)
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


    def watch(self, name: str, since: int = 0) -> Iterator[dict]:
        """Table ``name``'s events after ``since``, then each new one as any process commits it,
        for ever: the file's data version (which changes with every commit by another connection)
        is looked at every ``WATCH_INTERVAL_S``, and the events read only when it changed.
        Ends when the table is deleted."""
        from dealer.store.tables import EVENT_COLUMNS, event_dict

        with self.transaction(create=False, readonly=True) as tx:
            if tx is None:
                raise TableError(f"no table '{name}': there are no tables yet; make one with: dealer table new {name}")
            table_id = tx.table_id(name)
        try:
            connection = self._open(readonly=True)
        except sqlite3.Error as error:
            raise self._error(error) from None
        try:
            seen, last = None, since
            while True:
                try:
                    version = connection.execute("PRAGMA data_version").fetchone()[0]
                    if version != seen:
                        seen = version
                        if connection.execute("SELECT 1 FROM tables WHERE id = ?", (table_id,)).fetchone() is None:
                            return
                        rows = connection.execute(
                            f"SELECT {EVENT_COLUMNS} FROM events WHERE table_id = ? AND seq > ? ORDER BY seq",
                            (table_id, last)).fetchall()
                except sqlite3.Error as error:
                    raise self._error(error) from None
                for row in rows:
                    last = row[0]
                    yield event_dict(*row)
                rows = []
                time.sleep(WATCH_INTERVAL_S)
        finally:
            connection.close()


class _Empty(Exception):
    """A read-only look at a state file that was made but never written: no tables."""


_warned = {}


def _size_limit(path):
    """The file size limit (``ulimit -f``) in bytes where it leaves SQLite too little room beside
    the file at ``path`` (its size and a megabyte more: the -shm file alone takes 32 KiB), else None."""
    try:
        import resource
    except ImportError:  # not on this system
        return None
    soft, _ = resource.getrlimit(resource.RLIMIT_FSIZE)
    return None if soft == resource.RLIM_INFINITY or soft > _size(path) + (1 << 20) else soft


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


