"""One model of the Marshal's chips (issue 23, point 5).

Seed 000: a Black Joker means "The Marshal gets to draw a random chip from the Fate Pot" and
"The posse doesn't get a Fate Chip draw when the Marshal draws a Black Joker". Where a ruleset
says the GM keeps the chips of the GM's side (``chips.gm_keeps_side``: deadlands, poker-hands),
every chip anyone on that side earns is the GM's, drawn under ``chips.gm``, and nobody on that
side draws at a session's start; SWADE's Wild Cards hold their own Bennies.
"""

from __future__ import annotations

import random

import pytest

from dealer.core.mechanics import action as act
from dealer.core.mechanics.action import common
from dealer.core.mechanics.chips import ChipsError, chip_holder
from dealer.core.mechanics.chips.pot import MoveRequest, SessionRequest, resolve_move, resolve_session
from dealer.core.mechanics.conflict import resolve as conflict_resolve
from dealer.core.mechanics.conflict.common import ContestRequest, Entrant
from dealer.core.piles import Piles
from dealer.core.table import Table

ROSTER = {"Sarah": {"side": "posse", "traits": {}}, "Bad Bob": {"side": "marshal", "traits": {}},
          "Cultist": {"side": "marshal", "traits": {}}}


def stacked(ruleset, top):
    rest = [card.code for card in ruleset.deck if card.code not in top]
    return Piles(list(top) + rest)


def round_with(ruleset, posse_cards, marshal_cards, roster=ROSTER):
    table = Table(ruleset, name="t", roster=roster,
                  decks={"posse": stacked(ruleset, posse_cards), "marshal": stacked(ruleset, marshal_cards)})
    request = common.round_request(ruleset, ("Sarah=10",), ("Bad Bob=10",))
    data = act.resolve(ruleset, request, table, random.Random(3)).to_data()
    return table, [event for event in data["events"] if event["kind"] == "chip"]


@pytest.mark.parametrize("posse_cards, marshal_cards, paid", [
    (["BJ", "5c"], ["7d"], "Marshal"),      # the posse's Black Joker pays the Marshal
    (["5c"], ["BJ", "7d"], "Marshal"),      # so does the Marshal's own: the posse gets nothing
    (["5c"], ["RJ", "7d"], "Marshal"),      # a Red Joker on the Marshal's side is the Marshal's chip
    (["RJ", "5c"], ["7d"], "Sarah"),        # and on the posse's, its holder's
])
def test_a_joker_in_a_round_pays_one_marshal(load, posse_cards, marshal_cards, paid):
    deadlands = load("deadlands")
    table, chips = round_with(deadlands, posse_cards, marshal_cards)
    assert [event["player"] for event in chips] == [paid]
    assert table.chips.held(paid) == 1 and not table.chips.held("Bad Bob")


def test_a_round_without_a_roster_knows_the_side_of_each_participant(load):
    deadlands = load("deadlands")
    table, chips = round_with(deadlands, ["5c"], ["RJ", "7d"], roster={})
    assert [event["player"] for event in chips] == ["Marshal"]


@pytest.mark.parametrize("name", ["deadlands", "poker-hands"])
def test_at_a_session_nobody_on_the_marshals_side_draws(load, name):
    ruleset = load(name)
    table = Table(ruleset, name="t", roster=dict(ROSTER))
    data = resolve_session(ruleset, SessionRequest(), table, random.Random(1)).to_data()
    assert {event["player"] for event in data["events"]} == {"Sarah"}
    assert data["counts"]["Bad Bob"] == data["counts"]["Cultist"] == 0
    assert table.chips.held("Sarah") == ruleset.chips["session"]


def test_a_chip_given_to_the_marshals_side_names_the_marshal(load):
    deadlands = load("deadlands")
    table = Table(deadlands, name="t", roster=dict(ROSTER))
    with pytest.raises(ChipsError, match="Bad Bob is on the marshal side, whose chips Marshal keeps"):
        resolve_move(deadlands, MoveRequest("Bad Bob", "white"), table)
    resolve_move(deadlands, MoveRequest("Marshal", "white"), table)
    assert table.chips.held("Marshal") == 1


def test_a_red_joker_in_an_npcs_skill_draw_is_the_gms_chip(load):
    poker = load("poker-hands")
    table = Table(poker, name="t", roster=dict(ROSTER))
    request = ContestRequest((Entrant("Sarah", "0", "As Ad 5c 6d 8h"), Entrant("Cultist", "0", "RJ 2c 2d 9h 4s")))
    data = conflict_resolve(poker, request, table, random.Random(1)).to_data()
    paid = [event for row in data["participants"] for event in row["draw"]["chips"]]
    assert [(event["player"], event["why"]) for event in paid] == [("Marshal", "Cultist drew the Red Joker")]


def test_swade_wild_cards_hold_their_own_bennies(load):
    swade = load("savage-worlds")
    table = Table(swade, name="t", roster={"Hero": {"side": "heroes", "traits": {}},
                                           "Villain": {"side": "gm", "traits": {}}})
    assert chip_holder(table, "Villain") == "Villain" and chip_holder(table, "Hero") == "Hero"
    data = resolve_session(swade, SessionRequest(), table, random.Random(1)).to_data()
    assert data["counts"] == {"Hero": 3, "Villain": 2, "GM": 1}
