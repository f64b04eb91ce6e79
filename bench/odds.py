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

Issue 25 (``--issue25`` runs only that part), each point with its figure:

1. spells with a wild pick: counted, beside the simulation ``odds hex`` ran before;
2. a ladder with distinct suits (a five-suit rainbow): counted, beside enumeration;
3. three suits with a straight flush each (Deadlands 11 and 12 wild) and Dust Devils 13
   holding two: counted, beside the 100,000-deal simulation of before;
4. every ``odds hand N`` (N 1 to 12, every shipped ruleset and context the command offers,
   and cards held or a thinned deck): CPU seconds of the command (start-up included, one
   process each), method, target < 2 s, beside the figure measured on main (c0f31a6) before
   this work, in process, on this machine.
5. ``odds conflict``, 100,000 deals of Weird Dust Devils and of a poker-hands contest: CPU
   seconds of the command (start-up included) and deals/s, target < 3 s (5x), beside the
   per-deal mechanic the odds ran before (``resolve`` on a fresh table for every deal, kept
   callable here as ``mechanic_per_deal``; 10,000 deals timed and scaled), in the same run;
   and a lone contestant against a target, counted (``--conflicts`` runs only this part).

Issue 36 (``--issue36`` runs only that part): 10. ``odds conflict`` with Power, 100,000 Weird
Dust Devils deals, the Power seat judged now beside how it was judged before (kept callable
here as ``old_power_seat_key``), the same figures, and the command's CPU, target < 3 s;
2. ``odds hand N`` past what counts within the work allowed: the command's CPU, refused or
counted.
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


def cpu(argv):
    """CPU seconds (user + system) of one ``dealer`` process, and the method its JSON reports."""
    import json
    import resource

    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run([*argv, "--json"], capture_output=True, text=True, check=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    result = json.loads(done.stdout).get("result", {})
    method = result.get("method") or result.get("result", {}).get("method")
    return after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime, method


# Measured on main (c0f31a6) before issue 25, in process (no start-up), this machine:
# hand_odds seconds, or "simulated" where it fell back to random deals.
BEFORE = {
    ("deadlands", "huckster", 10): 3.13, ("deadlands", "huckster", 11): "simulated",
    ("deadlands", "huckster", 12): "simulated", ("deadlands", "none", 12): 1.56,
    ("dust-devils", "none", 12): 1.05, ("poker-hands", "none", 12): 1.39,
    ("weird-dust-devils", "none", 12): 3.01, ("weird-dust-devils", "conflict", 10): 2.31,
    ("weird-dust-devils", "conflict", 11): 8.56, ("weird-dust-devils", "conflict", 12): 36.46,
    ("deadlands", "huckster", 12, "Ah Ad"): "simulated", ("deadlands", "huckster", 10, "Ah Ad"): 2.82,
    ("deadlands", "huckster", 12, "RJ"): "simulated", ("dust-devils", "none", 12, "Ah Ad"): 7.82,
    ("dust-devils", "none", 13, "Ah Ad"): "simulated", ("poker-hands", "none", 12, "Ah Ad"): "simulated",
    ("weird-dust-devils", "conflict", 12, "T3 2Sw"): "simulated",
}


def mechanic_per_deal(ruleset, request, samples, rng):
    """The baseline: how ``odds conflict`` dealt before, ``conflict.resolve`` on a fresh table
    for every deal (with its result's data for a lone contestant). Wins by name."""
    from dealer.core.mechanics import conflict
    from dealer.core.table import Table

    names = [entrant.name for entrant in request.participants]
    wins = dict.fromkeys(names, 0)
    for _ in range(samples):
        result = conflict.resolve(ruleset, request, Table.fresh(ruleset), random.Random(rng.getrandbits(64)))
        if len(names) == 1:
            seat = [item for item in result.to_data()["participants"] if item["name"] == names[0]]
            wins[names[0]] += bool(seat and seat[0].get("success"))
        elif result.winner is not None:
            wins[result.winner] += 1
    return wins


CONFLICTS = [  # (ruleset, participants, options as parse_request reads them, command-line options)
    ("weird-dust-devils", ["Doc=hand=3,eye=2", "Kid=hand=2,eye=2"], {"scores": "hand,eye"}, ["--scores", "hand,eye"]),
    ("poker-hands", ["Sam=3", "Bob=2"], {}, []),
]


def conflicts():
    """Issue 25 point 5: conflict odds, the command now beside the per-deal mechanic of before."""
    from dealer.core.mechanics.conflict.common import parse_request
    from dealer.store.rulesets import load

    exe = dealer_exe()
    deals, timed = 100_000, 10_000
    print(f"{'5. odds conflict, 100,000 deals':<74} {'now (CPU)':>10} {'deals/s':>9}  {'before':>9} {'deals/s':>8}"
          f" {'speed-up':>8}")
    for name, words, options, flags in CONFLICTS:
        ruleset = load(name)
        request = parse_request(ruleset, words, options)
        start = time.process_time()
        mechanic_per_deal(ruleset, request, timed, random.Random(1))
        before = (time.process_time() - start) * deals / timed
        argv = [exe, "-r", name, "odds", "conflict", *words, *flags, "--samples", str(deals), "--seed", "1"]
        seconds, method = cpu(argv) if exe else (float("nan"), "")
        ok = "ok" if seconds < 3 else "MISSED"
        print(f"   {' '.join(['-r', name, *words, *flags]):<71} {seconds:9.2f}s {deals / seconds:9,.0f}  "
              f"{before:8.2f}s {deals / before:8,.0f} {before / seconds:7.1f}x  {method} (< 3 s: {ok})")
    if exe:
        argv = ["-r", "poker-hands", "odds", "conflict", "Sam=3", "--target", "two pair"]
        seconds, method = cpu([exe, *argv])
        ruleset = load("poker-hands")
        request = parse_request(ruleset, ["Sam=3"], {"target": "two pair"})
        start = time.process_time()
        mechanic_per_deal(ruleset, request, timed, random.Random(1))
        before = (time.process_time() - start) * 2000 / timed
        print(f"   {' '.join(argv):<71} {seconds:9.2f}s {'':>9}  {before:8.2f}s {'':>8} "
              f"{'':>8}  {method} (before: 2,000 deals simulated)")


def old_power_seat_key(ruleset, entry, cards, context):
    """The baseline of issue 36 point 10: a Power user's seat as ``odds conflict`` judged it
    before (main at db36c3f): the best hand built, and where it is not Arcane every five
    containing a Trump or a wild evaluated, twice where a wild stands for a plain card."""
    from itertools import combinations

    from dealer.core.cards import TRUMP
    from dealer.core.mechanics.conflict.scores import LOST
    from dealer.core.ranks import Context

    ranking = ruleset.ranking
    if not entry.power:
        return ranking.key(cards, context)
    hand = ranking.best(list(cards), context)
    if hand.arcane:
        return hand.key
    anchors = {card for card in cards if card.kind == TRUMP or context.wild.get(card)}
    if not anchors:
        return LOST
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
    return LOST if best is None else best.key


POWER = ("weird-dust-devils", ["Doc=hand=3,eye=2,power=1", "Kid=hand=2,eye=2"],
         {"scores": "hand,eye", "power": ("Doc",)}, ["--scores", "hand,eye", "--power", "Doc"])


def issue36():
    """Issue 36: the figures of points 2 (exact odds bounded) and 10 (conflict odds with Power)."""
    from dealer.core.mechanics import conflict
    from dealer.core.mechanics.conflict import scores
    from dealer.core.mechanics.conflict.common import parse_request
    from dealer.core.odds.casting import dealt_conflict_odds
    from dealer.store.rulesets import load

    exe = dealer_exe()
    print("\nissue 36")
    deals = 100_000
    print(f"{'10. odds conflict with Power, 100,000 deals (seed 1)':<64} {'CPU':>8}  figures")
    name, words, options, flags = POWER
    ruleset = load(name)
    request = parse_request(ruleset, words, options)
    for label, key in (("now: seat_key (a key or two where a Trump must be played)", scores.seat_key),
                       ("before: the hand built, every five evaluated", old_power_seat_key)):
        scores.seat_key, kept = key, scores.seat_key
        try:
            start = time.process_time()
            result = dealt_conflict_odds(conflict.deals(ruleset, request), samples=deals, rng=random.Random(1))
            seconds = time.process_time() - start
        finally:
            scores.seat_key = kept
        figures = ", ".join(f"{who} {share['count']:,}" for who, share in result["participants"].items())
        print(f"   {label:<61} {seconds:7.2f}s  {figures} (in process)")
    if exe:
        for extra, label in ((flags, "the command, with --power"), (flags[:2], "the command, without --power")):
            seconds, _ = cpu([exe, "-r", name, "odds", "conflict", *words, *extra, "--samples", str(deals),
                              "--seed", "1"])
            ok = "" if "without" in label else f" (< 3 s: {'ok' if seconds < 3 else 'MISSED'})"
            print(f"   {label:<61} {seconds:7.2f}s  start-up included{ok}")
    if not exe:
        return
    print(f"{'2. odds hand N: the CPU of the command (start-up included), counted or refused':<64} {'CPU':>8}  outcome")
    for name, n in (("deadlands", 16), ("deadlands", 20), ("weird-dust-devils", 16), ("weird-dust-devils", 30),
                    ("dust-devils", 52), ("poker-hands", 30)):
        argv = [exe, "-r", name, "odds", "hand", str(n)]
        before = resource_cpu()
        done = subprocess.run(argv, capture_output=True, text=True)
        seconds = resource_cpu() - before
        outcome = "counted" if done.returncode == 0 else done.stderr.split(": ", 2)[-1].split(";")[1].strip()
        print(f"   {' '.join(argv[1:]):<61} {seconds:7.2f}s  {outcome}")


def resource_cpu():
    import resource

    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def issue25(args):
    """The figures of issue 25, point by point."""
    from dealer.core.mechanics import draws
    from dealer.core.odds import hand_odds
    from dealer.core.odds.casting import spell_odds
    from dealer.core.odds.enumerate import enumerate_counts
    from dealer.store.rulesets import load
    from tests.core.test_odds_rainbow import _five_suits

    exe = dealer_exe()
    print("\nissue 25")
    print(f"{'question':<62} {'now':>9}  {'method':<10} {'before':>18}")

    def line(label, seconds, method, before):
        print(f"{label:<62} {seconds:8.2f}s  {method:<10} {before:>18}")

    # 1. A spell with a wild pick: counted now; before, 20,000 deals judged with their best pick.
    poker = load("poker-hands")
    for skill, pick in ((5, True), (6, False), (15, False)):
        start = time.process_time()
        odds = spell_odds(poker, skill=skill, wild_pick=pick)
        seconds = time.process_time() - start
        context, deck, rng = poker.context(), list(poker.deck), random.Random(1)
        start = time.process_time()
        for _ in range(2000):
            draws.best_with_picks(poker, rng.sample(deck, odds["cards"]), context, odds["wild_pick"])
        before = (time.process_time() - start) * 10
        line(f"1. spell, skill {skill}{' + wild pick' if pick else ''}: {odds['cards']} cards, "
             f"{odds['wild_pick']} pick", seconds, odds["method"], f"{before:.2f}s simulated")

    # 2. A five-suit rainbow ladder: counted; before, refused by the counter, so enumerated.
    rainbow = _five_suits(top=7)
    for n in (5, 8, 12):
        start = time.process_time()
        odds = hand_odds(rainbow, n, rainbow.context("wild"))
        seconds = time.process_time() - start
        deck, rng = list(rainbow.deck), random.Random(2)
        hands = [rng.sample(deck, n) for _ in range(2000)]
        start = time.process_time()
        for hand in hands:
            rainbow.ranking.best(hand, rainbow.context("wild"))
        before = (time.process_time() - start) / 2000 * comb(len(deck), n)
        how = "enumerated" if comb(len(deck), n) <= 150_000 else "enum. (est.)"
        line(f"2. rainbow ladder, {n} of {len(deck)} with a Joker", seconds, odds.method,
             f"{before:.1f}s {how}")
    if args.brute:
        start = time.process_time()
        enumerate_counts(rainbow, 5, rainbow.context("wild"))
        print(f"   (5 of {len(rainbow.deck)} enumerated in full: {time.process_time() - start:.1f}s)")

    # 3. Three suits with a straight flush each; a million rank vectors.
    if exe:
        for argv, before in ((["odds", "hand", "11"], "simulated"), (["odds", "hand", "12"], "simulated"),
                             (["-r", "dust-devils", "odds", "hand", "13", "--holding", "Ah Ad"], "simulated")):
            seconds, method = cpu([exe, *argv])
            line("3. dealer " + " ".join(argv), seconds, method, before)

    # 4. Every odds hand N up to 12, every shipped ruleset and context, held and thinned.
    if not exe:
        print("4. (no dealer command installed beside this Python: skipped)")
        return
    worst = []
    for name, contexts in (("deadlands", ("huckster", "none")), ("dust-devils", ("none",)),
                           ("poker-hands", ("none",)), ("weird-dust-devils", ("conflict", "none"))):
        for context in contexts:
            row = []
            for n in range(1, 13) if not args.skip_slow else (5, 10, 12):
                seconds, method = cpu([exe, "-r", name, "odds", "hand", str(n), "--context", context])
                row.append((seconds, n, method))
                worst.append(seconds)
            top = max(row)
            methods = sorted({method for _, _, method in row})
            before = BEFORE.get((name, context, 12))
            before = before if isinstance(before, str) else f"{before:.2f}s" if before else ""
            line(f"4. {name} --context {context}: N 1-12, worst at N={top[1]}", top[0], "/".join(methods),
                 f"N=12 {before}" if before else "")
    deck = list(load("deadlands").deck)
    thin = " ".join(card.code for card in random.Random(3).sample(deck, 44))
    tarot = list(load("weird-dust-devils").deck)
    tarot_thin = " ".join(card.code for card in random.Random(3).sample(tarot, 66))
    for name, context, n, holding, left in (
            ("deadlands", "huckster", 12, "Ah Ad", None), ("deadlands", "huckster", 12, "RJ", None),
            ("deadlands", "huckster", 10, "Ah Ad", None), ("dust-devils", "none", 12, "Ah Ad", None),
            ("poker-hands", "none", 12, "Ah Ad", None), ("weird-dust-devils", "conflict", 12, "T3 2Sw", None),
            ("weird-dust-devils", "conflict", 12, "Fool", None), ("deadlands", "huckster", 12, "", thin),
            ("weird-dust-devils", "conflict", 12, "", tarot_thin)):
        argv = [exe, "-r", name, "odds", "hand", str(n), "--context", context]
        argv += ["--holding", holding] if holding else []
        argv += ["--deck-left", left] if left else []
        seconds, method = cpu(argv)
        worst.append(seconds)
        before = BEFORE.get((name, context, n, holding))
        before = before if isinstance(before, str) else f"{before:.2f}s" if before else ""
        what = f"holding {holding}" if holding else f"deck left: {len(left.split())} cards"
        line(f"4. {name} {n}, {what}", seconds, method, before)
    print(f"4. worst of all: {max(worst):.2f}s CPU (target < 2 s)")
    conflicts()
    issue36()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--brute", action="store_true", help="run the brute force in full where it takes minutes")
    parser.add_argument("--skip-slow", action="store_true", help="leave out 10 of 54")
    parser.add_argument("--issue25", action="store_true", help="only the figures of issue 25")
    parser.add_argument("--conflicts", action="store_true", help="only the conflict odds of issue 25 (point 5)")
    parser.add_argument("--issue36", action="store_true", help="only the figures of issue 36 (points 2 and 10)")
    args = parser.parse_args()
    if args.conflicts:
        conflicts()
        return
    if args.issue36:
        issue36()
        return
    if args.issue25:
        issue25(args)
        return

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
    issue25(args)


if __name__ == "__main__":
    main()
