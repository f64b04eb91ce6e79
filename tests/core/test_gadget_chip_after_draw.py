"""A chip played after a gadget check's draw changes what the check made.

Seed 003, "Poker Chips": "After the hand is drawn, you may play a chip to change it. White
allows you to draw one more card. Red allows you a wild pick. Blue allows you two wild picks."
A design, a build and a repair are mad science checks (seed 003, "Science!"), so the chip changes
the design's bonus cards, the device's reliability and fail hand, or the repair, as the check
would have made them with the changed hand.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dealer.core.mechanics import chips as m
from dealer.core.mechanics.chips import spending
from dealer.core.mechanics.gadget import GadgetError, GadgetState
from dealer.core.mechanics.gadget import invention as inv
from dealer.core.mechanics.gadget.breakdown import UseRequest, resolve_use
from dealer.core.table import Table


@pytest.fixture(scope="module")
def poker():
    from dealer.store.rulesets import load

    return load("poker-hands")


def lab(poker, **traits):
    """A table that keeps state, with Doc (mad science 1) on the roster."""
    return Table(poker, name="lab", roster={"Doc": {"side": "posse", "traits": {"mad-science": 1, **traits}}})


def spend(table, colour, rng=None):
    table.chips.move(None, "Doc", colour)
    request = spending.SpendRequest("Doc", colour)
    return spending.resolve_spend(table.ruleset, request, table, rng or random.Random(1)).to_data()


def design(table, cards=None, name="jetski", tier="straight", rng=None):
    check = inv.Check(person="Doc", cards=cards)
    return inv.resolve_design(table.ruleset, inv.DesignRequest(name, tier, check), table, rng or random.Random(1))


def build(table, cards=None, rng=None, rush=0):
    request = inv.BuildRequest("jetski", check=inv.Check(person="Doc", cards=cards), rush=rush)
    return inv.resolve_build(table.ruleset, request, table, rng or random.Random(1))


def test_a_red_chip_after_a_missed_design_makes_the_design(poker):
    table = lab(poker)
    assert not design(table, "9s 9h 4c 4s 2d 7h").success  # two pair: two steps short of a straight
    assert "jetski" not in table.state(GadgetState).designs
    data = spend(table, "red")
    outcome = data["outcome"]
    assert data["after"]["hand"]["rank"] == "full-house"
    assert (outcome["kind"], data["outcome_before"]["steps"], outcome["steps"], outcome["success"]) == \
        ("design", -2, 1, True)
    stored = table.state(GadgetState).designs["jetski"]
    assert (stored.tier, stored.inventor, stored.bonus_cards) == ("straight", "Doc", outcome["bonus_cards"])
    assert m.conservation(table)["conserved"]


def test_a_blue_chip_after_a_failed_build_makes_a_device_from_the_construction_table(poker):
    table = lab(poker)
    design(table, "Ts Jh Qd Kc Ac 2c")  # a straight: hit
    result = build(table, "Ks Kh 5c 6d 8s 2c")  # a pair: three short, "just won't work"
    assert not result.success and not table.state(GadgetState).devices
    outcome = spend(table, "blue")["outcome"]  # two wild picks: four kings, beat by two
    assert (outcome["steps"], outcome["device"], outcome["reliability"], outcome["fail_hand"]) == (2, "jetski-1", 2, 6)
    device = table.state(GadgetState).devices["jetski-1"]
    assert (device.reliability, device.fail_hand, device.builder) == (2, 6, "Doc")
    assert outcome["chance"]["fraction"] == "35/477"  # 1 - C(52,2)/C(54,2) = 105/1431


def test_a_rushed_build_keeps_its_rush_after_the_chip(poker):
    table = lab(poker)
    design(table, "Ts Jh Qd Kc Ac 2c")
    build(table, "Ks Kh 5c 6d 8s 2c", rush=1)
    outcome = spend(table, "blue")["outcome"]
    assert outcome["reliability"] == 2 + poker.gadget["rush_reliability"]


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), skill=st.integers(0, 3))
def test_a_white_chip_makes_what_the_check_would_with_one_card_more(poker, seed, skill):
    """The property: a build whose hand a white chip changed stands as a build dealt the same six
    (or more) cards by hand, one skill level up, would."""
    table = lab(poker)
    table.roster["Doc"]["traits"]["mad-science"] = skill
    design(table, "Ts Jh Qd Kc Ac")  # five: within any skill's count
    build(table, rng=random.Random(seed))
    data = spend(table, "white", random.Random(seed + 1))
    cards = " ".join(data["after"]["cards"])
    again = lab(poker)
    again.roster["Doc"]["traits"]["mad-science"] = skill + 1
    design(again, "Ts Jh Qd Kc Ac")
    expected = build(again, cards)
    outcome = data["outcome"]
    assert len(data["after"]["cards"]) == 6 + skill
    assert (outcome["steps"], outcome["success"], outcome["reliability"], outcome["fail_hand"]) == (
        expected.check.steps, expected.success, expected.reliability, expected.fail_hand)
    assert [joker["card"] for joker in outcome["build_jokers"]] == [joker["card"] for joker in expected.build_jokers]


def test_a_red_chip_after_a_failed_repair_mends_the_device(poker):
    table = lab(poker)
    design(table, "Ts Jh Qd Kc Ac 2c")
    build(table, "Ts Jh Qd Kc 9c 2c")
    device = table.state(GadgetState).devices["jetski-1"]
    device.broken = True
    repair = inv.resolve_repair(poker, inv.RepairRequest("jetski-1", inv.Check(cards="9s 9h 4c 4s 2d 7h")), table,
                                random.Random(1))
    assert not repair.success and device.broken
    outcome = spend(table, "red")["outcome"]
    assert (outcome["kind"], outcome["success"]) == ("repair", True)
    assert not device.broken and device.repairs == 1


def test_a_device_used_since_its_build_cannot_change_and_the_chip_stays(poker):
    table = lab(poker)
    design(table, "9s 9h 4c 4s 2d 7h")
    spend(table, "red")  # the design stands now
    build(table, "Ts Jh Qd Kc 9c 2c")  # then built from: the build is Doc's latest hand
    resolve_use(poker, UseRequest("jetski-1"), table, random.Random(1))
    table.chips.move(None, "Doc", "red")
    before = (dict(table.chips.pot), table.chips.held("Doc"), len(table.events))
    with pytest.raises(GadgetError, match="device 'jetski-1' has been used"):
        spending.resolve_spend(poker, spending.SpendRequest("Doc", "red"), table, random.Random(1))
    assert (dict(table.chips.pot), table.chips.held("Doc"), len(table.events)) == before


def test_a_design_built_from_cannot_change(poker):
    table = lab(poker)
    design(table, "Ts Jh Qd Kc Ac 2c")
    table.state(GadgetState).designs["jetski"].builders.append("Ann")  # someone built from it since
    table.chips.move(None, "Doc", "red")
    with pytest.raises(GadgetError, match="design 'jetski' has been built from"):
        spending.resolve_spend(poker, spending.SpendRequest("Doc", "red"), table, random.Random(1))
    assert table.chips.held("Doc") == 1


def test_a_repair_already_made_has_nothing_to_change(poker):
    table = lab(poker)
    design(table, "Ts Jh Qd Kc Ac 2c")
    build(table, "Ts Jh Qd Kc 9c 2c")
    table.state(GadgetState).devices["jetski-1"].broken = True
    inv.resolve_repair(poker, inv.RepairRequest("jetski-1", inv.Check(cards="Ts Jh Qd Kc 9c 2c")), table,
                       random.Random(1))
    table.chips.move(None, "Doc", "red")
    with pytest.raises(GadgetError, match="is not broken"):
        spending.resolve_spend(poker, spending.SpendRequest("Doc", "red"), table, random.Random(1))


@pytest.mark.parametrize("damage, words", [({"stored": 1}, "hands.kept.1.stored: 1 is not true or false"),
                                          ({"name": None}, "hands.kept.1.name: None is not text"),
                                          ({"steps": 2}, "hands.kept.1: unknown key 'steps'")])
def test_a_damaged_record_of_the_check_is_refused_when_read(poker, damage, words):
    """A hand-edited import may hold anything: the kept check is typed, refused with its path."""
    from dealer.core.mechanics.last_hand import LastHands
    from dealer.core.record import StateError

    table = lab(poker)
    design(table, "9s 9h 4c 4s 2d 7h")
    states = table.states_data()
    states["hands"]["kept"]["1"].update(damage)
    with pytest.raises(StateError, match=words):
        Table(poker, name="lab", states=states).state(LastHands)


def test_a_required_hand_the_ruleset_lacks_is_refused_before_the_chip_moves(poker):
    from dealer.core.mechanics.last_hand import LastHands

    table = lab(poker)
    design(table, "9s 9h 4c 4s 2d 7h")
    table.state(LastHands).of("Doc").required = "nonsense"
    table.chips.move(None, "Doc", "red")
    with pytest.raises(GadgetError, match="a hand rank 'nonsense' poker-hands does not have: draw the check again"):
        spending.resolve_spend(table.ruleset, spending.SpendRequest("Doc", "red"), table, random.Random(1))
    assert table.chips.held("Doc") == 1
