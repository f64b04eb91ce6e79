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

from dealer import __version__
from dealer.errors import DealerError
from dealer.options import global_options

COMMANDS = {
    "action": ("dealer.commands.action", "action", "Deal a combat round and print the countdown."),
    "draw": ("dealer.commands.draw", "draw", "Draw cards from a fresh shuffle or a table's deck."),
    "hand": ("dealer.commands.hand", "hand", "Evaluate cards you hold: best hand, rank, wilds."),
    "hex": ("dealer.commands.hex", "hex_command", "Cast a hex or spell by poker hand."),
    "odds": ("dealer.commands.odds", "odds", "Exact odds: hands, hexes, action cards, gadgets."),
    "roll": ("dealer.commands.roll", "roll", "Roll a trait: exploding dice, raises, bust."),
    "rulesets": ("dealer.commands.rulesets", "rulesets", "List, show, check and start rulesets."),
    "table": ("dealer.commands.table", "table", "Persistent tables: decks, rosters, chips, history."),
}


class DealerGroup(click.Group):
    """Loads subcommands on demand and turns every failure into a short message and exit code."""

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
        try:
            code = super().main(args, prog_name or "dealer", complete_var, standalone_mode=False, **extra)
        except click.exceptions.Exit as done:
            code = done.exit_code
        except click.UsageError as error:
            where = error.ctx.command_path if error.ctx else "dealer"
            _fail(f"{where}: {error.format_message()}", f"Try '{where} --help'.", code=2)
        except click.Abort:
            _fail("dealer: aborted; nothing was changed.", code=1)
        except click.ClickException as error:
            _fail(f"dealer: {error.format_message()}", code=error.exit_code)
        except DealerError as error:
            # Usually one line; a ruleset with several problems lists each on its own line.
            lines = str(error).splitlines() or [type(error).__name__]
            _fail(*[f"dealer: {line}" for line in lines], code=error.exit_code)
        except KeyboardInterrupt:
            _fail("dealer: interrupted; nothing was changed.", code=130)
        except BrokenPipeError:
            # The reader went away (`dealer ... | head`): stop quietly.
            sys.stderr = open(os.devnull, "w")
            sys.stdout = open(os.devnull, "w")
            code = 0
        except Exception as error:  # a bug: say so in one line, without a traceback
            if os.environ.get("DEALER_DEBUG"):
                raise
            _fail(f"dealer: internal error: {type(error).__name__}: {error}",
                  "This is a bug in dealer; set DEALER_DEBUG=1 to see the traceback and please report it.",
                  code=1)
        sys.exit(code if isinstance(code, int) else 0)


def _fail(*lines, code):
    for line in lines:
        click.echo(line, err=True)
    sys.exit(code)


@click.group(cls=DealerGroup, context_settings={"help_option_names": ["-h", "--help"]})
@global_options
@click.version_option(__version__, "--version", prog_name="dealer", message="%(prog)s %(version)s")
def cli():
    """Cards, poker hands, exploding dice and chips for Weird West tabletop games.

    \b
    Examples:
      dealer draw 5
      dealer hand "8s 8h 8d Kc 5d 3s RJ"
      dealer roll 5d10 --tn 5
      dealer -r weird-dust-devils --seed 7 draw 10 --json
    """


def main():
    """Console-script entry point."""
    cli.main(prog_name="dealer")
