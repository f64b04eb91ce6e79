"""Eight real processes drawing, spending and returning chips on one table at once, on each store."""

import subprocess
from collections import Counter

import pytest

from dealer.core.mechanics.chips import ChipsState, conservation
from dealer.store import open_store
from tests.conftest import installed_dealer
from tests.store.test_tables_processes import env_for, race

WORKERS = 8


# Each worker draws, spends and returns in a loop; the default run keeps to a few rounds, the
# slow run does more.
@pytest.mark.parametrize("rounds", [4, pytest.param(20, marks=pytest.mark.slow)])
def test_eight_processes_draw_spend_and_return_without_losing_or_doubling_a_chip(tmp_path, store_url, rounds):
    exe = installed_dealer()
    env = env_for(tmp_path, store_url)
    subprocess.run([exe, "table", "new", "t", "-r", "poker-hands"], env=env, check=True, capture_output=True)
    for i in range(WORKERS):
        subprocess.run([exe, "table", "add", "t", f"P{i}"], env=env, check=True, capture_output=True)
    results = [(result["person"], Counter(result["moved"]), result["errors"])
               for result in race("chips", env, lambda i: [f"P{i}", rounds], workers=WORKERS)]
    errors = [error for _, _, errs in results for error in errs]
    assert not errors, errors[:3]

    with open_store(store_url).transaction() as tx:
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
