"""Casting by poker hand: Deadlands hucksters (seed 000) and poker-hands spellcasters (seed 003).

One entry point, ``resolve(ruleset, request, table, rng)``; the ruleset's ``[hex] style``
chooses the rules:

Style ``huckster``: a hexslingin' roll against TN 5 (dice, a total, or from the caster's
roster: hexslingin' level dice of the hex's Trait). A bust draws nothing and backlashes; a
failure draws nothing; a success draws 5 cards, one more per raise, from the caster's own
deck, plays the best five with both Jokers wild, and works if that meets the hex's minimum.
Backlash: a Black Joker always; a Red Joker while the hex's level is below 3; a bust.
Severity rises: one Joker < bust < both Jokers.

Style ``spell``: cards = 5 + skill + modifiers (``draws.draw_size``: at most ten, above ten
a wild pick comes free), one fewer when the caster is winded. Jokers are dead; the Red
Joker's holder draws a chip. At least a pair (or the target) succeeds; a Joker with less
than a pair is a bust, told with how black the hand is. A huckster's Joker backlashes; the
faithful's Red Joker is a surge of power and their Black Joker asks for a chip.

On a table the caster's deck is kept and reshuffled by the policy (``after-hex``,
``when-low``, ``manual``), casts are counted towards winded, and the spell's hand is
remembered so a chip can change it later.

Velvet's soul blast from seed 000:

>>> from dealer.store.rulesets import load
>>> from dealer.core.table import Table
>>> import random
>>> deadlands = load("deadlands")
>>> request = HexRequest(name="soul blast", total=18, level=4, cards="8s 8h 8d Kc 5d 3s RJ")
>>> cast = resolve(deadlands, request, Table.fresh(deadlands), random.Random(1))
>>> cast.cards_allowed, cast.hand.rank.name, cast.works, cast.backlash["severity"]
(7, 'Four of a Kind', True, 0)
"""

from __future__ import annotations

import random
from typing import Any

from dealer.core import results
from dealer.core.mechanics import draws
from dealer.core.mechanics.request import Request
from dealer.core.mechanics.rolls import RollSpec
from dealer.core.piles import chip_event
from dealer.core.ranks import slug
from dealer.core.table import Table, check_keys
from dealer.errors import DealerError


class HexError(DealerError):
    """A cast the rules do not allow (no minimum, no level, a wild pick with too few cards, ...)."""


class HexState:
    """The ``hex`` part of a table: each caster's casts since their last rest (seed 003's winded)."""

    KEY = "hex"
    __slots__ = ("casts",)

    def __init__(self, casts: dict[str, int] | None = None):
        self.casts = dict(casts or {})

    @classmethod
    def from_data(cls, data: dict) -> "HexState":
        check_keys(data, ("casts",), "hex state")
        return cls({str(name): int(count) for name, count in data.get("casts", {}).items()})

    def to_data(self) -> dict:
        return {"casts": dict(self.casts)} if self.casts else {}


def is_winded(table: Table, person: str | None, *, master: int | None = None, faithful: bool = False) -> bool:
    """Seed 003: once a caster has cast as many spells as their master skill (roster ``master``,
    or ``master`` given), they are winded, "-1 card to everything", until they rest or spend a
    white chip. The faithful never get winded."""
    master = master or table.trait(person, "master")
    if not person or not master or faithful or table.trait(person, "faithful"):
        return False
    return table.state(HexState).casts.get(person, 0) >= int(master)


def second_wind(table: Table, person: str) -> int:
    """A rest or a white chip: the casts count afresh. Returns the count before."""
    return table.state(HexState).casts.pop(person, 0)


class HexRequest(Request):
    """What the caster asked: the hex, who casts, the roll (huckster) or skill (spell), cards typed in."""

    FIELDS = {"name": None,
              "caster": None,
              "dice": None,
              "total": None,
              "bust": False,
              "level": None,
              "minimum": None,
              "tn": None,
              "cards": None,
              "reshuffle": None,
              "skill": None,
              "mods": (),
              "wild_pick": False,
              "target": None,
              "huckster": False,
              "faithful": False,
              "master": None,
              "chip": None,
              "knack": None,
              "action_card": None}


def catalogue_entry(ruleset: Any, name: str | None) -> dict | None:
    """The catalogue's hex of that name (any case, spaces or hyphens), or None for no name."""
    if not name:
        return None
    for entry in ruleset.hex["catalogue"]:
        if slug(entry["name"]) == slug(name):
            return entry
    names = ", ".join(entry["name"] for entry in ruleset.hex["catalogue"]) or "none"
    raise HexError(f"no hex '{name}' in the {ruleset.name} catalogue ({names}); "
                   "or cast without a name and give --min HAND")


def resolve(ruleset: Any, request: HexRequest, table: Table, rng: random.Random) -> "HuckResult | SpellResult":
    """Cast: the roll or the skill, the cards from the caster's deck, the hand, the verdict."""
    ruleset.require("hex")
    entry = catalogue_entry(ruleset, request.name)
    if ruleset.hex["style"] == "huckster":
        return _huckster(ruleset, request, entry, table, rng)
    return _spell(ruleset, request, entry, table, rng)


# -- backlash -----------------------------------------------------------------------------------


def backlash(ruleset: Any, cards: list, level: int, bust: bool, *, any_joker: bool = False) -> dict:
    """Backlash reasons and severity, for both styles: one Joker 1 < bust 2 < both Jokers 3.

    A Joker backlashes when ``hex.backlash_always`` names it, or ``hex.backlash_below_level``
    while the level is below its number; ``any_joker`` (a poker-hands huckster): every
    ``hex.bust_cards`` card does.
    """
    rules = ruleset.hex
    reasons = []
    if bust:
        reasons.append("went bust on the hexslingin' roll" if rules["style"] == "huckster"
                       else "a Joker and less than a pair: bust")

    def joker(card):  # a card that can backlash at all
        return (card.code in rules["backlash_always"] or card.code in rules["backlash_below_level"]
                or (any_joker and card.code in rules["bust_cards"]))

    for card in filter(joker, cards):
        below = rules["backlash_below_level"].get(card.code)
        if card.code in rules["backlash_always"] or (any_joker and card.code in rules["bust_cards"]):
            reasons.append(f"drew the {card.name}" + ("" if any_joker else " (always backlash)"))
        elif level < below:
            reasons.append(f"drew the {card.name} with the hex at level {level} (below {below})")
    both = sum(1 for card in cards if card.kind == "special" and joker(card)) >= 2
    severity = 3 if both and reasons else 2 if bust else 1 if reasons else 0
    return results.backlash_data(reasons, severity)


# -- the caster's deck --------------------------------------------------------------------------


class _CasterDeck:
    """The caster's deck for one cast: a table's (kept, reshuffled by policy) or a fresh one."""

    def __init__(self, table: Table, name: str, policy: str, rng: random.Random):
        self.table, self.name, self.policy, self.rng = table, name, policy, rng
        self.piles = table.deck(name, rng)
        self.events: list[dict] = []

    def draw(self, count: int, holder: str, ruleset: Any) -> tuple[list, bool]:
        """``count`` cards; with ``when-low`` the discards go back in first if the draw could run short;
        with ``manual`` an empty deck comes up short instead of reshuffling."""
        piles = self.piles
        if self.table.persistent and self.policy == "when-low" and len(piles.draw_pile) < count and piles.discards:
            total = piles.shuffle(self.rng)
            self.events.append({"kind": "reshuffle", "deck": self.name, "count": total,
                                "why": f"fewer cards left than this draw could need ({count})"})
        drawn = piles.draw(count, holder, self.rng, reshuffle=not self.table.persistent or self.policy != "manual")
        if drawn.reshuffled:
            self.events.append({"kind": "reshuffle", "deck": self.name, "count": drawn.reshuffled,
                                "why": "the deck ran out mid-draw"})
        return [ruleset.deck.parse(code) for code in drawn.cards], drawn.short

    def take(self, cards: list, holder: str) -> None:
        """Cards drawn by hand: out of the deck (or its discards) and into play."""
        self.piles.take([card.code for card in cards], holder)

    def finish(self, cards: list, kind: str, data: dict) -> None:
        """The cards go to the discards, the history records the cast, ``after-hex`` reshuffles."""
        codes = [card.code for card in cards]
        if codes:
            self.piles.discard(codes)
        self.table.log(kind, deck=self.name, cards=codes, data=data)
        if self.table.persistent and self.policy == "after-hex":
            self.piles.collect(self.rng)
            self.events.append({"kind": "reshuffle", "deck": self.name, "count": len(self.piles.draw_pile),
                                "why": "the table reshuffles after every cast"})
        self.table.log_events([event for event in self.events if event["kind"] == "reshuffle"])

    @property
    def left(self) -> int | None:
        return len(self.piles.draw_pile) if self.table.persistent else None


def _deck(ruleset, request, table, rng, prefix):
    policy = request.reshuffle or ruleset.hex["reshuffle"]
    name = f"{prefix}:{request.caster}" if request.caster else prefix
    return _CasterDeck(table, name, policy, rng)


# -- huckster -----------------------------------------------------------------------------------


class HuckResult:
    """A huckster's hex: the roll, the cards, the hand, the verdict, the backlash."""

    def __init__(self, ruleset, entry, caster, level, minimum, roll):
        self.ruleset, self.entry, self.caster, self.level, self.minimum, self.roll = (
            ruleset, entry, caster, level, minimum, roll)
        self.cards_allowed = 0
        self.cards: list = []
        self.hand = None
        self.works = False
        self.verdict = ""
        self.backlash = results.backlash_data([], 0)
        self.short = False
        self.events: list[dict] = []
        self.policy = None
        self.left = None
        self.table = None
        self.speed = None

    @classmethod
    def begun(cls, ruleset, entry, caster, level, minimum, begun) -> "HuckResult":
        """A hex of several action cards, started: nothing rolled or drawn yet."""
        result = cls(ruleset, entry, caster, level, minimum, None)
        result.speed, result.table = begun, begun["table"]
        now = f"{', '.join(begun['spending'])} spent this round; " if begun["spending"] else ""
        last = f"on {begun['resolves_on']}" if begun["resolves_on"] else "the countdown spends the rest; on the last"
        result.verdict = f"casting {entry['name']} takes {begun['cards']} action cards: {now}{last}, cast it again to roll"
        return result

    def to_data(self) -> dict:
        data = {
            "style": "huckster",
            "hex": self.entry,
            "caster": self.caster,
            "level": self.level,
            "minimum": self.minimum,
            "roll": results.roll_data(self.roll) if self.roll else None,
            "cards_allowed": self.cards_allowed,
            "cards": [card.code for card in self.cards],
            "hand": results.hand_data(self.hand, self.ruleset) if self.hand else None,
            "works": self.works,
            "verdict": self.verdict,
            "backlash": self.backlash,
            "events": self.events,
        }
        if self.short:
            data["short"] = True
        if self.speed:
            data["speed"] = self.speed
        if self.table and not self.speed:
            data.update(table=self.table, reshuffle=self.policy, left=self.left)
        return data


def _hexslinging_roll(ruleset, request, entry, table, rng):
    """The hexslingin' roll: rolled, given, or from the caster's roster traits."""
    given = [x for x in (request.dice, request.total, request.bust or None) if x is not None]
    if len(given) > 1:
        raise HexError("give one of --roll, --total and --bust")
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
    from dealer.core.dice import parse_dice

    level = table.trait(caster, "hexslinging")
    trait = table.trait(caster, entry["trait"].lower()) if entry and entry["trait"] else None
    if level is None or trait is None:
        raise HexError("give the hexslingin' roll: --roll NdX, --total N or --bust (or, on a table, "
                       "roster traits hexslinging=LEVEL and the hex's Trait, e.g. spirit=3d10)")
    try:
        _, sides, _ = parse_dice(str(trait))
        return f"{int(level)}d{sides}"
    except (DealerError, ValueError):
        raise HexError(f"{caster}'s roster traits hexslinging={level}, {entry['trait'].lower()}={trait} "
                       "do not make dice: fix them with dealer table set") from None


def _speed(ruleset, request, entry, table) -> dict | None:
    """Seed 000: a hex with a Speed above 1, cast in a combat on a table, spends that many action
    cards over the rounds and resolves on the last. The first call starts it (nothing is rolled);
    once the countdown has spent the last card, the next call casts it. None: cast now."""
    speed = entry["speed"] if entry else 1
    if speed > 1 and request.caster and table.persistent:
        from dealer.core.mechanics import action  # only here: a hex cast at once pays nothing for it

        if action.in_combat(table):
            current = action.long_action(table, request.caster)
            if current is None or current["what"] != entry["name"]:
                return action.resolve_begin(ruleset, request.caster, speed, entry["name"], table,
                                            card=request.action_card, hex_=True)
            if current["spent"] < current["need"]:
                raise HexError(f"{request.caster} is still spending action cards on {entry['name']}: "
                               f"{current['spent']} of {current['need']}; it resolves on the last")
            action.end_long_action(table, request.caster)
            return None
    if request.action_card:
        raise HexError("--action-card is for a hex of Speed 2 or more cast by a --caster in a combat on a "
                       "--table (dealt with dealer action there); drop it to cast now")
    return None


def _huckster(ruleset, request, entry, table, rng):
    rules = ruleset.hex
    minimum = request.minimum or (entry["minimum"] if entry else None)
    if not minimum:
        raise HexError("which hand does it need? name a hex from the catalogue (dealer hex --list) or give --min HAND")
    threshold = ruleset.threshold(minimum)  # a bad --min is reported before anything is rolled
    level = request.level
    if level is None and entry is not None:
        level = table.trait(request.caster, slug(entry["name"]))
    if level is None:
        raise HexError("give --level L: the hex's level decides whether the Red Joker backlashes")
    begun = _speed(ruleset, request, entry, table)
    if begun is not None:
        return HuckResult.begun(ruleset, entry, request.caster, int(level), minimum, begun)
    roll = _hexslinging_roll(ruleset, request, entry, table, rng)
    result = HuckResult(ruleset, entry, request.caster, int(level), minimum, roll)
    deck = _deck(ruleset, request, table, rng, "hex")
    given = ruleset.deck.parse_many(request.cards) if request.cards else None
    if given is not None:
        deck.take(given, request.caster or "")
    if roll.bust:
        result.verdict = "bust: no cards, the hex fails"
        result.backlash = backlash(ruleset, [], result.level, bust=True)
    elif not roll.success:
        result.verdict = "failure: no manitou answers; nothing happens"
    else:
        result.cards_allowed = rules["base_cards"] + roll.raises * rules["cards_per_raise"]
        cards, result.short = (given, False) if given is not None else deck.draw(
            result.cards_allowed, request.caster or "", ruleset)
        result.cards = cards
        if not cards:
            result.verdict = "no cards left to draw: reshuffle the caster's deck"
        else:
            result.hand = ruleset.ranking.best(cards, ruleset.context(rules["context"] or None))
            result.works = ruleset.ranking.meets(result.hand, threshold)
            result.verdict = "the hex works" if result.works else "the hex fizzles"
            result.backlash = backlash(ruleset, cards, result.level, bust=False)
    deck.finish(given if given is not None else result.cards, "hex",
                {"caster": request.caster, "hex": entry and entry["name"], "works": result.works,
                 "backlash": result.backlash["severity"]})
    result.events = deck.events
    if table.persistent:
        result.table, result.policy, result.left = table.name, deck.policy, deck.left
    return result


# -- poker-hands spells -------------------------------------------------------------------------


class SpellResult:
    """A poker-hands spell: the draw, the wild pick, the hand, success, effect, bust, chips."""

    def __init__(self, ruleset, entry, caster, size, target):
        self.ruleset, self.entry, self.caster, self.size, self.target = ruleset, entry, caster, size, target
        self.cards: list = []
        self.picked: tuple = ()
        self.hand = None
        self.success = False
        self.bust = False
        self.events: list[dict] = []
        self.backlash = None
        self.blessing = None
        self.winded = False
        self.casts = None
        self.master = None
        self.table = None

    def to_data(self) -> dict:
        hand = results.hand_data(self.hand, self.ruleset) if self.hand else None
        data = {
            "style": "spell",
            "spell": self.entry,
            "caster": self.caster,
            "cards_allowed": self.size.cards,
            "wild_picks": self.size.wild_picks,
            "cards": [card.code for card in self.cards],
            "wild_pick": ({"card": self.picked[0].code, "as": self.hand.substitutions().get(self.picked[0].code)}
                          if self.picked else None),
            "hand": hand,
            "target": self.target,
            "success": self.success,
            "effect": hand.get("effect", "") if hand and self.success else "",
            "bust": self.bust,
            **draws.how_black(self.cards),
            "events": self.events,
            "winded": self.winded,
        }
        if self.size.note:
            data["note"] = self.size.note
        if self.backlash is not None:
            data["backlash"] = self.backlash
        if self.blessing is not None:
            data["blessing"] = self.blessing
        if self.master is not None:
            data["casts"], data["master"] = self.casts, self.master
        if self.table:
            data["table"] = self.table
        return data


def _chip(ruleset, request, table, rng):
    """A chip played before the draw (seed 003): white one more card, red a wild pick (any chip
    with a knack); blue, one-time access to a spell the caster does not have, at their master
    level. Returns ``(extra cards, extra wild picks, skill or None, the spend event)``."""
    from dealer.core.mechanics import chips

    if not request.caster:
        raise HexError("--chip needs --caster NAME: whose chip is it?")
    if request.chip.lower() == "blue" and not request.knack and "spell" in ruleset.chips["uses"]:
        master = request.master or table.trait(request.caster, "master")
        if not master:
            raise HexError(f"a blue chip casts a spell at {request.caster}'s master level: give --master N "
                           "or a master trait on the roster")
        from dealer.core.mechanics.chips.spending import SpendRequest, resolve_spend

        spent = resolve_spend(ruleset, SpendRequest(request.caster, "blue", use="spell"), table, rng)
        return 0, 0, int(master), spent.events[0]
    bonus = chips.chip_before_draw(ruleset, table, request.caster, request.chip, knack=request.knack or "")
    return bonus.cards, bonus.wild_picks, None, bonus.event


def _spell(ruleset, request, entry, table, rng):
    rules, caster = ruleset.hex, request.caster
    extra_cards, extra_picks, chip_skill, chip_event_ = (_chip(ruleset, request, table, rng) if request.chip
                                                          else (0, 0, None, None))
    skill = request.skill if chip_skill is None else chip_skill
    if skill is None and entry is not None:
        skill = table.trait(caster, slug(entry["name"]))
    if skill is None:
        raise HexError("give --skill N: the spell's level adds to the five cards")
    target = request.target or rules["target"]
    ruleset.threshold(target)
    huckster = request.huckster or bool(table.trait(caster, "huckster"))
    faithful = request.faithful or bool(table.trait(caster, "faithful"))
    master = request.master or table.trait(caster, "master")
    state = table.state(HexState)
    winded = is_winded(table, caster, master=master, faithful=faithful)
    mods = tuple(request.mods) + ((extra_cards,) if extra_cards else ())
    size = draws.draw_size(ruleset, int(skill), mods, wild_pick=request.wild_pick, winded=winded,
                           extra_picks=extra_picks)
    result = SpellResult(ruleset, entry, caster, size, target)
    result.winded = winded
    deck = _deck(ruleset, request, table, rng, "spell")
    if request.cards:
        result.cards = ruleset.deck.parse_many(request.cards)
        deck.take(result.cards, caster or "")
    else:
        result.cards, _ = deck.draw(size.cards, caster or "", ruleset)
    _judge_spell(ruleset, result, huckster, faithful)
    result.events = ([chip_event_] if chip_event_ else []) + [
        chip_event(table.chips, ruleset.chips, caster or "the caster", rng, f"drew the {card.name}")
        for card in result.cards if card.code in rules["chip_cards"]]
    table.log_events([event for event in result.events if event is not chip_event_])  # the spend logged itself
    if caster:
        if table.persistent and not faithful:
            state.casts[caster] = state.casts.get(caster, 0) + 1
        if table.persistent:
            from dealer.core.mechanics.last_hand import LastHands

            table.state(LastHands).remember(
                person=caster, source="spell", deck=deck.name, cards=[c.code for c in result.cards], target=target,
                context=rules["context"], wild_picks=[c.code for c in result.picked],
                data={"huckster": huckster, "spell": entry and entry["name"]})
    deck.finish(result.cards, "spell", {"caster": caster, "spell": entry and entry["name"],
                                        "success": result.success, "bust": result.bust})
    result.events += deck.events
    if master and caster:
        result.casts, result.master = state.casts.get(caster, 0), int(master)
    if table.persistent:
        result.table = table.name
    return result


def _judge_spell(ruleset, result, huckster, faithful):
    """Success against the target, bust, and what the caster's Jokers mean."""
    rules = ruleset.hex
    context = ruleset.context(rules["context"] or None)
    if result.cards:
        result.hand, result.picked = draws.best_with_picks(ruleset, result.cards, context, result.size.wild_picks)
        result.success = ruleset.ranking.meets(result.hand, ruleset.threshold(result.target))
    result.bust = draws.is_bust(ruleset, result.cards, result.hand)
    jokers = [card for card in result.cards if card.code in rules["bust_cards"]]
    if huckster and jokers:
        data = backlash(ruleset, result.cards, 0, result.bust, any_joker=True)
        if data["severity"] < 3 and (result.bust or result.success):  # seed 003's words for the two cases
            data["words"] = ("quite bad backlash: a Joker and a bust" if result.bust
                             else "backlash: the spell works, with twisted effects")
        result.backlash = data
    if faithful and jokers:
        result.blessing = [_blessing(card) for card in jokers]


def _blessing(card) -> dict:
    """Seed 003: a faithful's Red Joker is a surge of power; a Black Joker tests their faith."""
    if card.color == "red":
        return {"card": card.code, "effect": "surge", "words": "a surge in power: their god backs them up"}
    return {"card": card.code, "effect": "chip", "words": "faith tested: throw in a chip "
            "(dealer chips spend NAME COLOUR) or the blessing fails"}
