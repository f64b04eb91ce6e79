"""Conflicts by poker hand: Dust Devils and Weird Dust Devils (seed 001), poker-hands contests (seed 003).

Style ``scores`` (``conflict.scores`` maps suits to Scores): the Dealer names two Scores; each
participant is dealt their sum, plus Power when they use it, plus extra cards, from the
``dealer`` deck gathered and shuffled for the conflict (or plays cards typed in). Each plays
the best five. A Power user must play an Arcane hand (a Trump, or a wild standing for one,
among the five) or loses, ranked below every other hand. The best hand wins and every loser
takes its harm: mundane harm on the Scores of the winning cards' suits, Arcane harm anywhere,
Power only from Arcane harm. The lowest card played gives its player the Twist, the highest
makes its player the Narrator. An exact tie is reported, never settled silently.

Style ``contest`` (seed 003): each participant draws 5 + skill + modifiers cards
(``draws.draw_size``); one participant against a target hand, or two or more compare.
Helpers draw first and add to the leader's draw; ``--fear LEVEL`` raises the target by value
steps (failure: shaken, kept on a table); ``--called N`` reads a called shot.

A Weird Dust Devils conflict with cards typed in: Doc used Power but holds no Trump, so his
straight flush loses to Kid's pair.

>>> import random
>>> from dealer.store.rulesets import load
>>> from dealer.core.table import Table
>>> wdd = load("weird-dust-devils")
>>> request = parse_request(["Doc=:2Sw 3Sw 4Sw 5Sw 6Sw", "Kid=:9Cu 9Co KWa 3Co 2Co"], power=["Doc"])
>>> result = resolve(wdd, request, Table.fresh(wdd), random.Random(1))
>>> result.winner, result.seats[0].lost_by_rule, result.harm["amount"], result.harm["allowed"]
('Kid', True, 1, ['Heart', 'Guts', 'Eye'])
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass
from itertools import combinations
from typing import Any

from dealer.core.table import check_keys
from dealer.errors import DealerError

DECK = "dealer"  # the table's deck for conflicts and contests
LOST = (-1,)  # the key of a hand lost by rule: below every real hand, equal to every other


class ConflictError(DealerError):
    """A conflict the rules do not allow: unknown Scores, too few participants, a deal too large."""


# -- state ------------------------------------------------------------------------------------


class ConflictState:
    """The ``conflict`` part of a table: harm taken on each Score, harm still to place, the shaken."""

    KEY = "conflict"
    __slots__ = ("harm", "pending", "shaken")

    def __init__(self, harm: dict | None = None, pending: dict | None = None, shaken: list | None = None):
        self.harm = {name: dict(scores) for name, scores in (harm or {}).items()}  # person -> Score -> harm
        self.pending = {name: dict(item) for name, item in (pending or {}).items()}  # harm to place
        self.shaken = sorted(set(shaken or ()))  # failed a fear check: -1 card until cleared

    @classmethod
    def from_data(cls, data: dict) -> "ConflictState":
        check_keys(data, ("harm", "pending", "shaken"), "conflict state")
        for item in data.get("pending", {}).values():
            check_keys(item, ("harm", "allowed", "arcane", "winner"), "conflict state: pending harm")
        return cls(data.get("harm"), data.get("pending"), data.get("shaken"))

    def to_data(self) -> dict:
        data = {"harm": self.harm, "pending": self.pending, "shaken": self.shaken}
        return {key: value for key, value in data.items() if value}


# -- requests ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Entrant:
    """One participant or helper as typed: ``NAME[=SPEC][:CARDS]``.

    SPEC is Scores (``hand=4 eye=3 power=2``) in a Scores conflict, a skill (``3``, or a
    roster trait's name) in a contest; CARDS replace the deal.
    """

    name: str
    spec: str = ""
    cards: str | None = None


@dataclass(frozen=True)
class ConflictRequest:
    """``dealer conflict``: who takes part and how (each option only where its style reads it)."""

    participants: tuple[Entrant, ...]
    scores: tuple[str, ...] = ()  # the Dealer's two Scores
    power: tuple[str, ...] = ()  # who adds Power (and must play Arcane)
    extra: tuple[tuple[str, int], ...] = ()  # extra cards (+/-) per person
    weird: tuple[tuple[str, str], ...] = ()  # Weirds given on the command line
    target: str | None = None  # contest: the hand to beat
    helpers: tuple[Entrant, ...] = ()  # contest: helpers of the first participant
    mods: tuple[tuple[str, int], ...] = ()  # contest: card modifiers per person
    wild_pick: tuple[str, ...] = ()  # contest: who takes a wild pick at ten cards
    fear: int | None = None  # contest: a fear check in an area of this level
    called: int | None = None  # contest: a called shot with this card penalty
    chips: tuple[tuple[str, str], ...] = ()  # contest: a chip played before the draw, per person


@dataclass(frozen=True)
class HarmRequest:
    """``dealer conflict harm NAME SCORE=N ...``: where a loser puts the harm they took."""

    person: str
    split: tuple[tuple[str, int], ...]


@dataclass(frozen=True)
class ClearRequest:
    """``dealer conflict clear NAME``: no longer shaken."""

    person: str


@dataclass(frozen=True)
class ShowRequest:
    """``dealer conflict show``: harm and the shaken on the table."""


def parse_entrant(text: str) -> Entrant:
    """``Doc``, ``Doc=hand=4,eye=3``, ``Doc=3``, ``Doc=:T10 KSw`` or ``Doc=hand=4:T10`` as an Entrant."""
    head, colon, cards = text.partition(":")
    name, _, spec = head.partition("=")
    name = name.strip()
    if not name:
        raise ConflictError(f"'{text}': write NAME, NAME=SPEC or NAME=SPEC:CARDS (e.g. Doc=\"hand=4 eye=3\")")
    if colon and not cards.strip():
        raise ConflictError(f"'{text}': no cards after ':' (e.g. Doc=:T10,KSw,2Co)")
    return Entrant(name, spec.strip(), cards.strip() if colon else None)


def _person_number(text: str, what: str) -> tuple[str, int]:
    name, sep, number = text.rpartition("=")
    if not sep or not name.strip() or not re.fullmatch(r"[+-]?\d+", number.strip()):
        raise ConflictError(f"{what} '{text}': write NAME=N, e.g. Doc=+1 or Kid=-2")
    return name.strip(), int(number)


def _person_text(text: str, what: str) -> tuple[str, str]:
    name, sep, value = text.partition("=")
    if not sep or not name.strip() or not value.strip():
        raise ConflictError(f"{what} '{text}': write NAME=TEXT, e.g. Doc=\"Voodoo Houngan\"")
    return name.strip(), value.strip()


def parse_request(participants: list[str], *, scores: str = "", power=(), extra=(), weird=(), target=None,
                  helpers=(), mods=(), wild_pick=(), fear=None, called=None, chips=()) -> Any:
    """Command-line words into a request: a conflict, or ``harm``/``clear``/``show`` on a table."""
    words = list(participants)
    if words and words[0] in ("harm", "clear", "show"):
        return _parse_table_word(words)
    return ConflictRequest(
        participants=tuple(parse_entrant(text) for text in words),
        scores=tuple(part.strip() for part in scores.replace(",", " ").split()) if scores else (),
        power=tuple(power), extra=tuple(_person_number(t, "--extra") for t in extra),
        weird=tuple(_person_text(t, "--weird") for t in weird), target=target,
        helpers=tuple(parse_entrant(text) for text in helpers),
        mods=tuple(_person_number(t, "--mod") for t in mods), wild_pick=tuple(wild_pick), fear=fear,
        called=called, chips=tuple(_person_text(t, "--chip") for t in chips))


def _parse_table_word(words: list[str]):
    word, rest = words[0], words[1:]
    if word == "show":
        if rest:
            raise ConflictError("dealer conflict show takes no more words: the table comes from --table")
        return ShowRequest()
    if not rest:
        raise ConflictError(f"dealer conflict {word} NAME" + (" SCORE=N ..." if word == "harm" else "")
                            + ": whose?")
    if word == "clear":
        if len(rest) > 1:
            raise ConflictError("dealer conflict clear NAME: one person at a time")
        return ClearRequest(rest[0])
    if len(rest) < 2:
        raise ConflictError(f"where does {rest[0]}'s harm go? dealer conflict harm {rest[0]} SCORE=N ...")
    split = []
    for item in rest[1:]:
        score, number = _person_number(item, "harm")
        if number <= 0:
            raise ConflictError(f"harm '{item}': give a whole number above 0")
        split.append((score, number))
    return HarmRequest(rest[0], tuple(split))


# -- entry point ------------------------------------------------------------------------------


def resolve(ruleset: Any, request: Any, table: Any, rng: Any) -> Any:
    """Resolve ``request`` (a conflict, a contest, harm placed, shaken cleared, or the state shown).

    The ruleset's ``conflict.style`` says which conflict: ``scores`` or ``contest``.

    >>> import random
    >>> from dealer.store.rulesets import load
    >>> from dealer.core.table import Table
    >>> dd = load("dust-devils")
    >>> request = parse_request(["Doc=hand=4,eye=3", "Kid=hand=2,eye=5"], scores="hand,eye")
    >>> result = resolve(dd, request, Table.fresh(dd), random.Random(2))
    >>> [len(seat.cards) for seat in result.seats], result.winner, result.harm["allowed"]
    ([7, 7], 'Kid', ['Hand', 'Heart', 'Eye'])
    """
    ruleset.require("conflict")
    if isinstance(request, HarmRequest):
        return resolve_harm(ruleset, request, table)
    if isinstance(request, ClearRequest):
        return resolve_clear(request, table)
    if isinstance(request, ShowRequest):
        return resolve_show(ruleset, table)
    if ruleset.conflict["style"] == "scores":
        return resolve_scores(ruleset, request, table, rng)
    from dealer.core.mechanics.contest import resolve_contest

    return resolve_contest(ruleset, request, table, rng)


# -- Scores --------------------------------------------------------------------------------


def score_names(ruleset: Any) -> list[str]:
    """The Scores of the ruleset, in suit order, then Power."""
    rules = ruleset.conflict
    names = [rules["scores"][code] for code in _suit_codes(ruleset) if code in rules["scores"]]
    return names + ([rules["power"]] if rules["power"] else [])


def _suit_codes(ruleset: Any) -> list[str]:
    by_lower = {code.lower(): code for code in ruleset.conflict["scores"]}
    return [by_lower.get(suit.code.lower(), suit.code) for suit in ruleset.deck.suits]


def trait_kinds(ruleset: Any) -> dict[str, str]:
    """Roster traits this mechanic reads: each Score (a level), the Weird (a phrase)."""
    kinds = {name.lower(): "level" for name in score_names(ruleset)}
    if ruleset.conflict["power"]:
        kinds["weird"] = "text"
    return kinds


def _score_name(ruleset: Any, text: str, who: str) -> str:
    names = score_names(ruleset)
    for name in names:
        if name.lower() == text.strip().lower():
            return name
    close = difflib.get_close_matches(text.lower(), [n.lower() for n in names], 1)
    hint = f" (did you mean '{close[0]}'?)" if close else ""
    raise ConflictError(f"{who}unknown Score '{text}'{hint}; the Scores of {ruleset.name} are {', '.join(names)}")


def _level(value: Any, person: str, score: str) -> int:
    if isinstance(value, bool) or not re.fullmatch(r"\d+", str(value).strip()):
        raise ConflictError(f"{person}'s {score} must be a whole number of 0 or more, not '{value}'")
    return int(str(value).strip())


class Seat:
    """One participant of a Scores conflict: their deal, cards and hand."""

    __slots__ = ("name", "scores", "weird", "power", "extra", "dealt", "typed", "cards", "hand", "lost_by_rule")

    def __init__(self, name: str, scores: dict[str, int], weird: str, power: bool, extra: int):
        self.name = name
        self.scores = scores
        self.weird = weird
        self.power = power
        self.extra = extra
        self.dealt = 0
        self.typed = False
        self.cards: list = []
        self.hand = None
        self.lost_by_rule = False

    @property
    def key(self) -> tuple:
        return LOST if self.lost_by_rule or self.hand is None else self.hand.key


def _inline_scores(ruleset: Any, entrant: Entrant) -> dict[str, Any]:
    values = {}
    for item in entrant.spec.replace(",", " ").split():
        key, sep, value = item.partition("=")
        if not sep:
            raise ConflictError(f"{entrant.name}: '{item}': write SCORE=N, e.g. {entrant.name}=\"hand=4 eye=3\"")
        values[_score_name(ruleset, key, f"{entrant.name}: ")] = value
    return values


def _seat(ruleset: Any, request: ConflictRequest, entrant: Entrant, table: Any) -> Seat:
    """A participant's Scores (typed inline, else from the roster) and options, validated."""
    rules = ruleset.conflict
    values = _inline_scores(ruleset, entrant)
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
    return Seat(entrant.name, scores, weird, power, extra)


def _check_request(ruleset: Any, request: ConflictRequest, table: Any) -> list[str]:
    """Refuse what the rules do not allow before anything is dealt; the Dealer's two Scores."""
    names = [entrant.name for entrant in request.participants]
    for option in ("target", "helpers", "mods", "wild_pick", "fear", "called"):
        if getattr(request, option) not in (None, ()):
            flag = "--" + {"helpers": "helper", "mods": "mod"}.get(option, option).replace("_", "-")
            raise ConflictError(f"{flag} is for poker-hands contests; a {ruleset.name} conflict deals by Scores")
    if len(names) < 2:
        raise ConflictError(f"a conflict needs two or more participants, not {len(names)}: "
                            "dealer conflict Doc=\"hand=4 eye=3\" Kid=\"hand=2 eye=5\" --scores hand,eye")
    doubled = sorted({name for name in names if names.count(name) > 1})
    if doubled:
        raise ConflictError(f"{', '.join(doubled)} is named twice: each participant once")
    for name in list(request.power) + [n for n, _ in request.extra] + [n for n, _ in request.weird]:
        if name not in names:
            raise ConflictError(f"'{name}' is not a participant of this conflict ({', '.join(names)})")
    chosen = [_score_name(ruleset, text, "--scores: ") for text in request.scores]
    if all(entrant.cards for entrant in request.participants) and not chosen:
        return []
    if len(chosen) != 2:
        raise ConflictError(f"--scores: the Dealer names two Scores (e.g. --scores hand,eye), not {len(chosen)}")
    if chosen[0] == chosen[1]:
        raise ConflictError(f"--scores: {chosen[0]} is named twice; name two different Scores")
    if ruleset.conflict["power"] in chosen:
        raise ConflictError(f"--scores: {ruleset.conflict['power']} is added with --power NAME, not named")
    return chosen


def resolve_scores(ruleset: Any, request: ConflictRequest, table: Any, rng: Any) -> "ScoresResult":
    """A Dust Devils conflict from the deal to harm, Twist and Narrator (see the module's doctest)."""
    chosen = _check_request(ruleset, request, table)
    seats = [_seat(ruleset, request, entrant, table) for entrant in request.participants]
    _deal(ruleset, request, seats, chosen, table, rng)
    context = ruleset.context(ruleset.conflict["context"] or None)
    for seat in seats:
        _play(ruleset, seat, context)
    result = ScoresResult(ruleset, chosen, seats, table.name)
    _record(ruleset, result, table)
    return result


def _deal_size(seat: Seat, chosen: list[str], power_name: str) -> int:
    for name in chosen + ([power_name] if seat.power else []):
        if name not in seat.scores:
            raise ConflictError(f"{seat.name} has no {name} Score: give it ({seat.name}=\"{name.lower()}=N ...\"), "
                                "set it on the roster, or type in their cards")
    count = sum(seat.scores[name] for name in chosen) + (seat.scores[power_name] if seat.power else 0) + seat.extra
    if count < 1:
        raise ConflictError(f"{seat.name} would be dealt {count} cards: a conflict hand needs at least one")
    return count


def _deal(ruleset: Any, request: ConflictRequest, seats: list[Seat], chosen: list[str], table: Any,
          rng: Any) -> None:
    """Gather and shuffle the dealer deck; cards typed in are taken from it, the rest dealt."""
    from dealer.core.piles import Piles

    deck = ruleset.deck
    typed = {e.name: deck.parse_many(e.cards) for e in request.participants if e.cards}
    sizes = {seat.name: _deal_size(seat, chosen, ruleset.conflict["power"]) for seat in seats
             if seat.name not in typed}
    left = len(deck) - sum(map(len, typed.values()))
    if sum(sizes.values()) > left:
        raise ConflictError(f"the deal needs {sum(sizes.values())} cards but the {len(deck)}-card deck has "
                            f"{left} left to deal: fewer Scores or extra cards, or type the cards in")
    piles = Piles.fresh([card.code for card in deck], rng)
    table.decks[DECK] = piles
    table.touch(DECK)
    for seat in seats:
        if seat.name in typed:
            piles.take([card.code for card in typed[seat.name]], seat.name)
            seat.cards, seat.typed = typed[seat.name], True
        else:
            seat.cards = [deck.parse(code) for code in piles.draw(sizes[seat.name], seat.name, rng, False).cards]
        seat.dealt = len(seat.cards)


def _play(ruleset: Any, seat: Seat, context: Any) -> None:
    seat.hand = ruleset.ranking.best(seat.cards, context)
    if seat.power and not seat.hand.arcane:
        arcane = best_arcane(ruleset, seat.cards, context)
        if arcane is None:
            seat.lost_by_rule = True
        else:
            seat.hand = arcane


def best_arcane(ruleset: Any, cards: list, context: Any) -> Any:
    """The best hand of ``cards`` whose five hold a Trump or a wild standing for one; None if none can.

    >>> from dealer.store.rulesets import load
    >>> wdd = load("weird-dust-devils")
    >>> best_arcane(wdd, wdd.deck.parse_many("KSw KCu KWa KCo T3 2Co"), wdd.context("conflict"))
    Hand(Four of a Kind: KSw KCu KWa KCo T3)
    """
    from dealer.core.cards import TRUMP
    from dealer.core.hands import Hand
    from dealer.core.ranks import Context

    anchors = {card for card in cards if card.kind == TRUMP or context.wild.get(card)}
    if not anchors:
        return None
    as_trump = Context(context.name, {**context.wild, **{card: "trump" for card in anchors if card.kind != TRUMP}},
                       context.natural_beats_wild, context.penalty)
    ranking, best = ruleset.ranking, None
    for five in combinations(cards, min(5, len(cards))):
        if anchors.isdisjoint(five):
            continue
        hand = ranking.best(list(five), context)
        if not hand.arcane:
            hand = ranking.best(list(five), as_trump)
        if hand.arcane and (best is None or hand.key > best.key):
            best = hand
    if best is None:
        return None
    played = set(map(id, best.played))
    return Hand(best.rank, best.played, best.stands_for, best.key,
                tuple(card for card in cards if id(card) not in played), best.dead)


def standing(card: Any, stands_for: Any) -> tuple:
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


class ScoresResult:
    """A Scores conflict resolved: the seats, the winner or the tie, harm, Twist, Narrator."""

    def __init__(self, ruleset: Any, chosen: list[str], seats: list[Seat], table: str | None):
        self.ruleset = ruleset
        self.chosen = chosen
        self.seats = seats
        self.table = table
        top = max(seat.key for seat in seats)
        leaders = [seat for seat in seats if seat.key == top]
        self.winner = leaders[0].name if len(leaders) == 1 else None
        self.tie = [seat.name for seat in leaders] if len(leaders) > 1 else []
        self.harm = self._harm(leaders[0]) if self.winner else None
        played = _played(seats)
        self.twist = _extreme(played, min)
        self.twist["choices"] = _choices(played)
        self.narrator = _extreme(played, max)

    def _harm(self, winner: Seat) -> dict:
        rules, hand = self.ruleset.conflict, winner.hand
        if hand.arcane:
            allowed = score_names(self.ruleset)
        else:
            suits = {card.suit.code for card in hand.effective if card.suit}
            allowed = [rules["scores"][code] for code in _suit_codes(self.ruleset)
                       if code in rules["scores"] and code in suits]
        return {"amount": hand.rank.harm, "arcane": hand.arcane, "allowed": allowed,
                "takers": [seat.name for seat in self.seats if seat is not winner]}

    def _deal_parts(self, seat: Seat) -> list[list]:
        """Where the cards dealt came from: ``[["Hand", 4], ["Eye", 3], ["Power", 2], ["extra", 1]]``."""
        if seat.typed:
            return []
        names = self.chosen + ([self.ruleset.conflict["power"]] if seat.power else [])
        return [[name, seat.scores[name]] for name in names] + ([["extra", seat.extra]] if seat.extra else [])

    def to_data(self) -> dict:
        from dealer.core.results import hand_data

        participants = []
        for seat in self.seats:
            participants.append({
                "name": seat.name, "scores": seat.scores, "power": seat.power, "extra": seat.extra,
                "deal": self._deal_parts(seat), "dealt": seat.dealt, "typed": seat.typed,
                "cards": [card.code for card in seat.cards],
                "hand": hand_data(seat.hand, self.ruleset), "arcane": seat.hand.arcane,
                "lost_by_rule": seat.lost_by_rule, "weird": seat.weird or None})
        weirds = [{"person": seat.name, "weird": seat.weird or None} for seat in self.seats if seat.power]
        return {"kind": "conflict", "style": "scores", "table": self.table, "deck": DECK, "scores": self.chosen,
                "participants": participants, "winner": self.winner, "tie": self.tie, "harm": self.harm,
                "twist": self.twist, "narrator": self.narrator, "weirds": weirds}


def _choices(played: list[tuple]) -> list[dict]:
    """The cards played: Trumps first (highest first), the Fool, then the rest by the full card order."""
    cards = {item[2]: standing(item[2], None) for item in played}
    kinds = {"trump": 0, "special": 1}
    ordered = sorted(cards, key=lambda card: (kinds.get(card.kind, 2), -cards[card][0], -cards[card][1]))
    return [{"code": card.code, "name": card.name, "kind": card.kind} for card in ordered]


def _record(ruleset: Any, result: ScoresResult, table: Any) -> None:
    """Harm to place for each loser, the cards to the discards, the conflict in the history."""
    state = table.state(ConflictState)
    if result.harm:
        for name in result.harm["takers"]:
            state.pending[name] = {"harm": result.harm["amount"], "allowed": result.harm["allowed"],
                                   "arcane": result.harm["arcane"], "winner": result.winner}
    cards = table.decks[DECK].discard_all_in_play()
    table.log("conflict", deck=DECK, cards=cards,
              data={"participants": [seat.name for seat in result.seats], "scores": result.chosen,
                    "winner": result.winner, "tie": result.tie,
                    "harm": result.harm["amount"] if result.harm else 0})


# -- harm, shaken, show -----------------------------------------------------------------------


class TableResult:
    """Harm placed, shaken cleared, or the conflict state shown: plain data."""

    def __init__(self, data: dict):
        self.data = data

    def to_data(self) -> dict:
        return dict(self.data)


def _need_table(table: Any, what: str) -> None:
    if not table.persistent:
        raise ConflictError(f"{what} is kept on a table: add --table NAME")


def resolve_harm(ruleset: Any, request: HarmRequest, table: Any) -> TableResult:
    """Record where a loser of the last conflict puts its harm; refuse a split the rules forbid."""
    _need_table(table, "harm")
    state = table.state(ConflictState)
    person = request.person
    owed = state.pending.get(person)
    if owed is None:
        raise ConflictError(f"{person} has no harm to place from a conflict on table '{table.name}'")
    split: dict[str, int] = {}
    for text, number in request.split:
        score = _score_name(ruleset, text, f"harm for {person}: ")
        if score not in owed["allowed"]:
            why = ("only Arcane harm reaches " + score if score == ruleset.conflict["power"]
                   else "mundane harm falls on the winning suits' Scores")
            raise ConflictError(f"harm for {person}: not on {score}: {why} ({', '.join(owed['allowed'])})")
        split[score] = split.get(score, 0) + number
    total = sum(split.values())
    if total != owed["harm"]:
        word = "too much" if total > owed["harm"] else "too little"
        raise ConflictError(f"harm for {person}: {total} is {word}; place exactly {owed['harm']} "
                            f"on {', '.join(owed['allowed'])}")
    taken = state.harm.setdefault(person, {})
    for score, number in split.items():
        taken[score] = taken.get(score, 0) + number
    del state.pending[person]
    table.log("harm", data={"person": person, "split": split})
    return TableResult({"kind": "harm", "table": table.name, "person": person, "placed": split,
                        "harm": dict(taken)})


def resolve_clear(request: ClearRequest, table: Any) -> TableResult:
    """A shaken character steadies: no more -1 card."""
    _need_table(table, "shaken")
    state = table.state(ConflictState)
    if request.person not in state.shaken:
        raise ConflictError(f"{request.person} is not shaken on table '{table.name}'")
    state.shaken.remove(request.person)
    table.log("steady", data={"person": request.person})
    return TableResult({"kind": "clear", "table": table.name, "person": request.person})


def resolve_show(ruleset: Any, table: Any) -> TableResult:
    """Harm against each Score, harm still to place, and who is shaken."""
    _need_table(table, "conflict state")
    state = table.state(ConflictState)
    return TableResult({"kind": "show", "table": table.name, "scores": score_names(ruleset), "harm": state.harm,
                        "pending": state.pending, "shaken": list(state.shaken)})
