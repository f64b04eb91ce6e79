"""Poker-hands contests (seed 003): against a target or each other, helpers, fear checks, called shots.

Every hand is the one skill draw (``skill_draw``): 5 + skill + modifiers cards, ten at most (a
wild pick above), the person's conditions, chips played first, the Jokers. Helpers draw first;
each helper's hand adds to the leader's (the first participant's) draw by the ruleset's
``conflict.helpers`` table: cards, wild picks, or value steps (a pair's "+5 value": fives
become tens). Alone, a participant succeeds by meeting the target (``conflict.target``, a pair
unless the GM sets one); two or more draw and compare, and an exact tie is reported as one.

``--fear LEVEL`` raises the target by LEVEL value steps: success is stalwart, failure leaves
the person shaken, failing badly (``conflict.fear_running``) fleeing: both conditions, kept on
a table, that cost a card in every later draw. ``--called N`` takes an N card penalty and reads
the hand by ``conflict.called``.

>>> import random
>>> from dealer.store.rulesets import load
>>> from dealer.core.table import Table
>>> from dealer.core.mechanics.conflict.common import parse_request
>>> poker = load("poker-hands")
>>> request = parse_request(poker, ["Sam=:2c 2d 7h 9s Kd"], {"fear": 3})
>>> result = resolve_contest(poker, request, Table.fresh(poker), random.Random(1))
>>> result.target_text, result.drawers[0].success, result.drawers[0].outcome
('pair of fives', False, 'shaken')
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, NamedTuple

from dealer.core.ledger import situations
from dealer.core.mechanics import conditions, draws
from dealer.core.mechanics.conditions import BLOCK, DODGE, Modifier
from dealer.core.mechanics.conflict.common import DECK, ConflictError, ContestRequest, Entrant
from dealer.core.mechanics.last_hand import DrawRecord, KeptContest, LastHands
from dealer.core.mechanics.skill_draw import (Draw, DrawRequest, NoDeal, PilesSource, as_it_stands, chips_before,
                                              draw_plan, resolved, skill_draw)
from dealer.core.piles import Piles
from dealer.core.results import hand_data
from dealer.core.table import Table
from dealer.errors import did_you_mean, shell_word, usage

if TYPE_CHECKING:
    from collections.abc import Sequence

    from dealer.core.cards import Card
    from dealer.core.hands import Hand
    from dealer.core.mechanics.draws import Point
    from dealer.core.rules import Ruleset

STALWART = "stalwart"


class Drawer(NamedTuple):
    """One person's part in a contest: their draw and how it was judged (a helper's bonus)."""

    name: str
    role: str  # "participant" or "helper"
    draw: Draw
    success: bool = False
    outcome: str = ""  # a fear check's: stalwart, shaken, fleeing
    bonus: draws.HelperBonus | None = None

    def to_data(self) -> dict:
        data = {"name": self.name, "draw": self.draw.to_data()}
        if self.role == "helper":  # a helper is not judged: their hand only adds to the leader's
            data["bonus"] = self.bonus.to_data()
        else:
            data["success"] = self.success
        if self.outcome:
            data["outcome"] = self.outcome
        return data


def _skills(table: Table, name: str) -> dict[str, int]:
    """``name``'s roster traits that are whole numbers: the skills a contest may draw with."""
    traits = table.roster[name]["traits"] if name in table.roster else {}
    return {key: value for key, value in traits.items() if isinstance(value, int) and not isinstance(value, bool)}


def _skill(entrant: Entrant, table: Table) -> int:
    """A participant's skill: a number, a roster trait named (``Bert=pistol``), or 0 for a bare
    name off the roster. A bare roster name is refused: which of their skills is meant?"""
    spec, name = entrant.spec, entrant.name
    if not spec:
        if entrant.cards is not None:  # cards dealt by hand need no skill
            return 0
        if name not in table.roster:
            meant = did_you_mean(name, table.roster) if table.persistent else ""
            if meant:
                raise ConflictError(f"{name} is not on table '{table.name}': {meant}")
            return 0
        skills = _skills(table, name)
        listed = ", ".join(f"{key}={value}" for key, value in skills.items())
        say = f"say {shell_word(name)}={next(iter(skills))}" if skills else f"give a number, e.g. {shell_word(name)}=2"
        raise usage(ConflictError(f"which skill does {name} draw with? {name} has "
                                  f"{listed or 'no skills on the roster'}: {say} (or {shell_word(name)}=N for a skill of N)"))
    return draws.skill_of(table, name, spec, ConflictError)


def _check(request: ContestRequest, table: Table) -> None:
    if not request.participants:
        raise usage(ConflictError("who draws? dealer conflict Sam=3 (a skill of 3) or Sam=3 Bob=2 for a contest"))
    if (request.defend or request.against or request.melee) and not table.persistent:
        raise usage(ConflictError("a defence is kept on a table: add --table NAME"))
    if (request.defend or request.against) and (len(request.participants) > 1 or request.fear_check):
        raise usage(ConflictError("--defend and --against take one participant (the defender, or the attacker), "
                                  "without a fear check"))
    if request.melee and not request.against:
        raise usage(ConflictError("--melee is an attack in hand-to-hand: name the one attacked with --against NAME"))
    if request.defend == DODGE and request.against:
        raise usage(ConflictError("an attack that defends too is a block (seed 003: \"you're protecting yourself and "
                                  "attacking with the same value\"): --defend block; a dodge is an action of its own"))
    names = [e.name for e in request.participants] + [e.name for e in request.helpers]
    doubled = sorted({name for name in names if names.count(name) > 1})
    if doubled:
        raise ConflictError(f"{', '.join(doubled)} is named twice: each person draws once")
    for name in [n for n, _ in request.mods] + list(request.wild_pick) + [n for n, _ in request.chips]:
        if name not in names:
            raise ConflictError(f"'{name}' does not draw in this contest ({', '.join(names)})")


def target(ruleset: Ruleset, request: ContestRequest, event: Point | None = None) -> Point:
    """The hand to beat: the GM's (``--target``), a fear event's set hand (``--fear-hand``) or its
    own drawn hand (``event``, its value point), or the ruleset's; raised by a fear area's level.
    Seed 003: "an event will have a hand draw for fear or a set hand. An area can also add to the
    fear of an event, and will raise the value of the hand"."""
    if event is not None:
        threshold = event
    else:
        threshold = ruleset.threshold(request.fear_hand or request.target or ruleset.conflict["target"])
    if request.fear:
        threshold = draws.raise_value(ruleset, threshold, request.fear)
    return threshold


def _check_fear_draw(ruleset: Ruleset, request: ContestRequest, left: int) -> None:
    if request.fear_draw is None:
        return
    if request.fear_hand is not None:
        raise ConflictError("a fear event has a set hand (--fear-hand) or draws its own (--fear-draw), not both")
    if not 0 < request.fear_draw <= left:
        raise ConflictError(f"the event cannot draw {request.fear_draw} cards from a {len(ruleset.deck)}-card deck")


def _fear_event(ruleset: Ruleset, request: ContestRequest, piles: Piles,
                rng: random.Random) -> tuple[list[Card], Hand | None]:
    """A fear event's own hand, drawn from the contest's deck before anyone checks: its cards and
    best hand (in the skill draws' context)."""
    if request.fear_draw is None:
        return [], None
    _check_fear_draw(ruleset, request, len(piles.draw_pile))
    drawn = piles.draw(request.fear_draw, "the event", rng, False)
    cards = [ruleset.deck.parse(code) for code in drawn.cards]
    return cards, ruleset.ranking.best(cards, ruleset.context(ruleset.draws["context"] or None))


def _take_typed(ruleset: Ruleset, request: ContestRequest, piles: Piles) -> dict[str, list[Card]]:
    """The cards typed in, by person, taken out of the deck before anyone draws (a card typed
    for two people is refused)."""
    typed = {entrant.name: ruleset.deck.parse_many(entrant.cards)
             for entrant in (*request.helpers, *request.participants) if entrant.cards}
    for name, cards in typed.items():
        piles.take([card.code for card in cards], name)
    return typed


def resolve_contest(ruleset: Ruleset, request: ContestRequest, table: Table, rng: random.Random) -> "ContestResult":
    """Helpers draw, the participants draw, then each is judged (see the module's doctest)."""
    _check(request, table)
    defence, automatic = _standing(ruleset, table, request.against, request.melee) if request.against else (None, False)
    piles = table.fresh_deck(DECK, rng)
    _take_typed(ruleset, request, piles)
    event_cards, event = _fear_event(ruleset, request, piles, rng)
    threshold = target(ruleset, request, draws.hand_value(event, ruleset) if event is not None else None)

    def draw(entrant: Entrant, role: str, bonus: draws.HelperBonus | None) -> Draw:
        short = ConflictError(f"the {len(ruleset.deck)}-card deck ran out dealing to {entrant.name}: "
                              "fewer people or cards, or type the cards in")
        source = NoDeal() if entrant.cards else PilesSource(piles, entrant.name, rng, reshuffle=False, short=short)
        return skill_draw(ruleset, table, _draw_request(ruleset, request, entrant, role, table, bonus), source, rng)

    helpers = []
    for entrant in request.helpers:
        drawn = draw(entrant, "helper", None)
        helpers.append(Drawer(entrant.name, "helper", drawn,
                              bonus=draws.helper_bonus(ruleset, drawn.hand.rank if drawn.hand else None)))
    bonus = draws.add_bonuses([helper.bonus for helper in helpers]) if helpers else None
    drawn = [draw(entrant, "participant", bonus if i == 0 else None) for i, entrant in enumerate(request.participants)]
    fear_before = {d.person: conditions.conditions_of(table, d.person).fear for d in drawn} if request.fear_check else {}
    judged = judge_contest(ruleset, drawn, threshold, fear_check=request.fear_check,
                           by_value=bool(bonus and bonus.value), called=request.called or 0,
                           against=request.against or "", defence=defence)
    for drawer in judged.drawers if request.fear_check else ():
        conditions.settle_fear(table, drawer.name, fear_before[drawer.name], drawer.outcome)
    if defence is not None:
        defence.attacked = True
    stands = _defends(request)
    if stands:
        conditions.defend(table, drawn[0].person, _stand(_new_defence(table, stands), drawn[0]))
    result = ContestResult(ruleset, request, threshold, draws.point_text(ruleset, threshold), helpers, judged.drawers,
                           bonus, table.name, judged.winner, judged.tie, judged.called, event_cards, event,
                           _defence_data(ruleset, request, defence, judged.drawers, automatic),
                           drawn[0].person if stands and request.against else None)
    _record(result, table, fear_before, defence)
    return result


class ContestJudgement(NamedTuple):
    """A contest's hands judged: each participant's success (and a fear check's outcome), the
    winner or everyone tied at the top, a called shot's reading."""

    drawers: list[Drawer]
    winner: str | None
    tie: list[str]
    called: dict | None


def judge_contest(ruleset: Ruleset, drawn: Sequence[Draw], threshold: Point, *, fear_check: bool, by_value: bool,
                  called: int, against: str = "", defence: conditions.Defence | None = None) -> ContestJudgement:
    """The participants' draws (the leader first) judged: each against the target (a fear check
    into stalwart, shaken or fleeing), two or more compared (``by_value``: by their value points,
    a helper having raised the leader's), or the one attack against the ``defence`` kept by
    ``against``; a called shot (``called`` cards of penalty) read off the leader's hand. The
    contest and a chip after it both judge so."""
    drawers = [Drawer(one.person, "participant", one, one.meets(threshold),
                      fear_outcome(ruleset, one, threshold) if fear_check else "") for one in drawn]
    winner, tie = _compare(drawers, fear_check, by_value)
    if defence is not None:
        winner, tie = _against(ruleset, drawers[0], against, defence, by_value)
    return ContestJudgement(drawers, winner, tie, _called(ruleset, called, drawers, winner) if called else None)


def fear_outcome(ruleset: Ruleset, drawn: Draw, threshold: Point) -> str:
    """Seed 003's Fear: "If you succeed, you're stalwart, otherwise you're either shaken ..., or if
    you fail badly" (``conflict.fear_running``: a bust, or less than the least success) fleeing."""
    if drawn.meets(threshold):
        return STALWART
    badly = drawn.bust if ruleset.conflict["fear_running"] == "bust" else not drawn.meets(draws.least_success(ruleset))
    return conditions.FLEEING if badly else conditions.SHAKEN


def _purpose(request: ContestRequest, role: str, leader: bool) -> str:
    if role == "helper":
        return "helper"
    if request.fear_check:
        return "fear"
    return "called-shot" if leader and request.called else "contest"


def _draw_request(ruleset: Ruleset, request: ContestRequest, entrant: Entrant, role: str, table: Table,
                  bonus: draws.HelperBonus | None) -> DrawRequest:
    """One person's skill draw as asked: their modifiers, the helpers' bonus for the leader, a
    called shot's penalty, chips played first."""
    leader = role == "participant" and entrant is request.participants[0]
    mods = [Modifier("mod", n) for who, n in request.mods if who == entrant.name]
    picks = []
    if bonus is not None and bonus.cards:
        mods.append(Modifier("helpers", bonus.cards))
    if bonus is not None and bonus.wild_picks:
        picks.append(Modifier("helpers", bonus.wild_picks))
    if leader and request.called:
        mods.append(Modifier("called shot", -request.called))
    return DrawRequest(_purpose(request, role, leader), entrant.name, _skill(entrant, table), tuple(mods),
                       wild_pick=entrant.name in request.wild_pick, wild_picks=tuple(picks),
                       chips=tuple(colour for who, colour in request.chips if who == entrant.name),
                       cards=tuple(entrant.cards.split()) if entrant.cards else None,
                       value=bonus.value if bonus is not None else 0)


def _defends(request: ContestRequest) -> str | None:
    """How the (one) participant's hand stands as their defence: ``--defend``, or a block in
    hand-to-hand (seed 003: "the blocking is automatic and not a separate action")."""
    return request.defend or (BLOCK if request.melee else None)


def _new_defence(table: Table, how: str) -> conditions.Defence:
    from dealer.core.mechanics.action.common import ActionState

    return conditions.Defence(how=how, cards=[], rank="", value=0, round=table.state(ActionState).round)


def _standing(ruleset: Ruleset, table: Table, defender: str,
              melee: bool) -> tuple[conditions.Defence | None, bool]:
    """The defender's kept hand, or a refusal saying how to make one. In hand-to-hand (``melee``)
    one with no standing defence blocks with their own last hand (seed 003: "you're protecting
    yourself and attacking with the same value, and that value lasts until you take another
    action"), which then stands as their block; with no hand yet, nothing blocks: "hitting people
    is a simple contest (GM assigned difficulty)" (None). Whether it was that automatic block."""
    defence = conditions.standing_defence(table, defender)
    if defence is not None:
        return defence, False
    kept = table.state(LastHands).of(defender) if melee else None
    if kept is not None:
        defence = _stand(_new_defence(table, BLOCK), as_it_stands(ruleset, table, kept.draw_of(defender).request()))
        conditions.defend(table, defender, defence)
        return defence, True
    if melee:
        return None, False
    who = shell_word(defender)
    raise ConflictError(f"{defender} has no standing defence on table '{table.name}': they draw one with "
                        f"dealer conflict {who}=SKILL --defend block|dodge, in hand-to-hand their last hand blocks "
                        f"(--melee), or contest them head on (dealer conflict ATTACKER=SKILL {who}=SKILL)")


def _defence_hand(ruleset: Ruleset, defence: conditions.Defence) -> Hand | None:
    cards = ruleset.deck.parse_many(" ".join(defence.cards))
    context = ruleset.context(ruleset.draws["context"] or None)
    wild = [card for card in cards if card.code in defence.wild_picks]
    return ruleset.ranking.best(cards, context.with_wild(wild) if wild else context) if cards else None


def _stand(defence: conditions.Defence, drawn: Draw) -> conditions.Defence:
    """Seed 003: "the blocking is automatic ... that value lasts until you take another action"; a
    dodge "until your first action the next round": the defence stands at the drawn hand's point."""
    rank, value = drawn.point if drawn.point is not None else (None, 0)
    defence.cards, defence.wild_picks = [card.code for card in drawn.cards], [card.code for card in drawn.picked]
    defence.rank, defence.value = rank.id if rank is not None else "", value
    return defence


# -- a chip after the draw --------------------------------------------------------------------


def _judged_again(ruleset: Ruleset, table: Table, kept: KeptContest, person: str, drawn: Draw) -> ContestJudgement:
    """The kept contest judged whole (``judge_contest``) with ``drawn`` as the person's hand."""
    hands = [drawn if record.person == person else as_it_stands(ruleset, table, record.request())
             for record in kept.draws]
    return judge_contest(ruleset, hands, ruleset.threshold(kept.target), fear_check=kept.fear_check,
                         by_value=kept.by_value, called=kept.called, against=kept.against, defence=kept.defence)


def check_change(ruleset: Ruleset, table: Table, kept: KeptContest, person: str) -> None:
    """Refused before the chip moves: a defence hand changes only while it stands and before an
    attack is judged against it; a fear check's only while the fear it left stands."""
    record = kept.draw_of(person)
    if kept.defend:
        standing = conditions.standing_defence(table, person)
        if standing is None or standing.cards != record.cards:
            raise ConflictError(f"{person}'s {kept.defend} no longer stands: its hand cannot change")
        if standing.attacked:
            raise ConflictError(f"an attack has been judged against {person}'s {kept.defend}: its hand cannot change")
    if kept.fear_check:
        judged = _judged_again(ruleset, table, kept, person, as_it_stands(ruleset, table, record.request()))
        outcome = next(drawer.outcome for drawer in judged.drawers if drawer.name == person)
        if conditions.conditions_of(table, person).fear != conditions.worse_fear(kept.fear_before.get(person, ""),
                                                                                 outcome):
            raise ConflictError(f"{person}'s fear has changed since the check: its hand cannot change")


def hand_changed(ruleset: Ruleset, table: Table, kept: KeptContest, person: str, before: Draw,
                 after: Draw) -> tuple[dict, dict]:
    """The contest judged again whole, before and after the chip (the winner too); what the
    changed hand makes is kept: a fear check's outcome (the person's fear before the check stays),
    a standing defence's new point."""
    was, now = (_judged_again(ruleset, table, kept, person, drawn) for drawn in (before, after))
    outcome = _outcome(kept, person, now)
    if kept.fear_check:
        mine = next(drawer.outcome for drawer in now.drawers if drawer.name == person)
        outcome["fear"] = conditions.settle_fear(table, person, kept.fear_before.get(person, ""), mine)
    if kept.defend:
        standing = _stand(conditions.standing_defence(table, person), after)
        outcome["defence"] = {"how": standing.how, "rank": standing.rank, "value": standing.value}
    return _outcome(kept, person, was), outcome


def _outcome(kept: KeptContest, person: str, judged: ContestJudgement) -> dict:
    drawers = [{"name": drawer.name, "success": drawer.success, **({"outcome": drawer.outcome} if drawer.outcome else {})}
               for drawer in judged.drawers]
    return {"kind": "contest", "person": person, "target": kept.target,
            "success": next(drawer["success"] for drawer in drawers if drawer["name"] == person),
            "participants": drawers, "winner": judged.winner, "tie": judged.tie, "called": judged.called}


def _against(ruleset: Ruleset, attacker: Drawer, defender: str, defence: conditions.Defence,
             by_value: bool) -> tuple[str | None, list]:
    """"A contest against their hand": the attack beats the kept hand, or does not; equal is a tie."""
    kept = _defence_hand(ruleset, defence)
    drawn = attacker.draw
    if drawn.hand is None or kept is None:
        mine, theirs = (drawn.hand is not None,), (kept is not None,)
    elif by_value:
        mine, theirs = (drawn.point[0].strength, drawn.point[1]), (kept.rank.strength, kept.primary)
    else:
        mine, theirs = drawn.hand.key, kept.key
    if mine == theirs:
        return None, [attacker.name, defender]
    return (attacker.name if mine > theirs else defender), []


def _defence_data(ruleset: Ruleset, request: ContestRequest, defence: conditions.Defence | None,
                  drawers: list[Drawer], automatic: bool = False) -> dict | None:
    """The defence attacked (``--against``: ``automatic`` when it is the defender's last hand, in
    hand-to-hand), else the one drawn (``--defend``)."""
    if defence is not None and request.against:
        kept = _defence_hand(ruleset, defence)
        return {"defender": request.against, "how": defence.how, "cards": list(defence.cards),
                "hand": hand_data(kept, ruleset) if kept else None, "kept": True, "automatic": automatic}
    if request.defend:
        drawn = drawers[0].draw
        return {"defender": drawn.person, "how": request.defend, "cards": [card.code for card in drawn.cards],
                "hand": hand_data(drawn.hand, ruleset) if drawn.hand else None, "kept": True, "automatic": False}
    return None


def standing(key: tuple | None, point: Point | None, by_value: bool) -> tuple:
    """What a participant's draw compares by: its hand's key; every draw's value point when a
    helper raised the leader's value; below everyone without a hand."""
    if key is None:
        return (-1,)
    if by_value:  # a raised hand compares by its value point
        return point[0].strength, point[1]
    return key


def top_places(standings: list[tuple]) -> list[int]:
    """The places of the best standing: one winner, or everyone tied at the top."""
    top = max(standings)
    return [i for i, item in enumerate(standings) if item == top]


def _compare(drawers: list[Drawer], fear_check: bool, by_value: bool) -> tuple[str | None, list[str]]:
    """Two or more without a fear check compare: the winner, or everyone tied at the top."""
    if len(drawers) < 2 or fear_check:
        return None, []
    places = top_places([standing(d.draw.hand.key if d.draw.hand else None, d.draw.point, by_value) for d in drawers])
    leaders = [drawers[i].name for i in places]
    return (leaders[0], []) if len(leaders) == 1 else (None, leaders)


def _called(ruleset: Ruleset, penalty: int, drawers: list[Drawer], winner: str | None) -> dict:
    """A called shot reads the leader's hand: the first row of ``conflict.called`` it meets."""
    rules, leader = ruleset.conflict, drawers[0]
    reading = rules["called_miss"]
    beaten = len(drawers) > 1 and winner != leader.name
    if leader.success and not beaten:
        for row in rules["called"]:
            if ruleset.ranking.meets(leader.draw.hand, ruleset.threshold(row["min"])):
                reading = row["reading"]
                break
    return {"penalty": penalty, "by": leader.name, "reading": reading}


class ContestResult(NamedTuple):
    """A contest resolved: helpers, participants, the winner or a tie, fear and called-shot readings."""

    ruleset: Ruleset
    request: ContestRequest
    threshold: Point
    target_text: str
    helpers: list[Drawer]
    drawers: list[Drawer]
    bonus: draws.HelperBonus | None
    table: str | None
    winner: str | None
    tie: list[str]
    called: dict | None
    event_cards: list[Card] = []
    event: Hand | None = None
    defence: dict | None = None
    blocks: str | None = None  # the attacker whose hand stands as their block too (hand-to-hand)

    def _fear(self) -> dict | None:
        request = self.request
        if not request.fear_check:
            return None

        base = request.fear_hand or request.target or self.ruleset.conflict["target"]
        if self.event is not None:
            base = draws.point_text(self.ruleset, draws.hand_value(self.event, self.ruleset))
        return {"level": request.fear or 0, "base": base,
                "event": ({"cards": [card.code for card in self.event_cards],
                           "hand": hand_data(self.event, self.ruleset)} if self.event is not None else None)}

    def to_data(self) -> dict:
        rank, value = self.threshold
        return {"kind": "contest", "table": self.table, "deck": DECK,
                "target": {"text": self.target_text, "rank": rank.id, "value": value}, "fear": self._fear(),
                "helpers": [helper.to_data() for helper in self.helpers],
                "bonus": self.bonus.to_data() if self.bonus is not None else None,
                "participants": [drawer.to_data() for drawer in self.drawers],
                "winner": self.winner, "tie": self.tie, "called": self.called, "defence": self.defence,
                "blocks": self.blocks, "against": self.request.against}


def _record(result: ContestResult, table: Table, fear_before: dict[str, str], defence: conditions.Defence | None) -> None:
    """The participants' hands kept, with what the contest needs to judge them again (a fear
    check's fear before it, the defence an attack was judged against), the cards to the
    discards, the history."""
    request = result.request
    table.state(LastHands).keep(KeptContest(
        mechanic="contest", draws=[DrawRecord.of(drawer.draw, DECK) for drawer in result.drawers],
        target=result.target_text, fear_check=request.fear_check, fear_before=fear_before,
        called=request.called or 0, by_value=bool(result.bonus and result.bonus.value), defend=_defends(request) or "",
        against=request.against or "", defence=conditions.Defence.from_data(defence.to_data(), "defence")
        if defence is not None else None))
    cards = table.decks[DECK].discard_all_in_play()
    table.log("contest", deck=DECK, cards=cards,
              data={"participants": [d.name for d in result.drawers], "helpers": [h.name for h in result.helpers],
                    "target": result.target_text, "winner": result.winner, "tie": result.tie,
                    "success": {d.name: d.success for d in result.drawers},
                    **({"fear": {d.name: d.outcome for d in result.drawers}} if request.fear_check else {}),
                    situations.KEY: _seen(result)})


def _seen(result: ContestResult) -> dict:
    """What the ledger reads of a contest: each participant's draw, how many helped, the target (a
    rank and least value), and whether a fear event's cards were drawn first from the same deck."""
    rank, value = result.threshold
    return {"draws": [situations.draw_seen(drawer.draw) for drawer in result.drawers], "helpers": len(result.helpers),
            "threshold": [rank.id, value], "event": result.event is not None}


# -- the same contest dealt again and again (the odds) ----------------------------------------


class _LeanDrawer:
    """One person of a contest dealt many times: the cards typed in (or None) and the draw as
    asked, its size worked out once for each bonus of the helpers it can get."""

    def __init__(self, ruleset: Ruleset, request: ContestRequest, entrant: Entrant, role: str, table: Table,
                 typed: list[Card] | None):
        self.ruleset, self.request, self.entrant, self.role, self.table = ruleset, request, entrant, role, table
        self.typed = typed
        asked = _draw_request(ruleset, request, entrant, role, table, None)
        self.chips = chips_before(ruleset, table, asked)[:2]  # spent once, as on the fresh table of each deal
        self._sizes = {}

    def size(self, bonus: draws.HelperBonus | None) -> draws.DrawSize:
        size = self._sizes.get(bonus)
        if size is None:
            asked = _draw_request(self.ruleset, self.request, self.entrant, self.role, self.table, bonus)
            size = self._sizes[bonus] = draw_plan(self.ruleset, resolved(self.ruleset, self.table, asked, *self.chips))[2]
        return size


class ContestDeals:
    """A contest ready to be dealt again and again, each time on a fresh table (the odds).

    ``winner`` deals the cards at random (the cards typed in stay out of the deck) and
    ``judge`` judges them as ``resolve_contest`` does, by the hands' keys: no table, no
    piles, no hand built. The draws' sizes (the leader's for each bonus the helpers give),
    the target and the chips played are the same in every deal and are worked out once; a
    tie (or two or more checking fear) has no winner.
    """

    def __init__(self, ruleset: Ruleset, request: ContestRequest):
        table = Table.fresh(ruleset)
        _check(request, table)
        deck = Piles([card.code for card in ruleset.deck])
        typed = _take_typed(ruleset, request, deck)
        self.ruleset, self.request = ruleset, request
        self.context = ruleset.context(ruleset.draws["context"] or None)
        self.pool = [ruleset.deck.parse(code) for code in deck.draw_pile]
        _check_fear_draw(ruleset, request, len(self.pool))
        self.threshold = target(ruleset, request) if request.fear_draw is None else None
        self.helpers = [_LeanDrawer(ruleset, request, e, "helper", table, typed.get(e.name)) for e in request.helpers]
        self.participants = [_LeanDrawer(ruleset, request, e, "participant", table, typed.get(e.name))
                             for e in request.participants]
        most = (request.fear_draw or 0) + sum(drawer.size(None).cards for drawer in (*self.helpers, *self.participants)
                                              if drawer.typed is None)
        leader = self.participants[0]
        if self.helpers and leader.typed is None:  # the helpers' bonus changes the leader's size, ten at most
            most += ruleset.draws["max_cards"] - leader.size(None).cards
        self.dealt = min(len(self.pool), most)
        self.names = [entrant.name for entrant in request.participants]
        self.alone = len(self.names) == 1

    def winner(self, rng: random.Random) -> int | None:
        """Deal once at random and judge: the winner's place, a lone participant's (0) on
        success, or None."""
        return self.judge(rng.sample(self.pool, self.dealt))

    def judge(self, dealt: Sequence[Card]) -> int | None:
        """``winner`` when the deck, typed cards out, deals ``dealt`` in this order: the fear
        event's hand first, then each helper, then each participant, as ``resolve_contest``
        draws."""
        ruleset, context, request = self.ruleset, self.context, self.request
        at = 0

        def cards_of(drawer: _LeanDrawer, count: int) -> Sequence[Card]:
            nonlocal at
            if drawer.typed is not None:
                return drawer.typed
            if at + count > len(dealt):
                raise ConflictError(f"the {len(ruleset.deck)}-card deck ran out dealing to {drawer.entrant.name}: "
                                    "fewer people or cards, or type the cards in")
            at += count
            return dealt[at - count:at]

        threshold = self.threshold
        if threshold is None:  # the fear event draws its own hand first
            at = request.fear_draw
            threshold = target(ruleset, request, draws.key_point(ruleset, ruleset.ranking.key(dealt[:at], context)))
        bonus = None
        if self.helpers:
            bonuses = []
            for drawer in self.helpers:
                size = drawer.size(None)
                cards = cards_of(drawer, size.cards)
                key = draws.best_key_with_picks(ruleset, cards, context, size.wild_picks)[0] if cards else None
                bonuses.append(draws.helper_bonus(ruleset, ruleset.ranking.rank_of(key) if key is not None else None))
            bonus = draws.add_bonuses(bonuses)
        by_value = self.alone or (bonus is not None and bonus.value)
        standings = []
        for i, drawer in enumerate(self.participants):
            own = bonus if i == 0 else None
            size = drawer.size(own)
            cards = cards_of(drawer, size.cards)
            if by_value:
                key, point, bust = draws.judge_by_key(ruleset, cards, context, size.wild_picks,
                                                      own.value if own is not None else 0)
            elif cards:  # the hands' keys decide: no value point or bust is read
                key, point, bust = draws.best_key_with_picks(ruleset, cards, context, size.wild_picks)[0], None, False
            else:
                key, point, bust = None, None, False
            if self.alone:
                return 0 if draws.succeeds(point, bust, threshold) else None
            standings.append(standing(key, point, bool(bonus and bonus.value)))
        if request.fear_check:
            return None
        places = top_places(standings)
        return places[0] if len(places) == 1 else None
