"""The chances the ledger adds to the odds engine, each against a computation made here another way:
the Wild Die's save by walking every die face, the Joker kept by a one-card draw (the Edges that
draw more, keep the lowest, redraw low cards) card by card through the deck as it was; SWADE's
wounds dealt and wounds soaked by every total of acing dice, in fractions."""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

import pytest

from dealer.core.dice import wild_die_save
from dealer.core.ledger.chances import Book
from dealer.core.mechanics.action.edges import DrawPlan, draw_plan
from dealer.core.odds.initiative import joker_chance


def below(sides, need):
    """P(an acing die's total < need), face by face: a face short of the top is its total; the top
    aces and adds another roll."""
    if need <= 1:
        return Fraction(0)
    chance = Fraction(min(need - 1, sides - 1), sides)
    if need - 1 > sides:
        chance += Fraction(1, sides) * below(sides, need - sides)
    return chance


@pytest.mark.parametrize("sides, modifier, tn", [(8, 0, 4), (4, 0, 4), (12, 0, 4), (6, 2, 4), (8, -2, 4), (10, 0, 9),
                                                  (6, 0, 13), (8, 3, 4), (8, 0, 1)])
def test_a_wild_die_save_is_the_trait_die_short_and_the_wild_die_there(sides, modifier, tn):
    need = tn - modifier
    want = below(sides, need) * (1 - below(6, need)) if need > 1 else Fraction(0)
    assert abs(wild_die_save(1, sides, modifier=modifier, tn=tn, wild_die=6) - float(want)) < 1e-12


def drawn_one_by_one(plan, low, plain, jokers):
    """P(the card kept is a Joker), every order of cards walked: the plan's cards drawn, the kept one
    chosen by class (low < plain < Joker; ``lowest`` keeps a Joker drawn where ``any_time_kept``),
    then a low card kept is redrawn one card at a time until a card that is not low comes."""
    @lru_cache(maxsize=None)
    def draw(n, low, plain, jokers, seen):
        if n == 0:
            return keep(seen, low, plain, jokers)
        total = low + plain + jokers
        chance = Fraction(0)
        for kind, left in (("low", low), ("plain", plain), ("joker", jokers)):
            if left:
                after = (low - (kind == "low"), plain - (kind == "plain"), jokers - (kind == "joker"))
                chance += Fraction(left, total) * draw(n - 1, *after, tuple(sorted(seen + (kind,))))
        return chance

    order = {"low": 0, "plain": 1, "joker": 2}

    def keep(seen, low, plain, jokers):
        if plan.keep == "lowest":
            kept = "joker" if plan.any_time_kept and "joker" in seen else min(seen, key=order.get)
        else:
            kept = max(seen, key=order.get)
        if kept == "low" and plan.redraw_at_most:
            return redraw(low, plain, jokers)
        return Fraction(kept == "joker")

    @lru_cache(maxsize=None)
    def redraw(low, plain, jokers):
        total = low + plain + jokers
        if plain + jokers == 0:
            return Fraction(0)
        return Fraction(jokers, total) + (Fraction(low, total) * redraw(low - 1, plain, jokers) if low else 0)

    return draw(plan.cards, low, plain, jokers, ())


EDGES = [(), ("level headed",), ("improved level headed",), ("quick",), ("hesitant",), ("level headed", "quick"),
         ("hesitant", "quick"), ("level headed", "hesitant")]


@pytest.mark.parametrize("edges", EDGES, ids=lambda edges: "+".join(edges) or "none")
@pytest.mark.parametrize("cards, jokers, low", [(54, 2, 20), (30, 1, 12), (9, 2, 4), (5, 0, 3), (3, 2, 1)])
def test_the_joker_kept_by_each_draw_is_counted_card_by_card(load, edges, cards, jokers, low):
    plan = draw_plan(load("savage-worlds"), edges)
    low = low if plan.redraw_at_most else 0
    want = drawn_one_by_one(plan, low, cards - jokers - low, jokers)
    assert joker_chance(plan, cards, jokers, low) == want, plan


def test_a_hesitant_draw_that_does_not_keep_jokers_keeps_one_only_when_all_are():
    plan = DrawPlan(2, "lowest", False, 0)
    assert joker_chance(plan, 10, 2, 0) == Fraction(1, 45) == drawn_one_by_one(plan, 0, 8, 2)


ACES = 20  # each die walked to its 20th ace: what lies beyond is below 4^-20, about 1e-12


@lru_cache(maxsize=None)
def exactly(sides, total):
    """P(an acing die's total is ``total``): a face short of the top, or the top and another roll."""
    if total <= 0 or total % sides == 0:
        return Fraction(0)
    return Fraction(1, sides) if total < sides else Fraction(1, sides) * exactly(sides, total - sides)


@pytest.mark.parametrize("sides, modifier, toughness, shaken, extra", [
    ((4, 6), 1, 6, False, False), ((4, 6), 1, 6, True, False), ((6, 6, 6), 2, 9, False, True),
    ((6, 6, 6), 2, 9, True, True), ((8,), 0, 4, True, False)])
def test_wounds_dealt_are_counted_over_every_total(load, sides, modifier, toughness, shaken, extra):
    dist = {0: Fraction(1)}
    for side in sides:
        step = {}
        for a, p in dist.items():
            for b in range(1, ACES * side):
                if exactly(side, b):
                    step[a + b] = step.get(a + b, 0) + p * exactly(side, b)
        dist = step
    want = {}
    for total, p in dist.items():
        total += modifier
        dealt = 0 if total < toughness else (total - toughness) // 4 or int(shaken)
        dealt = min(dealt, 1) if extra else dealt
        want[dealt] = want.get(dealt, 0) + p
    got = Book(load("savage-worlds")).wounds((tuple(sorted(sides)), modifier, toughness), shaken, extra)
    assert all(k < len(got) for k, p in want.items() if p > 1e-12) and abs(sum(got) - 1) < 1e-12
    assert all(abs(got[k] - float(want.get(k, 0))) < 1e-11 for k in range(len(got))), (got, want)


@pytest.mark.parametrize("trait, modifier, wounds", [(8, -1, 3), (6, 2, 1), (12, -3, 2), (4, 0, 4)])
def test_wounds_soaked_are_a_wild_cards_successes_up_to_the_wounds(load, trait, modifier, wounds):
    """The higher of the trait die and the d6 Wild Die, the modifier added; both 1s a Critical Failure."""
    want = [Fraction(0)] * (wounds + 1)
    for t in range(1, ACES * trait):
        for w in range(1, ACES * 6):
            p = exactly(trait, t) * exactly(6, w)
            if not p:
                continue
            total = max(t, w) + modifier
            found = 0 if (t == w == 1) or total < 4 else 1 + (total - 4) // 4
            want[min(found, wounds)] += p
    got = Book(load("savage-worlds")).soaked((1, trait, modifier, 4, 6, False), wounds)
    assert len(got) == wounds + 1
    assert all(abs(got[k] - float(want[k])) < 1e-11 for k in range(wounds + 1)), (got, want)
