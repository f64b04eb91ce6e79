"""Each person's last hand on a table, so that a chip spent after the draw can change it.

Seed 003: "After the hand is drawn, you may play a chip to change it." The mechanics that
draw a hand for a person (a spell, a contest, a conflict) remember it here; ``dealer chips
spend`` reads it back, changes it and re-judges it. Only a person's latest hand can change.

>>> hands = LastHands.from_data({})
>>> record = hands.remember(person="Sally", source="spell", deck="spell:Sally", cards=["8c", "8d"],
...                         target="pair", context="")
>>> LastHands.from_data(hands.to_data()).of("Sally").cards
['8c', '8d']
"""

from __future__ import annotations

from dealer.core.table import check_keys

RECORD_KEYS = ("person", "source", "deck", "cards", "wild_picks", "target", "context", "seq", "data")


class LastHand:
    """One drawn hand: whose, from what (``spell``, ``hex``, ``contest``, ``conflict``), which deck
    its cards came from, the cards, the cards made wild by picks, what it must meet, and ``seq``
    (the table's count of hands drawn, so a later hand is known to be later)."""

    __slots__ = RECORD_KEYS

    def __init__(self, person: str, source: str, deck: str | None, cards: list[str], wild_picks: list[str],
                 target: str | None, context: str, seq: int, data: dict | None = None):
        self.person = person
        self.source = source
        self.deck = deck
        self.cards = list(cards)
        self.wild_picks = list(wild_picks)
        self.target = target
        self.context = context
        self.seq = seq
        self.data = dict(data or {})  # what the source mechanic needs to judge it again

    def to_data(self) -> dict:
        return {key: getattr(self, key) for key in RECORD_KEYS}

    @classmethod
    def from_data(cls, data: dict) -> "LastHand":
        check_keys(data, RECORD_KEYS, "last hand")
        return cls(**data)


class LastHands:
    """The ``hands`` part of a table's state: each person's latest hand."""

    KEY = "hands"
    __slots__ = ("by_person", "seq")

    def __init__(self, by_person: dict[str, LastHand], seq: int = 0):
        self.by_person = by_person
        self.seq = seq

    @classmethod
    def from_data(cls, data: dict) -> "LastHands":
        check_keys(data, ("people", "seq"), "hands state")
        return cls({name: LastHand.from_data(item) for name, item in data.get("people", {}).items()},
                   data.get("seq", 0))

    def to_data(self) -> dict:
        if not self.by_person:
            return {}
        return {"people": {name: hand.to_data() for name, hand in self.by_person.items()}, "seq": self.seq}

    def remember(self, *, person: str, source: str, deck: str | None, cards: list[str], target: str | None,
                 context: str, wild_picks: list[str] = (), data: dict | None = None) -> LastHand:
        self.seq += 1
        record = LastHand(person, source, deck, cards, list(wild_picks), target, context, self.seq, data)
        self.by_person[person] = record
        return record

    def of(self, person: str) -> LastHand | None:
        return self.by_person.get(person)
