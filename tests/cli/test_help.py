"""``dealer help``: the docs pages from the installed command, listed, printed plain when piped and
through a pager on a terminal, with did-you-mean for a mistyped topic."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import assert_clean_error, installed_dealer, read_terminal

DOCS = Path(__file__).resolve().parent.parent.parent / "docs"
PAGES = sorted([*(path.stem for path in DOCS.glob("*.md")), "schema"])


def test_help_lists_every_page_with_its_title(dealer):
    run = dealer("help")
    assert run.code == 0, run
    lines = run.out.splitlines()
    assert lines[0].startswith("dealer help TOPIC prints one of these pages")
    listed = [line.split()[0] for line in lines[1:-1]]
    assert listed == PAGES
    for name in PAGES:
        if name == "schema":
            title = json.loads((DOCS / "schema.json").read_text(encoding="utf-8"))["title"] + " (JSON)"
        else:
            title = (DOCS / f"{name}.md").read_text(encoding="utf-8").splitlines()[0][2:]
        assert any(line.split(None, 1) == [name, title] for line in lines[1:-1]), name


@pytest.mark.parametrize("topic", ["tables", "rulesets", "poker-hands"])
def test_help_topic_prints_the_page_as_it_is(dealer, topic):
    run = dealer("help", topic)
    assert run.code == 0, run
    assert run.out == (DOCS / f"{topic}.md").read_text(encoding="utf-8")


def test_help_schema_prints_the_json_schema(dealer):
    run = dealer("help", "schema")
    assert run.out == (DOCS / "schema.json").read_text(encoding="utf-8")
    assert json.loads(run.out)["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert Path(dealer("help", "--path", "schema").out.strip()).name == "schema.json"


def test_a_ruleset_name_finds_its_games_page_and_case_does_not_matter(dealer):
    assert dealer("help", "weird-dust-devils").out == (DOCS / "dust-devils.md").read_text(encoding="utf-8")
    assert dealer("help", "Tables").out == (DOCS / "tables.md").read_text(encoding="utf-8")


def test_an_unknown_topic_gets_the_one_meant(dealer):
    run = dealer("help", "tabels")
    assert_clean_error(run, code=2)
    assert "no help topic 'tabels': did you mean 'tables'?" in run.err
    far = dealer("help", "zzz")
    assert_clean_error(far, code=2)
    assert "no help topic 'zzz'" in far.err and "did you mean" not in far.err and "dealer help" in far.err


def test_path_points_to_the_installed_pages_and_sheets(dealer):
    folder = Path(dealer("help", "--path").out.strip())
    assert (folder / "deadlands.md").is_file()
    assert sorted(path.name for path in (folder / "sheets").glob("*.toml")) == [
        "bert-muskie.toml", "sally-swift.toml", "three-eagles.toml"]
    assert Path(dealer("help", "json", "--path").out.strip()) == folder / "json.md"


def test_help_as_json(dealer):
    listed = dealer("help", "--json").json()
    assert (listed["command"], listed["ruleset"], listed["seed"]) == ("help", None, None)
    assert [topic["topic"] for topic in listed["result"]["topics"]] == PAGES
    page = dealer("help", "odds", "--json").json()["result"]
    assert (page["kind"], page["topic"]) == ("help", "odds")
    assert page["text"] == (DOCS / "odds.md").read_text(encoding="utf-8")


def test_topics_complete(dealer):
    env = {"_DEALER_COMPLETE": "bash_complete", "COMP_WORDS": "dealer help d", "COMP_CWORD": "2"}
    run = dealer(env=env)
    offered = [line.split(",", 1)[1] for line in run.out.splitlines()]
    assert offered == ["deadlands", "development", "dust-devils"]


def test_the_starter_ruleset_points_to_the_installed_page(dealer):
    text = dealer("rulesets", "new", "--from", "deadlands").out
    assert "dealer help rulesets" in text and "docs/" not in text
    assert "deadlands's" not in text and "the values of deadlands" in text


def _on_a_terminal(args, tmp_path, **env):
    """Run the installed dealer with stdout on a pseudo-terminal: what the terminal shows."""
    import pty

    master, slave = pty.openpty()
    full = {k: v for k, v in os.environ.items() if not k.startswith("DEALER_") and k not in ("PAGER", "LESS")}
    full.update({"TERM": "xterm", **env})
    proc = subprocess.Popen([installed_dealer(), *args], stdout=slave, stderr=subprocess.PIPE, stdin=subprocess.DEVNULL,
                            env=full, cwd=tmp_path)
    os.close(slave)
    shown = read_terminal(master)
    proc.wait(timeout=30)
    return proc.returncode, shown.decode("utf-8").replace("\r\n", "\n")


# A pager that records what it was given, and with which LESS.
RECORDER = "sh -c 'printf %s \"$LESS\" > less.txt; cat > paged.txt'"


def test_on_a_terminal_the_page_goes_through_the_pager(tmp_path):
    code, shown = _on_a_terminal(["help", "odds"], tmp_path, DEALER_PAGER=RECORDER, PAGER="false")
    assert code == 0 and shown == ""
    assert (tmp_path / "paged.txt").read_text(encoding="utf-8") == (DOCS / "odds.md").read_text(encoding="utf-8")
    assert (tmp_path / "less.txt").read_text() == "FRX"  # as git sets it, unless LESS is set


def test_pager_falls_back_to_PAGER_and_respects_LESS(tmp_path):
    code, _ = _on_a_terminal(["help", "json"], tmp_path, PAGER=RECORDER, LESS="-R")
    assert code == 0
    assert (tmp_path / "paged.txt").read_text(encoding="utf-8") == (DOCS / "json.md").read_text(encoding="utf-8")
    assert (tmp_path / "less.txt").read_text() == "-R"


@pytest.mark.parametrize("pager", ["", "cat", "no-such-pager-anywhere"])
def test_no_pager_or_one_not_installed_prints_plain(tmp_path, pager):
    code, shown = _on_a_terminal(["help", "tables"], tmp_path, DEALER_PAGER=pager)
    assert code == 0
    assert shown == (DOCS / "tables.md").read_text(encoding="utf-8")


def test_piped_help_never_pages(tmp_path):
    env = {k: v for k, v in os.environ.items() if not k.startswith("DEALER_")}
    run = subprocess.run([installed_dealer(), "help", "odds"], capture_output=True, text=True, cwd=tmp_path,
                         env={**env, "DEALER_PAGER": RECORDER})
    assert run.returncode == 0 and run.stdout == (DOCS / "odds.md").read_text(encoding="utf-8")
    assert not (tmp_path / "paged.txt").exists()


def test_no_other_command_imports_help():
    """Start-up must not grow: `dealer help` is loaded only when it runs."""
    probe = ("import sys, atexit\n"
             "atexit.register(lambda: sys.stderr.write('LOADED' if 'dealer.commands.help' in sys.modules else 'lazy'))\n"
             "sys.argv = ['dealer', 'draw', '2', '--seed', '1']\n"
             "from dealer.__main__ import main\n"
             "main()\n")
    run = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True)
    assert run.returncode == 0 and run.stdout == "Qs 2d\n" and run.stderr == "lazy", run
