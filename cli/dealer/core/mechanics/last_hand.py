"""Each person's last hand on a table, so that a chip spent after the draw can change it.

Seed 003: "After the hand is drawn, you may play a chip to change it." The mechanics that
draw a hand for a person (a spell, a contest) remember it here; ``dealer chips spend`` reads
it back, changes it and re-judges it. Only a person's latest hand can change.

>>> hands = LastHands.from_data({}, "hands")
>>> record = hands.remember(person="Sally", source="spell", deck="spell:Sally", cards=["8c", "8d"], target="pair")
>>> LastHands.from_data(hands.to_data(), "hands").of("Sally").cards
['8c', '8d']
"""

from __future__ import annotations

from dealer.core.record import CARD, COUNT, JSON, TEXT, Field, ListOf, MapOf, Maybe, Nested, Part, Record

from typing import TYPE_CHECKING
if TYPE_CHECKING:
    from collections.abc import Sequence


class LastHand(Record):
    """One drawn hand: whose, from what (``spell``, ``contest``), which deck its cards came from,
    the cards, the cards made wild by picks, what it must meet, and ``seq`` (the table's count of
    hands drawn, so a later hand is known to be later); ``data``: what the source mechanic needs
    to judge it again (a helper's value steps)."""

    FIELDS = {"person": Field(TEXT), "source": Field(TEXT), "deck": Field(Maybe(TEXT)), "cards": Field(ListOf(CARD)),
              "wild_picks": Field(ListOf(CARD)), "target": Field(Maybe(TEXT)), "seq": Field(COUNT),
              "data": Field(JSON)}


class LastHands(Part):
    """The ``hands`` part of a table's state: each person's latest hand."""

    KEY = "hands"
    FIELDS = {"people": Field(MapOf(Nested(LastHand)), {}), "seq": Field(COUNT, 0)}

    @classmethod
    def upgrade(cls, states: dict, version: int) -> None:
        """Format 3 judges every skill draw in the ruleset's one context (``draws.context``): a
        hand no longer keeps its own."""
        hands = states.get("hands")
        people = hands.get("people") if version == 2 and isinstance(hands, dict) else None
        for record in people.values() if isinstance(people, dict) else ():
            if isinstance(record, dict):
                record.pop("context", None)

    def to_data(self) -> dict:
        return super().to_data() if self.people else {}

    def remember(self, *, person: str, source: str, deck: str | None, cards: list[str], target: str | None,
                 wild_picks: Sequence[str] = (), data: dict | None = None) -> LastHand:
        self.seq += 1
        record = LastHand(person=person, source=source, deck=deck, cards=list(cards), wild_picks=list(wild_picks),
                          target=target, seq=self.seq, data=dict(data or {}))
        self.people[person] = record
        return record

    def of(self, person: str) -> LastHand | None:
        return self.people.get(person)
