"""``dealer odds``: exact (or, where out of reach, simulated) probabilities.

Each subcommand is parse, compute (``dealer.core.odds``), render (``dealer.render.odds``).
"""

from __future__ import annotations

import click

from dealer.options import AliasOption, SectionedCommand, completes, global_options
from dealer.session import Session


def _progress(session, total):
    from dealer.render.odds import Progress

    return Progress(total, enabled=not (session.settings.json or session.settings.jsonl))


@click.group()
@global_options(seed=False, table=False)
def odds():
    """Exact odds of hands, hexes, action cards and gadgets (simulated only when out of reach).

    \b
    Examples:
      dealer odds hand 7
      dealer odds hand 5 --min "pair of jacks"
      dealer odds hex "soul blast" --roll 5d10 --level 4
      dealer odds action 3d6
      dealer -r poker-hands odds gadget --reliability 5
    """


@odds.command("hand")
@click.argument("n", type=int)
@click.option("--min", "minimum", metavar="HAND", help="Also the chance to make at least HAND ('pair of jacks').")
@click.option("--context", metavar="NAME", shell_complete=completes("contexts"), help="Wild-card context (default: the ruleset's hand context; 'none').")
@click.option("--holding", metavar="CARDS", multiple=True, shell_complete=completes("cards"), help="Cards already in the hand (they count toward N).")
@click.option("--deck-left", metavar="CARDS", multiple=True,
              help="The cards still in the deck to draw from (default: the deck without the held cards).")
@click.option("--simulate", is_flag=True, help="Deal at random instead of counting (with --samples).")
@click.option("--samples", type=click.IntRange(min=1), default=None,
              help="Random deals when simulating [default: 100,000].")
@global_options(table="ruleset")
@click.pass_context
def hand_command(ctx, n, minimum, context, holding, deck_left, simulate, samples):
    """The best hand of N cards dealt from the full deck: every rank's chance, exactly.

    Counted by class (not hand by hand), with cards held or a thinned deck too; where
    the ladder cannot be counted, enumerated when the remaining hands are few, else
    simulated. The method is always reported.

    \b
    Examples:
      dealer odds hand 5
      dealer odds hand 7 --min "two pair"
      dealer odds hand 7 --holding "As Ah" --min trips
      dealer -r weird-dust-devils odds hand 5
    """
    from dealer.core.odds import DEFAULT_SAMPLES, hand_odds
    from dealer.render.odds import hand_odds_data

    session = Session(ctx, "odds hand")
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
    session.show(data, seed=seed)


@odds.command("hex", cls=SectionedCommand, sections={
    "Deadlands hucksters (-r deadlands)": ["dice", "level", "minimum", "tn"],
    "poker-hands spells (-r poker-hands)": ["skill", "mods", "wild_pick", "target"]})
@click.argument("name", required=False, metavar="[HEX]", shell_complete=completes("hexes"))
@click.option("--roll", "--dice", "dice", cls=AliasOption, metavar="NdX",
              help="The hexslingin' dice, e.g. 5d10 (as `dealer hex --roll`).")
@click.option("--level", type=click.IntRange(min=0), help="The caster's level in this hex.")
@click.option("--min", "minimum", metavar="HAND", help="The least hand that works (default: the catalogue's).")
@click.option("--tn", type=click.IntRange(min=1), help="TN of the hexslingin' roll [default: the ruleset's].")
@click.option("--skill", type=int, help="The spell's skill level (cards = 5 + skill).")
@click.option("--mod", "mods", multiple=True, type=int, metavar="+1|-1", help="A card modifier.")
@click.option("--wild-pick", is_flag=True, help="At ten or more cards, five fewer and a wild pick.")
@click.option("--target", metavar="HAND", help="The hand the GM sets (default: the ruleset's).")
@click.option("--samples", type=click.IntRange(min=1), default=20_000, show_default=True,
              help="Random deals per hand size, where a figure must be simulated.")
@global_options(table="ruleset")
@click.pass_context
def hex_odds(ctx, name, dice, level, minimum, tn, skill, mods, wild_pick, target, samples):
    """The chance a hex works, fizzles or fails, and of each backlash; or a spell's.

    \b
    Examples:
      dealer odds hex "soul blast" --roll 5d10 --level 4
      dealer odds hex --min "two pair" --roll 3d8 --level 2
      dealer -r poker-hands odds hex --skill 3
      dealer -r poker-hands odds hex --skill 5 --wild-pick --samples 5000
    """
    from dealer.core.odds.casting import cast_odds
    from dealer.render.odds import cast_odds_data

    session = Session(ctx, "odds hex")
    cast = cast_odds(session.ruleset, name=name, dice=dice, level=level, minimum=minimum, tn=tn, skill=skill,
                     mods=mods, wild_pick=wild_pick, target=target, rng=session.rng(), samples=samples)
    data = cast_odds_data(cast)
    seed = session.seed if data["method"] == "simulated" else None
    data["seed"] = seed
    session.show(data, seed=seed)


@odds.command("action")
@click.argument("dice")
@click.option("--tn", type=click.IntRange(min=1), help="TN of the Quickness roll [default: the ruleset's action TN].")
@global_options(seed=False, table="ruleset")
@click.pass_context
def action_odds_command(ctx, dice, tn):
    """How many action cards a Quickness roll of DICE earns: each count's exact chance.

    \b
    Examples:
      dealer odds action 3d6
      dealer odds action 4d8+1 --tn 7
    """
    from dealer.core.odds.casting import action_odds, roll_odds
    from dealer.render.odds import action_odds_data

    session = Session(ctx, "odds action")
    rules = session.ruleset.action
    roll = roll_odds(session.ruleset, dice, rules.get("tn") if tn is None else tn)
    data = action_odds_data(action_odds(session.ruleset, roll), dice, roll)
    session.show(data)


@odds.command("gadget")
@click.option("--reliability", type=int, required=True, metavar="R", help="Cards drawn when the device is used.")
@click.option("--fail-hand", type=int, metavar="F", help="Also the odds of each rank of an F-card fail hand.")
@global_options(seed=False, table="ruleset")
@click.pass_context
def gadget_odds_command(ctx, reliability, fail_hand):
    """The chance a device breaks down: RELIABILITY cards drawn, any Joker breaks it (seed 003).

    \b
    Examples:
      dealer -r poker-hands odds gadget --reliability 5
      dealer -r poker-hands odds gadget --reliability 1 --fail-hand 5
    """
    from dealer.core.odds.casting import gadget_odds
    from dealer.render.odds import gadget_odds_data

    session = Session(ctx, "odds gadget")
    data = gadget_odds_data(gadget_odds(session.ruleset, reliability, fail_hand))
    session.show(data)


@odds.command("conflict", context_settings={"ignore_unknown_options": True})
@click.argument("participants", nargs=-1, required=True)
@click.option("--scores", metavar="SCORE,SCORE", help="Dust Devils: the two Scores the Dealer names.")
@click.option("--power", multiple=True, metavar="NAME", help="Weird Dust Devils: NAME adds Power.")
@click.option("--extra", multiple=True, metavar="NAME=N", help="Dust Devils: extra cards for NAME.")
@click.option("--target", metavar="HAND", help="poker-hands: the hand to beat.")
@click.option("--helper", "helpers", multiple=True, metavar="NAME=SKILL", help="poker-hands: a helper of the first.")
@click.option("--mod", "mods", multiple=True, metavar="NAME=N", help="poker-hands: a card modifier for NAME.")
@click.option("--samples", type=click.IntRange(min=1, max=1_000_000), default=2000, show_default=True,
              help="Deals to simulate.")
@global_options(table="ruleset")
@click.pass_context
def conflict_odds_command(ctx, participants, samples, **options):
    """Each participant's chance to win a conflict, by dealing it many times (seeded).

    \b
    Examples:
      dealer -r weird-dust-devils odds conflict Doc=hand=3,eye=2,power=1 Kid=hand=2,eye=2 --scores hand,eye --power Doc
      dealer -r poker-hands odds conflict Sam=3 Bob=2
    """
    from dealer.core.mechanics.conflict.common import parse_request
    from dealer.core.odds.casting import conflict_odds
    from dealer.render.odds import conflict_odds_data

    session = Session(ctx, "odds conflict")
    request = parse_request(session.ruleset, list(participants), options)
    progress = _progress(session, samples)
    try:
        result = conflict_odds(session.ruleset, request, samples=samples, rng=session.rng(), progress=progress)
    finally:
        progress.close()
    data = conflict_odds_data(result, session.seed)
    session.show(data, seed=session.seed)
