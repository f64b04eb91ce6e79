"""``dealer hand``: the best hand of cards already held, a threshold check, a comparison."""

from __future__ import annotations

import click

from dealer.options import completes, global_options
from dealer.session import Session


@click.command()
@click.argument("cards", nargs=-1, required=True, shell_complete=completes("cards"))
@click.option("--vs", "versus", metavar="CARDS", multiple=True, shell_complete=completes("cards"),
              help="Cards of a second hand to compare with (quote them: --vs \"Qh Qd 4c\").")
@click.option("--min", "minimum", metavar="HAND",
              help="Check a threshold: a hand rank (pair, two-pair), 'pair of jacks', 'king high', ace, jacks.")
@click.option("--context", metavar="NAME", shell_complete=completes("contexts"),
              help="Wild-card context of the ruleset (default: its hand context; 'none' for no wilds).")
@global_options(seed=False, table="ruleset")
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
    from dealer.core.evaluate import evaluate

    session = Session(ctx, "hand")
    result = evaluate(session.ruleset, list(cards), context=context, minimum=minimum, versus=list(versus))
    session.show(result.to_data())
