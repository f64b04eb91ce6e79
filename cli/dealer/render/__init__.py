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
