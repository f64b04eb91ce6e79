"""The state file: created private, never overwritten when foreign or broken, versioned."""

import os
import sqlite3
import stat

import pytest

from dealer.errors import TableError
from dealer.store import rulesets
from dealer.store.sqlite import APPLICATION_ID, SCHEMA_VERSION, SQLiteStore as Store, state_dir
from dealer.store.tables import check_name
from tests.conftest import assert_clean_error

pytestmark = pytest.mark.sqlite_file  # the SQLite file itself: its folder, bytes and locks


def test_state_dir_follows_dealer_home_then_xdg(monkeypatch, tmp_path):
    monkeypatch.setenv("DEALER_HOME", str(tmp_path / "a"))
    assert state_dir() == str(tmp_path / "a")
    monkeypatch.delenv("DEALER_HOME")
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "x"))
    assert state_dir() == str(tmp_path / "x" / "dealer")
    monkeypatch.delenv("XDG_STATE_HOME")
    monkeypatch.setenv("HOME", str(tmp_path / "h"))
    assert state_dir() == str(tmp_path / "h" / ".local" / "state" / "dealer")


def test_file_is_readable_by_its_owner_only(dealer, tmp_path):
    assert dealer("table", "new", "t").code == 0
    path = tmp_path / "state" / "tables.sqlite3"
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert stat.S_IMODE(path.parent.stat().st_mode) == 0o700


def test_not_sqlite_is_refused_and_left_alone(dealer, tmp_path):
    home = tmp_path / "state"
    home.mkdir()
    path = home / "tables.sqlite3"
    garbage = os.urandom(4096)
    path.write_bytes(garbage)
    run = dealer("table", "new", "t")
    assert_clean_error(run, code=1)
    assert "not a readable dealer state file" in run.err
    assert path.read_bytes() == garbage


def test_foreign_sqlite_is_refused_and_left_alone(dealer, tmp_path):
    home = tmp_path / "state"
    home.mkdir()
    path = home / "tables.sqlite3"
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE recipes (name TEXT)")
    db.commit()
    db.close()
    before = path.read_bytes()
    run = dealer("table", "list")
    assert_clean_error(run, code=1)
    assert "another program" in run.err
    assert path.read_bytes() == before


def test_newer_schema_is_refused(dealer, tmp_path):
    assert dealer("table", "new", "t").code == 0
    path = tmp_path / "state" / "tables.sqlite3"
    db = sqlite3.connect(path)
    db.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    db.commit()
    db.close()
    run = dealer("draw", "--table", "t")
    assert_clean_error(run, code=1)
    assert "newer dealer" in run.err and "upgrade" in run.err


def test_truncated_file_is_a_clean_error(dealer, tmp_path):
    assert dealer("table", "new", "t").code == 0
    path = tmp_path / "state" / "tables.sqlite3"
    data = path.read_bytes()
    path.write_bytes(data[:100] + b"\x00" * 50 + data[150:2000])
    run = dealer("table", "show", "t")
    assert_clean_error(run)


def test_history_is_append_only(tmp_path):
    store = Store(str(tmp_path))
    with store.transaction() as tx:
        table = tx.create("t", rulesets.load("deadlands"), __import__("random").Random(1), "test")
        tx.save(table, "test")
    db = sqlite3.connect(store.path)
    with pytest.raises(sqlite3.DatabaseError, match="append-only"):
        db.execute("UPDATE events SET kind = 'x'")
    assert db.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID


@pytest.mark.parametrize("name", ["../etc", "a/b", "", " x", "x y", "-rf", "a" * 65, ".hidden", "ünï"])
def test_bad_names_are_refused(name):
    with pytest.raises(TableError):
        check_name(name)


def test_bad_table_name_on_the_command_line(dealer):
    assert_clean_error(dealer("table", "new", "../x"), code=1)
    assert_clean_error(dealer("draw", "--table", "a/b"), code=1)
