"""The published JSON Schema (docs/schema.json, draft 2020-12) says what the JSON output is, and
cannot drift from it: every golden JSON file and a JSON sweep of every command validate against it,
the sweep produces every kind the schema knows, and a kind, key or type it does not know is refused.

The sweep is built from the commands' own examples: every docs page's console examples run again
in order, each ``dealer`` command with ``--json`` (those that already ask for ``--json`` or
``--jsonl`` as they are), the shapes session of test_shapes (every command at least once), and the
few lines below for the kinds neither reaches.
"""

from __future__ import annotations

import copy
import functools
import json
import os
import shlex
import subprocess
from pathlib import Path

import pytest

jsonschema = pytest.importorskip("jsonschema", reason="the test extra holds jsonschema: pip install '.[test]'")

from tests.cli.test_docs import PAGES, SHELL, steps
from tests.cli.test_shapes import SESSION
from tests.conftest import installed_dealer

ROOT = Path(__file__).resolve().parent.parent.parent
SCHEMA = json.loads((ROOT / "docs" / "schema.json").read_text(encoding="utf-8"))
GOLDEN = ROOT / "tests" / "golden"
POKER = ("-r", "poker-hands")

# Lines for what neither the docs nor the shapes session produce: a device broken and repaired
# both ways, --count batches, help, a starter ruleset, a simulated count, a chip returned.
EXTRA = [
    ("rulesets", "new", "--from", "savage-worlds", "--name", "mine"),
    ("help",), ("help", "odds"),
    ("draw", "2", "--count", "3", "--seed", "1"),
    ("roll", "3d6", "--count", "2", "--seed", "1"),
    ("-r", "savage-worlds", "roll", "2d6", "--damage", "--count", "2", "--seed", "1"),
    ("odds", "hand", "7", "--simulate", "--samples", "2000", "--seed", "1"),
    ("table", "new", "lab", *POKER, "--seed", "2"),
    ("table", "add", "lab", "Ada", "--trait", "mad-science=3"),
    ("gadget", "design", "jetski", "--tier", "pair", "--by", "Ada", "--cards", "5h 5c 7d 8s 9h Kc Kd 2s",
     "--table", "lab"),
    ("gadget", "build", "jetski", "--by", "Ada", "--cards", "Jh Jc 9d 8s 7h 2c 3d 4s", "--table", "lab"),
    ("gadget", "use", "jetski-1", "--table", "lab", "--seed", "1"),
    ("gadget", "repair", "jetski-1", "--by", "Ada", "--cards", "Qh Qc 9d 8s 7h 2c 3d 4s", "--table", "lab"),
    ("gadget", "use", "jetski-1", "--table", "lab", "--seed", "1"),
    ("gadget", "repair", "jetski-1", "--fixed", "--table", "lab"),
    ("chips", "give", "Ada", "white", "--table", "lab"),
    ("chips", "return", "Ada", "white", "--table", "lab"),
    ("table", "log", "lab", "--last", "4", "--jsonl"),
]


@functools.cache
def validator(name=None):
    """A validator for the whole document, or for one ``$defs`` entry by its ``$id`` (as a script
    that checks one result would use it). Each is made once, on the schema crawled once: with no
    crawled registry, every document validated would crawl the whole schema again."""
    from referencing import Registry, Resource

    registry = Registry().with_resource(SCHEMA["$id"], Resource.from_contents(SCHEMA)).crawl()
    schema = SCHEMA if name is None else {"$ref": SCHEMA["$id"].rsplit("/", 1)[0] + "/" + name}
    return jsonschema.Draft202012Validator(schema, registry=registry)


def problems(document, against=None):
    """Every way ``document`` fails the schema, as ``path: message`` (the innermost errors)."""
    def leaves(errors):
        for error in errors:
            if error.context:
                yield from leaves(error.context)
            else:
                yield f"{'/'.join(map(str, error.absolute_path)) or '(top)'}: {error.message[:300]}"

    return list(leaves((against or validator()).iter_errors(document)))


def _parsed(argv, out):
    words = argv[:argv.index("--")] if "--" in argv else argv
    if "--jsonl" in words:
        return [json.loads(line) for line in out.splitlines() if line.strip()]
    return [json.loads(out)]


@pytest.fixture(scope="module")
def sweep(tmp_path_factory):
    """``(where, document)`` for every JSON output of the sweep, errors on stderr included."""
    from click.testing import CliRunner

    from dealer.cli import cli

    runner, found = CliRunner(), []
    clean = {"DEALER_RULESET": None, "DEALER_TABLE": None, "NO_COLOR": None, "DEALER_DEBUG": None}

    def run(argv, home, where):
        argv = list(argv)
        if "--json" not in argv and "--jsonl" not in argv:
            argv.append("--json")
        result = runner.invoke(cli, argv, env={**clean, "DEALER_HOME": str(home)}, prog_name="dealer")
        text = result.stdout if result.exit_code == 0 else result.stderr
        found.extend((f"{where}: dealer {shlex.join(argv)}", doc) for doc in _parsed(argv, text))

    before = os.getcwd()
    for page in PAGES:
        work = tmp_path_factory.mktemp(page.stem)
        os.chdir(work)  # the examples' files (house.toml, camp.json) live beside them
        try:
            _replay(page, work, run)
        finally:
            os.chdir(before)
    home = tmp_path_factory.mktemp("session")
    for argv in [*SESSION, *EXTRA]:
        run(argv, home, "session")
    return found


def _replay(page, work, run):
    """A page's examples in order, each dealer command as JSON."""
    for kind, what, text in steps(page):
        if kind == "file":
            (work / what).write_text(text, encoding="utf-8")
        elif SHELL.search(what):  # a pipe or redirection: run for what it leaves behind
            path = os.path.dirname(installed_dealer()) + os.pathsep + os.environ.get("PATH", "")
            subprocess.run(["bash", "-c", what], cwd=work, capture_output=True, timeout=120,
                           env={**os.environ, "DEALER_HOME": str(work / "state"), "PATH": path})
        else:
            run(shlex.split(what)[1:], work / "state", page.name)


def test_the_schema_is_draft_2020_12_and_each_entry_has_its_id():
    jsonschema.Draft202012Validator.check_schema(SCHEMA)
    assert SCHEMA["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert all(entry["$id"] == name for name, entry in SCHEMA["$defs"].items())
    kinds = SCHEMA["$defs"]["result"]["properties"]["kind"]["enum"]
    branches = [branch["if"]["properties"]["kind"]["const"] for branch in SCHEMA["$defs"]["result"]["allOf"]]
    assert sorted(branches) == sorted(kinds), "each kind has its line in result.allOf"


@pytest.mark.parametrize("path", sorted(GOLDEN.glob("*.json")), ids=lambda path: path.name)
def test_every_golden_json_file_validates(path):
    text = path.read_text(encoding="utf-8")  # the golden test masks times and durations: unmask them
    text = text.replace('"<seconds>"', "0.25").replace("<time>", "2026-05-01T20:00:00Z")
    assert problems(json.loads(text)) == []


def test_every_json_output_of_the_sweep_validates(sweep):
    wrong = [f"{where}\n    " + "\n    ".join(found) for where, doc in sweep if (found := problems(doc))]
    assert not wrong, f"{len(wrong)} outputs do not match docs/schema.json:\n" + "\n".join(wrong[:20])


# Kinds only a shared table (PostgreSQL) gives: tests/store/test_seats.py validates them.
POSTGRES_ONLY = {"table-seat", "table-reveal"}


def test_the_sweep_produces_every_kind_and_shape(sweep):
    """So no part of the schema goes untested: every kind, the batches, errors and log lines."""
    kinds, shapes = set(), set()
    for _, doc in sweep:
        result = doc.get("result")
        if isinstance(result, dict):
            kinds.update([result["kind"]] if "kind" in result else [])
            shapes.update(key for key in ("deals", "rolls") if key in result)
        shapes.update(key for key in ("error", "seq") if key in doc)
    assert kinds == set(SCHEMA["$defs"]["result"]["properties"]["kind"]["enum"]) - POSTGRES_ONLY
    assert shapes == {"deals", "rolls", "error", "seq"}
    assert len(sweep) > 200


def test_every_command_is_in_the_envelope():
    import click

    from dealer.cli import cli

    def paths(group, path=()):
        for name in group.list_commands(click.Context(group)):
            command = group.get_command(click.Context(group), name)
            if not isinstance(command, click.Group):
                yield " ".join(path + (name,))
            else:
                if command.invoke_without_command:
                    yield " ".join(path + (name,))
                yield from paths(command, path + (name,))

    assert set(paths(cli)) <= set(SCHEMA["$defs"]["envelope"]["properties"]["command"]["enum"])


def _golden(name):
    return json.loads((GOLDEN / f"{name}.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("change, says", [
    (lambda doc: doc["result"].update(kind="dice"), "'dice' is not one of"),
    (lambda doc: doc["result"].update(colour="red"), "Additional properties are not allowed ('colour'"),
    (lambda doc: doc["result"].pop("raises"), "'raises' is a required property"),
    (lambda doc: doc["result"].update(total="28"), "'28' is not of type 'integer'"),
    (lambda doc: doc["result"]["rolls"].append(["10"]), "'10' is not of type 'integer'"),
    (lambda doc: doc.update(command="rool"), "'rool' is not one of"),
    (lambda doc: doc.update(schema=4), "3 was expected"),
    (lambda doc: doc.pop("seed"), "'seed' is a required property"),
])
def test_the_schema_refuses_what_the_output_never_is(change, says):
    doc = _golden("roll")
    assert problems(doc) == []
    changed = copy.deepcopy(doc)
    change(changed)
    found = problems(changed)
    assert any(says in line for line in found), found


def test_closed_vocabularies_and_nested_shapes_are_checked():
    hand = _golden("action-hands")
    draw = hand["result"]["participants"][0]["draw"]
    assert draw["kind"] == "draw"
    for change, says in [(("purpose", "dance"), "'dance' is not one of"), (("bust", "no"), "is not of type"),
                         (("how_black", {"black": 1}), "'red' is a required property")]:
        changed = copy.deepcopy(hand)
        changed["result"]["participants"][0]["draw"][change[0]] = change[1]
        assert any(says in line for line in problems(changed)), change
    chips = _golden("chips-draw")
    chips["result"]["events"][0]["move"] = "steal"
    assert any("'steal' is not one of" in line for line in problems(chips))


def test_one_result_validates_alone_by_its_id():
    roll = _golden("roll")["result"]
    assert problems(roll, validator("roll")) == []
    assert problems(roll, validator("deal")) != []
    assert problems({"error": "dealer: unknown card 'Xz'", "exit": 1}) == []
