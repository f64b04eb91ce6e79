"""The README stays true: its examples print what it shows, its Quickstart is two commands."""

import os
import re
import shlex
import subprocess
from pathlib import Path

from tests.conftest import installed_dealer

README = Path(__file__).resolve().parent.parent.parent / "README.md"


def console_examples():
    """``(command, expected stdout)`` for every ``$ dealer ...`` line in console blocks."""
    examples, block, current = [], False, None
    for line in README.read_text(encoding="utf-8").splitlines():
        if line.startswith("```console"):
            block = True
            continue
        if block and line.startswith("```"):
            block = False
            current = None
            continue
        if not block:
            continue
        if line.startswith("$ "):
            current = [line[2:], []]
            examples.append(current)
        elif current is not None:
            current[1].append(line)
    return [(command, "\n".join(lines)) for command, lines in examples]


def test_quickstart_is_exactly_two_commands():
    text = README.read_text(encoding="utf-8")
    block = re.search(r"## Quickstart\n\n```sh\n(.*?)```", text, re.S).group(1)
    commands = [line for line in block.splitlines() if line.strip()]
    assert len(commands) == 2
    assert "pip install ." in commands[0] and "dealer " in commands[0]
    assert "'.[test]'" in commands[1] and "pytest" in commands[1]


def test_readme_examples_print_what_the_readme_shows(tmp_path):
    exe = installed_dealer()
    env = {k: v for k, v in os.environ.items() if not k.startswith("DEALER_") and k != "NO_COLOR"}
    env["DEALER_HOME"] = str(tmp_path / "state")  # examples that keep tables share one home, in order
    examples = console_examples()
    assert len(examples) >= 10
    for command, expected in examples:
        argv = shlex.split(command)
        assert argv[0] == "dealer"
        proc = subprocess.run([exe, *argv[1:]], capture_output=True, text=True, env=env, cwd=tmp_path)
        assert proc.returncode == 0, (command, proc.stderr)
        assert proc.stdout.rstrip("\n") == expected, command
