"""`dealer table log` on a table with a long history: time to the first line, total time and
peak memory, for the whole log (text, --jsonl) and for --last 20.

    .venv/bin/python bench/log.py [--events 100000]

Target (issue 17): the log streams (first line at once, memory flat) and --last N takes
about as long as a short log, whatever the length of the history.
"""

from __future__ import annotations

import argparse
import os
import sqlite3
import subprocess
import sys
import tempfile

from bulk import run  # bench/ is on the path when this script runs


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--events", type=int, default=100_000)
    args = parser.parse_args()
    dealer = os.path.join(os.path.dirname(sys.executable), "dealer")
    env = {k: v for k, v in os.environ.items() if not k.startswith("DEALER_")}
    env["DEALER_HOME"] = home = tempfile.mkdtemp()
    subprocess.run([dealer, "table", "new", "long", "--seed", "1"], env=env, check=True, stdout=subprocess.DEVNULL)
    subprocess.run([dealer, "draw", "3", "--table", "long"], env=env, check=True, stdout=subprocess.DEVNULL)
    db = sqlite3.connect(os.path.join(home, "tables.sqlite3"))
    table_id, seq, *row = db.execute("SELECT table_id, max(seq), time, command, kind, deck, cards, seed, data, "
                                     "version FROM events WHERE kind = 'draw'").fetchone()
    db.executemany("INSERT INTO events (table_id, seq, time, command, kind, deck, cards, seed, data, version) "
                   "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                   ((table_id, seq + i, *row) for i in range(1, args.events - seq + 1)))
    db.commit()
    db.close()
    print(f"table 'long' with {args.events:,} events")
    print(f"{'command':<36} {'first line':>11} {'total':>9} {'CPU':>8} {'out':>9} {'peak RSS':>9}")
    for label, extra in (("table log long", []), ("table log long --jsonl", ["--jsonl"]),
                         ("table log long --json", ["--json"]), ("table log long --last 20", ["--last", "20"]),
                         ("table list", None)):
        argv = [dealer, "table", "list"] if extra is None else [dealer, "table", "log", "long", *extra]
        first, total, size, peak, cpu = run(argv, env)
        print(f"{label:<36} {first * 1000:8.1f} ms {total:7.2f} s {cpu:6.2f} s {size / 1e6:7.1f} MB {peak:6.1f} MB")


if __name__ == "__main__":
    main()
