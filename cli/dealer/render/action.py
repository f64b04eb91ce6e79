"""Combat rounds as text: the countdown, the rolls, the events."""

from __future__ import annotations

from dealer.errors import shell_word
from dealer.render import cell, plural, table_text
from dealer.render.events import event_text


def roll_summary(data):
    """One line for a trait roll (``core.results.roll_data``): the dice and faces, or the total given."""
    if not data["by_hand"]:
        faces = " ".join("+".join(map(str, chain)) for chain in data["rolls"])
        shown = f"{data['dice']}: {faces} -> {data['total']}"
    elif data["bust"]:
        shown = "bust (rolled by hand)"
    else:
        shown = f"{data['total']} (rolled by hand)"
    verdict = "bust" if data["bust"] else ("failure" if not data["success"] else
                                          f"success, {plural(data['raises'], 'raise')}")
    return f"{shown} vs TN {data['tn']}: {verdict}"


def countdown_text(result, cards_fmt):
    where = f" on {result['table']}" if result.get("table") else ""
    lines = [f"Round {result['round']}{where}"]
    rows = []
    for entry in result["any_time"]:
        notes = ["may act at any time"] + ([f"{entry['bonus']:+d} to Trait and damage rolls"] if "bonus" in entry
                                           else []) + ([entry["action"]] if "action" in entry else [])
        rows.append([cell("any time"), (cards_fmt.one(entry["card"]), cards_fmt.width(entry["card"])),
                     cell(entry["name"]), cell(entry["side"]), cell("; ".join(notes))])
    for entry in result["countdown"]:
        notes = (["simultaneous"] if entry["simultaneous"] else []) + ([entry["action"]] if "action" in entry else [])
        rows.append([cell(""), (cards_fmt.one(entry["card"]), cards_fmt.width(entry["card"])),
                     cell(entry["name"]), cell(entry["side"]), cell("; ".join(notes))])
    for entry in result["sleeves"]:
        rows.append([cell("sleeve"), (cards_fmt.one(entry["card"]), cards_fmt.width(entry["card"])),
                     cell(entry["name"]), cell(entry["side"]), cell("up the sleeve: play it any time")])
    for entry in result.get("hold", ()):
        rows.append([cell("hold"), cell(""), cell(entry["name"]), cell(entry["side"]),
                     cell("on Hold: acts when they like (dealer action act), or interrupts")])
    lines.extend("  " + line for line in table_text(rows))
    if not rows:
        lines.append("  nobody acts this round")
    rolled = any(key in row for row in result["participants"] for key in ("allowed", "guts", "surprise_trait"))
    lines.append("rolls:" if rolled or not result["participants"] else "draws:")
    for row in result["participants"]:
        parts = []
        if "guts" in row:
            parts.append("Guts " + roll_summary(row["guts"]))
        if "surprise_trait" in row:
            trait = row["surprise_trait"]
            parts.append(f"{trait.replace('-', ' ').capitalize()} " + roll_summary(row[trait]))
        if "quickness" in row:
            parts.append(roll_summary(row["quickness"]) + f" -> {plural(row['allowed'], 'card')}")
        elif row.get("given"):
            parts.append("cards dealt by hand")
        elif "draw" not in row and row["cards"] and "allowed" not in row:
            parts.append(f"dealt {cards_fmt.many(row['cards'])}")
        parts.extend(row["notes"])
        lines.append(f"  {row['name']}: " + "; ".join(parts))
    if result.get("under_way"):
        lines.append("under way:")
        lines.extend("  " + under_way_text(entry, result.get("table")) for entry in result["under_way"])
    if result["events"]:
        lines.append("events:")
        lines.extend("  " + event_text(event, cards_fmt) for event in result["events"])
    return lines


def under_way_text(entry, table=None):
    """A long action between rounds: ``Velvet: mirage, 1 of 3 action cards spent``; a hex whose
    cards are all spent says how to cast it (on ``table``)."""
    line = f"{entry['name']}: {entry['what']}, {entry['spent']} of {entry['cards']} action cards spent"
    if entry["hex"] and entry["ready"]:
        level = f" (level {entry['level']})" if entry.get("level") is not None else ""
        where = f" --table {table}" if table else ""
        return line + (f": cast it now{level}: dealer hex {shell_word(entry['what'])} "
                       f"--caster {shell_word(entry['name'])}{where}")
    return line + (" (a hex: cast on its last card)" if entry["hex"] else "")


def turn_order_text(result, cards_fmt):
    from dealer.render.hands import bust_text

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
        notes = list(row["notes"])
        if row["draw"] and (row["draw"]["modifiers"] or row["draw"]["skill"]):
            size = [f"skill {row['draw']['skill']}"] if row["draw"]["skill"] else []
            notes.insert(0, ", ".join(size + [f"{m['cards']:+d} {m['why']}" for m in row["draw"]["modifiers"]]))
        if row["wild_picks"]:
            notes.append(f"wild pick: {cards_fmt.many(row['wild_picks'])}")
        if row["bust"]:
            notes.append(bust_text(row))
        lines.append(f"  {row['name']}: {cards_fmt.many(row['cards']) or 'no cards'}"
                     + (f"  ({'; '.join(notes)})" if notes else ""))
    for event in result["events"]:
        lines.append("  " + event_text(event, cards_fmt))
    return lines


def new_combat_text(result, cards_fmt):
    return [f"table {result['table']}: a new combat; {', '.join(result['decks'])} decks shuffled, sleeves cleared"]


def sleeve_text(result, cards_fmt):
    instead = " instead of acting on it" if result.get("called") else ""
    return [f"{result['name']} holds {cards_fmt.one(result['card'])} up the sleeve{instead}"]


def play_text(result, cards_fmt):
    return [f"{result['name']} plays {cards_fmt.one(result['card'])} from the sleeve"]


def interrupt_text(result, cards_fmt):
    from dealer.render.dice import roll_line

    verdict = {"first": f"{result['name']} acts first", "simultaneous": "they act simultaneously",
               "after": f"{result['against']} acts first, then {result['name']}",
               "no": f"{result['name']} does not interrupt and keeps the card"}[result["outcome"]]
    card = f" with {cards_fmt.one(result['card'])}" if result.get("card") else ""
    source = " from Hold" if result.get("from") == "hold" else ""
    lines = [f"{result['name']} interrupts {result['against']}{card}{source}: {verdict}"]
    if result["roll"] is None:
        return lines + [f"  {result['why']}"]
    if "wild" in result["roll"] or "wild" in result["their_roll"]:
        name = result.get("bust_name", "bust")
        return lines + [f"  {result['name']}: {roll_line(result['roll'], name)}",
                        f"  {result['against']}: {roll_line(result['their_roll'], name)}"] + _recovery_lines(result)
    return lines + [f"  {result['name']}: {roll_summary(result['roll'])}",
                    f"  {result['against']}: {roll_summary(result['their_roll'])}"]


def hold_text(result, cards_fmt):
    """``action hold`` and ``action act``."""
    waiting = ", ".join(result["holding"]) or "nobody"
    if result["action"] == "hold":
        return [f"{result['name']} goes on Hold (holding {cards_fmt.many(result['cards'])}): acts when they like, "
                f"this round or a later one; on Hold: {waiting}"]
    return [f"{result['name']} acts from Hold; on Hold now: {waiting}"] + _recovery_lines(result)


def begin_text(result, cards_fmt):
    """``action begin`` (and a hex of several cards begun): what is spent now, where it resolves."""
    line = f"{result['name']} begins {result['what']}: {plural(result['cards'], 'action card')}"
    if result["spending"]:
        line += f"; spends {cards_fmt.many(result['spending'], ', ')} this round"
    if result["resolves_on"]:
        return [line + f": resolves on {cards_fmt.one(result['resolves_on'])}"]
    return [line + f" ({result['spent']} of {result['cards']}): the countdown spends the rest, resolving on the last"]


def _turn_cells(turn, cards_fmt):
    """A turn as cells: the card (or hand rank and its cards), the person, their side, its note."""
    if "card" in turn:
        shown = (cards_fmt.one(turn["card"]), cards_fmt.width(turn["card"]))
    else:  # a hand and its cards, or neither: another person's turn, face down
        hand, cards = turn.get("hand", ""), turn.get("cards", [])
        text = hand + (" " + cards_fmt.many(cards) if cards else "")
        shown = (text, len(hand) + (len(" ".join(cards)) + 1 if cards else 0))
    return [shown, cell(turn["name"]), cell(turn["side"]), cell(turn.get("note", ""))]


def turn_words(turn, cards_fmt):
    """``Q♥ Sarah`` or ``Pair K♠ K♥ Bert``."""
    if "card" in turn:
        return f"{cards_fmt.one(turn['card'])} {turn['name']}"
    return f"{turn.get('hand', '')} {cards_fmt.many(turn.get('cards', []))} {turn['name']}".replace("  ", " ").strip()


def _passed_lines(result, cards_fmt):
    lines = []
    if result["sleeves"]:
        lines.append("up sleeves: " + ", ".join(f"{entry['name']} {cards_fmt.one(entry['card'])}"
                                                for entry in result["sleeves"]) + " (play any time)")
    if result["hold"]:
        lines.append("on Hold: " + ", ".join(result["hold"]))
    if result["out"]:
        lines.append("out of the fight: " + ", ".join(result["out"]))
    return lines


def next_text(result, cards_fmt):
    """``action next``: who acts now, who is next, how many turns are left."""
    where = f" on {result['table']}" if result.get("table") else ""
    if not result["now"]:
        lines = [f"Round {result['round']}{where}: everyone has acted; deal the next round: "
                 f"dealer action --table {result['table']}"]
        return lines + ["  " + line for line in _passed_lines(result, cards_fmt)]
    rows = [[cell("now")] + _turn_cells(turn, cards_fmt) for turn in result["now"]]
    rows += [[cell("next")] + _turn_cells(turn, cards_fmt) for turn in result["then"]]
    lines = [f"Round {result['round']}{where}"] + ["  " + line for line in table_text(rows)]
    after = result["left"] - len(result["then"])
    lines.append(f"  {plural(result['left'], 'turn')} left" + (f" ({after} after the next)" if after > 0 and
                                                                 result["then"] else "")
                 if result["left"] else "  nobody after them: the round ends")
    return lines + _recovery_lines(result) + ["  " + line for line in _passed_lines(result, cards_fmt)]


def _recovery_lines(result):
    """SWADE: the recovery rolls as a turn starts (Shaken, Stunned; Bleeding Out on a card)."""
    from dealer.render.dice import recovery_line

    return ["  " + recovery_line(entry) for entry in result.get("recovery", ())]


def turns_text(result, cards_fmt):
    """``action show``: the round's order, each turn with its state."""
    where = f" on {result['table']}" if result.get("table") else ""
    words = {"acted": "acted", "next": "next", "waiting": "", "out": "out", "on hold": "on Hold",
             "passed": "passed", "now": "now", "held": "held"}
    rows = [[cell(words[turn["status"]])] + _turn_cells(turn, cards_fmt) for turn in result["order"]]
    state = "everyone has acted" if result["over"] else f"{plural(result['left'], 'turn')} left"
    lines = [f"Round {result['round']}{where}: {state}"] + ["  " + line for line in table_text(rows)]
    return lines + ["  " + line for line in _passed_lines(result, cards_fmt)] + _conditions_lines(result)


def _conditions_lines(result):
    from dealer.render.people import conditions_text

    return [f"  {name}: {conditions_text(held)}" for name, held in result.get("conditions", {}).items()]


def join_text(result, cards_fmt):
    """``action join``: the latecomer's cards (or hand) and where they fall."""
    back = " (back in the fight)" if result["back"] else ""
    row = result["participant"]
    cards = cards_fmt.many(row["cards"]) if row["cards"] else "no cards"
    lines = [f"{result['name']} ({result['side']}) joins round {result['round']}{back}: {cards}"]
    notes = list(row.get("notes", ()))
    if "quickness" in row:
        notes.insert(0, roll_summary(row["quickness"]) + f" -> {plural(row['allowed'], 'card')}")
    lines.extend(f"  {note}" for note in notes)
    if result["turns"]:
        lines.append("  turns: " + ", ".join(turn_words(turn, cards_fmt) for turn in result["turns"]))
    if result["then"]:
        lines.append("  next: " + ", ".join(turn_words(turn, cards_fmt) for turn in result["then"]))
    lines.extend("  " + event_text(event, cards_fmt) for event in result["events"])
    if not result["later"]:
        lines.append(f"  dealt in for this round only (each round deals the table's roster); to deal "
                     f"{result['name']} in every round: {result['keep']}")
    return lines


def out_text(result, cards_fmt):
    """``action out``: out of the fight, or back in it."""
    if result["back"]:
        line = f"{result['name']} is back in the fight: dealt in from the next round"
        if result["turns"]:
            line += "; their turns this round count again: " + ", ".join(turn_words(turn, cards_fmt)
                                                                         for turn in result["turns"])
        return [line]
    return [f"{result['name']} is out of the fight: passed over in the countdown and dealt nothing until back "
            f"(dealer action out {shell_word(result['name'])} --back --table {result['table']})"]
