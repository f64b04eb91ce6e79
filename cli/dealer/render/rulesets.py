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
