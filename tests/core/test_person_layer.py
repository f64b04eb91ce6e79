"""One person at the table: every skill draw of seed 003 reads the same conditions and Jokers.

Seed 003: "once you've used as many spells as your levels in the master skill, you're winded,
and at -1 card to everything"; a failed fear check leaves a person "shaken and at -1 card";
"the standard effect of a red joker is the same [a dead card], but the person with the hand may
also draw a chip from the pot". One test walks every kind of draw (turn order, spell, contest,
fear check, called shot, helper, gadget design, build and assist, ritual): a winded or shaken
person draws exactly one card fewer, two when both; a Red Joker pays its holder a chip unless
the ruleset names the draw as an exception (``draws.chip_except``: the ritual, whose Jokers
throw a chip back instead).
"""

from __future__ import annotations

import random

import pytest

from dealer.core.mechanics import conditions
from dealer.core.mechanics.action import resolve as action_resolve
from dealer.core.mechanics.action.common import HandsRequest
from dealer.core.mechanics.conflict import resolve as conflict_resolve
from dealer.core.mechanics.conflict.common import ContestRequest, Entrant
from dealer.core.mechanics.gadget import Design, GadgetState
from dealer.core.mechanics.gadget.invention import Assist, BuildRequest, Check, DesignRequest, resolve_build, \
    resolve_design
from dealer.core.mechanics.hex import resolve as hex_resolve
from dealer.core.mechanics.hex.spells import SpellRequest
from dealer.core.mechanics.rituals import RitualRequest, resolve_ritual
from dealer.core.table import Table

RED_JOKER_HAND = ("RJ", "2c", "2d", "9h", "4s", "7c", "Kd")  # seven cards, as skill 2 draws


def sams_table(ruleset, *conditions_held):
    """A stored table on which Sam (master 2, so two casts wind him) has the conditions named."""
    table = Table(ruleset, name="t", roster={"Sam": {"side": "posse", "traits": {"master": 2}},
                                            "Bob": {"side": "posse", "traits": {}}})
    if "winded" in conditions_held:
        conditions.count_cast(table, "Sam"), conditions.count_cast(table, "Sam")
    for fear in ("shaken", "fleeing"):
        if fear in conditions_held:
            conditions.frighten(table, "Sam", fear)
    table.state(GadgetState).designs["jet"] = Design(tier="pair", inventor="Sam")
    return table


def sams_draw(ruleset, table, purpose, cards=None):
    """Sam's skill draw (skill 2) for ``purpose``, made by the mechanic that makes that draw."""
    rng = random.Random(7)
    if cards and purpose == "called-shot":
        cards = cards[:-1]  # "take a 1 card penalty": the cards typed are the six skill 2 then draws
    typed = " ".join(cards) if cards else None
    sam = Entrant("Sam", "2", typed)
    if purpose == "turn-order":
        spec = f"Sam=2:{','.join(cards)}" if cards else "Sam=2"
        data = action_resolve(ruleset, HandsRequest((spec,)), table, rng).to_data()
        return next(row["draw"] for row in data["participants"] if row["name"] == "Sam")
    if purpose == "spell":
        return hex_resolve(ruleset, SpellRequest(caster="Sam", skill=2, cards=typed), table, rng).to_data()["draw"]
    if purpose in ("contest", "fear", "called-shot"):
        request = ContestRequest((sam,), fear=1 if purpose == "fear" else None,
                                 called=1 if purpose == "called-shot" else None)
        return conflict_resolve(ruleset, request, table, rng).to_data()["participants"][0]["draw"]
    if purpose == "helper":
        request = ContestRequest((Entrant("Bob", "0"),), helpers=(sam,))
        return conflict_resolve(ruleset, request, table, rng).to_data()["helpers"][0]["draw"]
    if purpose == "design":
        request = DesignRequest("gun", "pair", Check(skill=2, person="Sam", cards=typed))
        return resolve_design(ruleset, request, table, rng).to_data()["draw"]
    if purpose == "build":
        request = BuildRequest("jet", check=Check(skill=2, person="Sam", cards=typed))
        return resolve_build(ruleset, request, table, rng).to_data()["draw"]
    if purpose == "assist":
        request = DesignRequest("gun", "pair", Check(skill=0, person="Bob", cards="As Ad 5c 6d 8h",
                                                     assist=Assist(skill=2, person="Sam", cards=typed)))
        return resolve_design(ruleset, request, table, rng).to_data()["assist"]["draw"]
    if purpose == "ritual":
        request = RitualRequest("Sam", "paint", 2, cards=cards, guardian=4)
        return resolve_ritual(ruleset, request, table, rng).to_data()["draw"]
    raise AssertionError(purpose)


PURPOSES = ["turn-order", "spell", "contest", "fear", "called-shot", "helper", "design", "build", "assist",
            "ritual"]
CONDITIONS = [((), 0), (("winded",), 1), (("shaken",), 1), (("fleeing",), 1), (("winded", "shaken"), 2)]


def test_the_walk_covers_every_kind_of_draw_the_ruleset_names(load):
    from dealer.core.schema import DRAW_PURPOSES

    assert sorted(PURPOSES) == sorted(DRAW_PURPOSES)


@pytest.mark.parametrize("purpose", PURPOSES)
@pytest.mark.parametrize("held, fewer", CONDITIONS, ids=lambda item: "+".join(item) if isinstance(item, tuple) else None)
def test_every_draw_takes_a_card_for_each_condition(load, purpose, held, fewer):
    poker = load("poker-hands")
    draw = sams_draw(poker, sams_table(poker, *held), purpose)
    assert draw["purpose"] == purpose and draw["person"] == "Sam"
    penalties = [item for item in draw["modifiers"] if item["why"] in ("winded", "shaken", "fleeing")]
    assert sorted(item["why"] for item in penalties) == sorted(held)
    assert all(item["cards"] == -1 for item in penalties)
    called = 1 if purpose == "called-shot" else 0
    assert draw["cards_allowed"] == 7 - called - fewer == len(draw["cards"])


@pytest.mark.parametrize("purpose", PURPOSES)
def test_a_red_joker_pays_its_holder_a_chip_unless_the_ruleset_names_the_draw(load, purpose):
    poker = load("poker-hands")
    table = sams_table(poker)
    draw = sams_draw(poker, table, purpose, cards=RED_JOKER_HAND)
    paid = [event for event in draw["chips"] if event["move"] == "draw"]
    if purpose in poker.draws["chip_except"]:
        assert purpose == "ritual" and paid == []
    else:
        assert [event["player"] for event in paid] == ["Sam"] and paid[0]["why"] == "Sam drew the Red Joker"
        assert table.chips.held("Sam") == 1


def test_an_exception_is_stated_in_the_ruleset_not_in_the_code(load):
    """Naming a draw in ``chip_except`` (or a condition's ``except``) is all it takes."""
    from dealer.core.rules import build_ruleset

    poker = load("poker-hands")
    document = dict(poker.document)
    document["draws"] = {**poker.document["draws"], "chip_except": ["contest"],
                         "conditions": {**poker.document["draws"]["conditions"],
                                        "shaken": {"cards": -1, "except": ["spell"]}}}
    house = build_ruleset(document)
    assert sams_draw(house, sams_table(house), "contest", cards=RED_JOKER_HAND)["chips"] == []
    assert len(sams_draw(house, sams_table(house), "ritual", cards=RED_JOKER_HAND)["chips"]) == 1
    assert sams_draw(house, sams_table(house, "shaken"), "spell")["cards_allowed"] == 7
    assert sams_draw(house, sams_table(house, "shaken"), "contest")["cards_allowed"] == 6


HIGH_CARD_HAND = ("2c", "4d", "6h", "8s", "10c", "Qd", "Kh")  # no pair: a wild pick makes one
# What a red chip played after each draw does (seed 003: "After the hand is drawn, you may play a
# chip to change it"): the hand changes, and what the hand made follows (``outcome``: its kind),
# or the chip is refused with the reason. A helper's hand is spent on the leader's draw; an
# assistant's is part of the inventor's check; a ritual's hand earns chips (dealer's reading:
# chips do not buy chips): none of them is kept as Sam's hand to change (the poker-hands notes).
AFTER_THE_DRAW = {"turn-order": "turn-order", "spell": "spell", "contest": "contest", "fear": "contest",
                  "called-shot": "contest", "design": "design", "build": "build", "helper": "has no hand",
                  "assist": "has no hand", "ritual": "has no hand"}


def test_the_chip_walk_covers_every_kind_of_draw():
    assert sorted(AFTER_THE_DRAW) == sorted(PURPOSES)


@pytest.mark.parametrize("purpose", PURPOSES)
def test_a_chip_after_the_draw_changes_the_hand_and_what_it_made(load, purpose):
    from dealer.core.mechanics.chips import ChipsError, spending
    from dealer.core.mechanics.last_hand import LastHands

    poker = load("poker-hands")
    table = sams_table(poker)
    sams_draw(poker, table, purpose, cards=HIGH_CARD_HAND)
    table.chips.move(None, "Sam", "red")
    expected = AFTER_THE_DRAW[purpose]
    spend = spending.SpendRequest("Sam", "red")
    if expected is not None and " " in expected:
        with pytest.raises(ChipsError, match=expected):
            spending.resolve_spend(poker, spend, table, random.Random(1))
        assert table.chips.held("Sam") == 1
        return
    data = spending.resolve_spend(poker, spend, table, random.Random(1)).to_data()
    assert data["before"]["hand"]["rank"] == "high-card" and data["after"]["hand"]["rank"] == "pair"
    assert data["after"]["wild_picks"] == 1 and len(data["after"]["picked"]) == 1
    assert table.state(LastHands).of("Sam").draw_of("Sam").after[0].to_data() == {"why": "red chip", "wild_picks": 1}
    assert data["outcome"]["kind"] == expected
    assert table.chips.held("Sam") == 0


def test_wounds_cost_what_the_ruleset_says(load):
    """Seed 003 leaves "you're bleeding" to the GM: the shipped rulesets charge nothing for a
    wound, and a house ruleset can charge a card in every draw."""
    from dealer.core.rules import build_ruleset

    poker = load("poker-hands")
    table = sams_table(poker)
    conditions.wound(table, "Sam")
    assert sams_draw(poker, table, "contest")["cards_allowed"] == 7
    document = dict(poker.document)
    document["draws"] = {**poker.document["draws"], "conditions": {**poker.document["draws"]["conditions"],
                                                                   "wounded": {"cards": -1, "except": []}}}
    house = build_ruleset(document)
    table = sams_table(house)
    conditions.wound(table, "Sam")
    assert sams_draw(house, table, "build")["modifiers"] == [{"why": "wounded", "cards": -1}]


def test_an_assistant_draws_with_their_own_conditions_not_the_inventors(load):
    poker = load("poker-hands")
    table = sams_table(poker)
    conditions.frighten(table, "Bob", "shaken")  # Bob makes the check, Sam assists
    assist = sams_draw(poker, table, "assist")
    assert assist["person"] == "Sam" and assist["modifiers"] == [] and assist["cards_allowed"] == 7


def test_conditions_are_one_record_per_person_and_round_trip(load):
    poker = load("poker-hands")
    table = sams_table(poker, "winded", "fleeing")
    conditions.wound(table, "Sam", 2)
    data = table.state(conditions.ConditionsState).to_data()
    assert data == {"people": {"Sam": {"casts": 2, "fear": "fleeing", "wounds": 2}}}
    again = conditions.ConditionsState.from_data(data, "conditions")
    assert again.people["Sam"].fear == "fleeing"
    conditions.frighten(table, "Sam", "shaken")  # a later mere shaking does not soften fleeing
    assert conditions.conditions_of(table, "Sam").fear == "fleeing"
    assert conditions.steady(table, "Sam") == "fleeing" and conditions.heal(table, "Sam") == 1
