"""Seed 003's contests with cards typed in: helpers, fear, called shots, busts, ties, winded and shaken."""

import random

import pytest

from dealer.core.mechanics import conditions
from dealer.core.mechanics.conflict import resolve
from dealer.core.mechanics.conflict.common import ConflictError, parse_request
from dealer.core.mechanics.draws import point_text
from dealer.core.mechanics.last_hand import LastHands
from dealer.core.table import Table

# Seed 003's "Skills Enhancing Skills": a helper's hand and what it adds to the leader's draw.
HELPER_ROWS = [
    ("2c 2d 5h 7s 9c", "pair", 0, 0, 5, ""),
    ("2c 2d 5h 5s 9c", "two-pair", 1, 0, 0, ""),
    ("2c 2d 2h 7s 9c", "three-of-a-kind", 2, 0, 0, ""),
    ("2c 3d 4h 5s 6c", "straight", 3, 0, 0, ""),
    ("2c 5c 7c 9c Jc", "flush", 3, 0, 0, ""),
    ("2c 2d 2h 7s 7c", "full-house", 0, 1, 0, ""),
    ("2c 2d 2h 2s 9c", "four-of-a-kind", 1, 1, 0, ""),
    ("2c 3c 4c 5c 6c", "straight-flush", 0, 0, 0, "the GM's choice, but good"),
]


@pytest.fixture
def poker(load):
    return load("poker-hands")


def contest(ruleset, *participants, table=None, seed=1, **options):
    table = table if table is not None else Table.fresh(ruleset)
    return resolve(ruleset, parse_request(ruleset, list(participants), options), table, random.Random(seed))


@pytest.mark.parametrize("cards,rank,more,picks,value,note", HELPER_ROWS, ids=[row[1] for row in HELPER_ROWS])
def test_each_helper_hand_adds_what_seed_003_says(poker, cards, rank, more, picks, value, note):
    result = contest(poker, "Sam=0", helpers=[f"Bob=:{cards}"])
    bonus = result.helpers[0].bonus
    assert (bonus.rank, bonus.cards, bonus.wild_picks, bonus.value, bonus.note) == (rank, more, picks, value, note)
    sam = result.drawers[0].draw
    assert len(sam.cards) == 5 + more and sam.size.wild_picks == picks and len(sam.picked) == picks


def test_no_pair_helps_with_nothing(poker):
    result = contest(poker, "Sam=0", helpers=["Bob=:2c 4d 6h 8s Tc"])
    assert result.bonus.cards == 0 and len(result.drawers[0].draw.cards) == 5


def test_a_helpers_pair_adds_five_value_fives_become_tens(poker):
    result = contest(poker, "Sam=:5c 5d 7h 9s Kc", target="pair of tens", helpers=["Bob=:2c 2d 4h 6s 8c"])
    sam = result.drawers[0]
    assert point_text(poker, sam.draw.point) == "pair of tens" and sam.success
    alone = contest(poker, "Sam=:5c 5d 7h 9s Kc", target="pair of tens")
    assert not alone.drawers[0].success


def test_helpers_draw_first_then_the_leader_with_the_bonus(poker):
    from dealer.core.piles import Piles

    result = contest(poker, "Sam=1", helpers=["Bob=2"], seed=11)
    order = Piles.fresh([card.code for card in poker.deck], random.Random(11)).draw_pile
    bob, sam = result.helpers[0].draw, result.drawers[0].draw
    assert [c.code for c in bob.cards] == order[:7]
    assert [c.code for c in sam.cards] == order[7:7 + len(sam.cards)]
    assert len(sam.cards) == 6 + result.bonus.cards


def test_fear_level_three_raises_deuces_to_fives_and_aces_to_two_pair(poker):
    assert contest(poker, "Sam=:9c 9d", target="pair of deuces", fear=3).target_text == "pair of fives"
    aces = contest(poker, "Sam=:9c 9d", target="pair of aces", fear=1)
    assert aces.threshold[0].id == "two-pair" and aces.threshold[1] == 2
    assert contest(poker, "Sam=:9c 9d", fear=3).target_text == "pair of fives"  # a pair by default


@pytest.mark.parametrize("target, fear, raised, cards, outcome", [
    ("straight", 3, "straight, eight high", "2c 3d 4h 5s 6c", "shaken"),  # the lowest straight is five high
    ("straight", 3, "straight, eight high", "4c 5d 6h 7s 8c", "stalwart"),
    ("straight", 1, "straight, six high", "Ac 2d 3h 4s 5c", "shaken"),
    ("flush", 1, "flush, seven high", "2c 3c 4c 5c 7c", "stalwart"),
    ("flush", 2, "flush, eight high", "2c 3c 4c 5c 7c", "shaken"),
    ("three of a kind", 2, "three of a kind, fours", "3c 3d 3h 9s Kc", "shaken"),
])
def test_fear_raises_every_rank_from_its_lowest_hand(poker, target, fear, raised, cards, outcome):
    """Seed 003: "a fear level three area would raise a pair of deuces to a pair of fives": a
    straight or a flush climbs the same way from the least hand of its rank."""
    result = contest(poker, f"Sam=:{cards}", target=target, fear=fear)
    assert result.target_text == raised and result.drawers[0].outcome == outcome


@pytest.mark.parametrize("cards,outcome", [
    ("5c 5d 7h 9s Kc", "stalwart"),
    ("4c 4d 7h 9s Kc", "shaken"),
    ("2c 4d 7h 9s RJ", "fleeing"),
    ("2c 4d 7h 9s Kc", "shaken"),  # no pair but no Joker: not a bust
])
def test_fear_outcomes(poker, cards, outcome):
    assert contest(poker, f"Sam=:{cards}", fear=3).drawers[0].outcome == outcome


def test_fear_running_on_no_pair_is_a_ruleset_choice(poker):
    from dealer.core.rules import build_ruleset

    doc = {**poker.document, "conflict": {**poker.document["conflict"], "fear_running": "no-pair"}}
    strict = build_ruleset(doc)
    assert contest(strict, "Sam=:2c 4d 7h 9s Kc", fear=3).drawers[0].outcome == "fleeing"
    assert contest(strict, "Sam=:4c 4d 7h 9s Kc", fear=3).drawers[0].outcome == "shaken"


def test_shaken_is_kept_on_a_table_costs_a_card_and_clears(poker):
    table = Table(poker, name="t")
    contest(poker, "Sam=:4c 4d 7h 9s Kc", fear=3, table=table)
    assert conditions.frightened(table) == {"Sam": "shaken"}
    later = contest(poker, "Sam=2", table=table)
    assert len(later.drawers[0].draw.cards) == 6 and ("shaken", -1) in later.drawers[0].draw.modifiers
    resolve(poker, parse_request(poker, ["clear", "Sam"], {}), table, random.Random(0))
    assert table.state(conditions.ConditionsState).to_data() == {}
    assert len(contest(poker, "Sam=2", table=table).drawers[0].draw.cards) == 7


def test_winded_draws_one_card_fewer(poker):
    table = Table(poker, name="t", roster={"Sally": {"side": "posse", "traits": {"master": 1, "courage": 2}}})
    conditions.count_cast(table, "Sally")
    result = contest(poker, "Sally=courage", table=table)
    drawn = result.drawers[0].draw
    assert ("winded", -1) in drawn.modifiers and len(drawn.cards) == 6


@pytest.mark.parametrize("cards,reading", [  # "step 1, take a 1 card penalty": four cards at skill 0
    ("9c 9d 2h 5s", "hits your target, but not where you were asking (and not well either)"),
    ("9c 9d 2h 2s", "hits where you were asking, but not well"),
    ("9c 9d 9h 5s", "a good hit on target"),
    ("9c 9d 9h 9s", "a good hit on target"),
    ("9c 8d 2h 5s", "a miss"),
])
def test_a_called_shots_three_readings(poker, cards, reading):
    assert contest(poker, f"Sam=:{cards}", called=1).called["reading"] == reading


def test_a_called_shot_costs_its_penalty_in_cards(poker):
    assert len(contest(poker, "Sam=3", called=1).drawers[0].draw.cards) == 7
    assert len(contest(poker, "Sam=3", called=3).drawers[0].draw.cards) == 5


def test_a_called_shot_against_a_better_defender_misses(poker):
    result = contest(poker, "Sam=:9c 9d 9h 5s", "Bob=:Jc Jd Jh 4s 3c", called=1)
    assert result.winner == "Bob" and result.called["reading"] == "a miss"


def test_a_joker_with_less_than_a_pair_is_a_bust_with_how_black(poker):
    result = contest(poker, "Sam=:2c 4s 7h 9s BJ")
    sam = result.drawers[0]
    assert sam.draw.bust and not sam.success
    assert sam.to_data()["draw"]["how_black"] == {"black": 4, "red": 1}
    assert not contest(poker, "Sam=:2c 2s 7h 9s BJ").drawers[0].draw.bust


def test_two_participants_compare_and_ties_are_reported(poker):
    result = contest(poker, "Sam=:Qc Qd 2h 5s 7c", "Bob=:Jc Jd Ah Ks 9c")
    assert result.winner == "Sam" and result.tie == []
    tied = contest(poker, "Sam=:9s 9h 5c 4d 2s", "Bob=:9d 9c 5s 4h 2c")
    assert tied.winner is None and tied.tie == ["Sam", "Bob"]


def test_a_target_such_as_a_pair_of_jacks(poker):
    assert not contest(poker, "Sam=:Tc Td 2h 5s 7c", target="pair of jacks").drawers[0].success
    assert contest(poker, "Sam=:Jc Jd 2h 5s 7c", target="jacks").drawers[0].success


def test_the_hand_is_remembered_for_a_chip(poker):
    table = Table(poker, name="t")
    contest(poker, "Sam=:Tc Td 2h 5s 7c", target="pair of jacks", table=table)
    kept = table.state(LastHands).of("Sam")
    record = kept.draw_of("Sam")
    assert kept.mechanic == "contest" and record.cards == ["10c", "10d", "2h", "5s", "7c"] and record.typed
    assert kept.target == "pair of jacks" and record.deck == "dealer"
    assert table.events[-1]["kind"] == "contest"


def test_a_red_joker_draws_a_chip(poker):
    table = Table(poker, name="t")
    result = contest(poker, "Sam=:2c 2s 7h 9s RJ", table=table)
    assert [event["player"] for event in result.drawers[0].draw.chips] == ["Sam"] and table.chips.held("Sam") == 1


def test_skill_from_a_roster_trait(poker):
    table = Table(poker, name="t", roster={"Sam": {"side": "posse", "traits": {"courage": 3, "name": "x"}}})
    assert len(contest(poker, "Sam=courage", table=table).drawers[0].draw.cards) == 8
    with pytest.raises(ConflictError, match="no 'nerve' there"):
        contest(poker, "Sam=nerve", table=table)
    with pytest.raises(ConflictError, match="whole number"):
        contest(poker, "Sam=name", table=table)


@pytest.mark.parametrize("participants,options,words", [
    ([], {}, "who draws"),
    (["Sam=2", "Sam=3"], {}, "named twice"),
    (["Sam=2"], {"mods": ["Bob=+1"]}, "does not draw"),
    (["Sam=2"], {"scores": "hand,eye"}, "--scores is for Dust Devils"),
    (["Sam=2"], {"power": ["Sam"]}, "--power is for Dust Devils"),
    (["Sam=2"], {"wild_pick": ["Sam"]}, "a wild pick needs 10"),
    (["Sam=2"], {"target": "pear"}, "unknown hand 'pear'"),
    (["Sam=9", "Bob=9", "Ann=9", "Kit=9", "Lu=9", "Mo=9", "Ned"], {}, "ran out dealing to Ned"),
])
def test_bad_contests_are_refused(poker, participants, options, words):
    with pytest.raises(Exception, match=words):
        contest(poker, *participants, **options)


def test_a_ruleset_with_a_bad_called_shot_row_is_refused_at_load(poker):
    from dealer.core.rules import build_ruleset
    from dealer.errors import RulesetError

    rows = [{"min": "three of a knd", "reading": "a good hit"}]
    doc = {**poker.document, "conflict": {**poker.document["conflict"], "called": rows}}
    with pytest.raises(RulesetError, match=r"conflict.called\[0\].min"):
        build_ruleset(doc)


@pytest.mark.parametrize("name", ["deadlands", "poker-hands", "dust-devils", "weird-dust-devils", "savage-worlds"])
def test_every_target_dealer_writes_reads_back_as_the_same_target(load, name):
    """A raised target is written in words (``flush, seven high``) and read back when a chip is
    spent on the hand later: once 52 flush-like targets could not be read back."""
    ruleset = load(name)
    for rank in ruleset.ranking.ranks:
        for value in [0] + [card_rank.value for card_rank in ruleset.deck.ranks]:
            words = point_text(ruleset, (rank, value))
            parsed = ruleset.threshold(words)
            assert parsed == (rank, value) or (parsed == (rank, 0) and words == rank.name.lower()), (words, parsed)
