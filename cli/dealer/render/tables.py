"""Draws and persistent tables as text."""

from __future__ import annotations

from dealer.render import cell, plural, table_text, value_text


def deal_text(result, cards_fmt):
    """One line of cards, and nothing else: notes are ``draw_notes``, printed apart."""
    return [cards_fmt.many(result["cards"])]


def draw_notes(results):
    """What a person should know about table draws: reshuffles and short draws (for stderr)."""
    notes = []
    for result in results:
        deck = f"{result['table']}'s deck {result['deck']}" if "table" in result else "the deck"
        if result.get("reshuffled"):
            notes.append(f"{deck} ran out: {plural(result['reshuffled'], 'discard')} reshuffled in")
        if result.get("short"):
            got = plural(len(result["cards"]), "card")
            notes.append(f"{deck} came up short: only {got} left to draw")
    return notes


def chips_text(counts):
    return ", ".join(f"{count} {colour}" for colour, count in counts.items() if count) or "none"


def traits_text(traits):
    return (": " + ", ".join(f"{key}={value_text(value)}" for key, value in traits.items())) if traits else ""


def table_event_text(result, cards_fmt):
    """A table made, reset, deleted, shuffled, or cards discarded."""
    name, action = result["table"], result["action"]
    if action == "new":
        pot = f", a pot of {chips_text(result['pot'])}" if result["pot"] else ""
        if result.get("unlimited"):
            pot = f", an unlimited pot of {' and '.join(result['pot'])} chips"
        return [f"table {name}: {result['ruleset']}, a shuffled {result['cards']}-card deck{pot}"]
    if action == "reset":
        return [f"table {name}: every card back and shuffled, chips back in the pot"]
    if action == "delete":
        return [f"table {name} deleted"]
    if action == "shuffle":
        return [f"{deck}: {count} cards shuffled" for deck, count in result["shuffled"].items()]
    deck = f" (deck {result['deck']})" if result["deck"] != "main" else ""  # said when not the table's own
    return [f"discarded: {cards_fmt.many(result['cards'])}{deck}"]


def tables_text(result, cards_fmt):
    rows = [[cell(t["name"]), cell(t["ruleset"]), cell(f"{t['roster']} people"), cell(f"{t['events']} events"),
             cell(f"made {t['created']}")] for t in result["tables"]]
    return table_text(rows) or ["no tables yet: dealer table new NAME"]


def seat_text(result, cards_fmt):
    """``table seat``: a seat made (its store URL, printed once), revoked, or the list."""
    name = result["table"]
    if result["action"] == "list":
        rows = [[cell(seat["seat"]), cell(seat["role"]), cell(", ".join(seat["for"]) or "-"), cell(seat["user"])]
                for seat in result["seats"]]
        return table_text(rows) or [f"table {name} has no seats yet: dealer table seat {name} SEAT --role ROLE"]
    seat = result["seat"]
    who = f" for {', '.join(seat['for'])}" if seat["for"] else ""
    if result["action"] == "revoke":
        return [f"seat {seat['seat']} ({seat['role']}{who}) revoked at table {name}: its role {seat['user']} is gone"]
    return [f"seat {seat['seat']} ({seat['role']}{who}) at table {name}; its player sets (shown once, keep it safe):",
            f"  DEALER_STORE='{seat['store']}'"]


def reveal_text(result, cards_fmt):
    revealed = result["revealed"]
    first, last = revealed["events"]
    lines = [f"table {result['table']}: the secret of events {first} to {last} is {revealed['secret']}",
             f"  it matches the commitment {revealed['commitment']}; check the log: dealer table export "
             f"{result['table']} > {result['table']}.json (the table's owner) && dealer verify {result['table']}.json",
             f"  a fresh secret deals from now on; its commitment: {revealed['next_commitment']}"]
    if revealed.get("reordered"):
        lines.append(f"  it dealt every draw pile anew ({', '.join(revealed['reordered'])}): the secret revealed "
                     "told where each card lay")
    return lines


def store_where(store):
    """A store as a person reads it: the SQLite file's path, or the database (never a password)."""
    if store["kind"] == "sqlite":
        return f"the SQLite file {store['path']}"
    host = f"[{store['host']}]" if store["host"].startswith("/") else store["host"]
    user = f"{store['user']}@" if store["user"] else ""
    return f"postgresql://{user}{host}:{store['port']}/{store['database']}, schema {store['schema']}"


def store_text(result, cards_fmt):
    """``store init`` and ``store show``."""
    where = store_where(result["store"])
    if result["action"] == "init":
        return [f"store ready: {where} (version {result['store']['version']})"]
    return [f"store: {where}: {plural(result['tables'], 'table')}"]


def roster_text(result, cards_fmt):
    """A person joined, changed, left or rested."""
    person, action = result.get("person"), result["action"]
    if action == "add":
        return [f"{person} ({result['side']}) joins table {result['table']}" + traits_text(result["traits"])
                + _budget_text(result.get("budget"))]
    if action == "set":
        return [f"{person} ({result['side']})" + traits_text(result["traits"]) + _budget_text(result.get("budget"))]
    if action == "remove":
        chips = ", ".join(f"{count} {colour}" for colour, count in result.get("chips", {}).items())
        return [f"{person} leaves table {result['table']}" + (f"; their chips go back to the pot: {chips}" if chips else "")]
    lines = []
    for name, rested in result["rested"].items():
        rituals = f"; rituals free again: {', '.join(rested['rituals'])}" if rested["rituals"] else ""
        lines.append(f"{name} rests: casts counted afresh (was {rested['casts_before']}){rituals}")
    return lines or [f"table {result['table']}: nobody on the roster to rest"]


def _budget_text(budget):
    return f" ({budget['spent']} of {budget['points']} points)" if budget else ""


def budget_lines(budgets):
    """Each character's points against the budget, with what is wrong."""
    lines = []
    for person, budget in budgets.items():
        state = "; ".join(budget["problems"]) or "ok"
        lines.append(f"  {person}: {budget['spent']} of {budget['points']} points: {state}")
    return lines


def undo_text(result, cards_fmt):
    undid = result["undid"]
    return [f"table {result['table']}: undid {undid['command']} ({result['events']}, {undid['time']})"]


def import_text(result, cards_fmt):
    return [f"table {result['table']}: imported from {result['file']} ({result['ruleset']}, "
            f"{plural(len(result['decks']), 'deck')}, {result['roster']} on the roster, "
            f"{plural(result['events'], 'event')})"]


def _round_lines(result, cards_fmt):
    """The round under way (who has acted, who is next), who is on Hold, who is out of the fight."""
    from dealer.render.action import turn_words

    lines = []
    turns = result.get("turns")
    if turns and turns["round"]:
        parts = [f"acted {', '.join(turn_words(turn, cards_fmt) for turn in turns['acted']) or 'nobody yet'}"]
        if turns["next"]:
            parts.append(f"next {', '.join(turn_words(turn, cards_fmt) for turn in turns['next'])}")
        parts.append(plural(turns["left"], "turn") + " left" if turns["left"] else "everyone has acted")
        lines.append(f"  round {turns['round']}: " + "; ".join(parts))
    if result.get("hold"):
        lines.append("  on Hold: " + ", ".join(result["hold"]))
    if turns and turns["out"]:
        lines.append("  out of the fight: " + ", ".join(turns["out"]))
    return lines


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
    if "conservation" in chips:
        sums = chips["conservation"]
        counted, start = sum(sums["total"].values()), sum(sums["start"].values())
        lines.append(f"  {counted} chips = starting pot {start} + {sum(sums['created'].values())} created"
                     + ("" if sums["conserved"] else "  (NOT CONSERVED: report this)"))
    from dealer.render.people import conditions_text

    for person, held in result.get("conditions", {}).items():
        lines.append(f"  {person}: {conditions_text(held)}")
    if result.get("under_way"):
        from dealer.render.action import under_way_text

        lines.append("  under way:")
        lines.extend("    " + under_way_text(entry, result["table"]) for entry in result["under_way"])
    lines.extend(_round_lines(result, cards_fmt))
    for name, device in result.get("devices", {}).items():
        lines.append(f"  device {name} ({device['design']}): {'BROKEN' if device['broken'] else 'works'}, "
                     f"reliability {device['reliability']}, {plural(device['uses'], 'use')}")
    harm = result["state"].get("conflict", {}).get("harm", {})
    for person, scores in harm.items():
        lines.append(f"  harm on {person}: " + ", ".join(f"{score} {count}" for score, count in scores.items()))
    return lines


def _log_cells(event):
    detail = " ".join(event["cards"])
    extra = ", ".join(f"{k}={value_text(v)}" for k, v in event["data"].items() if not isinstance(v, (dict, list)))
    seed = "" if event.get("seed") is None else f"seed {event['seed']}"
    return [str(event["seq"]), event["time"], event["command"], seed, event["kind"], event["deck"] or "",
            " ".join(part for part in (detail, extra) if part)]


def log_text(events):
    return table_text([[cell(text) for text in _log_cells(event)] for event in events]) or ["no events"]


def table_log_text(result, cards_fmt=None):
    """``table log --json``'s result as text (the command itself streams ``log_lines``)."""
    return log_text(result["events"])


def log_lines(events, widths):
    """``log_text`` one line at a time, the columns as wide as ``widths`` (the widest of each of
    the first six, known beforehand), so a long history is never held."""
    for event in events:
        cells = _log_cells(event)
        yield "  ".join([text.ljust(width) for text, width in zip(cells, widths)] + cells[6:]).rstrip()


def check_text(result, cards=None):
    """``table check``: whole, or each problem on its own line."""
    if result["whole"]:
        lines = [f"table {result['table']}: whole (every card once, chips conserved, state, roster and history)"]
    else:
        lines = [f"table {result['table']}: damaged"] + [f"  - {problem}" for problem in result["problems"]]
    if result.get("budgets"):
        lines += ["budgets:"] + budget_lines(result["budgets"])
    return lines
