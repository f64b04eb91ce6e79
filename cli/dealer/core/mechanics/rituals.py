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
from typing import TYPE_CHECKING, NamedTuple

from dealer.core.mechanics import draws
from dealer.core.mechanics.chips import (CHIPS, FAVOR, ChipsError, ChipsResult, ChipsState, back_to_pot,
                                         check_player, move_event, record_result)
from dealer.core.mechanics.conditions import Modifier
from dealer.core.mechanics.skill_draw import Draw, DrawRequest, deck_source, skill_draw
from dealer.core.ranks import slug
from dealer.core.table import Table
from dealer.errors import shell_word, usage

if TYPE_CHECKING:
    from dealer.core.ranks import HandRank
    from dealer.core.rules import Ruleset


class RitualRequest(NamedTuple):
    """``dealer chips ritual NAME RITUAL``: a shaman's ritual hand (``cards`` dealt by hand, as codes)
    and the favor chips it earns."""

    person: str
    ritual: str
    skill: int | None = None
    mods: tuple[int, ...] = ()
    cards: tuple[str, ...] | None = None
    guardian: int | None = None
    spend_on: str = ""  # an instant favor the chips raised are spent on at once
    way: bool = False  # that favor is in the guardian spirit's medicine way


def ritual_skill(table: Table, person: str, ritual: str) -> int | None:
    """The shaman's skill in ``ritual`` from the roster's ``rituals`` trait (``"paint:2, tobacco:3"``)."""
    from dealer.core.traits import skill_levels

    return (skill_levels(str(table.trait(person, "rituals") or "")) or {}).get(slug(ritual))


def ritual_row(ruleset: Ruleset, rank: HandRank) -> dict:
    """What a ritual hand of ``rank`` earns: its row, or the next lower listed rank's."""
    rows = ruleset.chips["rituals"]
    for other in ruleset.ranking.ranks:
        if other.strength <= rank.strength and other.id in rows:
            return rows[other.id]
    return {"chip": "", "draws": 0, "create": False}


def resolve_ritual(ruleset: Ruleset, request: RitualRequest, table: Table, rng: random.Random) -> ChipsResult:
    """A shaman's ritual (seed 003): draw the hand; a Joker throws a chip back (favor first); a bust
    loses every favor chip; a made hand earns favor chips by the ruleset's table, capped at the
    guardian spirit skill. Each ritual once per session (``dealer chips session`` resets).

    >>> from dealer.store.rulesets import load
    >>> poker = load("poker-hands")
    >>> table = Table.fresh(poker)
    >>> done = resolve_ritual(poker, RitualRequest("Three Eagles", "paint", 2, cards=("9c", "9d", "9h", "2s", "5d"),
    ...                                            guardian=4), table, random.Random(3))
    >>> done.detail["draw"]["hand"]["rank"], [(e["kind"], e.get("move"), e.get("pool")) for e in done.events]
    ('three-of-a-kind', [('ritual', None, None), ('chip', 'draw', 'favor'), ('chip', 'draw', 'favor')])
    """
    ruleset.require("chips")
    person, ritual, skill, guardian = _ritual_setup(ruleset, request, table)
    deck = f"ritual:{person}"
    drawn = skill_draw(ruleset, table, DrawRequest("ritual", person, skill, tuple(Modifier("mod", n) for n in request.mods),
                                                   cards=request.cards), deck_source(table, deck, person, rng), rng)
    codes = [card.code for card in drawn.cards]
    if codes:
        table.decks[deck].discard(codes, holder=person)
    success = drawn.meets(draws.least_success(ruleset))
    events = [{"kind": "ritual", "player": person, "ritual": ritual, "why": f"the {request.ritual} ritual",
               "hand": drawn.hand.rank.id if drawn.hand else None, "cards": codes, "deck": deck}]
    jokers = [code for code in codes if code in ruleset.draws["bust_cards"]]
    for _ in range(ruleset.chips["ritual_throw"] if jokers else 0):
        events.extend(_throw_back(table, person, "a Joker in the ritual annoyed the spirits"))
    if drawn.bust:
        events.extend(_lose_favor(table, person))
    elif success:
        events.extend(_earn(ruleset, table, person, drawn, guardian, rng, request))
    table.state(ChipsState).rituals.setdefault(person, []).append(ritual)
    return record_result("ritual", table, events, player=person, ritual=ritual, skill=skill, guardian=guardian,
                         draw=drawn.to_data(), success=success)


def _ritual_setup(ruleset: Ruleset, request: RitualRequest, table: Table) -> tuple[str, str, int, int]:
    """Who performs which ritual, at what skill, under which guardian spirit: or a one-line refusal."""
    if not ruleset.chips["rituals"]:
        raise ChipsError(f"{ruleset.name} has no shamans' rituals (chips.rituals)")
    person = check_player(table, request.person)
    ritual = slug(request.ritual)
    if ritual in table.state(ChipsState).rituals.get(person, []):
        raise ChipsError(f"{person} has already performed the {request.ritual} ritual this session: "
                         "the spirits get bored (a new session, dealer chips session, or a few hours' rest, "
                         f"dealer table rest {table.name or 'TABLE'} {shell_word(person)}, frees it)")
    skill = request.skill if request.skill is not None else ritual_skill(table, person, ritual)
    if skill is None:
        raise usage(ChipsError(f"give --skill N: {person}'s {request.ritual} ritual skill (or roster trait "
                               f"rituals=\"{ritual}:N\")"))
    guardian = request.guardian if request.guardian is not None else table.trait(person, "guardian-spirit")
    if guardian is None:
        raise ChipsError(f"{person} needs a guardian spirit skill: --guardian N or roster trait guardian-spirit=N")
    return person, ritual, int(skill), int(guardian)


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


def _earn(ruleset: Ruleset, table: Table, person: str, drawn: Draw, guardian: int, rng: random.Random,
          request: RitualRequest) -> list[dict]:
    """The ritual table's row for the hand: a named chip (made new if the row says so and the pot
    has none), then blind draws; each into the favor pool while it is under the guardian spirit.
    With ``spend_on``, seed 003's instant favor: "generate chips to be used immediately by
    performing his ritual and using the generated chip or chips on an instant favor": each chip is
    spent at once (back to the pot), so the favor pool's cap does not stop it."""
    rank = drawn.hand.rank
    row = ritual_row(ruleset, rank)
    state = table.state(ChipsState)
    favor = state.favor.setdefault(person, {})
    events = []
    steps = ([("chip", row["chip"])] if row["chip"] else []) + [("draw", None)] * row["draws"]
    for step, colour in steps:
        if sum(favor.values()) >= guardian and not request.spend_on:
            events.append(move_event("draw" if step == "draw" else "give", person, None,
                                 f"favor chips at the guardian spirit skill ({guardian}): no more", pool=FAVOR))
            continue
        if step == "draw":
            colour = table.chips.blind(rng, person)
            if colour is None:
                events.append(move_event("draw", person, None, "the pot is empty", pool=FAVOR))
                continue
            kind, why = "draw", f"a {rank.name} in the ritual"
        elif not table.chips.pot.get(colour):
            if not row["create"]:
                events.append(move_event("give", person, None, f"the pot has no {colour} chip", pool=FAVOR))
                continue
            table.chips.create(colour)
            state.created[colour] = state.created.get(colour, 0) + 1
            events.append(move_event("create", person, colour, f"a {rank.name}: a new {colour} chip, "
                                 "even though the pot has none", pool=FAVOR))
            kind, why = "give", f"a {rank.name} in the ritual"
        else:
            kind, why = "give", f"a {rank.name} in the ritual"
        table.chips.pot[colour] -= 1
        favor[colour] = favor.get(colour, 0) + 1
        events.append(move_event(kind, person, colour, why, pool=FAVOR))
        if request.spend_on:
            events.append(_spend_at_once(ruleset, table, person, colour, request))
    return events


def _spend_at_once(ruleset: Ruleset, table: Table, person: str, colour: str, request: RitualRequest) -> dict:
    """A chip raised by the ritual, spent at once on the instant favor: back to the pot; in the
    guardian spirit's medicine way a white one counts as the ruleset's ``chips.way_as`` (red)."""
    favor = table.state(ChipsState).favor[person]
    back_to_pot(table, favor, colour)
    event = move_event("spend", person, colour, "raised by the ritual and spent at once on an instant favor",
                       use="favor", pool=FAVOR, note=request.spend_on)
    if request.way and colour == "white" and ruleset.chips["way_as"]:
        event["acts_as"] = ruleset.chips["way_as"]
    return event
