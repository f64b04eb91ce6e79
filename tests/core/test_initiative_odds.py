"""``dealer odds action`` for one card a round (savage-worlds): the exact chance to act before a card,
checked against a brute force over every set of cards drawn (the mechanic's own choice of card)
and against rounds dealt by the mechanic itself."""

import itertools
import random
from fractions import Fraction

import pytest

from dealer.core.mechanics.action import edges
from dealer.core.mechanics.action.common import Participant
from dealer.core.odds.initiative import InitiativeError, before, card_odds
from dealer.core.piles import Piles

PLANS = [(), ("level-headed",), ("improved-level-headed",), ("quick",), ("hesitant",), ("level-headed", "quick"),
         ("hesitant", "quick"), ("improved-level-headed", "hesitant")]


@pytest.fixture
def sw(load):
    return load("savage-worlds")


def brute_force(sw, against, plan):
    """Every set of cards the plan draws, the card chosen by ``edges.choose``; a kept low card is
    redrawn: the first higher card of the shuffled rest is each higher card left with equal chance."""
    left = [card for card in sw.deck if card is not against]
    mine = edges.strength(sw, against)
    wins, count = Fraction(0), 0
    for drawn in itertools.combinations(left, plan.cards):
        count += 1
        kept = edges.choose(sw, list(drawn), plan.keep, plan.any_time_kept)
        if edges.is_low(sw, kept, plan.redraw_at_most):
            higher = [card for card in left if card not in drawn
                      and not edges.is_low(sw, card, plan.redraw_at_most)]
            wins += Fraction(sum(edges.strength(sw, card) > mine for card in higher), len(higher))
        else:
            wins += edges.strength(sw, kept) > mine
    return wins / count


@pytest.mark.parametrize("names", PLANS, ids=lambda names: "+".join(names) or "none")
@pytest.mark.parametrize("card", ["As", "Kh", "9d", "6c", "5s", "2c"])
def test_counted_odds_equal_the_brute_force(sw, names, card):
    plan = edges.draw_plan(sw, names)
    against = sw.deck.parse(card)
    assert before(sw, against, plan) == brute_force(sw, against, plan)


def test_known_figures(sw):
    plan = edges.draw_plan
    kh = sw.deck.parse("Kh")
    assert before(sw, kh, plan(sw, ())) == Fraction(7, 53)  # As Ah Ad Ac Ks RJ BJ
    assert before(sw, kh, plan(sw, ("level-headed",))) == 1 - Fraction(46 * 45, 53 * 52)
    assert before(sw, kh, plan(sw, ("quick",))) == Fraction(7, 37)  # uniform over the 37 others above Five
    assert before(sw, sw.deck.parse("5c"), plan(sw, ("quick",))) == 1
    # Hesitant: a Joker among the two, or both beat the King of Hearts.
    assert before(sw, kh, plan(sw, ("hesitant",))) == Fraction(53 * 52 // 2 - 51 * 50 // 2 + 5 * 4 // 2,
                                                                53 * 52 // 2)


def test_a_joker_cannot_be_the_card_to_beat(sw):
    with pytest.raises(InitiativeError, match="whenever its holder likes"):
        card_odds(sw, "RJ")


def test_the_table_has_a_column_per_edge_and_rows_by_rank(sw):
    odds = card_odds(sw, None, ("level headed+quick",))
    assert [c["name"] for c in odds["columns"]] == ["no Edge", "level headed", "improved level headed", "quick",
                                                    "hesitant", "level headed + quick"]
    assert [row["against"] for row in odds["rows"]][:2] == ["A", "K"] and len(odds["rows"]) == 13
    for row in odds["rows"]:  # an Edge that draws more never hurts; Hesitant helps only against an Ace (its Jokers)
        none, lh, ilh, quick, hesitant, both = row["fractions"]
        assert none <= lh <= ilh and none <= quick <= both and (hesitant <= none) == (row["against"] != "A")


@pytest.mark.parametrize("names", [("level-headed",), ("hesitant", "quick")], ids=lambda n: "+".join(n))
def test_the_mechanic_deals_as_the_odds_say(sw, names):
    """Rounds dealt by ``edges.deal_one`` from shuffled decks without the Queen of Hearts."""
    against = sw.deck.parse("Qh")
    expected = float(before(sw, against, edges.draw_plan(sw, names)))
    rng = random.Random(7)
    codes = [card.code for card in sw.deck if card is not against]
    wins, trials = 0, 6000
    for _ in range(trials):
        piles = Piles.fresh(codes, rng)
        row = {"name": "Sarah", "side": "heroes", "cards": [], "notes": []}
        edges.deal_one(sw, piles, "action", Participant("Sarah", "heroes", edges=names), row, rng)
        wins += edges.strength(sw, sw.deck.parse(row["cards"][0])) > edges.strength(sw, against)
    assert abs(wins / trials - expected) < 4 * (expected * (1 - expected) / trials) ** 0.5
