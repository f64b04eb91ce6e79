"""Hand evaluation throughput, dealer beside treys, on the same hands in one run.

    .venv/bin/python bench/hands.py [--hands 30000] [--rounds 5]

Targets (issue 15), pure Python: best of 7 standard cards at least 2x treys; best of 7 from
the 54-card deck with both Jokers wild at least 1x treys' no-wild figure; best of 10 with
Jokers wild at least 10x a treys loop over all 252 five-card subsets; tarot best of 10 (the
Fool and the Wheel wild) at least 100,000 hands/s (issue 25), beside the generic engine
alone. Dust Devils best of 10 and the time to build a ranking are reported.

The machine is shared, so each figure is the best of several rounds of CPU time (process
time, not wall time), dealer and treys interleaved round by round. Every dealer round
starts from a freshly built ranking: its cache of answers by rank multiset starts empty,
as in a command that evaluates hands.
"""

from __future__ import annotations

import argparse
import random
import time
from itertools import combinations

from treys import Card as TreysCard
from treys import Evaluator

from dealer.core.hands import Ranking, _Pool
from dealer.store import rulesets


def timed(function, hands):
    """CPU seconds of this process: other processes on a shared machine do not count."""
    start = time.process_time()
    for hand in hands:
        function(hand)
    return time.process_time() - start


def show(label, elapsed, count):
    print(f"  {label:<58} {count / elapsed:10,.0f} hands/s  {elapsed / count * 1e6:8.1f} us/hand")
    return count / elapsed


def rounds_of(rounds, entries):
    """Best time of each entry over ``rounds``, entries interleaved. An entry: (make, hands);
    ``make()`` returns the function to time (a fresh dealer ranking's key, or treys)."""
    best = [float("inf")] * len(entries)
    for _ in range(rounds):
        for i, (make, hands) in enumerate(entries):
            best[i] = min(best[i], timed(make(), hands))
    return best


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=20000)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)

    start = time.perf_counter()
    deadlands = rulesets.load("deadlands")
    loaded = time.perf_counter()
    builds = []
    for _ in range(20):
        begin = time.perf_counter()
        Ranking(deadlands.hand_ranks, deadlands.deck)
        builds.append(time.perf_counter() - begin)
    tarot = rulesets.load("weird-dust-devils")
    print(f"load deadlands ruleset {1000 * (loaded - start):.2f} ms; build its ranking "
          f"{1000 * min(builds):.3f} ms (paid only by commands that evaluate hands)")

    deck = list(deadlands.deck)
    plain = [card for card in deck if card.kind == "plain"]
    huckster = deadlands.context("huckster")
    evaluator = Evaluator()
    to_treys = {card: TreysCard.new(card.code.replace("10", "T")[0] + card.suit.code) for card in plain}
    rankings = []

    def fresh(context=None):
        def make():
            ranking = Ranking(deadlands.hand_ranks, deadlands.deck)
            rankings.append(ranking)
            return ranking.key if context is None else (lambda hand: ranking.key(hand, context))
        return make

    def seven(h):
        return evaluator.evaluate(h[:2], h[2:])

    sevens = [rng.sample(plain, 7) for _ in range(args.hands)]
    treys_sevens = [[to_treys[c] for c in hand] for hand in sevens]
    wild_sevens = [rng.sample(deck, 7) for _ in range(args.hands)]
    t7, d7, w7 = rounds_of(args.rounds, [(lambda: seven, treys_sevens), (fresh(), sevens),
                                         (fresh(huckster), wild_sevens)])
    seven_answers = len(getattr(rankings[-2]._fast, "_cache", ()))
    print(f"\nbest of 7, standard deck, no wilds ({args.hands} hands, best of {args.rounds} rounds)")
    t7 = show("treys Evaluator.evaluate", t7, args.hands)
    d7 = show("dealer Ranking.key", d7, args.hands)
    print(f"  ratio dealer/treys: {d7 / t7:.2f}x (target >= 2x)")
    print("\nbest of 7 from the 54-card deck, both Jokers wild")
    w7 = show("dealer Ranking.key, huckster context", w7, args.hands)
    print(f"  ratio to treys' no-wild best of 7: {w7 / t7:.2f}x (target >= 1x)")

    tens_count = max(1000, args.hands // 10)
    tens = [rng.sample(deck, 10) for _ in range(tens_count)]
    plain_tens = [[to_treys[c] for c in rng.sample(plain, 10)] for _ in range(tens_count // 4)]

    def treys_loop(h):
        return min(evaluator.evaluate(list(five[:2]), list(five[2:])) for five in combinations(h, 5))

    loop, w10 = rounds_of(max(2, args.rounds // 2), [(lambda: treys_loop, plain_tens), (fresh(huckster), tens)])
    print(f"\nbest of 10 ({tens_count} hands)")
    loop = show("treys loop over all 252 five-card subsets (no wilds)", loop, len(plain_tens))
    w10 = show("dealer Ranking.key, 54 cards, Jokers wild", w10, tens_count)
    print(f"  ratio dealer/treys loop: {w10 / loop:.2f}x (target >= 10x)")
    ten_answers = len(getattr(rankings[-1]._fast, "_cache", ()))
    print(f"  (distinct rank multisets met, so answers computed, in the last rounds: "
          f"{seven_answers} of {args.hands} sevens, {ten_answers} of {tens_count} tens)")

    tarot_tens = [rng.sample(list(tarot.deck), 10) for _ in range(tens_count)]
    conflict = tarot.context("conflict")

    def fresh_tarot():
        ranking = Ranking(tarot.hand_ranks, tarot.deck)
        return lambda hand: ranking.key(hand, conflict)

    def generic_tarot():
        """The generic engine alone: every rank in turn, as before the ladder path (issue 25)."""
        ranking = Ranking(tarot.hand_ranks, tarot.deck)

        def key(hand):
            pool = _Pool(hand, conflict)
            size = min(5, len(hand))
            for rank in ranking.ranks:
                found = ranking._match(rank, pool, size, conflict)
                if found is not None:
                    return found[1]
        return key

    generic, ladder = rounds_of(args.rounds, [(generic_tarot, tarot_tens), (fresh_tarot, tarot_tens)])
    print(f"\ntarot best of 10, the Fool and the Wheel wild ({tens_count} hands)")
    generic = show("generic engine, every rank in turn (the path before issue 25)", generic, tens_count)
    ladder = show("dealer Ranking.key, weird-dust-devils (the ladder path)", ladder, tens_count)
    print(f"  ratio ladder/generic: {ladder / generic:.2f}x; target >= 100,000 hands/s: "
          f"{'ok' if ladder >= 100_000 else 'MISSED'} (main, c0f31a6: about 16,000 hands/s)")
    tarot_ranking = tarot.ranking
    show("dealer Ranking.best (full hand: cards and wilds)",
         timed(lambda h: tarot_ranking.best(h, conflict), tarot_tens), tens_count)

    dust = rulesets.load("dust-devils")
    dust_tens = [rng.sample(list(dust.deck), 10) for _ in range(tens_count)]

    def fresh_dust():
        ranking = Ranking(dust.hand_ranks, dust.deck)
        return ranking.key

    dust_key, = rounds_of(max(2, args.rounds // 2), [(fresh_dust, dust_tens)])
    print("\ndust-devils best of 10 (ties read by suit; reported)")
    show("dealer Ranking.key, dust-devils (main, c0f31a6: about 30,000)", dust_key, tens_count)

if __name__ == "__main__":
    main()
