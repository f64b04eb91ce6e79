"""Many writers at shared tables: the SQLite file and PostgreSQL side by side, in one run.

    .venv/bin/python bench/shared.py [--seconds 10] [--rate 4] [--postgres URL] [--shapes 1x1,1x8,200x1,200x16]

T tables x W writers: W worker processes, each issuing real commands (``draw 2 --table tN``,
then ``table discard tN CARDS`` with what it drew; ``chips draw`` and ``chips return`` for the
table's player) at tables picked at random, each command a full run of the command line (its
own transaction and connection) inside the worker's interpreter, so the figures are the
store's and dealer's, not Python's start-up. Two ways to load the store:

- closed loop: every writer issues its next command as soon as the last one is done (the most
  the store takes: commands/s);
- paced: every writer issues ``--rate`` commands a second on average, at random moments of its
  own (players at a table, who do not type in step; the latency a player sees when the store is
  shared by many groups).

Figures per store: commands done, commands/s, p50 and p99 latency, busy errors (a writer that
waited out the store's lock) and other errors. Target (issue 31): 0 busy errors on PostgreSQL
at 200 x 16, and its p99 there within 3x its single-writer latency. Without ``--postgres``
the script starts a throwaway cluster from the machine's PostgreSQL binaries, as the tests do.
A last row times whole ``dealer`` processes (interpreter, imports, connection) per store.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

SHAPES = [(1, 1), (1, 8), (200, 1), (200, 16)]


def invoke(args):
    from click.testing import CliRunner

    from dealer.cli import cli

    result = CliRunner().invoke(cli, args, prog_name="dealer")
    return result.exit_code, result.stdout, result.stderr


def writer(store, tables, seconds, rate, seed, out):
    """One writer: commands at random tables until the time is up; latencies and errors back."""
    import json

    os.environ["DEALER_STORE"] = store
    rng = random.Random(seed)
    latencies, busy, errors = [], 0, []
    deadline = time.perf_counter() + seconds
    next_at = time.perf_counter() + (rng.random() / rate if rate else 0.0)  # players do not start in step
    while time.perf_counter() < deadline:
        table = f"t{rng.randrange(tables)}"
        if rng.random() < 0.5:
            plan = [["draw", "2", "--table", table, "--json"], None]
        else:
            plan = [["chips", "draw", "P", "--table", table, "--json"], "return"]
        previous = None
        for step in plan:
            if rate:  # independent players: a Poisson stream of ``rate`` commands a second each
                next_at += rng.expovariate(rate)
                time.sleep(max(0.0, next_at - time.perf_counter()))
            if step is None:
                args = ["table", "discard", table, " ".join(previous["cards"])] if previous["cards"] else None
            elif step == "return":
                colour = previous["events"][0]["colour"] if previous["events"] else None
                args = ["chips", "return", "P", colour, "--table", table] if colour else None
            else:
                args = step
            if args is None:
                continue
            start = time.perf_counter()
            code, stdout, stderr = invoke(args)
            latencies.append(time.perf_counter() - start)
            if code:
                if "busy" in stderr:
                    busy += 1
                else:
                    errors.append(stderr.strip()[:200])
                previous = None
                break
            previous = json.loads(stdout)["result"] if "--json" in args else None
    out.put((latencies, busy, errors))


def prepare(store, tables):
    os.environ["DEALER_STORE"] = store
    for i in range(tables):
        for args in (["table", "new", f"t{i}", "--seed", str(i)], ["table", "add", f"t{i}", "P"]):
            code, _, stderr = invoke(args)
            if code and "already exists" not in stderr and "already on" not in stderr:
                raise SystemExit(f"setting up {store}: {stderr}")


def measure(store, tables, writers, seconds, rate):
    context = multiprocessing.get_context("fork")
    out = context.Queue()
    procs = [context.Process(target=writer, args=(store, tables, seconds, rate, i, out)) for i in range(writers)]
    started = time.perf_counter()
    for proc in procs:
        proc.start()
    results = [out.get() for _ in procs]
    for proc in procs:
        proc.join()
    elapsed = time.perf_counter() - started
    latencies = sorted(value for result in results for value in result[0])
    return {"commands": len(latencies), "per_s": len(latencies) / elapsed,
            "p50": statistics.median(latencies) * 1000 if latencies else 0.0,
            "p99": latencies[int(len(latencies) * 0.99) - 1] * 1000 if latencies else 0.0,
            "busy": sum(result[1] for result in results), "errors": [e for result in results for e in result[2]]}


def process_latency(store, runs=15):
    """Median wall time of a whole ``dealer draw 1 --table t0`` process on this store."""
    dealer = os.path.join(os.path.dirname(sys.executable), "dealer")
    env = {**{k: v for k, v in os.environ.items() if not k.startswith("DEALER_")}, "DEALER_STORE": store}
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run([dealer, "draw", "1", "--table", "t0"], env=env, check=True, stdout=subprocess.DEVNULL)
        times.append(time.perf_counter() - start)
        subprocess.run([dealer, "table", "reset", "t0"], env=env, check=True, stdout=subprocess.DEVNULL)
    return statistics.median(times) * 1000


def shapes(text):
    """``1x1,2x2``: tables x writers, as the shapes to run."""
    try:
        found = [tuple(int(n) for n in shape.split("x")) for shape in text.split(",")]
    except ValueError:
        found = []
    if not found or any(len(shape) != 2 or min(shape) < 1 for shape in found):
        raise argparse.ArgumentTypeError(f"{text!r}: write shapes as TABLESxWRITERS, comma-separated (1x1,200x16)")
    return found


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=10.0, help="how long each shape runs")
    parser.add_argument("--rate", type=float, default=4.0, help="commands a second per writer when paced")
    parser.add_argument("--postgres", metavar="URL", help="a server to use (default: start a throwaway one)")
    parser.add_argument("--shapes", type=shapes, default=SHAPES, metavar="TxW,...",
                        help="tables x writers to run, the first a single writer's (default: issue 31's "
                             "1x1,1x8,200x1,200x16; a smoke run: 1x1,2x2)")
    args = parser.parse_args()
    server = None
    if args.postgres:
        postgres = args.postgres
    else:
        from tests import postgres_server as pg

        folder = pg.binaries()
        if folder is None:
            raise SystemExit("no PostgreSQL binaries here: give a server with --postgres URL")
        server = pg.Server(folder)
        postgres = pg.with_schema(server.base_url(), "bench")
    stores = {"sqlite": os.path.join(tempfile.mkdtemp(), "tables.sqlite3"), "postgresql": postgres}
    try:
        for store in stores.values():
            prepare(store, max(tables for tables, _ in args.shapes))
        print(f"{os.cpu_count()} cores; {args.seconds:g} s a shape; paced = {args.rate:g} commands/s per writer")
        print(f"{'tables x writers':<17} {'load':<7} {'store':<11} {'commands':>8} {'cmd/s':>7} {'p50 ms':>7} "
              f"{'p99 ms':>7} {'busy':>5} {'errors':>6}")
        single = {}
        for tables, writers in args.shapes:
            for mode, rate in (("closed", 0.0), ("paced", args.rate)):
                for name, store in stores.items():
                    figures = measure(store, tables, writers, args.seconds, rate)
                    if writers == 1 and tables == 1:
                        single[(name, mode)] = figures["p99"]
                    ratio = ""
                    if (name, mode) in single and writers > 1:
                        ratio = f"  p99 {figures['p99'] / single[(name, mode)]:.1f}x single"
                    print(f"{tables:>5} x {writers:<9} {mode:<7} {name:<11} {figures['commands']:>8} "
                          f"{figures['per_s']:>7.0f} {figures['p50']:>7.1f} {figures['p99']:>7.1f} "
                          f"{figures['busy']:>5} {len(figures['errors']):>6}{ratio}")
                    for error in figures["errors"][:2]:
                        print(f"    error: {error}")
        print("whole processes (dealer draw 1 --table t0, median of 15): "
              + ", ".join(f"{name} {process_latency(store):.0f} ms" for name, store in stores.items()))
    finally:
        if server is not None:
            server.close()


if __name__ == "__main__":
    main()
