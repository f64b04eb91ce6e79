"""Odds as data and text: exact fractions beside floats, bars, "1 in X", standard errors.

>>> fraction(78, 3162510), one_in(78, 3162510)
('13/527085', 40545.0)
>>> bar(0.5, width=10, ascii=True), bar(0.26, width=10)
('#####', '██▌')
"""

from __future__ import annotations

import math
import sys
import time


def fraction(count: int, total: int) -> str:
    """``count/total`` in lowest terms, as a string ("1/27"); "0" and "1" when exact."""
    if total <= 0:
        return "0"
    divisor = math.gcd(count, total)
    top, bottom = count // divisor, total // divisor
    return str(top) if bottom == 1 else f"{top}/{bottom}"


def one_in(count: float, total: float):
    """``total / count``: "1 in X" (None when it never happens)."""
    return None if not count else round(total / count, 2)


def bar(p: float, width: int = 30, ascii: bool = False) -> str:
    cells = max(0.0, min(1.0, p)) * width
    full = int(cells)
    if ascii:
        return "#" * full
    text = "█" * full
    part = cells - full
    if part > 0 and full < width:
        text += " ▏▎▍▌▋▊▉"[int(part * 8)].strip()
    return text


def figure(count, total, *, exact: bool, samples: int = 0) -> dict:
    """One probability as data: count, exact fraction (when exact), float, 1 in X, error."""
    p = count / total if total else 0.0
    out = {"count": count, "probability": p, "one_in": one_in(count, total)}
    if exact:
        out["fraction"] = fraction(count, total)
    else:
        out["stderr"] = math.sqrt(p * (1 - p) / samples) if samples else 0.0
    return out


def percent(p: float) -> str:
    if p and p < 0.00001:
        return f"{p * 100:.2e}%"
    return f"{p * 100:.3f}%"


def one_in_text(value) -> str:
    if value is None:
        return "never"
    return f"1 in {value:,.2f}" if value < 100 else f"1 in {value:,.0f}"


# -- hands -----------------------------------------------------------------------------------


def hand_odds_data(odds, ruleset, seed=None) -> dict:
    exact = odds.exact
    data = {
        "cards": odds.n,
        "context": odds.context.name,
        "wild": {card.code: kind for card, kind in odds.context.wild.items()},
        "deck": len(ruleset.deck),
        "held": [card.code for card in odds.held],
        "pool": odds.pool,
        "method": odds.method,
        "seconds": round(odds.seconds, 4),
        "total": odds.total,
        "ranks": [],
    }
    if not exact:
        data["samples"] = odds.samples
        data["seed"] = seed
    for rank, count in odds.rows:
        row = {"id": rank.id, "name": rank.name}
        row.update(figure(count, odds.total, exact=exact, samples=odds.samples))
        data["ranks"].append(row)
    if odds.threshold is not None:
        text, (rank, least) = odds.threshold
        met_exact = odds.met_method != "simulated"
        data["min"] = {"threshold": text, "rank": rank.id, "least": least, "method": odds.met_method,
                       "seconds": round(odds.met_seconds, 4)}
        data["min"].update(figure(odds.met, odds.met_total, exact=met_exact,
                                  samples=0 if met_exact else odds.met_total))
        if not met_exact and seed is not None:
            data["min"]["seed"] = seed
    return data


def _method_text(method, seconds, samples=0, seed=None):
    if method == "simulated":
        return f"simulated: {samples:,} deals (seed {seed}) in {seconds:.2f} s"
    return f"{method} exactly in {seconds:.2f} s"


def _error_text(row):
    return f" ±{percent(row['stderr'])}" if "stderr" in row else ""


def hand_odds_text(data, ascii: bool = False) -> list[str]:
    wild = ", ".join(f"{code} {kind}" for code, kind in data["wild"].items()) or "no wild cards"
    held = f", holding {' '.join(data['held'])}" if data["held"] else ""
    lines = [f"best hand of {data['cards']} cards from {data['pool']} ({data['context']}: {wild}{held}): "
             + _method_text(data["method"], data["seconds"], data.get("samples", 0), data.get("seed"))]
    width = max(len(row["name"]) for row in data["ranks"])
    count_width = max(len(f"{row['count']:,}") for row in data["ranks"])
    for row in data["ranks"]:
        lines.append(f"  {row['name']:<{width}}  {row['count']:>{count_width},}  {percent(row['probability']):>10}"
                     f"{_error_text(row)}  {one_in_text(row['one_in']):>16}  {bar(row['probability'], ascii=ascii)}")
    noun = "samples" if data["method"] == "simulated" else "hands"
    lines.append(f"  {'total':<{width}}  {data['total']:>{count_width},}  {noun}")
    if "min" in data:
        m = data["min"]
        exact = f" = {m['fraction']}" if "fraction" in m else ""
        how = "" if m["method"] == data["method"] else f"  ({m['method']} in {m['seconds']:.2f} s)"
        lines.append(f"at least {m['threshold']}: {percent(m['probability'])}{_error_text(m)}{exact}  "
                     f"({one_in_text(m['one_in'])}){how}")
    return lines


# -- progress --------------------------------------------------------------------------------


class Progress:
    """A bar on stderr for a long simulation: only on a terminal, only after about a second,
    never with --json or --jsonl (``enabled`` False)."""

    def __init__(self, total: int, enabled: bool, stream=None, delay: float = 1.0):
        self.total = total
        self.stream = stream or sys.stderr
        self.enabled = enabled and self.stream.isatty()
        self.start = time.perf_counter()
        self.delay = delay
        self.shown = False

    def __call__(self, done: int) -> None:
        if not self.enabled or time.perf_counter() - self.start < self.delay:
            return
        share = done / self.total if self.total else 1.0
        self.stream.write(f"\rsimulating [{bar(share, 30, ascii=True):<30}] {share * 100:5.1f}%")
        self.stream.flush()
        self.shown = True

    def close(self) -> None:
        if self.shown:
            self.stream.write("\r" + " " * 52 + "\r")
            self.stream.flush()
