"""What a persistent table costs: `dealer draw 5` with and without --table, side by side.

    .venv/bin/python bench/tables.py [--runs 30]

Target (issue 5): the difference of the medians stays under 10 ms.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=30)
    args = parser.parse_args()
    dealer = os.path.join(os.path.dirname(sys.executable), "dealer")
    env = {k: v for k, v in os.environ.items() if not k.startswith("DEALER_")}
    env["DEALER_HOME"] = tempfile.mkdtemp()
    subprocess.run([dealer, "table", "new", "bench"], env=env, check=True, stdout=subprocess.DEVNULL)
    fresh = [dealer, "draw", "5"]
    table = [dealer, "draw", "5", "--table", "bench"]
    reset = [dealer, "table", "reset", "bench"]
    for argv in (fresh, table):  # warm the file cache
        subprocess.run(argv, env=env, check=True, stdout=subprocess.DEVNULL)
    # Interleaved, so drift in the machine's load falls on both alike; the reset that keeps
    # the table's deck full is not timed.
    fresh_times, table_times = [], []
    for _ in range(args.runs):
        subprocess.run(reset, env=env, check=True, stdout=subprocess.DEVNULL)
        for argv, times in ((fresh, fresh_times), (table, table_times)):
            start = time.perf_counter()
            subprocess.run(argv, env=env, check=True, stdout=subprocess.DEVNULL)
            times.append(time.perf_counter() - start)
    without = statistics.median(fresh_times) * 1000
    with_table = statistics.median(table_times) * 1000
    print(f"median of {args.runs} runs each")
    print(f"  dealer draw 5                   {without:7.1f} ms")
    print(f"  dealer draw 5 --table bench     {with_table:7.1f} ms")
    print(f"  difference                      {with_table - without:7.1f} ms (target < 10 ms)")


if __name__ == "__main__":
    main()
