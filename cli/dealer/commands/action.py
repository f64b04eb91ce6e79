"""``dealer action``: deal a combat round and print the countdown; sleeves and interrupts."""

from __future__ import annotations

import re

import click

from dealer.render.action import action_text, interrupt_text
from dealer.core.mechanics import action as mechanics
from dealer import completion
from dealer.options import global_options
from dealer.session import Session

COMBAT_DECK = "combat"  # style `hands`: one deck for the whole combat


class DealByDefault(click.Group):
    """``dealer action ARGS`` deals a round; ``dealer action new|sleeve|play|interrupt`` do the rest."""

    def resolve_command(self, ctx, args):
        if args and args[0] in self.commands:
            return super().resolve_command(ctx, args)
        return "deal", self.commands["deal"], args


@click.group(cls=DealByDefault, invoke_without_command=True,
             context_settings={"ignore_unknown_options": True, "allow_interspersed_args": False})
@global_options
@click.pass_context
def action(ctx):
    """Deal a combat round and print the countdown (Deadlands action cards, or poker-hands turn order).

    \b
    Participants are NAME=SPEC: the posse as arguments, the Marshal's side with -m.
    SPEC is Quickness dice (3d6, 2d8+1), a total already rolled (16) or bust; add
    :CARDS for cards dealt by hand (Sarah=16:Qh,8d,4c). On a table the roster's
    quickness traits deal everyone in, and each call deals the next round.

    \b
    Examples:
      dealer action Sarah=16 Velvet=3d6 -m "Bad Bob=2d8" -m Cultist=bust
      dealer action --table friday
      dealer action sleeve Sarah --table friday
      dealer action interrupt Sarah --against "Bad Bob" --table friday
      dealer action new --table friday
      dealer -r poker-hands action Bert=+1 Sally Cultist=4
    """
    if ctx.invoked_subcommand is None:  # only options were given: deal with the roster
        ctx.invoke(deal)


def _surprise(items):
    """``NAME[:TN][=SPEC]`` for --surprised."""
    found = {}
    for item in items:
        match = re.fullmatch(r"\s*([^:=]+?)\s*(?::\s*(\d+))?\s*(?:=\s*(.+))?\s*", item)
        if not match:
            raise click.BadParameter(f"'{item}': write NAME, NAME:TN or NAME:TN=DICE (e.g. Sarah:11=2d10)",
                                     param_hint="--surprised")
        found[match.group(1)] = (int(match.group(2)) if match.group(2) else None, match.group(3))
    return found


def _rolls(items, option):
    found = {}
    for item in items:
        name, sep, spec = item.partition("=")
        if not sep or not name.strip() or not spec.strip():
            raise click.BadParameter(f"'{item}': write NAME=DICE, e.g. Sarah=2d6", param_hint=option)
        found[name.strip()] = spec.strip()
    return found


def _hand_size(spec, rules):
    """Style ``hands``: ``+1``/``-1`` modify the ruleset's hand, a plain number is the hand."""
    spec = spec.strip()
    if not spec:
        return rules["hand_size"]
    if re.fullmatch(r"[+-]\d+", spec):
        return rules["hand_size"] + int(spec)
    if spec.isdigit():
        return int(spec)
    raise mechanics.ActionError(f"'{spec}': for a poker-hands combat write a card count (7) or a modifier "
                                "(+1, -1), or :CARDS for cards dealt by hand")


def participants(ruleset, table, posse, marshal, surprised, guts):
    """The round's participants: the table's roster first, then those given inline (who win)."""
    rules, sides = ruleset.action, ruleset.action["sides"]
    dice_sides = ruleset.dice["sides"]
    hands_style = rules["style"] == "hands"
    people = {}

    def spec_of(text):
        return mechanics.RollSpec.parse(text, dice_sides) if text not in (None, "") else None

    if table is not None:
        for name, entry in table.roster.items():
            traits = entry["traits"]
            if hands_style:
                modifier = traits.get("combat", 0)
                people[name] = mechanics.Participant(name, entry["side"],
                                                     hand=rules["hand_size"] + int(modifier or 0))
            elif traits.get("quickness") is not None:
                people[name] = mechanics.Participant(name, entry["side"], spec_of(str(traits["quickness"])))
            else:
                continue
            people[name].cognition = spec_of(str(traits["cognition"])) if "cognition" in traits else None
            people[name].guts = spec_of(str(traits["guts"])) if "guts" in traits else None
    for items, side in ((posse, sides[0]), (marshal, sides[-1])):
        for item in items:
            name, spec, cards = mechanics.split_spec(item) if "=" in item else (item.strip(), "", None)
            known = people.get(name)
            person = mechanics.Participant(name, side, cards=cards)
            if known is not None:
                person.cognition, person.guts = known.cognition, known.guts
            if hands_style:
                person.hand = _hand_size(spec, rules)
            else:
                person.quickness = spec_of(spec) or (known.quickness if known else None)
            people[name] = person
    for name, (tn, spec) in surprised.items():
        if name not in people:
            raise mechanics.ActionError(f"--surprised {name}: {name} is not in this round")
        people[name].surprise_tn = tn or rules["surprise_tn"]
        if spec:
            people[name].cognition = spec_of(spec)
    for name, spec in guts.items():
        if name not in people:
            raise mechanics.ActionError(f"--guts {name}: {name} is not in this round")
        people[name].guts = spec_of(spec)
    if not people:
        raise mechanics.ActionError("nobody to deal to: give participants as NAME=SPEC (e.g. Sarah=3d6), "
                                    "or a --table with a roster")
    return list(people.values())


@action.command("deal", hidden=True)
@click.argument("posse", nargs=-1)
@click.option("-m", "--marshal", multiple=True, metavar="NAME=SPEC", help="A participant on the Marshal's side.")
@click.option("--max-cards", type=click.IntRange(min=1), default=None,
              help="Lift the most cards one character may have (supernatural aid).")
@click.option("--surprised", multiple=True, metavar="NAME[:TN][=DICE]",
              help="NAME rolls Cognition first: TN 5, or 11 when completely off guard.")
@click.option("--guts", multiple=True, metavar="NAME=DICE", help="Guts dice for a shaken character.")
@global_options
@click.pass_context
def deal(ctx, posse, marshal, max_cards, surprised, guts):
    """Deal a round (the default of `dealer action`)."""
    session = Session(ctx, "action")
    if session.settings.table:
        with session.table() as table:
            result = _deal(session, session.ruleset, table, posse, marshal, max_cards, surprised, guts)
        result["table"] = table.name
    else:
        result = _deal(session, session.ruleset, None, posse, marshal, max_cards, surprised, guts)
    session.emit([session.envelope(result, seed=session.seed)], action_text(result, session.cards))


def _deal(session, ruleset, table, posse, marshal, max_cards, surprised, guts):
    rng = session.rng()
    people = participants(ruleset, table, posse, marshal, _surprise(surprised), _rolls(guts, "--guts"))
    rules = ruleset.action
    state = table.state.setdefault("action", {}) if table is not None else {}
    codes = [card.code for card in ruleset.deck]
    if rules["style"] == "hands":
        context = ruleset.context(rules["context"] or None)
        if table is not None:
            piles = table.deck(COMBAT_DECK, rng)
            if state.get("rows"):  # hands are drawn once per combat: show the same turn order
                result = mechanics.rank_hands(ruleset, state["rows"], context)
                result["combat"] = "continuing: dealer action new starts a new combat"
                return result
        else:
            piles = mechanics_piles(codes, rng)
        result = mechanics.deal_hands(ruleset, piles, people, rng, context, table.chips if table else None)
        state["rows"] = [{"name": r["name"], "side": r["side"], "cards": r["cards"], "notes": r["notes"]}
                         for r in result["participants"]]
        _record(table, result["events"], result["participants"], COMBAT_DECK)
        return result
    decks = {}
    for side in rules["sides"]:
        decks[side] = table.deck(side, rng) if table is not None else mechanics_piles(codes, rng)
    result = mechanics.deal_countdown(ruleset, decks, people, rng, state, table.chips if table else None,
                                      max_cards)
    _record(table, result["events"], result["participants"], None)
    return result


def mechanics_piles(codes, rng):
    from dealer.core.piles import Piles

    return Piles.fresh(codes, rng)


def _record(table, events, rows, deck):
    """Log the round in the table's history: each participant's cards, then the events."""
    if table is None:
        return
    for row in rows:
        if row.get("cards") or row.get("discarded"):
            table.log("deal", deck=deck or row["side"], cards=row.get("cards", []) + row.get("discarded", []),
                      data={"person": row["name"]})
    for event in events:
        data = {k: v for k, v in event.items() if k not in ("kind", "deck", "cards")}
        table.log(event["kind"], deck=event.get("deck"), cards=event.get("cards", []), data=data)


@action.command("new")
@global_options
@click.pass_context
def new(ctx):
    """Start a new combat on the table: every action card back, decks shuffled, sleeves cleared.

    \b
    Example:
      dealer action new --table friday
    """
    session = Session(ctx, "action new")
    with session.table() as table:
        rng = session.rng()
        rules = session.ruleset.action
        names = [COMBAT_DECK] if rules["style"] == "hands" else rules["sides"]
        for name in names:
            table.deck(name, rng).collect(rng)
        table.state["action"] = {}
        table.log("new combat", data={"decks": names})
    session.emit([session.envelope({"table": table.name, "new_combat": True, "decks": names}, seed=session.seed)],
                 [f"table {table.name}: a new combat; {', '.join(names)} decks shuffled, sleeves cleared"])


def _holder_deck(table, ruleset, name):
    """The side deck in which ``name`` holds cards (or a sleeve card)."""
    for side in ruleset.action["sides"]:
        piles = table.decks.get(side)
        if piles is not None and (name in piles.play or name in piles.sleeves):
            return side, piles
    raise mechanics.ActionError(f"{name} holds no action cards on table '{table.name}': deal a round first "
                                "(dealer action --table ...)")


@action.command("sleeve")
@click.argument("name", shell_complete=completion.roster)
@click.argument("card", required=False)
@global_options
@click.pass_context
def sleeve_command(ctx, name, card):
    """Put one of NAME's action cards up the sleeve (default: their lowest card; never a Joker).

    \b
    Example:
      dealer action sleeve Sarah 8d --table friday
    """
    session = Session(ctx, "action sleeve")
    with session.table() as table:
        side, piles = _holder_deck(table, session.ruleset, name)
        chosen = mechanics.sleeve(session.ruleset, piles, name, card)
        table.touch(side)
        table.log("sleeve", deck=side, cards=[chosen], data={"person": name})
    session.emit([session.envelope({"table": table.name, "name": name, "card": chosen})],
                 [f"{name} holds {session.cards.one(chosen)} up the sleeve"])


@action.command("play")
@click.argument("name", shell_complete=completion.roster)
@global_options
@click.pass_context
def play(ctx, name):
    """NAME plays the card up their sleeve (any time; it is then discarded).

    \b
    Example:
      dealer action play Sarah --table friday
    """
    session = Session(ctx, "action play")
    with session.table() as table:
        side, piles = _holder_deck(table, session.ruleset, name)
        try:
            card = piles.from_sleeve(name)
        except Exception as error:
            raise mechanics.ActionError(str(error)) from None
        table.touch(side)
        table.log("play sleeve", deck=side, cards=[card], data={"person": name})
    session.emit([session.envelope({"table": table.name, "name": name, "card": card})],
                 [f"{name} plays {session.cards.one(card)} from the sleeve"])


@action.command("interrupt")
@click.argument("name", shell_complete=completion.roster)
@click.option("--against", "other", required=True, metavar="OTHER", shell_complete=completion.roster, help="The character being interrupted.")
@click.option("--roll", "rolls", multiple=True, metavar="NAME=DICE",
              help="Quickness for either character (default: their roster quickness trait).")
@global_options
@click.pass_context
def interrupt_command(ctx, name, other, rolls):
    """NAME tries to interrupt OTHER with their sleeve card: an opposed Quickness roll at TN 5.

    A success means the two act simultaneously, a raise that NAME acts first; otherwise NAME
    keeps the card and waits.

    \b
    Example:
      dealer action interrupt Sarah --against "Bad Bob" --table friday
    """
    session = Session(ctx, "action interrupt")
    given = _rolls(rolls, "--roll")

    def quickness(table, person):
        text = given.get(person)
        if text is None and table is not None and person in table.roster:
            text = table.roster[person]["traits"].get("quickness")
        if text is None:
            raise mechanics.ActionError(f"no Quickness for {person}: give --roll \"{person}=DICE\"")
        return mechanics.RollSpec.parse(str(text), session.ruleset.dice["sides"])

    if session.settings.table:
        with session.table() as table:
            side, piles = _holder_deck(table, session.ruleset, name)
            if name not in piles.sleeves:
                raise mechanics.ActionError(f"{name} has no card up the sleeve to interrupt with")
            result = mechanics.interrupt(session.ruleset, session.rng(), name, quickness(table, name), other,
                                         quickness(table, other))
            result["card"] = piles.sleeves[name]
            if result["outcome"] != "no":
                piles.from_sleeve(name)
                table.touch(side)
            table.log("interrupt", deck=side, cards=[result["card"]] if result["outcome"] != "no" else [],
                      data={"person": name, "against": other, "outcome": result["outcome"]})
    else:
        result = mechanics.interrupt(session.ruleset, session.rng(), name, quickness(None, name), other,
                                     quickness(None, other))
    session.emit([session.envelope(result, seed=session.seed)], interrupt_text(result, session.cards))

