"""``dealer odds``: exact (or, where out of reach, simulated) probabilities.

Each subcommand is parse, compute (``dealer.core.odds``), render (``dealer.render.odds``).
"""

from __future__ import annotations

import click

from dealer.options import _KEY, global_options
from dealer.session import Session


def _ascii(ctx) -> bool:
    return bool(ctx.find_root().meta.get(_KEY, {}).get("ascii"))


def _progress(session, total):
    from dealer.render.odds import Progress

    return Progress(total, enabled=not (session.settings.json or session.settings.jsonl))


@click.group()
@global_options
def odds():
    """Exact odds of hands, hexes, action cards and gadgets (simulated only when out of reach).

    \b
    Examples:
      dealer odds hand 7
      dealer odds hand 5 --min "pair of jacks"
      dealer odds hex "soul blast" --dice 5d10 --level 4
      dealer odds action 3d6
      dealer -r poker-hands odds gadget --reliability 5
    """


@odds.command("hand")
@click.argument("n", type=int)
@click.option("--min", "minimum", metavar="HAND", help="Also the chance to make at least HAND ('pair of jacks').")
@click.option("--context", metavar="NAME", help="Wild-card context (default: the ruleset's hand context; 'none').")
@click.option("--holding", metavar="CARDS", multiple=True, help="Cards already in the hand (they count toward N).")
@click.option("--deck-left", metavar="CARDS", multiple=True,
              help="The cards still in the deck to draw from (default: the deck without the held cards).")
@click.option("--simulate", is_flag=True, help="Deal at random instead of counting (with --samples).")
@click.option("--samples", type=click.IntRange(min=1), default=None,
              help="Random deals when simulating [default: 100,000].")
@global_options
@click.pass_context
def hand_command(ctx, n, minimum, context, holding, deck_left, simulate, samples):
    """The best hand of N cards dealt from the full deck: every rank's chance, exactly.

    Counted by class (not hand by hand); with cards held or a thinned deck, enumerated
    when the remaining hands are few, else simulated. The method is always reported.

    \b
    Examples:
      dealer odds hand 5
      dealer odds hand 7 --min "two pair"
      dealer odds hand 7 --holding "As Ah" --min trips
      dealer -r weird-dust-devils odds hand 5
    """
    from dealer.core.odds import DEFAULT_SAMPLES, hand_odds
    from dealer.render.odds import hand_odds_data, hand_odds_text

    session = Session(ctx, "odds")
    ruleset = session.ruleset
    deck = ruleset.deck
    if n < 1:
        raise click.BadParameter(f"a hand needs at least one card, not {n}", ctx, param_hint="N")
    if n > len(deck):
        raise click.BadParameter(f"the {ruleset.name} deck has {len(deck)} cards; ask for at most that many",
                                 ctx, param_hint="N")
    context_obj = ruleset.context("" if context == "none" else context)
    held = deck.parse_many(list(holding)) if holding else []
    left = deck.parse_many(list(deck_left)) if deck_left else None
    samples = samples or DEFAULT_SAMPLES
    progress = _progress(session, samples)
    try:
        result = hand_odds(ruleset, n, context_obj, holding=held, deck_left=left, minimum=minimum,
                           simulate=simulate, samples=samples, rng=session.rng(), progress=progress)
    finally:
        progress.close()
    seed = session.seed if (result.method == "simulated" or result.met_method == "simulated") else None
    data = hand_odds_data(result, ruleset, seed)
    session.emit([session.envelope(data, seed=seed)], hand_odds_text(data, ascii=_ascii(ctx)))
