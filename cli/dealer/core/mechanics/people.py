"""A person on a table as SWADE reads them (``[people]``): Toughness, what their conditions cost a Trait
roll, and the one trait roll every mechanic makes for them.

The conditions live in ``conditions`` (one record a person); this reads them with the ruleset's
numbers. Every roll of a person on a table goes through ``person_roll``: ``roll --as NAME``, a Soak,
recovering from Shaken or Stunned, Incapacitation and Bleeding Out, an interrupt from Hold, a surprise
roll. It applies, as the ruleset says: the Wild Die (or an Extra's roll without it), the Joker held this
round, the wounds (each -1, at most -3, less what Nerves of Steel ignores), Fatigue, Distracted, the
target's Vulnerable, and the Edges that add to that trait or that kind of roll (Iron Jaw's +2 to Soak).

>>> import random
>>> from dealer.store.rulesets import load
>>> from dealer.core.table import Table
>>> from dealer.core.mechanics import conditions
>>> sw = load("savage-worlds")
>>> table = Table(sw, name="t", roster={"Quinn": {"side": "heroes", "traits": {"vigor": "d8", "armor": 2,
...                                                                       "edges": "nerves of steel"}}})
>>> conditions.wound(table, "Quinn", 2)
2
>>> toughness(sw, table, "Quinn"), [(m.why, m.value) for m in roll_modifiers(sw, table, "Quinn", "trait")]
(Toughness(total=8, armor=2), [('2 wounds, Nerves of Steel', -1)])
>>> rolled = person_roll(sw, table, "Quinn", "vigor", random.Random(1), purpose="soak")
>>> rolled.data["trait"], rolled.data["modifiers"], rolled.roll.modifier
('vigor', [{'why': '2 wounds, Nerves of Steel', 'value': -1}], -1)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from dealer.core import results
from dealer.core.dice import Scripted, check_trait_dice, parse_dice, roll_options, trait_roll
from dealer.core.mechanics.action.common import deck_names
from dealer.core.traits import edge_names
from dealer.core.mechanics.conditions import DEAD, conditions_of, summary
from dealer.core.ranks import slug
from dealer.core.table import Table
from dealer.errors import DealerError

if TYPE_CHECKING:
    import random

    from dealer.core.dice import TraitRoll
    from dealer.core.mechanics.rolls import RollSpec
    from dealer.core.rules import Ruleset


class PersonError(DealerError):
    """A person the rules cannot read: no Toughness, no such trait, a rule the ruleset does not keep."""


class RollModifier(NamedTuple):
    """A number added to (or, negative, taken from) a person's Trait roll, and why: wounds, Fatigue, an Edge."""

    why: str
    value: int

    def to_data(self) -> dict:
        return {"why": self.why, "value": self.value}


class Toughness(NamedTuple):
    """A person's Toughness, armour included (SWADE writes it ``8 (2)``)."""

    total: int
    armor: int


def keeps_people(ruleset: Ruleset) -> bool:
    """The ruleset keeps SWADE's people: wounds against Toughness, Soak, Incapacitation (``people.wild_card_wounds``)."""
    return bool(ruleset.people["wild_card_wounds"])


def require_people(ruleset: Ruleset, what: str) -> None:
    if not keeps_people(ruleset):
        raise PersonError(f"{what} needs a ruleset that keeps people (wounds against Toughness: "
                          f"people.wild_card_wounds); this {ruleset.name} keeps none: play savage-worlds (a table keeps "
                          "the ruleset it was made with)")


def is_extra(ruleset: Ruleset, table: Table, person: str) -> bool:
    """An Extra (or a group of them) on the roster, in a game with a Wild Die."""
    return bool(table.trait(person, "extra")) and bool(ruleset.dice["wild_die"])


def members(table: Table, person: str) -> int:
    """How many Extras a roster entry stands for (``count``, default one)."""
    return max(1, int(table.trait(person, "count") or 1))


def out_of_the_fight(ruleset: Ruleset, table: Table, person: str) -> bool:
    """Incapacitated (a Wild Card), or every member out (Extras)."""
    held = conditions_of(table, person)
    if is_extra(ruleset, table, person):
        return held.down >= members(table, person)
    return bool(held.incapacitated)


def incapacitated(ruleset: Ruleset, table: Table) -> list[str]:
    """Everyone on the roster the countdown deals no card by their conditions, in roster order: out of the
    fight, but for an Incapacitated Wild Card not dead where the ruleset deals them one to roll Bleeding Out
    on (``people.incapacitated_card``)."""
    if not keeps_people(ruleset):
        return []
    dealt = ruleset.people["incapacitated_card"]
    return [name for name in table.roster if out_of_the_fight(ruleset, table, name)
            and not (dealt and not is_extra(ruleset, table, name) and conditions_of(table, name).incapacitated != DEAD)]


def described(ruleset: Ruleset, table: Table, person: str, data: dict) -> dict:
    """A person's conditions as data to show (``table show``, ``table condition``): with the Fatigue level's
    name and what they cost a Trait roll (``penalty``), where the ruleset keeps people."""
    if not keeps_people(ruleset):
        return data
    out = dict(data)
    levels = ruleset.people["fatigue"]
    if out.get("fatigue") and levels:
        out["fatigue_level"] = levels[min(out["fatigue"], len(levels)) - 1]
    out["penalty"] = sum(modifier.value for modifier in roll_modifiers(ruleset, table, person))
    return out


def shown_conditions(ruleset: Ruleset, table: Table) -> dict[str, dict]:
    """Everyone with a condition, as ``table show`` and ``action show`` list them: where the ruleset keeps
    people, ``described`` and in roster order."""
    found = summary(table)
    if not keeps_people(ruleset):
        return found
    return {name: described(ruleset, table, name, found[name]) for name in [*table.roster, *found] if name in found}


def effects(ruleset: Ruleset, table: Table, person: str) -> list[tuple[str, dict]]:
    """The person's Edges and Hindrances that the ruleset gives numbers to, by name (one that another
    ``replaces`` is left out)."""
    found = []
    for key in ("edges", "hindrances"):
        known = ruleset.people[key]
        have = [name for name in edge_names(table.trait(person, key)) if name in known]
        replaced = {other for name in have for other in known[name]["replaces"]}
        found += [(name, known[name]) for name in have if name not in replaced]
    return found


def max_wounds(ruleset: Ruleset, table: Table, person: str) -> int:
    """Wounds the person takes and still acts: a Wild Card's (Tough as Nails adds), none for an Extra."""
    if is_extra(ruleset, table, person):
        return 0
    return ruleset.people["wild_card_wounds"] + sum(effect["wounds"] for _, effect in effects(ruleset, table, person))


def toughness(ruleset: Ruleset, table: Table, person: str) -> Toughness:
    """The roster's ``toughness`` (armour included), or SWADE's 2 + half Vigor (and half its bonus above d12,
    rounded down) + ``armor`` + the Edges' (Brawny)."""
    armor = int(table.trait(person, "armor") or 0)
    given = table.trait(person, "toughness")
    if given is not None:
        return Toughness(int(given), armor)
    people = ruleset.people
    source = people["toughness_from"]
    die = table.trait(person, source) if source else None
    if die is None:
        hint = f"--trait {source}=d6 (or --trait toughness=N)" if source else "--trait toughness=N"
        raise PersonError(f"{person} has no Toughness on table '{table.name}': dealer table set {table.name} "
                          f"\"{person}\" {hint}")
    _, sides, bonus = parse_dice(str(die), ruleset.dice["sides"], one_die=True)
    edges = sum(effect["toughness"] for _, effect in effects(ruleset, table, person))
    return Toughness(people["toughness_base"] + sides // 2 + bonus // 2 + armor + edges, armor)


def trait_dice(ruleset: Ruleset, table: Table, person: str, text: str) -> tuple[str, str | None]:
    """``roll TEXT --as NAME``: dice as typed, or a trait named (``vigor``, ``fighting+1``) read from the roster
    (a skill they lack: the ruleset's unskilled roll). Returns the dice and the trait's name (None for dice)."""
    people = ruleset.people
    name, bonus = slug(text), 0
    cut = max(text.rfind("+"), text.rfind("-"))
    if cut > 0 and text[cut + 1:].strip().isdecimal() and len(text) - cut < 6:
        name, bonus = slug(text[:cut]), int(text[cut + 1:]) * (-1 if text[cut] == "-" else 1)
    if name not in people["attributes"] + people["skills"]:
        return text, None
    die = table.trait(person, name)
    if die is None and name in people["skills"] and people["unskilled"]:
        die = people["unskilled"]
    if die is None:
        raise PersonError(f"{person} has no {name} on table '{table.name}': add it with dealer table set {table.name} "
                          f"\"{person}\" --trait {name}=d6")
    count, sides, modifier = parse_dice(str(die), ruleset.dice["sides"], one_die=True)
    total = modifier + bonus
    return f"{count}d{sides}" + (f"{total:+d}" if total else ""), name


def roll_modifiers(ruleset: Ruleset, table: Table, person: str, purpose: str = "trait", trait: str | None = None,
                   *, wounds: int | None = None, target: str | None = None) -> list[RollModifier]:
    """What the person's conditions and Edges add to a Trait roll for ``purpose`` (``trait``, ``soak``, ...):
    wounds (``wounds`` instead of those held: a Soak's), Fatigue, Distracted, the Edges' bonuses to ``trait``
    or ``purpose``; and ``target``'s Vulnerable."""
    people = ruleset.people
    held = conditions_of(table, person)
    found = effects(ruleset, table, person)
    out = []
    wounds = held.wounds if wounds is None else wounds
    exempt = [name for name, effect in found if purpose in effect["no_wound_penalty"]]
    if wounds and people["wound_penalty"] and not exempt:
        ignored = [(name, effect["ignore_wounds"]) for name, effect in found if effect["ignore_wounds"]]
        penalty = min(0, min(wounds, people["wounds_counted"]) * people["wound_penalty"] + sum(n for _, n in ignored))
        why = f"{wounds} wound{'' if wounds == 1 else 's'}" + "".join(f", {title(name)}" for name, _ in ignored)
        out.append(RollModifier(why, penalty))
    if held.fatigue and people["fatigue_penalty"] and people["fatigue"]:
        level = people["fatigue"][min(held.fatigue, len(people["fatigue"])) - 1]
        out.append(RollModifier(title(level), held.fatigue * people["fatigue_penalty"]))
    if held.distracted and people["distracted_penalty"]:
        out.append(RollModifier("Distracted", people["distracted_penalty"]))
    for name, effect in found:
        bonus = effect["bonus"].get(purpose, 0) + (effect["bonus"].get(trait, 0) if trait else 0)
        if bonus:
            out.append(RollModifier(title(name), bonus))
    if target is not None and is_vulnerable(table, target) and people["vulnerable_bonus"]:
        out.append(RollModifier(f"{target} Vulnerable", people["vulnerable_bonus"]))
    return [modifier for modifier in out if modifier.value]


def is_vulnerable(table: Table, person: str) -> bool:
    """Vulnerable, or Stunned (who is Vulnerable until they recover)."""
    held = conditions_of(table, person)
    return bool(held.vulnerable or held.stunned)


_SMALL = {"a", "and", "as", "of", "the", "than", "to"}


def title(name: str) -> str:
    """A slug as SWADE writes the name: ``nerves-of-steel`` is ``Nerves of Steel``."""
    parts = name.split("-")
    return " ".join(part if i and part in _SMALL else part.capitalize() for i, part in enumerate(parts))


def bonus_card(ruleset: Ruleset, table: Table, person: str) -> str | None:
    """The action card ``person`` holds this round whose special gives a bonus (a Joker), or None."""
    if "action" not in ruleset.document["mechanics"] or ruleset.action["style"] != "countdown":
        return None
    specials = ruleset.action["specials"]
    for deck in deck_names(ruleset):
        for code in table.decks[deck].play.get(person, []) if deck in table.decks else ():
            if specials.get(code, {}).get("bonus"):
                return code
    return None


class PersonRoll(NamedTuple):
    """A person's trait roll: the roll, its data (``roll_data`` with ``person``, ``card``, and where the ruleset
    keeps people ``trait`` and ``modifiers``), the dice (count, sides, modifier typed) and options it was
    rolled with (for a reroll)."""

    roll: TraitRoll
    data: dict
    dice: tuple[int, int, int]
    options: dict
    card: str | None


def person_roll(ruleset: Ruleset, table: Table, person: str, dice: str, rng: random.Random | Scripted, *,
                purpose: str = "trait", tn: int | None = None, extra: bool = False, joker: bool = False,
                wounds: int | None = None, target: str | None = None) -> PersonRoll:
    """Roll ``dice`` (or the trait it names) for a person on the roster: an Extra on the roster rolls as one,
    a Joker held this round adds its bonus, and where the ruleset keeps people their conditions and Edges
    count (``roll_modifiers``)."""
    rules = ruleset.dice
    text, trait = trait_dice(ruleset, table, person, dice) if keeps_people(ruleset) else (dice, None)
    count, sides, typed = parse_dice(text, rules["sides"], one_die=True)
    check_trait_dice(count, sides, rules, text)
    card = bonus_card(ruleset, table, person)
    extra = extra or is_extra(ruleset, table, person)
    options = roll_options(rules, tn=tn, extra=extra, joker=joker or card is not None)
    modifiers = roll_modifiers(ruleset, table, person, purpose, trait, wounds=wounds, target=target) \
        if keeps_people(ruleset) else []
    options["modifier"] += typed + sum(modifier.value for modifier in modifiers)
    roll = trait_roll(count, sides, rng, **options)
    data = {**results.roll_data(roll), "person": person, "card": card}
    if keeps_people(ruleset):
        data.update(trait=trait, modifiers=[modifier.to_data() for modifier in modifiers])
    return PersonRoll(roll, data, (count, sides, typed), options, card)


def spec_roll(ruleset: Ruleset, table: Table, person: str, spec: RollSpec, rng: random.Random, tn: int, *,
              purpose: str, trait: str | None = None, extra: bool = False) -> dict:
    """A roll asked for as dice, a total rolled by hand or ``bust`` (an interrupt, a surprise) for ``person``, as
    data: dice get the Joker held and an Extra's roll, and where the ruleset keeps people the conditions and
    Edges (``modifiers``); a total is taken as rolled."""
    on_roster = person in table.roster
    modifiers = roll_modifiers(ruleset, table, person, purpose, trait) \
        if keeps_people(ruleset) and on_roster and spec.dice else []
    roll = spec.roll(rng, tn, ruleset.dice, extra=extra or (on_roster and is_extra(ruleset, table, person)),
                     joker=on_roster and bonus_card(ruleset, table, person) is not None,
                     modifier=sum(modifier.value for modifier in modifiers))
    data = results.roll_data(roll)
    if keeps_people(ruleset):
        data["modifiers"] = [modifier.to_data() for modifier in modifiers]
    return data
