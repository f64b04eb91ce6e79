"""``dealer draw``: cards from a fresh shuffle, or from a table's persistent deck."""

from __future__ import annotations

import click

from dealer import render
from dealer.render.tables import draw_notes, draw_text
from dealer.options import global_options
from dealer.session import Session


@click.command()
@click.argument("n", type=click.IntRange(min=1), default=1)
@click.option("--count", type=click.IntRange(min=1, max=100_000), default=1, show_default=True,
              help="Independent deals, each from its own fresh shuffle (seed, seed+1, ...).")
@click.option("--deck", "deck_name", metavar="NAME", default="main", show_default=True,
              help="With --table: which of the table's decks (made on first use).")
@click.option("--allow-short", is_flag=True,
              help="With --table: an empty deck deals nothing and exits 0 (else it is an error, exit 1).")
@global_options
@click.pass_context
def draw(ctx, n, count, deck_name, allow_short):
    """Draw N cards (default 1) from a freshly shuffled deck, or from a table's deck.

    Without --table every draw is a fresh shuffle and nothing is saved. With --table the
    cards come off the table's deck and stay in play until `dealer table discard`; an
    empty deck reshuffles its discards (never cards in play or up a sleeve).

    \b
    Examples:
      dealer draw 5
      dealer -r weird-dust-devils --seed 7 draw 10
      dealer draw 5 --count 3 --jsonl
      dealer draw 3 --table friday
    """
    session = Session(ctx, "draw")
    if session.settings.table:
        _draw_from_table(session, n, count, deck_name, allow_short)
        return
    deck = session.ruleset.deck
    _check_size(ctx, session, n)
    results, envelopes = [], []
    for i in range(count):
        result = render.card_data(deck.shuffled(session.rng(i))[:n])
        results.append(result)
        envelopes.append(session.envelope(result, seed=session.seed + i))
    if session.settings.json and count > 1:
        envelopes = [session.envelope({"deals": [dict(r, seed=session.seed + i) for i, r in enumerate(results)]},
                                      seed=session.seed)]
    session.emit(envelopes, draw_text(results, session.cards))


def _nothing_to_draw(table, deck_name, piles):
    from dealer.errors import TableError

    held = sum(map(len, piles.play.values())) + len(piles.sleeves)
    raise TableError(f"table '{table.name}': deck '{deck_name}' is empty ({held} cards held, none discarded): "
                     f"nothing to draw; dealer table discard {table.name} CARDS brings cards back "
                     "(or add --allow-short)")


def _check_size(ctx, session, n):
    size = len(session.ruleset.deck)
    if n > size:
        raise click.UsageError(f"cannot draw {n} cards: the {session.ruleset.name} deck has {size}", ctx)


def _draw_from_table(session, n, count, deck_name, allow_short=False):
    from dealer.core.piles import TABLE_HOLDER

    results = []
    with session.table() as table:
        _check_size(session.ctx, session, n)
        rng = session.rng()
        piles = table.deck(deck_name, rng)
        for _ in range(count):
            drawn = piles.draw(n, TABLE_HOLDER, rng)
            if not drawn.cards and not allow_short:  # raising here leaves the table untouched
                _nothing_to_draw(table, deck_name, piles)
            if drawn.reshuffled:
                table.log("reshuffle", deck=deck_name, data={"cards": drawn.reshuffled, "why": "deck ran out"})
            table.log("draw", deck=deck_name, cards=drawn.cards)
            cards = [session.ruleset.deck.parse(code) for code in drawn.cards]
            result = render.card_data(cards)
            result.update({"table": table.name, "deck": deck_name, "left": len(piles.draw_pile),
                           "reshuffled": drawn.reshuffled, "short": drawn.short})
            results.append(result)
    envelopes = [session.envelope(result, seed=session.seed) for result in results]
    if session.settings.json and count > 1:
        envelopes = [session.envelope({"deals": results}, seed=session.seed)]
    session.emit(envelopes, draw_text(results, session.cards), notes=draw_notes(results))
