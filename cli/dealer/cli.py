"""The ``dealer`` command line: a lazy click group and the one place errors become exit codes.

Subcommands are imported only when they run, so ``dealer --version`` and ``dealer draw``
pay for nothing else. Exit 0 when the command ran, 2 for a usage error, 1 for any other
error, each reported in one or two lines on stderr; a traceback is a bug.
"""

from __future__ import annotations

import importlib
import os
import sys

import click

from dealer import ARGS_KEY, __version__
from dealer.errors import DealerError, RulesetError, StoreConflict, clip_line, shown
from dealer.options import SuggestingGroup, global_options

COMMANDS = {
    "action": ("dealer.commands.action", "action", "Deal a combat round and print the countdown."),
    "chips": ("dealer.commands.chips", "chips", "The chip pot, players' chips, spending and rituals."),
    "conflict": ("dealer.commands.conflict", "conflict", "Resolve a conflict or contest by poker hands."),
    "draw": ("dealer.commands.draw", "draw", "Draw cards from a fresh shuffle or a table's deck."),
    "gadget": ("dealer.commands.gadget", "gadget", "Mad science: design, build and use devices."),
    "hand": ("dealer.commands.hand", "hand", "Evaluate cards you hold: best hand, rank, wilds."),
    "help": ("dealer.commands.help", "help_command", "The docs pages: list them, or print one (dealer help TOPIC)."),
    "hex": ("dealer.commands.hex", "hex_command", "Cast a hex or spell by poker hand."),
    "odds": ("dealer.commands.odds", "odds", "Exact odds: hands, hexes, action cards, gadgets."),
    "roll": ("dealer.commands.roll", "roll", "Roll a trait: exploding dice, raises, bust."),
    "rulesets": ("dealer.commands.rulesets", "rulesets", "List, show, check and start rulesets."),
    "store": ("dealer.commands.store", "store", "Where tables live: this machine's file or a shared database."),
    "table": ("dealer.commands.table", "table", "Persistent tables: decks, rosters, chips, history."),
    "verify": ("dealer.commands.verify", "verify", "Replay a table's exported history and check every event."),
}


CONFLICT_RETRIES = 4  # runs of a command whose transaction the database gave up for another's


class PipeClosed(Exception):
    """The reader of stdout went away (``dealer ... | head``). Not an OSError on purpose:
    click's own EPIPE handling (exit 1) must not see it."""


def _quiet_stdout():
    """Point stdout at /dev/null so that nothing more is written, nor flushed at exit."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    try:
        os.dup2(devnull, sys.stdout.fileno())
    except (AttributeError, OSError, ValueError):  # not a real file (tests): replace the object
        sys.stdout = open(os.devnull, "w")
    finally:
        os.close(devnull)


class DealerGroup(SuggestingGroup):
    """Loads subcommands on demand and turns every failure into a short message and exit code."""

    def make_context(self, info_name, args, parent=None, **extra):
        words = list(args)
        try:  # `--help` and `--version` are printed while parsing
            ctx = super().make_context(info_name, args, parent=parent, **extra)
        except BrokenPipeError as error:
            raise PipeClosed() from error
        if parent is None:
            ctx.meta[ARGS_KEY] = words  # the command line as given, for the history (Session.args)
        return ctx

    def invoke(self, ctx):
        try:
            return super().invoke(ctx)
        except BrokenPipeError as error:
            raise PipeClosed() from error

    def _run(self, args, prog_name, complete_var, **extra):
        """The command, run again (from parsing on) when the store gave its transaction up for
        another's: nothing of it landed and nothing was printed, so a run afresh is safe."""
        import time

        from dealer.store import close_stores

        for attempt in range(1, CONFLICT_RETRIES + 1):
            try:
                return super().main(args, prog_name, complete_var, standalone_mode=False, **extra)
            except StoreConflict as conflict:
                if attempt == CONFLICT_RETRIES:
                    raise StoreConflict(f"{conflict}; gave up after {attempt} tries: run the command again") from None
                time.sleep(0.01 * attempt * attempt)
            finally:
                close_stores()
        raise AssertionError("unreachable")

    def list_commands(self, ctx):
        return sorted(COMMANDS)

    def get_command(self, ctx, name):
        entry = COMMANDS.get(name)
        if entry is None:
            return None
        module = importlib.import_module(entry[0])
        return getattr(module, entry[1])

    def format_commands(self, ctx, formatter):
        # Short help from the table above, so `dealer --help` imports no subcommand.
        rows = [(name, COMMANDS[name][2]) for name in self.list_commands(ctx)]
        with formatter.section("Commands"):
            formatter.write_dl(rows)

    def main(self, args=None, prog_name=None, complete_var=None, standalone_mode=True, **extra):
        if args is None:
            args = sys.argv[1:]
        if os.environ.get(complete_var or "_DEALER_COMPLETE"):
            from dealer import completion

            completion.register()
        global _JSON_ERRORS
        _JSON_ERRORS = _wants_json(args)
        try:
            _check_text(args)
            code = self._run(args, prog_name or "dealer", complete_var, **extra)
        except click.exceptions.Exit as done:
            code = done.exit_code
        except click.UsageError as error:
            if _wants_help(error):  # a group without its subcommand: its help is the answer
                click.echo(error.ctx.get_help(), color=error.ctx.color)
                sys.exit(0)
            where = error.ctx.command_path if error.ctx else "dealer"
            _fail(f"{where}: {_usage_message(error)}", f"Try '{where} --help'.", code=2)
        except click.Abort as error:
            if isinstance(error.__cause__ or error.__context__, KeyboardInterrupt):  # click's Ctrl-C
                _fail("dealer: interrupted; nothing was changed.", code=130)
            _fail("dealer: aborted; nothing was changed.", code=1)
        except click.ClickException as error:
            _fail(f"dealer: {error.format_message()}", code=error.exit_code)
        except DealerError as error:
            # One line; a ruleset with several problems lists each on its own line.
            lines = _ruleset_lines(error, args) if isinstance(error, RulesetError) else [str(error)]
            _fail(*[f"dealer: {line}" for line in lines or [type(error).__name__]], code=error.exit_code)
        except KeyboardInterrupt:
            _fail("dealer: interrupted; nothing was changed.", code=130)
        except (PipeClosed, BrokenPipeError):
            # The reader went away (`dealer ... | head`): that is how a pipeline ends, not an error.
            _quiet_stdout()
            code = 0
        except Exception as error:  # a bug: say so in one line, without a traceback
            if os.environ.get("DEALER_DEBUG"):
                raise
            _fail(f"dealer: internal error: {type(error).__name__}: {shown(error)}",
                  "This is a bug in dealer; set DEALER_DEBUG=1 to see the traceback and please report it.",
                  code=1)
        try:  # what is still buffered goes out now, while a closed pipe can still be caught
            sys.stdout.flush()
        except BrokenPipeError:
            _quiet_stdout()
            code = 0
        sys.exit(code if isinstance(code, int) else 0)


_JSON_ERRORS = False  # --json or --jsonl was asked for: an error is one JSON object too


def _wants_json(args):
    """Whether the command line asks for JSON (before any ``--``, after which words are data)."""
    words = args[:args.index("--")] if "--" in args else args
    return any(word in ("--json", "--jsonl") for word in words)


def _fail(*lines, code):
    """The error on stderr: one or two lines of text; with --json or --jsonl one JSON object,
    ``{"error": FIRST LINE, "exit": CODE}`` and ``"more": [LINES]`` when there are more."""
    if _JSON_ERRORS:
        import json

        error = {"error": clip_line(lines[0]), "exit": code}
        if lines[1:]:
            error["more"] = [clip_line(line) for line in lines[1:]]
        click.echo(json.dumps(error, ensure_ascii=False), err=True)
    else:
        for line in lines:
            click.echo(clip_line(line), err=True)
    sys.exit(code)


def _usage_message(error):
    """click's message, except for a --seed or --table a command does not offer: say why."""
    from dealer.options import OPTIONAL, not_offered

    if isinstance(error, click.NoSuchOption) and error.option_name in OPTIONAL.values():
        if error.ctx is not None and isinstance(error.ctx.command, click.Group):
            return (f"{error.option_name} belongs to a subcommand here: put it after it "
                    f"({error.ctx.command_path} COMMAND ... {error.option_name} ...)")
        return not_offered(error.option_name)
    if isinstance(error, click.NoSuchOption) and error.possibilities:
        return f"No such option '{error.option_name}' ({_closest_first(error.option_name, error.possibilities)})"
    return error.format_message()


def _closest_first(name, possibilities):
    """``did you mean '--table' or '--help'?``: click lists the options close to a mistyped one in
    alphabetical order (``--help`` before ``--table`` for ``--tabel``); the closest comes first here."""
    import difflib

    ranked = sorted(possibilities, key=lambda option: (-difflib.SequenceMatcher(None, name, option).ratio(), option))
    return "did you mean " + " or ".join(f"'{option}'" for option in ranked[:3]) + "?"


BRIEF = 1  # problems of a broken ruleset that a command other than `rulesets validate` lists: one, then how many more


def _ruleset_lines(error, args):
    """Every problem (up to 50) for `rulesets validate`; for any other command the first and how
    many more (an error is one or two lines)."""
    if "rulesets" in args and "validate" in args or len(error.problems) <= BRIEF:
        return error.lines
    more = len(error.problems) - BRIEF + error.hidden
    problems = "problem" if more == 1 else "problems"
    return error.problems[:BRIEF] + [f"... and {more} more {problems}: `dealer rulesets validate FILE` lists them"]


def _wants_help(error):
    """``dealer``, ``dealer table``: a group given no subcommand (not an unknown one)."""
    from dealer.options import NoSuchCommand

    ctx = error.ctx
    if ctx is None or not isinstance(ctx.command, click.Group) or ctx.invoked_subcommand is not None:
        return False
    if isinstance(error, NoSuchCommand):
        return False
    # click 8.2+ raises NoArgsIsHelpError for a bare group (8.1 printed the help itself).
    no_args = getattr(click.exceptions, "NoArgsIsHelpError", ())
    return isinstance(error, no_args) or type(error) is click.UsageError


def _check_text(args):
    """Every argument must be text: a byte that is not UTF-8 cannot name a card, table or file.
    And no argument holds a number of more than ``MAX_DIGITS`` digits: no value dealer takes is
    that long, and thousands of digits must not reach any parser's ``int()``."""
    from dealer.core.numbers import MAX_DIGITS, longest_digit_run

    for i, arg in enumerate(args, start=1):
        if isinstance(arg, str):
            try:
                arg.encode("utf-8")
            except UnicodeEncodeError:
                raise click.UsageError(f"argument {i} ('{shown(arg)}') is not valid UTF-8 text; "
                                       "retype it in a UTF-8 terminal") from None
            if len(arg) > MAX_DIGITS and longest_digit_run(arg) > MAX_DIGITS:
                raise click.UsageError(f"argument {i} ('{shown(arg, 40)}') holds a number of more than "
                                       f"{MAX_DIGITS} digits; no number dealer takes is that long") from None


def _print_version(ctx, param, value):
    # Not click.version_option: it imports locale, a cost every command would pay at start-up.
    if value and not ctx.resilient_parsing:
        click.echo(f"dealer {__version__}")
        ctx.exit()


@click.group(cls=DealerGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.option("--version", is_flag=True, expose_value=False, is_eager=True, callback=_print_version,
              help="Show the version and exit.")
@global_options
def cli():
    """Cards, poker hands, exploding dice and chips for Weird West tabletop games.

    \b
    Examples:
      dealer draw 5
      dealer hand "8s 8h 8d Kc 5d 3s RJ"
      dealer roll 5d10 --tn 5
      dealer -r weird-dust-devils --seed 7 draw 10 --json
      dealer help deadlands
    """
