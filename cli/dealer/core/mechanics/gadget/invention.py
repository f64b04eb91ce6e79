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

import random
from typing import TYPE_CHECKING, NamedTuple

from dealer.core.mechanics import draws
from dealer.core.mechanics.conditions import Modifier
from dealer.core.mechanics.gadget import (Design, Device, GadgetError, GadgetState, Tier, build_time, find_tier,
                                          steps, tier_level)
from dealer.core.mechanics.skill_draw import Draw, DrawRequest, PilesSource, skill_draw
from dealer.core.table import Table
from dealer.errors import usage

if TYPE_CHECKING:
    from collections.abc import Iterable

    from dealer.core.cards import Card
    from dealer.core.mechanics.last_hand import KeptCheck
    from dealer.core.piles import Piles
    from dealer.core.ranks import HandRank
    from dealer.core.rules import Ruleset


# -- the construction table -------------------------------------------------------------------


def bonus_cards(ruleset: Ruleset, margin: int) -> int:
    """Bonus construction cards for a design that beat its tier by ``margin`` steps."""
    rules = ruleset.gadget
    if margin < rules["bonus_at"]:
        return 0
    return 1 + (margin - rules["bonus_at"]) * rules["bonus_per_step"]


def is_high(ruleset: Ruleset, value: int) -> bool:
    """A hit made with the ruleset's high card rank or better (Jacks or better)."""
    code = ruleset.gadget["high_card"].lower()
    least = next((rank.value for rank in ruleset.deck.ranks if rank.code.lower() == code), None)
    return least is not None and value >= least


def construction_row(ruleset: Ruleset, margin: int, high: bool = False) -> dict | None:
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


class Assist(NamedTuple):
    """A check first that adds to the draw as a helper does: drawn with ``skill`` by ``person`` (by
    default the inventor: "you may make an appropriate science check first"), its ``cards`` dealt
    by hand, or a ``hand`` rank already made (``two pair``)."""

    skill: int | None = None
    hand: str | None = None
    person: str = ""
    cards: str | None = None


class Check(NamedTuple):
    """What the inventor asks for a design or build check: ``cards`` dealt by hand instead of the draw."""

    skill: int | None = None
    modifiers: tuple[int, ...] = ()
    assist: Assist = Assist()
    cards: str | None = None
    person: str = ""
    wild_pick: bool = False
    chips: tuple[str, ...] = ()  # played before the draw, on a table (white a card, red a wild pick)
    knack: str = ""


class CheckResult(NamedTuple):
    """A design or build check: the assisting check (its bonus), the one skill draw, and its steps
    from the tier's hand (positive beats, negative misses)."""

    assist: dict | None
    draw: Draw
    steps: int

    @property
    def person(self) -> str:
        return self.draw.person

    def to_data(self) -> dict:
        return {"assist": self.assist, "draw": self.draw.to_data(), "steps": self.steps}


def _skill(table: Table, check: Check) -> int:
    if check.skill is not None:
        return check.skill
    found = table.trait(check.person, "mad-science")
    if found is None:
        raise usage(GadgetError("give the mad science skill with --skill N (or, on a table, --by PERSON with the "
                                "roster trait mad-science=N)"))
    return int(found)


def _assist(ruleset: Ruleset, table: Table, piles: Piles, rng: random.Random,
            check: Check) -> tuple[draws.HelperBonus, dict | None]:
    """The assisting check's bonus (``draws.HelperBonus``) and its data: a hand already made, or a
    skill draw (purpose ``assist``) by the assisting person, with their own conditions."""
    assist = check.assist
    if assist.hand is not None:
        rank, _ = ruleset.threshold(assist.hand)
        bonus = draws.helper_bonus(ruleset, rank)
        return bonus, {"person": assist.person or None, "rank": rank.id, "draw": None, "bonus": bonus.to_data()}
    if assist.skill is None:
        return draws.HelperBonus(""), None
    person = assist.person or check.person
    typed = tuple(assist.cards.replace(",", " ").split()) if assist.cards is not None else None
    drawn = skill_draw(ruleset, table, DrawRequest("assist", person, assist.skill, cards=typed),
                       PilesSource(piles, person or "assist", rng), rng)
    bonus = draws.helper_bonus(ruleset, drawn.hand.rank if drawn.hand else None)
    return bonus, {"person": person or None, "rank": bonus.rank, "draw": drawn.to_data(), "bonus": bonus.to_data()}


def _draw_check(ruleset: Ruleset, table: Table, rng: random.Random, check: Check, purpose: str,
                modifiers: list[Modifier]) -> tuple[dict | None, Draw]:
    """Shuffle the gadget deck, draw the assist (its data) and the check (the one skill draw)."""
    skill = _skill(table, check)
    piles = table.deck(ruleset.gadget["deck"], rng)
    piles.collect(rng)
    bonus, assist = _assist(ruleset, table, piles, rng, check)
    mods = [*modifiers, *(Modifier("mod", n) for n in check.modifiers)]
    if bonus.cards:
        mods.append(Modifier("assist", bonus.cards))
    asked = DrawRequest(purpose, check.person, skill, tuple(mods), wild_pick=check.wild_pick,
                        wild_picks=(Modifier("assist", bonus.wild_picks),) if bonus.wild_picks else (),
                        chips=check.chips, knack=check.knack,
                        cards=tuple(check.cards.replace(",", " ").split()) if check.cards is not None else None,
                        value=bonus.value)
    drawn = skill_draw(ruleset, table, asked, PilesSource(piles, check.person, rng), rng)
    if check.cards is None and drawn.size.cards < 1:
        raise GadgetError(f"this check draws no cards (5 + skill + modifiers = {drawn.size.asked}): nothing to "
                          "check with")
    piles.discard_all_in_play()
    return assist, drawn


def check_steps(ruleset: Ruleset, drawn: Draw, required: HandRank) -> int:
    """A check's steps from the required hand (positive beats, negative misses; no cards: below
    every tier)."""
    return steps(ruleset, drawn.point[0], required) if drawn.cards else -tier_level(ruleset, required)


# -- the judges: a check's draw into what it makes ---------------------------------------------


class DesignJudgement(NamedTuple):
    """What a design check's hand makes: its steps, whether the design works, its bonus
    construction cards and what its Jokers mean."""

    steps: int
    success: bool
    bonus_cards: int
    jokers: list[dict]


def judge_design(ruleset: Ruleset, drawn: Draw, required: HandRank) -> DesignJudgement:
    """A design check judged: the design and a chip after it both judge so."""
    margin = check_steps(ruleset, drawn, required)
    return DesignJudgement(margin, margin >= 0, bonus_cards(ruleset, margin),
                           _jokers(drawn.cards, ruleset.gadget["design_jokers"]))


class BuildJudgement(NamedTuple):
    """What a build check's hand makes: its steps, a hit with a high hand, the construction row,
    reliability (rushing costs some), fail hand, the chance of a breakdown in a use (all None when
    it just won't work) and what its Jokers mean."""

    steps: int
    high: bool
    row: dict | None
    reliability: int | None
    fail_hand: int | None
    chance: dict | None
    jokers: list[dict]


def judge_build(ruleset: Ruleset, drawn: Draw, required: HandRank, rush: int) -> BuildJudgement:
    """A build check judged: the build and a chip after it both judge so."""
    from dealer.core.mechanics.gadget.breakdown import fail_hand_size, full_deck_chance  # a design never pays for them

    margin = check_steps(ruleset, drawn, required)
    high = margin == 0 and is_high(ruleset, drawn.point[1])
    jokers = _jokers(drawn.cards, ruleset.gadget["build_jokers"])
    row = construction_row(ruleset, margin, high)
    if row is None:
        return BuildJudgement(margin, high, None, None, None, None, jokers)
    reliability = row["reliability"] + rush * ruleset.gadget["rush_reliability"]
    fail_hand = row["fail_hand"] if not rush else fail_hand_size(ruleset, reliability)
    return BuildJudgement(margin, high, row, reliability, fail_hand, full_deck_chance(ruleset, reliability), jokers)


def _jokers(cards: Iterable[Card], notes: dict) -> list[dict]:
    return [{"card": card.code, "name": card.name, "note": _note(notes[card.code])}
            for card in cards if card.code in notes]


def _note(entry: str | dict) -> str:
    return entry if isinstance(entry, str) else entry["note"]


# -- a chip after the draw --------------------------------------------------------------------


def _keep(ruleset: Ruleset, table: Table, asked: Check, check: CheckResult, mechanic: str, required: HandRank,
          **facts) -> None:
    """The check's hand kept as the person's last hand, with what it made, so a chip played after
    the draw (seed 003: "After the hand is drawn, you may play a chip to change it") changes the
    design, the device or the repair too (``check_change``, ``hand_changed``)."""
    if not (table.persistent and check.person and check.draw.cards):
        return
    from dealer.core.mechanics.last_hand import DrawRecord, KeptCheck, LastHands  # only a stored table keeps it

    deck = ruleset.gadget["deck"] if asked.cards is None else None
    table.state(LastHands).keep(KeptCheck(mechanic=mechanic, draws=[DrawRecord.of(check.draw, deck)],
                                          required=required.id, **facts))


def check_change(ruleset: Ruleset, table: Table, kept: KeptCheck, person: str) -> None:
    """Refused before the chip moves: a check whose outcome has been built on since (a design built
    from, a device used, a repair already made) can no longer change."""
    state = table.state(GadgetState)
    if kept.required not in ruleset.by_id:
        raise GadgetError(f"table '{table.name}' keeps {person}'s {kept.mechanic} hand against a hand rank "
                          f"{kept.required!r} {ruleset.name} does not have: draw the check again")
    if kept.mechanic == "design":
        design = state.designs.get(kept.name)
        if not kept.stored and design is not None:
            raise GadgetError(f"a design '{kept.name}' has been made since: this design hand can no longer change")
        if kept.stored and (design is None or design.builders):
            raise GadgetError(f"design '{kept.name}' has been built from since its check: the hand can no "
                              "longer change")
    elif kept.mechanic == "build":
        device = state.devices.get(kept.device) if kept.device else None
        if kept.stored and (device is None or device.uses or device.repairs):
            raise GadgetError(f"device '{kept.device}' has been used since it was built: the build hand can "
                              "no longer change")
        if not kept.stored and device is not None:
            raise GadgetError(f"a device '{kept.device}' has been built since: this build hand can no "
                              "longer change")
    else:
        device = state.devices.get(kept.device)
        if device is None or not device.broken:
            raise GadgetError(f"device '{kept.device}' is not broken: the repair hand has nothing left to "
                              "change; keep the chip")


def hand_changed(ruleset: Ruleset, table: Table, kept: KeptCheck, person: str, before: Draw,
                 after: Draw) -> tuple[dict, dict]:
    """The check judged again (``judge_design``, ``judge_build``, or a repair's steps), before and
    after the chip: the design's bonus cards, the device's reliability and fail hand, or the
    repair, as the check would have made them; the table keeps the new outcome."""
    required = ruleset.by_id[kept.required]
    state = table.state(GadgetState)
    if kept.mechanic == "design":
        was, now = (judge_design(ruleset, drawn, required) for drawn in (before, after))
        if now.success:
            _store_design(state, kept.name, required, person, now)
        kept.stored = now.success
        data = [{**_check_data(kept, person, required, judged.steps, judged.success), "name": kept.name,
                 "bonus_cards": judged.bonus_cards, "jokers": judged.jokers} for judged in (was, now)]
    elif kept.mechanic == "build":
        was, now = (judge_build(ruleset, drawn, required, kept.rush) for drawn in (before, after))
        if now.row is not None and kept.device:
            _store_device(state, kept.device, kept.design, person, now)
            kept.stored = True
        data = [{**_check_data(kept, person, required, judged.steps, judged.row is not None),
                 "device": kept.device if judged.row is not None else None, "design": kept.design,
                 "high": judged.high, "reliability": judged.reliability, "fail_hand": judged.fail_hand,
                 "chance": judged.chance, "build_jokers": judged.jokers} for judged in (was, now)]
    else:
        was, now = (check_steps(ruleset, drawn, required) for drawn in (before, after))
        if now >= 0:
            _mend(state.devices[kept.device])
        data = [{**_check_data(kept, person, required, margin, margin >= 0), "device": kept.device}
                for margin in (was, now)]
    return data[0], data[1]


def _check_data(kept: KeptCheck, person: str, required: HandRank, margin: int, success: bool) -> dict:
    return {"kind": kept.mechanic, "person": person, "target": required.name, "steps": margin,
            "verdict": _verdict(margin), "success": success}


def _store_design(state: GadgetState, name: str, required: HandRank, inventor: str, judged: DesignJudgement) -> None:
    state.designs[name] = Design(tier=required.id, inventor=inventor, bonus_cards=judged.bonus_cards,
                                 jokers=[joker["card"] for joker in judged.jokers])


def _store_device(state: GadgetState, name: str, design: str, builder: str, judged: BuildJudgement) -> None:
    state.devices[name] = Device(design=design, builder=builder, reliability=judged.reliability,
                                 fail_hand=judged.fail_hand, build_jokers=[joker["card"] for joker in judged.jokers])


def _mend(device: Device) -> None:
    device.broken = False
    device.repairs += 1


# -- design -----------------------------------------------------------------------------------


class DesignRequest(NamedTuple):
    """``dealer gadget design NAME --tier TIER ...``."""

    name: str
    tier: str
    check: Check = Check()


class DesignResult(NamedTuple):
    """A design check and what it earned: bonus cards, Joker notes."""

    name: str
    tier: Tier
    check: CheckResult
    bonus_cards: int
    jokers: list[dict]
    table: str | None

    @property
    def success(self) -> bool:
        return self.check.steps >= 0

    def to_data(self) -> dict:
        return {"kind": "design", "name": self.name, "tier": self.tier.to_data(), "required": self.tier.rank.id,
                "inventor": self.check.person or None, **self.check.to_data(), "success": self.success,
                "verdict": _verdict(self.check.steps), "bonus_cards": self.bonus_cards, "jokers": self.jokers,
                "time": self.tier.design_time, "table": self.table, "stored": self.table is not None and self.success}


def _verdict(margin: int) -> str:
    """Seed 003's words for a check's steps from the required hand."""
    if margin >= 0:
        return "hit the required hand" if margin == 0 else f"beat the required hand by {margin}"
    return f"missed the required hand by {-margin}"


def resolve_design(ruleset: Ruleset, request: DesignRequest, table: Table, rng: random.Random) -> DesignResult:
    """A design check: meet the tier's hand; beat it by two or more for bonus construction cards.

    >>> import random
    >>> from dealer.store.rulesets import load
    >>> from dealer.core.table import Table
    >>> poker = load("poker-hands")
    >>> result = resolve_design(poker, DesignRequest("jetski", "straight", Check(skill=3,
    ...     cards="9s 9h 9d 4c 4s RJ 2c 7h")), Table.fresh(poker), random.Random(1))
    >>> result.check.steps, result.success, result.bonus_cards, [j["card"] for j in result.jokers]
    (1, True, 0, ['RJ'])
    """
    ruleset.require("gadget")
    tier = find_tier(ruleset, request.tier)
    state = table.state(GadgetState)
    if table.persistent and request.name in state.designs:
        raise GadgetError(f"table '{table.name}' already has a design '{request.name}': choose another name")
    assist, drawn = _draw_check(ruleset, table, rng, request.check, "design", [])
    judged = judge_design(ruleset, drawn, tier.rank)
    check = CheckResult(assist, drawn, judged.steps)
    result = DesignResult(request.name, tier, check, judged.bonus_cards, judged.jokers, table.name)
    _keep(ruleset, table, request.check, check, "design", tier.rank, name=request.name, stored=judged.success)
    if table.persistent:
        if judged.success:
            _store_design(state, request.name, tier.rank, request.check.person, judged)
        table.log("gadget design", deck=ruleset.gadget["deck"], cards=[c.code for c in drawn.cards],
                  data={"name": request.name, "tier": tier.rank.id, "inventor": request.check.person,
                        "steps": judged.steps, "works": judged.success, "bonus_cards": judged.bonus_cards})
    return result


# -- construction -----------------------------------------------------------------------------


class BuildRequest(NamedTuple):
    """``dealer gadget build [DESIGN] --skill N ...``: ``tier`` stands in for a design off a table."""

    design: str = ""
    tier: str | None = None
    check: Check = Check()
    rush: int = 0
    device: str = ""
    complexity: str | None = None


class BuildResult(NamedTuple):
    """A construction check and the device it made: reliability, fail hand, build Jokers, chance."""

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
    def success(self) -> bool:
        return self.row is not None

    def to_data(self) -> dict:
        verdict = _verdict(self.check.steps) + ("" if self.success else ": it just won't work")
        return {"kind": "build", "design": self.design or None, "device": self.device, "tier": self.tier.to_data(),
                "required": self.tier.rank.id, "builder": self.check.person or None, **self.check.to_data(),
                "high": self.high, "success": self.success, "verdict": verdict,
                "reliability": self.reliability, "fail_hand": self.fail_hand, "rush": self.rush,
                "build_jokers": self.build_jokers, "time": self.time, "chance": self.chance,
                "table": self.table, "stored": self.device is not None and self.table is not None}


def _build_modifiers(ruleset: Ruleset, design: Design | None, builder: str) -> list[Modifier]:
    """The design's bonus cards on its first build; a card fewer the first time on another's design."""
    out = []
    if design is None:
        return out
    if design.bonus_cards and not design.bonus_used:
        out.append(Modifier("bonus cards from the design (first build)", design.bonus_cards))
    penalty = ruleset.gadget["others_design_cards"]
    if builder != design.inventor and builder not in design.builders and penalty:
        out.append(Modifier(f"{design.inventor or 'someone else'}'s design, {builder or 'this builder'}'s "
                            "first build", -penalty))
    return out


def _build_design(ruleset: Ruleset, request: BuildRequest, table: Table) -> tuple[Design | None, Tier]:
    if not table.persistent:
        if request.tier is None:
            raise GadgetError("without a table, give the design's tier: --tier TIER (or build a stored design "
                              "with --table NAME)")
        return None, find_tier(ruleset, request.tier)
    if not request.design:
        raise usage(GadgetError(f"which design? dealer gadget build DESIGN --table {table.name}"))
    design = table.state(GadgetState).design(request.design, table.name)
    tier = find_tier(ruleset, design.tier)
    if request.tier is not None and find_tier(ruleset, request.tier) != tier:
        raise GadgetError(f"design '{request.design}' is {tier.rank.id} ({tier.name}): drop --tier")
    return design, tier


def _device_name(state: GadgetState, request: BuildRequest, table: Table) -> str:
    if request.device:
        if request.device in state.devices:
            raise GadgetError(f"table '{table.name}' already has a device '{request.device}': choose another name")
        return request.device
    number = 1
    while f"{request.design}-{number}" in state.devices:
        number += 1
    return f"{request.design}-{number}"


def resolve_build(ruleset: Ruleset, request: BuildRequest, table: Table, rng: random.Random) -> BuildResult:
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
    check_request = request.check._replace(person=builder)
    complexity = request.complexity or tier.complexity
    time = build_time(ruleset, complexity, request.rush)
    state = table.state(GadgetState)
    device = _device_name(state, request, table) if table.persistent else None
    assist, drawn = _draw_check(ruleset, table, rng, check_request, "build",
                                _build_modifiers(ruleset, design, builder))
    judged = judge_build(ruleset, drawn, tier.rank, request.rush)
    result = BuildResult(request.design, tier, CheckResult(assist, drawn, judged.steps), judged.high, judged.row,
                         judged.reliability, judged.fail_hand, request.rush, judged.jokers, time, judged.chance,
                         device if judged.row is not None else None, table.name)
    if table.persistent:
        _store_build(ruleset, table, design, result, judged)
        _keep(ruleset, table, check_request, result.check, "build", tier.rank, design=request.design,
              device=device, rush=request.rush, stored=result.success)
    return result


def _store_build(ruleset: Ruleset, table: Table, design: Design, result: BuildResult, judged: BuildJudgement) -> None:
    if design.bonus_cards:
        design.bonus_used = True
    if result.check.person not in design.builders:
        design.builders.append(result.check.person)
    if result.success:
        _store_device(table.state(GadgetState), result.device, result.design, result.check.person, judged)
    table.log("gadget build", deck=ruleset.gadget["deck"], cards=[c.code for c in result.check.draw.cards],
              data={"design": result.design, "device": result.device, "builder": result.check.person,
                    "steps": result.check.steps, "works": result.success, "reliability": result.reliability,
                    "fail_hand": result.fail_hand, "build_jokers": [j["card"] for j in result.build_jokers]})


# -- repair -----------------------------------------------------------------------------------


class RepairRequest(NamedTuple):
    """``dealer gadget repair DEVICE``: a construction check against the design's hand, or the
    GM's word (``fixed``)."""

    device: str
    check: Check = Check()
    fixed: bool = False


class RepairResult(NamedTuple):
    """A repair: how it was tried, the check (none on the GM's word), whether the device works again."""

    device: str
    check: CheckResult | None
    success: bool
    table: str | None

    def to_data(self) -> dict:
        how = "the GM's word" if self.check is None else "a construction check against the design's hand"
        verdict = ("repaired: the device works again" if self.success
                   else "still broken: try again, or the GM may say it is fixed (--fixed)")
        return {"kind": "repair", "device": self.device, "how": how,
                "check": self.check.to_data() if self.check is not None else None, "success": self.success,
                "verdict": verdict, "table": self.table}


def resolve_repair(ruleset: Ruleset, request: RepairRequest, table: Table, rng: random.Random) -> RepairResult:
    """Seed 003 says a breakdown happens, not how a device is mended: dealer reads a repair as a
    construction check against the design's required hand (hitting it mends the device), or the
    GM's word (``--fixed``). Either way the repair is recorded on the device and in the history."""
    ruleset.require("gadget")
    if not table.persistent:
        raise GadgetError("a broken device lives on a table: add --table NAME")
    state = table.state(GadgetState)
    device = state.device(request.device, table.name)
    if not device.broken:
        raise GadgetError(f"device '{request.device}' is not broken: nothing to repair")
    check = None
    if not request.fixed:
        tier = find_tier(ruleset, state.design(device.design, table.name).tier)
        person = request.check.person or device.builder
        assist, drawn = _draw_check(ruleset, table, rng, request.check._replace(person=person), "build", [])
        check = CheckResult(assist, drawn, check_steps(ruleset, drawn, tier.rank))
        _keep(ruleset, table, request.check, check, "repair", tier.rank, device=request.device)
    success = check is None or check.steps >= 0
    if success:
        _mend(device)
    table.log("gadget repair", deck=ruleset.gadget["deck"] if check else None,
              cards=[c.code for c in check.draw.cards] if check else [],
              data={"device": request.device, "fixed": request.fixed, "success": success,
                    "steps": check.steps if check else None})
    return RepairResult(request.device, check, success, table.name)


class ListRequest(NamedTuple):
    """``dealer gadget list``: the designs and devices on a table."""


class DevicesResult(NamedTuple):
    """The designs and devices a table keeps, each device saying whether it is broken."""

    table: str | None
    designs: dict
    devices: dict

    def to_data(self) -> dict:
        return {"kind": "devices", "table": self.table, "designs": self.designs, "devices": self.devices}


def resolve_list(ruleset: Ruleset, request: ListRequest, table: Table,
                 rng: random.Random | None = None) -> DevicesResult:
    """What the table keeps of mad science: its designs and devices."""
    ruleset.require("gadget")
    if not table.persistent:
        raise GadgetError("designs and devices live on a table: add --table NAME")
    state = table.state(GadgetState)
    return DevicesResult(table.name, {name: {key: getattr(design, key) for key in design.FIELDS}
                                      for name, design in state.designs.items()},
                         {name: {key: getattr(device, key) for key in device.FIELDS}
                          for name, device in state.devices.items()})
