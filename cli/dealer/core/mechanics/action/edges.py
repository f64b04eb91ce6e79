"""One action card a round (SWADE), and the Edges and Hindrances that change the draw.

``[action] deal = "one"``: each character (or group of Extras) is dealt one card, no roll.
``[action.draw_edges]`` says what each listed Edge or Hindrance does, and which roster trait
lists it (``edges = "level headed, quick"``, ``hindrances = "hesitant"``). How they combine
(the ruleset's notes say why):

1. ``replaces``: Improved Level Headed stands in for Level Headed.
2. Cards kept ``best`` and kept ``lowest`` cancel one for one; the net draws that many cards
   more and keeps the best (or the lowest, where a card that acts any time is kept instead).
3. A redraw (Quick) looks at the card chosen: one of ``redraw_at_most`` or lower is
   discarded and another drawn, until one is higher (a Joker is higher than any rank).

Cards set aside go to the discards at once; a deck that runs out reshuffles its discards.

>>> from dealer.store.rulesets import load
>>> sw = load("savage-worlds")
>>> plan = draw_plan(sw, ("level headed", "quick"))
>>> plan.cards, plan.keep, plan.redraw_at_most
(2, 'best', 5)
>>> draw_plan(sw, ("level-headed", "hesitant")).cards
1
>>> codes = lambda cards: [c.code for c in cards]
>>> codes([choose(sw, sw.deck.parse_many("4c Qh 9d"), "best")]), codes([choose(sw, sw.deck.parse_many("Kc BJ"), "lowest")])
(['Qh'], ['BJ'])
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, NamedTuple

from dealer.core.mechanics.action.common import ActionError
from dealer.core.ranks import slug

if TYPE_CHECKING:
    from collections.abc import Iterable

    from dealer.core.cards import Card
    from dealer.core.mechanics.action.common import Participant
    from dealer.core.piles import Piles
    from dealer.core.rules import Ruleset

QUICK_LIMIT = 1000  # redraws at most: a deck of only low cards would go on for ever


class DrawPlan(NamedTuple):
    """How a character draws: ``cards`` drawn, which one is kept (``best``/``lowest``), whether a card
    that acts any time is kept whatever the rule, a redraw limit (a rank value, 0: none), and the
    entries that made it (in the ruleset's order)."""

    cards: int = 1
    keep: str = "best"
    any_time_kept: bool = True
    redraw_at_most: int = 0
    edges: tuple[str, ...] = ()


def draw_plan(ruleset: Ruleset, names: Iterable[str]) -> DrawPlan:
    """The draw of a character with these Edges and Hindrances (names as typed; the ones that do
    not change the draw are ignored)."""
    table = ruleset.action["draw_edges"]
    have = {slug(name) for name in names} & set(table)  # typed names, or slugs already
    for name in list(have):
        have -= set(table[name]["replaces"])
    ordered = [name for name in table if name in have]
    best = sum(table[name]["cards"] for name in ordered if table[name]["keep"] == "best")
    lowest = [name for name in ordered if table[name]["keep"] == "lowest" and table[name]["cards"]]
    low = sum(table[name]["cards"] for name in lowest)
    redraw = [table[name]["redraw_at_most"] for name in ordered if table[name]["redraw_at_most"]]
    limit = max((_rank_value(ruleset, code) for code in redraw), default=0)
    if low > best:
        any_time = all(table[name]["any_time_kept"] for name in lowest)
        return DrawPlan(1 + low - best, "lowest", any_time, limit, tuple(ordered))
    return DrawPlan(1 + best - low, "best", True, limit, tuple(ordered))


def _rank_value(ruleset: Ruleset, code: str) -> int:
    for rank in ruleset.deck.ranks:
        if rank.code.lower() == code.lower():
            return rank.value
    raise ActionError(f"action.draw_edges: no rank '{code}'")  # the loader refuses this first


def strength(ruleset: Ruleset, card: Card) -> tuple[int, int, int]:
    """How early a card acts: a card that acts any time above all, then Ace to Two, ties by suit."""
    effect = ruleset.action["specials"].get(card.code)
    if effect is not None:
        return (2 if effect["any_time"] else 0, 0, 0)
    return (1, card.value, card.suit.strength if card.suit else 0)


def is_any_time(ruleset: Ruleset, card: Card) -> bool:
    effect = ruleset.action["specials"].get(card.code)
    return bool(effect and effect["any_time"])


def choose(ruleset: Ruleset, cards: list[Card], keep: str, any_time_kept: bool = True) -> Card:
    """The card a character acts on, of those drawn (the first of equals)."""
    if keep == "lowest":
        if any_time_kept:
            jokers = [card for card in cards if is_any_time(ruleset, card)]
            if jokers:
                return jokers[0]
        return min(cards, key=lambda card: strength(ruleset, card))
    return max(cards, key=lambda card: strength(ruleset, card))


def is_low(ruleset: Ruleset, card: Card, limit: int) -> bool:
    """A card a redraw (Quick) throws back: a plain card of ``limit`` or lower (a special is high)."""
    return bool(limit) and ruleset.action["specials"].get(card.code) is None and card.value <= limit


def deal_one(ruleset: Ruleset, piles: Piles, deck_name: str, person: Participant, row: dict,
             rng: random.Random) -> list[dict]:
    """Deal ``person`` their one card from ``deck_name`` (drawn by their plan, or typed in), fill ``row``
    and return the events (reshuffles of a deck run out)."""
    plan = draw_plan(ruleset, person.edges)
    deck = ruleset.deck
    if person.cards is not None:
        codes = [card.code for card in deck.parse_many(person.cards)]
        if len(codes) != 1:
            raise ActionError(f"{person.name}: one action card a round here; give one card "
                              f"({person.name}=:Qh), not {len(codes)}")
        piles.take(codes, person.name)
        row["cards"], row["given"] = codes, True
        return []
    events: list[dict] = []
    drawn = _draw(piles, plan.cards, deck_name, person, row, rng, events)
    if not drawn:
        return events
    cards = [deck.parse(code) for code in drawn]
    kept = choose(ruleset, cards, plan.keep, plan.any_time_kept)
    aside = [card.code for card in cards if card is not kept]
    if aside:
        piles.discard(aside, holder=person.name)
    redrawn, discarded = [], list(aside)
    while is_low(ruleset, kept, plan.redraw_at_most):
        higher = piles.holds_any(lambda code: not is_low(ruleset, deck.parse(code), plan.redraw_at_most))
        if not higher or len(redrawn) >= QUICK_LIMIT:
            row["notes"].append(f"no card above {deck.rank(plan.redraw_at_most).name} left to redraw: keeps "
                                f"{kept.code}")
            break
        discarded.append(kept.code)
        piles.discard([kept.code], holder=person.name)
        more = _draw(piles, 1, deck_name, person, row, rng, events)
        if not more:
            break
        kept = deck.parse(more[0])
        redrawn.append(kept.code)
    row["cards"] = [kept.code]
    if plan.edges or plan.cards > 1:
        row["draw"] = {"edges": list(plan.edges), "drawn": drawn, "keep": plan.keep, "redrawn": redrawn,
                       "discarded": discarded}
        row["notes"].append(draw_note(plan, drawn, redrawn, kept.code))
    return events


def _draw(piles: Piles, count: int, deck_name: str, person: Participant, row: dict, rng: random.Random,
          events: list) -> list[str]:
    drawn = piles.draw(count, person.name, rng)
    if drawn.reshuffled:
        events.append({"kind": "reshuffle", "deck": deck_name, "count": drawn.reshuffled,
                       "why": "the deck ran out mid-round"})
    if drawn.short:
        row["notes"].append(f"the {deck_name} deck and its discards ran dry: {len(drawn.cards)} of {count} cards")
    return list(drawn.cards)


def draw_note(plan: DrawPlan, drawn: list[str], redrawn: list[str], kept: str) -> str:
    """``level headed: drew 4c Qh, acts on Qh`` and the like, for the countdown's notes."""
    names = ", ".join(name.replace("-", " ") for name in plan.edges) or "draw"
    text = f"{names}: drew {' '.join(drawn)}"
    if len(drawn) > 1:
        text += f", the {plan.keep}"
        if plan.keep == "lowest" and plan.any_time_kept:
            text += " unless a Joker"
    if redrawn:
        text += f"; redrew {' '.join(redrawn)}"
    return text + f"; acts on {kept}"
