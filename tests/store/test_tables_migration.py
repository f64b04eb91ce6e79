"""The state file's format version: older files are migrated in one transaction."""

import random
import sqlite3

from dealer.store import rulesets, tables


def test_an_older_file_is_migrated_forward(tmp_path, monkeypatch):
    store = tables.Store(str(tmp_path))
    with store.transaction() as tx:
        table = tx.create("t", rulesets.load("deadlands"), random.Random(1), "test")
        tx.save(table, "test")
    ran = []

    def add_notes(connection):
        ran.append(True)
        connection.execute("ALTER TABLE tables ADD COLUMN notes TEXT NOT NULL DEFAULT ''")

    monkeypatch.setattr(tables, "SCHEMA_VERSION", tables.SCHEMA_VERSION + 1)
    monkeypatch.setitem(tables.MIGRATIONS, tables.SCHEMA_VERSION - 1, add_notes)
    with store.transaction() as tx:
        assert tx.load("t").name == "t"
    with store.transaction() as tx:
        tx.load("t")
    assert ran == [True]  # once, not on every open
    db = sqlite3.connect(store.path)
    assert db.execute("PRAGMA user_version").fetchone()[0] == tables.SCHEMA_VERSION
    assert "notes" in [row[1] for row in db.execute("PRAGMA table_info(tables)")]


def test_a_table_file_written_by_the_previous_release_opens(tmp_path):
    """tests/store/data/v1-tables.sqlite3 was written by dealer 0.1.0 (state format 1): a Deadlands
    table after two rounds, a sleeve and a hex; a poker-hands table with a combat and a spell."""
    import shutil
    from pathlib import Path

    from dealer.core.mechanics.action import ActionState
    from dealer.core.mechanics.hex import HexState

    shutil.copy(Path(__file__).parent / "data" / "v1-tables.sqlite3", tmp_path / tables.FILE_NAME)
    store = tables.Store(str(tmp_path))
    with store.transaction() as tx:
        friday, pokr = tx.load("friday"), tx.load("pokr")
        assert friday.state(ActionState).round == 2 and friday.state(ActionState).owed_reshuffle == ["posse"]
        assert friday.decks["posse"].sleeves == {"Sarah": "Qh"}
        assert pokr.state(HexState).casts == {"Sally": 1}  # moved from the top-level "casts"
        assert [row["name"] for row in pokr.state(ActionState).rows] == ["Sally", "Bert"]
        tx.save(pokr, "test")
    db = sqlite3.connect(store.path)
    assert db.execute("PRAGMA user_version").fetchone()[0] == tables.SCHEMA_VERSION
    assert "casts" not in db.execute("SELECT state FROM tables WHERE name = 'pokr'").fetchone()[0].split('"hex"')[0]


def test_unknown_state_in_a_stored_table_is_named(tmp_path):
    store = tables.Store(str(tmp_path))
    with store.transaction() as tx:
        table = tx.create("t", rulesets.load("deadlands"), random.Random(1), "test")
        tx.save(table, "test")
    db = sqlite3.connect(store.path)
    db.execute("""UPDATE tables SET state = '{"acton": {"round": 1}}'""")
    db.commit()
    import pytest

    from dealer.errors import TableError

    with pytest.raises(TableError, match="unknown state 'acton'"):
        with store.transaction() as tx:
            tx.load("t")
