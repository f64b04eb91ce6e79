"""Decks dealt by the table: at a shared table with seats, no process ever holds a draw pile.

The database keeps each deck's draw pile face down and deals from it (``seat_draw`` and the
other functions of ``dealer.store.postgres_grants``); a command's process holds only what it
may see (the discards, the cards in play it may see, its people's sleeves) and the number of
cards left. ``HiddenPiles`` is such a deck for the mechanics: the same moves as ``Piles``, the
ones that touch the draw pile asked of the database. A move that would look through the draw
pile is refused, in words.

The database orders a deck it shuffles by a key only it holds until the table's secret is
revealed: HMAC-SHA256(secret, "SEQ:K:DECK:CARD"), SEQ the number of the command's first event
and K its K-th shuffle (``keyed_order``, the same formula), so ``dealer verify --secret`` can
deal every card again.
"""

from __future__ import annotations

import hashlib
import hmac
from typing import TYPE_CHECKING

from dealer.core.piles import Drawn, Piles
from dealer.errors import TableError

if TYPE_CHECKING:
    import random
    from collections.abc import Iterable, Sequence


def keyed_order(secret: bytes, seq: int, shuffle: int, deck: str, codes: Iterable[str]) -> list[str]:
    """The cards in the order the database shuffles them: by HMAC-SHA256(secret, "SEQ:K:DECK:CARD")."""
    def key(code: str) -> bytes:
        return hmac.new(secret, f"{seq}:{shuffle}:{deck}:{code}".encode(), hashlib.sha256).digest()

    return sorted(codes, key=key)


def face_down(what: str = "this move") -> TableError:
    return TableError(f"{what} looks through the draw pile, which is face down at a shared table (nobody may "
                      "look at the top of the deck): the database deals from it; ask the GM if the rules need it")


class FaceDown:
    """A draw pile nobody at a shared table sees: how many cards it holds, and nothing else."""

    __slots__ = ("count",)

    def __init__(self, count: int):
        self.count = count

    def __len__(self) -> int:
        return self.count

    def __bool__(self) -> bool:
        return self.count > 0

    def __contains__(self, card: object) -> bool:
        return False  # no card is known to be in it

    def __iter__(self):
        raise face_down()

    def __getitem__(self, index):
        raise face_down()

    def __add__(self, other):
        raise face_down()

    def _refused(self, *args, **kwargs):
        raise face_down()

    pop = append = extend = remove = insert = _refused


class HiddenPiles(Piles):
    """One deck of a shared table: its visible places, its face-down draw pile, and ``dealer`` (the
    store's transaction) to deal from it."""

    __slots__ = ("name", "dealer")

    def __init__(self, dealer, name: str, left: int, discards: Iterable[str] = (),
                 play: dict[str, list[str]] | None = None, sleeves: dict[str, str] | None = None):
        super().__init__([], discards, play, sleeves)
        self.draw_pile = FaceDown(left)
        self.dealer = dealer
        self.name = name

    def all_cards(self) -> list[str]:
        """The cards this seat sees (the draw pile's are face down)."""
        held = [card for cards in self.play.values() for card in cards]
        return self.discards + held + list(self.sleeves.values())

    def holds_any(self, wanted) -> bool:
        """A face-down draw pile may hold a wanted card (nobody may look): said so while it has any."""
        return bool(self.draw_pile) or any(wanted(code) for code in self.discards)

    def reshuffle_discards(self, rng: random.Random) -> int:
        count = self.dealer.gather(self.name, "reshuffle")
        self.draw_pile.count += len(self.discards)
        self.discards = []
        return count

    def shuffle(self, rng: random.Random) -> int:
        count = self.dealer.gather(self.name, "shuffle")
        self.draw_pile.count, self.discards = count, []
        return count

    def collect(self, rng: random.Random) -> None:
        self.draw_pile.count = self.dealer.gather(self.name, "collect")
        self.discards, self.play, self.sleeves = [], {}, {}

    def draw(self, count: int, holder: str, rng: random.Random, reshuffle: bool = True) -> Drawn:
        dealt = self.dealer.deal(self.name, count, holder, reshuffle)
        if dealt["reshuffled"]:
            self.draw_pile.count += len(self.discards)
            self.discards = []
        cards = list(dealt["cards"])
        self.draw_pile.count -= len(cards)
        if cards:
            self.play.setdefault(holder, []).extend(cards)
        return Drawn(cards, dealt["reshuffled"], dealt["short"])

    def draw_fresh(self, count: int, holder: str, rng: random.Random, avoid: Iterable[str]) -> list[str]:
        dealt = self.dealer.deal(self.name, count, holder, True, sorted(set(avoid)))
        if dealt["reshuffled"]:
            self.draw_pile.count += dealt["reshuffled"]
            self.discards = [code for code in self.discards if code in set(avoid)]
        cards = list(dealt["cards"])
        self.draw_pile.count -= len(cards)
        if cards:
            self.play.setdefault(holder, []).extend(cards)
        return cards

    def take(self, cards: Sequence[str], holder: str) -> None:
        cards = list(cards)
        self.dealer.take(self.name, cards, holder)
        for card in cards:
            if card in self.discards:
                self.discards.remove(card)
            else:
                self.draw_pile.count -= 1
        self.play.setdefault(holder, []).extend(cards)
