"""An independent reading of SWADE's numbers, worked out from the dice a result shows.

The tests of the person layer (wounds, Shaken, Soak, Incapacitation, recovery) compare what dealer
did with what this says, never with dealer's own functions: the kept total of a Wild Card's roll,
its Critical Failure, successes and raises, what a condition costs, what damage does to a person.
"""

from __future__ import annotations

TN = 4
STEP = 4


def kept_total(roll: dict) -> int:
    """The higher of the trait die and the Wild Die (each chain added), plus the modifier."""
    return max(sum(chain) for chain in roll["rolls"]) + roll["modifier"]


def critical(roll: dict) -> bool:
    """A Wild Card: both dice show 1 first. An Extra: the trait die shows 1 and so does the check die."""
    if roll.get("wild") is not None:
        return roll["rolls"][0][0] == 1 and roll["rolls"][roll["wild"]][0] == 1
    return roll["rolls"][0][0] == 1 and roll.get("check") == 1


def successes(roll: dict) -> int:
    """0 for a failure or a Critical Failure; else 1 and one more a raise."""
    total = kept_total(roll)
    if critical(roll) or total < TN:
        return 0
    return 1 + (total - TN) // STEP


def verdict(roll: dict) -> str:
    found = successes(roll)
    return "bust" if critical(roll) else "failure" if not found else "success" if found == 1 else "raise"


def penalty(wounds: int = 0, fatigue: int = 0, distracted: bool = False, ignored: int = 0) -> int:
    """-1 a wound (at most -3, less what Nerves of Steel ignores), -1 a Fatigue level, -2 Distracted."""
    return min(0, -min(wounds, 3) + ignored) - fatigue - (2 if distracted else 0)


def toughness(vigor_sides: int, vigor_bonus: int = 0, armor: int = 0, brawny: bool = False) -> int:
    return 2 + vigor_sides // 2 + vigor_bonus // 2 + armor + (1 if brawny else 0)


def damage_total(damage: dict) -> int:
    """Every die of a damage roll added (each chain), plus the modifier."""
    return sum(sum(chain) for chain in damage["rolls"]) + damage["modifier"]


class WildCard:
    """A Wild Card under damage, as SWADE says: Shaken at Toughness, a wound a raise (and Shaken), a
    Shaken person Shaken again takes a wound; past ``limit`` wounds Incapacitated (wounds kept at the
    limit), after which damage does nothing more."""

    def __init__(self, toughness: int, limit: int = 3):
        self.toughness, self.limit = toughness, limit
        self.wounds, self.shaken, self.down = 0, False, False

    def hit(self, total: int) -> int:
        """The wounds the damage deals (``down`` set when it Incapacitates)."""
        if self.down or total < self.toughness:
            return 0
        raises = (total - self.toughness) // STEP
        dealt = raises if raises else (1 if self.shaken else 0)
        self.shaken = True
        if self.wounds + dealt > self.limit:
            self.wounds, self.down = self.limit, True
        else:
            self.wounds += dealt
        return dealt


def acing(sides: int, top: int) -> list[float]:
    """P(an acing die's total = t) for t up to ``top``: n aces then a face below the top, (1/X)^(n+1)."""
    found = [0.0] * (top + 1)
    aces = 0
    while aces * sides + 1 <= top:
        for face in range(1, sides):
            total = aces * sides + face
            if total <= top:
                found[total] += (1.0 / sides) ** (aces + 1)
        aces += 1
    return found


def added(*dists: list[float]) -> list[float]:
    """The distribution of a sum of independent totals (each a list by total)."""
    out = [1.0]
    for dist in dists:
        nxt = [0.0] * (len(out) + len(dist) - 1)
        for a, pa in enumerate(out):
            if pa:
                for b, pb in enumerate(dist):
                    if pb:
                        nxt[a + b] += pa * pb
        out = nxt
    return out
