"""Roster traits: which ones a ruleset's mechanics read, and what each must hold.

Checked when a person joins or changes (``table add``/``set``) and when a table is
imported, so a bad value is reported naming the person, not later in the middle of a round.

>>> from dealer.store.rulesets import load
>>> sorted(trait_kinds(load("poker-hands")).items())  # doctest: +NORMALIZE_WHITESPACE
[('advantages', 'text'), ('combat', 'level'), ('disadvantages', 'text'), ('faithful', 'flag'),
 ('favors', 'text'), ('guardian-spirit', 'level'), ('huckster', 'flag'), ('knacks', 'text'),
 ('mad-science', 'level'), ('master', 'level'), ('miracles', 'text'), ('rituals', 'skills'),
 ('spells', 'text'), ('stunts', 'text'), ('turn-order', 'text')]
>>> check_traits(load("deadlands"), "Zed", {"quickness": "3d6", "soul-blast": 4})
{'quickness': '3d6', 'soul-blast': 4}
"""

from __future__ import annotations

import importlib
import re

from dealer.core.numbers import MAX_LEVEL, MAX_SKILL
from dealer.core.ranks import slug
from dealer.errors import DealerError, DiceError, TableError, printable

from typing import TYPE_CHECKING
if TYPE_CHECKING:
    from typing import Any

    from dealer.core.rules import Ruleset

# No '=', ':' or ',' (they split NAME=VALUE words), and no control characters or bidirectional
# overrides: a name is printed, and must not drive the terminal.
_UNSAFE = "\x00-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069"
PERSON = re.compile(f"[^\\s=:,{_UNSAFE}][^=:,{_UNSAFE}]{{0,63}}")


class TraitError(DealerError):
    """A trait value of the wrong kind, or a name no mechanic reads: a usage error."""

    exit_code = 2


def person_name(name: str) -> str:
    name = name.strip()
    if not PERSON.fullmatch(name):
        raise TableError(f"'{printable(name)}' is not a usable name: up to 64 characters, without '=', ':', ',' "
                         "or control characters")
    return name


# What each trait the mechanics read must hold.
_KIND_HELP = {
    "roll": "dice (3d6), a total already rolled (16) or bust",
    "dice": "dice, e.g. 3d10",
    "die": "one trait die, e.g. d8 (d12+1 above d12)",
    "level": "a whole number from 0 to 100, e.g. 4",
    "modifier": "a whole number from -100 to 100, e.g. 2 or -1",
    "flag": "yes or no",
    "text": "text",
    "skills": f"skills with levels from 0 to {MAX_SKILL}, e.g. paint:2, tobacco:3",
}
_FLAGS = {"yes": True, "true": True, "on": True, "1": True, "no": False, "false": False, "off": False, "0": False}


def trait_kinds(ruleset: Ruleset) -> dict[str, str]:
    """The roster traits the ruleset's mechanics read, each with the kind of value it takes.

    ``action`` reads quickness, the surprise trait (cognition, notice) and guts (or, for a
    hands-style game, the turn-order skill, combat, and the advantages marked ``turn-order``); a huckster's ``hex`` reads hexslinging, the Trait of each hex (spirit,
    deftness, ...) and a level under each hex's name; a poker-hands spell reads each spell's
    level, master and huckster.
    """
    kinds = {}
    action = ruleset.action
    if action.get("style") == "hands":
        if action.get("turn_order_skill"):
            kinds[action["turn_order_skill"]] = "level"  # a skill, priced as one (seed 003's "5 cards modified by skills")
        kinds["turn-order"] = "text"  # the advantages a sheet marks as applying to turn order
    elif action.get("deal") == "one":
        kinds[action["interrupt_trait"]] = "roll"
        for edge in action["draw_edges"].values():  # edges = "level headed, quick": other Edges are kept too
            kinds[edge["trait"]] = "text"
    else:
        kinds.update(quickness="roll", guts="roll")
        kinds.setdefault(action["interrupt_trait"], "roll")
    if action.get("style") == "countdown" and action.get("surprise_trait"):
        kinds.setdefault(action["surprise_trait"], "roll")
    if ruleset.dice.get("wild_die"):
        kinds["extra"] = "flag"  # an Extra (or a group of them): no Wild Die, no chips
    people = ruleset.people
    for name in people["attributes"] + people["skills"]:
        kinds.setdefault(name, "die" if ruleset.dice.get("wild_die") else "dice")
    for key in ("edges", "hindrances"):
        if people[key]:
            kinds.setdefault(key, "text")
    if people["wild_card_wounds"]:  # damage aimed at a person reads Toughness; a group of Extras counts its members
        kinds.update(armor="level", toughness="level", count="level")
    plays_hex = "hex" in ruleset.document["mechanics"]
    catalogue = (ruleset.hex.get("catalogue") or []) if plays_hex else []
    style = ruleset.hex.get("style") if plays_hex else None
    if style == "huckster":
        kinds["hexslinging"] = "level"
        for entry in catalogue:
            if entry.get("trait"):
                kinds.setdefault(slug(entry["trait"]), "dice")
    elif style == "spell":
        kinds.update(master="level", huckster="flag", faithful="flag", miracles="text")
    for entry in catalogue:
        kinds.setdefault(slug(entry["name"]), "level")
    if ruleset.document["characters"]["points"]:  # a character sheet's priced lists and spells
        from dealer.core.characters import PRICED_LISTS, REFUNDS

        kinds.update(dict.fromkeys(PRICED_LISTS + REFUNDS + ("spells",), "text"))
    for mechanic in ("conflict", "chips", "gadget"):  # each says what it reads
        if mechanic in ruleset.document["mechanics"]:
            module = importlib.import_module(f"dealer.core.mechanics.{mechanic}")
            for key, kind in module.trait_kinds(ruleset).items():
                kinds.setdefault(key, kind)
    return kinds


def skill_levels(text: str) -> dict[str, int] | None:
    """A list of skills with levels (a shaman's ``rituals``: ``"paint:2, tobacco:3"``) by their
    slugged names, or None when it is not NAME:LEVEL items with levels from 0 to ``MAX_SKILL``.

    >>> skill_levels("Paint:2, tobacco:3"), skill_levels("paint:99999999999999999999"), skill_levels("paint")
    ({'paint': 2, 'tobacco': 3}, None, None)
    """
    levels = {}
    for item in text.split(","):
        name, colon, level = item.partition(":")
        level = level.strip()
        if not (name.strip() and colon and re.fullmatch("[0-9]{1,2}", level) and int(level) <= MAX_SKILL):
            return None
        levels[slug(name)] = int(level)
    return levels


def check_traits(ruleset: Ruleset, person: str, traits: dict[str, Any], free: bool = False) -> dict[str, Any]:
    """Check ``traits`` (as parsed) against what the ruleset's mechanics read; return them with
    flags as booleans. Every problem is reported at once, naming the person."""
    import difflib

    from dealer.core.dice import parse_dice

    kinds = trait_kinds(ruleset)
    # In a game of skill contests (seed 003) any skill may be named: a whole number is a skill level.
    skills = "conflict" in ruleset.document["mechanics"] and ruleset.conflict["style"] == "contest"
    problems, checked = [], {}
    for key, value in traits.items():
        kind = kinds.get(key)
        if kind is None and skills and isinstance(value, int) and not isinstance(value, bool):
            kind = "level"
        if value is None or (kind is None and free):
            checked[key] = value
            continue
        if kind is None:
            close = difflib.get_close_matches(key, list(kinds), n=1, cutoff=0.6)
            hint = f"did you mean '{close[0]}'? " if close else f"it reads {', '.join(kinds)}; "
            problems.append(f"'{key}' is not a trait {ruleset.name} reads ({hint}add --trait-free to keep a "
                            "house trait)")
            continue
        text = str(value).strip()
        ok = True
        if kind == "text":
            pass
        elif kind == "skills":
            ok = skill_levels(text) is not None
        elif kind == "flag":
            ok = text.lower() in _FLAGS
            value = _FLAGS.get(text.lower(), value)
        elif kind in ("level", "modifier"):  # bounded: a level feeds card counts and loops
            ok = isinstance(value, int) and not isinstance(value, bool) and (
                0 <= value <= MAX_LEVEL if kind == "level" else -MAX_LEVEL <= value <= MAX_LEVEL)
        elif not (kind == "roll" and (text.lower() == "bust" or isinstance(value, int))):
            try:
                ok = parse_dice(text, ruleset.dice["sides"], one_die=True)[0] == 1 or kind != "die"
            except DiceError:
                ok = False
        if not ok:
            problems.append(f"{key}={text} is not {_KIND_HELP[kind]}")
        elif kind == "text" and not free:
            problems.extend(unknown_abilities(ruleset, key, value))
        checked[key] = value
    if problems:
        raise TraitError(f"{person}: " + "; ".join(problems))
    return checked


def abilities(ruleset: Ruleset, trait: str) -> list[str]:
    """The Edges (``trait`` ``edges``) or Hindrances (``hindrances``) the ruleset knows, as slugs: those that
    change the draw (``action.draw_edges``) and those of ``people``; empty where it keeps no list of them."""
    drawn = [name for name, edge in ruleset.action["draw_edges"].items() if edge["trait"] == trait]
    return list(dict.fromkeys(drawn + list(ruleset.people.get(trait, ()))))


def edge_names(text: object) -> tuple[str, ...]:
    """A roster list (``"Level Headed, Quick"``) as names to compare (``level-headed``)."""
    if text is None or text is True or text is False:
        return ()
    return tuple(slug(part) for part in str(text).replace("+", ",").split(",") if part.strip())


def unknown_abilities(ruleset: Ruleset, trait: str, value: object) -> list[str]:
    """``edges = "level headed, quik"``: a problem for each name the ruleset does not know, with the
    name meant, where it keeps a list of them (``people.edges``, ``people.hindrances``)."""
    from dealer.errors import did_you_mean

    known = abilities(ruleset, trait) if trait in ("edges", "hindrances") and ruleset.people[trait] else []
    what = "an Edge" if trait == "edges" else "a Hindrance"
    problems = []
    for name in edge_names(value) if known else ():
        if name not in known:
            hint = did_you_mean(name, known)
            problems.append(f"'{name}' is not {what} {ruleset.name} knows ({hint + ' ' if hint else ''}add "
                            "--trait-free to keep a house one)")
    return problems
