"""Cards already held, evaluated (``dealer hand``): the best five, a threshold, a comparison, a bust.

Pure: the command parses the words, this judges them, a renderer writes the result. A bust is
the skill draw's rule (``draws.is_bust``: a Joker with less than the least success), told
the same way wherever a hand can bust.

>>> from dealer.store.rulesets import load
>>> poker = load("poker-hands")
>>> evaluate(poker, ["RJ 2c 5d 9h Ks"], minimum="pair").to_data()["bust"]
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from dealer.errors import CardError

if TYPE_CHECKING:
    from collections.abc import Sequence

    from dealer.core.cards import Card
    from dealer.core.hands import Hand
    from dealer.core.ranks import Context
    from dealer.core.rules import Ruleset


class HandResult(NamedTuple):
    """A hand held: its context, its best five, what a threshold and a second hand make of it."""

    ruleset: Ruleset
    context: Context
    cards: list[Card]
    hand: Hand
    minimum: str | None
    met: bool | None
    other: Hand | None
    winner: str | None

    def to_data(self) -> dict:
        from dealer.core.mechanics import draws
        from dealer.core.results import hand_data

        data = {"kind": "hand", "context": self.context.name, "hand": hand_data(self.hand, self.ruleset),
                **draws.bust_data(draws.is_bust(self.ruleset, self.cards, self.hand), self.cards)}
        if self.minimum:
            rank = self.ruleset.threshold(self.minimum)[0]
            data["min"] = {"threshold": self.minimum, "rank": rank.id, "met": self.met}
        if self.other is not None:
            data["vs"] = hand_data(self.other, self.ruleset)
            data["winner"] = self.winner
        return data


def evaluate(ruleset: Ruleset, cards: list[str], *, context: str | None = None, minimum: str | None = None,
             versus: Sequence[str] = ()) -> HandResult:
    """The best hand of ``cards`` (codes, several per word) in ``context`` (``none``: no wilds), at
    least ``minimum`` or not, against the hand of ``versus``."""
    ruleset_context = ruleset.context("" if context == "none" else context)
    held = ruleset.deck.parse_many(cards)
    first = ruleset.ranking.best(held, ruleset_context)
    met = ruleset.ranking.meets(first, ruleset.threshold(minimum)) if minimum else None
    other = winner = None
    if versus:
        other_cards = ruleset.deck.parse_many(list(versus))
        shared = sorted({card.code for card in other_cards} & {card.code for card in held})
        if shared:
            raise CardError(f"card {', '.join(shared)} is in both hands: a deck holds each card once")
        other = ruleset.ranking.best(other_cards, ruleset_context)
        winner = {1: "first", -1: "second", 0: "tie"}[ruleset.ranking.compare(first, other)]
    return HandResult(ruleset, ruleset_context, held, first, minimum, met, other, winner)
