"""Rulesets as text."""

from __future__ import annotations

from dealer.render import cell, table_text


def ruleset_check_text(result, cards=None):
    return [f"{result['path']}: ok: ruleset '{result['name']}', {result['cards']} cards, "
            f"{len(result['hand_ranks'])} hand ranks"]


def ruleset_new_text(result, cards=None):
    return result["toml"].splitlines()


def rulesets_list_text(result, cards=None):
    return table_text([[cell(item["name"]), cell(f"{item['cards']} cards"), cell(item["title"])]
                       for item in result["rulesets"]])


def _pattern_text(pattern):
    parts = []
    if pattern.get("groups"):
        parts.append("groups " + "+".join(map(str, pattern["groups"])))
    if pattern.get("sequence"):
        parts.append(f"{'suited ' if pattern.get('suited') else ''}sequence of {pattern['sequence']}"
                     + (f" to {pattern['top']}" if pattern.get("top") else ""))
    if pattern.get("flush"):
        parts.append(f"{pattern['flush']} of one suit")
    if pattern.get("trump_run"):
        parts.append(f"run of {pattern['trump_run']} trumps")
    if pattern.get("trumps"):
        parts.append(f"{pattern['trumps']} trumps" + (" with no run" if pattern.get("no_run") else ""))
    if pattern.get("rest", "any") != "any":
        parts.append(f"others {pattern['rest']}")
    return ", ".join(parts) or "any cards"


def ruleset_show_text(result, cards=None):
    doc = result["document"]
    deck = result["deck"]
    lines = [f"{doc['name']}: {doc['title']}" if doc["title"] else doc["name"]]
    if doc["source"]:
        lines.append(f"source: {doc['source']}")
    lines.append(f"deck: {deck['size']} cards: {deck['plain']} plain ({', '.join(deck['suits'])}; "
                 f"ranks {' '.join(deck['ranks'])})"
                 + (f", {deck['trumps']} trumps" if deck["trumps"] else "")
                 + (f", {', '.join(deck['specials'])}" if deck["specials"] else ""))
    for name, context in doc["contexts"].items():
        wild = ", ".join(f"{code} ({kind})" for code, kind in context["wild"].items()) or "none"
        lines.append(f"context {name}: wild {wild}" + ("; natural beats wild" if context["natural_beats_wild"] else ""))
    lines.append(f"hand ranks (strongest first, default context: {doc['hands']['context'] or 'no wilds'}):")
    rows = []
    for rank in doc["hands"]["ranks"]:
        extra = []
        if rank["harm"]:
            extra.append(f"harm {rank['harm']}")
        if rank["effect"]:
            extra.append(rank["effect"])
        rows.append([cell("  " + rank["name"]), cell(_pattern_text(rank["pattern"])), cell("; ".join(extra))])
    lines.extend(table_text(rows))
    dice = doc["dice"]
    lines.append(f"dice: TN {dice['tn']}, a raise per {dice['raise_step']}, bust on "
                 f"{'more than half' if dice['bust'] == 'majority' else 'half or more'} ones")
    if doc["chips"]["pot"]:
        pot = ", ".join(f"{count} {colour}" for colour, count in doc["chips"]["pot"].items())
        lines.append(f"chips: {pot}" + (f"; at most {doc['chips']['cap']} each" if doc["chips"]["cap"] else ""))
    if doc["notes"]:
        lines.append("notes:" + "".join("\n  " + line for line in doc["notes"].strip().splitlines()))
    return lines


# -- rulesets diff -----------------------------------------------------------------------------


def rulesets_diff_text(result, cards=None):
    """Two rulesets side by side: a line per figure that changes (every figure with --all), grouped
    by section; questions only one ruleset asks named in one line; a simulated figure marked ``~``."""
    a, b = result["a"]["label"], result["b"]["label"]
    names = {"a": a, "b": b}
    lines = [_diff_summary(result, a, b)]
    unchanged, simulated = [], False
    for section in result["sections"]:
        plays = section["plays"]
        if not (plays["a"] or plays["b"]):
            continue
        if plays["a"] != plays["b"]:
            lines.append(f"{section['title']}: only in {names['a' if plays['a'] else 'b']}")
        elif not section["changed"] and not section["only"]:
            unchanged.append(section["title"])
            if not result["all"]:
                continue
        if not section["rows"]:
            continue
        collapsed = {} if result["all"] else {ask: side for side in ("a", "b") for ask in section["only_asks"][side]}
        if plays["a"] == plays["b"]:
            command = _command_word(section, collapsed)
            lines.append(section["title"] + (f" (dealer odds {command})" if command else ""))
        lines.extend(_how_lines(section, names))
        rows = []
        for row in section["rows"]:
            if row["ask"] in collapsed:
                continue
            simulated = simulated or "simulated" in row["method"].values()
            asked = [cell("  " + row["ask"])] if row["ask"] else []
            rows.append([*asked, cell(("" if row["ask"] else "  ") + row["label"]), cell(_side(row, "a")), cell("->"),
                         cell(_side(row, "b")), cell(_change_text(row, names))])
        lines.extend(table_text(rows))
        for side in ("a", "b"):
            asks = [ask for ask, by in collapsed.items() if by == side]
            if asks:
                lines.append(f"  only {names[side]} asks: {', '.join(asks)}")
    if unchanged and not result["all"]:
        lines.append("unchanged: " + ", ".join(unchanged))
    if simulated:
        lines.append(f"~ simulated, seed {result['seed']}: dealer odds ... --seed {result['seed']} deals it again")
    return lines


def _diff_summary(result, a, b):
    if result["changed"] or result["only"]:
        only = f"; {result['only']} more only one of them has" if result["only"] else ""
        return f"{a} -> {b}: {result['changed']} of {result['figures']} figures change{only}"
    same = " (the same rules)" if result["same_rules"] else ""
    return f"{a} -> {b}: no change in any of {result['figures']} figures{same}"


def _command_word(section, collapsed):
    """The odds command of the rows shown ("hand N"), when each has one and they share it."""
    shown = [row for row in section["rows"] if row["ask"] not in collapsed]
    words = {(row["odds"][side] or " ").split(" ")[1] for row in shown for side in ("a", "b")
             if row[side] is not None}
    return {"hand": "hand N", "roll": "roll DICE", "hex": "hex", "gadget": "gadget --reliability R",
            "conflict": "conflict", "action": "action DICE"}.get(words.pop()) if len(words) == 1 else ""


def _how_lines(section, names):
    how = section["how"]
    if not (how["a"] or how["b"]):
        return []
    if how["a"] == how["b"]:
        return [f"  both: {how['a']}"]
    return [f"  {names[side]}: {how[side]}" for side in ("a", "b") if how[side]]


def _side(row, side):
    value = row[side]
    if value is None:
        return "-"
    mark = "~" if row["method"][side] == "simulated" else ""
    return mark + _value_text(value, row["unit"])


def _value_text(value, unit):
    if unit == "cards":
        return str(value)
    if unit == "mean cards":
        return f"{value:.3f} cards"
    return _percent(value)


def _percent(p):
    """``42.26%``; a rare chance to three significant figures (``0.00126%``); exactly 0 and 1 bare."""
    if p in (0, 1):
        return f"{p * 100:.0f}%"
    if p >= 0.01:
        return f"{p * 100:.2f}%"
    return f"{p * 100:.3g}%"


def _change_text(row, names):
    change = row["change"]
    if change is None:
        return f"only in {names['a' if row['b'] is None else 'b']}"
    if not row["changed"]:
        return "(no change)"
    if row["unit"] == "cards":
        return f"({change:+d})"
    if row["unit"] == "mean cards":
        return f"({change:+.3f})"
    points = change * 100
    text = f"{points:+.2f} pts" if abs(points) >= 0.01 else f"{points:+.2g} pts"
    if 0 < row["a"] < 0.01 and 0 < row["b"] < 0.01:
        text += f"; 1 in {_one_in(row['a'])} -> 1 in {_one_in(row['b'])}"
    if row.get("within_noise"):
        text += "; within the simulation's noise"
    return f"({text})"


def _one_in(p):
    return f"{1 / p:,.0f}"
