"""Combat rounds (seed 000's action cards, seed 003's turn order), with decks stacked by hand."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dealer.core.mechanics import action as act
from dealer.core.mechanics import long_actions
from dealer.core.mechanics.action import common, countdown, hands, moves
from dealer.core.piles import Chips, Piles
from dealer.core.mechanics.rolls import RollSpec
from dealer.core.table import Table


@pytest.fixture
def deadlands(load):
    return load("deadlands")


def spec(text, ruleset):
    return RollSpec.parse(text, ruleset.dice["sides"])


def stacked(ruleset, top):
    """A full deck whose draw pile starts with ``top`` (the rest in new-deck order)."""
    rest = [card.code for card in ruleset.deck if card.code not in top]
    return Piles(list(top) + rest)


def table_with(ruleset, decks, chips=None, roster=None):
    """A stored table (persistent: its state carries over) whose decks are stacked."""
    return Table(ruleset, name="t", decks=decks, chips=chips, roster=roster)


def deal(ruleset, table, *posse, marshal=(), rng=None, **options):
    request = common.round_request(ruleset, posse, marshal, **options)
    return act.resolve(ruleset, request, table, rng or random.Random(1)).to_data()


def begin(ruleset, name, cards, what, table, card=None):
    return moves.resolve_begin(ruleset, moves.BeginRequest(name, cards, what, card), table).to_data()


def test_sarahs_16_draws_three_cards(deadlands):
    table = table_with(deadlands, {"posse": stacked(deadlands, ["Qh", "8d", "4c"]), "marshal": stacked(deadlands, [])})
    result = deal(deadlands, table, "Sarah=16")
    assert result["participants"][0]["cards"] == ["Qh", "8d", "4c"]
    assert [e["card"] for e in result["countdown"]] == ["Qh", "8d", "4c"]


@pytest.mark.parametrize("total, cards", [(4, 0), (5, 1), (9, 1), (10, 2), (15, 3), (20, 4), (25, 5), (40, 5)])
def test_cards_per_roll(deadlands, total, cards):
    roll = spec(str(total), deadlands).roll(random.Random(0), 5, deadlands.dice)
    assert countdown.cards_for_roll(roll, deadlands.action, deadlands.action["max_cards"]) == cards


def test_bust_and_max_cards(deadlands):
    bust = spec("bust", deadlands).roll(random.Random(0), 5, deadlands.dice)
    assert countdown.cards_for_roll(bust, deadlands.action, 5) == 0
    roll = spec("40", deadlands).roll(random.Random(0), 5, deadlands.dice)
    assert countdown.cards_for_roll(roll, deadlands.action, 9) == 8


def test_ties_by_suit_within_a_side_and_simultaneous_across_sides(deadlands):
    table = table_with(deadlands, {"posse": stacked(deadlands, ["Qc", "Qs", "Qh", "Qd"]),
                                   "marshal": stacked(deadlands, ["Qh", "Ac"])})
    result = deal(deadlands, table, "Sarah=10", "Velvet=10", marshal=("Bob=10",))
    order = [(e["card"], e["name"], e["simultaneous"]) for e in result["countdown"]]
    assert order == [("Ac", "Bob", False), ("Qs", "Sarah", False), ("Qh", "Velvet", True), ("Qh", "Bob", True),
                     ("Qd", "Velvet", False), ("Qc", "Sarah", False)]


def test_red_joker_acts_any_time_and_draws_a_chip_from_the_pot(deadlands):
    chips = Chips({"white": 50, "red": 25, "blue": 10})
    table = table_with(deadlands, {"posse": stacked(deadlands, ["RJ", "5c"]), "marshal": stacked(deadlands, [])}, chips)
    result = deal(deadlands, table, "Sarah=10", rng=random.Random(3))
    assert result["any_time"] == [{"card": "RJ", "name": "Sarah", "side": "posse"}]
    assert [e["card"] for e in result["countdown"]] == ["5c"]
    chip = [e for e in result["events"] if e["kind"] == "chip"]
    assert chip and chip[0]["player"] == "Sarah"
    assert chips.held("Sarah") == 1 and sum(chips.total().values()) == 85


def test_red_joker_cannot_go_up_a_sleeve(deadlands):
    piles = Piles([], play={"Sarah": ["RJ", "5c"]})
    with pytest.raises(common.ActionError, match="never be held up a sleeve"):
        moves.sleeve(deadlands, piles, "Sarah", "RJ")
    assert moves.sleeve(deadlands, piles, "Sarah") == "5c"
    with pytest.raises(common.ActionError, match="a Joker never goes up a sleeve"):
        moves.sleeve(deadlands, Piles([], play={"Bo": ["RJ", "BJ"]}), "Bo")


def test_sleeve_default_is_the_lowest_card_and_one_at_a_time(deadlands):
    piles = Piles([], play={"Sarah": ["Kd", "3s", "9h"]})
    assert moves.sleeve(deadlands, piles, "Sarah") == "3s"
    with pytest.raises(common.ActionError, match="one card at a time"):
        moves.sleeve(deadlands, piles, "Sarah", "Kd")


def test_rounds_on_a_table_black_joker_sleeve_and_reshuffle(deadlands):
    rng = random.Random(5)
    chips = Chips({"white": 50, "red": 25, "blue": 10})
    table = table_with(deadlands, {"posse": stacked(deadlands, ["9h", "7c", "BJ", "2d"]),
                                   "marshal": stacked(deadlands, [])}, chips)
    state = table.state(common.ActionState)

    first = deal(deadlands, table, "Sarah=10", rng=rng)
    assert first["round"] == 1 and first["participants"][0]["cards"] == ["9h", "7c"]
    moves.resolve_sleeve(deadlands, moves.SleeveRequest("Sarah", "7c"), table, rng)

    second = deal(deadlands, table, "Sarah=10", rng=rng)
    assert second["round"] == 2
    assert ["9h"] == [e["cards"] for e in second["events"] if e["kind"] == "discard"][0]  # unplayed card
    assert table.decks["posse"].sleeves == {}  # the Black Joker took the sleeve card with it
    black = [e for e in second["events"] if e["kind"] == "discard" and "Black Joker" in e["why"]][0]
    assert black["cards"] == ["BJ", "7c"]
    assert [e["player"] for e in second["events"] if e["kind"] == "chip"] == ["Marshal"]
    assert state.owed_reshuffle == ["posse"]
    assert second["participants"][0]["cards"] == ["2d"]

    third = deal(deadlands, table, "Sarah=10", rng=rng)
    reshuffles = [e for e in third["events"] if e["kind"] == "reshuffle"]
    assert reshuffles and reshuffles[0]["why"].startswith("a Black Joker")
    assert state.owed_reshuffle == [] and "owed_reshuffle" not in state.to_data()
    # After the reshuffle every posse card but Sarah's new ones is back in the draw pile.
    piles = table.decks["posse"]
    assert len(piles.draw_pile) + sum(map(len, piles.play.values())) == 54
    assert {e["kind"] for e in table.events} >= {"deal", "discard", "chip draw", "reshuffle", "reshuffle owed", "sleeve"}


def test_sleeve_kept_across_rounds(deadlands):
    rng = random.Random(2)
    table = table_with(deadlands, {"posse": stacked(deadlands, ["9h", "7c", "3s", "4s"]),
                                   "marshal": stacked(deadlands, [])})
    deal(deadlands, table, "Sarah=10", rng=rng)
    moves.resolve_sleeve(deadlands, moves.SleeveRequest("Sarah", "9h"), table, rng)
    second = deal(deadlands, table, "Sarah=10", rng=rng)
    assert second["sleeves"] == [{"name": "Sarah", "side": "posse", "card": "9h"}]
    assert moves.resolve_play(deadlands, moves.PlayRequest("Sarah"), table, rng).to_data()["card"] == "9h" and "9h" in table.decks["posse"].discards


def test_deck_running_out_mid_round_reshuffles_its_discards_only(deadlands):
    piles = Piles(["2c", "3c"], discards=["4c", "5c", "6c"], play={"Velvet": ["Ks"]}, sleeves={"Bo": "Qs"})
    table = table_with(deadlands, {"posse": piles, "marshal": stacked(deadlands, [])})
    result = deal(deadlands, table, "Sarah=20", rng=random.Random(4))
    cards = result["participants"][0]["cards"]
    assert len(cards) == 4 and "Qs" not in cards
    events = [e for e in result["events"] if e["kind"] == "reshuffle"]
    assert events and "mid-round" in events[0]["why"]
    # Velvet's unplayed Ks from the "last round" went to the discards first and may come back:
    assert set(cards) <= {"2c", "3c", "4c", "5c", "6c", "Ks"}


def test_deck_and_discards_dry_says_so(deadlands):
    table = table_with(deadlands, {"posse": Piles(["2c"]), "marshal": Piles([])})
    row = deal(deadlands, table, "Sarah=20")["participants"][0]
    assert row["cards"] == ["2c"] and any("ran dry" in note for note in row["notes"])


def test_surprise_failure_means_no_cards_then_guts(deadlands):
    rng = random.Random(1)
    table = table_with(deadlands, {"posse": stacked(deadlands, []), "marshal": stacked(deadlands, [])})
    first = deal(deadlands, table, "Sarah=16", rng=rng, surprised=("Sarah:11=7",), guts=("Sarah=3",))
    assert first["participants"][0]["cards"] == [] and table.state(common.ActionState).shocked == ["Sarah"]
    assert first["participants"][0]["cognition"]["tn"] == 11
    second = deal(deadlands, table, "Sarah=16", rng=rng, guts=("Sarah=3",))
    assert second["participants"][0]["cards"] == [] and "still shaken" in second["participants"][0]["notes"][0]
    third = deal(deadlands, table, "Sarah=16", rng=rng, guts=("Sarah=6",))
    assert len(third["participants"][0]["cards"]) == 3 and table.state(common.ActionState).shocked == []


def test_surprise_passed_deals_normally(deadlands):
    table = table_with(deadlands, {"posse": stacked(deadlands, []), "marshal": stacked(deadlands, [])})
    result = deal(deadlands, table, "Sarah=16", surprised=("Sarah:5=5",))
    assert len(result["participants"][0]["cards"]) == 3


@pytest.mark.parametrize("mine, theirs, outcome", [
    ("12", "8", "simultaneous"), ("14", "8", "first"), ("8", "12", "no"), ("8", "8", "no"), ("bust", "3", "no"),
    ("7", "3", "simultaneous"), ("10", "bust", "first"), ("4", "2", "no"),
])
def test_interrupt_outcomes(deadlands, mine, theirs, outcome):
    result = moves.interrupt(deadlands, random.Random(0), "Sarah", spec(mine, deadlands), "Bob", spec(theirs, deadlands))
    assert result["outcome"] == outcome


def test_the_red_joker_interrupts_without_a_roll_and_is_spent(deadlands):
    """Seed 000: the Red Joker's holder acts at any time, "even interrupting someone else's action
    without making a Quickness check"."""
    table = table_with(deadlands, {"posse": stacked(deadlands, ["RJ", "5c"]), "marshal": stacked(deadlands, ["Ah"])})
    deal(deadlands, table, "Sarah=10", marshal=("Bob=5",))
    result = moves.resolve_interrupt(deadlands, moves.InterruptRequest("Sarah", "Bob"), table,
                                     random.Random(1)).to_data()
    assert result["outcome"] == "first" and result["card"] == "RJ" and result["roll"] is None
    assert "RJ" in table.decks["posse"].discards and table.decks["posse"].play["Sarah"] == ["5c"]
    with pytest.raises(common.ActionError, match="no card up the sleeve"):
        moves.resolve_interrupt(deadlands, moves.InterruptRequest("Sarah", "Bob"), table, random.Random(1))


def test_an_action_of_two_cards_resolves_on_its_last_card_across_rounds(deadlands):
    """Seed 000's Speed: "She spends her Queen of Hearts this round and her 8 of Diamonds next round.
    On the 8, she makes her hexslingin' roll and resolves the spell's effects."""
    table = table_with(deadlands, {"posse": stacked(deadlands, ["Qh", "8d"]), "marshal": stacked(deadlands, [])},
                       roster={"Velvet": {"side": "posse", "traits": {}}})
    assert begin(deadlands, "Velvet", 2, "mirage", table)["spent"] == 0  # before any card
    first = deal(deadlands, table, "Velvet=5")
    assert first["countdown"][0]["action"] == "mirage 1/2" and not first["countdown"][0].get("resolves")
    second = deal(deadlands, table, "Velvet=5")
    assert second["countdown"][0]["card"] == "8d" and second["countdown"][0]["action"] == "mirage 2/2: resolves now"
    third = deal(deadlands, table, "Velvet=5")
    assert "action" not in third["countdown"][0] and long_actions.current(table, "Velvet") is None


def test_an_action_begun_mid_round_spends_this_rounds_later_cards_too(deadlands):
    """Velvet holds Qh, 8d and 4c this round. Begun on the Queen, a Speed 2 action spends the
    Queen and the 8, and resolves on the 8 this round; begun on the 8 (--card), the 8 and the 4."""
    def velvet_with_three_cards():
        table = table_with(deadlands, {"posse": stacked(deadlands, ["Qh", "8d", "4c"]),
                                       "marshal": stacked(deadlands, [])},
                           roster={"Velvet": {"side": "posse", "traits": {}}})
        deal(deadlands, table, "Velvet=16")
        return table

    begun = begin(deadlands, "Velvet", 2, "mirage", velvet_with_three_cards())
    assert (begun["spending"], begun["spent"], begun["resolves_on"]) == (["Qh", "8d"], 2, "8d")
    later = begin(deadlands, "Velvet", 2, "mirage", velvet_with_three_cards(), card="8D")
    assert (later["spending"], later["resolves_on"]) == (["8d", "4c"], "4c")
    table = velvet_with_three_cards()
    long = begin(deadlands, "Velvet", 5, "mirage", table, card="4c")
    assert (long["spending"], long["spent"], long["resolves_on"]) == (["4c"], 1, None)
    assert deal(deadlands, table, "Velvet=5")["countdown"][0]["action"] == "mirage 2/5"
    with pytest.raises(common.ActionError, match="holds no Ah this round .*Qh, 8d, 4c"):
        begin(deadlands, "Velvet", 2, "mirage", velvet_with_three_cards(), card="Ah")


def test_an_action_finished_within_its_round_is_gone_at_the_next_deal(deadlands):
    table = table_with(deadlands, {"posse": stacked(deadlands, ["Qh", "8d", "4c", "3c"]),
                                   "marshal": stacked(deadlands, [])},
                       roster={"Velvet": {"side": "posse", "traits": {}}})
    deal(deadlands, table, "Velvet=16")
    begin(deadlands, "Velvet", 2, "mirage", table)
    assert "action" not in deal(deadlands, table, "Velvet=5")["countdown"][0]
    assert long_actions.current(table, "Velvet") is None


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32), people=st.lists(st.tuples(st.sampled_from(["posse", "marshal"]),
                                                              st.sampled_from(["2d6", "3d8", "4d10", "30", "bust", "4"])),
                                                    min_size=1, max_size=14))
def test_no_card_twice_on_a_side_and_counts_match(load, seed, people):
    ruleset = load("deadlands")
    rng = random.Random(seed)
    posse = tuple(f"p{i}={text}" for i, (side, text) in enumerate(people) if side == "posse")
    marshal = tuple(f"p{i}={text}" for i, (side, text) in enumerate(people) if side == "marshal")
    result = deal(ruleset, Table.fresh(ruleset), *posse, marshal=marshal, rng=rng)
    for side in ("posse", "marshal"):
        dealt = [c for row in result["participants"] if row["side"] == side
                 for c in row["cards"] + row.get("discarded", [])]
        assert len(dealt) == len(set(dealt))
    for row in result["participants"]:
        got = len(row["cards"]) + len([c for c in row.get("discarded", []) if c == "BJ"])
        if got != row["allowed"]:
            assert any("ran dry" in note for note in row["notes"])


# -- poker-hands ------------------------------------------------------------------------------

def rows_of(**held):
    return [common.CombatHand(name=name, side="posse", cards=cards.split()) for name, cards in held.items()]


def test_full_house_acts_at_full_house_three_and_pair_two_pair_at_two_no_pair_last(load):
    ruleset = load("poker-hands")
    rows = rows_of(Bert="Ks Kh Kd Qs Qh", Sally="2c 2d 9h 9s 4c", Cy="3c 5d 7h 9d Jc")
    result = hands.rank_hands(ruleset, rows, {})
    order = [(e["name"], e["rank"]) for e in result["countdown"]]
    assert order == [("Bert", "full-house"), ("Bert", "three-of-a-kind"), ("Sally", "two-pair"),
                     ("Bert", "pair"), ("Sally", "pair"), ("Cy", None)]
    assert result["countdown"][-1]["modifier"] == -1
    assert result["countdown"][3]["cards"] == ["Ks", "Kh"]  # its best pair, from the three Kings


@pytest.mark.parametrize("cards, ranks", [
    ("9c 9d 9h 9s 2c", ["four-of-a-kind", "three-of-a-kind", "pair"]),
    ("9c 9d 9h 3s 2c", ["three-of-a-kind", "pair"]),
    ("9c 9d 3h 3s 2c", ["two-pair", "pair"]),
    ("4c 5c 6c 7c 8c", ["straight-flush", "flush", "straight"]),
    ("4c 5c 6c 7c 8c 8d Kh", ["straight-flush", "flush", "straight", "pair"]),
    ("Ac Kc Qc Jc 10c", ["royal-flush", "flush", "straight"]),
    ("Ks Kh Kd Qs Qh 2c 2d", ["full-house", "three-of-a-kind", "pair"]),
    ("3c 5d 7h 9d Jc", []),
])
def test_sub_hands_every_category_any_subset_forms_once(load, cards, ranks):
    """Seed 003: "You can use the same cards in multiple sub hands"; never twice at one category."""
    ruleset = load("poker-hands")
    found = hands.sub_hands(ruleset, ruleset.deck.parse_many(cards), ruleset.context(""))
    assert [hand.rank.id for hand in found] == ranks


def test_exact_ties_act_simultaneously(load):
    ruleset = load("poker-hands")
    rows = [common.CombatHand(name="A", side="posse", cards=["Ks", "Kh", "2c", "5d", "9h"]),
            common.CombatHand(name="B", side="marshal", cards=["Kd", "Kc", "2d", "5c", "9s"])]
    result = hands.rank_hands(ruleset, rows, {})
    assert [e["simultaneous"] for e in result["countdown"]] == [True, True]


def test_a_joker_and_no_pair_is_a_bust_in_combat(load):
    ruleset = load("poker-hands")
    result = hands.rank_hands(ruleset, rows_of(Cy="BJ 3c 5d 7s 9d", Bo="RJ 3h 3d 7h 9h"), {})
    cy = result["participants"][0]
    assert cy["bust"] and cy["how_black"] == {"black": 3, "red": 2} and result["countdown"][-1]["hand"].startswith("BUST")
    assert not result["participants"][1]["bust"]


def test_red_joker_in_a_combat_hand_draws_a_chip(load):
    ruleset = load("poker-hands")
    piles = Piles(["RJ", "2c", "2d", "9h", "4s"] + [c.code for c in ruleset.deck if c.code not in
                                                     ("RJ", "2c", "2d", "9h", "4s")])
    chips = Chips(dict(ruleset.chips["pot"]))
    table = table_with(ruleset, {"combat": piles}, chips)
    result = deal(ruleset, table, "Bert")
    assert [e["player"] for e in result["events"] if e["kind"] == "chip"] == ["Bert"]
    assert result["countdown"][0]["rank"] == "pair"


def test_a_winded_caster_draws_one_card_fewer_in_combat(load):
    from dealer.core.mechanics.conditions import count_cast

    ruleset = load("poker-hands")
    table = table_with(ruleset, {}, roster={"Sally": {"side": "posse", "traits": {"master": 1}},
                                            "Bert": {"side": "posse", "traits": {}}})
    count_cast(table, "Sally")
    result = deal(ruleset, table)
    sizes = {row["name"]: len(row["cards"]) for row in result["participants"]}
    assert sizes == {"Sally": 4, "Bert": 5}
