"""Seed 001's conflicts with cards typed in: the Arcane rule, winner, harm, Twist, Narrator, the deal."""

import random

import pytest

from dealer.core.mechanics import conflict as mechanic
from dealer.core.mechanics.conflict import resolve, scores
from dealer.core.mechanics.conflict.common import ConflictError, parse_request
from dealer.core.mechanics.conflict.harm import HarmState
from dealer.core.table import Table

# Seed 001's table of hands: (hand, its harm column), with five cards that make it.
SEED_001_HARM = [
    ("Ordered Five", 5, "T1 T2 T3 T4 T5"),
    ("Straight Flush", 5, "2Sw 3Sw 4Sw 5Sw 6Sw"),
    ("Four of a Kind", 4, "KSw KCu KWa KCo 2Sw"),
    ("Ordered Four", 4, "T1 T2 T3 T4 2Sw"),
    ("Balanced Three", 4, "T1 T2 T3 9Sw 9Cu"),
    ("Full House", 4, "KSw KCu KWa 9Sw 9Cu"),
    ("Flush", 3, "2Sw 5Sw 7Sw 9Sw KSw"),
    ("Straight", 3, "2Sw 3Cu 4Wa 5Co 6Sw"),
    ("Chaotic Five", 3, "T1 T3 T5 T7 T9"),
    ("Ordered Three", 2, "T1 T2 T3 2Sw 7Cu"),
    ("Three of a Kind", 2, "KSw KCu KWa 2Sw 7Cu"),
    ("Two Pair", 2, "KSw KCu 9Wa 9Co 2Sw"),
    ("Chaotic Four", 2, "T1 T3 T5 T7 2Sw"),
    ("Chaotic Three", 1, "T1 T3 T5 2Sw 7Cu"),
    ("Pair", 1, "KSw KCu 2Wa 5Co 7Sw"),
    ("High Card", 1, "KSw 9Cu 2Wa 5Co 7Sw"),
]
WEAK = "3Co 5Wa 7Co 8Wa 10Cu"  # ten high: below every hand above


def conflict(ruleset, *participants, table=None, seed=1, **options):
    table = table if table is not None else Table.fresh(ruleset)
    return resolve(ruleset, parse_request(ruleset, list(participants), options), table, random.Random(seed))


def by_name(result, name):
    return next(seat for seat in result.seats if seat.name == name)


def test_the_ruleset_carries_every_row_of_seed_001s_table(load):
    wdd = load("weird-dust-devils")
    assert [(rank.name, rank.harm) for rank in wdd.ranking.ranks] == [(name, harm) for name, harm, _ in SEED_001_HARM]


@pytest.mark.parametrize("name,harm,cards", SEED_001_HARM, ids=[row[0] for row in SEED_001_HARM])
def test_every_winning_rank_deals_its_harm_to_the_loser(load, name, harm, cards):
    result = conflict(load("weird-dust-devils"), f"Win=:{cards}", f"Lose=:{WEAK}")
    assert result.winner == "Win" and by_name(result, "Win").hand.rank.name == name
    assert result.harm["amount"] == harm and result.harm["takers"] == ["Lose"]


def test_power_without_a_trump_loses_even_with_a_straight_flush(load):
    result = conflict(load("weird-dust-devils"), "Doc=:2Sw 3Sw 4Sw 5Sw 6Sw", "Kid=:9Cu 9Co KWa 3Co 2Co",
                      power=["Doc"])
    doc = by_name(result, "Doc")
    assert doc.hand.rank.name == "Straight Flush" and doc.lost_by_rule
    assert result.winner == "Kid" and result.harm["amount"] == 1 and result.harm["takers"] == ["Doc"]


def test_two_power_users_without_an_arcane_hand_are_equal_low(load):
    wdd = load("weird-dust-devils")
    result = conflict(wdd, "Doc=:2Sw 3Sw 4Sw 5Sw 6Sw", "Ann=:KSw KCu KWa KCo 9Sw", "Kid=:9Cu 3Co 4Wa 6Co 8Wa",
                      power=["Doc", "Ann"])
    assert result.winner == "Kid"  # ten high beats both
    assert by_name(result, "Doc").key == by_name(result, "Ann").key
    alone = conflict(wdd, "Doc=:2Sw 3Sw 4Sw 5Sw 6Sw", "Ann=:KSw KCu KWa KCo 9Sw", power=["Doc", "Ann"])
    assert alone.winner is None and alone.tie == ["Doc", "Ann"] and alone.harm is None


def test_a_power_user_plays_their_best_arcane_five(load):
    result = conflict(load("weird-dust-devils"), "Doc=:KSw KCu KWa KCo T3 2Co 9Sw", f"Kid=:{WEAK}", power=["Doc"])
    doc = by_name(result, "Doc")
    assert doc.hand.rank.name == "Four of a Kind" and "T3" in [card.code for card in doc.hand.played]
    assert doc.hand.arcane and not doc.lost_by_rule and result.harm["arcane"]


def test_the_fool_may_stand_for_a_trump_to_make_a_hand_arcane(load):
    result = conflict(load("weird-dust-devils"), "Doc=:KSw KCu KWa Fool 2Co", f"Kid=:{WEAK}", power=["Doc"])
    doc = by_name(result, "Doc")
    assert doc.hand.arcane and doc.hand.rank.name == "Three of a Kind"
    assert doc.hand.substitutions()["Fool"].startswith("T")
    plain = conflict(load("weird-dust-devils"), "Doc=:KSw KCu KWa Fool 2Co", f"Kid=:{WEAK}")
    assert by_name(plain, "Doc").hand.rank.name == "Four of a Kind"  # without Power the Fool is a King


def test_mundane_harm_goes_to_the_winning_suits_scores(load):
    result = conflict(load("weird-dust-devils"), "Win=:KSw KCu 9Sw 9Cu 2Sw", f"Lose=:{WEAK}")
    assert not result.harm["arcane"] and result.harm["allowed"] == ["Hand", "Heart"]
    coins = conflict(load("weird-dust-devils"), "Win=:2Co 5Co 7Co 9Co KCo", "Lose=:3Sw 5Wa 7Cu 8Wa 10Cu")
    assert coins.harm["allowed"] == ["Eye"]


def test_arcane_harm_may_go_anywhere_power_too(load):
    result = conflict(load("weird-dust-devils"), "Win=:T1 T2 T3 2Sw 7Cu", f"Lose=:{WEAK}")
    assert result.harm["arcane"] and result.harm["allowed"] == ["Hand", "Heart", "Guts", "Eye", "Power"]


def test_twist_goes_to_the_lowest_card_and_the_narrator_holds_the_highest(load):
    result = conflict(load("weird-dust-devils"), "Doc=:2Co 7Sw 9Cu KWa T5", "Kid=:3Sw 4Cu 8Wa QCo T9",
                      "Bo=:ASw 6Cu 6Wa 10Co 5Sw")
    assert result.twist["person"] == "Doc" and result.twist["card"] == "2Co"
    assert result.narrator["person"] == "Kid" and result.narrator["card"] == "T9"
    codes = [choice["code"] for choice in result.twist["choices"]]
    assert codes[:2] == ["T9", "T5"] and codes[2] == "ASw" and codes[-1] == "2Co" and len(codes) == 15
    assert result.twist["choices"][0]["name"] == "The Hermit"


def test_suits_break_single_card_ties_for_the_twist(load):
    result = conflict(load("weird-dust-devils"), "Doc=:2Sw 7Sw 9Cu KWa 5Co", "Kid=:2Co 4Cu 8Wa QCo 10Cu")
    assert result.twist["person"] == "Kid" and result.twist["card"] == "2Co"  # Coins is the lowest suit


def test_a_wild_ranks_just_below_the_card_it_stands_for():
    from dealer.store.rulesets import load

    deck = load("weird-dust-devils").deck
    king = deck.parse("KSw")
    assert scores.standing(deck.parse("Fool"), king) < scores.standing(king, None)
    assert scores.standing(deck.parse("T1"), None) > scores.standing(deck.parse("ASw"), None)


def test_the_deal_is_the_sum_of_two_scores_plus_power_plus_extra(load):
    wdd = load("weird-dust-devils")
    result = conflict(wdd, "Doc=hand=4,eye=3,power=2", "Kid=hand=2 eye=5", scores="hand,eye", power=["Doc"],
                      extra=["Kid=+1"])
    assert [len(seat.cards) for seat in result.seats] == [9, 8]
    dealt = [card for seat in result.seats for card in seat.cards]
    assert len(set(dealt)) == 17
    again = conflict(wdd, "Doc=hand=4,eye=3,power=2", "Kid=hand=2 eye=5", scores="hand,eye", power=["Doc"],
                     extra=["Kid=+1"])
    assert [seat.cards for seat in again.seats] == [seat.cards for seat in result.seats]


def test_roster_scores_and_weird_are_read_from_the_table(load):
    wdd = load("weird-dust-devils")
    table = Table(wdd, name="t", roster={
        "Doc": {"side": "posse", "traits": {"hand": 4, "eye": 3, "power": 2, "weird": "Voodoo Houngan"}},
        "Kid": {"side": "posse", "traits": {"hand": 2, "eye": 5}}})
    result = conflict(wdd, "Doc", "Kid", table=table, scores="Eye,Hand", power=["Doc"])
    assert [len(seat.cards) for seat in result.seats] == [9, 7]
    assert result.to_data()["weirds"] == [{"person": "Doc", "weird": "Voodoo Houngan"}]
    assert table.decks["dealer"].counts()["discard"] == 16 and table.events[-1]["kind"] == "conflict"


def test_dust_devils_plays_with_a_52_card_deck(load):
    dd = load("dust-devils")
    assert len(dd.deck) == 52
    result = conflict(dd, "Doc=:Ks Kd 9c 9h 2s", "Kid=:3c 5d 7c 8d 10h")
    assert result.winner == "Doc" and result.harm["amount"] == 2
    assert result.harm["allowed"] == ["Hand", "Heart", "Eye", "Guts"]  # suit order
    flush = conflict(dd, "Doc=:2d 5d 7d 9d Kd", "Kid=:3c 5h 7c 8s 10h")
    assert flush.harm["allowed"] == ["Eye"] and flush.harm["amount"] == 3
    assert mechanic.trait_kinds(dd) == {"hand": "level", "eye": "level", "heart": "level", "guts": "level"}


def test_trait_kinds_of_weird_dust_devils(load):
    assert mechanic.trait_kinds(load("weird-dust-devils")) == {
        "hand": "level", "heart": "level", "guts": "level", "eye": "level", "power": "level", "weird": "text"}


@pytest.mark.parametrize("participants,options,words", [
    (["Doc=hand=4,eye=3", "Kid=hand=2,eye=5"], {"scores": "hand,hart"}, "did you mean 'heart'"),
    (["Doc=hnad=4,eye=3", "Kid=hand=2,eye=5"], {"scores": "hand,eye"}, "Doc: unknown Score 'hnad'"),
    (["Doc=hand=4", "Kid=hand=2,eye=5"], {"scores": "hand,eye"}, "Doc has no Eye Score"),
    (["Doc=hand=4,eye=3", "Kid=hand=2,eye=5"], {"scores": "hand,hand"}, "named twice"),
    (["Doc=hand=4,eye=3", "Kid=hand=2,eye=5"], {"scores": "hand"}, "two Scores"),
    (["Doc=hand=4,eye=3", "Kid=hand=2,eye=5"], {"scores": "hand,eye", "power": ["Kid"]}, "Kid has no Power"),
    (["Doc=hand=4,eye=3,power=0", "Kid=hand=2,eye=5"], {"scores": "hand,eye", "power": ["Doc"]}, "no Power"),
    (["Doc=hand=4,eye=3"], {"scores": "hand,eye"}, "two or more participants"),
    (["Doc=hand=40,eye=33", "Kid=hand=2,eye=5"], {"scores": "hand,eye"}, "the deal needs 80 cards but the 78-card deck"),
    (["Doc=hand=-1,eye=3", "Kid=hand=2,eye=5"], {"scores": "hand,eye"}, "Doc's Hand: -1 is too small: at least 0"),
    (["Doc=hand=4,eye=3", "Kid=hand=2,eye=5"], {"scores": "hand,power"}, "added with --power"),
    (["Doc=hand=4,eye=3", "Kid=hand=2,eye=5"], {"scores": "hand,eye", "extra": ["Bo=+1"]}, "not a participant"),
    (["Doc=hand=0,eye=0", "Kid=hand=2,eye=5"], {"scores": "hand,eye"}, "dealt 0 cards"),
    (["Doc=hand=4,eye=3", "Kid=hand=2,eye=5"], {"scores": "hand,eye", "fear": 3}, "--fear is for poker-hands"),
    (["Doc=hand=4,eye=3", "Kid=hand=2,eye=5"], {"scores": "hand,eye", "helpers": ["Bo"]}, "--helper is for"),
])
def test_bad_conflicts_are_refused_with_the_person_named(load, participants, options, words):
    with pytest.raises(ConflictError, match=words):
        conflict(load("weird-dust-devils"), *participants, **options)


def test_power_is_refused_in_dust_devils(load):
    with pytest.raises(ConflictError, match="dust-devils has no Power"):
        conflict(load("dust-devils"), "Doc=hand=4,eye=3", "Kid=hand=2,eye=5", scores="hand,eye", power=["Doc"])


def test_a_card_typed_for_two_people_is_refused(load):
    with pytest.raises(Exception, match="KSw"):
        conflict(load("weird-dust-devils"), "Doc=:KSw 2Co", "Kid=:KSw 3Co")


def harm_table(load):
    wdd = load("weird-dust-devils")
    table = Table(wdd, name="t")
    return wdd, table


def place(ruleset, table, person, *split):
    return resolve(ruleset, parse_request(ruleset, ["harm", person, *split], {}), table, random.Random(0))


def test_mundane_harm_placed_on_a_table_and_refused_when_illegal(load):
    wdd, table = harm_table(load)
    conflict(wdd, "Win=:KSw KCu 9Sw 9Cu 2Sw", f"Lose=:{WEAK}", table=table)  # two pair: 2 harm, Hand or Heart
    for split, words in [(["Power=2"], "only Arcane harm reaches Power"), (["Eye=2"], "winning suits"),
                         (["Hand=1"], "too little"), (["Hand=2", "Heart=1"], "too much"),
                         (["Hnad=2"], "did you mean 'hand'")]:
        with pytest.raises(ConflictError, match=words):
            place(wdd, table, "Lose", *split)
    with pytest.raises(ConflictError, match="Win has no harm to place"):
        place(wdd, table, "Win", "Hand=2")
    placed = place(wdd, table, "Lose", "Hand=1", "heart=1").to_data()
    assert placed["harm"] == {"Hand": 1, "Heart": 1}
    state = HarmState.from_data(table.state(HarmState).to_data(), "conflict")
    assert state.harm == {"Lose": {"Hand": 1, "Heart": 1}} and state.pending == {}
    with pytest.raises(ConflictError, match="no harm to place"):
        place(wdd, table, "Lose", "Hand=2")


def test_arcane_harm_may_be_placed_on_power_of_a_power_user_only(load):
    """Seed 001: Arcane harm may go on Power; a character with no Power Score has none to harm."""
    wdd, table = harm_table(load)
    table.roster["Lose"] = {"side": "posse", "traits": {"power": 2}}
    conflict(wdd, "Win=:T1 T2 T3 9Sw 9Cu", f"Lose=:{WEAK}", f"Mundane=:{'2Co 3Wa 4Sw 6Cu 8Co'}", table=table)
    assert place(wdd, table, "Lose", "Power=3", "Eye=1").to_data()["harm"] == {"Power": 3, "Eye": 1}
    with pytest.raises(ConflictError, match="Mundane has no Power Score .*place it on Hand, Heart, Guts, Eye"):
        place(wdd, table, "Mundane", "Power=4")
    assert place(wdd, table, "Mundane", "Hand=4").to_data()["harm"] == {"Hand": 4}


def test_harm_needs_a_table(load):
    wdd = load("weird-dust-devils")
    with pytest.raises(ConflictError, match="--table"):
        place(wdd, Table.fresh(wdd), "Lose", "Hand=1")


def test_state_refuses_unknown_keys():
    from dealer.core.table import StateError

    with pytest.raises(StateError, match="wounds"):
        HarmState.from_data({"wounds": {}}, "conflict")
    with pytest.raises(StateError, match=r"conflict\.pending\.Kid: missing 'allowed'"):
        HarmState.from_data({"pending": {"Kid": {"harm": 1}}}, "conflict")
    assert HarmState.from_data({}, "conflict").to_data() == {}


@pytest.mark.parametrize("words,error", [
    (["harm"], "whose"), (["harm", "Kid"], "where does Kid's harm go"), (["harm", "Kid", "Hand"], "NAME=N"),
    (["harm", "Kid", "Hand=0"], "above 0"), (["clear"], "whose"), (["show", "x"], "no more words"),
    (["=3"], "write NAME"), (["Doc=:"], "no cards after"),
])
def test_bad_words_are_refused(load, words, error):
    with pytest.raises(ConflictError, match=error):
        parse_request(load("weird-dust-devils"), words, {})
