"""A class of hands is classified on one representative: the features it keeps must decide.

``Counter.profile_key`` keeps only the largest multiplicities of a profile; the held-card
sweep classifies a class on any profile with the same key, signature and number of cards.
Here every profile class of the whole-deck tables is classified on its own profile and on
the key's representative, with every trump class, wild and dead count: the ranks must agree.
"""

from __future__ import annotations

import pytest

from dealer.core.odds.counting import Counter
from dealer.core.ranks import NO_WILDS
from tests.conftest import SHIPPED


def _disagreements(ruleset, context, n):
    counter = Counter(ruleset, context)
    split = counter.split
    size = min(5, n)
    cap = min(len(split.wild_any) + len(split.wild_trump), n) + 1
    checked, wrong = 0, []
    for wa in range(min(len(split.wild_any), n) + 1):
        for wt in range(min(len(split.wild_trump), n - wa) + 1):
            for nd in range(min(len(split.dead), n - wa - wt) + 1):
                for t in range(min(len(split.naturals), n - wa - wt - nd) + 1):
                    k = n - wa - wt - nd - t
                    if k > len(split.allowed) * split.suit_count:
                        continue
                    trumps = counter.trumps.tables(cap, n).get(t, {})
                    for (profile, signature, _), row in counter._plain_table(k, wa, size, ()).items():
                        rep, mask = counter.representative(counter.profile_key(profile), signature, k, wa)
                        for _, held in trumps.values():
                            own = counter._classify(profile, row[0], held, wa, wt, nd)
                            if own != counter._classify(rep, mask, held, wa, wt, nd):
                                wrong.append((profile, signature, held, wa, wt, nd))
                            checked += 1
    return checked, wrong


@pytest.mark.parametrize("name", SHIPPED)
@pytest.mark.parametrize("n", [7])
def test_profile_keys_decide_the_rank(load, name, n):
    ruleset = load(name)
    for context in (ruleset.context(), NO_WILDS):
        checked, wrong = _disagreements(ruleset, context, n)
        assert checked and not wrong, wrong[:3]


@pytest.mark.slow
@pytest.mark.parametrize("name", SHIPPED)
@pytest.mark.parametrize("n", [5, 9, 10, 11, 12])
def test_profile_keys_decide_the_rank_in_big_hands(load, name, n):
    ruleset = load(name)
    for context in (ruleset.context(), NO_WILDS):
        checked, wrong = _disagreements(ruleset, context, n)
        assert checked and not wrong, wrong[:3]


def test_representatives_have_the_key_signature_and_cards(load):
    ruleset = load("deadlands")
    counter = Counter(ruleset, ruleset.context())
    for k in range(1, 13):
        for (profile, signature, _), _ in counter._plain_table(k, 0, 5, ()).items():
            rep, mask = counter.representative(counter.profile_key(profile), signature, k, 0)
            assert sum(rep) == k and len(rep) == mask.bit_count()
            assert counter.profile_key(rep) == counter.profile_key(profile)
            assert counter._sequence_signature(mask, 0) == signature
