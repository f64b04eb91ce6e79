"""Results as data, and that data as text or JSON: the one place output is shaped.

Every command builds a JSON-ready ``result`` dict; ``--json`` prints it inside the envelope
``{"schema": 1, "command", "ruleset", "seed", "result"}``, ``--jsonl`` prints one envelope
per line, and the text renderers here read the very same dict, so the two never drift.
"""

from __future__ import annotations

import click

SCHEMA = 1

_RED = "\x1b[31m"
_RESET = "\x1b[0m"


def plural(count, word):
    return f"{count} {word}{'' if count == 1 else 's'}"


def envelope(command, ruleset, seed, result):
    return {"schema": SCHEMA, "command": command, "ruleset": ruleset, "seed": seed, "result": result}


def emit(settings, envelopes, text_lines):
    """Print the envelopes as JSON or JSON Lines, or else the text lines."""
    if settings.jsonl or settings.json:
        import json
    if settings.jsonl:
        for item in envelopes:
            click.echo(json.dumps(item, ensure_ascii=False, separators=(",", ":")))
    elif settings.json:
        if len(envelopes) == 1:
            click.echo(json.dumps(envelopes[0], ensure_ascii=False, indent=2))
        else:
            click.echo(json.dumps(envelopes, ensure_ascii=False, indent=2))
    else:
        for line in text_lines:
            click.echo(line)


class Cards:
    """Formats card codes for a terminal (glyphs, red in red) or as plain codes."""

    def __init__(self, deck, fancy):
        self.deck = deck
        self.fancy = fancy

    def one(self, code):
        if not self.fancy:
            return code
        card = self.deck.parse(code)
        text = card.glyph
        return f"{_RED}{text}{_RESET}" if card.color == "red" else text

    def many(self, codes, sep=" "):
        return sep.join(self.one(code) for code in codes)

    def width(self, code):
        """Printed width (colour codes take none)."""
        return len(self.deck.parse(code).glyph if self.fancy else code)

    def padded(self, code, width):
        return self.one(code) + " " * max(0, width - self.width(code))


def card_data(cards):
    """Cards for JSON: codes, and names for readers who do not know the codes."""
    return {"cards": [card.code for card in cards], "names": [card.name for card in cards]}


def table_text(rows, sep="  "):
    """Rows of already-formatted cells, left-aligned by the widest plain cell per column.

    ``rows`` items are lists of ``(text, width)`` pairs (width excludes colour codes).
    """
    if not rows:
        return []
    widths = [max(row[i][1] for row in rows if i < len(row)) for i in range(max(map(len, rows)))]
    lines = []
    for row in rows:
        cells = [text + " " * (widths[i] - width) for i, (text, width) in enumerate(row)]
        lines.append(sep.join(cells).rstrip())
    return lines


def cell(text):
    return (text, len(text))


# -- draw -------------------------------------------------------------------------------


def draw_text(results, cards_fmt):
    lines = []
    for result in results:
        line = cards_fmt.many(result["cards"])
        if result.get("reshuffled"):
            line += f"   (the deck ran out: {plural(result['reshuffled'], 'discard')} reshuffled in)"
        if result.get("short"):
            line += f"   (short: only {plural(len(result['cards']), 'card')} left to draw)"
        lines.append(line)
    return lines


# -- rulesets -----------------------------------------------------------------------------


def rulesets_list_text(result):
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


def ruleset_show_text(result):
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


# -- hand -------------------------------------------------------------------------------


def hand_data(hand, ruleset):
    """A best hand as JSON-ready data."""
    rank = hand.rank
    data = {
        "rank": rank.id,
        "name": rank.name,
        "strength": rank.strength,
        "cards": [card.code for card in hand.played],
        "as": [card.code for card in hand.effective],
        "wilds": hand.substitutions(),
        "unused": [card.code for card in hand.unused],
        "dead": [card.code for card in hand.dead],
    }
    if rank.harm:
        data["harm"] = rank.harm
    if rank.effect:
        data["effect"] = rank.effect
    if ruleset.deck.trump_count:
        data["arcane"] = hand.arcane
    return data


def hand_line(data, cards_fmt):
    """``Four of a Kind  8♠ 8♥ 8♦ RJ=8♣ K♣``: each wild shown with what it became."""
    shown = []
    for code, effective in zip(data["cards"], data["as"]):
        shown.append(cards_fmt.one(code) + (f"={cards_fmt.one(effective)}" if code in data["wilds"] else ""))
    extras = []
    if "effect" in data:
        extras.append(data["effect"])
    if "harm" in data:
        extras.append(f"harm {data['harm']}")
    if data.get("arcane"):
        extras.append("arcane")
    line = f"{data['name']}: {' '.join(shown)}"
    return line + (f"  ({', '.join(extras)})" if extras else "")


def hand_text(result, cards_fmt):
    if "vs" not in result:
        lines = [hand_line(result["hand"], cards_fmt)]
        if result["hand"]["unused"]:
            lines.append(f"  not played: {cards_fmt.many(result['hand']['unused'])}")
        if result["hand"]["dead"]:
            lines.append(f"  dead: {cards_fmt.many(result['hand']['dead'])}")
    else:
        lines = [f"first:  {hand_line(result['hand'], cards_fmt)}",
                 f"second: {hand_line(result['vs'], cards_fmt)}",
                 {"first": "the first hand wins", "second": "the second hand wins",
                  "tie": "a tie"}[result["winner"]]]
    if "min" in result:
        verdict = "met" if result["min"]["met"] else "not met"
        lines.append(f"at least {result['min']['threshold']}: {verdict}")
    return lines


# -- roll -------------------------------------------------------------------------------


def roll_data(roll):
    """A trait roll as data: every die's chain (``[10, 8]`` is an ace), the kept die, the verdict."""
    data = {
        "dice": roll.notation,
        "count": roll.count,
        "sides": roll.sides,
        "modifier": roll.modifier,
        "tn": roll.tn,
        "rolls": [die.chain for die in roll.dice],
        "kept": roll.kept,
        "total": roll.total,
        "bust": roll.bust,
        "success": roll.success,
        "raises": roll.raises,
    }
    if roll.capped:
        data["capped"] = True
    return data


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
    shown, left = 0, data["success"]
    for k, p in enumerate(data["raises"]):
        if left < 0.0005 and k > 0:
            rows.append((f"{k}+ raises", left))
            break
        rows.append((f"{k} raise{'' if k == 1 else 's'}", p))
        left -= p
        shown = k
    lines.extend(f"  {label:<11} {p * 100:7.3f}%  {_bar(p)}" for label, p in rows)
    lines.append(f"  {'success':<11} {data['success'] * 100:7.3f}%  (any raises)")
    if data["cut"]:
        lines.append(f"  (left out: {data['cut']:.1e} of probability beyond the last total)")
    return lines


# -- tables -----------------------------------------------------------------------------


def chips_text(counts):
    return ", ".join(f"{count} {colour}" for colour, count in counts.items() if count) or "none"


def traits_text(traits):
    return (": " + ", ".join(f"{key}={value}" for key, value in traits.items())) if traits else ""


def table_show_text(result, cards_fmt):
    lines = [f"table {result['table']} ({result['ruleset']})"]
    for name, deck in sorted(result["decks"].items()):
        lines.append(f"  deck {name}: {deck['deck']} to draw, {deck['discard']} discarded, "
                     f"{deck['play']} in play, {deck['sleeve']} up sleeves")
        for holder, held in deck["in_play"].items():
            lines.append(f"    {holder}: {cards_fmt.many(held)}")
        for holder, card in deck["sleeves"].items():
            lines.append(f"    {holder}'s sleeve: {cards_fmt.one(card)}")
    if result["roster"]:
        lines.append("  roster:")
        rows = [[cell("    " + person), cell(entry["side"]), cell(traits_text(entry["traits"])[2:])]
                for person, entry in result["roster"].items()]
        lines.extend(table_text(rows))
    chips = result["chips"]
    if chips["pot"] or chips["players"]:
        held = "; ".join(f"{player}: {chips_text(counts)}" for player, counts in chips["players"].items()
                         if any(counts.values()))
        lines.append(f"  chips: pot {chips_text(chips['pot'])}" + (f"; {held}" if held else ""))
    return lines


def log_text(events):
    rows = []
    for event in events:
        detail = " ".join(event["cards"])
        extra = ", ".join(f"{k}={v}" for k, v in event["data"].items() if not isinstance(v, (dict, list)))
        rows.append([cell(str(event["seq"])), cell(event["time"]), cell(event["command"]), cell(event["kind"]),
                     cell(event["deck"] or ""), cell(" ".join(part for part in (detail, extra) if part))])
    return table_text(rows) or ["no events"]


# -- action -----------------------------------------------------------------------------


def _roll_summary(data):
    if "rolls" in data:
        faces = " ".join("+".join(map(str, chain)) for chain in data["rolls"])
        shown = f"{data['spec']}: {faces} -> {data['total']}"
    elif data["bust"]:
        shown = "bust (rolled by hand)"
    else:
        shown = f"{data['total']} (rolled by hand)"
    verdict = "bust" if data["bust"] else ("failure" if not data["success"] else
                                          f"success, {plural(data['raises'], 'raise')}")
    return f"{shown} vs TN {data['tn']}: {verdict}"


def event_text(event, cards_fmt):
    kind = event["kind"]
    if kind == "chip":
        got = f"a {event['colour']} chip" if event["colour"] else "no chip (" + event.get("note", "") + ")"
        return f"{event['why']}: {event['to']} draws {got}"
    if kind == "reshuffle":
        return f"{event['deck']} deck reshuffled ({event['why']}; {plural(event['count'], 'card')})"
    if kind == "reshuffle owed":
        return f"{event['deck']} deck: {event['why']}"
    if kind == "discard":
        return f"{event['why']}: {cards_fmt.many(event['cards'])} discarded"
    return f"{kind}: {event}"


def action_text(result, cards_fmt):
    if "round" in result:
        return _countdown_text(result, cards_fmt)
    return _hands_text(result, cards_fmt)


def _countdown_text(result, cards_fmt):
    where = f" on {result['table']}" if result.get("table") else ""
    lines = [f"Round {result['round']}{where}"]
    rows = []
    for entry in result["any_time"]:
        rows.append([cell("any time"), (cards_fmt.one(entry["card"]), cards_fmt.width(entry["card"])),
                     cell(entry["name"]), cell(entry["side"]), cell("may act at any time")])
    for entry in result["countdown"]:
        rows.append([cell(""), (cards_fmt.one(entry["card"]), cards_fmt.width(entry["card"])),
                     cell(entry["name"]), cell(entry["side"]), cell("simultaneous" if entry["simultaneous"] else "")])
    for entry in result["sleeves"]:
        rows.append([cell("sleeve"), (cards_fmt.one(entry["card"]), cards_fmt.width(entry["card"])),
                     cell(entry["name"]), cell(entry["side"]), cell("up the sleeve: play it any time")])
    lines.extend("  " + line for line in table_text(rows))
    if not rows:
        lines.append("  nobody acts this round")
    lines.append("rolls:")
    for row in result["participants"]:
        parts = []
        if "guts" in row:
            parts.append("Guts " + _roll_summary(row["guts"]))
        if "cognition" in row:
            parts.append("Cognition " + _roll_summary(row["cognition"]))
        if "quickness" in row:
            parts.append(_roll_summary(row["quickness"]) + f" -> {plural(row['allowed'], 'card')}")
        elif row.get("given"):
            parts.append("cards dealt by hand")
        parts.extend(row["notes"])
        lines.append(f"  {row['name']}: " + "; ".join(parts))
    if result["events"]:
        lines.append("events:")
        lines.extend("  " + event_text(event, cards_fmt) for event in result["events"])
    return lines


def _hands_text(result, cards_fmt):
    where = f" on {result['table']}" if result.get("table") else ""
    lines = [f"Combat turn order{where}" + (f" ({result['combat']})" if result.get("combat") else "")]
    rows = []
    for entry in result["countdown"]:
        shown = cards_fmt.many(entry["cards"])
        notes = [n for n in (entry.get("effect", ""), "simultaneous" if entry["simultaneous"] else "") if n]
        rows.append([cell(entry["hand"]), cell(entry["name"]), (shown, len(" ".join(entry["cards"]))),
                     cell(", ".join(notes))])
    lines.extend("  " + line for line in table_text(rows))
    lines.append("hands:")
    for row in result["participants"]:
        lines.append(f"  {row['name']}: {cards_fmt.many(row['cards']) or 'no cards'}"
                     + (f"  ({'; '.join(row['notes'])})" if row["notes"] else ""))
    for event in result["events"]:
        lines.append("  " + event_text(event, cards_fmt))
    return lines


def interrupt_text(result, cards_fmt):
    verdict = {"first": f"{result['name']} acts first", "simultaneous": "they act simultaneously",
               "no": f"{result['name']} does not interrupt and keeps the card"}[result["outcome"]]
    card = f" with {cards_fmt.one(result['card'])}" if result.get("card") else ""
    return [f"{result['name']} interrupts {result['against']}{card}: {verdict}",
            f"  {result['name']}: {_roll_summary(result['roll'])}",
            f"  {result['against']}: {_roll_summary(result['their_roll'])}"]


# -- hex --------------------------------------------------------------------------------


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
    summary = _roll_summary({**roll, "spec": roll.get("dice", "")})
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
