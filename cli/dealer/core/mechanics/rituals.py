"""Shamans' rituals (seed 003): a ritual hand earns favor chips, a separate pool for spirit favors.

"Rituals generate chips as follows: Pair White Chip, Two Pair Draw a chip, Three of a Kind Draw
two chips, Straight Draw two chips, Flush Red Chip, Full House Red Chip and draw, Four of a Kind
Red Chip and draw two, Straight Flush Blue Chip (even if there isn't one in the pot)" (the table
is ruleset data, ``[chips.rituals]``). A Joker throws a chip back first (a favor chip if any);
a bust loses every favor chip. The shaman holds at most their guardian spirit skill in favor
chips, and performs each ritual once per session (``dealer chips session`` resets). The favor
chips live in ``ChipsState.favor``; a chip made new is counted in ``ChipsState.created``.
"""

from __future__ import annotations

import random
from typing import Any

from dealer.core.mechanics.chips import (CHIPS, FAVOR, ChipsError, ChipsResult, ChipsState, back_to_pot,
                                         check_player, move_event, record_result)
from dealer.core.mechanics.request import Request
from dealer.core.table import Table


class RitualRequest(Request):
    """``dealer chips ritual NAME RITUAL``: a shaman's ritual hand (``cards`` dealt by hand, as codes)
    and the favor chips it earns."""

    FIELDS = {"person": "", "ritual": "", "skill": None, "mods": (), "cards": None, "guardian": None}


def ritual_skill(table: Table, person: str, ritual: str) -> int | None:
    """The shaman's skill in ``ritual`` from the roster's ``rituals`` trait (``"paint:2, tobacco:3"``)."""
    from dealer.core.ranks import slug

    for item in str(table.trait(person, "rituals") or "").split(","):
        name, _, level = item.partition(":")
        if name.strip() and slug(name) == slug(ritual) and level.strip().lstrip("-").isdigit():
            return int(level)
    return None


def ritual_row(ruleset: Any, rank: Any) -> dict:
    """What a ritual hand of ``rank`` earns: its row, or the next lower listed rank's."""
    rows = ruleset.chips["rituals"]
    for other in ruleset.ranking.ranks:
        if other.strength <= rank.strength and other.id in rows:
            return rows[other.id]
    return {"chip": "", "draws": 0, "create": False}


def _ritual_cards(ruleset: Any, request: RitualRequest, table: Table, person: str, skill: int,
                  rng: random.Random) -> tuple[list[str], str, int]:
    """The ritual hand: dealt by hand, or drawn (5 + skill + mods, at most ten) from the shaman's
    ritual deck; the cards go to that deck's discards afterwards."""
    from dealer.core.mechanics.draws import draw_size

    deck = f"ritual:{person}"
    piles = table.deck(deck, rng)
    if request.cards is not None:
        codes = [card.code for card in ruleset.deck.parse_many(" ".join(request.cards))]
        piles.take(codes, person)
        picks = 0
    else:
        size = draw_size(ruleset, skill, request.mods)
        if len(piles.draw_pile) < size.cards and piles.discards:
            piles.shuffle(rng)
        codes = piles.draw(size.cards, person, rng).cards
        picks = size.wild_picks
    if codes:
        piles.discard(codes, holder=person)
    return codes, deck, picks


def resolve_ritual(ruleset: Any, request: RitualRequest, table: Table, rng: random.Random) -> ChipsResult:
    """A shaman's ritual (seed 003): draw the hand; a Joker throws a chip back (favor first); a bust
    loses every favor chip; a made hand earns favor chips by the ruleset's table, capped at the
    guardian spirit skill. Each ritual once per session (``dealer chips session`` resets).

    >>> from dealer.store.rulesets import load
    >>> poker = load("poker-hands")
    >>> table = Table.fresh(poker)
    >>> done = resolve_ritual(poker, RitualRequest("Three Eagles", "paint", 2, cards=("9c", "9d", "9h", "2s", "5d"),
    ...                                            guardian=4), table, random.Random(3))
    >>> done.detail["judged"]["hand"]["rank"], [(e["kind"], e.get("pool")) for e in done.events]
    ('three-of-a-kind', [('ritual', None), ('draw', 'favor'), ('draw', 'favor')])
    """
    ruleset.require("chips")
    person, ritual, skill, guardian = _ritual_setup(ruleset, request, table)
    codes, deck, picks = _ritual_cards(ruleset, request, table, person, skill, rng)
    judged = _ritual_judge(ruleset, codes, picks)
    events = [move_event("ritual", person, None, f"the {request.ritual} ritual", ritual=ritual,
                         hand=judged["hand"]["rank"] if judged["hand"] else None, cards=codes, deck=deck)]
    jokers = [code for code in codes if code in ruleset.hex["bust_cards"]]
    for _ in range(ruleset.chips["ritual_throw"] if jokers else 0):
        events.extend(_throw_back(table, person, "a Joker in the ritual annoyed the spirits"))
    if judged["bust"]:
        events.extend(_lose_favor(table, person))
    elif judged["success"]:
        events.extend(_earn(ruleset, table, person, judged, guardian, rng))
    table.state(ChipsState).rituals.setdefault(person, []).append(ritual)
    return record_result("ritual", table, events, player=person, ritual=ritual, skill=skill, guardian=guardian,
                         judged=judged)


def _ritual_setup(ruleset: Any, request: RitualRequest, table: Table) -> tuple[str, str, int, int]:
    """Who performs which ritual, at what skill, under which guardian spirit: or a one-line refusal."""
    from dealer.core.ranks import slug

    if not ruleset.chips["rituals"]:
        raise ChipsError(f"{ruleset.name} has no shamans' rituals (chips.rituals)")
    person = check_player(table, request.person)
    ritual = slug(request.ritual)
    if ritual in table.state(ChipsState).rituals.get(person, []):
        raise ChipsError(f"{person} has already performed the {request.ritual} ritual this session: "
                         "the spirits get bored (dealer chips session starts a new one)")
    skill = request.skill if request.skill is not None else ritual_skill(table, person, ritual)
    if skill is None:
        raise ChipsError(f"give --skill N: {person}'s {request.ritual} ritual skill (or roster trait "
                         f"rituals=\"{ritual}:N\")")
    guardian = request.guardian if request.guardian is not None else table.trait(person, "guardian-spirit")
    if guardian is None:
        raise ChipsError(f"{person} needs a guardian spirit skill: --guardian N or roster trait guardian-spirit=N")
    return person, ritual, int(skill), int(guardian)


def _ritual_judge(ruleset: Any, codes: list[str], picks: int) -> dict:
    from dealer.core.mechanics.draws import judge, pick_wilds

    wild = pick_wilds(ruleset, codes, ruleset.hex["context"], picks) if picks and codes else []
    return judge(ruleset, codes, wild, ruleset.hex["target"], ruleset.hex["context"])


def _throw_back(table: Table, person: str, why: str) -> list[dict]:
    """One chip back to the pot, the least colour first: a favor chip if any, else a regular one."""
    favor = table.state(ChipsState).favor.get(person, {})
    held = table.chips.players.get(person, {})
    for pool, counts in ((FAVOR, favor), (CHIPS, held)):
        for colour in table.ruleset.chips["pot"]:
            if counts.get(colour):
                back_to_pot(table, counts, colour)
                return [move_event("return", person, colour, why, pool=pool)]
    return [move_event("return", person, None, why + " (no chip to throw)", pool=CHIPS)]


def _lose_favor(table: Table, person: str) -> list[dict]:
    favor = table.state(ChipsState).favor.pop(person, {})
    events = []
    for colour, count in favor.items():
        back_to_pot(table, favor, colour, count)
        why = "a bust: the spirits take every favor chip"
        events += [move_event("return", person, colour, why, pool=FAVOR) for _ in range(count)]
    return events


def _earn(ruleset: Any, table: Table, person: str, judged: dict, guardian: int, rng: random.Random) -> list[dict]:
    """The ritual table's row for the hand: a named chip (made new if the row says so and the pot
    has none), then blind draws; each into the favor pool while it is under the guardian spirit."""
    rank = ruleset.by_id[judged["hand"]["rank"]]
    row = ritual_row(ruleset, rank)
    state = table.state(ChipsState)
    favor = state.favor.setdefault(person, {})
    events = []
    steps = ([("chip", row["chip"])] if row["chip"] else []) + [("draw", None)] * row["draws"]
    for step, colour in steps:
        if sum(favor.values()) >= guardian:
            events.append(move_event("draw" if step == "draw" else "give", person, None,
                                 f"favor chips at the guardian spirit skill ({guardian}): no more", pool=FAVOR))
            continue
        if step == "draw":
            colour = table.chips.blind(rng)
            if colour is None:
                events.append(move_event("draw", person, None, "the pot is empty", pool=FAVOR))
                continue
            kind, why = "draw", f"a {judged['hand']['name']} in the ritual"
        elif not table.chips.pot.get(colour):
            if not row["create"]:
                events.append(move_event("give", person, None, f"the pot has no {colour} chip", pool=FAVOR))
                continue
            table.chips.create(colour)
            state.created[colour] = state.created.get(colour, 0) + 1
            events.append(move_event("create", person, colour, f"a {judged['hand']['name']}: a new {colour} chip, "
                                 "even though the pot has none", pool=FAVOR))
            kind, why = "give", f"a {judged['hand']['name']} in the ritual"
        else:
            kind, why = "give", f"a {judged['hand']['name']} in the ritual"
        table.chips.pot[colour] -= 1
        favor[colour] = favor.get(colour, 0) + 1
        events.append(move_event(kind, person, colour, why, pool=FAVOR))
    return events
