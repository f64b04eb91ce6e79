"""Dust Devils and Weird Dust Devils conflicts (seed 001): dealt by two Scores, won by the best hand.

The Dealer names two Scores; each participant is dealt their sum, plus Power when they use
it, plus extra cards, from the ``dealer`` deck gathered and shuffled for the conflict (or
plays cards typed in). Each plays the best five. A Power user must play an Arcane hand (a
Trump, or a wild standing for one, among the five) or loses, ranked below every other hand.
The best hand wins and every loser takes its harm: mundane harm on the Scores of the winning
cards' suits, Arcane harm anywhere, Power only from Arcane harm. The lowest card played gives
its player the Twist, the highest makes its player the Narrator. An exact tie is reported,
never settled silently.

A Weird Dust Devils conflict with cards typed in: Doc used Power but holds no Trump, so his
straight flush loses to Kid's pair.

>>> import random
>>> from dealer.store.rulesets import load
>>> from dealer.core.table import Table
>>> from dealer.core.mechanics.conflict.common import parse_request
>>> wdd = load("weird-dust-devils")
>>> request = parse_request(wdd, ["Doc=:2Sw 3Sw 4Sw 5Sw 6Sw", "Kid=:9Cu 9Co KWa 3Co 2Co"], {"power": ["Doc"]})
>>> result = resolve_scores(wdd, request, Table.fresh(wdd), random.Random(1))
>>> result.winner, result.seats[0].lost_by_rule, result.harm["amount"], result.harm["allowed"]
('Kid', True, 1, ['Heart', 'Guts', 'Eye'])
"""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING, Any, NamedTuple

from dealer.core.cards import PLAIN, TRUMP
from dealer.core.hands import Hand
from dealer.core.mechanics.conflict.common import (DECK, ConflictError, Entrant, ScoresRequest, score_name,
                                                   score_names, suit_codes)
from dealer.core.mechanics.conflict.harm import owe
from dealer.core.numbers import whole_number
from dealer.core.piles import Piles
from dealer.core.ranks import Context
from dealer.core.results import hand_data
from dealer.core.table import Table
from dealer.errors import did_you_mean, shell_word

if TYPE_CHECKING:
    import random

    from collections.abc import Sequence

    from dealer.core.cards import Card
    from dealer.core.rules import Ruleset

LOST = (-1,)  # the key of a hand lost by rule: below every real hand, equal to every other


def _level(value: Any, person: str, score: str) -> int:
    if isinstance(value, bool):
        raise ConflictError(f"{person}'s {score} must be a whole number of 0 or more, not '{value}'")
    return whole_number(value, f"{person}'s {score}", low=0, high=1000, error=ConflictError)


class Entry(NamedTuple):
    """One participant of a Scores conflict before the deal: their Scores, Weird, Power, extra cards."""

    name: str
    scores: dict
    weird: str
    power: bool
    extra: int


class Seat(NamedTuple):
    """One participant after the deal: the entry, the cards (``typed`` in or dealt), the hand
    played, and whether it lost by rule (Power without an Arcane hand)."""

    entry: Entry
    typed: bool
    cards: tuple[Card, ...]
    hand: Hand
    lost_by_rule: bool

    @property
    def name(self) -> str:
        return self.entry.name

    @property
    def key(self) -> tuple:
        return LOST if self.lost_by_rule or self.hand is None else self.hand.key


def _inline_scores(ruleset: Ruleset, entrant: Entrant) -> dict[str, Any]:
    values = {}
    for item in entrant.spec.replace(",", " ").split():
        key, sep, value = item.partition("=")
        if not sep:
            raise ConflictError(f"{entrant.name}: '{item}': write SCORE=N, e.g. "
                                f"{shell_word(entrant.name)}=\"hand=4 eye=3\"")
        values[score_name(ruleset, key, f"{entrant.name}: ")] = value
    return values


def _entry(ruleset: Ruleset, request: ScoresRequest, entrant: Entrant, table: Table) -> Entry:
    """A participant's Scores (typed inline, else from the roster) and options, validated."""
    rules = ruleset.conflict
    values = _inline_scores(ruleset, entrant)
    if not values and entrant.cards is None and table.persistent and entrant.name not in table.roster:
        meant = did_you_mean(entrant.name, table.roster)  # a bare name takes its Scores from the roster
        if meant:
            raise ConflictError(f"{entrant.name} is not on the roster of table '{table.name}' ({meant})")
    for name in score_names(ruleset):
        if name not in values and table.trait(entrant.name, name.lower()) is not None:
            values[name] = table.trait(entrant.name, name.lower())
    scores = {name: _level(value, entrant.name, name) for name, value in values.items()}
    weird = dict(request.weird).get(entrant.name) or str(table.trait(entrant.name, "weird") or "")
    power = entrant.name in request.power
    if power and not rules["power"]:
        raise ConflictError(f"--power {entrant.name}: {ruleset.name} has no Power")
    if power and scores.get(rules["power"], None if entrant.cards else 0) == 0:
        raise ConflictError(f"--power {entrant.name}: {entrant.name} has no {rules['power']} "
                            f"(give {rules['power'].lower()}=N)")
    extra = sum(n for name, n in request.extra if name == entrant.name)
    return Entry(entrant.name, scores, weird, power, extra)


def _check_request(ruleset: Ruleset, request: ScoresRequest) -> list[str]:
    """Refuse what the rules do not allow before anything is dealt; the Dealer's two Scores."""
    names = [entrant.name for entrant in request.participants]
    if len(names) < 2:
        raise ConflictError(f"a conflict needs two or more participants, not {len(names)}: "
                            "dealer conflict Doc=\"hand=4 eye=3\" Kid=\"hand=2 eye=5\" --scores hand,eye")
    doubled = sorted({name for name in names if names.count(name) > 1})
    if doubled:
        raise ConflictError(f"{', '.join(doubled)} is named twice: each participant once")
    for name in list(request.power) + [n for n, _ in request.extra] + [n for n, _ in request.weird]:
        if name not in names:
            raise ConflictError(f"'{name}' is not a participant of this conflict ({', '.join(names)})")
    chosen = [score_name(ruleset, text, "--scores: ") for text in request.scores]
    if all(entrant.cards for entrant in request.participants) and not chosen:
        return []
    if len(chosen) != 2:
        raise ConflictError(f"--scores: the Dealer names two Scores (e.g. --scores hand,eye), not {len(chosen)}")
    if chosen[0] == chosen[1]:
        raise ConflictError(f"--scores: {chosen[0]} is named twice; name two different Scores")
    if ruleset.conflict["power"] in chosen:
        raise ConflictError(f"--scores: {ruleset.conflict['power']} is added with --power NAME, not named")
    return chosen


def resolve_scores(ruleset: Ruleset, request: ScoresRequest, table: Table, rng: random.Random) -> ScoresResult:
    """A Dust Devils conflict from the deal to harm, Twist and Narrator (see the module's doctest)."""
    plan = _Plan(ruleset, request, table)
    dealt = _deal(ruleset, plan, table, rng)
    seats = [_play(ruleset, entry, typed, cards, plan.context) for entry, (typed, cards) in zip(plan.entries, dealt)]
    result = decide(ruleset, plan.chosen, seats, table.name)
    _record(result, table)
    return result


class _Plan:
    """A conflict before the deal: the Dealer's two Scores, each participant's entry, the cards
    typed in (by name) and how many cards each of the others is dealt; whatever the rules
    refuse is refused here, before anything is dealt."""

    def __init__(self, ruleset: Ruleset, request: ScoresRequest, table: Table):
        self.chosen = _check_request(ruleset, request)
        self.entries = [_entry(ruleset, request, entrant, table) for entrant in request.participants]
        deck = ruleset.deck
        self.typed = {e.name: deck.parse_many(e.cards) for e in request.participants if e.cards}
        self.sizes = {entry.name: _deal_size(entry, self.chosen, ruleset.conflict["power"]) for entry in self.entries
                      if entry.name not in self.typed}
        left = len(deck) - sum(map(len, self.typed.values()))
        if sum(self.sizes.values()) > left:
            raise ConflictError(f"the deal needs {sum(self.sizes.values())} cards but the {len(deck)}-card deck has "
                                f"{left} left to deal: fewer Scores or extra cards, or type the cards in")
        self.context = ruleset.context(ruleset.conflict["context"] or None)


def _deal_size(entry: Entry, chosen: list[str], power_name: str) -> int:
    for name in chosen + ([power_name] if entry.power else []):
        if name not in entry.scores:
            raise ConflictError(f"{entry.name} has no {name} Score: give it "
                                f"({shell_word(entry.name)}=\"{name.lower()}=N ...\"), "
                                "set it on the roster, or type in their cards")
    count = sum(entry.scores[name] for name in chosen) + (entry.scores[power_name] if entry.power else 0) + entry.extra
    if count < 1:
        raise ConflictError(f"{entry.name} would be dealt {count} cards: a conflict hand needs at least one")
    return count


def _deal(ruleset: Ruleset, plan: _Plan, table: Table, rng: random.Random) -> list[tuple[bool, tuple[Card, ...]]]:
    """Gather and shuffle the dealer deck; cards typed in are taken from it, the rest dealt.
    Returns ``(typed, cards)`` for each entry."""
    piles = table.fresh_deck(DECK, rng)
    _take_typed(plan, piles)
    out = []
    for entry in plan.entries:
        if entry.name in plan.typed:
            out.append((True, tuple(plan.typed[entry.name])))
        else:
            codes = piles.draw(plan.sizes[entry.name], entry.name, rng, False).cards
            out.append((False, tuple(ruleset.deck.parse(code) for code in codes)))
    return out


def _take_typed(plan: _Plan, piles: Piles) -> None:
    """The cards typed in out of the deck before anyone is dealt (a card typed twice is refused)."""
    for name, cards in plan.typed.items():
        piles.take([card.code for card in cards], name)


def seat_key(ruleset: Ruleset, entry: Entry, cards: Sequence[Card], context: Context) -> tuple:
    """``Seat.key`` of ``_play``'s seat, without building the hand where no rule reads it.

    A Power user's hand must be Arcane. With no Trump and no wild it is lost, with nothing
    evaluated. The best hand is Arcane, and its key the seat's, when it must play a Trump or a
    wild that stands only for one: fewer than five cards are left without those, or the cards
    left (no wild among them) make a lower key. Otherwise ``_play`` decides.
    """
    ranking = ruleset.ranking
    if not entry.power:
        return ranking.key(cards, context)
    strong, wilds = _anchor_cards(ruleset, context)
    rest = [card for card in cards if card not in strong]
    if len(rest) == len(cards) and wilds.isdisjoint(cards):
        return LOST  # nothing anchors an Arcane hand (best_arcane finds none)
    if len(rest) < len(cards):
        if len(rest) < min(5, len(cards)):
            return ranking.key(cards, context)
        if wilds.isdisjoint(rest):
            best = ranking.key(cards, context)
            if ranking.key(rest, context) < best:
                return best
    return _play(ruleset, entry, False, tuple(cards), context).key


def top_seats(keys: list[tuple]) -> list[int]:
    """The places of the best hand: one winner, or everyone tied at the top."""
    top = max(keys)
    return [i for i, key in enumerate(keys) if key == top]


def _play(ruleset: Ruleset, entry: Entry, typed: bool, cards: tuple[Card, ...], context: Context) -> Seat:
    """The best hand; a Power user's must be Arcane, or the seat loses by rule."""
    hand = ruleset.ranking.best(list(cards), context)
    lost = False
    if entry.power and not hand.arcane:
        arcane = best_arcane(ruleset, list(cards), context)
        lost = arcane is None
        hand = hand if lost else arcane
    return Seat(entry, typed, cards, hand, lost)


def best_arcane(ruleset: Ruleset, cards: list[Card], context: Context) -> Hand | None:
    """The best hand of ``cards`` whose five hold a Trump or a wild standing for one; None if none can.

    >>> from dealer.store.rulesets import load
    >>> wdd = load("weird-dust-devils")
    >>> best_arcane(wdd, wdd.deck.parse_many("KSw KCu KWa KCo T3 2Co"), wdd.context("conflict"))
    Hand(Four of a Kind: KSw KCu KWa KCo T3)
    """
    found = _arcane_five(ruleset, cards, context)
    if found is None:
        return None
    five, _, as_trump = found
    best = ruleset.ranking.best(five, context)
    if not best.arcane:
        best = ruleset.ranking.best(five, as_trump)
    played = set(map(id, best.played))
    return Hand(best.rank, best.played, best.stands_for, best.key,
                tuple(card for card in cards if id(card) not in played), best.dead)


def _arcane_five(ruleset: Ruleset, cards: list[Card], context: Context) -> tuple | None:
    """``(five, key, context with the wilds standing for Trumps)`` of the best Arcane hand of
    ``cards`` (the first five of that key), or None when no Trump and no wild anchors one.

    Five holding a Trump, or a wild that stands only for one, are Arcane as they are: their key
    is enough. Five whose anchors are wilds of any card are evaluated, and where they are not
    Arcane evaluated again with those wilds standing for Trumps; where those wilds are no card
    of their own (the Fool: wild whatever it stands for, so every choice ties on wilds alike),
    the key with them standing for Trumps is that Arcane hand's either way.
    """
    wild = context.wild
    anchors = {card for card in cards if card.kind == TRUMP or wild.get(card)}
    if not anchors:
        return None
    strong = {card for card in anchors if card.kind == TRUMP or wild.get(card) == "trump"}
    as_trump = _wilds_as_trumps(context)
    key_of, best, best_key = ruleset.ranking.key, None, None
    for five in combinations(cards, min(5, len(cards))):
        if anchors.isdisjoint(five):
            continue
        if not strong.isdisjoint(five):
            key = key_of(five, context)
        elif all(card.kind not in (PLAIN, TRUMP) for card in anchors.intersection(five)):
            key = key_of(five, as_trump)
        else:  # a plain card wild may stand for itself, a natural: the hand decides
            hand = ruleset.ranking.best(list(five), context)
            if not hand.arcane:
                hand = ruleset.ranking.best(list(five), as_trump)
            key = hand.key if hand.arcane else None
        if key is not None and (best_key is None or key > best_key):
            best, best_key = five, key
    return list(best), best_key, as_trump


_AS_TRUMPS: dict[int, tuple] = {}
_ANCHORS: dict[tuple, tuple] = {}


def _anchor_cards(ruleset: Ruleset, context: Context) -> tuple[frozenset, frozenset]:
    """``(cards that make a hand Arcane whenever played, wild cards)`` of the deck in ``context``:
    the Trumps and the wilds that stand only for one; worked out once per context."""
    found = _ANCHORS.get((id(ruleset.deck), id(context)))
    if found is None or found[0] is not context:
        if len(_ANCHORS) > 32:
            _ANCHORS.clear()
        wild = context.wild
        strong = frozenset(card for card in ruleset.deck if card.kind == TRUMP or wild.get(card) == "trump")
        found = _ANCHORS[(id(ruleset.deck), id(context))] = (context, strong, frozenset(wild))
    return found[1], found[2]


def _wilds_as_trumps(context: Context) -> Context:
    """``context`` with its wild cards of any card standing for Trumps only: one object per
    context, so that the ranking's tables for it are built once, not at every hand."""
    found = _AS_TRUMPS.get(id(context))
    if found is None or found[0] is not context:
        if len(_AS_TRUMPS) > 32:
            _AS_TRUMPS.clear()
        restricted = {card: "trump" for card in context.wild if card.kind != TRUMP}
        found = _AS_TRUMPS[id(context)] = (context, Context(context.name, {**context.wild, **restricted},
                                                            context.natural_beats_wild, context.penalty))
    return found[1]


def standing(card: Card, stands_for: Card | None) -> tuple[int, int, int]:
    """A played card's place in the full card order: Trumps by number over plain cards by rank,
    then suit; a wild ranks as the card it stands for, just below that card itself."""
    effective = stands_for or card
    return effective.order, effective.suit.strength if effective.suit else 0, 0 if stands_for else 1


def _played(seats: list[Seat]) -> list[tuple]:
    return [(standing(card, sub), seat.name, card, sub) for seat in seats if seat.hand
            for card, sub in zip(seat.hand.played, seat.hand.stands_for)]


def _extreme(played: list[tuple], pick) -> dict:
    best = pick(item[0] for item in played)
    holders = [item for item in played if item[0] == best]
    first = holders[0]
    return {"person": first[1], "card": first[2].code, "as": (first[3] or first[2]).code,
            "tied": [item[1] for item in holders[1:]]}


class ScoresResult(NamedTuple):
    """A Scores conflict resolved: the seats, the winner or the tie, harm, Twist, Narrator."""

    ruleset: Ruleset
    chosen: list[str]
    seats: list[Seat]
    table: str | None
    winner: str | None
    tie: list[str]
    harm: dict | None
    twist: dict
    narrator: dict

    def _deal_parts(self, seat: Seat) -> list[list]:
        """Where the cards dealt came from: ``[["Hand", 4], ["Eye", 3], ["Power", 2], ["extra", 1]]``."""
        entry = seat.entry
        if seat.typed:
            return []
        names = self.chosen + ([self.ruleset.conflict["power"]] if entry.power else [])
        return [[name, entry.scores[name]] for name in names] + ([["extra", entry.extra]] if entry.extra else [])

    def to_data(self) -> dict:
        participants = []
        for seat in self.seats:
            entry = seat.entry
            participants.append({
                "name": entry.name, "scores": entry.scores, "power": entry.power, "extra": entry.extra,
                "deal": self._deal_parts(seat), "dealt": len(seat.cards), "typed": seat.typed,
                "cards": [card.code for card in seat.cards],
                "hand": hand_data(seat.hand, self.ruleset), "arcane": seat.hand.arcane,
                "lost_by_rule": seat.lost_by_rule, "weird": entry.weird or None})
        weirds = [{"person": seat.name, "weird": seat.entry.weird or None} for seat in self.seats if seat.entry.power]
        return {"kind": "conflict", "table": self.table, "deck": DECK, "scores": self.chosen,
                "participants": participants, "winner": self.winner, "tie": self.tie, "harm": self.harm,
                "twist": self.twist, "narrator": self.narrator, "weirds": weirds}


def decide(ruleset: Ruleset, chosen: list[str], seats: list[Seat], table: str | None) -> ScoresResult:
    """The best hand wins (an exact tie is reported); every loser takes its harm; the lowest card
    played gives the Twist, the highest the Narrator."""
    leaders = [seats[i] for i in top_seats([seat.key for seat in seats])]
    winner = leaders[0] if len(leaders) == 1 else None
    played = _played(seats)
    twist = {**_extreme(played, min), "choices": _choices(played)}
    return ScoresResult(ruleset, chosen, seats, table, winner.name if winner else None,
                        [seat.name for seat in leaders] if winner is None else [],
                        _harm(ruleset, winner, seats) if winner else None, twist, _extreme(played, max))


def _harm(ruleset: Ruleset, winner: Seat, seats: list[Seat]) -> dict:
    """The winning hand's harm, where it may fall (Arcane: any Score; mundane: the winning suits'),
    and who takes it."""
    rules, hand = ruleset.conflict, winner.hand
    if hand.arcane:
        allowed = score_names(ruleset)
    else:
        suits = {card.suit.code for card in hand.effective if card.suit}
        allowed = [rules["scores"][code] for code in suit_codes(ruleset) if code in rules["scores"] and code in suits]
    return {"amount": hand.rank.harm, "arcane": hand.arcane, "allowed": allowed,
            "takers": [seat.name for seat in seats if seat is not winner]}


def _choices(played: list[tuple]) -> list[dict]:
    """The cards played: Trumps first (highest first), the Fool, then the rest by the full card order."""
    cards = {item[2]: standing(item[2], None) for item in played}
    kinds = {"trump": 0, "special": 1}
    ordered = sorted(cards, key=lambda card: (kinds.get(card.kind, 2), -cards[card][0], -cards[card][1]))
    return [{"code": card.code, "name": card.name, "kind": card.kind} for card in ordered]


def _record(result: ScoresResult, table: Table) -> None:
    """Harm to place for each loser, the cards to the discards, the conflict in the history."""
    if result.harm:
        owe(table, result.harm["takers"], result.harm, result.winner)
    cards = table.decks[DECK].discard_all_in_play()
    table.log("conflict", deck=DECK, cards=cards,
              data={"participants": [seat.name for seat in result.seats], "scores": result.chosen,
                    "winner": result.winner, "tie": result.tie,
                    "harm": result.harm["amount"] if result.harm else 0})


# -- the same conflict dealt again and again (the odds) ---------------------------------------


class ScoresDeals:
    """A Scores conflict ready to be dealt again and again, each time on a fresh table (the odds).

    ``winner`` deals the cards at random (the cards typed in stay out of the deck) and
    ``judge`` judges them as ``resolve_scores`` does (``seat_key``, ``top_seats``): no table,
    no piles, and a hand built only for a Power user, whose hand must be Arcane.
    """

    def __init__(self, ruleset: Ruleset, request: ScoresRequest):
        plan = _Plan(ruleset, request, Table.fresh(ruleset))
        deck = Piles([card.code for card in ruleset.deck])
        _take_typed(plan, deck)
        self.ruleset, self.context = ruleset, plan.context
        self.pool = [ruleset.deck.parse(code) for code in deck.draw_pile]
        self.deals = [(entry, plan.typed.get(entry.name), plan.sizes.get(entry.name, 0)) for entry in plan.entries]
        self.dealt = sum(plan.sizes.values())
        self.names = [entry.name for entry in plan.entries]
        self.alone = False

    def winner(self, rng: random.Random) -> int | None:
        """Deal once at random and judge: the winner's place, or None for a tie."""
        return self.judge(rng.sample(self.pool, self.dealt))

    def judge(self, order: Sequence[Card]) -> int | None:
        """The winner's place (None for a tie) when the deck, typed cards out, deals ``order``:
        each participant dealt in turn, as ``resolve_scores`` deals."""
        ruleset, context = self.ruleset, self.context
        keys, at = [], 0
        for entry, typed, size in self.deals:
            if typed is None:
                cards, at = order[at:at + size], at + size
            else:
                cards = typed
            keys.append(seat_key(ruleset, entry, cards, context))
        places = top_seats(keys)
        return places[0] if len(places) == 1 else None
