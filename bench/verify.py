"""`dealer verify` on a long history: seconds (wall and CPU) per 1,000 events, beside the baseline
of playing the same commands in the first place (in-process, on the default SQLite store).

    .venv/bin/python bench/verify.py [--events 1000]

A Deadlands table plays rounds (deal, the countdown walked, a sleeve), hexes, chips given and
returned, and an undo now and then, until it has --events events; its export is verified in
this process (as `dealer verify FILE` runs it) and once more as the installed command.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

ROUND = [
    ("action", "--table", "b", "--seed", "{i}"),
    ("action", "next", "--table", "b"),
    ("action", "sleeve", "Sarah", "--table", "b"),
    ("action", "next", "--table", "b"),
    ("hex", "soul blast", "--caster", "Velvet", "--roll", "4d8", "--level", "3", "--table", "b", "--seed", "{i}"),
    ("chips", "give", "Sarah", "white", "--table", "b"),
    ("chips", "return", "Sarah", "white", "--table", "b"),
    ("action", "play", "Sarah", "--table", "b"),
    ("table", "undo", "b"),
]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--events", type=int, default=1000)
    args = parser.parse_args()
    home = tempfile.mkdtemp()
    os.environ.update({"DEALER_HOME": home})
    for name in ("DEALER_STORE", "DEALER_TABLE", "DEALER_RULESET"):
        os.environ.pop(name, None)
    from click.testing import CliRunner

    from dealer.cli import cli

    runner = CliRunner()

    spent = [0.0, 0.0]  # wall and CPU of the commands played (not of the exports that count events)

    def run(*words, timed=False):
        wall, cpu = time.perf_counter(), time.process_time()
        result = runner.invoke(cli, list(words))
        if timed:
            spent[0] += time.perf_counter() - wall
            spent[1] += time.process_time() - cpu
        return result.exit_code, result.stdout

    run("table", "new", "b", "--seed", "1", timed=True)
    run("table", "add", "b", "Sarah", "--trait", "quickness=3d6", timed=True)
    run("table", "add", "b", "Velvet", "--trait", "quickness=4d8", "--trait", "hexslinging=4", "--trait", "spirit=4d8",
        timed=True)
    run("table", "add", "b", "Bad Bob", "--side", "marshal", "--trait", "quickness=2d8", timed=True)
    commands, i, events = 4, 0, 0
    while events < args.events:
        i += 1
        for words in ROUND:
            run(*(word.format(i=i) for word in words), timed=True)  # a refusal (no card to sleeve) writes nothing
            commands += 1
        events = json.loads(run("table", "export", "b")[1])["result"]["events"][-1]["seq"]
    played = tuple(spent)
    path = os.path.join(home, "b.json")
    with open(path, "w", encoding="utf-8") as handle:
        handle.write(run("table", "export", "b")[1])
    wall, cpu = time.perf_counter(), time.process_time()
    code, out = run("verify", path)
    verified = time.perf_counter() - wall, time.process_time() - cpu
    assert code == 0, out
    dealer = os.path.join(os.path.dirname(sys.executable), "dealer")
    wall = time.perf_counter()
    child = subprocess.run([dealer, "verify", path], capture_output=True, text=True)
    installed = time.perf_counter() - wall
    assert child.returncode == 0, child.stderr
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    per = 1000 / events
    print(f"{events:,} events, {commands} commands run (some refused), load average {load:.1f} on {os.cpu_count()} cores")
    print(out.strip())
    print(f"{'':<34} {'wall':>9} {'CPU':>9} {'wall / 1,000 events':>21} {'CPU / 1,000 events':>20}")
    for label, (seconds, processor) in (("playing the commands (baseline)", played), ("dealer verify (in-process)", verified)):
        print(f"{label:<34} {seconds:7.2f} s {processor:7.2f} s {seconds * per:19.2f} s {processor * per:18.2f} s")
    print(f"{'dealer verify (installed command)':<34} {installed:7.2f} s {'':>9} {installed * per:19.2f} s")
    shutil.rmtree(home, ignore_errors=True)


if __name__ == "__main__":
    main()
