"""A chip spent after the draw (seed 003): on the person's last hand, or for a pick-me-up.

A chip on a hand changes the latest hand the person drew on the table (white: more cards from
its own deck; red and blue: wild picks) and judges it again. The pick-me-ups are ruleset uses
(``[chips.uses]``): a second wind clears a winded caster's casts; a blue chip heals a wound
(recorded with ``dealer chips wound``) or avoids one. Every rule is checked before the chip
moves, so a refused spend changes nothing.
"""

from __future__ import annotations

import importlib
import random
from typing import TYPE_CHECKING, NamedTuple

from dealer.core.mechanics import conditions
from dealer.core.mechanics.chips import (FAVOR, ChipsError, ChipsResult, _check_holds, _default_use, _effect, _knack,
                                         _pay, _use, check_colour, check_player, chips_data, move_event, record_result)
from dealer.core.mechanics.last_hand import DrawRecord, LastHands
from dealer.core.mechanics.skill_draw import Change, NoDeal, as_it_stands, skill_draw
from dealer.core.table import Table
from dealer.errors import shell_word

if TYPE_CHECKING:
    from types import ModuleType

    from dealer.core.mechanics.conditions import DamageTaken
    from dealer.core.mechanics.last_hand import KeptHand
    from dealer.core.mechanics.last_roll import LastRoll
    from dealer.core.rules import Ruleset


class SpendRequest(NamedTuple):
    """``dealer chips spend NAME [COLOUR] [--for USE] [--knack K] [--note TEXT] [--way]`` (no colour: the
    pot's one); ``way``, a shaman's favor in their guardian spirit's medicine way."""

    person: str
    colour: str
    use: str = ""
    knack: str = ""
    note: str = ""
    way: bool = False


class WoundRequest(NamedTuple):
    """``dealer chips wound NAME [N]``: wounds taken, for the pick-me-ups to recover."""

    person: str
    count: int = 1


def resolve_spend(ruleset: Ruleset, request: SpendRequest, table: Table, rng: random.Random) -> ChipsResult:
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
    kept = _spend_hand(ruleset, table, person, effect) if use["does"] == "hand" else None
    rolled = damage = None
    if use["does"] == "reroll":
        from dealer.core.mechanics.last_roll import check_reroll

        rolled = check_reroll(table, person, ruleset.dice["bust_name"])
        damage = _check_rerolled_harm(table, rolled)
    if use["does"] == "soak":
        from dealer.core.mechanics.wounds import check_soak

        damage = check_soak(ruleset, table, person)
    if use["does"] == "unshake":
        from dealer.core.mechanics.wounds import check_unshake

        check_unshake(ruleset, table, person)
    if use["does"] == "action-card":
        from dealer.core.mechanics.action.new_card import check_new_card

        check_new_card(ruleset, table, person)
    pool = _pay(table, person, colour, use)
    acts_as = acts_as or _medicine_way(ruleset, request, use_name, use, colour, pool)
    event = move_event("spend", person, colour, use["note"] or use_name, use=use_name, pool=pool)
    event.update({key: value for key, value in (("note", request.note), ("acts_as", acts_as)) if value})
    detail: dict = {"player": person, "use": use_name, "does": use["does"]}
    if request.knack:
        detail["knack"] = request.knack
    if kept is not None:
        detail.update(change_hand(ruleset, table, person, kept, effect, rng, f"{colour} chip"))
        event["hand"] = {"before": detail["before"]["hand"], "after": detail["after"]["hand"]}
    elif use["does"] in _PICK_ME_UPS:
        detail.update(_PICK_ME_UPS[use["does"]](table, person))
    elif use["does"] == "action-card":
        from dealer.core.mechanics.action.new_card import new_card

        detail["action_card"] = new_card(ruleset, table, person, rng)
        event["card"] = detail["action_card"]["kept"]
    elif rolled is not None:
        from dealer.core.mechanics.last_roll import reroll
        from dealer.core.mechanics.wounds import reroll_seen

        seen = reroll_seen(ruleset, table, rolled, damage) if damage is not None else None
        detail["reroll"] = reroll(ruleset, table, rolled, rng, seen)
        if damage is not None and detail["reroll"]["kept"] == "again":
            detail.update(_harm_again(ruleset, table, rolled, damage, rng))
    elif use["does"] == "soak":
        from dealer.core.mechanics.wounds import soak

        detail["soak"] = soak(ruleset, table, person, damage, rng)
    elif use["does"] == "unshake":
        from dealer.core.mechanics.wounds import unshake

        detail.update(unshake(table, person))
    return record_result("spend", table, [event], **detail)


def _check_rerolled_harm(table: Table, rolled: LastRoll) -> DamageTaken | None:
    """A reroll of a Soak roll, or of damage aimed at a person: the damage as it left them (checked before
    the chip moves), for the harm worked out again when the reroll stands."""
    if rolled.purpose == "soak":
        from dealer.core.mechanics.wounds import check_resoak

        return check_resoak(table, rolled.person)
    if rolled.damage and rolled.target is not None:
        from dealer.core.mechanics.wounds import check_redamage

        return check_redamage(table, rolled.target, rolled.seq)
    return None


def _harm_again(ruleset: Ruleset, table: Table, rolled: LastRoll, damage: DamageTaken, rng: random.Random) -> dict:
    """The reroll stands: a Soak soaks again with it, or the damage is applied again in its place."""
    from dealer.core.mechanics import wounds

    if rolled.purpose == "soak":
        return {"soak": wounds.soaked(ruleset, table, rolled.person, damage, rolled.roll)}
    return {"target": wounds.redamage(ruleset, table, rolled.target, damage, rolled.roll, rng)}


def _medicine_way(ruleset: Ruleset, request: SpendRequest, use_name: str, use: dict, colour: str, pool: str) -> str:
    """Seed 003: "For favors in the medicine way your guardian spirit likes ... your white chips spent
    from your favor pool ... count as red" (``chips.way_as``); '' when that is not this spend."""
    if not request.way:
        return ""
    if not use["favor"] or not ruleset.chips["way_as"]:
        raise ChipsError(f"--way is for a shaman's favor in their guardian spirit's medicine way, not {use_name}")
    return ruleset.chips["way_as"] if colour == "white" and pool == FAVOR else ""


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


# The mechanics that keep a hand for a chip after the draw, each with its one judge: it refuses a
# change it can no longer take (``check_change``) and judges the changed hand (``hand_changed``).
_MECHANICS = {"spell": "dealer.core.mechanics.hex.spells", "contest": "dealer.core.mechanics.conflict.contest",
              "turn-order": "dealer.core.mechanics.action.hands",
              **{check: "dealer.core.mechanics.gadget.invention" for check in ("design", "build", "repair")}}


def _mechanic(kept: KeptHand) -> ModuleType:
    return importlib.import_module(_MECHANICS[kept.mechanic])


def _spend_hand(ruleset: Ruleset, table: Table, person: str, effect: dict) -> KeptHand:
    """The person's latest hand a chip will change (checked, with what it made, before the chip moves)."""
    if not table.persistent:
        raise ChipsError("spending on a hand needs the table that remembers it: add --table NAME")
    kept = table.state(LastHands).of(person)
    if kept is None:
        raise ChipsError(f"{person} has no hand on table '{table.name}' to spend a chip on: "
                         "draw one first (dealer hex, a contest, a conflict, a gadget check, a combat's turn order)")
    if effect["cards"] and not kept.draw_of(person).deck:
        raise ChipsError(f"{person}'s last hand was dealt by hand: draw the extra card yourself "
                         "and type the hand in again")
    _mechanic(kept).check_change(ruleset, table, kept, person)
    return kept


# -- pick-me-ups and wounds -------------------------------------------------------------------------


def _check_winded(table: Table, person: str) -> None:
    if not conditions.is_winded(table, person):
        raise ChipsError(f"{person} is not winded: keep the chip (winded needs a master trait and that many casts)")


def _check_wounded(table: Table, person: str) -> None:
    if not conditions.conditions_of(table, person).wounds:
        raise ChipsError(f"{person} has no wound to recover from (record one with: dealer chips wound "
                         f"{shell_word(person)})")


def _second_wind(table: Table, person: str) -> dict:
    return {"casts_before": conditions.rest(table, person), "winded": False}


def _heal(table: Table, person: str) -> dict:
    return {"wounds_left": conditions.heal(table, person)}


def _wounds(table: Table, person: str) -> dict:
    return {"wounds_left": conditions.conditions_of(table, person).wounds}


_CHECKS = {"second-wind": _check_winded, "heal-wound": _check_wounded}


_PICK_ME_UPS = {"second-wind": _second_wind, "heal-wound": _heal, "avoid-wound": _wounds, "death-wound": _wounds}


def resolve_wound(ruleset: Ruleset, request: WoundRequest, table: Table,
                  rng: random.Random | None = None) -> ChipsResult:
    """Wounds taken (no chip): the count a blue chip recovers from."""
    ruleset.require("chips")
    person = check_player(table, request.person)
    _check_wound_limit(ruleset, table, person, request.count)
    wounds = conditions.wound(table, person, request.count)
    table.log("wound", data={"player": person, "count": request.count, "wounds": wounds})
    return ChipsResult("wound", table.name, [], chips_data(table), {"player": person, "taken": request.count})


def _check_wound_limit(ruleset: Ruleset, table: Table, person: str, count: int) -> None:
    """SWADE's people: wounds past a Wild Card's last Incapacitate, with a roll: damage aimed at them does that."""
    from dealer.core.mechanics import people

    if not people.keeps_people(ruleset):
        return
    room = people.max_wounds(ruleset, table, person) - conditions.conditions_of(table, person).wounds
    if count > room:
        raise ChipsError(f"{person} takes {room} more wound{'' if room == 1 else 's'} before Incapacitation: "
                         f"aim the damage at them (dealer roll DICE --damage --vs \"{person}\" --table {table.name}), "
                         "which makes the Incapacitation roll")


# -- a chip on a hand ---------------------------------------------------------------------------------


def change_hand(ruleset: Ruleset, table: Table, person: str, kept: KeptHand, effect: dict, rng: random.Random,
                why: str) -> dict:
    """The hand drawn again through ``skill_draw`` with the chip (white: more cards from its own
    deck; red and blue: wild picks, the best ones) and judged again by its mechanic, before and
    after; the record keeps the changed hand, and the history both."""
    record = kept.draw_of(person)
    change = Change(why, effect["cards"], effect["wild_picks"])
    before = as_it_stands(ruleset, table, record.request())
    source = _ExtraCards(table, record.deck, person, record.cards, rng) if change.cards else NoDeal()
    after = skill_draw(ruleset, table, record.request(change), source, rng)
    kept.draws[kept.draws.index(record)] = DrawRecord.of(after, record.deck)
    outcome_before, outcome = _mechanic(kept).hand_changed(ruleset, table, kept, person, before, after)
    was, now = before.to_data(), after.to_data()
    table.log("hand changed", deck=record.deck, cards=now["cards"],
              data={"player": person, "source": kept.mechanic, "why": why, "before": was["hand"], "after": now["hand"],
                    "success": outcome["success"]})
    return {"source": kept.mechanic, "deck": record.deck, "before": was, "after": now,
            "added": now["cards"][len(record.cards):], "outcome_before": outcome_before, "outcome": outcome}


class _ExtraCards:
    """The cards a white chip adds to a hand (``_extra_cards``), as a card source for ``skill_draw``."""

    def __init__(self, table: Table, deck: str, person: str, hand: list[str], rng: random.Random):
        self.table, self.deck, self.person, self.hand, self.rng = table, deck, person, hand, rng

    def draw(self, count: int) -> list[str]:
        return _extra_cards(self.table, self.deck, self.hand, self.person, count, self.rng)

    def take(self, codes: list[str]) -> None:
        raise AssertionError("a chip's cards are drawn, not typed in")


def _extra_cards(table: Table, deck: str, hand: list[str], person: str, count: int, rng: random.Random) -> list[str]:
    """Cards from the hand's deck that are not already in the hand (its cards may have been
    shuffled back since); they go where the hand's cards are: in play with the person, or the discards."""
    piles = table.deck(deck, rng)
    held = set(piles.play.get(person, ()))
    out = piles.draw_fresh(count, person, rng, hand)
    if len(out) < count:
        raise ChipsError(f"deck '{deck}' has no card left to draw: dealer table shuffle {table.name} {deck}")
    if not held.issuperset(hand):
        piles.discard(out, holder=person)
    return out
