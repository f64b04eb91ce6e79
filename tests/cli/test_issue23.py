"""Issue 23, at the table and in scripts: every option found, seeds never lost, one name for one
thing, errors that say what to do. One section per numbered point of the issue."""

import json

import pytest

from tests.conftest import assert_clean_error


def deadlands_table(dealer, name="gulch"):
    dealer("table", "new", name, "--seed", "1")
    dealer("table", "add", name, "Velvet", "--trait", "quickness=4d8", "--trait", "hexslinging=4",
           "--trait", "smarts=3d8", "--trait", "hunch=4")
    return name


# -- 2. every option of `action` is on its help page; its hidden name never shows ------------

def test_action_help_lists_the_surprise_options_and_both_usages(dealer):
    run = dealer("action", "--help")
    assert run.code == 0
    for option in ("--surprised", "--guts", "--max-cards", "--marshal", "--table", "--seed"):
        assert option in run.out, option
    assert "dealer action [OPTIONS] [NAME=SPEC]..." in run.out
    assert "dealer action COMMAND [ARGS]..." in run.out
    assert "sleeve" in run.out and "deal " not in run.out.split("Commands:")[1]


@pytest.mark.parametrize("args", [["action", "--tabel", "x"], ["action", "Sarah=16", "--tabel", "x"]])
def test_an_action_error_names_dealer_action_not_the_hidden_default(dealer, args):
    run = dealer(*args)
    assert_clean_error(run, code=2)
    assert run.err.startswith("dealer action: ") and "action deal" not in run.err
    assert "Try 'dealer action --help'." in run.err


def test_surprise_deals_through_the_plain_action_command(dealer):
    run = dealer("action", "Sarah=3d6", "--surprised", "Sarah:11=2d6", "--seed", "3", "--json")
    assert run.code == 0
    row = run.json()["result"]["participants"][0]
    assert row["cognition"]["tn"] == 11


# -- 3. a hex of several action cards is visible between rounds, and keeps its level ---------

def test_a_half_cast_hex_shows_in_the_countdown_and_table_show_and_keeps_its_level(dealer):
    table = deadlands_table(dealer, "corral")
    dealer("action", "--table", table, "--seed", "1")
    begun = dealer("hex", "hunch", "--caster", "Velvet", "--table", table, "--level", "2", "--action-card", "2d")
    assert begun.code == 0, begun
    shown = dealer("table", "show", table)
    assert "under way:" in shown.out and "Velvet: hunch, 1 of 2 action cards spent" in shown.out
    state = dealer("table", "show", table, "--json").json()["result"]["state"]["long_actions"]["actions"]
    assert state["Velvet"]["level"] == 2
    round_two = dealer("action", "--table", table, "--seed", "2")
    assert 'cast it now (level 2): dealer hex "hunch" --caster Velvet' in round_two.out
    data = dealer("table", "show", table, "--json").json()["result"]
    assert data["state"]["long_actions"]["actions"]["Velvet"]["spent"] == 2
    under_way = dealer("action", "--table", table, "--seed", "2", "--json")  # a third round, not cast yet
    assert under_way.json()["result"]["under_way"] == [
        {"name": "Velvet", "what": "hunch", "spent": 2, "cards": 2, "hex": True, "level": 2, "ready": True}]
    cast = dealer("hex", "hunch", "--caster", "Velvet", "--table", table, "--seed", "3", "--json")
    assert cast.code == 0, cast  # no --level: the level it was begun at, not the roster's hunch=4
    assert cast.json()["result"]["level"] == 2 and cast.json()["result"]["roll"] is not None
    assert "under way" not in dealer("table", "show", table).out
