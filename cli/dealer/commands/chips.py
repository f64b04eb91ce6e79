"""``dealer chips``: the pot and players' chips; draws, gives, sessions, spending, wounds, rituals."""

from __future__ import annotations

import click

from dealer.core.numbers import MAX_CARD_MODIFIER, MAX_SKILL
from dealer.options import Int, RulesetHelpCommand, completes, global_options
from dealer.session import Session


def _run(ctx, name, resolve, request, randomness=False):
    """Every chips command: the session's steps, named ``chips NAME``; only draws record a seed."""
    Session(ctx, f"chips {name}".strip()).run(resolve, request, randomness=randomness)


@click.group(invoke_without_command=True)
@global_options(seed=False)
@click.pass_context
def chips(ctx):
    """The chip pot and each player's chips (--table); with no subcommand, show them.

    \b
    Examples:
      dealer chips --table friday
      dealer chips session --table friday
      dealer chips draw Bert 2 --table friday
      dealer chips give Bert red --table friday
      dealer chips spend Sally white --table friday
      dealer chips spend Bert red --for avoid-wound --table friday
      dealer chips spend Bert white --for stunt --note "Road Agent Spin" --table friday
      dealer chips ritual "Three Eagles" paint --table friday
    """
    if ctx.invoked_subcommand is None:
        from dealer.core.mechanics.chips import pot

        _run(ctx, "", pot.resolve_show, pot.ShowRequest())


@chips.command("draw")
@click.argument("person", shell_complete=completes("roster"))
@click.argument("count", type=Int(1, 100), default=1)
@global_options
@click.pass_context
def draw(ctx, person, count):
    """PERSON draws COUNT chips blind from the pot (the ruleset's cap holds).

    \b
    Example:
      dealer chips draw Bert 2 --table friday
    """
    from dealer.core.mechanics.chips import pot

    _run(ctx, "draw", pot.resolve_draw, pot.DrawRequest(person, count), randomness=True)


@chips.command("give")
@click.argument("person", shell_complete=completes("roster"))
@click.argument("colour", required=False, shell_complete=completes("colours"))
@global_options(seed=False)
@click.pass_context
def give(ctx, person, colour):
    """The GM hands PERSON a COLOUR chip from the pot (a pot of one colour, Bennies: no COLOUR).

    \b
    Example:
      dealer chips give Bert red --table friday
    """
    from dealer.core.mechanics.chips import pot

    _run(ctx, "give", pot.resolve_move, pot.MoveRequest(person, colour))


@chips.command("return")
@click.argument("person", shell_complete=completes("roster"))
@click.argument("colour", required=False, shell_complete=completes("colours"))
@global_options(seed=False)
@click.pass_context
def return_command(ctx, person, colour):
    """PERSON puts a COLOUR chip back in the pot (a pot of one colour: no COLOUR).

    \b
    Example:
      dealer chips return Bert white --table friday
    """
    from dealer.core.mechanics.chips import pot

    _run(ctx, "return", pot.resolve_move, pot.MoveRequest(person, colour, back=True))


@chips.command("session")
@global_options
@click.pass_context
def session_command(ctx):
    """The start of a session: everyone on the roster draws; every ritual may be performed again.

    \b
    Example:
      dealer chips session --table friday
    """
    from dealer.core.mechanics.chips import pot

    _run(ctx, "session", pot.resolve_session, pot.SessionRequest(), randomness=True)


def _uses_help(ruleset):
    """``chips spend --help``'s last section: what the ruleset's chips may be spent for (``--for``)."""
    uses = ruleset.chips["uses"]
    rows = [(name, f"{', '.join(use['colours']) or 'any colour'}: {use['note']}".rstrip(": ")) for name, use in uses.items()]
    return f"Chip uses in {ruleset.name} (--for USE; -r RULESET for another's)", rows or [("(none)", "no chip uses")]


@chips.command("spend", cls=RulesetHelpCommand, ruleset_section=_uses_help)
@click.argument("person", shell_complete=completes("roster"))
@click.argument("colour", required=False, shell_complete=completes("colours"))
@click.option("--for", "use", default="", metavar="USE", shell_complete=completes("uses"),
              help="What for: one of the ruleset's chip uses, listed below (default: the last hand).")
@click.option("--knack", default="", metavar="NAME", help="A knack on PERSON's roster: any chip acts as red.")
@click.option("--note", default="", metavar="TEXT", help="The player's words (stunts, luck, favors).")
@click.option("--way", is_flag=True, help="A favor in the guardian spirit's medicine way: a white favor chip "
              "counts as red.")
@global_options
@click.pass_context
def spend(ctx, person, colour, use, knack, note, way):
    """PERSON spends a COLOUR chip: on their last hand, or --for a pick-me-up, stunt, luck, a reroll...

    A pot of one colour (savage-worlds' Bennies) needs no COLOUR.

    \b
    Examples:
      dealer chips spend Sally white --table friday
      dealer chips spend Sally blue --for second-wind --table friday
      dealer chips spend Bert white --knack "trick shooting" --table friday
      dealer chips spend Sarah --for reroll --table posse
    """
    from dealer.core.mechanics.chips import spending

    _run(ctx, "spend", spending.resolve_spend,
         spending.SpendRequest(person, colour or "", use, knack, note, way),
         randomness=True)


@chips.command("wound")
@click.argument("person", shell_complete=completes("roster"))
@click.argument("count", type=Int(1, 100), default=1)
@global_options(seed=False)
@click.pass_context
def wound(ctx, person, count):
    """PERSON takes COUNT wounds (a blue chip recovers one).

    \b
    Example:
      dealer chips wound Bert 2 --table friday
    """
    from dealer.core.mechanics.chips import spending

    _run(ctx, "wound", spending.resolve_wound, spending.WoundRequest(person, count))


@chips.command("ritual")
@click.argument("person", shell_complete=completes("roster"))
@click.argument("ritual", shell_complete=completes("rituals"))
@click.option("--skill", type=Int(0, MAX_SKILL), help="The ritual skill (default: roster trait rituals).")
@click.option("--mod", "mods", multiple=True, type=Int(-MAX_CARD_MODIFIER, MAX_CARD_MODIFIER), metavar="+1|-1", help="A card modifier.")
@click.option("--cards", "given", metavar="CARDS", help="The ritual hand, dealt by hand.")
@click.option("--guardian", type=Int(0, MAX_SKILL), help="Guardian spirit skill (default: the roster's).")
@click.option("--spend-on", default="", metavar="FAVOR", help="Spend the chips raised at once on this instant favor.")
@click.option("--way", is_flag=True, help="With --spend-on: the favor is in the guardian spirit's medicine way.")
@global_options
@click.pass_context
def ritual(ctx, person, ritual, skill, mods, given, guardian, spend_on, way):
    """A shaman's RITUAL: a hand that earns favor chips, once per session (or after a rest).

    With --spend-on FAVOR the chips raised are spent at once on that instant favor (the favor
    pool's cap does not stop them); --way: the favor is in the guardian spirit's medicine way.

    \b
    Examples:
      dealer chips ritual "Three Eagles" tobacco --skill 3 --table friday
      dealer chips ritual "Three Eagles" paint --spend-on "Turtle's Shell" --way --table friday
    """
    from dealer.core.mechanics import rituals

    cards = tuple(given.replace(",", " ").split()) if given is not None else None
    request = rituals.RitualRequest(person, ritual, skill, tuple(mods), cards, guardian, spend_on, way)
    _run(ctx, "ritual", rituals.resolve_ritual, request, randomness=True)
