"""Mad science by poker hand (seed 003's "Science!" and "Reliability"): design, build, use.

* **Steps** ("beat by two", "miss by one") count the ladder of hand ranks as the design tiers
  group them: a rank between two tiers' ranks is on the lower tier (a flush is a straight's
  tier), no pair is one step below the first tier. ``steps`` is the one function for it.
* **Design**: a mad science check (5 + skill cards, an assisting science check first adds to
  it as a helper does) must meet the tier's hand; beating it by ``bonus_at`` steps or more
  gives bonus construction cards. Jokers in the design hand are noted (``design_jokers``).
* **Construction**: the same check against the same hand; the margin picks a row of the
  ruleset's construction table (reliability, fail hand), a hit with Jacks or better is a
  "high required hand". Rushing adds ``rush_reliability`` per complexity category.
* **Use**: the GM draws ``reliability`` cards; a breakdown card (either Joker) is a breakdown,
  whose severity hand depends on the Jokers drawn at build (``build_jokers``).

>>> from dealer.store.rulesets import load
>>> poker = load("poker-hands")
>>> steps(poker, poker.by_id["flush"], poker.by_id["straight"]), steps(poker, poker.by_id["high-card"],
...                                                                    poker.by_id["three-of-a-kind"])
(0, -3)
>>> row = construction_row(poker, 0, high=True); row["reliability"], row["fail_hand"]
(4, 7)
>>> breakdown_chance(54, 2, 5)
Fraction(85, 477)
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from fractions import Fraction
from math import comb
from types import SimpleNamespace
from typing import Any

from dealer.core.table import check_keys
from dealer.errors import DealerError

#: Roster traits this mechanic reads: the mad science skill (design and build checks).
TRAITS = {"mad-science": "level"}


class GadgetError(DealerError):
    """A design, build or use the rules do not allow (unknown tier, no such device, ...)."""


def trait_kinds(ruleset: Any) -> dict[str, str]:
    """Roster traits read by ``dealer gadget``: name -> kind (``level``)."""
    return dict(TRAITS)


# -- tiers and steps --------------------------------------------------------------------------


@dataclass(frozen=True)
class Tier:
    """One design tier: its level (1 = the simplest), required hand rank, name and times."""

    level: int
    rank: Any
    name: str
    example: str
    design_time: str
    complexity: str

    def to_data(self) -> dict:
        return {"level": self.level, "rank": self.rank.id, "rank_name": self.rank.name, "name": self.name,
                "example": self.example, "design_time": self.design_time, "complexity": self.complexity}


def tiers(ruleset: Any) -> list[Tier]:
    """The ruleset's design tiers, simplest first."""
    out = []
    for i, item in enumerate(ruleset.gadget["tiers"], start=1):
        rank, _ = ruleset.threshold(item["rank"])
        out.append(Tier(i, rank, item["name"], item["example"], item["design_time"], item["complexity"]))
    if not out:
        raise GadgetError(f"ruleset '{ruleset.name}' has no gadget tiers: try -r poker-hands")
    return out


def tier_level(ruleset: Any, rank: Any) -> int:
    """Where a hand rank sits on the tiers' ladder: 0 below the first tier, 1 at it, ..."""
    return sum(1 for tier in tiers(ruleset) if rank.strength >= tier.rank.strength)


def steps(ruleset: Any, made: Any, required: Any) -> int:
    """Steps from the ``required`` hand rank to the ``made`` one: positive beats, negative misses.

    >>> from dealer.store.rulesets import load
    >>> poker = load("poker-hands")
    >>> steps(poker, poker.by_id["full-house"], poker.by_id["pair"])
    4
    """
    return tier_level(ruleset, made) - tier_level(ruleset, required)


def _words(text: str) -> str:
    return "-".join(re.findall(r"[a-z0-9]+", text.lower()))


def find_tier(ruleset: Any, text: str) -> Tier:
    """A tier by number, hand rank (``pair``, ``flush``), name, or the start of its name (``simple``).

    >>> from dealer.store.rulesets import load
    >>> poker = load("poker-hands")
    >>> [find_tier(poker, t).level for t in ("pair", "simple", "flush", "you built what?", "4")]
    [1, 1, 4, 7, 4]
    """
    all_tiers = tiers(ruleset)
    key = _words(text)
    if key.isdigit() and 1 <= int(key) <= len(all_tiers):
        return all_tiers[int(key) - 1]
    rank = ruleset.by_id.get(key)
    if rank is not None and tier_level(ruleset, rank) >= 1:
        return all_tiers[tier_level(ruleset, rank) - 1]
    named = [tier for tier in all_tiers if _words(tier.name) == key]
    named = named or [tier for tier in all_tiers if key and _words(tier.name).startswith(key)]
    if len(named) == 1:
        return named[0]
    listed = "; ".join(f"{tier.rank.id} ({tier.name})" for tier in all_tiers)
    raise GadgetError(f"unknown tier '{text}': give a hand rank or a tier name: {listed}")


def complexity_index(ruleset: Any, name: str) -> int:
    """The position of a complexity (``simple``) among the ruleset's, simplest first."""
    names = [item["name"] for item in ruleset.gadget["complexities"]]
    for i, known in enumerate(names):
        if _words(known) == _words(name):
            return i
    raise GadgetError(f"unknown complexity '{name}': one of {', '.join(names) or 'none in this ruleset'}")


def build_time(ruleset: Any, complexity: str, rush: int = 0) -> str:
    """Construction time at ``complexity``, rushed down ``rush`` categories."""
    if not ruleset.gadget["complexities"] and not rush:
        return ""
    index = complexity_index(ruleset, complexity)
    if rush > index:
        raise GadgetError(f"a {complexity} build can be rushed at most {index} "
                          f"categor{'y' if index == 1 else 'ies'}, not {rush}")
    return ruleset.gadget["complexities"][index - rush]["build_time"]


# -- construction and chances -----------------------------------------------------------------


def bonus_cards(ruleset: Any, margin: int) -> int:
    """Bonus construction cards for a design that beat its tier by ``margin`` steps."""
    rules = ruleset.gadget
    if margin < rules["bonus_at"]:
        return 0
    return 1 + (margin - rules["bonus_at"]) * rules["bonus_per_step"]


def is_high(ruleset: Any, value: int) -> bool:
    """A hit made with the ruleset's high card rank or better (Jacks or better)."""
    code = ruleset.gadget["high_card"].lower()
    least = next((rank.value for rank in ruleset.deck.ranks if rank.code.lower() == code), None)
    return least is not None and value >= least


def construction_row(ruleset: Any, margin: int, high: bool = False) -> dict | None:
    """The construction table's row for a margin (None: it just won't work).

    A margin above every row counts as the highest row; a hit uses the ``high`` row when
    made with a high card rank and the table has one.
    """
    rows = ruleset.gadget["construction"]
    if not rows or margin < min(row["margin"] for row in rows):
        return None
    margin = min(margin, max(row["margin"] for row in rows))
    found = [row for row in rows if row["margin"] == margin]
    if not found:
        return None
    return next((row for row in found if row["high"] == high), found[0])


def fail_hand_size(ruleset: Any, reliability: int) -> int:
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


def _gm_chance(ruleset: Any, table: Any, reliability: int) -> dict:
    """The chance from the table's GM deck as it stands (a full deck when it has none yet)."""
    piles = table.decks.get(ruleset.gadget["gm_deck"])
    codes = piles.draw_pile if piles is not None else [card.code for card in ruleset.deck]
    jokers = sum(1 for code in codes if code in ruleset.gadget["breakdown_cards"])
    return chance_data(len(codes), jokers, reliability)


# -- table state ------------------------------------------------------------------------------


@dataclass
class Design:
    """A design on a table: its tier (by rank id), inventor, bonus cards and Joker notes."""

    tier: str
    inventor: str = ""
    bonus_cards: int = 0
    bonus_used: bool = False
    jokers: list[str] = field(default_factory=list)
    builders: list[str] = field(default_factory=list)

    KEYS = ("tier", "inventor", "bonus_cards", "bonus_used", "jokers", "builders")


@dataclass
class Device:
    """A device on a table: its design, builder, reliability, fail hand, build Jokers and record."""

    design: str
    builder: str = ""
    reliability: int = 1
    fail_hand: int = 5
    build_jokers: list[str] = field(default_factory=list)
    uses: int = 0
    breakdowns: int = 0

    KEYS = ("design", "builder", "reliability", "fail_hand", "build_jokers", "uses", "breakdowns")


class GadgetState:
    """The ``gadget`` part of a table: designs and devices by name."""

    KEY = "gadget"
    __slots__ = ("designs", "devices")

    def __init__(self, designs: dict[str, Design] | None = None, devices: dict[str, Device] | None = None):
        self.designs = dict(designs or {})
        self.devices = dict(devices or {})

    @classmethod
    def from_data(cls, data: dict) -> "GadgetState":
        check_keys(data, ("designs", "devices"), "gadget state")
        designs, devices = {}, {}
        for name, item in data.get("designs", {}).items():
            check_keys(item, Design.KEYS, f"gadget design '{name}'")
            designs[name] = Design(**item)
        for name, item in data.get("devices", {}).items():
            check_keys(item, Device.KEYS, f"gadget device '{name}'")
            devices[name] = Device(**item)
        return cls(designs, devices)

    def to_data(self) -> dict:
        out = {}
        if self.designs:
            out["designs"] = {name: {k: getattr(d, k) for k in Design.KEYS} for name, d in self.designs.items()}
        if self.devices:
            out["devices"] = {name: {k: getattr(d, k) for k in Device.KEYS} for name, d in self.devices.items()}
        return out

    def design(self, name: str, table_name: str | None) -> Design:
        if name not in self.designs:
            known = ", ".join(self.designs) or "none yet"
            raise GadgetError(f"table '{table_name}' has no design '{name}' (designs: {known}); "
                              f"make one with: dealer gadget design {name} --tier TIER --table {table_name}")
        return self.designs[name]

    def device(self, name: str, table_name: str | None) -> Device:
        if name not in self.devices:
            known = ", ".join(self.devices) or "none yet"
            raise GadgetError(f"table '{table_name}' has no device '{name}' (devices: {known})")
        return self.devices[name]


# -- the inventor's check ---------------------------------------------------------------------


@dataclass(frozen=True)
class Assist:
    """A check first that adds to the draw as a helper does: drawn with ``skill``, or a ``hand``
    rank already made (``two pair``)."""

    skill: int | None = None
    hand: str | None = None


@dataclass(frozen=True)
class Check:
    """What the inventor asks for a design or build check."""

    skill: int | None = None
    modifiers: tuple[int, ...] = ()
    assist: Assist = Assist()
    cards: str | None = None  # cards dealt by hand instead of the draw
    person: str = ""
    wild_pick: bool = False


@dataclass
class CheckResult:
    """A drawn (or typed) check: size, assist, cards, best hand, its point and steps."""

    skill: int
    modifiers: list[dict]
    size: Any
    assist: dict | None
    cards: list
    hand: Any
    picks: tuple
    point: tuple
    steps: int
    bust: bool
    person: str = ""
    ruleset: Any = None

    def to_data(self, ruleset: Any) -> dict:
        from dealer.core.mechanics.draws import how_black
        from dealer.core.results import hand_data

        return {"skill": self.skill, "modifiers": self.modifiers,
                "draw": {"cards": self.size.cards, "wild_picks": self.size.wild_picks, "note": self.size.note},
                "assist": self.assist, "cards": [card.code for card in self.cards],
                "hand": hand_data(self.hand, ruleset) if self.hand is not None else None,
                "wild_picks": [card.code for card in self.picks],
                "value": {"rank": self.point[0].id, "value": self.point[1]} if self.hand is not None else None,
                "steps": self.steps, "bust": self.bust, "colors": how_black(self.cards)}


def _skill(table: Any, check: Check) -> int:
    if check.skill is not None:
        return check.skill
    found = table.trait(check.person, "mad-science")
    if found is None:
        raise GadgetError("give the mad science skill with --skill N (or, on a table, --by PERSON with the "
                          "roster trait mad-science=N)")
    return int(found)


def _assist(ruleset: Any, piles: Any, rng: Any, assist: Assist, winded: bool) -> tuple[Any, dict | None]:
    """The assisting check's bonus (``draws.HelperBonus``) and its data."""
    from dealer.core.mechanics.draws import HelperBonus, best_with_picks, draw_size, helper_bonus
    from dealer.core.results import hand_data

    if assist.hand is not None:
        rank, _ = ruleset.threshold(assist.hand)
        bonus = helper_bonus(ruleset, SimpleNamespace(rank=rank))
        return bonus, {"skill": None, "cards": [], "hand": None, "rank": rank.id, "bonus": bonus.to_data()}
    if assist.skill is None:
        return HelperBonus(""), None
    size = draw_size(ruleset, assist.skill, winded=winded)
    cards = [ruleset.deck.parse(code) for code in piles.draw(size.cards, "assist", rng).cards]
    hand, _ = best_with_picks(ruleset, cards, ruleset.context(None), size.wild_picks)
    bonus = helper_bonus(ruleset, hand if cards else None)
    return bonus, {"skill": assist.skill, "cards": [card.code for card in cards],
                   "hand": hand_data(hand, ruleset) if cards else None, "rank": bonus.rank, "bonus": bonus.to_data()}


def _draw_check(ruleset: Any, table: Any, rng: Any, check: Check, modifiers: list[dict], required: Any):
    """Shuffle the gadget deck, draw the assist and the check, find the best hand and its steps."""
    from dealer.core.mechanics.draws import best_with_picks, draw_size, is_bust, raise_value
    from dealer.core.mechanics.hex import is_winded

    skill = _skill(table, check)
    winded = is_winded(table, check.person)
    piles = table.deck(ruleset.gadget["deck"], rng)
    piles.collect(rng)
    bonus, assist = _assist(ruleset, piles, rng, check.assist, winded)
    mods = [item["cards"] for item in modifiers] + list(check.modifiers) + [bonus.cards]
    size = draw_size(ruleset, skill, mods, wild_pick=check.wild_pick, winded=winded, extra_picks=bonus.wild_picks)
    if check.cards is None and size.cards < 1:
        raise GadgetError(f"this check draws no cards (5 + skill + modifiers = {size.asked}): nothing to "
                          "check with")
    if check.cards is not None:
        cards = ruleset.deck.parse_many(check.cards)
        piles.take([card.code for card in cards], check.person)
    else:
        cards = [ruleset.deck.parse(code) for code in piles.draw(size.cards, check.person, rng).cards]
    hand, picks = best_with_picks(ruleset, cards, ruleset.context(None), size.wild_picks)
    point = (hand.rank, hand.primary) if cards else (None, 0)
    if cards and bonus.value:
        point = raise_value(ruleset, point, bonus.value)
    margin = steps(ruleset, point[0], required) if cards else -tier_level(ruleset, required)
    piles.discard_all_in_play()
    return CheckResult(skill, modifiers, size, assist, cards, hand if cards else None, picks, point, margin,
                       is_bust(ruleset, cards, hand if cards else None), check.person, ruleset)


def _jokers(cards: list, notes: dict) -> list[dict]:
    return [{"card": card.code, "name": card.name, "note": _note(notes[card.code])}
            for card in cards if card.code in notes]


def _note(entry: Any) -> str:
    return entry if isinstance(entry, str) else entry["note"]


# -- design -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class DesignRequest:
    """``dealer gadget design NAME --tier TIER ...``."""

    name: str
    tier: str
    check: Check = Check()


@dataclass
class DesignResult:
    name: str
    tier: Tier
    check: CheckResult
    bonus_cards: int
    jokers: list[dict]
    table: str | None

    @property
    def works(self) -> bool:
        return self.check.steps >= 0

    def to_data(self) -> dict:
        ruleset = self.check.ruleset
        return {"name": self.name, "tier": self.tier.to_data(), "required": self.tier.rank.id,
                "inventor": self.check.person or None, **self.check.to_data(ruleset), "works": self.works,
                "bonus_cards": self.bonus_cards, "jokers": self.jokers, "time": self.tier.design_time,
                "table": self.table, "stored": self.table is not None and self.works}


def resolve_design(ruleset: Any, request: DesignRequest, table: Any, rng: Any) -> DesignResult:
    """A design check: meet the tier's hand; beat it by two or more for bonus construction cards.

    >>> import random
    >>> from dealer.store.rulesets import load
    >>> from dealer.core.table import Table
    >>> poker = load("poker-hands")
    >>> result = resolve_design(poker, DesignRequest("jetski", "straight", Check(skill=3,
    ...     cards="9s 9h 9d 4c 4s RJ 2c 7h")), Table.fresh(poker), random.Random(1))
    >>> result.check.steps, result.works, result.bonus_cards, [j["card"] for j in result.jokers]
    (1, True, 0, ['RJ'])
    """
    ruleset.require("gadget")
    tier = find_tier(ruleset, request.tier)
    state = table.state(GadgetState)
    if table.persistent and request.name in state.designs:
        raise GadgetError(f"table '{table.name}' already has a design '{request.name}': choose another name")
    check = _draw_check(ruleset, table, rng, request.check, [], tier.rank)
    bonus = bonus_cards(ruleset, check.steps)
    jokers = _jokers(check.cards, ruleset.gadget["design_jokers"])
    result = DesignResult(request.name, tier, check, bonus, jokers, table.name)
    if table.persistent:
        if result.works:
            state.designs[request.name] = Design(tier.rank.id, request.check.person, bonus, False,
                                                 [j["card"] for j in jokers])
        table.log("gadget design", deck=ruleset.gadget["deck"], cards=[c.code for c in check.cards],
                  data={"name": request.name, "tier": tier.rank.id, "inventor": request.check.person,
                        "steps": check.steps, "works": result.works, "bonus_cards": bonus})
    return result


# -- construction -----------------------------------------------------------------------------


@dataclass(frozen=True)
class BuildRequest:
    """``dealer gadget build [DESIGN] --skill N ...``: ``tier`` stands in for a design off a table."""

    design: str = ""
    tier: str | None = None
    check: Check = Check()
    rush: int = 0
    device: str = ""
    complexity: str | None = None


@dataclass
class BuildResult:
    design: str
    tier: Tier
    check: CheckResult
    high: bool
    row: dict | None
    reliability: int | None
    fail_hand: int | None
    rush: int
    build_jokers: list[dict]
    time: str
    chance: dict | None
    device: str | None
    table: str | None

    @property
    def works(self) -> bool:
        return self.row is not None

    def to_data(self) -> dict:
        return {"design": self.design or None, "device": self.device, "tier": self.tier.to_data(),
                "required": self.tier.rank.id, "builder": self.check.person or None,
                **self.check.to_data(self.check.ruleset), "high": self.high, "works": self.works,
                "reliability": self.reliability, "fail_hand": self.fail_hand, "rush": self.rush,
                "build_jokers": self.build_jokers, "time": self.time, "chance": self.chance,
                "table": self.table, "stored": self.device is not None and self.table is not None}


def _build_modifiers(ruleset: Any, design: Design | None, builder: str) -> list[dict]:
    """The design's bonus cards on its first build; a card fewer the first time on another's design."""
    out = []
    if design is None:
        return out
    if design.bonus_cards and not design.bonus_used:
        out.append({"why": "bonus cards from the design (first build)", "cards": design.bonus_cards})
    penalty = ruleset.gadget["others_design_cards"]
    if builder != design.inventor and builder not in design.builders and penalty:
        out.append({"why": f"{design.inventor or 'someone else'}'s design, {builder or 'this builder'}'s "
                           "first build", "cards": -penalty})
    return out


def _build_design(ruleset: Any, request: BuildRequest, table: Any) -> tuple[Design | None, Tier]:
    if not table.persistent:
        if request.tier is None:
            raise GadgetError("without a table, give the design's tier: --tier TIER (or build a stored design "
                              "with --table NAME)")
        return None, find_tier(ruleset, request.tier)
    if not request.design:
        raise GadgetError(f"which design? dealer gadget build DESIGN --table {table.name}")
    design = table.state(GadgetState).design(request.design, table.name)
    tier = find_tier(ruleset, design.tier)
    if request.tier is not None and find_tier(ruleset, request.tier) != tier:
        raise GadgetError(f"design '{request.design}' is {tier.rank.id} ({tier.name}): drop --tier")
    return design, tier


def _device_name(state: GadgetState, request: BuildRequest, table: Any) -> str:
    if request.device:
        if request.device in state.devices:
            raise GadgetError(f"table '{table.name}' already has a device '{request.device}': choose another name")
        return request.device
    number = 1
    while f"{request.design}-{number}" in state.devices:
        number += 1
    return f"{request.design}-{number}"


def resolve_build(ruleset: Any, request: BuildRequest, table: Any, rng: Any) -> BuildResult:
    """A construction check: the margin gives reliability and fail hand; rushing costs reliability.

    >>> import random
    >>> from dealer.store.rulesets import load
    >>> from dealer.core.table import Table
    >>> poker = load("poker-hands")
    >>> result = resolve_build(poker, BuildRequest(tier="straight", check=Check(skill=0,
    ...     cards="Js 10h 9d 8c 7s")), Table.fresh(poker), random.Random(1))
    >>> result.high, result.reliability, result.fail_hand, result.chance["fraction"]
    (True, 4, 7, '206/1431')
    """
    ruleset.require("gadget")
    design, tier = _build_design(ruleset, request, table)
    builder = request.check.person or (design.inventor if design else "")
    check_request = Check(request.check.skill, request.check.modifiers, request.check.assist,
                          request.check.cards, builder, request.check.wild_pick)
    complexity = request.complexity or tier.complexity
    time = build_time(ruleset, complexity, request.rush)
    state = table.state(GadgetState)
    device = _device_name(state, request, table) if table.persistent else None
    check = _draw_check(ruleset, table, rng, check_request, _build_modifiers(ruleset, design, builder), tier.rank)
    high = check.steps == 0 and is_high(ruleset, check.point[1])
    row = construction_row(ruleset, check.steps, high)
    reliability = fail_hand = chance = None
    if row is not None:
        reliability = row["reliability"] + request.rush * ruleset.gadget["rush_reliability"]
        fail_hand = row["fail_hand"] if not request.rush else fail_hand_size(ruleset, reliability)
        chance = _gm_chance(ruleset, table, reliability)
    jokers = _jokers(check.cards, ruleset.gadget["build_jokers"])
    result = BuildResult(request.design, tier, check, high, row, reliability, fail_hand, request.rush, jokers,
                         time, chance, device if row is not None else None, table.name)
    if table.persistent:
        _store_build(ruleset, table, design, result)
    return result


def _store_build(ruleset: Any, table: Any, design: Design, result: BuildResult) -> None:
    if design.bonus_cards:
        design.bonus_used = True
    if result.check.person not in design.builders:
        design.builders.append(result.check.person)
    if result.works:
        table.state(GadgetState).devices[result.device] = Device(
            result.design, result.check.person, result.reliability, result.fail_hand,
            [j["card"] for j in result.build_jokers])
    table.log("gadget build", deck=ruleset.gadget["deck"], cards=[c.code for c in result.check.cards],
              data={"design": result.design, "device": result.device, "builder": result.check.person,
                    "steps": result.check.steps, "works": result.works, "reliability": result.reliability,
                    "fail_hand": result.fail_hand, "build_jokers": [j["card"] for j in result.build_jokers]})


# -- use --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class UseRequest:
    """``dealer gadget use [DEVICE]``, or a device described: reliability, fail hand, build Jokers."""

    device: str = ""
    reliability: int | None = None
    fail_hand: int | None = None
    build_jokers: tuple[str, ...] = ()  # card codes or colours (``red``, ``black``)
    cards: str | None = None


def severity_plan(ruleset: Any, reliability_cards: list, fail_hand: int,
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


def _joker_code(ruleset: Any, text: str) -> str:
    """``red``/``black`` (the build Joker of that colour) or a card code."""
    jokers = [ruleset.deck.parse(code) for code in ruleset.gadget["build_jokers"]]
    for card in jokers:
        if text.lower() in (card.color, card.code.lower()):
            return card.code
    names = ", ".join(f"{card.color} ({card.code})" for card in jokers) or "none in this ruleset"
    raise GadgetError(f"unknown build Joker '{text}': one of {names}")


@dataclass
class UseResult:
    device: str | None
    reliability: int
    fail_hand: int
    build_jokers: list[str]
    cards: list
    breakdown: list
    rule: str
    severity_cards: list
    severity_hand: Any
    chance: dict
    reshuffled: bool
    record: dict | None
    table: str | None
    ruleset: Any

    def to_data(self) -> dict:
        from dealer.core.results import hand_data

        return {"device": self.device, "reliability": self.reliability, "fail_hand": self.fail_hand,
                "build_jokers": self.build_jokers, "cards": [card.code for card in self.cards],
                "breakdown": bool(self.breakdown), "breakdown_cards": [card.code for card in self.breakdown],
                "severity_rule": self.rule if self.breakdown else None,
                "severity_cards": [card.code for card in self.severity_cards],
                "severity_hand": hand_data(self.severity_hand, self.ruleset) if self.severity_hand else None,
                "chance": self.chance, "reshuffled": self.reshuffled, "record": self.record, "table": self.table}


def _use_device(ruleset: Any, request: UseRequest, table: Any) -> tuple[Device | None, int, int, list[str]]:
    if request.device:
        if not table.persistent:
            raise GadgetError(f"device '{request.device}' lives on a table: add --table NAME, or describe it "
                              "with --reliability R [--fail-hand F] [--build-joker red|black]")
        if request.reliability is not None or request.fail_hand is not None or request.build_jokers:
            raise GadgetError(f"device '{request.device}' has its own reliability, fail hand and build Jokers: "
                              "drop --reliability, --fail-hand and --build-joker")
        device = table.state(GadgetState).device(request.device, table.name)
        return device, device.reliability, device.fail_hand, list(device.build_jokers)
    if request.reliability is None:
        raise GadgetError("which device? dealer gadget use DEVICE --table NAME, or --reliability R")
    if request.reliability < 1:
        raise GadgetError(f"reliability {request.reliability} is below 1: the least is one card")
    fail_hand = request.fail_hand if request.fail_hand is not None else fail_hand_size(ruleset, request.reliability)
    if fail_hand < 1:
        raise GadgetError(f"a fail hand of {fail_hand} cards is below 1")
    return None, request.reliability, fail_hand, [_joker_code(ruleset, j) for j in request.build_jokers]


def resolve_use(ruleset: Any, request: UseRequest, table: Any, rng: Any) -> UseResult:
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
    piles = table.deck(ruleset.gadget["gm_deck"], rng)
    _, _, most_new = severity_plan(ruleset, [], fail_hand, build_jokers)
    need = reliability + most_new
    if need > len(ruleset.deck):
        raise GadgetError(f"a use of reliability {reliability} may need {need} cards; the deck has "
                          f"{len(ruleset.deck)}")
    reshuffled = len(piles.draw_pile) < need
    if reshuffled:
        piles.shuffle(rng)
    chance = chance_data(len(piles.draw_pile), sum(1 for code in piles.draw_pile
                                                   if code in ruleset.gadget["breakdown_cards"]), reliability)
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
                       hand, chance, reshuffled, None, table.name, ruleset)
    if table.persistent:
        _store_use(ruleset, table, device, result)
    return result


def _given_cards(ruleset: Any, text: str | None, piles: Any) -> list | None:
    if text is None:
        return None
    cards = ruleset.deck.parse_many(text)
    piles.take([card.code for card in cards], "gm")
    return cards


def _deal(ruleset: Any, piles: Any, rng: Any, given: list | None, count: int, offset: int = 0) -> list:
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


def _store_use(ruleset: Any, table: Any, device: Device | None, result: UseResult) -> None:
    if device is not None:
        device.uses += 1
        device.breakdowns += bool(result.breakdown)
        result.record = {"uses": device.uses, "breakdowns": device.breakdowns}
    severity = ({"rank": result.severity_hand.rank.id, "cards": [c.code for c in result.severity_cards]}
                if result.severity_hand else None)
    table.log("gadget use", deck=ruleset.gadget["gm_deck"], cards=[c.code for c in result.cards],
              data={"device": result.device, "reliability": result.reliability, "breakdown": bool(result.breakdown),
                    "severity": severity, "chance": result.chance["fraction"], "record": result.record})
