"""``dealer roll``: a trait roll with aces, the kept die, raises and bust, or a damage roll; or their exact odds."""

from __future__ import annotations

import re

import click

from dealer.core.dice import MAX_TN
from dealer.core.results import roll_data
from dealer.render.dice import odds_data, odds_text, roll_json, roll_line
from dealer.errors import shown
from dealer.options import Int, completes, global_options
from dealer.session import Session

MAX_COUNT = 100_000


@click.command()
@click.argument("dice")
@click.option("--tn", type=Int(1, MAX_TN), default=None,
              help="Target number [default: the ruleset's, 5].")
@click.option("--count", type=Int(1, MAX_COUNT), default=1, show_default=True,
              help="Independent rolls (seed, seed+1, ...); with --jsonl one line each.")
@click.option("--odds", is_flag=True, help="Print the exact odds instead of rolling.")
@click.option("--faces", metavar="FACES",
              help="Dice already rolled: every face in order, first rolls then each ace's rerolls "
                   "(\"3 7 10 10 4 6 8\"; a Wild Die's first roll after the trait die's, a raise's damage die after "
                   "the others', an Extra's check die last; damage aimed at a person, then the Incapacitation "
                   "roll's).")
@click.option("--extra", is_flag=True, help="An Extra's trait roll: no Wild Die (in a ruleset with one).")
@click.option("--joker", is_flag=True, help="The roller holds a Joker: add its bonus (+2 in savage-worlds).")
@click.option("--damage", is_flag=True,
              help="A damage roll: dice and modifiers joined by + (2d6+d8+1); every die aces and all are added.")
@click.option("--raise", "with_raise", is_flag=True,
              help="With --damage: the attack got a raise; add the ruleset's bonus die (a d6 in savage-worlds).")
@click.option("--vs", default=None, metavar="N|NAME", shell_complete=completes("roster"),
              help="With --damage: the number to reach (a Toughness), or with --table a person on the roster: "
                   "their Toughness, and the damage applied to them. With --as on a trait roll: NAME is the "
                   "target (their Vulnerable counts).")
@click.option("--as", "person", metavar="NAME", shell_complete=completes("roster"),
              help="With --table: NAME's roll: a Joker NAME holds this round adds its bonus, an Extra on the "
                   "roster rolls as one, and a trait roll is remembered (a Benny rerolls it).")
@click.option("--secret", is_flag=True,
              help="With --table: the GM's secret roll: on a shared table the players see that the GM rolled, "
                   "not what.")
@global_options
@click.pass_context
def roll(ctx, dice, tn, count, odds, faces, extra, joker, damage, with_raise, vs, person, secret):
    """Roll DICE (NdX, e.g. 5d10 or 3d8+2): every die with its aces, the kept die, raises, bust.

    In a game with a Wild Die (savage-worlds) a trait roll is one trait die (d8) and the Wild
    Die beside it. With --damage, DICE is a damage roll whose dice are all added.
    With --table the roll is recorded in the table's log (and uses its ruleset).

    \b
    Examples:
      dealer roll 5d10
      dealer roll 3d8+2 --tn 7
      dealer roll 1d6-4 --count 3
      dealer roll 5d10 --odds
      dealer roll 5d10 --faces "3 7 10 10 4 6 8"
      dealer -r savage-worlds roll d8 --odds
      dealer -r savage-worlds roll 2d6+d8 --damage --raise --vs 7
      dealer roll 3d8 --table friday
    """
    session = Session(ctx, "roll")
    if secret and not session.settings.table:
        raise click.UsageError("--secret hides a roll from the players' view of a table's log: give --table", ctx)
    session.secret = secret
    if person is not None and (odds or count != 1):
        raise click.UsageError(f"--as rolls once for NAME: drop {'--odds' if odds else '--count'}", ctx)
    _check_modes(ctx, session, odds, faces, count)
    vs, target = _vs(ctx, session, vs, damage, person)
    if damage:
        if tn is not None or extra:
            raise click.UsageError(f"--damage rolls against --vs N, with no {'--tn' if tn is not None else '--extra'}: "
                                   "e.g. roll 2d6+d8 --damage --vs 7", ctx)
        return _damage(session, dice, count, odds, faces, joker, with_raise, vs, person, target)
    if with_raise or vs is not None:
        raise click.UsageError(f"{'--raise' if with_raise else '--vs N'} is for a damage roll: add --damage, "
                               "e.g. roll 2d6+d8 --damage --raise --vs 7", ctx)
    if person is not None:
        return _as(session, dice, tn, faces, extra, joker, person, target)
    return _trait(session, dice, tn, count, odds, faces, extra, joker)


def _vs(ctx, session, vs, damage, person):
    """``--vs``: a number to reach, or (on a --table) a person on the roster: ``(number, name)``."""
    if vs is None:
        return None, None
    text = vs.strip()
    if re.fullmatch(r"[+-]?[0-9]+", text):  # a number, whatever its size: never read as a name
        number = int(text) if len(text) <= 8 else MAX_TN + 1
        if not 1 <= number <= MAX_TN:
            raise click.BadParameter(f"{shown(text)}: the number to reach is 1 to {MAX_TN:,} (or, with --table, "
                                     "a person's name)", ctx, param_hint="'--vs'")
        return number, None
    if not session.settings.table:
        raise click.UsageError(f"--vs {shown(text)}: a person is aimed at on a table: add --table NAME (or give a "
                               "number, e.g. --vs 7)", ctx)
    if not damage and person is None:
        raise click.UsageError("--vs NAME on a trait roll names the target of NAME's roll: add --as (or --damage)", ctx)
    return None, text


def _as(session, dice, tn, faces, extra, joker, person, target=None):
    """``--as NAME --table T``: NAME's trait roll on the table, remembered for a reroll."""
    from dealer.core.dice import parse_faces
    from dealer.core.mechanics.last_roll import RollAsRequest, resolve_roll_as
    from dealer.render.dice import as_lines

    given = tuple(parse_faces(faces)) if faces is not None else None
    with session.table() as table:
        # faces given: nothing is rolled, so no seed is made, nor logged (a replay could not give it)
        rng = session.rng() if given is None else None
        result = resolve_roll_as(session.ruleset, RollAsRequest(person, dice, tn, extra, joker, given, target), table,
                                 rng).to_data()
    seed = session.seed if given is None else None
    session.emit([session.envelope(result, seed=seed)], as_lines(result, session.ruleset.dice["bust_name"]))


def _damage_as(session, dice, faces, joker, with_raise, vs, person, target):
    """``--damage [--as NAME] [--vs TARGET] --table T``: NAME's damage roll on the table (their Joker's bonus
    read from the card they hold), remembered for a Benny's reroll; aimed at a person, applied to them."""
    from dealer.core.dice import parse_faces
    from dealer.core.mechanics.last_roll import DamageAsRequest, resolve_damage_as
    from dealer.render.dice import as_lines

    given = tuple(parse_faces(faces)) if faces is not None else None
    request = DamageAsRequest(person, dice, joker, with_raise, vs, given, target)
    with session.table() as table:
        rng = session.rng() if given is None else None  # faces given: no seed made, nor logged
        if target is not None:
            from dealer.core.mechanics.wounds import resolve_damage

            result = resolve_damage(session.ruleset, request, table, rng).to_data()
        else:
            result = resolve_damage_as(session.ruleset, request, table, rng).to_data()
    seed = session.seed if given is None else None
    session.emit([session.envelope(result, seed=seed)], as_lines(result))


def _check_modes(ctx, session, odds, faces, count):
    """--seed means nothing to exact odds or faces already rolled; a --table records one roll."""
    if session.settings.seed is not None and (odds or faces is not None):
        raise click.UsageError(f"--seed means nothing with {'--odds' if odds else '--faces'}: nothing is rolled; "
                               "drop it", ctx)
    if session.settings.table and (odds or count > 1):
        raise click.UsageError(f"--table records a roll in the table's log, one at a time: drop "
                               f"{'--odds' if odds else '--count'} (or --table)", ctx)


def _show(session, result, line, seed=None):
    """One roll: recorded in the --table's log when there is one, then printed."""
    if session.settings.table:
        from dealer.core.ledger.situations import KEY

        with session.table() as table:
            table.log("roll", data={"dice": result["dice"], "total": result["total"], "roll": line(result),
                                    KEY: {"roll": result}})  # what table stats reads
    session.emit([session.envelope(result, seed=seed)], [line(result)])


def _trait(session, dice, tn, count, odds, faces, extra, joker):
    """A trait roll: the ruleset's dice (with a Wild Die, one trait die and the Wild Die)."""
    from dealer.core.dice import (Scripted, check_trait_dice, parse_dice, parse_faces, roll_options, trait_odds_of,
                                  trait_roll)

    rules = session.ruleset.dice
    number, sides, modifier = parse_dice(dice, rules["sides"], one_die=True)
    check_trait_dice(number, sides, rules, dice)
    options = roll_options(rules, tn=tn, extra=extra, joker=joker)
    options["modifier"] += modifier
    line = _line(rules)
    if odds:
        result = odds_data(trait_odds_of(dice, rules, tn=tn, extra=extra, joker=joker))
        session.emit([session.envelope(result)], odds_text(result, rules["bust_name"]))
    elif faces is not None:
        scripted = Scripted(parse_faces(faces))
        result = roll_data(trait_roll(number, sides, scripted, **options))
        scripted.check_used()
        _show(session, result, line)
    elif count == 1:
        result = roll_data(trait_roll(number, sides, session.rng(), **options))
        _show(session, result, line, session.seed)
    else:
        _many(session, count, number, sides, options, line)


def _many(session, count, number, sides, options, line):
    """``--count N``: seed, seed+1, ...; a plain roll takes the fast path (one generator
    reseeded, compact JSON made without a dict)."""
    from dealer.core.dice import seeded_rolls, trait_roll
    from dealer.render.stream import emit_many

    seed, settings = session.seed, session.settings
    seeds = range(seed, seed + count)
    if set(options) == {"modifier", "tn", "raise_step", "bust", "max_chain"}:
        rolls = seeded_rolls(seeds, number, sides, **options)
        encode = roll_json if settings.jsonl else roll_data
    else:
        import random

        rolls = (trait_roll(number, sides, random.Random(s), **options) for s in seeds)
        encode = roll_data
    emit_many(settings, session.envelope(None, seed=seed), zip(seeds, map(encode, rolls)), line, "rolls")


def _line(rules):
    """The text of one roll, in the ruleset's words for a bust."""
    name = rules["bust_name"]
    return roll_line if name == "bust" else lambda data: roll_line(data, name)


def _damage(session, dice, count, odds, faces, joker, with_raise, vs, person=None, target=None):
    """``roll --damage``: every die aces and all are added; a raise's bonus die, a Joker's bonus (given,
    or read from the action card ``--as NAME`` holds on the --table, where the roll is remembered)."""
    from dealer.core.damage import damage_odds, damage_options, damage_roll, parse_damage
    from dealer.core.dice import Scripted, parse_faces

    if target is not None and odds:
        raise click.UsageError(f"--odds against a person: dealer odds roll {dice} --damage --vs {target} --table T")
    if person is not None or target is not None:
        return _damage_as(session, dice, faces, joker, with_raise, vs, person, target)
    rules = session.ruleset.dice
    spec = parse_damage(dice, rules["sides"])
    options = damage_options(rules, joker=joker, with_raise=with_raise, vs=vs)
    if odds:
        result = odds_data(damage_odds(spec, **options))
        session.emit([session.envelope(result)], odds_text(result))
        return
    if faces is not None:
        scripted = Scripted(parse_faces(faces))
        result = roll_data(damage_roll(spec, scripted, **options))
        scripted.check_used()
        return _show(session, result, roll_line)
    if count == 1:
        result = roll_data(damage_roll(spec, session.rng(), **options))
        return _show(session, result, roll_line, session.seed)
    import random

    from dealer.render.stream import emit_many

    seed = session.seed
    rolls = (roll_data(damage_roll(spec, random.Random(s), **options)) for s in range(seed, seed + count))
    emit_many(session.settings, session.envelope(None, seed=seed), zip(range(seed, seed + count), rolls),
              roll_line, "rolls")
