"""Eight real processes drawing, spending and returning chips on one table at once."""

import json
import subprocess
from collections import Counter
from concurrent.futures import ThreadPoolExecutor

import pytest

from dealer.core.mechanics.chips import ChipsState, conservation
from dealer.store.sqlite import SQLiteStore as Store
from tests.conftest import installed_dealer
from tests.store.test_tables_processes import env_for

WORKERS = 8


# Each round is 24 processes; the default run keeps to two rounds, the slow run does five.
@pytest.mark.parametrize("rounds", [2, pytest.param(5, marks=pytest.mark.slow)])
def test_eight_processes_draw_spend_and_return_without_losing_or_doubling_a_chip(tmp_path, rounds):
    exe = installed_dealer()
    env = env_for(tmp_path)

    def run(*args):
        proc = subprocess.run([exe, *args, "--table", "t"], env=env, capture_output=True, text=True)
        return proc, (json.loads(proc.stdout)["result"] if proc.returncode == 0 and "--json" in args else None)

    subprocess.run([exe, "table", "new", "t", "-r", "poker-hands"], env=env, check=True, capture_output=True)
    for i in range(WORKERS):
        subprocess.run([exe, "table", "add", "t", f"P{i}"], env=env, check=True, capture_output=True)

    def worker(index):
        person, errors, moved = f"P{index}", [], Counter()
        for round_number in range(rounds):
            proc, drawn = run("chips", "draw", person, "2", "--json")
            if proc.returncode or proc.stderr:
                errors.append(proc.stderr)
                continue
            colours = [event["colour"] for event in drawn["events"]]
            moved.update(colours)
            if colours:
                proc, _ = run("chips", "spend", person, colours[0], "--for", "luck", "--note", f"round {round_number}")
                errors += [proc.stderr] if proc.returncode or proc.stderr else []
                moved[colours[0]] -= 1
            if len(colours) > 1:
                proc, _ = run("chips", "return", person, colours[1])
                errors += [proc.stderr] if proc.returncode or proc.stderr else []
                moved[colours[1]] -= 1
        return person, moved, errors

    with ThreadPoolExecutor(max_workers=WORKERS) as pool:
        results = list(pool.map(worker, range(WORKERS)))
    errors = [error for _, _, errs in results for error in errs]
    assert not errors, errors[:3]

    with Store(str(tmp_path)).transaction() as tx:
        table = tx.load("t")
        history = tx.history("t")
        assert conservation(table)["conserved"], conservation(table)
        assert table.state(ChipsState).to_data() == {}
        for person, moved, _ in results:
            held = {colour: n for colour, n in table.chips.players.get(person, {}).items() if n}
            assert held == {colour: n for colour, n in moved.items() if n}, person
    # The history agrees: every draw, spend and return is one event, in one unbroken sequence.
    assert [event["seq"] for event in history] == list(range(1, len(history) + 1))
    kinds = Counter(event["kind"] for event in history)
    assert kinds["chip draw"] == WORKERS * rounds * 2
    assert kinds["chip spend"] == kinds["chip return"] == WORKERS * rounds
    balance = Counter()
    for event in history:
        sign = {"chip draw": 1, "chip spend": -1, "chip return": -1}.get(event["kind"], 0)
        if sign:
            balance[(event["data"]["player"], event["data"]["colour"])] += sign
    for (person, colour), count in balance.items():
        assert table.chips.players.get(person, {}).get(colour, 0) == count
