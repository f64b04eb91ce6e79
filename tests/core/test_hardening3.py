"""Issue 36 in the core: exact odds bounded by counted work (36.2), Power seats judged by key
(36.10). Every figure here is a count of work or of hands, never a time."""

from __future__ import annotations

import random
from itertools import combinations
from math import comb

import pytest

from dealer.core.cards import TRUMP
from dealer.core.mechanics import conflict
from dealer.core.mechanics.conflict import scores
from dealer.core.mechanics.conflict.common import parse_request
from dealer.core.odds import SWEPT_FROM, hand_odds
from dealer.core.odds.casting import dealt_conflict_odds, huckster_odds
from dealer.core.odds.counting import Counter
from dealer.core.odds.enumerate import remembered, sample_counts, sample_seconds
from dealer.core.odds.holding import HeldCounter
from dealer.core.odds.work import COUNT_BUDGET, TooMuchWork, Work
from dealer.core.ranks import Context
from tests.conftest import slow_except
from tests.core.test_odds_counting import reduced

# -- 36.2: a count is bounded by its work, and says what fits ------------------------------------


@pytest.mark.parametrize("name, holding, budget", slow_except([
    ("deadlands", "", 1_000_000),
    ("deadlands", "As Ks", 1_000_000),  # a hand in progress: the sweep
    ("weird-dust-devils", "T3", 1_500_000),
], ("deadlands", "", 1_000_000), ("deadlands", "As Ks", 1_000_000)))
def test_a_count_past_its_budget_stops_and_names_a_hand_that_counts(load, name, holding, budget):
    """``odds hand 20`` counted for 45 s. Within a budget of work it stops (nothing returned),
    and the most cards it names as fitting do count within the same budget."""
    ruleset = load(name)
    held = ruleset.deck.parse_many(holding) if holding else []
    with pytest.raises(TooMuchWork) as stopped:
        hand_odds(ruleset, 30, holding=held, budget=budget)
    assert budget < stopped.value.done <= budget + budget // 2  # stopped at the step that passed it
    fits = stopped.value.fits
    assert fits is not None and len(held) + 5 <= fits < 30
    counted = hand_odds(ruleset, fits, holding=held, budget=budget)
    assert counted.method == "counted" and counted.work <= budget
    assert sum(count for _, count in counted.rows) == comb(len(ruleset.deck) - len(held), fits - len(held))


def test_the_work_of_a_count_is_the_same_every_time(load):
    """Units are counted, not timed: the same question, the same work, loaded machine or not."""
    ruleset = load("weird-dust-devils")
    first, again = hand_odds(ruleset, 9, "conflict"), hand_odds(ruleset, 9, "conflict")
    assert first.work == again.work > 0
    assert hand_odds(ruleset, 9, "conflict", budget=first.work).rows == first.rows  # exactly enough
    with pytest.raises(TooMuchWork):
        hand_odds(ruleset, 9, "conflict", budget=first.work - 1)


@pytest.mark.parametrize("name", slow_except(["dust-devils", "poker-hands", "savage-worlds"], "dust-devils"))
def test_big_hands_are_counted_by_the_sweep_as_by_classes_and_by_brute_force(load, name):
    """From ``SWEPT_FROM`` cards the whole deck is counted rank by rank (cheaper there): the
    same counts as by classes; and the whole deck but two, against every pair of cards left
    out (an independent brute force), well within the budget."""
    ruleset = load(name)
    context = ruleset.context()
    by_classes = Counter(ruleset, context).count(SWEPT_FROM)
    swept = hand_odds(ruleset, SWEPT_FROM)
    assert {rank.strength: count for rank, count in swept.rows} == by_classes
    deck = list(ruleset.deck)
    n = len(deck) - 2
    odds = hand_odds(ruleset, n, budget=COUNT_BUDGET)
    assert odds.method == "counted" and odds.work < COUNT_BUDGET // 2
    brute = {rank.strength: 0 for rank in ruleset.ranking.ranks}
    for left_out in combinations(range(len(deck)), 2):
        brute[ruleset.ranking.best([c for i, c in enumerate(deck) if i not in left_out], context).rank.strength] += 1
    assert {rank.strength: count for rank, count in odds.rows} == brute


@pytest.mark.slow
def test_every_shipped_hand_up_to_sixteen_cards_counts_within_the_budget(load):
    """The README's promise, now a bound: up to 12 cards (none held) count in well under a
    second of work, and 16 within a command's budget, in every shipped ruleset's hand context."""
    for name in ("deadlands", "dust-devils", "poker-hands", "savage-worlds", "weird-dust-devils"):
        ruleset = load(name)
        assert hand_odds(ruleset, 12).work < COUNT_BUDGET // 3, name
        assert hand_odds(ruleset, 16, budget=COUNT_BUDGET).method == "counted", name


def test_a_hand_that_cannot_be_counted_is_enumerated_only_within_the_budget():
    """A plain card wild in the context cannot be counted by class: the hands are visited one
    by one when their price (``hand_cost`` each) fits the budget, else dealt at random."""
    ruleset = reduced("deadlands", ["2", "3", "4", "5", "6", "A"], suits=2, wild={"2s": "any"})
    hands = comb(len(ruleset.deck), 4)
    assert hand_odds(ruleset, 4, "huckster").method == "enumerated"
    assert hand_odds(ruleset, 4, "huckster", budget=10**9).method == "enumerated"
    poor = hand_odds(ruleset, 4, "huckster", budget=hands, samples=500, rng=random.Random(1))
    assert poor.method == "simulated" and poor.total == 500  # a unit a hand is far below its price


def test_a_simulation_remembers_deals_that_repeat_and_deals_the_same(load, monkeypatch):
    """``odds hand 3 --simulate`` judged 100,000 hands of a deck that has 24,804: each deal is
    now judged once, with the same draws from the Random and the same counts."""
    ruleset = load("deadlands")
    context = ruleset.context()
    assert remembered(54, 3, 100_000) and not remembered(54, 7, 100_000)
    assert sample_seconds(3, 54, 3, 100_000) < 1.0 < sample_seconds(7, 54, 7, 100_000)  # the price knows it
    evaluated = []
    best = ruleset.ranking.best
    monkeypatch.setattr(ruleset.ranking, "best", lambda cards, ctx: evaluated.append(1) or best(cards, ctx))
    threshold = ruleset.threshold("pair")
    kept = sample_counts(ruleset, 3, context, random.Random(8), 30_000, threshold=threshold)
    assert len(evaluated) <= comb(54, 3) and len(evaluated) < 30_000
    monkeypatch.setattr("dealer.core.odds.enumerate.REMEMBERED_HANDS", 0)
    evaluated.clear()
    assert sample_counts(ruleset, 3, context, random.Random(8), 30_000, threshold=threshold) == kept
    assert len(evaluated) == 30_000


def test_a_hex_whose_hands_pass_the_budget_bounds_the_raises_past_it(load):
    """Royal flush with 30d12: every raise a hand size more (32 s of counting). The sizes that
    count within the budget are counted; the raises past them are bounded (works can only
    grow with more cards), and told: ``counted_up_to`` and ``unresolved``."""
    from dealer.core.dice import trait_roll_odds

    ruleset = load("deadlands")
    roll = trait_roll_odds(30, 12)
    cast = huckster_odds(ruleset, roll, level=1, minimum="royal flush", budget=1_500_000)
    assert cast["counted_up_to"] is not None and 5 <= cast["counted_up_to"] < 20
    assert cast["unresolved"] > 1e-7 and cast["method"] == "counted"
    whole = cast["works"] + cast["fizzles"] + cast["unresolved"] + cast["failure"] + cast["bust"] + cast["cut"]
    assert whole == pytest.approx(1.0, abs=1e-9)
    free = huckster_odds(ruleset, trait_roll_odds(3, 6), level=1, minimum="pair", budget=1_500_000)
    assert free["counted_up_to"] is None  # nothing passed the budget: nothing said


# -- 36.10: a Power seat, judged by key ---------------------------------------------------------


def slow_arcane(ruleset, cards, context):
    """The Arcane rule read directly (as odds conflict judged it before): the best hand of the
    cards if it is Arcane, else of every five holding a Trump or a wild, each evaluated in the
    context, or with its wilds standing for Trumps where that is not Arcane; None if none is."""
    ranking = ruleset.ranking
    hand = ranking.best(list(cards), context)
    if hand.arcane:
        return hand
    anchors = {card for card in cards if card.kind == TRUMP or context.wild.get(card)}
    as_trump = Context(context.name, {**context.wild, **{card: "trump" for card in anchors if card.kind != TRUMP}},
                       context.natural_beats_wild, context.penalty)
    best = None
    for five in combinations(cards, min(5, len(cards))):
        if anchors.isdisjoint(five):
            continue
        hand = ranking.best(list(five), context)
        if not hand.arcane:
            hand = ranking.best(list(five), as_trump)
        if hand.arcane and (best is None or hand.key > best.key):
            best = hand
    return best


def slow_seat_key(ruleset, entry, cards, context):
    if not entry.power:
        return ruleset.ranking.key(cards, context)
    hand = slow_arcane(ruleset, cards, context)
    return scores.LOST if hand is None else hand.key


POWER = scores.Entry("Doc", {}, "", True, 0)


@pytest.mark.parametrize("context_name", ["conflict", None])
def test_a_power_seat_is_judged_as_the_rule_reads(load, context_name):
    """Seeded hands of 1 to 12 cards (the Fool and the Wheel wild, or no wilds), and the shapes
    the shortcuts turn on: no anchor, the Fool alone, one Trump among six, Trumps only, fewer
    than five cards. The key is the slow path's; the hand built is the slow path's best."""
    ruleset = load("weird-dust-devils")
    context = ruleset.context(context_name)
    rng, deck = random.Random(36), list(ruleset.deck)
    hands = [rng.sample(deck, rng.randint(1, 9)) for _ in range(600)]
    hands += [ruleset.deck.parse_many(text) for text in (
        "KSw KCu 9Wa 4Co 2Sw 7Cu", "Fool KSw KCu 9Wa 4Co 2Sw", "T3 KSw KCu KWa 9Co 9Sw", "T10 9Sw 9Cu 9Wa 9Co 2Sw",
        "T1 T2 T3 T4 T5 T6", "T7 2Sw", "Fool", "Fool T10 3Sw 4Sw 5Sw 6Sw 8Sw", "ASw KSw QSw NSw 10Sw T21",
        # The best hand of these ten plays the Wheel as a wild kicker (a lower key than three Pages
        # with plain kickers): the seat's key is that hand's, as the slow path judges it.
        "2Sw PWa KCo T10 PCo 6Wa T4 3Sw 7Co PCu")]
    for cards in hands:
        assert scores.seat_key(ruleset, POWER, cards, context) == slow_seat_key(ruleset, POWER, cards, context), cards
        slow = slow_arcane(ruleset, cards, context)
        fast = scores.best_arcane(ruleset, cards, context) if slow is None or not ruleset.ranking.best(
            cards, context).arcane else slow
        assert (fast is None) == (slow is None), cards
        if slow is not None:
            assert fast.key == slow.key and fast.arcane, cards


def test_power_odds_are_the_slow_paths_on_seeded_deals(load, monkeypatch):
    """The same seeded deals, judged by the fast seat and by the slow one: the same figures;
    and the fast one evaluates fewer hands (counted by a priced ranking, not timed)."""
    from dealer.core.odds.work import deal_cost, evaluation_clock

    ruleset = load("weird-dust-devils")
    request = parse_request(ruleset, ["Doc=hand=3,eye=2,power=1", "Kid=hand=2,eye=2", "Al=hand=4,eye=4,power=1"],
                            {"scores": "hand,eye", "power": ("Doc", "Al")})
    fast = dealt_conflict_odds(conflict.deals(ruleset, request), samples=1500, rng=random.Random(10))
    priced, clock = evaluation_clock(ruleset)
    fast_price = deal_cost(conflict.deals(priced, request), timer=clock)
    monkeypatch.setattr(scores, "seat_key", slow_seat_key)
    slow = dealt_conflict_odds(conflict.deals(ruleset, request), samples=1500, rng=random.Random(10))
    priced, clock = evaluation_clock(ruleset)
    slow_price = deal_cost(conflict.deals(priced, request), timer=clock)
    assert fast == slow
    assert fast_price < 0.6 * slow_price, (fast_price, slow_price)


# -- 36.20: a conflict's deals priced by the hands they evaluate ----------------------------------


def test_a_conflicts_deals_are_priced_by_their_hands_not_a_clock(load, monkeypatch):
    """The price of a deal is the price of the hands it evaluates (``hand_cost`` each): the same
    on any machine, loaded or not (it failed a test under load when a clock priced it)."""
    import time

    from dealer.core.odds.work import CALIBRATION_DEALS, KEY_SHARE, deal_cost, evaluation_clock
    from dealer.core.odds.work import hand_cost

    def no_clock():
        raise AssertionError("a clock was read")

    monkeypatch.setattr(time, "perf_counter", no_clock)
    monkeypatch.setattr(time, "process_time", no_clock)
    ruleset = load("weird-dust-devils")
    request = parse_request(ruleset, ["Doc=hand=3,eye=2", "Kid=hand=2,eye=2"], {"scores": "hand,eye"})
    priced, clock = evaluation_clock(ruleset)
    deals = conflict.deals(priced, request)
    dealt = []
    winner = deals.winner
    deals.winner = lambda rng: dealt.append(1) or winner(rng)
    assert deal_cost(deals, timer=clock) == pytest.approx((hand_cost(5) + hand_cost(4)) * KEY_SHARE)  # a key each
    assert len(dealt) == CALIBRATION_DEALS


def test_work_is_counted_against_a_budget():
    work = Work(budget=100)
    work.add(100)
    with pytest.raises(TooMuchWork) as stopped:
        work.add(1)
    assert (stopped.value.done, stopped.value.budget, stopped.value.fits) == (101, 100, None)
    unbounded = Work()
    unbounded.add(10**12)
    assert unbounded.done == 10**12


def test_a_hand_in_progress_past_its_budget_keeps_the_counter_usable(load):
    """A count stopped by its budget leaves nothing half-done that a later count would read."""
    ruleset = load("deadlands")
    counter = Counter(ruleset, ruleset.context(), work=Work(budget=300_000))
    held = ruleset.deck.parse_many("As")
    with pytest.raises(TooMuchWork):
        HeldCounter(counter, held, [card for card in ruleset.deck if card not in held]).count(20)
    counter.work.budget = None
    again = HeldCounter(counter, held, [card for card in ruleset.deck if card not in held]).count(6)
    fresh = hand_odds(ruleset, 6, holding=held)
    assert again == {rank.strength: count for rank, count in fresh.rows}
