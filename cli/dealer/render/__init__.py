"""Results as data, and that data as text or JSON: the one place output is shaped.

Every command builds a JSON-ready ``result`` dict; ``--json`` prints it inside the envelope
``{"schema": 1, "command", "ruleset", "seed", "result"}``, ``--jsonl`` prints one envelope
per line, and the text renderers here read the very same dict, so the two never drift.
"""

from __future__ import annotations

import click

SCHEMA = 2

# --ascii: the odds bars' block elements become '#' (a part of a cell counts from a half).
_ASCII_BARS = str.maketrans({"\u2588": "#", "\u258c": "#", "\u258b": "#", "\u258a": "#", "\u2589": "#",
                             "\u258f": "", "\u258e": "", "\u258d": ""})


def plural(count, word):
    return f"{count} {word}{'' if count == 1 else 's'}"


def envelope(command, ruleset, seed, result):
    return {"schema": SCHEMA, "command": command, "ruleset": ruleset, "seed": seed, "result": result}


def emit(settings, envelopes, text_lines, notes=()):
    """Print the envelopes as JSON or JSON Lines, or else the text lines.

    ``notes`` (the deck ran out, ...) go to stderr with text output, so that stdout holds only
    data (JSON has them as fields). On a
    terminal the text ends with a dim ``seed N`` line when the command used randomness.
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
        if settings.terminal:
            line = seed_line(envelopes)
            if line:
                click.echo(click.style(line, dim=True) if settings.color else line)


def seed_line(envelopes):
    """``seed 1234`` for a result that used randomness (``seeds 1234 to 1236`` for repeats)."""
    seeds = [item["seed"] for item in envelopes if item.get("seed") is not None]
    if not seeds:
        return None
    low, high = min(seeds), max(seeds)
    return f"seed {low}" if low == high else f"seeds {low} to {high}, one per result"


class Cards:
    """Formats card codes for a terminal (glyphs, red in red) or as plain codes.

    ``fancy``: glyphs in place of codes; ``color``: red cards in red (codes or glyphs).
    """

    def __init__(self, deck, fancy, color=False):
        self.deck = deck
        self.fancy = fancy
        self.color = color

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
