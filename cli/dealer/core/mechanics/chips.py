"""Poker chips (seeds 000 and 003): the pot, blind draws, spending, pick-me-ups and shamans' rituals.

Every chip sits in exactly one place: the pot, a player's chips (``table.chips``) or a
shaman's favor chips (``ChipsState.favor``). A ritual's straight flush may make a new chip
(``ChipsState.created``); nothing else makes or destroys one, so at every moment::

    pot + players + favor == the ruleset's starting pot + created

Draws are blind, weighted by what is in the pot now, and stop at the ruleset's cap
(``chips.cap``; seed 003: at five chips a player may not draw). What a spent chip does is
ruleset data (``[chips.uses]``); a spent chip goes back to the pot. Each entry point takes
a request, changes the table (a ``dealer.core.table.Table``) and returns a ``ChipsResult``
whose events the table's history records too.

>>> import random
>>> from dealer.core.table import Table
>>> from dealer.store.rulesets import load
>>> table = Table.fresh(load("poker-hands"))
>>> result = resolve_draw(table.ruleset, DrawRequest("Bert", 2), table, random.Random(1))
>>> [event["colour"] for event in result.events], conservation(table)["conserved"]
(['red', 'white'], True)
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from dealer.core.table import Table, check_keys
from dealer.errors import DealerError

FAVOR = "favor"
CHIPS = "chips"
RESOLVED_BY = "resolved_by"  # a LastHand's data key: the seq of the later hand that used it


class ChipsError(DealerError):
    """A chip move the rules do not allow: an unknown colour or player, a chip not held, the cap."""


def trait_kinds(ruleset: Any) -> dict[str, str]:
    """The roster traits this mechanic reads: name -> ``dice``, ``level``, ``text`` or ``flag``.

    ``knacks`` lists knack names (``"cattle roping, trick shooting"``), ``rituals`` a shaman's
    ritual skills (``"paint:2, tobacco:3"``), ``guardian-spirit`` caps their favor chips.
    """
    kinds = {}
    if ruleset.chips["knack_as"]:
        kinds["knacks"] = "text"
    if ruleset.chips["rituals"]:
        kinds.update({"guardian-spirit": "level", "rituals": "text"})
    return kinds


# -- state --------------------------------------------------------------------------------------


class ChipsState:
    """The ``chips`` part of a table: favor chips, chips created, wounds, rituals used, sessions."""

    KEY = "chips"
    FIELDS = ("favor", "created", "wounds", "rituals", "sessions")
    __slots__ = FIELDS

    def __init__(self, favor=None, created=None, wounds=None, rituals=None, sessions: int = 0):
        self.favor: dict[str, dict[str, int]] = {name: dict(held) for name, held in (favor or {}).items()}
        self.created: dict[str, int] = dict(created or {})
        self.wounds: dict[str, int] = dict(wounds or {})
        self.rituals: dict[str, list[str]] = {name: list(used) for name, used in (rituals or {}).items()}
        self.sessions = sessions

    @classmethod
    def from_data(cls, data: dict) -> "ChipsState":
        check_keys(data, cls.FIELDS, "chips state")
        counts = lambda held: {str(colour): int(count) for colour, count in held.items()}  # noqa: E731
        return cls({str(name): counts(held) for name, held in data.get("favor", {}).items()},
                   counts(data.get("created", {})), counts(data.get("wounds", {})),
                   {str(name): [str(r) for r in used] for name, used in data.get("rituals", {}).items()},
                   int(data.get("sessions", 0)))

    def to_data(self) -> dict:
        data = {"favor": {name: held for name, held in self.favor.items() if any(held.values())},
                "created": {colour: n for colour, n in self.created.items() if n},
                "wounds": {name: n for name, n in self.wounds.items() if n},
                "rituals": {name: used for name, used in self.rituals.items() if used},
                "sessions": self.sessions}
        return {key: value for key, value in data.items() if value}

    def favor_held(self, person: str) -> int:
        return sum(self.favor.get(person, {}).values())


# -- requests and result -------------------------------------------------------------------------


@dataclass(frozen=True)
class ShowRequest:
    """``dealer chips``: the pot, everyone's chips and the conservation sum."""


@dataclass(frozen=True)
class DrawRequest:
    """``dealer chips draw NAME [N]``: N blind draws for NAME."""

    person: str
    count: int = 1


@dataclass(frozen=True)
class MoveRequest:
    """``dealer chips give NAME COLOUR`` (from the pot) or ``return`` (back to the pot)."""

    person: str
    colour: str
    back: bool = False


@dataclass(frozen=True)
class SessionRequest:
    """``dealer chips session``: everyone on the roster draws the ruleset's count; rituals reset."""


@dataclass(frozen=True)
class SpendRequest:
    """``dealer chips spend NAME COLOUR [--for USE] [--knack K] [--note TEXT]``."""

    person: str
    colour: str
    use: str = ""
    knack: str = ""
    note: str = ""


@dataclass(frozen=True)
class WoundRequest:
    """``dealer chips wound NAME [N]``: wounds taken, for the pick-me-ups to recover."""

    person: str
    count: int = 1


@dataclass
class ChipsResult:
    """What a chips command did: its events, the chips after it, and what else it found."""

    action: str
    table: str | None
    events: list[dict]
    chips: dict
    detail: dict = field(default_factory=dict)

    def to_data(self) -> dict:
        return {"action": self.action, "table": self.table, **self.chips, **self.detail, "events": self.events}


# -- conservation and the chips as data -------------------------------------------------------------


def _nonzero(counts: dict[str, int]) -> dict[str, int]:
    return {colour: count for colour, count in counts.items() if count}


def _add(into: dict[str, int], counts: dict[str, int]) -> None:
    for colour, count in counts.items():
        into[colour] = into.get(colour, 0) + count


def conservation(table: Table) -> dict:
    """The chips counted (pot + players + favor) against the starting pot + chips created."""
    state = table.state(ChipsState)
    total = dict(table.chips.total())
    for held in state.favor.values():
        _add(total, held)
    expected = dict(table.ruleset.chips["pot"])
    _add(expected, state.created)
    return {"total": _nonzero(total), "start": dict(table.ruleset.chips["pot"]), "created": _nonzero(state.created),
            "conserved": _nonzero(total) == _nonzero(expected)}


def _ordered(counts: dict[str, int], colours: list[str]) -> dict[str, int]:
    """Non-zero counts in the order of the ruleset's pot (white, red, blue)."""
    rank = {colour: i for i, colour in enumerate(colours)}
    return dict(sorted(_nonzero(counts).items(), key=lambda item: rank.get(item[0], len(rank))))


def chips_data(table: Table) -> dict:
    """The pot, each player's chips, favor chips, wounds and the conservation sum."""
    state = table.state(ChipsState)
    colours = list(table.ruleset.chips["pot"])
    return {"pot": {colour: table.chips.pot.get(colour, 0) for colour in colours},
            "players": {name: _ordered(held, colours) for name, held in table.chips.players.items()
                        if any(held.values())},
            "favor": {name: _ordered(held, colours) for name, held in state.favor.items() if any(held.values())},
            "wounds": {name: n for name, n in state.wounds.items() if n},
            "cap": table.ruleset.chips["cap"], "conservation": conservation(table)}


def reset_chips(table: Table) -> None:
    """``table reset``: every chip back in the pot, created chips gone: the starting pot again."""
    table.chips.pot = dict(table.ruleset.chips["pot"])
    table.chips.players = {}
    state = table.state(ChipsState)
    state.favor, state.created, state.rituals = {}, {}, {}


def record_result(action: str, table: Table, events: list[dict], **detail) -> ChipsResult:
    """The result of a chips command; its events go to the table's history too."""
    table.log_events([{**event, "kind": _history_kind(event["kind"])} for event in events])
    return ChipsResult(action, table.name, events, chips_data(table), detail)


def _history_kind(kind: str) -> str:
    return kind if kind == "ritual" else f"chip {kind}"


# -- checks ------------------------------------------------------------------------------------------


def check_colour(ruleset: Any, colour: str) -> str:
    """A colour of the ruleset's pot (case-insensitive), or a one-line error naming them."""
    colours = list(ruleset.chips["pot"])
    for known in colours:
        if known.lower() == colour.strip().lower():
            return known
    raise ChipsError(f"'{colour}' is not a chip colour of {ruleset.name} (colours: {', '.join(colours) or 'none'})")


def check_player(table: Table, person: str) -> str:
    """Someone on the roster or already holding chips; without a table, anyone."""
    if not table.persistent or person in table.roster or person in table.chips.players:
        return person
    known = ", ".join(dict.fromkeys([*table.roster, *table.chips.players])) or "nobody yet"
    raise ChipsError(f"table '{table.name}' has no player '{person}' ({known}); "
                     f"add them with: dealer table add {table.name} {person}")


def _holdings(counts: dict[str, int]) -> str:
    return ", ".join(f"{n} {colour}" for colour, n in counts.items() if n) or "none"


def _take_from_player(table: Table, person: str, colour: str) -> None:
    held = table.chips.players.get(person, {})
    if not held.get(colour):
        raise ChipsError(f"{person} holds no {colour} chip (holds: {_holdings(held)})")
    table.chips.move(person, None, colour)


def _at_cap(table: Table, person: str) -> bool:
    cap = table.ruleset.chips["cap"]
    return bool(cap) and table.chips.held(person) >= cap


# -- draws, gives, returns, sessions -----------------------------------------------------------------


def move_event(kind: str, person: str, colour: str | None, why: str, **extra) -> dict:
    """A chip event (``draw``, ``give``, ``spend``, ``return``, ``create``, ``ritual``) as data."""
    return {"kind": kind, "player": person, "colour": colour, "why": why, **extra}


def resolve_show(ruleset: Any, request: ShowRequest, table: Table, rng: random.Random | None = None) -> ChipsResult:
    """The table's chips (a fresh full pot without a table)."""
    ruleset.require("chips")
    return ChipsResult("show", table.name, [], chips_data(table))


def resolve_draw(ruleset: Any, request: DrawRequest, table: Table, rng: random.Random) -> ChipsResult:
    """Blind draws for a player, each weighted by the pot at that moment, stopping at the cap.

    A player already at the cap, or an empty pot, is an error: nothing is drawn.
    """
    ruleset.require("chips")
    person = check_player(table, request.person)
    cap = ruleset.chips["cap"]
    if _at_cap(table, person):
        raise ChipsError(f"{person} holds {table.chips.held(person)} chips, the most allowed ({cap}): "
                         "spend one before drawing")
    if not any(table.chips.pot.values()):
        raise ChipsError("the pot is empty: no chip to draw")
    events, stopped = [], ""
    for _ in range(request.count):
        colour = table.chips.draw(person, rng, cap)
        if colour is None:
            stopped = f"at the cap ({cap})" if _at_cap(table, person) else "the pot is empty"
            break
        events.append(move_event("draw", person, colour, "a blind draw from the pot"))
    return record_result("draw", table, events, asked=request.count, **({"stopped": stopped} if stopped else {}))


def resolve_move(ruleset: Any, request: MoveRequest, table: Table, rng: random.Random | None = None) -> ChipsResult:
    """The GM hands a chosen chip from the pot (refused at the cap), or a chip goes back to the pot."""
    ruleset.require("chips")
    person = check_player(table, request.person)
    colour = check_colour(ruleset, request.colour)
    if request.back:
        _take_from_player(table, person, colour)
        return record_result("return", table, [move_event("return", person, colour, "back to the pot")])
    if _at_cap(table, person):
        raise ChipsError(f"{person} holds {table.chips.held(person)} chips, the most allowed "
                         f"({ruleset.chips['cap']}): spend one first")
    if not table.chips.pot.get(colour):
        raise ChipsError(f"the pot has no {colour} chip (pot: {_holdings(table.chips.pot)})")
    table.chips.move(None, person, colour)
    return record_result("give", table, [move_event("give", person, colour, "the GM hands it out")])


def resolve_session(ruleset: Any, request: SessionRequest, table: Table, rng: random.Random) -> ChipsResult:
    """The start of a session: each person on the roster draws ``chips.session`` chips (caps
    hold: at the cap a person draws nothing, and the result says so); every ritual may be used again."""
    ruleset.require("chips")
    if not table.roster:
        raise ChipsError("nobody on the roster to draw: add players with dealer table add"
                         + (f" {table.name} NAME" if table.name else ""))
    state = table.state(ChipsState)
    count, cap = ruleset.chips["session"], ruleset.chips["cap"]
    events, skipped = [], {}
    for person in table.roster:
        for _ in range(count):
            colour = table.chips.draw(person, rng, cap)
            if colour is None:
                skipped[person] = f"holds {table.chips.held(person)}, the cap" if _at_cap(table, person) \
                    else "the pot is empty"
                break
            events.append(move_event("draw", person, colour, "the start of a session"))
    state.rituals = {}
    state.sessions += 1
    return record_result("session", table, events, session=state.sessions, each=count, skipped=skipped)


def resolve_wound(ruleset: Any, request: WoundRequest, table: Table, rng: random.Random | None = None) -> ChipsResult:
    """Wounds taken (no chip): the count a blue chip recovers from."""
    ruleset.require("chips")
    person = check_player(table, request.person)
    state = table.state(ChipsState)
    state.wounds[person] = state.wounds.get(person, 0) + request.count
    table.log("wound", data={"player": person, "count": request.count, "wounds": state.wounds[person]})
    return ChipsResult("wound", table.name, [], chips_data(table), {"player": person, "taken": request.count})


# -- spending ------------------------------------------------------------------------------------------


def _use(ruleset: Any, name: str) -> dict:
    uses = ruleset.chips["uses"]
    if name not in uses:
        raise ChipsError(f"{ruleset.name} has no chip use '{name}' (uses: {', '.join(uses) or 'none'})")
    return uses[name]


def _default_use(ruleset: Any, when: str) -> str:
    """The use a spend means when ``--for`` is not given: the hand use of that moment, if any."""
    for name, use in ruleset.chips["uses"].items():
        if use["does"] == "hand" and use["when"] == when:
            return name
    raise ChipsError(f"say what the chip is for with --for USE (uses: {', '.join(ruleset.chips['uses']) or 'none'})")


def _knack(ruleset: Any, table: Table, person: str, knack: str) -> str:
    """A knack on the person's roster: any chip then acts as ``chips.knack_as`` on a hand."""
    acts_as = ruleset.chips["knack_as"]
    if not acts_as:
        raise ChipsError(f"{ruleset.name} has no knacks")
    from dealer.core.ranks import slug

    listed = str(table.trait(person, "knacks") or "")
    if slug(knack) not in [slug(name) for name in listed.split(",") if name.strip()]:
        where = f"table '{table.name}'" if table.persistent else "a table (--table)"
        raise ChipsError(f"{person} has no knack '{knack}' on {where}: "
                         f"add it with --trait knacks=\"{knack}\" (knacks now: {listed or 'none'})")
    return acts_as


def _effect(ruleset: Any, use_name: str, use: dict, colour: str, acts_as: str | None) -> dict:
    """What ``colour`` does under ``use`` (as ``acts_as`` for a knack), or a one-line refusal."""
    as_colour = acts_as or colour
    if as_colour not in use["colours"]:
        allowed = ", ".join(use["colours"]) or "none"
        raise ChipsError(f"a {colour} chip cannot be spent for {use_name} (it takes: {allowed})")
    return use["colours"][as_colour]


def _check_holds(table: Table, person: str, colour: str, use: dict) -> None:
    """Refuse a spend of a chip the person does not hold (favor chips count where the use allows)."""
    favor = table.state(ChipsState).favor.get(person, {})
    held = table.chips.players.get(person, {})
    if table.persistent and not held.get(colour) and not (use["favor"] and favor.get(colour)):
        pools = f"; favor: {_holdings(favor)}" if use["favor"] and favor else ""
        raise ChipsError(f"{person} holds no {colour} chip (holds: {_holdings(held)}{pools})")


def _pay(table: Table, person: str, colour: str, use: dict) -> str:
    """The chip goes back to the pot: from favor chips first when the use allows; says which pool."""
    state = table.state(ChipsState)
    favor = state.favor.get(person, {})
    if use["favor"] and favor.get(colour):
        favor[colour] -= 1
        table.chips.pot[colour] = table.chips.pot.get(colour, 0) + 1
        return FAVOR
    if not table.persistent:
        return CHIPS  # no table: a physical chip, not counted
    _take_from_player(table, person, colour)
    return CHIPS


def resolve_spend(ruleset: Any, request: SpendRequest, table: Table, rng: random.Random) -> ChipsResult:
    """A chip spent: on the person's last hand, for a pick-me-up, a spell, a stunt, luck or a favor.

    Every rule is checked before the chip moves, so a refused spend changes nothing.
    """
    ruleset.require("chips")
    person = check_player(table, request.person)
    colour = check_colour(ruleset, request.colour)
    use_name = request.use or _default_use(ruleset, "after-draw")
    use = _use(ruleset, use_name)
    acts_as = _knack(ruleset, table, person, request.knack) if request.knack else None
    effect = _effect(ruleset, use_name, use, colour, acts_as)
    _check_holds(table, person, colour, use)
    _check_spend(table, person, colour, use_name, use, request, acts_as)
    record = _spend_hand(table, person, effect) if use["does"] == "hand" else None
    event = move_event("spend", person, colour, use["note"] or use_name, use=use_name,
                   pool=_pay(table, person, colour, use))
    event.update({key: value for key, value in (("note", request.note), ("acts_as", acts_as)) if value})
    detail: dict = {"player": person, "use": use_name, "does": use["does"]}
    if request.knack:
        detail["knack"] = request.knack
    if record is not None:
        detail.update(change_hand(ruleset, table, record, effect, rng, f"{colour} chip"))
        event["hand"] = {"before": detail["before"]["hand"], "after": detail["after"]["hand"]}
    elif use["does"] in _PICK_ME_UPS:
        detail.update(_PICK_ME_UPS[use["does"]](table, person))
    return record_result("spend", table, [event], **detail)


def _check_spend(table: Table, person: str, colour: str, use_name: str, use: dict, request: SpendRequest,
                 acts_as: str | None) -> None:
    """What a use needs before a chip is spent on it: its moment, the player's words, a reason."""
    does = use["does"]
    if acts_as and does != "hand":
        raise ChipsError(f"a knack powers hand manipulation only, not {use_name}")
    if does == "hand" and use["when"] == "before-draw":
        raise ChipsError(f"{use_name} is played with the draw: dealer hex ... --chip {colour}")
    if does == "note" and not request.note.strip():
        raise ChipsError(f"{use_name}: say what happens with --note \"...\" (the player's words are recorded)")
    if does in _CHECKS:
        _CHECKS[does](table, person)


def _spend_hand(table: Table, person: str, effect: dict):
    """The last hand a chip will change (checked before the chip moves)."""
    if not table.persistent:
        raise ChipsError("spending on a hand needs the table that remembers it: add --table NAME")
    record = last_hand_of(table, person)
    if effect["cards"] and not record.deck:
        raise ChipsError(f"{person}'s last hand was dealt by hand: draw the extra card yourself "
                         "and type the hand in again")
    return record


def _check_winded(table: Table, person: str) -> None:
    from dealer.core.mechanics.hex import is_winded

    if not is_winded(table, person):
        raise ChipsError(f"{person} is not winded: keep the chip (winded needs a master trait and that many casts)")


def _check_wounded(table: Table, person: str) -> None:
    if not table.state(ChipsState).wounds.get(person):
        raise ChipsError(f"{person} has no wound to recover from (record one with: dealer chips wound {person})")


def _second_wind(table: Table, person: str) -> dict:
    from dealer.core.mechanics.hex import second_wind

    return {"casts_before": second_wind(table, person), "winded": False}


def _heal(table: Table, person: str) -> dict:
    wounds = table.state(ChipsState).wounds
    wounds[person] -= 1
    return {"wounds_left": wounds[person]}


def _wounds(table: Table, person: str) -> dict:
    return {"wounds_left": table.state(ChipsState).wounds.get(person, 0)}


_CHECKS = {"second-wind": _check_winded, "heal-wound": _check_wounded}
_PICK_ME_UPS = {"second-wind": _second_wind, "heal-wound": _heal, "avoid-wound": _wounds, "death-wound": _wounds}


# -- a chip on a hand ---------------------------------------------------------------------------------


def last_hand_of(table: Table, person: str) -> Any:
    """The person's latest hand, if a chip may still change it; else a one-line refusal.

    The rule: only the latest hand a person drew on the table can change, and not once a later
    hand has used it (its data says ``resolved_by``: a helper's hand after the leader drew).
    """
    from dealer.core.mechanics.last_hand import LastHands

    record = table.state(LastHands).of(person)
    if record is None:
        raise ChipsError(f"{person} has no hand on table '{table.name}' to spend a chip on: "
                         "draw one first (dealer hex, a contest, a conflict)")
    if record.data.get(RESOLVED_BY):
        raise ChipsError(f"{person}'s last hand ({record.source}) was already resolved by a later hand "
                         f"(#{record.data[RESOLVED_BY]}): it cannot change")
    return record


def judge(ruleset: Any, codes: list[str], picks: list[str], target: str | None, context_name: str) -> dict:
    """A hand judged: the best five (with ``picks`` made wild), success against the target, the
    effect label and bust."""
    from dealer.core.mechanics.draws import is_bust
    from dealer.core.results import effect_label, hand_data

    cards = [ruleset.deck.parse(code) for code in codes]
    context = ruleset.context(context_name or None)
    wild = [card for card in cards if card.code in picks]
    hand = ruleset.ranking.best(cards, context.with_wild(wild) if wild else context) if cards else None
    success = None if hand is None or not target else ruleset.ranking.meets(hand, ruleset.threshold(target))
    return {"cards": list(codes), "wild_picks": list(picks), "target": target,
            "hand": hand_data(hand, ruleset) if hand else None, "success": success,
            "effect": effect_label(ruleset, hand.rank) if success else "",
            "bust": is_bust(ruleset, cards, hand)}


def change_hand(ruleset: Any, table: Table, record: Any, effect: dict, rng: random.Random, why: str) -> dict:
    """White: more cards from the hand's own deck; red and blue: wild picks (the best ones).
    The hand is judged again, the record updated, and the history keeps both hands."""
    from dealer.core.mechanics.draws import best_with_picks

    before = judge(ruleset, record.cards, record.wild_picks, record.target, record.context)
    codes = list(record.cards)
    if effect["cards"]:
        codes += _extra_cards(table, record.deck, codes, record.person, effect["cards"], rng)
    picks = list(record.wild_picks)
    if effect["wild_picks"]:
        cards = [ruleset.deck.parse(code) for code in codes]
        context = ruleset.context(record.context or None)
        _, chosen = best_with_picks(ruleset, cards, context, len(picks) + effect["wild_picks"])
        picks = [card.code for card in chosen]
    record.cards, record.wild_picks = codes, picks
    record.data.setdefault("chips", []).append(why)
    after = judge(ruleset, codes, picks, record.target, record.context)
    table.log("hand changed", deck=record.deck, cards=codes,
              data={"player": record.person, "source": record.source, "why": why,
                    "before": before["hand"], "after": after["hand"], "success": after["success"]})
    return {"before": before, "after": after, "source": record.source, "deck": record.deck,
            "added": codes[len(before["cards"]):]}


def _extra_cards(table: Table, deck: str, hand: list[str], person: str, count: int, rng: random.Random) -> list[str]:
    """Cards from the hand's deck that are not already in the hand (its cards may have been
    shuffled back since); they go where the hand's cards are: in play with the person, or the discards."""
    piles = table.deck(deck, rng)
    held = set(piles.play.get(person, ()))
    out = []
    for _ in range(count):
        fresh = [code for code in piles.draw_pile if code not in hand and code not in out]
        if not fresh:
            waiting = [code for code in piles.discards if code not in hand]
            rng.shuffle(waiting)
            piles.discards = [code for code in piles.discards if code in hand]
            piles.draw_pile.extend(waiting)
            fresh = waiting
        if not fresh:
            raise ChipsError(f"deck '{deck}' has no card left to draw: dealer table shuffle {table.name} {deck}")
        out.append(fresh[0])
        piles.take([fresh[0]], person)
    if not held.issuperset(hand):
        piles.discard(out, holder=person)
    return out


@dataclass(frozen=True)
class ChipBonus:
    """A chip played before a draw: extra cards and wild picks for the draw, and the spend event."""

    cards: int
    wild_picks: int
    event: dict


def chip_before_draw(ruleset: Any, table: Table, person: str, colour: str, *, knack: str = "") -> ChipBonus:
    """``dealer hex --chip white|red``: the chip is spent (back to the pot, logged) and the draw gets
    its extra cards or wild picks; pass ``cards`` as a modifier to ``draws.draw_size`` so that ten
    cards or more bring the wild-pick rules, and ``wild_picks`` as its ``extra_picks``.

    >>> from dealer.store.rulesets import load
    >>> poker = load("poker-hands")
    >>> bonus = chip_before_draw(poker, Table.fresh(poker), "Sally", "white")
    >>> bonus.cards, bonus.wild_picks, bonus.event["use"]
    (1, 0, 'before-draw')
    """
    person = check_player(table, person)
    colour = check_colour(ruleset, colour)
    use_name = _default_use(ruleset, "before-draw")
    use = _use(ruleset, use_name)
    acts_as = _knack(ruleset, table, person, knack) if knack else None
    effect = _effect(ruleset, use_name, use, colour, acts_as)
    _check_holds(table, person, colour, use)
    pool = _pay(table, person, colour, use)
    event = move_event("spend", person, colour, use["note"] or use_name, use=use_name, pool=pool)
    if acts_as:
        event["acts_as"] = acts_as
    if table.persistent:
        table.log_events([{**event, "kind": _history_kind("spend")}])
    return ChipBonus(effect["cards"], effect["wild_picks"], event)
