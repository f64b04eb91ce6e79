"""Where rulesets and tables are kept: ``rulesets`` (shipped and user files) and the table
stores, chosen by ``open_store``: the embedded SQLite file (``sqlite``) or a shared
PostgreSQL database (``postgres``), both behind the one ``tables.Transaction``."""

from __future__ import annotations

import os
import re

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from dealer.store.postgres import PostgresStore
    from dealer.store.sqlite import SQLiteStore

POSTGRES_PREFIXES = ("postgresql://", "postgres://")
_OPENED = []  # the database stores this process opened: their connections close with the command


def is_postgres(spec: str | None) -> bool:
    """Whether a store spec names a PostgreSQL database: a ``postgresql://`` URL, or a libpq
    ``key=value`` connection string (``host=/run/postgresql dbname=dealer``)."""
    if not spec:
        return False
    return spec.startswith(POSTGRES_PREFIXES) or bool(re.match(r"\s*(host|hostaddr|dbname|port|user|service)\s*=",
                                                               spec))


def open_store(spec: str | None = None, warn: bool = True) -> SQLiteStore | PostgresStore:
    """The store a command uses: ``spec`` (``--store``), else ``$DEALER_STORE``; unset or a path
    means the SQLite file (a path to a folder: its ``tables.sqlite3``), a PostgreSQL URL the
    database. Only a PostgreSQL store imports the driver."""
    spec = spec if spec is not None else os.environ.get("DEALER_STORE") or None
    if is_postgres(spec):
        from dealer.store.postgres import PostgresStore

        store = PostgresStore(spec)
        _OPENED.append(store)
        return store
    from dealer.store.sqlite import SQLiteStore

    if spec is None:
        return SQLiteStore(warn=warn)
    spec = os.path.expanduser(spec)
    if spec.endswith(os.sep) or os.path.isdir(spec):
        return SQLiteStore(spec, warn=warn)
    return SQLiteStore(os.path.dirname(os.path.abspath(spec)), warn=warn, file_name=os.path.basename(spec))


def close_stores() -> None:
    """Close the connections of every database store opened (the end of a command)."""
    while _OPENED:
        _OPENED.pop().close()


def table_names() -> list[str]:
    """Table names for shell completion (empty when there is no store yet)."""
    with open_store(warn=False).transaction(create=False, readonly=True) as tx:
        return tx.names() if tx else []
