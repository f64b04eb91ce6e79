"""A whole table as one JSON document, and back: ``dealer table export`` / ``table import``.

The document is the usual envelope (``schema``, ``command: "table export"``, ``ruleset``,
``seed: null``) whose ``result`` holds ``format`` (this layout's version), the table's name,
ruleset name and pinned ruleset ``document``, ``created``, ``state``, every deck by place,
the roster, the chips and the whole history. Undo snapshots are not part of it.

An import is checked in full before anything is written: the format, the ruleset document,
every deck holding each card of the ruleset's deck exactly once, the roster (names, sides,
traits), chips conserved against the ruleset's pot, and a history numbered 1, 2, 3, ...
"""

from __future__ import annotations

import json

from dealer.errors import DealerError, TableError

FORMAT = 1
EVENT_KEYS = {"seq", "time", "command", "kind", "deck", "cards", "seed", "data"}


def export_table(db, name) -> dict:
    """The table's document (the envelope's ``result``)."""
    row = db.execute("SELECT id, name, ruleset, document, state, created FROM tables WHERE name = ?",
                     (name,)).fetchone()
    table_id, name, ruleset, document, state, created = row
    decks = {}
    for deck, card, place, holder, _ in db.execute(
            "SELECT deck, card, place, holder, position FROM cards WHERE table_id = ? ORDER BY deck, place, position",
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
    events = [{"seq": seq, "time": when, "command": command, "kind": kind, "deck": deck, "cards": json.loads(cards),
               "seed": seed, "data": json.loads(data)}
              for seq, when, command, kind, deck, cards, seed, data in db.execute(
                  "SELECT seq, time, command, kind, deck, cards, seed, data FROM events WHERE table_id = ? "
                  "ORDER BY seq", (table_id,))]
    from dealer.core.table import STATE_FORMAT

    return {"kind": "table-export", "format": FORMAT, "state_format": STATE_FORMAT, "table": name,
            "ruleset": ruleset, "created": created,
            "document": json.loads(document), "state": json.loads(state), "decks": decks, "roster": roster,
            "chips": {"pot": pot, "players": players}, "events": events}


class TableImportError(TableError):
    """A table document that cannot be imported; nothing was written."""


def _refuse(where, message):
    raise TableImportError(f"cannot import {where} (nothing was written): {message}")


def read_document(text, where) -> dict:
    """The ``result`` of an exported envelope (text or bytes), parsed and shape-checked."""
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            _refuse(where, "not UTF-8 text")
    try:
        doc = json.loads(text)
    except ValueError as error:
        _refuse(where, f"not JSON ({error})")
    if not isinstance(doc, dict) or doc.get("command") != "table export" or not isinstance(doc.get("result"), dict):
        _refuse(where, "not a table exported by `dealer table export`")
    result = doc["result"]
    version = result.get("format")
    if not isinstance(version, int) or version < 1:
        _refuse(where, "no export format number")
    if version > FORMAT:
        _refuse(where, f"export format {version} is newer than this dealer reads ({FORMAT}); upgrade dealer")
    return result


def check(result, where, name) -> dict:
    """Every check, before anything is written. Returns the rows to write."""
    from dealer.core.traits import check_traits, person_name
    from dealer.store.rulesets import from_document
    from dealer.store.tables import check_name

    def need(ok, message):
        if not ok:
            _refuse(where, message)

    try:
        check_name(name)
    except TableError as error:
        _refuse(where, str(error))
    document = result.get("document")
    need(isinstance(document, dict), "no ruleset document")
    try:
        ruleset = from_document(document, origin=f"{where}: document")
        full = sorted(card.code for card in ruleset.deck)
    except DealerError as error:
        _refuse(where, "its ruleset: " + " / ".join(str(error).splitlines()))
    need(result.get("ruleset") == ruleset.name,
         f"it says ruleset '{result.get('ruleset')}' but its ruleset document is '{ruleset.name}'")
    need(isinstance(result.get("created"), str), "no 'created' time")
    need(isinstance(result.get("state"), dict), "'state' is not an object")
    from dealer.core.table import STATE_FORMAT, Table, upgrade_states

    version = result.get("state_format", 2)  # exports before state format 3 did not say theirs
    need(isinstance(version, int) and not isinstance(version, bool) and 1 <= version <= STATE_FORMAT,
         f"state format {version!r} is not one this dealer reads (1 to {STATE_FORMAT}); upgrade dealer")
    try:  # every part of the state must belong to a mechanic and read back as its type, in full
        result["state"] = upgrade_states(result["state"], version)
        Table(ruleset, name=name, states=result["state"]).check_states()
    except DealerError as error:
        _refuse(where, f"its state: {error}")

    cards = []
    decks = result.get("decks")
    need(isinstance(decks, dict), "'decks' is not an object")
    for deck, piles in decks.items():
        try:
            check_name(deck, "deck")
        except TableError as error:
            _refuse(where, str(error))
        need(isinstance(piles, dict) and set(piles) == {"deck", "discard", "play", "sleeves"},
             f"deck '{deck}' needs exactly deck, discard, play and sleeves")
        need(all(isinstance(piles[p], list) for p in ("deck", "discard"))
             and isinstance(piles["play"], dict) and isinstance(piles["sleeves"], dict)
             and all(isinstance(held, list) for held in piles["play"].values()),
             f"deck '{deck}': deck and discard are lists, play maps holders to lists, sleeves holders to cards")
        rows = [(deck, card, "deck", None, i) for i, card in enumerate(piles["deck"])]
        rows += [(deck, card, "discard", None, i) for i, card in enumerate(piles["discard"])]
        for holder, held in piles["play"].items():
            rows += [(deck, card, "play", holder, i) for i, card in enumerate(held)]
        rows += [(deck, card, "sleeve", holder, 0) for holder, card in piles["sleeves"].items()]
        held = [row[1] for row in rows]
        need(all(isinstance(card, str) for card in held), f"deck '{deck}' holds something that is not a card code")
        if sorted(held) != full:
            known = set(full)
            strange = sorted({card for card in held if card not in known})
            twice = sorted({card for card in held if held.count(card) > 1})
            missing = sorted(known - set(held))
            detail = "; ".join(part for part in (
                f"not {ruleset.name} cards: {' '.join(strange)}" if strange else "",
                f"twice: {' '.join(twice)}" if twice else "",
                f"missing: {' '.join(missing)}" if missing else "") if part)
            _refuse(where, f"deck '{deck}' does not hold each card of the {ruleset.name} deck once ({detail})")
        cards.extend(rows)

    roster = result.get("roster")
    need(isinstance(roster, list), "'roster' is not a list")
    people, seen = [], set()
    sides = ruleset.action["sides"]
    for i, entry in enumerate(roster):
        need(isinstance(entry, dict) and isinstance(entry.get("name"), str) and isinstance(entry.get("traits"), dict),
             f"roster[{i}] needs a name and traits")
        try:
            person = person_name(entry["name"])
            traits = check_traits(ruleset, person, entry["traits"], free=True)
        except DealerError as error:
            _refuse(where, f"roster[{i}]: {error}")
        need(person not in seen, f"'{person}' is on the roster twice")
        need(entry.get("side") in sides, f"{person}'s side '{entry.get('side')}' is not one of {', '.join(sides)}")
        seen.add(person)
        people.append((person, entry["side"], json.dumps(traits, sort_keys=True), i))

    chips = result.get("chips")
    need(isinstance(chips, dict) and isinstance(chips.get("pot"), dict) and isinstance(chips.get("players"), dict),
         "'chips' needs a pot and players")
    start = dict(ruleset.chips.get("pot", {}))
    totals = dict.fromkeys(start, 0)
    chip_rows = []
    for holder, counts in [("", chips["pot"]), *chips["players"].items()]:
        need(isinstance(counts, dict), f"chips of '{holder}' are not an object")
        for colour, count in counts.items():
            need(colour in start, f"'{colour}' is not a chip colour of {ruleset.name}")
            need(isinstance(count, int) and not isinstance(count, bool) and count >= 0,
                 f"chip count {count!r} is not a whole number")
            totals[colour] += count
            chip_rows.append((holder, colour, count))
    need(totals == start, f"chips are not conserved: the table holds {totals}, its ruleset's pot is {start}")

    events = result.get("events")
    need(isinstance(events, list) and events, "'events' is not a non-empty list (every table has a history)")
    event_rows = []
    for i, event in enumerate(events, start=1):
        need(isinstance(event, dict) and event.get("seq") == i, f"events are not numbered 1, 2, 3, ... at {i}")
        need(EVENT_KEYS <= set(event)
             and all(isinstance(event.get(key), str) for key in ("time", "command", "kind"))
             and (event.get("deck") is None or isinstance(event.get("deck"), str))
             and isinstance(event.get("cards"), list) and isinstance(event.get("data"), dict)
             and (event.get("seed") is None or (isinstance(event["seed"], int) and not isinstance(event["seed"], bool))),
             f"event {i} needs time, command, kind, deck, cards, seed and data")
        event_rows.append((i, event["time"], event["command"], event["kind"], event["deck"],
                           json.dumps(event["cards"]), event["seed"], json.dumps(event["data"], sort_keys=True)))
    return {"ruleset": ruleset, "cards": cards, "roster": people, "chips": chip_rows, "events": event_rows}


def import_table(db, result, name, where) -> int:
    """Write a checked table document as table ``name``; returns its row id."""
    from dealer.store.undo import append_event

    if db.execute("SELECT 1 FROM tables WHERE name = ?", (name,)).fetchone():
        _refuse(where, f"table '{name}' already exists: import it under another name with --as NAME")
    rows = check(result, where, name)
    ruleset = rows["ruleset"]
    cursor = db.execute("INSERT INTO tables (name, ruleset, document, state, created) VALUES (?, ?, ?, ?, ?)",
                        (name, ruleset.name, json.dumps(result["document"], ensure_ascii=False),
                         json.dumps(result["state"], sort_keys=True), result["created"]))
    table_id = cursor.lastrowid
    db.executemany("INSERT INTO cards VALUES (?, ?, ?, ?, ?, ?)", [(table_id, *row) for row in rows["cards"]])
    db.executemany("INSERT INTO roster VALUES (?, ?, ?, ?, ?)", [(table_id, *row) for row in rows["roster"]])
    db.executemany("INSERT INTO chips VALUES (?, ?, ?, ?)", [(table_id, *row) for row in rows["chips"]])
    db.executemany("INSERT INTO events (table_id, seq, time, command, kind, deck, cards, seed, data) "
                   "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)", [(table_id, *row) for row in rows["events"]])
    append_event(db, table_id, "table import", "import", data={"from": result.get("table"), "file": where})
    return table_id
