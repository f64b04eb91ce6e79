"""Start-up cost: median wall time of `dealer` commands beside `python -c "import click"`.

Run with the interpreter of an environment where dealer is installed (a real, non-editable
install, so the bytecode is compiled as a user's would be):

    .venv/bin/python bench/startup.py [--runs 30]

The cases run interleaved (one of each, round after round), so a machine that slows down
or speeds up mid-run weighs on every case alike. Target (issue 16, item 12): every command
below at most 1.2x the baseline. Exits 1 if one is over (--check). A second, informative
row runs the baseline with the garbage collector tuned as dealer's entry point tunes it
(``dealer/__main__.py``), which is most of why dealer can start faster than ``import click``.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time

TARGET = 1.2
TUNED_CLICK = "import atexit, gc; gc.set_threshold(20_000); atexit.register(gc.freeze); import click"


def cases(dealer):
    return [
        ("python -c 'import click' (baseline)", [sys.executable, "-c", "import click"]),
        # Not a target: the baseline with the garbage collector tuned as dealer's entry point
        # tunes it (dealer/__main__.py), so the figures show dealer's own work apart from that.
        ("  the same, collector tuned as dealer's", [sys.executable, "-c", TUNED_CLICK]),
        ("dealer --version", [dealer, "--version"]),
        ("dealer draw 5", [dealer, "draw", "5"]),
        ("dealer draw 5 --json", [dealer, "draw", "5", "--json"]),
        ("dealer hand 8s 8h 8d Kc 5d 3s RJ", [dealer, "hand", "8s 8h 8d Kc 5d 3s RJ"]),
        ("dealer roll 3d6", [dealer, "roll", "3d6"]),
        ("dealer -r savage-worlds roll d8", [dealer, "-r", "savage-worlds", "roll", "d8"]),
        ("dealer roll 2d6+d8 --damage --vs 7", [dealer, "roll", "2d6+d8", "--damage", "--vs", "7"]),
        ("dealer action A=3d6", [dealer, "action", "A=3d6"]),
        ('dealer hex "soul blast" --total 18 --level 4', [dealer, "hex", "soul blast", "--total", "18", "--level", "4"]),
    ]


def run_once(argv, env):
    """Wall time, and CPU time (user + system) of the child: the latter barely moves when
    other work shares the machine."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env, check=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=30)
    parser.add_argument("--check", action="store_true", help=f"exit 1 if a command is over {TARGET}x")
    args = parser.parse_args()
    dealer = os.path.join(os.path.dirname(sys.executable), "dealer")
    env = {k: v for k, v in os.environ.items() if not k.startswith("DEALER_")}
    env["DEALER_HOME"] = tempfile.mkdtemp()  # no table state read or written
    table = cases(dealer)
    for _, argv in table:  # warm the file cache and the bytecode
        subprocess.run(argv, stdout=subprocess.DEVNULL, env=env, check=True)
    times = {label: [] for label, _ in table}
    for _ in range(args.runs):
        for label, argv in table:
            times[label].append(run_once(argv, env))
    wall = {label: statistics.median(t[0] for t in values) * 1000 for label, values in times.items()}
    cpu = {label: statistics.median(t[1] for t in values) * 1000 for label, values in times.items()}
    base, base_cpu = wall[table[0][0]], cpu[table[0][0]]
    print(f"median of {args.runs} interleaved runs each, Python {sys.version.split()[0]}, load average "
          f"{os.getloadavg()[0]:.1f}; target {TARGET}x of the baseline's wall time")
    print(f"  {'':<48} {'wall':>10}          {'cpu (user+sys)':>14}")
    over = []
    for label, ms in wall.items():
        ratio = ms / base
        mark = "" if ratio <= TARGET or label in (table[0][0], table[1][0]) else "  over"
        if mark:
            over.append(label)
        print(f"  {label:<48} {ms:7.1f} ms {ratio:5.2f}x   {cpu[label]:7.1f} ms {cpu[label] / base_cpu:5.2f}x{mark}")
    if args.check and over:
        sys.exit(1)


if __name__ == "__main__":
    main()
