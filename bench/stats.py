"""`dealer table stats` (the luck ledger) on a long history: CPU time of the ledger against its target,
beside `table log --json` reading the same history (the baseline: what reading the events costs).

    .venv/bin/python bench/stats.py [--events 10000] [--game deadlands|savage-worlds]

The history is played for real, command by command (in this process, through the command line):
a posse and the Marshal's men dealt round after round, each round's countdown walked, hexes cast,
trait rolls, chips drawn and sessions begun, now and then an undo, and a reset (chips back in the
pot) every ten rounds, until the table holds the events asked for; in Savage Worlds, damage aimed
at people too (wounds, Shaken and its recovery, Incapacitation), healed every third round. Target (issue 33): the ledger of 10,000 events in under
2 s of CPU.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time

from bulk import run  # bench/ is on the path when this script runs

TARGET = 2.0  # CPU seconds for the ledger of 10,000 events (issue 33)
T = ("--table", "long")
UNSEEDED = {("action", "next"), ("table", "add"), ("table", "undo"), ("table", "condition")}  # roll nothing
GAMES = {
    "deadlands": {
        "people": [("Sarah", "posse", ["quickness=3d6", "hexslinging=4", "spirit=3d10", "soul-blast=3"]),
                   ("Velvet", "posse", ["quickness=4d8", "hexslinging=5", "missed-me=2"]),
                   ("Doc", "posse", ["quickness=2d10", "cognition=2d6", "guts=3d6"]), ("Kid", "posse", ["quickness=3d8"]),
                   ("Ma", "posse", ["quickness=2d6+1"]), ("Preacher", "posse", ["quickness=3d10"]),
                   ("Bad Bob", "marshal", ["quickness=4d8"]), ("Cultist", "marshal", ["quickness=2d6"]),
                   ("Walkin' Dead", "marshal", ["quickness=1d6"]), ("Gunslinger", "marshal", ["quickness=4d10"])],
        "turn": [("action",), ("action", "next"), ("hex", "soul blast", "--caster", "Sarah"),
                 ("hex", "missed me", "--caster", "Velvet"), ("roll", "3d8", "--as", "Doc"),
                 ("chips", "draw", "Doc"), ("action", "next"), ("roll", "2d10+1", "--tn", "7", "--as", "Bad Bob")],
        "every": [(5, ("chips", "session")), (7, ("action", "--surprised", "Doc")),
                  (11, ("roll", "4d6")), (13, ("table", "undo", "long")), (10, ("table", "reset", "long"))],
    },
    "savage-worlds": {
        "people": [("Sarah", "heroes", ["edges=level headed", "athletics=d8", "vigor=d6", "spirit=d8"]),
                   ("Velvet", "heroes", ["edges=quick", "athletics=d6"]),
                   ("Doc", "heroes", ["hindrances=hesitant", "athletics=d6"]),
                   ("Kid", "heroes", ["edges=level headed, quick", "athletics=d10"]),
                   ("Ma", "heroes", ["edges=improved level headed", "athletics=d6"]),
                   ("Bad Bob", "gm", ["athletics=d8", "vigor=d8", "spirit=d6"]),
                   ("Cultists", "gm", ["extra=yes", "athletics=d6"]),
                   ("Walkin' Dead", "gm", ["extra=yes", "athletics=d4"]), ("Gunslinger", "gm", ["edges=quick"])],
        "turn": [("action",), ("roll", "d8", "--as", "Sarah"), ("roll", "d6", "--as", "Doc"),
                 ("roll", "d10", "--tn", "6", "--as", "Velvet"), ("roll", "d6", "--as", "Cultists"),
                 ("roll", "d8", "--as", "Bad Bob"), ("roll", "2d6+1", "--damage", "--as", "Bad Bob", "--vs", "Sarah"),
                 ("roll", "2d6", "--damage", "--as", "Sarah", "--vs", "Bad Bob"), ("action", "next"), ("action", "next")],
        "every": [(5, ("chips", "session")), (11, ("roll", "d12")), (13, ("table", "undo", "long")),
                  (10, ("table", "reset", "long")),
                  *[(3, ("table", "condition", "long", name, *words)) for name in ("Sarah", "Bad Bob")
                    for words in (("wounds=0",), ("incapacitated", "--clear"))]],
    },
}


def build(home: str, game: str, events: int) -> tuple[int, int, float]:
    """Play GAMES[game] on table 'long' until it holds ``events`` events: (events, commands, seconds)."""
    from click.testing import CliRunner

    from dealer.cli import cli

    env = {"DEALER_HOME": home, "DEALER_STORE": None, "DEALER_TABLE": None, "DEALER_RULESET": None}
    runner = CliRunner()
    started, commands, seed, refused = time.perf_counter(), 0, 0, []

    def dealer(*argv: str) -> bool:
        nonlocal commands, seed
        seed += 1
        words = [*argv, *(("--seed", str(seed)) if tuple(argv[:2]) not in UNSEEDED else ())]
        commands += 1
        done = runner.invoke(cli, words, env=env)
        if done.exit_code:
            refused.append(" ".join(words))
        return not done.exit_code

    plan = GAMES[game]
    dealer("table", "new", "long", "-r", game)
    for name, side, traits in plan["people"]:
        dealer("table", "add", "long", name, "--side", side, *(word for trait in traits for word in ("--trait", trait)))
    turn = 0
    while _events(home) < events:
        turn += 1
        for argv in plan["turn"]:
            dealer(*argv, *(T if argv[0] != "table" else ()))
        for every, argv in plan["every"]:
            if turn % every == 0:
                dealer(*argv, *(T if argv[0] != "table" else ()))
    if refused:
        sys.exit(f"{len(refused)} commands refused, the first: dealer {refused[0]}")
    return _events(home), commands, time.perf_counter() - started


def _events(home: str) -> int:
    import sqlite3

    with sqlite3.connect(os.path.join(home, "tables.sqlite3")) as db:
        return db.execute("SELECT count(*) FROM events").fetchone()[0]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--events", type=int, default=10_000)
    parser.add_argument("--game", choices=sorted(GAMES), default="deadlands")
    args = parser.parse_args()
    dealer = os.path.join(os.path.dirname(sys.executable), "dealer")
    env = {k: v for k, v in os.environ.items() if not k.startswith("DEALER_")}
    env["DEALER_HOME"] = home = tempfile.mkdtemp()
    events, commands, seconds = build(home, args.game, args.events)
    print(f"table 'long' ({args.game}): {events:,} events from {commands:,} commands, played in {seconds:.0f} s")
    print(f"{'command':<40} {'total':>9} {'CPU':>8}  target")
    for label, extra, target in (("table log long --json (baseline)", ["log", "long", "--json"], None),
                                 ("table stats long", ["stats", "long"], TARGET),
                                 ("table stats long --json", ["stats", "long", "--json"], TARGET),
                                 ("table stats long --person Sarah", ["stats", "long", "--person", "Sarah"], TARGET),
                                 ("table stats long --session", ["stats", "long", "--session"], TARGET)):
        _, total, _, _, cpu = run([dealer, "table", *extra], env)
        verdict = "" if target is None else f"{target * events / 10_000:.1f} s CPU: " + (
            "met" if cpu < target * events / 10_000 else "MISSED")
        print(f"{label:<40} {total:7.2f} s {cpu:6.2f} s  {verdict}")


if __name__ == "__main__":
    main()
