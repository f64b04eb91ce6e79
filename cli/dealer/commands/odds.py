"""``dealer odds``: exact (or, where out of reach, simulated) probabilities.

Each subcommand is parse, compute (``dealer.core.odds``), render (``dealer.render.odds``).
Every option has a bound (docs/scripting.md, "Limits"). An exact count does at most
``COUNT_BUDGET`` units of work (``dealer.core.odds.work``: counted, not timed, about 2 s): one
that would do more is refused, naming the most cards that count. A simulation is priced
before it starts, from the hands it will evaluate and their sizes (a conflict's deals by the
hands a few of them evaluate): one estimated over ``MAX_WORK_S`` is refused, naming the
``--samples`` that fits; one over ``BAR_AFTER_S`` shows a click progress bar on stderr when
stderr is a terminal. Ctrl-C stops any of them: exit 130, nothing printed.
"""

from __future__ import annotations

import sys
import time
from contextlib import contextmanager

import click

from dealer.core.cards import MAX_DECK
from dealer.core.dice import MAX_TN
from dealer.core.numbers import MAX_CARD_MODIFIER, MAX_LEVEL, MAX_SAMPLES, MAX_SKILL
from dealer.core.odds.work import COUNT_BUDGET, deal_cost, evaluation_clock, hand_cost
from dealer.options import AliasOption, Int, SectionedCommand, completes, global_options
from dealer.session import Session

BAR_AFTER_S = 2.0  # estimated seconds of work past which a terminal shows a progress bar
MAX_WORK_S = 120.0  # estimated seconds of work past which a question is refused before it starts
DEFAULT_SIMULATION_S = 4.5  # the default --samples of odds hand: 100,000 (to 7 cards), or fewer that fit this
MAX_FAIL_HAND = 14  # fail-hand cards odds can count (dealer.core.odds.casting.gadget_odds)


def check_work(seconds: float, samples: int, what: str) -> None:
    """Refuse, before it starts, a simulation estimated to take more than ``MAX_WORK_S``."""
    if seconds <= MAX_WORK_S:
        return
    fits = max(1, int(samples * MAX_WORK_S / seconds))
    raise click.BadParameter(f"{samples:,} {what} would take about {_duration(seconds)} (at most "
                             f"{_duration(MAX_WORK_S)} of work is done); ask for --samples {fits:,} or fewer",
                             param_hint="--samples")


@contextmanager
def refused_past_limits(cards: int):
    """A count past ``COUNT_BUDGET`` (``work.TooMuchWork``) or a simulation priced past
    ``MAX_WORK_S`` (``TooManySamples``) as a usage error naming what fits."""
    from dealer.core.odds import TooManySamples
    from dealer.core.odds.work import UNIT_S, TooMuchWork

    try:
        yield
    except TooMuchWork as stopped:
        fits = f"up to {stopped.fits} cards count exactly" if stopped.fits else "fewer cards may count"
        raise click.BadParameter(f"counting every hand of {cards} cards exactly takes more than about "
                                 f"{_duration(stopped.budget * UNIT_S)} of work (at most that is done); {fits}, "
                                 "or add --simulate", param_hint="N") from None
    except TooManySamples as over:
        check_work(over.seconds, over.samples, f"deals of {cards} cards")
        raise


def default_samples(n: int, pool: int, draw: int) -> int:
    """``odds hand``'s samples when none are asked for: ``DEFAULT_SAMPLES``, or the round number
    of them that fits ``DEFAULT_SIMULATION_S`` (a big hand takes longer to judge)."""
    from dealer.core.odds import DEFAULT_SAMPLES
    from dealer.core.odds.enumerate import sample_seconds

    seconds = sample_seconds(n, pool, draw, DEFAULT_SAMPLES)
    if seconds <= DEFAULT_SIMULATION_S:
        return DEFAULT_SAMPLES
    return max(1000, int(DEFAULT_SAMPLES * DEFAULT_SIMULATION_S / seconds) // 1000 * 1000)


def _duration(seconds: float) -> str:
    """``95 s``, ``2 min 20 s``, ``45 minutes``, ``3 hours``."""
    if seconds < 120:
        return f"{seconds:.0f} s"
    if seconds < 600:
        return f"{int(seconds // 60)} min {int(seconds % 60)} s"
    return f"{seconds / 60:.0f} minutes" if seconds < 7200 else f"{seconds / 3600:.0f} hours"


@contextmanager
def progress_bar(total: int, seconds: float, label: str, stream=None):
    """A ``progress(done)`` callback drawing a click progress bar on stderr, or None: only for
    work estimated over ``BAR_AFTER_S`` and only when stderr is a terminal. ``done`` counts
    up from 0 per pass; a pass that starts again (odds with --min simulate twice) continues
    the bar. The bar is finished (the cursor back, a new line) however the work ends."""
    stream = stream or sys.stderr
    if seconds < BAR_AFTER_S or not _isatty(stream):
        yield None
        return
    passes = {"before": 0, "last": 0}
    bars = []  # drawn at the first progress: work that counts instead of dealing shows none

    def progress(done: int) -> None:
        if not bars:
            bars.append(click.progressbar(length=total, label=label, file=stream, show_eta=True).__enter__())
        bar = bars[0]
        if done < passes["last"]:  # a new pass
            passes["before"] += passes["last"]
        passes["last"] = done
        bar.update(min(total, passes["before"] + done) - bar.pos)

    try:
        yield progress
    finally:
        if bars:
            bars[0].__exit__(None, None, None)


def _isatty(stream) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


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
      dealer odds roll 3d6
      dealer -r savage-worlds odds action
      dealer -r poker-hands odds gadget --reliability 5
    """


@odds.command("hand")
@click.argument("n", type=Int(1, MAX_DECK))
@click.option("--min", "minimum", metavar="HAND", help="Also the chance to make at least HAND ('pair of jacks').")
@click.option("--context", metavar="NAME", shell_complete=completes("contexts"), help="Wild-card context (default: the ruleset's hand context; 'none').")
@click.option("--holding", metavar="CARDS", multiple=True, shell_complete=completes("cards"), help="Cards already in the hand (they count toward N).")
@click.option("--deck-left", metavar="CARDS", multiple=True,
              help="The cards still in the deck to draw from (default: the deck without the held cards).")
@click.option("--simulate", is_flag=True, help="Deal at random instead of counting (with --samples).")
@click.option("--samples", type=Int(1, MAX_SAMPLES), default=None,
              help="Random deals when simulating [default: 100,000].")
@click.option("--verbose", is_flag=True, help="Also say on stderr how long the odds took (a terminal is told anyway).")
@global_options(table="ruleset")
@click.pass_context
def hand_command(ctx, n, minimum, context, holding, deck_left, simulate, samples, verbose):
    """The best hand of N cards dealt from the full deck: every rank's chance, exactly.

    Counted by class (not hand by hand), with cards held or a thinned deck too; where
    the ladder cannot be counted, enumerated when the remaining hands are few, else
    simulated. The method is always reported; the time it took is told on stderr with
    --verbose or on a terminal, never in the result (a seeded run prints the same bytes).

    \b
    Examples:
      dealer odds hand 5
      dealer odds hand 7 --min "two pair"
      dealer odds hand 7 --holding "As Ah" --min trips
      dealer -r weird-dust-devils odds hand 5
    """
    from dealer.core.odds import hand_odds
    from dealer.core.odds.enumerate import sample_seconds
    from dealer.render.odds import hand_odds_data

    session = Session(ctx, "odds hand")
    ruleset = session.ruleset
    if n > len(ruleset.deck):
        raise click.BadParameter(f"the {ruleset.name} deck has {len(ruleset.deck)} cards; ask for at most that many",
                                 ctx, param_hint="N")
    context_obj = ruleset.context("" if context == "none" else context)
    held = ruleset.deck.parse_many(list(holding)) if holding else []
    left = ruleset.deck.parse_many(list(deck_left)) if deck_left else None
    pool, draw = len(left) if left is not None else len(ruleset.deck) - len(held), max(0, n - len(held))
    samples = samples or default_samples(n, pool, draw)
    seconds = sample_seconds(n, pool, draw, samples)
    started = time.process_time()
    with refused_past_limits(n), progress_bar(samples, seconds, "simulating") as progress:
        result = hand_odds(ruleset, n, context_obj, holding=held, deck_left=left, minimum=minimum, simulate=simulate,
                           samples=samples, rng=session.rng(), progress=progress, budget=COUNT_BUDGET,
                           simulation_limit=MAX_WORK_S)
    took = time.process_time() - started
    seed = session.seed if (result.method == "simulated" or result.met_method == "simulated") else None
    data = hand_odds_data(result, ruleset, seed)
    session.show(data, seed=seed, notes=[f"odds computed in {took:.2f} s of CPU"] if _tells_time(session, verbose) else [])


def _tells_time(session, verbose: bool) -> bool:
    """Whether the time the odds took is told (on stderr): when asked, or to a person at a
    terminal reading text; never into a file or a pipe unasked, and never in the result."""
    settings = session.settings
    return verbose or (settings.stderr_terminal and not (settings.json or settings.jsonl))


@odds.command("hex", cls=SectionedCommand, sections={
    "Deadlands hucksters (-r deadlands)": ["dice", "level", "tn"],
    "poker-hands spells (-r poker-hands)": ["skill", "mods", "wild_pick"]})
@click.argument("name", required=False, metavar="[HEX]", shell_complete=completes("hexes"))
@click.option("--roll", "--dice", "dice", cls=AliasOption, metavar="NdX",
              help="The hexslingin' dice, e.g. 5d10 (as `dealer hex --roll`).")
@click.option("--level", type=Int(0, MAX_LEVEL), help="The caster's level in this hex.")
@click.option("--min", "minimum", metavar="HAND", help="The least hand that works: a hex's (default: the "
              "catalogue's) or a spell's target (default: the ruleset's, a pair).")
@click.option("--tn", type=Int(1, MAX_TN), help="TN of the hexslingin' roll [default: the ruleset's].")
@click.option("--skill", type=Int(-MAX_SKILL, MAX_SKILL), help="The spell's skill level (cards = 5 + skill).")
@click.option("--mod", "mods", multiple=True, type=Int(-MAX_CARD_MODIFIER, MAX_CARD_MODIFIER), metavar="+1|-1",
              help="A card modifier.")
@click.option("--wild-pick", is_flag=True, help="At ten or more cards, five fewer and a wild pick.")
@click.option("--target", metavar="HAND", hidden=True, help="Old name of --min for a spell.")
@click.option("--samples", type=Int(1, MAX_SAMPLES), default=20_000, show_default=True,
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
    question = dict(name=name, dice=dice, level=level, minimum=minimum, tn=tn, skill=skill, mods=mods,
                    wild_pick=wild_pick, target=target, budget=COUNT_BUDGET)
    seconds = _spell_cost(session.ruleset, skill, mods, wild_pick, samples)
    check_work(seconds, samples, "casts")
    rng = session.rng()
    with progress_bar(samples, seconds, "simulating") as progress:
        if progress is None:
            cast = cast_odds(session.ruleset, **question, rng=rng, samples=samples)
        else:
            cast = spell_in_parts(session.ruleset, question, rng, samples, progress)
    data = cast_odds_data(cast)
    seed = session.seed if data["method"] == "simulated" else None
    data["seed"] = seed
    session.show(data, seed=seed)


def _spell_cost(ruleset, skill, mods, wild_pick, samples) -> float:
    """Estimated seconds to simulate a poker-hands spell (each wild pick tried on every card
    is a hand evaluated); 0 for a huckster's hex (counted) or a spell refused anyway."""
    from math import comb

    from dealer.core.mechanics.draws import draw_size
    from dealer.errors import DealerError

    if skill is None or ruleset.hex["style"] != "spell":
        return 0.0
    try:
        size = draw_size(ruleset, skill, list(mods), wild_pick=wild_pick)
    except DealerError:
        return 0.0  # cast_odds says why
    hands = comb(size.cards, size.wild_picks) if size.wild_picks else 1
    return samples * (hands + 1) * hand_cost(size.cards)


COUNTS = ("success_count", "bust_count", "joker_count")


def spell_in_parts(ruleset, question: dict, rng, samples: int, progress, parts: int = 100) -> dict:
    """``cast_odds`` of a spell, simulated a part at a time so that a bar can follow it.

    The parts draw from ``rng`` one after the other, as one long run would, and their counts
    add up: the result is the one ``cast_odds`` gives in one go (a test holds it to that).
    """
    from dealer.core.odds.casting import cast_odds

    size = max(500, -(-samples // parts))
    merged, done = None, 0
    while done < samples:
        step = min(size, samples - done)
        cast = cast_odds(ruleset, **question, rng=rng, samples=step)
        result = cast["result"]
        if result["method"] != "simulated":
            return cast  # counted after all: no parts
        if merged is None:
            merged = cast
        else:
            total = merged["result"]
            for key in COUNTS:
                total[key] += result[key]
            for effect, count in result["effect_counts"].items():
                total["effect_counts"][effect] = total["effect_counts"].get(effect, 0) + count
        done += step
        progress(done)
    total = merged["result"]
    total.update(total=samples, samples=samples, success=total["success_count"] / samples,
                 bust=total["bust_count"] / samples,
                 effects={name: count / samples for name, count in total["effect_counts"].items()})
    return merged


@odds.command("action")
@click.argument("spec", nargs=-1, metavar="DICE|CARDS")
@click.option("--tn", type=Int(1, MAX_TN), help="TN of the Quickness roll [default: the ruleset's action TN].")
@click.option("--edges", "combos", multiple=True, metavar="EDGE+EDGE",
              help="One card a round: also a column for these Edges together (level-headed+quick).")
@global_options(seed=False, table="ruleset")
@click.pass_context
def action_odds_command(ctx, spec, tn, combos):
    """How many action cards a Quickness roll of DICE earns; or, where each is dealt one card
    (savage-worlds), the chance to act before each card (CARDS, or every rank) by Edge.

    \b
    Examples:
      dealer odds action 3d6
      dealer odds action 4d8+1 --tn 7
      dealer -r savage-worlds odds action
      dealer -r savage-worlds odds action Qh 7c --edges level-headed+quick
    """
    from dealer.core.odds.initiative import card_odds, deals_one

    session = Session(ctx, "odds action")
    if deals_one(session.ruleset):
        from dealer.render.odds import card_odds_data

        return session.show(card_odds_data(card_odds(session.ruleset, " ".join(spec), tuple(combos))))
    if len(spec) != 1 or combos:
        raise click.UsageError("give the Quickness dice (dealer odds action 3d6); --edges is for one card a "
                               "round (-r savage-worlds)" if combos else "give the Quickness dice: "
                               "dealer odds action 3d6", ctx)
    _quickness_odds(session, spec[0], tn)


def _quickness_odds(session, dice, tn):
    """Cards from a Quickness roll (seed 000): each count's exact chance."""
    from dealer.core.odds.casting import action_odds, roll_odds
    from dealer.render.odds import action_odds_data

    rules = session.ruleset.action
    roll = roll_odds(session.ruleset, dice, rules.get("tn") if tn is None else tn)
    session.show(action_odds_data(action_odds(session.ruleset, roll), dice, roll))


@odds.command("roll")
@click.argument("dice")
@click.option("--tn", type=Int(1, MAX_TN), default=None, help="Target number [default: the ruleset's].")
@click.option("--extra", is_flag=True, help="An Extra's trait roll: no Wild Die (in a ruleset with one).")
@click.option("--joker", is_flag=True, help="The roller holds a Joker: add its bonus.")
@click.option("--damage", is_flag=True, help="A damage roll (as dealer roll DICE --damage --odds).")
@click.option("--raise", "with_raise", is_flag=True, help="With --damage: the attack got a raise (its bonus die).")
@click.option("--vs", default=None, metavar="N|NAME", shell_complete=completes("roster"),
              help="With --damage: the number to reach, or a person on the --table: their Toughness and state now, "
                   "what the damage would do to them, and the odds of their Soak.")
@global_options(seed=False, table="ruleset")
@click.pass_context
def roll_odds_command(ctx, dice, tn, extra, joker, damage, with_raise, vs):
    """A trait roll's exact odds (as dealer roll DICE --odds): failure, each raise, bust or Critical Failure;
    or a damage roll's, against a number or a person on the table.

    \b
    Examples:
      dealer odds roll 3d6
      dealer -r savage-worlds odds roll d8 --joker
      dealer odds roll 2d6+d8 --damage --vs Quinn --table tombstone
    """
    from dealer.render.dice import odds_data, odds_text

    session = Session(ctx, "odds roll")
    rules = session.ruleset.dice
    if damage or with_raise or vs is not None:
        return _damage_odds(ctx, session, dice, tn, extra, joker, damage, with_raise, vs)
    from dealer.core.dice import trait_odds_of

    result = odds_data(trait_odds_of(dice, rules, tn=tn, extra=extra, joker=joker))
    session.emit([session.envelope(result)], odds_text(result, rules["bust_name"]))


def _damage_odds(ctx, session, dice, tn, extra, joker, damage, with_raise, vs):
    """``odds roll DICE --damage [--vs N|NAME]``: a damage roll's odds; against a person on the table, what it
    would do to them as they stand and the odds of their Soak."""
    from dealer.core.damage import damage_odds, damage_options, parse_damage
    from dealer.render.dice import odds_data, odds_text

    if not damage:
        raise click.UsageError(f"{'--raise' if with_raise else '--vs'} is for a damage roll: add --damage", ctx)
    if tn is not None or extra:
        raise click.UsageError(f"--damage rolls against --vs, with no {'--tn' if tn is not None else '--extra'}", ctx)
    target = vs if vs is not None and not vs.strip().isdecimal() else None
    number = Int(1, MAX_TN).convert(vs.strip(), None, ctx) if vs is not None and target is None else None
    table = session.read_table() if target is not None else None
    ruleset = session.ruleset
    if target is not None:
        from dealer.core.mechanics.people import toughness

        number = toughness(ruleset, table, target).total
    options = damage_options(ruleset.dice, joker=joker, with_raise=with_raise, vs=number)
    result = odds_data(damage_odds(parse_damage(dice, ruleset.dice["sides"]), **options))
    if target is not None:
        from dealer.core.mechanics.wounds import damage_odds_at

        result["target"] = damage_odds_at(ruleset, table, target, [tuple(row) for row in result["totals"]])
    session.emit([session.envelope(result)], odds_text(result, ruleset.dice["bust_name"]))


@odds.command("gadget")
@click.option("--reliability", type=Int(0, MAX_DECK), required=True, metavar="R",
              help="Cards drawn when the device is used.")
@click.option("--fail-hand", type=Int(0, MAX_FAIL_HAND), metavar="F",
              help="Also the odds of each rank of an F-card fail hand.")
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
    data = gadget_odds_data(gadget_odds(session.ruleset, reliability, fail_hand, budget=COUNT_BUDGET))
    session.show(data)


@odds.command("conflict")
@click.argument("participants", nargs=-1, required=True)
@click.option("--scores", metavar="SCORE,SCORE", help="Dust Devils: the two Scores the Dealer names.")
@click.option("--power", multiple=True, metavar="NAME", help="Weird Dust Devils: NAME adds Power.")
@click.option("--extra", multiple=True, metavar="NAME=N", help="Dust Devils: extra cards for NAME.")
@click.option("--target", metavar="HAND", help="poker-hands: the hand to beat.")
@click.option("--helper", "helpers", multiple=True, metavar="NAME=SKILL", help="poker-hands: a helper of the first.")
@click.option("--mod", "mods", multiple=True, metavar="NAME=N", help="poker-hands: a card modifier for NAME.")
@click.option("--samples", type=Int(1, MAX_SAMPLES), default=2000, show_default=True, help="Deals to simulate.")
@global_options(table="ruleset")
@click.pass_context
def conflict_odds_command(ctx, participants, samples, **options):
    """Each participant's chance to win a conflict, by dealing it many times (seeded); a lone
    contestant's chance to meet the target, counted exactly.

    \b
    Examples:
      dealer -r weird-dust-devils odds conflict Doc=hand=3,eye=2,power=1 Kid=hand=2,eye=2 --scores hand,eye --power Doc
      dealer -r poker-hands odds conflict Sam=3 Bob=2
      dealer -r poker-hands odds conflict Sam=3 --target "two pair"
    """
    from dealer.core.mechanics import conflict
    from dealer.core.mechanics.conflict.common import parse_request
    from dealer.core.odds.casting import counted_conflict_odds, dealt_conflict_odds
    from dealer.render.odds import conflict_odds_data

    session = Session(ctx, "odds conflict")
    if participants[0] in ("harm", "clear", "show"):
        raise click.UsageError(f"'{participants[0]}' works on a table's conflict (dealer conflict "
                               f"{participants[0]} ...); odds conflict deals participants: NAME=SKILL or NAME=SCORES")
    request = parse_request(session.ruleset, list(participants), options)
    deals = conflict.deals(session.ruleset, request)
    result = counted_conflict_odds(session.ruleset, deals, budget=COUNT_BUDGET)
    if result is None:
        priced, clock = evaluation_clock(session.ruleset)
        seconds = samples * deal_cost(conflict.deals(priced, request), timer=clock)
        check_work(seconds, samples, "deals")
        with progress_bar(samples, seconds, "dealing") as progress:
            result = dealt_conflict_odds(deals, samples=samples, rng=session.rng(), progress=progress)
    seed = session.seed if result["method"] == "simulated" else None
    session.show(conflict_odds_data(result, seed), seed=seed)
