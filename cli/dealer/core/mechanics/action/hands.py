"""Turn order by hands (seed 003's Combat): each draws a hand once for the combat and acts at every
hand rank, pair or better, that any subset of their cards forms.

"You can use the same cards in multiple sub hands" (``sub_hands``); "a full house goes at full
house, three of a kind, and pair", not twice at pair (``action.sub_hands_except``); no pair acts
last at -1. Each hand is the one skill draw (``skill_draw``, purpose ``turn-order``): 5 cards, the
turn-order skill (the roster's ``combat``, or ``NAME=SKILL``) and a card for each turn-order
advantage ("5 cards modified by skills and advantages like 'quick draw' and 'cool headed'"), the
person's conditions, the ten-card cap, the Jokers (a Red Joker's chip; a Joker with less than a
pair is a bust).

>>> import random
>>> from dealer.store.rulesets import load
>>> from dealer.core.table import Table
>>> poker = load("poker-hands")
>>> order = turn_order(poker, HandsRequest(("Bert=:Ks,Kh,Kd,Qs,Qh",)), Table.fresh(poker), random.Random(1))
>>> [entry["rank"] for entry in order.to_data()["countdown"]]
['full-house', 'three-of-a-kind', 'pair']
"""

from __future__ import annotations

import random

from dealer.core import results
from dealer.core.mechanics import draws
from dealer.core.mechanics.action.common import (COMBAT_DECK, ActionError, ActionState, CombatHand, HandsRequest,
                                                 Participant, RoundResult, participants)
from dealer.core.mechanics.conditions import Modifier
from dealer.core.mechanics.skill_draw import DrawRequest, deck_source, skill_draw
from dealer.core.table import Table

from typing import TYPE_CHECKING
if TYPE_CHECKING:
    from dealer.core.cards import Card
    from dealer.core.hands import Hand
    from dealer.core.mechanics.last_hand import KeptTurnOrder
    from dealer.core.mechanics.skill_draw import Draw
    from dealer.core.ranks import Context
    from dealer.core.rules import Ruleset


def sub_hands(ruleset: Ruleset, cards: list[Card], context: Context) -> list[Hand]:
    """Every hand rank, pair or better (``action.min_rank``), that any subset of the cards forms,
    each at its best hand, best first, once per rank (seed 003's sub-hands).

    ``action.sub_hands_except`` lists ranks a best hand does not also act at (seed 003: a full
    house acts at full house, three of a kind and pair, not at two pair).
    """
    ranking = ruleset.ranking
    least = ruleset.threshold(ruleset.action["min_rank"])[0]
    found, skipped = [], set()
    for rank in ranking.ranks:
        if rank.strength < least.strength:
            break
        if rank.id in skipped:
            continue
        hand = ranking.best_at(rank, cards, context)
        if hand is None or hand.rank is not rank:
            continue
        if not found:
            skipped = set(ruleset.action["sub_hands_except"].get(rank.id, ()))
        found.append(hand)
    return found


def _context(ruleset: Ruleset) -> Context:
    return ruleset.context(ruleset.action["context"] or ruleset.draws["context"] or None)


def turn_order(ruleset: Ruleset, request: HandsRequest, table: Table, rng: random.Random) -> RoundResult:
    """Seed 003's combat turn order: each draws a hand once per combat; entries from the highest hand
    down. On a table a combat under way shows the same turn order again, for its next round (a
    dodge lasts until the dodger's first action of the next round)."""
    state = table.state(ActionState)
    state.round += 1  # each call is the next round of the combat: the same turn order, played again
    if table.persistent and state.hands:
        data = rank_hands(ruleset, state.hands, {})
        data["combat"] = f"round {state.round}, continuing: dealer action new starts a new combat"
        table.log("round", data={"round": state.round})  # no card dealt, but the round is the history's too
    else:
        data = _deal_hands(ruleset, table, participants(ruleset, request, table), rng)
    data["round"] = state.round
    if table.persistent:  # only a stored table walks its rounds
        from dealer.core.mechanics.action.turns import start

        start(ruleset, table, state.round, data)
        data["table"] = table.name
    return RoundResult(data)


def _deal_hands(ruleset: Ruleset, table: Table, people: list[Participant], rng: random.Random) -> dict:
    hands, draws_by_name, out = [], {}, []
    if table.persistent:
        from dealer.core.mechanics.action.turns import out_of_the_fight  # only a stored table keeps who is out

        out = out_of_the_fight(table)
    for person in people:
        if person.name in out:
            hands.append(CombatHand(name=person.name, side=person.side, cards=[],
                                    notes=["out of the fight: no hand until back (dealer action out NAME --back)"]))
            continue
        hand, draws_by_name[person.name] = deal_hand(ruleset, table, person, rng)
        hands.append(hand)
    table.state(ActionState).hands = hands
    return rank_hands(ruleset, hands, draws_by_name)


def deal_hand(ruleset: Ruleset, table: Table, person: Participant, rng: random.Random) -> tuple[CombatHand, Draw]:
    """One person's hand for the combat (the one skill draw, purpose ``turn-order``: 5 + their
    turn-order skill and advantages), logged; a deck that runs out says so."""
    size = (Modifier("hand size", ruleset.action["hand_size"] - ruleset.draws["base_cards"]),)
    asked = DrawRequest("turn-order", person.name, person.skill,
                        tuple(m for m in (*size, *person.modifiers) if m.cards),
                        cards=tuple(person.cards) if person.cards is not None else None)
    source = deck_source(table, COMBAT_DECK, person.name, rng)
    drawn = skill_draw(ruleset, table, asked, source, rng)
    notes = [] if drawn.cards else ["no cards"]
    if source.short:
        notes.append(f"the combat deck ran out: {len(drawn.cards)} of {drawn.size.cards} cards")
    hand = CombatHand(name=person.name, side=person.side, cards=[card.code for card in drawn.cards],
                      wild_picks=[card.code for card in drawn.picked], notes=notes)
    if hand.cards:
        table.log_events([{"kind": "deal", "deck": COMBAT_DECK, "cards": hand.cards, "person": hand.name}])
        if table.persistent and person.name:
            from dealer.core.mechanics.last_hand import DrawRecord, KeptTurnOrder, LastHands  # a stored table's

            deck = COMBAT_DECK if person.cards is None else None
            table.state(LastHands).keep(KeptTurnOrder(mechanic="turn-order", draws=[DrawRecord.of(drawn, deck)],
                                                      round=table.state(ActionState).round))
    return hand, drawn


# -- a chip after the draw --------------------------------------------------------------------


def check_change(ruleset: Ruleset, table: Table, kept: KeptTurnOrder, person: str) -> None:
    """Refused before the chip moves: a turn-order hand changes only while it is the combat's
    hand, in the round it was drawn, before anyone has acted (the order stands for the combat)."""
    from dealer.core.mechanics.action.turns import TurnsState

    state = table.state(ActionState)
    held = next((hand for hand in state.hands if hand.name == person), None)
    if held is None or held.cards != kept.draw_of(person).cards or kept.round != state.round:
        raise ActionError(f"{person}'s turn-order hand is no longer the combat's: a chip changes a hand "
                          "only before the combat's first action")
    if any(turn.acted for turn in table.state(TurnsState).order):
        raise ActionError("the round is under way (someone has acted): a turn-order hand changes only before the "
                          "first action")


def hand_changed(ruleset: Ruleset, table: Table, kept: KeptTurnOrder, person: str, before: Draw,
                 after: Draw) -> tuple[dict, dict]:
    """The combat's order judged again (``rank_hands``) with the changed hand: every rank it now
    acts at, before and after, and the round walked afresh (``dealer action next``)."""
    from dealer.core.mechanics.action.turns import start

    state = table.state(ActionState)
    was = rank_hands(ruleset, state.hands, {person: before})
    held = next(hand for hand in state.hands if hand.name == person)
    held.cards, held.wild_picks = [card.code for card in after.cards], [card.code for card in after.picked]
    order = rank_hands(ruleset, state.hands, {person: after})
    start(ruleset, table, state.round, order)
    return _outcome(ruleset, was, person, state.round), _outcome(ruleset, order, person, state.round)


def _outcome(ruleset: Ruleset, order: dict, person: str, round_now: int) -> dict:
    hands = next(entry for entry in order["participants"] if entry["name"] == person)["hands"]
    return {"kind": "turn-order", "person": person, "target": ruleset.action["min_rank"], "success": bool(hands),
            "hands": hands, "names": [ruleset.by_id[rank].name for rank in hands], "round": round_now}


def rank_hands(ruleset: Ruleset, hands: list[CombatHand], drawn: dict) -> dict:
    """The countdown of seed 003's combat from hands already dealt; ``drawn``: this deal's draws
    by name (none when a combat under way is shown again)."""
    context = _context(ruleset)
    entries, participants_data = [], []
    for held in hands:
        cards = ruleset.deck.parse_many(" ".join(held.cards)) if held.cards else []
        wild = [card for card in cards if card.code in held.wild_picks]
        found = sub_hands(ruleset, cards, context.with_wild(wild) if wild else context) if cards else []
        best = ruleset.ranking.best(cards, context) if cards else None
        bust = draws.is_bust(ruleset, cards, found[0] if found else best)
        participants_data.append({"name": held.name, "side": held.side, "cards": list(held.cards),
                                  "wild_picks": list(held.wild_picks), "hands": [hand.rank.id for hand in found],
                                  "notes": list(held.notes), **draws.bust_data(bust, cards),
                                  "draw": drawn[held.name].to_data() if held.name in drawn else None})
        for hand in found:
            core = hand.rank.pattern.core_size or len(hand.played)
            entries.append({"key": hand.key, "rank": hand.rank.id, "hand": hand.rank.name,
                            "cards": [card.code for card in hand.played[:core]], "name": held.name,
                            "side": held.side, "effect": results.effect_label(ruleset, hand.rank)})
        if not found:
            entries.append({"key": None, "rank": None, "hand": "BUST: acts last at -1" if bust
                            else "no pair: acts last at -1", "cards": [], "name": held.name, "side": held.side,
                            "modifier": -1})
    ranked = sorted((e for e in entries if e["key"] is not None), key=lambda e: e["key"], reverse=True)
    order = []
    for entry in ranked:
        entry["simultaneous"] = bool(order) and order[-1]["key"] == entry["key"]
        if entry["simultaneous"]:
            order[-1]["simultaneous"] = True
        order.append(entry)
    order += [dict(e, simultaneous=False) for e in entries if e["key"] is None]
    for entry in order:
        entry.pop("key")
    chips = [event for item in drawn.values() for event in item.chips]
    return {"kind": "turn-order", "participants": participants_data, "countdown": order, "events": chips}
