"""Shared fixtures: shipped rulesets, a CliRunner that keeps stderr apart, the installed entry point."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from dealer.cli import cli
from dealer.store import rulesets as ruleset_store

ROOT = Path(__file__).resolve().parent.parent
SHIPPED = ["deadlands", "dust-devils", "poker-hands", "savage-worlds", "weird-dust-devils"]


def pytest_report_header(config):
    """Which copy of dealer the tests run: the working tree (an editable install) or an installed
    copy, which an edit in cli/ does not reach until it is installed again."""
    import dealer

    where = Path(dealer.__file__).resolve().parent
    tree = where == ROOT / "cli" / "dealer"
    return (f"dealer {dealer.__version__} from {where}"
            + ("" if tree else " (an installed copy: edits in cli/ need a reinstall, or pip install -e '.[test]')"))


def pytest_configure(config):
    """Compile dealer (and the tests' worker scripts) to bytecode once, before any worker starts.

    The suite starts the installed ``dealer`` as a process some hundreds of times; an editable
    install under PYTHONDONTWRITEBYTECODE (as some machines set) would compile every module from
    source in each of them, which cost more than the command itself. A pip install compiles at
    install time; this does the same for the working tree, and is a no-op when nothing changed."""
    if hasattr(config, "workerinput"):  # an xdist worker: the controller has done it
        return
    import compileall

    import dealer

    for folder in (Path(dealer.__file__).resolve().parent, ROOT / "tests"):
        compileall.compile_dir(folder, quiet=2)  # where it cannot write (a read-only install), it reads source


@pytest.hookimpl(wrapper=True)
def pytest_collection(session):
    """Let pytest keep its assertion-rewritten test modules in __pycache__ even under
    PYTHONDONTWRITEBYTECODE: rewriting every module again took each worker seconds a run."""
    kept, sys.dont_write_bytecode = sys.dont_write_bytecode, False
    try:
        return (yield)
    finally:
        sys.dont_write_bytecode = kept


def pytest_collection_modifyitems(config, items):
    """With DEALER_TEST_STORE=postgres every table test runs on PostgreSQL; the tests about the
    SQLite file itself (marked sqlite_file) have no PostgreSQL meaning and are left out."""
    if os.environ.get("DEALER_TEST_STORE") != "postgres":
        return
    kept = [item for item in items if item.get_closest_marker("sqlite_file") is None]
    config.hook.pytest_deselected(items=[item for item in items if item not in kept])
    items[:] = kept


def slow_except(values, *kept):
    """Parametrize ``values`` with each one not in ``kept`` marked slow: a brute-force check runs on
    its representative cases by default and on every case with `-m slow` (which CI runs too). A
    tuple is one case of several arguments."""
    return [value if value in kept else pytest.param(*(value if isinstance(value, tuple) else (value,)),
                                                     marks=pytest.mark.slow)
            for value in values]


@pytest.fixture(scope="session")
def load():
    cache = {}

    def get(name):
        if name not in cache:
            cache[name] = ruleset_store.load(name)
        return cache[name]

    return get


class Run:
    """The outcome of one CLI run: exit code, stdout, stderr."""

    def __init__(self, code, out, err):
        self.code = code
        self.out = out
        self.err = err

    def json(self):
        import json

        return json.loads(self.out)

    def __repr__(self):
        return f"Run(code={self.code}, out={self.out[:300]!r}, err={self.err[:300]!r})"


@pytest.fixture
def dealer(request, tmp_path, monkeypatch):
    """Run ``dealer ARGS`` in-process through click's CliRunner, with a private state home (and,
    with DEALER_TEST_STORE=postgres, its tables in a PostgreSQL schema of the test's own)."""
    monkeypatch.setenv("DEALER_HOME", str(tmp_path / "state"))
    for name in ("DEALER_RULESET", "DEALER_TABLE", "NO_COLOR", "DEALER_DEBUG", "DEALER_STORE"):
        monkeypatch.delenv(name, raising=False)
    if os.environ.get("DEALER_TEST_STORE") == "postgres":
        monkeypatch.setenv("DEALER_STORE", request.getfixturevalue("postgres_url"))

    def run(*args, input=None, env=None):
        runner = CliRunner()
        result = runner.invoke(cli, [str(a) for a in args], input=input, env=env, prog_name="dealer")
        return Run(result.exit_code, result.stdout, result.stderr)

    return run


def installed_dealer():
    """The console script installed next to this interpreter (the way a user runs it)."""
    found = shutil.which("dealer", path=os.path.dirname(sys.executable)) or shutil.which("dealer")
    if not found:
        pytest.skip("the dealer console script is not installed")
    return found


def read_terminal(master: int) -> bytes:
    """Everything written to a pseudo-terminal until its other end closes (then the master is closed)."""
    chunks = []
    while True:
        try:
            chunk = os.read(master, 4096)
        except OSError:  # Linux: EIO once the slave side is closed
            break
        if not chunk:
            break
        chunks.append(chunk)
    os.close(master)
    return b"".join(chunks)


@pytest.fixture
def shell(tmp_path):
    """Run the installed ``dealer`` as a subprocess, from a directory outside the checkout."""
    exe = installed_dealer()
    env = {k: v for k, v in os.environ.items() if not k.startswith("DEALER_") and k != "NO_COLOR"}
    env["DEALER_HOME"] = str(tmp_path / "state")

    def run(*args, input=None, extra_env=None, timeout=60):
        proc = subprocess.run([exe, *map(str, args)], capture_output=True, text=True, input=input,
                              env={**env, **(extra_env or {})}, cwd=tmp_path, timeout=timeout)
        return Run(proc.returncode, proc.stdout, proc.stderr)

    return run


def assert_clean_error(run, code=None):
    """An error the user can act on: exit 1 or 2, one or two lines on stderr, no traceback."""
    assert run.code in (1, 2) if code is None else run.code == code, run
    assert "Traceback" not in run.err and "Traceback" not in run.out, run
    assert "internal error" not in run.err, run
    lines = [line for line in run.err.splitlines() if line.strip()]
    assert 1 <= len(lines) <= 2, run


# -- PostgreSQL: a throwaway server per test process, a schema per test -------------------------

@pytest.fixture(scope="session")
def postgres_server():
    """The tests' PostgreSQL: DEALER_TEST_POSTGRES when set, else a cluster started from the
    machine's binaries. Skipped, with the reason, only where neither exists; with
    DEALER_REQUIRE_POSTGRES=1 (as .ci/run sets) a missing PostgreSQL fails instead."""
    from tests import postgres_server as pg

    given = os.environ.get("DEALER_TEST_POSTGRES")
    if given:
        yield _GivenServer(given)
        return
    folder = pg.binaries()
    if folder is None:
        reason = ("no PostgreSQL binaries (initdb, pg_ctl) on this machine and DEALER_TEST_POSTGRES is unset: "
                  "point it at a server, e.g. DEALER_TEST_POSTGRES=postgresql://me@localhost/scratch")
        if os.environ.get("DEALER_REQUIRE_POSTGRES"):
            pytest.fail(reason)
        pytest.skip(reason)
    server = pg.Server(folder)
    try:
        yield server
    finally:
        server.close()


class _GivenServer:
    """A server the tester gave (DEALER_TEST_POSTGRES): no restarts, no password role."""

    def __init__(self, url):
        self.url = url

    def base_url(self):
        return self.url


@pytest.fixture
def postgres_url(postgres_server):
    """A store URL on the tests' server, in a schema of this test's own."""
    from tests import postgres_server as pg

    return pg.with_schema(postgres_server.base_url(), pg.new_schema())


@pytest.fixture(params=["sqlite", "postgres"])
def store_url(request, tmp_path):
    """Each store in turn: an SQLite file in the test's folder, then a PostgreSQL schema."""
    if request.param == "sqlite":
        return str(tmp_path / "store" / "tables.sqlite3")
    return request.getfixturevalue("postgres_url")


@pytest.fixture
def dealer_on(tmp_path, monkeypatch):
    """``dealer_on(store)(ARGS)``: the ``dealer`` fixture's runner with DEALER_STORE set to ``store``."""
    monkeypatch.setenv("DEALER_HOME", str(tmp_path / "state"))
    for name in ("DEALER_RULESET", "DEALER_TABLE", "NO_COLOR", "DEALER_DEBUG", "DEALER_STORE"):
        monkeypatch.delenv(name, raising=False)

    def on(store):
        def run(*args, input=None, env=None):
            result = CliRunner().invoke(cli, [str(a) for a in args], input=input,
                                        env={"DEALER_STORE": store, **(env or {})}, prog_name="dealer")
            return Run(result.exit_code, result.stdout, result.stderr)

        return run

    return on
