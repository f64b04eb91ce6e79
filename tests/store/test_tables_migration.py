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
