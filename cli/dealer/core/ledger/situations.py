"""What an event records for the luck ledger (``dealer table stats``): the situation of each chance
the command took, under the event's ``data.ledger``, so the ledger can ask the odds engine.

A trait roll is recorded whole (``results.roll_data``: its dice, modifier, TN, Wild Die, and what
came up); a draw of action cards with the deck as it was just before it (``deck_seen``: the cards
left to draw, the Jokers among them and, for a redraw such as Quick, the low cards); a cast with
its roll, level and minimum; a skill draw with its size (``draw_seen``); a chip's blind draw with
the pot it came from (``Chips.drawn_from``).

A round writes its people's rolls and draws on the first event it logs, or on a ``round``
event of its own where it logs nothing else (everyone failed, no card left over from the last
round) or where its deals are face down (a shared table with seats). Events written before dealer recorded these have no ``data.ledger``: the ledger says
so rather than guess, and ``dealer verify`` does not ask an old log for them (``KEY``).

SWADE's people (``person_rolls``, ``damage_seen``, ``soak_seen``): a roll the rules make for a person
(recovering from Shaken or Stunned, Bleeding Out on their card, the Incapacitation roll) is one of the
event's ``rolls``, each with its ``person`` and what it was ``for``, as an interrupt's opposed rolls are;
damage aimed at a person records its dice with what decides the wounds they deal (``damage``); a Soak its
roll and the wounds it may soak (``soak``). A Benny's reroll of either records the reroll's, so every roll
of the dice is one trial, the kept one or not. A Soak's own trait roll, a ``roll`` event, counts as
``roll --as`` does, and a round's Bleeding Out roll is in its event whole (``data.roll``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from dealer.core.mechanics.action.common import Participant
    from dealer.core.mechanics.action.edges import DrawPlan
    from dealer.core.mechanics.skill_draw import Draw
    from dealer.core.piles import Piles
    from dealer.core.rules import Ruleset
    from dealer.core.table import Table

KEY = "ledger"  # the key of an event's data that holds what the ledger reads
ROLLS = ("guts", "quickness")  # a round's rolls besides the surprise trait's, in the order rolled


def jokers(ruleset: Ruleset) -> set[str]:
    """The cards a ledger counts as Jokers: the action deck's special cards (``action.specials``),
    else the deck's special cards."""
    if "action" in ruleset.document["mechanics"] and ruleset.action.get("specials"):
        return set(ruleset.action["specials"])
    return {card.code for card in ruleset.deck if card.kind == "special"}


def deck_seen(ruleset: Ruleset, piles: Piles, low: int = 0) -> dict:
    """The deck just before a draw: its ``cards`` left to draw, the ``jokers`` among them and, for a
    draw that throws back cards of ``low`` or lower (Quick), the ``low`` plain cards among them. A
    draw pile nobody may look through (a shared table's, dealt by the database) gives its size only:
    ``jokers`` None (what is left in it would tell what the players' face-down cards are not)."""
    if not isinstance(piles.draw_pile, list):
        return {"cards": len(piles.draw_pile), "jokers": None}
    special = jokers(ruleset)
    seen = {"cards": len(piles.draw_pile), "jokers": sum(1 for code in piles.draw_pile if code in special)}
    if low:
        deck = ruleset.deck
        seen["low"] = sum(1 for code in piles.draw_pile if code not in special and deck.parse(code).value <= low)
    return seen


def dealt(ruleset: Ruleset, person: Participant, row: dict, before: dict, events: list[dict],
          most: int | None = None, plan: DrawPlan | None = None) -> dict:
    """One person's part of a round (``countdown.deal_person`` has just filled ``row``): the rolls
    made, what a roll allowed (``allowed`` cards, at most ``most``), and a draw by chance: the deck
    as it was (``before``: ``deck_seen``), how a one-card draw was made (``plan``) and the Jokers
    that came (``jokers``; ``joker``: the card kept is one). Cards typed in are ``typed``; a draw
    that ran through a reshuffle is ``reshuffled`` (its cards came from two decks)."""
    entry: dict = {"person": person.name, "rolls": {}}
    for key in (row.get("surprise_trait"), *ROLLS):
        if key and isinstance(row.get(key), dict):
            entry["rolls"][key] = row[key]
    if "allowed" in row:
        entry.update(allowed=row["allowed"], most=most)
    if row.get("given"):
        entry["typed"] = True
    elif row["cards"] or "draw" in row:
        entry["deck"] = before
        if before["jokers"] is None:
            return entry  # a face-down deck: whose cards are Jokers is the players' own to see, not the log's
        if any(event["kind"] == "reshuffle" for event in events):
            entry["reshuffled"] = True
        special = jokers(ruleset)
        if plan is not None:
            entry["plan"] = plan_data(plan)
            entry["joker"] = bool(row["cards"]) and row["cards"][0] in special
        else:
            entry["jokers"] = sum(1 for code in row["cards"] if code in special)
    return entry


def plan_data(plan: DrawPlan) -> dict:
    """How a one-card draw is made (``edges.DrawPlan``), as the ledger reads it back."""
    return {"cards": plan.cards, "keep": plan.keep, "any_time_kept": plan.any_time_kept,
            "redraw_at_most": plan.redraw_at_most}


def rolls_seen(name: str, against: str, result: dict) -> dict:
    """An interrupt's two opposed rolls (``roll`` and ``their_roll`` of its result), by person."""
    return {"rolls": [{"person": name, "roll": result["roll"]}, {"person": against, "roll": result["their_roll"]}]}


def draw_seen(drawn: Draw) -> dict:
    """A seed-003 skill draw (``skill_draw.Draw``) as the ledger reads it: whose, the ``cards`` and
    wild ``picks`` it was allowed; ``typed`` (cards dealt by hand, or a hand held already) or
    ``short`` (fewer came)."""
    seen = {"person": drawn.person, "cards": drawn.size.cards, "picks": drawn.size.wild_picks}
    if drawn.typed or drawn.request.held is not None:
        seen["typed"] = True
    elif len(drawn.cards) != drawn.size.cards:
        seen["short"] = True
    return seen


def attach(table: Table, events: list[dict], ledger: dict, **data: object) -> list[dict]:
    """``events`` (about to be logged) with ``ledger`` on the first, which is copied first (a result
    may show the same event). None at all, or a round dealt face down (a shared table, whose
    players do not see each other's deals, so none may carry everyone's rolls): a ``round`` event of
    its own carries it, with ``data``."""
    face_down = any((entry.get("deck") or {}).get("jokers", 0) is None for entry in ledger.get("people", ()))
    if not events or face_down:
        table.log("round", data={**data, KEY: ledger})
        return events
    return [{**events[0], KEY: ledger}, *events[1:]]


def person_rolls(person: str, roll: dict, purpose: str) -> dict:
    """A trait roll the rules make for ``person`` (``purpose``: ``recover-shaken``, ``recover-stunned``,
    ``bleeding-out``, ``incapacitation``), as an event's ``rolls`` (the shape of ``rolls_seen``)."""
    return {"rolls": [{"person": person, "roll": roll, "for": purpose}]}


def damage_seen(by: str | None, roll: dict, struck: dict) -> dict:
    """Damage aimed at a person: who rolled it (``by``; None: nobody named), its dice (``results.roll_data``,
    its ``tn`` the Toughness) and what decides its wounds (``struck``, ``wounds.struck``: the one hit is
    ``shaken`` already, an ``extra``, ``incapacitated`` already)."""
    kept = {key: value for key, value in roll.items() if key not in ("person", "card", "target")}
    return {"damage": {"by": by, "roll": kept, **struck}}


def soak_seen(roll: dict, wounds: int) -> dict:
    """A Soak roll and the ``wounds`` of the damage it soaks (each success and raise soaks one)."""
    return {"soak": {"roll": {key: value for key, value in roll.items() if key not in ("person", "card")},
                     "wounds": wounds}}
