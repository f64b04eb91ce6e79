"""How a trait roll is asked for: dice to roll, a total already rolled, or a bust.

Every mechanic that rolls (Quickness for ``action``, hexslingin' for ``hex``, Cognition and
Guts for surprise, an interrupt) accepts what a real table already has: physical dice give a
total, or the word ``bust``.

>>> import random
>>> spec = RollSpec.parse("16", (4, 6, 8, 10, 12, 20))
>>> roll = spec.roll(random.Random(1), 5, {"raise_step": 5, "bust": "majority", "max_chain": 100})
>>> roll.total, roll.raises
(16, 2)
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, NamedTuple

from dealer.core.dice import given_roll, parse_dice, roll_options, trait_roll

if TYPE_CHECKING:
    from collections.abc import Sequence

    from dealer.core.dice import TraitRoll


class RollSpec(NamedTuple):
    """Dice to roll (``3d6``: ``dice`` is count, sides, modifier), a total already rolled (``16``)
    or ``bust``."""

    text: str
    dice: tuple[int, int, int] | None = None
    total: int | None = None
    bust: bool = False

    @classmethod
    def parse(cls, text: object, sides: Sequence[int]) -> RollSpec:
        text = str(text).strip()
        if text.lower() == "bust":
            return cls(text, bust=True)
        digits = text[1:] if text.startswith("-") else text
        if digits.isdecimal() and len(digits) <= 9:  # a total already rolled (no regex: start-up)
            return cls(text, total=int(text))
        return cls(text, dice=parse_dice(text, sides, one_die=True))

    @classmethod
    def of(cls, text: object, sides: Sequence[int]) -> RollSpec | None:
        """``parse``, or None for no text (a trait not given)."""
        return None if text is None or str(text).strip() == "" else cls.parse(text, sides)

    def roll(self, rng: random.Random, tn: int, dice_rules: dict, *, extra: bool = False,
             joker: bool = False, modifier: int = 0) -> TraitRoll:
        """Roll it against ``tn``. In a game with a Wild Die, one trait die is a Wild Card's roll with
        the Wild Die beside it, or an ``extra``'s without, and ``joker`` adds the Joker's bonus
        (``dice.roll_options``); ``modifier`` (a person's conditions) is added to dice rolled, not to a
        total already rolled."""
        if self.bust:
            return given_roll(0, tn=tn, raise_step=dice_rules["raise_step"], bust=True)
        if self.total is not None:
            return given_roll(self.total, tn=tn, raise_step=dice_rules["raise_step"])
        count, sides, typed = self.dice
        wild = bool(dice_rules.get("wild_die")) and count == 1
        options = roll_options(dice_rules, tn=tn, extra=extra and wild, joker=joker and wild, dice=count)
        options["modifier"] += typed + modifier
        return trait_roll(count, sides, rng, **options)
