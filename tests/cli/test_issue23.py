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


# -- 4. a bare roster name in a contest is refused with the person's skills -------------------

def poker_table(dealer, name="gulch"):
    dealer("table", "new", name, "-r", "poker-hands", "--seed", "1")
    dealer("table", "add", name, "Bert", "--trait", "pistol=4", "--trait", "riding=2")
    return name


@pytest.mark.parametrize("flag", [[], ["--json"]])
def test_a_bare_roster_name_in_a_contest_is_refused_with_the_skills(dealer, flag):
    table = poker_table(dealer)
    run = dealer("conflict", "Bert", "--target", "pair of jacks", "--table", table, *flag)
    assert_clean_error(run, code=1)
    assert "Bert has pistol=4, riding=2: say Bert=pistol" in run.err
    drawn = dealer("conflict", "Bert=pistol", "--target", "pair of jacks", "--table", table, "--seed", "2", "--json")
    assert drawn.json()["result"]["participants"][0]["draw"]["skill"] == 4
    assert "Bert=pistol" in dealer("conflict", "--help").out and "NAME=SKILL" in dealer("conflict", "--help").out


def test_a_bare_name_off_the_roster_draws_at_skill_0(dealer):
    run = dealer("-r", "poker-hands", "conflict", "Sam", "--seed", "2", "--json")
    assert run.code == 0 and run.json()["result"]["participants"][0]["draw"]["skill"] == 0


# -- 12. a roster typo gets did-you-mean --------------------------------------------------------

def test_roster_typos_get_did_you_mean(dealer):
    table = deadlands_table(dealer, "f")
    dealer("action", "--table", table, "--seed", "1")
    for args, said in [(["action", "sleeve", "Velvt", "--table", table], "did you mean 'Velvet'?"),
                       (["table", "set", table, "Velvt", "--trait", "quickness=2d6"], "did you mean 'Velvet'?")]:
        run = dealer(*args)
        assert_clean_error(run, code=1)
        assert said in run.err and "deal a round first" not in run.err, run
    poker = poker_table(dealer, "p")
    for args, said in [(["chips", "give", "Brt", "red", "--table", poker], "did you mean 'Bert'?"),
                       (["conflict", "Brt", "--table", poker], "did you mean 'Bert'?"),
                       (["conflict", "Bert=pistl", "--table", poker], "did you mean 'pistol'?")]:
        run = dealer(*args)
        assert_clean_error(run, code=1)
        assert said in run.err, run
