"""Deadlands hucksters (seed 000): a hexslingin' roll, then cards by raises from the caster's deck.

A hexslingin' roll against TN 5 (dice, a total, or from the caster's roster: hexslingin' level
dice of the hex's Trait). A bust draws nothing and backlashes; a failure draws nothing; a
success draws 5 cards, one more per raise, from the caster's own deck, plays the best five with
both Jokers wild, and works if that meets the hex's minimum. Backlash: a Black Joker always; a
Red Joker while the hex's level is below 3; a bust. A hex of Speed 2 or more cast in a combat on
a table is begun on an action card and cast on its last (``long_actions``).

Velvet's soul blast from seed 000:

>>> from dealer.store.rulesets import load
>>> from dealer.core.table import Table
>>> import random
>>> deadlands = load("deadlands")
>>> request = HuckRequest(name="soul blast", total=18, level=4, cards="8s 8h 8d Kc 5d 3s RJ")
>>> cast = resolve_huckster(deadlands, request, Table.fresh(deadlands), random.Random(1))
>>> cast.cards_allowed, cast.hand.rank.name, cast.success, cast.backlash["severity"]
(7, 'Four of a Kind', True, 0)
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, NamedTuple

from dealer.core import results
from dealer.core.dice import parse_dice
from dealer.core.ledger import situations
from dealer.core.mechanics.hex.common import HexError, backlash, caster_deck, catalogue_entry, hex_cards
from dealer.core.mechanics.rolls import RollSpec
from dealer.core.ranks import slug
from dealer.core.table import Table
from dealer.errors import DealerError, shell_word, usage

if TYPE_CHECKING:
    from dealer.core.dice import TraitRoll
    from dealer.core.hands import Hand
    from dealer.core.rules import Ruleset


class HuckRequest(NamedTuple):
    """A huckster's hex (seed 000): which, who casts, the hexslingin' roll (dice, a total, or a
    bust), the level, the minimum hand, the roll's TN, cards typed in, the deck's reshuffle
    policy, and the action card a hex of several cards is begun on."""

    name: str | None = None
    caster: str | None = None
    dice: str | None = None
    total: int | None = None
    bust: bool = False
    level: int | None = None
    minimum: str | None = None
    tn: int | None = None
    cards: str | None = None
    reshuffle: str | None = None
    action_card: str | None = None


class HuckResult(NamedTuple):
    """A huckster's hex: the roll, the cards, the hand, the verdict, the backlash; or, for a hex
    of several action cards begun in a combat, ``speed`` (nothing rolled yet)."""

    ruleset: Ruleset
    entry: dict | None
    caster: str | None
    level: int
    minimum: str
    roll: TraitRoll | None = None
    cards_allowed: int = 0
    cards: tuple = ()
    short: bool = False
    hand: Hand | None = None
    success: bool = False
    verdict: str = ""
    backlash: dict = results.backlash_data([], 0)
    events: tuple = ()
    speed: dict | None = None
    deck: dict = {}

    def to_data(self) -> dict:
        data = {"kind": "hex", "hex": self.entry, "caster": self.caster, "level": self.level,
                "minimum": self.minimum, "roll": results.roll_data(self.roll) if self.roll else None,
                "cards_allowed": self.cards_allowed, "cards": [card.code for card in self.cards],
                "hand": results.hand_data(self.hand, self.ruleset) if self.hand else None,
                "success": self.success, "verdict": self.verdict, "backlash": self.backlash,
                "events": list(self.events)}
        if self.short:
            data["short"] = True
        if self.speed:
            data["speed"] = self.speed
            data["table"] = self.speed["table"]
        else:
            data.update(self.deck)
        return data


def _hexslinging_roll(ruleset, request, entry, table, rng):
    """The hexslingin' roll: rolled, given, or from the caster's roster traits."""
    given = [x for x in (request.dice, request.total, request.bust or None) if x is not None]
    if len(given) > 1:
        raise usage(HexError("give one of --roll, --total and --bust"))
    tn = ruleset.hex["tn"] if request.tn is None else request.tn
    if request.bust:
        text = "bust"
    elif request.total is not None:
        text = str(request.total)
    else:
        text = request.dice or _roster_dice(table, entry, request.caster)
    return RollSpec.parse(text, ruleset.dice["sides"]).roll(rng, tn, ruleset.dice)


def _roster_dice(table, entry, caster):
    """hexslingin' level dice of the hex's Trait's type, from the caster's roster traits."""
    level = table.trait(caster, "hexslinging")
    trait = table.trait(caster, entry["trait"].lower()) if entry and entry["trait"] else None
    if level is None or trait is None:
        raise usage(HexError("give the hexslingin' roll: --roll NdX, --total N or --bust (or, on a table, "
                             "roster traits hexslinging=LEVEL and the hex's Trait, e.g. spirit=3d10)"))
    try:
        _, sides, _ = parse_dice(str(trait))
        return f"{int(level)}d{sides}"
    except (DealerError, ValueError):
        raise HexError(f"{caster}'s roster traits hexslinging={level}, {entry['trait'].lower()}={trait} "
                       "do not make dice: fix them with dealer table set") from None


def _speed(ruleset: Ruleset, request: HuckRequest, entry: dict | None, table: Table, level: int) -> dict | None:
    """Seed 000: a hex with a Speed above 1, cast in a combat on a table, spends that many action
    cards over the rounds and resolves on the last. The first call starts it (nothing is rolled)
    and keeps its level; once the countdown has spent the last card, the next call casts it.
    None: cast now."""
    speed = entry["speed"] if entry else 1
    if speed > 1 and request.caster and table.persistent and "action" in ruleset.document["mechanics"]:
        from dealer.core.mechanics import long_actions
        from dealer.core.mechanics.action.countdown import in_combat

        if in_combat(table):
            current = long_actions.current(table, request.caster)
            if current is None or current.what != entry["name"]:
                from dealer.core.mechanics.action.moves import BeginRequest, resolve_begin

                _check_can_roll(request, entry, table, speed)
                begin = BeginRequest(request.caster, speed, entry["name"], request.action_card)
                begun = resolve_begin(ruleset, begin, table, hex_=True).to_data()
                long_actions.current(table, request.caster).level = level
                return begun
            if not current.done:
                raise HexError(f"{request.caster} is still spending action cards on {entry['name']}: "
                               f"{current.spent} of {current.need}; it resolves on the last")
            long_actions.end(table, request.caster)
            return None
    if request.action_card:
        raise HexError("--action-card is for a hex of Speed 2 or more cast by a --caster in a combat on a "
                       "--table (dealt with dealer action there); drop it to cast now")
    return None


def _check_can_roll(request: HuckRequest, entry: dict, table: Table, speed: int) -> None:
    """A hex of several cards is rolled on its last: a caster who could not roll it then (no
    hexslinging level or no dice of the hex's Trait on the roster, and no roll given) is refused
    now, not rounds later at the cast."""
    if request.dice or request.total is not None or request.bust:
        return
    level = table.trait(request.caster, "hexslinging")
    trait = entry["trait"].lower() if entry["trait"] else ""
    if level and trait and table.trait(request.caster, trait) is not None:
        _roster_dice(table, entry, request.caster)  # traits that make no dice are told now too
        return
    caster, missing = shell_word(request.caster), [] if level else ["hexslinging=LEVEL"]
    missing += [] if not trait or table.trait(request.caster, trait) is not None else [f"{trait}=DICE"]
    raise usage(HexError(f"{request.caster} has no {' or '.join(word.split('=')[0] for word in missing)} on "
                         f"table '{table.name}': {entry['name']} (Speed {speed}) is rolled on its last action card; "
                         f"add {'them' if len(missing) > 1 else 'it'} first (dealer table set {table.name} {caster} "
                         + " ".join(f"--trait {word}" for word in missing) + ") or give the roll (--roll NdX, --total N)"))


def _begun_level(table: Table, caster: str | None, entry: dict) -> int | None:
    """The level a hex of several action cards was begun at, when its caster casts it now."""
    if not (caster and table.persistent):
        return None
    from dealer.core.mechanics import long_actions

    under_way = long_actions.current(table, caster)
    return under_way.level if under_way is not None and under_way.what == entry["name"] else None


def _begun_words(entry: dict, begun: dict) -> str:
    now = f"{', '.join(begun['spending'])} spent this round; " if begun["spending"] else ""
    last = f"on {begun['resolves_on']}" if begun["resolves_on"] else "the countdown spends the rest; on the last"
    return f"casting {entry['name']} takes {begun['cards']} action cards: {now}{last}, cast it again to roll"


def resolve_huckster(ruleset: Ruleset, request: HuckRequest, table: Table, rng: random.Random) -> HuckResult:
    """The roll, the cards from the caster's deck, the hand, the verdict and any backlash."""
    entry = catalogue_entry(ruleset, request.name)
    rules = ruleset.hex
    minimum = request.minimum or (entry["minimum"] if entry else None)
    if not minimum:
        raise usage(HexError("which hand does it need? name a hex from the catalogue (dealer hex --list) "
                             "or give --min HAND"))
    threshold = ruleset.threshold(minimum)  # a bad --min is reported before anything is rolled
    level = request.level
    if level is None and entry is not None:
        level = _begun_level(table, request.caster, entry) or table.trait(request.caster, slug(entry["name"]))
    if level is None:
        raise usage(HexError("give --level L: the hex's level decides whether the Red Joker backlashes"))
    level = int(level)
    begun = _speed(ruleset, request, entry, table, level)
    if begun is not None:
        return HuckResult(ruleset, entry, request.caster, level, minimum, verdict=_begun_words(entry, begun),
                          speed=begun)
    roll = _hexslinging_roll(ruleset, request, entry, table, rng)
    deck = caster_deck(ruleset, request, table, rng, "hex")
    given = ruleset.deck.parse_many(request.cards) if request.cards else None
    if given is not None:
        deck.take([card.code for card in given])
    outcome: dict = {}
    if roll.bust:
        outcome = dict(verdict="bust: no cards, the hex fails", backlash=backlash(ruleset, [], level, bust=True))
    elif not roll.success:
        outcome = dict(verdict="failure: no manitou answers; nothing happens")
    else:
        allowed = hex_cards(ruleset, roll.raises)
        cards = given if given is not None else [ruleset.deck.parse(code) for code in deck.draw(allowed)]
        outcome = dict(cards_allowed=allowed, cards=tuple(cards), short=deck.short)
        if not cards:
            outcome["verdict"] = "no cards left to draw: reshuffle the caster's deck"
        else:
            hand = ruleset.ranking.best(cards, ruleset.context(rules["context"] or None))
            works = ruleset.ranking.meets(hand, threshold)
            outcome.update(hand=hand, success=works, verdict="the hex works" if works else "the hex fizzles",
                           backlash=backlash(ruleset, cards, level, bust=False))
    result = HuckResult(ruleset, entry, request.caster, level, minimum, roll, **outcome)
    played = given if given is not None else result.cards
    cast = {"roll": results.roll_data(roll), "level": level, "minimum": minimum}  # what the ledger reads
    cast.update({"typed": True} if given is not None else {"short": True} if result.short else {})
    deck.finish([card.code for card in played], "hex",
                {"caster": request.caster, "hex": entry and entry["name"], "works": result.success,
                 "backlash": result.backlash["severity"], situations.KEY: cast})
    return result._replace(events=tuple(deck.events), deck=deck.where())


