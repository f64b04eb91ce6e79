"""``dealer verify EXPORT``: an export's history replayed (``dealer.store.replay``) and checked
event by event, then the table it makes against the table exported; the report is plain data."""

from __future__ import annotations

from dealer.errors import TableError, shown
from dealer.store.replay import Difference, Replay


def verify_export(result: dict, where: str, secret: bytes | None = None) -> dict:
    """``dealer verify``: replay an export's history and compare it event by event, then the table
    it makes with the table exported. The report is plain data (``kind: verify``): ``matched``
    counts the events that replayed as logged before the first difference. A log that a newer
    dealer wrote is refused: this one does not know its rules."""
    from dealer.store.versions import newer_refusal

    newer = newer_refusal(result["events"], "verify")
    if newer is not None:
        raise TableError(f"cannot verify {where}: {newer}")
    difference, matched, commands = numbering_difference(result["events"]), 0, 0
    if difference is None:
        with Replay(result, secret) as replay:
            difference = replay.run() or replay.final_difference(result)
            commands = replay.commands
            matched = replay.position if difference is None or difference.seq is None else difference.seq - 1
    return {"kind": "verify", "file": where, "table": result["table"], "ruleset": result["ruleset"],
            "verified": difference is None, "events": len(result["events"]), "matched": matched,
            "commands": commands, "secret": secret is not None,
            "difference": None if difference is None else difference.to_data()}


def numbering_difference(events: list[dict]) -> Difference | None:
    """A log numbered 1, 2, 3, ...: the first event missing (or out of place) otherwise."""
    for i, event in enumerate(events, start=1):
        if event.get("seq") != i:
            gap = (f"the log goes from event {i - 1} to {shown(event.get('seq'))}" if i > 1
                   else f"it starts at event {shown(event.get('seq'))}")
            return Difference(i, event.get("command"), "seq", event.get("seq"), i, f"event {i} is missing: {gap}")
    return None


def read_export(path: str) -> tuple[dict, str]:
    """An export to verify (a file, or - for stdin), read with ``table import``'s bounds and
    checks (the document whole: decks, roster, chips, state, history), and how to name it. A
    history not numbered 1, 2, 3, ... is left to ``verify_export``: an event is missing."""
    from dealer.store.transfer import TableImportError, inspect, read_document, read_file

    try:
        data, where = read_file(path)
        result = read_document(data, where)
    except TableImportError as error:  # its words are an import's: say verify
        raise TableError(str(error).replace("cannot import", "cannot verify", 1)
                         .replace(" (nothing was written)", "", 1)) from None
    name = result.get("table")
    if not isinstance(name, str):
        raise TableError(f"cannot verify {where}: it names no table")
    events = result.get("events")
    numbered = not (isinstance(events, list) and events and all(isinstance(event, dict) for event in events)
                    and numbering_difference(events) is not None)
    problems, _ = inspect(result, name, history=numbered)
    if problems:
        more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
        raise TableError(f"cannot verify {where}: {problems[0]}{more}")
    return result, where
