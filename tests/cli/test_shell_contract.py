"""The shell contract (issue 16): pipes, notes apart from data, JSON envelopes, the seed line,
colour rules and did-you-mean, tried through the installed entry point where it matters."""

import json
import shlex
import subprocess

import pytest

from dealer.render import SCHEMA
from tests.cli.test_installed import run_in_terminal
from tests.conftest import assert_clean_error, installed_dealer


def piped(command, tmp_path, reader="head -1"):
    """``dealer ARGS | READER`` under ``set -o pipefail``: a real pipe whose reader may leave early."""
    line = f"set -o pipefail; {shlex.quote(installed_dealer())} {command} | {reader}"
    env = {"PATH": "/usr/bin:/bin", "DEALER_HOME": str(tmp_path / "state")}
    return subprocess.run(["bash", "-c", line], capture_output=True, text=True, cwd=tmp_path, env=env, timeout=120)


# -- 1. a closed pipe ends the command quietly, exit 0 -----------------------------------------

@pytest.mark.parametrize("command", [
    "roll 3d6 --count 5000",
    "draw 5 --count 5000 --jsonl",
    "roll 3d6 --count 3000 --json",
    "rulesets show deadlands --json",
])
def test_a_reader_that_leaves_early_is_not_an_error(tmp_path, command):
    proc = piped(command, tmp_path)
    assert proc.returncode == 0, proc
    assert proc.stderr == "", proc
    assert proc.stdout.count("\n") == 1


@pytest.mark.parametrize("command", ["--help", "--version", "rulesets list", "hand As Kd", "table list"])
def test_a_reader_that_is_already_gone_is_not_an_error(tmp_path, command):
    proc = piped(command, tmp_path, reader="true")
    assert proc.returncode == 0 and proc.stderr == "", proc


# -- 2. notes apart from data; an empty table deck is an error unless --allow-short ------------

def test_table_draw_notes_go_to_stderr_and_the_data_line_holds_only_cards(dealer):
    dealer("table", "new", "T", "--seed", "1")
    assert dealer("draw", "50", "--table", "T", "--seed", "2").code == 0
    run = dealer("draw", "6", "--table", "T")
    assert run.code == 0
    assert len(run.out.split()) == 4 and run.out.count("\n") == 1  # only the four cards left
    assert "short" in run.err and "4 cards" in run.err
    dealer("table", "discard", "T", run.out)
    again = dealer("draw", "3", "--table", "T", "--seed", "5")
    assert again.code == 0 and len(again.out.split()) == 3 and "reshuffled" in again.err


def test_an_empty_table_deck_exits_1_and_changes_nothing(dealer):
    dealer("table", "new", "T", "--seed", "1")
    dealer("draw", "54", "--table", "T")
    before = dealer("table", "show", "T", "--json").json()["result"]
    events = len(dealer("table", "log", "T", "--json").json()["result"]["events"])
    run = dealer("draw", "2", "--table", "T")
    assert_clean_error(run, code=1)
    assert "empty" in run.err and "--allow-short" in run.err and run.out == ""
    assert dealer("table", "show", "T", "--json").json()["result"] == before
    assert len(dealer("table", "log", "T", "--json").json()["result"]["events"]) == events
    allowed = dealer("draw", "2", "--table", "T", "--allow-short", "--json")
    assert allowed.code == 0 and allowed.json()["result"]["cards"] == [] and allowed.json()["result"]["short"]


# -- 3. JSON envelopes -------------------------------------------------------------------------

@pytest.mark.parametrize("args", [["--json", "--jsonl", "draw"], ["draw", "--json", "--jsonl"],
                                  ["--jsonl", "hand", "As", "--json"], ["table", "log", "T", "--json", "--jsonl"]])
def test_json_and_jsonl_together_is_a_usage_error(dealer, args):
    run = dealer(*args)
    assert_clean_error(run, code=2)
    assert "--json" in run.err and "--jsonl" in run.err and run.out == ""


def test_rulesets_new_json_is_the_starter_as_data(dealer):
    for flag in ("--json", "--jsonl"):
        doc = json.loads(dealer("rulesets", "new", "--from", "poker-hands", "--name", "mine", flag).out)
        assert doc["schema"] == SCHEMA and doc["command"] == "rulesets new" and doc["ruleset"] == "poker-hands"
        assert doc["result"]["name"] == "mine" and doc["result"]["extends"] == "poker-hands"
        assert 'extends = "poker-hands"' in doc["result"]["toml"]
    assert dealer("rulesets", "new").out.startswith("# House rules")


def test_every_json_line_carries_the_schema_and_ruleset_is_null_where_none_is_used(dealer):
    dealer("table", "new", "T", "--seed", "1")
    dealer("draw", "2", "--table", "T")
    lines = dealer("table", "log", "T", "--jsonl").out.splitlines()
    assert len(lines) == 3 and all(json.loads(line)["schema"] == SCHEMA for line in lines)
    for args in (["rulesets", "list"], ["table", "list"], ["table", "log", "T"]):
        doc = dealer(*args, "--json").json()
        assert doc["schema"] == SCHEMA and doc["ruleset"] is None, args
    assert dealer("table", "show", "T", "--json").json()["ruleset"] == "deadlands"


# -- 4. the seed on a terminal -----------------------------------------------------------------

def test_a_terminal_shows_a_dim_seed_line_for_random_results_only():
    lines = run_in_terminal(["draw", "5", "--seed", "42"]).splitlines()
    assert len(lines) == 2 and lines[-1] == "\x1b[2mseed 42\x1b[0m"
    plain = run_in_terminal(["roll", "3d6", "--seed", "7", "--count", "3", "--no-color"]).splitlines()
    assert plain[-1] == "seeds 7 to 9, one per result"
    assert "seed" not in run_in_terminal(["hand", "As Kd"])


def test_piped_text_has_no_seed_line(shell):
    run = shell("draw", "5", "--seed", "42")
    assert run.out.count("\n") == 1 and "seed" not in run.out


def test_table_log_text_shows_each_events_seed(dealer):
    dealer("table", "new", "T", "--seed", "11")
    dealer("draw", "2", "--table", "T", "--seed", "12")
    dealer("table", "add", "T", "Sarah")
    lines = dealer("table", "log", "T").out.splitlines()
    assert "seed 11" in lines[0] and "seed 12" in lines[2] and "seed" not in lines[3]


# -- 5. colour and glyphs ----------------------------------------------------------------------

def test_an_empty_no_color_does_not_turn_colour_off():
    assert "\x1b[31m" in run_in_terminal(["hand", "Ah Kh Qs Js 10d"], {"NO_COLOR": ""})


def test_a_dumb_terminal_gets_no_escape_codes_but_keeps_glyphs():
    out = run_in_terminal(["draw", "5", "--seed", "1"], {"TERM": "dumb"})
    assert "\x1b" not in out and "seed 1" in out
    assert any(glyph in out for glyph in "♠♥♦♣")


def test_ascii_drops_glyphs_and_bars_but_not_colour():
    out = run_in_terminal(["hand", "Ah Kh Qs Js 10d", "--ascii"])
    assert "\x1b[31mAh\x1b[0m" in out and "♥" not in out


def test_ascii_odds_bars_are_hashes(dealer):
    fancy = run_in_terminal(["roll", "3d6", "--odds"])
    plain = run_in_terminal(["roll", "3d6", "--odds", "--ascii"])
    assert "█" in fancy
    assert "█" not in plain and "#" in plain and plain.isascii()
    assert len(fancy.splitlines()) == len(plain.splitlines())
    assert dealer("roll", "3d6", "--odds").out == dealer("roll", "3d6", "--odds", "--ascii").out  # piped: as cards


def test_a_c_locale_terminal_gets_codes_not_a_crash():
    out = run_in_terminal(["hand", "Ah Kh Qs Js 10d"], {"PYTHONIOENCODING": "ascii", "LC_ALL": "C"})
    assert "Straight" in out and "Ah" in out


# -- 6. did you mean ---------------------------------------------------------------------------

@pytest.mark.parametrize("args, meant", [(["drow", "5"], "draw"), (["rol", "3d6"], "roll"),
                                         (["table", "shw", "T"], "show"), (["rulesets", "lst"], "list")])
def test_a_mistyped_command_suggests_the_right_one(dealer, args, meant):
    run = dealer(*args)
    assert_clean_error(run, code=2)
    assert f"Did you mean '{meant}'" in run.err


def test_a_command_nothing_like_any_other_gets_no_guess(dealer):
    run = dealer("xyzzy")
    assert_clean_error(run, code=2)
    assert "No such command 'xyzzy'" in run.err and "Did you mean" not in run.err
