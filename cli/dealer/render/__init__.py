"""Results as data, and that data as text or JSON: the one place output is shaped.

Every command builds a JSON-ready ``result`` dict that says what it is (``kind``); ``--json``
prints it inside the envelope ``{"schema", "command", "ruleset", "seed", "result"}``,
``--jsonl`` prints one envelope per line, and ``text`` picks the text renderer by ``kind``
(as d20's stringifiers pick a method by node type), so the two never drift.
"""

from __future__ import annotations

import importlib

import click

SCHEMA = 3

# Each result's kind and the renderer that writes it as text: ``function(data, cards)``.
RENDERERS = {
    "deal": "dealer.render.tables:deal_text",
    "hand": "dealer.render.hands:hand_text",
    "roll": "dealer.render.dice:roll_text",
    "roll-odds": "dealer.render.dice:roll_odds_text",
    "damage": "dealer.render.dice:roll_text",
    "damage-odds": "dealer.render.dice:roll_odds_text",
    "rulesets": "dealer.render.rulesets:rulesets_list_text",
    "ruleset": "dealer.render.rulesets:ruleset_show_text",
    "ruleset-check": "dealer.render.rulesets:ruleset_check_text",
    "ruleset-new": "dealer.render.rulesets:ruleset_new_text",
    "rulesets-diff": "dealer.render.rulesets:rulesets_diff_text",
    "round": "dealer.render.action:countdown_text",
    "turn-order": "dealer.render.action:turn_order_text",
    "new-combat": "dealer.render.action:new_combat_text",
    "sleeve": "dealer.render.action:sleeve_text",
    "play-sleeve": "dealer.render.action:play_text",
    "interrupt": "dealer.render.action:interrupt_text",
    "hold": "dealer.render.action:hold_text",
    "long-action": "dealer.render.action:begin_text",
    "next": "dealer.render.action:next_text",
    "turns": "dealer.render.action:turns_text",
    "join": "dealer.render.action:join_text",
    "out": "dealer.render.action:out_text",
    "hex": "dealer.render.hex:hex_text",
    "spell": "dealer.render.hex:spell_text",
    "catalogue": "dealer.render.hex:catalogue_text",
    "conflict": "dealer.render.conflict:scores_text",
    "contest": "dealer.render.conflict:contest_text",
    "harm": "dealer.render.conflict:harm_text",
    "clear": "dealer.render.conflict:clear_text",
    "conflict-state": "dealer.render.conflict:show_text",
    "design": "dealer.render.gadget:design_text",
    "build": "dealer.render.gadget:build_text",
    "use": "dealer.render.gadget:use_text",
    "repair": "dealer.render.gadget:repair_text",
    "devices": "dealer.render.gadget:devices_text",
    "chips": "dealer.render.chips:chips_text",
    "odds-hand": "dealer.render.odds:hand_odds_text",
    "odds-hex": "dealer.render.odds:hex_odds_text",
    "odds-action": "dealer.render.odds:action_odds_text",
    "odds-action-card": "dealer.render.odds:card_odds_text",
    "odds-gadget": "dealer.render.odds:gadget_odds_text",
    "odds-conflict": "dealer.render.odds:conflict_odds_text",
    "table": "dealer.render.tables:table_event_text",
    "tables": "dealer.render.tables:tables_text",
    "table-show": "dealer.render.tables:table_show_text",
    "condition": "dealer.render.people:condition_text",
    "table-undo": "dealer.render.tables:undo_text",
    "table-log": "dealer.render.tables:table_log_text",
    "table-import": "dealer.render.tables:import_text",
    "table-check": "dealer.render.tables:check_text",
    "table-fork": "dealer.render.verify:fork_text",
    "table-stats": "dealer.render.stats:stats_text",
    "verify": "dealer.render.verify:verify_text",
    "roster": "dealer.render.tables:roster_text",
    "store": "dealer.render.tables:store_text",
    "table-seat": "dealer.render.tables:seat_text",
    "table-reveal": "dealer.render.tables:reveal_text",
}


def text(data, cards):
    """The text lines of a result, by its ``kind`` (the renderer's module is imported on demand)."""
    module, _, name = RENDERERS[data["kind"]].partition(":")
    return getattr(importlib.import_module(module), name)(data, cards)

# --ascii: the odds bars' block elements become '#' (a part of a cell counts from a half).
_ASCII_BARS = str.maketrans({"\u2588": "#", "\u258c": "#", "\u258b": "#", "\u258a": "#", "\u2589": "#",
                             "\u258f": "", "\u258e": "", "\u258d": ""})


def possessive(name: str) -> str:
    """``Quinn's``, ``Cultists'``."""
    return name + ("'" if name.endswith("s") else "'s")


def plural(count: int, word: str) -> str:
    """``1 card``, ``2 cards``, ``2 categories``.

    >>> plural(1, "card"), plural(2, "category"), plural(0, "day")
    ('1 card', '2 categories', '0 days')
    """
    if count == 1:
        return f"{count} {word}"
    if word.endswith("y") and word[-2:-1] not in tuple("aeiou"):
        return f"{count} {word[:-1]}ies"
    return f"{count} {word}s"


def value_text(value) -> str:
    """A logged or reported value as a person reads it: yes, no, none (never True, False, None)."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    return "none" if value is None else str(value)


def envelope(command, ruleset, seed, result):
    return {"schema": SCHEMA, "command": command, "ruleset": ruleset, "seed": seed, "result": result}


def emit(settings, envelopes, text_lines, notes=()):
    """Print the envelopes as JSON or JSON Lines, or else the text lines.

    ``notes`` (the deck ran out, ...) go to stderr, so that stdout holds only data (JSON has
    them as fields too). A text result that used randomness tells its seed (``show_seed``).
    """
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
            click.echo(line.translate(_ASCII_BARS) if settings.ascii else line)
    for note in notes:
        click.echo(f"dealer: {note}", err=True)
    if not (settings.jsonl or settings.json):
        show_seed(settings, seed_line(envelopes))


def show_seed(settings, line):
    """The seed line of a text result, where a person sees it and data stays clean: dim under the
    text on a terminal; on stderr when stdout goes to a file or pipe but stderr is a terminal
    (``dealer draw 3 > log.txt`` still tells its seed); nowhere when both are redirected."""
    if not line:
        return
    if settings.terminal:
        click.echo(click.style(line, dim=True) if settings.color else line)
    elif settings.stderr_terminal:
        click.echo(f"dealer: {line}", err=True)


def seed_line(envelopes):
    """``seed 1234`` for a result that used randomness (``seeds 1234 to 1236`` for repeats)."""
    seeds = [item["seed"] for item in envelopes if item.get("seed") is not None]
    if not seeds:
        return None
    low, high = min(seeds), max(seeds)
    return f"seed {low}" if low == high else f"seeds {low} to {high}, one per result"


class Cards:
    """Formats card codes for a terminal (glyphs, red in red) or as plain codes: what every text
    renderer is given beside the data.

    ``fancy``: glyphs in place of codes; ``color``: red cards in red (codes or glyphs).
    """

    def __init__(self, deck, fancy, color=False, ascii=False):
        self.deck = deck
        self.fancy = fancy
        self.color = color
        self.ascii = ascii  # --ascii: '#' for the odds bars too

    def one(self, code):
        if not (self.fancy or self.color):
            return code
        card = self.deck.parse(code)
        text = card.glyph if self.fancy else code
        return click.style(text, fg="red") if self.color and card.color == "red" else text

    def many(self, codes, sep=" "):
        return sep.join(self.one(code) for code in codes)

    def width(self, code):
        """Printed width (colour codes take none)."""
        return len(self.deck.parse(code).glyph if self.fancy else code)


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
