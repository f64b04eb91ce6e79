"""The installed entry points: the `dealer` console script and `python -m dealer`."""

import subprocess
import sys

from dealer import __version__
from tests.conftest import assert_clean_error, installed_dealer, read_terminal


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


def run_in_terminal(args, env_extra=None):
    """Run the installed dealer with a pseudo-terminal as stdout, as a person at a shell would."""
    import os
    import pty

    master, slave = pty.openpty()
    env = {k: v for k, v in os.environ.items() if not k.startswith("DEALER_") and k != "NO_COLOR"}
    if not any(env.get(key) for key in ("LC_ALL", "LC_CTYPE", "LANG")):
        env["LANG"] = "C.UTF-8"  # a person's terminal: UTF-8 (no locale at all is the C locale: ASCII)
    env.update(env_extra or {})
    proc = subprocess.Popen([installed_dealer(), *args], stdout=slave, stderr=subprocess.PIPE, env=env)
    os.close(slave)
    shown = read_terminal(master)
    proc.wait()
    return shown.decode("utf-8")


def test_a_terminal_gets_glyphs_and_red_in_red():
    out = run_in_terminal(["hand", "Ah Kh Qs Js 10d"])
    assert "A♥" in out and "\x1b[31m" in out and "Q♠" in out


def test_a_terminal_under_ascii_gets_codes_and_under_no_color_keeps_glyphs():
    out = run_in_terminal(["hand", "Ah Kh Qs Js 10d", "--ascii", "--no-color"])
    assert "Ah" in out and "♥" not in out and "\x1b[" not in out
    for args, env in ((["hand", "Ah Kh Qs Js 10d"], {"NO_COLOR": "1"}),
                      (["hand", "Ah Kh Qs Js 10d", "--no-color"], {})):
        out = run_in_terminal(args, env)
        assert "A♥" in out and "\x1b[" not in out


def test_the_console_script_tunes_the_collector_and_still_runs_the_command_line(monkeypatch):
    """dealer/__main__.py: fewer collections while importing, none over the survivors at exit
    (bench/startup.py shows the gain); the command line it then runs is dealer's."""
    import atexit
    import gc

    import dealer.__main__ as entry
    from dealer import cli

    ran, registered = [], []
    monkeypatch.setattr(cli.cli, "main", lambda **kwargs: ran.append(kwargs))
    monkeypatch.setattr(atexit, "register", registered.append)
    before = gc.get_threshold()
    try:
        entry.main()
        assert gc.get_threshold() == (entry.YOUNG_OBJECTS_BEFORE_A_COLLECTION, *before[1:])
    finally:
        gc.set_threshold(*before)
    assert ran == [{"prog_name": "dealer"}] and registered == [gc.freeze]
