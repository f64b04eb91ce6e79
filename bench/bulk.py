"""Bulk output: `--count 100000` streams. Time to the first line, total time, rolls a second,
and peak memory (the child's max RSS), beside `dealer roll 3d6` (one roll) as the baseline.

    .venv/bin/python bench/bulk.py [--count 100000]

Targets (issues 16 and 17): 3d6 at 100,000 rolls a second or more with --jsonl to /dev/null;
the first line within a fraction of a second; peak memory flat (about what one roll takes).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time


def run(argv, env):
    """(seconds to the first line, seconds in all, bytes out, peak RSS in MB, CPU seconds) of one
    run. CPU time is what the command itself spent: on a shared machine it varies less than the
    wall clock."""
    start = time.perf_counter()
    proc = subprocess.Popen(argv, env=env, stdout=subprocess.PIPE)
    first = proc.stdout.readline()
    first_at = time.perf_counter() - start
    size = len(first)
    while chunk := proc.stdout.read(1 << 16):
        size += len(chunk)
    _, status, usage = os.wait4(proc.pid, 0)  # this child's own peak memory
    total = time.perf_counter() - start
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode:
        sys.exit(f"{' '.join(argv)} failed ({proc.returncode})")
    return first_at, total, size, usage.ru_maxrss / 1024, usage.ru_utime + usage.ru_stime


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=100_000)
    args = parser.parse_args()
    dealer = os.path.join(os.path.dirname(sys.executable), "dealer")
    env = {k: v for k, v in os.environ.items() if not k.startswith("DEALER_")}
    env["DEALER_HOME"] = tempfile.mkdtemp()
    n = str(args.count)
    cases = [
        ("roll 3d6 (one roll, baseline)", [dealer, "roll", "3d6", "--jsonl"]),
        (f"roll 3d6 --count {n} --jsonl", [dealer, "roll", "3d6", "--count", n, "--jsonl"]),
        (f"roll 3d6 --count {n}", [dealer, "roll", "3d6", "--count", n]),
        (f"roll 3d6 --count {n} --json", [dealer, "roll", "3d6", "--count", n, "--json"]),
        (f"roll 100d20 --count {n} --jsonl", [dealer, "roll", "100d20", "--count", n, "--jsonl"]),
        (f"draw 5 --count {n} --jsonl", [dealer, "draw", "5", "--count", n, "--jsonl"]),
    ]
    print(f"{'command':<36} {'first line':>11} {'total':>9} {'CPU':>8} {'per CPU s':>10} {'out':>9} {'peak RSS':>9}")
    for label, argv in cases:
        first, total, size, peak, cpu = run(argv, env)
        count = args.count if "--count" in argv else 1
        print(f"{label:<36} {first * 1000:8.1f} ms {total:7.2f} s {cpu:6.2f} s {count / cpu:10,.0f} "
              f"{size / 1e6:7.1f} MB {peak:6.1f} MB")


if __name__ == "__main__":
    main()
