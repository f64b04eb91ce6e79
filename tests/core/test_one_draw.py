"""One draw, judged by one function, fresh or changed by a chip (issue 30).

Seed 003, "Poker Chips": "After the hand is drawn, you may play a chip to change it. White allows
you to draw one more card. Red allows you a wild pick. Blue allows you two wild picks." Every
mechanic that keeps a hand (a spell, a contest, a fear check, a standing block or dodge, a
combat's turn order, a design, a build, a repair) keeps its draw's request typed; a chip draws
the hand again through ``skill_draw`` and the mechanic judges it with the function its first draw
used. ``chips spend`` returns ``before`` and ``after`` as full draws, shaped as the first draw.
"""

from __future__ import annotations

import json
import random

import pytest

from dealer.core.mechanics import conditions
from dealer.core.mechanics.action import hands as turn_hands
from dealer.core.mechanics.action import resolve as action_resolve
from dealer.core.mechanics.action.common import HandsRequest
from dealer.core.mechanics.chips import spending
from dealer.core.mechanics.conflict import contest
from dealer.core.mechanics.conflict import resolve as conflict_resolve
from dealer.core.mechanics.conflict.common import DECK, ContestRequest, Entrant
from dealer.core.mechanics.gadget import Design, Device, GadgetState
from dealer.core.mechanics.gadget import invention as inv
from dealer.core.mechanics.hex import resolve as hex_resolve
from dealer.core.mechanics.hex import spells
from dealer.core.mechanics.hex.spells import SpellRequest
from dealer.core.mechanics.last_hand import LastHands
from dealer.core.table import Table, upgrade_states

HIGH = "2c 4d 6h 8s Jc"  # no pair: a wild pick makes one


@pytest.fixture(scope="module")
def poker():
    from dealer.store.rulesets import load

    return load("poker-hands")


def gulch(poker):
    roster = {name: {"side": "posse", "traits": {"mad-science": 2}} for name in ("Sam", "Bob")}
    return Table(poker, name="gulch", roster=roster)


def spend(table, person, colour, rng=None):
    table.chips.move(None, person, colour)
    return spending.resolve_spend(table.ruleset, spending.SpendRequest(person, colour), table,
                                  rng or random.Random(1)).to_data()


class Spy:
    """Records every call of a mechanic's judge (its draws in, what it judged out)."""

    def __init__(self, monkeypatch, module, name):
        self.calls, real = [], getattr(module, name)

        def judge(*args, **kwargs):
            found = real(*args, **kwargs)
            self.calls.append((args, found))
            return found

        monkeypatch.setattr(module, name, judge)


def _spell(table):
    return hex_resolve(table.ruleset, SpellRequest(caster="Sam", skill=0, cards=HIGH), table,
                       random.Random(1)).to_data()["draw"]


def _contest(table):
    request = ContestRequest((Entrant("Sam", "0", HIGH), Entrant("Bob", "0", "Qc Qd 3h 5s 7c")))
    return conflict_resolve(table.ruleset, request, table, random.Random(1)).to_data()["participants"][0]["draw"]


def _fear(table):
    request = ContestRequest((Entrant("Sam", "0", HIGH),), fear=1, fear_hand="pair")
    return conflict_resolve(table.ruleset, request, table, random.Random(1)).to_data()["participants"][0]["draw"]


def _defence(how):
    def draw(table):
        request = ContestRequest((Entrant("Sam", "0", HIGH),), defend=how)
        return conflict_resolve(table.ruleset, request, table, random.Random(1)).to_data()["participants"][0]["draw"]
    return draw


def _turn_order(table):
    data = action_resolve(table.ruleset, HandsRequest(("Sam=5",)), table, random.Random(3)).to_data()
    return next(row["draw"] for row in data["participants"] if row["name"] == "Sam")


def _design(table):
    request = inv.DesignRequest("gun", "straight flush", inv.Check(person="Sam"))
    return inv.resolve_design(table.ruleset, request, table, random.Random(2)).to_data()["draw"]


def _build(table):
    table.state(GadgetState).designs["jet"] = Design(tier="straight-flush", inventor="Sam")
    request = inv.BuildRequest("jet", check=inv.Check(person="Sam"))
    return inv.resolve_build(table.ruleset, request, table, random.Random(2)).to_data()["draw"]


def _repair(table):
    state = table.state(GadgetState)
    state.designs["jet"] = Design(tier="straight-flush", inventor="Sam", builders=["Sam"])
    state.devices["jet-1"] = Device(design="jet", builder="Sam", reliability=5, fail_hand=7, broken=True)
    request = inv.RepairRequest("jet-1", inv.Check(person="Sam"))
    return inv.resolve_repair(table.ruleset, request, table, random.Random(2)).to_data()["check"]["draw"]


# Every mechanic that keeps a hand: how it draws, its one judge (module, function) and what its
# outcome is called.
MECHANICS = {
    "spell": (_spell, (spells, "judge_spell"), "spell"),
    "contest": (_contest, (contest, "judge_contest"), "contest"),
    "fear check": (_fear, (contest, "judge_contest"), "contest"),
    "block": (_defence("block"), (contest, "judge_contest"), "contest"),
    "dodge": (_defence("dodge"), (contest, "judge_contest"), "contest"),
    "turn order": (_turn_order, (turn_hands, "rank_hands"), "turn-order"),
    "design": (_design, (inv, "judge_design"), "design"),
    "build": (_build, (inv, "judge_build"), "build"),
    "repair": (_repair, (inv, "check_steps"), "repair"),
}


def _judged_draw(args):
    """The Sam draw a judge was handed (the draws of a contest, a combat's by name, or one)."""
    for arg in args:
        if isinstance(arg, dict) and "Sam" in arg:
            return arg["Sam"]
        if isinstance(arg, list) and arg and hasattr(arg[0], "person"):
            return next(drawn for drawn in arg if drawn.person == "Sam")
        if hasattr(arg, "person") and hasattr(arg, "cards"):
            return arg
    raise AssertionError(args)


def _schema_problems(data):
    """What docs/schema.json's ``chips`` entry finds wrong with a chips result (none: it is published)."""
    from tests.cli.test_json_schema import problems, validator

    return problems(data, validator("chips"))


@pytest.mark.parametrize("mechanic", MECHANICS)
def test_a_white_then_a_red_chip_redraw_the_hand_and_the_first_draws_judge_judges_it(poker, monkeypatch, mechanic):
    draw, (module, name), kind = MECHANICS[mechanic]
    spy = Spy(monkeypatch, module, name)
    table = gulch(poker)
    first = draw(table)
    assert spy.calls, f"the first draw of a {mechanic} is judged by {name}"
    held = first
    for colour in ("white", "red"):
        spy.calls.clear()
        data = spend(table, "Sam", colour)
        before, after = data["before"], data["after"]
        assert before.keys() == after.keys() == first.keys() and after["kind"] == "draw"
        assert before == {**held, "chips": []}  # the hand as it stood, rebuilt from its typed record
        assert (after["purpose"], after["person"], after["skill"]) == (first["purpose"], "Sam", first["skill"])
        if colour == "white":
            assert after["cards"][:-1] == before["cards"] and len(data["added"]) == 1
            assert after["cards_allowed"] == before["cards_allowed"] + 1 and after["wild_picks"] == before["wild_picks"]
            assert after["modifiers"][-1] == {"why": "white chip after the draw", "cards": 1}
        else:
            assert after["cards"] == before["cards"] and data["added"] == []
            assert after["wild_picks"] == before["wild_picks"] + 1 == len(after["picked"])
            assert after["picks_from"][-1] == {"why": "red chip after the draw", "picks": 1}
        assert data["source"] == data["outcome"]["kind"] == data["outcome_before"]["kind"] == kind
        assert _schema_problems(data) == []
        judged = [[card.code for card in _judged_draw(args).cards] for args, _ in spy.calls]
        assert judged[-2:] == [before["cards"], after["cards"]] and set(map(tuple, judged[:-2])) <= \
            {tuple(before["cards"])}, f"the chip's {mechanic} is judged by {name}, before and after"
        held = after


def test_a_contest_of_two_is_judged_again_whole_when_one_hand_changes(poker):
    table = gulch(poker)
    request = ContestRequest((Entrant("Sam", "0", HIGH), Entrant("Bob", "0", "Qc Qd 3h 5s 7c")))
    assert conflict_resolve(poker, request, table, random.Random(1)).winner == "Bob"
    data = spend(table, "Sam", "blue")  # two wild picks beat Bob's queens
    assert (data["outcome_before"]["winner"], data["outcome"]["winner"]) == ("Bob", "Sam")
    assert [p["success"] for p in data["outcome"]["participants"]] == [True, True]
    assert data["after"]["hand"]["rank"] == "straight"  # 4 6 8 and two wild: better than three jacks
    table.chips.move(None, "Bob", "blue")  # Bob's chip judges the contest with Sam's changed hand
    again = spending.resolve_spend(poker, spending.SpendRequest("Bob", "blue"), table, random.Random(1)).to_data()
    assert again["outcome_before"]["winner"] == "Sam" and again["outcome"]["winner"] == "Bob"  # four queens


@pytest.mark.parametrize("colour, picks", [("red", 2), ("blue", 3)])
def test_a_chip_on_a_spell_with_a_wild_pick_at_ten_cards_adds_one_more(poker, colour, picks):
    """Issue 36.12. Seed 003: "at ten cards you may wild pick" (five cards and a wild pick); red
    "allows you a wild pick", blue two: the hand keeps its own and gets the chip's."""
    table = gulch(poker)
    cast = hex_resolve(poker, SpellRequest(caster="Sam", skill=5, wild_pick=True, cards="2c 4d 6h 8s 10c"), table,
                       random.Random(1)).to_data()["draw"]
    assert (cast["cards_allowed"], cast["wild_picks"]) == (5, 1)
    after = spend(table, "Sam", colour)["after"]
    assert after["wild_picks"] == len(after["picked"]) == picks and after["cards"] == cast["cards"]
    assert [item["picks"] for item in after["picks_from"]] == [1, picks - 1]


def test_a_red_chip_on_a_draw_above_ten_adds_a_second_wild_pick(poker):
    """Issue 36.12. Seed 003: "If you get up to skill six, you get a six card hand and a wild"."""
    table = gulch(poker)
    cast = hex_resolve(poker, SpellRequest(caster="Sam", skill=6), table, random.Random(4)).to_data()["draw"]
    assert (cast["cards_allowed"], cast["wild_picks"], len(cast["cards"])) == (6, 1, 6)
    after = spend(table, "Sam", "red")["after"]
    assert after["wild_picks"] == len(after["picked"]) == 2 and after["cards"] == cast["cards"]
    assert after["note"] == cast["note"] and after["picks_from"][0]["why"] == cast["note"]


def test_someone_shaken_who_flees_a_fear_check_may_spend_a_chip_and_their_fear_follows(poker):
    """Issue 36.14. Seed 003's Fear: "otherwise you're either shaken and at -1 card, or if you fail
    badly you're going to be running like a jackrabbit". Sam, shaken already, busts a fear check
    (fleeing); a white chip's card makes a pair below the raised target: a plain failure, shaken."""
    table = gulch(poker)
    conditions.frighten(table, "Sam", conditions.SHAKEN)
    request = ContestRequest((Entrant("Sam", "0", "RJ 4d 6h 8s"),), fear=10, fear_hand="pair")  # shaken: four cards
    assert conflict_resolve(poker, request, table, random.Random(1)).drawers[0].outcome == conditions.FLEEING
    assert conditions.conditions_of(table, "Sam").fear == conditions.FLEEING
    piles = table.decks[DECK]
    piles.draw_pile.remove("4c")
    piles.draw_pile.insert(0, "4c")  # the next card pairs the four
    data = spend(table, "Sam", "white")
    assert data["outcome"]["participants"][0]["outcome"] == conditions.SHAKEN
    assert data["outcome"]["fear"] == conditions.conditions_of(table, "Sam").fear == conditions.SHAKEN
    assert data["after"]["modifiers"][0] == {"why": "shaken", "cards": -1}  # as charged at the check


def test_a_white_chips_red_joker_pays_its_holder_a_chip(poker):
    """The changed hand is a skill draw: "the person with the hand may also draw a chip from the pot"."""
    table = gulch(poker)
    _spell(table)
    piles = table.decks["spell:Sam"]
    piles.draw_pile.remove("RJ")
    piles.draw_pile.insert(0, "RJ")
    data = spend(table, "Sam", "white")
    assert data["added"] == ["RJ"] and [event["why"] for event in data["after"]["chips"]] == ["Sam drew the Red Joker"]
    assert table.chips.held("Sam") == 1


def test_a_huckster_whose_chip_draws_a_joker_backlashes(poker):
    """A spell's hand judged again is judged whole: a huckster who draws a Joker with the chip's card
    suffers backlash as one who drew it at first would."""
    table = gulch(poker)
    hex_resolve(poker, SpellRequest(caster="Sam", skill=0, cards="Qc Qd 3h 5s 7c", huckster=True), table,
                random.Random(1))
    piles = table.decks["spell:Sam"]
    piles.draw_pile.remove("BJ")
    piles.draw_pile.insert(0, "BJ")
    data = spend(table, "Sam", "white")
    assert "backlash" not in data["outcome_before"] and data["outcome"]["backlash"]["severity"] == 1
    assert data["outcome"]["success"]


def test_the_kept_hand_holds_no_free_data():
    """Every value of the ``hands`` part is declared with its type: nothing is free JSON."""
    from dealer.core.record import JSON, ListOf, MapOf, Maybe, Nested, OneOf

    def specs(spec):
        yield spec
        if isinstance(spec, (ListOf,)):
            yield from specs(spec.item)
        elif isinstance(spec, MapOf):
            yield from specs(spec.value)
        elif isinstance(spec, Maybe):
            yield from specs(spec.spec)
        elif isinstance(spec, OneOf):
            for record in spec.records.values():
                for field in record.FIELDS.values():
                    yield from specs(field.spec)
        elif isinstance(spec, Nested):
            for field in spec.record.FIELDS.values():
                yield from specs(field.spec)

    found = [spec for field in LastHands.FIELDS.values() for spec in specs(field.spec)]
    assert len(found) > 20 and JSON not in found


# A table's state as dealer wrote it before the typed record (state format 3, main at db36c3f):
# Cy's turn order, Sally's spell with a wild pick at ten cards, Bert shaken who then fled a fear
# check, Ann and Bob's contest, Doc's missed design.
FORMAT_3 = {
    "action": {"hands": [{"cards": ["Qs", "Qh", "2d", "4c", "7h"], "name": "Cy", "side": "posse"}], "round": 1},
    "conditions": {"people": {"Bert": {"fear": "fleeing"}, "Sally": {"casts": 1}}},
    "hands": {"seq": 6, "people": {
        "Ann": {"cards": ["Qh", "Jd", "5s", "6h", "10s", "8s"], "deck": "dealer", "person": "Ann", "seq": 4,
                "source": "contest", "target": "pair", "wild_picks": [],
                "data": {"called": None, "defend": "", "fear": None, "fear_before": "", "outcome": "", "value": 0}},
        "Bert": {"cards": ["RJ", "4d", "6h", "8s", "Jc"], "deck": "dealer", "person": "Bert", "seq": 3,
                 "source": "contest", "target": "pair of fours", "wild_picks": [],
                 "data": {"called": None, "defend": "", "fear": 2, "fear_before": "shaken", "outcome": "fleeing",
                          "value": 0}},
        "Bob": {"cards": ["BJ", "Ad", "5h", "3h", "6s", "5d"], "deck": "dealer", "person": "Bob", "seq": 5,
                "source": "contest", "target": "pair", "wild_picks": [],
                "data": {"called": None, "defend": "", "fear": None, "fear_before": "", "outcome": "", "value": 0}},
        "Cy": {"cards": ["Qs", "Qh", "2d", "4c", "7h"], "data": {"round": 1}, "deck": None, "person": "Cy", "seq": 1,
               "source": "turn-order", "target": "pair", "wild_picks": []},
        "Doc": {"cards": ["9s", "9h", "4c", "4s", "2d", "7h"], "deck": None, "person": "Doc", "seq": 6,
                "source": "design", "target": "Straight", "wild_picks": [],
                "data": {"name": "jetski", "required": "straight", "steps": -2, "stored": False, "value": 0}},
        "Sally": {"cards": ["2c", "4d", "6h", "8s", "10c"], "deck": "spell:Sally", "person": "Sally", "seq": 2,
                  "source": "spell", "target": "pair", "wild_picks": ["2c"], "data": {"huckster": False, "spell": None}},
    }},
    "turns": {"order": [{"hand": "Pair", "name": "Cy", "side": "posse"}], "round": 1},
}


@pytest.mark.parametrize("person, colour, kind, success", [
    ("Sally", "red", "spell", True), ("Sally", "white", "spell", True), ("Bert", "red", "contest", True),
    ("Ann", "white", "contest", None), ("Cy", "red", "turn-order", True), ("Doc", "red", "design", True),
])
def test_a_table_of_state_format_3_reads_and_takes_a_chip(poker, person, colour, kind, success):
    """Format 4's upgrade keeps each hand of format 3 as drawn (its size, its wild picks), so a chip
    spent on it after the upgrade changes it as it would have before."""
    states = upgrade_states(json.loads(json.dumps(FORMAT_3)), 3)
    roster = {name: {"side": "posse", "traits": {}} for name in ("Ann", "Bert", "Bob", "Cy", "Doc", "Sally")}
    table = Table(poker, name="gulch", roster=roster, states=states)
    table.check_states()
    kept = table.state(LastHands).of(person)
    assert kept.mechanic == kind and kept.draw_of(person).cards == FORMAT_3["hands"]["people"][person]["cards"]
    data = spend(table, person, colour, random.Random(5))
    assert data["before"]["cards"] == FORMAT_3["hands"]["people"][person]["cards"]
    assert data["before"]["wild_picks"] == len(FORMAT_3["hands"]["people"][person]["wild_picks"])
    assert data["before"]["cards_allowed"] == len(data["before"]["cards"])
    assert data["outcome"]["kind"] == kind and (success is None or data["outcome"]["success"] is success)
    if person == "Bert":  # shaken before the check, fleeing after it: a pair of jacks is stalwart, and shaken stays
        assert data["outcome_before"]["participants"][0]["outcome"] == "fleeing"
        assert conditions.conditions_of(table, "Bert").fear == "shaken"
