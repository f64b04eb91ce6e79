"""Conflicts by poker hand: Dust Devils and Weird Dust Devils (seed 001), poker-hands contests (seed 003).

The ruleset's ``conflict.style`` says which: ``scores`` (``scores``: dealt by two Scores, the
best hand wins and deals harm) or ``contest`` (``contest``: each draws by skill, against a
target or each other, with helpers, fear checks and called shots). ``common`` parses the
request of either style; ``harm`` keeps the harm a Scores conflict deals on a table.

>>> import random
>>> from dealer.store.rulesets import load
>>> from dealer.core.table import Table
>>> from dealer.core.mechanics.conflict.common import parse_request
>>> dd = load("dust-devils")
>>> request = parse_request(dd, ["Doc=hand=4,eye=3", "Kid=hand=2,eye=5"], {"scores": "hand,eye"})
>>> result = resolve(dd, request, Table.fresh(dd), random.Random(2))
>>> [len(seat.cards) for seat in result.seats], result.winner, result.harm["allowed"]
([7, 7], 'Kid', ['Hand', 'Heart', 'Eye'])
"""

from __future__ import annotations

from dealer.core.mechanics.conflict.common import (ClearRequest, ContestRequest, HarmRequest, ScoresRequest,
                                                   ShowRequest, score_names)

from typing import TYPE_CHECKING
if TYPE_CHECKING:
    import random

    from dealer.core.mechanics.conflict.common import ConflictRequest
    from dealer.core.mechanics.conflict.contest import ContestDeals, ContestResult
    from dealer.core.mechanics.conflict.harm import TableResult
    from dealer.core.mechanics.conflict.scores import ScoresDeals, ScoresResult
    from dealer.core.rules import Ruleset
    from dealer.core.table import Table


def trait_kinds(ruleset: Ruleset) -> dict[str, str]:
    """Roster traits this mechanic reads: each Score (a level), the Weird (a phrase)."""
    kinds = {name.lower(): "level" for name in score_names(ruleset)}
    if ruleset.conflict["power"]:
        kinds["weird"] = "text"
    return kinds


def resolve(ruleset: Ruleset, request: ConflictRequest, table: Table,
            rng: random.Random) -> ScoresResult | ContestResult | TableResult:
    """Resolve ``request``: a Scores conflict, a contest, harm placed, fear cleared, or the state shown."""
    ruleset.require("conflict")
    if isinstance(request, ScoresRequest):
        from dealer.core.mechanics.conflict.scores import resolve_scores

        return resolve_scores(ruleset, request, table, rng)
    if isinstance(request, ContestRequest):
        from dealer.core.mechanics.conflict.contest import resolve_contest

        return resolve_contest(ruleset, request, table, rng)
    from dealer.core.mechanics.conflict import harm

    if isinstance(request, HarmRequest):
        return harm.resolve_harm(ruleset, request, table)
    if isinstance(request, ClearRequest):
        return harm.resolve_clear(request, table)
    if isinstance(request, ShowRequest):
        return harm.resolve_show(ruleset, table)
    raise TypeError(f"not a conflict request: {type(request).__name__}")


def deals(ruleset: Ruleset, request: ScoresRequest | ContestRequest) -> ScoresDeals | ContestDeals:
    """``request`` ready to be dealt again and again (the odds): ``winner(rng)`` deals it once,
    on a fresh table as it were, and judges it by the rules ``resolve`` plays it by. Whatever
    ``resolve`` refuses is refused here, before any deal."""
    ruleset.require("conflict")
    if isinstance(request, ScoresRequest):
        from dealer.core.mechanics.conflict.scores import ScoresDeals

        return ScoresDeals(ruleset, request)
    if isinstance(request, ContestRequest):
        from dealer.core.mechanics.conflict.contest import ContestDeals

        return ContestDeals(ruleset, request)
    raise TypeError(f"not a conflict to deal: {type(request).__name__}")
