"""Chips as text: what a chips command did, then the pot, everyone's chips and the sum."""

from __future__ import annotations

from dealer.render import plural, possessive
from dealer.render.events import event_line, event_text
from dealer.render.hands import hand_line


PICK_ME_UP_WORDS = {
    "avoid-wound": "the wound is not taken ({wounds_left} wounds)",
    "heal-wound": "one wound recovered ({wounds_left} left)",
    "death-wound": "the death wound is avoided ({wounds_left} wounds)",
}


def counts_text(counts: dict) -> str:
    return ", ".join(f"{count} {colour}" for colour, count in counts.items() if count) or "none"


def chips_block(data: dict) -> list[str]:
    """The pot, each player's chips (and favor chips), wounds, and conservation."""
    where = f"table {data['table']}" if data.get("table") else "a fresh pot"
    cap = f" (cap {data['cap']})" if data.get("cap") else ""
    unlimited = " (unlimited: it makes a chip when it has none)" if data.get("unlimited") else ""
    lines = [f"{where}: pot {counts_text(data['pot'])}{cap}{unlimited}"]
    for name in dict.fromkeys([*data["players"], *data["favor"]]):
        held = counts_text(data["players"].get(name, {}))
        favor = data["favor"].get(name)
        lines.append(f"  {name}: {held}" + (f"; favor {counts_text(favor)}" if favor else ""))
    if data.get("wounds"):
        lines.append("  wounds: " + ", ".join(f"{name} {n}" for name, n in data["wounds"].items()))
    sums = data["conservation"]
    total, start, made = (sum(sums[key].values()) for key in ("total", "start", "created"))
    verdict = "" if sums["conserved"] else "  MISMATCH: chips were lost or invented"
    lines.append(f"  {total} chips = starting pot {start} + {made} created{verdict}")
    return lines


def _judged_line(label: str, draw: dict, judged: dict, cards_fmt) -> str:
    """A hand before or after a chip, and what its mechanic judged of it against its target."""
    if draw["hand"] is None:
        return f"{label} no cards"
    line = f"{label} {hand_line(draw['hand'], cards_fmt)}"
    if draw["bust"]:
        return line + " -> BUST"
    return line + (f" -> success against {judged['target']}" if judged["success"] else
                   f" -> less than {judged['target']}")


def _ritual_lines(data: dict, cards_fmt) -> list[str]:
    from dealer.render.draws import draw_lines, size_text

    draw = data["draw"]
    lines = [f"{possessive(data['player'])} {data['ritual']} ritual, {size_text(draw)}"]
    lines += draw_lines(draw, cards_fmt, "  ")
    if not draw["bust"]:
        lines.append("  the spirits answer" if data["success"] else "  less than a pair: no chips")
    return lines


def _outcome_lines(before: dict, outcome: dict, cards_fmt) -> list[str]:
    """What a changed hand makes now: a spell's Jokers, a contest judged again (a fear check's
    outcome, a defence, the winner), the combat's turn order, the design, the device or the repair."""
    kind = outcome["kind"]
    if kind == "spell":
        from dealer.render.hex import jokers_lines

        return jokers_lines(outcome, cards_fmt)
    if kind == "turn-order":
        hands = ", ".join(outcome["names"]) or "nothing: last at -1"
        return [f"turn order: {outcome['person']} now acts at {hands} (dealer action show for the round)"]
    if kind == "contest":
        return [_contest_line(before, outcome)] if "fear" in outcome or "defence" in outcome or len(
            outcome["participants"]) > 1 else []
    verdict = outcome["verdict"]
    if kind == "design":
        if not outcome["success"]:
            return [f"design {outcome['name']}: {verdict}: not made"]
        bonus = f", {plural(outcome['bonus_cards'], 'bonus card')}" if outcome["bonus_cards"] else ""
        return [f"design {outcome['name']}: {verdict}{bonus}: stored"]
    if kind == "build":
        if not outcome["success"]:
            return [f"build of {outcome['design'] or 'the design'}: {verdict}: it just won't work"]
        where = f"device {outcome['device']}" if outcome["device"] else "the device"
        return [f"{where}: {verdict}: reliability {outcome['reliability']}, fail hand {outcome['fail_hand']}, "
                f"breakdown {outcome['chance']['percent']:.2f}% a use"]
    return [f"device {outcome['device']}: {verdict}: " + ("repaired" if outcome["success"] else "still broken")]


def _contest_line(before: dict, outcome: dict) -> str:
    person = outcome["person"]
    if "fear" in outcome:
        was, now = (next(p["outcome"] for p in data["participants"] if p["name"] == person)
                    for data in (before, outcome))
        return f"fear check: {was} -> {now}; {person} is now {outcome['fear'] or 'steady'}"
    if "defence" in outcome:
        return f"{possessive(person)} {outcome['defence']['how']} stands at the new hand"
    if outcome["winner"]:
        return f"contest judged again: {outcome['winner']} wins"
    return "contest judged again: " + (f"a tie between {', '.join(outcome['tie'])}" if outcome["tie"]
                                       else "no winner")


def chips_text(data: dict, cards_fmt) -> list[str]:
    """Any chips result: the events (a changed hand, a ritual hand), then the chips block."""
    lines = _ritual_lines(data, cards_fmt) if data["action"] == "ritual" else []
    events = [event for event in data["events"] if event["kind"] != "ritual"]
    lines.extend(_grouped(events) if data["action"] == "session" else map(event_line, events))
    if data["action"] == "spend" and "before" in data:
        lines.append(_judged_line(f"  before ({data['source']}):", data["before"], data["outcome_before"], cards_fmt))
        if data["added"]:
            lines.append(f"  drew: {cards_fmt.many(data['added'])}")
        if data["after"]["picked"]:
            lines.append(f"  wild: {cards_fmt.many([pick['card'] for pick in data['after']['picked']])}")
        lines.append(_judged_line("  after:", data["after"], data["outcome"], cards_fmt))
        lines += ["  " + line for line in _outcome_lines(data["outcome_before"], data["outcome"], cards_fmt)]
    if data.get("stopped"):
        lines.append(f"  stopped after {plural(len(data['events']), 'chip')}: {data['stopped']}")
    for name, why in data.get("skipped", {}).items():
        lines.append(f"  {name} draws nothing: {why}")
    if data["action"] == "session":
        drawing = {name: count for name, count in data.get("counts", {}).items() if count}
        each = f"each draws {plural(data['each'], 'chip')}"
        if len(set(drawing.values())) > 1 or set(drawing.values()) - {data["each"]}:
            each = "they draw " + ", ".join(f"{name} {count}" for name, count in drawing.items())
        lines.insert(0, f"session {data['session']}: {each}; every ritual may be performed again")
    if data["action"] == "wound":
        lines.append(f"{data['player']} takes {plural(data['taken'], 'wound')}")
    if "casts_before" in data:
        lines.append(f"  second wind: casts counted afresh (was {data['casts_before']})")
    if data.get("does") in PICK_ME_UP_WORDS:
        lines.append("  " + PICK_ME_UP_WORDS[data["does"]].format(**data))
    if "reroll" in data:
        lines += _reroll_lines(data["reroll"])
    if "soak" in data:
        lines += _soak_lines(data["soak"])
    if "target" in data:
        from dealer.render.dice import hit_words, incapacitation_line

        target = data["target"]
        lines.append(f"  damage {target['total']} vs {possessive(target['name'])} Toughness {target['toughness']} "
                     f"again: {hit_words(target)}")
        if target.get("incapacitation"):
            lines.append("  " + incapacitation_line(target["name"], target["incapacitation"]))
    if data.get("does") == "unshake":
        lines.append(f"  {data['player']} is no longer Shaken")
    if "action_card" in data:
        card = data["action_card"]
        lines.append(f"  new action card: drew {cards_fmt.one(card['drawn'])}, held {cards_fmt.one(card['held'])}: "
                     f"acts on {cards_fmt.one(card['kept'])}")
        lines += [f"  {note}" for note in card["notes"]] + ["  " + event_text(event, cards_fmt)
                                                              for event in card["events"]]
    return lines + chips_block(data)


def _grouped(events: list[dict]) -> list[str]:
    """A session's chip events, the same chip drawn in a row by one person said once
    (``Sarah draws 3 benny chips (the start of a session)``)."""
    lines: list[str] = []
    run: list[dict] = []
    for event in events + [None]:
        same = run and event is not None and all(event.get(key) == run[0].get(key)
                                                 for key in ("kind", "move", "player", "colour", "why"))
        if same:
            run.append(event)
            continue
        if len(run) > 1 and run[0].get("move") in ("draw", "return") and run[0].get("colour"):
            first = run[0]
            verb = "draws" if first["move"] == "draw" else "throws back"
            lines.append(f"{first['player']} {verb} {len(run)} {first['colour']} chips ({first['why']})")
        elif run:
            lines.append(event_line(run[0]))
        run = [event] if event is not None else []
    return lines


def _reroll_lines(data: dict) -> list[str]:
    """A Benny's reroll: both rolls and which stands."""
    from dealer.render.dice import roll_line

    name = data["bust_name"]
    stands = "the reroll stands" if data["kept"] == "again" else "the first roll stands (the better)"
    if data["again"]["bust"]:
        stands = f"a {name} on the reroll ends the attempt: it stands"
    return [f"  before: {roll_line(data['before'], name)}", f"  reroll: {roll_line(data['again'], name)}",
            f"  {stands}"]


def _soak_lines(data: dict) -> list[str]:
    """A Soak: the roll, the wounds it soaks of the damage, where it leaves the person."""
    from dealer.render.dice import as_line
    from dealer.render.people import harm_words

    soaked = data["soaked"]
    what = "every wound" if soaked == data["wounds"] else f"{soaked} of {plural(data['wounds'], 'wound')}"
    lines = [f"  soak: {as_line({**data['roll'], 'person': data['person']}, data['bust_name'])}",
             f"  soaks {what if soaked else 'nothing'}: {data['person']} is now {harm_words(data['after'])}"]
    if data["undid_incapacitation"]:
        lines.append(f"  {data['person']} is no longer Incapacitated (the Incapacitation roll no longer stands)")
    return lines
