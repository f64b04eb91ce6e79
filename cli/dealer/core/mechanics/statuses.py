"""SWADE's conditions through a fight: set by hand, recovered from at the start of a turn, lapsing at its
end, and Bleeding Out each round.

When the countdown reaches a person (``action next``, or ``action act`` from Hold) their turn starts: a
Stunned person rolls Vigor (a success ends it, Vulnerable until the end of their next turn; a raise, to the
end of this one), a Shaken person Spirit (a success: no longer Shaken, and they act; a failure: free actions
only), each Shaken member of a group of Extras likewise. When the next turn is called their turn ends, and
Distracted and Vulnerable count it ("until the end of the victim's next turn"). Someone Bleeding Out rolls
Vigor as each round is dealt (or on their card, ``people.incapacitated_card``): a failure dies, a raise
stabilises.

>>> import random
>>> from dealer.store.rulesets import load
>>> from dealer.core.table import Table
>>> from dealer.core.mechanics.conditions import conditions_of
>>> sw = load("savage-worlds")
>>> table = Table(sw, name="t", roster={"Quinn": {"side": "heroes", "traits": {"spirit": "d8", "vigor": "d6"}}})
>>> resolve_condition(sw, ConditionRequest("Quinn", ("shaken", "distracted")), table).to_data()["now"]
{'fear': 'shaken', 'distracted': 1, 'penalty': -2}
>>> [(rolled["condition"], rolled["roll"]["total"], rolled["recovered"])
...  for rolled in turn_starts(sw, table, ["Quinn"], random.Random(0))]
[('shaken', 5, True)]
>>> turn_ends(sw, table), conditions_of(table, "Quinn").distracted
(['Quinn'], 0)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from dealer.core.ledger import situations
from dealer.core.mechanics import people
from dealer.core.mechanics.conditions import (BLEEDING_OUT, DEAD, SHAKEN, STABLE, Conditions, ConditionsState,
                                              changed, conditions_of)
from dealer.core.mechanics.people import PersonError
from dealer.core.mechanics.wounds import verdict
from dealer.core.table import Table

if TYPE_CHECKING:
    import random

    from dealer.core.rules import Ruleset


# -- the start and end of a turn ------------------------------------------------------------------


def turn_starts(ruleset: Ruleset, table: Table, names: list[str], rng: random.Random) -> list[dict]:
    """The turns of ``names`` start: their recovery rolls (Stunned, then Shaken; Bleeding Out on a card), each
    as ``{person, condition, roll, recovered, words}``; their turns are under way until ``turn_ends``."""
    if not people.keeps_people(ruleset):
        return []
    state = table.state(ConditionsState)
    state.acting = list(dict.fromkeys([*state.acting, *names]))
    rolled = []
    for name in names:
        if name not in table.roster:
            continue
        if people.is_extra(ruleset, table, name):
            rolled += _extras_recover(ruleset, table, name, rng)
            continue
        held = conditions_of(table, name)
        if held.incapacitated == BLEEDING_OUT:  # dealt a card (people.incapacitated_card): they roll on it
            rolled.append(bleed(ruleset, table, name, rng))
            table.log("bleeding out", data={"person": name, "outcome": verdict(rolled[-1]["roll"]),
                                            situations.KEY: situations.person_rolls(name, rolled[-1]["roll"],
                                                                                    "bleeding-out")})
            continue
        if held.stunned and ruleset.people["rolls"].get("recover-stunned"):
            rolled.append(_unstun(ruleset, table, name, rng))
        if held.fear == SHAKEN and ruleset.people["rolls"].get("recover-shaken"):
            rolled.append(_unshake(ruleset, table, name, rng))
    return rolled


def _recovery_roll(ruleset: Ruleset, table: Table, name: str, purpose: str, rng: random.Random) -> dict:
    return people.person_roll(ruleset, table, name, ruleset.people["rolls"][purpose], rng, purpose=purpose).data


def _unshake(ruleset: Ruleset, table: Table, name: str, rng: random.Random) -> dict:
    """SWADE: "Shaken characters must attempt to recover ... by making a Spirit roll as a free action"; success:
    "no longer Shaken, they can act normally"; failure: "remains Shaken and can only perform free actions". A
    Shaken member of a group of Extras rolls for themselves."""
    roll = _recovery_roll(ruleset, table, name, "recover-shaken", rng)
    recovered = roll["success"] and not roll["bust"]
    held = changed(table, name)
    if recovered and people.is_extra(ruleset, table, name):
        held.shaken_members -= 1
    elif recovered:
        held.fear = ""
    words = "no longer Shaken: acts normally" if recovered else "still Shaken: free actions only"
    table.log("recovery", data={"person": name, "condition": "shaken", "recovered": recovered,
                                situations.KEY: situations.person_rolls(name, roll, "recover-shaken")})
    one = {"member": True} if people.members(table, name) > 1 else {}
    return {"person": name, "condition": "shaken", "roll": roll, "recovered": recovered, "words": words, **one}


def _unstun(ruleset: Ruleset, table: Table, name: str, rng: random.Random) -> dict:
    """SWADE: a Stunned character rolls Vigor at the start of their turn: "Success means he's no longer Stunned but
    remains Vulnerable until the end of his next turn. With a raise, his Vulnerable state goes away at the end of
    this turn." Until then they "can't move or take any actions"."""
    roll = _recovery_roll(ruleset, table, name, "recover-stunned", rng)
    outcome = verdict(roll)
    held = changed(table, name)
    recovered = outcome in ("success", "raise")
    if recovered:
        held.stunned = False
        held.vulnerable = max(held.vulnerable, 1 if outcome == "raise" else 2)
    words = {"raise": "no longer Stunned: acts, Vulnerable to the end of this turn",
             "success": "no longer Stunned: acts, Vulnerable to the end of their next turn"}.get(
        outcome, "still Stunned: no actions this turn")
    table.log("recovery", data={"person": name, "condition": "stunned", "recovered": recovered,
                                situations.KEY: situations.person_rolls(name, roll, "recover-stunned")})
    return {"person": name, "condition": "stunned", "roll": roll, "recovered": recovered, "words": words}


def _extras_recover(ruleset: Ruleset, table: Table, name: str, rng: random.Random) -> list[dict]:
    """Each Shaken member of a group of Extras rolls Spirit (no Wild Die)."""
    count = changed(table, name).shaken_members if ruleset.people["rolls"].get("recover-shaken") else 0
    return [_unshake(ruleset, table, name, rng) for _ in range(count)]


def turn_ends(ruleset: Ruleset, table: Table) -> list[str]:
    """The turns under way end: Distracted and Vulnerable count one more of their holders' turns' ends, and
    lapse at the last. Returns whose turns ended."""
    state = table.state(ConditionsState)
    ended, state.acting = list(state.acting), []
    for name in ended:
        held = state.people.get(name)
        if held is not None:
            held.distracted, held.vulnerable = max(0, held.distracted - 1), max(0, held.vulnerable - 1)
    return ended


def lasting(table: Table, person: str) -> int:
    """Turn ends a condition "until the end of their next turn" lasts: two while their turn is under way."""
    return 2 if person in table.state(ConditionsState).acting else 1


# -- Bleeding Out ------------------------------------------------------------------------------------


def round_starts(ruleset: Ruleset, table: Table, rng: random.Random) -> list[dict]:
    """A round is dealt: the turns under way end, and everyone Bleeding Out rolls (unless they roll on their
    card, ``people.incapacitated_card``). Each roll as an event."""
    if not people.keeps_people(ruleset):
        return []
    turn_ends(ruleset, table)
    if ruleset.people["incapacitated_card"]:
        return []
    bleeding = [name for name in table.roster if conditions_of(table, name).incapacitated == BLEEDING_OUT]
    return [{"kind": "bleeding out", **bleed(ruleset, table, name, rng)} for name in bleeding]


def bleed(ruleset: Ruleset, table: Table, name: str, rng: random.Random) -> dict:
    """A Bleeding Out roll (Vigor): a failure dies, a success holds on, a raise stabilises (still Incapacitated)."""
    roll = _recovery_roll(ruleset, table, name, "bleeding-out", rng)
    outcome = verdict(roll)
    held = changed(table, name)
    held.incapacitated = DEAD if outcome in ("bust", "failure") else STABLE if outcome == "raise" else BLEEDING_OUT
    words = {"bust": "dies", "failure": "dies", "success": "holds on: still Bleeding Out",
             "raise": "stabilised: Incapacitated, no longer Bleeding Out"}[outcome]
    return {"person": name, "condition": "bleeding out", "roll": roll, "recovered": outcome == "raise",
            "words": words}


# -- set by hand ---------------------------------------------------------------------------------------


class ConditionRequest(NamedTuple):
    """``dealer table condition TABLE NAME WORD...``: conditions set (``shaken``, ``stunned``, ``distracted``,
    ``vulnerable``, a Fatigue level, ``incapacitated``, ``bleeding-out``, ``dead``, ``wounds=N``, ``fatigue=N``;
    a group of Extras ``shaken=N``, ``down=N``), or with ``clear`` cleared."""

    person: str
    words: tuple[str, ...]
    clear: bool = False


class ConditionResult(NamedTuple):
    data: dict

    def to_data(self) -> dict:
        return self.data


COUNTS = ("wounds", "fatigue", "shaken", "down")
FLAGS = ("shaken", "stunned", "distracted", "vulnerable", "incapacitated", "bleeding-out", "dead")


def resolve_condition(ruleset: Ruleset, request: ConditionRequest, table: Table,
                      rng: random.Random | None = None) -> ConditionResult:
    """Set or clear a person's conditions by hand (a Test, a power, a hazard, healing)."""
    people.require_people(ruleset, "a person's conditions")
    table.person(request.person)
    if not request.words:
        raise PersonError(f"name a condition: {', '.join(_words(ruleset))}, or wounds=N, fatigue=N")
    held = changed(table, request.person)
    before = held.to_data()
    for word in request.words:
        _apply(ruleset, table, request.person, held, word.strip().lower().replace(" ", "-"), request.clear)
    now = people.described(ruleset, table, request.person,
                           {key: value for key, value in held.to_data().items() if key != "damage"})
    table.log("condition", data={"person": request.person, "words": list(request.words), "clear": request.clear})
    return ConditionResult({"kind": "condition", "table": table.name, "person": request.person,
                            "words": list(request.words), "clear": request.clear,
                            "before": {key: value for key, value in before.items() if key != "damage"}, "now": now,
                            "out": people.out_of_the_fight(ruleset, table, request.person)})


def _words(ruleset: Ruleset) -> list[str]:
    return [*FLAGS[:4], *ruleset.people["fatigue"], *FLAGS[4:]]


def _apply(ruleset: Ruleset, table: Table, person: str, held: Conditions, word: str, clear: bool) -> None:
    name, equals, value = word.partition("=")
    extra = people.is_extra(ruleset, table, person)
    if equals:
        _count(ruleset, table, person, held, name, value, extra, clear)
        return
    levels = ruleset.people["fatigue"]
    if name in levels:
        held.fatigue = 0 if clear else levels.index(name) + 1
    elif name == "shaken":
        if extra:
            standing = people.members(table, person) - held.down
            held.shaken_members = 0 if clear else min(standing, held.shaken_members + 1)
        else:
            held.fear = "" if clear else SHAKEN
    elif name == "stunned":
        held.stunned = not clear
        if not clear:
            held.distracted = max(held.distracted, lasting(table, person))
    elif name in ("distracted", "vulnerable"):
        setattr(held, name, 0 if clear else max(getattr(held, name), lasting(table, person)))
    elif name in ("incapacitated", "bleeding-out", "dead"):
        if extra:
            held.down = 0 if clear else people.members(table, person)
        else:
            held.incapacitated = "" if clear else {"incapacitated": STABLE, "bleeding-out": BLEEDING_OUT,
                                                   "dead": DEAD}[name]
    else:
        from dealer.errors import did_you_mean

        hint = did_you_mean(name, _words(ruleset) + [f"{count}=N" for count in COUNTS])
        raise PersonError(f"'{name}' is not a condition of {ruleset.name}" + (f": {hint}" if hint else
                          f" (conditions: {', '.join(_words(ruleset))}; counts: wounds=N, fatigue=N)"))


def _count(ruleset: Ruleset, table: Table, person: str, held: Conditions, name: str, value: str, extra: bool,
           clear: bool) -> None:
    """``wounds=N``, ``fatigue=N``; a group of Extras' ``shaken=N`` and ``down=N``."""
    allowed = ("shaken", "down") if extra else ("wounds", "fatigue")
    if name not in allowed:
        raise PersonError(f"{name}=N: {person} " + ("is a group of Extras: give shaken=N or down=N" if extra else
                                                    "counts wounds=N and fatigue=N"))
    if clear or not value.isdecimal() or len(value) > 3:
        raise PersonError(f"{name}={value}: give a whole number, without --clear (e.g. {name}=1)")
    number = int(value)
    if name == "wounds":
        limit = people.max_wounds(ruleset, table, person)
        held.wounds = min(number, limit)
        if number > limit and not held.incapacitated:
            held.incapacitated = STABLE
    elif name == "fatigue":
        levels = len(ruleset.people["fatigue"])
        held.fatigue = min(number, levels)
        if number > levels and not held.incapacitated:
            held.incapacitated = STABLE
    elif name == "down":
        held.down = min(number, people.members(table, person))
    else:
        held.shaken_members = min(number, people.members(table, person) - held.down)
