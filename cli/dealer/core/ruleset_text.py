"""A ruleset document as the text of a ruleset file (TOML), for a table's pinned ruleset to be
loaded again by path (``-r FILE``): what ``dealer verify`` and ``dealer table fork`` replay a
table's first command with, so that house rules replay too. No TOML writer is in the standard
library; a document is JSON values, and JSON's values are TOML's but for null.
"""

from __future__ import annotations

from dealer.errors import DealerError, shown


def ruleset_toml(document: dict) -> str:
    """A pinned ruleset document as the text of a ruleset file that loads back as the same
    document: one top-level key a line, every table inline, every key quoted.

    >>> print(ruleset_toml({"name": "house", "dice": {"tn": 5, "aces": True}, "ranks": [{"n": 'a"b'}]}))
    "name" = "house"
    "dice" = {"tn" = 5, "aces" = true}
    "ranks" = [{"n" = "a\\"b"}]
    <BLANKLINE>
    """
    return "".join(f"{_toml_string(key)} = {_toml_value(value, key)}\n" for key, value in document.items())


def _toml_value(value, path):
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return repr(value)  # inf, nan and 1e+100 are TOML as Python writes them
    if isinstance(value, str):
        return _toml_string(value)
    if isinstance(value, list):
        return "[" + ", ".join(_toml_value(item, f"{path}[{i}]") for i, item in enumerate(value)) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{_toml_string(key)} = {_toml_value(item, f'{path}.{key}')}"
                               for key, item in value.items()) + "}"
    raise DealerError(f"the pinned ruleset holds {shown(repr(value), 40)} at {shown(path, 60)}, which no ruleset file "
                     "can say: the table cannot be replayed")


def _toml_string(text):
    out = []
    for char in str(text):
        code = ord(char)
        if char in '"\\':
            out.append("\\" + char)
        elif code < 0x20 or code == 0x7F:
            out.append(f"\\u{code:04x}")
        elif 0xD800 <= code <= 0xDFFF:
            raise DealerError("the pinned ruleset holds text that is not Unicode: the table cannot be replayed")
        else:
            out.append(char)
    return '"' + "".join(out) + '"'
