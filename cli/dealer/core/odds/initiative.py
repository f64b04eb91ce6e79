"""Exact odds of one action card a round (SWADE): the chance to act before a given card, with and
without each Edge and Hindrance that changes the draw.

The other's card X is out of the deck; the character draws from the other cards, which the
question makes uniform (whatever else was dealt is unseen). Those cards fall into at most four
classes, ordered: low cards (a redraw's, Quick: Five or lower) that do not beat X, the others
that do not, the plain cards that beat X, and the cards that act any time (a Joker acts when its
holder likes, so before X). Only the class of each drawn card matters, so the draws are counted
by how many come from each class (a product of binomials), not one by one:

* keep ``best``: the highest class drawn; ``lowest``: the lowest, unless a card that acts any
  time is among them (``any_time_kept``);
* a kept low card is redrawn (Quick) until a higher one comes: the first higher card in what is
  left of the deck is uniform over the higher cards not drawn, so it beats X with the share of
  those that do.

``tests/core/test_initiative_odds.py`` checks every figure against a brute force over every set of
cards drawn, with the mechanic's own choice of card, and a simulation of dealt rounds.

>>> from dealer.store.rulesets import load
>>> sw = load("savage-worlds")
>>> before(sw, sw.deck.parse("Kh"), draw_plan(sw, ()))  # As Ah Ad Ac Ks and both Jokers
Fraction(7, 53)
>>> before(sw, sw.deck.parse("Kh"), draw_plan(sw, ("level-headed",))) == 1 - Fraction(46 * 45, 53 * 52)
True
"""

from __future__ import annotations

from fractions import Fraction
from math import comb

from dealer.core.traits import edge_names
from dealer.core.mechanics.action.edges import DrawPlan, draw_plan, is_any_time, is_low, strength
from dealer.errors import DealerError

from typing import TYPE_CHECKING
if TYPE_CHECKING:
    from dealer.core.cards import Card
    from dealer.core.rules import Ruleset


class InitiativeError(DealerError):
    """A question the card odds cannot answer: a Joker as the card to beat, an unknown Edge."""


def deals_one(ruleset: Ruleset) -> bool:
    """The ruleset deals one action card a character (``action.deal = "one"``)."""
    action = ruleset.action
    return "action" in ruleset.document["mechanics"] and action["style"] == "countdown" and action["deal"] == "one"


def _classes(ruleset: Ruleset, against: Card, plan: DrawPlan) -> list[tuple[int, bool, bool, bool]]:
    """The cards left, as ordered classes ``(count, beats the card, is low, acts any time)``, weakest
    first: low cards sit below the others and the cards that beat ``against`` above those that do not,
    so ordering by (acts any time, beats, not low) orders the cards themselves."""
    mine = strength(ruleset, against)
    found: dict[tuple[bool, bool, bool], int] = {}
    for card in ruleset.deck:
        if card is against:
            continue
        key = (is_any_time(ruleset, card), strength(ruleset, card) > mine,
               not is_low(ruleset, card, plan.redraw_at_most))
        found[key] = found.get(key, 0) + 1
    return [(count, beats, not high, any_time) for (any_time, beats, high), count in sorted(found.items())]


def before(ruleset: Ruleset, against: Card, plan: DrawPlan) -> Fraction:
    """The exact chance that a character drawing by ``plan`` acts before the holder of ``against``."""
    if is_any_time(ruleset, against):
        raise InitiativeError(f"the {against.name} acts whenever its holder likes: nobody acts before it by card")
    classes = _classes(ruleset, against, plan)
    total = sum(count for count, _, _, _ in classes)
    draw = min(plan.cards, total)
    highs = sum(count for count, _, low, _ in classes if not low)
    high_beats = sum(count for count, beats, low, _ in classes if beats and not low)
    wins = Fraction(0)
    for picks in _splits(draw, [count for count, _, _, _ in classes]):
        ways = 1
        for (count, _, _, _), k in zip(classes, picks):
            ways *= comb(count, k)
        drawn = [i for i, k in enumerate(picks) if k]
        any_time = [i for i in drawn if classes[i][3]]
        if plan.keep == "lowest":
            kept = any_time[0] if plan.any_time_kept and any_time else drawn[0]
        else:
            kept = drawn[-1]
        _, beats, low, _ = classes[kept]
        if low and plan.redraw_at_most:
            left = highs - sum(k for (_, _, lw, _), k in zip(classes, picks) if not lw)
            left_beats = high_beats - sum(k for (_, b, lw, _), k in zip(classes, picks) if b and not lw)
            wins += Fraction(ways * left_beats, left) if left else (ways if beats else 0)
        elif beats:
            wins += ways
    return wins / comb(total, draw)


def joker_chance(plan: DrawPlan, cards: int, jokers: int, low: int = 0) -> Fraction:
    """The exact chance that a character drawing by ``plan`` from a deck of ``cards`` cards, ``jokers``
    of them Jokers (cards that act any time) and ``low`` of them low plain cards (a redraw's, Quick),
    acts on a Joker: the classes low, other plain and Joker counted as ``before`` counts them; a
    kept low card is redrawn until a card that is not low comes, which is a Joker with the Jokers'
    share of those left.

    >>> from dealer.store.rulesets import load
    >>> sw = load("savage-worlds")
    >>> joker_chance(draw_plan(sw, ()), 54, 2), joker_chance(draw_plan(sw, ("quick",)), 54, 2, 20)
    (Fraction(1, 27), Fraction(1, 17))
    """
    classes = [(low, True, False), (cards - jokers - low, False, False), (jokers, False, True)]  # weakest first
    draw = min(plan.cards, cards)
    highs = cards - low
    wins = Fraction(0)
    for picks in _splits(draw, [count for count, _, _ in classes]):
        ways = 1
        for (count, _, _), k in zip(classes, picks):
            ways *= comb(count, k)
        drawn = [i for i, k in enumerate(picks) if k]
        if not drawn:
            continue
        if plan.keep == "lowest":
            kept = 2 if plan.any_time_kept and picks[2] else drawn[0]
        else:
            kept = drawn[-1]
        if classes[kept][2]:
            wins += ways
        elif classes[kept][1] and plan.redraw_at_most:
            left = highs - picks[1] - picks[2]
            wins += Fraction(ways * (jokers - picks[2]), left) if left else 0
    return wins / comb(cards, draw) if cards else Fraction(0)


def _splits(n: int, sizes: list[int]):
    """Every way to take ``n`` cards from classes of these sizes: counts per class."""
    if not sizes:
        if n == 0:
            yield ()
        return
    for k in range(min(n, sizes[0]) + 1):
        for rest in _splits(n - k, sizes[1:]):
            yield (k, *rest)


def card_odds(ruleset: Ruleset, cards: str | None = None, combos: tuple[str, ...] = ()) -> dict:
    """The table ``dealer odds action`` prints: for each card to beat (``cards``; default each rank,
    over its four suits), the chance to act before it with no Edge, each entry of
    ``action.draw_edges`` alone, and each combination in ``combos`` (``"level headed+quick"``)."""
    ruleset.require("action")
    table = ruleset.action["draw_edges"]
    columns = [("no Edge", ())] + [(name.replace("-", " "), (name,)) for name in table]
    for text in combos:
        names = edge_names(text)
        unknown = [name for name in names if name not in table]
        if unknown or not names:
            raise InitiativeError(f"--edges '{text[:40]}': '{(unknown or [''])[0]}' does not change the draw in "
                                  f"{ruleset.name} (it reads {', '.join(table) or 'none'}); join several with +")
        columns.append((" + ".join(name.replace("-", " ") for name in names), names))
    plans = [draw_plan(ruleset, names) for _, names in columns]
    deck = ruleset.deck
    rows = []
    if cards:
        for card in deck.parse_many(cards):
            rows.append({"against": card.code, "fractions": [before(ruleset, card, plan) for plan in plans]})
    else:
        for rank in reversed(deck.ranks):
            suited = [deck.plain(rank.value, suit.code) for suit in deck.suits]
            rows.append({"against": rank.code, "any_suit": True,
                         "fractions": [sum((before(ruleset, card, plan) for card in suited), Fraction(0)) / len(suited)
                                       for plan in plans]})
    return {"deck": len(deck), "columns": [{"name": name, "edges": list(names)} for name, names in columns],
            "plans": [plan._asdict() for plan in plans], "rows": rows}
