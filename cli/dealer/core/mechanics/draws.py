"""Drawing a hand in the poker-hands game (seed 003): how many cards, wild picks, bust, value.

Every skill draw of seed 003 (a spell, a contest, a fear check, a gadget's design or build,
a shaman's ritual) follows the same rules, kept here once:

* cards = 5 + skill + modifiers, never more than ten; "if you get up to skill six, you get a
  six card hand and a wild": above ten the drawer takes (that number - 5) cards and a wild
  pick without asking; at exactly ten the wild pick is the drawer's choice;
* a wild pick makes one held card wild (``best_with_picks`` chooses the best one);
* "if you draw one or more jokers and you do not at least have a pair, you have gone bust",
  told with how black the hand is;
* "value" (a helper's "+5 value", a fear area's level) is a step along the ladder of hands
  by the rank of their top group, past the Ace into the next category at its lowest.

>>> from dealer.store.rulesets import load
>>> poker = load("poker-hands")
>>> [draw_size(poker, skill).as_tuple() for skill in (0, 4, 5, 6, 9)]
[(5, 0), (9, 0), (10, 0), (6, 1), (9, 1)]
>>> draw_size(poker, 5, wild_pick=True).as_tuple()
(5, 1)
>>> raise_value(poker, poker.threshold("pair of deuces"), 3)[1]
5
>>> rank, value = raise_value(poker, poker.threshold("pair of aces"), 1); rank.id, value
('two-pair', 2)
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

from dealer.errors import DealerError


class DrawError(DealerError):
    """A draw the rules do not allow (a wild pick with too few cards, ...)."""


class DrawSize:
    """How many cards to draw and how many wild picks come with them."""

    __slots__ = ("cards", "wild_picks", "asked", "note")

    def __init__(self, cards: int, wild_picks: int, asked: int, note: str = ""):
        self.cards = cards
        self.wild_picks = wild_picks
        self.asked = asked  # 5 + skill + modifiers, before the cap
        self.note = note

    def as_tuple(self) -> tuple[int, int]:
        return self.cards, self.wild_picks


def draw_size(ruleset: Any, skill: int, modifiers=(), *, wild_pick: bool = False, winded: bool = False,
              extra_picks: int = 0) -> DrawSize:
    """Seed 003's card count: 5 + skill + modifiers (one fewer when winded), at most ten.

    Above ten: (that number - 5) cards and a wild pick, always. At ten or more the drawer may
    ask for a wild pick (five fewer cards). ``extra_picks`` are wild picks from elsewhere (a
    chip, a helper).
    """
    rules = ruleset.hex
    base, most, pick_at = rules["base_cards"], rules["max_cards"], rules["wild_pick_at"]
    asked = base + skill + sum(modifiers) - (1 if winded else 0)
    if asked > most:
        cards = min(asked - base, most)
        return DrawSize(cards, 1 + extra_picks, asked, f"{asked} cards is more than {most}: "
                                                      f"{cards} cards and a wild pick")
    if wild_pick:
        if asked < pick_at:
            raise DrawError(f"a wild pick needs {pick_at} or more cards; this draw has {max(asked, 0)}")
        return DrawSize(asked - base, 1 + extra_picks, asked)
    return DrawSize(max(0, asked), extra_picks, asked)


def best_with_picks(ruleset: Any, cards: list, context: Any, picks: int) -> tuple[Any, tuple]:
    """The best hand when ``picks`` held cards become wild: ``(hand, picked cards)``."""
    ranking = ruleset.ranking
    if not picks or not cards:
        return ranking.best(cards, context), ()
    best = None
    for chosen in combinations(cards, min(picks, len(cards))):
        hand = ranking.best(cards, context.with_wild(chosen))
        if best is None or hand.key > best[0].key:
            best = (hand, chosen)
    return best


def is_bust(ruleset: Any, cards: list, hand: Any) -> bool:
    """A Joker (``hex.bust_cards``) and less than a pair (``hex.target``, the least success)."""
    bust_cards = ruleset.hex["bust_cards"]
    if not bust_cards or not any(card.code in bust_cards for card in cards):
        return False
    return hand is None or not ruleset.ranking.meets(hand, ruleset.threshold(ruleset.hex["target"]))


def pick_wilds(ruleset: Any, codes: list[str], context_name: str, count: int) -> list[str]:
    """The codes of the ``count`` cards best made wild among ``codes`` (``best_with_picks``'s choice)."""
    cards = [ruleset.deck.parse(code) for code in codes]
    _, chosen = best_with_picks(ruleset, cards, ruleset.context(context_name or None), count)
    return [card.code for card in chosen]


def judge(ruleset: Any, codes: list[str], picks: list[str], target: str | None, context_name: str) -> dict:
    """A hand judged: the best five (with ``picks`` made wild), success against the target, the
    effect label and bust."""
    from dealer.core.results import effect_label, hand_data

    cards = [ruleset.deck.parse(code) for code in codes]
    context = ruleset.context(context_name or None)
    wild = [card for card in cards if card.code in picks]
    hand = ruleset.ranking.best(cards, context.with_wild(wild) if wild else context) if cards else None
    success = None if hand is None or not target else ruleset.ranking.meets(hand, ruleset.threshold(target))
    return {"cards": list(codes), "wild_picks": list(picks), "target": target,
            "hand": hand_data(hand, ruleset) if hand else None, "success": success,
            "effect": effect_label(ruleset, hand.rank) if success else "",
            "bust": is_bust(ruleset, cards, hand)}


def how_black(cards: list) -> dict:
    """"How black is your hand": black cards against red cards."""
    return {"black": sum(1 for card in cards if card.color == "black"),
            "red": sum(1 for card in cards if card.color == "red")}


# -- value steps ------------------------------------------------------------------------------


def _lowest_value(rank: Any, ruleset: Any) -> int:
    return 0 if not rank.pattern.groups else ruleset.deck.low_rank


def hand_value(hand: Any, ruleset: Any) -> tuple:
    """A hand as a point on the value ladder: ``(rank, value of its top group or high card)``."""
    return hand.rank, hand.primary


def raise_value(ruleset: Any, point: tuple, steps: int) -> tuple:
    """``point`` (a threshold or ``hand_value``) raised ``steps`` values up the ladder.

    Within a rank the value climbs one card rank per step; past the Ace it goes to the next
    stronger rank at its lowest (a pair of Aces raised one step is the lowest two pair).
    """
    rank, value = point
    ladder = sorted(ruleset.ranking.ranks, key=lambda r: r.strength)
    top = ruleset.deck.top_rank
    for _ in range(steps):
        value = max(value, _lowest_value(rank, ruleset))
        if value < top:
            value += 1
            continue
        stronger = [r for r in ladder if r.strength > rank.strength]
        if not stronger:
            break
        rank = stronger[0]
        value = _lowest_value(rank, ruleset)
    return rank, value


def meets_value(point: tuple, threshold: tuple) -> bool:
    """Whether a (rank, value) point is at least a threshold (rank, least value)."""
    rank, value = point
    need, least = threshold
    if rank.strength != need.strength:
        return rank.strength > need.strength
    return value >= least


# -- helpers ----------------------------------------------------------------------------------


class HelperBonus:
    """What a helper's hand adds to the leader's draw (ruleset ``conflict.helpers``)."""

    __slots__ = ("rank", "cards", "wild_picks", "value", "note")

    def __init__(self, rank: str, cards: int = 0, wild_picks: int = 0, value: int = 0, note: str = ""):
        self.rank = rank
        self.cards = cards
        self.wild_picks = wild_picks
        self.value = value
        self.note = note

    def to_data(self) -> dict:
        return {"rank": self.rank, "cards": self.cards, "wild_picks": self.wild_picks, "value": self.value,
                "note": self.note}


def helper_bonus(ruleset: Any, hand: Any) -> HelperBonus:
    """Seed 003's "Skills Enhancing Skills" table, read from the ruleset, for a helper's hand."""
    entry = ruleset.conflict["helpers"].get(hand.rank.id) if hand is not None else None
    if not entry:
        return HelperBonus(hand.rank.id if hand is not None else "")
    return HelperBonus(hand.rank.id, entry["cards"], entry["wild_picks"], entry["value"], entry["note"])


def add_bonuses(bonuses: list[HelperBonus]) -> HelperBonus:
    """Several helpers' bonuses added up (notes joined)."""
    total = HelperBonus("")
    for bonus in bonuses:
        total.cards += bonus.cards
        total.wild_picks += bonus.wild_picks
        total.value += bonus.value
        total.note = "; ".join(n for n in (total.note, bonus.note) if n)
    return total
