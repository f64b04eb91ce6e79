"""Suits named good, counted by rank sets: the tuples of good sets against brute force, and
the whole-deck counts they give against the count set of ranks by set of ranks."""

from __future__ import annotations

import random
from itertools import product

import pytest

from dealer.core.odds.combinatorics import good_tuples, minimal_sets
from dealer.core.odds.counting import Counter
from tests.core.test_odds_counting import reduced


def _windows(ranks, length, wrap):
    out = [sum(1 << (low + j) for j in range(length)) for low in range(ranks - length + 1)]
    if wrap:  # the top rank also plays below the lowest, as an ace low
        out.append(1 << (ranks - 1) | sum(1 << j for j in range(length - 1)))
    return out


@pytest.mark.parametrize("seed", range(12))
def test_good_tuples_equal_every_tuple_of_good_sets(seed):
    rng = random.Random(seed)
    ranks = rng.randint(3, 7)
    length = rng.randint(2, min(4, ranks))
    need = length - rng.randint(0, length - 1)
    windows = _windows(ranks, length, rng.random() < 0.5)
    good = [any((mask & window).bit_count() >= need for window in windows) for mask in range(1 << ranks)]
    goods = [mask for mask in range(1 << ranks) if good[mask]]
    order = [ranks - 1] + list(range(ranks - 1)) if rng.random() < 0.5 else list(range(ranks))
    for m in (1, 2, 3):
        if len(goods) ** m > 60_000:
            continue
        most = rng.randint(need, 2 * ranks)
        slow = {}
        for sets in product(goods, repeat=m):
            if sum(mask.bit_count() for mask in sets) > most:
                continue
            u = [0] * m
            for r in range(ranks):
                held = sum(mask >> r & 1 for mask in sets)
                if held:
                    u[held - 1] += 1
            slow[tuple(u)] = slow.get(tuple(u), 0) + 1
        assert good_tuples(minimal_sets(good), order, m, most) == slow, m


@pytest.mark.parametrize("context_name, n", [("huckster", 8), ("huckster", 10), (None, 10), (None, 12)])
def test_whole_deck_tables_equal_the_count_rank_set_by_rank_set(context_name, n):
    """The plain tables by signature counts and good-set tuples equal the old count that
    visits every set of ranks (which stops at two suits with a suited sequence)."""
    ruleset = reduced("deadlands", ["2", "3", "4", "5", "6", "7", "8", "A"], suits=4)
    context = ruleset.context(context_name)
    counter = Counter(ruleset, context)
    for wilds in (0, 1, 2):
        k = n - wilds
        levels = counter.suited_levels(wilds, 5)
        needed = tuple(range(len(levels)))
        if any(good is not None and 3 * least <= k for _, least, good in levels):
            continue  # the old count refuses three suits
        fast = counter._plain_table(k, wilds, 5, needed)
        slow = counter._plain_table_by_positions(k, wilds, 5, needed)
        assert {key: row[1:] for key, row in fast.items() if any(row[1:])} \
            == {key: row[1:] for key, row in slow.items() if any(row[1:])}
