"""Casting by poker hand: Deadlands hucksters (seed 000) and poker-hands spellcasters (seed 003).

Style ``huckster``: a hexslingin' roll against TN 5. A bust draws nothing and backlashes; a
failure draws nothing; a success draws 5 cards, one more per raise, from the caster's own
deck, plays the best five with both Jokers wild, and works if that meets the hex's minimum.
Backlash: a Black Joker always; a Red Joker while the hex's level is below 3; a bust.
Severity rises: one Joker < bust < both Jokers.

Style ``spell``: cards = 5 + skill + modifiers, ten at most; at ten or more the caster may
take a wild pick instead of five of them. Jokers are dead; the Red Joker's holder draws a
chip. At least a pair (or the target) succeeds; a Joker with less than a pair is a bust,
told with how black the hand is.

Velvet's soul blast from seed 000:

>>> from dealer.store.rulesets import load
>>> from dealer.core.dice import given_roll
>>> deadlands = load("deadlands")
>>> cast = huckster_cast(deadlands, given_roll(18), level=4, minimum="ace",
...                      cards=deadlands.deck.parse_many("8s 8h 8d Kc 5d 3s RJ"))
>>> cast["cards_allowed"], cast["hand"].rank.name, cast["works"], cast["backlash"]["severity"]
(7, 'Four of a Kind', True, 0)
"""

from __future__ import annotations

from dealer.core.table import check_keys
from dealer.errors import DealerError

SEVERITY_WORDS = {
    0: "no backlash",
    1: "backlash: the manitou takes a swipe",
    2: "bad backlash: you went bust",
    3: "both Jokers: May the Lord have mercy on your soul",
}


class HexState:
    """The ``hex`` part of a table: each caster's casts since their last rest (seed 003's winded)."""

    KEY = "hex"
    __slots__ = ("casts",)

    def __init__(self, casts: dict[str, int] | None = None):
        self.casts = dict(casts or {})

    @classmethod
    def from_data(cls, data: dict) -> "HexState":
        check_keys(data, ("casts",), "hex state")
        return cls({str(name): int(count) for name, count in data.get("casts", {}).items()})

    def to_data(self) -> dict:
        return {"casts": dict(self.casts)} if self.casts else {}


def is_winded(table, person: str | None) -> bool:
    """Seed 003: once a caster has cast as many spells as their master skill (roster ``master``),
    they are winded, "-1 card to everything", until they rest or spend a white chip."""
    master = table.trait(person, "master")
    if not person or not master:
        return False
    return table.state(HexState).casts.get(person, 0) >= int(master)


def second_wind(table, person: str) -> int:
    """A rest or a white chip: the casts count afresh. Returns the count before."""
    return table.state(HexState).casts.pop(person, 0)


class HexError(DealerError):
    """A cast the rules do not allow (a wild pick with too few cards, no minimum, ...)."""


def backlash(ruleset, jokers, level, bust):
    """Backlash reasons and severity: one Joker < bust < both Jokers."""
    rules = ruleset.hex
    reasons = []
    if bust:
        reasons.append("went bust on the hexslingin' roll")
    for card in jokers:
        if card.code in rules["backlash_always"]:
            reasons.append(f"drew the {card.name} (always backlash)")
        elif card.code in rules["backlash_below_level"] and level < rules["backlash_below_level"][card.code]:
            reasons.append(f"drew the {card.name} with the hex at level {level} "
                           f"(below {rules['backlash_below_level'][card.code]})")
    specials = [card for card in jokers if card.kind == "special"]
    if len(specials) >= 2:
        severity = 3
    elif bust:
        severity = 2
    elif reasons:
        severity = 1
    else:
        severity = 0
    return {"reasons": reasons, "severity": severity, "words": SEVERITY_WORDS[severity]}


def huckster_cast(ruleset, roll, *, level, minimum, piles=None, rng=None, cards=None, holder="",
                  reshuffle=True):
    """A huckster's hex: ``roll`` is the hexslingin' TraitRoll; cards come from ``piles``
    (the caster's deck; ``reshuffle`` False leaves an empty deck empty) or are given.
    Returns the cast as data (with the Hand object)."""
    rules = ruleset.hex
    threshold = ruleset.threshold(minimum)
    result = {"roll": roll, "level": level, "minimum": minimum, "cards": [], "hand": None, "works": False,
              "reshuffled": 0, "short": False}
    if roll.bust:
        result["verdict"] = "bust: no cards, the hex fails"
        result["backlash"] = backlash(ruleset, [], level, bust=True)
        return result
    if not roll.success:
        result["verdict"] = "failure: no manitou answers; nothing happens"
        result["backlash"] = backlash(ruleset, [], level, bust=False)
        return result
    allowed = rules["base_cards"] + roll.raises * rules["cards_per_raise"]
    result["cards_allowed"] = allowed
    if cards is None:
        drawn = piles.draw(allowed, holder, rng, reshuffle)
        cards = [ruleset.deck.parse(code) for code in drawn.cards]
        result["reshuffled"], result["short"] = drawn.reshuffled, drawn.short
    result["cards"] = cards
    if not cards:
        result["verdict"] = "no cards left to draw: reshuffle the caster's deck"
        result["backlash"] = backlash(ruleset, [], level, bust=False)
        return result
    context = ruleset.context(rules["context"] or None)
    hand = ruleset.ranking.best(cards, context)
    result["hand"] = hand
    result["works"] = ruleset.ranking.meets(hand, threshold)
    result["verdict"] = "the hex works" if result["works"] else "the hex fizzles"
    jokers = [card for card in cards if card.code in rules["backlash_always"] or card.code in
              rules["backlash_below_level"]]
    result["backlash"] = backlash(ruleset, jokers, level, bust=False)
    return result


def spell_cards(ruleset, skill, modifiers, wild_pick, winded):
    """How many cards a poker-hands caster draws, and whether a wild pick is taken."""
    rules = ruleset.hex
    raw = rules["base_cards"] + skill + sum(modifiers) - (1 if winded else 0)
    if wild_pick:
        if raw < rules["wild_pick_at"]:
            raise HexError(f"a wild pick needs {rules['wild_pick_at']} or more cards; this cast has {max(raw, 0)}")
        return min(raw - rules["base_cards"], rules["max_cards"]), True
    return max(0, min(raw, rules["max_cards"])), False


def best_wild_pick(ruleset, cards, context):
    """Make each held card wild in turn; keep the pick that gives the best hand."""
    best = None
    for card in cards:
        hand = ruleset.ranking.best(cards, context.with_wild([card]))
        if best is None or hand.key > best[1].key:
            best = (card, hand)
    return best


def ladder_effect(ruleset, hand):
    """The effect of the hand's rank, or of the best lower rank that names one (two pair: Basic Success)."""
    for rank in ruleset.ranking.ranks:
        if rank.strength <= hand.rank.strength and rank.effect:
            return rank.effect
    return ""


def spell_cast(ruleset, cards, *, target, wild_pick=False, huckster=False):
    """A poker-hands spell from the cards drawn: success, effect, bust and how black the hand is."""
    rules = ruleset.hex
    context = ruleset.context(rules["context"] or None)
    threshold = ruleset.threshold(target)
    result = {"cards": cards, "wild_pick": None, "hand": None, "success": False, "effect": "", "bust": False,
              "black": sum(1 for card in cards if card.color == "black"),
              "red": sum(1 for card in cards if card.color == "red"),
              "chip_cards": [card for card in cards if card.code in rules["chip_cards"]]}
    if cards:
        if wild_pick:
            picked, hand = best_wild_pick(ruleset, cards, context)
            result["wild_pick"] = picked
        else:
            hand = ruleset.ranking.best(cards, context)
        result["hand"] = hand
        result["success"] = ruleset.ranking.meets(hand, threshold)
        result["effect"] = ladder_effect(ruleset, hand) if result["success"] else ""
    least = ruleset.threshold(rules["target"])
    made_pair = result["hand"] is not None and ruleset.ranking.meets(result["hand"], least)
    jokers = [card for card in cards if card.code in rules["bust_cards"]]
    result["bust"] = bool(jokers) and not made_pair
    if huckster and jokers:
        result["backlash"] = {
            "reasons": [f"drew the {card.name}" for card in jokers],
            "severity": 2 if result["bust"] else 1,
            "words": ("quite bad backlash: a Joker and a bust" if result["bust"]
                      else "backlash: the spell works, with twisted effects" if result["success"]
                      else "backlash"),
        }
    return result
