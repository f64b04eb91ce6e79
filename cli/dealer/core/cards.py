"""Cards and decks, built from a ruleset's ``[deck]`` table; parsing and formatting codes.

A deck is data: suits, ranks (lowest first), numbered trumps and special cards (Jokers,
the Fool) all come from the ruleset. Every card object exists once per deck, so cards
compare by identity and hash fast.

>>> deck = Deck.standard()
>>> [card.code for card in deck.parse_many("as 10H th Kd rj")]
Traceback (most recent call last):
...
dealer.errors.CardError: card 'th' is given twice (as '10H' and 'th'): each card is in the deck once
>>> [card.code for card in deck.parse_many("As, 10h, Qd")]
['As', '10h', 'Qd']
>>> deck.parse("A♠").name
'Ace of Spades'
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from dealer.errors import CardError, shown

if TYPE_CHECKING:
    import random
    from collections.abc import Iterable

MAX_DECK = 1000  # cards in a deck (suits x ranks, trumps and specials), so no file asks for millions

PLAIN = "plain"
TRUMP = "trump"
SPECIAL = "special"

# Card order: every trump outranks every plain card; specials have no value of their own.
TRUMP_ORDER_BASE = 100


class Suit:
    __slots__ = ("code", "name", "glyph", "color", "strength")

    def __init__(self, code, name, glyph, color, strength):
        self.code = code
        self.name = name
        self.glyph = glyph
        self.color = color
        self.strength = strength  # higher wins ties where the rules break ties by suit

    def __repr__(self):
        return f"Suit({self.code})"


class Rank:
    __slots__ = ("code", "name", "plural", "value")

    def __init__(self, code, name, plural, value):
        self.code = code
        self.name = name
        self.plural = plural
        self.value = value  # 2 for the lowest listed rank, upward

    def __repr__(self):
        return f"Rank({self.code})"


class Card:
    """One card of one deck; compares by identity. ``order`` sorts cards: trumps above plains.

    Plain classes with slots rather than dataclasses: every ``dealer`` call builds a deck,
    and start-up time is a feature.
    """

    __slots__ = ("index", "code", "name", "kind", "value", "order", "suit", "rank", "color", "glyph")

    def __init__(self, index, code, name, kind, value, order, suit, rank, color, glyph):
        self.index = index
        self.code = code
        self.name = name
        self.kind = kind
        self.value = value  # plain: rank value; trump: its number; special: 0
        self.order = order
        self.suit = suit
        self.rank = rank
        self.color = color
        self.glyph = glyph

    def __repr__(self):
        return f"Card({self.code})"


def _key(text):
    """Normalise a typed card code: case-insensitive, no emoji variation selectors."""
    return text.strip().replace("\ufe0f", "").lower()


class Deck:
    """A ruleset's deck: its cards in a fixed new-deck order, and the codes to type them."""

    def __init__(self, suits, ranks, *, ace_low=True, trump_count=0, trump_prefix="T",
                 trump_names=(), trump_color="none", trump_aliases=None, run_min=3,
                 specials=()):
        self.suits = tuple(suits)
        self.ranks = tuple(ranks)
        self.ace_low = ace_low
        self.trump_count = trump_count
        self.run_min = run_min
        cards = []
        codes = {}
        self.collisions = []  # (form, card, other card): a ruleset mistake the loader reports

        def add(card: Card, forms: list[str]) -> None:
            cards.append(card)
            for form in forms:
                other = codes.setdefault(_key(form), card)
                if other is not card:
                    self.collisions.append((form, other, card))

        for suit, suit_forms in self.suits:
            for rank, rank_forms in reversed(self.ranks):
                card = Card(len(cards), rank.code + suit.code, f"{rank.name.title()} of {suit.name.title()}",
                            PLAIN, rank.value, rank.value, suit, rank, suit.color, rank.code + suit.glyph)
                add(card, [r + s for r in rank_forms for s in suit_forms])
        for number in range(1, trump_count + 1):
            name = trump_names[number - 1] if number <= len(trump_names) else f"Trump {number}"
            code = f"{trump_prefix}{number}"
            forms = [code] + list((trump_aliases or {}).get(number, ()))
            add(Card(len(cards), code, name, TRUMP, number, TRUMP_ORDER_BASE + number, None, None,
                     trump_color, code), forms)
        for special in specials:
            add(Card(len(cards), special["code"], special["name"], SPECIAL, 0, 0, None, None,
                     special["color"], special["glyph"]), [special["code"], *special["aliases"]])
        self.cards = tuple(cards)
        self._codes = codes
        self._plain = {(c.value, c.suit.code): c for c in cards if c.kind == PLAIN}
        self._trumps = {c.value: c for c in cards if c.kind == TRUMP}
        self.suits = tuple(suit for suit, _ in self.suits)
        self.ranks = tuple(rank for rank, _ in self.ranks)

    @classmethod
    def standard(cls, jokers: bool = True) -> Deck:
        """The 52-card deck (plus the red and black Jokers): for doctests and tests."""
        suits = [Suit("s", "spades", "♠", "black", 4), Suit("h", "hearts", "♥", "red", 3),
                 Suit("d", "diamonds", "♦", "red", 2), Suit("c", "clubs", "♣", "black", 1)]
        rank_codes = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
        rank_names = ["two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
                      "jack", "queen", "king", "ace"]
        ranks = []
        for value, (code, name) in enumerate(zip(rank_codes, rank_names), start=2):
            forms = [code] + (["T"] if code == "10" else [])
            ranks.append((Rank(code, name, name + ("es" if name == "six" else "s"), value), forms))
        specials = [
            {"code": "RJ", "name": "Red Joker", "color": "red", "glyph": "RJ", "aliases": ["JR"]},
            {"code": "BJ", "name": "Black Joker", "color": "black", "glyph": "BJ", "aliases": ["JB"]},
        ] if jokers else []
        return cls([(s, [s.code, s.glyph]) for s in suits], ranks, specials=specials)

    def __len__(self):
        return len(self.cards)

    def __iter__(self):
        return iter(self.cards)

    @property
    def top_rank(self) -> int:
        return self.ranks[-1].value

    @property
    def low_rank(self) -> int:
        return self.ranks[0].value

    def plain(self, value: int, suit_code: str) -> Card:
        """The plain card of this rank value and suit (used for what a wild stands for)."""
        return self._plain[(value, suit_code)]

    def trump(self, number: int) -> Card:
        return self._trumps[number]

    def rank(self, value: int) -> Rank:
        return self.ranks[value - self.ranks[0].value]

    def forms_hint(self) -> str:
        """The valid ways to write a card, for error messages."""
        parts = []
        if self.ranks and self.suits:
            ranks = ", ".join(r.code for r in self.ranks)
            suits = ", ".join(s.code for s in self.suits)
            examples = [f"{self.ranks[-1].code}{self.suits[0].code}"]
            if len(self.ranks) > 1:  # a second example from the middle of the deck
                low = self.ranks[max(0, len(self.ranks) - 5)]
                examples.append(f"{low.code}{self.suits[min(1, len(self.suits) - 1)].code}")
            parts.append(f"a rank ({ranks}) then a suit ({suits}), e.g. {' or '.join(examples)}")
        if self.trump_count:
            first, last = self._trumps[1].code, self._trumps[self.trump_count].code
            parts.append(f"trumps {first}..{last}")
        specials = [c.code for c in self.cards if c.kind == SPECIAL]
        if specials:
            parts.append(" and ".join(specials))
        return "; ".join(parts)

    def parse(self, token: str) -> Card:
        """One card from its code (any case), its glyph form, or an alias."""
        card = self._codes.get(_key(token))
        if card is None:
            raise CardError(f"unknown card '{shown(token)}': write {self.forms_hint()}")
        return card

    def parse_many(self, items: str | Iterable[str]) -> list[Card]:
        """Cards from text such as ``"8s 8h, RJ"`` or a list of such strings; no duplicates."""
        if isinstance(items, str):
            items = [items]
        cards, seen = [], {}
        for item in items:
            for token in item.replace(",", " ").split():
                card = self.parse(token)
                if card in seen:
                    raise CardError(f"card '{shown(token)}' is given twice (as '{shown(seen[card])}' and "
                                    f"'{shown(token)}'): "
                                    "each card is in the deck once")
                seen[card] = token
                cards.append(card)
        return cards

    def shuffled(self, rng: random.Random) -> list[Card]:
        """A freshly shuffled copy of the whole deck, top card first."""
        cards = list(self.cards)
        rng.shuffle(cards)
        return cards
