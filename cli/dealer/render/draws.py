"""A person's skill draw as text, one way wherever it appears (spells, contests, gadgets, rituals).

Reads the data of ``skill_draw.Draw.to_data``: the skill and every modifier with its reason
(``-1 winded``), the cards, the wild picks, the best hand, bust and how black, the chips.
"""

from __future__ import annotations

from dealer.render import plural
from dealer.render.events import event_line
from dealer.render.hands import bust_text, hand_line


def size_text(draw: dict) -> str:
    """``skill 3, +1 mod, -1 winded: 8 cards and a wild pick``, or the cards dealt by hand."""
    parts = [f"skill {draw['skill']}"] + [f"{item['cards']:+d} {item['why']}" for item in draw["modifiers"]]
    if draw["typed"]:
        return ", ".join(parts) + f": {plural(len(draw['cards']), 'card')} dealt by hand"
    picks = draw["wild_picks"]
    pick = " and a wild pick" if picks == 1 else (f" and {picks} wild picks" if picks else "")
    return ", ".join(parts) + f": {plural(draw['cards_allowed'], 'card')}{pick}"


def draw_lines(draw: dict, cards, indent: str = "") -> list[str]:
    """The cards drawn (or why none), the wild picks, the hand, a bust, the chips it moved."""
    lines = [f"{indent}drew: {cards.many(draw['cards']) or 'nothing'}"]
    if draw["note"] and not draw["typed"]:
        lines.append(f"{indent}  ({draw['note']})")
    for pick in draw["picked"]:
        lines.append(f"{indent}wild pick: {cards.one(pick['card'])} becomes {cards.one(pick['as'])}")
    if draw["hand"]:
        lines.append(f"{indent}hand: {hand_line(draw['hand'], cards)}")
    if draw["bust"]:
        lines.append(f"{indent}{bust_text(draw)}")
    lines.extend(f"{indent}{event_line(event)}" for event in draw["chips"])
    return lines
