"""Walking a round at the table: who acts now, a latecomer dealt in, someone out of the fight.

Card-initiative trackers let the GM step through the round; so does this. When a round is
dealt its order is kept (``start``): every card called (a Joker's "any time" first, then Ace
down to Deuce), or in a hands combat every hand rank, each marked once its holder has acted.
``next`` calls the first turn not yet taken, with everyone acting at the same moment (the same
card and suit on both sides, or equal hands). It passes over a card that has left play (up a
sleeve, spent by an interrupt) and people out of the fight or on Hold. Acting discards the
card (one that gives a bonus all round stays in play until the round ends) and is the person's
action for a standing defence: a block ends, a dodge of an earlier round ends.

A latecomer is dealt into the round under way by the round's own rules (``join``, which
``merge`` keeps in order): their turns take their places, so a card above the count so far is
the next called. Someone ``out`` (incapacitated) is passed over and dealt nothing until back.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, NamedTuple

from dealer.core.mechanics.action.common import (ActionError, ActionState, RoundResult, card_sort_key, deck_for,
                                                 on_hold)
from dealer.core.mechanics import people, statuses
from dealer.core.mechanics.conditions import acted
from dealer.core.mechanics.long_actions import played_note
from dealer.core.record import CARD, COUNT, FLAG, PERSON, SIDE, TEXT, Field, ListOf, Nested, Part, Record
from dealer.core.table import Table
from dealer.errors import did_you_mean, shell_word, usage

if TYPE_CHECKING:
    from dealer.core.rules import Ruleset


class Turn(Record):
    """One turn of the round: who, their side, the card called (countdown) or hand rank (hands),
    the cards it shows, a note (any time, a long action, -1), its moment (``group``: turns of one
    group act together) and whether it is taken."""

    FIELDS = {"name": Field(PERSON), "side": Field(SIDE), "card": Field(CARD, ""), "hand": Field(TEXT, ""),
              "cards": Field(ListOf(CARD), []), "note": Field(TEXT, ""), "group": Field(COUNT, 0),
              "acted": Field(FLAG, False)}


class TurnsState(Part):
    """The ``turns`` part of a table: the round's order as dealt (``round``), who is out of the fight,
    and the latecomers dealt into this round (``joined``: with no card they have no turn)."""

    KEY = "turns"
    FIELDS = {"round": Field(COUNT, 0), "order": Field(ListOf(Nested(Turn)), []), "out": Field(ListOf(PERSON), []),
              "joined": Field(ListOf(PERSON), [])}


class NextRequest(NamedTuple):
    """``dealer action next``: the next turn of the round is taken; ``seeded``: a --seed was given (for the
    recovery rolls of a ruleset that keeps people)."""

    seeded: bool = False


class ShowRequest(NamedTuple):
    """``dealer action show``: the round's order, who has acted and who is next."""


class OutRequest(NamedTuple):
    """``dealer action out NAME [--back]``: NAME is out of the fight (incapacitated), or back in it."""

    name: str
    back: bool = False


def out_of_the_fight(table: Table) -> list[str]:
    """Who is out of the fight on this table (nobody without a table): put out by hand (``action out``), and
    the Incapacitated (SWADE's people, ``people.incapacitated``)."""
    if not table.persistent:
        return []
    out = list(table.state(TurnsState).out)
    return out + [name for name in people.incapacitated(table.ruleset, table) if name not in out]


def start(ruleset: Ruleset, table: Table, round_now: int, order: dict) -> None:
    """Keep a round's order as dealt (``order``: a round's ``any_time`` and ``countdown``, or a hands
    combat's ``countdown``) for ``next`` to walk."""
    if not table.persistent:
        return
    state = table.state(TurnsState)
    state.round, state.order, state.joined = round_now, turns_of(ruleset, order), []


def turns_of(ruleset: Ruleset, order: dict) -> list[Turn]:
    if ruleset.action["style"] == "hands":
        return _grouped_hands([Turn(name=entry["name"], side=entry["side"], hand=entry["hand"],
                                    cards=list(entry["cards"]))
                               for entry in order["countdown"]], order["countdown"])
    found = [Turn(name=entry["name"], side=entry["side"], card=entry["card"], note=_note(entry, "any time"))
             for entry in order.get("any_time", ())]
    found += [Turn(name=entry["name"], side=entry["side"], card=entry["card"], note=_note(entry))
              for entry in order["countdown"]]
    return grouped_cards(ruleset, found)


def _note(entry: dict, first: str = "") -> str:
    parts = [first] if first else []
    if entry.get("bonus"):
        parts.append(f"{entry['bonus']:+d} to Trait and damage rolls")
    if entry.get("action"):
        parts.append(entry["action"])
    return "; ".join(parts)


def grouped_cards(ruleset: Ruleset, turns: list[Turn]) -> list[Turn]:
    """Any-time cards first (each its own moment), then Ace down to Deuce; the same card on two
    sides is one moment (the decks are separate, so the same card and suit can be dealt twice)."""
    def any_time(turn: Turn) -> bool:
        return turn.note.startswith("any time")

    counted = sorted((turn for turn in turns if not any_time(turn)),
                     key=lambda turn: card_sort_key(ruleset.deck.parse(turn.card)), reverse=True)
    ordered = [turn for turn in turns if any_time(turn)] + counted
    for index, turn in enumerate(ordered):
        before = ordered[index - 1] if index else None
        together = before is not None and not any_time(turn) and before.card == turn.card and before.side != turn.side
        turn.group = before.group if together else (before.group + 1 if before else 0)
    return ordered


def _grouped_hands(turns: list[Turn], entries: list[dict]) -> list[Turn]:
    """A hands combat's order is ranked already; equal hands (``simultaneous``) are one moment."""
    group = -1
    for index, (turn, entry) in enumerate(zip(turns, entries)):
        together = index and entry["simultaneous"] and entries[index - 1]["simultaneous"] and \
            entries[index - 1]["hand"] == entry["hand"] and _values(entries[index - 1]) == _values(entry)
        group += 0 if together else 1
        turn.group = group
    return turns


def _values(entry: dict) -> list[str]:
    return sorted(code[:-1] for code in entry["cards"])


def under_way(table: Table) -> TurnsState:
    state = table.state(TurnsState)
    if not state.round:
        raise ActionError(f"no round is under way on table '{table.name}': deal one first "
                          f"(dealer action --table {table.name})")
    return state


def waiting_turns(ruleset: Ruleset, table: Table, state: TurnsState) -> list[Turn]:
    """The turns still to be called, in order: not taken, their holder in the fight and not on Hold,
    their card still in play."""
    passed = set(out_of_the_fight(table)) | set(on_hold(table))
    return [turn for turn in state.order if not turn.acted and turn.name not in passed and _in_play(ruleset, table, turn)]


def _in_play(ruleset: Ruleset, table: Table, turn: Turn) -> bool:
    if not turn.card:
        return True
    piles = table.decks.get(deck_for(ruleset, turn.side))
    return piles is not None and turn.card in piles.play.get(turn.name, [])


def round_summary(ruleset: Ruleset, table: Table) -> dict | None:
    """Where the round under way stands, for ``table show``: the turns taken, those called next,
    how many are left, who is out of the fight; None when there is nothing to tell."""
    state = table.state(TurnsState)
    out = out_of_the_fight(table)
    if not state.round and not out:
        return None
    waiting = waiting_turns(ruleset, table, state) if state.round else []
    return {"round": state.round, "acted": [turn_data(turn, played=True) for turn in state.order
                                            if turn.acted and not held(ruleset, table, turn)],
            "next": [turn_data(turn) for turn in waiting if turn.group == waiting[0].group] if waiting else [],
            "left": len(waiting), "out": out}


def resolve_next(ruleset: Ruleset, request: NextRequest, table: Table, rng: random.Random | None = None) -> RoundResult:
    """The next moment of the round: its turns are taken (their cards discarded, a standing defence
    ended), and what follows is told."""
    if request.seeded and not people.keeps_people(ruleset):
        raise usage(ActionError(f"--seed means nothing here: action next rolls nothing in {ruleset.name}; drop it"))
    state = under_way(table)
    ended = statuses.turn_ends(ruleset, table)
    waiting = waiting_turns(ruleset, table, state)
    now = [turn for turn in waiting if turn.group == waiting[0].group] if waiting else []
    round_now = table.state(ActionState).round
    for turn in now:
        turn.acted = True
        if turn.card and not ruleset.action["specials"].get(turn.card, {}).get("bonus"):
            deck = deck_for(ruleset, turn.side)
            table.decks[deck].discard([turn.card], holder=turn.name)
            table.touch(deck)
        acted(table, turn.name, round_now)
    if now:
        table.log("next", cards=[turn.card for turn in now if turn.card],
                  data={"people": [turn.name for turn in now], "round": state.round})
    elif ended:  # nobody left to call, but the turns under way end (Distracted, Vulnerable count down): logged
        table.log("turn end", data={"people": ended, "round": state.round})
    recovery = statuses.turn_starts(ruleset, table, list(dict.fromkeys(turn.name for turn in now)), rng)
    data = _walk_data(ruleset, table, state, "next", now=now, rest=waiting[len(now):])
    if people.keeps_people(ruleset):
        data["recovery"] = recovery
    return RoundResult(data)


def just_called(ruleset: Ruleset, table: Table, name: str) -> Turn | None:
    """``name``'s turn in the moment called last (the latest moment taken: ``next`` walks the order),
    while its card lies where that call put it (on its deck's discards): the card being called,
    which seed 000's moves "when one of your cards is called" take (a long action begun on it, the
    card held up the sleeve)."""
    if not table.persistent:
        return None
    taken_turns = [turn for turn in table.state(TurnsState).order if turn.acted and turn.card]
    moment = max((turn.group for turn in taken_turns), default=None)
    for turn in taken_turns:
        piles = table.decks.get(deck_for(ruleset, turn.side))
        if turn.group == moment and turn.name == name and piles is not None and turn.card in piles.discards:
            return turn
    return None


def held(ruleset: Ruleset, table: Table, turn: Turn) -> bool:
    """A turn called and then held: its card went up its holder's sleeve instead of being acted on."""
    piles = table.decks.get(deck_for(ruleset, turn.side)) if turn.card else None
    return turn.acted and piles is not None and piles.sleeves.get(turn.name) == turn.card


def note_turns(table: Table, name: str, notes: dict[str, str]) -> None:
    """Notes on ``name``'s turns of the round under way, by card (the cards a long action begun now
    spends), so the walk says what each card is spent on."""
    for turn in table.state(TurnsState).order:
        if turn.name == name and turn.card in notes:
            turn.note = "; ".join(part for part in (turn.note, notes[turn.card]) if part)


def paralysed(table: Table, person: str) -> bool:
    """Seed 003: "Anyone who doesn't get at least a pair acts at the end of the round and at -1 for
    combat paralysis": in a hands combat's round under way, ``person``'s only turn is the one of no
    pair (no hand rank, no cards), so their draws this round are paralysed (dealt each round of the
    combat anew; a new combat, or a chip that gives the hand a pair, lifts it). Not someone out."""
    state = table.state(TurnsState)
    if not state.round or person in state.out:
        return False
    mine = [turn for turn in state.order if turn.name == person]
    return bool(mine) and all(not turn.card and not turn.cards for turn in mine)


def taken(table: Table, name: str, card: str | None = None) -> None:
    """``name`` acted outside the walk (from Hold, or interrupting with a card that acts any time):
    their turns this round (or the one of ``card``) are taken."""
    if not table.persistent:
        return
    for turn in table.state(TurnsState).order:
        if turn.name == name and card in (None, turn.card):
            turn.acted = True


def clear(table: Table) -> None:
    """A new combat: no round under way (who is out of the fight stays out until back)."""
    state = table.state(TurnsState)
    state.round, state.order, state.joined = 0, [], []


def resolve_show(ruleset: Ruleset, request: ShowRequest, table: Table, rng: random.Random | None = None) -> RoundResult:
    """The round's order with each turn's state: acted, next, waiting, passed over (out, on Hold, its
    card gone); SWADE's people's conditions."""
    state = under_way(table)
    data = _walk_data(ruleset, table, state, "turns", now=[], rest=waiting_turns(ruleset, table, state))
    if people.keeps_people(ruleset):
        data["conditions"] = people.shown_conditions(ruleset, table)
    return RoundResult(data)


def _walk_data(ruleset: Ruleset, table: Table, state: TurnsState, kind: str, now: list[Turn], rest: list[Turn]) -> dict:
    then = [turn for turn in rest if turn.group == rest[0].group] if rest else []
    now_ids, then_ids, waiting = ({id(turn) for turn in turns} for turns in (now, then, rest))
    holding, out = on_hold(table), out_of_the_fight(table)

    def status(turn: Turn) -> str:
        if id(turn) in now_ids:
            return "now"
        if id(turn) in then_ids:
            return "next"
        if id(turn) in waiting:
            return "waiting"
        if turn.acted:
            return "held" if held(ruleset, table, turn) else "acted"
        return "out" if turn.name in out else "on hold" if turn.name in holding else "passed"

    order = [{**turn_data(turn, played=status(turn) == "acted"), "status": status(turn)} for turn in state.order]
    sleeves = [{"name": holder, "side": deck, "card": card} for deck, piles in table.decks.items()
               for holder, card in sorted(piles.sleeves.items())] if ruleset.action["style"] == "countdown" else []
    return {"kind": kind, "table": table.name, "round": state.round, "style": ruleset.action["style"],
            "now": [turn_data(turn) for turn in now], "then": [turn_data(turn) for turn in then],
            "left": len(rest), "over": not now and not rest, "order": order, "out": out, "hold": holding,
            "sleeves": sleeves}


def turn_data(turn: Turn, played: bool = False) -> dict:
    """A turn as data; ``played``: its card was called before this command (a long action's last card
    no longer says it resolves now). A turn with neither card nor hand is another person's, face down
    (a player's view of a shared table): its note says so."""
    data = {"name": turn.name, "side": turn.side}
    if turn.card:
        data["card"] = turn.card
    elif turn.hand:
        data.update(hand=turn.hand, cards=list(turn.cards))
    note = played_note(turn.note) if played else turn.note
    if note:
        data["note"] = note
    return data


def resolve_out(ruleset: Ruleset, request: OutRequest, table: Table, rng: random.Random | None = None) -> RoundResult:
    """``name`` is out of the fight (passed over, dealt nothing) or, with ``back``, in it again."""
    state = table.state(TurnsState)
    name = _known(table, state, request.name)
    if request.back:
        if name not in state.out and name in people.incapacitated(ruleset, table):
            raise ActionError(f"{name} is out of the fight by their conditions (Incapacitated): when they recover, "
                              f"dealer table condition {table.name} \"{name}\" incapacitated --clear")
        if name not in state.out:
            raise ActionError(f"{name} is not out of the fight (out: {', '.join(state.out) or 'nobody'})")
        state.out.remove(name)
    else:
        if name in state.out:
            raise ActionError(f"{name} is out of the fight already: bring them back with dealer action out "
                              f"{shell_word(name)} --back --table {table.name}")
        state.out.append(name)
    table.log("back" if request.back else "out", data={"person": name})
    waiting = [turn_data(turn) for turn in waiting_turns(ruleset, table, state) if turn.name == name] \
        if state.order else []
    return RoundResult({"kind": "out", "table": table.name, "name": name, "back": request.back,
                        "out": out_of_the_fight(table), "turns": waiting})


def _known(table: Table, state: TurnsState, name: str) -> str:
    """Someone on the roster or in the round (a latecomer dealt no card too); a typo gets the name meant."""
    known = dict.fromkeys([*table.roster, *(turn.name for turn in state.order), *state.joined, *state.out])
    if name in known:
        return name
    meant = did_you_mean(name, known)
    raise ActionError(f"{name} is neither on the roster of table '{table.name}' nor in the round"
                      + (f": {meant}" if meant else f" (known: {', '.join(known) or 'nobody'})"))
