"""State-directory faults of issue 26: a full disk named as such, a lock held too long, private
parent folders, and a read-only store that still exports."""

from __future__ import annotations

import errno
import json
import os
import sqlite3
import stat
import subprocess
import sys
import time

import pytest

from dealer.store import sqlite as tables
from tests.conftest import assert_clean_error
from tests.store.test_state_dir import unprivileged  # noqa: F401 (a fixture)

pytestmark = pytest.mark.sqlite_file  # the SQLite file itself: its folder, bytes and locks

FULL = "no space left on device"
READING = [["table", "list"], ["table", "show", "t"], ["table", "log", "t"], ["table", "export", "t"],
           ["table", "check", "t"], ["hand", "As Kd", "--table", "t"]]
WRITING = [["draw", 2, "--table", "t"], ["table", "new", "u"], ["table", "add", "t", "Sam"]]


def make_table(dealer):
    assert dealer("table", "new", "t", "--seed", 1).code == 0
    assert dealer("draw", 3, "--table", "t", "--seed", 2).code == 0


# -- item 8: a full disk -------------------------------------------------------------------------

@pytest.fixture
def small_disk(tmp_path):
    """A real 512 KB file system (tmpfs), where the system allows mounting one (root)."""
    mount = tmp_path / "small"
    mount.mkdir()
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=512k", "tmpfs", str(mount)], capture_output=True)
    if done.returncode:
        pytest.skip("cannot mount a small tmpfs here (not root?): the injected faults below cover it")
    yield mount
    subprocess.run(["umount", "-l", str(mount)], capture_output=True)


def fill(folder):
    with open(folder / "filler", "wb", buffering=0) as handle:
        try:
            while True:
                handle.write(b"\0" * 4096)
        except OSError as error:
            assert error.errno == errno.ENOSPC


def test_a_real_full_disk_is_named_and_reading_still_works(dealer, small_disk, monkeypatch):
    home = small_disk / "home"
    monkeypatch.setenv("DEALER_HOME", str(home))
    make_table(dealer)
    fill(small_disk)
    for command in READING:
        run = dealer(*command)
        assert run.code == 0, (command, run)
    for command in WRITING:
        run = dealer(*command)
        assert_clean_error(run, 1)
        assert FULL in run.err and "corrupt" not in run.err and "permission" not in run.err, (command, run)
    os.remove(small_disk / "filler")  # space again: nothing was lost, nothing half-written
    assert dealer("table", "check", "t").code == 0
    assert dealer("draw", 2, "--table", "t").code == 0


def test_a_new_state_file_on_a_real_full_disk(dealer, small_disk, monkeypatch):
    fill(small_disk)
    for home in (small_disk / "home", small_disk / "a" / "b"):
        monkeypatch.setenv("DEALER_HOME", str(home))
        run = dealer("table", "new", "t")
        assert_clean_error(run, 1)
        assert FULL in run.err and "corrupt" not in run.err, run


class FullError(sqlite3.OperationalError):
    sqlite_errorcode = 13  # SQLITE_FULL: what SQLite makes of ENOSPC and EDQUOT


@pytest.mark.parametrize("where", ["connect", "begin", "commit"])
def test_an_injected_sqlite_full_is_named(dealer, monkeypatch, where):
    make_table(dealer)
    real = sqlite3.connect

    class Connection:
        def __init__(self, inner):
            self.inner = inner

        def execute(self, sql, *args):
            if (where == "begin" and sql.startswith("BEGIN IMMEDIATE")) or (where == "commit" and sql == "COMMIT"):
                raise FullError("database or disk is full")
            return self.inner.execute(sql, *args)

        def __getattr__(self, name):
            return getattr(self.inner, name)

    def connect(*args, **kwargs):
        if where == "connect" and "mode=ro" not in str(args[0]):
            raise FullError("database or disk is full")
        return Connection(real(*args, **kwargs))

    monkeypatch.setattr(tables.sqlite3, "connect", connect)
    run = dealer("draw", 2, "--table", "t")
    assert_clean_error(run, 1)
    assert FULL in run.err and "corrupt" not in run.err, run
    monkeypatch.setattr(tables.sqlite3, "connect", real)
    assert dealer("table", "check", "t").code == 0
    assert len(dealer("table", "log", "t", "--jsonl").out.splitlines()) == 3  # the draw left no trace


@pytest.mark.parametrize("code", [errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC)])
@pytest.mark.parametrize("step", ["folder", "file"])
def test_an_injected_enospc_or_edquot_making_the_state_is_named(dealer, monkeypatch, tmp_path, code, step):
    def refuse(*args, **kwargs):
        raise OSError(code, os.strerror(code))

    monkeypatch.setattr(tables.os, "mkdir" if step == "folder" else "open", refuse)
    run = dealer("table", "new", "t")
    assert_clean_error(run, 1)
    assert FULL in run.err, run


def test_an_io_error_on_a_disk_with_space_is_not_called_full(dealer, monkeypatch):
    make_table(dealer)

    def connect(*args, **kwargs):
        raise sqlite3.OperationalError("disk I/O error")

    monkeypatch.setattr(tables.sqlite3, "connect", connect)
    run = dealer("draw", 1, "--table", "t")
    assert_clean_error(run, 1)
    assert FULL not in run.err and "cannot be opened" in run.err, run


# -- item 11: a lock held too long -----------------------------------------------------------------

HOLD = """
import sqlite3, sys, time
db = sqlite3.connect(sys.argv[1], isolation_level=None)
db.execute("BEGIN IMMEDIATE")
print("held", flush=True)
time.sleep(30)
"""


def test_a_writer_behind_a_held_lock_says_busy_and_who_holds_it(dealer, tmp_path, monkeypatch):
    make_table(dealer)
    holder = subprocess.Popen([sys.executable, "-c", HOLD, str(tmp_path / "state" / "tables.sqlite3")],
                              stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout.readline().strip() == "held"
        monkeypatch.setattr(tables, "BUSY_TIMEOUT_S", 0.5)
        started = time.perf_counter()
        run = dealer("draw", 1, "--table", "t")
        waited = time.perf_counter() - started
        assert_clean_error(run, 1)
        assert "the table store is busy: another command held it for 0.5 s" in run.err, run
        if os.path.exists("/proc/locks"):
            assert f"process {holder.pid} (" in run.err, run
        assert waited < 120  # a hang guard (the message says it waited 0.5 s), generous on a loaded machine
        shown = dealer("table", "show", "t")  # readers do not wait for a writer
        assert shown.code == 0, shown
    finally:
        holder.kill()
        holder.wait()
    assert dealer("draw", 1, "--table", "t").code == 0


def test_the_default_wait_is_a_few_seconds():
    assert 1 <= tables.BUSY_TIMEOUT_S <= 10


# -- item 13: parents made private under any umask ---------------------------------------------------

def test_the_default_state_folder_and_its_parents_are_private_under_umask_000(dealer, tmp_path, monkeypatch):
    monkeypatch.delenv("DEALER_HOME")
    monkeypatch.delenv("XDG_STATE_HOME", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    (tmp_path / "home").mkdir()
    old = os.umask(0)
    try:
        assert dealer("table", "new", "t").code == 0
    finally:
        os.umask(old)
    for folder in (".local", ".local/state", ".local/state/dealer"):
        assert stat.S_IMODE((tmp_path / "home" / folder).stat().st_mode) == 0o700, folder
    assert stat.S_IMODE((tmp_path / "home").stat().st_mode) != 0o700  # what was there is left as it was


# -- item 9: a read-only store exports (permissions that bind) ----------------------------------------

def test_a_read_only_store_exports_and_checks(unprivileged):  # noqa: F811 (the fixture)
    home = os.path.join(unprivileged.base, "ro")
    assert unprivileged(home, "table", "new", "t", "--seed", 1).code == 0
    assert unprivileged(home, "draw", 2, "--table", "t", "--seed", 1).code == 0
    path = os.path.join(home, "tables.sqlite3")
    unprivileged.sh("chmod", "400", path)
    unprivileged.sh("chmod", "500", home)
    before = open(path, "rb").read()
    exported = unprivileged(home, "table", "export", "t")
    assert exported.code == 0 and json.loads(exported.out)["result"]["table"] == "t", exported
    checked = unprivileged(home, "table", "check", "t")
    assert checked.code == 0 and "whole" in checked.out, checked
    assert open(path, "rb").read() == before
