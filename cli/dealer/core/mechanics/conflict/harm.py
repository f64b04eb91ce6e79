"""Harm after a Scores conflict (seed 001), kept on a table: placed by each loser, then shown.

Every loser of a conflict owes the winning hand's harm (``pending``); ``dealer conflict harm
NAME SCORE=N ...`` places it where the rules allow (mundane harm on the winning suits' Scores,
Arcane harm anywhere, Power only from Arcane harm). ``clear`` steadies a frightened person (a
condition: ``dealer.core.mechanics.conditions``); ``show`` lists harm and the frightened.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from dealer.core.mechanics import conditions
from dealer.core.mechanics.conflict.common import ClearRequest, ConflictError, HarmRequest, score_name, score_names
from dealer.core.record import COUNT, FLAG, PERSON, SCORE, Field, ListOf, MapOf, Nested, Part, Record
from dealer.core.table import Table

if TYPE_CHECKING:
    from dealer.core.rules import Ruleset


class Owed(Record):
    """Harm a loser still has to place: how much, on which Scores, Arcane or not, whose win."""

    FIELDS = {"harm": Field(COUNT), "allowed": Field(ListOf(SCORE)), "arcane": Field(FLAG), "winner": Field(PERSON)}


class HarmState(Part):
    """The ``conflict`` part of a table: harm taken on each Score, harm still to place."""

    KEY = "conflict"
    FIELDS = {"harm": Field(MapOf(MapOf(COUNT, key=SCORE), key=PERSON), {}),
              "pending": Field(MapOf(Nested(Owed), key=PERSON), {})}


class TableResult(NamedTuple):
    """Harm placed, a person steadied, or the conflict state shown: ``kind`` says which."""

    data: dict

    def to_data(self) -> dict:
        return dict(self.data)


def _need_table(table: Table, what: str) -> None:
    if not table.persistent:
        raise ConflictError(f"{what} is kept on a table: add --table NAME")


def owe(table: Table, takers: list[str], harm: dict, winner: str) -> None:
    """Each loser of a conflict owes the winning hand's harm."""
    state = table.state(HarmState)
    for name in takers:
        state.pending[name] = Owed(harm=harm["amount"], allowed=list(harm["allowed"]), arcane=harm["arcane"],
                                   winner=winner)


def _has_power(table: Table, person: str, score: str) -> bool:
    """Whether the person has a Power Score to take harm on (seed 001: only a Power user's)."""
    value = table.trait(person, score.lower())
    return isinstance(value, int) and not isinstance(value, bool) and value > 0


def resolve_harm(ruleset: Ruleset, request: HarmRequest, table: Table) -> TableResult:
    """Record where a loser of the last conflict puts its harm; refuse a split the rules forbid."""
    _need_table(table, "harm")
    state = table.state(HarmState)
    person = request.person
    owed = state.pending.get(person)
    if owed is None:
        raise ConflictError(f"{person} has no harm to place from a conflict on table '{table.name}'")
    split: dict[str, int] = {}
    for text, number in request.split:
        score = score_name(ruleset, text, f"harm for {person}: ")
        if score not in owed.allowed:
            why = ("only Arcane harm reaches " + score if score == ruleset.conflict["power"]
                   else "mundane harm falls on the winning suits' Scores")
            raise ConflictError(f"harm for {person}: not on {score}: {why} ({', '.join(owed.allowed)})")
        if score == ruleset.conflict["power"] and not _has_power(table, person, score):
            others = ", ".join(name for name in owed.allowed if name != score)
            raise ConflictError(f"harm for {person}: not on {score}: {person} has no {score} Score (roster "
                                f"{score.lower()}=N); place it on {others}")
        split[score] = split.get(score, 0) + number
    total = sum(split.values())
    if total != owed.harm:
        word = "too much" if total > owed.harm else "too little"
        raise ConflictError(f"harm for {person}: {total} is {word}; place exactly {owed.harm} "
                            f"on {', '.join(owed.allowed)}")
    taken = state.harm.setdefault(person, {})
    for score, number in split.items():
        taken[score] = taken.get(score, 0) + number
    del state.pending[person]
    table.log("harm", data={"person": person, "split": split})
    return TableResult({"kind": "harm", "table": table.name, "person": person, "placed": split,
                        "harm": dict(taken)})


def resolve_clear(request: ClearRequest, table: Table) -> TableResult:
    """A frightened person steadies: no more card taken for fear; with ``defence``, their standing
    block or dodge ends (they took an action that needs standing still)."""
    if request.defence:
        _need_table(table, "defence")
        ended = conditions.end_defence(table, request.person)
        if ended is None:
            raise ConflictError(f"{request.person} has no standing block or dodge on table '{table.name}'")
        table.log("defence ended", data={"person": request.person, "was": ended.how})
        return TableResult({"kind": "clear", "table": table.name, "person": request.person, "was": ended.how,
                            "defence": True})
    _need_table(table, "fear")
    fear = conditions.steady(table, request.person)
    if not fear:
        raise ConflictError(f"{request.person} is not shaken or fleeing on table '{table.name}'")
    table.log("steady", data={"person": request.person, "was": fear})
    return TableResult({"kind": "clear", "table": table.name, "person": request.person, "was": fear})


def resolve_show(ruleset: Ruleset, table: Table) -> TableResult:
    """Harm against each Score, harm still to place, and who is shaken or fleeing."""
    _need_table(table, "conflict state")
    state = table.state(HarmState)
    return TableResult({"kind": "conflict-state", "table": table.name, "scores": score_names(ruleset),
                        "harm": state.harm, "pending": {name: owed.to_data() for name, owed in state.pending.items()},
                        "fear": conditions.frightened(table)})
