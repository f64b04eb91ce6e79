"""Combat: who acts when. The ruleset's ``[action] style`` chooses the rules.

* ``countdown`` (seed 000, ``countdown``): action cards by Quickness (or one each, SWADE: ``deal``),
  counted down Ace to Deuce, with Jokers, surprise and long actions (Speed);
* ``hands`` (seed 003, ``hands``): each draws a hand once for the combat and acts at every
  hand rank it forms.

``common`` holds the combat's state, the requests and the participants; ``moves`` what
happens between and during rounds (a new combat, sleeves, interrupts, long actions begun);
``edges`` one card a round and the Edges that change the draw (SWADE); ``hold`` SWADE's Hold;
``turns`` walking a round (who acts now, someone out of the fight); ``join`` a latecomer dealt in.
"""

from __future__ import annotations

import random

from dealer.core.mechanics.action.common import CountdownRequest, HandsRequest
from dealer.core.table import Table

from typing import TYPE_CHECKING
if TYPE_CHECKING:
    from dealer.core.mechanics.action.common import RoundResult
    from dealer.core.mechanics.action.hold import ActRequest, HoldRequest
    from dealer.core.mechanics.action.join import JoinRequest
    from dealer.core.mechanics.action.moves import (BeginRequest, InterruptRequest, NewCombatRequest, PlayRequest,
                                                    SleeveRequest)
    from dealer.core.mechanics.action.turns import NextRequest, OutRequest, ShowRequest
    from dealer.core.rules import Ruleset

    ActionRequest = (CountdownRequest | HandsRequest | NewCombatRequest | SleeveRequest | PlayRequest
                     | InterruptRequest | BeginRequest | HoldRequest | ActRequest | NextRequest | ShowRequest
                     | JoinRequest | OutRequest)


def resolve(ruleset: Ruleset, request: ActionRequest, table: Table, rng: random.Random) -> RoundResult:
    """Deal the next round (a countdown), the combat's turn order (hands), or a move between
    rounds (``moves``: a new combat, a sleeve, a play, an interrupt, a long action begun; ``turns``:
    the next turn, the round shown, a latecomer, someone out)."""
    ruleset.require("action")
    if isinstance(request, HandsRequest):
        from dealer.core.mechanics.action.hands import turn_order

        return turn_order(ruleset, request, table, rng)
    if isinstance(request, CountdownRequest):
        from dealer.core.mechanics.action.countdown import deal_round

        return deal_round(ruleset, request, table, rng)
    from dealer.core.mechanics.action import hold, join, moves, turns

    resolvers = {moves.NewCombatRequest: moves.new_combat, moves.SleeveRequest: moves.resolve_sleeve,
                 moves.PlayRequest: moves.resolve_play, moves.InterruptRequest: moves.resolve_interrupt,
                 moves.BeginRequest: moves.resolve_begin, hold.HoldRequest: hold.resolve_hold,
                 hold.ActRequest: hold.resolve_act, turns.NextRequest: turns.resolve_next,
                 turns.ShowRequest: turns.resolve_show, join.JoinRequest: join.resolve_join,
                 turns.OutRequest: turns.resolve_out}
    return resolvers[type(request)](ruleset, request, table, rng)
