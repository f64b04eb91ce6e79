"""``dealer hand``: the best hand of cards already held, a threshold check, a comparison."""

from __future__ import annotations

import click

from dealer.core.results import hand_data
from dealer.render.hands import hand_text
from dealer.errors import CardError
from dealer.options import global_options
from dealer.session import Session


@click.command()
@click.argument("cards", nargs=-1, required=True)
@click.option("--vs", "versus", metavar="CARDS", multiple=True,
              help="Cards of a second hand to compare with (quote them: --vs \"Qh Qd 4c\").")
@click.option("--min", "minimum", metavar="HAND",
              help="Check a threshold: a hand rank (pair, two-pair), 'pair of jacks', 'king high', ace, jacks.")
@click.option("--context", metavar="NAME",
              help="Wild-card context of the ruleset (default: its hand context; 'none' for no wilds).")
@global_options
@click.pass_context
def hand(ctx, cards, versus, minimum, context):
    """Evaluate CARDS you hold: the best five, its rank, what each wild card became.

    Cards are codes such as As 10h Qd RJ (tarot: T10 Fool KSw 10Cu), any case,
    several per argument.

    \b
    Examples:
      dealer hand "8s 8h 8d Kc 5d 3s RJ"
      dealer hand As Ad Kc --min "pair of jacks"
      dealer hand Ah Kh Qh Jh 10h --vs "9c 9d 9h 9s 2c"
      dealer -r weird-dust-devils hand Fool KSw KCu KWa
    """
    from dealer.core.mechanics import draws

    session = Session(ctx, "hand")
    ruleset = session.ruleset
    deck = ruleset.deck
    context_obj = ruleset.context("" if context == "none" else context)
    held = deck.parse_many(cards)
    first = ruleset.ranking.best(held, context_obj)
    result = {"context": context_obj.name, "hand": hand_data(first, ruleset)}
    if draws.is_bust(ruleset, held, first):
        result["bust"] = draws.how_black(held)
    if minimum:
        threshold = ruleset.threshold(minimum)
        result["min"] = {"threshold": minimum, "rank": threshold[0].id,
                         "met": ruleset.ranking.meets(first, threshold)}
    if versus:
        other_cards = deck.parse_many(list(versus))
        shared = sorted({card.code for card in other_cards} & {card.code for card in held})
        if shared:
            raise CardError(f"card {', '.join(shared)} is in both hands: a deck holds each card once")
        second = ruleset.ranking.best(other_cards, context_obj)
        outcome = ruleset.ranking.compare(first, second)
        result["vs"] = hand_data(second, ruleset)
        result["winner"] = {1: "first", -1: "second", 0: "tie"}[outcome]
    session.emit([session.envelope(result)], hand_text(result, session.cards))
