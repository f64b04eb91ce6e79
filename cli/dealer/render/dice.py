"""Trait rolls and their exact odds as data and text."""

from __future__ import annotations


def roll_json(roll):
    """``roll_data(roll)`` as compact JSON (``json.dumps(..., separators=(",", ":"))``), made
    without the dict: bulk rolls print 100,000 a second. A test checks it byte for byte."""
    head = _JSON_HEADS.get((roll.count, roll.sides, roll.modifier, roll.tn))
    if head is None:
        head = _JSON_HEADS[roll.count, roll.sides, roll.modifier, roll.tn] = (
            f'{{"kind":"roll","dice":"{roll.notation}","count":{roll.count},"sides":{roll.sides},'
            f'"modifier":{roll.modifier},"tn":{roll.tn},"rolls":')
    dice = roll.dice
    rolls = str([die.chain for die in dice]).replace(" ", "")
    tail = ',"capped":true}' if roll.capped else "}"
    return (f'{head}{rolls},"kept":{roll.kept},"total":{roll.total},"bust":{_BOOL[roll.bust]},'
            f'"success":{_BOOL[roll.success]},"raises":{roll.raises},"by_hand":false{tail}')


_JSON_HEADS = {}
_BOOL = {True: "true", False: "false"}


def roll_verdict(data):
    if data["bust"]:
        return "bust"
    if not data["success"]:
        return "failure"
    return f"success, {data['raises']} raise{'' if data['raises'] == 1 else 's'}"


def roll_line(data):
    """``5d10 vs TN 5: 3 7 10+6 10+8 4 -> 18, success, 2 raises``."""
    faces = " ".join("+".join(map(str, chain)) for chain in data["rolls"])
    kept = data["total"] - data["modifier"]
    total = f"{kept}{data['modifier']:+d} = {data['total']}" if data["modifier"] else str(data["total"])
    line = f"{data['dice']} vs TN {data['tn']}: {faces} -> {total}, {roll_verdict(data)}"
    if data.get("capped"):
        line += " (a die aced 100 times in a row: the chain was capped)"
    return line


def odds_data(odds):
    return {
        "kind": "roll-odds",
        "dice": f"{odds.count}d{odds.sides}" + (f"{odds.modifier:+d}" if odds.modifier else ""),
        "tn": odds.tn,
        "raise_step": odds.raise_step,
        "bust_rule": odds.rule,
        "bust": odds.bust,
        "failure": odds.failure,
        "success": sum(odds.raises),
        "raises": odds.raises,
        "totals": [[total, p] for total, p in odds.totals],
        "cut": odds.cut,
    }


def _bar(p, width=40):
    cells = p * width
    full = int(cells)
    bar = "█" * full
    part = cells - full
    if part > 0 and full < width:
        bar += " ▏▎▍▌▋▊▉"[int(part * 8)].strip()
    return bar


def odds_text(data):
    """A small table: bust, failure, success with each number of raises, each with a bar."""
    rule = "more than half" if data["bust_rule"] == "majority" else "half or more"
    lines = [f"{data['dice']} vs TN {data['tn']} (bust: {rule} of the dice show 1)"]
    rows = [("bust", data["bust"]), ("failure", data["failure"])]
    left = data["success"]
    for k, p in enumerate(data["raises"]):
        if left < 0.0005 and k > 0:  # fold the long tail of rare raises into one line
            rows.append((f"{k}+ raises", left))
            break
        rows.append((f"{k} raise{'' if k == 1 else 's'}", p))
        left -= p
    lines.extend(f"  {label:<11} {p * 100:7.3f}%  {_bar(p)}" for label, p in rows)
    lines.append(f"  {'success':<11} {data['success'] * 100:7.3f}%  (any raises)")
    if data["cut"]:
        lines.append(f"  (left out: {data['cut']:.1e} of probability beyond the last total)")
    return lines


def roll_text(data, cards=None):
    """A trait roll's one line, as every renderer is called (by the result's ``kind``)."""
    return [roll_line(data)]


def roll_odds_text(data, cards=None):
    return odds_text(data)
