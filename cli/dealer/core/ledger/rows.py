"""The luck ledger (``dealer table stats``): what happened at a table against what the exact odds
expected for exactly those rolls and draws.

The history is read as trials (``reading``); each trial's chances come from the odds engine
(``chances.Book``, one computation per situation); a row of a person's trials (their busts, their
Jokers dealt, their red chips) is told as the count observed, the count expected (the sum of the
trials' means) and how unusual the count is: the exact chance, under the distribution of the sum
of those independent trials (``tails``; for yes-or-no trials, the Poisson-binomial), of a count at
least as far from the expected one, on either side. Trials whose chances cannot be known are
counted apart (``unknown``), never guessed.

>>> from dealer.store.rulesets import load
>>> roll = {"kind": "roll", "count": 1, "sides": 6, "modifier": 0, "tn": 5, "rolls": [[1]], "kept": 0,
...         "total": 1, "bust": True, "success": False, "raises": 0, "by_hand": False}
>>> events = [{"seq": n, "command": "roll", "kind": "roll", "cards": [], "data": {"person": "Sam", "roll": roll}}
...           for n in (1, 2)]
>>> sam = ledger(load("deadlands"), events)["people"][0]
>>> busts = next(row for row in sam["rows"] if row["row"] == "bust")
>>> busts["observed"], busts["events"], round(busts["expected"], 4), round(busts["unusual"], 4)  # two 1s on a d6
(2, 2, 0.3333, 0.0278)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from dealer.core.ledger.chances import Book
from dealer.core.ledger.reading import run_of, trials
from dealer.core.ledger.tails import FLOOR, sum_of, unusual

if TYPE_CHECKING:
    from collections.abc import Iterable

    from dealer.core.rules import Ruleset

# Every row, in the order shown: (id, group). Chip rows are ``chips:COLOUR``, in the pot's order.
ROWS = (("bust", "trait rolls"), ("success", "trait rolls"), ("raises", "trait rolls"),
        ("wild-save", "trait rolls"), ("cards", "action cards"), ("jokers", "action cards"), ("hits", "damage"),
        ("wounds", "damage"), ("soaked", "Soak and recovery"), ("recoveries", "Soak and recovery"),
        ("works", "hexes"), ("fizzles", "hexes"), ("backlash", "hexes"), ("spell-success", "spells"),
        ("spell-bust", "spells"), ("spell-backlash", "spells"), ("breakdowns", "gadgets"), ("won", "contests and conflicts"),
        ("lost", "contests and conflicts"))
LABELS = {"success": "successes", "raises": "raises", "wild-save": "Wild Die saves", "cards": "cards dealt",
          "jokers": "Jokers", "hits": "hits (Shaken or worse)", "wounds": "wounds dealt", "soaked": "wounds soaked",
          "recoveries": "recoveries", "works": "hexes that work", "fizzles": "fizzles", "backlash": "backlash",
          "spell-success": "successes", "spell-bust": "busts", "spell-backlash": "backlash (a Joker)",
          "breakdowns": "breakdowns", "won": "won",
          "lost": "lost"}


def ledger(ruleset: Ruleset, events: list[dict], *, order: Iterable[str] = ()) -> dict:
    """The ledger of ``events`` (oldest first, none undone): ``people``, each with their ``rows`` and
    their ``unknown`` (why trials were counted apart, and how many), the people of ``order`` (the
    roster) first, in that order, nobody named last; and every ``unknown`` of them together."""
    book = Book(ruleset)
    rows: dict = {}
    why: dict = {}
    for trial in trials(ruleset, events, book):
        row = rows.setdefault(trial.person, {}).setdefault(trial.row, {"groups": {}, "observed": 0, "events": 0,
                                                                       "unknown": 0})
        if trial.chances is None:
            row["unknown"] += 1
            apart = why.setdefault(trial.person, {})
            apart[trial.why] = apart.get(trial.why, 0) + 1
            continue
        row["events"] += 1
        row["observed"] += trial.observed
        row["groups"][trial.chances] = row["groups"].get(trial.chances, 0) + 1
    first = list(dict.fromkeys(order))
    people = sorted(rows, key=lambda name: (name is None, first.index(name) if name in first else len(first),
                                            name or ""))
    return _with_unknown([{"person": name, "rows": _rows(ruleset, rows[name]),
                           "unknown": [{"why": text, "trials": count} for text, count in why.get(name, {}).items()]}
                          for name in people])


def _with_unknown(people: list[dict]) -> dict:
    """``people`` and, over all of them, how many trials were counted apart for each reason."""
    total: dict[str, int] = {}
    for person in people:
        for item in person["unknown"]:
            total[item["why"]] = total.get(item["why"], 0) + item["trials"]
    return {"people": people, "unknown": [{"why": text, "trials": count} for text, count in total.items()]}


def table_stats(ruleset: Ruleset, table: str, roster: list[str], history: list[dict], *, person: str | None = None,
                since: int | None = None, session: bool = False) -> dict:
    """``dealer table stats``: the ledger of ``table``'s ``history`` (every event, oldest first) as a
    result (``kind: "table-stats"``), of everyone or of ``person``. Refused, one line each: no events
    in the range asked for, no chips session to start from, a person neither on the ``roster`` nor
    counted in the history."""
    from dealer.errors import TableError, did_you_mean

    events, read = select(history, since=since or 0, session=session)
    last = history[-1]["seq"] if history else 0
    if session and read["first"] is None:
        raise TableError(f"table '{table}' has no chips session in its history: --session counts from the start of "
                         f"the last one (dealer chips session --table {table}); give --since N instead")
    if not read["read"]:
        raise TableError(f"table '{table}' has no events after event {since or 0} (its history ends at event "
                         f"{last}): give a smaller --since")
    counted = ledger(ruleset, events, order=roster)
    if person is not None:
        named = [item["person"] for item in counted["people"] if item["person"]]
        if person not in roster and person not in named:
            meant = did_you_mean(person, [*roster, *named])
            raise TableError(f"table '{table}' has no '{person}' on its roster or among the people its history "
                             f"counts" + (f": {meant}" if meant else f" (on the roster: {', '.join(roster) or 'nobody'})"))
        counted = _with_unknown([item for item in counted["people"] if item["person"] == person])
    return {"kind": "table-stats", "table": table, "person": person, "since": since, "session": session,
            "events": read, **counted}


def select(events: list[dict], *, since: int = 0, session: bool = False) -> tuple[list[dict], dict]:
    """The events the ledger reads, and what was read: those after event ``since``, or (``session``)
    from the first event of the last ``chips session`` on (None: there is none); never an event a
    ``table undo`` took back (the undo's ``events``: the first and last it undid)."""
    events = [event for event in events if event["seq"] > since]
    if session:
        starts = [i for i, event in enumerate(events) if event["command"] == "chips session"
                  and (i == 0 or run_of(events[i - 1]) != run_of(event))]
        if not starts:
            return [], {"first": None, "last": None, "read": 0, "undone": 0}
        events = events[starts[-1]:]
    undone = set()
    for event in events:
        span = (event.get("data") or {}).get("events") if event["kind"] == "undo" else None
        if isinstance(span, list) and len(span) == 2 and all(isinstance(n, int) for n in span):
            undone.update(range(span[0], span[1] + 1))
    kept = [event for event in events if event["seq"] not in undone]
    return kept, {"first": events[0]["seq"] if events else None, "last": events[-1]["seq"] if events else None,
                  "read": len(events), "undone": len(events) - len(kept)}


def _rows(ruleset: Ruleset, found: dict) -> list[dict]:
    chips = [f"chips:{colour}" for colour in ruleset.chips["pot"]] if "chips" in ruleset.document["mechanics"] else []
    shown = [*ROWS, *((row, "chips") for row in chips)]
    return [_row(ruleset, row, group, found[row]) for row, group in shown if row in found]


def _row(ruleset: Ruleset, row: str, group: str, found: dict) -> dict:
    """One row: observed, expected and how unusual (see the module's docstring), and the unknown."""
    out = {"row": row, "group": group, "label": label(ruleset, row), "observed": found["observed"],
           "events": found["events"], "expected": None, "sd": None, "unusual": None, "rarer": False, "side": None,
           "unknown": found["unknown"]}
    if found["events"]:
        total = sum_of(found["groups"])
        chance = unusual(total, found["observed"])
        gap = found["observed"] - total.mean
        out.update(expected=total.mean, sd=total.variance ** 0.5, unusual=max(chance, 0.0),
                   rarer=chance < FLOOR, side="above" if gap > 1e-9 else "below" if gap < -1e-9 else "even")
    return out


def label(ruleset: Ruleset, row: str) -> str:
    """A row's words: the ruleset's word for a bust (``Critical Failures``), a chip's colour."""
    if row == "bust":
        return ruleset.dice["bust_name"] + "s"
    if row.startswith("chips:"):
        return row.partition(":")[2] + " chips"
    return LABELS[row]
