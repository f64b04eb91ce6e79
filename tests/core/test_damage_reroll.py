"""A Benny rerolls damage as it rerolls a trait (savage-worlds): SWADE, Bennies, "Reroll Damage:
You may spend a Benny to reroll damage. Include any additional dice you may have gained for a
raise on the attack roll." The better total stands; a damage roll has no Critical Failure."""

import random

import pytest

from dealer.core.mechanics.chips import conservation, fill_unlimited
from dealer.core.mechanics.chips.spending import SpendRequest, resolve_spend
from dealer.core.mechanics.last_roll import DamageAsRequest, LastRolls, RollError, resolve_damage_as
from dealer.core.piles import Piles
from dealer.core.table import Table


@pytest.fixture
def sw(load):
    return load("savage-worlds")


def bo_table(ruleset, holding=None):
    decks = {}
    if holding:
        piles = Piles([card.code for card in ruleset.deck])
        piles.take([holding], "Bo")
        decks["action"] = piles
    return Table(ruleset, name="t", roster={"Bo": {"side": "heroes", "traits": {}}}, decks=decks)


def reroll(table, seed):
    fill_unlimited(table)
    table.chips.move(None, "Bo", "benny")
    return resolve_spend(table.ruleset, SpendRequest("Bo", "", "reroll"), table, random.Random(seed)).to_data()


def test_the_reroll_keeps_the_raise_die_and_the_better_total(sw):
    table = bo_table(sw)
    first = resolve_damage_as(sw, DamageAsRequest("Bo", "2d6+d8", with_raise=True, vs=7, faces=(1, 1, 1, 1)), table,
                              random.Random(1)).to_data()
    assert (first["total"], first["raise_die"]) == (4, 3)
    for seed in range(30):
        before = table.state(LastRolls).of("Bo").roll
        data = reroll(table, seed)["reroll"]
        again = data["again"]
        assert again["kind"] == "damage" and len(again["rolls"]) == 4 and again["raise_die"] == 3
        kept = table.state(LastRolls).of("Bo").roll
        assert kept == (again if again["total"] > before["total"] else before)
        assert data["kept"] == ("again" if again["total"] > before["total"] else "before")
    assert table.state(LastRolls).of("Bo").rerolls == 30 and conservation(table)["conserved"]


def test_a_joker_held_adds_its_bonus_to_the_damage_and_to_its_reroll(sw):
    table = bo_table(sw, holding="RJ")
    first = resolve_damage_as(sw, DamageAsRequest("Bo", "2d6", faces=(2, 3)), table, random.Random(1)).to_data()
    assert (first["card"], first["joker"], first["total"]) == ("RJ", 2, 7)
    again = reroll(table, 3)["reroll"]["again"]
    assert again["joker"] == 2 and again["total"] == sum(sum(chain) for chain in again["rolls"]) + 2


def test_a_damage_record_round_trips_and_refuses_options_it_does_not_know(sw):
    table = bo_table(sw)
    resolve_damage_as(sw, DamageAsRequest("Bo", "2d6+d8+1", vs=7), table, random.Random(1))
    data = table.state(LastRolls).to_data()
    again = LastRolls.from_data(data, "rolls").of("Bo")
    assert again.damage == "2d6+1d8+1" and again.options["vs"] == 7
    table.state(LastRolls).of("Bo").options["tn"] = 4  # a trait's option on a damage record: hand-edited
    with pytest.raises(RollError, match="unknown options"):
        reroll(table, 1)
    assert table.chips.held("Bo") == 1  # refused before the Benny moved
