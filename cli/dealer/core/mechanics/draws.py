"""The pieces of a seed-003 hand: how many cards, wild picks, bust, value (``skill_draw`` uses them).

Every skill draw of seed 003 (a spell, a contest, a fear check, a gadget's design or build,
a shaman's ritual) follows the same rules, kept here once (``[draws]`` in the ruleset):

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
from typing import TYPE_CHECKING, NamedTuple

from dealer.errors import DealerError, did_you_mean

if TYPE_CHECKING:
    from collections.abc import Iterable, Sequence

    from dealer.core.cards import Card
    from dealer.core.hands import Hand
    from dealer.core.ranks import Context, HandRank
    from dealer.core.rules import Ruleset
    from dealer.core.table import Table

    Point = tuple[HandRank, int]  # a rank and a value: a hand's (its top group or high card), or a threshold's least


class DrawError(DealerError):
    """A draw the rules do not allow (a wild pick with too few cards, ...)."""


class DrawSize(NamedTuple):
    """How many cards to draw and how many wild picks come with them; ``asked``: 5 + skill +
    modifiers before the cap."""

    cards: int
    wild_picks: int
    asked: int
    note: str = ""

    def as_tuple(self) -> tuple[int, int]:
        return self.cards, self.wild_picks


def draw_size(ruleset: Ruleset, skill: int, modifiers: Iterable[int] = (), *, wild_pick: bool = False,
              extra_picks: int = 0) -> DrawSize:
    """Seed 003's card count: 5 + skill + modifiers, at most ten.

    Above ten: (that number - 5) cards and a wild pick, always. At ten or more the drawer may
    ask for a wild pick (five fewer cards). ``extra_picks`` are wild picks from elsewhere (a
    chip, a helper).
    """
    rules = ruleset.draws
    base, most, pick_at = rules["base_cards"], rules["max_cards"], rules["wild_pick_at"]
    asked = base + skill + sum(modifiers)
    if asked > most:
        cards = min(asked - base, most)
        return DrawSize(cards, 1 + extra_picks, asked, f"{asked} cards is more than {most}: "
                                                      f"{cards} cards and a wild pick")
    if wild_pick:
        if asked < pick_at:
            raise DrawError(f"a wild pick needs {pick_at} or more cards; this draw has {max(asked, 0)}")
        return DrawSize(asked - base, 1 + extra_picks, asked)
    return DrawSize(max(0, asked), extra_picks, asked)


def best_with_picks(ruleset: Ruleset, cards: Sequence[Card], context: Context,
                    picks: int) -> tuple[Hand, tuple[Card, ...]]:
    """The best hand when ``picks`` held cards become wild: ``(hand, picked cards)``."""
    _, chosen = best_key_with_picks(ruleset, cards, context, picks)
    return ruleset.ranking.best(cards, _picked(context, chosen) if chosen else context), chosen


def best_key_with_picks(ruleset: Ruleset, cards: Sequence[Card], context: Context,
                        picks: int) -> tuple[tuple, tuple[Card, ...]]:
    """The key of ``best_with_picks``'s hand and the cards it picks, without building a hand
    for each choice: the odds judge many draws by their keys alone."""
    key = ruleset.ranking.key
    if not picks or not cards:
        return key(cards, context), ()
    best = None
    for chosen in combinations(cards, min(picks, len(cards))):
        found = key(cards, _picked(context, chosen))
        if best is None or found > best[0]:
            best = (found, chosen)
    return best


_PICKED = {}  # (context, picked cards) -> the context with them wild
_PICKED_MOST = 4096


def _picked(context: Context, chosen: tuple[Card, ...]) -> Context:
    """``context.with_wild(chosen)``, the same object each time: the evaluator keeps its card
    table per context, so a draw judged many times (the odds) does not build it again."""
    found = _PICKED.get((context, chosen))
    if found is None:
        if len(_PICKED) >= _PICKED_MOST:
            _PICKED.clear()
        found = _PICKED[context, chosen] = context.with_wild(chosen)
    return found


def judge_by_key(ruleset: Ruleset, cards: Sequence[Card], context: Context, picks: int,
                 value: int = 0) -> tuple[tuple | None, Point | None, bool]:
    """A draw's cards judged as ``skill_draw`` judges them, by the best hand's key alone:
    ``(key, value point raised by value steps, bust)``; no cards, no key and no point."""
    if not cards:
        return None, None, False
    key, _ = best_key_with_picks(ruleset, cards, context, picks)
    point = key_point(ruleset, key)
    return key, raise_value(ruleset, point, value), point_busts(ruleset, cards, point)


def skill_of(table: Table, name: str, spec: str, error: type[DealerError] = DealerError) -> int:
    """A skill as typed for a draw (``NAME=SPEC``), the same in every mechanic: a number (``2``,
    ``+2``, ``-1``) or a roster trait of the person (``pistol``). ``Bert=2`` is skill 2 (seven cards)
    in a contest, a spell and a combat's turn order alike."""
    from dealer.core.numbers import whole_number

    if spec.lstrip("+-").isdigit():
        return whole_number(spec, f"{name}'s skill", low=-20, high=100, error=error)
    value = table.trait(name, spec.lower())
    if value is None:
        skills = table.roster[name]["traits"] if name in table.roster else {}
        meant = did_you_mean(spec.lower(), [key for key, level in skills.items()
                                            if isinstance(level, int) and not isinstance(level, bool)])
        raise error(f"{name}={spec}: " + (meant if meant else "give a skill as a number, or a roster trait "
                                          f"of {name} on --table (no '{spec.lower()}' there)"))
    if isinstance(value, bool):
        raise error(f"{name}'s {spec.lower()} must be a whole number of 0 or more, not '{value}'")
    return whole_number(value, f"{name}'s {spec.lower()}", low=0, high=100, error=error)


def is_bust(ruleset: Ruleset, cards: Iterable[Card], hand: Hand | None) -> bool:
    """A Joker (``draws.bust_cards``) and less than a pair (``draws.target``, the least success)."""
    return point_busts(ruleset, cards, hand_value(hand, ruleset) if hand is not None else None)


def point_busts(ruleset: Ruleset, cards: Iterable[Card], point: Point | None) -> bool:
    """``is_bust`` by the hand's value point (before any value steps): None for no hand."""
    bust_cards = ruleset.draws["bust_cards"]
    if not bust_cards or not any(card.code in bust_cards for card in cards):
        return False
    return point is None or not meets_value(point, least_success(ruleset))


def least_success(ruleset: Ruleset) -> Point:
    """The least hand that succeeds at all (``draws.target``: a pair)."""
    return ruleset.threshold(ruleset.draws["target"])


def bust_data(bust: bool, cards: Sequence[Card]) -> dict:
    """A bust, one shape wherever a hand can bust: whether it is one, and how black the hand is."""
    return {"bust": bool(bust), "how_black": how_black(cards)}


def how_black(cards: Sequence[Card]) -> dict:
    """"How black is your hand": black cards against red cards."""
    return {"black": sum(1 for card in cards if card.color == "black"),
            "red": sum(1 for card in cards if card.color == "red")}


# -- value steps ------------------------------------------------------------------------------


def _lowest_value(rank: HandRank, ruleset: Ruleset) -> int:
    """The least value a hand of ``rank`` can have (its top group's rank, or its high card): a
    pair of deuces, a five-high straight (ace low), a flush as high as its cards must reach."""
    pattern, deck = rank.pattern, ruleset.deck
    if pattern.groups:
        return deck.low_rank
    if pattern.top:
        return pattern.top
    if pattern.sequence:
        return (deck.low_rank - 1 if deck.ace_low else deck.low_rank) + pattern.sequence - 1
    if pattern.flush:
        return deck.low_rank + pattern.flush - 1
    return 0


def hand_value(hand: Hand, ruleset: Ruleset) -> Point:
    """A hand as a point on the value ladder: ``(rank, value of its top group or high card)``."""
    return hand.rank, hand.primary


def key_point(ruleset: Ruleset, key: tuple) -> Point:
    """``hand_value`` of the hand whose key this is, read off the key."""
    from dealer.core.hands import key_primary

    return ruleset.ranking.rank_of(key), key_primary(key)


def raise_value(ruleset: Ruleset, point: Point, steps: int) -> Point:
    """``point`` (a threshold or ``hand_value``) raised ``steps`` values up the ladder.

    Within a rank the value climbs one card rank per step; past the Ace it goes to the next
    stronger rank at its lowest (a pair of Aces raised one step is the lowest two pair).
    """
    if steps <= 0:
        return point
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


def point_text(ruleset: Ruleset, point: Point) -> str:
    """A (rank, value) point in words: ``pair of fives``, ``two pair, kings up``, ``three of a kind,
    fives``, ``full house, fives full``, ``ace high``, ``flush``, ``straight, queen high``."""
    rank, value = point
    if not value:
        return rank.name.lower()
    card_rank = ruleset.deck.rank(value)
    if not rank.pattern.groups:
        return f"{card_rank.name} high" if not rank.pattern.core_size else f"{rank.name.lower()}, {card_rank.name} high"
    if len(rank.pattern.groups) > 1 and value <= ruleset.deck.low_rank:
        return rank.name.lower()  # the lowest two pair is any two pair
    plural = card_rank.plural or card_rank.name + "s"
    groups = rank.pattern.groups
    if len(groups) > 1:  # the top group names it: two pair, fives up; full house, fives full
        return f"{rank.name.lower()}, {plural} {'up' if groups[0] == groups[1] else 'full'}"
    if groups[0] > 2:
        return f"{rank.name.lower()}, {plural}"
    return f"{rank.name.lower()} of {plural}"


def point_data(ruleset: Ruleset, point: Point) -> dict:
    """A value point as data: the rank's id, the value, the words."""
    return {"rank": point[0].id, "value": point[1], "text": point_text(ruleset, point)}


def succeeds(point: Point | None, bust: bool, threshold: Point) -> bool:
    """A draw's success: a hand at least ``threshold`` (value steps included), never on a bust."""
    return point is not None and not bust and meets_value(point, threshold)


def meets_value(point: Point, threshold: Point) -> bool:
    """Whether a (rank, value) point is at least a threshold (rank, least value)."""
    rank, value = point
    need, least = threshold
    if rank.strength != need.strength:
        return rank.strength > need.strength
    return value >= least


# -- helpers ----------------------------------------------------------------------------------


class HelperBonus(NamedTuple):
    """What a helper's hand adds to the leader's draw (ruleset ``conflict.helpers``)."""

    rank: str
    cards: int = 0
    wild_picks: int = 0
    value: int = 0
    note: str = ""

    def to_data(self) -> dict:
        return dict(self._asdict())


def helper_bonus(ruleset: Ruleset, rank: HandRank | None) -> HelperBonus:
    """Seed 003's "Skills Enhancing Skills" table, read from the ruleset, for a helper's hand rank
    (None: the helper drew no cards)."""
    entry = ruleset.conflict["helpers"].get(rank.id) if rank is not None else None
    if not entry:
        return HelperBonus(rank.id if rank is not None else "")
    return HelperBonus(rank.id, entry["cards"], entry["wild_picks"], entry["value"], entry["note"])


def add_bonuses(bonuses: list[HelperBonus]) -> HelperBonus:
    """Several helpers' bonuses added up (notes joined)."""
    return HelperBonus("", sum(b.cards for b in bonuses), sum(b.wild_picks for b in bonuses),
                       sum(b.value for b in bonuses), "; ".join(b.note for b in bonuses if b.note))
