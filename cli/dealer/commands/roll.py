"""``dealer roll``: a trait roll with aces, the kept die, raises and bust; or its exact odds."""

from __future__ import annotations

import click

from dealer.core.dice import MAX_TN
from dealer.core.results import roll_data
from dealer.render.dice import odds_data, odds_text, roll_json, roll_line
from dealer.options import Int, global_options
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
                   "(\"3 7 10 10 4 6 8\").")
@global_options
@click.pass_context
def roll(ctx, dice, tn, count, odds, faces):
    """Roll DICE (NdX, e.g. 5d10 or 3d8+2): every die with its aces, the kept die, raises, bust.

    \b
    Examples:
      dealer roll 5d10
      dealer roll 3d8+2 --tn 7
      dealer roll 1d6-4 --count 3
      dealer roll 5d10 --odds
      dealer roll 5d10 --faces "3 7 10 10 4 6 8"
    """
    from dealer.core.dice import Scripted, parse_faces, parse_dice, trait_roll, trait_roll_odds

    session = Session(ctx, "roll")
    rules = session.ruleset.dice
    number, sides, modifier = parse_dice(dice, rules["sides"])
    options = {"modifier": modifier, "tn": rules["tn"] if tn is None else tn,
               "raise_step": rules["raise_step"], "bust": rules["bust"], "max_chain": rules["max_chain"]}
    if odds:
        result = odds_data(trait_roll_odds(number, sides, **options))
        session.emit([session.envelope(result)], odds_text(result))
        return
    if faces is not None:
        scripted = Scripted(parse_faces(faces))
        result = roll_data(trait_roll(number, sides, scripted, **options))
        scripted.check_used()
        session.emit([session.envelope(result)], [roll_line(result)])
        return
    if count == 1:
        result = roll_data(trait_roll(number, sides, session.rng(), **options))
        session.emit([session.envelope(result, seed=session.seed)], [roll_line(result)])
        return
    from dealer.core.dice import seeded_rolls
    from dealer.render.stream import emit_many

    seed, settings = session.seed, session.settings
    rolls = seeded_rolls(range(seed, seed + count), number, sides, **options)
    encode = roll_json if settings.jsonl else roll_data
    emit_many(settings, session.envelope(None, seed=seed), zip(range(seed, seed + count), map(encode, rolls)),
              roll_line, "rolls")
