"""A new action card bought with a chip (SWADE's Benny, chip use ``does = "action-card"``).

SWADE: after all cards are dealt and the Edges and Hindrances that change the draw are resolved,
a character may spend a Benny for another card, as often as they like, and take their choice
of all their draws; the Edges do not apply to these cards; once the round begins (someone acts)
no more cards are drawn. dealer draws one card a spend from the character's action deck and
keeps the better (earlier-acting) of it and the card held, the choice a player makes (Hold is
the way to act later); the other goes to the discards. A Joker drawn this way is dealt as any
Joker is: it acts any time, adds its bonus, owes the reshuffle and gives its Bennies.
"""

from __future__ import annotations

import random

from dealer.core.ledger import situations
from dealer.core.mechanics.action.common import (ActionError, ActionState, CountdownRequest, deck_for,
                                                 participants)
from dealer.core.table import Table

from typing import TYPE_CHECKING
if TYPE_CHECKING:
    from dealer.core.rules import Ruleset


def check_new_card(ruleset: Ruleset, table: Table, person: str) -> None:
    """Refused before the chip moves: no round dealt, the round begun, no card held, no card left."""
    from dealer.core.mechanics.action.turns import TurnsState

    if not table.persistent:
        raise ActionError("a new action card needs the table that dealt the round: add --table NAME")
    if person not in table.roster:
        raise ActionError(f"{person} is not on the roster of table '{table.name}': a Benny buys a new card for a "
                          "character on it (the GM names the Wild Card it is for, and spends that one's Benny)")
    if ruleset.action["style"] != "countdown" or ruleset.action["deal"] != "one":
        raise ActionError(f"a new action card is for one card a round; {ruleset.name} deals otherwise")
    turns = table.state(TurnsState)
    if not turns.order or turns.round != table.state(ActionState).round:
        raise ActionError(f"no round dealt on table '{table.name}': deal one first (dealer action --table "
                          f"{table.name})")
    if any(turn.acted for turn in turns.order):
        raise ActionError("the round has begun (someone has acted): no more cards are drawn this round")
    piles = table.decks.get(_deck(ruleset, table, person))
    if piles is None or len(piles.play.get(person, ())) != 1:
        raise ActionError(f"{person} holds no action card this round (on Hold, out of the fight, or not dealt in)")
    if not piles.draw_pile and not piles.discards:
        raise ActionError(f"the {_deck(ruleset, table, person)} deck has no card left to draw")


def new_card(ruleset: Ruleset, table: Table, person: str, rng: random.Random) -> dict:
    """Draw the card, keep the better, walk the round afresh; what happened, as data."""
    from dealer.core.mechanics.action.countdown import countdown, specials_dealt
    from dealer.core.mechanics.action.edges import choose
    from dealer.core.mechanics.action.turns import TurnsState, grouped_cards, turns_of

    deck_name = _deck(ruleset, table, person)
    piles = table.deck(deck_name, rng)  # dealt already (check_new_card): marked changed, not made
    held = piles.play[person][0]
    before = situations.deck_seen(ruleset, piles)
    drawn = piles.draw(1, person, rng)
    events = [{"kind": "reshuffle", "deck": deck_name, "count": drawn.reshuffled,
               "why": "the deck ran out mid-round"}] if drawn.reshuffled else []
    new = drawn.cards[0]
    kept = choose(ruleset, ruleset.deck.parse_many(f"{held} {new}"), "best").code
    piles.discard([new if kept == held else held], holder=person)
    row = {"name": person, "side": table.roster[person]["side"], "cards": [kept], "notes": []}
    if kept == new:
        state = table.state(ActionState)
        people = participants(ruleset, CountdownRequest(), table)
        events += specials_dealt(ruleset, table, {deck_name: piles}, [row], people, state, rng)
    turns = table.state(TurnsState)
    mine = turns_of(ruleset, countdown(ruleset, [row], {}))
    turns.order = grouped_cards(ruleset, [turn for turn in turns.order if turn.name != person] + mine)
    # The ledger reads the new card as a plain draw of one (the Edges do not apply to it).
    seen = {"person": person, "rolls": {}, "deck": before, "plan": {"cards": 1, "keep": "best", "any_time_kept": True,
                                                                   "redraw_at_most": 0}}
    if before["jokers"] is not None:  # a face-down deck's Jokers are not the log's to tell (situations.deck_seen)
        seen.update(joker=new in situations.jokers(ruleset), **({"reshuffled": True} if drawn.reshuffled else {}))
    table.log_events([{"kind": "deal", "deck": deck_name, "cards": [new], "person": person,
                       situations.KEY: {"people": [seen]}}] + events)
    return {"person": person, "held": held, "drawn": new, "kept": kept, "notes": row["notes"], "events": events}


def _deck(ruleset: Ruleset, table: Table, person: str) -> str:
    return deck_for(ruleset, table.roster[person]["side"])
