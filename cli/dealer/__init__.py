"""dealer: cards, poker hands, exploding dice and chips for Weird West tabletop games.

The core (``dealer.core``) is pure: no click, no files, no global random. The command
line (``dealer.cli``) is a thin layer that loads rulesets, calls the core and renders.
"""

__version__ = "0.3.0"  # the one place the version lives (pyproject.toml reads it); every event records it

# Where the command line keeps the global options given (``click.Context.meta``), for the
# options themselves and for shell completion.
OPTIONS_KEY = "dealer.options"
ARGS_KEY = "dealer.args"  # where the root context keeps the command line as given (``click.Context.meta``)
