"""Casting by poker hand: Deadlands hucksters (seed 000) and poker-hands spellcasters (seed 003).

The ruleset's ``[hex] style`` chooses the rules, and each has its own request (``cast_request``
builds the right one and refuses the other style's options):

Style ``huckster`` (``HuckRequest``): a hexslingin' roll against TN 5 (dice, a total, or from
the caster's roster: hexslingin' level dice of the hex's Trait). A bust draws nothing and
backlashes; a failure draws nothing; a success draws 5 cards, one more per raise, from the
caster's own deck, plays the best five with both Jokers wild, and works if that meets the
hex's minimum. Backlash: a Black Joker always; a Red Joker while the hex's level is below 3;
a bust. Severity rises: one Joker < bust < both Jokers. A hex of Speed 2 or more cast in a
combat on a table is begun on an action card and cast on its last (``long_actions``).

Style ``spell`` (``SpellRequest``): the one skill draw (``skill_draw``, purpose ``spell``):
5 + skill + modifiers, at most ten, the caster's conditions (winded), chips played first;
Jokers are dead, the Red Joker's holder draws a chip, a Joker with less than a pair is a bust.
At least a pair (or the target) succeeds. A huckster's Joker backlashes; the faithful's Red
Joker is a surge of power and their Black Joker asks for a chip.

On a table the caster's deck is kept and reshuffled by the policy (``after-hex``,
``when-low``, ``manual``), casts are counted towards winded (``conditions``), and the spell's
hand is remembered so a chip can change it later.

Velvet's soul blast from seed 000:

>>> from dealer.store.rulesets import load
>>> from dealer.core.table import Table
>>> import random
>>> deadlands = load("deadlands")
>>> request = cast_request(deadlands, {"name": "soul blast", "total": 18, "level": 4,
...                                    "cards": "8s 8h 8d Kc 5d 3s RJ"})
>>> cast = resolve(deadlands, request, Table.fresh(deadlands), random.Random(1))
>>> cast.cards_allowed, cast.hand.rank.name, cast.success, cast.backlash["severity"]
(7, 'Four of a Kind', True, 0)
"""

from __future__ import annotations

import importlib
import random

from dealer.core.mechanics.hex.common import HexError
from dealer.core.table import Table
from dealer.errors import did_you_mean, usage

from typing import TYPE_CHECKING
if TYPE_CHECKING:
    from dealer.core.mechanics.hex.huckster import HuckRequest, HuckResult
    from dealer.core.mechanics.hex.spells import SpellRequest, SpellResult
    from dealer.core.rules import Ruleset

# Each style's request: the options of ``dealer hex`` it reads.
STYLES = {"huckster": "dealer.core.mechanics.hex.huckster:HuckRequest",
          "spell": "dealer.core.mechanics.hex.spells:SpellRequest"}


def _request_type(style: str) -> type:
    module, _, name = STYLES[style].partition(":")
    return getattr(importlib.import_module(module), name)


def cast_request(ruleset: Ruleset, options: dict) -> HuckRequest | SpellRequest:
    """``dealer hex``'s options as the request of this ruleset's style; an option of the other
    style, given, is refused with what to do."""
    ruleset.require("hex")
    style = ruleset.hex["style"]
    kind = _request_type(style)
    foreign = [name for name, value in options.items() if name not in kind._fields and value not in (None, False, ())]
    other = _request_type("spell" if style == "huckster" else "huckster") if foreign else kind  # imported if need be
    for name in foreign:
        if name in other._fields and name != "minimum":
            flag = "--" + {"dice": "roll", "mods": "mod", "minimum": "min"}.get(name, name).replace("_", "-")
            game = "poker-hands spells" if style == "huckster" else "huckster hexes (Deadlands)"
            how = "by a hexslingin' roll" if style == "huckster" else "by skill"
            raise HexError(f"{flag} is for {game}; {ruleset.name} casts {how}")
    if style == "spell" and options.get("minimum"):
        if options.get("target") and options["target"] != options["minimum"]:
            raise usage(HexError("--min and --target name one hand (--target is its old name): give one"))
        options = {**options, "target": options["minimum"]}  # --min names the spell's target too
    return kind(**{name: options[name] for name in kind._fields if name in options})


def resolve(ruleset: Ruleset, request: HuckRequest | SpellRequest, table: Table,
            rng: random.Random) -> HuckResult | SpellResult:
    """Cast: a huckster's hex or a poker-hands spell, by the ruleset's style (``cast_request``
    made the request of that style)."""
    ruleset.require("hex")
    _check_caster(table, request.caster)
    if ruleset.hex["style"] == "huckster":
        from dealer.core.mechanics.hex.huckster import resolve_huckster

        return resolve_huckster(ruleset, request, table, rng)
    from dealer.core.mechanics.hex.spells import resolve_spell

    return resolve_spell(ruleset, request, table, rng)


def _check_caster(table: Table, caster: str | None) -> None:
    """A ``--caster`` off the table's roster but close to a name on it is a typo: refused with the
    name meant (one off the roster, given the roll or skill, still casts from their own deck)."""
    if caster and table.persistent and caster not in table.roster:
        meant = did_you_mean(caster, table.roster)
        if meant:
            raise HexError(f"{caster} is not on the roster of table '{table.name}' ({meant})")
