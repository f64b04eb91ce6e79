"""Where every card and chip of a table is: pure state and the moves that keep it whole.

A table has named decks. Each card of a deck is in exactly one place: the draw pile (top
first), the discard pile, in play (held by someone, or by the table), or up someone's
sleeve. Every move below keeps that true and returns the events to record; nothing here
touches files. Chips sit in the pot or with a player, and moves conserve them.

>>> import random
>>> piles = Piles.fresh(["As", "Kd", "Qh"], random.Random(1))
>>> drawn = piles.draw(2, "Sarah", random.Random(2))
>>> drawn.cards, piles.counts()
(['Kd', 'Qh'], {'deck': 1, 'discard': 0, 'play': 2, 'sleeve': 0})
>>> piles.discard(["Qh"])
['Qh']
>>> piles.draw(2, "Sarah", random.Random(3)).reshuffled
1
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple, NoReturn

from dealer.errors import DealerError

if TYPE_CHECKING:
    import random
    from collections.abc import Callable, Iterable, Sequence

TABLE_HOLDER = ""  # cards dealt to the table itself, not to a person
MAX_CHIPS = 10**9  # any one count of chips a table keeps (a stored table or an import past it is damaged)


class PileError(DealerError):
    """A move that the cards' places do not allow (discarding a card not in play, ...)."""


class Drawn(NamedTuple):
    """The result of one draw: the cards; how many discards were shuffled back in to get them (0
    if none); whether the deck and its discards ran dry before the count was met."""

    cards: list[str]
    reshuffled: int = 0
    short: bool = False


class Piles:
    """One deck's cards by place."""

    __slots__ = ("draw_pile", "discards", "play", "sleeves")

    def __init__(self, draw_pile: Iterable[str], discards: Iterable[str] = (),
                 play: dict[str, list[str]] | None = None, sleeves: dict[str, str] | None = None):
        self.draw_pile = list(draw_pile)  # top card first
        self.discards = list(discards)
        self.play = {holder: list(cards) for holder, cards in (play or {}).items() if cards}
        self.sleeves = dict(sleeves or {})  # holder -> one card

    @classmethod
    def fresh(cls, codes: Iterable[str], rng: random.Random) -> Piles:
        """A whole deck, shuffled."""
        cards = list(codes)
        rng.shuffle(cards)
        return cls(cards)

    def all_cards(self) -> list[str]:
        held = [card for cards in self.play.values() for card in cards]
        return self.draw_pile + self.discards + held + list(self.sleeves.values())

    def counts(self) -> dict[str, int]:
        return {"deck": len(self.draw_pile), "discard": len(self.discards),
                "play": sum(map(len, self.play.values())), "sleeve": len(self.sleeves)}

    def holds_any(self, wanted: Callable[[str], bool]) -> bool:
        """Whether a card still to be dealt (the draw pile, or the discards shuffled back) is ``wanted``."""
        return any(wanted(code) for code in self.draw_pile) or any(wanted(code) for code in self.discards)

    def place_of(self, card: str) -> str | None:
        if card in self.draw_pile:
            return "deck"
        if card in self.discards:
            return "discard"
        for holder, cards in self.play.items():
            if card in cards:
                return "play"
        if card in self.sleeves.values():
            return "sleeve"
        return None

    def holder_of(self, card: str) -> str | None:
        for holder, cards in self.play.items():
            if card in cards:
                return holder
        for holder, sleeve in self.sleeves.items():
            if sleeve == card:
                return holder
        return None

    # -- moves ------------------------------------------------------------------------------

    def reshuffle_discards(self, rng: random.Random) -> int:
        """Shuffle the discard pile under the draw pile (cards in play and sleeves stay)."""
        count = len(self.discards)
        rng.shuffle(self.discards)
        self.draw_pile.extend(self.discards)
        self.discards = []
        return count

    def shuffle(self, rng: random.Random) -> int:
        """Gather the draw pile and the discards and shuffle them (held cards stay held)."""
        self.draw_pile.extend(self.discards)
        self.discards = []
        rng.shuffle(self.draw_pile)
        return len(self.draw_pile)

    def collect(self, rng: random.Random) -> None:
        """Every card back and shuffled: a new combat or a reset."""
        self.draw_pile = self.all_cards()
        self.discards, self.play, self.sleeves = [], {}, {}
        rng.shuffle(self.draw_pile)

    def draw(self, count: int, holder: str, rng: random.Random, reshuffle: bool = True) -> Drawn:
        """Deal ``count`` cards to ``holder``; an empty draw pile reshuffles the discards once
        (unless ``reshuffle`` is False: a deck reshuffled only by command comes up short)."""
        cards, reshuffled = [], 0
        while len(cards) < count:
            if not self.draw_pile:
                if not self.discards or not reshuffle:
                    break
                reshuffled = self.reshuffle_discards(rng)
            cards.append(self.draw_pile.pop(0))
        if cards:
            self.play.setdefault(holder, []).extend(cards)
        return Drawn(cards, reshuffled, short=len(cards) < count)

    def draw_fresh(self, count: int, holder: str, rng: random.Random, avoid: Iterable[str]) -> list[str]:
        """Deal ``count`` cards to ``holder``, none of them in ``avoid`` (a hand's own cards, shuffled
        back since it was drawn): the first such from the top, and when there is none, the discards
        but ``avoid`` shuffled under the draw pile. Fewer when the deck has no more."""
        avoid = set(avoid)
        out = []
        for _ in range(count):
            fresh = [code for code in self.draw_pile if code not in avoid]
            if not fresh:
                waiting = [code for code in self.discards if code not in avoid]
                rng.shuffle(waiting)
                self.discards = [code for code in self.discards if code in avoid]
                self.draw_pile.extend(waiting)
                fresh = waiting
            if not fresh:
                break
            out.append(fresh[0])
            self.take([fresh[0]], holder)
        return out

    def take(self, cards: Iterable[str], holder: str) -> None:
        """Cards dealt by hand: out of the draw pile (or the discards) into ``holder``'s hand."""
        for card in cards:
            if card in self.draw_pile:
                self.draw_pile.remove(card)
            elif card in self.discards:
                self.discards.remove(card)
            else:
                self.cannot_deal(card, holder)
            self.play.setdefault(holder, []).append(card)

    def cannot_deal(self, card: str, holder: str) -> NoReturn:
        """Refuse a card typed in that is out already (in play, up a sleeve) or not of this deck."""
        place = self.place_of(card)
        owner = self.holder_of(card) or "the table"
        where = f"up {owner}'s sleeve" if place == "sleeve" else (
            f"in play with {owner}" if place == "play" else "not in this deck")
        raise PileError(f"{card} cannot be dealt to {holder or 'the table'}: it is {where}")

    def discard(self, cards: Sequence[str], holder: str | None = None) -> list[str]:
        """Move cards in play (any holder's, or ``holder``'s) or up a sleeve to the discards."""
        for card in cards:
            place = self.place_of(card)
            owner = self.holder_of(card)
            if place not in ("play", "sleeve") or (holder is not None and owner != holder):
                where = {"deck": "still in the deck", "discard": "already discarded",
                         None: "not in this deck"}.get(place, f"held by {owner or 'the table'}")
                raise PileError(f"cannot discard {card}: it is {where}")
            if place == "play":
                self.play[owner].remove(card)
                if not self.play[owner]:
                    del self.play[owner]
            else:
                del self.sleeves[owner]
            self.discards.append(card)
        return list(cards)

    def discard_all_in_play(self) -> list[str]:
        """End of a round: every card in play goes to the discards (sleeves stay)."""
        cards = [card for held in self.play.values() for card in held]
        self.discards.extend(cards)
        self.play = {}
        return cards

    def to_sleeve(self, holder: str, card: str) -> None:
        """Put one of ``holder``'s cards in play up their sleeve (one card at a time)."""
        if card not in self.play.get(holder, ()):
            raise PileError(f"{card} is not one of {holder}'s cards in play")
        if holder in self.sleeves:
            raise PileError(f"{holder} already has {self.sleeves[holder]} up the sleeve: one card at a time")
        self.play[holder].remove(card)
        if not self.play[holder]:
            del self.play[holder]
        self.sleeves[holder] = card

    def hold_played(self, holder: str, card: str) -> None:
        """A card just played (on the discards) held up ``holder``'s sleeve instead, one at a time."""
        if card not in self.discards:
            raise PileError(f"{card} is not on the discards: it was not just played")
        if holder in self.sleeves:
            raise PileError(f"{holder} already has {self.sleeves[holder]} up the sleeve: one card at a time")
        self.discards.remove(card)
        self.sleeves[holder] = card

    def from_sleeve(self, holder: str) -> str:
        """Play the sleeve card: it goes to the discards."""
        card = self.sleeves.pop(holder, None)
        if card is None:
            raise PileError(f"{holder} has no card up the sleeve")
        self.discards.append(card)
        return card


class Chips:
    """The pot and each player's chips; every move conserves the total. ``drawn_from``: this
    command's blind draws, each with the pot it was drawn from (for the history: ``Table.log_events``).
    ``drawn_for``: colours a player's next blind draws come out as, drawn already by whoever deals
    (a shared table's database draws the chip of a chip card it deals)."""

    __slots__ = ("pot", "players", "drawn_from", "drawn_for")

    def __init__(self, pot: dict[str, int], players: dict[str, dict[str, int]] | None = None):
        self.pot = {colour: count for colour, count in pot.items()}
        self.players = {name: dict(held) for name, held in (players or {}).items()}
        self.drawn_from: list[tuple[str, str, dict[str, int]]] = []
        self.drawn_for: dict[str, list[str]] = {}

    def total(self) -> dict[str, int]:
        counts = dict(self.pot)
        for held in self.players.values():
            for colour, count in held.items():
                counts[colour] = counts.get(colour, 0) + count
        return counts

    def held(self, player: str) -> int:
        return sum(self.players.get(player, {}).values())

    def draw(self, player: str, rng: random.Random, cap: int = 0) -> str | None:
        """A blind draw from the pot, weighted by what is in it; None if empty or capped."""
        if cap and self.held(player) >= cap:
            return None
        colour = self.blind(rng, player)
        if colour is not None:
            self.move(None, player, colour)
        return colour

    def pot_drawn_from(self, player: str, colour: str) -> dict[str, int] | None:
        """The pot that ``player``'s blind draw of ``colour`` came from (the first not yet asked for)."""
        for i, (who, drawn, pot) in enumerate(self.drawn_from):
            if who == player and drawn == colour:
                del self.drawn_from[i]
                return pot
        return None

    def blind(self, rng: random.Random, player: str | None = None) -> str | None:
        """The colour of a blind draw from the pot, weighted by what is in it (nothing moves); None if
        empty. A draw for a ``player`` is noted in ``drawn_from``, with the pot it came from."""
        counts = [(colour, count) for colour, count in sorted(self.pot.items()) if count > 0]
        total = sum(count for _, count in counts)
        if not total:
            return None
        if player is not None and self.drawn_for.get(player):
            colour = self.drawn_for[player].pop(0)
        else:
            index = rng.randrange(total)  # as rng.choice picks from the chips in a row, without the row
            for colour, count in counts:
                if index < count:
                    break
                index -= count
        if player is not None:
            self.drawn_from.append((player, colour, dict(self.pot)))
        return colour

    def create(self, colour: str, count: int = 1) -> None:
        """New chips into the pot (a ritual's straight flush): the caller counts them as created."""
        self.pot[colour] = self.pot.get(colour, 0) + count

    def move(self, giver: str | None, taker: str | None, colour: str, count: int = 1) -> None:
        """Move chips between the pot (``None``) and players."""
        source = self.pot if giver is None else self.players.setdefault(giver, {})
        have = source.get(colour, 0)
        if have < count:
            who = "the pot" if giver is None else giver
            raise PileError(f"{who} has {have} {colour} chip{'s' if have != 1 else ''}, not {count}")
        source[colour] = have - count
        target = self.pot if taker is None else self.players.setdefault(taker, {})
        target[colour] = target.get(colour, 0) + count

    def draw_event(self, player: str, rng: random.Random, cap: int, why: str) -> dict:
        """A chip draw as an event for a result: the colour, or None and why not."""
        colour = self.draw(player, rng, cap)
        event = {"kind": "chip", "move": "draw", "player": player, "colour": colour, "why": why}
        if colour is None:
            event["note"] = "no chip: the pot is empty or the player holds the most allowed"
        return event

    def return_all(self) -> None:
        for held in self.players.values():
            for colour, count in held.items():
                self.pot[colour] = self.pot.get(colour, 0) + count
        self.players = {}
