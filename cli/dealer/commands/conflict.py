"""``dealer conflict``: a Dust Devils conflict by Scores, or a poker-hands contest; harm on a table."""

from __future__ import annotations

import click

from dealer.core.numbers import MAX_LEVEL
from dealer.options import Int, Person, SectionedCommand, completes, global_options
from dealer.session import Session


@click.command("conflict", cls=SectionedCommand, sections={
    "Dust Devils conflicts (-r weird-dust-devils, dust-devils)": ["scores", "power", "extra", "weird"],
    "poker-hands contests (-r poker-hands)": ["target", "helpers", "mods", "wild_pick", "fear", "fear_hand",
                                              "fear_draw", "defend", "against", "melee", "defence", "called",
                                              "chips"]})
@click.argument("participants", nargs=-1, metavar="[harm|clear|show] PARTICIPANT...",
                shell_complete=completes("participants"))
@click.option("--scores", metavar="SCORE,SCORE", shell_complete=completes("scores"),
              help="The two Scores the Dealer names (hand,eye).")
@click.option("--power", multiple=True, metavar="NAME", help="Weird Dust Devils: NAME adds Power (needs an Arcane hand).")
@click.option("--extra", multiple=True, metavar="NAME=N", help="Extra cards for NAME (+1, -2).")
@click.option("--weird", multiple=True, metavar="NAME=TEXT", help="Weird Dust Devils: NAME's Weird.")
@click.option("--target", metavar="HAND", help="The hand to beat [default: the ruleset's, a pair].")
@click.option("--helper", "helpers", multiple=True, metavar="NAME=SKILL",
              help="A helper of the first participant (draws first).")
@click.option("--mod", "mods", multiple=True, metavar="NAME=N", help="A card modifier for NAME.")
@click.option("--wild-pick", multiple=True, metavar="NAME", help="NAME takes a wild pick at ten cards.")
@click.option("--fear", type=Int(0, MAX_LEVEL), metavar="LEVEL",
              help="A fear check; the area's level raises the target by value steps.")
@click.option("--fear-hand", metavar="HAND", help="A fear check against the event's set hand (raised by --fear "
              "LEVEL).")
@click.option("--fear-draw", type=Int(1, 20), metavar="N", help="A fear check against the event's own hand of N "
              "cards, drawn first (raised by --fear LEVEL).")
@click.option("--defend", type=click.Choice(["block", "dodge"]), help="On a table: the one participant's hand is "
              "kept as their defence (block: until their next action; dodge: their first of the next round).")
@click.option("--against", type=Person(), metavar="NAME", shell_complete=completes("roster"),
              help="On a table: the one participant attacks NAME's kept defence hand (with --defend block, their "
              "own hand stands as a block too).")
@click.option("--melee", is_flag=True, help="With --against: hand-to-hand, where blocking is automatic: NAME "
              "with no defence blocks with their last hand, and the attacker's hand stands as their block.")
@click.option("--defence", is_flag=True, help="With clear NAME: NAME's standing block or dodge ends (an action "
              "that needs standing still).")
@click.option("--called", type=Int(1, 3), is_flag=False, flag_value=1, metavar="[1|2|3]",
              help="A called shot (a 1 card penalty; 2 or 3 for an eye or the left nostril).")
@click.option("--chip", "chips", multiple=True, metavar="NAME=COLOUR", shell_complete=completes("person_chips"),
              help="On a table: NAME plays a chip before the draw (white a card, red a wild pick).")
@global_options
@click.pass_context
def conflict(ctx, participants, **options):
    """Resolve a conflict between PARTICIPANTs by poker hands.

    A participant is NAME=SPEC, or NAME=SPEC:CARDS for cards dealt by hand. SPEC
    is Scores in a Dust Devils conflict (hand=4,eye=3,power=2; a bare NAME takes
    them from the --table's roster) and a skill in a poker-hands contest: a
    number (Sam=3) or NAME=SKILL, a skill on the --table's roster (Bert=pistol);
    a bare NAME off the roster draws at skill 0.
    On a table, `harm NAME SCORE=N...` places a loser's harm, `clear NAME` ends
    shaken (`clear NAME --defence`: their block or dodge), `show` shows harm
    and the shaken.

    \b
    Examples:
      dealer -r weird-dust-devils conflict Doc=hand=4,eye=3,power=2 Kid=hand=2,eye=5 --scores hand,eye --power Doc
      dealer -r weird-dust-devils conflict Doc=:T10,KSw,KCu,2Co,5Wa Kid=:9Cu,9Co,3Sw,4Sw,PCo
      dealer conflict Doc Kid --scores hand,eye --table friday
      dealer conflict harm Kid Hand=1 Eye=1 --table friday
      dealer -r poker-hands conflict Sam=3 --target "pair of jacks" --helper Bob=2
      dealer conflict Bert=pistol --target "pair of jacks" --table gulch
      dealer -r poker-hands conflict Sam=2 --fear 3
      dealer -r poker-hands conflict Sam=2 Bob=1 --fear-draw 5 --fear 1
      dealer conflict Bob=2 --defend block --table friday
      dealer conflict Sam=3 --against Bob --table friday
      dealer conflict Sam=brawling --against Bob --melee --table friday
      dealer conflict clear Bob --defence --table friday
      dealer -r poker-hands conflict Sam=4 --called 2
    """
    from dealer.core.mechanics import conflict as mechanic
    from dealer.core.mechanics.conflict.common import ContestRequest, ScoresRequest, parse_request

    verb = participants[0] if participants[:1] and participants[0] in ("harm", "clear", "show") else ""
    session = Session(ctx, f"conflict {verb}".strip())  # JSON's command names the subcommand
    request = parse_request(session.ruleset, list(participants), options)
    randomness = isinstance(request, (ScoresRequest, ContestRequest))
    if not randomness and session.settings.seed is not None:
        raise click.UsageError(f"--seed means nothing to conflict {verb}: it deals nothing; drop it", ctx)
    session.run(mechanic.resolve, request, randomness=randomness)
