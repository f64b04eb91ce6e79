"""Rulesets on disk: the shipped ones (package data) and user files, with ``extends``.

Loading is: read the text, parse TOML, merge the ``extends`` chain, validate and build
(``dealer.core.rules``). Every problem names the file, the key path and, where the TOML
parser or a search of the file finds one, the line.
"""

from __future__ import annotations

import difflib
import os
import re

from dealer.core.rules import build_ruleset
from dealer.errors import RulesetError

PACKAGE = "dealer.rulesets"
DEFAULT = "deadlands"


def builtin_names():
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


def is_path(spec):
    return spec.endswith(".toml") or "/" in spec or os.sep in spec or os.path.isfile(spec)


def _read(spec, base_dir=None):
    """``(text, origin, display name)`` for a shipped name or a file path."""
    if is_path(spec):
        path = spec if base_dir is None or os.path.isabs(spec) else os.path.join(base_dir, spec)
        try:
            with open(path, encoding="utf-8") as handle:
                return handle.read(), os.path.abspath(path), spec
        except UnicodeDecodeError:
            raise RulesetError([f"{spec}: not UTF-8 text; save the ruleset as UTF-8"]) from None
        except OSError as error:
            raise RulesetError([f"{spec}: cannot read it ({error.strerror.lower()}); "
                                "check the path or use a shipped name"]) from None
    text = _builtin_text(spec)
    if text is None:
        names = builtin_names()
        close = difflib.get_close_matches(spec, names, n=1)
        hint = f"did you mean '{close[0]}'? " if close else ""
        raise RulesetError([f"unknown ruleset '{spec}': {hint}the shipped rulesets are {', '.join(names)}; "
                            "or give the path of a .toml file"])
    return text, spec, f"{spec}.toml"


_TOML_POSITION = re.compile(r"\s*\(at line (\d+), column (\d+)\)")


def _parse(text, display):
    try:  # imported here: a table's pinned ruleset is JSON and needs no TOML parser
        import tomllib
    except ModuleNotFoundError:  # Python < 3.11
        import tomli as tomllib

    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        message = str(error)
        found = _TOML_POSITION.search(message)
        where = ""
        if found:
            where = f" line {found.group(1)}, column {found.group(2)}:"
            message = _TOML_POSITION.sub("", message)
        raise RulesetError([f"{display}:{where} {message[:1].lower()}{message[1:]} (TOML syntax)"]) from None


def _merge(base, change):
    """Tables merge key by key; everything else (arrays included) is replaced."""
    out = dict(base)
    for key, value in change.items():
        if isinstance(value, dict) and isinstance(out.get(key), dict):
            out[key] = _merge(out[key], value)
        else:
            out[key] = value
    return out


def _resolved(spec, base_dir=None, chain=()):
    """The merged document of ``spec`` and its ``extends`` chain, with display info."""
    text, origin, display = _read(spec, base_dir)
    if origin in chain:
        raise RulesetError([f"{display}: extends: '{spec}' extends itself through "
                            f"{' -> '.join(chain + (origin,))}"])
    document = _parse(text, display)
    parent = document.pop("extends", "")
    if not isinstance(parent, str):
        raise RulesetError([f"{display}: extends: expected the name or path of a ruleset"])
    if not document.get("name"):
        document["name"] = os.path.splitext(os.path.basename(spec))[0] if is_path(spec) else spec
    if parent:
        directory = os.path.dirname(origin) if is_path(spec) else None
        base, _, _ = _resolved(parent, directory, chain + (origin,))
        document = _merge(base, document)
    return document, text, display


def load(spec=DEFAULT):
    """A Ruleset by shipped name or path, ``extends`` merged, every problem reported."""
    document, text, display = _resolved(spec)
    try:
        return build_ruleset(document, origin=spec)
    except RulesetError as error:
        raise RulesetError([_with_location(problem, text, display) for problem in error.problems]) from None


def from_document(document, origin=""):
    """A Ruleset rebuilt from a resolved document (a table pins one)."""
    return build_ruleset(document, origin=origin)


def _with_location(problem, text, display):
    path = problem.split(":", 1)[0]
    line = locate(text, path)
    return f"{display}: line {line}: {problem}" if line else f"{display}: {problem}"


def locate(text, path):
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
            return None
    key = path.rsplit(".", 1)[-1].split("[")[0]
    pattern = re.compile(r"(^|[\s{,])" + re.escape(key) + r"\s*=")
    header = re.compile(r"^\s*\[+\s*[\w.\-\"]*" + re.escape(key) + r"\s*\]+")
    for i in range(start, len(lines)):
        if pattern.search(lines[i]) or header.match(lines[i]):
            return i + 1
    return None
