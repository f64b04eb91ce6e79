"""Mad science (seed 003): steps, tiers, the construction table, bonus cards, Jokers, severity hands."""

from __future__ import annotations

import random

import pytest

from dealer.core.mechanics import gadget
from dealer.core.mechanics.gadget import GadgetError, GadgetState, breakdown, invention
from dealer.core.mechanics.gadget.breakdown import UseRequest
from dealer.core.mechanics.gadget.invention import Assist, BuildRequest, Check, DesignRequest
from dealer.core.table import StateError, Table


@pytest.fixture(scope="module")
def poker():
    from dealer.store.rulesets import load

    return load("poker-hands")


def fresh(poker):
    return Table.fresh(poker)


def kept(poker):
    """A table that keeps state (named), without the store."""
    return Table(poker, name="lab")


# -- steps ------------------------------------------------------------------------------------

STEPS = [
    # made, required, steps
    ("high-card", "pair", -1),
    ("pair", "pair", 0),
    ("two-pair", "pair", 1),
    ("high-card", "three-of-a-kind", -3),
    ("pair", "straight", -3),
    ("two-pair", "straight", -2),
    ("three-of-a-kind", "straight", -1),
    ("straight", "straight", 0),
    ("flush", "straight", 0),  # straight and flush are one tier
    ("full-house", "straight", 1),
    ("four-of-a-kind", "straight", 2),
    ("straight-flush", "straight", 3),
    ("royal-flush", "straight", 3),  # a royal flush is a straight flush
    ("flush", "three-of-a-kind", 1),
    ("flush", "full-house", -1),
    ("straight", "flush", 0),
    ("full-house", "pair", 4),
    ("straight-flush", "pair", 6),
    ("five-of-a-kind", "four-of-a-kind", 1),
    ("high-card", "straight-flush", -7),
]


@pytest.mark.parametrize("made, required, expected", STEPS)
def test_steps_count_the_tiers(poker, made, required, expected):
    assert gadget.steps(poker, poker.by_id[made], poker.by_id[required]) == expected


@pytest.mark.parametrize("text, level", [
    ("pair", 1), ("simple", 1), ("Simple application of existing tech", 1), ("two pair", 2), ("complex", 2),
    ("minor", 3), ("trips", 3), ("straight", 4), ("flush", 4), ("novel tech", 4), ("crazy", 5),
    ("full house", 5), ("impossible", 6), ("quads", 6), ("straight flush", 7), ("you built what?", 7),
    ("7", 7), ("1", 1)])
def test_tiers_by_rank_name_or_number(poker, text, level):
    tier = gadget.find_tier(poker, text)
    assert tier.level == level
    assert tier.to_data()["example"]


@pytest.mark.parametrize("text", ["high card", "tech", "warp drive", "0", "8", ""])
def test_unknown_tiers_are_refused(poker, text):
    with pytest.raises(GadgetError, match="unknown tier"):
        gadget.find_tier(poker, text)


def test_tiers_and_examples_are_seed_003s(poker):
    table = [(t.rank.id, t.name, t.example) for t in gadget.tiers(poker)]
    assert table == [
        ("pair", "simple application of existing tech", "hat gun"),
        ("two-pair", "complex application of existing tech", "gatling pistol"),
        ("three-of-a-kind", "minor novel tech", "steam wagon"),
        ("straight", "novel tech", "rocket boots, magnetic gloves"),
        ("full-house", "crazy tech", "jetpack, revivifier, clockwork workers"),
        ("four-of-a-kind", "impossible tech", "ectoplasmic calcifier"),
        ("straight-flush", "you built what?", "bulletproof clothing"),
    ]


def test_a_ruleset_without_tiers_says_so(load):
    with pytest.raises(GadgetError, match="no gadget tiers"):
        gadget.find_tier(load("deadlands"), "pair")


# -- construction -----------------------------------------------------------------------------

# Seed 003: miss by three or more: just won't work; miss by two: 10, 10; miss by one: 7, 8; hit: 5, 7;
# high required hand: 4, 7; beat by one: 3, 6; beat by two: 2, 6; beat by three: 1, 5.
CONSTRUCTION = [
    # tier, construction hand typed in, steps, high, reliability, fail hand
    ("straight", "Kc 2d 5h 9s 7d", -4, False, None, None),
    ("straight", "2c 2d 5h 9s Kd", -3, False, None, None),
    ("straight", "2c 2d 5h 5s Kd", -2, False, 10, 10),
    ("straight", "2c 2d 2h 5s Kd", -1, False, 7, 8),
    ("straight", "10h 9d 8c 7s 6h", 0, False, 5, 7),  # a Ten-high straight: a plain hit
    ("straight", "Js 10h 9d 8c 7s", 0, True, 4, 7),  # a Jack-high straight: high required hand
    ("straight", "9h 7h 5h 3h 2h", 0, False, 5, 7),  # a flush is on the straight's tier
    ("straight", "Kh 9h 7h 5h 2h", 0, True, 4, 7),
    ("straight", "2c 2d 2h 5s 5d", 1, False, 3, 6),
    ("straight", "2c 2d 2h 2s 5d", 2, False, 2, 6),
    ("straight", "9h 8h 7h 6h 5h", 3, False, 1, 5),
    ("pair", "10c 10d 4h 5s 9d", 0, False, 5, 7),  # a pair of tens: not high
    ("pair", "Jc Jd 4h 5s 9d", 0, True, 4, 7),  # a pair of jacks: high
    ("pair", "9h 8h 7h 6h 5h", 6, False, 1, 5),  # beating by more than three counts as three
    ("two pair", "Ac Ad Kh 5s 9d", -1, False, 7, 8),
]


@pytest.mark.parametrize("tier, cards, steps, high, reliability, fail_hand", CONSTRUCTION)
def test_every_construction_row_with_hands_typed_in(poker, tier, cards, steps, high, reliability, fail_hand):
    request = BuildRequest(tier=tier, check=Check(skill=0, cards=cards))
    result = invention.resolve_build(poker, request, fresh(poker), random.Random(0))
    assert (result.check.steps, result.high, result.reliability, result.fail_hand) == (
        steps, high, reliability, fail_hand)
    assert result.success == (reliability is not None)
    data = result.to_data()
    assert data["success"] == result.success and data["reliability"] == reliability
    if reliability is not None:
        chance = breakdown.breakdown_chance(54, 2, reliability)
        assert data["chance"]["fraction"] == f"{chance.numerator}/{chance.denominator}"
    else:
        assert data["chance"] is None


def test_the_table_agrees_with_five_plus_half_the_reliability(poker):
    for row in poker.gadget["construction"]:
        assert row["fail_hand"] == breakdown.fail_hand_size(poker, row["reliability"])


@pytest.mark.parametrize("rush, reliability, fail_hand, time", [
    (0, 5, 7, "a month"), (1, 7, 8, "a week"), (2, 9, 9, "a day"), (3, 11, 10, "an hour")])
def test_rushing_costs_two_reliability_per_category(poker, rush, reliability, fail_hand, time):
    request = BuildRequest(tier="straight", check=Check(skill=0, cards="10h 9d 8c 7s 6h"), rush=rush)
    result = invention.resolve_build(poker, request, fresh(poker), random.Random(0))
    assert (result.reliability, result.fail_hand, result.time) == (reliability, fail_hand, time)


def test_rushing_below_the_quickest_category_is_refused(poker):
    request = BuildRequest(tier="straight", check=Check(skill=0, cards="10h 9d 8c 7s 6h"), rush=4)
    with pytest.raises(GadgetError, match="at most 3"):
        invention.resolve_build(poker, request, fresh(poker), random.Random(0))


@pytest.mark.parametrize("tier, time", [("pair", "a day"), ("two pair", "a week"), ("flush", "a month"),
                                        ("straight flush", "a year")])
def test_build_time_by_complexity(poker, tier, time):
    request = BuildRequest(tier=tier, check=Check(skill=0, cards="2c"))
    assert invention.resolve_build(poker, request, fresh(poker), random.Random(0)).time == time


def test_the_gm_may_set_the_complexity(poker):
    request = BuildRequest(tier="straight flush", check=Check(skill=0, cards="2c"), complexity="below simple")
    assert invention.resolve_build(poker, request, fresh(poker), random.Random(0)).time == "an hour"


def test_build_jokers_are_noted(poker):
    request = BuildRequest(tier="pair", check=Check(skill=2, cards="Jc Jd 4h 5s 9d RJ BJ"))
    result = invention.resolve_build(poker, request, fresh(poker), random.Random(0))
    assert [joker["card"] for joker in result.build_jokers] == ["RJ", "BJ"]
    assert result.reliability == 4


# -- design -----------------------------------------------------------------------------------


@pytest.mark.parametrize("cards, steps, bonus", [
    ("2c 2d 5h 9s Kd", 0, 0),  # a pair on a pair tier
    ("2c 2d 5h 5s Kd", 1, 0),  # beat by one: no bonus
    ("2c 2d 2h 5s Kd", 2, 1),  # beat by two: one bonus card
    ("10h 9d 8c 7s 6h", 3, 2),  # beat by three: one more
    ("2c 2d 2h 5s 5d", 4, 3),
])
def test_design_bonus_cards(poker, cards, steps, bonus):
    request = DesignRequest("hat gun", "pair", Check(skill=0, cards=cards))
    result = invention.resolve_design(poker, request, fresh(poker), random.Random(0))
    assert (result.check.steps, result.bonus_cards, result.success) == (steps, bonus, True)
    assert result.to_data()["time"] == "a few hours"


def test_a_design_that_misses_does_not_work(poker):
    request = DesignRequest("jetpack", "crazy", Check(skill=0, cards="10h 9d 8c 7s 6h"))
    result = invention.resolve_design(poker, request, fresh(poker), random.Random(0))
    assert result.check.steps == -1 and not result.success and result.bonus_cards == 0


@pytest.mark.parametrize("cards, jokers", [
    ("9s 9h 9d 4c 4s RJ", ["RJ"]), ("9s 9h 9d 4c 4s BJ", ["BJ"]), ("9s 9h 9d 4c RJ BJ", ["RJ", "BJ"]),
    ("9s 9h 9d 4c 4s", [])])
def test_design_jokers(poker, cards, jokers):
    request = DesignRequest("jetski", "straight", Check(skill=1, cards=cards))
    result = invention.resolve_design(poker, request, fresh(poker), random.Random(0))
    assert [joker["card"] for joker in result.jokers] == jokers
    notes = {joker["card"]: joker["note"] for joker in result.jokers}
    if "RJ" in notes:
        assert "exotic and annoying item" in notes["RJ"]
    if "BJ" in notes:
        assert "eccentricity" in notes["BJ"]


def test_an_assist_hand_adds_as_a_helper_does(poker):
    # A helper's two pair adds a card (conflict.helpers): skill 0 draws six.
    request = DesignRequest("hat gun", "pair", Check(skill=0, assist=Assist(hand="two pair")))
    result = invention.resolve_design(poker, request, fresh(poker), random.Random(3))
    assert result.check.draw.size.cards == 6 and len(result.check.draw.cards) == 6
    assert result.check.assist["bonus"]["cards"] == 1


def test_an_assist_pair_adds_five_value(poker):
    # A pair of deuces raised five values is a pair of sevens; a pair of aces raised one is two pair.
    request = DesignRequest("gun", "two pair", Check(skill=0, assist=Assist(hand="pair"), cards="Ac Ad 4h 5s 9d"))
    result = invention.resolve_design(poker, request, fresh(poker), random.Random(0))
    assert result.check.draw.point[0].id == "two-pair" and result.check.steps == 0


def test_an_assist_check_draws_first_from_the_same_deck(poker):
    table = fresh(poker)
    request = DesignRequest("gun", "pair", Check(skill=1, assist=Assist(skill=2)))
    result = invention.resolve_design(poker, request, table, random.Random(9))
    assist = result.check.assist
    assert len(assist["draw"]["cards"]) == 7 and not set(assist["draw"]["cards"]) & {c.code for c in result.check.draw.cards}
    # The bonus follows the helpers table for the assist's hand.
    expected = poker.conflict["helpers"].get(assist["draw"]["hand"]["rank"], {}).get("cards", 0)
    assert assist["bonus"]["cards"] == expected and result.check.draw.size.cards == 6 + expected


def test_design_skill_from_the_roster(poker):
    table = kept(poker)
    table.roster["Bert"] = {"side": "posse", "traits": {"mad-science": 3}}
    request = DesignRequest("jetski", "straight", Check(person="Bert"))
    result = invention.resolve_design(poker, request, table, random.Random(1))
    assert result.check.draw.request.skill == 3 and len(result.check.draw.cards) == 8
    with pytest.raises(GadgetError, match="--skill"):
        invention.resolve_design(poker, DesignRequest("x", "pair", Check(person="Nobody")), table, random.Random(1))


# -- designs and devices on a table -----------------------------------------------------------


def _design(poker, table, cards, person="Bert", name="jetski", tier="pair"):
    return invention.resolve_design(poker, DesignRequest(name, tier, Check(skill=0, cards=cards, person=person)),
                                 table, random.Random(0))


def _build(poker, table, cards, person="", name="jetski", **options):
    request = BuildRequest(name, check=Check(skill=0, cards=cards, person=person), **options)
    return invention.resolve_build(poker, request, table, random.Random(0))


def test_bonus_cards_go_to_the_first_build_only(poker):
    table = kept(poker)
    _design(poker, table, "10h 9d 8c 7s 6h")  # a straight on a pair tier: 3 steps, 2 bonus cards
    state = table.state(GadgetState)
    assert state.designs["jetski"].bonus_cards == 2
    first = _build(poker, table, "2c 2d 5h 9s Kd")
    assert [m.to_data() for m in first.check.draw.modifiers] == [{"why": "bonus cards from the design (first build)",
                                                                  "cards": 2}]
    assert first.check.draw.size.cards == 7 and state.designs["jetski"].bonus_used
    second = _build(poker, table, "2c 2d 5h 9s Kd")
    assert second.check.draw.modifiers == () and second.check.draw.size.cards == 5
    assert list(state.devices) == ["jetski-1", "jetski-2"]


def test_someone_elses_design_is_one_card_short_the_first_time_per_builder(poker):
    table = kept(poker)
    _design(poker, table, "2c 2d 5h 9s Kd")
    sizes = {}
    for who, typed in (("Bert", "2c 2d 5h 9s Kd"), ("Ada", "2c 2d 5h 9s"), ("Ada", "2c 2d 5h 9s Kd"),
                       ("Cole", "2c 2d 5h 9s")):  # cards typed are the count the build allows
        sizes.setdefault(who, []).append(_build(poker, table, typed, person=who).check.draw.size.cards)
    assert sizes == {"Bert": [5], "Ada": [4, 5], "Cole": [4]}
    assert table.state(GadgetState).designs["jetski"].builders == ["Bert", "Ada", "Cole"]


def test_devices_keep_reliability_fail_hand_jokers_and_builder(poker):
    table = kept(poker)
    _design(poker, table, "2c 2d 5h 9s Kd")
    _build(poker, table, "Jc Jd 4h RJ", person="Ada", device="Ada's gun")  # her first build of Bert's: four
    device = table.state(GadgetState).devices["Ada's gun"]
    assert (device.design, device.builder, device.reliability, device.fail_hand, device.build_jokers) == (
        "jetski", "Ada", 4, 7, ["RJ"])


def test_a_build_that_does_not_work_stores_no_device(poker):
    table = kept(poker)
    _design(poker, table, "Jc Jd 4h 5s 9d", tier="straight")  # misses: no design
    with pytest.raises(GadgetError, match="no design 'jetski'"):
        _build(poker, table, "2c 2d 5h 9s Kd")
    _design(poker, table, "10h 9d 8c 7s 6h", tier="straight")
    result = _build(poker, table, "2c 3d 5h 9s Kd")
    assert not result.success and result.device is None and table.state(GadgetState).devices == {}


def test_state_round_trips_and_refuses_unknown_keys(poker):
    table = kept(poker)
    _design(poker, table, "10h 9d 8c 7s 6h")
    _build(poker, table, "Jc Jd 4h 5s BJ")
    data = table.state(GadgetState).to_data()
    assert GadgetState.from_data(data, "gadget").to_data() == data
    assert GadgetState().to_data() == {}
    with pytest.raises(StateError, match="'colour'"):
        GadgetState.from_data({"designs": {"x": {"tier": "pair", "colour": "red"}}}, "gadget")
    with pytest.raises(StateError, match="'widgets'"):
        GadgetState.from_data({"widgets": {}}, "gadget")
    for reliability, words in ((-1, "-1 is not"), ("lots", "'lots' is not"), (0, "0 is not")):
        device = {"design": "jet", "reliability": reliability, "fail_hand": 7}
        with pytest.raises(StateError, match=f"gadget.devices.jet-1.reliability: {words} a whole number of cards"):
            GadgetState.from_data({"devices": {"jet-1": device}}, "gadget")


# -- use: breakdowns and severity hands -------------------------------------------------------


def _use(poker, cards, reliability=3, fail_hand=None, jokers=()):
    request = UseRequest(reliability=reliability, fail_hand=fail_hand, build_jokers=tuple(jokers), cards=cards)
    return breakdown.resolve_use(poker, request, fresh(poker), random.Random(0))


def test_no_joker_no_breakdown(poker):
    result = _use(poker, "4c 9h 9s")
    assert not result.breakdown and result.severity_hand is None and result.to_data()["severity_cards"] == []


@pytest.mark.parametrize("jokers, cards, severity, rank", [
    # no build Joker: the non-Joker reliability cards plus new ones up to the fail hand (6 at reliability 3)
    ((), "BJ 4c 9h 9s 2d Kc Qh", "4c 9h 9s 2d Kc Qh", "pair"),
    # Red at build: five cards at most
    (("red",), "BJ 4c 9h 9s 2d Kc", "4c 9h 9s 2d Kc", "pair"),
    # Black at build: every reliability card kept, five added
    (("black",), "BJ 4c 9h 9s 9d 4d 2c 3c", "BJ 4c 9h 9s 9d 4d 2c 3c", "full-house"),
    # Black trumps Red
    (("red", "black"), "BJ 4c 9h 9s 9d 4d 2c 3c", "BJ 4c 9h 9s 9d 4d 2c 3c", "full-house"),
])
def test_severity_hands_by_build_joker(poker, jokers, cards, severity, rank):
    result = _use(poker, cards, jokers=jokers)
    assert [card.code for card in result.breakdown] == ["BJ"]
    assert " ".join(card.code for card in result.severity_cards) == severity
    assert result.severity_hand.rank.id == rank


def test_red_limits_a_larger_fail_hand_to_five(poker):
    # Reliability 7 with both Jokers drawn: five plain cards already drawn, no new card under Red.
    result = _use(poker, "RJ 2c 3c 4c 5c 7d BJ", reliability=7, jokers=("red",))
    assert [c.code for c in result.severity_cards] == ["2c", "3c", "4c", "5c", "7d"]
    plain = _use(poker, "RJ 2c 3c 4c 5c 7d BJ 9s 9h 9d", reliability=7)
    assert len(plain.severity_cards) == 8 and plain.severity_hand.rank.id == "three-of-a-kind"


def test_fail_hand_defaults_to_five_plus_half_the_reliability(poker):
    for reliability in range(1, 11):
        result = _use(poker, None, reliability=reliability)
        assert result.fail_hand == 5 + reliability // 2


@pytest.mark.parametrize("request_, message", [
    (UseRequest(reliability=0), "below 1"),
    (UseRequest(reliability=-2), "below 1"),
    (UseRequest(), "which device"),
    (UseRequest(device="jetski-1"), "lives on a table"),
    (UseRequest(reliability=3, build_jokers=("green",)), "unknown build Joker"),
    (UseRequest(reliability=60), "the deck has 54"),
    (UseRequest(reliability=2, cards="BJ"), "needs"),
    (UseRequest(reliability=2, cards="2c 3c 4c"), "takes 2"),
])
def test_bad_uses_are_refused(poker, request_, message):
    with pytest.raises(GadgetError, match=message):
        breakdown.resolve_use(poker, request_, fresh(poker), random.Random(0))


def test_a_stored_device_counts_uses_and_breakdowns(poker):
    table = kept(poker)
    _design(poker, table, "2c 2d 5h 9s Kd")
    _build(poker, table, "2c 2d 5h 9s Kd")
    rng = random.Random(5)
    device = table.state(GadgetState).devices["jetski-1"]
    for _ in range(30):
        breakdown.resolve_use(poker, UseRequest("jetski-1"), table, rng)
        if device.broken:  # "the device suffers a breakdown": no use until it is repaired
            with pytest.raises(GadgetError, match="is broken .* repair it first"):
                breakdown.resolve_use(poker, UseRequest("jetski-1"), table, rng)
            invention.resolve_repair(poker, invention.RepairRequest("jetski-1", fixed=True), table, rng)
            assert not device.broken
    events = [event for event in table.events if event["kind"] == "gadget use"]
    assert device.uses == 30 == len(events) and device.breakdowns >= 1
    assert device.breakdowns == sum(event["data"]["breakdown"] for event in events) == device.repairs
    piles = table.decks["gm"]
    assert sorted(piles.all_cards()) == sorted(card.code for card in poker.deck) and not piles.play


def test_every_use_draws_from_the_whole_deck_so_the_chance_never_changes(poker):
    """Seed 003: "Minimum reliability is one card, or a 4% failure rate ... Hitting the required hand
    is a 21% failure rate": figures for a full deck (exactly 1/27 and 85/477), so each check draws
    from the whole deck, shuffled for it, whatever earlier uses drew."""
    table = kept(poker)
    first = breakdown.resolve_use(poker, UseRequest(reliability=5, cards="RJ 2c 3c 4c 5c 6c 7c 8c"), table,
                                  random.Random(0))
    second = breakdown.resolve_use(poker, UseRequest(reliability=5), table, random.Random(1))
    assert first.chance == second.chance and second.chance["fraction"] == "85/477"
    assert (second.chance["deck_cards"], second.chance["jokers"]) == (54, 2)
    assert sorted(table.decks["gm"].all_cards()) == sorted(card.code for card in poker.deck)


def test_a_reliability_one_device_breaks_about_one_use_in_27(poker):
    """2,000 seeded uses of an R1 device on a table (repaired on the GM's word after each breakdown):
    about 1 in 27 break down, within four standard errors, and the chance quoted never changes."""
    table = kept(poker)
    _design(poker, table, "2c 2d 5h 9s Kd")
    _build(poker, table, "2c 2d 5h 9s Kd", device="r1")
    table.state(GadgetState).devices["r1"].reliability = 1
    rng, broke, quoted = random.Random(27), 0, set()
    for _ in range(2000):
        used = breakdown.resolve_use(poker, UseRequest("r1"), table, rng)
        quoted.add(used.chance["fraction"])
        if used.breakdown:
            broke += 1
            invention.resolve_repair(poker, invention.RepairRequest("r1", fixed=True), table, rng)
    p = 1 / 27
    assert quoted == {"1/27"}
    assert abs(broke / 2000 - p) <= 4 * (p * (1 - p) / 2000) ** 0.5, broke
