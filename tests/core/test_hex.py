"""The hex mechanics without the command line."""

import pytest

from dealer.core.dice import Scripted, given_roll, trait_roll
from dealer.core.mechanics import hex as hexes


@pytest.fixture
def deadlands(load):
    return load("deadlands")


def test_velvet_from_injected_faces(deadlands):
    roll = trait_roll(5, 10, Scripted([3, 7, 10, 10, 4, 6, 8]))
    cast = hexes.huckster_cast(deadlands, roll, level=4, minimum="ace",
                               cards=deadlands.deck.parse_many("8s 8h 8d Kc 5d 3s RJ"))
    assert (roll.total, roll.raises, cast["cards_allowed"]) == (18, 2, 7)
    assert cast["hand"].rank.id == "four-of-a-kind" and cast["works"] and cast["backlash"]["severity"] == 0


@pytest.mark.parametrize("codes, level, bust, severity", [
    ([], 1, False, 0), (["RJ"], 4, False, 0), (["RJ"], 3, False, 0), (["RJ"], 2, False, 1), (["BJ"], 4, False, 1),
    ([], 4, True, 2), (["RJ", "BJ"], 4, False, 3), (["RJ", "BJ"], 1, False, 3),
])
def test_backlash_table(deadlands, codes, level, bust, severity):
    result = hexes.backlash(deadlands, deadlands.deck.parse_many(codes) if codes else [], level, bust)
    assert result["severity"] == severity
    assert bool(result["reasons"]) == (severity > 0)


@pytest.mark.parametrize("skill, mods, pick, winded, expected", [
    (0, [], False, False, (5, False)), (2, [1], False, False, (8, False)), (7, [], False, False, (10, False)),
    (5, [], True, False, (5, True)), (6, [], True, False, (6, True)), (4, [1], True, False, (5, True)),
    (2, [], False, True, (6, False)), (0, [-3, -3], False, False, (0, False)),
])
def test_spell_card_counts(load, skill, mods, pick, winded, expected):
    assert hexes.spell_cards(load("poker-hands"), skill, mods, pick, winded) == expected


def test_wild_pick_needs_ten(load):
    with pytest.raises(hexes.HexError):
        hexes.spell_cards(load("poker-hands"), 4, [], True, False)


def test_wild_pick_is_the_best_choice(load):
    ruleset = load("poker-hands")
    cards = ruleset.deck.parse_many("9c 9d 9h 9s 2c")
    picked, hand = hexes.best_wild_pick(ruleset, cards, ruleset.context(None))
    assert hand.rank.id == "five-of-a-kind" and picked.code == "2c"


def test_failed_roll_draws_nothing(deadlands):
    cast = hexes.huckster_cast(deadlands, given_roll(3), level=1, minimum="pair")
    assert cast["cards"] == [] and not cast["works"] and cast["backlash"]["severity"] == 0
