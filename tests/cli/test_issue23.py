"""Issue 23, at the table and in scripts: every option found, seeds never lost, one name for one
thing, errors that say what to do. One section per numbered point of the issue."""

import json

import pytest

from tests.conftest import assert_clean_error


def deadlands_table(dealer, name="gulch"):
    dealer("table", "new", name, "--seed", "1")
    dealer("table", "add", name, "Velvet", "--trait", "quickness=4d8", "--trait", "hexslinging=4",
           "--trait", "smarts=3d8", "--trait", "mirage=3")
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
