"""A whole table as one JSON document, and back: ``dealer table export`` / ``table import``.

The document is the usual envelope (``schema``, ``command: "table export"``, ``ruleset``,
``seed: null``) whose ``result`` holds ``format`` (this layout's version), the table's name,
ruleset name and pinned ruleset ``document``, ``created``, ``state``, every deck by place,
the roster, the chips and the whole history. Undo snapshots are not part of it.

An import is read with bounds (a regular file or stdin, at most ``MAX_BYTES`` bytes, JSON
nested at most ``MAX_DEPTH`` deep) and checked in full before anything is written: the
format, the ruleset document, every deck holding each card of the ruleset's deck exactly
once, the roster (names, sides, traits), each mechanic's state, the chips conserved as the
chips mechanic counts them (pot + players + favor chips = the ruleset's pot + chips created,
no count below zero), and a history numbered 1, 2, 3, ... ``table check`` and ``table
export`` run the same checks on a stored table (``table_problems``): what import would refuse
is damage.
"""

from __future__ import annotations

import json
import os
import stat

from dealer.core.numbers import INT64, MAX_DIGITS, in_range, longest_digit_run
from dealer.errors import DealerError, TableError, shown

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from typing import BinaryIO, NoReturn

    from dealer.core.rules import Ruleset
    from dealer.store.tables import Database, Transaction

FORMAT = 1
MAX_BYTES = 50_000_000  # an export of a table with some 180,000 events
MAX_DEPTH = 64  # arrays and objects inside each other (an export needs about 12)
MAX_CHIPS = 10**9  # any one chip count
EVENT_KEYS = {"seq", "time", "command", "kind", "deck", "cards", "seed", "data"}


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
        from dealer.store.tables import event_dict

        events = [event_dict(*row) for row in db.execute(
            "SELECT seq, time, command, kind, deck, cards, seed, data, args FROM events WHERE table_id = ? "
            "ORDER BY seq", (table_id,))]
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
    result = doc["result"]
    version = result.get("format")
    if not in_range(version, 1, INT64):
        _refuse(where, "no export format number")
    if version > FORMAT:
        _refuse(where, f"export format {version} is newer than this dealer reads ({FORMAT}); upgrade dealer")
    return result


def depth(value: object, most: int) -> int:
    """How deeply arrays and objects nest in ``value``, counted without recursion and no
    further than ``most + 1``.

    >>> depth({"a": [1, {"b": []}]}, 10), depth([[[[]]]], 2)
    (4, 3)
    """
    deepest, stack = 0, [(value, 1)]
    while stack:
        item, level = stack.pop()
        if isinstance(item, (dict, list)):
            deepest = max(deepest, level)
            if level <= most:
                stack.extend((child, level + 1) for child in (item.values() if isinstance(item, dict) else item))
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
    rows to write when there is none (the history is left unread unless ``history``). Linear
    in the document's size."""
    problems = []
    try:
        ruleset = _ruleset(result, name)
    except _Stop as stop:
        return [str(stop)], None
    if result.get("ruleset") != ruleset.name:
        problems.append(f"it says ruleset '{shown(result.get('ruleset'))}' but its ruleset document is "
                        f"'{ruleset.name}'")
    if not isinstance(result.get("created"), str):
        problems.append("no 'created' time")
    state_ok = _check_state(result, ruleset, name, problems)
    cards = _check_decks(result.get("decks"), ruleset, problems)
    people = _check_roster(result.get("roster"), ruleset, problems)
    chip_rows = _check_chips(result.get("chips"), result.get("state") if state_ok else None, ruleset, name, problems)
    event_rows = _check_events(result.get("events"), problems) if history else []
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


def _check_state(result, ruleset, name, problems) -> bool:
    """Every part of the state must belong to a mechanic and read back as its type, in full; a
    state of an older format (an export before format 3 says none: 2) is upgraded first."""
    from dealer.core.table import STATE_FORMAT, Table, upgrade_states

    state = result.get("state")
    if not isinstance(state, dict):
        problems.append("'state' is not an object")
        return False
    version = result.get("state_format", 2)
    if not isinstance(version, int) or isinstance(version, bool) or not 1 <= version <= STATE_FORMAT:
        problems.append(f"state format {shown(repr(version))} is not one this dealer reads (1 to {STATE_FORMAT}); "
                        "upgrade dealer")
        return False
    try:
        result["state"] = state = upgrade_states(state, version)
        Table(ruleset, name=name, states=state).check_states()
    except DealerError as error:
        problems.extend(f"its state: {line}" for line in str(error).splitlines())
        return False
    return True


def _check_decks(decks, ruleset, problems) -> list[tuple]:
    from dealer.store.tables import check_name

    if not isinstance(decks, dict):
        problems.append("'decks' is not an object")
        return []
    full = [card.code for card in ruleset.deck]
    cards = []
    for deck, piles in decks.items():
        try:
            check_name(deck, "deck")
        except TableError as error:
            problems.append(str(error))
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
    from dealer.core.traits import check_traits, person_name

    if not isinstance(roster, list):
        problems.append("'roster' is not a list")
        return []
    people, seen = [], set()
    sides = ruleset.action["sides"]
    for i, entry in enumerate(roster):
        if not (isinstance(entry, dict) and isinstance(entry.get("name"), str)
                and isinstance(entry.get("traits"), dict)):
            problems.append(f"roster[{i}] needs a name and traits")
            continue
        try:
            person = person_name(entry["name"])
            traits = check_traits(ruleset, person, entry["traits"], free=True)
        except DealerError as error:
            problems.append(f"roster[{i}]: {error}")
            continue
        long = [key for key, value in traits.items() if isinstance(value, str) and longest_digit_run(value) > MAX_DIGITS]
        if long:  # as on the command line: no parser is handed thousands of digits
            problems.append(f"roster[{i}]: {person}'s {shown(long[0], 40)} holds a number of more than {MAX_DIGITS} "
                            "digits")
            continue
        if person in seen:
            problems.append(f"'{person}' is on the roster twice")
        elif entry.get("side") not in sides:
            problems.append(f"{person}'s side '{shown(entry.get('side'))}' is not one of {', '.join(sides)}")
        seen.add(person)
        people.append((person, entry.get("side"), json.dumps(traits, sort_keys=True), i))
    return people


def _check_chips(chips, state, ruleset, name, problems) -> list[tuple]:
    """The chip rows to write; conserved as the chips mechanic counts them, favor chips included."""
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
    if state is None:
        return rows
    part = state.get("chips", {})
    for person, held in (part.get("favor") or {}).items():
        _check_counts(held, start, f"favor chips of '{shown(person)}'", ruleset, problems)
    _check_counts(part.get("created") or {}, start, "chips created", ruleset, problems)
    if len(problems) == before:
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


def _check_events(events, problems) -> list[tuple]:
    if not (isinstance(events, list) and events):
        problems.append("'events' is not a non-empty list (every table has a history)")
        return []
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
        args = event.get("args")
        if args is not None and not (isinstance(args, list) and all(isinstance(word, str) for word in args)):
            problems.append(f"event {i}: 'args' is not a list of words")
            return []
        rows.append((i, event["time"], event["command"], event["kind"], event["deck"],
                     json.dumps(event["cards"]), event["seed"], json.dumps(event["data"], sort_keys=True),
                     None if args is None else json.dumps(args, ensure_ascii=False)))
    return rows


def table_problems(db: Database, name: str, history: bool = True) -> list[str]:
    """What is wrong with stored table ``name``: its rows, exported, must pass every check an
    import makes (each card once per deck, chips conserved counting favor, state, roster, and
    with ``history`` the events). Empty when it is whole."""
    return checked_export(db, name, history)[1]


def checked_export(db: Database, name: str, history: bool = True) -> tuple[dict | None, list[str]]:
    """Table ``name`` exported, and what is wrong with it (``table_problems``): the export is
    made once and checked as it will be imported."""
    try:
        result = export_table(db, name, history)
    except (ValueError, TypeError) as error:
        return None, [f"its rows do not read back ({shown(error)})"]
    return result, inspect(result, name, history)[0]


def import_table(tx: Transaction, result: dict, name: str, where: str) -> int:
    """Write a checked table document as table ``name``; returns its row id."""
    db = tx.db
    exists = f"table '{name}' already exists: import it under another name with --as NAME"
    if db.execute("SELECT 1 FROM tables WHERE name = ?", (name,)).fetchone():
        _refuse(where, exists)
    rows = check(result, where, name)
    ruleset = rows["ruleset"]
    try:
        table_id = db.execute("INSERT INTO tables (name, ruleset, document, state, created) VALUES (?, ?, ?, ?, ?) "
                              "RETURNING id", (name, ruleset.name, json.dumps(result["document"], ensure_ascii=False),
                                               json.dumps(result["state"], sort_keys=True),
                                               result["created"])).fetchone()[0]
    except tx.integrity:  # another command made it a moment ago
        _refuse(where, exists)
    db.executemany("INSERT INTO cards VALUES (?, ?, ?, ?, ?, ?)", [(table_id, *row) for row in rows["cards"]])
    db.executemany("INSERT INTO roster VALUES (?, ?, ?, ?, ?)", [(table_id, *row) for row in rows["roster"]])
    db.executemany("INSERT INTO chips VALUES (?, ?, ?, ?)", [(table_id, *row) for row in rows["chips"]])
    db.executemany("INSERT INTO events (table_id, seq, time, command, kind, deck, cards, seed, data, args) "
                   "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", [(table_id, *row) for row in rows["events"]])
    tx.append(table_id, "table import", "import", data={"from": result.get("table"), "file": where})
    return table_id
