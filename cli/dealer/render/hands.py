"""Hands as data and text: the best five, wilds, thresholds, comparisons."""

from __future__ import annotations


def bonus_text(bonus: dict) -> str:
    """A helper's bonus to the leader's draw (``draws.HelperBonus.to_data``) in words."""
    from dealer.render import plural

    parts = []
    if bonus["cards"]:
        parts.append(f"+{plural(bonus['cards'], 'card')}")
    if bonus["wild_picks"]:
        parts.append(f"+{plural(bonus['wild_picks'], 'wild pick')}")
    if bonus["value"]:
        parts.append(f"+{bonus['value']} value")
    if bonus["note"]:
        parts.append(bonus["note"])
    return ", ".join(parts) or "nothing"


def bust_text(data: dict) -> str:
    """"How black is your hand": the one line for a bust (``draws.bust_data``)."""
    black = data["how_black"]
    return (f"BUST: a Joker and less than a pair. How black is your hand? {black['black']} black, "
            f"{black['red']} red")


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
    if result["bust"]:
        lines.append(bust_text(result))
    if "min" in result:
        verdict = "met" if result["min"]["met"] else "not met"
        lines.append(f"at least {result['min']['threshold']}: {verdict}")
    return lines
