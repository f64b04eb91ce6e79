"""The hex mechanics without the command line: requests in, results out, on fresh and stored tables."""

import random

import pytest

from dealer.core.dice import Scripted, trait_roll
from dealer.core.mechanics import draws
from dealer.core.mechanics import conditions
from dealer.core.mechanics import hex as hexes
from dealer.core.mechanics.hex import common as hex_common
from dealer.core.piles import Piles
from dealer.core.table import Table


@pytest.fixture
def deadlands(load):
    return load("deadlands")


def cast(ruleset, table=None, seed=1, **options):
    table = table or Table.fresh(ruleset)
    return hexes.resolve(ruleset, hexes.cast_request(ruleset, options), table, random.Random(seed))


def test_velvet_from_injected_faces(deadlands):
    roll = trait_roll(5, 10, Scripted([3, 7, 10, 10, 4, 6, 8]))
    result = cast(deadlands, name="soul blast", total=roll.total, level=4, cards="8s 8h 8d Kc 5d 3s RJ")
    assert (roll.total, roll.raises, result.cards_allowed) == (18, 2, 7)
    assert result.hand.rank.id == "four-of-a-kind" and result.success and result.backlash["severity"] == 0


@pytest.mark.parametrize("codes, level, bust, severity", [
    ([], 1, False, 0), (["RJ"], 4, False, 0), (["RJ"], 3, False, 0), (["RJ"], 2, False, 1), (["BJ"], 4, False, 1),
    ([], 4, True, 2), (["RJ", "BJ"], 4, False, 3), (["RJ", "BJ"], 1, False, 3),
])
def test_backlash_table(deadlands, codes, level, bust, severity):
    result = hex_common.backlash(deadlands, deadlands.deck.parse_many(codes) if codes else [], level, bust)
    assert result["severity"] == severity
    assert bool(result["reasons"]) == (severity > 0)


@pytest.mark.parametrize("skill, mods, pick, winded, expected", [
    (0, [], False, False, (5, 0)), (2, [1], False, False, (8, 0)), (5, [], False, False, (10, 0)),
    (5, [], True, False, (5, 1)), (6, [], False, False, (6, 1)), (6, [], True, False, (6, 1)),
    (7, [], False, False, (7, 1)), (4, [1], True, False, (5, 1)), (2, [], False, True, (6, 0)),
    (0, [-3, -3], False, False, (0, 0)), (6, [], False, True, (10, 0)), (30, [], False, False, (10, 1)),
])
def test_spell_card_counts(load, skill, mods, pick, winded, expected):
    """Seed 003: at most ten cards; above ten (n - 5) cards and a wild pick; at ten the pick is a choice;
    winded, "-1 card to everything", counts before the cap."""
    poker = load("poker-hands")
    assert draws.draw_size(poker, skill, mods + [-1] * winded, wild_pick=pick).as_tuple() == expected
    table = Table(poker, name="t", roster={"Sally": {"side": "posse", "traits": {"master": 30}}})
    for _ in range(30 * winded):
        conditions.count_cast(table, "Sally")
    if not pick or skill + sum(mods) - winded >= 5:
        drawn = cast(poker, table, skill=skill, mods=mods, wild_pick=pick, caster="Sally")
        assert drawn.draw.size.as_tuple() == expected


def test_wild_pick_needs_ten(load):
    with pytest.raises(draws.DrawError):
        draws.draw_size(load("poker-hands"), 4, [], wild_pick=True)


def test_wild_pick_is_the_best_choice(load):
    ruleset = load("poker-hands")
    cards = ruleset.deck.parse_many("9c 9d 9h 9s 2c")
    hand, picked = draws.best_with_picks(ruleset, cards, ruleset.context(None), 1)
    assert hand.rank.id == "five-of-a-kind" and [card.code for card in picked] == ["2c"]


def test_failed_roll_draws_nothing(deadlands):
    result = cast(deadlands, minimum="pair", total=3, level=1)
    assert result.cards == () and not result.success and result.backlash["severity"] == 0


def test_one_data_shape_for_the_roll(deadlands):
    data = cast(deadlands, name="soul blast", dice="5d10", level=4, seed=3).to_data()
    assert set(data["roll"]) >= {"dice", "rolls", "kept", "total", "bust", "success", "raises", "by_hand"}
    assert data["roll"]["dice"] == "5d10" and not data["roll"]["by_hand"]


def test_a_stored_table_keeps_the_casters_deck_and_counts_casts(load):
    poker = load("poker-hands")
    table = Table(poker, name="t", roster={"Sally": {"side": "posse", "traits": {"master": 2}}})
    for _ in range(2):
        cast(poker, table, skill=2, caster="Sally")
    assert conditions.conditions_of(table, "Sally").casts == 2 and conditions.is_winded(table, "Sally")
    third = cast(poker, table, skill=2, caster="Sally")
    assert ("winded", -1) in third.draw.modifiers and third.draw.size.cards == 6
    assert conditions.rest(table, "Sally") == 3 and not conditions.is_winded(table, "Sally")
    assert "spell:Sally" in table.decks and table.state(conditions.ConditionsState).to_data() == {}


def test_the_faithful_are_blessed_or_tested_and_never_winded(load):
    poker = load("poker-hands")
    table = Table(poker, name="t", roster={"Abe": {"side": "posse", "traits": {"master": 1, "faithful": 1}}})
    surge = cast(poker, table, skill=0, caster="Abe", cards="RJ 2c 2d 9s Ks")
    assert surge.blessing[0]["effect"] == "surge" and not surge.draw.modifiers
    tested = cast(poker, table, skill=0, caster="Abe", cards="BJ 2c 2d 9s Ks")
    assert tested.blessing[0]["effect"] == "chip" and not tested.draw.modifiers
    assert tested.blessing[0]["command"] == "dealer chips spend Abe white --for blessing --table t"
    assert tested.blessing[0]["command"] in tested.blessing[0]["words"]


def test_spell_hand_is_remembered_for_chips(load):
    from dealer.core.mechanics.last_hand import LastHands

    poker = load("poker-hands")
    table = Table(poker, name="t")
    cast(poker, table, skill=0, caster="Sally", cards="8c 8d 2h 4s 9d")
    kept = table.state(LastHands).of("Sally")
    record = kept.draw_of("Sally")
    assert record.cards == ["8c", "8d", "2h", "4s", "9d"] and record.deck == "spell:Sally" and kept.target == "pair"


def test_manual_policy_deck_comes_up_short(deadlands):
    table = Table(deadlands, name="t", decks={"hex": Piles(["2c", "3c"])})
    result = cast(deadlands, table, minimum="pair", total=9, level=3, reshuffle="manual")
    assert [c.code for c in result.cards] == ["2c", "3c"] and result.short
