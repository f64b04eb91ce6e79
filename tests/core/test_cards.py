"""Cards and decks: every shipped deck's composition, and every way to type a card."""

import pytest

from dealer.errors import CardError


def test_deadlands_deck_is_52_plus_two_jokers(load):
    deck = load("deadlands").deck
    assert len(deck) == 54
    assert len({card.code for card in deck}) == 54
    assert [suit.name for suit in deck.suits] == ["spades", "hearts", "diamonds", "clubs"]
    assert [card.code for card in deck if card.kind == "special"] == ["RJ", "BJ"]
    assert deck.parse("As").value > deck.parse("Ks").value > deck.parse("2s").value


def test_poker_hands_deck_matches(load):
    deck = load("poker-hands").deck
    assert len(deck) == 54 and {"RJ", "BJ"} <= {card.code for card in deck}


def test_dust_devils_deck_is_52_with_scores(load):
    ruleset = load("dust-devils")
    assert len(ruleset.deck) == 52
    assert not [card for card in ruleset.deck if card.kind != "plain"]
    assert ruleset.conflict["scores"] == {"s": "Hand", "d": "Eye", "h": "Heart", "c": "Guts"}


def test_tarot_deck_has_78_cards(load):
    deck = load("weird-dust-devils").deck
    assert len(deck) == 78
    trumps = [card for card in deck if card.kind == "trump"]
    assert [card.value for card in trumps] == list(range(1, 22))
    assert deck.parse("T1").name == "The Magician"
    assert deck.parse("T10").name == "Wheel of Fortune"
    assert deck.parse("T21").name == "The World"
    assert deck.parse("Fool").kind == "special"
    minors = [card for card in deck if card.kind == "plain"]
    assert len(minors) == 56
    assert [suit.name for suit in deck.suits] == ["swords", "cups", "wands", "coins"]
    assert [rank.code for rank in deck.ranks] == ["2", "3", "4", "5", "6", "7", "8", "9", "10",
                                                  "P", "N", "Q", "K", "A"]
    assert deck.ace_low


@pytest.mark.parametrize("typed, code", [
    ("As", "As"), ("as", "As"), ("AS", "As"), ("A♠", "As"), ("a♠", "As"),
    ("10h", "10h"), ("Th", "10h"), ("th", "10h"), ("10♥", "10h"), ("10♥\ufe0f", "10h"),
    ("qd", "Qd"), ("Q♦", "Qd"), ("2c", "2c"), ("2♣", "2c"),
    ("RJ", "RJ"), ("rj", "RJ"), ("JR", "RJ"), ("BJ", "BJ"), ("bj", "BJ"),
])
def test_standard_codes(load, typed, code):
    assert load("deadlands").deck.parse(typed).code == code


@pytest.mark.parametrize("typed, code", [
    ("T1", "T1"), ("t21", "T21"), ("T10", "T10"), ("Fool", "Fool"), ("fool", "Fool"), ("T0", "Fool"),
    ("KSw", "KSw"), ("ksw", "KSw"), ("10Cu", "10Cu"), ("PCo", "PCo"), ("NWa", "NWa"), ("AWa", "AWa"),
    ("NCl", "NWa"), ("2co", "2Co"), ("QCU", "QCu"),
])
def test_tarot_codes(load, typed, code):
    assert load("weird-dust-devils").deck.parse(typed).code == code


def test_several_cards_per_argument(load):
    deck = load("deadlands").deck
    assert [c.code for c in deck.parse_many(["8s 8h,8d", "Kc"])] == ["8s", "8h", "8d", "Kc"]


@pytest.mark.parametrize("ruleset, typed", [
    ("deadlands", "Xz"), ("deadlands", "1s"), ("deadlands", "11h"), ("deadlands", "T1"),
    ("weird-dust-devils", "T22"), ("weird-dust-devils", "Jsw"), ("weird-dust-devils", "As"),
])
def test_unknown_card_names_it_and_the_forms(load, ruleset, typed):
    with pytest.raises(CardError) as error:
        load(ruleset).deck.parse(typed)
    message = str(error.value)
    assert f"'{typed}'" in message
    assert "e.g." in message


def test_tarot_error_shows_trump_and_minor_forms(load):
    with pytest.raises(CardError) as error:
        load("weird-dust-devils").deck.parse("Q")
    assert "T1..T21" in str(error.value) and "Fool" in str(error.value) and "Sw" in str(error.value)


def test_duplicate_card_is_named(load):
    with pytest.raises(CardError, match="'Th' is given twice"):
        load("deadlands").deck.parse_many("10h Th")


def test_shuffle_is_a_permutation_and_seeded(load):
    import random

    deck = load("weird-dust-devils").deck
    first = deck.shuffled(random.Random(5))
    assert sorted(c.index for c in first) == list(range(78))
    assert [c.code for c in deck.shuffled(random.Random(5))] == [c.code for c in first]
    assert [c.code for c in deck.shuffled(random.Random(6))] != [c.code for c in first]
