"""What every command needs: its settings, its ruleset, seeds, and where output goes.

A command is parse, load, compute, save, render; this keeps the load and render steps to
a line each.
"""

from __future__ import annotations

import os
from contextlib import contextmanager
from functools import cached_property

from dealer import render
from dealer.options import settings

# click.Context.meta of a command run by a replay: the store it plays on (dealer.store.replay).
REPLAY_STORE = "dealer.replay.store"


def new_seed():
    """A seed from the operating system, short enough to type back with ``--seed``."""
    return int.from_bytes(os.urandom(4), "big")


class Session:
    def __init__(self, ctx, command):
        self.ctx = ctx
        self.command = command
        self.settings = settings(ctx)

    @cached_property
    def ruleset(self):
        """``--ruleset`` when given; else the ``--table``'s pinned ruleset; else the default."""
        from dealer.store import rulesets

        if self.settings.table and not self.settings.ruleset_given:
            with self.store().transaction(create=False, readonly=True) as tx:
                if tx is None:
                    from dealer.errors import TableError

                    raise TableError(f"no table '{self.settings.table}': there are no tables yet; make one with: "
                                     f"dealer table new {self.settings.table}")
                return tx.load(self.settings.table).ruleset
        return rulesets.load(self.settings.ruleset)

    def store(self):
        """The store this command's tables are in: --store, DEALER_STORE, or the SQLite file (one
        for the command, so that a database connection serves all of its transactions)."""
        if "_store" not in self.__dict__:
            from dealer.store import open_store

            given = self.ctx.find_root().meta.get(REPLAY_STORE)
            self.__dict__["_store"] = given if given is not None else open_store(self.settings.store)
        return self.__dict__["_store"]

    def transaction(self, create=True, readonly=False):
        """One transaction on this command's store, recording the command's words with its events."""
        return self.store().transaction(create=create, readonly=readonly, args=None if readonly else self.args)

    @property
    def args(self):
        """The command's own words (``chips spend Sam white``), as its events record them."""
        from dealer.cli import ARGS_KEY
        from dealer.options import command_words

        return command_words(self.ctx.find_root().meta.get(ARGS_KEY, []))

    dealt_seed = None  # the seed a shared table deals this command from its secret
    seed_later = None  # or how to ask for it, when the command first rolls or deals (a player's seat)
    secret = False  # the GM's secret roll (roll --secret): its events are hidden from the players

    @cached_property
    def seed(self):
        """The seed of this run: a shared table's own, ``--seed``, or a fresh one; recorded in every result."""
        if self.seed_later is not None:
            return self.seed_later()
        if self.dealt_seed is not None:
            return self.dealt_seed
        return self.settings.seed if self.settings.seed is not None else new_seed()

    def rng(self, offset=0):
        """The Random for the ``offset``-th repetition: seed + offset replays it alone. A seed asked
        for later is asked for at the Random's first draw."""
        if self.seed_later is not None and "seed" not in self.__dict__:
            from dealer.deferred_random import DeferredRandom

            return DeferredRandom(lambda: self.seed + offset)
        import random  # here: a command that deals nothing (hand) does not import it

        return random.Random(self.seed + offset)

    @cached_property
    def cards(self):
        return render.Cards(self.ruleset.deck, self.settings.glyphs, self.settings.color, self.settings.ascii)

    @contextmanager
    def table(self, name=None):
        """Load a table in this command's transaction; save it (and its new events) at the end.

        The table's pinned ruleset becomes this command's ruleset. Seeds are recorded in the
        history only when the command used randomness.
        """
        from dealer.errors import TableError

        name = name or self.settings.table
        if not name:
            raise TableError("which table? give one with --table NAME (or set DEALER_TABLE)")
        with self.transaction() as tx:
            table = tx.load(name)
            if self.settings.ruleset_given and self.settings.ruleset != table.ruleset_name:
                raise TableError(f"table '{table.name}' plays {table.ruleset_name} (pinned when it was made): "
                                 f"drop --ruleset, or make a new table with -r {self.settings.ruleset}")
            self.__dict__["ruleset"] = table.ruleset
            self.check_seat(tx)
            tx.command = self.command
            seed = tx.table_seed(table, self.settings.seed)  # a shared table deals from its secret
            if callable(seed):
                self.seed_later = seed
            else:
                self.dealt_seed = seed
            try:
                yield table
                if self.secret:  # the GM's secret roll: a player's view of the log shows only that it happened
                    for event in table.events:
                        event["data"]["secret"] = True
                tx.save(table, self.command, self.__dict__.get("seed"))
            finally:
                if self.seed_later is not None:  # never asked for: the command used no randomness
                    self.__dict__.setdefault("seed", None)
                    self.seed_later = None

    def check_seat(self, tx):
        """A shared table's seat may do only what its player may (``dealer.seats``); no store yet
        (``tx`` None) is no seat."""
        if tx is not None and tx.seat is not None:
            from dealer import seats

            seats.check(tx.seat, self.command, self.ctx.params, self.__dict__.get("ruleset"))

    @contextmanager
    def maybe_table(self, name=None):
        """The ``--table``'s table (saved at the end), or without one a fresh table saved nowhere.

        Mechanics resolve against either the same way; only a persistent table keeps what
        they change.
        """
        if name or self.settings.table:
            with self.table(name) as table:
                yield table
        else:
            from dealer.core.table import Table

            yield Table.fresh(self.ruleset)

    def read_table(self, name=None, problems=False):
        """A table to look at, never changed or saved: read-only commands work on a read-only
        state file and never create one. With ``problems``: the table and what is wrong with
        its decks, chips, state and roster, read in the same transaction (not its history: a
        long one would slow ``table show``)."""
        from dealer.errors import TableError

        name = name or self.settings.table
        if not name:
            raise TableError("which table? give one with --table NAME (or set DEALER_TABLE)")
        with self.transaction(create=False, readonly=True) as tx:
            if tx is None:
                raise TableError(f"no table '{name}': there are no tables yet; make one with: dealer table new {name}")
            table = tx.load(name)
            if problems:
                from dealer.store.transfer import table_problems

                # A seat sees part of the table: its owner's `table check` reads the whole.
                found = [] if tx.seat is not None else table_problems(tx.db, table.name, history=False)
        self.__dict__["ruleset"] = table.ruleset
        return (table, found) if problems else table

    def envelope(self, result, seed=None, ruleset=""):
        """``ruleset``: by default this command's; a name; or None where the command uses none."""
        return render.envelope(self.command, self.ruleset.name if ruleset == "" else ruleset, seed, result)

    def emit(self, envelopes, text_lines, notes=()):
        render.emit(self.settings, envelopes, text_lines, notes)

    def show(self, data, *, seed=None, ruleset="", notes=()):
        """One result: as JSON, or as text by its ``kind``."""
        self.emit([self.envelope(data, seed=seed, ruleset=ruleset)], render.text(data, self.cards), notes)

    def run(self, resolve, request, *, table="maybe", name=None, randomness=True, notes=None):
        """The steps every mechanic's command shares, once parsed: load the table (``maybe``: the
        --table's or a fresh one; ``required``: table ``name`` or the --table's), resolve the request
        (``resolve(ruleset, request, table, rng)``), save, render. ``randomness``: whether the
        result records the seed (a command that deals or rolls). A run that drew nothing from its
        Random after all (every card typed in, a total given) records none. ``notes(data)``: the
        result's notes for stderr (a deck reshuffled)."""
        with (self.table(name) if table == "required" else self.maybe_table()) as loaded:
            rng = self.rng() if randomness else None
            before = rng.getstate() if rng is not None else None
            result = resolve(self.ruleset, request, loaded, rng)
            if rng is not None and rng.getstate() == before:
                randomness = False
                self.__dict__.pop("seed", None)  # so the history records no seed either
        data = result.to_data()
        self.show(data, seed=self.seed if randomness else None, notes=notes(data) if notes else ())
