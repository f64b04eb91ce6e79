"""Between and during rounds: a new combat, sleeves, interrupts, long actions begun.

Seed 000: "Up your sleeve": one held card per character, kept across rounds and played any
time; interrupting someone with it takes an opposed Quickness roll (TN 5 for both: a success
acts simultaneously, a raise first). A Joker that acts any time interrupts without a roll. A
long action (Speed) is begun on a card of this round (``long_actions``).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, NamedTuple

from dealer.core import results
from dealer.core.ledger import situations
from dealer.core.mechanics import long_actions
from dealer.core.mechanics.action.common import (COMBAT_DECK, ActionError, ActionState, RoundResult, card_sort_key,
                                                 deck_for, deck_names, named_rolls, on_hold, roster_roll)
from dealer.core.mechanics.action.countdown import called
from dealer.core.mechanics.rolls import RollSpec
from dealer.core.piles import PileError
from dealer.core.table import Table
from dealer.errors import did_you_mean, shell_word

if TYPE_CHECKING:
    from dealer.core.piles import Piles
    from dealer.core.rules import Ruleset


class NewCombatRequest(NamedTuple):
    """``dealer action new``: every action card back, the decks shuffled."""


class SleeveRequest(NamedTuple):
    """``dealer action sleeve NAME [CARD]``: one of NAME's cards up the sleeve (default: the card being
    called, else their lowest)."""

    name: str
    card: str | None = None


class PlayRequest(NamedTuple):
    """``dealer action play NAME``: NAME plays the card up their sleeve."""

    name: str


class BeginRequest(NamedTuple):
    """``dealer action begin NAME CARDS``: NAME begins ``what``, taking CARDS action cards, on
    ``card`` (default: their first this round)."""

    name: str
    cards: int
    what: str = "action"
    card: str | None = None


def new_combat(ruleset: Ruleset, request: NewCombatRequest, table: Table, rng: random.Random) -> RoundResult:
    """Every action card back, the decks shuffled, sleeves, long actions and the combat's state cleared."""
    ruleset.require("action")
    from dealer.core.mechanics.action.hold import clear

    names = [COMBAT_DECK] if ruleset.action["style"] == "hands" else deck_names(ruleset)
    for name in names:
        table.deck(name, rng).collect(rng)
    state = table.state(ActionState)
    state.round, state.owed_reshuffle, state.shocked, state.hands = 0, [], [], []
    from dealer.core.mechanics.action.turns import clear as clear_turns

    long_actions.clear(table)
    clear(table)
    clear_turns(table)
    table.log("new combat", data={"decks": names})
    return RoundResult({"kind": "new-combat", "table": table.name, "decks": names})


def _holder_deck(ruleset: Ruleset, table: Table, name: str) -> tuple[str, Piles]:
    """The side deck in which ``name`` holds cards (or a sleeve card)."""
    ruleset.require("action")
    for deck in deck_names(ruleset):
        piles = table.decks.get(deck)
        if piles is not None and (name in piles.play or name in piles.sleeves):
            return deck, piles

    holders = [holder for deck in deck_names(ruleset) for piles in [table.decks.get(deck)] if piles
               for holder in [*piles.play, *piles.sleeves]]
    meant = did_you_mean(name, dict.fromkeys([*table.roster, *holders]))
    if meant:
        raise ActionError(f"{name} holds no action cards on table '{table.name}': {meant}")
    raise ActionError(f"{name} holds no action cards on table '{table.name}': deal a round first "
                      "(dealer action --table ...)")


def resolve_sleeve(ruleset: Ruleset, request: SleeveRequest, table: Table, rng: random.Random) -> RoundResult:
    """Put one of ``name``'s action cards up the sleeve; the lowest non-special by default."""
    ruleset.require("action")
    if not ruleset.action["sleeve"]:
        instead = " a character goes on Hold instead (dealer action hold NAME)" if ruleset.action["hold"] else ""
        raise ActionError(f"{ruleset.name} keeps no card up a sleeve (action.sleeve):{instead or ' no card is held'}")
    name = request.name
    called = _sleeve_called(ruleset, table, name, request.card)
    if called is not None:
        side, chosen = called
    else:
        side, piles = _holder_deck(ruleset, table, name)
        chosen = sleeve(ruleset, piles, name, request.card)
    table.touch(side)
    table.log("sleeve", deck=side, cards=[chosen], data={"person": name, **({"called": True} if called else {})})
    return RoundResult({"kind": "sleeve", "table": table.name, "name": name, "card": chosen,
                        "called": called is not None})


def _sleeve_called(ruleset: Ruleset, table: Table, name: str, card: str | None) -> tuple[str, str] | None:
    """Seed 000: "When one of your cards is called, instead of taking your action, announce you're
    holding it up your sleeve": the card ``action next`` has just called for ``name`` (``card``, if
    given, must be that one) goes from the discards up the sleeve: its turn is held, not acted on.
    None: no card of theirs is being called."""
    from dealer.core.mechanics.action.turns import just_called

    turn = just_called(ruleset, table, name)
    if turn is None or (card is not None and ruleset.deck.parse(card).code != turn.card):
        return None
    effect = ruleset.action["specials"].get(turn.card)
    if effect and not effect["sleeve"]:
        raise ActionError(f"the {ruleset.deck.parse(turn.card).name} can never be held up a sleeve")
    deck = deck_for(ruleset, turn.side)
    try:
        table.decks[deck].hold_played(name, turn.card)
    except PileError as error:
        raise ActionError(str(error)) from None
    return deck, turn.card


def sleeve(ruleset: Ruleset, piles: Piles, holder: str, card: str | None = None) -> str:
    """Move ``card`` (default: the holder's lowest card that may go up a sleeve) up the sleeve."""
    deck, specials = ruleset.deck, ruleset.action["specials"]
    held = piles.play.get(holder, [])
    if not held:
        raise ActionError(f"{holder} holds no action cards this round")
    if card is None:
        usable = [code for code in held if not specials.get(code)]
        if not usable:
            raise ActionError(f"{holder} holds only {', '.join(held)}: a Joker never goes up a sleeve")
        card = min(usable, key=lambda code: card_sort_key(deck.parse(code)))
    else:
        card = deck.parse(card).code
    effect = specials.get(card)
    if effect and not effect["sleeve"]:
        raise ActionError(f"the {deck.parse(card).name} can never be held up a sleeve")
    try:
        piles.to_sleeve(holder, card)
    except PileError as error:
        raise ActionError(str(error)) from None
    return card


def resolve_play(ruleset: Ruleset, request: PlayRequest, table: Table, rng: random.Random) -> RoundResult:
    """``name`` plays the card up their sleeve: it goes to the discards."""
    name = request.name
    side, piles = _holder_deck(ruleset, table, name)
    try:
        card = piles.from_sleeve(name)
    except PileError as error:
        raise ActionError(str(error)) from None
    table.touch(side)
    table.log("play sleeve", deck=side, cards=[card], data={"person": name})
    return RoundResult({"kind": "play-sleeve", "table": table.name, "name": name, "card": card})


class InterruptRequest(NamedTuple):
    """``name`` interrupts ``against``; ``rolls``: NAME=DICE for either, else their roster quickness."""

    name: str
    against: str
    rolls: tuple[str, ...] = ()


def resolve_interrupt(ruleset: Ruleset, request: InterruptRequest, table: Table, rng: random.Random) -> RoundResult:
    """``name`` interrupts ``against``: with an any-time card (a Joker) at once and without a roll
    (spending it, unless it gives a bonus all round); from Hold or with a sleeve card by an opposed
    roll of ``action.interrupt_trait``, settled as ``action.interrupt_by`` says."""
    from dealer.core.mechanics.action.hold import interrupt_from_hold

    ruleset.require("action")
    given = named_rolls(request.rolls, "--roll", ruleset.dice["sides"])
    waiting = request.name in on_hold(table)
    if table.persistent and not waiting:
        try:
            side, piles = _holder_deck(ruleset, table, request.name)
        except ActionError:
            if not ruleset.action["hold"]:
                raise
            raise ActionError(f"{request.name} is not on Hold and holds no Joker to interrupt with: go on Hold "
                              f"first (dealer action hold {shell_word(request.name)} --table {table.name})") from None
        any_time = [code for code in piles.play.get(request.name, [])
                    if ruleset.action["specials"].get(code, {}).get("any_time")]
        if any_time:
            return _any_time(ruleset, table, request, side, piles, any_time[0])
        if request.name not in piles.sleeves:
            how = "go on Hold first (dealer action hold NAME)" if ruleset.action["hold"] else \
                "put a card up the sleeve first (dealer action sleeve NAME)"
            raise ActionError(f"{request.name} has no card up the sleeve{' and is not on Hold' if ruleset.action['hold'] else ''}"
                              f" to interrupt with: {how}")
    if waiting or (ruleset.action["hold"] and not ruleset.action["sleeve"]):
        if not table.persistent:
            raise ActionError("an interrupt from Hold needs the table that keeps the Hold: add --table NAME")
        result = interrupt_from_hold(ruleset, table, rng, request.name,
                                     _interrupt_roll(ruleset, table, request.name, given), request.against,
                                     _interrupt_roll(ruleset, table, request.against, given))
        result["bust_name"] = ruleset.dice["bust_name"]
        return RoundResult(result)
    result = interrupt(ruleset, rng, request.name, _interrupt_roll(ruleset, table, request.name, given),
                       request.against, _interrupt_roll(ruleset, table, request.against, given))
    if table.persistent:
        result["table"], result["card"] = table.name, piles.sleeves[request.name]
        if result["outcome"] != "no":
            piles.from_sleeve(request.name)
            table.touch(side)
        table.log("interrupt", deck=side, cards=[result["card"]] if result["outcome"] != "no" else [],
                  data={"person": request.name, "against": request.against, "outcome": result["outcome"],
                        situations.KEY: situations.rolls_seen(request.name, request.against, result)})
    return RoundResult(result)


def _any_time(ruleset: Ruleset, table: Table, request: InterruptRequest, deck: str, piles: Piles,
              card: str) -> RoundResult:
    """A card that acts any time interrupts without a roll; it is spent, unless it gives its holder a
    bonus all round (a SWADE Joker: it stays in play)."""
    from dealer.core.mechanics.action.turns import taken

    if not ruleset.action["specials"][card]["bonus"]:
        piles.discard([card], holder=request.name)
        table.touch(deck)
    taken(table, request.name, card)
    table.log("interrupt", deck=deck, cards=[card],
              data={"person": request.name, "against": request.against, "outcome": "first"})
    return RoundResult({"kind": "interrupt", "table": table.name, "name": request.name, "against": request.against,
                        "card": card, "roll": None, "their_roll": None, "outcome": "first",
                        "why": f"the {ruleset.deck.parse(card).name} acts at any time, without a roll"})


def _interrupt_roll(ruleset: Ruleset, table: Table, person: str, given: dict) -> RollSpec:
    trait = ruleset.action["interrupt_trait"]
    spec = given.get(person) or roster_roll(table, person, trait, ruleset.dice["sides"])
    if spec is None:
        raise ActionError(f"no {trait} for {person}: give --roll {shell_word(person)}=DICE or a {trait} trait "
                          "on the roster")
    return spec


def interrupt(ruleset: Ruleset, rng: random.Random, name: str, name_roll: RollSpec, other: str,
              other_roll: RollSpec) -> dict:
    """An opposed Quickness roll (TN 5 for both) to play a sleeve card before ``other`` acts.

    ``name`` must succeed and beat ``other``'s total (or the TN, if ``other`` fails): a
    success means the actions are simultaneous, a raise over the higher of the two that
    ``name`` acts first; anything else, ``name`` does not interrupt and keeps the card.
    """
    tn, dice_rules = ruleset.action["interrupt_tn"], ruleset.dice
    mine = name_roll.roll(rng, tn, dice_rules)
    theirs = other_roll.roll(rng, tn, dice_rules)
    bar = max(theirs.total, tn) if theirs.success else tn
    if not mine.success or (theirs.success and mine.total <= theirs.total):
        outcome = "no"
    elif (mine.total - bar) // ruleset.dice["raise_step"] >= 1:
        outcome = "first"
    else:
        outcome = "simultaneous"
    return {"kind": "interrupt", "name": name, "against": other, "roll": results.roll_data(mine),
            "their_roll": results.roll_data(theirs), "outcome": outcome}


def resolve_begin(ruleset: Ruleset, request: BeginRequest, table: Table, rng: random.Random | None = None, *,
                  hex_: bool = False) -> long_actions.Begun:
    """Start an action of ``cards`` action cards (Speed): it is spent across rounds and resolves
    on the last card (a hex is then cast with ``dealer hex``).

    Begun during a round, the card ``name`` acts on now (``card``; by default their first card
    of the round) and each of their cards called after it this round are spent on it; later
    rounds' deals spend the rest.
    """
    ruleset.require("action")
    if ruleset.action["style"] != "countdown":
        raise ActionError("actions of several cards are counted on action cards (style countdown)")
    name = request.name
    if name not in table.roster:
        table.person(name)
    try:
        long_actions.check_free(table, name, request.cards)
        begun = long_actions.begin(table, name, request.cards, request.what,
                                   called(ruleset, table, name, request.card), hex_=hex_)
    except long_actions.LongActionError as error:
        raise ActionError(str(error)) from None
    if table.persistent:
        from dealer.core.mechanics.action.turns import note_turns

        note_turns(table, name, {card: long_actions.spending_note(request.what, spent, request.cards, hex_)
                                 for spent, card in enumerate(begun.spending, start=1)})
    return begun
