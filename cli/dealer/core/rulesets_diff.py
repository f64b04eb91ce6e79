"""What a house rule does: the standard questions of each mechanic asked of two rulesets, side by
side (``dealer rulesets diff A B``).

``standard_odds.ask_section`` answers a section's questions for one ruleset; ``diff`` pairs the
answers by section, question and figure, and keeps the rows that change (every row with
``every``). A mechanic only one ruleset plays is reported as such; a question one ruleset cannot
ask (a die it lacks, a hand rank it does not have) is a row with that side empty.

>>> from dealer.store.rulesets import load
>>> same = diff(load("dust-devils"), load("dust-devils"), seed=1)
>>> same["changed"], same["only"], same["same_rules"], [s["rows"] for s in same["sections"] if s["rows"]]
(0, 0, True, [])
>>> changed = diff(load("dust-devils"), load("poker-hands"), seed=1)
>>> pair = next(row for row in changed["sections"][1]["rows"] if row["question"] == "5 cards: Pair")
>>> f"{pair['a']:.4f} -> {pair['b']:.4f} ({pair['change'] * 100:+.2f} pts)"
'0.4226 -> 0.4005 (-2.20 pts)'
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from dealer.core.standard_odds import SECTIONS, Section, ask_section

if TYPE_CHECKING:
    from collections.abc import Iterable

    from dealer.core.rules import Ruleset

SAME = 1e-12  # figures closer than this are the same (floating-point sums of the same terms)
NOISE = 2.0  # a simulated change within this many standard errors of the difference may be chance
DESCRIBED = ("name", "title", "source", "notes")  # keys that describe a ruleset without changing its rules


def diff(a: Ruleset, b: Ruleset, *, seed: int, every: bool = False, labels: tuple[str, str] | None = None,
         sections: Iterable[str] | None = None) -> dict:
    """Rulesets ``a`` and ``b`` side by side: every section (or those named in ``sections``), its
    rows that change (all of them with ``every``), and the counts. ``seed`` deals every simulated
    figure, the same on both sides; the result's ``seed`` is None when no figure was simulated."""
    wanted = [section_id for section_id, _ in SECTIONS if sections is None or section_id in sections]
    sections = [_pair(ask_section(a, section_id, seed), ask_section(b, section_id, seed), every)
                for section_id in wanted]
    simulated = any(row["simulated"] for section in sections for row in section.pop("all_rows"))
    label_a, label_b = labels or (a.name, b.name)
    return {
        "kind": "rulesets-diff",
        "a": {"name": a.name, "title": a.title, "label": label_a},
        "b": {"name": b.name, "title": b.title, "label": label_b},
        "same_rules": _rules(a) == _rules(b),
        "all": every,
        "seed": seed if simulated else None,
        "figures": sum(section["figures"] for section in sections),
        "changed": sum(section["changed"] for section in sections),
        "only": sum(section["only"] for section in sections),
        "sections": sections,
    }


def _rules(ruleset: Ruleset) -> dict:
    return {key: value for key, value in ruleset.document.items() if key not in DESCRIBED}


def _pair(left: Section, right: Section, every: bool) -> dict:
    """One section of both rulesets: its rows paired by question and figure."""
    mine = {(f.ask, f.key): f for f in left.figures}
    theirs = {(f.ask, f.key): f for f in right.figures}
    rows = [_row(mine.get(key), theirs.get(key)) for key in _merged(list(mine), list(theirs))]
    both = left.plays and right.plays
    shown = rows if every else [row for row in rows if both and (row["changed"] or row["change"] is None)]
    paired = [row for row in rows if row["change"] is not None]
    sides: dict[str, set] = {}
    for row in rows:
        sides.setdefault(row["ask"], set()).add("a" if row["b"] is None else "b" if row["a"] is None else "both")
    return {
        "id": left.id,
        "title": left.title,
        "plays": {"a": left.plays, "b": right.plays},
        "how": {"a": left.how, "b": right.how},
        "refused": {"a": left.refused, "b": right.refused},
        "figures": len(paired),
        "changed": sum(row["changed"] for row in paired),
        "only": len(rows) - len(paired),
        "only_asks": {side: [ask for ask, found in sides.items() if found == {side}] for side in ("a", "b")},
        "rows": [{key: value for key, value in row.items() if key != "simulated"} for row in shown],
        "all_rows": rows,
    }


def _merged(first: list, second: list) -> list:
    """``first``, with each key only ``second`` has placed before the next key both have (a hand rank
    only one ranking has keeps its place in the ladder); the keys after the last, at the end.

    >>> _merged(["pair", "high"], ["tarot", "pair", "chaotic", "high", "last"])
    ['tarot', 'pair', 'chaotic', 'high', 'last']
    >>> _merged(["level 1"], ["skill 0"])
    ['level 1', 'skill 0']
    """
    keys, known, waiting = list(first), set(first), []
    for key in second:
        if key in known:
            at = keys.index(key)
            keys[at:at] = waiting
            waiting = []
        else:
            waiting.append(key)
    return keys + waiting


def _row(a, b) -> dict:
    """One figure of both rulesets (either may be None: a question only one asks)."""
    some = a or b
    row = {"question": f"{some.ask}: {some.label}" if some.ask else some.label, "ask": some.ask, "figure": some.key, "label": some.label,
           "unit": some.unit, "a": a and a.value, "b": b and b.value, "change": None, "changed": False,
           "odds": {"a": a and a.odds or None, "b": b and b.odds or None},
           "method": {"a": a and a.method, "b": b and b.method}}
    row["simulated"] = "simulated" in row["method"].values()
    if a is not None and b is not None:
        change = b.value - a.value
        row["changed"] = abs(change) > SAME
        row["change"] = change if row["changed"] else 0
    if row["simulated"]:
        row["stderr"] = {"a": a and a.stderr, "b": b and b.stderr}
        if row["change"] is not None:
            spread = (a.stderr ** 2 + b.stderr ** 2) ** 0.5
            row["within_noise"] = row["changed"] and abs(row["change"]) <= NOISE * spread
    return row
