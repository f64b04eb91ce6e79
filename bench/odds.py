"""`dealer odds` speed: counting beside the brute force, on the issue's questions, in one run.

    .venv/bin/python bench/odds.py [--brute] [--skip-slow]

Each line: the question, the wall time of the `dealer` command (start-up included) or of
the in-process count, the target, and the brute force that visits every hand with the same
engine: timed on a sample of hands and extrapolated, or run in full with ``--brute`` where
that takes minutes rather than hours. Targets (issue 15): 5 of 54 Jokers wild < 0.5 s with
start-up; 7 of 52 and 7 of 54 wild < 1 s; 10 of 54 wild < 30 s; all 21,111,090 five-card
Weird Dust Devils hands < 10 s; soul blast with 5d10 < 2 s.

Hands in progress (cards held, a thinned deck) follow: the count in process beside what
``hand_odds`` did before it could count them, enumeration of every hand (at most
150,000) or a simulation of 100,000 deals (timed on 20,000 and scaled). Target: 7 of 54
wild holding two cards well under 1 s.
"""

from __future__ import annotations

import argparse
import os
import random
import subprocess
import sys
import time
from math import comb

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))


def dealer_exe():
    exe = os.path.join(os.path.dirname(sys.executable), "dealer")
    return exe if os.path.exists(exe) else None


def wall(argv):
    start = time.perf_counter()
    subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    return time.perf_counter() - start


def brute_seconds(ruleset, n, context, full, hands=20_000, seed=1):
    """Seconds to classify every n-card hand: measured in full, or per hand and extrapolated."""
    from itertools import combinations

    total = comb(len(ruleset.deck), n)
    best = ruleset.ranking.best
    if full:
        start = time.perf_counter()
        for hand in combinations(list(ruleset.deck), n):
            best(list(hand), context)
        return time.perf_counter() - start, "measured"
    rng = random.Random(seed)
    deck = list(ruleset.deck)
    sample = [rng.sample(deck, n) for _ in range(hands)]
    start = time.perf_counter()
    for hand in sample:
        best(hand, context)
    return (time.perf_counter() - start) / hands * total, "estimated"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--brute", action="store_true", help="run the brute force in full where it takes minutes")
    parser.add_argument("--skip-slow", action="store_true", help="leave out 10 of 54")
    args = parser.parse_args()

    from dealer.core.odds.counting import Counter
    from dealer.store.rulesets import load
    from tests.core.test_odds_counting import reduced

    exe = dealer_exe()
    deadlands, wdd = load("deadlands"), load("weird-dust-devils")
    standard = reduced("poker-hands", specials=0)
    rows = []

    def cli(label, argv, target, ruleset, n, context, full=False):
        seconds = wall([exe, *argv]) if exe else None
        brute, how = brute_seconds(ruleset, n, context, full and args.brute)
        rows.append((label, seconds, "wall, with start-up", target, brute, how))

    def inproc(label, ruleset, context, n, target, full=False):
        start = time.perf_counter()
        Counter(ruleset, context).count(n)
        seconds = time.perf_counter() - start
        brute, how = brute_seconds(ruleset, n, context, full and args.brute)
        rows.append((label, seconds, "in process", target, brute, how))

    huckster, conflict = deadlands.context("huckster"), wdd.context("conflict")
    cli("5 of 54, both Jokers wild", ["odds", "hand", "5"], 0.5, deadlands, 5, huckster, full=True)
    inproc("5 of 52 (published table)", standard, standard.context(), 5, None, full=True)
    inproc("7 of 52 (published table)", standard, standard.context(), 7, 1.0)
    cli("7 of 54, both Jokers wild", ["odds", "hand", "7"], 1.0, deadlands, 7, huckster)
    if not args.skip_slow:
        cli("10 of 54, both Jokers wild", ["odds", "hand", "10"], 30.0, deadlands, 10, huckster)
    cli("5 of 78 tarot, Fool and Wheel wild", ["-r", "weird-dust-devils", "odds", "hand", "5"], 10.0, wdd, 5,
        conflict)
    if exe:
        seconds = wall([exe, "odds", "hex", "soul blast", "--dice", "5d10", "--level", "4"])
        rows.append(("soul blast, 5d10, level 4", seconds, "wall, with start-up", 2.0, None, ""))

    def held(label, ruleset, n, holding, target, left=None):
        from dealer.core.odds import ENUMERATE_LIMIT, hand_odds
        from dealer.core.odds.enumerate import enumerate_counts, sample_counts

        context = ruleset.context()
        cards = ruleset.deck.parse_many(holding)
        pool = ruleset.deck.parse_many(left) if left else [card for card in ruleset.deck if card not in cards]
        start = time.perf_counter()
        odds = hand_odds(ruleset, n, context, holding=cards, deck_left=pool)
        seconds = time.perf_counter() - start
        assert odds.method == "counted", label
        start = time.perf_counter()
        if comb(len(pool), n - len(cards)) <= ENUMERATE_LIMIT:
            enumerate_counts(ruleset, n, context, pool, cards)
            before, how = time.perf_counter() - start, "enumerated"
        else:
            sample_counts(ruleset, n, context, random.Random(1), 20_000, pool, cards)
            before, how = (time.perf_counter() - start) * 5, "simulated 100k"
        rows.append((label, seconds, "in process", target, before, how))

    held("5 of 52, holding Ah Ad", standard, 5, "Ah Ad", None)
    held("7 of 52, holding Ah Ad", standard, 7, "Ah Ad", 1.0)
    held("7 of 54 wild, holding Ah Ad", deadlands, 7, "Ah Ad", 1.0)
    held("7 of 54 wild, holding RJ", deadlands, 7, "RJ", 1.0)
    held("5 of 54 wild, holding 8s 8h 8d", deadlands, 5, "8s 8h 8d", None)
    no_clubs = " ".join(card.code for card in deadlands.deck
                        if not card.code.endswith("c") and card.code not in ("8s", "8h", "8d"))
    held("8 wild, holding 8s 8h 8d, no clubs left", deadlands, 8, "8s 8h 8d", 1.0, left=no_clubs)
    held("6 wild, holding 8s 8h 8d, no clubs left", deadlands, 6, "8s 8h 8d", None, left=no_clubs)
    held("7 of 78 tarot, holding Fool T3", wdd, 7, "Fool T3", 1.0)
    if not args.skip_slow:
        held("10 of 54 wild, holding Ah Ad", deadlands, 10, "Ah Ad", 30.0)
    if exe:
        seconds = wall([exe, "odds", "hand", "7", "--holding", "Ah Ad"])
        rows.append(("7 of 54 wild, holding Ah Ad (command)", seconds, "wall, with start-up", 1.0, None, ""))

    print(f"{'question':<40} {'counting':>10}  {'':<20} {'target':>8}  {'brute force / before':>14}")
    for label, seconds, how, target, brute, brute_how in rows:
        shown = f"{seconds:9.2f}s" if seconds is not None else "      n/a"
        goal = f"< {target:g} s" if target else ""
        ok = "" if target is None or seconds is None else ("  ok" if seconds < target else "  MISSED")
        brute_text = f"{brute:12.2f}s ({brute_how})" if brute is not None else ""
        print(f"{label:<40} {shown}  {how:<20} {goal:>8}{ok:<8} {brute_text}")


if __name__ == "__main__":
    main()
