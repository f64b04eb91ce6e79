"""Draws and persistent tables as text."""

from __future__ import annotations

from dealer.render import cell, plural, table_text


def draw_text(results, cards_fmt):
    """One line of cards per deal, and nothing else: notes are ``draw_notes``, printed apart."""
    return [cards_fmt.many(result["cards"]) for result in results]


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
    if "conservation" in chips:
        sums = chips["conservation"]
        counted, start = sum(sums["total"].values()), sum(sums["start"].values())
        lines.append(f"  {counted} chips = starting pot {start} + {sum(sums['created'].values())} created"
                     + ("" if sums["conserved"] else "  (NOT CONSERVED: report this)"))
    harm = result["state"].get("conflict", {}).get("harm", {})
    for person, scores in harm.items():
        lines.append(f"  harm on {person}: " + ", ".join(f"{score} {count}" for score, count in scores.items()))
    return lines


def _log_cells(event):
    detail = " ".join(event["cards"])
    extra = ", ".join(f"{k}={v}" for k, v in event["data"].items() if not isinstance(v, (dict, list)))
    seed = "" if event.get("seed") is None else f"seed {event['seed']}"
    return [str(event["seq"]), event["time"], event["command"], seed, event["kind"], event["deck"] or "",
            " ".join(part for part in (detail, extra) if part)]


def log_text(events):
    return table_text([[cell(text) for text in _log_cells(event)] for event in events]) or ["no events"]


def log_lines(events, widths):
    """``log_text`` one line at a time, the columns as wide as ``widths`` (the widest of each of
    the first six, known beforehand), so a long history is never held."""
    for event in events:
        cells = _log_cells(event)
        yield "  ".join([text.ljust(width) for text, width in zip(cells, widths)] + cells[6:]).rstrip()


def check_text(result):
    """``table check``: whole, or each problem on its own line."""
    if result["whole"]:
        return [f"table {result['table']}: whole (every card once, chips conserved, state, roster and history)"]
    return [f"table {result['table']}: damaged"] + [f"  - {problem}" for problem in result["problems"]]
