"""The README and the docs pages stay true: every ``console`` example prints what the page shows,
the README is short and lists every page, the Quickstart is two commands.

An example is a ``$ COMMAND`` line in a ``console`` block, followed by its output. Each page runs
its examples in order on a fresh state home and working folder (a table made in one example is
there for the next), each in a ``dealer`` process of its own: the console script's ``main``
(dealer's, as the tests' interpreter imports it), in a process forked from one that imported
dealer once for the page (``example_runner.py``: the page's examples pay one start-up, not one
each; the installed script's own start-up is tests/cli/test_installed.py's and
bench/startup.py's to check). A command with a pipe, a redirection or ``$(...)`` runs in bash
with the installed ``dealer`` first on PATH. A command that fails shows its stderr (an example of an error), and
nothing else. A ``toml`` block whose first line names a file (``# one-joker.toml: ...``) is
written to that file for the examples after it. Times differ from run to run: any time is
compared as any other.
"""

from __future__ import annotations

import json
import os
import re
import select
import shlex
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from tests.conftest import installed_dealer

ROOT = Path(__file__).resolve().parent.parent.parent
README = ROOT / "README.md"
DOCS = ROOT / "docs"
PAGES = [README, *sorted(DOCS.glob("*.md"))]
README_MOST_LINES = 400
RUNNER = Path(__file__).resolve().parent / "example_runner.py"
SHELL = re.compile(r"[|<>;&`]|\$\(")
TIME = re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ")
FILE_BLOCK = re.compile(r"# ([\w.-]+\.toml):")


def steps(path):
    """The page's examples in order: ``("run", command, expected output)`` and ``("file", name,
    text)`` for a toml block that names its file."""
    found, fence, body = [], None, []
    for line in path.read_text(encoding="utf-8").splitlines():
        if fence is None:
            if line.startswith("```"):
                fence, body = line[3:].strip(), []
            continue
        if line.startswith("```"):
            found += _block_steps(fence, body)
            fence = None
            continue
        body.append(line)
    assert fence is None, f"{path.name}: a code block is not closed"
    return found


def _block_steps(fence, body):
    if fence == "toml" and body and FILE_BLOCK.match(body[0]):
        return [("file", FILE_BLOCK.match(body[0]).group(1), "\n".join(body) + "\n")]
    if fence != "console":
        return []
    runs = []
    for line in body:
        if line.startswith("$ "):
            runs.append(["run", line[2:], []])
        else:
            assert runs, f"output before any command: {line!r}"
            runs[-1][2].append(line)
    return [(kind, command, "\n".join(lines)) for kind, command, lines in runs]


class Dealer:
    """``dealer ARGS`` run as the page's examples run it: ``(code, stdout, stderr)``, each command a
    process of its own forked by ``example_runner.py`` (started in the page's folder and environment)."""

    def __init__(self, exe, env, cwd):
        self.outputs = tempfile.TemporaryDirectory()  # not in the working folder the examples see
        self.out, self.err = Path(self.outputs.name, "stdout"), Path(self.outputs.name, "stderr")
        self.runner = subprocess.Popen([sys.executable, str(RUNNER), exe], stdin=subprocess.PIPE,
                                       stdout=subprocess.PIPE, text=True, env=env, cwd=cwd)

    def __call__(self, args):
        request = {"argv": args, "out": str(self.out), "err": str(self.err)}
        self.runner.stdin.write(json.dumps(request) + "\n")
        self.runner.stdin.flush()
        ready, _, _ = select.select([self.runner.stdout], [], [], 120)
        assert ready, f"dealer {shlex.join(args)}: no answer in 120 s"
        code = json.loads(self.runner.stdout.readline())["code"]
        return code, self.out.read_text(), self.err.read_text()

    def close(self):
        self.runner.stdin.close()
        self.runner.wait(timeout=60)
        self.runner.stdout.close()
        self.outputs.cleanup()


def run_page(path, tmp_path):
    """Run every example of the page; the mismatches, as ``(command, expected, got)``."""
    exe = installed_dealer()
    env = {k: v for k, v in os.environ.items() if not k.startswith("DEALER_") and k not in ("NO_COLOR", "PAGER")}
    env["DEALER_HOME"] = str(tmp_path / "state")
    env["PATH"] = os.path.dirname(exe) + os.pathsep + env.get("PATH", "")
    dealer = Dealer(exe, env, tmp_path)
    wrong = []
    try:
        for kind, what, expected in steps(path):
            if kind == "file":
                (tmp_path / what).write_text(expected, encoding="utf-8")
                continue
            if SHELL.search(what):
                proc = subprocess.run(["bash", "-o", "pipefail", "-c", what], capture_output=True, text=True,
                                      env=env, cwd=tmp_path, timeout=120)
                code, out, err = proc.returncode, proc.stdout, proc.stderr
            else:
                argv = shlex.split(what)
                assert argv[0] == "dealer", what
                code, out, err = dealer(argv[1:])
            # A failed command's example shows its error, which is all it prints.
            shown = out if code == 0 else err + out
            got = TIME.sub("<time>", shown.rstrip("\n"))
            if code not in (0, 1, 2) or got != TIME.sub("<time>", expected):
                wrong.append((what, expected, shown if code == 0 else f"exit {code}: {shown}"))
    finally:
        dealer.close()
    return wrong


@pytest.mark.parametrize("path", PAGES, ids=lambda path: path.name)
def test_every_example_prints_what_the_page_shows(path, tmp_path):
    wrong = run_page(path, tmp_path)
    assert not wrong, "\n\n".join(f"$ {command}\n--- shown\n{expected}\n--- printed\n{got}"
                                  for command, expected, got in wrong)


def test_the_example_reader_reads_commands_output_and_files(tmp_path):
    page = tmp_path / "page.md"
    page.write_text("Text.\n\n```console\n$ dealer draw 2 --seed 1\nQs 2d\n$ dealer hand As\n```\n\n"
                    "```toml\n# house.toml: mine\nextends = \"deadlands\"\n```\n\n```toml\nname = \"x\"\n```\n\n"
                    "```sh\n$ not run\n```\n", encoding="utf-8")
    assert steps(page) == [("run", "dealer draw 2 --seed 1", "Qs 2d"), ("run", "dealer hand As", ""),
                           ("file", "house.toml", "# house.toml: mine\nextends = \"deadlands\"\n")]


def test_a_wrong_example_is_caught(tmp_path):
    page = tmp_path / "page.md"
    page.write_text("```console\n$ dealer draw 2 --seed 1\nQs 2d\n$ dealer draw 2 --seed 1\nAs Ks\n"
                    "$ dealer hand Xz\ndealer: not this error\n$ dealer draw 1 --seed 1 | tr Q q\nqs\n```\n",
                    encoding="utf-8")
    (tmp_path / "run").mkdir()
    assert [command for command, _, _ in run_page(page, tmp_path / "run")] == [
        "dealer draw 2 --seed 1", "dealer hand Xz"]


def test_every_page_has_sections_and_examples():
    """A page a newcomer can find things in: subheadings, and examples that a test runs."""
    for path in PAGES:
        text = path.read_text(encoding="utf-8")
        assert text.startswith("# "), f"{path.name}: a page starts with its title"
        assert len(re.findall(r"^## ", text, re.M)) >= 3, f"{path.name}: a page has sections"
        if path.name != "development.md":  # the working tree's layout: nothing to run
            assert any(kind == "run" for kind, _, _ in steps(path)), f"{path.name}: no console example"


def test_the_readme_is_short_and_lists_every_page():
    text = README.read_text(encoding="utf-8")
    assert len(text.splitlines()) <= README_MOST_LINES
    linked = set(re.findall(r"\]\(docs/([\w-]+\.md)\)", text))
    assert linked == {path.name for path in DOCS.glob("*.md")}


def test_every_link_between_pages_leads_to_a_page():
    for path in PAGES:
        for target in re.findall(r"\]\(([^)#:]+\.md)(?:#[^)]*)?\)", path.read_text(encoding="utf-8")):
            assert (path.parent / target).is_file(), f"{path.name}: a link to {target}, which is not there"


def test_quickstart_is_exactly_two_commands():
    text = README.read_text(encoding="utf-8")
    block = re.search(r"## Quickstart\n\n```sh\n(.*?)```", text, re.S).group(1)
    commands = [line for line in block.splitlines() if line.strip()]
    assert len(commands) == 2
    assert "pip install ." in commands[0] and "dealer " in commands[0]
    assert "'.[test]'" in commands[1] and "pytest" in commands[1]
