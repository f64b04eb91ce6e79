"""Start-up cost: median wall time of `dealer` calls beside `python -c "import click"`.

Run with the interpreter of an environment where dealer is installed (a real, non-editable
install, so the bytecode is compiled as a user's would be):

    .venv/bin/python bench/startup.py [--runs 30]

Target (issue 2): `dealer --version` and `dealer draw 5 --json` each at most 1.5x the
baseline.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time


def median_ms(argv, runs, env):
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env, check=True)
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=30)
    args = parser.parse_args()
    bindir = os.path.dirname(sys.executable)
    dealer = os.path.join(bindir, "dealer")
    env = {k: v for k, v in os.environ.items() if not k.startswith("DEALER_")}
    cases = [
        ("python -c 'import click' (baseline)", [sys.executable, "-c", "import click"]),
        ("dealer --version", [dealer, "--version"]),
        ("dealer draw 5 --json", [dealer, "draw", "5", "--json"]),
    ]
    for _, argv in cases:  # warm the file cache
        subprocess.run(argv, stdout=subprocess.DEVNULL, env=env, check=True)
    results = [(label, median_ms(argv, args.runs, env)) for label, argv in cases]
    base = results[0][1]
    print(f"median of {args.runs} runs each, {sys.version.split()[0]}")
    for label, ms in results:
        print(f"  {label:<38} {ms:7.1f} ms   {ms / base:4.2f}x")


if __name__ == "__main__":
    main()
