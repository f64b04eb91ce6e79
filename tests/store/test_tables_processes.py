"""Real processes on one table: many at once, and killed with SIGKILL mid-command."""

import json
import os
import random
import signal
import subprocess
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor

import pytest

from dealer.store import rulesets
from dealer.store.sqlite import SQLiteStore as Store
from tests.conftest import installed_dealer


def env_for(home):
    env = {k: v for k, v in os.environ.items() if not k.startswith("DEALER_")}
    env["DEALER_HOME"] = str(home)
    return env


def check_consistent(home, table="t"):
    with Store(str(home)).transaction() as tx:
        loaded = tx.load(table)
        history = tx.history(table)
    full = Counter(card.code for card in rulesets.load(loaded.ruleset_name).deck)
    for name, piles in loaded.decks.items():
        assert Counter(piles.all_cards()) == full, name
    assert loaded.chips.total() == rulesets.load(loaded.ruleset_name).chips["pot"]
    assert [e["seq"] for e in history] == list(range(1, len(history) + 1))
    return loaded, history


# Every round spawns 16 processes; the default run keeps to a few rounds (still many
# reshuffles under contention), the slow run does the long haul.
@pytest.mark.parametrize("rounds", [3, pytest.param(9, marks=pytest.mark.slow)])
def test_eight_processes_draw_and_discard_without_losing_or_doubling_a_card(tmp_path, rounds):
    exe = installed_dealer()
    env = env_for(tmp_path)
    subprocess.run([exe, "table", "new", "t"], env=env, check=True, capture_output=True)

    def worker(index):
        draws, errors = 0, []
        for _ in range(rounds):
            proc = subprocess.run([exe, "draw", "6", "--table", "t", "--json"], env=env, capture_output=True,
                                  text=True)
            notes = [line for line in proc.stderr.splitlines() if "reshuffled in" not in line]  # stderr, not data
            if proc.returncode or notes:
                errors.append(proc.stderr)
                continue
            cards = json.loads(proc.stdout)["result"]["cards"]
            draws += len(cards)
            if cards:
                back = subprocess.run([exe, "table", "discard", "t", " ".join(cards)], env=env,
                                      capture_output=True, text=True)
                if back.returncode or back.stderr:
                    errors.append(back.stderr)
        return draws, errors

    with ThreadPoolExecutor(max_workers=8) as pool:
        results = list(pool.map(worker, range(8)))
    errors = [e for _, errs in results for e in errs]
    assert not errors, errors[:3]
    total = sum(draws for draws, _ in results)
    assert total >= 8 * rounds * 6 * 0.9

    _, history = check_consistent(tmp_path)
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


def test_sigkill_mid_command_leaves_the_table_consistent(tmp_path):
    exe = installed_dealer()
    env = env_for(tmp_path)
    subprocess.run([exe, "table", "new", "t"], env=env, check=True, capture_output=True)
    rng = random.Random(11)
    killed = 0
    for round_number in range(40):
        # Long commands: many draws in one transaction, reshuffling as the deck runs out.
        args = rng.choice([["draw", "7", "--count", "300", "--table", "t"],
                           ["table", "shuffle", "t"], ["table", "reset", "t"],
                           ["draw", "54", "--table", "t", "--deck", f"d{round_number % 3}"]])
        proc = subprocess.Popen([exe, *args], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        time.sleep(rng.uniform(0.0, 0.12))
        if proc.poll() is None:
            proc.send_signal(signal.SIGKILL)
            killed += 1
        proc.wait()
        if round_number % 5 == 4:
            # Put cards back so later draws have something to deal.
            subprocess.run([exe, "table", "reset", "t"], env=env, capture_output=True)
            check_consistent(tmp_path)
    assert killed >= 5
    check_consistent(tmp_path)
    final = subprocess.run([exe, "table", "show", "t", "--json"], env=env, capture_output=True, text=True)
    assert final.returncode == 0 and not final.stderr
