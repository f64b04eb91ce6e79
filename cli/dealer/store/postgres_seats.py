"""Seats at a shared table, and the table's own randomness: the PostgreSQL store's part of it.

A seat is a PostgreSQL login role of its own (a GM, a player bound to roster people, or a
watcher), a member of the schema's group role ``<schema>_seats``, which holds the grants; what
a seat may read and change is decided by the database (row-level security and ``SECURITY
DEFINER`` functions), so a seat's credentials used with plain SQL can do no more than dealer
lets it.

Every table on PostgreSQL has a secret only the database reads (``secrets``): a command's seed
is HMAC-SHA256(secret, the number of its first event), its first 8 bytes with the top bit
cleared (``seed_of``, the same as ``dealer.store.secrets.seed_for``), so no seat picks its
randomness. ``table new`` prints a commitment (SHA-256 of the secret) for the group to keep;
``table reveal`` (the GM's) discloses the secret (logged) and the database makes a fresh one;
``dealer verify`` re-derives every seed and deals every card again from the secrets revealed
(or ``--secret``). Once a table has seats the database deals its decks and keeps its undo
snapshots (``dealer.store.shared_decks.Dealing``, the functions of ``postgres_grants``).
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import secrets as _tokens
from typing import TYPE_CHECKING

from dealer.errors import TableError
from dealer.store.secrets import commitment_of, seed_for
from dealer.store.shared_decks import DealtTable, Dealing
from dealer.store.tables import StoredTable, Transaction, check_name, now

if TYPE_CHECKING:
    from collections.abc import Callable, Iterator

KINDS = ("gm", "player", "watcher")
ROLE_NAME = re.compile(r"[^a-z0-9_]")

# Made with the rest of the schema (in its search path; ``@schema@`` is the schema's name, which
# the SECURITY DEFINER functions pin as their search path).
SEAT_DDL = """
CREATE TABLE secrets (
    table_id bigint PRIMARY KEY REFERENCES tables(id) ON DELETE CASCADE,
    secret bytea NOT NULL,
    commitment text NOT NULL,
    since bigint NOT NULL
);
CREATE TABLE seats (
    table_id bigint NOT NULL REFERENCES tables(id) ON DELETE CASCADE,
    seat text COLLATE "C" NOT NULL,
    role name NOT NULL UNIQUE,
    kind text NOT NULL CHECK (kind IN ('gm', 'player', 'watcher')),
    people text[] COLLATE "C" NOT NULL DEFAULT '{}',
    made text NOT NULL,
    PRIMARY KEY (table_id, seat)
);
CREATE FUNCTION hmac_sha256(key bytea, message bytea) RETURNS bytea LANGUAGE plpgsql IMMUTABLE STRICT AS $$
DECLARE
    k bytea := CASE WHEN length(key) > 64 THEN sha256(key) ELSE key END;
    inner_pad bytea;
    outer_pad bytea;
BEGIN
    k := k || decode(repeat('00', 64 - length(k)), 'hex');
    inner_pad := k;
    outer_pad := k;
    FOR i IN 0..63 LOOP
        inner_pad := set_byte(inner_pad, i, get_byte(k, i) # 54);
        outer_pad := set_byte(outer_pad, i, get_byte(k, i) # 92);
    END LOOP;
    RETURN sha256(outer_pad || sha256(inner_pad || message));
END $$;
CREATE FUNCTION seed_of(secret bytea, seq bigint) RETURNS bigint LANGUAGE sql IMMUTABLE STRICT AS $$
    SELECT ('x' || encode(substring(hmac_sha256(secret, convert_to(seq::text, 'UTF8')) FROM 1 FOR 8), 'hex'))
           ::bit(64)::bigint & 9223372036854775807
$$;
CREATE FUNCTION my_seat(t bigint) RETURNS seats LANGUAGE sql STABLE SECURITY DEFINER
SET search_path = "@schema@" AS $$
    SELECT * FROM seats WHERE table_id = t AND role = session_user
$$;
"""


def role_name(schema: str, table: str, seat: str) -> str:
    """The PostgreSQL role of seat ``seat`` at ``table`` (roles are the whole server's: the schema
    and table are in the name), at most 63 characters.

    >>> role_name("dealer", "friday", "Sarah")
    'dealer_friday_sarah'
    """
    name = ROLE_NAME.sub("_", f"{schema}_{table}_{seat}".lower())
    if len(name) > 63:
        name = name[:50] + "_" + hashlib.sha1(name.encode()).hexdigest()[:12]
    return name


class SharedTransaction(Dealing, Transaction):
    """A PostgreSQL command's transaction: the shared SQL, plus the table's secret and its seats."""

    def __init__(self, db, *, store, **options):
        super().__init__(db, **options)
        self.store = store
        self._pending_secret = None
        self._begun = False

    # -- a table dealt by the database (once it has seats) -----------------------------------

    def _row(self, name, lock=False):
        if self.seat is None:
            return super()._row(name, lock)
        check_name(name)  # a seat reads no raw state (seat_state gives its view) and locks through seat_lock
        row = self.db.execute("SELECT id, name, ruleset, document, created FROM tables WHERE name = ?",
                              (name,)).fetchone()
        return None if row is None else (row[0], row[1], row[2], row[3], None, row[4])

    def history_widths(self, name: str, since: int = 0, last: int | None = None) -> tuple | None:
        if self.seat is None:
            return super().history_widths(name, since, last)
        events = list(self.events(name, since, last))
        if not events:
            return None
        return (max(len(str(e["seq"])) for e in events), max(len(e["time"]) for e in events),
                max(len(e["command"]) for e in events),
                max(0 if e["seed"] is None else len(str(e["seed"])) + 5 for e in events),
                max(len(e["kind"]) for e in events), max(len(e["deck"] or "") for e in events))

    def _since(self, table_id, since, last):
        if self.seat is None or last is None:
            return super()._since(table_id, since, last)
        seqs = [row[0] for row in self.db.execute("SELECT seq FROM seat_events(?, ?)", (table_id, since))]
        return since if len(seqs) <= last else seqs[-last - 1]

    def summaries(self) -> list[dict]:
        if self.seat is None:
            return super().summaries()
        listed = []
        for table_id, name, ruleset, created in self.db.execute(
                "SELECT id, name, ruleset, created FROM tables ORDER BY name").fetchall():
            decks = {row[0] for row in self.db.execute("SELECT deck, place, cards FROM deck_counts(?)", (table_id,))}
            listed.append({"name": name, "ruleset": ruleset, "created": created,
                           "events": self.db.execute("SELECT count(*) FROM seat_events(?, 0)",
                                                     (table_id,)).fetchone()[0],
                           "decks": len(decks), "roster": self.db.execute(
                               "SELECT count(*) FROM roster WHERE table_id = ?", (table_id,)).fetchone()[0]})
        return listed

    def _table_id(self, name: str) -> int | None:
        check_name(name)
        row = self.db.execute("SELECT id FROM tables WHERE name = ?", (name,)).fetchone()
        return None if row is None else row[0]

    def _dealt(self, table_id: int) -> bool:
        """Whether the table is dealt by the database: it has seats (or this role is one)."""
        return self.seat is not None or bool(
            self.db.execute("SELECT count(*) FROM seats WHERE table_id = ?", (table_id,)).fetchone()[0])

    def load(self, name: str) -> StoredTable:
        table_id = self._table_id(name)
        if table_id is None or not self._dealt(table_id):
            if table_id is None and self.seat is not None:
                raise TableError(f"seat {self.seat['seat']} sits at table '{self.seat['table']}', not '{name}'")
            return super().load(name)
        if self.seat is not None and self.seat["table"] != name:
            raise TableError(f"seat {self.seat['seat']} sits at table '{self.seat['table']}', not '{name}'")
        return self.load_dealt(table_id)

    # -- what a seat sees and does: the database's functions (dealer.store.postgres_grants) ----------

    def _lock_dealt(self, table_id: int) -> None:
        self.db.execute("SELECT seat_lock(?)", (table_id,)).fetchone()

    def _dealt_state(self, table_id: int) -> str:
        if self.seat is None:
            return super()._dealt_state(table_id)
        return self.db.execute("SELECT seat_state(?)", (table_id,)).fetchone()[0]

    def _deck_counts(self, table_id: int) -> list[tuple]:
        return self.db.execute("SELECT deck, place, cards FROM deck_counts(?) ORDER BY deck, place",
                               (table_id,)).fetchall()

    def _save_state(self, table: DealtTable, state: str) -> None:
        if self.seat is None:
            return super()._save_state(table, state)
        from dealer.seats import check_state, state_as_saved

        before, after = state_as_saved(json.loads(table.loaded_rows["state"])), state_as_saved(json.loads(state))
        if before == after:  # the seat's view read back, in another spelling: nothing to save (a watcher may not)
            return None
        check_state(self.seat, before, after, self.args, table.name)
        self.db.execute("SELECT seat_save_state(?, ?)", (table.id, state)).fetchone()

    def _move_chips(self, table_id: int, moves: dict[str, dict[str, int]]) -> None:
        self.db.execute("SELECT seat_move_chips(?, ?)", (table_id, json.dumps(moves))).fetchone()

    def _last_seq_of(self, table_id: int) -> int:
        return self.db.execute("SELECT last_seq(?)", (table_id,)).fetchone()[0]

    def _actor(self) -> str | None:
        return self.seat and self.db.execute("SELECT session_user").fetchone()[0]

    def _remember_dealt(self, table_id: int) -> None:
        self.db.execute("SELECT seat_remember(?, ?)", (table_id, now())).fetchone()

    def _label_dealt(self, table_id: int, command: str, events: int) -> None:
        self.db.execute("SELECT seat_label(?, ?, ?)", (table_id, command, events)).fetchone()

    def _undo_dealt(self, table_id: int) -> dict | None:
        return self.db.execute("SELECT seat_undo(?)", (table_id,)).fetchone()[0]

    def _undo_depth_dealt(self, table_id: int) -> int:
        return self.db.execute("SELECT seat_undo_depth(?)", (table_id,)).fetchone()[0]

    def begin(self) -> None:
        """A player's command begun, once, before the table hands it randomness (``postgres_begun``)."""
        if self.seat is not None and self.seat["kind"] == "player" and not self._begun:
            words = json.dumps(self.args, ensure_ascii=False) if self.args is not None else None
            self.store.begin_command(self._dealing, self.command or "", words)
            self._begun = True

    def new_deck(self, deck: str) -> int:
        self.begin()
        return self.db.execute("SELECT seat_new_deck(?, ?)", (self._dealing, deck)).fetchone()[0]

    def deal(self, deck: str, count: int, holder: str, reshuffle: bool, avoid: list[str] | None = None) -> dict:
        self.begin()
        return self.db.execute("SELECT seat_draw(?, ?, ?, ?, ?, ?)",
                               (self._dealing, deck, count, holder, reshuffle, avoid or [])).fetchone()[0]

    def gather(self, deck: str, what: str) -> int:
        self.begin()
        return self.db.execute("SELECT seat_gather(?, ?, ?)", (self._dealing, deck, what)).fetchone()[0]

    def take(self, deck: str, cards: list[str], holder: str) -> None:
        if self.seat is not None and self.seat["kind"] != "gm":
            from dealer.seats import who

            raise TableError(f"{who(self.seat)}: at a shared table the deck deals; only the GM types in cards "
                             f"({' '.join(cards)}) dealt from a deck of the table: drop --cards")
        self.db.execute("SELECT seat_take(?, ?, ?, ?)", (self._dealing, deck, cards, holder)).fetchone()

    def events_of(self, table_id: int, since: int = 0) -> Iterator[dict]:
        if self.seat is None:
            return super().events_of(table_id, since)
        from dealer.store.tables import event_dict

        rows = self.db.execute("SELECT * FROM seat_events(?, ?)", (table_id, since)).fetchall()
        return (event_dict(*row) for row in rows)

    def last_seq(self, name: str) -> int:
        return self.db.execute("SELECT last_seq(?)", (self.table_id(name),)).fetchone()[0]

    # -- randomness from the table ---------------------------------------------------------

    def new_table_seed(self, given: int | None) -> int | None:
        """The seed that makes a new table: ``--seed``, else derived from the secret it is made with."""
        self._pending_secret = os.urandom(32)
        if given is not None:
            return given
        return seed_for(self._pending_secret, 1)

    def create(self, name, ruleset, rng, command):
        table = super().create(name, ruleset, rng, command)
        secret = self._pending_secret or os.urandom(32)
        self.db.execute("INSERT INTO secrets VALUES (?, ?, ?, 1)", (table.id, secret, commitment_of(secret)))
        table.commitment = commitment_of(secret)
        return table

    def table_seed(self, table: StoredTable, given: int | None) -> int | None | Callable[[], int | None]:
        """A command's seed on a shared table: derived from the table's secret (so no seat picks it);
        ``--seed`` only while the table has no seats (its owner alone at it). A player's is asked
        for only when its command first rolls or deals (a function to call then): asking begins the
        command, and a command refused before it used any randomness should not be logged abandoned."""
        seated = self.db.execute("SELECT count(*) FROM seats WHERE table_id = ?", (table.id,)).fetchone()[0]
        if given is not None:
            if seated or self.seat is not None:
                raise TableError(f"table '{table.name}' is shared: its seeds come from the table, so that nobody "
                                 "picks a deal (dealer verify --secret checks them); drop --seed")
            return given
        if self.seat is not None and self.seat["kind"] == "player":
            return lambda: self._next_seed(table.id)
        return self._next_seed(table.id)

    def _next_seed(self, table_id: int) -> int | None:
        self.begin()
        row = self.db.execute("SELECT next_seed(?)", (table_id,)).fetchone()
        return row[0] if row and row[0] is not None else None

    # -- who is at the table ---------------------------------------------------------------

    @property
    def seat(self) -> dict | None:
        """This connection's seat (``seat``, ``kind``, ``people``, ``table``), or None for the owner."""
        if not hasattr(self, "_seat"):
            row = self.db.execute("SELECT s.seat, s.kind, s.people, t.name FROM seats s JOIN tables t "
                                  "ON t.id = s.table_id WHERE s.role = session_user").fetchone()
            self._seat = None if row is None else {"seat": row[0], "kind": row[1], "people": list(row[2]),
                                                   "table": row[3]}
        return self._seat

    def make_seat(self, table: StoredTable, seat: str, kind: str, people: list[str]) -> dict:
        """A new seat: its role, with a generated password, and the store URL its player uses."""
        schema = self.store.schema
        role = role_name(schema, table.name, seat)
        if self.db.execute("SELECT 1 FROM seats WHERE table_id = ? AND seat = ?", (table.id, seat)).fetchone():
            raise TableError(f"table '{table.name}' has a seat '{seat}' already: dealer table seat {table.name} "
                             f"--revoke {seat} first to make it anew")
        taken = self.db.execute("SELECT s.seat, t.name FROM seats s JOIN tables t ON t.id = s.table_id WHERE s.role = ?",
                                (role,)).fetchone()
        if taken or self.db.execute("SELECT 1 FROM pg_roles WHERE rolname = ?", (role,)).fetchone():
            holder = f"seat {taken[0]} of table {taken[1]}" if taken else "a database role outside dealer's seats"
            raise TableError(f"{holder} has that role already ({role}: a seat's role is named from its table and its "
                             "name, in lower case with '_' for the rest): choose another seat name")
        first = not self.db.execute("SELECT count(*) FROM seats WHERE table_id = ?", (table.id,)).fetchone()[0]
        password = _tokens.token_urlsafe(18)
        group = f"{schema}_seats"
        self.db.execute(f"""DO $$ BEGIN CREATE ROLE "{group}" NOLOGIN;
                            EXCEPTION WHEN duplicate_object THEN NULL; END $$""")
        self.db.execute(f"""CREATE ROLE "{role}" LOGIN PASSWORD '{password}' IN ROLE "{group}" """)
        self.db.execute("INSERT INTO seats VALUES (?, ?, ?, ?, ?, ?)", (table.id, seat, role, kind, people, now()))
        from dealer.store.postgres_grants import grant_seats

        grant_seats(self.db, schema, group)
        self.seated(table, seat, kind, people, first)
        return {"seat": seat, "role": kind, "for": people, "user": role,
                "store": self.store.url_for(role, password)}

    def seats(self, table: StoredTable) -> list[dict]:
        return [{"seat": seat, "role": kind, "for": list(people), "user": role, "made": made}
                for seat, kind, people, role, made in self.db.execute(
                    "SELECT seat, kind, people, role, made FROM seats WHERE table_id = ? ORDER BY seat", (table.id,))]

    def revoke_seat(self, table: StoredTable, seat: str) -> dict:
        row = self.db.execute("SELECT role, kind, people FROM seats WHERE table_id = ? AND seat = ?",
                              (table.id, seat)).fetchone()
        if row is None:
            known = ", ".join(entry["seat"] for entry in self.seats(table)) or "none yet"
            raise TableError(f"table '{table.name}' has no seat '{seat}' (seats: {known})")
        role = row[0]
        self.db.execute("DELETE FROM seats WHERE table_id = ? AND seat = ?", (table.id, seat))
        self.db.execute(f'DROP OWNED BY "{role}"')
        self.db.execute(f'DROP ROLE "{role}"')
        self.unseated(table, seat, row[1], list(row[2]))
        return {"seat": seat, "role": row[1], "for": list(row[2]), "user": role}

    def replay_secret(self, name: str) -> bytes | None:
        """The secret the table deals from now, which only its owner reads (a fork replays with it)."""
        if self.seat is not None:
            return None
        row = self.db.execute("SELECT secret FROM secrets WHERE table_id = ?", (self._table_id(name),)).fetchone()
        return None if row is None else bytes(row[0])

    def reveal(self, table: StoredTable) -> dict:
        """The table's secret disclosed (and logged), and a fresh one, made by the database, dealing
        from the next event (``seat_reveal``: the GM's or the owner's)."""
        revealed = self.db.execute("SELECT seat_reveal(?)", (table.id,)).fetchone()[0]
        if revealed is None:
            raise TableError(f"table '{table.name}' has no secret: it was made on another store")
        table.log("reveal", data=revealed)
        return revealed
