"""``dealer gadget``: mad science (seed 003): design a device, build it, use it until it breaks."""

from __future__ import annotations

from typing import TYPE_CHECKING

import click


from dealer.core.cards import MAX_DECK
from dealer.core.numbers import MAX_CARD_MODIFIER, MAX_LEVEL, MAX_SKILL
from dealer.options import Int, Person, completes, global_options
from dealer.session import Session

if TYPE_CHECKING:
    from dealer.core.mechanics.gadget.invention import Check


def check_options(command: click.Command) -> click.Command:
    """The options every inventor's check shares (design and build)."""
    options = [
        click.option("--skill", type=Int(0, MAX_SKILL), help="Mad science skill (cards = 5 + skill); "
                     "default the roster trait mad-science of --by."),
        click.option("--mod", "mods", multiple=True, type=Int(-MAX_CARD_MODIFIER, MAX_CARD_MODIFIER), metavar="+1|-1", help="A card modifier."),
        click.option("--assist-skill", type=Int(0, MAX_SKILL), metavar="N",
                     help="A science (design) or engineering (build) check first, drawn with skill N; its "
                          "hand adds to the draw as a helper's does."),
        click.option("--assist", "assist_hand", metavar="HAND", help="That check's hand, already made "
                     "(`two pair`)."),
        click.option("--cards", "given", metavar="CARDS", help="Cards dealt by hand instead of the draw."),
        click.option("--by", "person", type=Person(), default="", metavar="PERSON",
                     help="Who makes the check (roster name)."),
        click.option("--assist-by", "assist_person", type=Person(), default="", metavar="PERSON",
                     help="Who makes the assisting check (default: the one who makes the check)."),
        click.option("--assist-cards", metavar="CARDS", help="The assisting check's cards, dealt by hand "
                     "(with --assist-skill)."),
        click.option("--wild-pick", is_flag=True, help="At ten or more cards, five fewer and a wild pick."),
        click.option("--chip", "chips", multiple=True, metavar="COLOUR", shell_complete=completes("colours"),
                     help="On a table: --by plays a chip before the draw (white one more card, red a wild pick)."),
        click.option("--knack", default="", metavar="NAME", help="A knack on the roster: any chip acts as red."),
    ]
    for option in reversed(options):
        command = option(command)
    return command


def _check(skill, mods, assist_skill, assist_hand, given, person, assist_person, assist_cards, wild_pick, chips,
           knack) -> Check:
    from dealer.core.mechanics.gadget.invention import Assist, Check

    if assist_skill is not None and assist_hand is not None:
        raise click.UsageError("give --assist-skill N or --assist HAND, not both")
    if assist_cards is not None and assist_skill is None:
        raise click.UsageError("--assist-cards are the cards of an assisting check: give its --assist-skill N too")
    return Check(skill, tuple(mods), Assist(assist_skill, assist_hand, assist_person, assist_cards), given, person,
                 wild_pick, tuple(chips), knack)


@click.group()
@global_options(seed=False, table=False)
def gadget() -> None:
    """Mad science by poker hand: design a device, build it, use it, repair it (seed 003).

    \b
    Examples:
      dealer -r poker-hands gadget design jetski --tier straight --skill 3
      dealer -r poker-hands gadget build --tier straight --skill 3 --cards "Js 10h 9d 8c 7s"
      dealer -r poker-hands gadget use --reliability 5
      dealer gadget use jetski-1 --table friday
      dealer gadget repair jetski-1 --by Bert --table friday
      dealer gadget list --table friday
    """


@gadget.command("design")
@click.argument("name")
@click.option("--tier", required=True, metavar="TIER", shell_complete=completes("tiers"), help="Hand rank or tier name: pair/simple ... "
              "straight flush/\"you built what?\".")
@check_options
@global_options
@click.pass_context
def design(ctx, name, tier, **check) -> None:
    """Design NAME: a mad science check against the tier's hand.

    Beating it by two or more steps gives bonus construction cards; Jokers are noted. On a
    table the design is stored by name.

    \b
    Examples:
      dealer -r poker-hands gadget design jetski --tier "novel tech" --skill 3
      dealer -r poker-hands gadget design hatgun --tier pair --skill 1 --assist-skill 2
      dealer gadget design jetski --tier straight --by Bert --table friday
    """
    from dealer.core.mechanics.gadget import invention as mechanic

    Session(ctx, "gadget design").run(mechanic.resolve_design, mechanic.DesignRequest(name, tier, _check(**check)))


@gadget.command("build")
@click.argument("name", required=False, default="", shell_complete=completes("designs"))
@click.option("--tier", metavar="TIER", shell_complete=completes("tiers"), help="Without a table: the design's tier.")
@click.option("--rush", type=Int(0, MAX_LEVEL), default=0, metavar="K",
              help="Rush K complexity categories (+2 reliability each).")
@click.option("--complexity", metavar="NAME", help="The GM's complexity (build time) instead of the tier's.")
@click.option("--as", "device", default="", metavar="DEVICE", help="On a table: the device's name "
              "[default DESIGN-1, DESIGN-2, ...].")
@check_options
@global_options
@click.pass_context
def build(ctx, name, tier, rush, complexity, device, **check) -> None:
    """Build a device from design NAME: the margin gives reliability and fail hand.

    \b
    Examples:
      dealer -r poker-hands gadget build --tier straight --skill 3
      dealer -r poker-hands gadget build --tier straight --skill 0 --cards "Js 10h 9d 8c 7s"
      dealer gadget build jetski --by Bert --rush 1 --table friday
    """
    from dealer.core.mechanics.gadget import invention as mechanic

    request = mechanic.BuildRequest(name, tier, _check(**check), rush, device, complexity)
    Session(ctx, "gadget build").run(mechanic.resolve_build, request)


@gadget.command("use")
@click.argument("device", required=False, default="", shell_complete=completes("devices"))
@click.option("--reliability", type=Int(0, MAX_DECK), metavar="R", help="Without a stored device: cards the GM draws.")
@click.option("--fail-hand", type=Int(0, MAX_DECK), metavar="F", help="Cards in the breakdown hand [default 5 + R // 2].")
@click.option("--build-joker", "build_jokers", multiple=True, type=click.Choice(["red", "black"]),
              help="A Joker drawn at build (Black trumps Red).")
@click.option("--cards", "given", metavar="CARDS", help="The GM's cards dealt by hand, in order: the reliability "
              "cards, then the severity hand's new cards.")
@global_options
@click.pass_context
def use(ctx, device, reliability, fail_hand, build_jokers, given) -> None:
    """Use DEVICE: the GM draws its reliability in cards; a Joker is a breakdown.

    \b
    Examples:
      dealer -r poker-hands gadget use --reliability 5
      dealer -r poker-hands gadget use --reliability 3 --build-joker black --cards "BJ 4c 9h 9s 2d Kc Qh 5s"
      dealer gadget use jetski-1 --table friday
    """
    from dealer.core.mechanics.gadget import breakdown as mechanic

    request = mechanic.UseRequest(device, reliability, fail_hand, tuple(build_jokers), given)
    Session(ctx, "gadget use").run(mechanic.resolve_use, request)


@gadget.command("repair")
@click.argument("device", shell_complete=completes("devices"))
@click.option("--fixed", is_flag=True, help="The GM says it is fixed: no check.")
@check_options
@global_options
@click.pass_context
def repair(ctx, device, fixed, **check) -> None:
    """Repair broken DEVICE: a construction check against its design's hand (or --fixed).

    A breakdown leaves a device broken until it is repaired; hitting the design's required
    hand mends it. The check is the builder's unless --by names another.

    \b
    Examples:
      dealer gadget repair jetski-1 --by Bert --table friday
      dealer gadget repair jetski-1 --fixed --table friday
    """
    from dealer.core.mechanics.gadget import invention as mechanic

    request = mechanic.RepairRequest(device, _check(**check), fixed)
    Session(ctx, "gadget repair").run(mechanic.resolve_repair, request, table="required", randomness=not fixed)


@gadget.command("list")
@global_options
@click.pass_context
def list_command(ctx) -> None:
    """The designs and devices on the --table, and which devices are broken.

    \b
    Example:
      dealer gadget list --table friday
    """
    from dealer.core.mechanics.gadget import invention as mechanic

    Session(ctx, "gadget list").run(mechanic.resolve_list, mechanic.ListRequest(), table="required", randomness=False)
