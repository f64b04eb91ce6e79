"""Combat rounds (seed 000's action cards, seed 003's turn order), with decks stacked by hand."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dealer.core.mechanics import action as act
from dealer.core.piles import Chips, Piles


@pytest.fixture
def deadlands(load):
    return load("deadlands")


def spec(text, ruleset):
    return act.RollSpec.parse(text, ruleset.dice["sides"])


def stacked(ruleset, top):
    """A full deck whose draw pile starts with ``top`` (the rest in new-deck order)."""
    rest = [card.code for card in ruleset.deck if card.code not in top]
    return Piles(list(top) + rest)


def test_sarahs_16_draws_three_cards(deadlands):
    decks = {"posse": stacked(deadlands, ["Qh", "8d", "4c"]), "marshal": stacked(deadlands, [])}
    sarah = act.Participant("Sarah", "posse", spec("16", deadlands))
    result = act.deal_countdown(deadlands, decks, [sarah], random.Random(1), {})
    assert result["participants"][0]["cards"] == ["Qh", "8d", "4c"]
    assert [e["card"] for e in result["countdown"]] == ["Qh", "8d", "4c"]


@pytest.mark.parametrize("total, cards", [(4, 0), (5, 1), (9, 1), (10, 2), (15, 3), (20, 4), (25, 5), (40, 5)])
def test_cards_per_roll(deadlands, total, cards):
    roll = spec(str(total), deadlands).roll(random.Random(0), 5, deadlands.dice)
    assert act.cards_for_roll(roll, deadlands.action, deadlands.action["max_cards"]) == cards


def test_bust_and_max_cards(deadlands):
    bust = spec("bust", deadlands).roll(random.Random(0), 5, deadlands.dice)
    assert act.cards_for_roll(bust, deadlands.action, 5) == 0
    roll = spec("40", deadlands).roll(random.Random(0), 5, deadlands.dice)
    assert act.cards_for_roll(roll, deadlands.action, 9) == 8


def test_ties_by_suit_within_a_side_and_simultaneous_across_sides(deadlands):
    decks = {"posse": stacked(deadlands, ["Qc", "Qs", "Qh", "Qd"]), "marshal": stacked(deadlands, ["Qh", "Ac"])}
    people = [act.Participant("Sarah", "posse", spec("10", deadlands)),
              act.Participant("Velvet", "posse", spec("10", deadlands)),
              act.Participant("Bob", "marshal", spec("10", deadlands))]
    result = act.deal_countdown(deadlands, decks, people, random.Random(1), {})
    order = [(e["card"], e["name"], e["simultaneous"]) for e in result["countdown"]]
    assert order == [("Ac", "Bob", False), ("Qs", "Sarah", False), ("Qh", "Velvet", True), ("Qh", "Bob", True),
                     ("Qd", "Velvet", False), ("Qc", "Sarah", False)]


def test_red_joker_acts_any_time_and_draws_a_chip_from_the_pot(deadlands):
    chips = Chips({"white": 50, "red": 25, "blue": 10})
    decks = {"posse": stacked(deadlands, ["RJ", "5c"]), "marshal": stacked(deadlands, [])}
    result = act.deal_countdown(deadlands, decks, [act.Participant("Sarah", "posse", spec("10", deadlands))],
                                random.Random(3), {}, chips)
    assert result["any_time"] == [{"card": "RJ", "name": "Sarah", "side": "posse"}]
    assert [e["card"] for e in result["countdown"]] == ["5c"]
    chip = [e for e in result["events"] if e["kind"] == "chip"]
    assert chip and chip[0]["to"] == "Sarah"
    assert chips.held("Sarah") == 1 and sum(chips.total().values()) == 85


def test_red_joker_cannot_go_up_a_sleeve(deadlands):
    piles = Piles([], play={"Sarah": ["RJ", "5c"]})
    with pytest.raises(act.ActionError, match="never be held up a sleeve"):
        act.sleeve(deadlands, piles, "Sarah", "RJ")
    assert act.sleeve(deadlands, piles, "Sarah") == "5c"
    with pytest.raises(act.ActionError, match="a Joker never goes up a sleeve"):
        act.sleeve(deadlands, Piles([], play={"Bo": ["RJ", "BJ"]}), "Bo")


def test_sleeve_default_is_the_lowest_card_and_one_at_a_time(deadlands):
    piles = Piles([], play={"Sarah": ["Kd", "3s", "9h"]})
    assert act.sleeve(deadlands, piles, "Sarah") == "3s"
    with pytest.raises(act.ActionError, match="one card at a time"):
        act.sleeve(deadlands, piles, "Sarah", "Kd")


def test_rounds_on_a_table_black_joker_sleeve_and_reshuffle(deadlands):
    rng = random.Random(5)
    state = {}
    chips = Chips({"white": 50, "red": 25, "blue": 10})
    decks = {"posse": stacked(deadlands, ["9h", "7c", "BJ", "2d"]), "marshal": stacked(deadlands, [])}
    sarah = act.Participant("Sarah", "posse", spec("10", deadlands))

    first = act.deal_countdown(deadlands, decks, [sarah], rng, state, chips)
    assert first["round"] == 1 and first["participants"][0]["cards"] == ["9h", "7c"]
    act.sleeve(deadlands, decks["posse"], "Sarah", "7c")

    second = act.deal_countdown(deadlands, decks, [sarah], rng, state, chips)
    assert second["round"] == 2
    assert ["9h"] == [e["cards"] for e in second["events"] if e["kind"] == "discard"][0]  # unplayed card
    assert decks["posse"].sleeves == {}  # the Black Joker took the sleeve card with it
    black = [e for e in second["events"] if e["kind"] == "discard" and "Black Joker" in e["why"]][0]
    assert black["cards"] == ["BJ", "7c"]
    assert [e["to"] for e in second["events"] if e["kind"] == "chip"] == ["Marshal"]
    assert state["owed_reshuffle"] == ["posse"]
    assert second["participants"][0]["cards"] == ["2d"]

    third = act.deal_countdown(deadlands, decks, [sarah], rng, state, chips)
    reshuffles = [e for e in third["events"] if e["kind"] == "reshuffle"]
    assert reshuffles and reshuffles[0]["why"].startswith("a Black Joker")
    assert "owed_reshuffle" not in state
    # After the reshuffle every posse card but Sarah's new ones is back in the draw pile.
    piles = decks["posse"]
    assert len(piles.draw_pile) + sum(map(len, piles.play.values())) == 54


def test_sleeve_kept_across_rounds(deadlands):
    rng = random.Random(2)
    state = {}
    decks = {"posse": stacked(deadlands, ["9h", "7c", "3s", "4s"]), "marshal": stacked(deadlands, [])}
    sarah = act.Participant("Sarah", "posse", spec("10", deadlands))
    act.deal_countdown(deadlands, decks, [sarah], rng, state)
    act.sleeve(deadlands, decks["posse"], "Sarah", "9h")
    second = act.deal_countdown(deadlands, decks, [sarah], rng, state)
    assert second["sleeves"] == [{"name": "Sarah", "side": "posse", "card": "9h"}]
    assert decks["posse"].from_sleeve("Sarah") == "9h" and "9h" in decks["posse"].discards


def test_deck_running_out_mid_round_reshuffles_its_discards_only(deadlands):
    piles = Piles(["2c", "3c"], discards=["4c", "5c", "6c"], play={"Velvet": ["Ks"]}, sleeves={"Bo": ["Qs"][0]})
    decks = {"posse": piles, "marshal": stacked(deadlands, [])}
    sarah = act.Participant("Sarah", "posse", spec("20", deadlands))
    result = act.deal_countdown(deadlands, decks, [sarah], random.Random(4), {})
    cards = result["participants"][0]["cards"]
    assert len(cards) == 4 and "Qs" not in cards
    events = [e for e in result["events"] if e["kind"] == "reshuffle"]
    assert events and "mid-round" in events[0]["why"]
    # Velvet's unplayed Ks from the "last round" went to the discards first and may come back:
    assert set(cards) <= {"2c", "3c", "4c", "5c", "6c", "Ks"}


def test_deck_and_discards_dry_says_so(deadlands):
    decks = {"posse": Piles(["2c"]), "marshal": Piles([])}
    result = act.deal_countdown(deadlands, decks, [act.Participant("Sarah", "posse", spec("20", deadlands))],
                                random.Random(1), {})
    row = result["participants"][0]
    assert row["cards"] == ["2c"] and any("ran dry" in note for note in row["notes"])


def test_surprise_failure_means_no_cards_then_guts(deadlands):
    rng = random.Random(1)
    state = {}
    decks = {"posse": stacked(deadlands, []), "marshal": stacked(deadlands, [])}
    sarah = act.Participant("Sarah", "posse", spec("16", deadlands), surprise_tn=11, cognition=spec("7", deadlands),
                            guts=spec("3", deadlands))
    first = act.deal_countdown(deadlands, decks, [sarah], rng, state)
    assert first["participants"][0]["cards"] == [] and state["shaken"] == ["Sarah"]
    sarah.surprise_tn = None
    second = act.deal_countdown(deadlands, decks, [sarah], rng, state)
    assert second["participants"][0]["cards"] == [] and "still shaken" in second["participants"][0]["notes"][0]
    sarah.guts = spec("6", deadlands)
    third = act.deal_countdown(deadlands, decks, [sarah], rng, state)
    assert len(third["participants"][0]["cards"]) == 3 and state["shaken"] == []


def test_surprise_passed_deals_normally(deadlands):
    decks = {"posse": stacked(deadlands, []), "marshal": stacked(deadlands, [])}
    sarah = act.Participant("Sarah", "posse", spec("16", deadlands), surprise_tn=5, cognition=spec("5", deadlands))
    result = act.deal_countdown(deadlands, decks, [sarah], random.Random(1), {})
    assert len(result["participants"][0]["cards"]) == 3


@pytest.mark.parametrize("mine, theirs, outcome", [
    ("12", "8", "simultaneous"), ("14", "8", "first"), ("8", "12", "no"), ("8", "8", "no"), ("bust", "3", "no"),
    ("7", "3", "simultaneous"), ("10", "bust", "first"), ("4", "2", "no"),
])
def test_interrupt_outcomes(deadlands, mine, theirs, outcome):
    result = act.interrupt(deadlands, random.Random(0), "Sarah", spec(mine, deadlands), "Bob", spec(theirs, deadlands))
    assert result["outcome"] == outcome


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32), people=st.lists(st.tuples(st.sampled_from(["posse", "marshal"]),
                                                              st.sampled_from(["2d6", "3d8", "4d10", "30", "bust", "4"])),
                                                    min_size=1, max_size=14))
def test_no_card_twice_on_a_side_and_counts_match(load, seed, people):
    ruleset = load("deadlands")
    rng = random.Random(seed)
    decks = {"posse": Piles.fresh([c.code for c in ruleset.deck], rng),
             "marshal": Piles.fresh([c.code for c in ruleset.deck], rng)}
    participants = [act.Participant(f"p{i}", side, spec(text, ruleset)) for i, (side, text) in enumerate(people)]
    result = act.deal_countdown(ruleset, decks, participants, rng, {})
    for side in ("posse", "marshal"):
        dealt = [c for row in result["participants"] if row["side"] == side
                 for c in row["cards"] + row.get("discarded", [])]
        assert len(dealt) == len(set(dealt))
    for row in result["participants"]:
        got = len(row["cards"]) + len([c for c in row.get("discarded", []) if c == "BJ"])
        if got != row["allowed"]:
            assert any("ran dry" in note for note in row["notes"])


# -- poker-hands ------------------------------------------------------------------------------

def test_full_house_three_entries_two_pair_two_no_pair_last(load):
    ruleset = load("poker-hands")
    rows = [{"name": "Bert", "side": "posse", "cards": ["Ks", "Kh", "Kd", "Qs", "Qh"], "notes": []},
            {"name": "Sally", "side": "posse", "cards": ["2c", "2d", "9h", "9s", "4c"], "notes": []},
            {"name": "Cy", "side": "marshal", "cards": ["3c", "5d", "7h", "9d", "Jc"], "notes": []}]
    result = act.rank_hands(ruleset, rows, ruleset.context(""))
    order = [(e["name"], e["rank"]) for e in result["countdown"]]
    assert [r for n, r in order if n == "Bert"] == ["full-house", "three-of-a-kind", "pair"]
    assert [r for n, r in order if n == "Sally"] == ["two-pair", "pair"]
    assert order[-1] == ("Cy", None) and result["countdown"][-1]["modifier"] == -1
    assert order == [("Bert", "full-house"), ("Bert", "three-of-a-kind"), ("Sally", "two-pair"),
                     ("Bert", "pair"), ("Sally", "pair"), ("Cy", None)]


def test_exact_ties_act_simultaneously(load):
    ruleset = load("poker-hands")
    rows = [{"name": "A", "side": "posse", "cards": ["Ks", "Kh", "2c", "5d", "9h"], "notes": []},
            {"name": "B", "side": "marshal", "cards": ["Kd", "Kc", "2d", "5c", "9s"], "notes": []}]
    result = act.rank_hands(ruleset, rows, ruleset.context(""))
    assert [e["simultaneous"] for e in result["countdown"]] == [True, True]


def test_red_joker_in_a_combat_hand_draws_a_chip(load):
    ruleset = load("poker-hands")
    piles = Piles(["RJ", "2c", "2d", "9h", "4s"] + [c.code for c in ruleset.deck if c.code not in
                                                     ("RJ", "2c", "2d", "9h", "4s")])
    chips = Chips(dict(ruleset.chips["pot"]))
    result = act.deal_hands(ruleset, piles, [act.Participant("Bert", "posse", hand=5)], random.Random(1),
                            ruleset.context(""), chips)
    assert [e["to"] for e in result["events"] if e["kind"] == "chip"] == ["Bert"]
    assert result["countdown"][0]["rank"] == "pair"
