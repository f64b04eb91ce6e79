"""Completion through click's ``_DEALER_COMPLETE`` protocol, as the bash, zsh and fish
scripts in completions/ call it (issue 16, item 11); and bash itself running the script."""

import os
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.conftest import installed_dealer

SCRIPT = Path(__file__).resolve().parent.parent.parent / "completions" / "dealer.bash"


def complete(dealer, shell, words):
    """What the shell's script would receive: (type, value) pairs."""
    env = {"_DEALER_COMPLETE": f"{shell}_complete", "COMP_WORDS": " ".join(words),
           "COMP_CWORD": words[-1] if shell == "fish" else str(len(words) - 1)}
    out = dealer(env=env).out
    if shell == "zsh":  # type, value, help: three lines each
        lines = out.strip("\n").splitlines()
        return [(lines[i], lines[i + 1]) for i in range(0, len(lines), 3)]
    return [tuple(line.split(",", 1)) if "," in line else (line, "") for line in out.splitlines()]


def values(dealer, shell, words):
    return [value for kind, value in complete(dealer, shell, words) if kind == "plain"]


@pytest.fixture
def saloon(dealer):
    dealer("table", "new", "saloon")
    dealer("table", "add", "saloon", "Doc Holliday", "--trait", "quickness=2d6")
    dealer("table", "add", "saloon", "Dan", "--side", "marshal")
    return dealer


def test_a_name_with_a_space_completes_quoted_in_bash_and_whole_in_zsh_and_fish(saloon):
    assert values(saloon, "bash", ["dealer", "table", "set", "saloon", "Do"]) == ['"Doc Holliday"']
    assert values(saloon, "bash", ["dealer", "table", "set", "saloon", '"Doc H']) == ['"Doc Holliday"']
    assert values(saloon, "bash", ["dealer", "table", "set", "saloon", "Da"]) == ["Dan"]
    assert values(saloon, "zsh", ["dealer", "table", "set", "saloon", "Do"]) == ["Doc Holliday"]
    assert values(saloon, "fish", ["dealer", "table", "set", "saloon", "Do"]) == ["Doc Holliday"]


@pytest.mark.parametrize("shell", ["bash", "zsh", "fish"])
def test_rulesets_complete_as_names_and_as_files(dealer, shell):
    for words in (["dealer", "-r", "d"], ["dealer", "rulesets", "validate", "d"]):
        got = complete(dealer, shell, words)
        assert ("file", "d") in got, got
        assert [value for kind, value in got if kind == "plain"] == ["deadlands", "dust-devils"]
    if shell == "bash":  # bash's script resets its list on a file item: it must come first
        assert complete(dealer, shell, ["dealer", "-r", "d"])[0] == ("file", "d")


@pytest.mark.parametrize("shell", ["bash", "zsh", "fish"])
def test_hex_names_casters_sleeves_and_sides_complete_from_the_ruleset_and_table(saloon, shell):
    def names(*words):
        return [value.strip('"') for value in values(saloon, shell, list(words))]

    assert names("dealer", "hex", "so") == ["soul blast"]
    assert names("dealer", "-r", "poker-hands", "hex", "") == []
    assert names("dealer", "--table", "saloon", "hex", "--caster", "D") == ["Doc Holliday", "Dan"]
    assert names("dealer", "--table", "saloon", "action", "sleeve", "Da") == ["Dan"]
    assert names("dealer", "--table", "saloon", "action", "interrupt", "Dan", "--against", "Do") == ["Doc Holliday"]
    assert names("dealer", "table", "add", "saloon", "Zed", "--side", "") == ["posse", "marshal"]
    assert names("dealer", "hex", "--caster", "D") == []  # no table: nothing, and no error


def test_bash_itself_inserts_the_quoted_name(saloon, tmp_path):
    bash = shutil.which("bash")
    if not bash:
        pytest.skip("bash is not installed")
    exe = installed_dealer()
    line = (f"source {SCRIPT}; COMP_WORDS=(dealer table set saloon Do); COMP_CWORD=4; "
            f"_dealer_completion {exe}; printf '%s\\n' \"${{COMPREPLY[@]}}\"")
    env = {"PATH": os.environ["PATH"], "DEALER_HOME": os.environ["DEALER_HOME"],
           **{name: os.environ[name] for name in ("DEALER_STORE",) if name in os.environ}}
    proc = subprocess.run([bash, "--norc", "-c", line], capture_output=True, text=True, env=env, timeout=60)
    assert proc.stdout.splitlines() == ['"Doc Holliday"'], proc
