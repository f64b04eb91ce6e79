"""`dealer rulesets diff A B` speed: CPU seconds of the command, start-up included, one process each.

    .venv/bin/python bench/diff.py

Each line: the pair, CPU seconds (user + system of the child), the target (issue 33: a few
seconds of CPU for two shipped rulesets; here < 3 s), and what the time goes to. Every pair of
shipped rulesets is run (each with itself too: the no-change case asks every question twice),
then a house rule the counter cannot count (deuces wild in the huckster's deck: its hands and
hexes are simulated, 10,000 deals a hand size and 1,000 a cast's hand size).
"""

from __future__ import annotations

import os
import resource
import subprocess
import sys
import tempfile
from itertools import combinations_with_replacement

SHIPPED = ["deadlands", "dust-devils", "poker-hands", "savage-worlds", "weird-dust-devils"]
TARGET_S = 3.0
DEUCES = """extends = "deadlands"
name = "deuces"
[contexts.huckster]
wild = { RJ = "any", BJ = "any", 2s = "any", 2h = "any", 2d = "any", 2c = "any" }
"""


def dealer_exe():
    exe = os.path.join(os.path.dirname(sys.executable), "dealer")
    if not os.path.exists(exe):
        sys.exit("install dealer in this interpreter's environment first (pip install -e .)")
    return exe


def cpu(argv) -> float:
    """CPU seconds of one child process (user + system)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main():
    exe = dealer_exe()
    print(f"{'rulesets diff A B':<42} {'CPU s':>6}  target < {TARGET_S:.0f} s")
    worst = 0.0
    for a, b in combinations_with_replacement(SHIPPED, 2):
        seconds = cpu([exe, "rulesets", "diff", a, b, "--seed", "1"])
        worst = max(worst, seconds)
        print(f"{a + ' ' + b:<42} {seconds:>6.2f}  {'ok' if seconds < TARGET_S else 'OVER'}")
    print(f"{'worst shipped pair':<42} {worst:>6.2f}  {'ok' if worst < TARGET_S else 'OVER'}")
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "deuces.toml")
        with open(path, "w", encoding="utf-8") as file:
            file.write(DEUCES)
        seconds = cpu([exe, "rulesets", "diff", "deadlands", path, "--seed", "1"])
    print(f"{'deadlands deuces.toml (simulated hands)':<42} {seconds:>6.2f}  (no target: simulated)")


if __name__ == "__main__":
    main()
