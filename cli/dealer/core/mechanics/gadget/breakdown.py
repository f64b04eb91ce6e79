"""A device's use (seed 003's "Reliability"): the GM's reliability cards, breakdowns and their severity.

The GM draws ``reliability`` cards from the whole deck, gathered and shuffled for that check; a
breakdown card (either Joker) is a breakdown, and the device stays broken until it is repaired
(``invention.resolve_repair``). The severity hand keeps the plain reliability cards and adds new
ones up to the fail hand, unless a Joker drawn at build (``build_jokers``) says otherwise. The
chance of a breakdown is exact and the same for every use (``full_deck_chance``; ``dealer odds
gadget`` uses the same formula).

>>> breakdown_chance(54, 2, 5)
Fraction(85, 477)
"""

from __future__ import annotations

from fractions import Fraction
from math import comb
from typing import TYPE_CHECKING, NamedTuple

from dealer.core.ledger import situations
from dealer.core.mechanics.gadget import Device, GadgetError, GadgetState
from dealer.core.results import hand_data
from dealer.errors import shell_word, usage

if TYPE_CHECKING:
    import random

    from dealer.core.cards import Card
    from dealer.core.hands import Hand
    from dealer.core.piles import Piles
    from dealer.core.rules import Ruleset
    from dealer.core.table import Table


# -- reliability and chances ------------------------------------------------------------------


def fail_hand_size(ruleset: Ruleset, reliability: int) -> int:
    """Seed 003's "five plus half the reliability" (every construction row agrees)."""
    return ruleset.gadget["fail_hand_base"] + reliability // 2


def breakdown_chance(deck_cards: int, jokers: int, reliability: int) -> Fraction:
    """The exact chance that drawing ``reliability`` cards from ``deck_cards`` cards holding
    ``jokers`` breakdown cards shows at least one of them.

    >>> breakdown_chance(54, 2, 1), breakdown_chance(54, 0, 5), breakdown_chance(10, 2, 9)
    (Fraction(1, 27), Fraction(0, 1), Fraction(1, 1))
    """
    if deck_cards < 0 or not 0 <= jokers <= deck_cards or reliability < 0:
        raise ValueError(f"no such draw: {reliability} cards from {deck_cards} holding {jokers} Jokers")
    drawn = min(reliability, deck_cards)
    return 1 - Fraction(comb(deck_cards - jokers, drawn), comb(deck_cards, drawn))


def chance_data(deck_cards: int, jokers: int, reliability: int) -> dict:
    """The breakdown chance as data: the fraction, its percentage and what it is drawn from."""
    chance = breakdown_chance(deck_cards, jokers, reliability)
    return {"fraction": f"{chance.numerator}/{chance.denominator}", "numerator": chance.numerator,
            "denominator": chance.denominator, "percent": round(float(chance) * 100, 2),
            "deck_cards": deck_cards, "jokers": jokers, "reliability": reliability}


def deck_chance(ruleset: Ruleset, codes: list[str], reliability: int) -> dict:
    """The breakdown chance of drawing ``reliability`` cards from ``codes`` (a GM deck's draw pile)."""
    jokers = sum(1 for code in codes if code in ruleset.gadget["breakdown_cards"])
    return chance_data(len(codes), jokers, reliability)


def full_deck_chance(ruleset: Ruleset, reliability: int) -> dict:
    """The chance of a breakdown in one use: ``reliability`` cards from the whole deck, shuffled for
    that check. It never changes with what earlier uses drew (seed 003's 4% and 21% are such
    figures: R1 1/27, R5 85/477)."""
    return deck_chance(ruleset, [card.code for card in ruleset.deck], reliability)


# -- use --------------------------------------------------------------------------------------


class UseRequest(NamedTuple):
    """``dealer gadget use [DEVICE]``, or a device described: reliability, fail hand, build Jokers
    (card codes or colours, ``red``, ``black``), and the GM's cards dealt by hand."""

    device: str = ""
    reliability: int | None = None
    fail_hand: int | None = None
    build_jokers: tuple[str, ...] = ()
    cards: str | None = None


def severity_plan(ruleset: Ruleset, reliability_cards: list, fail_hand: int,
                  build_jokers: list[str]) -> tuple[str, list, int]:
    """Which reliability cards the severity hand keeps and how many new cards it adds.

    Default: the non-breakdown cards plus new ones up to the fail hand; a ``keep`` build Joker
    (Black): every reliability card plus ``add``; a ``most`` one (Red): at most that many.
    Returns ``(rule, kept cards, new card count)``.

    >>> from dealer.store.rulesets import load
    >>> poker = load("poker-hands")
    >>> cards = poker.deck.parse_many("RJ 4c 9h")
    >>> [(rule, len(kept), new) for rule, kept, new in (severity_plan(poker, cards, 7, j)
    ...                                                  for j in ([], ["RJ"], ["BJ"], ["RJ", "BJ"]))]
    [('fail hand', 2, 5), ('at most 5', 2, 3), ('keep and add 5', 3, 5), ('keep and add 5', 3, 5)]
    """
    rules = ruleset.gadget
    effects = [rules["build_jokers"][code] for code in build_jokers if code in rules["build_jokers"]]
    keep = next((e for e in effects if e["keep"]), None)
    if keep is not None:
        return f"keep and add {keep['add']}", list(reliability_cards), keep["add"]
    size = min([fail_hand] + [e["most"] for e in effects if e["most"]])
    plain = [card for card in reliability_cards if card.code not in rules["breakdown_cards"]][:size]
    return ("fail hand" if size == fail_hand and not any(e["most"] for e in effects) else f"at most {size}",
            plain, size - len(plain))


def _joker_code(ruleset: Ruleset, text: str) -> str:
    """``red``/``black`` (the build Joker of that colour) or a card code."""
    jokers = [ruleset.deck.parse(code) for code in ruleset.gadget["build_jokers"]]
    for card in jokers:
        if text.lower() in (card.color, card.code.lower()):
            return card.code
    names = ", ".join(f"{card.color} ({card.code})" for card in jokers) or "none in this ruleset"
    raise GadgetError(f"unknown build Joker '{text}': one of {names}")


class UseResult(NamedTuple):
    """A use: the reliability cards, any breakdown and its severity hand, the chance, the device's record."""

    device: str | None
    reliability: int
    fail_hand: int
    build_jokers: list[str]
    cards: list[Card]
    breakdown: list[Card]
    rule: str
    severity_cards: list[Card]
    severity_hand: Hand | None
    chance: dict
    record: dict | None
    table: str | None
    ruleset: Ruleset

    def to_data(self) -> dict:
        return {"kind": "use", "device": self.device, "reliability": self.reliability, "fail_hand": self.fail_hand,
                "build_jokers": self.build_jokers, "cards": [card.code for card in self.cards],
                "breakdown": bool(self.breakdown), "breakdown_cards": [card.code for card in self.breakdown],
                "severity_rule": self.rule if self.breakdown else None,
                "severity_cards": [card.code for card in self.severity_cards],
                "severity_hand": hand_data(self.severity_hand, self.ruleset) if self.severity_hand else None,
                "chance": self.chance, "record": self.record, "table": self.table}


def _use_device(ruleset: Ruleset, request: UseRequest, table: Table) -> tuple[Device | None, int, int, list[str]]:
    if request.device:
        if not table.persistent:
            raise GadgetError(f"device '{request.device}' lives on a table: add --table NAME, or describe it "
                              "with --reliability R [--fail-hand F] [--build-joker red|black]")
        if request.reliability is not None or request.fail_hand is not None or request.build_jokers:
            raise GadgetError(f"device '{request.device}' has its own reliability, fail hand and build Jokers: "
                              "drop --reliability, --fail-hand and --build-joker")
        device = table.state(GadgetState).device(request.device, table.name)
        if device.broken:
            raise GadgetError(f"device '{request.device}' is broken (use {device.uses} broke it): repair it first, "
                              f"with a construction check (dealer gadget repair {shell_word(request.device)} "
                              f"--table {table.name} "
                              "--by PERSON) or on the GM's word (--fixed)")
        return device, device.reliability, device.fail_hand, list(device.build_jokers)
    if request.reliability is None:
        raise usage(GadgetError("which device? dealer gadget use DEVICE --table NAME, or --reliability R"))
    if request.reliability < 1:
        raise GadgetError(f"reliability {request.reliability} is below 1: the least is one card")
    fail_hand = request.fail_hand if request.fail_hand is not None else fail_hand_size(ruleset, request.reliability)
    if fail_hand < 1:
        raise GadgetError(f"a fail hand of {fail_hand} cards is below 1")
    return None, request.reliability, fail_hand, [_joker_code(ruleset, j) for j in request.build_jokers]


def resolve_use(ruleset: Ruleset, request: UseRequest, table: Table, rng: random.Random) -> UseResult:
    """The GM draws ``reliability`` cards; a breakdown card means a breakdown and a severity hand.

    >>> import random
    >>> from dealer.store.rulesets import load
    >>> from dealer.core.table import Table
    >>> poker = load("poker-hands")
    >>> used = resolve_use(poker, UseRequest(reliability=2, cards="BJ 9h 9s 9d 2c 3c 4c"), Table.fresh(poker),
    ...                    random.Random(1))
    >>> used.chance["fraction"], used.severity_hand.rank.name, len(used.severity_cards)
    ('35/477', 'Three of a Kind', 6)
    """
    ruleset.require("gadget")
    device, reliability, fail_hand, build_jokers = _use_device(ruleset, request, table)
    _, _, most_new = severity_plan(ruleset, [], fail_hand, build_jokers)
    need = reliability + most_new
    if need > len(ruleset.deck):
        raise GadgetError(f"a use of reliability {reliability} may need {need} cards; the deck has "
                          f"{len(ruleset.deck)}")
    piles = table.deck(ruleset.gadget["gm_deck"], rng)
    piles.collect(rng)  # "the GM draws this many cards": from the whole deck, shuffled for this check
    chance = full_deck_chance(ruleset, reliability)
    given = _given_cards(ruleset, request.cards, piles)
    cards = _deal(ruleset, piles, rng, given, reliability)
    broke = [card for card in cards if card.code in ruleset.gadget["breakdown_cards"]]
    rule, severity, hand, new = "", [], None, 0
    if broke:
        rule, kept, new = severity_plan(ruleset, cards, fail_hand, build_jokers)
        severity = kept + _deal(ruleset, piles, rng, given, new, offset=reliability)
        hand = ruleset.ranking.best(severity, ruleset.context(None))
    _check_given_used(given, reliability + new)
    piles.discard_all_in_play()
    result = UseResult(request.device or None, reliability, fail_hand, build_jokers, cards, broke, rule, severity,
                       hand, chance, None, table.name, ruleset)
    if table.persistent:
        result = result._replace(record=_store_use(ruleset, table, device, result, typed=given is not None))
    return result


def _given_cards(ruleset: Ruleset, text: str | None, piles: Piles) -> list[Card] | None:
    if text is None:
        return None
    cards = ruleset.deck.parse_many(text)
    piles.take([card.code for card in cards], "gm")
    return cards


def _deal(ruleset: Ruleset, piles: Piles, rng: random.Random, given: list[Card] | None, count: int,
          offset: int = 0) -> list[Card]:
    """``count`` cards: the next typed-in ones, or drawn from the GM deck."""
    if given is None:
        return [ruleset.deck.parse(code) for code in piles.draw(count, "gm", rng).cards]
    if len(given) < offset + count:
        raise GadgetError(f"--cards gave {len(given)} cards; this use needs {offset + count}: the reliability "
                          "cards, then the new cards of the severity hand")
    return given[offset:offset + count]


def _check_given_used(given: list | None, used: int) -> None:
    if given is not None and len(given) > used:
        raise GadgetError(f"--cards gave {len(given)} cards; this use takes {used}")


def _store_use(ruleset: Ruleset, table: Table, device: Device | None, result: UseResult, typed: bool) -> dict | None:
    """The device's record of uses and breakdowns, and the use in the history (with whether its cards
    were dealt by hand, for the ledger: the chance is of cards drawn from the whole deck)."""
    record = None
    if device is not None:
        device.uses += 1
        device.breakdowns += bool(result.breakdown)
        device.broken = bool(result.breakdown)
        record = {"uses": device.uses, "breakdowns": device.breakdowns, "broken": device.broken}
    severity = ({"rank": result.severity_hand.rank.id, "cards": [c.code for c in result.severity_cards]}
                if result.severity_hand else None)
    table.log("gadget use", deck=ruleset.gadget["gm_deck"], cards=[c.code for c in result.cards],
              data={"device": result.device, "reliability": result.reliability, "breakdown": bool(result.breakdown),
                    "severity": severity, "chance": result.chance["fraction"], "record": record,
                    situations.KEY: {"typed": typed, "builder": device.builder if device is not None else None}})
    return record
