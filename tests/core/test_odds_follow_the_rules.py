"""Odds read the mechanics' own rules (issue 21, point 6): change one ruleset value and both the
mechanic and its odds follow, because both call the same functions."""

from __future__ import annotations

import random

from dealer.core.mechanics import action as act
from dealer.core.mechanics import hex as hex_mechanic
from dealer.core.mechanics.action.common import round_request
from dealer.core.mechanics.hex.spells import SpellRequest
from dealer.core.odds.casting import action_odds, roll_odds, spell_odds
from dealer.core.rules import build_ruleset
from dealer.core.table import Table


def changed(ruleset, section, **values):
    """The ruleset with ``values`` in ``section`` changed, built and checked as a house file would be."""
    document = ruleset.document
    return build_ruleset({**document, section: {**document[section], **values}})


def test_a_six_card_base_draw_reaches_the_spell_and_its_odds(load):
    poker = load("poker-hands")
    house = changed(poker, "draws", base_cards=6)
    for ruleset, cards in ((poker, 5), (house, 6)):
        cast = hex_mechanic.resolve(ruleset, SpellRequest(skill=0), Table.fresh(ruleset), random.Random(1))
        assert len(cast.to_data()["draw"]["cards"]) == cards
        assert spell_odds(ruleset, skill=0)["cards"] == cards


def test_two_cards_a_raise_reach_the_deal_and_its_odds(load):
    deadlands = load("deadlands")
    house = changed(deadlands, "action", cards_per_raise=2)
    for ruleset, dealt, counts in ((deadlands, 3, {0, 1, 2, 3, 4, 5}), (house, 5, {0, 1, 3, 5})):
        round_ = act.resolve(ruleset, round_request(ruleset, ("Sarah=16",)), Table.fresh(ruleset), random.Random(1))
        assert len(round_.to_data()["countdown"]) == dealt  # 16 is two raises over TN 5
        odds = action_odds(ruleset, roll_odds(ruleset, "4d12"))
        assert {cards for cards, chance in odds["cards"].items() if chance} == counts


def test_the_breakdown_cards_reach_gadget_use_and_its_odds(load):
    """Seed 003, "Reliability": the GM draws cards and a Joker breaks the device; a house ruleset
    that lets only the Red Joker break it halves the chance in ``gadget use`` and ``odds gadget``."""
    from dealer.core.mechanics.gadget.breakdown import UseRequest, resolve_use
    from dealer.core.odds.casting import gadget_odds

    poker = load("poker-hands")
    house = changed(poker, "gadget", breakdown_cards=["RJ"])
    for ruleset, chance in ((poker, "1/27"), (house, "1/54")):
        use = resolve_use(ruleset, UseRequest(reliability=1), Table.fresh(ruleset), random.Random(1))
        odds = gadget_odds(ruleset, 1)
        assert use.chance["fraction"] == chance
        assert f"{odds['breakdown_count']}/{odds['draws']}" in {"2/54", "1/54"}
        assert odds["breakdown"] == use.chance["numerator"] / use.chance["denominator"]
    assert gadget_odds(house, 1)["jokers"] == ["RJ"]
