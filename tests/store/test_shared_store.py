"""Shared tables on PostgreSQL beside the SQLite file: the same session gives the same results,
tables move between stores whole, bad addresses are clean errors, the schema is versioned, a
command is one transaction whatever happens to the client, the connection or the server."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading

import pytest

from tests.conftest import assert_clean_error
from tests.store.session_script import SESSION, TABLES

psycopg = pytest.importorskip("psycopg", reason="the postgres extra (psycopg) is not installed")

TIMES = {"time", "created", "commitment"}  # and a PostgreSQL table's commitment to its (random) secret


def timeless(value):
    """A result with its time stamps (and which store it came from) taken out."""
    if isinstance(value, dict):
        return {key: timeless(item) for key, item in value.items() if key not in TIMES and key != "store"}
    if isinstance(value, list):
        return [timeless(item) for item in value]
    return value


def play(run, session):
    outputs = []
    for args in session:
        result = run(*args, "--json")
        notes = "".join(line for line in result.err.splitlines(keepends=True)
                        if "deals from a secret; its commitment" not in line)  # PostgreSQL's note at table new
        outputs.append((args, result.code, timeless(json.loads(result.out)) if result.out else None, notes))
    return outputs


def exports(run, tables):
    return {name: timeless(run("table", "export", name).json()["result"]) for name in tables}


def test_a_session_of_four_games_gives_the_same_results_on_both_stores(dealer_on, postgres_url, tmp_path):
    sqlite = dealer_on(str(tmp_path / "s" / "tables.sqlite3"))
    postgres = dealer_on(postgres_url)
    on_sqlite, on_postgres = play(sqlite, SESSION), play(postgres, SESSION)
    assert len(SESSION) >= 40 and all(code == 0 for _, code, _, _ in on_sqlite), [o for o in on_sqlite if o[1]][:2]
    commands = {args[0] for args in SESSION}
    assert {"action", "hex", "conflict", "gadget", "chips"} <= commands
    for left, right in zip(on_sqlite, on_postgres):
        assert left == right, left[0]
    assert exports(sqlite, TABLES) == exports(postgres, TABLES)


def test_table_list_names_the_store_without_its_password(dealer_on, postgres_server, tmp_path):
    from tests import postgres_server as pg

    if not hasattr(postgres_server, "tcp_url"):
        pytest.skip("DEALER_TEST_POSTGRES: no password role to test with")
    run = dealer_on(pg.with_schema(postgres_server.tcp_url(), pg.new_schema()))
    assert run("table", "new", "t").code == 0
    listed = run("table", "list", "--json")
    store = listed.json()["result"]["store"]
    assert store["kind"] == "postgresql" and store["host"] == "127.0.0.1" and store["user"] == pg.PASSWORD_ROLE
    assert pg.PASSWORD not in listed.out
    local = dealer_on(str(tmp_path / "x" / "tables.sqlite3"))("table", "list", "--json").json()["result"]["store"]
    assert local == {"kind": "sqlite", "path": str(tmp_path / "x" / "tables.sqlite3")}


@pytest.mark.parametrize("ruleset", ["deadlands", "savage-worlds", "poker-hands", "weird-dust-devils",
                                     "dust-devils"])
def test_every_shipped_game_moves_between_stores_whole_history_included(dealer_on, postgres_url, tmp_path,
                                                                         ruleset):
    sqlite = dealer_on(str(tmp_path / "s" / "tables.sqlite3"))
    postgres = dealer_on(postgres_url)
    assert sqlite("table", "new", "t", "-r", ruleset, "--seed", "1").code == 0
    assert sqlite("table", "add", "t", "Sam").code == 0
    assert sqlite("draw", "5", "--table", "t", "--seed", "2").code == 0
    if ruleset not in ("weird-dust-devils", "dust-devils"):  # they play no chips
        assert sqlite("chips", "draw", "Sam", "--table", "t", "--seed", "3").code == 0
    first = sqlite("table", "export", "t").out
    moved = postgres("table", "import", "-", "--as", "t", input=first)
    assert moved.code == 0, moved
    there = postgres("table", "export", "t").json()["result"]
    back = sqlite("table", "import", "-", "--as", "u", input=postgres("table", "export", "t").out)
    assert back.code == 0, back
    original = json.loads(first)["result"]
    assert timeless(there["events"][:-1]) == timeless(original["events"])  # the import adds its own event
    assert there["events"][-1]["kind"] == "import"
    for key in ("document", "state", "decks", "roster", "chips", "ruleset"):
        assert there[key] == original[key], key
    assert postgres("table", "check", "t").code == 0 and sqlite("table", "check", "u").code == 0


# -- bad addresses and outages: one or two lines naming the host and database, never the password --

def test_an_unreachable_server_is_a_clean_error_naming_host_and_database(dealer_on):
    run = dealer_on("postgresql://gm:hunter2@127.0.0.1:1/campaign")("table", "list")
    assert_clean_error(run, code=1)
    assert "127.0.0.1" in run.err and "campaign" in run.err and "hunter2" not in run.err


def test_a_wrong_password_is_a_clean_error_without_the_password(dealer_on, postgres_server):
    from tests import postgres_server as pg

    if not hasattr(postgres_server, "tcp_url"):
        pytest.skip("DEALER_TEST_POSTGRES: no password role to test with")
    run = dealer_on(postgres_server.tcp_url(password="not-it-42"))("table", "new", "t")
    assert_clean_error(run, code=1)
    assert "password authentication failed" in run.err and "not-it-42" not in run.err and pg.DATABASE in run.err


def test_a_missing_database_is_a_clean_error(dealer_on, postgres_server):
    if not hasattr(postgres_server, "socket_dir"):
        pytest.skip("DEALER_TEST_POSTGRES: the database name is the tester's")
    run = dealer_on(postgres_server.base_url(database="no_such_db"))("table", "list")
    assert_clean_error(run, code=1)
    assert 'database "no_such_db" does not exist' in run.err


@pytest.mark.parametrize("url", ["postgresql://gm@host:notaport/db", "postgresql://gm@host/db?nosuchoption=1",
                                 "host=/tmp dbname=x schema=Bad-Name"])
def test_a_malformed_address_is_a_clean_error(dealer_on, url):
    run = dealer_on(url)("table", "list")
    assert_clean_error(run, code=1)


def test_a_blackholed_host_gives_up_within_the_connect_timeout(tmp_path):
    """10.255.255.1 answers nothing: libpq's connect_timeout (5 s) ends the wait, not the test's."""
    from tests.conftest import installed_dealer

    env = {**{k: v for k, v in os.environ.items() if not k.startswith("DEALER_")},
           "DEALER_STORE": "postgresql://gm@10.255.255.1:5432/campaign?connect_timeout=1"}
    proc = subprocess.run([installed_dealer(), "table", "list"], env=env, capture_output=True, text=True, timeout=60)
    assert proc.returncode == 1 and "10.255.255.1" in proc.stderr and len(proc.stderr.splitlines()) <= 2


def test_without_the_driver_a_postgresql_store_says_what_to_install(tmp_path):
    code = ("import sys; sys.modules['psycopg'] = None\n"
            "from dealer.__main__ import main; sys.argv = ['dealer', 'table', 'list']; main()")
    env = {**os.environ, "DEALER_STORE": "postgresql://gm@localhost/campaign"}
    proc = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=60)
    assert proc.returncode == 1 and "pip install 'weird-west-dealer[postgres]'" in proc.stderr
    assert len(proc.stderr.splitlines()) == 1


def test_an_sqlite_command_never_imports_the_driver(tmp_path):
    code = ("import sys\nfrom dealer.__main__ import main\nsys.argv = ['dealer', 'draw', '2', '--table', 't']\n"
            "try:\n    main()\nexcept SystemExit:\n    pass\nprint('psycopg' in sys.modules)")
    env = {**{k: v for k, v in os.environ.items() if not k.startswith("DEALER_")}, "DEALER_HOME": str(tmp_path)}
    subprocess.run([sys.executable, "-m", "dealer", "table", "new", "t"], env=env, check=True, capture_output=True)
    proc = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=60)
    assert proc.stdout.strip().splitlines()[-1] == "False", proc


# -- the schema ------------------------------------------------------------------------------

def _connect(url):
    from dealer.store.postgres import split_schema

    conninfo, schema = split_schema(url)
    connection = psycopg.connect(conninfo, autocommit=True)
    connection.execute(f'SET search_path TO "{schema}"')
    return connection


def test_the_schema_is_made_on_first_use_and_a_newer_one_is_refused(dealer_on, postgres_url):
    from dealer.store import postgres

    run = dealer_on(postgres_url)
    assert run("table", "list", "--json").json()["result"]["tables"] == []  # a read makes nothing
    assert run("table", "new", "t").code == 0
    with _connect(postgres_url) as connection:
        assert connection.execute("SELECT value FROM meta WHERE key = 'version'").fetchone() == (
            str(postgres.SCHEMA_VERSION),)
        connection.execute("UPDATE meta SET value = '99' WHERE key = 'version'")
    refused = run("draw", "1", "--table", "t")
    assert_clean_error(refused, code=1)
    assert "newer dealer" in refused.err and "99" in refused.err
    with _connect(postgres_url) as connection:  # never overwritten
        assert connection.execute("SELECT value FROM meta WHERE key = 'version'").fetchone() == ("99",)


def test_a_schema_of_the_first_version_is_migrated_forward_with_its_tables_states(dealer_on, postgres_url):
    """A schema as version 1 made it (its tables only, state format 3): a table written then (its
    kept hands in the old shape, one in an undo snapshot too) is brought to this version in one
    transaction (states upgraded, seats and a secret added), and plays on."""
    from tests.core.test_one_draw import FORMAT_3

    from dealer.store import postgres

    made = dealer_on(postgres_url)
    assert made("table", "new", "p", "-r", "poker-hands").code == 0
    for person in ("Ann", "Bert", "Bob", "Cy", "Doc", "Sally"):
        assert made("table", "add", "p", person, "--trait-free").code == 0
    old_schema = postgres_url.rsplit("schema=", 1)[1]
    new_schema = old_schema + "_v1"
    with _connect(postgres_url) as connection:
        connection.execute(f'CREATE SCHEMA "{new_schema}"')
        connection.execute(f'SET search_path TO "{new_schema}"')
        connection.execute(postgres.DDL)  # version 1's tables, functions and triggers
        connection.execute("INSERT INTO meta VALUES ('version', '1')")
        for name, columns in (("tables", "*"), ("cards", "*"), ("roster", "*"), ("chips", "*"), ("snapshots", "*"),
                              ("events", "id, table_id, seq, time, command, kind, deck, cards, seed, data, args")):
            connection.execute(f'INSERT INTO {name} SELECT {columns} FROM "{old_schema}".{name}')
        for name in ("tables", "snapshots", "events"):  # the copied ids: the next ones follow them
            connection.execute(f"SELECT setval(pg_get_serial_sequence('{name}', 'id'), (SELECT max(id) FROM {name}))")
        connection.execute("UPDATE tables SET state = %s", (json.dumps(FORMAT_3),))
        connection.execute("UPDATE snapshots SET data = jsonb_set(data::jsonb, '{state}', to_jsonb(%s::text))::text",
                           (json.dumps(FORMAT_3),))
    run = dealer_on(postgres_url.rsplit("schema=", 1)[0] + f"schema={new_schema}")
    assert run("chips", "give", "Sally", "red", "--table", "p").code == 0
    spent = run("chips", "spend", "Sally", "red", "--table", "p", "--json")
    assert spent.code == 0 and spent.json()["result"]["after"]["kind"] == "draw", spent
    assert run("table", "check", "p").code == 0 and run("table", "undo", "p").code == 0
    with _connect(postgres_url) as connection:
        connection.execute(f'SET search_path TO "{new_schema}"')
        assert connection.execute("SELECT value FROM meta WHERE key = 'version'").fetchone() == (
            str(postgres.SCHEMA_VERSION),)
        assert connection.execute("SELECT count(*) FROM secrets").fetchone() == (1,)


def test_a_role_that_may_not_make_the_schema_is_told_to_run_store_init(dealer_on, postgres_server, postgres_url):
    from tests import postgres_server as pg

    if not hasattr(postgres_server, "psql"):
        pytest.skip("DEALER_TEST_POSTGRES: roles are the tester's")
    postgres_server.psql(pg.DATABASE, "DO $$ BEGIN CREATE ROLE player_x LOGIN; EXCEPTION WHEN duplicate_object "
                                      "THEN NULL; END $$")
    schema = postgres_url.rsplit("schema=", 1)[1]
    player = pg.with_schema(postgres_server.base_url(user="player_x"), schema)
    refused = dealer_on(player)("table", "new", "t")
    assert_clean_error(refused, code=1)
    assert "dealer store init" in refused.err and "player_x" in refused.err
    made = dealer_on(postgres_url)("store", "init", "--json")
    from dealer.store.postgres import SCHEMA_VERSION

    assert made.code == 0 and made.json()["result"]["store"]["version"] == SCHEMA_VERSION, made
    assert dealer_on(postgres_url)("store", "init").code == 0  # again: nothing to do


def test_store_show_and_init_on_the_sqlite_file(dealer_on, tmp_path):
    run = dealer_on(str(tmp_path / "f" / "tables.sqlite3"))
    assert run("store", "init").code == 0 and (tmp_path / "f" / "tables.sqlite3").exists()
    shown = run("store", "show", "--json").json()["result"]
    assert shown["store"]["kind"] == "sqlite" and shown["tables"] == 0


# -- one command, one transaction ---------------------------------------------------------------

def test_commands_on_one_table_queue_while_another_table_goes_ahead(dealer_on, postgres_url, tmp_path):
    """A held lock on table a (another client mid-command): a command on a waits for it, one
    on b does not; when a's lock goes, the waiting command lands."""
    run = dealer_on(postgres_url)
    assert run("table", "new", "a").code == 0 and run("table", "new", "b").code == 0
    holder = _connect(postgres_url)
    holder.execute("BEGIN")
    holder.execute("SELECT id FROM tables WHERE name = 'a' FOR UPDATE")
    waiting = subprocess.Popen([sys.executable, "-m", "dealer", "draw", "1", "--table", "a", "--json"],
                               env={**os.environ, "DEALER_STORE": postgres_url}, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True)
    watcher = _connect(postgres_url)
    for _ in range(600):  # until the server shows the command waiting on a lock
        if watcher.execute("SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock' "
                           "AND datname = current_database()").fetchone()[0]:
            break
        threading.Event().wait(0.05)
    else:
        pytest.fail("the command on a never waited for a's lock")
    assert run("draw", "1", "--table", "b").code == 0  # b is not held up
    assert waiting.poll() is None
    holder.execute("COMMIT")
    out, err = waiting.communicate(timeout=60)
    assert waiting.returncode == 0, err
    assert len(json.loads(out)["result"]["cards"]) == 1
    holder.close()
    watcher.close()


def test_a_conflict_the_server_reports_is_retried_then_reported(dealer_on, postgres_url, monkeypatch):
    """A serialization failure raised in a command's transaction (as PostgreSQL raises it at a
    statement or at COMMIT): the command runs again from the start; past the bound, a clean error."""
    from dealer.store import tables

    run = dealer_on(postgres_url)
    assert run("table", "new", "t").code == 0
    calls = {"n": 0, "fail": 2}
    original = tables.Transaction.save

    def flaky(self, table, command, seed=None):
        calls["n"] += 1
        original(self, table, command, seed)
        if calls["n"] <= calls["fail"]:
            raise psycopg.errors.SerializationFailure("could not serialize access due to concurrent update")

    monkeypatch.setattr(tables.Transaction, "save", flaky)
    landed = run("draw", "2", "--table", "t", "--seed", "5", "--json")
    assert landed.code == 0 and calls["n"] == 3, landed
    calls.update(n=0, fail=99)
    refused = run("draw", "2", "--table", "t")
    assert_clean_error(refused, code=1)
    assert "gave up after 4 tries" in refused.err and calls["n"] == 4
    monkeypatch.undo()
    log = run("table", "log", "t", "--json").json()["result"]["events"]
    assert [event["kind"] for event in log].count("draw") == 1  # the failed tries left nothing


def test_a_dropped_connection_mid_command_leaves_the_table_as_it_was(dealer_on, postgres_url, monkeypatch):
    from dealer.store import tables

    run = dealer_on(postgres_url)
    assert run("table", "new", "t").code == 0
    before = run("table", "export", "t").out
    original = tables.Transaction.save

    def dropped(self, table, command, seed=None):
        pid = self.db.execute("SELECT pg_backend_pid()").fetchone()[0]
        with _connect(postgres_url) as killer:
            killer.execute("SELECT pg_terminate_backend(%s)", (pid,))
        return original(self, table, command, seed)

    monkeypatch.setattr(tables.Transaction, "save", dropped)
    lost = run("draw", "3", "--table", "t")
    assert_clean_error(lost, code=1)
    assert "lost the connection" in lost.err
    monkeypatch.undo()
    assert run("table", "export", "t").out == before
    assert run("draw", "3", "--table", "t").code == 0  # the next command works


def test_a_server_restart_between_commands_loses_nothing(dealer_on, postgres_server, postgres_url):
    if not hasattr(postgres_server, "restart"):
        pytest.skip("DEALER_TEST_POSTGRES: the tests do not restart the tester's server")
    run = dealer_on(postgres_url)
    assert run("table", "new", "t").code == 0 and run("draw", "5", "--table", "t").code == 0
    before = run("table", "export", "t").out
    postgres_server.restart("immediate")  # as a crash: no clean shutdown
    assert run("table", "export", "t").out == before
    assert run("table", "check", "t").code == 0 and run("draw", "5", "--table", "t").code == 0


def test_every_statement_on_a_tables_rows_names_that_one_table():
    """So that tables can be spread over database nodes by table id (as Citus distributes rows):
    every statement of the shared SQL (``tables.Transaction``, undo, transfer, a dealt table's and
    the replay's deals) that reads or
    writes cards, roster, chips, events or snapshots says ``table_id = ?`` (or inserts one
    table's rows); the directory of tables is read by name or id, or listed whole."""
    import ast
    import inspect
    import re

    from dealer.store import keyed_deals, shared_decks, tables, transfer, undo

    functions = [node for module in (tables, transfer, undo, shared_decks, keyed_deals)
                 for node in ast.walk(ast.parse(inspect.getsource(module)))
                 if isinstance(node, ast.FunctionDef) and not node.name.startswith("upgrade")]  # not migrations
    texts = set()
    for function in functions:
        inner = {id(part) for node in ast.walk(function) if isinstance(node, ast.JoinedStr) for part in node.values}
        for node in ast.walk(function):
            if isinstance(node, ast.JoinedStr):
                texts.add(ast.unparse(node)[2:-1])  # f"DELETE FROM {name} WHERE ...": its whole text
            elif isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in inner:
                texts.add(node.value)
    statements = {text for text in texts if re.match(r"\s*(SELECT|INSERT|UPDATE|DELETE)\b", text)}
    per_table = re.compile(r"\b(cards|roster|chips|events|snapshots)\b|\{name\}")
    assert len(statements) > 20
    for sql in statements:
        if sql.startswith("INSERT"):
            continue
        if per_table.search(sql):
            assert "table_id = ?" in sql, sql
        else:
            assert re.search(r"WHERE (id|name) = \?", sql) or re.fullmatch(r"SELECT [a-z, ]+ FROM tables ORDER BY name",
                                                                            sql), sql
