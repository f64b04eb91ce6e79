"""The one skill draw of seed 003: every hand a person draws goes through ``skill_draw``.

Turn order, a spell, a contest, a fear check, a called shot, a helper's hand, a gadget's
design, build or assisting check, a shaman's ritual: each is "a standard hand draw". In order:

1. chips played before the draw (white: a card; red: a wild pick; any chip with a knack);
2. the person's conditions (``conditions.penalties``: winded, shaken, fleeing, wounded), as
   the ruleset charges them for this kind of draw;
3. 5 + skill + modifiers cards, never more than ten (``draws.draw_size``: a wild pick above);
4. the cards, drawn from the source or typed in; the best hand with the wild picks;
5. the Jokers: dead, the Red Joker's chip for the holder (``draws.chip_cards``, except where
   ``draws.chip_except`` names the draw), bust (a Joker with less than the least success) and
   how black the hand is.

A draw's result has one shape wherever it appears (``Draw.to_data``). The mechanic then
judges it: against a target (``Draw.meets``), by steps (gadgets), or against another draw. A
hand kept for a chip after the draw (``last_hand``) is drawn here again, its request as it was
drawn with its cards so far and the chip's card or wild pick, and judged by the same mechanic.

>>> import random
>>> from dealer.store.rulesets import load
>>> from dealer.core.table import Table
>>> from dealer.core.mechanics.conditions import frighten
>>> poker = load("poker-hands")
>>> table = Table(poker, name="t")
>>> frighten(table, "Sam", "shaken")
>>> drawn = skill_draw(poker, table, DrawRequest("contest", "Sam", skill=2), deck_source(table, "dealer",
...                    "Sam", random.Random(1)), random.Random(1))
>>> drawn.size.cards, [(m.why, m.cards) for m in drawn.modifiers]
(6, [('shaken', -1)])
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol

from dealer.core.mechanics import draws
from dealer.core.mechanics.conditions import PARALYSED, Modifier, acted, penalties
from dealer.core.piles import Piles
from dealer.core.results import hand_data
from dealer.core.table import Table

if TYPE_CHECKING:
    from collections.abc import Sequence

    from dealer.core.cards import Card
    from dealer.core.hands import Hand
    from dealer.core.rules import Ruleset


class CardSource(Protocol):
    """Where a draw's cards come from: ``draw`` deals, ``take`` moves cards typed in out of the deck."""

    def draw(self, count: int) -> list[str]: ...

    def take(self, codes: list[str]) -> None: ...


class PilesSource:
    """A deck's piles as a card source for one person: drawn cards go into play with them.

    ``reshuffle``: the discards go back in when the deck runs out; ``short``: what to raise
    instead when it runs out (a contest's one deck cannot deal that many).
    """

    def __init__(self, piles: Piles, holder: str, rng: random.Random, *, reshuffle: bool = True,
                 short: Exception | None = None):
        self.piles, self.holder, self.rng, self.reshuffle, self.refusal = piles, holder, rng, reshuffle, short
        self.reshuffled = 0
        self.short = False  # a draw came up short: the deck (and its discards) ran out

    def draw(self, count: int) -> list[str]:
        drawn = self.piles.draw(count, self.holder, self.rng, self.reshuffle)
        if drawn.short and self.refusal is not None:
            raise self.refusal
        self.reshuffled += drawn.reshuffled
        self.short = self.short or drawn.short
        return drawn.cards

    def take(self, codes: list[str]) -> None:
        self.piles.take(codes, self.holder)


def deck_source(table: Table, deck: str, holder: str, rng: random.Random, **options: Any) -> PilesSource:
    """The table's ``deck`` (made on first use) as a card source for ``holder``."""
    return PilesSource(table.deck(deck, rng), holder, rng, **options)


class Change(NamedTuple):
    """A chip played after the draw (seed 003: "After the hand is drawn, you may play a chip to
    change it"): its cards and wild picks, and why (``red chip``)."""

    why: str
    cards: int = 0
    wild_picks: int = 0


class DrawRequest(NamedTuple):
    """A skill draw as asked: what for, who draws, skill and modifiers, wild picks, chips played
    first (colours, with a knack on the roster), cards typed in, value steps (a helper's pair).

    A draw done keeps its request with the chips played first turned into their cards and picks
    and the person's ``conditions`` as they were charged (``Draw.request``); a hand changed later
    is that request again with ``held`` (its cards so far), the chips played on it since in
    ``after`` and the one played now in ``change``: only its cards are drawn.
    """

    purpose: str
    person: str = ""
    skill: int = 0
    modifiers: tuple[Modifier, ...] = ()
    wild_pick: bool = False
    wild_picks: tuple[Modifier, ...] = ()  # picks from elsewhere (a helper's full house): why, how many
    chips: tuple[str, ...] = ()
    knack: str = ""
    cards: tuple[str, ...] | None = None
    value: int = 0
    master: int | None = None
    conditions: tuple[Modifier, ...] | None = None  # None: the person's conditions now
    held: tuple[str, ...] | None = None
    after: tuple[Change, ...] = ()
    change: Change | None = None


class Draw(NamedTuple):
    """A skill draw done: its request as drawn (``DrawRequest``), every modifier with its reason,
    the size, the cards, the best hand (with the wild picks), its value point, bust and how black,
    and the chips it moved (a hand changed after the draw: the change's)."""

    ruleset: Ruleset
    request: DrawRequest
    modifiers: tuple[Modifier, ...]
    pick_sources: tuple[Modifier, ...]
    size: draws.DrawSize
    typed: bool
    cards: tuple[Card, ...]
    hand: Hand | None
    picked: tuple[Card, ...]
    point: tuple | None
    bust: bool
    chips: tuple[dict, ...]

    @property
    def person(self) -> str:
        return self.request.person

    def meets(self, threshold: tuple) -> bool:
        """At least ``threshold`` (a rank and least value), value steps included; never on a bust."""
        return draws.succeeds(self.point, self.bust, threshold)

    def to_data(self) -> dict:
        ruleset, hand = self.ruleset, self.hand
        subs = hand.substitutions() if hand is not None else {}
        return {"kind": "draw", "purpose": self.request.purpose, "person": self.person or None,
                "skill": self.request.skill, "modifiers": [item.to_data() for item in self.modifiers],
                "asked": self.size.asked, "cards_allowed": self.size.cards, "wild_picks": self.size.wild_picks,
                "picks_from": [{"why": item.why, "picks": item.cards} for item in self.pick_sources],
                "note": self.size.note, "typed": self.typed, "cards": [card.code for card in self.cards],
                "picked": [{"card": card.code, "as": subs.get(card.code)} for card in self.picked],
                "hand": hand_data(hand, ruleset) if hand is not None else None,
                "value": draws.point_data(ruleset, self.point) if self.point is not None else None,
                **draws.bust_data(self.bust, self.cards), "chips": list(self.chips)}


def chips_before(ruleset: Ruleset, table: Table, request: DrawRequest) -> tuple[list[Modifier], list[Modifier], list]:
    """Chips played before the draw: their cards, their wild picks, their spend events."""
    if not request.chips:
        return [], [], []
    from dealer.core.mechanics.chips import chip_before_draw

    cards, picks, events = [], [], []
    for colour in request.chips:
        bonus = chip_before_draw(ruleset, table, request.person, colour, knack=request.knack)
        why = f"{bonus.event['colour']} chip"
        if bonus.cards:
            cards.append(Modifier(why, bonus.cards))
        if bonus.wild_picks:
            picks.append(Modifier(why, bonus.wild_picks))
        events.append(bonus.event)
    return cards, picks, events


def resolved(ruleset: Ruleset, table: Table, request: DrawRequest, chip_cards: Sequence[Modifier] = (),
             chip_picks: Sequence[Modifier] = ()) -> DrawRequest:
    """Steps 1 and 2 of a draw, after the chips are spent (``chips_before``): the request with their
    cards and picks, and the person's conditions as the ruleset charges them for this draw."""
    conditions = request.conditions
    if conditions is None:
        conditions = tuple(penalties(ruleset, table, request.person, request.purpose, master=request.master,
                                     also=_combat_conditions(table, request.person)))
    return request._replace(modifiers=(*request.modifiers, *chip_cards), wild_picks=(*request.wild_picks, *chip_picks),
                            chips=(), knack="", conditions=conditions)


def draw_plan(ruleset: Ruleset, request: DrawRequest) -> tuple[tuple[Modifier, ...], tuple[Modifier, ...],
                                                                 draws.DrawSize]:
    """Step 3 of a ``resolved`` request: every card modifier with its reason, where the wild picks
    come from, and the size; the chips played after the draw add theirs beyond the cap."""
    modifiers = (*request.modifiers, *request.conditions)
    pick_sources = request.wild_picks
    size = draws.draw_size(ruleset, request.skill, [item.cards for item in modifiers], wild_pick=request.wild_pick,
                           extra_picks=sum(item.cards for item in pick_sources))
    if size.note or request.wild_pick:
        own = size.wild_picks - sum(item.cards for item in pick_sources)
        pick_sources += (Modifier(size.note or "asked for at ten cards", own),) if own else ()
    for change in (*request.after, *((request.change,) if request.change else ())):
        why = f"{change.why} after the draw"
        modifiers += (Modifier(why, change.cards),) if change.cards else ()
        pick_sources += (Modifier(why, change.wild_picks),) if change.wild_picks else ()
        size = size._replace(cards=size.cards + change.cards, wild_picks=size.wild_picks + change.wild_picks)
    return modifiers, pick_sources, size


def skill_draw(ruleset: Ruleset, table: Table, request: DrawRequest, source: CardSource, rng: random.Random) -> Draw:
    """Draw a person's hand by the rules every seed-003 draw shares (see the module's docstring);
    a hand ``held`` already is drawn again the same way, with the change's cards only."""
    chip_cards, chip_picks, spent = chips_before(ruleset, table, request)
    request = resolved(ruleset, table, request, chip_cards, chip_picks)
    modifiers, pick_sources, size = draw_plan(ruleset, request)
    if request.held is not None:
        fresh = source.draw(request.change.cards) if request.change and request.change.cards else []
        codes = [*request.held, *fresh]
    elif request.cards is not None:
        codes = fresh = [card.code for card in ruleset.deck.parse_many(" ".join(request.cards))]
        _check_typed(request, modifiers, size, len(codes))
        source.take(codes)
    else:
        codes = fresh = source.draw(size.cards)
    cards = tuple(ruleset.deck.parse(code) for code in codes)
    context = ruleset.context(ruleset.draws["context"] or None)
    hand, picked, point = None, (), None
    if cards:
        hand, picked = draws.best_with_picks(ruleset, list(cards), context, size.wild_picks)
        point = draws.raise_value(ruleset, draws.hand_value(hand, ruleset), request.value)
    bust = draws.is_bust(ruleset, cards, hand)
    chips = [*spent, *_joker_chips(ruleset, table, request, cards[len(codes) - len(fresh):], rng)]
    if request.person and table.persistent and request.held is None:
        _acted(table, request.person)
    return Draw(ruleset, request, tuple(modifiers), tuple(pick_sources), size, request.cards is not None, cards,
                hand, tuple(picked), point, bust, tuple(chips))


def _check_typed(request: DrawRequest, modifiers: tuple[Modifier, ...], size: draws.DrawSize, typed: int) -> None:
    """Cards typed in are held to the count the draw allows, counted as a drawn hand is (a winded or
    shaken person typing six cards at skill 1 is told five): more are refused, saying why; fewer
    stand, played as they are (a hand of fewer than five is)."""
    if typed <= size.cards:
        return
    why = ", ".join([f"skill {request.skill}"] + [f"{item.cards:+d} {item.why}" for item in modifiers])
    picks = f" and {'a wild pick' if size.wild_picks == 1 else f'{size.wild_picks} wild picks'}" if size.wild_picks else ""
    raise draws.DrawError(f"{request.person or 'this draw'} draws {size.cards} card{'' if size.cards == 1 else 's'}"
                          f"{picks} ({why}), not the {typed} typed: type {size.cards}, or give the draw as it was "
                          "asked (the skill, --mod)")


def as_it_stands(ruleset: Ruleset, table: Table, request: DrawRequest) -> Draw:
    """A hand ``held`` already (``DrawRecord.request``), drawn again as it stands: nothing is dealt
    or paid, so the Random is never drawn from."""
    return skill_draw(ruleset, table, request, NoDeal(), random.Random(0))


class NoDeal:
    """The card source of a hand whose cards are in hand already: typed in and taken out of the
    deck before anyone drew (a contest), or rebuilt as it stands to be changed by a chip."""

    def draw(self, count: int) -> list[str]:
        raise AssertionError("a hand in hand already draws nothing")

    def take(self, codes: list[str]) -> None:
        pass


def _combat_conditions(table: Table, person: str) -> tuple[str, ...]:
    """The conditions a hands combat under way gives the person: paralysed when their turn-order
    hand has no pair (``turns.paralysed``)."""
    if not (person and table.persistent):
        return ()
    from dealer.core.mechanics.action.turns import paralysed

    return (PARALYSED,) if paralysed(table, person) else ()


def _acted(table: Table, person: str) -> None:
    """A draw is an action: a standing block lapses, and a dodge at the first action of a later round."""
    from dealer.core.mechanics.action.common import ActionState

    acted(table, person, table.state(ActionState).round)


def _joker_chips(ruleset: Ruleset, table: Table, request: DrawRequest, cards: tuple, rng: random.Random) -> list[dict]:
    """"The person with the hand may also draw a chip from the pot" for each chip card drawn,
    unless the ruleset names this kind of draw as an exception; the draws go in the history."""
    rules = ruleset.draws
    if request.purpose in rules["chip_except"]:
        return []
    paying = [card for card in cards if card.code in rules["chip_cards"]]
    if not paying:
        return []
    from dealer.core.mechanics.chips import pot_draw  # here: most draws pay no chip

    drawer = request.person or "the drawer"
    events = [pot_draw(table, drawer, rng, f"{drawer} drew the {card.name}") for card in paying]
    table.log_events(events)
    return events
