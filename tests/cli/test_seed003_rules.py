"""Issue 35's last rules of seed 003 (points 15 to 19), each from the seed's own words, tested on and
off the usual path: several participants, a non-default target, more than five cards."""

from __future__ import annotations

import pytest


def modifiers(draw: dict) -> dict[str, int]:
    return {item["why"]: item["cards"] for item in draw["modifiers"]}


# -- 15. combat paralysis: -1 for the round ---------------------------------------------------------

@pytest.fixture
def brawl(dealer):
    """A poker-hands combat on a table: Bert holds a pair, Cy and Dee none (Dee is out)."""
    dealer("table", "new", "p", "-r", "poker-hands", "--seed", "1")
    dealer("table", "add", "p", "Bert", "--trait", "brawling=1")
    dealer("table", "add", "p", "Cy", "--side", "marshal", "--trait", "brawling=3")
    dealer("table", "add", "p", "Dee", "--side", "marshal", "--trait", "brawling=2")
    order = dealer("action", "Bert=:Ks,Kh,2d,3c,4s", "-m", "Cy=:5c,7d,9h,Jc,Qd", "-m", "Dee=:6c,8d,10h,Qc,Ad",
                   "--table", "p", "--json")
    assert order.code == 0, order
    return dealer


def test_no_pair_draws_one_card_fewer_in_every_draw_of_the_round(brawl):
    """Seed 003: "Anyone who doesn't get at least a pair acts at the end of the round and at -1 for
    combat paralysis": Cy's attack (skill 3: 8 cards), a fear check and a spell each lose one."""
    attack = brawl("conflict", "Cy=brawling", "--target", "two pair", "--table", "p", "--seed", "2", "--json")
    draw = attack.json()["result"]["participants"][0]["draw"]
    assert modifiers(draw) == {"paralysed": -1} and draw["cards_allowed"] == 7, draw
    fear = brawl("conflict", "Cy=2", "--fear", "1", "--table", "p", "--seed", "3", "--json").json()["result"]
    assert modifiers(fear["participants"][0]["draw"]) == {"paralysed": -1}
    spell = brawl("hex", "--skill", "4", "--caster", "Cy", "--table", "p", "--seed", "4", "--json").json()["result"]
    assert modifiers(spell["draw"]) == {"paralysed": -1} and spell["draw"]["cards_allowed"] == 8
    bert = brawl("conflict", "Bert=brawling", "Cy=brawling", "--table", "p", "--seed", "5", "--json").json()["result"]
    drawn = {entry["name"]: entry["draw"] for entry in bert["participants"]}
    assert modifiers(drawn["Bert"]) == {} and modifiers(drawn["Cy"]) == {"paralysed": -1}  # two at once
    text = brawl("conflict", "Cy=brawling", "--table", "p", "--seed", "2")
    assert "Cy: skill 3, -1 paralysed: 7 cards" in text.out, text


def test_paralysis_lasts_the_combat_round_and_no_longer(brawl):
    brawl("action", "out", "Dee", "--table", "p")
    dee = brawl("conflict", "Dee=2", "--table", "p", "--seed", "1", "--json").json()["result"]
    assert modifiers(dee["participants"][0]["draw"]) == {}  # out of the fight: not paralysed
    assert brawl("action", "--table", "p", "--json").json()["result"]["round"] == 2  # the combat's next round
    again = brawl("conflict", "Cy=brawling", "--table", "p", "--seed", "2", "--json").json()["result"]
    assert modifiers(again["participants"][0]["draw"]) == {"paralysed": -1}  # the same hand: the same paralysis
    brawl("action", "new", "--table", "p")
    after = brawl("conflict", "Cy=brawling", "--table", "p", "--seed", "2", "--json").json()["result"]
    assert modifiers(after["participants"][0]["draw"]) == {}


def test_a_chip_that_gives_the_turn_order_hand_a_pair_lifts_the_paralysis(dealer):
    dealer("table", "new", "q", "-r", "poker-hands", "--seed", "1")
    dealer("table", "add", "q", "Ann")
    dealer("action", "Ann=:2c,5d,8h,Jc,Kd", "Bo=:9s,9h,2d,3c,4s", "--table", "q")
    before = dealer("conflict", "Ann=1", "--table", "q", "--seed", "2", "--json").json()["result"]
    assert modifiers(before["participants"][0]["draw"]) == {"paralysed": -1}
    dealer("table", "undo", "q")  # the turn-order hand is Ann's last again
    dealer("chips", "give", "Ann", "red", "--table", "q")
    changed = dealer("chips", "spend", "Ann", "red", "--table", "q", "--json")
    assert changed.code == 0 and changed.json()["result"]["after"]["hand"]["rank"] == "pair", changed
    after = dealer("conflict", "Ann=1", "--table", "q", "--seed", "2", "--json").json()["result"]
    assert modifiers(after["participants"][0]["draw"]) == {}


def test_paralysis_is_ruleset_data(brawl, tmp_path):
    """A house ruleset that charges no paralysis (or more) is read, not the seed's -1 hard-coded."""
    house = tmp_path / "house.toml"
    house.write_text('extends = "poker-hands"\nname = "house"\n[draws.conditions.paralysed]\ncards = -2\n')
    brawl("table", "new", "h", "-r", str(house), "--seed", "1")
    brawl("action", "Ann=:2c,5d,8h,Jc,Kd", "Bo=:9s,9h,2d,3c,4s", "--table", "h")
    drawn = brawl("conflict", "Ann=1", "--table", "h", "--seed", "2", "--json").json()["result"]
    assert modifiers(drawn["participants"][0]["draw"]) == {"paralysed": -2}
