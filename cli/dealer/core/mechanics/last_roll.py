"""A person's trait roll on a table (``dealer roll DICE --as NAME --table T``), remembered so that a
chip spent after it can reroll it (SWADE's Benny: keep the better; a Critical Failure cannot be
rerolled, and one rolled on a reroll ends the attempt and stands).

As ``last_hand`` remembers a person's last hand, this remembers their last trait roll: the
dice, the options it was rolled with (the Wild Die, an Extra's check, the Joker's bonus) and
the result kept. The roll reads the table: an ``extra`` on the roster rolls as an Extra, and
the holder of an action card whose special gives a ``bonus`` (a Joker) adds it.

>>> import random
>>> from dealer.store.rulesets import load
>>> from dealer.core.table import Table
>>> sw = load("savage-worlds")
>>> table = Table(sw, name="t", roster={"Sarah": {"side": "heroes", "traits": {}}})
>>> first = resolve_roll_as(sw, RollAsRequest("Sarah", "d8"), table, random.Random(1)).to_data()
>>> first["person"], first["dice"], table.state(LastRolls).of("Sarah").roll["total"] == first["total"]
('Sarah', '1d8', True)
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, NamedTuple

from dealer.core import results
from dealer.core.dice import MAX_DICE, MAX_MODIFIER, MAX_SIDES, Scripted, trait_roll
from dealer.core.ledger.situations import KEY
from dealer.core.mechanics import people
from dealer.core.mechanics.people import bonus_card
from dealer.core.record import CARD, COUNT, JSON, PERSON, TEXT, Field, MapOf, Maybe, Nested, Part, Record, Whole
from dealer.core.table import Table
from dealer.errors import DealerError, shell_word

if TYPE_CHECKING:
    from collections.abc import Callable

    from dealer.core.rules import Ruleset


class RollError(DealerError):
    """A roll that the table cannot make or reroll: nobody by that name, no roll to reroll, a Critical Failure."""


# A roll's dice as ``dealer roll`` bounds them (dealer.core.dice).
DICE = Whole(0, f"a number of dice from 0 to {MAX_DICE}", MAX_DICE)
SIDES = Whole(0, f"a number of sides from 0 to {MAX_SIDES:,}", MAX_SIDES)
MODIFIER = Whole(None, f"a modifier from -{MAX_MODIFIER:,} to {MAX_MODIFIER:,}", MAX_MODIFIER)


class LastRoll(Record):
    """One remembered roll: whose, the dice (a trait roll's count, sides and modifier typed; a
    damage roll's dice as ``damage``, ``2d6+d8``, the others 0), the options of ``dice.trait_roll``
    or ``damage.damage_roll`` it was rolled with, the action card that gave a bonus, the result
    kept (as ``results.roll_data``, with the person's ``modifiers`` where the ruleset keeps people),
    rerolls spent on it, ``seq`` (the table's count of rolls), what it was for (``purpose``: a
    ``soak``) and whom a damage roll was aimed at (``target``)."""

    FIELDS = {"person": Field(PERSON), "count": Field(DICE), "sides": Field(SIDES), "modifier": Field(MODIFIER),
              "options": Field(JSON), "card": Field(Maybe(CARD), None), "roll": Field(JSON),
              "rerolls": Field(COUNT, 0), "seq": Field(COUNT), "damage": Field(Maybe(TEXT), None),
              "purpose": Field(TEXT, ""), "target": Field(Maybe(TEXT), None)}


class LastRolls(Part):
    """The ``rolls`` part of a table's state: each person's latest trait roll."""

    KEY = "rolls"
    FIELDS = {"people": Field(MapOf(Nested(LastRoll), key=PERSON), {}), "seq": Field(COUNT, 0)}

    def to_data(self) -> dict:
        return super().to_data() if self.people else {}

    def of(self, person: str) -> LastRoll | None:
        return self.people.get(person)


class RollAsRequest(NamedTuple):
    """``dealer roll DICE --as NAME --table T``: NAME's trait roll (DICE may name a trait), with the table's
    Joker, Extra and the person's conditions; ``target``: whom it is aimed at (``--vs NAME``: their Vulnerable)."""

    person: str
    dice: str
    tn: int | None = None
    extra: bool = False
    joker: bool = False
    faces: tuple[int, ...] | None = None  # dice already rolled
    target: str | None = None


class RollResult(NamedTuple):
    data: dict

    def to_data(self) -> dict:
        return self.data


def resolve_roll_as(ruleset: Ruleset, request: RollAsRequest, table: Table, rng: random.Random) -> RollResult:
    """Roll for a person on the roster (``people.person_roll``: the Wild Die or an Extra's roll, the Joker held
    this round, the conditions and Edges) and remember it for a Benny's reroll."""
    table.person(request.person)
    if request.target is not None:
        people.require_people(ruleset, "a roll aimed at a person (--vs NAME)")
        table.person(request.target)
    scripted = Scripted(request.faces) if request.faces is not None else None
    rolled = people.person_roll(ruleset, table, request.person, request.dice, scripted or rng, tn=request.tn,
                                extra=request.extra, joker=request.joker, target=request.target)
    if scripted is not None:
        scripted.check_used()
    remember(table, request.person, rolled)
    return RollResult(rolled.data)


def remember(table: Table, person: str, rolled: people.PersonRoll, purpose: str = "") -> None:
    """A person's trait roll kept as their last, for a Benny's reroll (``purpose``: a ``soak``)."""
    count, sides, modifier = rolled.dice
    kept = {key: value for key, value in rolled.data.items() if key not in ("person", "card")}
    _remember(table, LastRoll(person=person, count=count, sides=sides, modifier=modifier, options=rolled.options,
                              card=rolled.card, roll=kept, seq=0, purpose=purpose))


class DamageAsRequest(NamedTuple):
    """``dealer roll DICE --damage [--as NAME] [--vs N|TARGET] --table T``: a damage roll on a table, NAME's (with
    the Joker they hold, remembered for a Benny's reroll), aimed at a number or at a person on the roster."""

    person: str | None
    dice: str
    joker: bool = False
    with_raise: bool = False
    vs: int | None = None
    faces: tuple[int, ...] | None = None  # dice already rolled
    target: str | None = None


def resolve_damage_as(ruleset: Ruleset, request: DamageAsRequest, table: Table, rng: random.Random) -> RollResult:
    """Roll damage for a person on the roster and remember it, so that a chip can reroll it (SWADE: a Benny
    rerolls damage as a trait, "include any additional dice you may have gained for a raise"); a Joker held
    this round adds its bonus. Aimed at a person, ``wounds.resolve_damage`` applies it."""
    from dealer.core.damage import damage_options, damage_roll, parse_damage

    if request.person is not None:
        table.person(request.person)
    spec = parse_damage(request.dice, ruleset.dice["sides"])
    card = bonus_card(ruleset, table, request.person) if request.person is not None else None
    options = damage_options(ruleset.dice, joker=request.joker or card is not None, with_raise=request.with_raise,
                             vs=request.vs)
    scripted = Scripted(request.faces) if request.faces is not None else None
    data = results.roll_data(damage_roll(spec, scripted or rng, **options))
    if request.person is not None:
        _remember(table, LastRoll(person=request.person, count=0, sides=0, modifier=0, options=options, card=card,
                                  roll=data, seq=0, damage=spec.notation, target=request.target))
        data.update(person=request.person, card=card)
    if scripted is not None:
        scripted.check_used()
    return RollResult(data)


def last_seq(table: Table) -> int:
    """The table's count of remembered rolls (the last one's ``seq``)."""
    return table.state(LastRolls).seq


def _remember(table: Table, record: LastRoll) -> None:
    """Keep ``record`` as its person's last roll."""
    state = table.state(LastRolls)
    state.seq += 1
    record.seq = state.seq
    state.people[record.person] = record
    table.log("roll", cards=[record.card] if record.card else [], data={"person": record.person, "roll": record.roll})


_OPTIONS = {"tn", "raise_step", "bust", "max_chain", "modifier", "wild_die", "check_die", "extra", "joker"}
_DAMAGE_OPTIONS = {"raise_die", "joker", "vs", "step", "max_chain"}


def check_reroll(table: Table, person: str, bust_name: str) -> LastRoll:
    """The roll a chip would reroll, or a one-line refusal (checked before the chip moves)."""
    if not table.persistent:
        raise RollError("a reroll needs the table that remembers the roll: add --table NAME")
    record = table.state(LastRolls).of(person)
    if record is None:
        raise RollError(f"{person} has no roll on table '{table.name}' to reroll: roll one first "
                        f"(dealer roll d8 --as {shell_word(person)} --table {table.name}, or a damage roll with --damage)")
    if record.roll.get("bust"):
        raise RollError(f"{person}'s last roll ({record.roll['dice']}) is a {bust_name}: it cannot be rerolled")
    unknown = set(record.options) - (_DAMAGE_OPTIONS if record.damage else _OPTIONS)
    if unknown:
        raise RollError(f"{person}'s remembered roll has unknown options ({', '.join(sorted(unknown))}): "
                        "roll it again with dealer roll --as")
    return record


def reroll(ruleset: Ruleset, table: Table, record: LastRoll, rng: random.Random,
           seen: Callable[[dict], dict] | None = None) -> dict:
    """Roll the remembered dice again with the same options (a damage roll with its raise's die
    and Joker); keep the better total (a Critical Failure on a trait's reroll ends the attempt
    and stands). The record keeps what stands. Returns
    ``before``, ``again`` (both as ``results.roll_data``), ``kept`` (``before`` or ``again``) and
    the ruleset's word for a bust. ``seen``: what the luck ledger reads of a reroll of a Soak or of
    damage aimed at a person (``wounds.reroll_seen``), logged here when the reroll does not stand."""
    before = record.roll
    if record.damage:
        from dealer.core.damage import damage_roll, parse_damage

        again = results.roll_data(damage_roll(parse_damage(record.damage, ruleset.dice["sides"]), rng,
                                              **record.options))
    else:
        again = results.roll_data(trait_roll(record.count, record.sides, rng, **record.options))
        again.update({key: before[key] for key in ("trait", "modifiers") if key in before})
    if again["bust"]:
        kept = "again"
    else:
        kept = "again" if again["total"] > before["total"] else "before"
    record.rerolls += 1
    if kept == "again":
        record.roll = again
    ledger = {KEY: seen(again)} if seen is not None and kept == "before" else {}
    table.log("reroll", data={"person": record.person, "before": before, "reroll": again, "kept": kept, **ledger})
    return {"before": before, "again": again, "kept": kept, "bust_name": ruleset.dice["bust_name"]}
