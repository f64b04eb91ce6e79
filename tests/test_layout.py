"""The shape the project keeps (STYLE.md, docs/development.md), read from the source itself.

A pure core (no click, no files, no global random), thin commands (parse, load, resolve,
save, render: no classes, short functions), and tests that assert what they seem to.
"""

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "cli" / "dealer"
LONGEST_COMMAND_FUNCTION = 40  # lines, docstring included


def parsed(path):
    """The module's tree without its ``if __name__ == "__main__":`` block (a tool's own use)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    tree.body = [node for node in tree.body if not (isinstance(node, ast.If) and "__main__" in ast.unparse(node.test))]
    return tree


def modules(folder):
    return sorted(folder.rglob("*.py"))


@pytest.mark.parametrize("path", modules(PACKAGE / "core"), ids=lambda path: str(path.relative_to(PACKAGE)))
def test_the_core_is_pure(path):
    """No click, no files or processes, no module-level random: the caller passes a Random in."""
    problems = []
    for node in ast.walk(parsed(path)):
        if isinstance(node, ast.Import | ast.ImportFrom):
            names = [alias.name for alias in node.names] if isinstance(node, ast.Import) else [node.module or ""]
            problems += [f"line {node.lineno}: imports {name}" for name in names
                         if name.split(".")[0] in {"click", "sqlite3", "os", "pathlib", "shutil", "tempfile",
                                                   "subprocess"}
                         or name.startswith(("dealer.", "dealer")) and not name.startswith(("dealer.core", "dealer.errors"))
                         and name != "dealer"]
        elif isinstance(node, ast.Call) and getattr(node.func, "id", None) in {"open", "print", "input"}:
            problems.append(f"line {node.lineno}: calls {node.func.id}()")
        elif isinstance(node, ast.Attribute) and getattr(node.value, "id", None) == "random" and node.attr != "Random":
            problems.append(f"line {node.lineno}: random.{node.attr} (the global generator)")
    assert not problems, problems


@pytest.mark.parametrize("path", modules(PACKAGE / "commands"), ids=lambda path: path.name)
def test_commands_stay_thin(path):
    """Rules live in core/mechanics; a command parses, loads, resolves, saves and renders."""
    problems = []
    for node in ast.walk(parsed(path)):
        if isinstance(node, ast.ClassDef):
            problems.append(f"class {node.name}: a command module defines no classes")
        elif isinstance(node, ast.FunctionDef) and node.end_lineno - node.lineno + 1 > LONGEST_COMMAND_FUNCTION:
            problems.append(f"{node.name}: {node.end_lineno - node.lineno + 1} lines (at most {LONGEST_COMMAND_FUNCTION})")
    assert not problems, problems


def test_no_test_states_a_check_without_asserting_it():
    """``check(run) and "x" in run.err`` as a statement asserts nothing of "x"."""
    bare = [f"{path.relative_to(ROOT)}:{node.lineno}: {ast.unparse(node)[:80]}"
            for path in modules(ROOT / "tests") for node in ast.walk(parsed(path))
            if isinstance(node, ast.Expr) and isinstance(node.value, ast.Compare | ast.BoolOp)]
    assert not bare, bare


def test_the_wheel_lists_every_package():
    """pyproject.toml names its packages one by one: a new package left out is missing from
    the wheel, though an editable install would still find it."""
    import tomllib

    listed = set(tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]["packages"])
    found = {".".join(path.parent.relative_to(PACKAGE.parent).parts) for path in PACKAGE.rglob("__init__.py")}
    assert found <= listed, sorted(found - listed)


def test_no_unused_or_undefined_names():
    """pyflakes' checks (ruff's F rules, configured in pyproject.toml): dead imports and
    variables, and names used but never defined."""
    import shutil
    import subprocess
    import sys

    ruff = shutil.which("ruff", path=str(Path(sys.executable).parent)) or shutil.which("ruff")
    assert ruff, "install the test extra: pip install '.[test]'"
    run = subprocess.run([ruff, "check", "--output-format", "concise", "cli", "tests", "bench"], cwd=ROOT,
                         capture_output=True, text=True)
    assert run.returncode == 0, run.stdout + run.stderr


def _is_type_checking(node):
    """``if TYPE_CHECKING:`` (or ``typing.TYPE_CHECKING``): a block that only type checkers run."""
    test = node.test if isinstance(node, ast.If) else None
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING"
            or isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _run_time_nodes(tree):
    """Every node of ``tree`` except those inside an ``if TYPE_CHECKING:`` block: an import there
    names a type for annotations only and is never run, so it is no run-time dependency (its
    ``else:`` branch does run, and is kept)."""
    stack = [tree]
    while stack:
        node = stack.pop()
        yield node
        if _is_type_checking(node):
            stack.extend([node.test, *node.orelse])
        else:
            stack.extend(ast.iter_child_nodes(node))


def _imports(path, module, modules):
    """The dealer modules ``module`` imports when it runs, at the top or inside a function."""
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found = set()
    for node in _run_time_nodes(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")[:len(package.split(".")) - node.level + 1]
                base = ".".join(parts + ([base] if base else []))
            names = [base] + [f"{base}.{alias.name}" for alias in node.names]
        else:
            continue
        found.update(name for name in names if name in modules and name != module)
    return found


def test_an_import_for_annotations_only_is_no_dependency(tmp_path):
    path = tmp_path / "mod.py"
    path.write_text("import dealer.a\nTYPE_CHECKING = False\nif TYPE_CHECKING:\n    import dealer.b\n"
                    "else:\n    import dealer.c\nif typing.TYPE_CHECKING:\n    from dealer import d\n"
                    "def f():\n    import dealer.e\n", encoding="utf-8")
    modules = {f"dealer.{name}": None for name in "abcde"}
    assert _imports(path, "dealer.mod", modules) == {"dealer.a", "dealer.c", "dealer.e"}


def test_no_import_cycle():
    """One concept, one home: no module imports another that imports it back, directly or not,
    counting imports inside functions too (a lazy import is still a dependency); an import under
    ``if TYPE_CHECKING:`` is for annotations only and does not count."""
    paths = {}
    for path in modules(PACKAGE):
        parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
        paths[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    graph = {name: _imports(path, name, paths) for name, path in paths.items()}
    cycles = []
    state = {}

    def visit(name, trail):
        state[name] = "open"
        for other in sorted(graph[name]):
            if state.get(other) == "open":
                cycles.append(" -> ".join(trail[trail.index(other):] + [other]))
            elif other not in state:
                visit(other, trail + [other])
        state[name] = "done"

    for name in sorted(graph):
        if name not in state:
            visit(name, [name])
    assert not cycles, cycles


LEAST_ANNOTATED = 0.98  # issue 21, item 8: the public functions of core/ and store/, typed


def _public_functions():
    """Every public function and method (nested ones too) of core/ and store/, but the generated
    ``store/shipped.py``: ``(where, node)``."""
    for folder in ("core", "store"):
        for path in modules(PACKAGE / folder):
            if path.name == "shipped.py":
                continue
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and not node.name.startswith("_"):
                    yield f"{path.relative_to(PACKAGE)}:{node.lineno} {node.name}", node


def _parameters(node):
    """Every parameter but ``self``/``cls``: positional, keyword-only, ``*args`` and ``**kwargs``."""
    arguments = node.args
    named = [a for a in arguments.posonlyargs + arguments.args + arguments.kwonlyargs if a.arg not in ("self", "cls")]
    return named + [a for a in (arguments.vararg, arguments.kwarg) if a is not None]


def _fully_annotated(node):
    return node.returns is not None and all(a.annotation is not None for a in _parameters(node))


def test_core_and_store_are_annotated():
    """At least ``LEAST_ANNOTATED`` of the public functions annotate every parameter and the return,
    and a ruleset is a ``Ruleset``, never ``Any``."""
    functions = list(_public_functions())
    missing = [where for where, node in functions if not _fully_annotated(node)]
    share = 1 - len(missing) / len(functions)
    assert share >= LEAST_ANNOTATED, f"{share:.1%} of {len(functions)} annotated; annotate:\n" + "\n".join(missing)
    untyped = [where for where, node in functions for a in _parameters(node)
               if a.arg == "ruleset" and a.annotation is not None and ast.unparse(a.annotation) in ("Any", "typing.Any")]
    assert not untyped, "a ruleset is a Ruleset (dealer.core.rules), not Any:\n" + "\n".join(untyped)


def test_the_annotation_count_reads_every_kind_of_parameter():
    tree = ast.parse("def f(a: int, /, b: int, *args: int, c: int, **kwargs) -> None: ...\n"
                     "class C:\n    def m(self, x: int) -> int: ...\n    def n(self) : ...")
    f, m, n = (node for node in ast.walk(tree) if isinstance(node, ast.FunctionDef))
    assert [a.arg for a in _parameters(f)] == ["a", "b", "c", "args", "kwargs"]
    assert (_fully_annotated(f), _fully_annotated(m), _fully_annotated(n)) == (False, True, False)
