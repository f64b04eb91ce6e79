"""A person's conditions, in one place: casts (and so winded), fear (shaken, fleeing), wounds.

Seed 003: "once you've used as many spells as your levels in the master skill, you're winded,
and at -1 card to everything (unless you spend a white chip to get a second wind). You can
also just rest"; a failed fear check leaves a person "shaken and at -1 card, or if you fail
badly you're going to be running like a jackrabbit". What each condition costs a draw, and in
which draws it does not apply, is ruleset data (``[draws.conditions]``); ``penalties`` reads
it for the one skill draw (``skill_draw``), so "-1 card to everything" holds in every draw.

>>> from dealer.store.rulesets import load
>>> from dealer.core.table import Table
>>> poker = load("poker-hands")
>>> table = Table(poker, name="t", roster={"Sally": {"side": "posse", "traits": {"master": 1}}})
>>> count_cast(table, "Sally"), frighten(table, "Sally", SHAKEN)
(1, None)
>>> [(modifier.why, modifier.cards) for modifier in penalties(poker, table, "Sally", "contest")]
[('winded', -1), ('shaken', -1)]
>>> rest(table, "Sally"), penalties(poker, table, "Sally", "spell")[0].why
(1, 'shaken')
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from dealer.core.record import (CARD, COUNT, FLAG, JSON, NUMBER, PERSON, TEXT, Choice, Field, ListOf, MapOf, Maybe, Nested,
                                Part, Record, StateError)
from dealer.core.table import Table

if TYPE_CHECKING:
    from dealer.core.rules import Ruleset

SHAKEN = "shaken"
FLEEING = "fleeing"  # failed badly: "running like a jackrabbit"; worse than shaken
PARALYSED = "paralysed"  # no pair in a hands combat's turn order: "at -1 for combat paralysis" (the combat's)


class Modifier(NamedTuple):
    """Cards added to (or, negative, taken from) a draw, and why: ``--mod``, a helper, winded..."""

    why: str
    cards: int

    def to_data(self) -> dict:
        return {"why": self.why, "cards": self.cards}


BLOCK, DODGE = "block", "dodge"


class Defence(Record):
    """A defender's hand, kept (seed 003's Combat): "blocking ... lasts until you take another
    action"; "dodging ... lasts until your first action the next round". ``round``: the combat's
    round it was drawn in; ``rank``/``value``: its point on the ladder, what an attack must beat;
    ``attacked``: an attack has been judged against it (a chip can no longer change its hand)."""

    FIELDS = {"how": Field(Choice(BLOCK, DODGE)), "cards": Field(ListOf(CARD)), "wild_picks": Field(ListOf(CARD), []),
              "rank": Field(TEXT), "value": Field(COUNT), "round": Field(COUNT, 0),
              "attacked": Field(FLAG, False)}


STABLE, BLEEDING_OUT, DEAD = "stable", "bleeding out", "dead"  # an Incapacitated person (SWADE)


class Harm(Record):
    """What damage changes in a person (SWADE): wounds, Shaken (``fear``), Incapacitation; for a group of
    Extras, its members put out (``down``) and Shaken (``shaken_members``)."""

    FIELDS = {"wounds": Field(COUNT, 0), "fear": Field(Choice("", SHAKEN, FLEEING), ""),
              "incapacitated": Field(Choice("", STABLE, BLEEDING_OUT, DEAD), ""), "down": Field(COUNT, 0),
              "shaken_members": Field(COUNT, 0)}


class DamageTaken(Record):
    """The last damage aimed at a person (``roll --damage --vs NAME``), kept for a Soak and for the attacker's
    reroll: the damage ``total`` against ``toughness``, the ``wounds`` it dealt (a group of Extras: members put
    out), whether it reached Toughness (``shook``), the harm it found (``before``) and left (``after``), the
    Incapacitation roll it caused, the Soak roll against it and the wounds ``soaked``, the attacker (``by``)
    and ``seq``, the table's count of remembered rolls when it was rolled."""

    FIELDS = {"total": Field(NUMBER), "toughness": Field(COUNT), "wounds": Field(COUNT), "shook": Field(FLAG),
              "before": Field(Nested(Harm)), "after": Field(Nested(Harm)), "incapacitation": Field(Maybe(JSON), None),
              "soak": Field(Maybe(JSON), None), "soaked": Field(COUNT, 0), "by": Field(Maybe(TEXT), None),
              "seq": Field(COUNT, 0)}


class Conditions(Record):
    """One person's conditions: casts since their last rest, fear (SWADE's Shaken too), wounds taken, a
    standing defence; SWADE's Fatigue levels, Stunned, Distracted and Vulnerable (each the number of the
    person's turn ends before it lapses), Incapacitation, a group of Extras' members out and Shaken, and
    the last damage taken."""

    FIELDS = {"casts": Field(COUNT, 0), "fear": Field(Choice("", SHAKEN, FLEEING), ""), "wounds": Field(COUNT, 0),
              "defence": Field(Maybe(Nested(Defence)), None), "fatigue": Field(COUNT, 0),
              "stunned": Field(FLAG, False), "distracted": Field(COUNT, 0), "vulnerable": Field(COUNT, 0),
              "incapacitated": Field(Choice("", STABLE, BLEEDING_OUT, DEAD), ""), "down": Field(COUNT, 0),
              "shaken_members": Field(COUNT, 0), "damage": Field(Maybe(Nested(DamageTaken)), None)}

    def harm(self) -> Harm:
        return Harm(**{name: getattr(self, name) for name in Harm.FIELDS})

    def set_harm(self, harm: Harm) -> None:
        for name in Harm.FIELDS:
            setattr(self, name, getattr(harm, name))


class ConditionsState(Part):
    """The ``conditions`` part of a table: each person's conditions, and whose turn is under way (``acting``:
    a condition that lasts "until the end of their next turn" counts their turns' ends)."""

    KEY = "conditions"
    FIELDS = {"people": Field(MapOf(Nested(Conditions), key=PERSON), {}), "acting": Field(ListOf(PERSON), [])}

    def to_data(self) -> dict:
        people = {name: data for name, item in self.people.items() if (data := item.to_data())}
        return {**({"people": people} if people else {}), **({"acting": list(self.acting)} if self.acting else {})}

    @classmethod
    def upgrade(cls, states: dict, version: int) -> None:
        """Format 1 kept casts at the top of the state (format 2 put them under ``hex``); format 3
        gathers casts (``hex``), the shaken (``conflict``) and wounds (``chips``) here."""
        if version == 1 and "casts" in states and isinstance(states.setdefault("hex", {}), dict):
            states["hex"]["casts"] = states.pop("casts")
        if version != 2:
            return
        people: dict[str, dict] = {}
        moved = (("hex", "casts", "casts"), ("conflict", "shaken", "fear"), ("chips", "wounds", "wounds"))
        for part, key, field in moved:
            holder = states.get(part)
            if not isinstance(holder, dict) or key not in holder:
                continue
            found = holder.pop(key)
            if isinstance(found, list):  # the shaken, by name
                found = {name: SHAKEN for name in found if isinstance(name, str)}
            if not isinstance(found, dict):
                raise StateError(f"{part}.{key}: {type(found).__name__} is not an object")
            for name, value in found.items():
                people.setdefault(str(name), {})[field] = value
        if isinstance(states.get("hex"), dict) and not states["hex"]:
            del states["hex"]
        if people:
            states["conditions"] = {"people": people}


def conditions_of(table: Table, person: str) -> Conditions:
    """The person's conditions (a fresh, empty record for someone with none: not stored until changed)."""
    return table.state(ConditionsState).people.get(person) or Conditions()


def changed(table: Table, person: str) -> Conditions:
    """The person's conditions, stored so that a change is kept."""
    return table.state(ConditionsState).people.setdefault(person, Conditions())


# -- casts and winded ---------------------------------------------------------------------------


def master_of(table: Table, person: str | None, master: int | None = None) -> int | None:
    """The person's master skill: given, or the roster trait ``master``."""
    found = master if master is not None else table.trait(person, "master")
    return int(found) if found is not None else None


def is_faithful(table: Table, person: str | None) -> bool:
    return bool(table.trait(person, "faithful"))


def is_winded(table: Table, person: str | None, *, master: int | None = None) -> bool:
    """Seed 003: a caster who has cast as many spells as their master skill is winded until they
    rest or spend a white chip. (The faithful's miracles for a good cause are not counted.)"""
    master = master_of(table, person, master)
    if not person or not master:
        return False
    return conditions_of(table, person).casts >= master


def count_cast(table: Table, person: str) -> int:
    """One more spell cast towards winded; returns the count."""
    conditions = changed(table, person)
    conditions.casts += 1
    return conditions.casts


def rest(table: Table, person: str) -> int:
    """A rest or a second wind (a white chip): casts count afresh. Returns the count before."""
    conditions = table.state(ConditionsState).people.get(person)
    if conditions is None:
        return 0
    before, conditions.casts = conditions.casts, 0
    return before


# -- fear ---------------------------------------------------------------------------------------


def frighten(table: Table, person: str, fear: str) -> None:
    """A failed fear check: shaken, or fleeing (which a later mere shaking does not soften)."""
    conditions = changed(table, person)
    if conditions.fear != FLEEING:
        conditions.fear = fear


def worse_fear(*fears: str) -> str:
    """The worst of these fears: fleeing, then shaken, then none ("stalwart" is none)."""
    return FLEEING if FLEEING in fears else SHAKEN if SHAKEN in fears else ""


def settle_fear(table: Table, person: str, before: str, outcome: str) -> str:
    """A fear check's outcome kept, the first time or changed by a chip: the person's fear is the
    worse of their fear before the check and what the check left. Returns it."""
    fear = worse_fear(before, outcome)
    steady(table, person)
    if fear:
        frighten(table, person, fear)
    return fear


def steady(table: Table, person: str) -> str:
    """The person steadies: no longer shaken or fleeing. Returns the fear they had ("" for none)."""
    conditions = table.state(ConditionsState).people.get(person)
    if conditions is None or not conditions.fear:
        return ""
    fear, conditions.fear = conditions.fear, ""
    return fear


def frightened(table: Table) -> dict[str, str]:
    """Everyone shaken or fleeing on the table: name -> fear."""
    return {name: item.fear for name, item in sorted(table.state(ConditionsState).people.items()) if item.fear}


# -- wounds -------------------------------------------------------------------------------------


def wound(table: Table, person: str, count: int = 1) -> int:
    """Wounds taken; returns the wounds the person now has."""
    conditions = changed(table, person)
    conditions.wounds += count
    return conditions.wounds


def heal(table: Table, person: str) -> int:
    """One wound recovered (a blue chip); returns the wounds left."""
    conditions = changed(table, person)
    conditions.wounds = max(0, conditions.wounds - 1)
    return conditions.wounds


def wounded(table: Table) -> dict[str, int]:
    return {name: item.wounds for name, item in table.state(ConditionsState).people.items() if item.wounds}


# -- a standing defence -------------------------------------------------------------------------


def defend(table: Table, person: str, defence: Defence) -> None:
    """The person's defence hand is kept until it lapses (``acted``)."""
    changed(table, person).defence = defence


def standing_defence(table: Table, person: str) -> Defence | None:
    return conditions_of(table, person).defence


def acted(table: Table, person: str, round_now: int) -> Defence | None:
    """The person takes an action (draws a hand): a block ends; a dodge ends at their first action
    of a later round. Returns the defence that ended, if any."""
    held = table.state(ConditionsState).people.get(person)
    defence = held.defence if held is not None else None
    if defence is None or (defence.how == DODGE and round_now <= defence.round):
        return None
    held.defence = None
    return defence


def end_defence(table: Table, person: str) -> Defence | None:
    """The person's standing defence ends before it would lapse (seed 003: "Dodging will be
    interrupted by actions that require you to specifically stand still"). Returns it, if any."""
    held = table.state(ConditionsState).people.get(person)
    defence = held.defence if held is not None else None
    if defence is not None:
        held.defence = None
    return defence


def defences(table: Table) -> dict[str, Defence]:
    """Everyone's standing defence on the table."""
    return {name: item.defence for name, item in table.state(ConditionsState).people.items() if item.defence}


# -- what they cost a draw ----------------------------------------------------------------------


def penalties(ruleset: Ruleset, table: Table, person: str | None, purpose: str, *,
              master: int | None = None, also: tuple[str, ...] = ()) -> list[Modifier]:
    """What the person's conditions do to a draw for ``purpose`` (``spell``, ``contest``, ...):
    one ``Modifier`` per condition the ruleset charges for that draw (``[draws.conditions]``);
    ``also``: conditions the caller found elsewhere (a hands combat's paralysis)."""
    if not person:
        return []
    rules = ruleset.draws["conditions"]
    held = conditions_of(table, person)
    found = []
    if is_winded(table, person, master=master):
        found.append("winded")
    if held.fear:
        found.append(held.fear)
    if held.wounds:
        found.append("wounded")
    found.extend(also)
    return [Modifier(name, rules[name]["cards"]) for name in found
            if rules[name]["cards"] and purpose not in rules[name]["except"]]


def summary(table: Table) -> dict[str, dict]:
    """Everyone with a condition, as data for ``table show``: casts and winded, fear, wounds, a
    standing defence, SWADE's conditions (not the last damage: a Soak's record)."""
    out = {}
    for name, held in table.state(ConditionsState).people.items():
        data = held.to_data()
        data.pop("damage", None)
        if not data:
            continue
        data["winded"] = is_winded(table, name)
        out[name] = data
    return out
