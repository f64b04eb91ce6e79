"""A latecomer dealt into the round under way (``dealer action join``), by the round's own rules.

A countdown deals them cards as the round did (Quickness, or one card and the Edges), their
Jokers do what Jokers do, and their turns take their places in the order kept by ``turns``: a
card above the count so far is the next called. A hands combat draws them a hand for the
combat and ranks everyone's turns again, the turns already taken staying taken. Someone out of
the fight who joins is back in it.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, NamedTuple

from dealer.core.mechanics.action.common import (ActionError, ActionState, CountdownRequest, HandsRequest,
                                                 RoundResult, deck_names, participants)
from dealer.core.mechanics.action.turns import (TurnsState, grouped_cards, turn_data, turns_of, under_way,
                                                waiting_turns)
from dealer.core.table import Table
from dealer.errors import shell_word

if TYPE_CHECKING:
    from dealer.core.mechanics.action.common import Participant
    from dealer.core.rules import Ruleset


class JoinRequest(NamedTuple):
    """``dealer action join NAME [SPEC] [-m]``: a latecomer dealt into the round under way; ``spec`` as
    in a deal (Quickness dice, a total, a hand modifier, Edges); ``marshal``: on the Marshal's side."""

    name: str
    spec: str = ""
    marshal: bool = False



def resolve_join(ruleset: Ruleset, request: JoinRequest, table: Table, rng: random.Random) -> RoundResult:
    """A latecomer dealt into the round under way, by the round's rules; their turns take their places."""
    action = table.state(ActionState)
    state = under_way(table)
    name = request.name.strip()
    if any(turn.name == name for turn in state.order) or name in state.joined or \
            any(name in piles.play for piles in table.decks.values()):
        raise ActionError(f"{name} is in round {state.round} already; a new round deals everyone: "
                          f"dealer action --table {table.name}")
    item = f"{name}={request.spec.lstrip('=')}" if request.spec else name
    posse, marshal = ((), (item,)) if request.marshal else ((item,), ())
    hands = ruleset.action["style"] == "hands"
    asked = HandsRequest(posse, marshal) if hands else CountdownRequest(posse, marshal)
    person = next(person for person in participants(ruleset, asked, table) if person.name == name)
    came_back = name in state.out
    if came_back:
        state.out.remove(name)
    seen = {}
    if hands:
        data = _join_hands(ruleset, table, action, state, person, rng)
    else:
        data, seen = _join_countdown(ruleset, table, action, state, person, rng)
    state.joined.append(name)
    table.log("join", data={"person": name, "round": state.round, **seen})
    waiting = waiting_turns(ruleset, table, state)
    then = [turn for turn in waiting if turn.group == waiting[0].group] if waiting else []
    return RoundResult({"kind": "join", "table": table.name, "round": state.round, "name": name,
                        "side": person.side, "back": came_back, **data,
                        "turns": [turn_data(turn) for turn in state.order if turn.name == name],
                        "then": [turn_data(turn) for turn in then], **_later(ruleset, table, person)})


def _later(ruleset: Ruleset, table: Table, person: Participant) -> dict:
    """Whether the latecomer is dealt in later rounds too (``later``) and, when not, the command that
    keeps them (``keep``). A hands combat's hand is drawn once for the combat, so a latecomer plays
    to its end; a countdown deals each round to the roster, so one not on it is in this round only."""
    one_card = ruleset.action["deal"] == "one"
    on_roster = person.name in table.roster
    if ruleset.action["style"] == "hands" or on_roster and (one_card or table.trait(person.name, "quickness")):
        return {"later": True, "keep": None}
    side = "" if on_roster or person.side == ruleset.action["sides"][0] else f" --side {person.side}"
    quickness = ""
    if not one_card:
        dice = person.quickness.text if person.quickness is not None and person.quickness.dice else "DICE"
        quickness = f" --trait quickness={dice}"
    how = "set" if on_roster else "add"
    return {"later": False, "keep": f"dealer table {how} {table.name} {shell_word(person.name)}{side}{quickness}"}


def _join_countdown(ruleset: Ruleset, table: Table, action: ActionState, state: TurnsState,
                    person: Participant, rng: random.Random) -> tuple[dict, dict]:
    """The latecomer's cards, by the round's rules; and what the ledger reads of their deal."""
    from dealer.core.ledger.situations import KEY
    from dealer.core.mechanics.action.countdown import countdown, deal_events, deal_seen, specials_dealt

    decks = {deck: table.deck(deck, rng) for deck in deck_names(ruleset)}
    row = {"name": person.name, "side": person.side, "cards": [], "notes": []}
    entry, events = deal_seen(ruleset, table, decks, person, row, action, rng)
    events += specials_dealt(ruleset, table, decks, [row], [person], action, rng)
    order = countdown(ruleset, [row], decks)
    state.order = grouped_cards(ruleset, list(state.order) + turns_of(ruleset, order))
    table.log_events(deal_events(ruleset, [row]) + events)
    return {"participant": row, "events": events}, {KEY: {"people": [entry]}}


def _join_hands(ruleset: Ruleset, table: Table, action: ActionState, state: TurnsState,
                person: Participant, rng: random.Random) -> dict:
    """The latecomer draws their hand for the combat; the order is ranked again, turns taken kept."""
    from dealer.core.mechanics.action.hands import deal_hand, rank_hands

    hand, drawn = deal_hand(ruleset, table, person, rng)
    action.hands.append(hand)
    data = rank_hands(ruleset, action.hands, {person.name: drawn})
    taken = {(turn.name, turn.hand, tuple(turn.cards)) for turn in state.order if turn.acted}
    state.order = turns_of(ruleset, data)
    for turn in state.order:
        turn.acted = (turn.name, turn.hand, tuple(turn.cards)) in taken
    row = next(row for row in data["participants"] if row["name"] == person.name)
    return {"participant": row, "events": data["events"]}
