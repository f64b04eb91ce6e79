"""``dealer hex``: cast a hex (Deadlands huckster) or a spell (poker-hands) by poker hand."""

from __future__ import annotations

import click

from dealer.core.dice import MAX_TN
from dealer.core.numbers import MAX_CARD_MODIFIER, MAX_LEVEL, MAX_SKILL, MAX_TOTAL
from dealer.options import Int, Person, SectionedCommand, completes, global_options
from dealer.session import Session

HUCKSTER = ["dice", "total", "bust", "level", "tn", "action_card"]
SPELL = ["skill", "mods", "wild_pick", "target", "huckster", "faithful", "master", "chip", "knack", "bad_cause"]


@click.command("hex", cls=SectionedCommand, sections={"Deadlands hucksters (-r deadlands)": HUCKSTER,
                                                      "poker-hands spells (-r poker-hands)": SPELL})
@click.argument("name", required=False, metavar="[HEX]", shell_complete=completes("hexes"))
@click.option("--roll", "dice", metavar="NdX", help="Roll the hexslingin' dice (hexslingin' level dice of the Trait's type).")
@click.option("--total", type=Int(-MAX_TOTAL, MAX_TOTAL), help="A hexslingin' total already rolled with physical dice.")
@click.option("--bust", is_flag=True, help="The hexslingin' roll went bust.")
@click.option("--level", type=Int(0, MAX_LEVEL), help="The caster's level in this hex.")
@click.option("--min", "minimum", metavar="HAND", help="The least hand that works: a hex's (default: the "
              "catalogue's) or a spell's target (default: a pair).")
@click.option("--tn", type=Int(1, MAX_TN), help="TN of the hexslingin' roll [default: the ruleset's, 5].")
@click.option("--cards", metavar="CARDS", shell_complete=completes("cards"),
              help="Cards drawn by hand instead of from a deck.")
@click.option("--caster", type=Person(), metavar="NAME", shell_complete=completes("roster"),
              help="Who casts: their own deck and traits on a table.")
@click.option("--action-card", metavar="CARD", help="A hex of Speed 2+ in a combat: the action card spent on it "
              "now (default: the caster's first this round); their later cards this round are spent too.")
@click.option("--reshuffle", type=click.Choice(["after-hex", "when-low", "manual"]),
              help="When the caster's deck on a table is reshuffled [default: the ruleset's].")
@click.option("--list", "list_only", is_flag=True, help="Show the ruleset's hex catalogue.")
@click.option("--skill", type=Int(-MAX_SKILL, MAX_SKILL), help="The spell's skill level (cards = 5 + skill).")
@click.option("--mod", "mods", multiple=True, type=Int(-MAX_CARD_MODIFIER, MAX_CARD_MODIFIER), metavar="+1|-1",
              help="A card modifier.")
@click.option("--wild-pick", is_flag=True, help="At ten cards, five fewer and a wild pick.")
@click.option("--target", metavar="HAND", hidden=True, help="Old name of --min for a spell.")
@click.option("--huckster", is_flag=True, help="The caster is a huckster (any Joker backlashes).")
@click.option("--faithful", is_flag=True, help="The caster is one of the faithful (Jokers bless or test).")
@click.option("--master", type=Int(1, MAX_LEVEL), help="On a table: the master level, casts before winded.")
@click.option("--chip", metavar="COLOUR", shell_complete=completes("colours"),
              help="A chip played before the draw: white one more card, red a wild pick, blue a spell the caster "
              "lacks, at their master level.")
@click.option("--knack", metavar="NAME", help="A knack on the roster: any chip acts as red.")
@click.option("--bad-cause", is_flag=True, help="One of the faithful casts for a bad cause: the miracle counts "
              "towards winded.")
@global_options
@click.pass_context
def hex_command(ctx, list_only, **options):
    """Cast HEX: the roll, the cards, the best hand, the verdict and any backlash.

    The ruleset decides the game: a Deadlands huckster rolls hexslingin' (--roll,
    --total or --bust) at a --level; a poker-hands caster draws by --skill. Each
    game's options are listed under its own heading below.

    \b
    Examples:
      dealer hex "soul blast" --roll 5d10 --level 4
      dealer hex "soul blast" --total 18 --level 4 --cards "8s 8h 8d Kc 5d 3s RJ"
      dealer hex --min jacks --bust --level 2
      dealer hex "soul blast" --caster Velvet --table friday
      dealer hex --list
      dealer -r poker-hands hex --skill 2 --mod +1
      dealer -r poker-hands hex --skill 5 --wild-pick --huckster
      dealer -r poker-hands hex --skill 3 --caster Sally --chip red --table friday
    """
    from dealer.core.mechanics import hex as mechanic

    session = Session(ctx, "hex")
    if list_only:
        session.show({"kind": "catalogue", "catalogue": session.ruleset.hex["catalogue"]})
        return
    from dealer.render.hex import deck_notes

    session.run(mechanic.resolve, mechanic.cast_request(session.ruleset, options), notes=deck_notes)
