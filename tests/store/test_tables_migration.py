"""The state file's format version: older files are migrated in one transaction."""

import random
import sqlite3

from dealer import __version__
from dealer.store import rulesets
from dealer.store import sqlite as tables


def test_an_older_file_is_migrated_forward(tmp_path, monkeypatch):
    store = tables.SQLiteStore(str(tmp_path))
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

    from dealer.core.mechanics.action.common import ActionState
    from dealer.core.mechanics.conditions import conditions_of

    shutil.copy(Path(__file__).parent / "data" / "v1-tables.sqlite3", tmp_path / tables.FILE_NAME)
    store = tables.SQLiteStore(str(tmp_path))
    with store.transaction() as tx:
        friday, pokr = tx.load("friday"), tx.load("pokr")
        assert friday.state(ActionState).round == 2 and friday.state(ActionState).owed_reshuffle == ["posse"]
        assert friday.decks["posse"].sleeves == {"Sarah": "Qh"}
        assert conditions_of(pokr, "Sally").casts == 1  # moved from the top-level "casts", then to conditions
        assert [hand.name for hand in pokr.state(ActionState).hands] == ["Sally", "Bert"]
        tx.save(pokr, "test")
    db = sqlite3.connect(store.path)
    assert db.execute("PRAGMA user_version").fetchone()[0] == tables.SCHEMA_VERSION
    state = db.execute("SELECT state FROM tables WHERE name = 'pokr'").fetchone()[0]
    assert '"hex"' not in state and '"casts": 1' in state


def test_a_table_file_of_state_format_2_opens_in_format_3_undo_included(tmp_path):
    """tests/store/data/v2-tables.sqlite3 was written by the release before the person layer (state
    format 2): a poker-hands table whose Sally cast a spell (``hex.casts``), whose Bert failed a fear
    check (``conflict.shaken``) and took a wound (``chips.wounds``), then drew turn order
    (``action.rows``); a Deadlands table whose Velvet began a mirage (``action.actions``). Each part
    moves its own data; the undo snapshots move too, so an undo puts back a state this dealer reads."""
    import shutil
    from pathlib import Path

    from dealer.core.mechanics import conditions, long_actions
    from dealer.core.mechanics.action.common import ActionState
    from dealer.core.mechanics.last_hand import LastHands
    from dealer.store import undo

    shutil.copy(Path(__file__).parent / "data" / "v2-tables.sqlite3", tmp_path / tables.FILE_NAME)
    store = tables.SQLiteStore(str(tmp_path))
    with store.transaction() as tx:
        pokr, friday = tx.load("pokr"), tx.load("friday")
        sally, bert = conditions.conditions_of(pokr, "Sally"), conditions.conditions_of(pokr, "Bert")
        assert (sally.casts, bert.fear, bert.wounds) == (1, "shaken", 1)
        assert [hand.name for hand in pokr.state(ActionState).hands] == ["Sally", "Bert"]
        assert pokr.state(LastHands).of("Bert").target == "pair of fives"  # format 4: a typed record
        assert pokr.state(LastHands).of("Bert").draw_of("Bert").cards == ["4c", "4d", "7h", "9s", "Kc"]
        mirage = long_actions.current(friday, "Velvet")
        assert (mirage.what, mirage.need, mirage.spent) == ("mirage", 3, 2)
        for table in (pokr, friday):
            table.check_states()
        assert undo.undo(tx.db, pokr.id) is not None  # back to before the turn order
    with store.transaction() as tx:
        pokr = tx.load("pokr")
        pokr.check_states()
        assert pokr.state(ActionState).hands == [] and conditions.conditions_of(pokr, "Bert").wounds == 1
        assert tx.db.execute("PRAGMA user_version").fetchone()[0] == tables.SCHEMA_VERSION == 6
        # the events written before record no dealer version; one written now records this one's
        pokr.log("shuffle", deck="main", data={"cards": 54})
        tx.save(pokr, "table shuffle")
        versions = [event["version"] for event in tx.history("pokr")]
        assert set(versions[:-1]) == {None} and versions[-1] == __version__ and len(versions) > 5


def test_unknown_state_in_a_stored_table_is_named(tmp_path):
    store = tables.SQLiteStore(str(tmp_path))
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


def test_a_file_of_version_5_records_the_dealer_version_of_each_event_from_now_on(tmp_path):
    """A file as version 5 left it (its events without a version column): version 6 adds the column,
    the events before have none (null), and every event written since records this dealer's."""
    store = tables.SQLiteStore(str(tmp_path))
    with store.transaction(args=["draw", "2"]) as tx:
        table = tx.create("t", rulesets.load("deadlands"), random.Random(1), "table new")
        tx.save(table, "table new", seed=1)
    db = sqlite3.connect(store.path)
    db.execute("ALTER TABLE events DROP COLUMN version")  # back to version 5
    db.execute("PRAGMA user_version = 5")
    db.commit()
    db.close()
    with store.transaction(args=["table", "shuffle", "t"]) as tx:
        table = tx.load("t")
        table.log("shuffle", deck="main", data={"cards": 54})
        tx.save(table, "table shuffle")
        events = tx.history("t")
    assert [event["version"] for event in events] == [None, None, __version__]
    db = sqlite3.connect(store.path)
    assert db.execute("PRAGMA user_version").fetchone()[0] == tables.SCHEMA_VERSION
    assert db.execute("SELECT count(*) FROM events WHERE version IS NULL").fetchone()[0] == 2
