"""Hexes and spells as data and text."""

from __future__ import annotations

from dealer.render import cell, plural, table_text
from dealer.render.hands import hand_data, hand_line
from dealer.render.action import event_text, roll_summary


def catalogue_text(catalogue):
    if not catalogue:
        return ["this ruleset has no hex catalogue: cast with --min HAND"]
    rows = [[cell(e["name"]), cell(e["trait"]), cell(f"at least {e['minimum']}"), cell(f"speed {e['speed']}"),
             cell(e["note"])] for e in catalogue]
    return table_text(rows)


def _roll_data_of(roll):
    data = {"total": roll.total, "bust": roll.bust, "success": roll.success, "raises": roll.raises, "tn": roll.tn}
    if roll.dice:
        data["dice"] = roll.notation
        data["rolls"] = [die.chain for die in roll.dice]
    return data


def huckster_data(cast, entry, caster, policy, events, left, ruleset):
    hand = cast["hand"]
    data = {
        "style": "huckster",
        "hex": entry,
        "caster": caster,
        "level": cast["level"],
        "minimum": cast["minimum"],
        "roll": _roll_data_of(cast["roll"]),
        "cards_allowed": cast.get("cards_allowed", 0),
        "cards": [card.code for card in cast["cards"]],
        "hand": hand_data(hand, ruleset) if hand else None,
        "works": cast["works"],
        "verdict": cast["verdict"],
        "backlash": cast["backlash"],
        "events": events,
    }
    if cast["short"]:
        data["short"] = True
    if policy:
        data["reshuffle"] = policy
        data["left"] = left
    return data


def spell_data(cast, entry, caster, count, target, events, ruleset):
    hand = cast["hand"]
    data = {
        "style": "spell",
        "spell": entry,
        "caster": caster,
        "cards_allowed": count,
        "cards": [card.code for card in cast["cards"]],
        "wild_pick": None,
        "hand": hand_data(hand, ruleset) if hand else None,
        "target": target,
        "success": cast["success"],
        "effect": cast["effect"],
        "bust": cast["bust"],
        "black": cast["black"],
        "red": cast["red"],
        "events": events,
    }
    if cast["wild_pick"] is not None:
        picked = cast["wild_pick"]
        data["wild_pick"] = {"card": picked.code, "as": hand.substitutions().get(picked.code)}
    if "backlash" in cast:
        data["backlash"] = cast["backlash"]
    return data


def hex_text(result, cards_fmt):
    if result["style"] == "spell":
        return _spell_text(result, cards_fmt)
    entry = result["hex"]
    title = (f"{entry['name']} ({entry['trait']}, at least {entry['minimum']}, speed {entry['speed']})"
             if entry else f"a hex needing at least {result['minimum']}")
    who = f"{result['caster']} casts " if result["caster"] else ""
    lines = [f"{who}{title}, level {result['level']}"]
    roll = result["roll"]
    summary = roll_summary({**roll, "spec": roll.get("dice", "")})
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
    for event in result["events"]:
        lines.append("  " + event_text(event, cards_fmt))
    if result.get("reshuffle"):
        lines.append(f"  {plural(result['left'], 'card')} left in the caster's deck (reshuffle: {result['reshuffle']})")
    return lines


def _spell_text(result, cards_fmt):
    entry = result["spell"]
    who = f"{result['caster']} casts " if result["caster"] else ""
    pick = " and a wild pick" if result["wild_pick"] else ""
    lines = [f"{who}{entry['name'] if entry else 'a spell'}: {plural(result['cards_allowed'], 'card')}{pick}"
             + (" (winded: one card fewer)" if result.get("winded") else "")]
    lines.append(f"drew: {cards_fmt.many(result['cards']) or 'nothing'}")
    if result["wild_pick"]:
        lines.append(f"wild pick: {cards_fmt.one(result['wild_pick']['card'])} becomes "
                     f"{cards_fmt.one(result['wild_pick']['as'])}")
    if result["hand"]:
        lines.append("hand: " + hand_line(result["hand"], cards_fmt))
    if result["bust"]:
        lines.append(f"BUST: a Joker and less than a pair. How black is your hand? "
                     f"{result['black']} black, {result['red']} red")
    elif result["success"]:
        lines.append(f"success against {result['target']}" + (f": {result['effect']}" if result["effect"] else ""))
    else:
        lines.append(f"failure: less than {result['target']}")
    if "backlash" in result:
        lines.append(f"BACKLASH (huckster): {result['backlash']['words']}")
    for event in result["events"]:
        lines.append("  " + event_text(event, cards_fmt))
    if "casts" in result:
        lines.append(f"  {result['casts']} of {result['master']} casts before winded")
    return lines
