"""``dealer table fork T --at N --as NEW``: a new table holding T as it was right after event N,
rebuilt by replaying T's history.

A fork is compared with an export made independently: a fork at the last event with T's own
export, a fork at an earlier N with the export of a table on which only the first commands
were run (in another state home), times aside.
"""

from __future__ import annotations

import json

import pytest

from dealer import __version__
from tests.cli.test_verify import written
from tests.conftest import assert_clean_error
from tests.replay_sessions import DEADLANDS, GAMES, export, play


def timeless(event):
    """An event without its time (nor, in an undo, the time of the command it undid)."""
    event = {key: value for key, value in event.items() if key != "time"}
    if event["kind"] == "undo":
        event["data"] = {key: value for key, value in event["data"].items() if key != "time"}
    return event


def assert_fork_of(fork, expected, source, at, new):
    """``fork`` (an export) is ``expected`` (an export of table ``source`` after ``at`` events),
    times aside, under the name ``new``, its history closed by the fork event (every event, replayed,
    written by this dealer)."""
    assert [timeless(event) for event in fork["events"][:-1]] == [timeless(event) for event in expected["events"]]
    assert len(expected["events"]) == at
    assert timeless(fork["events"][-1]) == {
        "seq": at + 1, "command": "table fork", "kind": "fork", "deck": None, "cards": [], "seed": None,
        "data": {"from": source, "at": at}, "args": ["table", "fork", source, "--at", str(at), "--as", new],
        "version": __version__}
    assert fork["table"] == new
    for part in ("ruleset", "document", "decks", "roster", "chips", "state", "format", "state_format"):
        assert fork[part] == expected[part], part


@pytest.mark.parametrize("game", ["deadlands", pytest.param("poker-hands", marks=pytest.mark.slow),
                                  pytest.param("savage-worlds", marks=pytest.mark.slow),
                                  pytest.param("weird-dust-devils", marks=pytest.mark.slow)])
def test_a_fork_at_the_last_event_is_the_table_as_it_is(game, dealer):
    table, commands = GAMES[game]
    play(dealer, commands)
    original = export(dealer, table)
    last = len(original["events"])
    run = dealer("table", "fork", table, "--at", last, "--as", "again", "--json")
    assert run.code == 0, run
    reads = sum(argv[:2] in (("action", "show"), ("conflict", "show"), ("gadget", "list")) for argv in commands)
    assert run.json()["result"] == {"kind": "table-fork", "table": "again", "from": table, "at": last, "of": last,
                                    "commands": len(commands) - reads}
    assert_fork_of(export(dealer, "again"), original, table, last, "again")
    assert export(dealer, table) == original  # untouched, times included


@pytest.mark.parametrize("commands", [6, 36])
def test_a_fork_at_an_earlier_event_is_a_table_where_only_the_first_commands_ran(commands, dealer, dealer_on,
                                                                                  tmp_path):
    table, session = DEADLANDS
    play(dealer, session[:40])
    elsewhere = dealer_on(str(tmp_path / "elsewhere" / "tables.sqlite3"))
    play(elsewhere, session[:commands])
    expected = export(elsewhere, table)
    at = len(expected["events"])
    run = dealer("table", "fork", table, "--at", at, "--as", "what-if")
    assert run.code == 0, run
    replayed = commands - sum(argv[:2] == ("action", "show") for argv in session[:commands])
    assert run.out == (f"table what-if: fri as it was after event {at} (of {len(export(dealer, table)['events'])}), "
                       f"{replayed} commands replayed; its event {at + 1} is the fork\n")
    assert_fork_of(export(dealer, "what-if"), expected, table, at, "what-if")


def test_what_if_she_had_held_the_card(dealer):
    """Sarah put Qh up her sleeve and played it later; a fork from before the play still holds it,
    and plays on from there, while the table itself stays as it was."""
    table, session = DEADLANDS
    play(dealer, session[:17])  # the sleeve, the rounds, the long action, then Sarah plays her card
    played = next(event for event in export(dealer, table)["events"] if event["kind"] == "play sleeve"
                  or event["command"] == "action play")
    original = export(dealer, table)
    assert dealer("table", "fork", table, "--at", played["seq"] - 1, "--as", "held").code == 0
    held = json.loads(dealer("table", "show", "held", "--json").out)["result"]
    assert held["decks"]["posse"]["sleeves"] == {"Sarah": played["cards"][0]}
    assert dealer("action", "--table", "held", "--seed", "99").code == 0
    assert dealer("action", "next", "--table", "held").code == 0
    shown = json.loads(dealer("table", "show", table, "--json").out)["result"]
    assert shown["decks"]["posse"]["sleeves"] == {}
    assert export(dealer, table) == original


def test_a_fork_verifies_and_can_be_forked_again(dealer, tmp_path):
    table, session = DEADLANDS
    play(dealer, session[:10])
    at = len(export(dealer, table)["events"])
    play(dealer, session[10:12])
    assert dealer("table", "fork", table, "--at", at, "--as", "f1").code == 0
    play(dealer, [("action", "--table", "f1", "--seed", "7"),
                  ("chips", "draw", "Sarah", "--table", "f1", "--seed", "8")])
    f1 = export(dealer, "f1")
    run = dealer("verify", written(tmp_path, f1), "--json")
    assert run.code == 0 and run.json()["result"]["matched"] == len(f1["events"]), run
    assert dealer("table", "fork", "f1", "--at", len(f1["events"]), "--as", "f2").code == 0
    f2 = export(dealer, "f2")
    assert_fork_of(f2, f1, "f1", len(f1["events"]), "f2")
    run = dealer("verify", written(tmp_path, f2), "--json")
    assert run.code == 0, run
    tampered = json.loads(json.dumps(f2))
    tampered["events"][at]["data"]["at"] = at - 1  # the first fork's event says it came from elsewhere
    run = dealer("verify", written(tmp_path, tampered), "--json")
    assert run.code == 1 and run.json()["result"]["difference"]["field"] == "data.at"


def test_a_fork_on_postgresql(postgres_url, dealer_on, tmp_path):
    run = dealer_on(postgres_url)
    table, session = GAMES["poker-hands"]
    play(run, session[:20])
    original = export(run, table)
    at = len(original["events"])
    assert run("table", "fork", table, "--at", at, "--as", "copy").code == 0
    forked = export(run, "copy")
    assert_fork_of(forked, original, table, at, "copy")
    assert run("verify", written(tmp_path, forked)).code == 0


def test_a_fork_inside_a_command_is_refused_naming_the_commands_around_it(dealer):
    table, session = DEADLANDS
    play(dealer, session[:6])  # ... then the first round: two new decks and the deals
    events = export(dealer, table)["events"]
    round_events = [event["seq"] for event in events if event["command"] == "action"]
    first, last = round_events[0], round_events[-1]
    run = dealer("table", "fork", table, "--at", first + 1, "--as", "half")
    assert_clean_error(run, 1)
    assert run.err == (f"dealer: event {first + 1} of table 'fri' is in the middle of action (events {first} to "
                       f"{last}): fork at {first - 1} or {last}, where a command ends\n")
    run = dealer("table", "fork", table, "--at", 1, "--as", "half")
    assert run.err == ("dealer: event 1 of table 'fri' is in the middle of table new (events 1 to 2): fork at 2, "
                       "where a command ends\n")
    assert dealer("table", "list", "--json").json()["result"]["tables"][0]["name"] == "fri"
    assert len(dealer("table", "list", "--json").json()["result"]["tables"]) == 1


@pytest.mark.sqlite_file  # (a store that holds no tables yet: a fresh state folder)
def test_a_fork_or_a_delete_before_any_table_is_a_clean_error(dealer):
    """Found by bench/fuzz.py: `table fork p --at 2 --as f` on a store with no tables yet crashed
    (the seat check read a store that was not there)."""
    for argv in (("table", "fork", "p", "--at", "2", "--as", "f"), ("table", "delete", "p")):
        run = dealer(*argv)
        assert_clean_error(run, 1)
        assert "internal error" not in run.err and ("no tables yet" in run.err or "--yes" in run.err), run


def test_what_cannot_be_forked_is_a_clean_error(dealer):
    table, session = DEADLANDS
    play(dealer, session[:4])
    last = len(export(dealer, table)["events"])
    past = dealer("table", "fork", table, "--at", last + 1, "--as", "x")
    assert_clean_error(past, 1)
    assert past.err == f"dealer: table 'fri' has {last} events: --at {last + 1} is past its end\n"
    assert dealer("table", "new", "taken").code == 0
    taken = dealer("table", "fork", table, "--at", last, "--as", "taken")
    assert_clean_error(taken, 1)
    assert "table 'taken' already exists" in taken.err
    missing = dealer("table", "fork", "frii", "--at", 1, "--as", "x")
    assert_clean_error(missing, 1)
    assert "did you mean 'fri'?" in missing.err
    assert_clean_error(dealer("table", "fork", table, "--at", 0, "--as", "x"), 2)
    assert_clean_error(dealer("table", "fork", table, "--at", 2), 2)
    assert_clean_error(dealer("table", "fork", table, "--at", 2, "--as", "no/slash"), 1)
    assert {row["name"] for row in dealer("table", "list", "--json").json()["result"]["tables"]} == {"fri", "taken"}


def test_a_history_that_does_not_replay_is_not_forked(dealer, tmp_path):
    table, session = DEADLANDS
    play(dealer, session[:8])
    result = export(dealer, table)
    for event in result["events"]:
        del event["args"]  # as an older dealer logged it
    assert dealer("table", "import", written(tmp_path, result), "--as", "old").code == 0
    run = dealer("table", "fork", "old", "--at", 2, "--as", "x")
    assert_clean_error(run, 1)
    assert run.err == ("dealer: table 'old' does not replay, so it is not forked: event 1 (command table new) was "
                       "logged by a dealer that did not record its command's words: it cannot be replayed\n")
