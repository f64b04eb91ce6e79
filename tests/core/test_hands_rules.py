"""Hand rules as ruleset data: the tie-break steps and pattern keys a house ruleset may write."""

import pytest

from dealer.errors import RulesetError
from dealer.store import rulesets as store

PLAIN_DECK = {
    "suits": [{"code": "s", "name": "spades"}, {"code": "h", "name": "hearts"}],
    "ranks": [{"code": str(n), "name": f"r{n}"} for n in range(2, 8)],
}


def problems_of(ranks, deck=PLAIN_DECK):
    document = {"deck": deck, "hands": {"ranks": ranks + [{"name": "High Card", "pattern": {}}]},
                "action": {"min_rank": "high-card"}, "hex": {"target": "high-card"}}
    with pytest.raises(RulesetError) as error:
        store.from_document(document)
    return error.value.problems


@pytest.mark.parametrize("step", ["group_cards", "group_card"])
def test_group_card_steps_need_groups(step):
    (problem,) = problems_of([{"name": "Flush", "pattern": {"flush": 5}, "tiebreak": ["cards", step]}])
    assert problem == f"hands.ranks[0].tiebreak: '{step}' needs a pattern with groups"


def test_the_issue_example_at_the_shell(dealer):
    run = dealer("-r", "weird-dust-devils", "hand", "9Wa", "9Co", "2Sw", "3Cu", "4Wa", "--vs", "9Sw 9Cu 2Co 3Wa 4Co")
    assert run.code == 0 and run.out.splitlines()[-1] == "the second hand wins", run


@pytest.mark.parametrize("other", [{"flush": 3}, {"groups": [2]}, {"sequence": 3}])
def test_distinct_suits_combine_with_no_other_plain_part(other):
    (problem,) = problems_of([{"name": "Odd", "pattern": {"distinct_suits": 2, **other}}])
    assert problem.startswith("hands.ranks[0].pattern: ") and "distinct_suits cannot be combined" in problem


def test_distinct_suits_need_that_many_suits():
    (problem,) = problems_of([{"name": "Rainbow", "pattern": {"distinct_suits": 3}}])
    assert problem == "hands.ranks[0].pattern.distinct_suits: needs 3 suits, but the deck has 2"


def test_distinct_suits_combine_with_a_trump_part(load):
    document = dict(load("weird-dust-devils").document)
    hands = dict(document["hands"])
    hands["ranks"] = [{"name": "Split Run", "pattern": {"trump_run": 3, "distinct_suits": 2},
                       "tiebreak": ["run", "cards"]}] + hands["ranks"]
    document["hands"] = hands
    ruleset = store.from_document(document)
    conflict = ruleset.context("conflict")
    for text, rank in [("T1 T2 T3 2Sw 3Cu", "split-run"), ("T1 T2 T3 2Sw 3Sw", "ordered-three"),
                       ("T1 T2 Fool 2Sw 3Sw", "ordered-three"), ("T1 T2 T10 2Sw 3Cu", "split-run"),
                       ("T1 T2 T3 Fool 3Sw", "split-run")]:
        hand = ruleset.ranking.best(ruleset.deck.parse_many(text), conflict)
        assert hand.rank.id == rank, (text, hand)
