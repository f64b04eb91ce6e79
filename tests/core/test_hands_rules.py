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
