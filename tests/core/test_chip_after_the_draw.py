"""A chip played after the draw changes what the hand made: a combat's turn order, a fear check's
outcome, a standing defence (the gadget checks: ``test_gadget_chip_after_draw``).

Seed 003, "Poker Chips": "After the hand is drawn, you may play a chip to change it."
"""

from __future__ import annotations

import random

import pytest

from dealer.core.mechanics import conditions
from dealer.core.mechanics.action import resolve as action_resolve
from dealer.core.mechanics.action.common import ActionError, HandsRequest
from dealer.core.mechanics.action.turns import NextRequest, TurnsState, resolve_next
from dealer.core.mechanics.chips import spending
from dealer.core.mechanics.conflict import resolve as conflict_resolve
from dealer.core.mechanics.conflict.common import DECK, ConflictError, ContestRequest, Entrant
from dealer.core.mechanics.last_hand import LastHands
from dealer.core.record import StateError
from dealer.core.table import Table


@pytest.fixture(scope="module")
def poker():
    from dealer.store.rulesets import load

    return load("poker-hands")


def gulch(poker):
    return Table(poker, name="gulch", roster={"Bert": {"side": "posse", "traits": {}},
                                              "Cy": {"side": "posse", "traits": {}}})


def spend(table, person, colour):
    table.chips.move(None, person, colour)
    return spending.resolve_spend(table.ruleset, spending.SpendRequest(person, colour), table,
                                  random.Random(1)).to_data()


def fear_check(table, person, cards, fear_hand="pair", level=None):
    request = ContestRequest((Entrant(person, "0", cards),), fear=level, fear_hand=fear_hand)
    return conflict_resolve(table.ruleset, request, table, random.Random(1)).to_data()


# -- turn order ---------------------------------------------------------------------------------


def combat(table):
    request = HandsRequest(("Bert=:Ks,Kh,2d,5c,9s", "Cy=:Qs,Qh,Qd,4c,7h"))
    return action_resolve(table.ruleset, request, table, random.Random(1)).to_data()


def test_a_red_chip_on_a_turn_order_hand_moves_its_holder_up_the_round(poker):
    """Seed 003's combat: "play will proceed in descending order"; Bert's pair goes after Cy's
    three of a kind until a wild pick makes his three kings, which act first."""
    table = gulch(poker)
    combat(table)
    assert [turn.name for turn in table.state(TurnsState).order][:1] == ["Cy"]
    outcome = spend(table, "Bert", "red")["outcome"]
    assert outcome["kind"] == "turn-order" and outcome["hands"][0] == "three-of-a-kind"
    order = table.state(TurnsState).order
    assert (order[0].name, order[0].hand) == ("Bert", "Three of a Kind")  # kings beat queens
    assert combat(table)["countdown"][0]["name"] == "Bert"  # the next round shows the changed hand


def test_a_turn_order_hand_is_fixed_once_anyone_acts_or_the_round_moves_on(poker):
    table = gulch(poker)
    combat(table)
    resolve_next(poker, NextRequest(), table)
    table.chips.move(None, "Bert", "red")
    with pytest.raises(ActionError, match="the round is under way"):
        spending.resolve_spend(poker, spending.SpendRequest("Bert", "red"), table, random.Random(1))
    combat(table)  # round two: the same hands
    with pytest.raises(ActionError, match="no longer the combat's"):
        spending.resolve_spend(poker, spending.SpendRequest("Bert", "red"), table, random.Random(1))
    assert table.chips.held("Bert") == 1


# -- fear ---------------------------------------------------------------------------------------


def test_a_chip_that_makes_the_fear_check_lifts_the_fear_it_left(poker):
    """Seed 003's Fear: "If you succeed, you're stalwart, otherwise you're ... shaken"."""
    table = gulch(poker)
    assert fear_check(table, "Bert", "2c 4d 6h 8s Jc")["participants"][0]["outcome"] == "shaken"
    data = spend(table, "Bert", "red")
    outcome = data["outcome"]
    assert data["outcome_before"]["participants"] == [{"name": "Bert", "success": False, "outcome": "shaken"}]
    assert outcome["participants"] == [{"name": "Bert", "success": True, "outcome": "stalwart"}]
    assert (outcome["kind"], outcome["success"], outcome["fear"]) == ("contest", True, "")
    assert conditions.conditions_of(table, "Bert").fear == ""


def test_a_fear_held_before_the_check_stays_after_the_chip(poker):
    table = gulch(poker)
    conditions.frighten(table, "Bert", conditions.SHAKEN)  # shaken by an earlier fright
    fear_check(table, "Bert", "2c 4d 6h 8s")  # shaken: one card fewer
    assert spend(table, "Bert", "red")["outcome"]["fear"] == "shaken"


def test_a_chip_that_ends_a_bust_turns_fleeing_into_shaken(poker):
    """Failing badly (the ruleset's ``fear_running``: a bust) is fleeing; a white chip's card that
    makes a pair below the raised target is a plain failure: shaken."""
    table = gulch(poker)
    data = fear_check(table, "Bert", "RJ 4d 6h 8s Jc", fear_hand="pair", level=10)
    assert data["participants"][0]["outcome"] == "fleeing"
    piles = table.decks[DECK]
    piles.draw_pile.remove("4c")
    piles.draw_pile.insert(0, "4c")  # the next card makes a pair of fours
    outcome = spend(table, "Bert", "white")["outcome"]
    assert (outcome["participants"][0]["outcome"], outcome["fear"]) == ("shaken", "shaken")


def test_a_fear_changed_since_the_check_keeps_the_hand(poker):
    table = gulch(poker)
    fear_check(table, "Bert", "2c 4d 6h 8s Jc")
    conditions.steady(table, "Bert")  # the GM says Bert steadies
    table.chips.move(None, "Bert", "red")
    with pytest.raises(ConflictError, match="fear has changed since the check"):
        spending.resolve_spend(poker, spending.SpendRequest("Bert", "red"), table, random.Random(1))


# -- defence ------------------------------------------------------------------------------------


def test_a_chip_on_a_block_raises_the_standing_defence(poker):
    """Seed 003's Combat: blocking "is a contest against their hand", and "that value lasts until
    you take another action": a chip on the block hand changes the value an attack must beat."""
    table = gulch(poker)
    conflict_resolve(poker, ContestRequest((Entrant("Bert", "0", "Qc Qd 4h 6s 8d"),), defend="block"), table,
                     random.Random(1))
    outcome = spend(table, "Bert", "blue")["outcome"]
    standing = conditions.standing_defence(table, "Bert")
    assert outcome["defence"] == {"how": "block", "rank": "four-of-a-kind", "value": standing.value}
    assert standing.rank == "four-of-a-kind" and len(standing.wild_picks) == 2
    attack = conflict_resolve(poker, ContestRequest((Entrant("Cy", "0", "Kc Kd 2h 3s 5d"),), against="Bert"), table,
                              random.Random(1)).to_data()
    assert attack["winner"] == "Bert"


def test_a_lapsed_defence_keeps_its_hand(poker):
    table = gulch(poker)
    conflict_resolve(poker, ContestRequest((Entrant("Bert", "0", "Qc Qd 4h 6s 8d"),), defend="block"), table,
                     random.Random(1))
    conditions.acted(table, "Bert", 0)  # Bert takes another action: the block ends
    table.chips.move(None, "Bert", "red")
    with pytest.raises(ConflictError, match="block no longer stands"):
        spending.resolve_spend(poker, spending.SpendRequest("Bert", "red"), table, random.Random(1))


@pytest.mark.parametrize("damage, words", [
    ({"fear_before": {"Bert": "lots"}}, "hands.kept.1.fear_before.Bert: 'lots' is not one of"),
    ({"defend": "parry"}, "hands.kept.1.defend: 'parry' is not one of"),
    ({"called": -1}, "hands.kept.1.called: -1 is not a whole number from 0 to 1,000,000,000"),
    ({"mechanic": "poker"}, "hands.kept.1.mechanic: 'poker' is not one of"),
    ({"data": {}}, "hands.kept.1: unknown key 'data'"),
])
def test_a_damaged_record_of_the_contest_is_refused_when_read(poker, damage, words):
    """A hand-edited import may hold anything: the kept hand is typed, so a fear the conditions do
    not know (or any value out of its type) is refused with its path when the table is read."""
    table = gulch(poker)
    fear_check(table, "Bert", "2c 4d 6h 8s Jc")
    states = table.states_data()
    states["hands"]["kept"]["1"].update(damage)
    with pytest.raises(StateError, match=words):
        Table(poker, name="gulch", states=states).state(LastHands)


def test_a_defence_an_attack_was_judged_against_keeps_its_hand(poker):
    """The attack's result stands on the hand it was judged against: a chip cannot change it after."""
    table = gulch(poker)
    conflict_resolve(poker, ContestRequest((Entrant("Bert", "0", "Qc Qd 4h 6s 8d"),), defend="block"), table,
                     random.Random(1))
    conflict_resolve(poker, ContestRequest((Entrant("Cy", "0", "Kc Kd 2h 3s 5d"),), against="Bert"), table,
                     random.Random(1))
    table.chips.move(None, "Bert", "red")
    with pytest.raises(ConflictError, match="an attack has been judged against Bert's block"):
        spending.resolve_spend(poker, spending.SpendRequest("Bert", "red"), table, random.Random(1))
    assert table.chips.held("Bert") == 1
