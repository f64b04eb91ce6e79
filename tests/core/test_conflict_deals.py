"""A conflict dealt again and again (``conflict.deals``, what ``odds conflict`` deals): its verdict
is ``conflict.resolve``'s on the very cards the mechanic dealt, for both games, with Power,
extra cards, helpers, modifiers, wild picks, chips, fear and called shots; and the exact
count of a lone contestant against a fixed target, against brute force and simulation."""

import random

import pytest

from dealer.core.mechanics import conflict, draws
from dealer.core.mechanics.conflict.common import ConflictError, parse_request
from dealer.core.odds.casting import conflict_odds, counted_conflict_odds, dealt_conflict_odds, spell_odds
from dealer.core.table import Table
from tests.conftest import slow_except

SCORES = [
    ("weird-dust-devils", ["Doc=hand=3,eye=2", "Kid=hand=2,eye=2"], {"scores": "hand,eye"}),
    ("weird-dust-devils", ["Doc=hand=3,eye=2,power=1", "Kid=hand=2,eye=2"], {"scores": "hand,eye", "power": ["Doc"]}),
    ("weird-dust-devils", ["Doc=hand=2,eye=1,power=2", "Kid=hand=2,eye=2,power=1", "Ann=hand=1,eye=1"],
     {"scores": "hand,eye", "power": ["Doc", "Kid"], "extra": ["Ann=2"]}),
    ("weird-dust-devils", ["Doc=hand=3,eye=2", "Kid=:T3 2Sw 9Cu", "Ann=hand=1,eye=1"],
     {"scores": "hand,eye", "extra": ["Doc=-1"]}),
    ("dust-devils", ["Doc=hand=4,eye=3", "Kid=hand=2,eye=5"], {"scores": "hand,eye", "extra": ["Kid=1"]}),
    ("dust-devils", ["Doc=hand=1,eye=1", "Kid=hand=1,eye=1", "Bo=hand=1,eye=1"], {"scores": "hand,eye"}),
]

CONTESTS = [
    (["Sam=3", "Bob=2"], {}),
    (["Sam=3", "Bob=2", "Cy=4"], {"mods": ["Bob=+1", "Cy=-2"]}),
    (["Sam=3", "Bob=2"], {"helpers": ["Al=3", "Di=4"]}),  # cards, wild picks and value steps for Sam
    (["Sam=1", "Bob=4"], {"helpers": ["Al=2"], "called": 2}),
    (["Sam=5", "Bob=6"], {"wild_pick": ["Sam"]}),  # a pick asked for at ten cards; Bob's above ten
    (["Sam=2", "Bob=:As Ad Ks 7h 2c"], {"chips": ["Sam=white"]}),
    (["Sam=3"], {"target": "two pair"}),
    (["Sam=2"], {"target": "high card", "helpers": ["Al=1"]}),
    (["Sam=4"], {"fear": 2}),
    (["Sam=3"], {"fear_draw": 5, "fear": 1}),
    (["Sam=3"], {"fear_hand": "three of a kind", "mods": ["Sam=+2"]}),
    (["Sam=3", "Bob=3"], {"fear": 1}),  # two checking fear: no winner
]


def _expected_place(result, names):
    if len(names) == 1:
        return 0 if result.drawers[0].success else None
    return names.index(result.winner) if result.winner is not None else None


def _contest_order(result):
    """The cards the contest's deck dealt, in the order it dealt them (typed hands left out)."""
    order = list(result.event_cards)
    for person in [*result.helpers, *result.drawers]:
        if not person.draw.typed:
            order.extend(person.draw.cards)
    return order


@pytest.mark.parametrize("name, words, options", SCORES, ids=[f"{n}-{i}" for i, (n, _, _) in enumerate(SCORES)])
def test_a_scores_deal_is_judged_as_the_mechanic_judges_it(load, name, words, options):
    ruleset = load(name)
    request = parse_request(ruleset, words, options)
    deals = conflict.deals(ruleset, request)
    names = [word.split("=")[0] for word in words]
    spare = random.Random(99)
    for seed in range(150):
        result = conflict.resolve(ruleset, request, Table.fresh(ruleset), random.Random(seed))
        order = [card for seat in result.seats if not seat.typed for card in seat.cards]
        order += spare.sample([card for card in deals.pool if card not in order], 3)  # never read
        assert deals.judge(order) == _expected_place(result, names), seed


@pytest.mark.parametrize("words, options", CONTESTS, ids=[str(i) for i in range(len(CONTESTS))])
def test_a_contest_deal_is_judged_as_the_mechanic_judges_it(load, words, options):
    ruleset = load("poker-hands")
    request = parse_request(ruleset, words, options)
    deals = conflict.deals(ruleset, request)
    names = [word.split("=")[0] for word in words]
    spare = random.Random(99)
    for seed in range(150):
        result = conflict.resolve(ruleset, request, Table.fresh(ruleset), random.Random(seed))
        order = _contest_order(result)
        left = [card for card in deals.pool if card not in order]
        order += spare.sample(left, min(3, len(left)))  # never read
        assert deals.judge(order) == _expected_place(result, names), seed


def test_the_lean_deal_hands_out_the_cards_the_mechanic_would(load):
    """The cards ``winner`` deals, typed into the same conflict, get the same verdict from
    ``resolve``: each person receives as many cards as the mechanic deals them."""
    ruleset = load("weird-dust-devils")
    request = parse_request(ruleset, ["Doc=hand=3,eye=2,power=1", "Kid=hand=2,eye=2"],
                            {"scores": "hand,eye", "power": ["Doc"], "extra": ["Kid=1"]})
    deals = conflict.deals(ruleset, request)
    rng = random.Random(5)
    for _ in range(100):
        order = rng.sample(deals.pool, deals.dealt)
        doc, kid = order[:6], order[6:11]
        typed = parse_request(ruleset, [f"Doc=hand=3,eye=2,power=1:{' '.join(c.code for c in doc)}",
                                        f"Kid=hand=2,eye=2:{' '.join(c.code for c in kid)}"], {"power": ["Doc"]})
        result = conflict.resolve(ruleset, typed, Table.fresh(ruleset), random.Random(0))
        assert deals.judge(order) == (["Doc", "Kid"].index(result.winner) if result.winner else None)
    assert deals.dealt == 11


def test_cards_typed_in_are_never_dealt_to_someone_before_their_holder(load):
    """Once a random crash: Doc, dealt first, drew a card typed in for Kid (these seeds did)."""
    dust = load("dust-devils")
    for seed in (7, 10):
        request = parse_request(dust, ["Doc=hand=9,eye=9", "Kid=:As Ks"], {"scores": "hand,eye"})
        result = conflict.resolve(dust, request, Table.fresh(dust), random.Random(seed))
        assert [card.code for card in result.seats[1].cards] == ["As", "Ks"]
        assert not {"As", "Ks"} & {card.code for card in result.seats[0].cards}
    poker = load("poker-hands")
    result = conflict.resolve(poker, parse_request(poker, ["Sam=5", "Bob=:As Ks Qs"], {}), Table.fresh(poker),
                              random.Random(1))
    assert not {"As", "Ks", "Qs"} & {card.code for card in result.drawers[0].draw.cards}
    with pytest.raises(Exception, match="in play with Doc"):
        conflict.deals(dust, parse_request(dust, ["Doc=:As", "Kid=:As Ks"], {}))


def test_a_deck_too_small_for_the_deal_is_refused_as_the_mechanic_refuses_it(load):
    poker = load("poker-hands")
    request = parse_request(poker, [f"P{i}=5" for i in range(6)], {})
    with pytest.raises(ConflictError, match="ran out dealing to P5"):
        conflict.resolve(poker, request, Table.fresh(poker), random.Random(1))
    with pytest.raises(ConflictError, match="ran out dealing to P5"):
        conflict.deals(poker, request).winner(random.Random(1))


# -- counted where the deal is one hand -----------------------------------------------------------


def _counted(ruleset, words, options):
    return counted_conflict_odds(ruleset, conflict.deals(ruleset, parse_request(ruleset, words, options)))


LONE = [
    (["Sam=3"], {"target": "two pair"}),
    (["Sam=2"], {"target": "pair of jacks"}),
    (["Sam=0"], {"target": "high card"}),  # below a pair: a bust meets it, and is no success
    (["Sam=5"], {"target": "three of a kind", "wild_pick": ["Sam"]}),
    (["Sam=6"], {}),  # eleven cards asked: six and a wild pick
    (["Sam=3"], {"mods": ["Sam=-2"], "called": 1}),
    (["Sam=4"], {"fear": 3}),
    (["Sam=3"], {"fear_hand": "straight"}),
]


@pytest.mark.parametrize("words, options", slow_except(LONE, LONE[2], LONE[3], LONE[5], LONE[7]))
def test_a_lone_contestant_is_counted_and_agrees_with_the_deals(load, words, options):
    ruleset = load("poker-hands")
    counted = _counted(ruleset, words, options)
    assert counted["method"] == "counted" and counted["samples"] == 0 and counted["alone"]
    figure = counted["participants"]["Sam"]
    assert figure["stderr"] == 0.0 and figure["probability"] == figure["count"] / counted["hands"]
    deals = conflict.deals(ruleset, parse_request(ruleset, words, options))
    dealt = dealt_conflict_odds(deals, samples=20_000, rng=random.Random(3))["participants"]["Sam"]
    assert abs(dealt["probability"] - figure["probability"]) <= 4.5 * dealt["stderr"] + 1e-9


@pytest.mark.parametrize("skill, pick", [(0, False), (3, False), (5, True), (7, False)])
def test_every_hand_meets_high_card_but_a_bust(load, skill, pick):
    """Against "high card" every hand but a bust succeeds: the count is the hands less the
    busts that ``odds hex`` counts for the same draw."""
    ruleset = load("poker-hands")
    counted = _counted(ruleset, [f"Sam={skill}"], {"target": "high card", "wild_pick": ["Sam"] if pick else []})
    spell = spell_odds(ruleset, skill=skill, wild_pick=pick)
    assert counted["hands"] == spell["total"]
    assert counted["participants"]["Sam"]["count"] == spell["total"] - spell["bust_count"]


def test_a_pair_or_better_is_the_spells_success(load):
    ruleset = load("poker-hands")
    for skill in (0, 2, 5):
        counted = _counted(ruleset, [f"Sam={skill}"], {})
        assert counted["participants"]["Sam"]["count"] == spell_odds(ruleset, skill=skill)["success_count"]


@pytest.mark.parametrize("words, options", [
    (["Sam=3", "Bob=2"], {}),  # two hands compared: dealt
    (["Sam=3"], {"helpers": ["Al=2"]}),  # the helper's hand changes Sam's draw
    (["Sam=3"], {"fear_draw": 5}),  # the target is a hand drawn from the same deck
    (["Sam=3"], {"target": "king high"}),  # below a pair, with a least value: its busts are not counted
])
def test_what_cannot_be_counted_is_dealt_and_says_so(load, words, options):
    ruleset = load("poker-hands")
    assert _counted(ruleset, words, options) is None
    odds = conflict_odds(ruleset, parse_request(ruleset, words, options), samples=500, rng=random.Random(1))
    assert odds["method"] == "simulated" and odds["samples"] == 500 and odds["hands"] is None


def test_a_conflict_with_every_hand_typed_in_is_one_deal(load):
    wdd = load("weird-dust-devils")
    request = parse_request(wdd, ["Doc=:T3 T4 KSw", "Kid=:QSw QCu 2Wa"], {})
    odds = conflict_odds(wdd, request, samples=1000, rng=random.Random(1))
    assert odds["method"] == "counted" and odds["hands"] == 1
    assert odds["participants"]["Doc"]["probability"] + odds["participants"]["Kid"]["probability"] == 1.0
    result = conflict.resolve(wdd, request, Table.fresh(wdd), random.Random(1))
    assert odds["participants"][result.winner]["count"] == 1


def test_the_deals_are_reported_as_they_go_and_replay(load):
    ruleset = load("poker-hands")
    deals = conflict.deals(ruleset, parse_request(ruleset, ["Sam=3", "Bob=2"], {}))
    seen = []
    first = dealt_conflict_odds(deals, samples=2500, rng=random.Random(4), progress=seen.append)
    assert seen == [1000, 2000, 2500]
    assert first == dealt_conflict_odds(deals, samples=2500, rng=random.Random(4))
    assert sum(item["count"] for item in first["participants"].values()) + first["tie"]["count"] == 2500


@pytest.mark.slow
def test_a_lone_five_card_draw_counted_is_every_hand_judged(load):
    """Skill 0 (five cards): every one of the 3,162,510 hands judged as the contest judges it."""
    from itertools import combinations

    ruleset = load("poker-hands")
    targets = ["two pair", "pair of jacks", "high card", "ace high", "flush"]
    thresholds = [ruleset.threshold(text) for text in targets]
    context = ruleset.context(ruleset.draws["context"] or None)
    met = [0] * len(targets)
    for cards in combinations(list(ruleset.deck), 5):
        _, point, bust = draws.judge_by_key(ruleset, cards, context, 0)
        for i, threshold in enumerate(thresholds):
            met[i] += draws.succeeds(point, bust, threshold)
    for text, count in zip(targets, met):
        counted = _counted(ruleset, ["Sam=0"], {"target": text})
        if counted is None:  # "ace high": dealt, not counted
            continue
        assert counted["participants"]["Sam"]["count"] == count, text


@pytest.mark.slow
@pytest.mark.parametrize("name, words, options", [
    ("weird-dust-devils", ["Doc=hand=3,eye=2", "Kid=hand=2,eye=2"], {"scores": "hand,eye"}),
    ("poker-hands", ["Sam=3", "Bob=2"], {"helpers": ["Al=3"]}),
])
def test_the_lean_odds_agree_with_the_mechanic_dealt_on_a_table_each_time(load, name, words, options):
    """The odds of before (``resolve`` on a fresh table for every deal) against the lean deals."""
    ruleset = load(name)
    request = parse_request(ruleset, words, options)
    rng, samples = random.Random(8), 20_000
    names = [word.split("=")[0] for word in words]
    wins = dict.fromkeys(names, 0)
    for _ in range(samples):
        result = conflict.resolve(ruleset, request, Table.fresh(ruleset), random.Random(rng.getrandbits(64)))
        if result.winner is not None:
            wins[result.winner] += 1
    lean = conflict_odds(ruleset, request, samples=100_000, rng=random.Random(9))["participants"]
    for name_ in names:
        before = wins[name_] / samples
        error = (before * (1 - before) / samples) ** 0.5 + lean[name_]["stderr"]
        assert abs(before - lean[name_]["probability"]) <= 4.5 * error
