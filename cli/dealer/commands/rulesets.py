"""``dealer rulesets``: list the shipped rulesets, show one, check a file, start a house file."""

from __future__ import annotations

import click

from dealer.options import SuggestingGroup, completes, global_options
from dealer.session import Session


@click.group(cls=SuggestingGroup)
@global_options(seed=False, table=False)
def rulesets():
    """List, show, check and start rulesets.

    \b
    Examples:
      dealer rulesets list
      dealer rulesets show weird-dust-devils
      dealer rulesets validate house.toml
      dealer rulesets new --from deadlands > house.toml
      dealer rulesets diff deadlands house.toml
    """


def _summary(ruleset):
    deck = ruleset.deck
    return {
        "name": ruleset.name,
        "title": ruleset.title,
        "source": ruleset.source,
        "cards": len(deck),
        "hand_ranks": [rank.id for rank in ruleset.hand_ranks],
    }


def _deck_summary(ruleset):
    deck = ruleset.deck
    return {
        "size": len(deck),
        "plain": sum(1 for card in deck if card.kind == "plain"),
        "suits": [suit.name for suit in deck.suits],
        "ranks": [rank.code for rank in deck.ranks],
        "trumps": deck.trump_count,
        "specials": [card.name for card in deck if card.kind == "special"],
    }


@rulesets.command("list")
@global_options(seed=False, table=False)
@click.pass_context
def list_command(ctx):
    """The shipped rulesets, with their titles.

    \b
    Example:
      dealer rulesets list
    """
    from dealer.store.rulesets import builtin_names, load

    session = Session(ctx, "rulesets list")
    session.show({"kind": "rulesets", "rulesets": [_summary(load(name)) for name in builtin_names()]}, ruleset=None)


@rulesets.command("show")
@click.argument("name", required=False, shell_complete=completes("rulesets"))
@global_options(seed=False, table="ruleset")
@click.pass_context
def show(ctx, name):
    """Show a ruleset: deck, contexts, hand ranks, dice (default: the --ruleset one).

    \b
    Examples:
      dealer rulesets show deadlands
      dealer rulesets show ./house.toml --json
    """
    from dealer.store.rulesets import load

    session = Session(ctx, "rulesets show")
    ruleset = load(name) if name else session.ruleset
    session.show({"kind": "ruleset", **_summary(ruleset), "deck": _deck_summary(ruleset),
                  "document": ruleset.document}, ruleset=ruleset.name)


@rulesets.command("validate")
@click.argument("path", shell_complete=completes("ruleset_files"))
@global_options(seed=False, table=False)
@click.pass_context
def validate(ctx, path):
    """Check a ruleset file: every problem with its key path and line; exit 1 if any.

    \b
    Example:
      dealer rulesets validate house.toml
    """
    from dealer.store.rulesets import load

    session = Session(ctx, "rulesets validate")
    ruleset = load(path)  # raises with every problem; reaching the next line means valid
    ruleset.ranking  # compile the hand ranking too, as a hand command would
    session.show({"kind": "ruleset-check", **_summary(ruleset), "path": path, "valid": True}, ruleset=ruleset.name)


@rulesets.command("diff")
@click.argument("first", metavar="A", shell_complete=completes("ruleset_files"))
@click.argument("second", metavar="[B]", required=False, shell_complete=completes("ruleset_files"))
@click.option("--all", "every", is_flag=True, help="Every figure, the ones that do not change too.")
@global_options(table=False)
@click.pass_context
def diff(ctx, first, second, every):
    """What B changes from A: the standard odds of each mechanic both play, the figures that differ.

    Hands of 5 and 7 cards, trait rolls of common pools, hexes by level, breakdowns by
    reliability, a Joker in a round's deal, conflicts of typical scores: each figure as
    `dealer odds ...` prints it for that ruleset (exact where it counts; a simulated one is
    dealt with --seed, the same for A and B). A and B are names or paths, as -r takes them;
    B defaults to the --ruleset one.

    \b
    Examples:
      dealer rulesets diff deadlands house.toml
      dealer -r house.toml rulesets diff deadlands
      dealer rulesets diff dust-devils weird-dust-devils --all
    """
    from dealer import render
    from dealer.core.rulesets_diff import diff as rulesets_diff
    from dealer.store.rulesets import load

    session = Session(ctx, "rulesets diff")
    second = second or session.settings.ruleset
    a, b = load(first), load(second)
    labels = (first, second) if a.name == b.name and first != second else (a.name, b.name)
    result = rulesets_diff(a, b, seed=session.seed, every=every, labels=labels)
    # Rendered without session.cards, which would load the --ruleset one again.
    session.emit([session.envelope(result, seed=result["seed"], ruleset=None)], render.text(result, None))


@rulesets.command("new")
@click.option("--from", "base", default="deadlands", show_default=True, shell_complete=completes("rulesets"),
              help="The ruleset to extend.")
@click.option("--name", default="house", show_default=True, help="Name of the new ruleset.")
@global_options(seed=False, table=False)
@click.pass_context
def new(ctx, base, name):
    """Print a commented starter TOML that extends a ruleset; redirect it to a file.

    With --json (or --jsonl) the starter comes as data: `name`, `extends` and `toml`, the text.

    \b
    Example:
      dealer rulesets new --from deadlands --name house > house.toml
      dealer -r house.toml draw 5
    """
    from dealer.store.rulesets import load

    session = Session(ctx, "rulesets new")
    ruleset = load(base)
    text = starter_toml(ruleset, name)
    if session.settings.json or session.settings.jsonl:
        session.show({"kind": "ruleset-new", "name": name, "extends": ruleset.name, "toml": text},
                     ruleset=ruleset.name)
        return
    click.echo(text, nl=False)


def starter_toml(ruleset, name):
    """A house ruleset that extends ``ruleset``: the base's current values, commented out."""
    doc = ruleset.document
    dice, action, hexes = doc["dice"], doc["action"], doc["hex"]
    return f'''# House rules on top of {ruleset.name}. Keys you leave out keep the values of {ruleset.name};
# tables merge key by key, arrays (such as [[hands.ranks]]) replace the whole list.
# Every key, its type, default and meaning: dealer help rulesets (the page ships with dealer).
# Check the file with: dealer rulesets validate FILE
schema = 1
extends = "{ruleset.name}"
name = "{name}"
title = "House rules on {ruleset.name}"

# Uncomment and change what your table plays differently (the values of {ruleset.name} shown).

# [dice]
# bust = "{dice['bust']}"            # "majority": more than half the dice show 1; "half": half or more
# tn = {dice['tn']}
# raise_step = {dice['raise_step']}

# [action]
# cards_on_failure = {action['cards_on_failure']}        # cards for a failed roll that is not a bust
# max_cards = {action['max_cards']}

# [hex]
# reshuffle = "{hexes['reshuffle']}"     # after-hex, when-low or manual

# A hex of your own (this replaces the whole catalogue: copy the entries you keep):
# [[hex.catalogue]]
# name = "my hex"
# trait = "Spirit"
# minimum = "pair"
# speed = 1
# note = "What it does."
'''
