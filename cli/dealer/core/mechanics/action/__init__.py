"""Combat: who acts when. The ruleset's ``[action] style`` chooses the rules.

* ``countdown`` (seed 000, ``countdown``): action cards by Quickness, counted down Ace to Deuce,
  with Jokers, surprise and long actions (Speed);
* ``hands`` (seed 003, ``hands``): each draws a hand once for the combat and acts at every
  hand rank it forms.

``common`` holds the combat's state, the requests and the participants; ``moves`` what
happens between and during rounds (a new combat, sleeves, interrupts, long actions begun).
"""

from __future__ import annotations

import random
from typing import Any

from dealer.core.mechanics.action.common import CountdownRequest, HandsRequest, RoundResult
from dealer.core.table import Table


def resolve(ruleset: Any, request: CountdownRequest | HandsRequest, table: Table, rng: random.Random) -> RoundResult:
    """Deal the next round (a countdown) or the combat's turn order (hands)."""
    ruleset.require("action")
    if isinstance(request, HandsRequest):
        from dealer.core.mechanics.action.hands import turn_order

        return turn_order(ruleset, request, table, rng)
    from dealer.core.mechanics.action.countdown import deal_round

    return deal_round(ruleset, request, table, rng)
