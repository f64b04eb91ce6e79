"""Issue 36, the ruleset loader: a deep dotted key refused in bounded memory, before the TOML
parser sees it (36.1); an ``extends`` chain too long told against the file the user gave (36.7)."""

from __future__ import annotations

import os
import subprocess
import sys
import tracemalloc

import pytest

from dealer.errors import RulesetError
from dealer.store import rulesets
from tests.conftest import installed_dealer


@pytest.fixture(autouse=True)
def here(tmp_path, monkeypatch):
    """Files named relative to a working folder: messages quote a path in at most 80 characters."""
    monkeypatch.chdir(tmp_path)


def house(tmp_path, text, name="house.toml"):
    (tmp_path / name).write_text(text, encoding="utf-8")
    return name


def deep_key(parts, part="a"):
    return 'extends = "deadlands"\n' + ".".join([part] * parts) + " = 1\n"


def _limited(megabytes, cpu_seconds):
    def limit():
        import resource

        resource.setrlimit(resource.RLIMIT_AS, (megabytes << 20, megabytes << 20))
        resource.setrlimit(resource.RLIMIT_CPU, (cpu_seconds, cpu_seconds))
    return limit


@pytest.mark.skipif(sys.platform != "linux", reason="address-space limits as Linux keeps them")
@pytest.mark.parametrize("parts", [40_000, 499_000])  # the reproducer, and a whole megabyte of it
def test_a_deep_dotted_key_is_refused_in_bounded_memory(tmp_path, parts):
    """The TOML parser's memory grows with the square of a dotted key's parts: 40,000 took 2 GB
    and ended in "internal error: MemoryError". Under 600 MB of address space and 20 s of CPU
    (a guard, not a timing), the file is refused by name, with its line."""
    path = house(tmp_path, deep_key(parts))
    assert (tmp_path / path).stat().st_size <= rulesets.MAX_BYTES
    env = {k: v for k, v in os.environ.items() if not k.startswith("DEALER_")}
    proc = subprocess.run([installed_dealer(), "rulesets", "validate", path], capture_output=True, text=True,
                          env={**env, "DEALER_HOME": str(tmp_path / "state")}, preexec_fn=_limited(600, 20),
                          timeout=300, cwd=tmp_path)
    assert proc.returncode == 1, proc
    assert proc.stderr.strip() == (f"dealer: {path}: line 2: a dotted key of more than 20 parts: tables or arrays "
                                   "nested too deeply (at most 20 levels)"), proc


@pytest.mark.parametrize("text, line", [
    (deep_key(3000), 2),
    ('extends = "deadlands"\n[' + ".".join(["t"] * 3000) + "]\nx = 1\n", 2),  # a table header
    ('extends = "deadlands"\n# a comment\n' + ".".join(['"q"'] * 3000) + " = 1\n", 3),  # quoted parts
    ('extends = "deadlands"\nnotes = """\nmany\nlines\n"""\n' + " . ".join(["k"] * 3000) + " = 1\n", 6),
    ('extends = "deadlands"\nx = {' + ".".join(["i"] * 3000) + " = 1}\n", 2),  # inside an inline table
])
def test_the_scan_refuses_before_the_parser_allocates(tmp_path, text, line):
    """In-process: the peak of traced memory stays small. 3,000 parts cost the parser some 30 MB
    (it grows as the square); refused by the scan, about the text's own size."""
    path = house(tmp_path, text)
    tracemalloc.start()
    try:
        with pytest.raises(RulesetError) as raised:
            rulesets.load(path)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 2_000_000, peak
    assert raised.value.problems == [f"{path}: line {line}: a dotted key of more than 20 parts: tables or arrays "
                                     "nested too deeply (at most 20 levels)"]


def test_dots_in_strings_and_comments_are_not_keys(tmp_path):
    """Notes may hold sentences of any number of dots; a comment too; a twenty-part key is as
    deep as a ruleset may nest, so it is judged by the rules, not by the scan."""
    dotted = ". ".join(["word"] * 40)
    quotes = '"' * 3
    text = "\n".join([
        'extends = "deadlands"',
        "# " + dotted,
        'source = "' + dotted + r' \\ \""',  # escapes: a backslash, a quote
        "title = '''" + dotted + "'''",
        "notes = " + quotes,
        dotted + r" \"" + '"',  # an escaped quote beside another: not the end
        quotes, ""])
    ruleset = rulesets.load(house(tmp_path, text))
    assert ruleset.document["source"] == dotted + ' \\ "'
    assert ruleset.document["title"] == dotted and ruleset.document["notes"] == dotted + ' ""\n'
    assert rulesets._deep_key_line(deep_key(20)) is None
    assert rulesets._deep_key_line(deep_key(21)) == 2
    with pytest.raises(RulesetError) as raised:  # twenty parts: past the scan, told by the rules
        rulesets.load(house(tmp_path, deep_key(20), "twenty.toml"))
    assert "dotted key" not in str(raised.value)


def test_an_unterminated_string_does_not_hide_a_key_or_slow_the_scan():
    """A string left open runs to where the parser says it does: the end of its line (a basic
    string), the end of the text (a multi-line one). The scan is one pass either way."""
    assert rulesets._deep_key_line('x = "open\n' + ".".join("k" * 30) + " = 1\n") == 2
    assert rulesets._deep_key_line('x = """open\n' + ".".join("k" * 30) + " = 1\n") is None  # inside it
    tracemalloc.start()
    try:
        assert rulesets._deep_key_line('"""' + '\\"""' * 200_000 + "." * 30) is None
        assert rulesets._deep_key_line(("." + "a" * 19) * 50_000) == 1
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 8_000_000, peak


def chain(tmp_path, files):
    """c0.toml extends c1.toml ... c{files - 1}.toml extends deadlands: ``files + 1`` rulesets."""
    for i in range(files - 1):
        house(tmp_path, f'extends = "c{i + 1}.toml"\nname = "c{i}"\n', f"c{i}.toml")
    house(tmp_path, 'extends = "deadlands"\n', f"c{files - 1}.toml")


def test_a_chain_too_long_is_told_against_the_file_the_user_gave(tmp_path):
    """The chain belongs to the file given, whichever link passes the limit: told there (it was
    told against the tenth file, which the user may never have heard of)."""
    chain(tmp_path, 30)
    for start in (0, 7):
        given = f"c{start}.toml"
        with pytest.raises(RulesetError) as raised:
            rulesets.load(given)
        assert raised.value.problems == [f"{given}: extends: a chain of more than 10 rulesets "
                                         f"(c{start + 10}.toml is number 11); extend a shipped ruleset more directly"]


def test_a_chain_at_the_limit_loads_and_one_more_is_refused(tmp_path):
    chain(tmp_path, 9)  # nine files and deadlands: ten rulesets
    assert rulesets.load("c0.toml").name == "c0"
    house(tmp_path, 'extends = "c0.toml"\n', "top.toml")
    with pytest.raises(RulesetError) as raised:
        rulesets.load("top.toml")
    assert raised.value.problems == ["top.toml: extends: a chain of more than 10 rulesets "
                                     "(deadlands.toml is number 11); extend a shipped ruleset more directly"]


def test_a_broken_parent_is_still_told_by_the_file_that_names_it(tmp_path):
    """Only the chain's length moved to its start: a file that cannot be read is told with the
    file whose extends names it, as before."""
    house(tmp_path, 'extends = "missing.toml"\n', "middle.toml")
    house(tmp_path, 'extends = "middle.toml"\n', "top.toml")
    with pytest.raises(RulesetError) as raised:
        rulesets.load("top.toml")
    assert raised.value.problems[0].startswith("middle.toml: extends: missing.toml: cannot read it")


def test_a_stray_file_named_like_a_shipped_ruleset_does_not_hide_it(tmp_path):
    """A store made with ``--store weird-dust-devils`` (the fuzz made one in the checkout) then
    stood for the ruleset of that name: "not UTF-8 text". The shipped name wins; ``./NAME``
    and other bare names of files still read the file."""
    (tmp_path / "weird-dust-devils").write_bytes(b"SQLite format 3\0\xff\xfe")
    assert rulesets.load("weird-dust-devils").name == "weird-dust-devils"
    with pytest.raises(RulesetError, match="not UTF-8 text"):
        rulesets.load("./weird-dust-devils")
    (tmp_path / "house").write_text('extends = "deadlands"\nname = "house"\n', encoding="utf-8")
    assert rulesets.load("house").name == "house"
