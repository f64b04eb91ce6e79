"""What both styles of combat share: the combat's state, the requests, the participants.

A participant is typed ``NAME=SPEC``: Quickness dice (``3d6``), a total already rolled (``16``)
or ``bust`` in a countdown; a skill (``2``: seven cards, as in every draw) in a hands combat;
either may end in ``:CARDS`` for cards dealt by hand. The table's roster deals everyone in; those
typed on the command line win.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, NamedTuple

from dealer.core.mechanics.rolls import RollSpec
from dealer.core.record import CARD, COUNT, DECK, PERSON, SIDE, TEXT, Field, ListOf, Nested, Part, Record
from dealer.core.table import Table
from dealer.core.traits import edge_names
from dealer.errors import DealerError, shell_word

if TYPE_CHECKING:
    from collections.abc import Iterable, Sequence

    from dealer.core.cards import Card
    from dealer.core.rules import Ruleset

MARSHAL = "Marshal"  # who draws the Marshal's chips
COMBAT_DECK = "combat"  # style `hands`: one deck for the whole combat


class ActionError(DealerError):
    """A participant, a sleeve or an interrupt that the rules or the table do not allow."""


class CombatHand(Record):
    """Style ``hands``: one person's hand, drawn once for the combat (with any wild picks)."""

    FIELDS = {"name": Field(PERSON), "side": Field(SIDE), "cards": Field(ListOf(CARD)),
              "wild_picks": Field(ListOf(CARD), []), "notes": Field(ListOf(TEXT), [])}


class ActionState(Part):
    """The ``action`` part of a table: the combat so far.

    ``round`` (rounds dealt), ``owed_reshuffle`` (sides whose deck a Black Joker will
    reshuffle), ``shocked`` (surprised characters who still owe a Guts roll), ``hands``
    (style ``hands``: the hands drawn once for the combat).
    """

    KEY = "action"
    FIELDS = {"round": Field(COUNT, 0), "owed_reshuffle": Field(ListOf(DECK), []),
              "shocked": Field(ListOf(PERSON), []), "hands": Field(ListOf(Nested(CombatHand)), [])}

    @classmethod
    def upgrade(cls, states: dict, version: int) -> None:
        """Format 3: the surprised who owe a Guts roll are ``shocked`` (``shaken`` is fear's word);
        the combat's hands are ``hands`` (were ``rows``)."""
        action = states.get("action")
        if version != 2 or not isinstance(action, dict):
            return
        if "shaken" in action:
            action["shocked"] = action.pop("shaken")
        if "rows" in action:
            action["hands"] = action.pop("rows")


class HoldState(Part):
    """The ``hold`` part of a table (SWADE's Hold): who is on Hold, in the order they went on it."""

    KEY = "hold"
    FIELDS = {"people": Field(ListOf(PERSON), [])}


def on_hold(table: Table) -> list[str]:
    """Who is on Hold on this table (without a table: an ambush's side, this round)."""
    return list(table.state(HoldState).people)


class CountdownRequest(NamedTuple):
    """A round of action cards (seed 000): ``NAME=SPEC`` for each side, surprise, Guts, the card limit."""

    posse: tuple[str, ...] = ()
    marshal: tuple[str, ...] = ()
    max_cards: int | None = None
    surprised: tuple[str, ...] = ()
    guts: tuple[str, ...] = ()
    ambush: tuple[str, ...] = ()  # on Hold from the start (a ruleset with Hold): the side with surprise


class HandsRequest(NamedTuple):
    """A combat's turn order by hands (seed 003): ``NAME[=SKILL][:CARDS]`` for each side (a skill as in
    every draw: ``2``, ``-1`` or a roster skill's name)."""

    posse: tuple[str, ...] = ()
    marshal: tuple[str, ...] = ()


def round_request(ruleset: Ruleset, posse: tuple = (), marshal: tuple = (), *, max_cards: int | None = None,
                  surprised: tuple = (), guts: tuple = (), ambush: tuple = ()) -> CountdownRequest | HandsRequest:
    """The request of this ruleset's combat style; an option its deal does not have is refused."""
    rules = ruleset.action
    countdown = rules["style"] == "countdown"
    offered = {"--max-cards": (countdown and rules["deal"] == "quickness", "action cards dealt by Quickness"),
               "--surprised": (countdown and bool(rules["surprise_trait"]), "a surprise roll (action.surprise_trait)"),
               "--guts": (countdown and bool(rules["surprise_trait"] and rules["shock_tn"]),
                          "shaking off a surprise's shock (action.shock_tn)"),
               "--ambush": (countdown and rules["hold"], "a game with Hold (action.hold)")}
    for flag, given in (("--max-cards", max_cards), ("--surprised", surprised), ("--guts", guts),
                        ("--ambush", ambush)):
        allowed, what = offered[flag]
        if given and not allowed:
            raise ActionError(f"{flag} is for {what}; {ruleset.name} {_deals(rules)}")
    if countdown:
        return CountdownRequest(tuple(posse), tuple(marshal), max_cards, tuple(surprised), tuple(guts), tuple(ambush))
    return HandsRequest(tuple(posse), tuple(marshal))


def _deals(rules: dict) -> str:
    if rules["style"] == "hands":
        return "draws turn order by hands"
    if rules["deal"] == "one":
        return "deals one card a character, with no Quickness roll" + ("" if rules["hold"] else ", and has no Hold")
    return "deals action cards by Quickness" + ("" if rules["hold"] else ", with no Hold")


def deck_for(ruleset: Ruleset, side: str) -> str:
    """The action deck a side draws from: the one shared deck (``action.deck``), or the side's own."""
    return ruleset.action["deck"] or side


def deck_names(ruleset: Ruleset) -> list[str]:
    """Every action deck of a countdown combat, in the order of the sides."""
    return list(dict.fromkeys(deck_for(ruleset, side) for side in ruleset.action["sides"]))


class Participant(NamedTuple):
    """One character in the round: side, Quickness (or turn-order skill), cards typed in, surprise."""

    name: str
    side: str
    quickness: RollSpec | None = None  # countdown
    cards: list[str] | None = None  # codes dealt by hand, or None to draw
    skill: int = 0  # style hands: the turn-order skill (5 + skill cards, as every draw)
    modifiers: tuple = ()  # style hands: the cards its turn-order advantages add (``Modifier``s)
    surprise_tn: int | None = None
    surprise_roll: RollSpec | None = None  # the trait rolled when surprised (action.surprise_trait)
    guts: RollSpec | None = None  # for shaking off the shock
    edges: tuple[str, ...] = ()  # deal one: Edges and Hindrances that may change the draw
    extra: bool = False  # an Extra (or a group of them): no Wild Die, no chips


class RoundResult(NamedTuple):
    """A round dealt (``kind`` ``round``), a combat's turn order (``turn-order``), or a move between
    rounds (a sleeve, an interrupt, a new combat) as plain data."""

    data: dict

    def to_data(self) -> dict:
        return self.data


def split_spec(text: str) -> tuple[str, str, list[str] | None]:
    """``NAME=SPEC`` into its parts; ``SPEC`` may end in ``:CARDS`` for cards dealt by hand."""
    name, sep, spec = text.partition("=")
    if not sep or not name.strip():
        raise ActionError(f"'{text[:40]}': write NAME=SPEC, e.g. Sarah=3d6, Sarah=16, Sarah=bust or "
                          "Sarah=16:Qh,8d,4c")
    spec, _, cards = spec.partition(":")
    return name.strip(), spec.strip(), cards.replace(",", " ").split() if cards else None


def named_rolls(items: Iterable[str], option: str, sides: Sequence[int]) -> dict[str, RollSpec]:
    """``NAME=DICE`` items (``--guts``, ``--roll``) by name."""
    found = {}
    for item in items:
        name, sep, spec = item.partition("=")
        if not sep or not name.strip() or not spec.strip():
            raise ActionError(f"{option} '{item[:40]}': write NAME=DICE, e.g. Sarah=2d6")
        found[name.strip()] = RollSpec.parse(spec.strip(), sides)
    return found


def _surprise(items: Iterable[str], sides: Sequence[int]) -> dict[str, tuple]:
    """``NAME[:TN][=SPEC]`` for --surprised."""
    found = {}
    for item in items:
        match = re.fullmatch(r"\s*([^:=]+?)\s*(?::\s*(\d{1,4}))?\s*(?:=\s*(.+))?\s*", item)
        if not match:
            raise ActionError(f"--surprised '{item[:40]}': write NAME, NAME:TN or NAME:TN=DICE (e.g. Sarah:11=2d10)")
        found[match.group(1)] = (int(match.group(2)) if match.group(2) else None,
                                 RollSpec.of(match.group(3), sides))
    return found


def _turn_skill(table: Table, name: str, spec: str) -> int:
    """Style ``hands``: ``NAME=SKILL`` as in every draw (``skill_of``: ``Bert=2`` is skill 2, seven
    cards, as in a contest or a spell)."""
    from dealer.core.mechanics.draws import skill_of

    return skill_of(table, name, spec.strip(), ActionError)


def roster_turn_skill(ruleset: Ruleset, table: Table, name: str) -> int:
    """The roster's turn-order skill (``action.turn_order_skill``: combat), 0 for none."""
    key = ruleset.action["turn_order_skill"]
    return _turn_skill(table, name, key) if key and table.trait(name, key) is not None else 0


def turn_order_bonus(ruleset: Ruleset, table: Table, name: str) -> tuple:
    """Seed 003: turn order is "5 cards modified by skills and advantages like 'quick draw' and 'cool
    headed'": a ``Modifier`` of ``action.advantage_cards`` for each of ``action.turn_order_advantages``
    the person has (an advantage, or a skill above 0) and each of theirs their roster trait
    ``turn-order`` marks (a sheet's ``turn_order``; one they do not have is a budget problem)."""
    from dealer.core.characters import names
    from dealer.core.mechanics.conditions import Modifier
    from dealer.core.ranks import slug

    rules, traits = ruleset.action, (table.roster.get(name) or {}).get("traits", {})
    held = {slug(item) for item in names(traits.get("advantages"))}
    held |= {key for key, level in traits.items() if isinstance(level, int) and not isinstance(level, bool) and level > 0}
    chosen = [item for item in map(slug, rules["turn_order_advantages"]) if item in held]
    chosen += [item for item in map(slug, names(traits.get("turn-order"))) if item in held and item not in chosen]
    return tuple(Modifier(item.replace("-", " "), rules["advantage_cards"]) for item in chosen
                 if rules["advantage_cards"])


def roster_roll(table: Table, name: str, key: str, sides: Sequence[int]) -> RollSpec | None:
    """A roster trait read as a roll (``quickness=3d6``), or None when there is none."""
    try:
        return RollSpec.of(table.trait(name, key), sides)
    except DealerError as error:
        raise ActionError(f"{name}'s {key} trait: {error}; fix it with dealer table set {table.name} "
                          f"{shell_word(name)} --trait {key}=DICE") from None


def participants(ruleset: Ruleset, request: CountdownRequest | HandsRequest, table: Table) -> list[Participant]:
    """The round's participants: the table's roster first, then those given inline (who win)."""
    rules, sides = ruleset.action, ruleset.action["sides"]
    dice_sides = ruleset.dice["sides"]
    hands_style = isinstance(request, HandsRequest)
    people: dict[str, Participant] = {}
    for name, entry in table.roster.items():
        if entry["side"] not in sides:
            continue
        extra = dict(surprise_roll=roster_roll(table, name, rules["surprise_trait"], dice_sides)
                     if rules["surprise_trait"] else None, guts=roster_roll(table, name, "guts", dice_sides))
        if hands_style:
            people[name] = Participant(name, entry["side"], skill=roster_turn_skill(ruleset, table, name),
                                       modifiers=turn_order_bonus(ruleset, table, name), **extra)
        elif rules["deal"] == "one":
            people[name] = Participant(name, entry["side"], edges=roster_edges(ruleset, table, name),
                                       extra=bool(table.trait(name, "extra")), surprise_roll=extra["surprise_roll"])
        else:
            quickness = roster_roll(table, name, "quickness", dice_sides)
            if quickness is not None:
                people[name] = Participant(name, entry["side"], quickness, **extra)
    for items, side in ((request.posse, sides[0]), (request.marshal, sides[-1])):
        for item in items:
            name, spec, cards = split_spec(item) if "=" in item else (item.strip(), "", None)
            known = people.get(name)
            on_roster = table.roster.get(name, {}).get("side")  # a roster Marshal deals from the Marshal's deck
            person = Participant(name, on_roster if on_roster in sides else side, cards=cards,
                                 surprise_roll=known.surprise_roll if known else None,
                                 guts=known.guts if known else None)
            if hands_style:
                person = person._replace(skill=_turn_skill(table, name, spec) if spec else known.skill if known else 0,
                                         modifiers=known.modifiers if known else ())
            elif rules["deal"] == "one":
                person = person._replace(edges=_edges(ruleset, name, spec, known), extra=known.extra if known else False)
            else:
                person = person._replace(quickness=RollSpec.of(spec, dice_sides) or (known.quickness if known else None))
            people[name] = person
    if not hands_style:
        _surprised(ruleset, request, people)
    if not people:
        raise ActionError("nobody to deal to: give participants as NAME=SPEC (e.g. Sarah=3d6), "
                          "or a --table with a roster")
    return list(people.values())


def _surprised(ruleset: Ruleset, request: CountdownRequest, people: dict[str, Participant]) -> None:
    """--surprised (a surprise roll first: Cognition, Notice), --guts (to shake off last round's
    shock) and --ambush (on Hold from the start)."""
    dice_sides = ruleset.dice["sides"]
    for name, (tn, spec) in _surprise(request.surprised, dice_sides).items():
        if name not in people:
            raise ActionError(f"--surprised {name}: {name} is not in this round")
        people[name] = people[name]._replace(surprise_tn=tn or ruleset.action["surprise_tn"],
                                             surprise_roll=spec or people[name].surprise_roll)
    for name in request.ambush:
        if name not in people:
            raise ActionError(f"--ambush {name}: {name} is not in this round")
        if name in dict(_surprise(request.surprised, dice_sides)):
            raise ActionError(f"{name} cannot both spring the ambush (--ambush) and be surprised (--surprised)")
    for name, spec in named_rolls(request.guts, "--guts", dice_sides).items():
        if name not in people:
            raise ActionError(f"--guts {name}: {name} is not in this round")
        people[name] = people[name]._replace(guts=spec)


def roster_edges(ruleset: Ruleset, table: Table, name: str) -> tuple[str, ...]:
    """The names in the roster traits that list draw-changing Edges and Hindrances (``edges``, ``hindrances``)."""
    traits = dict.fromkeys(edge["trait"] for edge in ruleset.action["draw_edges"].values())
    return tuple(edge for trait in traits for edge in edge_names(table.trait(name, trait)))


def _edges(ruleset: Ruleset, name: str, spec: str, known: Participant | None) -> tuple[str, ...]:
    """Deal one: ``NAME=level headed+quick`` lists the draw's Edges inline (they replace the roster's)."""
    if not spec:
        return known.edges if known else ()
    names = edge_names(spec)
    table = ruleset.action["draw_edges"]
    unknown = [edge for edge in names if edge not in table]
    if unknown:
        from dealer.errors import did_you_mean

        hint = did_you_mean(unknown[0], table)
        raise ActionError(f"{name}={spec[:40]}: '{unknown[0]}' does not change the draw in {ruleset.name} "
                          f"({hint + ' ' if hint else ''}write NAME, NAME=EDGES ({'+'.join(table) or 'none'}) or "
                          "NAME=:CARD for a card dealt by hand)")
    return names


def card_sort_key(card: Card) -> tuple[int, int]:
    """Ace down to Deuce, then spades, hearts, diamonds, clubs (the deck's suit order)."""
    return (card.value, card.suit.strength if card.suit else 0)
