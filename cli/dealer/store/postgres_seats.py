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
``table reveal`` discloses the secret (logged) and starts a fresh one, and ``dealer verify
--secret`` re-derives every seed and replays the log.
"""

from __future__ import annotations

import hashlib
import os
import re
import secrets as _tokens
from typing import TYPE_CHECKING

from dealer.errors import TableError
from dealer.store.secrets import commitment_of, seed_for
from dealer.store.tables import Transaction, now

if TYPE_CHECKING:
    from dealer.store.tables import StoredTable

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
CREATE FUNCTION next_seed(t bigint) RETURNS bigint LANGUAGE sql STABLE SECURITY DEFINER
SET search_path = "@schema@" AS $$
    SELECT seed_of(s.secret, coalesce((SELECT max(seq) FROM events WHERE table_id = t), 0) + 1)
    FROM secrets s WHERE s.table_id = t
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


class SharedTransaction(Transaction):
    """A PostgreSQL command's transaction: the shared SQL, plus the table's secret and its seats."""

    def __init__(self, db, *, store, **options):
        super().__init__(db, **options)
        self.store = store
        self._pending_secret = None

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

    def table_seed(self, table: StoredTable, given: int | None) -> int | None:
        """A command's seed on a shared table: derived from the table's secret (so no seat picks it);
        ``--seed`` only while the table has no seats (its owner alone at it)."""
        seated = self.db.execute("SELECT count(*) FROM seats WHERE table_id = ?", (table.id,)).fetchone()[0]
        if given is not None:
            if seated or self.seat is not None:
                raise TableError(f"table '{table.name}' is shared: its seeds come from the table, so that nobody "
                                 "picks a deal (dealer verify --secret checks them); drop --seed")
            return given
        row = self.db.execute("SELECT next_seed(?)", (table.id,)).fetchone()
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
        password = _tokens.token_urlsafe(18)
        group = f"{schema}_seats"
        self.db.execute(f"""DO $$ BEGIN CREATE ROLE "{group}" NOLOGIN;
                            EXCEPTION WHEN duplicate_object THEN NULL; END $$""")
        self.db.execute(f"""CREATE ROLE "{role}" LOGIN PASSWORD '{password}' IN ROLE "{group}" """)
        self.db.execute("INSERT INTO seats VALUES (?, ?, ?, ?, ?, ?)", (table.id, seat, role, kind, people, now()))
        from dealer.store.postgres_grants import grant_seats

        grant_seats(self.db, schema, group)
        table.log("seat", data={"seat": seat, "role": kind, "for": people})
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
        table.log("seat revoked", data={"seat": seat, "role": row[1], "for": list(row[2])})
        return {"seat": seat, "role": row[1], "for": list(row[2]), "user": role}

    def reveal(self, table: StoredTable) -> dict:
        """The table's secret disclosed (and logged), and a fresh one dealing from the next event."""
        row = self.db.execute("SELECT secret, commitment, since FROM secrets WHERE table_id = ?",
                              (table.id,)).fetchone()
        if row is None:
            raise TableError(f"table '{table.name}' has no secret: it was made on another store")
        secret, commitment, since = bytes(row[0]), row[1], row[2]
        upto = self.db.execute("SELECT coalesce(max(seq), 0) FROM events WHERE table_id = ?",
                               (table.id,)).fetchone()[0]
        fresh = os.urandom(32)
        self.db.execute("UPDATE secrets SET secret = ?, commitment = ?, since = ? WHERE table_id = ?",
                        (fresh, commitment_of(fresh), upto + 2, table.id))
        revealed = {"secret": secret.hex(), "commitment": commitment, "events": [since, upto + 1],
                    "next_commitment": commitment_of(fresh)}
        table.log("reveal", data=revealed)
        return revealed
