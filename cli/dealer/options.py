"""The global options, accepted before and after the subcommand, and what they resolve to.

``dealer --json hand As Kd`` and ``dealer hand As Kd --json`` mean the same: every command
carries the same options (one decorator), and each value given is recorded on the root
context, the later one winning. ``settings(ctx)`` then applies the environment defaults.
"""

from __future__ import annotations

import os
import sys
import click

from dealer import OPTIONS_KEY as _KEY
from dealer.core.numbers import INT64, NumberError, parse_int


class Int(click.IntRange):
    """A whole number from ``low`` to ``high`` for an option or argument: click's IntRange (its
    help shows the range), parsed by ``dealer.core.numbers.parse_int``, so that no number is
    unbounded and thousands of digits never reach ``int()``."""

    def __init__(self, low: int, high: int) -> None:
        super().__init__(min=low, max=high)

    def convert(self, value, param, ctx) -> int:
        what = param.get_error_hint(ctx) if param is not None and ctx is not None else "the number"
        try:
            return parse_int(value, what, self.min, self.max)
        except NumberError as error:
            self.fail(error.detail, param, ctx)


class Person(click.ParamType):
    """A person's name for an option or argument that may name someone off the roster (``--caster``,
    ``--by``): what ``table add`` takes (``dealer.core.traits.person_name``: spaces around it
    dropped), so a table never holds a name its checks call unusable."""

    name = "name"

    def convert(self, value, param, ctx) -> str:
        from dealer.core.traits import person_name
        from dealer.errors import TableError

        try:
            return person_name(value) if value else value
        except TableError as error:
            self.fail(str(error), param, ctx)


def _remember(ctx, param, value):
    if value is not None and value is not False:
        ctx.find_root().meta.setdefault(_KEY, {})[param.name] = value
    return value


def _show_help(ctx, param, value):
    if value and not ctx.resilient_parsing:
        click.echo(ctx.get_help(), color=ctx.color)
        ctx.exit()


def completes(kind):
    """A ``shell_complete`` callback that runs ``dealer.completion.<kind>``, imported only when
    a shell asks: every other run pays nothing for it."""
    def complete(ctx, param, incomplete):
        from dealer import completion

        return getattr(completion, kind)(ctx, param, incomplete)

    return complete


GLOBAL_OPTIONS = [
    click.option("--ruleset", "-r", metavar="NAME|PATH", default=None, expose_value=False, callback=_remember,
                 shell_complete=completes("rulesets"),
                 help="Ruleset by shipped name or .toml path [env DEALER_RULESET; default deadlands]."),
    click.option("--seed", type=Int(0, INT64), default=None, expose_value=False,
                 callback=_remember,
                 help="Seed for the shuffle and the dice; replays a result exactly."),
    click.option("--json", "json_out", is_flag=True, default=None, expose_value=False, callback=_remember,
                 help="One JSON object on stdout."),
    click.option("--jsonl", is_flag=True, default=None, expose_value=False, callback=_remember,
                 help="JSON Lines: one object per line."),
    click.option("--table", metavar="NAME", default=None, expose_value=False, callback=_remember,
                 shell_complete=completes("tables"),
                 help="Persistent table to deal from and record to [env DEALER_TABLE]."),
    click.option("--store", metavar="URL|PATH", default=None, expose_value=False, callback=_remember,
                 help="Where tables live: a postgresql:// URL (a shared table) or an SQLite file "
                      "[env DEALER_STORE; default the file in the state folder]."),
    click.option("--ascii", is_flag=True, default=None, expose_value=False, callback=_remember,
                 help="ASCII only: card codes, no suit glyphs, '#' bars."),
    click.option("--no-color", is_flag=True, default=None, expose_value=False, callback=_remember,
                 help="No colour (glyphs stay) [also NO_COLOR, TERM=dumb]."),
    # Our own help option: click's, made afresh for every command that runs, asks gettext for
    # its text (a search for translation files and an import of locale) on every start-up.
    click.option("-h", "--help", is_flag=True, expose_value=False, is_eager=True, callback=_show_help,
                 help="Show this message and exit."),
]


_NAMES = ("ruleset", "seed", "json_out", "jsonl", "table", "store", "ascii", "no_color", "help")  # GLOBAL_OPTIONS' names

# The global options a command may go without: one that shuffles and rolls nothing offers no
# --seed, one that keeps nothing on a table no --table (nor --store, unless it names its table
# otherwise); given before the subcommand, they are refused too: an option accepted and
# ignored misleads.
OPTIONAL = {"seed": "--seed", "table": "--table", "store": "--store"}

# The global options a table's history leaves out of a command's recorded words: how it was
# printed, and what the event records otherwise (its seed, its table, the pinned ruleset).
_UNRECORDED_FLAGS = frozenset({"--json", "--jsonl", "--ascii", "--no-color"})
_UNRECORDED_VALUES = ("--seed", "--table", "--store", "--ruleset", "-r")


# --table for a command that records nothing but reads the table's pinned ruleset (hand, odds).
TABLE_RULESET = click.option("--table", metavar="NAME", default=None, expose_value=False, callback=_remember,
                             shell_complete=completes("tables"),
                             help="Play by this table's ruleset; nothing is recorded [env DEALER_TABLE].")


def global_options(command=None, *, seed: bool = True, table: bool | str = True, store: bool | None = None):
    """Give a command the global options (applied to the group and to each subcommand):
    ``@global_options``, or ``@global_options(seed=False)`` for a command that uses no
    randomness, ``table=False`` for one that uses no --table, ``table="ruleset"`` for one that
    only reads the table's ruleset. ``store``: whether it offers --store (by default, where it
    offers --table; ``table`` subcommands name their table as an argument)."""
    if command is None:
        return lambda command: global_options(command, seed=seed, table=table, store=store)
    store = table is not False if store is None else store
    left_out = {name for name, offered in (("seed", seed), ("table", table), ("store", store)) if not offered}
    for name, option in reversed(list(zip(_NAMES, GLOBAL_OPTIONS))):
        if name == "table" and table == "ruleset":
            option = TABLE_RULESET
        if name not in left_out:
            command = option(command)
    return command


class AliasOption(click.Option):
    """An option whose first name is the one shown; the others are old spellings, still accepted
    but left out of help (one name per idea: ``odds hex --dice`` is ``--roll`` now)."""

    def get_help_record(self, ctx):
        shown, self.opts = self.opts, self.opts[:1]
        try:
            return super().get_help_record(ctx)
        finally:
            self.opts = shown


GLOBAL_NAMES = frozenset(_NAMES)


class SectionedCommand(click.Command):
    """A command whose help lists its options in sections, one per game (``sections``: title ->
    option names), then the rest, then the global options."""

    def __init__(self, *args, sections: dict[str, list[str]] | None = None, **kwargs):
        super().__init__(*args, **kwargs)
        self.sections = sections or {}

    def format_options(self, ctx, formatter):
        placed = {name for names in self.sections.values() for name in names}
        options = [param for param in self.get_params(ctx) if isinstance(param, click.Option) and not param.hidden]
        groups = [("Options", [p for p in options if p.name not in placed and p.name not in GLOBAL_NAMES])]
        groups += [(title, [p for p in options if p.name in names]) for title, names in self.sections.items()]
        groups.append(("Global options", [p for p in options if p.name in GLOBAL_NAMES]))
        for title, params in groups:
            records = [record for record in (param.get_help_record(ctx) for param in params) if record]
            if records:
                with formatter.section(title):
                    formatter.write_dl(records)


class RulesetHelpCommand(click.Command):
    """A command whose help ends with a section read from the ruleset it would play (``-r`` before or
    after the subcommand, else DEALER_RULESET, else the default): ``ruleset_section(ruleset)`` gives
    the section's title and its rows (``chips spend``: the ruleset's chip uses). A ruleset that does
    not load leaves the section out: help never fails."""

    def __init__(self, *args, ruleset_section=None, **kwargs):
        super().__init__(*args, **kwargs)
        self.ruleset_section = ruleset_section

    def format_epilog(self, ctx, formatter):
        super().format_epilog(ctx, formatter)
        from dealer.errors import DealerError
        from dealer.store.rulesets import load

        try:
            title, rows = self.ruleset_section(load(_help_ruleset(ctx)))
        except DealerError:
            return
        with formatter.section(title):
            formatter.write_dl(rows)


def _help_ruleset(ctx) -> str:
    """The ruleset named on the command line (its last ``-r``/``--ruleset``: help is printed before
    the options after it are read), else DEALER_RULESET, else deadlands."""
    from dealer import ARGS_KEY

    words, found = ctx.find_root().meta.get(ARGS_KEY, []), None
    for i, word in enumerate(words):
        if word in ("-r", "--ruleset") and i + 1 < len(words):
            found = words[i + 1]
        elif word.startswith("--ruleset="):
            found = word.partition("=")[2]
        elif word.startswith("-r") and not word.startswith("--") and len(word) > 2:
            found = word[2:]
    return found or os.environ.get("DEALER_RULESET") or "deadlands"


class NoSuchCommand(click.UsageError):
    """A subcommand that does not exist (not a group called without one, which shows its help)."""


class SuggestingGroup(click.Group):
    """A command group that answers a mistyped subcommand with the ones it probably meant."""

    def resolve_command(self, ctx, args):
        try:
            return super().resolve_command(ctx, args)
        except click.UsageError as error:
            name = args[0] if args else ""
            close = _close_commands(name, self.list_commands(ctx))
            if name.startswith("-") or not close:
                raise NoSuchCommand(error.message, ctx) from None
            raise NoSuchCommand(f"No such command '{name}'. Did you mean {' or '.join(map(repr, close))}?",
                                ctx) from None


def _close_commands(name, commands):
    import difflib

    close = [command for command in commands if name and command.startswith(name.lower())]
    close += [command for command in difflib.get_close_matches(name.lower(), commands, n=2, cutoff=0.6)
              if command not in close]
    return close[:3]


class Settings:
    """The resolved global options (a plain class: start-up pays for every dataclass)."""

    __slots__ = ("ruleset", "ruleset_given", "seed", "json", "jsonl", "table", "store", "glyphs", "color", "ascii",
                 "terminal", "stderr_terminal")

    def __init__(self, ruleset, ruleset_given, seed, json, jsonl, table, glyphs, color=False, ascii=False,
                 terminal=False, stderr_terminal=False, store=None):
        self.ruleset = ruleset
        self.ruleset_given = ruleset_given  # on the command line, not from the environment
        self.seed = seed
        self.json = json
        self.jsonl = jsonl
        self.table = table
        self.store = store  # --store or DEALER_STORE: None is the SQLite file in the state folder
        self.glyphs = glyphs  # suit glyphs: on a terminal, unless --ascii
        self.color = color  # red suits in red, a dim seed line: on a terminal that takes colour
        self.ascii = ascii  # ASCII text only ('#' for the odds bars too): --ascii, piped, or a C locale
        self.terminal = terminal  # stdout is a terminal: text for a person (the seed line)
        self.stderr_terminal = stderr_terminal  # stderr is: the seed line goes there when stdout is not


def locale_utf8(environ=os.environ, coerced: bool | None = None) -> bool:
    """Whether the locale's character set is UTF-8: LC_ALL, else LC_CTYPE, else LANG, as POSIX
    reads them (none set is the C locale). Python itself prints UTF-8 under ``LANG=C`` (PEP 538,
    540), but the terminal there may not show it: a C or POSIX locale gets ASCII. ``coerced``:
    Python found a C locale and set LC_CTYPE=C.UTF-8 itself (its UTF-8 mode is then on), so that
    LC_CTYPE is not the user's.

    >>> locale_utf8({"LANG": "en_US.UTF-8"}, False), locale_utf8({"LC_ALL": "C", "LANG": "C.UTF-8"}, False)
    (True, False)
    >>> locale_utf8({"LC_CTYPE": "UTF-8"}, False), locale_utf8({"LANG": "POSIX"}, False), locale_utf8({}, False)
    (True, False, False)
    >>> locale_utf8({"LC_CTYPE": "C.UTF-8", "LANG": "C"}, True), locale_utf8({"LC_CTYPE": "C.UTF-8"}, False)
    (False, True)
    """
    if coerced is None:
        coerced = bool(sys.flags.utf8_mode) and not environ.get("PYTHONUTF8")
    for key in ("LC_ALL", "LC_CTYPE", "LANG"):
        value = environ.get(key)
        if key == "LC_CTYPE" and coerced and value in ("C.UTF-8", "C.utf8", "UTF-8"):
            continue  # Python's own coercion (PEP 538), not the user's choice
        if value:
            return "utf8" in value.lower().replace("-", "")
    return False


def _glyphs_fit(stream):
    """Whether the stream's encoding can print suit glyphs (a C locale cannot)."""
    try:
        "\u2660\u2665\u2666\u2663".encode(getattr(stream, "encoding", None) or "ascii")
        return True
    except (LookupError, UnicodeEncodeError):
        return False


def color_wanted(terminal, no_color=False, environ=os.environ):
    """Colour on a terminal, unless --no-color, a non-empty NO_COLOR (no-color.org) or TERM=dumb.

    >>> color_wanted(True, environ={"NO_COLOR": ""}), color_wanted(True, environ={"NO_COLOR": "1"})
    (True, False)
    >>> color_wanted(True, environ={"TERM": "dumb"}), color_wanted(False, environ={})
    (False, False)
    """
    return bool(terminal and not no_color and not environ.get("NO_COLOR") and environ.get("TERM") != "dumb")


def _check_offered(ctx, given):
    """--seed or --table given (before the subcommand too) to a command that does not offer it."""
    offered = {param.name for param in ctx.command.params}
    for name, flag in OPTIONAL.items():
        if given.get(name) is not None and name not in offered:
            raise click.UsageError(not_offered(flag), ctx)


def not_offered(flag: str) -> str:
    """Why a command has no --seed or --table."""
    what = "shuffles and rolls nothing" if flag == "--seed" else "keeps nothing on a table"
    return f"{flag} means nothing here: this command {what}; drop it"


def settings(ctx):
    """The global options as given, with DEALER_RULESET, DEALER_TABLE, NO_COLOR and TERM applied."""
    given = ctx.find_root().meta.get(_KEY, {})
    if given.get("json_out") and given.get("jsonl"):
        raise click.UsageError("--json and --jsonl cannot be used together: choose one", ctx)
    _check_offered(ctx, given)
    terminal = sys.stdout.isatty()
    # Glyphs (suits, block bars) only for a terminal whose locale and stream take UTF-8; piped text
    # and a C or POSIX locale get card codes and '#' bars, as --ascii does.
    glyphs = terminal and not given.get("ascii") and locale_utf8() and _glyphs_fit(sys.stdout)
    ascii_only = not glyphs
    return Settings(
        ruleset=given.get("ruleset") or os.environ.get("DEALER_RULESET") or "deadlands",
        ruleset_given=bool(given.get("ruleset")),
        seed=given.get("seed"),
        json=bool(given.get("json_out")),
        jsonl=bool(given.get("jsonl")),
        table=given.get("table") or os.environ.get("DEALER_TABLE") or None,
        glyphs=glyphs,
        color=color_wanted(terminal, bool(given.get("no_color"))),
        ascii=ascii_only,
        terminal=terminal,
        stderr_terminal=_isatty(sys.stderr),
        store=given.get("store") or os.environ.get("DEALER_STORE") or None,
    )


def command_words(args: list[str]) -> list[str]:
    """The words of a command line that say what it does to a table, as its events record them:
    the global options that only choose how it is printed, its seed, its table, its store and
    its ruleset (each recorded otherwise, or pinned) left out.

    >>> command_words(["--json", "chips", "spend", "Sam", "white", "--table", "t", "--seed=4", "-r", "x"])
    ['chips', 'spend', 'Sam', 'white']
    """
    words, skip = [], False
    for i, word in enumerate(args):
        if skip:
            skip = False
        elif word == "--":
            return words + args[i:]
        elif word in _UNRECORDED_FLAGS:
            continue
        elif word in _UNRECORDED_VALUES:
            skip = True
        elif word.startswith(tuple(f"{name}=" for name in _UNRECORDED_VALUES[:-1])) or (
                word.startswith("-r") and not word.startswith("--") and len(word) > 2):
            continue
        else:
            words.append(word)
    return words


def _isatty(stream) -> bool:
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError):  # closed or not a real stream
        return False
