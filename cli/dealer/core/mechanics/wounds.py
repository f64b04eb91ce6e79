"""Damage aimed at a person, Soak, and Incapacitation (SWADE), kept in the person's conditions.

``dealer roll DICE --damage --vs NAME --table T`` reads NAME's Toughness and applies the total: reaching it
Shakes, each full ``dice.damage_step`` over it is a wound, and a Shaken person Shaken again takes a wound.
A Wild Card past their wounds (``people.wild_card_wounds``, three) is Incapacitated and rolls Vigor at once:
a Critical Failure dies, a failure is Bleeding Out, a success or raise is Incapacitated (with an Injury: the
GM's table). An Extra with a wound is out; a group of Extras (``count``) loses one member, the damage hitting
one not Shaken while one stands. The damage is kept (``DamageTaken``) so that a Benny can Soak it: Vigor,
each success and raise one wound fewer, and all of them soaked ends Shaken too; the harm is worked out again
from the state the damage found, so a Soak also undoes an Incapacitation it prevents.

>>> import random
>>> from dealer.store.rulesets import load
>>> from dealer.core.table import Table
>>> sw = load("savage-worlds")
>>> table = Table(sw, name="t", roster={"Quinn": {"side": "heroes", "traits": {"vigor": "d6"}}})
>>> hit = apply_damage(sw, table, "Quinn", 14, random.Random(1))
>>> hit["toughness"], hit["wounds"], hit["after"]
(5, 2, {'wounds': 2, 'fear': 'shaken'})
>>> again = apply_damage(sw, table, "Quinn", 6, random.Random(1))  # Shaken again: a wound
>>> again["shaken_again"], again["after"]["wounds"]
(True, 3)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from dealer.core.ledger import situations
from dealer.core.mechanics import people
from dealer.core.mechanics.conditions import (BLEEDING_OUT, DEAD, SHAKEN, STABLE, DamageTaken, Harm, changed,
                                              conditions_of)
from dealer.core.mechanics.people import PersonError
from dealer.core.table import Table

if TYPE_CHECKING:
    import random
    from collections.abc import Callable

    from dealer.core.dice import Scripted
    from dealer.core.mechanics.last_roll import DamageAsRequest, LastRoll, RollResult
    from dealer.core.rules import Ruleset


# -- damage --------------------------------------------------------------------------------------


def resolve_damage(ruleset: Ruleset, request: DamageAsRequest, table: Table, rng: random.Random) -> RollResult:
    """``roll DICE --damage --vs TARGET [--as NAME] --table T``: the damage rolled against TARGET's Toughness
    (NAME's, remembered for a Benny's reroll, with their Joker) and applied to them."""
    from dealer.core.dice import Scripted
    from dealer.core.mechanics.last_roll import RollResult, last_seq, resolve_damage_as

    people.require_people(ruleset, "damage aimed at a person (--vs NAME)")
    table.person(request.target)
    vs = people.toughness(ruleset, table, request.target).total
    scripted = Scripted(request.faces) if request.faces is not None else None
    data = resolve_damage_as(ruleset, request._replace(vs=vs, faces=None), table, scripted or rng).to_data()
    seq = last_seq(table) if request.person is not None else 0
    data["target"] = apply_damage(ruleset, table, request.target, data["total"], scripted or rng, by=request.person,
                                  seq=seq, roll=data)
    if scripted is not None:
        scripted.check_used()
    return RollResult(data)


def apply_damage(ruleset: Ruleset, table: Table, target: str, total: int, rng: random.Random | Scripted,
                 *, by: str | None = None, seq: int = 0, roll: dict | None = None) -> dict:
    """Damage ``total`` against ``target``'s Toughness, applied and kept for a Soak; what it did, as data. The
    damage ``roll`` it came from (``results.roll_data``) is recorded for the luck ledger, with an Incapacitation
    roll it caused (``situations``)."""
    people.require_people(ruleset, "damage aimed at a person (roll --damage --vs NAME)")
    tough = people.toughness(ruleset, table, target)
    held = changed(table, target)
    before = held.harm()
    found = struck(ruleset, table, target, before)
    if people.is_extra(ruleset, table, target):
        done = _hit_extras(ruleset, table, target, total, tough.total)
    else:
        done = _hit_wild_card(ruleset, table, target, total, tough.total, rng)
    held.damage = DamageTaken(total=total, toughness=tough.total, wounds=done["wounds"], shook=total >= tough.total,
                              before=before, after=held.harm(), incapacitation=done.get("incapacitation"), by=by,
                              seq=seq)
    seen = situations.damage_seen(by, roll, found) if roll is not None else {}
    if done.get("incapacitation"):
        seen.update(situations.person_rolls(target, done["incapacitation"]["roll"], "incapacitation"))
    table.log("damage", data={"person": target, "total": total, "toughness": tough.total, "wounds": done["wounds"],
                              "harm": held.harm().to_data(), **({situations.KEY: seen} if seen else {})})
    return {"name": target, "total": total, "toughness": tough.total, "armor": tough.armor, "before": before.to_data(),
            "after": held.harm().to_data(), "out": people.out_of_the_fight(ruleset, table, target), **done}


def wound_count(reached: bool, raises: int, shaken: bool) -> tuple[int, bool]:
    """``(wounds, Shaken again)`` of damage that ``reached`` Toughness with ``raises``: a wound a raise, and a
    ``shaken`` person Shaken again takes a wound."""
    again = reached and not raises and shaken
    return raises + again, again


def struck(ruleset: Ruleset, table: Table, target: str, harm: Harm) -> dict:
    """What decides the wounds damage deals ``target`` as ``harm`` finds them: the one it hits is ``shaken``
    already (a Wild Card; in a group of Extras, a Shaken member is hit once no member standing is unshaken), an
    ``extra`` (a wound puts them out), ``incapacitated`` already (a Wild Card: no wound more)."""
    extra = people.is_extra(ruleset, table, target)
    if extra:
        shaken = harm.shaken_members >= people.members(table, target) - harm.down
    else:
        shaken = harm.fear == SHAKEN
    return {"shaken": shaken, "extra": extra, "incapacitated": bool(harm.incapacitated) and not extra}


def wounds_dealt(reached: bool, raises: int, found: dict) -> int:
    """The wounds a damage roll deals someone as ``struck`` found them (what the result says, the ledger counts
    and the odds against a person weigh): ``wound_count``, at most one for an Extra, none for someone
    Incapacitated already."""
    if found["incapacitated"]:
        return 0
    wounds, _ = wound_count(reached, raises, found["shaken"])
    return min(wounds, 1) if found["extra"] else wounds


def _raises(ruleset: Ruleset, total: int, toughness: int) -> int:
    return (total - toughness) // ruleset.dice["damage_step"] if total >= toughness else 0


def _hit_wild_card(ruleset: Ruleset, table: Table, target: str, total: int, toughness: int,
                   rng: random.Random | Scripted) -> dict:
    """Shaken at Toughness, a wound a raise, a wound for a Shaken person Shaken again; past the wounds a Wild
    Card takes, Incapacitated, and the Vigor roll made at once."""
    held = changed(table, target)
    reached, raises = total >= toughness, _raises(ruleset, total, toughness)
    if held.incapacitated:
        return {"reached": reached, "raises": raises, "wounds": 0, "shaken_again": False,
                "already": held.incapacitated}
    wounds, again = wound_count(reached, raises, held.fear == SHAKEN)
    done = {"reached": reached, "raises": raises, "wounds": wounds, "shaken_again": again}
    if reached:
        held.fear = SHAKEN
    limit = people.max_wounds(ruleset, table, target)
    if held.wounds + wounds > limit:
        held.wounds = limit
        done["incapacitation"] = incapacitation_roll(ruleset, table, target, rng)
    else:
        held.wounds += wounds
    return done


def _hit_extras(ruleset: Ruleset, table: Table, target: str, total: int, toughness: int) -> dict:
    """One Extra of the entry is hit, one not Shaken while one stands: a wound (or Shaken again) puts them out."""
    held = changed(table, target)
    standing = people.members(table, target) - held.down
    if standing <= 0:
        raise PersonError(f"every one of {target} is out of the fight already: nobody left to hit")
    reached, raises = total >= toughness, _raises(ruleset, total, toughness)
    found = struck(ruleset, table, target, held.harm())
    hit_shaken, wounds = found["shaken"], wounds_dealt(reached, raises, found)  # an Extra with a wound is out
    _, again = wound_count(reached, raises, hit_shaken)
    if wounds:
        held.down += 1
        held.shaken_members -= 1 if hit_shaken else 0
    elif reached:
        held.shaken_members += 1
    return {"reached": reached, "raises": raises, "wounds": wounds, "shaken_again": again,
            "members": people.members(table, target), "hit_shaken": hit_shaken}


INCAPACITATION = {"bust": DEAD, "failure": BLEEDING_OUT, "success": STABLE, "raise": STABLE}
OUTCOME_WORDS = {"bust": "dies", "failure": "Bleeding Out, and a permanent Injury",
                 "success": "Incapacitated, with an Injury until every wound is healed",
                 "raise": "Incapacitated, with an Injury that goes in 24 hours (or when every wound is healed)"}


def verdict(roll: dict) -> str:
    """``bust``, ``failure``, ``success`` or ``raise`` of a roll's data."""
    if roll["bust"]:
        return "bust"
    return "failure" if not roll["success"] else "raise" if roll["raises"] else "success"


def incapacitation_roll(ruleset: Ruleset, table: Table, person: str, rng: random.Random | Scripted) -> dict:
    """SWADE's Incapacitation roll (Vigor, with wound penalties): a Critical Failure dies, a failure is Bleeding
    Out (a permanent Injury), a success an Injury until healed, a raise one for 24 hours. Sets the person's state."""
    rolled = people.person_roll(ruleset, table, person, _trait(ruleset, "incapacitation"), rng,
                                purpose="incapacitation").data
    outcome = verdict(rolled)
    changed(table, person).incapacitated = INCAPACITATION[outcome]
    return {"roll": rolled, "outcome": outcome, "words": OUTCOME_WORDS[outcome]}


def _trait(ruleset: Ruleset, purpose: str) -> str:
    trait = ruleset.people["rolls"].get(purpose)
    if not trait:
        raise PersonError(f"{ruleset.name} says no trait for a person's {purpose} roll (people.rolls.{purpose})")
    return trait


# -- Soak ------------------------------------------------------------------------------------------


def check_soak(ruleset: Ruleset, table: Table, person: str) -> DamageTaken:
    """The damage a Benny would Soak, or a one-line refusal (checked before the chip moves)."""
    people.require_people(ruleset, "a Soak")
    record = _unchanged_damage(table, person, "soak")
    if record.soak is not None:
        raise PersonError(f"{person} has soaked that damage already (one Soak an attack): a Benny rerolls the Soak "
                          f"(dealer chips spend \"{person}\" --for reroll)")
    if not record.wounds:
        raise PersonError(f"{person}'s last damage dealt no wound: " + ("it only Shook them; spend the Benny --for "
                                                                       "unshake instead" if record.shook else
                                                                       "there is nothing to soak"))
    people.trait_dice(ruleset, table, person, _trait(ruleset, "soak"))  # the trait is on the roster
    return record


def _unchanged_damage(table: Table, person: str, what: str) -> DamageTaken:
    record = conditions_of(table, person).damage
    if record is None:
        raise PersonError(f"{person} has taken no damage on table '{table.name}' to {what} (roll DICE --damage --vs "
                          f"\"{person}\" --table {table.name})")
    if conditions_of(table, person).harm() != record.after:
        raise PersonError(f"{person}'s wounds or Shaken changed since the last damage: a {what} follows the damage "
                          "at once")
    return record


def soak(ruleset: Ruleset, table: Table, person: str, record: DamageTaken, rng: random.Random) -> dict:
    """The Soak roll (``people.rolls.soak``, suffering the wounds before the damage, or after it as the ruleset
    reads), remembered so that a Benny may reroll it, and its effect."""
    from dealer.core.mechanics.last_roll import remember

    wounds = record.before.wounds if ruleset.people["soak_wounds"] == "before" else record.after.wounds
    rolled = people.person_roll(ruleset, table, person, _trait(ruleset, "soak"), rng, purpose="soak", wounds=wounds)
    remember(table, person, rolled, purpose="soak")
    return soaked(ruleset, table, person, record, rolled.data)


def successes(roll: dict) -> int:
    """A roll's successes (as a Soak counts them, a wound each): none for a failure or a Critical Failure, else
    one and one a raise."""
    return 0 if roll["bust"] or not roll["success"] else 1 + roll["raises"]


def soaked(ruleset: Ruleset, table: Table, person: str, record: DamageTaken, roll: dict) -> dict:
    """The damage worked out again from the state it found, ``roll``'s successes and raises fewer wounds; all
    soaked, Shaken ends too ("even from a previous source"). The record keeps the Soak; the event, the roll
    and the wounds it could soak, for the luck ledger."""
    count = min(successes(roll), record.wounds)
    harm = Harm.from_data(record.before.to_data(), "soak")
    limit = people.max_wounds(ruleset, table, person)
    wounds = record.before.wounds + record.wounds - count
    harm.wounds = min(wounds, limit)
    harm.fear = "" if count == record.wounds else record.after.fear
    harm.incapacitated = record.after.incapacitated if wounds > limit else record.before.incapacitated
    held = changed(table, person)
    held.set_harm(harm)
    was = record.after.to_data()
    record.after, record.soak, record.soaked = Harm.from_data(harm.to_data(), "soak"), roll, count
    table.log("soak", data={"person": person, "wounds": record.wounds, "soaked": count, "harm": harm.to_data(),
                            situations.KEY: situations.soak_seen(roll, record.wounds)})
    return {"person": person, "roll": roll, "wounds": record.wounds, "soaked": count, "before": was,
            "after": harm.to_data(), "undid_incapacitation": bool(record.incapacitation) and wounds <= limit,
            "bust_name": ruleset.dice["bust_name"]}


def check_resoak(table: Table, person: str) -> DamageTaken:
    """A reroll of a Soak roll: the damage it soaked must be as the Soak left it."""
    record = _unchanged_damage(table, person, "Soak reroll")
    if record.soak is None:
        raise PersonError(f"{person}'s last damage has not been soaked: soak it first (--for soak)")
    return record


def check_redamage(table: Table, target: str, seq: int) -> DamageTaken:
    """A reroll of a damage roll aimed at ``target``: their last damage must be this one, as it left them, unsoaked
    (the attacker rerolls before the victim soaks)."""
    record = _unchanged_damage(table, target, "damage reroll")
    if record.seq != seq:
        raise PersonError(f"{target} has taken other damage since: that damage roll can no longer be rerolled")
    if record.soak is not None:
        raise PersonError(f"{target} has soaked that damage: the attacker's reroll comes before the Soak")
    return record


def redamage(ruleset: Ruleset, table: Table, target: str, record: DamageTaken, roll: dict,
             rng: random.Random) -> dict:
    """A damage reroll that stands: the damage undone (the state it found) and the new ``roll`` applied."""
    changed(table, target).set_harm(Harm.from_data(record.before.to_data(), "reroll"))
    return apply_damage(ruleset, table, target, roll["total"], rng, by=record.by, seq=record.seq, roll=roll)


def reroll_seen(ruleset: Ruleset, table: Table, rolled: LastRoll, record: DamageTaken) -> Callable[[dict], dict]:
    """What the luck ledger reads of a Benny's reroll of a Soak or of damage aimed at a person, made from the
    reroll's dice: a reroll that stands records it as it is applied again (``soaked``, ``redamage``), one that
    does not on its ``reroll`` event, so every roll of the dice is counted once."""
    if rolled.purpose == "soak":
        return lambda again: situations.soak_seen(again, record.wounds)
    found = struck(ruleset, table, rolled.target, record.before)
    return lambda again: situations.damage_seen(record.by, again, found)


# -- Shaken ------------------------------------------------------------------------------------------


def check_unshake(ruleset: Ruleset, table: Table, person: str) -> None:
    if conditions_of(table, person).fear != SHAKEN:
        raise PersonError(f"{person} is not Shaken: keep the Benny")


def unshake(table: Table, person: str) -> dict:
    """A Benny: no longer Shaken, at once."""
    changed(table, person).fear = ""
    table.log("unshaken", data={"person": person})
    return {"shaken": False}


# -- odds --------------------------------------------------------------------------------------------


def damage_odds_at(ruleset: Ruleset, table: Table, target: str, totals: list[tuple[int, float]]) -> dict:
    """What a damage roll's totals (``damage.damage_odds``) would do to ``target`` as they stand: each effect
    (no effect, Shaken, wounds, Incapacitated; for Extras one Shaken or one out) with its chance, and the chance
    that a Soak removes 0, 1, 2, 3 or more wounds."""
    people.require_people(ruleset, "damage odds against a person (--vs NAME)")
    table.person(target)
    tough = people.toughness(ruleset, table, target)
    held = conditions_of(table, target)
    extra = people.is_extra(ruleset, table, target)
    limit = people.max_wounds(ruleset, table, target)
    shaken = struck(ruleset, table, target, held.harm())["shaken"]
    chances: dict[str, float] = {}
    for total, p in totals:
        reached, raises = total >= tough.total, _raises(ruleset, total, tough.total)
        wounds, _ = wound_count(reached, raises, shaken)
        if not reached:
            label = "no effect"
        elif extra:
            label = "one out" if wounds else "one Shaken"
        elif held.wounds + wounds > limit:
            label = "Incapacitated"
        else:
            label = "Shaken" + (f", {wounds} wound{'' if wounds == 1 else 's'}" if wounds else "")
        chances[label] = chances.get(label, 0.0) + p
    order = ["no effect", "one Shaken", "one out", "Shaken", *(f"Shaken, {k} wound{'' if k == 1 else 's'}"
                                                                for k in range(1, limit + 1)), "Incapacitated"]
    data = {"name": target, "toughness": tough.total, "armor": tough.armor, "harm": held.harm().to_data(),
            "effects": [{"effect": label, "chance": chances[label]} for label in order if label in chances]}
    if not extra and ruleset.people["rolls"].get("soak"):
        data["soak"] = soak_odds(ruleset, table, target)
    return data


def soak_odds(ruleset: Ruleset, table: Table, person: str) -> dict:
    """The chance that ``person``'s Soak roll removes 0, 1, 2, 3 or more wounds, with the modifiers it would have
    now (the wounds held before the damage it soaks: ``people.soak_wounds``)."""
    from dealer.core.dice import parse_dice, roll_options, trait_roll_odds

    text, _ = people.trait_dice(ruleset, table, person, _trait(ruleset, "soak"))
    count, sides, typed = parse_dice(text, ruleset.dice["sides"], one_die=True)
    modifiers = people.roll_modifiers(ruleset, table, person, "soak")
    card = people.bonus_card(ruleset, table, person)
    options = roll_options(ruleset.dice, extra=people.is_extra(ruleset, table, person), joker=card is not None)
    options["modifier"] += typed + sum(modifier.value for modifier in modifiers)
    odds = trait_roll_odds(count, sides, **options)
    removes = [odds.bust + odds.failure, *odds.raises[:2], sum(odds.raises[2:])]
    return {"dice": f"{count}d{sides}" + (f"{options['modifier']:+d}" if options["modifier"] else ""),
            "modifiers": [modifier.to_data() for modifier in modifiers], "joker": options.get("joker", 0),
            "removes": removes}
