"""Hexes and spells as data and text."""

from __future__ import annotations

from dealer.render import cell, plural, table_text
from dealer.render.hands import hand_line
from dealer.render.action import roll_summary
from dealer.render.events import event_text


def catalogue_text(data, cards_fmt):
    catalogue = data["catalogue"]
    if not catalogue:
        return ["this ruleset has no hex catalogue: cast with --min HAND"]
    rows = [[cell(e["name"]), cell(e["trait"]), cell(f"at least {e['minimum']}"), cell(f"speed {e['speed']}"),
             cell(e["note"])] for e in catalogue]
    return table_text(rows)


def hex_text(result, cards_fmt):
    entry = result["hex"]
    title = (f"{entry['name']} ({entry['trait']}, at least {entry['minimum']}, speed {entry['speed']})"
             if entry else f"a hex needing at least {result['minimum']}")
    who = f"{result['caster']} casts " if result["caster"] else ""
    lines = [f"{who}{title}, level {result['level']}"]
    if result["roll"] is None:
        return lines + [result["verdict"]]
    summary = roll_summary(result["roll"])
    lines.append(f"hexslingin': {summary}" + (f" -> {plural(result['cards_allowed'], 'card')}"
                                              if result["cards_allowed"] else ""))
    if result["cards"]:
        lines.append(f"drew: {cards_fmt.many(result['cards'])}" + ("  (the deck ran short)" if result.get("short") else ""))
    if result["hand"]:
        lines.append("hand: " + hand_line(result["hand"], cards_fmt))
    lines.append(f"{result['verdict']}" + (f" (at least {result['minimum']})" if result["hand"] else ""))
    backlash = result["backlash"]
    if backlash["severity"]:
        lines.append(f"BACKLASH, severity {backlash['severity']} of 3: {backlash['words']}")
        lines.extend(f"  - {reason}" for reason in backlash["reasons"])
    else:
        lines.append("no backlash")
    lines.extend("  " + event_text(event, cards_fmt) for event in result["events"] if event["kind"] != "reshuffle")
    if result.get("reshuffle"):
        lines.append(f"  {plural(result['left'], 'card')} left in the caster's deck (reshuffle: {result['reshuffle']})")
    return lines


def spell_text(result, cards_fmt):
    from dealer.render.draws import draw_lines, size_text

    entry, draw = result["spell"], result["draw"]
    who = f"{result['caster']} casts " if result["caster"] else ""
    lines = [f"{who}{entry['name'] if entry else 'a spell'}, {size_text(draw)}"]
    lines += draw_lines(draw, cards_fmt)
    if result["success"]:
        label = result["verdict"]
        lines.append(f"success against {result['target']}" + (f": {label}" if label != f"at least {result['target']}"
                                                               else ""))
    elif not draw["bust"]:
        lines.append(f"failure: less than {result['target']}")
    lines += jokers_lines(result, cards_fmt)
    lines.extend("  " + event_text(event, cards_fmt) for event in result["events"] if event["kind"] != "reshuffle")
    if "casts" in result:
        lines.append(f"  {plural(result['casts'], 'cast')}, winded after {result['master']}")
    return lines


def deck_notes(result: dict) -> list[str]:
    """The caster's deck reshuffled (after a cast, when low, run out): notes for stderr, like every
    other deck's; the result's ``events`` keep them for JSON."""
    return [event_text(event, None) for event in result.get("events", ()) if event["kind"] == "reshuffle"]


def jokers_lines(judged: dict, cards_fmt) -> list[str]:
    """What a spell's Jokers mean (``judge_spell``): a huckster's backlash, a faithful's blessings."""
    lines = []
    if "backlash" in judged:
        lines.append(f"BACKLASH (huckster), severity {judged['backlash']['severity']} of 3: "
                     f"{judged['backlash']['words']}")
    for blessing in judged.get("blessing") or ():
        lines.append(f"{cards_fmt.one(blessing['card'])}: {blessing['words']}")
    return lines
