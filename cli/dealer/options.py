"""The global options, accepted before and after the subcommand, and what they resolve to.

``dealer --json hand As Kd`` and ``dealer hand As Kd --json`` mean the same: every command
carries the same options (one decorator), and each value given is recorded on the root
context, the later one winning. ``settings(ctx)`` then applies the environment defaults.
"""

from __future__ import annotations

import os
import sys
import click

_KEY = "dealer.options"


def _remember(ctx, param, value):
    if value is not None and value is not False:
        ctx.find_root().meta.setdefault(_KEY, {})[param.name] = value
    return value


def _complete_rulesets(ctx, param, incomplete):
    from dealer.store.rulesets import builtin_names

    return [name for name in builtin_names() if name.startswith(incomplete)]


def _complete_tables(ctx, param, incomplete):
    from dealer.store.tables import table_names

    try:
        return [name for name in table_names() if name.startswith(incomplete)]
    except Exception:  # completion must never fail loudly
        return []


GLOBAL_OPTIONS = [
    click.option("--ruleset", "-r", metavar="NAME|PATH", default=None, expose_value=False, callback=_remember,
                 shell_complete=_complete_rulesets,
                 help="Ruleset by shipped name or .toml path [env DEALER_RULESET; default deadlands]."),
    click.option("--seed", type=click.IntRange(min=0, max=2**63 - 1), default=None, expose_value=False,
                 callback=_remember,
                 help="Seed for the shuffle and the dice; replays a result exactly."),
    click.option("--json", "json_out", is_flag=True, default=None, expose_value=False, callback=_remember,
                 help="One JSON object on stdout."),
    click.option("--jsonl", is_flag=True, default=None, expose_value=False, callback=_remember,
                 help="JSON Lines: one object per line."),
    click.option("--table", metavar="NAME", default=None, expose_value=False, callback=_remember,
                 shell_complete=_complete_tables,
                 help="Persistent table to deal from and record to [env DEALER_TABLE]."),
    click.option("--ascii", is_flag=True, default=None, expose_value=False, callback=_remember,
                 help="Plain card codes, no suit glyphs."),
    click.option("--no-color", is_flag=True, default=None, expose_value=False, callback=_remember,
                 help="No colour [also NO_COLOR]."),
]


def global_options(command):
    """Give a command every global option (applied to the group and to each subcommand)."""
    for option in reversed(GLOBAL_OPTIONS):
        command = option(command)
    return command


class Settings:
    """The resolved global options (a plain class: start-up pays for every dataclass)."""

    __slots__ = ("ruleset", "ruleset_given", "seed", "json", "jsonl", "table", "fancy")

    def __init__(self, ruleset, ruleset_given, seed, json, jsonl, table, fancy):
        self.ruleset = ruleset
        self.ruleset_given = ruleset_given  # on the command line, not from the environment
        self.seed = seed
        self.json = json
        self.jsonl = jsonl
        self.table = table
        self.fancy = fancy  # glyphs and colour: only on a terminal when nothing asks for plain text


def settings(ctx):
    """The global options as given, with DEALER_RULESET, DEALER_TABLE and NO_COLOR applied."""
    given = ctx.find_root().meta.get(_KEY, {})
    plain = (given.get("ascii") or given.get("no_color") or "NO_COLOR" in os.environ
             or not sys.stdout.isatty())
    return Settings(
        ruleset=given.get("ruleset") or os.environ.get("DEALER_RULESET") or "deadlands",
        ruleset_given=bool(given.get("ruleset")),
        seed=given.get("seed"),
        json=bool(given.get("json_out")),
        jsonl=bool(given.get("jsonl")),
        table=given.get("table") or os.environ.get("DEALER_TABLE") or None,
        fancy=not plain,
    )
