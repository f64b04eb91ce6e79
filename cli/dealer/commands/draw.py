"""``dealer draw``: cards from a fresh shuffle, or from a table's persistent deck."""

from __future__ import annotations

import click

from dealer import render
from dealer.render.tables import deal_text, draw_notes
from dealer.options import Int, global_options
from dealer.core.cards import MAX_DECK  # no deck is larger
from dealer.session import Session

MAX_COUNT = 100_000


@click.command()
@click.argument("n", type=Int(1, MAX_DECK), default=1)
@click.option("--count", type=Int(1, MAX_COUNT), default=1, show_default=True,
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
    if count == 1:
        session.show(_deal(deck.shuffled(session.rng())[:n]), seed=session.seed)
        return
    from dealer.render.stream import emit_many

    seed = session.seed
    deals = ((seed + i, _deal(deck.shuffled(session.rng(i))[:n])) for i in range(count))
    emit_many(session.settings, session.envelope(None, seed=seed), deals,
              lambda result: deal_text(result, session.cards)[0], "deals")


def _deal(cards):
    return {"kind": "deal", **render.card_data(cards)}


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
    with session.table() as table:
        _check_size(session.ctx, session, n)
        results, dry = _deal_from_table(session, table, n, count, deck_name, allow_short)
    if count == 1:
        session.show(results[0], seed=session.seed, notes=draw_notes(results))
        return
    from itertools import chain, repeat

    from dealer.render.stream import document_lines, json_lines, write_lines

    every = chain(results, repeat(results[-1], dry))
    head = session.envelope(None, seed=session.seed)
    if session.settings.jsonl:
        write_lines(json_lines(head, ((session.seed, result) for result in every)))
    elif session.settings.json:
        write_lines(document_lines(head, "deals", every))
    else:
        write_lines(deal_text(result, session.cards)[0] for result in every)
        render.show_seed(session.settings, render.seed_line([head]))
    for note in draw_notes(results):  # stderr, whatever stdout holds
        click.echo(f"dealer: {note}", err=True)


def _deal_from_table(session, table, n, count, deck_name, allow_short):
    """``count`` draws of ``n`` off the table's deck: the results, and how many more would find
    the same nothing once the deck and its discards are dry."""
    from dealer.core.piles import TABLE_HOLDER

    rng = session.rng()
    piles = table.deck(deck_name, rng)
    results = []
    for i in range(count):
        drawn = piles.draw(n, TABLE_HOLDER, rng)
        if not drawn.cards and not allow_short:  # raising here leaves the table untouched
            _nothing_to_draw(table, deck_name, piles)
        if drawn.reshuffled:
            table.log("reshuffle", deck=deck_name, data={"cards": drawn.reshuffled, "why": "deck ran out"})
        if drawn.cards:  # a draw that found nothing changed nothing: no event
            table.log("draw", deck=deck_name, cards=drawn.cards)
        result = _deal([session.ruleset.deck.parse(code) for code in drawn.cards])
        result.update({"table": table.name, "deck": deck_name, "left": len(piles.draw_pile),
                       "reshuffled": drawn.reshuffled, "short": drawn.short})
        results.append(result)
        if not drawn.cards and not drawn.reshuffled:
            return results, count - i - 1
    return results, 0
