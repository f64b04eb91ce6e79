"""One data shape per thing: a trait roll, a hand, a backlash, wherever they appear.

``roll``, ``action``, ``hex``, ``conflict`` and ``gadget`` all show trait rolls and hands;
they all turn them into data here, so a script reads the same keys everywhere. The renderers
turn this data into text.

>>> from dealer.core.dice import given_roll
>>> sorted(roll_data(given_roll(16)))
['bust', 'by_hand', 'count', 'dice', 'kept', 'kind', 'modifier', 'raises', 'rolls', 'sides', 'success', 'tn', 'total']
"""

from __future__ import annotations

from typing import TYPE_CHECKING
if TYPE_CHECKING:
    from dealer.core.damage import DamageRoll
    from dealer.core.dice import TraitRoll
    from dealer.core.hands import Hand
    from dealer.core.ranks import HandRank
    from dealer.core.rules import Ruleset

SEVERITY_WORDS = {
    0: "no backlash",
    1: "backlash: the manitou takes a swipe",
    2: "bad backlash: you went bust",
    3: "both Jokers: May the Lord have mercy on your soul",
}


def roll_data(roll: TraitRoll | DamageRoll) -> dict:
    """A trait or damage roll: every die's chain (``[10, 8]`` is an ace), the kept die, the verdict.

    A total rolled with physical dice (``by_hand``) has no dice: ``dice`` is null and
    ``rolls`` empty. A roll in a game with a Wild Die adds ``die_sides`` (each die's sides),
    ``wild`` (the Wild Die's index in ``rolls``; null for an Extra), ``extra``, ``check`` (an
    Extra's Critical Failure check die, null if not rolled) and ``joker`` (the Joker's bonus,
    already in ``modifier``). A damage roll (``core.damage``) has the same keys where they
    mean the same, with ``kind: "damage"`` first: ``sides`` and ``kept`` null (every die is
    added), ``tn`` the number set against (``--vs``) or null, ``success`` and ``raises`` null
    where they do not apply, ``bust`` false; then ``die_sides``, ``raise_die`` (the index of a
    raise's bonus die, or null) and ``joker``.
    """
    damage = roll.kind == "damage"
    by_hand = not roll.dice
    data = {"kind": "damage" if damage else "roll"}
    data.update({
        "dice": None if by_hand else roll.notation,
        "count": roll.count,
        "sides": None if damage else roll.sides,
        "modifier": roll.modifier,
        "tn": roll.tn,
        "rolls": [die.chain for die in roll.dice],
        "kept": None if damage else roll.kept,
        "total": roll.total,
        "bust": False if damage else roll.bust,
        "success": roll.success,
        "raises": roll.raises,
        "by_hand": by_hand,
    })
    if damage:
        data.update(die_sides=list(roll.die_sides), raise_die=roll.raise_die, joker=roll.joker)
    elif roll.die_sides is not None:
        data.update(die_sides=list(roll.die_sides), wild=roll.wild, extra=roll.extra, check=roll.check,
                    joker=roll.joker)
    if roll.capped:
        data["capped"] = True
    return data


def effect_label(ruleset: Ruleset, rank: HandRank) -> str:
    """A hand rank's game effect: its own, or else that of the next lower rank that names one.

    Seed 003 names effects for some ranks only (pair, three of a kind, full house, straight
    flush); a two pair is still at least a Basic Success. One rule for ``hand``, ``action``
    and ``hex`` alike.
    """
    for other in ruleset.ranking.ranks:
        if other.strength <= rank.strength and other.effect:
            return other.effect
    return ""


def hand_data(hand: Hand, ruleset: Ruleset) -> dict:
    """A best hand: its rank, the five played as held and as they count, wilds, unused, dead."""
    rank = hand.rank
    data = {
        "rank": rank.id,
        "name": rank.name,
        "strength": rank.strength,
        "cards": [card.code for card in hand.played],
        "as": [card.code for card in hand.effective],
        "wilds": hand.substitutions(),
        "unused": [card.code for card in hand.unused],
        "dead": [card.code for card in hand.dead],
    }
    if rank.harm:
        data["harm"] = rank.harm
    effect = effect_label(ruleset, rank)
    if effect:
        data["effect"] = effect
    if ruleset.deck.trump_count:
        data["arcane"] = hand.arcane
    return data


def backlash_data(reasons: list[str], severity: int, words: str | None = None) -> dict:
    """A backlash: why, how bad (0 none, 1 a Joker, 2 a bust, 3 both Jokers) and in words."""
    return {"reasons": list(reasons), "severity": severity, "words": words or SEVERITY_WORDS[severity]}
