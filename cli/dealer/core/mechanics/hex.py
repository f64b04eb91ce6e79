"""Casting by poker hand: Deadlands hucksters (seed 000) and poker-hands spellcasters (seed 003).

The ruleset's ``[hex] style`` chooses the rules, and each has its own request (``cast_request``
builds the right one and refuses the other style's options):

Style ``huckster`` (``HuckRequest``): a hexslingin' roll against TN 5 (dice, a total, or from
the caster's roster: hexslingin' level dice of the hex's Trait). A bust draws nothing and
backlashes; a failure draws nothing; a success draws 5 cards, one more per raise, from the
caster's own deck, plays the best five with both Jokers wild, and works if that meets the
hex's minimum. Backlash: a Black Joker always; a Red Joker while the hex's level is below 3;
a bust. Severity rises: one Joker < bust < both Jokers. A hex of Speed 2 or more cast in a
combat on a table is begun on an action card and cast on its last (``long_actions``).

Style ``spell`` (``SpellRequest``): the one skill draw (``skill_draw``, purpose ``spell``):
5 + skill + modifiers, at most ten, the caster's conditions (winded), chips played first;
Jokers are dead, the Red Joker's holder draws a chip, a Joker with less than a pair is a bust.
At least a pair (or the target) succeeds. A huckster's Joker backlashes; the faithful's Red
Joker is a surge of power and their Black Joker asks for a chip.

On a table the caster's deck is kept and reshuffled by the policy (``after-hex``,
``when-low``, ``manual``), casts are counted towards winded (``conditions``), and the spell's
hand is remembered so a chip can change it later.

Velvet's soul blast from seed 000:

>>> from dealer.store.rulesets import load
>>> from dealer.core.table import Table
>>> import random
>>> deadlands = load("deadlands")
>>> request = HuckRequest(name="soul blast", total=18, level=4, cards="8s 8h 8d Kc 5d 3s RJ")
>>> cast = resolve(deadlands, request, Table.fresh(deadlands), random.Random(1))
>>> cast.cards_allowed, cast.hand.rank.name, cast.success, cast.backlash["severity"]
(7, 'Four of a Kind', True, 0)
"""

from __future__ import annotations

import random
from typing import Any, NamedTuple

from dealer.core import results
from dealer.core.mechanics import conditions
from dealer.core.mechanics.conditions import Modifier
from dealer.core.mechanics.rolls import RollSpec
from dealer.core.mechanics.skill_draw import Draw, DrawRequest, skill_draw
from dealer.core.ranks import slug
from dealer.core.table import Table
from dealer.errors import DealerError


class HexError(DealerError):
    """A cast the rules do not allow (no minimum, no level, a wild pick with too few cards, ...)."""


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


class SpellRequest(NamedTuple):
    """A poker-hands spell (seed 003): which, who casts, the skill, card modifiers, a wild pick at
    ten, the GM's target, huckster or faithful, the master skill, a chip played first (with a
    knack), cards typed in, the deck's reshuffle policy."""

    name: str | None = None
    caster: str | None = None
    skill: int | None = None
    mods: tuple[int, ...] = ()
    wild_pick: bool = False
    target: str | None = None
    huckster: bool = False
    faithful: bool = False
    master: int | None = None
    chip: str | None = None
    knack: str | None = None
    cards: str | None = None
    reshuffle: str | None = None


def cast_request(ruleset: Any, options: dict) -> HuckRequest | SpellRequest:
    """``dealer hex``'s options as the request of this ruleset's style; an option of the other
    style, given, is refused with what to do."""
    ruleset.require("hex")
    kind, other = (HuckRequest, SpellRequest) if ruleset.hex["style"] == "huckster" else (SpellRequest, HuckRequest)
    for name in other._fields:
        if name not in kind._fields and options.get(name) not in (None, False, ()):
            flag = "--" + {"dice": "roll", "mods": "mod", "minimum": "min"}.get(name, name).replace("_", "-")
            game = "poker-hands spells" if kind is HuckRequest else "huckster hexes (Deadlands)"
            raise HexError(f"{flag} is for {game}; {ruleset.name} casts {'by skill' if kind is SpellRequest else 'by a hexslingin roll'}")
    return kind(**{name: options[name] for name in kind._fields if name in options})


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


def resolve(ruleset: Any, request: HuckRequest | SpellRequest, table: Table,
            rng: random.Random) -> "HuckResult | SpellResult":
    """Cast: the roll or the skill, the cards from the caster's deck, the hand, the verdict."""
    ruleset.require("hex")
    entry = catalogue_entry(ruleset, request.name)
    if isinstance(request, HuckRequest):
        return _huckster(ruleset, request, entry, table, rng)
    return _spell(ruleset, request, entry, table, rng)


# -- backlash -----------------------------------------------------------------------------------


def backlash_cards(ruleset: Any, level: int, *, any_joker: bool = False) -> tuple[set[str], set[str]]:
    """The codes of the cards that can backlash at all, and of those that do at ``level``: a card
    of ``hex.backlash_always``; one of ``hex.backlash_below_level`` while the level is below its
    number; with ``any_joker`` (a poker-hands huckster), every ``draws.bust_cards`` card."""
    rules = ruleset.hex
    jokers = set(ruleset.draws["bust_cards"]) if any_joker else set()
    listed = set(rules["backlash_always"]) | set(rules["backlash_below_level"]) | jokers
    active = set(rules["backlash_always"]) | jokers | {code for code, below in rules["backlash_below_level"].items()
                                                       if level < below}
    return listed, active


def backlash(ruleset: Any, cards: list, level: int, bust: bool, *, any_joker: bool = False) -> dict:
    """Backlash reasons and severity, for both styles: one Joker 1 < bust 2 < both Jokers 3
    (``backlash_cards`` says which cards backlash at this level)."""
    rules = ruleset.hex
    listed, active = backlash_cards(ruleset, level, any_joker=any_joker)
    reasons = []
    if bust:
        reasons.append("went bust on the hexslingin' roll" if rules["style"] == "huckster"
                       else "a Joker and less than a pair: bust")
    for card in cards:
        if card.code not in active:
            continue
        below = rules["backlash_below_level"].get(card.code)
        if card.code in rules["backlash_always"] or any_joker or below is None:
            reasons.append(f"drew the {card.name}" + ("" if any_joker else " (always backlash)"))
        else:
            reasons.append(f"drew the {card.name} with the hex at level {level} (below {below})")
    both = sum(1 for card in cards if card.kind == "special" and card.code in listed) >= 2
    return results.backlash_data(reasons, severity(both and bool(reasons), bust, bool(reasons)))


def severity(both_jokers: bool, bust: bool, any_backlash: bool) -> int:
    """How bad a backlash is: both Jokers 3 > a bust 2 > one Joker 1 > none 0."""
    return 3 if both_jokers else 2 if bust else 1 if any_backlash else 0


def hex_cards(ruleset: Any, raises: int) -> int:
    """Cards a successful hexslingin' roll draws: ``base_cards``, one more per raise (seed 000)."""
    return ruleset.hex["base_cards"] + raises * ruleset.hex["cards_per_raise"]


# -- the caster's deck --------------------------------------------------------------------------


class CasterDeck:
    """The caster's deck for one cast, as a card source: a table's (kept, reshuffled by policy) or
    a fresh one. Records its reshuffles as events."""

    def __init__(self, table: Table, name: str, policy: str, holder: str, rng: random.Random):
        self.table, self.name, self.policy, self.holder, self.rng = table, name, policy, holder, rng
        self.piles = table.deck(name, rng)
        self.events: list[dict] = []
        self.short = False

    def draw(self, count: int) -> list[str]:
        """``count`` cards; with ``when-low`` the discards go back in first if the draw could run short;
        with ``manual`` an empty deck comes up short instead of reshuffling."""
        piles = self.piles
        if self.table.persistent and self.policy == "when-low" and len(piles.draw_pile) < count and piles.discards:
            total = piles.shuffle(self.rng)
            self.events.append({"kind": "reshuffle", "deck": self.name, "count": total,
                                "why": f"fewer cards left than this draw could need ({count})"})
        drawn = piles.draw(count, self.holder, self.rng,
                           reshuffle=not self.table.persistent or self.policy != "manual")
        if drawn.reshuffled:
            self.events.append({"kind": "reshuffle", "deck": self.name, "count": drawn.reshuffled,
                                "why": "the deck ran out mid-draw"})
        self.short = drawn.short
        return drawn.cards

    def take(self, codes: list[str]) -> None:
        """Cards drawn by hand: out of the deck (or its discards) and into play."""
        self.piles.take(codes, self.holder)

    def finish(self, codes: list[str], kind: str, data: dict) -> None:
        """The cards go to the discards, the history records the cast, ``after-hex`` reshuffles."""
        if codes:
            self.piles.discard(codes)
        self.table.log(kind, deck=self.name, cards=codes, data=data)
        if self.table.persistent and self.policy == "after-hex":
            self.piles.collect(self.rng)
            self.events.append({"kind": "reshuffle", "deck": self.name, "count": len(self.piles.draw_pile),
                                "why": "the table reshuffles after every cast"})
        self.table.log_events([event for event in self.events if event["kind"] == "reshuffle"])

    def where(self) -> dict:
        """On a table: the deck's policy and the cards left in it."""
        if not self.table.persistent:
            return {}
        return {"table": self.table.name, "reshuffle": self.policy, "left": len(self.piles.draw_pile)}


def _deck(ruleset: Any, request: Any, table: Table, rng: random.Random, prefix: str) -> CasterDeck:
    policy = request.reshuffle or ruleset.hex["reshuffle"]
    name = f"{prefix}:{request.caster}" if request.caster else prefix
    return CasterDeck(table, name, policy, request.caster or "", rng)


# -- huckster -----------------------------------------------------------------------------------


class HuckResult(NamedTuple):
    """A huckster's hex: the roll, the cards, the hand, the verdict, the backlash; or, for a hex
    of several action cards begun in a combat, ``speed`` (nothing rolled yet)."""

    ruleset: Any
    entry: dict | None
    caster: str | None
    level: int
    minimum: str
    roll: Any = None
    cards_allowed: int = 0
    cards: tuple = ()
    short: bool = False
    hand: Any = None
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


def _speed(ruleset: Any, request: HuckRequest, entry: dict | None, table: Table) -> dict | None:
    """Seed 000: a hex with a Speed above 1, cast in a combat on a table, spends that many action
    cards over the rounds and resolves on the last. The first call starts it (nothing is rolled);
    once the countdown has spent the last card, the next call casts it. None: cast now."""
    speed = entry["speed"] if entry else 1
    if speed > 1 and request.caster and table.persistent and "action" in ruleset.document["mechanics"]:
        from dealer.core.mechanics import long_actions
        from dealer.core.mechanics.action.countdown import in_combat

        if in_combat(table):
            current = long_actions.current(table, request.caster)
            if current is None or current.what != entry["name"]:
                from dealer.core.mechanics.action.moves import BeginRequest, resolve_begin

                begin = BeginRequest(request.caster, speed, entry["name"], request.action_card)
                return resolve_begin(ruleset, begin, table, hex_=True).to_data()
            if not current.done:
                raise HexError(f"{request.caster} is still spending action cards on {entry['name']}: "
                               f"{current.spent} of {current.need}; it resolves on the last")
            long_actions.end(table, request.caster)
            return None
    if request.action_card:
        raise HexError("--action-card is for a hex of Speed 2 or more cast by a --caster in a combat on a "
                       "--table (dealt with dealer action there); drop it to cast now")
    return None


def _begun_words(entry: dict, begun: dict) -> str:
    now = f"{', '.join(begun['spending'])} spent this round; " if begun["spending"] else ""
    last = f"on {begun['resolves_on']}" if begun["resolves_on"] else "the countdown spends the rest; on the last"
    return f"casting {entry['name']} takes {begun['cards']} action cards: {now}{last}, cast it again to roll"


def _huckster(ruleset: Any, request: HuckRequest, entry: dict | None, table: Table,
              rng: random.Random) -> HuckResult:
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
    level = int(level)
    begun = _speed(ruleset, request, entry, table)
    if begun is not None:
        return HuckResult(ruleset, entry, request.caster, level, minimum, verdict=_begun_words(entry, begun),
                          speed=begun)
    roll = _hexslinging_roll(ruleset, request, entry, table, rng)
    deck = _deck(ruleset, request, table, rng, "hex")
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
    deck.finish([card.code for card in played], "hex",
                {"caster": request.caster, "hex": entry and entry["name"], "works": result.success,
                 "backlash": result.backlash["severity"]})
    return result._replace(events=tuple(deck.events), deck=deck.where())


# -- poker-hands spells -------------------------------------------------------------------------


class SpellResult(NamedTuple):
    """A poker-hands spell: the one skill draw, success against the target and its label, and what
    the caster's Jokers mean (backlash, a blessing); on a table the casts towards winded."""

    ruleset: Any
    entry: dict | None
    caster: str | None
    draw: Draw
    target: str
    success: bool
    verdict: str
    backlash: dict | None
    blessing: list | None
    events: tuple
    casts: int | None
    master: int | None
    deck: dict

    def to_data(self) -> dict:
        data = {"kind": "spell", "spell": self.entry, "caster": self.caster, "draw": self.draw.to_data(),
                "target": self.target, "success": self.success, "verdict": self.verdict,
                "events": list(self.events)}
        for key in ("backlash", "blessing", "casts", "master"):
            if getattr(self, key) is not None:
                data[key] = getattr(self, key)
        data.update({key: value for key, value in self.deck.items() if key == "table"})
        return data


def _blue_chip(ruleset: Any, request: SpellRequest, table: Table, rng: random.Random) -> tuple[int | None, list]:
    """Seed 003: "a blue chip may be used by a magic using type for one-time access to a spell they
    don't actually have... drawn for at the maximum level": the caster's master skill."""
    master = conditions.master_of(table, request.caster, request.master)
    if not master:
        raise HexError(f"a blue chip casts a spell at {request.caster}'s master level: give --master N "
                       "or a master trait on the roster")
    from dealer.core.mechanics.chips.spending import SpendRequest, resolve_spend

    spent = resolve_spend(ruleset, SpendRequest(request.caster, "blue", use="spell"), table, rng)
    return master, list(spent.events)


def _spell(ruleset: Any, request: SpellRequest, entry: dict | None, table: Table, rng: random.Random) -> SpellResult:
    caster = request.caster
    chips, skill, spent = (), request.skill, []
    if request.chip:
        if not caster:
            raise HexError("--chip needs --caster NAME: whose chip is it?")
        if request.chip.lower() == "blue" and not request.knack and "spell" in ruleset.chips["uses"]:
            skill, spent = _blue_chip(ruleset, request, table, rng)
        else:
            chips = (request.chip,)
    if skill is None and entry is not None:
        skill = table.trait(caster, slug(entry["name"]))
    if skill is None:
        raise HexError("give --skill N: the spell's level adds to the five cards")
    target = request.target or ruleset.draws["target"]
    threshold = ruleset.threshold(target)
    huckster = request.huckster or bool(table.trait(caster, "huckster"))
    faithful = request.faithful or conditions.is_faithful(table, caster)
    master = conditions.master_of(table, caster, request.master)
    deck = _deck(ruleset, request, table, rng, "spell")
    drawn = skill_draw(ruleset, table, DrawRequest(
        "spell", caster or "", int(skill), tuple(Modifier("mod", n) for n in request.mods),
        wild_pick=request.wild_pick, chips=chips, knack=request.knack or "",
        cards=tuple(request.cards.replace(",", " ").split()) if request.cards else None, master=master,
        faithful=faithful), deck, rng)
    success = drawn.meets(threshold)
    verdict = _spell_verdict(ruleset, drawn, target, success)
    jokers = [card for card in drawn.cards if card.code in ruleset.draws["bust_cards"]]
    casts = None
    if caster and table.persistent:
        if not faithful:
            conditions.count_cast(table, caster)
        from dealer.core.mechanics.last_hand import LastHands

        table.state(LastHands).remember(
            person=caster, source="spell", deck=deck.name, cards=[c.code for c in drawn.cards], target=target,
            wild_picks=[c.code for c in drawn.picked], data={"huckster": huckster, "spell": entry and entry["name"]})
        casts = conditions.conditions_of(table, caster).casts
    codes = [card.code for card in drawn.cards]
    deck.finish(codes, "spell", {"caster": caster, "spell": entry and entry["name"], "success": success,
                                 "bust": drawn.bust})
    return SpellResult(ruleset, entry, caster, drawn, target, success, verdict,
                       _spell_backlash(ruleset, drawn, success) if huckster and jokers else None,
                       [_blessing(card, caster) for card in jokers] if faithful and jokers else None,
                       tuple(spent + deck.events), casts if master else None, master if caster else None,
                       deck.where())


def _spell_verdict(ruleset: Any, drawn: Draw, target: str, success: bool) -> str:
    if drawn.bust:
        return "bust"
    if success:
        from dealer.core.results import effect_label

        return effect_label(ruleset, drawn.hand.rank) or f"at least {target}"
    return f"less than {target}"


def _spell_backlash(ruleset: Any, drawn: Draw, success: bool) -> dict:
    """Seed 003: "Hucksters who pull a joker suffer some sort of backlash... If they actually went
    bust, the backlash will be quite bad. If they made the hand, the spell will work, but may
    have somewhat twisted effects." """
    data = backlash(ruleset, list(drawn.cards), 0, drawn.bust, any_joker=True)
    if data["severity"] < 3 and (drawn.bust or success):
        data["words"] = ("quite bad backlash: a Joker and a bust" if drawn.bust
                         else "backlash: the spell works, with twisted effects")
    return data


def _blessing(card: Any, caster: str | None) -> dict:
    """Seed 003: a faithful's Red Joker is a surge of power; a Black Joker tests their faith."""
    if card.color == "red":
        return {"card": card.code, "effect": "surge", "words": "a surge in power: their god backs them up"}
    who = caster or "NAME"
    return {"card": card.code, "effect": "chip", "words": "faith tested: throw in a chip "
            f"(dealer chips spend {who} COLOUR --for blessing) or the blessing fails"}
