"""Rulesets on disk: the shipped ones (package data) and user files, with ``extends``.

Loading is: read the text, parse TOML, merge the ``extends`` chain, validate and build
(``dealer.core.rules``). Every problem names the file, the key path and, where the TOML
parser or a search of the file finds one, the line: a problem with a key is told in the file
of the chain that wrote the key, and a file that cannot be read or parsed is told with the
file whose ``extends`` names it. A UTF-8 byte-order mark at the start of a file is ignored.
"""

from __future__ import annotations

import json
import os
import re
from typing import TYPE_CHECKING

from dealer.core.rules import build_ruleset
from dealer.errors import RulesetError, shown

if TYPE_CHECKING:
    from typing import Any

    from dealer.core.rules import Ruleset

PACKAGE = "dealer.rulesets"
DEFAULT = "deadlands"
MAX_BYTES = 1_000_000  # a ruleset file (the shipped ones are under 6 KB)
MAX_EXTENDS = 10  # rulesets in one extends chain
MAX_DEPTH = 20  # tables and arrays inside each other (the schema needs 6)


def builtin_names() -> list[str]:
    """The shipped rulesets' names, sorted."""
    from importlib import resources  # costs a few ms of imports: only for listing

    return sorted(entry.name[:-5] for entry in resources.files(PACKAGE).iterdir()
                  if entry.name.endswith(".toml"))


def _builtin_text(name):
    """A shipped ruleset's text through its package's loader (what pkgutil.get_data does).

    Works for wheels, plain and editable installs alike, without the import cost of
    importlib.resources on every run. None when there is no such ruleset.
    """
    import dealer.rulesets as package

    if not name or name.startswith(".") or "/" in name or os.sep in name:
        return None
    for directory in package.__path__:
        try:
            data = package.__spec__.loader.get_data(os.path.join(directory, f"{name}.toml"))
        except OSError:
            continue
        return data.decode("utf-8")
    return None


def is_path(spec: str) -> bool:
    """Whether ``spec`` names a file: a .toml name, a path, or a file here that is no shipped
    ruleset's name (a stray file called ``deadlands`` does not hide the shipped one; write
    ``./deadlands`` for it)."""
    if spec.endswith(".toml") or "/" in spec or os.sep in spec:
        return True
    return os.path.isfile(spec) and _builtin_text(spec) is None


def _read(spec, base_dir=None):
    """``(text, origin, display name)`` for a shipped name or a file path."""
    if "\0" in spec or len(spec) > 4096:
        raise RulesetError([f"'{shown(spec)}' is not a ruleset name or path: write a shipped name "
                            f"({', '.join(builtin_names())}) or the path of a .toml file"])
    if is_path(spec):
        path = spec if base_dir is None or os.path.isabs(spec) else os.path.join(base_dir, spec)
        return _read_file(path, shown(spec)), os.path.abspath(path), shown(spec)
    text = _builtin_text(spec)
    if text is None:
        names = builtin_names()
        import difflib

        close = difflib.get_close_matches(spec, names, n=1) if len(spec) < 40 else []
        hint = f"did you mean '{close[0]}'? " if close else ""
        raise RulesetError([f"unknown ruleset '{shown(spec)}': {hint}the shipped rulesets are "
                            f"{', '.join(names)}; or give the path of a .toml file"])
    return text, spec, f"{spec}.toml"


def _read_file(path, display, noun="ruleset"):
    """A ruleset file's text (or another TOML file's: ``noun``): a regular file of at most
    MAX_BYTES, read without ever blocking (a FIFO, /dev/zero or a terminal is refused before a
    byte is read)."""
    import stat

    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0))
    except OSError as error:
        hint = "check the path or use a shipped name" if noun == "ruleset" else "check the path"
        raise RulesetError([f"{display}: cannot read it ({(error.strerror or 'error').lower()}); {hint}"]) from None
    try:
        info = os.fstat(fd)  # of what was opened, so it cannot be swapped after the check
        if not stat.S_ISREG(info.st_mode):
            raise RulesetError([f"{display}: not a regular file; a {noun} is a .toml file"])
        if info.st_size > MAX_BYTES:
            raise RulesetError([f"{display}: {info.st_size:,} bytes; a {noun} file is at most {MAX_BYTES:,}"])
        data = os.read(fd, MAX_BYTES + 1)
        if len(data) > MAX_BYTES:  # it grew while being read
            raise RulesetError([f"{display}: more than {MAX_BYTES:,} bytes; a {noun} file is at most that"])
    except OSError as error:
        raise RulesetError([f"{display}: cannot read it ({(error.strerror or 'error').lower()})"]) from None
    finally:
        os.close(fd)
    try:
        return data.decode("utf-8-sig")  # a byte-order mark (some Windows editors write one) is not TOML
    except UnicodeDecodeError:
        raise RulesetError([f"{display}: not UTF-8 text; save the {noun} as UTF-8"]) from None


_TOML_POSITION = r"\s*\(at line (\d+), column (\d+)\)"  # compiled only for a broken file
# What a dotted key cannot contain: strings (a quoted part, or a value) and comments, once the
# escapes that could hide a quote are blanked out. A string left open runs to the end of its
# line (a basic one) or of the text (a multi-line one), as the parser reads it. No pattern
# repeats a group, so the scan is linear in time and needs no memory per character.
_TOML_STRING_OR_COMMENT = (r'"""(?:.*?)(?:"{3,5}|\Z)|\'\'\'.*?(?:\'{3,5}|\Z)'
                           r'|"[^"\n]*"?|\'[^\'\n]*\'?|#[^\n]*')


def _deep_key_line(text):
    """The line of the first dotted key (or table header) of more than ``MAX_DEPTH`` parts, or
    None: a cheap scan before the TOML parser, whose memory grows with the square of a dotted
    key's parts (``a.a.a... = 1`` of 40,000 parts takes gigabytes before any depth check).

    Escaped backslashes and quotes are blanked (a backslash outside a string stops the parser
    there anyway), strings become one bare part and comments go (their newlines kept, for the
    line), then a run of ``MAX_DEPTH`` dots with only key characters between them is a key that
    deep: outside strings, nothing else in TOML puts dots in a row (a float has one, an array
    commas).

    >>> _deep_key_line("a.b = 1\\n" + ".".join("k" * 30) + " = 2\\n"), _deep_key_line('notes = "' + "a. " * 30 + '"')
    (2, None)
    """
    if text.count(".") < MAX_DEPTH:
        return None
    plain = text.replace("\\\\", "__").replace('\\"', "__")  # same length: the lines stay
    skeleton = re.sub(_TOML_STRING_OR_COMMENT,
                      lambda found: "" if found.group()[0] == "#" else "s" + "\n" * found.group().count("\n"), plain,
                      flags=re.S)
    deep = re.search(r"(?<![\w\-. \t])[\w\- \t]*(?:\.[\w\- \t]*){%d}" % MAX_DEPTH, skeleton)  # a run from its start
    return None if deep is None else skeleton.count("\n", 0, deep.start()) + 1


def _parse(text, display):
    try:  # imported here: a table's pinned ruleset is JSON and needs no TOML parser
        import tomllib
    except ModuleNotFoundError:  # Python < 3.11
        import tomli as tomllib

    line = _deep_key_line(text)
    if line is not None:
        raise RulesetError([f"{display}: line {line}: a dotted key of more than {MAX_DEPTH} parts: tables or "
                            f"arrays nested too deeply (at most {MAX_DEPTH} levels)"])
    try:
        document = tomllib.loads(text)
    except RecursionError:
        raise RulesetError([f"{display}: tables or arrays nested too deeply (at most {MAX_DEPTH} levels)"]) from None
    except tomllib.TOMLDecodeError as error:
        message = str(error)
        found = re.search(_TOML_POSITION, message)
        where = ""
        if found:
            where = f" line {found.group(1)}, column {found.group(2)}:"
            message = re.sub(_TOML_POSITION, "", message)
        raise RulesetError([f"{display}:{where} {message[:1].lower()}{message[1:]} (TOML syntax)"]) from None
    if _depth(document) > MAX_DEPTH:
        raise RulesetError([f"{display}: tables or arrays nested too deeply (at most {MAX_DEPTH} levels)"])
    return document


def read_toml(path: str, noun: str) -> dict:
    """Another TOML file a command reads (a character sheet: ``noun``), read and parsed as safely
    as a ruleset: never blocking, at most MAX_BYTES, the deep-key scan, MAX_DEPTH. A problem is
    a ``RulesetError`` of one line, ``path: what is wrong``."""
    return _parse(_read_file(path, shown(path), noun), shown(path))


def _depth(value):
    """How deeply tables and arrays nest in ``value`` (without recursion)."""
    deepest, stack = 0, [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, (dict, list)):
            deepest = max(deepest, depth)
            if depth <= MAX_DEPTH:
                stack.extend((child, depth + 1) for child in (item.values() if isinstance(item, dict) else item))
    return deepest


def _merge(base, change):
    """Tables merge key by key; everything else (arrays included) is replaced."""
    out = dict(base)
    for key, value in change.items():
        if isinstance(value, dict) and isinstance(out.get(key), dict):
            out[key] = _merge(out[key], value)
        else:
            out[key] = value
    return out


def _resolved(spec, base_dir=None, chain=(), files=None):
    """The merged document of ``spec`` and its ``extends`` chain, with display info (the text is
    None for a shipped ruleset read ready-validated from ``dealer.store.shipped``).

    ``files`` (a list), when given, gets ``(display, text, own document)`` of each file of the
    chain, ``spec``'s first: where a problem found in the merged document was written.
    """
    if not chain and not is_path(spec):
        from dealer.store.shipped import PARSED

        if spec in PARSED:
            return PARSED[spec](), None, f"{spec}.toml"
    text, origin, display = _read(spec, base_dir)
    if origin in chain:  # told by the file that names it (below), as every problem of a parent
        raise RulesetError([f"'{shown(spec)}' extends itself through "
                            f"{' -> '.join(shown(link, 40) for link in chain + (origin,))}"])
    if len(chain) >= MAX_EXTENDS:
        too_long = RulesetError([f"a chain of more than {MAX_EXTENDS} rulesets ({display} is number "
                                 f"{len(chain) + 1}); extend a shipped ruleset more directly"])
        too_long.whole_chain = True  # told against the file the user gave (below), whose chain it is
        raise too_long
    from dealer.core.rules import skill_draw_keys_moved

    document = skill_draw_keys_moved(_parse(text, display))  # each file by itself, before extends merges
    parent = document.pop("extends", "")
    if not isinstance(parent, str):
        raise RulesetError([f"{display}: extends: expected the name or path of a ruleset"])
    if not document.get("name"):
        document["name"] = os.path.splitext(os.path.basename(spec))[0] if is_path(spec) else spec
    if files is not None:
        files.append((display, text, document))
    if parent:
        directory = os.path.dirname(origin) if is_path(spec) else None
        try:
            base, _, _ = _resolved(parent, directory, chain + (origin,), files)
        except RulesetError as error:
            if getattr(error, "told", False) or (chain and getattr(error, "whole_chain", False)):
                raise  # a deeper file's extends: told there already; a chain too long: told at its start
            # The file that names the parent, then what is wrong with the parent.
            told = RulesetError([f"{display}: extends: {problem}" for problem in error.problems], hidden=error.hidden)
            told.told = True
            raise told from None
        removed = base.get("remove_cards", []), document.get("remove_cards", [])
        document = _merge(base, document)
        if all(isinstance(codes, list) for codes in removed):  # removals add up along the chain
            document["remove_cards"] = removed[0] + [code for code in removed[1] if code not in removed[0]]
    return document, text, display


def load(spec: str = DEFAULT) -> Ruleset:
    """A Ruleset by shipped name or path, ``extends`` merged, every problem reported."""
    files = []
    document, text, display = _resolved(spec, files=files)
    try:  # a shipped ruleset (no text read) was validated when dealer.store.shipped was made
        ruleset = build_ruleset(document, origin=spec, checked=text is None)
        problems = [] if text is None else file_problems(ruleset)
        if problems:
            raise RulesetError(problems)
        return ruleset
    except RulesetError as error:
        if text is None:
            text = _builtin_text(spec) or ""
        files = files or [(display, text, {})]
        raise RulesetError([_in_file(problem, files) for problem in error.problems],
                           hidden=error.hidden) from None


def file_problems(ruleset: Ruleset) -> list[str]:
    """What a ruleset file may no longer say, though a table's pinned ruleset may (a table made
    before the check keeps opening): gadget keys that name cards must name cards of the deck,
    and a ruleset that plays ``gadget`` needs a design tier."""
    from dealer.errors import CardError

    gadget, problems = ruleset.document["gadget"], []
    for key in ("breakdown_cards", "design_jokers", "build_jokers"):
        for code in gadget[key]:
            try:
                ruleset.deck.parse(code)
            except CardError:
                problems.append(f"gadget.{key}: '{shown(code)}' is not a card of this deck")
    if "gadget" in ruleset.document["mechanics"] and not gadget["tiers"]:
        problems.append("gadget.tiers: the gadget mechanic needs at least one design tier")
    return problems


_BUILT: dict[tuple[str, str], Ruleset] = {}  # from_document's: the last few documents built, by their JSON


def from_document(document: Any, origin: str = "") -> Ruleset:
    """A Ruleset rebuilt from a resolved document (a table pins one). A command loads its table
    more than once (to check, to read, to write), and a process may run many: each document is
    validated once per process (a Ruleset is never changed once built)."""
    try:
        key = (json.dumps(document, sort_keys=True), origin)
    except (TypeError, ValueError):  # not JSON: the schema says what is wrong with it
        return build_ruleset(document, origin=origin)
    built = _BUILT.get(key)
    if built is None:
        built = build_ruleset(document, origin=origin)
        if len(_BUILT) >= 8:
            _BUILT.pop(next(iter(_BUILT)))
        _BUILT[key] = built
    return built


def _in_file(problem, files):
    """The problem told in the file of the chain that wrote its key (the first file, ``spec``'s
    own, when none did: a default or a cross-reference), with the line where it is found."""
    path = problem.split(":", 1)[0]
    keys = [re.sub(r"\[\d+\]$", "", part) for part in path.split(".")]
    for display, text, own in files:
        node = own
        for key in keys:
            node = node.get(key) if isinstance(node, dict) else None
            if node is None:
                break
        if node is not None and text is not None:
            top = files[0][0]
            problem = _with_location(problem, text, display)
            return problem if display == top else f"{problem} (in the chain that {top} extends)"
    return _with_location(problem, files[0][1] or "", files[0][0])


def _with_location(problem, text, display):
    path = problem.split(":", 1)[0]
    line = locate(text, path)
    return f"{display}: line {line}: {problem}" if line else f"{display}: {problem}"


def locate(text: str, path: str) -> int | None:
    """The line of ``path`` (``hands.ranks[3].pattern.sequnce``) in TOML ``text``, or None.

    A search, not a parse: it follows ``[[array]]`` headers to the right item, then finds the
    key after it. Good enough to point a user at a typo; None when unsure.
    """
    lines = text.splitlines()
    start = 0
    prefix = []
    for part in path.split("."):
        match = re.fullmatch(r"([^\[\]]+)(?:\[(\d+)\])?", part)
        if not match:
            return None
        key, index = match.group(1), match.group(2)
        prefix.append(key)
        if index is not None:
            header = re.compile(r"^\s*\[\[\s*" + re.escape(".".join(prefix)) + r"\s*\]\]")
            hits = [i for i, line in enumerate(lines) if header.match(line)]
            if int(index) < len(hits):
                start = hits[int(index)]
                continue
            if hits or part != path.split(".")[-1]:
                return None
            # an entry of a plain array (``remove_cards[0]``): the line of its key
    key = path.rsplit(".", 1)[-1].split("[")[0]
    pattern = re.compile(r"(^|[\s{,])" + re.escape(key) + r"\s*=")
    header = re.compile(r"^\s*\[+\s*[\w.\-\"]*" + re.escape(key) + r"\s*\]+")
    for i in range(start, len(lines)):
        if pattern.search(lines[i]) or header.match(lines[i]):
            return i + 1
    return None


def shipped_source() -> str:
    """The text of ``dealer/store/shipped.py``: every shipped ruleset parsed and validated (its
    ``Ruleset.document``: defaults filled in), as Python literals.

    Start-up is a feature: a literal compiled into bytecode loads faster than the TOML parser
    can be imported, and a validated one needs no schema. The TOML files stay the source; a
    test keeps this module current.
    """
    import pprint

    lines = ['"""The shipped rulesets, parsed and validated ahead of time (generated: do not edit).',
             "",
             "The source is rulesets/*.toml; each document here is what ``build_ruleset`` makes of it.",
             "",
             "Regenerate after changing a shipped ruleset:",
             "``python -m dealer.store.rulesets --write-shipped cli/dealer/store/shipped.py``; a test checks",
             "that it is current. Each function returns a fresh document, so callers may change it.",
             '"""', "", ""]
    names = builtin_names()
    for name in names:
        document = build_ruleset(_parse(_builtin_text(name), f"{name}.toml"), origin=name).document
        body = pprint.pformat(document, indent=1, width=100, sort_dicts=False)
        lines += [f"def _{name.replace('-', '_')}():", "    return " + body.replace("\n", "\n           "), "", ""]
    lines.append("PARSED = {" + ", ".join(f'"{name}": _{name.replace("-", "_")}' for name in names) + "}")
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    import sys

    if sys.argv[1:2] == ["--write-shipped"]:
        with open(sys.argv[2], "w", encoding="utf-8") as handle:
            handle.write(shipped_source())
    else:
        print(shipped_source(), end="")
