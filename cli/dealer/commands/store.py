"""``dealer store``: where the tables live, and making a shared store ready."""

from __future__ import annotations

import click

from dealer.options import SuggestingGroup, global_options
from dealer.session import Session


@click.group(cls=SuggestingGroup)
@global_options(seed=False, table=False, store=True)
def store():
    """Where tables live: the SQLite file on this machine (the default) or a PostgreSQL
    database a group shares (DEALER_STORE=postgresql://...).

    \b
    Examples:
      dealer store show
      dealer store init postgresql://gm@db.example/dealer
    """


@store.command("init")
@click.argument("url", required=False)
@global_options(seed=False, table=False, store=True)
@click.pass_context
def init(ctx, url):
    """Make the store ready now: its schema made (or brought up to this dealer's version) by a
    role that may, so that players' roles need not (default: --store or DEALER_STORE).

    \b
    Example:
      dealer store init postgresql://gm@db.example/dealer
    """
    from dealer.store import open_store

    session = Session(ctx, "store init")
    made = open_store(url if url is not None else session.settings.store).init()
    session.show({"kind": "store", "action": "init", "store": made}, ruleset=None)


@store.command("show")
@global_options(seed=False, table=False, store=True)
@click.pass_context
def show(ctx):
    """Which store this command line uses, and how many tables it holds.

    \b
    Example:
      dealer store show --json
    """
    session = Session(ctx, "store show")
    where = session.store()
    with where.transaction(create=False, readonly=True) as tx:
        tables = len(tx.names()) if tx else 0
    session.show({"kind": "store", "action": "show", "store": where.describe(), "tables": tables}, ruleset=None)
