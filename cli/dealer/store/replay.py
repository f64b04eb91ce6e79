"""Replaying a table's history: ``dealer verify`` checks an export, ``dealer table fork`` rebuilds
a table as it was after one of its events.

Every event records the words of the command that made it (``args``) and the command's seed. A
replay makes the table again from its first event, in a throwaway SQLite store of its own (a
temporary folder), by running each logged command again in this process, through the same
command line a user types (``dealer.cli``), with its recorded seed, on the table's pinned ruleset
(written to a ruleset file for the replayed ``table new``, so house rules replay too). Every event
the replay writes is compared with the logged one: all of it but its time and the version of
dealer that wrote it (and, in an ``undo`` event, the time of the command it undid; and what the
luck ledger reads, ``data.ledger``, where an older dealer logged the event without it). The replay
plays by the rules of the dealer that runs it: where the command is refused, fails or writes other
events than the logged ones, and another version logged them, the difference says so
(``dealer.store.versions``); a log that a newer dealer wrote is refused before it is replayed.

There is no command boundary in the log: the replay runs the command of the event where it
stands; that command writes k events, compared with the next k logged ones; the replay goes on
after them. An import (``kind: import``) or a fork (``kind: fork``) in the middle of a log starts
where the table it came from stood: the replayed table is moved the same way (exported, then
imported, or forked) under its new name, and that move's event is compared too.

A replay never reads a file of this machine nor writes outside its folder: a character sheet
(``table add --sheet``) comes from the event that recorded it, and words that dealer never
records (``--store``, ``--table``, ``--seed``, ``-r``) or a command that changes no table are
refused, not run.
"""

from __future__ import annotations

import json
import os
from typing import TYPE_CHECKING, NamedTuple

from dealer import __version__
from dealer.errors import DealerError, TableError, shown
from dealer.store.versions import rules_note, same_as_this

if TYPE_CHECKING:
    from typing import Any

    from dealer.store.tables import Transaction

# click.Context.meta of a replayed command: each --sheet path, and what the event says it gave.
SHEETS_KEY = "dealer.replay.sheets"
# The fields of an event compared, in the order a difference is looked for: a changed seed is
# told before the cards it changed. Never its time, nor its version.
COMPARED = ("command", "kind", "seed", "deck", "cards", "data", "args")
# Commands that write no event (they read, or do not keep a table), and the two moves a replay
# makes itself (import, fork): never run from a log's words.
READING = {("verify",), ("hand",), ("odds",), ("rulesets",), ("store",)}
READING_TABLE = {"list", "show", "log", "watch", "export", "check", "delete", "import", "fork"}
FINAL_PARTS = ("decks", "roster", "chips", "state")  # what an export holds besides its history


class Difference(NamedTuple):
    """Where a log and its replay first part: event ``seq`` (None: the table as exported), the
    ``field`` that differs (``cards``, ``data.colour``; ``events`` when one has more events than
    the other; ``replay`` when the command failed; ``args`` when it cannot be replayed), the
    logged and the replayed value, and all of it in one sentence; the version of dealer that
    logged the event (``logged_by``: None where it recorded none, and where there is no event) and
    the one that replayed it (``replayed_by``: this one)."""

    seq: int | None
    command: str | None
    field: str
    logged: Any
    replayed: Any
    message: str
    logged_by: str | None = None
    replayed_by: str = __version__

    def to_data(self) -> dict:
        return self._asdict()


class Replay:
    """A table's export replayed, command by command, in a temporary store (``with Replay(...)``).

    ``position``: how many logged events the replay has made and matched so far; ``commands``:
    the commands replayed; ``span``: the first and last event of the last one and its name.
    """

    def __init__(self, result: dict, secret: bytes | None = None, check_seeds: bool = True):
        self.events = result["events"]
        self.document = result["document"]
        self.secret = secret
        self.check_seeds = check_seeds  # every seed against --secret (a fork's secret only deals)
        self.position = 0
        self.commands = 0
        self.span: tuple[int, int, str] | None = None
        self.name: str | None = None  # the table's name now (an import or a fork renames it)
        self.revealed = revealed_secrets(self.events)  # (first event, last event, secret) of each reveal
        self.hidden_order = False  # the draw piles are in the order of a secret not given (the last reveal's)

    def __enter__(self) -> Replay:
        import sqlite3
        import tempfile

        from dealer.store.keyed_deals import KeyedStore

        from dealer.core.ruleset_text import ruleset_toml

        text = ruleset_toml(self.document)  # refused before anything is made when no file can say it
        self._folder = tempfile.TemporaryDirectory(prefix="dealer-replay-")
        try:
            self.ruleset_file = os.path.join(self._folder.name, "ruleset.toml")
            with open(self.ruleset_file, "w", encoding="utf-8") as handle:
                handle.write(text)
            self.store = KeyedStore(self._folder.name, self.secret_of)
            self.store.init()
            # Held open for the whole replay, so that no command's connection is the file's last:
            # the last one to close checkpoints the journal, waiting for the disk, every time.
            self._held = sqlite3.connect(self.store.path)
            self._held.execute("SELECT count(*) FROM sqlite_master").fetchone()
        except BaseException:
            self._folder.cleanup()
            raise
        return self

    def __exit__(self, *exc_info: object) -> None:
        self._held.close()
        self._folder.cleanup()

    def run(self, until: int | None = None) -> Difference | None:
        """Replay commands until ``until`` events (default: all) are made; the first difference."""
        until = len(self.events) if until is None else until
        while self.position < until:
            difference = self.step()
            if difference is not None:
                return difference
        return None

    def step(self) -> Difference | None:
        """Replay the command of the event at ``position`` and compare the events it makes; the
        first difference, naming the version of dealer that logged the event it is at."""
        event = self.events[self.position]
        difference = self._step(event)
        return None if difference is None else difference._replace(logged_by=self._logged_by(difference, event))

    def _logged_by(self, difference: Difference, event: dict) -> str | None:
        """The version of dealer that logged the event of ``difference`` (one past the log's end: the
        command's first event, ``event``)."""
        return (self.events[difference.seq - 1] if difference.seq <= len(self.events) else event).get("version")

    def _ruled(self, difference: Difference | None, event: dict) -> Difference | None:
        """A difference that this dealer's rules may make (the command refused, failed, or writing
        other events than the logged ones): where another version logged the event, it says so."""
        if difference is None:
            return None
        return difference._replace(message=difference.message + rules_note(self._logged_by(difference, event)))

    def _step(self, event: dict) -> Difference | None:
        if event["kind"] == "abandoned" and self.position > 0:
            since, failure = self.position, self._abandoned(event)
            if failure is not None:
                return Difference(event["seq"], event["command"], "replay", None, failure,
                                  f"event {event['seq']} (command {event['command']}): {failure}")
            return self._compare(event, self._events_after(since))
        words = event.get("args")
        if words is None:
            return _cannot(event, "was logged by a dealer that did not record its command's words: it cannot be "
                                  "replayed")
        parsed = _parse(words)
        refusal = self._refusal(event, words, parsed)
        if refusal is not None:
            return self._ruled(refusal, event)
        revealing = parsed[0] == ("table", "reveal") and event["kind"] == "reveal"
        # dealt by the database (or on from draw piles it left in the order of a secret not given)
        dealt = bool(self.store.seats) or self.hidden_order or (parsed[0] == ("table", "seat")
                                                                  and event["kind"] == "seat")
        if dealt and not revealing and self.secret_of(event["seq"]) is None:
            return _secret_needed(event, first=not self.store.seats)
        if event["seed"] is not None and (self.secret is not None and self.check_seeds or dealt):
            from dealer.store.secrets import seed_for

            derived = seed_for(self.secret_of(event["seq"]), event["seq"])
            if event["seed"] != derived:
                return Difference(event["seq"], event["command"], "seed", event["seed"], derived,
                                  f"event {event['seq']} (command {event['command']}): its seed {event['seed']} is "
                                  f"not the one the secret gives ({derived})")
        since = self.position  # the replayed table holds just the events matched so far
        if revealing:
            wrong = _reveal_problem(event)
            if wrong is not None:
                return wrong
            failure = self._revealed(event, words)
        elif parsed[0] in (("table", "import"), ("table", "fork")):
            failure = self._move(event, words, parsed)
        else:
            failure = self._command(event, words, parsed)
        replayed = self._events_after(since)
        if failure is not None and not replayed:
            return self._ruled(Difference(event["seq"], event["command"], "replay", None, failure,
                                          f"event {event['seq']} (command {event['command']}): its replay failed: "
                                          f"{failure}"), event)
        return self._ruled(self._compare(event, replayed), event)

    def secret_of(self, seq: int) -> bytes | None:
        """The secret that dealt event ``seq``: the one a ``table reveal`` of the log disclosed for
        the events it covers, else ``--secret``'s (the table's secret since its last reveal), else None."""
        for first, last, secret in self.revealed:
            if first <= seq <= last:
                return secret
        return self.secret

    def _refusal(self, event, words, parsed):
        """Why the event's words cannot be run (None: they can)."""
        from dealer.options import command_words

        path, _, params = parsed
        if not path:
            return _cannot(event, f"records words that name no dealer command ({shown(' '.join(words), 60)}): it "
                                  "cannot be replayed")
        if command_words(words) != words:
            return _cannot(event, f"records words dealer never records ({shown(' '.join(words), 60)}): it cannot "
                                  "be replayed")
        moved = (path, event["kind"]) in ((("table", "import"), "import"), (("table", "fork"), "fork"))
        if not moved and (path[:1] in READING or path[:1] == ("table",) and path[1:2] and path[1] in READING_TABLE):
            return _cannot(event, f"names a command that changes no table ({shown(' '.join(path), 40)}): "
                                  "it cannot be replayed")
        if self.position == 0 and path != ("table", "new"):
            return _cannot(event, f"is the log's first event, but its command is {shown(' '.join(path), 40)}: a "
                                  "log starts with the table new that made its table")
        if self.position > 0 and path == ("table", "new"):
            return _cannot(event, "makes a table (table new), but a log's table is made once, by its first event")
        if params.get("sheet") and not _a_sheet(event["data"].get("sheet")):
            return _cannot(event, f"read the character sheet {shown(params['sheet'], 60)}, which the log does not "
                                  "hold: it cannot be replayed")
        return None

    def _command(self, event, words, parsed) -> str | None:
        """Run the event's command in the replay's store; its error message if it failed."""
        path, command, params = parsed
        offered = {param.name for param in command.params}
        argv = ["--store", self.store.path]
        if path == ("table", "new"):
            argv += ["-r", self.ruleset_file]
            self.name = params.get("name")
        elif path[0] != "table" and "table" in offered:
            argv += ["--table", self.name]
        if event["seed"] is not None and "seed" in offered:
            argv += ["--seed", str(event["seed"])]
        sheets = {params["sheet"]: event["data"]["sheet"]} if params.get("sheet") else {}
        return invoke([*argv, *words], sheets, self.store)

    def _revealed(self, event, words) -> str | None:
        """A reveal, which no replay can make but the log proves itself (its secret checked against
        its commitment): written to the replayed table as logged. At a table with seats the database
        put every draw pile in the fresh secret's order (``reordered``): the replay does the same when
        it knows that secret (a later reveal, or --secret), else leaves their order unchecked."""
        data = {key: value for key, value in event["data"].items() if key != "reordered"}
        try:
            with self.store.transaction(args=words) as tx:
                table_id = tx.table_id(self.name)
                if self.store.seats:
                    known = self.secret_of(event["seq"]) is not None
                    data["reordered"] = tx.reorder_decks(table_id) if known else tx.decks_of(table_id)
                    self.hidden_order = not known
                tx.append(table_id, event["command"], event["kind"], event["deck"], event["cards"], event["seed"],
                          data)
        except DealerError as error:
            return str(error)
        return None

    def _abandoned(self, event) -> str | None:
        """A player's command begun and left (logged by the database: ``dealer.store.postgres_begun``),
        which changed nothing and deals nothing: written to the replayed table as logged, where it
        holds no card and no seed."""
        if event["cards"] or event["seed"] is not None or event["deck"] is not None:
            return "a command abandoned holds no card, deck or seed"
        try:
            with self.store.transaction(args=event.get("args")) as tx:
                tx.append(tx.table_id(self.name), event["command"], event["kind"], None, [], None, event["data"])
        except DealerError as error:
            return str(error)
        return None

    def _move(self, event, words, parsed) -> str | None:
        """An import or a fork in the log: the replayed table, exported, written under its new name
        with the same last event (the store's own import; a fork's copy)."""
        from dealer.store.transfer import export_table, import_table

        params = parsed[2]
        new = params.get("as_name") or (self.name if event["kind"] == "import" else None)
        if not isinstance(new, str):
            return "no --as NAME in its words"
        try:
            with self.store.transaction(args=words) as tx:
                exported = export_table(tx.db, self.name)
                tx.delete(self.name)
                if event["kind"] == "import":
                    import_table(tx, exported, new, str(event["data"].get("file", "")))
                else:  # the table forked, as the fork named it (this log's table, under a later name perhaps)
                    write_fork(tx, exported, new, str(event["data"].get("from", "")), self.position)
        except DealerError as error:
            return str(error)
        self.store.unseated()  # the table moved has no seats: the store it landed in deals it
        self.name = new
        return None

    def _compare(self, event, replayed) -> Difference | None:
        first = event["seq"]
        if not replayed:
            return Difference(first, event["command"], "events", None, 0,
                              f"event {first} (command {event['command']}): its replay wrote no event")
        logged = self.events[self.position:self.position + len(replayed)]
        for theirs, mine in zip(logged, replayed):
            mine = _as_old_as(theirs, mine)
            for field in COMPARED:
                found = first_change(_compared(theirs, field), _compared(mine, field), field)
                if found is not None:
                    where, was, now = found
                    brief = _brief(theirs.get("version"))
                    return Difference(theirs["seq"], theirs["command"], where, was, now,
                                      f"event {theirs['seq']} (command {theirs['command']}) differs in {where}: "
                                      f"logged {value_words(was, *brief)}, replayed {value_words(now, *brief)}")
        last = first + len(replayed) - 1
        if len(logged) < len(replayed):
            return Difference(len(self.events) + 1, event["command"], "events", len(logged), len(replayed),
                              f"the log ends at event {len(self.events)}, but the replay of {event['command']} "
                              f"(event {first}) wrote events {first} to {last}")
        self.position += len(replayed)
        self.commands += 1
        self.span = (first, last, event["command"])
        return None

    def _events_after(self, since: int) -> list[dict]:
        if self.name is None:
            return []
        try:
            with self.store.transaction(create=False, readonly=True) as tx:
                return tx.history(self.name, since) if tx is not None and tx.exists(self.name) else []
        except TableError:  # a name no table can have: the command failed on it
            return []

    def export(self) -> dict:
        """The replayed table as ``table export`` makes it (its ``result``)."""
        from dealer.store.transfer import export_table

        with self.store.transaction(create=False, readonly=True) as tx:
            return export_table(tx.db, self.name)

    def final_difference(self, result: dict) -> Difference | None:
        """Whether the exported table (decks, roster, chips, state) is what its replayed history made."""
        from dealer.seats import state_as_saved

        replayed = self.export()
        if self.hidden_order:  # their cards are checked, not their order
            result, replayed = _draw_piles_sorted(result), _draw_piles_sorted(replayed)
        # A state as each store keeps it (PostgreSQL merges a player's save, in its own spelling)
        result, replayed = ({**one, "state": state_as_saved(one["state"])} for one in (result, replayed))
        for part in FINAL_PARTS:
            found = first_change(result.get(part), replayed.get(part), part)
            if found is not None:
                where, was, now = found
                # the rules the table owes most to another dealer: the first event another version logged
                logged_by = next((event.get("version") for event in self.events
                                  if not same_as_this(event.get("version"))), self.events[-1].get("version"))
                brief = _brief(logged_by)
                return Difference(None, None, where, was, now,
                                  f"the table as exported is not what its history replays to: {where}: exported "
                                  f"{value_words(was, *brief)}, replayed {value_words(now, *brief)}"
                                  + rules_note(logged_by), logged_by)
        return None


def _draw_piles_sorted(result: dict) -> dict:
    """An export whose draw piles are told by their cards, not their order."""
    decks = result.get("decks")
    if not isinstance(decks, dict):
        return result
    return {**result, "decks": {name: {**piles, "deck": sorted(piles["deck"])} if isinstance(piles, dict)
                                and isinstance(piles.get("deck"), list) else piles for name, piles in decks.items()}}


def revealed_secrets(events: list[dict]) -> list[tuple[int, int, bytes]]:
    """The secrets a log's ``table reveal`` events disclosed, each with the events it dealt."""
    found = []
    for event in events:
        data = event.get("data") or {}
        if event.get("kind") == "reveal" and isinstance(data.get("secret"), str) and _span(data.get("events")):
            try:
                found.append((data["events"][0], data["events"][1], bytes.fromhex(data["secret"])))
            except ValueError:
                continue  # told at the event itself
    return found


def _span(value: Any) -> bool:
    return (isinstance(value, list) and len(value) == 2 and all(isinstance(n, int) and not isinstance(n, bool)
                                                                 for n in value))


def _reveal_problem(event: dict) -> Difference | None:
    """What is wrong with a logged reveal: the secret must be the one its commitment (kept by the
    group since the table's secret was made) commits to, and cover the events up to the reveal."""
    from dealer.store.secrets import commitment_of

    data, seq = event["data"], event["seq"]
    try:
        secret = bytes.fromhex(data["secret"])
    except (KeyError, TypeError, ValueError):
        return _cannot(event, "reveals no secret in hexadecimal digits: it cannot be checked")
    if commitment_of(secret) != data.get("commitment"):
        return Difference(seq, event["command"], "data.commitment", data.get("commitment"), commitment_of(secret),
                          f"event {seq} (command {event['command']}): the secret it reveals is not the one its "
                          f"commitment {value_words(data.get('commitment'))} was made for")
    # The secret of the events before the reveal (a dealer before version 4 of the PostgreSQL store
    # counted the reveal's own event in it).
    if not (_span(data.get("events")) and data["events"][1] in (seq - 1, seq) and 1 <= data["events"][0] <= seq):
        return Difference(seq, event["command"], "data.events", data.get("events"), None,
                          f"event {seq} (command {event['command']}): the events it says its secret dealt "
                          f"({value_words(data.get('events'))}) do not end at the reveal")
    return None


def _secret_needed(event: dict, first: bool) -> Difference:
    """A table with seats is dealt by the database from its secret: a replay needs the secret."""
    why = ("seats the table: from then on the database deals its decks in the order its secret keys" if first else
           "is dealt by the database from the table's secret, which no table reveal of the log discloses for it")
    return Difference(event["seq"], event["command"], "secret", None, None,
                      f"event {event['seq']} (command {event['command']}) {why}: to replay it, give the secret as "
                      "dealer table reveal printed it: dealer verify EXPORT --secret S")


def _cannot(event: dict, why: str) -> Difference:
    return Difference(event["seq"], event["command"], "args", event.get("args"), None,
                      f"event {event['seq']} (command {event['command']}) {why}")


def _a_sheet(sheet: Any) -> bool:
    """Whether an event holds what a character sheet gave, as ``table add`` records it."""
    return (isinstance(sheet, dict) and set(sheet) == {"name", "side", "traits"}
            and all(sheet[key] is None or isinstance(sheet[key], str) for key in ("name", "side"))
            and isinstance(sheet["traits"], dict))


def _compared(event: dict, field: str) -> Any:
    """An event's field as compared: an undo's data without the time of the command it undid
    (a snapshot's time, which a replay makes anew)."""
    value = event.get(field)
    if field == "data" and event.get("kind") == "undo" and isinstance(value, dict):
        return {key: item for key, item in value.items() if key != "time"}
    return value


def _as_old_as(logged: dict, replayed: dict) -> dict:
    """The replayed event without what the luck ledger reads (``data.ledger``) where the logged one
    has none: a dealer before the ledger did not record it, and that is no difference."""
    from dealer.core.ledger.situations import KEY

    data = replayed.get("data")
    if isinstance(data, dict) and KEY in data and KEY not in (logged.get("data") or {}):
        return {**replayed, "data": {key: value for key, value in data.items() if key != KEY}}
    return replayed


_ABSENT = "(none)"


def first_change(logged: Any, replayed: Any, path: str) -> tuple[str, Any, Any] | None:
    """The first place two values differ, as (path, logged, replayed): into objects key by key
    (sorted), never into lists (a list of cards is told whole); None when they are equal.

    >>> first_change({"a": 1, "b": {"c": [1]}}, {"a": 1, "b": {"c": [2]}}, "data")
    ('data.b.c', [1], [2])
    >>> first_change({"a": 1}, {}, "data")
    ('data.a', 1, '(none)')
    """
    if logged == replayed:
        return None
    if isinstance(logged, dict) and isinstance(replayed, dict):
        for key in sorted(set(logged) | set(replayed), key=str):
            found = first_change(logged.get(key, _ABSENT), replayed.get(key, _ABSENT), f"{path}.{key}")
            if found is not None:
                return found
    return path, logged, replayed


def _brief(logged_by: str | None) -> tuple[int, int]:
    """How much of each value a difference tells (``value_words``' ``most`` and ``chars``): less
    where another version logged the event, so that the line keeps room for saying so."""
    return (12, 120) if same_as_this(logged_by) else (4, 40)


def value_words(value: Any, most: int = 12, chars: int = 120) -> str:
    """A logged value in a sentence: a list of words (cards) space-separated, at most ``most``
    of them; anything else as compact JSON, at most about ``chars`` characters; None as none.

    >>> value_words(["As", "Kd"]), value_words(None), value_words({"red": 1}), value_words(list("abc"), 2)
    ('As Kd', 'none', '{"red":1}', 'a b and 1 more')
    """
    if value is None:
        return "none"
    if isinstance(value, list) and all(isinstance(item, str) for item in value):
        words = " ".join(shown(item, 30) for item in value[:most]) or "nothing"
        return words + (f" and {len(value) - most} more" if len(value) > most else "")
    if isinstance(value, str):
        return shown(value, 60)
    return shown(json.dumps(value, ensure_ascii=False, separators=(",", ":"), sort_keys=True), chars)


def _parse(words: list[str]) -> tuple[tuple[str, ...], Any, dict]:
    """The command that ``words`` name (its path of names, the click command) and its parameters
    as click parses them (without running anything)."""
    import click

    from dealer.cli import cli

    command, rest, path = cli, list(words), []
    ctx = click.Context(cli)
    while isinstance(command, click.Group) and rest:
        try:
            name, command, rest = command.resolve_command(ctx, rest)
        except click.UsageError:  # no such subcommand: the run says so
            break
        if not name:  # a group's default subcommand (dealer action Sarah=16): named as the group
            break
        path.append(name)
        ctx = click.Context(command, parent=ctx, info_name=name)
    try:
        parsed = command.make_context(path[-1] if path else "dealer", list(rest), resilient_parsing=True)
        params = parsed.params
    except click.ClickException:
        params = {}
    return tuple(path), command, params


def invoke(argv: list[str], sheets: dict, store: Any = None) -> str | None:
    """Run ``dealer ARGV`` in this process, its output thrown away; its error message if it failed.
    ``sheets``: the character sheets it reads, by path, as a replay takes them from the log;
    ``store``: the store it plays on (the replay's, which deals a table with seats as the database)."""
    import io
    from contextlib import redirect_stderr, redirect_stdout

    import click

    from dealer.cli import _check_text, cli
    from dealer.session import REPLAY_STORE

    try:
        _check_text(argv)  # as the command line checks every argument before it runs one
        with redirect_stdout(io.StringIO()), redirect_stderr(io.StringIO()):
            with cli.make_context("dealer", list(argv)) as ctx:
                ctx.meta[SHEETS_KEY] = sheets
                ctx.meta[REPLAY_STORE] = store
                cli.invoke(ctx)
    except click.exceptions.Exit:
        return None
    except click.ClickException as error:
        return error.format_message()
    except click.Abort:
        return "aborted"
    except DealerError as error:
        return str(error).splitlines()[0] if str(error) else type(error).__name__
    except Exception as error:  # a bug that these words reach: named with its event, not a traceback
        return f"internal error (a bug in dealer): {type(error).__name__}: {shown(error)}"
    return None


def write_fork(tx: Transaction, result: dict, name: str, source: str, at: int) -> int:
    """Write ``result`` (an export's result: table ``source`` replayed up to event ``at``) as table
    ``name``, closed by a ``fork`` event saying where it came from. The checks and rows of
    ``table import`` (``transfer.import_table``), with another last event; returns the row id."""
    from dealer.store.transfer import check, insert_events

    exists = f"table '{name}' already exists: fork under another name with --as NAME"
    if tx.exists(name):
        raise TableError(exists)
    rows = check(result, f"the replay of table {source}", name)
    db = tx.db
    try:
        table_id = db.execute("INSERT INTO tables (name, ruleset, document, state, created) VALUES (?, ?, ?, ?, ?) "
                              "RETURNING id", (name, rows["ruleset"].name,
                                               json.dumps(result["document"], ensure_ascii=False),
                                               json.dumps(result["state"], sort_keys=True),
                                               result["created"])).fetchone()[0]
    except tx.integrity:  # another command made it a moment ago
        raise TableError(exists) from None
    db.executemany("INSERT INTO cards VALUES (?, ?, ?, ?, ?, ?)", [(table_id, *row) for row in rows["cards"]])
    db.executemany("INSERT INTO roster VALUES (?, ?, ?, ?, ?)", [(table_id, *row) for row in rows["roster"]])
    db.executemany("INSERT INTO chips VALUES (?, ?, ?, ?)", [(table_id, *row) for row in rows["chips"]])
    insert_events(db, table_id, rows["events"])
    tx.append(table_id, "table fork", "fork", data={"from": source, "at": at})
    return table_id
