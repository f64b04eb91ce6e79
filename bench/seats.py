"""What a seat costs a command at a shared table: the same commands run by the GM's seat (the
baseline: no begin) and by a player's seat (its command begun on a second connection, committed,
before the table hands it any randomness: ``dealer.store.postgres_begun``), side by side, in one run.

    .venv/bin/python bench/seats.py [--runs 40] [--postgres URL]

Each figure is a whole ``dealer`` process (interpreter, imports, connections), median and p90
over the runs after five warm-up runs. Without ``--postgres`` the script starts a throwaway
cluster from the machine's PostgreSQL binaries, as the tests do.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)
DEALER = os.path.join(os.path.dirname(sys.executable), "dealer")
COMMANDS = [("roll 3d6 --as Sarah", ["roll", "3d6", "--as", "Sarah", "--table", "f"]),
            ("table show f (reads: no begin)", ["table", "show", "f"])]


def dealer(store, *args):
    return subprocess.run([DEALER, *args], env={**os.environ, "DEALER_STORE": store}, check=True,
                          capture_output=True, text=True)


def timed(store, argv, runs):
    times = []
    for _ in range(runs + 5):
        start = time.perf_counter()
        dealer(store, *argv)
        times.append((time.perf_counter() - start) * 1000)
    times = sorted(times[5:])
    return statistics.median(times), times[int(len(times) * 0.9)]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=40)
    parser.add_argument("--postgres", help="a server's URL (its role may make schemas); default: a throwaway cluster")
    options = parser.parse_args()
    server = None
    if options.postgres:
        base = options.postgres
    else:
        from tests.postgres_server import Server, binaries

        server = Server(binaries())
        base = server.base_url()
    try:
        from tests.postgres_server import with_schema

        owner = with_schema(base, "bench_seats")
        dealer(owner, "table", "new", "f")
        dealer(owner, "table", "add", "f", "Sarah")
        seats = {kind: json.loads(dealer(owner, "table", "seat", "f", kind, "--role", kind,
                                         *(["--for", "Sarah"] if kind == "player" else []), "--json").stdout)
                 ["result"]["store"] for kind in ("gm", "player")}
        print(f"{'command':34} {'GM seat (baseline)':>22} {'player seat':>22} {'ratio':>6}")
        for label, argv in COMMANDS:
            gm, player = timed(seats["gm"], argv, options.runs), timed(seats["player"], argv, options.runs)
            print(f"{label:34} {gm[0]:9.1f} ms p90 {gm[1]:5.1f} {player[0]:9.1f} ms p90 {player[1]:5.1f} "
                  f"{player[0] / gm[0]:5.2f}x")
    finally:
        if server is not None:
            server.close()


if __name__ == "__main__":
    main()
