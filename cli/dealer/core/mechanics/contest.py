"""Poker-hands contests (seed 003): against a target or each other, helpers, fear checks, called shots.

Every draw follows ``draws.draw_size``: 5 + skill + modifiers cards, ten at most (a wild pick
above ten), one fewer when winded or shaken. Helpers draw first; each helper's hand adds to
the leader's (the first participant's) draw by the ruleset's ``conflict.helpers`` table:
cards, wild picks, or value steps (a pair's "+5 value": fives become tens). Alone, a
participant succeeds by meeting the target (``conflict.target``, a pair unless the GM sets
one); two or more draw and compare, and an exact tie is reported as one. A Joker with less
than a pair is a bust, told with how black the hand is.

``--fear LEVEL`` raises the target by LEVEL value steps: success is stalwart, failure leaves
the character shaken (-1 card until cleared, kept on a table), failing badly
(``conflict.fear_running``) sends them running. ``--called N`` takes an N card penalty and
reads the hand by ``conflict.called``.

>>> import random
>>> from dealer.store.rulesets import load
>>> from dealer.core.table import Table
>>> from dealer.core.mechanics.conflict import parse_request
>>> poker = load("poker-hands")
>>> request = parse_request(["Sam=:2c 2d 7h 9s Kd"], fear=3)
>>> result = resolve_contest(poker, request, Table.fresh(poker), random.Random(1))
>>> result.target_text, result.drawers[0].success, result.drawers[0].outcome
('pair of fives', False, 'shaken')
"""

from __future__ import annotations

import re
from typing import Any

from dealer.core.mechanics import draws
from dealer.core.mechanics.conflict import DECK, ConflictError, ConflictState

SHAKEN = -1  # "shaken and at -1 card"


class Drawer:
    """One person's draw in a contest: a participant or a helper."""

    __slots__ = ("name", "role", "skill", "modifiers", "winded", "size", "typed", "cards", "hand", "picks", "bust",
                 "point", "success", "outcome", "bonus")

    def __init__(self, name: str, role: str, skill: int):
        self.name = name
        self.role = role  # "participant" or "helper"
        self.skill = skill
        self.modifiers: list[list] = []  # [why, cards]
        self.winded = False
        self.size = None
        self.typed = False
        self.cards: list = []
        self.hand = None
        self.picks: tuple = ()
        self.bust = False
        self.point = None  # (rank, value) after any helper's value steps
        self.success = False
        self.outcome = ""  # a fear check's: stalwart, shaken, running
        self.bonus = None  # a helper's HelperBonus

    @property
    def shaken(self) -> bool:
        return any(why == "shaken" for why, _ in self.modifiers)

    def to_data(self, ruleset: Any) -> dict:
        from dealer.core.results import hand_data

        data = {"name": self.name, "skill": self.skill, "modifiers": self.modifiers, "winded": self.winded,
                "shaken": self.shaken,
                "draw": {"cards": self.size.cards, "wild_picks": self.size.wild_picks, "asked": self.size.asked,
                         "note": self.size.note},
                "typed": self.typed, "cards": [card.code for card in self.cards],
                "hand": hand_data(self.hand, ruleset) if self.hand else None,
                "wild_picks": [card.code for card in self.picks], "bust": self.bust,
                "value": ({"rank": self.point[0].id, "value": self.point[1], "text": point_text(ruleset, self.point)}
                          if self.point else None),
                "success": self.success}
        if self.bust:
            data["how_black"] = draws.how_black(self.cards)
        if self.outcome:
            data["outcome"] = self.outcome
        if self.bonus is not None:
            data["bonus"] = self.bonus.to_data()
        if self.role == "helper":
            del data["success"]  # a helper is not judged: their hand only adds to the leader's
        return data


def point_text(ruleset: Any, point: tuple) -> str:
    """A (rank, value) point in words: ``pair of fives``, ``two pair of deuces``, ``ace high``, ``flush``,
    ``straight, queen high``."""
    rank, value = point
    if not value:
        return rank.name.lower()
    card_rank = ruleset.deck.rank(value)
    if not rank.pattern.groups:
        return f"{card_rank.name} high" if not rank.pattern.core_size else f"{rank.name.lower()}, {card_rank.name} high"
    return f"{rank.name.lower()} of {card_rank.plural or card_rank.name + 's'}"


def _skill(entrant: Any, table: Any) -> int:
    spec = entrant.spec
    if not spec:
        return 0
    if re.fullmatch(r"[+-]?\d+", spec):
        return int(spec)
    value = table.trait(entrant.name, spec.lower())
    if value is None:
        raise ConflictError(f"{entrant.name}={spec}: give a skill as a number, or a roster trait of "
                            f"{entrant.name} on --table (no '{spec.lower()}' there)")
    if isinstance(value, bool) or not re.fullmatch(r"\d+", str(value)):
        raise ConflictError(f"{entrant.name}'s {spec.lower()} must be a whole number of 0 or more, not '{value}'")
    return int(value)


def _check(request: Any) -> None:
    if not request.participants:
        raise ConflictError("who draws? dealer conflict Sam=3 (a skill of 3) or Sam=3 Bob=2 for a contest")
    names = [e.name for e in request.participants] + [e.name for e in request.helpers]
    doubled = sorted({name for name in names if names.count(name) > 1})
    if doubled:
        raise ConflictError(f"{', '.join(doubled)} is named twice: each person draws once")
    for name in [n for n, _ in request.mods] + list(request.wild_pick):
        if name not in names:
            raise ConflictError(f"'{name}' does not draw in this contest ({', '.join(names)})")
    for option in ("scores", "power", "extra", "weird"):
        if getattr(request, option):
            raise ConflictError(f"--{option} is for Dust Devils conflicts; this ruleset draws contests by skill")


def _target(ruleset: Any, request: Any) -> tuple:
    threshold = ruleset.threshold(request.target or ruleset.conflict["target"])
    if request.fear:
        threshold = draws.raise_value(ruleset, threshold, request.fear)
    return threshold


def resolve_contest(ruleset: Any, request: Any, table: Any, rng: Any) -> "ContestResult":
    """Helpers draw, the participants draw, then each is judged (see the module's doctest)."""
    from dealer.core.piles import Piles

    _check(request)
    threshold = _target(ruleset, request)
    context = ruleset.context(ruleset.conflict["context"] or None)
    piles = Piles.fresh([card.code for card in ruleset.deck], rng)
    table.decks[DECK] = piles
    table.touch(DECK)
    state = table.state(ConflictState)
    helpers = [_draw(ruleset, request, entrant, "helper", table, piles, rng, context, None) for entrant in
               request.helpers]
    for helper in helpers:
        helper.bonus = draws.helper_bonus(ruleset, helper.hand)
    bonus = draws.add_bonuses([helper.bonus for helper in helpers]) if helpers else None
    drawers = [_draw(ruleset, request, entrant, "participant", table, piles, rng, context, bonus if i == 0 else None)
               for i, entrant in enumerate(request.participants)]
    result = ContestResult(ruleset, request, threshold, helpers, drawers, bonus, table.name)
    for drawer in drawers:
        _judge(ruleset, request, drawer, threshold, state)
    result.decide()
    _record(ruleset, result, table, rng)
    return result


def _modifiers(request: Any, name: str, state: ConflictState, bonus: Any, leader: bool) -> list[list]:
    mods = [["mod", n] for who, n in request.mods if who == name]
    if name in state.shaken:
        mods.append(["shaken", SHAKEN])
    if bonus is not None and bonus.cards:
        mods.append(["helpers", bonus.cards])
    if leader and request.called:
        mods.append(["called shot", -request.called])
    return mods


def _chip(ruleset: Any, request: Any, name: str, table: Any, drawer: Drawer) -> int:
    """A chip played before the draw (seed 003): white one more card (a modifier), red a wild pick."""
    colours = [colour for who, colour in getattr(request, "chips", ()) if who == name]
    if not colours:
        return 0
    from dealer.core.mechanics.chips import chip_before_draw

    picks = 0
    for colour in colours:
        bonus = chip_before_draw(ruleset, table, name, colour)
        if bonus.cards:
            drawer.modifiers.append([f"{colour} chip", bonus.cards])
        picks += bonus.wild_picks
    return picks


def _draw(ruleset: Any, request: Any, entrant: Any, role: str, table: Any, piles: Any, rng: Any, context: Any,
          bonus: Any) -> Drawer:
    from dealer.core.mechanics.hex import is_winded

    drawer = Drawer(entrant.name, role, _skill(entrant, table))
    leader = role == "participant" and entrant is request.participants[0]
    drawer.modifiers = _modifiers(request, entrant.name, table.state(ConflictState), bonus, leader)
    drawer.winded = is_winded(table, entrant.name)
    picks = (bonus.wild_picks if bonus is not None else 0) + _chip(ruleset, request, entrant.name, table, drawer)
    drawer.size = draws.draw_size(ruleset, drawer.skill, [n for _, n in drawer.modifiers],
                                  wild_pick=entrant.name in request.wild_pick, winded=drawer.winded,
                                  extra_picks=picks)
    if entrant.cards:
        codes = [card.code for card in ruleset.deck.parse_many(entrant.cards)]
        piles.take(codes, entrant.name)
        drawer.typed = True
    else:
        drawn = piles.draw(drawer.size.cards, entrant.name, rng, False)
        if drawn.short:
            raise ConflictError(f"the {len(ruleset.deck)}-card deck ran out dealing to {entrant.name}: "
                                "fewer people or cards, or type the cards in")
        codes = drawn.cards
    drawer.cards = [ruleset.deck.parse(code) for code in codes]
    if drawer.cards:
        drawer.hand, drawer.picks = draws.best_with_picks(ruleset, drawer.cards, context, drawer.size.wild_picks)
        drawer.bust = draws.is_bust(ruleset, drawer.cards, drawer.hand)
        drawer.point = draws.hand_value(drawer.hand, ruleset)
        if bonus is not None and bonus.value:
            drawer.point = draws.raise_value(ruleset, drawer.point, bonus.value)
    return drawer


def _judge(ruleset: Any, request: Any, drawer: Drawer, threshold: tuple, state: ConflictState) -> None:
    drawer.success = drawer.hand is not None and not drawer.bust and draws.meets_value(drawer.point, threshold)
    if request.fear is None:
        return
    if drawer.success:
        drawer.outcome = "stalwart"
        return
    least = ruleset.threshold(ruleset.hex["target"])
    badly = drawer.bust if ruleset.conflict["fear_running"] == "bust" else (
        drawer.hand is None or not draws.meets_value(drawer.point, least))
    drawer.outcome = "running" if badly else "shaken"
    if drawer.name not in state.shaken:
        state.shaken.append(drawer.name)
        state.shaken.sort()


class ContestResult:
    """A contest resolved: helpers, participants, the winner or a tie, fear and called-shot readings."""

    def __init__(self, ruleset: Any, request: Any, threshold: tuple, helpers: list[Drawer], drawers: list[Drawer],
                 bonus: Any, table: str | None):
        self.ruleset = ruleset
        self.request = request
        self.threshold = threshold
        self.target_text = point_text(ruleset, threshold)
        self.helpers = helpers
        self.drawers = drawers
        self.bonus = bonus
        self.table = table
        self.winner = None
        self.tie: list[str] = []
        self.called = None
        self.events: list[dict] = []

    def _standing(self, drawer: Drawer) -> tuple:
        if drawer.hand is None:
            return (-1,)
        if self.bonus is not None and self.bonus.value:  # a raised hand compares by its value point
            return drawer.point[0].strength, drawer.point[1]
        return drawer.hand.key

    def decide(self) -> None:
        """Two or more without a fear check compare; a called shot reads the leader's hand."""
        if len(self.drawers) > 1 and self.request.fear is None:
            top = max(map(self._standing, self.drawers))
            leaders = [d.name for d in self.drawers if self._standing(d) == top]
            self.winner, self.tie = (leaders[0], []) if len(leaders) == 1 else (None, leaders)
        if self.request.called:
            self.called = self._called(self.drawers[0])

    def _called(self, leader: Drawer) -> dict:
        rules = self.ruleset.conflict
        reading = rules["called_miss"]
        beaten = len(self.drawers) > 1 and self.winner != leader.name
        if leader.success and not beaten:
            for row in rules["called"]:
                if self.ruleset.ranking.meets(leader.hand, self.ruleset.threshold(row["min"])):
                    reading = row["reading"]
                    break
        return {"penalty": self.request.called, "by": leader.name, "reading": reading}

    def to_data(self) -> dict:
        rank, value = self.threshold
        return {"kind": "contest", "style": "contest", "table": self.table, "deck": DECK,
                "target": {"text": self.target_text, "rank": rank.id, "value": value},
                "fear": ({"level": self.request.fear, "base": self.request.target or self.ruleset.conflict["target"]}
                         if self.request.fear is not None else None),
                "helpers": [helper.to_data(self.ruleset) for helper in self.helpers],
                "bonus": self.bonus.to_data() if self.bonus is not None else None,
                "participants": [drawer.to_data(self.ruleset) for drawer in self.drawers],
                "winner": self.winner, "tie": self.tie, "called": self.called, "events": self.events}


def _record(ruleset: Any, result: ContestResult, table: Any, rng: Any) -> None:
    """Chips for the Red Joker, each participant's hand remembered, the cards to the discards, the history."""
    from dealer.core.mechanics.last_hand import LastHands
    from dealer.core.piles import chip_event

    for drawer in result.helpers + result.drawers:
        for card in drawer.cards:
            if card.code in ruleset.hex["chip_cards"]:
                result.events.append(chip_event(table.chips, ruleset.chips, drawer.name, rng, f"drew the {card.name}"))
    hands = table.state(LastHands)
    for drawer in result.drawers:
        hands.remember(person=drawer.name, source="contest", deck=DECK, cards=[c.code for c in drawer.cards],
                       target=result.target_text, context=ruleset.conflict["context"],
                       wild_picks=[c.code for c in drawer.picks],
                       data={"value": result.bonus.value if result.bonus is not None and drawer is result.drawers[0]
                             else 0, "fear": result.request.fear, "called": result.request.called})
    cards = table.decks[DECK].discard_all_in_play()
    table.log("contest", deck=DECK, cards=cards,
              data={"participants": [d.name for d in result.drawers], "helpers": [h.name for h in result.helpers],
                    "target": result.target_text, "winner": result.winner, "tie": result.tie,
                    "success": {d.name: d.success for d in result.drawers},
                    **({"fear": {d.name: d.outcome for d in result.drawers}} if result.request.fear is not None else {})})
    table.log_events(result.events)
