"""Issue 36.3 in the core: every number of a table's state within its bound, every name it holds
checked against the table (a side, a Score, a chip colour, a deck, a usable person's name), each
part checked against itself; and what a person leaving the table gives back. No store, no click:
``Table.check_states`` is what both stores' ``table check`` and ``table import`` ask."""

from __future__ import annotations

import random

import pytest

from dealer.core.mechanics.chips import ChipsState, conservation
from dealer.core.piles import Chips
from dealer.core.record import StateError
from dealer.core.roster import MAX_ROSTER, RosterRequest, add_person, remove_person
from dealer.core.table import Table
from dealer.core.traits import skill_levels


def checked(ruleset, states, decks=("main",)):
    return Table(ruleset, name="t", states=states).check_states(decks)


DEVICE = {"design": "jet", "builder": "Ada", "reliability": 5, "fail_hand": 7}
DESIGN = {"tier": "pair", "inventor": "Ada", "builders": ["Ada"]}


@pytest.mark.parametrize("ruleset, states, words", [
    ("poker-hands", {"gadget": {"devices": {"jet-1": {**DEVICE, "reliability": 10**12}}}},
     "gadget.devices.jet-1.reliability: 1000000000000 is not a whole number of cards from 1 to 1,000"),
    ("poker-hands", {"conditions": {"people": {"Sam": {"wounds": 10**10}}}},
     "conditions.people.Sam.wounds: 10000000000 is not a whole number from 0 to 1,000,000,000"),
    ("poker-hands", {"chips": {"favor": {"Eagles": {"white": 101}}}},
     "chips.favor.Eagles.white: 101 is not a number of favor chips from 0 to 100"),
    ("deadlands", {"rolls": {"seq": 1, "people": {"Sam": {"person": "Sam", "count": 10**6, "sides": 6, "modifier": 0,
                                                          "options": {}, "roll": {}, "seq": 1}}}},
     "rolls.people.Sam.count: 1000000 is not a number of dice from 0 to 100"),
])
def test_every_number_is_within_its_bound(load, ruleset, states, words):
    with pytest.raises(StateError, match=words):
        checked(load(ruleset), states)


@pytest.mark.parametrize("ruleset, states, words", [
    ("deadlands", {"turns": {"round": 1, "order": [{"name": "Sam", "side": "nobody", "card": "As"}]}},
     "turns.order[0].side: 'nobody' is not a side of deadlands (posse, marshal)"),
    ("weird-dust-devils", {"conflict": {"harm": {"Kid": {"Zz": 1}}}},
     "conflict.harm.Kid.Zz: 'Zz' is not a Score of weird-dust-devils (Hand, Heart, Guts, Eye, Power)"),
    ("weird-dust-devils", {"conflict": {"pending": {"Kid": {"harm": 1, "allowed": ["Hand", "Luck"], "arcane": False,
                                                            "winner": "Doc"}}}},
     "conflict.pending.Kid.allowed[1]: 'Luck' is not a Score"),
    ("poker-hands", {"chips": {"created": {"gold": 1}}}, "chips.created.gold: 'gold' is not a chip colour of"),
    ("poker-hands", {"chips": {"favor": {"Eagles": {"gold": 1}}}}, "chips.favor.Eagles.gold: 'gold' is not a chip"),
    ("deadlands", {"action": {"round": 1, "owed_reshuffle": ["posse"]}},
     "action.owed_reshuffle[0]: 'posse' is not a deck of the table"),
    ("deadlands", {"hold": {"people": ["Sam\x1b[2J"]}}, "hold.people[0]: "),
    ("deadlands", {"conditions": {"people": {"a=b": {"casts": 1}}}}, "conditions.people.a=b: "),
])
def test_what_the_state_names_is_the_tables(load, ruleset, states, words):
    with pytest.raises(StateError, match=words.replace("[", r"\[").replace("]", r"\]").replace("(", r"\(")
                       .replace(")", r"\)")):
        checked(load(ruleset), states)


@pytest.mark.parametrize("states, words", [
    ({"gadget": {"designs": {"jet": DESIGN}, "devices": {"jet-1": {**DEVICE, "builder": "Ghost"}}}},
     "gadget.devices.jet-1.builder: 'Ghost' never built design 'jet' (its builders: 'Ada')"),
    ({"gadget": {"designs": {"jet": DESIGN}, "devices": {"ray-1": {**DEVICE, "design": "ray"}}}},
     "gadget.devices.ray-1.design: 'ray' is not a design of the table"),
    ({"hands": {"seq": 1, "people": {"Sam": 1}, "kept": {"1": {"mechanic": "spell", "target": "pair", "draws": [
        {"purpose": "spell", "person": "Bob", "cards": ["As"]}]}}}},
     "hands.people.Sam: hand 1 is not a hand kept with a draw of Sam's"),
    ({"hands": {"seq": 1, "people": {"Sam": 7}, "kept": {"7": {"mechanic": "spell", "target": "pair", "draws": [
        {"purpose": "spell", "person": "Sam", "cards": ["As"]}]}}}},
     "hands.kept.7: not a hand's number from 1 to 1 (hands.seq)"),
])
def test_each_part_is_checked_against_itself(load, states, words):
    with pytest.raises(StateError, match=words.replace("(", r"\(").replace(")", r"\)")):
        checked(load("poker-hands"), states)


def test_every_problem_is_told_and_the_people_named_are_returned_with_their_paths(load):
    poker = load("poker-hands")
    states = {"gadget": {"designs": {"jet": DESIGN}, "devices": {"jet-1": {**DEVICE, "reliability": 0}}},
              "turns": {"round": 1, "order": [{"name": "Sam", "side": "nobody", "hand": "pair"}]}}
    with pytest.raises(StateError) as raised:
        checked(poker, states)
    assert len(str(raised.value).splitlines()) == 2
    people = checked(poker, {"gadget": {"designs": {"jet": DESIGN}, "devices": {"jet-1": DEVICE}},
                             "turns": {"round": 1, "order": [{"name": "Bandit", "side": "posse", "hand": "pair"}]}})
    assert sorted(people) == [("gadget.designs.jet.builders[0]", "Ada"), ("gadget.designs.jet.inventor", "Ada"),
                              ("gadget.devices.jet-1.builder", "Ada"), ("turns.order[0].name", "Bandit")]


# -- who leaves gives back what they held (36.3: `table remove` left Bert's chips behind) ---------------


def test_a_person_who_leaves_gives_chips_and_favor_chips_back_to_the_pot(load):
    poker = load("poker-hands")
    table = Table(poker, name="t")
    for person in ("Bert", "Eagles"):
        add_person(poker, RosterRequest(person), table)
    table.chips.move(None, "Bert", "red", 2)
    table.chips.move(None, "Eagles", "white")
    state = table.state(ChipsState)
    table.chips.pot["blue"] -= 1
    state.favor["Eagles"] = {"blue": 1}
    state.rituals["Eagles"] = ["paint"]
    before = dict(table.chips.pot)
    left = remove_person(poker, RosterRequest("Eagles"), table).to_data()
    assert left["chips"] == {"white": 1, "blue": 1}
    assert table.chips.pot == {**before, "white": before["white"] + 1, "blue": before["blue"] + 1}
    assert "Eagles" not in table.chips.players and "Eagles" not in state.favor and "Eagles" not in state.rituals
    assert table.chips.players == {"Bert": {"red": 2}} and conservation(table)["conserved"]
    returns = [event for event in table.events if event["kind"] == "chip return"]
    assert [(event["data"]["colour"], event["data"]["count"], event["data"]["pool"]) for event in returns] == [
        ("white", 1, "chips"), ("blue", 1, "favor")]


def test_a_roster_holds_at_most_its_limit(load):
    deadlands = load("deadlands")
    table = Table(deadlands, name="t", roster={f"P{i}": {"side": "posse", "traits": {}} for i in range(MAX_ROSTER)})
    with pytest.raises(Exception, match=f"seats {MAX_ROSTER:,} people already"):
        add_person(deadlands, RosterRequest("Zed"), table)
    remove_person(deadlands, RosterRequest("P0"), table)
    add_person(deadlands, RosterRequest("Zed"), table)


@pytest.mark.parametrize("text, levels", [
    ("paint:2, tobacco:3", {"paint": 2, "tobacco": 3}), ("Sweat Lodge:20", {"sweat-lodge": 20}),
    ("paint:99999999999999999999", None), ("paint:21", None), ("paint", None), ("paint:-1", None),
    ("paint:2,", None), (":2", None), ("paint:²", None),
])
def test_a_shamans_rituals_are_skills_with_levels_a_ritual_takes(text, levels):
    assert skill_levels(text) == levels


@pytest.mark.parametrize("pot", [{"white": 50, "red": 25, "blue": 10}, {"red": 1}, {"white": 0, "blue": 3},
                                 {"benny": 7, "gold": 0}])
def test_a_blind_draw_picks_as_a_bag_of_chips_would_without_making_one(pot):
    """The pot is drawn from as ``rng.choice`` over a row of its chips (so every seeded log replays as
    it was dealt), without making the row: a pot of a billion chips draws at once."""
    for seed in range(40):
        bag = [colour for colour, count in sorted(pot.items()) for _ in range(count)]
        assert Chips(dict(pot)).blind(random.Random(seed)) == random.Random(seed).choice(bag)
    assert Chips({"white": 10**9}).blind(random.Random(1)) == "white"
    assert Chips({"white": 0}).blind(random.Random(1)) is None


def test_a_kept_hand_whose_mechanic_is_not_a_word_is_refused_not_a_crash(load):
    """Found by a mutation run of exports: a list where a kept hand names its mechanic was an
    internal error (TypeError: unhashable type)."""
    states = {"hands": {"seq": 1, "people": {"Sam": 1}, "kept": {"1": {"mechanic": [], "draws": []}}}}
    with pytest.raises(StateError, match=r"hands\.kept\.1\.mechanic: a list of 0 is not one of 'spell'"):
        checked(load("poker-hands"), states)
