"""Hardening, round two (issue 26): each reproducer of the issue, run.

Imports as strict as rulesets, every odds question bounded and said up front, full disks
named, damage found, locks that say who holds them, ruleset gaps, and the minor items.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys

import click
import pytest

from tests.conftest import assert_clean_error, installed_dealer


# -- item 7: one bounded integer parser -------------------------------------------------------------

def _commands():
    """Every command and subcommand of the command line, with its path."""
    from dealer.cli import COMMANDS, cli

    ctx = click.Context(cli)
    stack = [((name,), cli.get_command(ctx, name)) for name in COMMANDS]
    while stack:
        path, command = stack.pop()
        yield path, command
        if isinstance(command, click.Group):
            stack.extend((path + (name,), command.get_command(ctx, name)) for name in command.list_commands(ctx))


def test_every_integer_option_and_argument_is_bounded():
    from dealer.options import Int

    loose = [f"{' '.join(path)} {param.name}" for path, command in _commands() for param in command.params
             if isinstance(param.type, click.types.IntParamType) and not isinstance(param.type, Int)]
    assert not loose, loose
    bounded = [param.type for _, command in _commands() for param in command.params if isinstance(param.type, Int)]
    assert len(bounded) > 30 and all(t.min is not None and t.max is not None for t in bounded)


@pytest.mark.parametrize("args", [
    ["table", "log", "t", "--since", "99999999999999999999"],
    ["table", "log", "t", "--last", "9" * 5000],
    ["draw", "1", "--seed", "9" * 5000],
    ["-r", "poker-hands", "hex", "--skill", "9" * 5000],
    ["-r", "poker-hands", "odds", "hex", "--skill", "99999"],
    ["odds", "hand", "9" * 5000],
    ["odds", "gadget", "--reliability", "-9" + "9" * 5000],
    ["-r", "poker-hands", "chips", "ritual", "TE", "paint", "--skill", "1000000000000"],
    ["-r", "poker-hands", "conflict", "Sam=2", "--fear", "1" + "0" * 30],
])
def test_huge_numbers_are_usage_errors_naming_the_bound(dealer, args):
    dealer("table", "new", "t")
    run = dealer(*args)
    assert_clean_error(run, 2)
    assert "at most" in run.err or "at least" in run.err, run


def test_the_parser_never_converts_more_digits_than_the_bound_holds():
    from dealer.core.numbers import NumberError, parse_int

    assert parse_int("-0007", "x", -10, 10) == -7
    assert parse_int(12, "x", 0, 20) == 12
    for text in ("", "+", "1.5", "1e3", "٣", "0x10", True, None, 2.0):
        with pytest.raises(NumberError, match="is not a whole number"):
            parse_int(text, "x", 0, 10)
    with pytest.raises(NumberError, match="too large: at most 10"):
        parse_int("1" * 100_000, "x", 0, 10)  # int() would refuse over 4,300 digits
    with pytest.raises(NumberError, match="too small: at least -10"):
        parse_int("-" + "1" * 100_000, "x", -10, 10)
    with pytest.raises(NumberError, match="a number of about 10000 digits"):
        parse_int(10**10000, "x", 0, 10)


# -- item 6: odds bounded, a progress bar on a terminal, Ctrl-C -------------------------------------

@pytest.mark.parametrize("args, words", [
    (["-r", "poker-hands", "odds", "hex", "--skill", "6", "--samples", "1000000"], "ask for --samples"),
    (["-r", "poker-hands", "odds", "conflict", "Sam=3", "Bob=2", "--samples", "1000000"], "ask for --samples"),
    (["odds", "hand", "7", "--simulate", "--samples", "1000000000000"], "at most 1,000,000"),
    (["-r", "weird-dust-devils", "odds", "hand", "78", "--samples", "1000000", "--min", "pair"], "ask for --samples"),
    (["-r", "poker-hands", "odds", "hex", "--skill", "30"], "at most 20"),
    (["odds", "gadget", "--reliability", "5", "--fail-hand", "15"], "at most 14"),
])
def test_work_that_cannot_finish_in_reasonable_time_is_refused_before_it_starts(dealer, args, words):
    run = dealer(*args)
    assert_clean_error(run, 2)
    assert words in run.err, run


def test_the_refusal_names_samples_that_fit(dealer):
    from dealer.commands.odds import MAX_WORK_S

    run = dealer("-r", "poker-hands", "odds", "conflict", "Sam=3", "Bob=2", "--samples", "1000000")
    fits = int(run.err.split("--samples ")[1].split()[0].replace(",", ""))
    from dealer.commands.odds import deal_cost
    from dealer.core.mechanics import conflict
    from dealer.store.rulesets import load

    ruleset = load("poker-hands")
    assert fits * deal_cost(ruleset, conflict.parse_request(["Sam=3", "Bob=2"])) <= MAX_WORK_S


class _Terminal:
    """A stand-in stderr that says whether it is a terminal and keeps what is written."""

    def __init__(self, tty):
        self.tty, self.text = tty, ""

    def isatty(self):
        return self.tty

    def write(self, text):
        self.text += text

    def flush(self):
        pass


def test_the_progress_bar_is_clicks_on_a_terminal_only_and_only_for_long_work():
    from dealer.commands.odds import progress_bar

    shown = _Terminal(True)
    with progress_bar(1000, 10.0, "simulating", stream=shown) as progress:
        for done in (200, 1000, 300, 1000):  # two passes: the bar continues
            progress(done)
    assert "simulating" in shown.text and "100%" in shown.text
    for stream, seconds in ((_Terminal(False), 10.0), (_Terminal(True), 0.5)):
        with progress_bar(1000, seconds, "simulating", stream=stream) as progress:
            assert progress is None
        assert stream.text == ""


def test_a_spell_simulated_in_parts_is_the_spell_simulated_at_once(load):
    import random

    from dealer.commands.odds import spell_in_parts
    from dealer.core.odds.casting import cast_odds

    ruleset = load("poker-hands")
    question = dict(name=None, dice=None, level=None, minimum=None, tn=None, skill=6, mods=(), wild_pick=False,
                    target=None)
    whole = cast_odds(ruleset, **question, rng=random.Random(5), samples=1234)
    seen = []
    parts = spell_in_parts(ruleset, question, random.Random(5), 1234, seen.append, parts=7)
    assert parts == whole and seen[-1] == 1234 and len(seen) == 3  # parts of at least 500


def test_a_seeded_simulation_prints_the_same_bytes_and_its_time_on_stderr(dealer):
    args = ["odds", "hand", "7", "--simulate", "--samples", "3000", "--seed", "9", "--min", "pair of jacks"]
    first, second = dealer(*args), dealer(*args)
    assert first.code == 0 and first.out == second.out, (first, second)
    assert " s\n" not in first.out and " s)" not in first.out
    assert first.err.startswith("dealer: odds computed in ") and first.err.endswith(" s\n")


def test_ctrl_c_stops_a_long_simulation_with_exit_130(tmp_path):
    exe = installed_dealer()
    env = {**os.environ, "DEALER_HOME": str(tmp_path)}
    proc = subprocess.Popen([exe, "odds", "hand", "7", "--simulate", "--samples", "1000000"], env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    try:
        # Wait until it is simulating (it has read its arguments and imported what it needs).
        import time

        time.sleep(1.0)
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=60)
    finally:
        proc.kill()
    assert proc.returncode == 130, (out, err)
    assert out == "" and err.strip() == "dealer: interrupted; nothing was changed."
