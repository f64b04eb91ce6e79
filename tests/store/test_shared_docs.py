"""The shared-tables page's console examples print the same on a PostgreSQL store as the docs
test sees them print on the SQLite file (the page says results are the same on both)."""

import shlex
from pathlib import Path

PAGE = Path(__file__).resolve().parent.parent.parent / "docs" / "shared-tables.md"


def examples():
    found, block, current = [], False, None
    for line in PAGE.read_text(encoding="utf-8").splitlines():
        if line.startswith("```"):
            block, current = line.startswith("```console"), None
            continue
        if block and line.startswith("$ "):
            current = [line[2:], []]
            found.append(current)
        elif block and current is not None:
            current[1].append(line)
    return [(command, "\n".join(lines)) for command, lines in found]


def test_the_pages_console_examples_hold_on_postgresql(dealer_on, postgres_url):
    run = dealer_on(postgres_url)
    shown = examples()
    assert len(shown) >= 3
    for command, expected in shown:
        argv = shlex.split(command)
        assert argv[0] == "dealer"
        result = run(*argv[1:])
        assert result.code == 0, (command, result.err)
        assert result.out.rstrip("\n") == expected, command
