"""Damage rolls: every die aces and the dice are added (no Wild Die, no bust); and their exact odds.

A damage roll is a sum of dice terms and modifiers (``2d6+d8+1``). Each die that shows its
maximum rolls again and adds, as in a trait roll (up to ``max_chain`` rolls); every die
counts, none is kept apart. A raise on the attack adds the ruleset's bonus die
(``raise_die``), a Joker its bonus. Against a number (a Toughness, ``--vs``) the total
succeeds when it reaches it, with one raise per full ``step`` over it when the ruleset counts
them (Savage Worlds: reaching it shakes, each raise is a wound).

>>> from dealer.core.dice import Scripted
>>> spec = parse_damage("2d6+d8+1")
>>> spec.notation, spec.terms, spec.modifier
('2d6+1d8+1', ((2, 6), (1, 8)), 1)
>>> roll = damage_roll(spec, Scripted([6, 2, 5, 3]), vs=7, step=4)
>>> [die.chain for die in roll.dice], roll.total, roll.success, roll.raises
([[6, 3], [2], [5]], 17, True, 2)
>>> odds = damage_odds(parse_damage("1d6"), vs=4, step=4)
>>> round(odds.success, 12), dict(odds.totals)[7]
(0.5, 0.027777777777777776)
"""

from __future__ import annotations

import math

from dealer.core.dice import MAX_DICE, MAX_MODIFIER, SIDES, TAIL, DiceUsageError, _roller, ace_chains, joker_bonus
from dealer.errors import DiceError, shown

from typing import TYPE_CHECKING
if TYPE_CHECKING:
    import random

    from dealer.core.dice import Scripted

MAX_TEXT = 200  # characters of a damage expression


class DamageSpec:
    """What to roll: dice terms ``(count, sides)`` in the order typed, and the modifier."""

    __slots__ = ("terms", "modifier")

    def __init__(self, terms, modifier=0):
        self.terms = tuple(terms)
        self.modifier = modifier

    @property
    def notation(self) -> str:
        dice = "+".join(f"{count}d{sides}" for count, sides in self.terms)
        return dice + (f"{self.modifier:+d}" if self.modifier else "")

    @property
    def die_sides(self) -> list[int]:
        """Each die's sides, in rolling order."""
        return [sides for count, sides in self.terms for _ in range(count)]

    def with_bonus(self, raise_die: int = 0, joker: int = 0) -> "DamageSpec":
        """The spec with a raise's bonus die appended and a Joker's bonus in the modifier."""
        terms = self.terms + (((1, raise_die),) if raise_die else ())
        return DamageSpec(terms, self.modifier + joker)


def _term(part, sides, text):
    """One term: ``NdX``, ``dX`` (one die) or a whole number; ``(count, sides)`` or an int."""
    part = part.strip()
    if part.isdecimal() and len(part) <= 12:
        return int(part)
    number, d, size = part.lower().partition("d")
    number, size = number.strip(), size.strip()
    if not d or not size.isdecimal() or len(size) > 12 or not (number == "" or number.isdecimal() and len(number) <= 12):
        raise DiceError(f"cannot read damage '{shown(text)}': write dice and modifiers joined by + "
                        f"(e.g. 2d6+d8+1 or 3d6-1; dice: {', '.join(f'd{s}' for s in sides)})")
    count, size = int(number or 1), int(size)
    if count < 1:
        raise DiceError(f"damage '{shown(text)}': roll at least one die of a term, e.g. 1d{size}")
    if size not in sides:
        raise DiceError(f"damage '{shown(text)}': no d{size} in this game; the dice are "
                        f"{', '.join(f'd{s}' for s in sides)}")
    return count, size


def parse_damage(text: str, sides: tuple[int, ...] | list[int] = SIDES) -> DamageSpec:
    """``"2d6+d8+1"``: dice terms and whole numbers joined by ``+``; a number may be subtracted,
    a die may not (damage adds its dice)."""
    text = text or ""
    if len(text) > MAX_TEXT:
        raise DiceError(f"damage '{shown(text)}': at most {MAX_TEXT} characters")
    terms, modifier = [], 0
    sign, start = 1, 0
    parts = []
    for i, char in enumerate(text + "+"):
        if char in "+-":
            parts.append((sign, text[start:i]))
            sign, start = (1 if char == "+" else -1), i + 1
    for sign, part in parts:
        if not part.strip():
            raise DiceError(f"cannot read damage '{shown(text)}': a + or - with nothing beside it; "
                            "write e.g. 2d6+d8+1")
        term = _term(part, sides, text)
        if isinstance(term, int):
            modifier += sign * term
        elif sign < 0:
            raise DiceError(f"damage '{shown(text)}': dice are added, never subtracted; only a number may "
                            "follow a minus, e.g. 2d6-1")
        else:
            terms.append(term)
    if not terms:
        raise DiceError(f"damage '{shown(text)}': roll at least one die, e.g. 2d6+1")
    if sum(count for count, _ in terms) > MAX_DICE:
        raise DiceError(f"damage '{shown(text)}': at most {MAX_DICE} dice in one roll")
    if abs(modifier) > MAX_MODIFIER:
        raise DiceError(f"damage '{shown(text)}': the modifier may be at most {MAX_MODIFIER} either way")
    return DamageSpec(terms, modifier)


def damage_options(rules: dict, *, joker: bool = False, with_raise: bool = False, vs: int | None = None) -> dict:
    """The keyword arguments of ``damage_roll`` and ``damage_odds`` under a ruleset's ``[dice]``:
    a raise's bonus die (``raise_damage_die``), a Joker's bonus, the step per wound over ``vs``.

    >>> damage_options({"raise_damage_die": 6, "joker_bonus": 2, "damage_step": 4, "max_chain": 100},
    ...                joker=True, with_raise=True, vs=7)
    {'raise_die': 6, 'joker': 2, 'vs': 7, 'step': 4, 'max_chain': 100}
    """
    raise_die = rules.get("raise_damage_die", 0) if with_raise else 0
    if with_raise and not raise_die:
        raise DiceUsageError("--raise adds a bonus damage die, but this ruleset has none (dice.raise_damage_die): "
                             "drop --raise, or write the die into the damage (2d6+d8+d6)")
    return {"raise_die": raise_die, "joker": joker_bonus(rules) if joker else 0, "vs": vs,
            "step": rules.get("damage_step", 0), "max_chain": rules["max_chain"]}


def judge_damage(total: int, vs: int | None, step: int) -> tuple[bool | None, int | None]:
    """``(reached, raises)`` of a total against ``vs``: None without a number; raises None where
    the ruleset counts none (``step`` 0)."""
    if vs is None:
        return None, None
    if total < vs:
        return False, 0 if step else None
    return True, (total - vs) // step if step else None


class DamageRoll:
    """The result of one damage roll, as plain data (the shape ``core.results.roll_data`` reads).

    ``modifier`` includes the Joker's bonus (``joker``); ``raise_die`` is the index of the
    raise's bonus die in ``dice`` (None without one); ``tn`` is the number set against (a
    Toughness) or None; ``success`` and ``raises`` are None where they do not apply.
    """

    __slots__ = ("spec", "dice", "die_sides", "total", "tn", "success", "raises", "raise_die", "joker",
                 "capped")

    kind = "damage"

    def __init__(self, spec, dice, total, tn, success, raises, raise_die, joker, capped):
        self.spec = spec
        self.dice = dice
        self.die_sides = spec.die_sides
        self.total = total
        self.tn = tn
        self.success = success
        self.raises = raises
        self.raise_die = raise_die
        self.joker = joker
        self.capped = capped

    @property
    def notation(self) -> str:
        return self.spec.notation

    @property
    def count(self) -> int:
        return len(self.dice)

    @property
    def modifier(self) -> int:
        return self.spec.modifier


def damage_roll(spec: DamageSpec, rng: random.Random | Scripted, *, raise_die: int = 0, joker: int = 0,
                vs: int | None = None, step: int = 0, max_chain: int = 100) -> DamageRoll:
    """Roll every die of ``spec`` (and a raise's ``raise_die``): all first faces, then each
    ace's chain die by die; add them all and the modifier (with ``joker``)."""
    full = spec.with_bonus(raise_die, joker)
    rollers = {sides: _roller(rng, sides) for sides in set(full.die_sides)}
    rolls = [(sides, rollers[sides]) for sides in full.die_sides]
    first = [roller() for _, roller in rolls]
    dice, capped = ace_chains(rolls, first, max_chain)
    total = sum(die.total for die in dice) + full.modifier
    success, raises = judge_damage(total, vs, step)
    return DamageRoll(full, dice, total, vs, success, raises, len(dice) - 1 if raise_die else None, joker, capped)


# -- exact odds ------------------------------------------------------------------------------


class DamageOdds:
    """Exact odds of a damage roll.

    ``totals`` lists ``(total, probability)`` for every total up to the last one computed,
    the modifier included; ``cut`` is the probability of a total beyond it (below ``TAIL``):
    every figure is exact up to floating-point rounding, and ``cut`` is all that is left out.
    Against ``vs``: ``failure`` (below it), ``success`` (reaching it), ``raises[k]`` (exactly k
    raises, when the ruleset counts them; None otherwise); all None without ``vs``.
    """

    __slots__ = ("spec", "tn", "step", "totals", "cut", "failure", "success", "raises", "mean", "raise_die",
                 "joker")

    def __init__(self, **fields):
        for name, value in fields.items():
            setattr(self, name, value)


def _add_die(dist, sides, max_chain):
    """The distribution of (the sum so far) + (one acing die), for totals up to len(dist) - 1.

    Totals above the last index are left out: they cannot come back down, since every die adds
    at least 1. The die's own law gives a recurrence: past its first X-1 faces it has aced
    once, and what follows is the same die again scaled by 1/X, so
    P'(t) = (P(t-1) + ... + P(t-X+1) + P'(t-X)) / X, O(top * X) a die. A chain cut at
    ``max_chain`` rolls ends on max_chain * X with the probability X^-max_chain that the
    uncapped die spreads over the totals above it: that correction is added where it reaches.
    """
    top = len(dist) - 1
    p = 1.0 / sides
    out = [0.0] * (top + 1)
    for t in range(1, top + 1):
        if t >= sides:
            out[t] = (sum(dist[t - sides + 1:t]) + out[t - sides]) * p
        else:
            out[t] = sum(dist[:t]) * p
    cap = max_chain * sides
    if cap <= top:
        q = p ** max_chain
        uncapped = out[:]
        for t in range(cap, top + 1):
            out[t] = uncapped[t] - q * uncapped[t - cap] + q * dist[t - cap]
    return out


def _acing_moments(sides):
    """Mean and variance of one acing die (no cap): X * aces + a face of 1 .. X-1."""
    aces_mean = 1 / (sides - 1)
    aces_var = sides / (sides - 1) ** 2
    face_mean, face_var = sides / 2, ((sides - 1) ** 2 - 1) / 12
    return sides * aces_mean + face_mean, sides * sides * aces_var + face_var


def damage_odds(spec: DamageSpec, *, raise_die: int = 0, joker: int = 0, vs: int | None = None, step: int = 0,
                max_chain: int = 100) -> DamageOdds:
    """Exact odds of ``damage_roll`` with the same arguments (see ``DamageOdds``).

    The dice's sum is built die by die up to a last total, which grows until less than
    ``TAIL`` of the probability lies beyond it.
    """
    full = spec.with_bonus(raise_die, joker)
    sides = full.die_sides
    moments = [_acing_moments(s) for s in sides]
    mean = sum(m for m, _ in moments)
    spread = math.sqrt(sum(v for _, v in moments))
    top = int(mean + 8 * spread) + 2 * max(sides)
    while True:
        dist = [1.0] + [0.0] * top
        for s in sides:
            dist = _add_die(dist, s, max_chain)
        kept = math.fsum(dist)
        cut = max(0.0, 1.0 - kept)
        if cut < TAIL or top >= max_chain * sum(sides):
            break
        top *= 2
    totals = [(t + full.modifier, p) for t, p in enumerate(dist) if p]
    failure = success = raises = None
    if vs is not None:
        failure = math.fsum(p for t, p in totals if t < vs)
        success = math.fsum(p for t, p in totals if t >= vs)
        if step:
            counts = {}
            for t, p in totals:
                if t >= vs:
                    counts.setdefault((t - vs) // step, []).append(p)
            raises = [math.fsum(counts.get(k, [])) for k in range(max(counts, default=-1) + 1)]
    return DamageOdds(spec=full, tn=vs, step=step, totals=totals, cut=cut, failure=failure, success=success,
                      raises=raises, mean=math.fsum(t * p for t, p in totals), raise_die=len(sides) - 1 if raise_die else None,
                      joker=joker)

