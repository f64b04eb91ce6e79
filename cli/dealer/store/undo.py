"""Undo for tables: a snapshot of a table's rows before each command that changes it.

``Transaction.save`` calls ``remember`` first, while the file still holds the table as it was
before the command. ``undo`` puts the newest snapshot back (cards, roster, chips, state) and
records an ``undo`` event; the history itself stays append-only. A command that changed
nothing leaves no snapshot behind: its snapshot is replaced by the next command's, and
``undo`` skips one that matches the table as it is. Snapshots are kept for the last
``KEEP`` commands of each table; a new table and ``table import`` start without any.

Everything here works on the rows (the same SQL on either store), not on ``Table``, so it
holds whatever a command keeps in ``state``.
"""

from __future__ import annotations

import json
import time
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Callable

    from dealer.store.tables import Database

KEEP = 100


def card_order(row: tuple) -> tuple:
    """A card row's (deck, card, place, holder, position) place in a capture: by deck, place,
    holder (none first), position, card."""
    return row[0], row[2], row[3] or "", row[4], row[1]


def capture(db: Database, table_id: int, rows: dict | None = None) -> str:
    """The table's rows (state, cards, roster, chips) as one JSON text; equal text, equal table.
    ``rows``: the same rows as the command loaded them in this transaction (no second read)."""
    if rows is None:
        rows = {"state": db.execute("SELECT state FROM tables WHERE id = ?", (table_id,)).fetchone()[0],
                "cards": db.execute("SELECT deck, card, place, holder, position FROM cards WHERE table_id = ?",
                                    (table_id,)).fetchall(),
                "roster": db.execute("SELECT name, side, traits, position FROM roster WHERE table_id = ? "
                                     "ORDER BY position", (table_id,)).fetchall(),
                "chips": db.execute("SELECT holder, colour, count FROM chips WHERE table_id = ? "
                                    "ORDER BY holder, colour", (table_id,)).fetchall()}
    return json.dumps({"state": rows["state"], "cards": sorted(rows["cards"], key=card_order),
                       "roster": rows["roster"], "chips": rows["chips"]}, ensure_ascii=False, separators=(",", ":"))


def last_seq(db: Database, table_id: int) -> int:
    return db.execute("SELECT coalesce(max(seq), 0) FROM events WHERE table_id = ?", (table_id,)).fetchone()[0]


def remember(db: Database, table_id: int, command: str, events: int = 0, rows: dict | None = None) -> None:
    """Keep the table as it is now (``rows``, as loaded), before ``command`` writes its changes and
    ``events`` events."""
    seq = last_seq(db, table_id)
    if seq == 0:  # a table being made: there is nothing before it to go back to
        return
    data = capture(db, table_id, rows)
    top = _top(db, table_id)
    if top is not None and top[5] == data:  # the previous command changed nothing: forget it
        db.execute("DELETE FROM snapshots WHERE table_id = ? AND id = ?", (table_id, top[0]))
    db.execute("INSERT INTO snapshots (table_id, seq, events, command, time, data) VALUES (?, ?, ?, ?, ?, ?)",
               (table_id, seq, events, command, now(), data))
    db.execute("DELETE FROM snapshots WHERE table_id = ? AND id NOT IN "
               "(SELECT id FROM snapshots WHERE table_id = ? ORDER BY id DESC LIMIT ?)", (table_id, table_id, KEEP))


def label(db: Database, table_id: int, command: str, events: int) -> None:
    """Name the command a snapshot taken as the table was loaded belongs to, once it is saved
    (a table dealt for its seats is remembered before its deals change its rows)."""
    db.execute("UPDATE snapshots SET command = ?, events = ? WHERE table_id = ? AND command = '' AND id = "
               "(SELECT max(id) FROM snapshots WHERE table_id = ?)", (command, events, table_id, table_id))


def _top(db, table_id):
    return db.execute("SELECT id, seq, events, command, time, data FROM snapshots WHERE table_id = ? "
                      "ORDER BY id DESC LIMIT 1", (table_id,)).fetchone()


def undo(db: Database, table_id: int) -> dict | None:
    """Put back the table as it was before its last command that changed it.

    Returns ``{"command", "time", "events": [first, last]}`` of the command undone, or None
    when there is nothing to undo. The caller records the ``undo`` event.
    """
    current = capture(db, table_id)
    while True:
        top = _top(db, table_id)
        if top is None:
            return None
        snapshot_id, seq, events, command, when, data = top
        db.execute("DELETE FROM snapshots WHERE table_id = ? AND id = ?", (table_id, snapshot_id))
        if data != current and json.loads(data) != json.loads(current):  # PostgreSQL's own are jsonb's text
            break
    restore(db, table_id, json.loads(data))
    return {"command": command, "time": when, "events": [seq + 1, seq + events]}


def restore(db: Database, table_id: int, rows: dict) -> None:
    db.execute("UPDATE tables SET state = ? WHERE id = ?", (rows["state"], table_id))
    for name in ("cards", "roster", "chips"):
        db.execute(f"DELETE FROM {name} WHERE table_id = ?", (table_id,))
    db.executemany("INSERT INTO cards VALUES (?, ?, ?, ?, ?, ?)", [(table_id, *row) for row in rows["cards"]])
    db.executemany("INSERT INTO roster VALUES (?, ?, ?, ?, ?)", [(table_id, *row) for row in rows["roster"]])
    db.executemany("INSERT INTO chips VALUES (?, ?, ?, ?)", [(table_id, *row) for row in rows["chips"]])


def upgrade_snapshots(db: Database, upgrade: Callable[[dict], dict]) -> None:
    """Each snapshot's state through ``upgrade`` (a state format migration), so an undo after an
    upgrade puts back a state this dealer reads."""
    for snapshot_id, data in db.execute("SELECT id, data FROM snapshots").fetchall():
        rows = json.loads(data)
        rows["state"] = json.dumps(upgrade(json.loads(rows["state"])), sort_keys=True)
        db.execute("UPDATE snapshots SET data = ? WHERE id = ?",
                   (json.dumps(rows, ensure_ascii=False, separators=(",", ":")), snapshot_id))


def depth(db: Database, table_id: int) -> int:
    """How many commands ``undo`` can still walk back (an upper bound: no-op snapshots count)."""
    return db.execute("SELECT count(*) FROM snapshots WHERE table_id = ?", (table_id,)).fetchone()[0]


def now() -> str:
    """The time of a snapshot or an event: UTC to the second."""
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
