"""The installed entry points: the `dealer` console script and `python -m dealer`."""

import subprocess
import sys

from dealer import __version__
from tests.conftest import assert_clean_error, installed_dealer


def test_console_script_version(shell):
    run = shell("--version")
    assert run.code == 0 and run.out.strip() == f"dealer {__version__}"


def test_console_script_draws_and_lists_from_outside_the_checkout(shell):
    assert shell("rulesets", "list").code == 0
    doc = shell("draw", "5", "--json", "--seed", "9").json()
    assert len(doc["result"]["cards"]) == 5 and doc["seed"] == 9


def test_python_dash_m(tmp_path):
    proc = subprocess.run([sys.executable, "-m", "dealer", "draw", "3", "--seed", "1"], capture_output=True,
                          text=True, cwd=tmp_path)
    assert proc.returncode == 0 and len(proc.stdout.split()) == 3


def test_errors_from_the_real_process(shell):
    assert_clean_error(shell("hand", "Xz"), code=1)
    assert_clean_error(shell("draw", "--bogus"), code=2)
    assert_clean_error(shell("roll", "3d7"), code=1)
    run = shell("-r", "/nonexistent/house.toml", "draw")
    assert_clean_error(run, code=1)


def test_no_color_and_not_a_tty_print_plain_codes(shell):
    run = shell("draw", "5", "--seed", "3", extra_env={"NO_COLOR": "1"})
    assert "\x1b[" not in run.out and "♠" not in run.out


def test_broken_pipe_is_quiet(tmp_path):
    proc = subprocess.run(f"'{installed_dealer()}' draw 5 --count 2000 | head -1", shell=True,
                          capture_output=True, text=True, cwd=tmp_path)
    assert proc.stdout.count("\n") == 1
    assert "Traceback" not in proc.stderr and "Error" not in proc.stderr
