"""Hand evaluation throughput, dealer beside treys, on the same hands in one run.

    .venv/bin/python bench/hands.py [--hands 20000]

Targets (issue 3), pure Python: best of 7 standard cards at least 1.0x treys; best of 7 from
the 54-card deck with both Jokers wild at least 0.5x treys' no-wild figure; best of 10 with
Jokers wild at least 2x a treys loop over all 252 five-card subsets. Tarot best of 10 and the
time to build a ranking are reported.
"""

from __future__ import annotations

import argparse
import random
import time
from itertools import combinations

from treys import Card as TreysCard
from treys import Evaluator

from dealer.store import rulesets


def rate(label, function, hands):
    start = time.perf_counter()
    for hand in hands:
        function(hand)
    elapsed = time.perf_counter() - start
    per_second = len(hands) / elapsed
    print(f"  {label:<58} {per_second:10,.0f} hands/s  {elapsed / len(hands) * 1e6:8.1f} us/hand")
    return per_second


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=20000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)

    start = time.perf_counter()
    deadlands = rulesets.load("deadlands")
    loaded = time.perf_counter()
    ranking = deadlands.ranking
    built = time.perf_counter()
    tarot = rulesets.load("weird-dust-devils")
    tarot_ranking = tarot.ranking
    print(f"load deadlands ruleset {1000 * (loaded - start):.2f} ms; build its ranking "
          f"{1000 * (built - loaded):.2f} ms (paid only by commands that evaluate hands)")

    deck = list(deadlands.deck)
    plain = [card for card in deck if card.kind == "plain"]
    huckster = deadlands.context("huckster")
    evaluator = Evaluator()
    to_treys = {card: TreysCard.new(card.code.replace("10", "T")[0] + card.suit.code) for card in plain}

    sevens = [rng.sample(plain, 7) for _ in range(args.hands)]
    treys_sevens = [[to_treys[c] for c in hand] for hand in sevens]
    print(f"\nbest of 7, standard deck, no wilds ({args.hands} hands)")
    t7 = rate("treys Evaluator.evaluate", lambda h: evaluator.evaluate(h[:2], h[2:]), treys_sevens)
    d7 = rate("dealer Ranking.key", ranking.key, sevens)
    print(f"  ratio dealer/treys: {d7 / t7:.2f}x (target >= 1.0x)")

    wild_sevens = [rng.sample(deck, 7) for _ in range(args.hands)]
    print("\nbest of 7 from the 54-card deck, both Jokers wild")
    w7 = rate("dealer Ranking.key, huckster context", lambda h: ranking.key(h, huckster), wild_sevens)
    print(f"  ratio to treys' no-wild best of 7: {w7 / t7:.2f}x (target >= 0.5x)")

    tens_count = max(1000, args.hands // 10)
    tens = [rng.sample(deck, 10) for _ in range(tens_count)]
    plain_tens = [[to_treys[c] for c in rng.sample(plain, 10)] for _ in range(tens_count // 4)]
    print(f"\nbest of 10 ({tens_count} hands)")
    loop = rate("treys loop over all 252 five-card subsets (no wilds)",
                lambda h: min(evaluator.evaluate(list(five[:2]), list(five[2:])) for five in combinations(h, 5)),
                plain_tens)
    w10 = rate("dealer Ranking.key, 54 cards, Jokers wild", lambda h: ranking.key(h, huckster), tens)
    print(f"  ratio dealer/treys loop: {w10 / loop:.2f}x (target >= 2x)")

    tarot_tens = [rng.sample(list(tarot.deck), 10) for _ in range(tens_count)]
    conflict = tarot.context("conflict")
    print("\ntarot best of 10, the Fool and the Wheel wild (reported)")
    rate("dealer Ranking.key, weird-dust-devils", lambda h: tarot_ranking.key(h, conflict), tarot_tens)
    rate("dealer Ranking.best (full hand: cards and wilds)", lambda h: tarot_ranking.best(h, conflict), tarot_tens)


if __name__ == "__main__":
    main()
