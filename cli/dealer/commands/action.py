"""``dealer action``: deal a combat round and print the countdown; sleeves, interrupts, long actions."""

from __future__ import annotations

import click

from dealer.default_group import DefaultGroup
from dealer.options import Int, Person, completes, global_options
from dealer.session import Session


@click.group(cls=DefaultGroup, default="deal", invoke_without_command=True,
             context_settings={"ignore_unknown_options": True, "allow_interspersed_args": False})
@global_options
@click.pass_context
def action(ctx):
    """Deal a combat round and print the countdown (Deadlands action cards, or poker-hands turn order).

    \b
    Participants are NAME=SPEC: the posse as arguments, the Marshal's side with -m.
    SPEC is Quickness dice (3d6, 2d8+1), a total already rolled (16) or bust; add
    :CARDS for cards dealt by hand (Sarah=16:Qh,8d,4c). In savage-worlds each is
    dealt one card: SPEC names the Edges that change the draw (Sarah=level-headed+quick);
    in poker-hands SPEC is a skill, as in every draw (Bert=2: seven cards).
    On a table the roster deals everyone in, and each call deals the next round. A
    participant named like a subcommand: write it with = or after -- (action -- play=3d6).

    \b
    Examples:
      dealer action Sarah=16 Velvet=3d6 -m "Bad Bob=2d8" -m Cultist=bust
      dealer action --table friday
      dealer action Sarah=3d6 -m "Bad Bob=2d8" --surprised Sarah=2d6
      dealer action --table friday --guts Sarah=3d8 --max-cards 6
      dealer action next --table friday
      dealer action join Doc 2d6 --table friday
      dealer action out "Bad Bob" --table friday
      dealer action sleeve Sarah --table friday
      dealer action interrupt Sarah --against "Bad Bob" --table friday
      dealer action begin Velvet 2 --what mirage --table friday
      dealer action new --table friday
      dealer -r poker-hands action Bert=+1 Sally Cultist=4
      dealer -r savage-worlds action Sarah=level-headed Velvet=quick -m Cultists
      dealer -r savage-worlds action Sarah Velvet -m Cultists --ambush Cultists --surprised Sarah=d6
    """
    if ctx.invoked_subcommand is None:  # only options were given: deal with the roster
        ctx.invoke(deal)


@action.command("deal", hidden=True)
@click.argument("posse", nargs=-1, metavar="[NAME=SPEC]...")
@click.option("-m", "--marshal", multiple=True, metavar="NAME=SPEC", help="A participant on the Marshal's side.")
@click.option("--max-cards", type=Int(1, 54), default=None,
              help="Lift the most cards one character may have (supernatural aid).")
@click.option("--surprised", multiple=True, metavar="NAME[:TN][=DICE]",
              help="NAME rolls to notice first (Deadlands: Cognition, TN 5, or 11 when completely off guard; "
              "savage-worlds: Notice, TN 4); a failure is dealt no card this round.")
@click.option("--guts", multiple=True, metavar="NAME=DICE", help="Guts dice for a shaken character (Deadlands).")
@click.option("--ambush", multiple=True, metavar="NAME", shell_complete=completes("roster"),
              help="savage-worlds: NAME has surprise and starts on Hold (no card until they act).")
@global_options
@click.pass_context
def deal(ctx, **options):
    """Deal a round (the default of `dealer action`): every option is on `dealer action --help`.

    \b
    Example:
      dealer action Sarah=16 Velvet=3d6 -m "Bad Bob=2d8"
    """
    from dealer.core.mechanics import action as mechanic
    from dealer.core.mechanics.action.common import round_request

    session = Session(ctx, "action")
    session.run(mechanic.resolve, round_request(session.ruleset, **options))


def _move(ctx, command, request_type, *fields, randomness=False, module="moves"):
    """A move kept on a table (a new combat, a sleeve, a play, a long action, a Hold): ``request_type``
    of ``action.moves`` (or ``module``) made of ``fields``, resolved on the --table."""
    import importlib

    from dealer.core.mechanics import action as mechanic

    moves = importlib.import_module(f"dealer.core.mechanics.action.{module}")

    session = Session(ctx, command)
    if not session.settings.table:
        from dealer.errors import DealerError

        raise DealerError(f"{command} needs a table: add --table NAME (for a participant named like this "
                          "subcommand, write NAME=SPEC or put it after --: dealer action -- NAME)")
    session.run(mechanic.resolve, getattr(moves, request_type)(*fields), table="required", randomness=randomness)


@action.command("new")
@global_options
@click.pass_context
def new(ctx):
    """Start a new combat on the table: every action card back, decks shuffled, sleeves cleared.

    \b
    Example:
      dealer action new --table friday
    """
    _move(ctx, "action new", "NewCombatRequest", randomness=True)


@action.command("sleeve")
@click.argument("name", shell_complete=completes("roster"))
@click.argument("card", required=False)
@global_options(seed=False)
@click.pass_context
def sleeve_command(ctx, name, card):
    """Put one of NAME's action cards up the sleeve (default: their lowest card; never a Joker).

    \b
    Example:
      dealer action sleeve Sarah 8d --table friday
    """
    _move(ctx, "action sleeve", "SleeveRequest", name, card)


@action.command("play")
@click.argument("name", shell_complete=completes("roster"))
@global_options(seed=False)
@click.pass_context
def play(ctx, name):
    """NAME plays the card up their sleeve (any time; it is then discarded).

    \b
    Example:
      dealer action play Sarah --table friday
    """
    _move(ctx, "action play", "PlayRequest", name)


@action.command("interrupt")
@click.argument("name", shell_complete=completes("roster"))
@click.option("--against", type=Person(), required=True, metavar="OTHER", shell_complete=completes("roster"),
              help="The character being interrupted.")
@click.option("--roll", "rolls", multiple=True, metavar="NAME=DICE",
              help="The roll of either character (default: their roster trait: quickness, or athletics).")
@global_options
@click.pass_context
def interrupt_command(ctx, name, against, rolls):
    """NAME interrupts OTHER: with a Joker at once, else by an opposed roll (from Hold or a sleeve card).

    A Joker acts any time, without a roll. With a sleeve card (deadlands), a success on
    the opposed Quickness roll means the two act simultaneously, a raise that NAME acts
    first; otherwise NAME keeps the card and waits. From Hold (savage-worlds), both roll
    athletics: the higher acts first, a tie simultaneously; the Hold is used either way.

    \b
    Example:
      dealer action interrupt Sarah --against "Bad Bob" --table friday
    """
    from dealer.core.mechanics import action as mechanic
    from dealer.core.mechanics.action.moves import InterruptRequest

    Session(ctx, "action interrupt").run(mechanic.resolve, InterruptRequest(name, against, rolls))


@action.command("hold")
@click.argument("name", shell_complete=completes("roster"))
@global_options
@click.pass_context
def hold_command(ctx, name):
    """NAME goes on Hold (savage-worlds): kept across rounds until used, no card dealt meanwhile.

    \b
    Examples:
      dealer action hold Sarah --table posse
      dealer action act Sarah --table posse
      dealer action interrupt Sarah --against Cultists --table posse
    """
    _move(ctx, "action hold", "HoldRequest", name, module="hold")


@action.command("act")
@click.argument("name", shell_complete=completes("roster"))
@global_options
@click.pass_context
def act_command(ctx, name):
    """NAME acts from Hold now: the Hold is spent.

    \b
    Example:
      dealer action act Sarah --table posse
    """
    _move(ctx, "action act", "ActRequest", name, randomness=True, module="hold")


@action.command("begin")
@click.argument("name")
@click.argument("cards", type=Int(1, 20))
@click.option("--what", default="action", show_default=True, help="What NAME is doing (shown in the countdown).")
@click.option("--card", metavar="CARD", help="The card NAME acts on now (default: their first card this round); "
                                             "it and their later cards this round are spent.")
@global_options(seed=False)
@click.pass_context
def begin(ctx, name, cards, what, card):
    """NAME starts an action that takes CARDS action cards (Speed): spent across rounds, it
    resolves on the last card, which the countdown marks.

    \b
    Examples:
      dealer action begin Velvet 2 --what mirage --table friday
      dealer action begin Velvet 2 --what mirage --card 8d --table friday
    """
    _move(ctx, "action begin", "BeginRequest", name, cards, what, card)


@action.command("next")
@global_options
@click.pass_context
def next_command(ctx):
    """Who acts now: the highest card (or hand) not yet called, with anyone acting at the same
    moment. Their card is discarded, and the answer says who is next and what is left. A card
    up a sleeve, someone out of the fight or on Hold is passed over. In savage-worlds a Shaken
    or Stunned person rolls to recover as their turn starts (Spirit, Vigor).

    \b
    Examples:
      dealer action next --table friday
      dealer action next --table friday --json
    """
    from dealer import OPTIONS_KEY

    seeded = ctx.find_root().meta.get(OPTIONS_KEY, {}).get("seed") is not None
    _move(ctx, "action next", "NextRequest", seeded, randomness=True, module="turns")


@action.command("show")
@global_options(seed=False)
@click.pass_context
def show_command(ctx):
    """The round under way: every turn in order, who has acted, who is next, who is passed over.

    \b
    Example:
      dealer action show --table friday
    """
    _move(ctx, "action show", "ShowRequest", module="turns")


@action.command("join")
@click.argument("name", type=Person(), shell_complete=completes("roster"))
@click.argument("spec", required=False, default="", metavar="[DICE|TOTAL|SPEC]")
@click.option("-m", "--marshal", is_flag=True, help="NAME is on the Marshal's side (a roster entry keeps its side).")
@global_options
@click.pass_context
def join_command(ctx, name, spec, marshal):
    """A latecomer dealt into the round under way, by the round's rules: Quickness dice (3d6), a
    total already rolled (16 or =16) or bust; in poker-hands a card count or modifier (+1); in
    savage-worlds their Edges (default: the roster's). Their cards take their places in the
    countdown: one above the count so far is the next called.

    \b
    Examples:
      dealer action join Doc 2d6 --table friday
      dealer action join "Bad Bob" =12 -m --table friday
    """
    _move(ctx, "action join", "JoinRequest", name, spec, marshal, randomness=True, module="join")


@action.command("out")
@click.argument("name", shell_complete=completes("roster"))
@click.option("--back", is_flag=True, help="NAME is back in the fight: dealt in again from the next round.")
@global_options(seed=False)
@click.pass_context
def out_command(ctx, name, back):
    """NAME is out of the fight (incapacitated): passed over in the countdown and dealt no cards
    until back.

    \b
    Examples:
      dealer action out "Bad Bob" --table friday
      dealer action out "Bad Bob" --back --table friday
    """
    _move(ctx, "action out", "OutRequest", name, back, module="turns")
