"""``dealer draw``: cards from a fresh shuffle, or from a table's persistent deck."""

from __future__ import annotations

import click

from dealer import render
from dealer.options import global_options
from dealer.session import Session


@click.command()
@click.argument("n", type=click.IntRange(min=1), default=1)
@click.option("--count", type=click.IntRange(min=1, max=100_000), default=1, show_default=True,
              help="Independent deals, each from its own fresh shuffle (seed, seed+1, ...).")
@global_options
@click.pass_context
def draw(ctx, n, count):
    """Draw N cards (default 1) from a freshly shuffled deck of the ruleset.

    \b
    Examples:
      dealer draw 5
      dealer -r weird-dust-devils --seed 7 draw 10
      dealer draw 5 --count 3 --jsonl
    """
    session = Session(ctx, "draw")
    deck = session.ruleset.deck
    if n > len(deck):
        raise click.UsageError(f"cannot draw {n} cards: the {session.ruleset.name} deck has {len(deck)}",
                               ctx)
    results, envelopes = [], []
    for i in range(count):
        result = render.card_data(deck.shuffled(session.rng(i))[:n])
        results.append(result)
        envelopes.append(session.envelope(result, seed=session.seed + i))
    if session.settings.json and count > 1:
        envelopes = [session.envelope({"deals": [dict(r, seed=session.seed + i) for i, r in enumerate(results)]},
                                      seed=session.seed)]
    session.emit(envelopes, render.draw_text(results, session.cards))
