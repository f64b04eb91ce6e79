"""Undo, export and import of tables.

A stateful test runs random table moves (the same as the table state machine's) and, at any
point, undoes: the table must come back exactly as it was before the last move that changed
it, as often as undo is repeated. After every step the table is exported, imported under
another name and exported again: the two documents must agree.
"""

import copy
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.stateful import invariant, precondition, rule

from dealer.render import SCHEMA
from dealer.store.transfer import export_table, import_table
from tests.store.test_tables_stateful import TableMachine


def view(store, name="t"):
    """The table as data, without its name and history (what undo puts back)."""
    with store.transaction() as tx:
        doc = export_table(tx.db, name)
    doc.pop("events")
    doc.pop("table")
    return doc


class UndoMachine(TableMachine):
    def step(self, action):
        before = view(self.store)
        super().step(action)
        if view(self.store) != before:
            self.__dict__.setdefault("changes", []).append(before)

    @precondition(lambda self: hasattr(self, "store"))
    @rule()
    def undo(self):
        changes = self.__dict__.setdefault("changes", [])
        with self.store.transaction() as tx:
            undone = tx.undo(tx.load("t"))  # logged, as `table undo` logs it
        if not changes:
            assert undone is None
            return
        assert undone is not None and undone["command"] == "test"
        assert view(self.store) == changes.pop()

    @precondition(lambda self: hasattr(self, "store"))
    @invariant()
    def export_and_import_round_trip(self):
        with self.store.transaction() as tx:
            original = export_table(tx.db, "t")
            import_table(tx, copy.deepcopy(original), "copy", "test")
            again = export_table(tx.db, "copy")
            tx.delete("copy")
        assert again["events"][:-1] == original["events"]
        assert again["events"][-1]["kind"] == "import"
        assert {**again, "table": "t", "events": []} == {**original, "events": []}


UndoMachine.TestCase.settings = settings(max_examples=4, stateful_step_count=20, deadline=None)
test_undo_and_round_trip_state_machine = UndoMachine.TestCase


class LongUndoMachine(UndoMachine):
    pass


LongUndoMachine.TestCase.settings = settings(max_examples=25, stateful_step_count=40, deadline=None)
test_undo_and_round_trip_at_length = pytest.mark.slow(LongUndoMachine.TestCase)


# -- the commands ------------------------------------------------------------------------------

def show(dealer, name="T"):
    return dealer("table", "show", name, "--json").json()["result"]


def test_undo_walks_back_one_changing_command_at_a_time(dealer):
    dealer("table", "new", "T", "--seed", "1")
    states = [show(dealer)]
    dealer("table", "add", "T", "Sarah", "--trait", "quickness=3d6")
    states.append(show(dealer))
    dealer("draw", "3", "--table", "T", "--seed", "2")
    dealer("table", "show", "T")  # changes nothing: not a step to undo
    states.append(show(dealer))
    dealer("action", "--table", "T", "--seed", "3")
    assert show(dealer) != states[-1]
    for expected in reversed(states[1:]):
        run = dealer("table", "undo", "T", "--json")
        assert run.code == 0, run
        assert show(dealer) == expected
    last = dealer("table", "undo", "T", "--json")
    assert last.code == 0 and last.json()["result"]["undid"]["command"] == "table add"
    assert show(dealer) == states[0]
    run = dealer("table", "undo", "T")
    assert run.code == 1 and "nothing to undo" in run.err


def test_undo_is_recorded_in_the_history_which_stays_whole(dealer):
    dealer("table", "new", "T", "--seed", "1")
    dealer("draw", "2", "--table", "T", "--seed", "2")
    events = dealer("table", "log", "T", "--json").json()["result"]["events"]
    out = dealer("table", "undo", "T").out
    assert out.startswith("table T: undid draw (event 3")
    after = dealer("table", "log", "T", "--json").json()["result"]["events"]
    assert after[:-1] == events
    assert after[-1]["kind"] == "undo" and after[-1]["data"]["command"] == "draw"
    assert after[-1]["data"]["events"] == [3, 3]


def test_export_then_import_under_another_name(dealer, tmp_path):
    dealer("table", "new", "T", "--seed", "1")
    dealer("table", "add", "T", "Sarah", "--trait", "quickness=3d6")
    dealer("action", "--table", "T", "--seed", "3")
    exported = dealer("table", "export", "T")
    assert exported.code == 0
    doc = json.loads(exported.out)
    assert doc["schema"] == SCHEMA and doc["command"] == "table export" and doc["result"]["format"] == 1
    path = tmp_path / "t.json"
    path.write_text(exported.out, encoding="utf-8")
    refused = dealer("table", "import", path)
    assert refused.code == 1 and "already exists" in refused.err and "--as" in refused.err
    run = dealer("table", "import", path, "--as", "U")
    assert run.code == 0 and run.out.startswith("table U: imported from")
    assert {**show(dealer, "U"), "table": "T"} == show(dealer, "T")
    via_stdin = dealer("table", "import", "-", "--as", "V", input=exported.out)
    assert via_stdin.code == 0
    log = dealer("table", "log", "V", "--json").json()["result"]["events"]
    assert log[-1]["kind"] == "import" and log[:-1] == doc["result"]["events"]
    assert dealer("table", "undo", "V").code == 1  # an imported table starts with nothing to undo


def tampered(doc, change):
    doc = copy.deepcopy(doc)
    change(doc["result"])
    return json.dumps(doc)


def _swap_card(result):
    result["decks"]["main"]["deck"][0] = result["decks"]["main"]["deck"][1]


def _strange_card(result):
    result["decks"]["main"]["deck"][0] = "Xz"


def _extra_chip(result):
    result["chips"]["pot"]["white"] += 1


@pytest.mark.parametrize("change, says", [
    (_swap_card, "twice"),
    (_strange_card, "not deadlands cards: Xz"),
    (lambda r: r["decks"]["main"]["deck"].pop(), "missing"),
    (_extra_chip, "not conserved"),
    (lambda r: r["chips"]["players"].update({"Sarah": {"gold": 1}}), "not a chip colour"),
    (lambda r: r.update(format=99), "newer"),
    (lambda r: r["document"]["dice"].update(tn="five"), "its ruleset"),
    (lambda r: r["roster"].append({"name": "Zed", "side": "posse", "traits": {"quickness": "banana"}}),
     "Zed: quickness=banana"),
    (lambda r: r["roster"].append({"name": "Zed", "side": "nobody", "traits": {}}), "side"),
    (lambda r: r["events"].pop(0), "numbered"),
    (lambda r: r.update(state=[]), "'state'"),
    (lambda r: r.update(ruleset="poker-hands"), "its ruleset document is 'deadlands'"),
])
def test_a_bad_document_is_refused_and_nothing_is_written(dealer, change, says):
    dealer("table", "new", "T", "--seed", "1")
    doc = json.loads(dealer("table", "export", "T").out)
    run = dealer("table", "import", "-", "--as", "U", input=tampered(doc, change))
    assert run.code == 1 and says in run.err and "nothing was written" in run.err, run
    assert "Traceback" not in run.err and len(run.err.strip().splitlines()) == 1
    assert [t["name"] for t in dealer("table", "list", "--json").json()["result"]["tables"]] == ["T"]


@pytest.mark.parametrize("text, says", [("not json", "not JSON"), ('{"command": "draw"}', "not a table exported"),
                                        ("[]", "not a table exported"), (b"\xd0\x00\xff", "not UTF-8")])
def test_a_file_that_is_not_an_export_is_refused(dealer, text, says):
    run = dealer("table", "import", "-", input=text)
    assert run.code == 1 and says in run.err


def test_undo_and_export_of_a_missing_table_are_clean_errors_that_create_nothing(dealer, tmp_path):
    for command in ("undo", "export"):
        run = dealer("table", command, "nowhere")
        assert run.code == 1 and "no table 'nowhere'" in run.err and len(run.err.splitlines()) == 1
    assert not (tmp_path / "state").exists()


def _paths(value, path=()):
    """Every place in a JSON value, as a path of keys and indexes."""
    yield path
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _paths(item, path + (key,))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _paths(item, path + (index,))


JSON_VALUES = st.recursive(st.none() | st.booleans() | st.integers(-3, 60) | st.text(max_size=4),
                           lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=3), inner,
                                                                                         max_size=3),
                           max_leaves=4)


@pytest.fixture(scope="module")
def exported(tmp_path_factory):
    from click.testing import CliRunner

    from dealer.cli import cli

    home = tmp_path_factory.mktemp("export")
    runner = CliRunner()
    env = {"DEALER_HOME": str(home)}
    for args in (["table", "new", "T", "--seed", "1"], ["table", "add", "T", "Sarah", "--trait", "quickness=3d6"],
                 ["action", "--table", "T", "--seed", "2"], ["draw", "3", "--table", "T", "--seed", "3"]):
        assert runner.invoke(cli, args, env=env).exit_code == 0
    return json.loads(runner.invoke(cli, ["table", "export", "T"], env=env).stdout)


@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_a_mutated_export_is_imported_whole_or_refused_cleanly(exported, data, tmp_path_factory):
    from click.testing import CliRunner

    from dealer.cli import cli

    doc = copy.deepcopy(exported)
    places = [path for path in _paths(doc["result"]) if path]
    path = data.draw(st.sampled_from(places))
    parent = doc["result"]
    for key in path[:-1]:
        parent = parent[key]
    if data.draw(st.booleans()) and isinstance(parent, dict):
        del parent[path[-1]]
    else:
        parent[path[-1]] = data.draw(JSON_VALUES)
    env = {"DEALER_HOME": str(tmp_path_factory.mktemp("import"))}
    runner = CliRunner()
    run = runner.invoke(cli, ["table", "import", "-", "--as", "U"], input=json.dumps(doc), env=env)
    assert run.exit_code in (0, 1), run.output
    assert "internal error" not in run.stderr and "Traceback" not in run.stderr
    listed = json.loads(runner.invoke(cli, ["table", "list", "--json"], env=env).stdout)["result"]["tables"]
    if run.exit_code == 1:
        assert "nothing was written" in run.stderr and listed == []
    else:
        assert [t["name"] for t in listed] == ["U"]
        shown = runner.invoke(cli, ["table", "show", "U", "--json"], env=env)
        assert shown.exit_code == 0
