"""Characters and what they cost: creation budgets as ruleset data, character sheets as roster traits.

Seed 003: "You get 30 points to create your character": a skill costs the sum of the levels
bought (1, 3, 6, 10, 15), a spell 1 point a level and never above the master skill, advantages,
knacks, stunts and favors their listed cost (a price outside the seed's ranges is reported; a
knack listed without one costs 1), and a disadvantage gives its points back. Seed 001:
"Characters have 16 points to spend on scores, not 13", and "any character with a non-Zero Power
score must also have a Weird". ``[characters]`` in a ruleset says which budget applies; ``budget``
prices a roster entry's traits against it, naming every problem.

A roster entry keeps everything as traits: skills and spells as levels under their names
(``pistol=4``), the spells' names in ``spells``, and the priced lists as ``name:cost`` text
(``advantages = "quick:3, determined:3"``). ``sheet_traits`` reads a character sheet (a TOML
table) into those traits.

Bert Muskie, seed 003's first sample character, spends exactly his 30 points:

>>> from dealer.store.rulesets import load
>>> bert = {"pistol": 4, "fast-draw": 3, "riding": 2, "alertness": 2, "intimidate": 1,
...         "advantages": "quick:3, determined:3", "stunts": "road agent spin:1, shoot holes in cards:1",
...         "disadvantages": "grating voice:1"}
>>> priced = budget(load("poker-hands"), "Bert", bert)
>>> priced.spent, priced.points, priced.problems
(30, 30, [])
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple

from dealer.core.numbers import MAX_LEVEL, NumberError, parse_int
from dealer.core.ranks import slug
from dealer.errors import DealerError

if TYPE_CHECKING:
    from dealer.core.rules import Ruleset

PRICED_LISTS = ("advantages", "knacks", "stunts", "favors")  # bought at their listed cost
REFUNDS = ("disadvantages",)  # give their points back


class SheetError(DealerError):
    """A character sheet that does not read: an unknown section, a value of the wrong kind."""

    exit_code = 2


class Item(NamedTuple):
    """One thing bought (or given back) and its points."""

    kind: str
    name: str
    level: int | None
    points: int

    def to_data(self) -> dict:
        return dict(self._asdict())


class Budget(NamedTuple):
    """A character's points against the ruleset's budget, item by item, and what is wrong."""

    person: str
    points: int
    spent: int
    items: list[Item]
    problems: list[str]

    def to_data(self) -> dict:
        return {"person": self.person, "points": self.points, "spent": self.spent,
                "items": [item.to_data() for item in self.items], "problems": list(self.problems)}


def priced(text: object) -> list[tuple[str, int | None]]:
    """``"quick:3, determined:3"`` as ``[("quick", 3), ("determined", 3)]``; a name without a cost
    gives ``None`` (the budget then says the cost is missing)."""
    out = []
    for item in str(text or "").split(","):
        name, sep, cost = item.partition(":")
        if not name.strip():
            continue
        try:
            out.append((name.strip(), parse_int(cost, name.strip(), 0, MAX_LEVEL) if sep else None))
        except NumberError:
            out.append((name.strip(), None))
    return out


def names(text: object) -> list[str]:
    """The names of a ``name:cost`` (or plain ``name``) list."""
    return [name for name, _ in priced(text)]


def budget(ruleset: Ruleset, person: str, traits: dict) -> Budget | None:
    """What the character's traits cost under ``[characters]`` (None: the ruleset sets no budget)."""
    rules = ruleset.document["characters"]
    if rules["score_points"]:
        return _scores_budget(ruleset, person, traits, rules)
    if rules["points"]:
        return _points_budget(ruleset, person, traits, rules)
    return None


def _skill_cost(rules: dict, level: int) -> int:
    costs = rules["skill_costs"]
    if level <= len(costs):
        return costs[level - 1] if level > 0 else 0
    return costs[-1] + sum(range(len(costs) + 1, level + 1))  # "for adding one level, points equal to that level"


def _miracles_problems(ruleset: Ruleset, traits: dict, master: object) -> list[str]:
    """Seed 003: the faithful "automatically know a number of miracles equal to the level of their
    faith skill, and the miracle protection as a bonus. Unfortunately, they can't have any more"."""
    if not traits.get("faithful") or not isinstance(master, int) or isinstance(master, bool):
        return []
    bonus = {slug(name) for name in ruleset.hex["faithful_bonus"]}
    known = [name for name in names(traits.get("miracles")) if slug(name) not in bonus]
    if len(known) <= master:
        return []
    return [f"{len(known)} miracles known, but a faith (master) of {master} knows {master}"
            + (f" and {', '.join(sorted(bonus))}" if bonus else "")]


def _turn_order_problems(traits: dict) -> list[str]:
    """The advantages a sheet marks as applying to turn order (``turn-order``) must be the person's
    own: an advantage or a skill they have."""
    held = {slug(name) for name in names(traits.get("advantages"))} | {
        key for key, level in traits.items() if isinstance(level, int) and not isinstance(level, bool) and level > 0}
    return [f"turn-order marks '{name}', which is none of their advantages or skills"
            for name in names(traits.get("turn-order")) if slug(name) not in held]


def _points_budget(ruleset: Ruleset, person: str, traits: dict, rules: dict) -> Budget:
    """Seed 003's 30 points: skills by the level table, spells a point a level, lists at their cost."""
    spells = {slug(name) for name in names(traits.get("spells"))}
    master = traits.get("master")
    items, problems = [], []
    for key, value in traits.items():
        if key in rules["unpriced"] or isinstance(value, bool) or not isinstance(value, int):
            continue
        if key in spells:
            items.append(Item("spell", key, value, value * rules["spell_cost"]))
            if isinstance(master, int) and value > master:
                problems.append(f"spell {key} at level {value} is above the master skill, {master}")
        else:
            items.append(Item("skill", key, value, _skill_cost(rules, value)))
    for name, level in priced(traits.get("rituals")):
        items.append(Item("skill", f"ritual: {name}", level, _skill_cost(rules, level or 0)))
    for kind in PRICED_LISTS + REFUNDS:
        least_most, default = rules["price_ranges"][kind], rules["default_prices"][kind]
        for name, cost in priced(traits.get(kind)):
            cost = (default or None) if cost is None else cost
            if cost is None:
                problems.append(f"{kind[:-1]} '{name}' has no cost: write it as {name}:N")
                continue
            if least_most and not least_most[0] <= cost <= least_most[-1]:
                problems.append(f"{kind[:-1]} '{name}' {'gives' if kind in REFUNDS else 'costs'} {cost} points: "
                                f"{ruleset.name} prices {kind} from {least_most[0]} to {least_most[-1]}")
            items.append(Item(kind[:-1], name, None, -cost if kind in REFUNDS else cost))
    for name in spells - set(traits):
        problems.append(f"spell {name} has no level: add the trait {name}=N")
    problems.extend(_turn_order_problems(traits))
    problems.extend(_miracles_problems(ruleset, traits, master))
    spent = sum(item.points for item in items)
    if spent > rules["points"]:
        problems.append(f"{spent} points spent, {spent - rules['points']} over the {rules['points']} a character gets")
    return Budget(person, rules["points"], spent, items, problems)


def _scores_budget(ruleset: Ruleset, person: str, traits: dict, rules: dict) -> Budget:
    """Seed 001's Scores: their sum is the budget; a Power above zero needs a Weird."""
    from dealer.core.mechanics.conflict.common import score_names

    items, problems = [], []
    for score in score_names(ruleset):
        value = traits.get(score.lower())
        if isinstance(value, int) and not isinstance(value, bool):
            items.append(Item("score", score, value, value))
    spent = sum(item.points for item in items)
    if spent > rules["score_points"]:
        problems.append(f"Scores add up to {spent}, {spent - rules['score_points']} over the "
                        f"{rules['score_points']} a character gets")
    power = ruleset.conflict["power"]
    if power and rules["weird_for_power"] and (traits.get(power.lower()) or 0) > 0 and not traits.get("weird"):
        problems.append(f"a {power} of {traits[power.lower()]} needs a Weird: a phrase for how {person} meets magic "
                        "(--trait weird=\"...\")")
    return Budget(person, rules["score_points"], spent, items, problems)


# -- character sheets -------------------------------------------------------------------------


SHEET_SECTIONS = ("skills", "spells", "advantages", "knacks", "stunts", "favors", "disadvantages", "rituals",
                  "scores", "traits")


def sheet_traits(sheet: dict) -> tuple[str | None, str | None, dict]:
    """A character sheet (parsed TOML) as ``(name, side, traits)``: ``[skills]``, ``[spells]``,
    ``[rituals]`` and ``[scores]`` levels, ``[advantages]``, ``[knacks]``, ``[stunts]``,
    ``[favors]`` and ``[disadvantages]`` costs, ``miracles``, ``weird`` and ``turn_order`` (the
    advantages that apply to turn order), and ``[traits]`` for anything else the mechanics read
    (``master``, ``huckster``, ``quickness``...).

    >>> sheet_traits({"name": "Sally", "skills": {"Hexslinging": 4}, "spells": {"Soul Blast": 2},
    ...               "advantages": {"The Voice": 3}, "traits": {"master": 4, "huckster": True}})
    ('Sally', None, {'hexslinging': 4, 'soul-blast': 2, 'spells': 'Soul Blast', 'advantages': 'The Voice:3', 'master': 4, 'huckster': True})
    """
    if not isinstance(sheet, dict):
        raise SheetError("a character sheet is a TOML table")
    known = set(SHEET_SECTIONS) | {"name", "side", "miracles", "weird", "turn_order"}
    unknown = sorted(set(sheet) - known)
    if unknown:
        raise SheetError(f"unknown key {', '.join(map(repr, unknown))} in the sheet (known: {', '.join(sorted(known))})")
    traits: dict[str, Any] = {}
    for section in ("skills", "spells", "scores"):
        for name, level in _section(sheet, section).items():
            traits[slug(name)] = _level(section, name, level)
    if _section(sheet, "spells"):
        traits["spells"] = ", ".join(_section(sheet, "spells"))
    if _section(sheet, "rituals"):
        traits["rituals"] = ", ".join(f"{name}:{_level('rituals', name, level)}"
                                      for name, level in _section(sheet, "rituals").items())
    for section in PRICED_LISTS + REFUNDS:
        entries = _section(sheet, section)
        if entries:
            traits[section] = ", ".join(f"{name}:{_level(section, name, cost)}" for name, cost in entries.items())
    for key in ("miracles", "weird", "turn_order"):
        if key in sheet:
            value = sheet[key]
            traits[slug(key)] = ", ".join(map(str, value)) if isinstance(value, list) else str(value)
    for key, value in _section(sheet, "traits").items():
        traits[slug(key)] = value
    name, side = sheet.get("name"), sheet.get("side")
    if name is not None and not isinstance(name, str) or side is not None and not isinstance(side, str):
        raise SheetError("name and side are text")
    return name, side, traits


def _section(sheet: dict, name: str) -> dict:
    section = sheet.get(name, {})
    if not isinstance(section, dict):
        raise SheetError(f"[{name}] is a table of name = number")
    return section


def _level(section: str, name: str, value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_LEVEL:
        raise SheetError(f"[{section}] {name}: {value!r} is not a whole number from 0 to {MAX_LEVEL}")
    return value
