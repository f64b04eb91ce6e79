"""The inventor's checks (seed 003's "Science!"): a design, then builds from it.

Both are a mad science check against the tier's hand (``draw_check``: 5 + skill cards, an
assisting check first adds to it as a helper does). A design that beats its tier by enough
steps earns bonus construction cards; a build's margin picks a row of the construction table
(reliability and fail hand), a hit with Jacks or better the "high required hand" row.

>>> from dealer.store.rulesets import load
>>> poker = load("poker-hands")
>>> row = construction_row(poker, 0, high=True); row["reliability"], row["fail_hand"]
(4, 7)
"""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from dealer.core.mechanics.gadget import (Design, Device, GadgetError, GadgetState, Tier, build_time, find_tier,
                                          steps, tier_level)
from dealer.core.mechanics.request import Request


# -- the construction table -------------------------------------------------------------------


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


# -- the inventor's check ---------------------------------------------------------------------


class Assist(Request):
    """A check first that adds to the draw as a helper does: drawn with ``skill``, or a ``hand``
    rank already made (``two pair``)."""

    FIELDS = {"skill": None, "hand": None}


class Check(Request):
    """What the inventor asks for a design or build check: ``cards`` dealt by hand instead of the draw."""

    FIELDS = {"skill": None, "modifiers": (), "assist": Assist(), "cards": None, "person": "", "wild_pick": False}


class CheckResult:
    """A drawn (or typed) check: size, assist, cards, best hand, its point and steps."""

    def __init__(self, skill: int, modifiers: list[dict], size: Any, assist: dict | None, cards: list, hand: Any,
                 picks: tuple, point: tuple, steps: int, bust: bool, person: str = "", ruleset: Any = None):
        self.skill, self.modifiers, self.size, self.assist, self.cards, self.hand = (
            skill, modifiers, size, assist, cards, hand)
        self.picks, self.point, self.steps, self.bust, self.person, self.ruleset = (
            picks, point, steps, bust, person, ruleset)

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


class DesignRequest(Request):
    """``dealer gadget design NAME --tier TIER ...``."""

    FIELDS = {"name": "", "tier": "", "check": Check()}


class DesignResult:
    """A design check and what it earned: bonus cards, Joker notes."""

    def __init__(self, name: str, tier: Tier, check: CheckResult, bonus_cards: int, jokers: list[dict],
                 table: str | None):
        self.name, self.tier, self.check, self.bonus_cards, self.jokers, self.table = (
            name, tier, check, bonus_cards, jokers, table)

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


class BuildRequest(Request):
    """``dealer gadget build [DESIGN] --skill N ...``: ``tier`` stands in for a design off a table."""

    FIELDS = {"design": "", "tier": None, "check": Check(), "rush": 0, "device": "", "complexity": None}


class BuildResult:
    """A construction check and the device it made: reliability, fail hand, build Jokers, chance."""

    def __init__(self, design: str, tier: Tier, check: CheckResult, high: bool, row: dict | None,
                 reliability: int | None, fail_hand: int | None, rush: int, build_jokers: list[dict], time: str,
                 chance: dict | None, device: str | None, table: str | None):
        self.design, self.tier, self.check, self.high, self.row = design, tier, check, high, row
        self.reliability, self.fail_hand, self.rush, self.build_jokers = reliability, fail_hand, rush, build_jokers
        self.time, self.chance, self.device, self.table = time, chance, device, table

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
    from dealer.core.mechanics.gadget.breakdown import fail_hand_size, gm_chance  # here: a design never pays for them

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
        chance = gm_chance(ruleset, table, reliability)
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
