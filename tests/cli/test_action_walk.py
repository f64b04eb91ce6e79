"""``dealer action next/show/join/out`` on a stored table, in text and JSON (issue 23, point 1)."""

from __future__ import annotations

import pytest

from tests.conftest import assert_clean_error


@pytest.fixture
def friday(dealer):
    dealer("table", "new", "friday", "--seed", "1")
    dealer("table", "add", "friday", "Sarah", "--trait", "quickness=3d6")
    dealer("table", "add", "friday", "Bad Bob", "--side", "marshal", "--trait", "quickness=2d8")
    # Seeded: a round shuffles the decks afresh, and a latecomer's cards come off them (unseeded,
    # a Joker among Doc's two cards drew a chip at random about one run in six).
    run = dealer("action", "Sarah=16:Qh,8d,4c", "-m", "Bad Bob=9:Qh", "--table", "friday", "--seed", "2")
    assert run.code == 0, run
    return dealer


def test_next_in_text_says_who_acts_now_who_is_next_and_what_is_left(friday):
    run = friday("action", "next", "--table", "friday", "--ascii")
    assert run.code == 0, run
    lines = run.out.splitlines()
    assert lines[0] == "Round 1 on friday"
    assert lines[1].split() == ["now", "Qh", "Sarah", "posse"]
    assert lines[2].split() == ["now", "Qh", "Bad", "Bob", "marshal"]
    assert lines[3].split() == ["next", "8d", "Sarah", "posse"]
    assert lines[4].strip() == "2 turns left (1 after the next)"


def test_next_in_json_is_kept_on_the_table_between_calls(friday):
    first = friday("action", "next", "--table", "friday", "--json").json()
    assert first["command"] == "action next" and first["seed"] is None
    result = first["result"]
    assert result["kind"] == "next" and [turn["name"] for turn in result["now"]] == ["Sarah", "Bad Bob"]
    second = friday("action", "next", "--table", "friday", "--json").json()["result"]
    assert second["now"] == [{"name": "Sarah", "side": "posse", "card": "8d"}]
    assert [turn["status"] for turn in second["order"]] == ["acted", "acted", "now", "next"]
    friday("action", "next", "--table", "friday")
    over = friday("action", "next", "--table", "friday")
    assert over.code == 0 and "everyone has acted" in over.out
    log = friday("table", "log", "friday", "--json").json()["result"]["events"]
    assert [event["kind"] for event in log].count("next") == 3


def test_show_join_and_out_from_the_command_line(friday):
    joined = friday("action", "join", "Doc", "=12", "--table", "friday", "--seed", "4", "--json").json()
    assert joined["result"]["kind"] == "join" and len(joined["result"]["turns"]) == 2
    assert joined["seed"] is None  # =12 is rolled already and the cards come off the table's shuffled deck
    out = friday("action", "out", "Bad Bob", "--table", "friday")
    assert out.code == 0 and out.out.startswith("Bad Bob is out of the fight")
    shown = friday("action", "show", "--table", "friday", "--json").json()["result"]
    assert shown["kind"] == "turns" and shown["out"] == ["Bad Bob"]
    assert "out" in [turn["status"] for turn in shown["order"] if turn["name"] == "Bad Bob"]
    text = friday("action", "show", "--table", "friday").out
    assert "out of the fight: Bad Bob" in text
    back = friday("action", "out", "Bad Bob", "--back", "--table", "friday")
    assert back.code == 0 and "back in the fight" in back.out


@pytest.mark.parametrize("args, says, code", [
    (["action", "next"], "action next needs a table", 1),
    (["action", "next", "--table", "friday", "--seed", "3"], "--seed means nothing", 2),
    (["action", "out", "Bad Bobb", "--table", "friday"], "did you mean 'Bad Bob'", 1),
    (["action", "join", "Sarah", "3d6", "--table", "friday"], "Sarah is in round 1 already", 1),
    (["action", "join", "Doc", "--table", "friday"], "Doc has no Quickness", 1),
])
def test_walk_errors_say_what_to_do(friday, args, says, code):
    run = friday(*args)
    assert_clean_error(run, code=code)
    assert says in run.err, run


def test_next_on_a_table_with_no_round_dealt(dealer):
    dealer("table", "new", "empty")
    run = dealer("action", "next", "--table", "empty")
    assert_clean_error(run, code=1)
    assert "deal one first (dealer action --table empty)" in run.err


def test_table_show_says_who_has_acted_who_is_next_and_who_is_out(friday):
    friday("action", "next", "--table", "friday")
    friday("action", "out", "Bad Bob", "--table", "friday")
    run = friday("table", "show", "friday", "--ascii")
    assert run.code == 0, run
    assert "  round 1: acted Qh Sarah, Qh Bad Bob; next 8d Sarah; 2 turns left" in run.out.splitlines()
    assert "  out of the fight: Bad Bob" in run.out.splitlines()
    data = friday("table", "show", "friday", "--json").json()["result"]
    assert data["turns"]["left"] == 2 and data["turns"]["out"] == ["Bad Bob"]


def test_table_show_lists_an_action_under_way_begun_on_this_round(friday):
    """``under way`` comes from the long actions themselves (a begun action stores no ``hex``)."""
    assert friday("action", "begin", "Sarah", "5", "--what", "mirage", "--table", "friday").code == 0
    run = friday("table", "show", "friday")
    assert run.code == 0, run
    assert "    Sarah: mirage, 3 of 5 action cards spent" in run.out.splitlines()
    data = friday("table", "show", "friday", "--json").json()["result"]
    assert [(entry["what"], entry["spent"], entry["cards"]) for entry in data["under_way"]] == [("mirage", 3, 5)]
