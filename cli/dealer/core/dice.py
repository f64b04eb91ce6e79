"""Trait rolls: exploding dice ("aces"), the kept die, bust and raises; and their exact odds.

Roll N dice of X sides. A die that shows X aces: roll it again and add, for as long as it
keeps acing (up to ``max_chain`` rolls). Keep the single highest die total, add the
modifier. Bust when more than half of the dice show 1 on their first roll (or half or
more, by the ruleset); a bust stands whatever the highest die says. Against a TN: a
success when the total reaches it, one raise per full ``raise_step`` points over it.

Velvet Van Helter's roll from seed 000, with the die faces injected:

>>> roll = trait_roll(5, 10, Scripted([3, 7, 10, 10, 4, 6, 8]))
>>> [die.chain for die in roll.dice], roll.total, roll.success, roll.raises, roll.bust
([[3], [7], [10, 6], [10, 8], [4]], 18, True, 2, False)
>>> parse_dice("3d8+2")
(3, 8, 2)
>>> odds = trait_roll_odds(1, 6, tn=5)
>>> round(odds.bust, 6), round(sum(p for t, p in odds.totals if t >= 7), 6)
(0.166667, 0.166667)
"""

from __future__ import annotations

import math
import random

from dealer.errors import DiceError, shown

from typing import TYPE_CHECKING
if TYPE_CHECKING:
    from collections.abc import Callable, Iterable, Iterator, Sequence

SIDES = (4, 6, 8, 10, 12, 20)
MAX_DICE = 100  # dice in one roll
MAX_SIDES = 1000  # sides of a die a ruleset may list
MAX_MODIFIER = 10_000  # the modifier's size, either way
MAX_TN = 10_000  # a target number
TAIL = 1e-12  # exact odds stop where less than this much probability is left
NOISE = 1e-15  # below this a probability is floating-point rounding, not an outcome

def _dice_numbers(text):
    """``N d X [+-M]`` (spaces allowed between the parts, numbers of 1 to 12 digits) as three
    ints, or None. Read with str methods: compiling a regex costs start-up on every roll."""
    at = [i for i in (text.find("d"), text.find("D")) if i >= 0]
    if not at or len(text) > 60:
        return None
    count, rest = text[:min(at)], text[min(at) + 1:]
    sign = "+" if "+" in rest else "-" if "-" in rest else ""
    size, _, modifier = rest.partition(sign) if sign else (rest, "", "")
    numbers = [part.strip() for part in (count, size, modifier)]
    if not sign:
        numbers.pop()
    if not all(number.isdecimal() and len(number) <= 12 for number in numbers):
        return None
    count, size, modifier = (int(number) for number in numbers + ["0"][:3 - len(numbers)])
    return count, size, -modifier if sign == "-" else modifier


def parse_dice(text: str | None, sides: Sequence[int] = SIDES, *, one_die: bool = False) -> tuple[int, int, int]:
    """``"5d10"``, ``"3d8+2"``, ``"1d6-4"`` as ``(count, sides, modifier)``.

    ``one_die``: the count may be left out, as a single trait die is written (``d8`` is
    ``1d8``); the roll command reads its dice so in every ruleset.
    """
    numbers = _dice_numbers(text or "")
    if numbers is None and one_die and (text or "").lstrip()[:1] in ("d", "D"):
        numbers = _dice_numbers("1" + text.lstrip())
    allowed = ", ".join(f"d{s}" for s in sides)
    if not numbers:
        raise DiceError(f"cannot read dice '{shown(text)}': write NdX with an optional modifier, "
                        f"e.g. 5d10, 3d8+2 or 1d6-4 (dice: {allowed})")
    count, size, modifier = numbers
    if count < 1:
        raise DiceError(f"dice '{shown(text)}': roll at least one die, e.g. 1d{size}")
    if count > MAX_DICE:
        raise DiceError(f"dice '{shown(text)}': at most {MAX_DICE} dice in one roll")
    if size not in sides:
        raise DiceError(f"dice '{shown(text)}': no d{size} in this game; the dice are {allowed}")
    if abs(modifier) > MAX_MODIFIER:
        raise DiceError(f"dice '{shown(text)}': the modifier may be at most {MAX_MODIFIER} either way")
    return count, size, modifier


class Die:
    """One die's rolls: the first face, then every ace reroll (``[10, 8]`` is an ace, 18)."""

    __slots__ = ("chain", "capped")

    def __init__(self, chain: list[int], capped: bool = False):
        self.chain = chain
        self.capped = capped

    @property
    def total(self) -> int:
        return sum(self.chain)

    @property
    def first(self) -> int:
        return self.chain[0]


class TraitRoll:
    """The result of one trait roll, as plain data.

    In a game with a Wild Die (``wild_die`` set, or ``extra`` for an Extra who rolls none)
    ``die_sides`` gives each die's sides, ``wild`` the Wild Die's index in ``dice`` (None for
    an Extra), ``check`` the face of an Extra's Critical Failure check die (None if not
    rolled) and ``joker`` the Joker's bonus, already in ``modifier``. Elsewhere ``die_sides`` is
    None and the plain shape is kept.
    """

    __slots__ = ("count", "sides", "modifier", "tn", "dice", "kept", "total", "bust", "success", "raises",
                 "rule", "capped", "die_sides", "wild", "extra", "check", "joker")

    kind = "roll"

    def __init__(self, count, sides, modifier, tn, dice, kept, total, bust, success, raises, rule,
                 capped=False, die_sides=None, wild=None, extra=False, check=None, joker=0):
        self.die_sides = die_sides
        self.wild = wild
        self.extra = extra
        self.check = check
        self.joker = joker
        self.count = count
        self.sides = sides
        self.modifier = modifier
        self.tn = tn
        self.dice = dice
        self.kept = kept  # index of the kept die
        self.total = total
        self.bust = bust
        self.success = success
        self.raises = raises
        self.rule = rule
        self.capped = capped  # a die's ace chain hit the ruleset's cap

    @property
    def notation(self) -> str:
        mod = f"{self.modifier:+d}" if self.modifier else ""
        return f"{self.count}d{self.sides}{mod}"


def is_bust(ones: int, count: int, rule: str = "majority") -> bool:
    """Bust: more than half of the dice show 1 (``majority``), half or more (``half``), or
    ``never`` (an Extra whose ruleset gives Extras no Critical Failure)."""
    if rule == "majority":
        return 2 * ones > count
    return 2 * ones >= count if rule == "half" else False


def judge(total: int, tn: int, raise_step: int = 5) -> tuple[bool, int]:
    """``(success, raises)`` for a total against a TN."""
    if total < tn:
        return False, 0
    return True, (total - tn) // raise_step


def _roller(rng: random.Random | Scripted, sides: int) -> Callable[[], int]:
    """One die: ``rng.randint(1, sides)``. For a ``random.Random`` the same faces, drawn the way
    its ``randint`` draws them (bits, rejecting the too-large) without its layers of calls:
    bulk rolls are a hundred thousand a second. A test checks the faces are the same."""
    if not isinstance(rng, random.Random) or type(rng).random is not random.Random.random:
        randint = rng.randint
        return lambda: randint(1, sides)
    getrandbits = rng.getrandbits
    bits = sides.bit_length()

    def roll() -> int:
        r = getrandbits(bits)
        while r >= sides:
            r = getrandbits(bits)
        return r + 1

    return roll


def trait_roll(count: int, sides: int, rng: random.Random | Scripted, *, modifier: int = 0, tn: int = 5,
               raise_step: int = 5, bust: str = "majority", max_chain: int = 100, wild_die: int = 0,
               check_die: int = 0, extra: bool = False, joker: int = 0) -> TraitRoll:
    """Roll ``count`` dice of ``sides``: all first faces, then each ace's chain, die by die.

    ``wild_die``: a Wild Card's Wild Die of that many sides is rolled after the trait dice and
    counts like them (the highest total is kept); a bust then needs its first roll to show 1
    as well. ``check_die``: when the trait dice bust, a die of that many sides is rolled at
    the end and the bust stands only if it shows 1 (an Extra's Critical Failure). ``extra``
    marks an Extra's roll in a game with a Wild Die. ``joker`` is a bonus already counted in
    ``modifier``, recorded for the reader.
    """
    if wild_die or check_die or extra:
        return _wild_roll(rng, count, sides, modifier, tn, raise_step, bust, max_chain, wild_die, check_die,
                          extra, joker)
    return _roll(_roller(rng, sides), count, sides, modifier, tn, raise_step, bust, max_chain)


def seeded_rolls(seeds: Iterable[int], count: int, sides: int, *, modifier: int = 0, tn: int = 5,
                 raise_step: int = 5, bust: str = "majority", max_chain: int = 100) -> Iterator[TraitRoll]:
    """``trait_roll`` with ``random.Random(seed)`` for each seed in turn, made lazily and fast
    (one generator reseeded, as ``Random.seed`` does for an int without its Python layer)."""
    from _random import Random as Generator

    rng = random.Random()
    reseed = Generator.seed
    die = _roller(rng, sides)
    for seed in seeds:
        reseed(rng, seed)
        yield _roll(die, count, sides, modifier, tn, raise_step, bust, max_chain)


def _roll(die, count, sides, modifier, tn, raise_step, bust, max_chain):
    faces = [die() for _ in range(count)]
    capped = False
    if sides not in faces:  # no ace: each die's total is its face (the common, fast case)
        dice = [Die([face]) for face in faces]
        totals = faces
    else:
        dice, capped = ace_chains([(sides, die)] * count, faces, max_chain)
        totals = [sum(die.chain) for die in dice]
    kept = totals.index(max(totals))  # the first of the highest
    total = totals[kept] + modifier
    busted = is_bust(faces.count(1), count, bust)
    success, raises = (False, 0) if busted else judge(total, tn, raise_step)
    return TraitRoll(count, sides, modifier, tn, dice, kept, total, busted, success, raises, bust, capped)


def ace_chains(rolls: list[tuple[int, Callable[[], int]]], first: list[int],
               max_chain: int) -> tuple[list[Die], bool]:
    """Each die's chain from its first face, rerolled by its own roller while it aces.

    ``rolls[i]`` is ``(sides, roller)`` of die i; every first face is rolled before any reroll
    (``first``), so typed faces read "first rolls, then each ace's rerolls, die by die".
    Returns the Dice and whether a chain hit ``max_chain``.
    """
    dice, capped = [], False
    for (sides, roller), face in zip(rolls, first):
        chain = [face]
        while chain[-1] == sides and len(chain) < max_chain:
            chain.append(roller())
        last = face == sides and chain[-1] == sides
        capped = capped or last
        dice.append(Die(chain, last))
    return dice, capped


def _wild_roll(rng, count, sides, modifier, tn, raise_step, bust, max_chain, wild_die, check_die, extra, joker):
    trait = _roller(rng, sides)
    rolls = [(sides, trait)] * count
    if wild_die:
        rolls.append((wild_die, _roller(rng, wild_die)))
    first = [roller() for _, roller in rolls]
    dice, capped = ace_chains(rolls, first, max_chain)
    totals = [die.total for die in dice]
    kept = totals.index(max(totals))  # the first of the highest: the trait die on a tie
    total = totals[kept] + modifier
    busted = is_bust(first[:count].count(1), count, bust)
    check = None
    if wild_die:
        busted = busted and first[-1] == 1
    elif busted and check_die:
        check = _roller(rng, check_die)()
        busted = check == 1
    success, raises = (False, 0) if busted else judge(total, tn, raise_step)
    return TraitRoll(count, sides, modifier, tn, dice, kept, total, busted, success, raises, bust, capped,
                     die_sides=[s for s, _ in rolls], wild=count if wild_die else None, extra=extra, check=check,
                     joker=joker)


def given_roll(total: int, *, tn: int = 5, raise_step: int = 5, bust: bool = False) -> TraitRoll:
    """A roll made with physical dice: only its total (or the word bust) is known."""
    success, raises = (False, 0) if bust else judge(total, tn, raise_step)
    return TraitRoll(0, 0, 0, tn, [], None, total, bust, success, raises, "given")


def parse_faces(text: str) -> list[int]:
    """Die faces typed in: ``"3 7 10 10 4 6 8"`` (spaces, commas or '+')."""
    parts = text.replace(",", " ").replace("+", " ").split()
    if not parts or not all(part.isdigit() and len(part) <= 6 for part in parts):
        raise DiceError(f"cannot read die faces '{shown(text)}': list every face in order, first rolls then "
                        "each ace's rerolls, e.g. \"3 7 10 10 4 6 8\"")
    return [int(part) for part in parts]


class Scripted:
    """A stand-in for ``random.Random`` that returns scripted die faces, in order.

    For tests, and for entering the faces of physical dice.
    """

    def __init__(self, faces: Iterable[int]):
        self.faces = list(faces)

    def check_used(self) -> None:
        if self.faces:
            raise DiceError(f"{len(self.faces)} die face(s) left over ({shown(' '.join(map(str, self.faces)))}): "
                            "give the first roll of every die, then one reroll per ace")

    def randint(self, low: int, high: int) -> int:
        if not self.faces:
            raise DiceError("not enough die faces given for this roll (every ace needs another face)")
        face = self.faces.pop(0)
        if not low <= face <= high:
            raise DiceError(f"a die face of {face} is not on a d{high}")
        return face


# -- exact odds ------------------------------------------------------------------------------


class RollOdds:
    """Exact outcome probabilities of a trait roll.

    ``bust`` and ``failure`` are probabilities; ``raises[k]`` is the probability of a
    success with exactly k raises; ``totals`` lists ``(kept total, probability)`` over all
    rolls (bust or not), the modifier included; ``cut`` is the probability mass left out
    beyond the last total, below ``TAIL``.
    """

    __slots__ = ("count", "sides", "modifier", "tn", "raise_step", "rule", "bust", "failure", "raises",
                 "totals", "cut", "wild_die", "check_die", "extra", "joker")

    def __init__(self, **fields):
        self.wild_die = self.check_die = self.joker = 0
        self.extra = False
        for name, value in fields.items():
            setattr(self, name, value)

    @property
    def success(self) -> float:
        return sum(self.raises)


def _die_cdf(sides: int, max_chain: int) -> Callable[[int], float]:
    """F(t) = P(one die's total <= t), as a function, for an acing die."""
    p = 1.0 / sides

    def cdf(t: int) -> float:
        if t < 1:
            return 0.0
        aces, face = divmod(t, sides)
        if aces >= max_chain:
            return 1.0
        # Totals below aces*sides + 1 are all reached with fewer aces; then this level's faces.
        below = 1.0 - p ** aces  # P(fewer than `aces` aces)
        return below + p ** aces * p * min(face, sides - 1)

    return cdf


def trait_roll_odds(count: int, sides: int, *, modifier: int = 0, tn: int = 5, raise_step: int = 5,
                    bust: str = "majority", max_chain: int = 100, wild_die: int = 0, check_die: int = 0,
                    extra: bool = False, joker: int = 0) -> RollOdds:
    """Exact odds of ``trait_roll`` with the same arguments (see ``RollOdds``).

    The kept total is at most t when every die is: with a Wild Die, P = F(t)^count * W(t).
    A bust is the trait dice's bust together with an independent event of probability ``q``
    (the Wild Die's first roll, or the check die, showing 1), so
    P(not bust, kept <= t) = P(kept <= t) - P(trait dice bust, all <= t) * P(that event, <= t).
    """
    if wild_die or check_die or extra:
        return _wild_odds(count, sides, modifier, tn, raise_step, bust, max_chain, wild_die, check_die, extra, joker)
    p_one = 1.0 / sides
    cdf = _die_cdf(sides, max_chain)
    allowed_ones = [j for j in range(count + 1) if not is_bust(j, count, bust)]
    weights = [(math.comb(count, j) * p_one ** j, count - j) for j in allowed_ones]

    def not_bust_at_most(t: int) -> float:
        """P(not bust and every die total <= t)."""
        other = max(cdf(t) - p_one, 0.0)
        return sum(weight * other ** rest for weight, rest in weights)

    highest = sides * max_chain  # no die total goes beyond: past it nothing changes
    p_bust = 1.0 - not_bust_at_most(highest)
    totals, failure, raises, cut = _walk_totals(lambda t: cdf(t) ** count, not_bust_at_most, modifier, tn,
                                                raise_step, highest)
    return RollOdds(count=count, sides=sides, modifier=modifier, tn=tn, raise_step=raise_step, rule=bust,
                    bust=p_bust, failure=failure, raises=raises, totals=totals, cut=cut)


def wild_die_save(count: int, sides: int, *, modifier: int = 0, tn: int = 5, max_chain: int = 100,
                  wild_die: int = 6) -> float:
    """The chance the Wild Die saves a trait roll: the roll succeeds on the Wild Die while the trait
    dice alone would fail, P(every trait die < t) * P(Wild Die >= t) with t = TN - modifier (a
    Wild Die of 2 or more never comes with a Critical Failure; at t <= 1 the trait dice never fail).

    >>> round(wild_die_save(1, 8, tn=4), 6)  # d8 below 4 (3/8), Wild Die 4 or more (1/2)
    0.1875
    """
    need = tn - modifier
    if need <= 1:
        return 0.0
    return _die_cdf(sides, max_chain)(need - 1) ** count * (1.0 - _die_cdf(wild_die, max_chain)(need - 1))


def _walk_totals(all_at_most: Callable[[int], float], ok_at_most: Callable[[int], float], modifier: int, tn: int,
                 raise_step: int, highest: int) -> tuple[list[tuple[int, float]], float, list[float], float]:
    """Each kept total's chance, and the not-bust failure and raises, from the cumulative chances
    (``all_at_most(t)``: kept total at most t; ``ok_at_most(t)``: that and no bust), walked up until
    the tail left is below ``TAIL``. Returns ``(totals, failure, raises, cut)``."""
    totals, outcomes = [], {}
    failure = 0.0
    previous_all, previous_ok = 0.0, 0.0
    t = 0
    while True:
        t += 1
        all_now, ok_now = all_at_most(t), ok_at_most(t)
        p_total, p_ok = all_now - previous_all, ok_now - previous_ok
        previous_all, previous_ok = all_now, ok_now
        # Differences of equal cumulative sums leave rounding dust (~1e-17): not a total.
        if p_total > NOISE:
            totals.append((t + modifier, p_total))
        if p_ok > NOISE:
            success, raises = judge(t + modifier, tn, raise_step)
            if success:
                outcomes[raises] = outcomes.get(raises, 0.0) + p_ok
            else:
                failure += p_ok
        if 1.0 - all_now < TAIL and (t >= tn - modifier or t >= highest):
            break
    top = max(outcomes, default=-1)
    return totals, failure, [outcomes.get(k, 0.0) for k in range(top + 1)], max(0.0, 1.0 - previous_all)


def _wild_odds(count, sides, modifier, tn, raise_step, bust, max_chain, wild_die, check_die, extra, joker):
    p_one = 1.0 / sides
    cdf = _die_cdf(sides, max_chain)
    wild_cdf = _die_cdf(wild_die, max_chain) if wild_die else None
    allowed_ones = [j for j in range(count + 1) if not is_bust(j, count, bust)]
    weights = [(math.comb(count, j) * p_one ** j, count - j) for j in allowed_ones]
    # The event that must come with the trait dice's bust; every first face of 1 is a total of 1.
    also = 0.0 if bust == "never" else 1.0 / wild_die if wild_die else 1.0 / check_die if check_die else 1.0

    def trait_bust_at_most(t: int) -> float:
        """P(the trait dice bust and every trait die total <= t)."""
        other = max(cdf(t) - p_one, 0.0)
        return cdf(t) ** count - sum(weight * other ** rest for weight, rest in weights)

    highest = max(sides, wild_die) * max_chain
    p_bust = trait_bust_at_most(highest) * also

    def all_at_most(t: int) -> float:
        return cdf(t) ** count * (wild_cdf(t) if wild_die else 1.0)

    def ok_at_most(t: int) -> float:
        return all_at_most(t) - trait_bust_at_most(t) * also

    totals, failure, raises, cut = _walk_totals(all_at_most, ok_at_most, modifier, tn, raise_step, highest)
    return RollOdds(count=count, sides=sides, modifier=modifier, tn=tn, raise_step=raise_step, rule=bust,
                    bust=p_bust, failure=failure, raises=raises, totals=totals, cut=cut, wild_die=wild_die,
                    check_die=check_die, extra=extra, joker=joker)


class DiceUsageError(DiceError):
    """An option the ruleset's dice rules do not have (``--joker`` without a Joker bonus): usage."""

    exit_code = 2


def joker_bonus(rules: dict) -> int:
    """What ``--joker`` adds to a trait or damage roll: ``dice.joker_bonus``, refused where it is 0."""
    bonus = rules.get("joker_bonus", 0)
    if not bonus:
        raise DiceUsageError("--joker adds the Joker's bonus, but this ruleset gives none (dice.joker_bonus): "
                             "drop --joker, or add a bonus to the dice as a modifier (3d6+2)")
    return bonus


def roll_options(rules: dict, *, tn: int | None = None, extra: bool = False, joker: bool = False,
                 dice: int = 1) -> dict:
    """The keyword arguments of ``trait_roll`` and ``trait_roll_odds`` under a ruleset's
    ``[dice]``: its TN (or ``tn``), raise step, bust rule and ace cap; a Wild Card's Wild Die
    beside one trait die (``dice`` of several, a hexslingin' or Quickness roll, roll without
    it), or for an ``extra`` the ruleset's reading of an Extra's Critical Failure; a Joker's
    bonus in the modifier (``modifier`` here is that bonus: add the typed one).

    >>> roll_options({"tn": 4, "raise_step": 4, "bust": "majority", "max_chain": 100, "wild_die": 6,
    ...               "extra_critical": "check", "joker_bonus": 2}, extra=True, joker=True)["check_die"]
    6
    """
    options = {"tn": rules["tn"] if tn is None else tn, "raise_step": rules["raise_step"], "bust": rules["bust"],
               "max_chain": rules["max_chain"], "modifier": 0}
    wild = rules.get("wild_die", 0)
    if extra and not wild:
        raise DiceUsageError("--extra rolls without the Wild Die, but this ruleset has no Wild Die "
                             "(dice.wild_die): drop --extra, or choose a ruleset with one (-r savage-worlds)")
    if joker:
        options.update(joker=joker_bonus(rules), modifier=joker_bonus(rules))
    if extra:
        reading = rules.get("extra_critical", "check")
        options["extra"] = True
        if reading == "check":
            options["check_die"] = wild
        elif reading == "never":
            options["bust"] = "never"
    elif wild and dice == 1:
        options["wild_die"] = wild
    return options


def check_trait_dice(count: int, sides: int, rules: dict, text: str) -> None:
    """With a Wild Die a trait roll is one trait die: refuse ``2d8`` rather than misread it
    (several dice at once, as for Rate of Fire, are not one kept-highest roll)."""
    if count != 1 and rules.get("wild_die", 0):
        raise DiceError(f"dice '{shown(text)}': a trait roll here is one trait die beside the Wild Die: "
                        f"write d{sides} (for several rolls, --count {count})")


def trait_odds_of(text: str, rules: dict, *, tn: int | None = None, extra: bool = False,
                  joker: bool = False) -> RollOdds:
    """The exact odds of a trait roll typed as ``dealer roll`` takes it (``d8`` with a Wild Die), under
    the ruleset's ``[dice]``: ``roll --odds`` and ``odds roll`` are one computation."""
    number, sides, modifier = parse_dice(text, rules["sides"], one_die=True)
    check_trait_dice(number, sides, rules, text)
    options = roll_options(rules, tn=tn, extra=extra, joker=joker)
    options["modifier"] += modifier
    return trait_roll_odds(number, sides, **options)
