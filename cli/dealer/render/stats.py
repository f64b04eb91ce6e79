"""``table stats`` (the luck ledger) as text: for each person, a row per count with what was seen, of
how many, the count expected, how unusual it is and a short bar.

The bar grows by one mark for each factor of ten the count is rarer than a count at the expected
one (up to five), to the right of the ``|`` when the count is above what was expected, to the left
when below: a glance down the column finds the rows worth a look.

>>> bar(0.004, "above", ascii=True), bar(0.5, "below", ascii=True), bar(1e-9, "below", ascii=True)
('     |##   ', '     |     ', '#####|     ')
"""

from __future__ import annotations

import math

MARKS = 5
NOBODY = "(nobody named)"


def bar(unusual: float | None, side: str | None, ascii: bool = False) -> str:
    """``#`` marks for how unusual (one per factor of ten below 1, at most ``MARKS``), on the side the
    count went."""
    marks = 0 if not unusual or unusual >= 1 else min(MARKS, int(-math.log10(max(unusual, 1e-300)) + 1e-9))
    if unusual == 0:
        marks = MARKS
    mark = "#" if ascii else "█"
    left = mark * marks if side == "below" else ""
    right = mark * marks if side == "above" else ""
    return f"{left:>{MARKS}}|{right:<{MARKS}}"


def unusual_text(row: dict) -> str:
    """How unusual a row's count is, to three figures: ``100%`` at the mean, ``2.71%``, ``< 1e-28%``."""
    if row["unusual"] is None:
        return "-"
    if row.get("rarer"):
        return "< 1e-28%"
    return f"{row['unusual'] * 100:.3g}%"


def stats_text(data: dict, cards: object = None) -> list[str]:
    ascii = getattr(cards, "ascii", True)
    read = data["events"]
    span = f"events {read['first']} to {read['last']}" if read["first"] != read["last"] else f"event {read['first']}"
    undone = f", {read['undone']} undone left out" if read["undone"] else ""
    lines = [f"table {data['table']}: the luck ledger, {span}{undone}"]
    if not data["people"]:
        return lines + ["  nothing counted: no rolls, action cards, casts, contests or chips drawn"]
    cells = []
    for person in data["people"]:
        cells.append((person["person"] or NOBODY, None))
        group = None
        for row in person["rows"]:
            if row["group"] != group:
                group = row["group"]
                cells.append((f"  {group}", None))
            cells.append((f"    {row['label']}", row))
    width = max(len(text) for text, _ in cells)
    lines.append(f"{'':<{width}}  {'seen':>5}  {'of':>5}  {'expected':>8}  {'as far out':>10}")
    for text, row in cells:
        if row is None:
            lines.append(text)
            continue
        expected = "-" if row["expected"] is None else f"{row['expected']:.2f}"
        unknown = f"  +{row['unknown']} unknown" if row["unknown"] else ""
        lines.append(f"{text:<{width}}  {row['observed']:>5}  {row['events']:>5}  {expected:>8}  "
                     f"{unusual_text(row):>10}  {bar(row['unusual'], row['side'], ascii)}{unknown}".rstrip())
    for item in data["unknown"]:
        lines.append(f"unknown: {item['trials']} counted apart, {item['why']}")
    return lines
