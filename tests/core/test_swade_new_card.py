"""A Benny spent on a new action card (savage-worlds, ``chips spend NAME --for card``).

SWADE, Bennies: "Draw a new Action Card ... after all cards are dealt and Edges or Hindrances
like Quick, Level Headed, or Hesitant are resolved ... take their choice of all their draws.
Edges like Quick or Level Headed do not apply to these additional cards ... Then the round
begins and no further cards may be drawn." Decks stacked by hand.
"""

import random

import pytest

from dealer.core.mechanics import action as act
from dealer.core.mechanics.action import common
from dealer.core.mechanics.action.common import ActionError, ActionState
from dealer.core.mechanics.action.turns import NextRequest, TurnsState, resolve_next
from dealer.core.mechanics.chips import ChipsError, conservation, fill_unlimited
from dealer.core.mechanics.chips.spending import SpendRequest, resolve_spend
from dealer.core.piles import Piles
from dealer.core.table import Table


@pytest.fixture
def sw(load):
    return load("savage-worlds")


def table_with(ruleset, top, roster):
    rest = [card.code for card in ruleset.deck if card.code not in top]
    return Table(ruleset, name="t", decks={"action": Piles(list(top) + rest)}, roster=roster)


def person(side="heroes", **traits):
    return {"side": side, "traits": traits}


def dealt(ruleset, top, roster):
    """A table whose round is dealt from ``top`` (the draw pile's first cards), each with a Benny."""
    table = table_with(ruleset, top, roster)
    act.resolve(ruleset, common.round_request(ruleset), table, random.Random(1))
    for name in roster:
        give_benny(table, name)
    return table


def give_benny(table, name):
    fill_unlimited(table)  # the unlimited pot makes one, counted as created
    table.chips.move(None, name, "benny")


def buy(table, name):
    return resolve_spend(table.ruleset, SpendRequest(name, "benny", use="card"), table, random.Random(2)).to_data()


def order(table):
    return [(turn.name, turn.card) for turn in table.state(TurnsState).order]


def every_card_once(table):
    piles = table.decks["action"]
    held = [code for cards in piles.play.values() for code in cards]
    assert sorted(piles.draw_pile + piles.discards + held) == sorted(card.code for card in table.ruleset.deck)


def test_a_better_card_is_kept_and_moves_its_holder_up_the_countdown(sw):
    table = dealt(sw, ["4c", "Qh", "Ks"], {"Sarah": person(), "Bob": person("gm")})
    assert order(table) == [("Bob", "Qh"), ("Sarah", "4c")]
    data = buy(table, "Sarah")
    assert data["action_card"] | {"events": []} == {"person": "Sarah", "held": "4c", "drawn": "Ks", "kept": "Ks",
                                                   "notes": [], "events": []}
    assert order(table) == [("Sarah", "Ks"), ("Bob", "Qh")]
    assert table.decks["action"].play["Sarah"] == ["Ks"] and "4c" in table.decks["action"].discards
    assert table.chips.held("Sarah") == 0 and conservation(table)["conserved"]
    every_card_once(table)


def test_a_worse_card_is_discarded_and_edges_do_not_apply_to_it(sw):
    """Sarah is Quick: the Benny's Three is not redrawn, and she keeps her Queen."""
    table = dealt(sw, ["Qh", "9c", "3d"], {"Sarah": person(edges="quick"), "Bob": person("gm")})
    data = buy(table, "Sarah")["action_card"]
    assert (data["drawn"], data["kept"]) == ("3d", "Qh")
    assert table.decks["action"].discards[-1] == "3d" and order(table)[0] == ("Sarah", "Qh")
    every_card_once(table)


def test_as_many_bennies_as_they_like_each_a_card_more(sw):
    table = dealt(sw, ["2c", "5h", "3d", "4d", "Ac"], {"Sarah": person(), "Bob": person("gm")})
    give_benny(table, "Sarah")
    give_benny(table, "Sarah")
    kept = [buy(table, "Sarah")["action_card"]["kept"] for _ in range(3)]
    assert kept == ["3d", "4d", "Ac"] and order(table)[0] == ("Sarah", "Ac")
    every_card_once(table)


def test_a_joker_so_drawn_acts_any_time_owes_the_reshuffle_and_gives_jokers_wild_bennies(sw):
    from dealer.render import Cards, text

    roster = {"Sarah": person(), "Velvet": person(), "Bob": person("gm")}
    table = dealt(sw, ["4c", "5c", "6c", "RJ"], roster)
    result = buy(table, "Sarah")
    lines = text(result, Cards(sw.deck, fancy=False))  # its events are chips and a reshuffle owed
    assert "  new action card: drew RJ, held 4c: acts on RJ" in lines
    assert any("reshuffled at the end of the round" in line for line in lines), lines
    data = result["action_card"]
    assert data["kept"] == "RJ" and any("any time" in note for note in data["notes"])
    wild = [(event["player"], event["why"]) for event in data["events"] if event["kind"] == "chip"]
    assert [player for player, _ in wild] == ["Sarah", "Velvet"] and "Jokers Wild" in wild[0][1]
    assert table.state(ActionState).owed_reshuffle == ["action"]
    turns = table.state(TurnsState).order
    assert (turns[0].name, turns[0].card) == ("Sarah", "RJ") and turns[0].note.startswith("any time")
    assert conservation(table)["conserved"]


def test_no_card_once_the_round_has_begun_and_the_benny_stays(sw):
    table = dealt(sw, ["4c", "Qh"], {"Sarah": person(), "Bob": person("gm")})
    resolve_next(sw, NextRequest(), table)
    with pytest.raises(ActionError, match="the round has begun"):
        buy(table, "Sarah")
    assert table.chips.held("Sarah") == 1


def test_the_gm_names_the_wild_card_a_benny_buys_a_card_for(sw):
    table = dealt(sw, ["4c", "Qh"], {"Sarah": person(), "Bob": person("gm")})
    give_benny(table, "GM")
    with pytest.raises(ActionError, match="not on the roster of table 't'"):
        buy(table, "GM")
    assert table.chips.held("GM") == 1


def test_no_card_without_one_held_or_a_round_dealt_or_in_another_game(sw, load):
    table = table_with(sw, [], {"Sarah": person()})
    give_benny(table, "Sarah")
    with pytest.raises(ActionError, match="no round dealt"):
        buy(table, "Sarah")
    deadlands = load("deadlands")
    table = Table(deadlands, name="t", roster={"Sam": {"side": "posse", "traits": {}}})
    table.chips.move(None, "Sam", "white")
    with pytest.raises(ChipsError, match="no chip use 'card'"):
        resolve_spend(deadlands, SpendRequest("Sam", "white", use="card"), table, random.Random(1))
