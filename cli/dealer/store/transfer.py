"""A whole table as one JSON document, and back: ``dealer table export`` / ``table import``.

The document is the usual envelope (``schema``, ``command: "table export"``, ``ruleset``,
``seed: null``) whose ``result`` (``kind: "table-export"``) holds ``format`` (this layout's
version), the table's name, ruleset name and pinned ruleset ``document``, ``created``,
``state`` and its ``state_format``, every deck by place, the roster, the chips and the whole
history. Undo snapshots are not part of it.

An import is read with bounds (a regular file or stdin, at most ``MAX_BYTES`` bytes, JSON
nested at most ``MAX_DEPTH`` deep) and checked in full before anything is written: the
envelope, the format, the ruleset document, every deck (a name the table could have) holding
each card of the ruleset's deck exactly once, the roster (at most ``MAX_ROSTER``; names, sides,
traits), each mechanic's state (every value within its bound, every side, Score, colour and
deck it names the table's), the chips conserved as the chips mechanic counts them (pot +
players + favor chips = the ruleset's pot + chips created, no count below zero), and a history
numbered 1, 2, 3, ... whose times are times, whose cards are the deck's and whose versions (the
dealer that wrote each event, kept as they are) are dealer's. Every person a card,
a chip or the state is held by is on the roster, the GM, or someone the history brought in (a
fight's, a conflict's or a spell's people need not be on the roster: ``action Bandit=10``), and
every deck the history made is there. ``table check`` and ``table export`` run the same checks
on a stored table (``table_problems``), with the card rows' positions: what import would refuse
is damage.
"""

from __future__ import annotations

import json
import os
import stat

import re

from dealer.core.numbers import INT64, MAX_DIGITS, in_range, longest_digit_run
from dealer.core.piles import MAX_CHIPS
from dealer.errors import DealerError, TableError, shown
from dealer.store.versions import version_problem

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from typing import BinaryIO, NoReturn

    from dealer.core.rules import Ruleset
    from dealer.store.tables import Database, Transaction

FORMAT = 1
MAX_BYTES = 50_000_000  # an export of a table with some 180,000 events
MAX_DEPTH = 64  # arrays and objects inside each other (an export needs about 12)
EVENT_KEYS = {"seq", "time", "command", "kind", "deck", "cards", "seed", "data"}
# A time as dealer writes it (dealer.store.undo.now): UTC to the second.
TIME = re.compile(r"\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])T([01]\d|2[0-3]):[0-5]\d:[0-5]\dZ")


def export_table(db: Database, name: str, history: bool = True) -> dict:
    """The table's document (the envelope's ``result``); without its events unless ``history``."""
    row = db.execute("SELECT id, name, ruleset, document, state, created FROM tables WHERE name = ?",
                     (name,)).fetchone()
    table_id, name, ruleset, document, state, created = row
    decks = {}
    for deck, card, place, holder, _ in db.execute(
            "SELECT deck, card, place, holder, position FROM cards WHERE table_id = ? ORDER BY deck, place, position, card",
            (table_id,)):
        piles = decks.setdefault(deck, {"deck": [], "discard": [], "play": {}, "sleeves": {}})
        if place in ("deck", "discard"):
            piles[place].append(card)
        elif place == "play":
            piles["play"].setdefault(holder or "", []).append(card)
        else:
            piles["sleeves"][holder] = card
    roster = [{"name": person, "side": side, "traits": json.loads(traits)} for person, side, traits in db.execute(
        "SELECT name, side, traits FROM roster WHERE table_id = ? ORDER BY position", (table_id,))]
    pot, players = {}, {}
    for holder, colour, count in db.execute(
            "SELECT holder, colour, count FROM chips WHERE table_id = ? ORDER BY holder, colour", (table_id,)):
        (pot if holder == "" else players.setdefault(holder, {}))[colour] = count
    events = []
    if history:
        from dealer.store.tables import EVENT_COLUMNS, event_dict

        events = [event_dict(*row) for row in db.execute(
            f"SELECT {EVENT_COLUMNS} FROM events WHERE table_id = ? ORDER BY seq", (table_id,))]
    from dealer.core.table import STATE_FORMAT

    return {"kind": "table-export", "format": FORMAT, "state_format": STATE_FORMAT, "table": name,
            "ruleset": ruleset, "created": created,
            "document": json.loads(document), "state": json.loads(state), "decks": decks, "roster": roster,
            "chips": {"pot": pot, "players": players}, "events": events}


class TableImportError(TableError):
    """A table document that cannot be imported; nothing was written."""


def _refuse(where: str, message: str) -> NoReturn:
    raise TableImportError(f"cannot import {where} (nothing was written): {message}")


def read_file(path: str, stdin: BinaryIO | None = None) -> tuple[bytes, str]:
    """The bytes of an export to import and how to name it: ``-`` is stdin, anything else a
    regular file. FIFOs, devices and folders are refused before a byte is read (never blocking
    on them), and at most ``MAX_BYTES`` are read from either."""
    if path == "-":
        import sys

        stream = stdin or getattr(sys.stdin, "buffer", sys.stdin)
        data = stream.read(MAX_BYTES + 1)
        where = "stdin"
    else:
        where = shown(path, 200)
        try:
            fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0))
        except OSError as error:
            raise TableImportError(f"cannot import {where}: cannot read it ({_reason(error)})") from None
        try:
            info = os.fstat(fd)  # of what was opened: it cannot be swapped after the check
            if not stat.S_ISREG(info.st_mode):
                _refuse(where, "not a regular file; give the file `dealer table export` wrote, or - for stdin")
            if info.st_size > MAX_BYTES:
                _refuse(where, f"{info.st_size:,} bytes; an export is at most {MAX_BYTES:,} bytes")
            data = _read_all(fd, MAX_BYTES + 1)
        except OSError as error:
            raise TableImportError(f"cannot import {where}: cannot read it ({_reason(error)})") from None
        finally:
            os.close(fd)
    if len(data) > MAX_BYTES:
        _refuse(where, f"more than {MAX_BYTES:,} bytes; an export is at most that")
    return data, where


def _read_all(fd, limit):
    chunks, size = [], 0
    while size < limit:
        chunk = os.read(fd, min(1 << 20, limit - size))
        if not chunk:
            break
        chunks.append(chunk)
        size += len(chunk)
    return b"".join(chunks)


def _reason(error):
    return (error.strerror or type(error).__name__).lower()


def read_document(text: str | bytes, where: str) -> dict:
    """The ``result`` of an exported envelope (text or bytes), parsed and shape-checked."""
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            _refuse(where, "not UTF-8 text")
    try:
        doc = json.loads(text)
    except RecursionError:
        doc = None
        _refuse(where, f"arrays or objects nested too deeply (at most {MAX_DEPTH} levels)")
    except ValueError as error:
        _refuse(where, f"not JSON ({shown(error)})")
    if depth(doc, MAX_DEPTH) > MAX_DEPTH:
        _refuse(where, f"arrays or objects nested too deeply (at most {MAX_DEPTH} levels)")
    if not isinstance(doc, dict) or doc.get("command") != "table export" or not isinstance(doc.get("result"), dict):
        _refuse(where, "not a table exported by `dealer table export`")
    problem = envelope_problem(doc)
    if problem:
        _refuse(where, problem)
    return doc["result"]


def envelope_problem(doc: dict) -> str | None:
    """What is wrong with an export's envelope and its layout numbers, naming the field (None:
    nothing). Older layouts are read (envelope schema 2 on, export format 1 on); newer ones
    need a newer dealer.

    >>> envelope_problem({"schema": 99, "seed": None, "result": {"kind": "table-export", "format": 1}})
    "'schema' 99 is newer than this dealer reads (3): upgrade dealer"
    """
    from dealer.render import SCHEMA

    result = doc["result"]
    for field, value, least, most in (("'schema'", doc.get("schema"), 2, SCHEMA),
                                      ("'result.format'", result.get("format"), 1, FORMAT)):
        if not in_range(value, 1, INT64):
            return f"{field} {shown(repr(value), 40)} is not a layout number"
        if value > most:
            return f"{field} {value} is newer than this dealer reads ({most}): upgrade dealer"
        if value < least:
            return f"{field} {value} is older than any export (the first is {least})"
    if doc.get("seed", None) is not None:
        return f"'seed' is {shown(repr(doc['seed']), 40)}: an export is made from no seed (null)"
    kind = result.get("kind", "table-export" if doc["schema"] == 2 else None)  # schema 2 named no kinds
    if kind != "table-export":
        return f"'result.kind' {shown(repr(kind), 40)} is not 'table-export'"
    return None


def depth(value: object, most: int) -> int:
    """How deeply arrays and objects nest in ``value``, counted without recursion and no
    further than ``most + 1``.

    >>> depth({"a": [1, {"b": []}]}, 10), depth([[[[]]]], 2)
    (4, 3)
    """
    containers = (dict, list)
    deepest, stack = 0, [(value, 1)] if isinstance(value, containers) else []
    while stack:
        item, level = stack.pop()
        if level > deepest:
            deepest = level
        if level <= most:
            stack += [(child, level + 1) for child in (item.values() if isinstance(item, dict) else item)
                      if isinstance(child, containers)]
    return deepest


class _Stop(Exception):
    """A problem after which the rest of the document cannot be read (no ruleset, ...)."""


def check(result: dict, where: str, name: str) -> dict:
    """Every check, before anything is written. Returns the rows to write."""
    problems, rows = inspect(result, name)
    if problems:
        more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
        _refuse(where, problems[0] + more)
    return rows


def inspect(result: dict, name: str, history: bool = True) -> tuple[list[str], dict | None]:
    """Every problem of a table document (an export's ``result``) to be table ``name``, and the
    rows to write when there is none (the history is left unread unless ``history``, and with it
    who brought in the people off the roster, and which decks it made). Linear in the
    document's size."""
    problems = []
    try:
        ruleset = _ruleset(result, name)
    except _Stop as stop:
        return [str(stop)], None
    if result.get("ruleset") != ruleset.name:
        problems.append(f"it says ruleset '{shown(result.get('ruleset'))}' but its ruleset document is "
                        f"'{ruleset.name}'")
    if not (isinstance(result.get("created"), str) and TIME.fullmatch(result["created"])):
        problems.append(f"'created' {shown(repr(result.get('created')), 40)} is not a time as dealer writes one "
                        "(2026-05-01T20:00:00Z)")
    cards = _check_decks(result.get("decks"), ruleset, problems)
    held = _check_state(result, ruleset, name, problems)
    people = _check_roster(result.get("roster"), ruleset, problems)
    chip_rows = _check_chips(result.get("chips"), result.get("state") if held is not None else None, ruleset, name,
                             problems)
    event_rows = _check_events(result.get("events"), ruleset, problems) if history else []
    if history and not problems:  # the rest reads what the checks above found whole
        holders = [*(held or []), *((f"deck '{deck}': cards held by '{holder}'", holder)
                                    for deck, _, _, holder, _ in cards if holder),
                   *((f"chips of '{holder}'", holder) for holder, _, _ in chip_rows if holder)]
        problems.extend(_strangers(holders, {row[0] for row in people} | {ruleset.chips["gm"]}, result["events"]))
        problems.extend(_decks_lost(result["events"], set(result["decks"])))
    if problems:
        return problems, None
    return [], {"ruleset": ruleset, "cards": cards, "roster": people, "chips": chip_rows, "events": event_rows}


def _ruleset(result, name):
    from dealer.store.rulesets import from_document
    from dealer.store.tables import check_name

    try:
        check_name(name)
    except TableError as error:
        raise _Stop(str(error)) from None
    document = result.get("document")
    if not isinstance(document, dict):
        raise _Stop("no ruleset document")
    try:
        return from_document(document, origin=f"table {name}: document")
    except DealerError as error:
        raise _Stop("its ruleset: " + " / ".join(str(error).splitlines())) from None


def _check_state(result, ruleset, name, problems) -> list[tuple[str, str]] | None:
    """Every part of the state must belong to a mechanic and read back as its type, in full, naming
    only the table's sides, Scores, colours and decks; a state of an older format (an export
    before format 3 says none: 2) is upgraded first. The people it names, with their paths (None:
    it does not read)."""
    from dealer.core.table import STATE_FORMAT, Table, upgrade_states

    state = result.get("state")
    if not isinstance(state, dict):
        problems.append("'state' is not an object")
        return None
    version = result.get("state_format", 2)
    if not in_range(version, 1, STATE_FORMAT):
        newer = in_range(version, STATE_FORMAT + 1, INT64)
        problems.append(f"'state_format' {shown(repr(version), 40)} is not one this dealer reads (1 to {STATE_FORMAT})"
                        + ("; upgrade dealer" if newer else ""))
        return None
    decks = result.get("decks")
    try:
        result["state"] = state = upgrade_states(state, version)
        return Table(ruleset, name=name, states=state).check_states(decks if isinstance(decks, dict) else {})
    except DealerError as error:
        problems.extend(f"its state: {line}" for line in str(error).splitlines())
        return None


def _check_decks(decks, ruleset, problems) -> list[tuple]:
    from dealer.store.tables import deck_name_problem

    if not isinstance(decks, dict):
        problems.append("'decks' is not an object")
        return []
    full = [card.code for card in ruleset.deck]
    cards = []
    for deck, piles in decks.items():
        problem = deck_name_problem(deck, ruleset)
        if problem:
            problems.append(problem)
            continue
        rows = _deck_rows(deck, piles, problems)
        if rows is None:
            continue
        problem = deck_problem([row[1] for row in rows], full, ruleset.name)
        if problem:
            problems.append(f"deck '{deck}' {problem}")
            continue
        cards.extend(rows)
    return cards


def _deck_rows(deck, piles, problems):
    """The deck's rows (deck, card, place, holder, position), or None with the problem noted."""
    if not (isinstance(piles, dict) and set(piles) == {"deck", "discard", "play", "sleeves"}):
        problems.append(f"deck '{deck}' needs exactly deck, discard, play and sleeves")
        return None
    if not (all(isinstance(piles[p], list) for p in ("deck", "discard"))
            and isinstance(piles["play"], dict) and isinstance(piles["sleeves"], dict)
            and all(isinstance(held, list) for held in piles["play"].values())):
        problems.append(f"deck '{deck}': deck and discard are lists, play maps holders to lists, sleeves "
                        "holders to cards")
        return None
    for holder in [*piles["play"], *piles["sleeves"]]:
        problem = _name_problem(holder, allow_table=holder in piles["play"])
        if problem:
            problems.append(f"deck '{deck}': a holder {problem}")
            return None
    rows = [(deck, card, "deck", None, i) for i, card in enumerate(piles["deck"])]
    rows += [(deck, card, "discard", None, i) for i, card in enumerate(piles["discard"])]
    for holder, held in piles["play"].items():
        rows += [(deck, card, "play", holder, i) for i, card in enumerate(held)]
    rows += [(deck, card, "sleeve", holder, 0) for holder, card in piles["sleeves"].items()]
    if not all(isinstance(row[1], str) for row in rows):
        problems.append(f"deck '{deck}' holds something that is not a card code")
        return None
    return rows


def deck_problem(held: list[str], full: list[str], ruleset_name: str) -> str | None:
    """What is wrong with a deck holding ``held`` when it must hold each card of ``full`` once
    (None when nothing is): counted in one pass, so a list of a million cards is quick.

    >>> deck_problem(["As", "As", "Xz"], ["As", "Kd"], "tiny")
    'does not hold each card of the tiny deck once (not tiny cards: Xz; twice: As; missing: Kd)'
    """
    from collections import Counter

    counts = Counter(held)
    known = set(full)
    if len(held) == len(full) and counts.keys() == known:
        return None
    strange = sorted(card for card in counts if card not in known)
    twice = sorted(card for card, count in counts.items() if count > 1 and card in known)
    missing = [card for card in full if card not in counts]
    detail = "; ".join(part for part in (
        f"not {ruleset_name} cards: {_few(strange)}" if strange else "",
        f"twice: {_few(twice)}" if twice else "",
        f"missing: {_few(missing)}" if missing else "") if part)
    return f"does not hold each card of the {ruleset_name} deck once ({detail})"


def _few(codes, most=12):
    shown_codes = " ".join(shown(code, 20) for code in codes[:most])
    return shown_codes + (f" and {len(codes) - most} more" if len(codes) > most else "")


def _name_problem(name, allow_table=False) -> str | None:
    """Why ``name`` cannot be a person (as ``table add`` refuses it), or None."""
    from dealer.core.traits import person_name

    if allow_table and name == "":
        return None  # cards in play held by the table itself
    try:
        if not isinstance(name, str) or person_name(name) != name:
            return f"'{shown(name)}' is not a usable name"
    except DealerError as error:
        return str(error)
    return None


def _check_roster(roster, ruleset, problems) -> list[tuple]:
    from dealer.core.roster import MAX_ROSTER
    from dealer.core.traits import check_traits, person_name

    if not isinstance(roster, list):
        problems.append("'roster' is not a list")
        return []
    if len(roster) > MAX_ROSTER:
        problems.append(f"'roster' has {len(roster):,} people; a table seats at most {MAX_ROSTER:,}")
        return []
    people, seen = [], set()
    sides = ruleset.action["sides"]
    for i, entry in enumerate(roster):
        if not (isinstance(entry, dict) and isinstance(entry.get("name"), str)
                and isinstance(entry.get("traits"), dict)):
            problems.append(f"roster[{i}] needs a name and traits")
            continue
        long = [key for key, value in entry["traits"].items()
                if isinstance(value, str) and longest_digit_run(value) > MAX_DIGITS]
        if long:  # as on the command line: no parser is handed thousands of digits
            problems.append(f"roster[{i}]: {shown(entry['name'], 64)}'s {shown(long[0], 40)} holds a number of more "
                            f"than {MAX_DIGITS} digits")
            continue
        try:
            person = person_name(entry["name"])
            traits = check_traits(ruleset, person, entry["traits"], free=True)
        except DealerError as error:
            problems.append(f"roster[{i}]: {error}")
            continue
        if person in seen:
            problems.append(f"'{person}' is on the roster twice")
        elif entry.get("side") not in sides:
            problems.append(f"{person}'s side '{shown(entry.get('side'))}' is not one of {', '.join(sides)}")
        seen.add(person)
        people.append((person, entry.get("side"), _sorted_json(traits), i))
    return people


def _check_chips(chips, state, ruleset, name, problems) -> list[tuple]:
    """The chip rows to write; conserved as the chips mechanic counts them, favor chips included
    (whose counts and colours the state's own check has read)."""
    if not (isinstance(chips, dict) and isinstance(chips.get("pot"), dict) and isinstance(chips.get("players"), dict)):
        problems.append("'chips' needs a pot and players")
        return []
    start = dict(ruleset.chips.get("pot", {}))
    rows, before = [], len(problems)
    for holder, counts in [("", chips["pot"]), *chips["players"].items()]:
        problem = holder and _name_problem(holder)
        if problem:
            problems.append(f"chips: a player {problem}")
            continue
        _check_counts(counts, start, f"chips of '{holder}'" if holder else "the pot", ruleset, problems)
        if isinstance(counts, dict):
            rows.extend((holder, colour, count) for colour, count in counts.items())
    if state is not None and len(problems) == before:
        sums = chip_sums(ruleset, name, chips["pot"], chips["players"], state)
        if not sums["conserved"]:
            problems.append(f"chips are not conserved: the table holds {_chips(sums['total'], start)} (favor chips "
                            f"included); its ruleset's pot is {_chips(sums['start'], start)}, and "
                            f"{_chips(sums['created'], start)} were created")
    return rows


def _chips(counts, order):
    """``51 white, 25 red, 10 blue``, in the order of the ruleset's pot."""
    rank = {colour: i for i, colour in enumerate(order)}
    text = ", ".join(f"{n} {colour}" for colour, n in sorted(counts.items(), key=lambda item: rank.get(item[0], 99)))
    return text or "none"


def _check_counts(counts, colours, what, ruleset, problems):
    if not isinstance(counts, dict):
        problems.append(f"{what} are not an object")
        return
    for colour, count in counts.items():
        if colour not in colours:
            problems.append(f"'{shown(colour)}' is not a chip colour of {ruleset.name} ({what})")
        elif not in_range(count, 0, MAX_CHIPS):
            problems.append(f"{what}: chip count {shown(repr(count), 40)} is not a whole number from 0 to "
                            f"{MAX_CHIPS:,}")


def chip_sums(ruleset: Ruleset, name: str, pot: dict[str, int], players: dict[str, dict[str, int]],
              state: dict) -> dict:
    """The chips mechanic's own conservation sum (pot + players + favor against the starting pot +
    chips created) for these rows: the one place the store asks it."""
    from dealer.core.mechanics.chips import conservation
    from dealer.core.piles import Chips
    from dealer.core.table import Table

    return conservation(Table(ruleset, name=name, chips=Chips(pot, players), states=state))


def _check_events(events, ruleset, problems) -> list[tuple]:
    """The history's rows: numbered 1, 2, 3, ...; each event's time a time, its cards the deck's,
    its deck a deck's name."""
    from dealer.store.tables import deck_name_problem

    if not (isinstance(events, list) and events):
        problems.append("'events' is not a non-empty list (every table has a history)")
        return []
    codes, decks, times = {card.code for card in ruleset.deck}, set(), set()
    rows = []
    for i, event in enumerate(events, start=1):
        if not (isinstance(event, dict) and event.get("seq") == i):
            problems.append(f"events are not numbered 1, 2, 3, ... at {i}")
            return []
        if not (EVENT_KEYS <= set(event)
                and all(isinstance(event.get(key), str) for key in ("time", "command", "kind"))
                and (event.get("deck") is None or isinstance(event.get("deck"), str))
                and isinstance(event.get("cards"), list) and isinstance(event.get("data"), dict)
                and (event.get("seed") is None or in_range(event["seed"], 0, INT64))):
            problems.append(f"event {i} needs time, command, kind, deck, cards, seed (0 to 2^63 - 1 or null) and data")
            return []
        problem = _event_problem(event, ruleset, codes, decks, times, deck_name_problem)
        if problem:
            problems.append(f"event {i}: {problem}")
            return []
        args = event.get("args")
        rows.append((i, event["time"], event["command"], event["kind"], event["deck"],
                     json.dumps(event["cards"]), event["seed"], _sorted_json(event["data"]),
                     None if args is None else json.dumps(args, ensure_ascii=False), event.get("version")))
    return rows


def _event_problem(event, ruleset, codes, decks, times, deck_name_problem) -> str | None:
    """What is wrong with one event's time, cards, deck or words (``times`` and ``decks``: those
    already found good)."""
    when, deck, args = event["time"], event["deck"], event.get("args")
    if when not in times:
        if not TIME.fullmatch(when):
            return f"'time' {shown(repr(when), 40)} is not a time as dealer writes one (2026-05-01T20:00:00Z)"
        times.add(when)
    strange = [card for card in event["cards"] if not isinstance(card, str) or card not in codes]
    if strange:
        return f"'cards' holds {shown(repr(strange[0]), 40)}, not a card of the {ruleset.name} deck"
    if deck is not None and deck not in decks:
        problem = deck_name_problem(deck, ruleset)
        if problem:
            return f"'deck': {problem}"
        decks.add(deck)
    if args is not None and not (isinstance(args, list) and all(isinstance(word, str) for word in args)):
        return "'args' is not a list of words"
    return version_problem(event.get("version"))


def _strangers(held: list[tuple[str, str]], known: set[str], events: list[dict]) -> list[str]:
    """Each person off the roster (and not the GM) whom a card, a chip or the state is held by,
    unless some event of the history names them (how a fight's, a conflict's or a spell's people
    come in: ``action Bandit=10``, ``--caster Ghost``); by the first path that holds them."""
    strangers = {}
    for path, person in held:
        if person not in known:
            strangers.setdefault(person, path)
    found = _named_in_history(events, set(strangers)) if strangers else set()
    return [f"{path}: {person!r} is not on the roster, and no event of the history brings them in"
            for person, path in strangers.items() if person not in found]


def _named_in_history(events: list[dict], wanted: set[str]) -> set[str]:
    """Which of ``wanted`` an event names: as a value (or key) of its data, a word of its command
    (``Bandit=10`` names Bandit) or the owner of its deck (``hex:Ghost``)."""
    found = set()
    for event in events:
        words = [*_strings(event["data"]), *(event.get("args") or ())]
        words += [word.partition("=")[0] for word in event.get("args") or ()]
        if event["deck"]:
            words.append(event["deck"].partition(":")[2])
        found.update(wanted.intersection(words))
        if len(found) == len(wanted):
            break
    return found


def _strings(value):
    """Every text in ``value`` (keys of objects too)."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield key
            yield from _strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from _strings(item)


def _decks_lost(events: list[dict], decks: set[str]) -> list[str]:
    """Each deck the history made (a ``new deck`` event no ``undo`` took back) that is not there."""
    made = {}
    for event in events:
        if event["kind"] == "new deck" and event["deck"]:
            made[event["deck"]] = event["seq"]
        elif event["kind"] == "undo":
            span = event["data"].get("events")
            if isinstance(span, list) and len(span) == 2 and all(in_range(n, 0, INT64) for n in span):
                made = {deck: seq for deck, seq in made.items() if not span[0] <= seq <= span[1]}
    return [f"deck '{shown(deck)}' is missing: event {seq} made it, and no command since took it away"
            for deck, seq in made.items() if deck not in decks]


_sorted_json = json.JSONEncoder(sort_keys=True).encode  # one encoder for every row (json.dumps makes one a call)


def table_problems(db: Database, name: str, history: bool = True) -> list[str]:
    """What is wrong with stored table ``name``: its rows, exported, must pass every check an
    import makes (each card once per deck, chips conserved counting favor, state, roster, and
    with ``history`` the events and the people and decks they account for), and each pile's
    cards must keep their order (``position_problems``). Empty when it is whole."""
    return checked_export(db, name, history)[1]


def checked_export(db: Database, name: str, history: bool = True) -> tuple[dict | None, list[str]]:
    """Table ``name`` exported, and what is wrong with it (``table_problems``): the export is
    made once and checked as it will be imported."""
    try:
        result = export_table(db, name, history)
        order = position_problems(db, name)
    except (ValueError, TypeError) as error:
        return None, [f"its rows do not read back ({shown(error)})"]
    return result, order + inspect(result, name, history)[0]


PILES = {"deck": "the draw pile", "discard": "the discards", "play": "the cards in play", "sleeve": "the sleeve"}


def position_problems(db: Database, name: str) -> list[str]:
    """Each pile of each deck keeps its cards in an order: each card at a whole-number position of
    its own (an export lists the cards in that order, so positions collapsed into one would
    reorder the pile unseen)."""
    table_id = db.execute("SELECT id FROM tables WHERE name = ?", (name,)).fetchone()[0]
    piles, problems = {}, []
    for deck, card, place, holder, position in db.execute(
            "SELECT deck, card, place, holder, position FROM cards WHERE table_id = ?", (table_id,)):
        if place not in PILES:
            problems.append(f"deck '{shown(deck)}': {shown(card, 20)} is in {shown(repr(place), 20)}, not a place of "
                            "a deck")
        elif not in_range(position, 0, INT64):
            problems.append(f"deck '{shown(deck)}': {shown(card, 20)} has position {shown(repr(position), 40)}, "
                            "not a whole number")
        else:
            piles.setdefault((deck, place, holder), []).append(position)
    for (deck, place, holder), positions in piles.items():
        if len(set(positions)) < len(positions):
            pile = PILES[place] + (f" of '{shown(holder)}'" if holder else "")
            held = len(set(positions))
            problems.append(f"deck '{shown(deck)}': the {len(positions)} cards of {pile} share {held} "
                            f"position{'s' if held != 1 else ''}: the pile's order is lost")
    return problems


def import_table(tx: Transaction, result: dict, name: str, where: str, rows: dict | None = None) -> int:
    """Write a table document as table ``name`` (``rows``: what ``check`` returned for it, else it
    is checked here); returns its row id."""
    db = tx.db
    exists = f"table '{name}' already exists: import it under another name with --as NAME"
    if db.execute("SELECT 1 FROM tables WHERE name = ?", (name,)).fetchone():
        _refuse(where, exists)
    rows = rows if rows is not None else check(result, where, name)
    ruleset = rows["ruleset"]
    try:
        table_id = db.execute("INSERT INTO tables (name, ruleset, document, state, created) VALUES (?, ?, ?, ?, ?) "
                              "RETURNING id", (name, ruleset.name, json.dumps(result["document"], ensure_ascii=False),
                                               _sorted_json(result["state"]), result["created"])).fetchone()[0]
    except tx.integrity:  # another command made it a moment ago
        _refuse(where, exists)
    db.executemany("INSERT INTO cards VALUES (?, ?, ?, ?, ?, ?)", [(table_id, *row) for row in rows["cards"]])
    db.executemany("INSERT INTO roster VALUES (?, ?, ?, ?, ?)", [(table_id, *row) for row in rows["roster"]])
    db.executemany("INSERT INTO chips VALUES (?, ?, ?, ?)", [(table_id, *row) for row in rows["chips"]])
    insert_events(db, table_id, rows["events"])
    tx.append(table_id, "table import", "import", data={"from": result.get("table"), "file": where})
    return table_id


def insert_events(db: Database, table_id: int, rows: list[tuple]) -> None:
    """A checked history's rows (``check``'s ``events``) written as table ``table_id``'s, each with
    the version of the dealer that logged it, as it was."""
    db.executemany("INSERT INTO events (table_id, seq, time, command, kind, deck, cards, seed, data, args, version) "
                   "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", [(table_id, *row) for row in rows])
