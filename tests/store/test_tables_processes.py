"""Real processes on one table: many at once, and killed with SIGKILL mid-command, on each store
(the SQLite file, named by DEALER_STORE, and a PostgreSQL schema)."""

import json
import os
import random
import signal
import subprocess
import sys
import threading
from collections import Counter
from pathlib import Path

import pytest

from dealer.store import open_store, rulesets
from tests.conftest import installed_dealer

ROOT = Path(__file__).resolve().parent.parent.parent


def env_for(home, store=None):
    env = {k: v for k, v in os.environ.items() if not k.startswith("DEALER_")}
    env["DEALER_HOME"] = str(home)
    if store:
        env["DEALER_STORE"] = store
    return env


def check_consistent(store, table="t"):
    with open_store(store).transaction() as tx:
        loaded = tx.load(table)
        history = tx.history(table)
    full = Counter(card.code for card in rulesets.load(loaded.ruleset_name).deck)
    for name, piles in loaded.decks.items():
        assert Counter(piles.all_cards()) == full, name
    assert loaded.chips.total() == rulesets.load(loaded.ruleset_name).chips["pot"]
    assert [e["seq"] for e in history] == list(range(1, len(history) + 1))
    return loaded, history


def race(kind, env, arguments, workers=8):
    """``workers`` worker processes (``tests/store/race_worker.py``) at once on table t; their results."""
    procs = [subprocess.Popen([sys.executable, "-m", "tests.store.race_worker", kind, *map(str, arguments(i))], env=env,
                              cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
             for i in range(workers)]
    results = []
    for proc in procs:
        out, err = proc.communicate(timeout=600)
        assert proc.returncode == 0, err
        results.append(json.loads(out))
    return results


# Eight worker processes each deal and discard in a loop; the default run keeps to a few
# rounds (still reshuffles under contention) on SQLite (PostgreSQL's races are the seated
# table's test below and the chips' test), the slow run does the long haul on both.
@pytest.mark.parametrize("rounds", [6, pytest.param(30, marks=pytest.mark.slow)])
@pytest.mark.parametrize("store_url", ["sqlite", pytest.param("postgres", marks=pytest.mark.slow)], indirect=True)
def test_eight_processes_draw_and_discard_without_losing_or_doubling_a_card(tmp_path, store_url, rounds):
    exe = installed_dealer()
    env = env_for(tmp_path, store_url)
    subprocess.run([exe, "table", "new", "t"], env=env, check=True, capture_output=True)
    results = race("cards", env, lambda i: [rounds])
    errors = [error for result in results for error in result["errors"]]
    assert not errors, errors[:3]
    total = sum(result["draws"] for result in results)
    assert total >= 8 * rounds * 6 * 0.9

    _, history = check_consistent(store_url)
    dealt_since_shuffle, dealt = set(), 0
    in_play = set()
    for event in history:
        if event["kind"] in ("reshuffle", "shuffle", "reset"):
            dealt_since_shuffle = set(in_play)
        elif event["kind"] == "draw":
            for card in event["cards"]:
                assert card not in dealt_since_shuffle, f"{card} dealt twice before a reshuffle"
                assert card not in in_play
                dealt_since_shuffle.add(card)
                in_play.add(card)
                dealt += 1
        elif event["kind"] == "discard":
            in_play -= set(event["cards"])
    assert dealt == total


# The default run kills in the first 20 rounds, the slow run goes on to 40.
@pytest.mark.parametrize("rounds, least_killed", [(20, 3), pytest.param(40, 5, marks=pytest.mark.slow)])
def test_sigkill_mid_command_leaves_the_table_consistent(tmp_path, store_url, rounds, least_killed):
    exe = installed_dealer()
    env = env_for(tmp_path, store_url)
    subprocess.run([exe, "table", "new", "t"], env=env, check=True, capture_output=True)
    rng = random.Random(11)
    killed = 0
    for round_number in range(rounds):
        # Long commands: many draws in one transaction, reshuffling as the deck runs out.
        args = rng.choice([["draw", "7", "--count", "300", "--table", "t"],
                           ["table", "shuffle", "t"], ["table", "reset", "t"],
                           ["draw", "54", "--table", "t", "--deck", f"d{round_number % 3}"]])
        proc = subprocess.Popen([exe, *args], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        # Killed at a random moment if it is still running then (a timer, not a sleep and a poll:
        # a command that ends sooner is not waited for past its end).
        kill = threading.Timer(rng.uniform(0.0, 0.12), proc.send_signal, [signal.SIGKILL])
        kill.start()
        proc.wait()
        kill.cancel()
        killed += proc.returncode == -signal.SIGKILL
        if round_number % 5 == 4:
            # Put cards back so later draws have something to deal.
            subprocess.run([exe, "table", "reset", "t"], env=env, capture_output=True)
            check_consistent(store_url)
    assert killed >= least_killed
    check_consistent(store_url)
    final = subprocess.run([exe, "table", "show", "t", "--json"], env=env, capture_output=True, text=True)
    assert final.returncode == 0 and not final.stderr


def test_eight_processes_at_a_seated_table_deal_every_card_once_and_the_log_verifies(tmp_path, postgres_url):
    """The race above with the GM's seat at a table with seats: the database deals (seat_draw,
    keyed orders, an undo snapshot per command) under contention, every card once, the history
    numbered 1..n; the GM reveals, and the whole log deals again from the secret."""
    exe = installed_dealer()
    owner = env_for(tmp_path / "owner", postgres_url)
    subprocess.run([exe, "table", "new", "t"], env=owner, check=True, capture_output=True)
    made = subprocess.run([exe, "table", "seat", "t", "gm", "--role", "gm", "--json"], env=owner, check=True,
                          capture_output=True, text=True)
    gm = env_for(tmp_path / "gm", json.loads(made.stdout)["result"]["store"])
    results = race("cards", gm, lambda i: [3])
    errors = [error for result in results for error in result["errors"]]
    assert not errors, errors[:3]
    subprocess.run([exe, "table", "reveal", "t"], env=gm, check=True, capture_output=True)
    exported = subprocess.run([exe, "table", "export", "t"], env=owner, check=True, capture_output=True, text=True)
    table = json.loads(exported.stdout)["result"]  # the owner's: every card, the draw pile's too
    main = table["decks"]["main"]
    held = main["deck"] + main["discard"] + [card for cards in main["play"].values() for card in cards]
    assert Counter(held) == Counter(card.code for card in rulesets.load("deadlands").deck)
    assert [event["seq"] for event in table["events"]] == list(range(1, len(table["events"]) + 1))
    assert sum(len(event["cards"]) for event in table["events"] if event["kind"] == "draw") == \
        sum(result["draws"] for result in results)
    (tmp_path / "t.json").write_text(exported.stdout)
    verified = subprocess.run([exe, "verify", str(tmp_path / "t.json")], env=gm, capture_output=True, text=True)
    assert verified.returncode == 0 and " events verified" in verified.stdout, verified.stderr
