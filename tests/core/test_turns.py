"""Walking a round (issue 23, point 1): next, show, a latecomer, someone out of the fight.

Every style is walked with cards dealt by hand: Deadlands' countdown (two decks, the same card on
both sides acting at once, sleeves, a Joker), poker-hands' hands (a person at every rank their
cards form, no pair last, a block that ends at the defender's next action) and savage-worlds'
one card each (Hold, a Joker whose bonus lasts the round).
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dealer.core.mechanics import action as act
from dealer.core.mechanics import conditions
from dealer.core.mechanics.action import common, hold, join, moves, turns
from dealer.core.mechanics.action.common import ActionError
from dealer.core.table import Table

ROSTER = {"Sarah": {"side": "posse", "traits": {"quickness": "3d6"}},
          "Velvet": {"side": "posse", "traits": {"quickness": "2d6"}},
          "Bad Bob": {"side": "marshal", "traits": {"quickness": "2d8"}}}


def deal(ruleset, table, posse=(), marshal=()):
    request = common.round_request(ruleset, posse, marshal)
    return act.resolve(ruleset, request, table, random.Random(1)).to_data()


def walk(ruleset, table, request):
    return act.resolve(ruleset, request, table, random.Random(2)).to_data()


def called(data):
    return [(turn["name"], turn.get("card") or turn["hand"]) for turn in data["now"]]


@pytest.fixture
def friday(load):
    deadlands = load("deadlands")
    table = Table(deadlands, name="friday", roster={name: dict(entry) for name, entry in ROSTER.items()})
    deal(deadlands, table, ("Sarah=16:Qh,8d,4c", "Velvet=9:Qs"), ("Bad Bob=9:Qh",))
    return deadlands, table


def test_next_calls_the_countdown_card_by_card_and_the_same_card_on_both_sides_together(friday):
    deadlands, table = friday
    first = walk(deadlands, table, turns.NextRequest())
    assert called(first) == [("Velvet", "Qs")]  # spades before hearts
    assert [(turn["name"], turn["card"]) for turn in first["then"]] == [("Sarah", "Qh"), ("Bad Bob", "Qh")]
    assert first["left"] == 4 and not first["over"]
    assert "Qs" in table.decks["posse"].discards and "Qs" not in table.decks["posse"].play.get("Velvet", [])
    assert called(walk(deadlands, table, turns.NextRequest())) == [("Sarah", "Qh"), ("Bad Bob", "Qh")]
    assert called(walk(deadlands, table, turns.NextRequest())) == [("Sarah", "8d")]
    last = walk(deadlands, table, turns.NextRequest())
    assert called(last) == [("Sarah", "4c")] and last["then"] == [] and last["left"] == 0
    over = walk(deadlands, table, turns.NextRequest())
    assert over["over"] and over["now"] == []
    assert [turn["status"] for turn in over["order"]] == ["acted"] * 5


def test_show_marks_each_turn_without_taking_one(friday):
    deadlands, table = friday
    walk(deadlands, table, turns.NextRequest())
    shown = walk(deadlands, table, turns.ShowRequest())
    assert [turn["status"] for turn in shown["order"]] == ["acted", "next", "next", "waiting", "waiting"]
    assert walk(deadlands, table, turns.ShowRequest())["order"] == shown["order"]


def test_a_card_up_the_sleeve_is_passed_over_and_listed(friday):
    deadlands, table = friday
    act.resolve(deadlands, moves.SleeveRequest("Sarah", "8d"), table, random.Random(1))
    seen = [called(walk(deadlands, table, turns.NextRequest())) for _ in range(3)]
    assert seen == [[("Velvet", "Qs")], [("Sarah", "Qh"), ("Bad Bob", "Qh")], [("Sarah", "4c")]]
    over = walk(deadlands, table, turns.NextRequest())
    assert over["over"] and over["sleeves"] == [{"name": "Sarah", "side": "posse", "card": "8d"}]
    assert [turn["status"] for turn in over["order"]][3] == "passed"


def test_a_latecomer_takes_their_place_and_a_higher_card_acts_next(friday):
    deadlands, table = friday
    walk(deadlands, table, turns.NextRequest())  # Velvet's Qs
    walk(deadlands, table, turns.NextRequest())  # the queens of hearts
    joined = act.resolve(deadlands, join.JoinRequest("Doc", "9:Ac"), table, random.Random(3)).to_data()
    assert joined["turns"] == [{"name": "Doc", "side": "posse", "card": "Ac"}]
    assert called(walk(deadlands, table, turns.NextRequest())) == [("Doc", "Ac")]
    assert called(walk(deadlands, table, turns.NextRequest())) == [("Sarah", "8d")]
    with pytest.raises(ActionError, match="Doc is in round 1 already"):
        act.resolve(deadlands, join.JoinRequest("Doc", "12"), table, random.Random(3))


def test_a_latecomer_rolls_quickness_by_the_rounds_rules_and_may_join_the_marshal(friday):
    deadlands, table = friday
    joined = act.resolve(deadlands, join.JoinRequest("Cultist", "=bust", marshal=True), table,
                         random.Random(3)).to_data()
    assert joined["side"] == "marshal" and joined["participant"]["cards"] == [] and joined["turns"] == []
    rolled = act.resolve(deadlands, join.JoinRequest("Doc", "3d6"), table, random.Random(3)).to_data()
    assert rolled["participant"]["quickness"]["dice"] == "3d6"
    assert len(rolled["turns"]) == rolled["participant"]["allowed"]


def test_someone_out_is_passed_over_dealt_nothing_and_comes_back(friday):
    deadlands, table = friday
    act.resolve(deadlands, turns.OutRequest("Bad Bob"), table, random.Random(1))
    walk(deadlands, table, turns.NextRequest())
    assert called(walk(deadlands, table, turns.NextRequest())) == [("Sarah", "Qh")]
    with pytest.raises(ActionError, match="out of the fight already"):
        act.resolve(deadlands, turns.OutRequest("Bad Bob"), table, random.Random(1))
    round_two = deal(deadlands, table)
    bob = next(row for row in round_two["participants"] if row["name"] == "Bad Bob")
    assert bob["cards"] == [] and "out of the fight" in bob["notes"][0]
    act.resolve(deadlands, turns.OutRequest("Bad Bob", back=True), table, random.Random(1))
    round_three = deal(deadlands, table)
    assert next(row for row in round_three["participants"] if row["name"] == "Bad Bob")["cards"]


def test_a_name_not_at_the_table_gets_the_one_meant(friday):
    deadlands, table = friday
    with pytest.raises(ActionError, match="did you mean 'Velvet'"):
        act.resolve(deadlands, turns.OutRequest("Velvt"), table, random.Random(1))


def test_next_before_any_round_says_how_to_deal_one(load):
    deadlands = load("deadlands")
    with pytest.raises(ActionError, match="deal one first"):
        act.resolve(deadlands, turns.NextRequest(), Table(deadlands, name="t"), random.Random(1))


def test_a_joker_is_called_first_and_an_interrupt_with_it_takes_its_turn(load):
    deadlands = load("deadlands")
    table = Table(deadlands, name="t")
    deal(deadlands, table, ("Sarah=16:RJ,8d", "Velvet=9:Kc"))
    order = walk(deadlands, table, turns.ShowRequest())["order"]
    assert [(turn["card"], turn.get("note", "")) for turn in order][0] == ("RJ", "any time")
    act.resolve(deadlands, moves.InterruptRequest("Sarah", "Velvet"), table, random.Random(1))
    assert called(walk(deadlands, table, turns.NextRequest())) == [("Velvet", "Kc")]


def test_a_new_combat_ends_the_round_but_not_who_is_out(friday):
    deadlands, table = friday
    act.resolve(deadlands, turns.OutRequest("Velvet"), table, random.Random(1))
    act.resolve(deadlands, moves.NewCombatRequest(), table, random.Random(1))
    with pytest.raises(ActionError, match="no round is under way"):
        act.resolve(deadlands, turns.NextRequest(), table, random.Random(1))
    assert turns.out_of_the_fight(table) == ["Velvet"]


# -- a hands combat (seed 003) -------------------------------------------------------------------


@pytest.fixture
def gulch(load):
    poker = load("poker-hands")
    table = Table(poker, name="gulch", roster={"Bert": {"side": "posse", "traits": {}},
                                               "Cy": {"side": "marshal", "traits": {}}})
    deal(poker, table, ("Bert=:Ks,Kh,Kd,Qs,Qh",), ("Cy=:3c,5d,7h,9d,Jc",))
    return poker, table


def test_a_hands_combat_calls_each_rank_a_person_forms_and_no_pair_last(gulch):
    poker, table = gulch
    seen = [called(walk(poker, table, turns.NextRequest())) for _ in range(4)]
    assert seen == [[("Bert", "Full House")], [("Bert", "Three of a Kind")], [("Bert", "Pair")],
                    [("Cy", "no pair: acts last at -1")]]
    assert walk(poker, table, turns.NextRequest())["over"]
    again = deal(poker, table)  # the next round: the same order, walked afresh
    assert again["round"] == 2 and called(walk(poker, table, turns.NextRequest())) == [("Bert", "Full House")]


def test_a_latecomer_draws_a_hand_and_ranks_among_the_turns_not_taken(gulch):
    poker, table = gulch
    walk(poker, table, turns.NextRequest())  # Bert's full house
    joined = act.resolve(poker, join.JoinRequest("Doc", ":Ac,Ad,Ah,2c,3d"), table, random.Random(1)).to_data()
    assert [turn["hand"] for turn in joined["turns"]] == ["Three of a Kind", "Pair"]
    assert called(walk(poker, table, turns.NextRequest())) == [("Doc", "Three of a Kind")]
    assert called(walk(poker, table, turns.NextRequest())) == [("Bert", "Three of a Kind")]


def test_a_block_ends_when_the_walk_calls_the_defender_again(gulch):
    """Seed 003: blocking "lasts until you take another action"."""
    poker, table = gulch
    walk(poker, table, turns.NextRequest())  # Bert acts at full house: he blocks with that hand
    conditions.defend(table, "Bert", conditions.Defence(how="block", cards=["Ks", "Kh", "Kd", "Qs", "Qh"],
                                                        rank="full-house", value=0, round=1))
    assert "Bert" in conditions.defences(table)
    walk(poker, table, turns.NextRequest())  # Bert's next action: three of a kind
    assert "Bert" not in conditions.defences(table)


# -- one card each (savage-worlds) -------------------------------------------------------------


def test_swade_hold_passes_over_and_acting_from_hold_takes_the_turn_and_a_joker_stays(load):
    swade = load("savage-worlds")
    table = Table(swade, name="posse", roster={"Sarah": {"side": "heroes", "traits": {}},
                                               "Doc": {"side": "heroes", "traits": {}}})
    deal(swade, table, ("Sarah=:9h", "Doc=:RJ"))
    act.resolve(swade, hold.HoldRequest("Sarah"), table, random.Random(1))
    assert called(walk(swade, table, turns.NextRequest())) == [("Doc", "RJ")]
    assert "RJ" in table.decks["action"].play["Doc"]  # the Joker's +2 lasts the round
    shown = walk(swade, table, turns.ShowRequest())
    assert shown["over"] and [turn["status"] for turn in shown["order"]] == ["acted", "on hold"]
    act.resolve(swade, hold.ActRequest("Sarah"), table, random.Random(1))
    assert [turn["status"] for turn in walk(swade, table, turns.ShowRequest())["order"]] == ["acted", "acted"]


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10_000), people=st.integers(1, 6), outs=st.sets(st.integers(0, 5), max_size=2))
def test_a_walk_calls_every_card_in_play_once_highest_first(load, seed, people, outs):
    deadlands = load("deadlands")
    table = Table(deadlands, name="t")
    posse = [f"P{index}=3d8" for index in range(people)]
    request = common.round_request(deadlands, posse, ("Bob=4d10", "Al=2d6"))
    act.resolve(deadlands, request, table, random.Random(seed))
    holding = {holder for deck in ("posse", "marshal") for holder in table.decks[deck].play}
    out = {f"P{index}" for index in outs if f"P{index}" in holding}
    for name in sorted(out):
        act.resolve(deadlands, turns.OutRequest(name), table, random.Random(1))
    in_play = sorted((code, holder) for deck in ("posse", "marshal") for holder, cards in table.decks[deck].play.items()
                     for code in cards if holder not in out)
    seen = []
    while not (step := walk(deadlands, table, turns.NextRequest()))["over"]:
        seen.extend((turn["card"], turn["name"]) for turn in step["now"])
    assert sorted(seen) == in_play
    counted = [deadlands.deck.parse(code) for code, _ in seen if code not in ("RJ", "BJ")]
    keys = [common.card_sort_key(card) for card in counted]
    assert keys == sorted(keys, reverse=True)
    assert not any(table.decks[deck].play.get(name) for deck in ("posse", "marshal") for _, name in seen
                   if not deadlands.action["specials"].get(_, {}).get("bonus"))
