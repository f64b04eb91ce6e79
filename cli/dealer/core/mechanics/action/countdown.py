"""Rounds of action cards (seed 000): Quickness, the cards, the special cards, the countdown.

Each character rolls Quickness; a success draws one card, one more per raise (five at
most); the Marshal counts down Ace to Deuce, ties broken by suit; the same card and suit on
both sides act simultaneously. Special cards (Jokers) do what ``[action.specials]`` says: act
any time (and interrupt without a roll), draw a chip, discard the sleeve card, reshuffle the
side's deck at the end of the round. Surprise: a Cognition roll first; failing it deals no
cards and needs a Guts roll next round. Long actions (Speed) are spent as the round counts
down (``long_actions``).

Sarah's example from seed 000: a 16 is two raises, three cards.

>>> import random
>>> from dealer.store.rulesets import load
>>> from dealer.core.table import Table
>>> deadlands = load("deadlands")
>>> round_ = deal_round(deadlands, CountdownRequest(posse=("Sarah=16:Qh,8d,4c",)), Table.fresh(deadlands),
...                     random.Random(1))
>>> [entry["card"] for entry in round_.to_data()["countdown"]]
['Qh', '8d', '4c']
"""

from __future__ import annotations

import random

from dealer.core import results
from dealer.core.ledger import situations
from dealer.core.mechanics import long_actions
from dealer.core.mechanics.action.common import (ActionError, ActionState, CountdownRequest, HoldState, Participant,
                                                 RoundResult, card_sort_key, deck_for, deck_names, on_hold,
                                                 participants)
from dealer.core.table import Table
from dealer.errors import shell_word

from typing import TYPE_CHECKING
if TYPE_CHECKING:
    from typing import Protocol

    from dealer.core.piles import Piles
    from dealer.core.rules import Ruleset

    class Outcome(Protocol):
        """What ``cards_for_roll`` reads of a roll: a ``TraitRoll``, or an outcome the odds weigh."""

        bust: bool
        success: bool
        raises: int


def deal_round(ruleset: Ruleset, request: CountdownRequest, table: Table, rng: random.Random) -> RoundResult:
    """Deal the next round of action cards to the roster and those named; an ambush's side goes on
    Hold first (SWADE: the side with surprise is on Hold)."""
    people = participants(ruleset, request, table)
    if request.ambush:
        held = table.state(HoldState).people
        held.extend(name for name in request.ambush if name not in held)
    data = deal_countdown(ruleset, table, people, rng, request.max_cards)
    if table.persistent:
        data["table"] = table.name
    return RoundResult(data)


def deal_countdown(ruleset: Ruleset, table: Table, people: list[Participant], rng: random.Random,
                   max_cards: int | None = None) -> dict:
    """One round of action cards: clear the last round, reshuffles owed, surprise and shock,
    Quickness, the cards (drawn or typed in), the special cards, the countdown."""
    state = table.state(ActionState)
    decks = {name: table.deck(name, rng) for name in deck_names(ruleset)}
    state.round += 1
    events = _clear_last_round(ruleset, table, decks, state, rng)
    if table.persistent:  # SWADE's people: the last turn ends, the Bleeding Out roll
        from dealer.core.mechanics.statuses import round_starts

        events += round_starts(ruleset, table, rng)
    holding, out = on_hold(table), _out_of_the_fight(table)
    rows, seen = [], []
    for person in people:
        row = {"name": person.name, "side": person.side, "cards": [], "notes": []}
        rows.append(row)
        if person.name in holding:
            row["notes"].append("on Hold: no card this round")
        elif person.name in out:
            row["notes"].append(_out_note(ruleset, table, person.name))
        else:
            entry, dealt = deal_seen(ruleset, table, decks, person, row, state, rng, max_cards)
            seen.append(entry)
            events += dealt
    events += specials_dealt(ruleset, table, decks, rows, people, state, rng)
    order = countdown(ruleset, rows, decks, holding)
    long_actions.count_down(table, order)
    if table.persistent:  # only a stored table walks its rounds
        from dealer.core.mechanics.action.turns import start

        start(ruleset, table, state.round, order)
    table.log_events(situations.attach(table, deal_events(ruleset, rows) + events, {"people": seen},
                                       round=state.round))
    return {"kind": "round", "round": state.round, "participants": rows, **order, "events": events}


def _out_note(ruleset: Ruleset, table: Table, name: str) -> str:
    """Why someone out of the fight is dealt nothing: by hand (``action out``), or their conditions (SWADE)."""
    from dealer.core.mechanics.people import incapacitated

    if name in incapacitated(ruleset, table):
        return "Incapacitated: no card (out of the fight)"
    return "out of the fight: no cards until back (dealer action out NAME --back)"


def _out_of_the_fight(table: Table) -> list[str]:
    if not table.persistent:
        return []
    from dealer.core.mechanics.action.turns import out_of_the_fight  # only a stored table keeps who is out

    return out_of_the_fight(table)


def deal_seen(ruleset: Ruleset, table: Table, decks: dict, person: Participant, row: dict, state: ActionState,
              rng: random.Random, max_cards: int | None = None) -> tuple[dict, list[dict]]:
    """``deal_person``, and what the ledger reads of it (``situations.dealt``); and its events."""
    plan = None
    if ruleset.action["deal"] == "one":
        from dealer.core.mechanics.action.edges import draw_plan

        plan = draw_plan(ruleset, person.edges)
    before = situations.deck_seen(ruleset, decks[deck_for(ruleset, person.side)], plan.redraw_at_most if plan else 0)
    events = deal_person(ruleset, table, decks, person, row, state, rng, max_cards)
    entry = situations.dealt(ruleset, person, row, before, events, max_cards or ruleset.action["max_cards"], plan)
    return entry, events


def deal_person(ruleset: Ruleset, table: Table, decks: dict, person: Participant, row: dict, state: ActionState,
                rng: random.Random, max_cards: int | None = None) -> list[dict]:
    """One participant's cards this round (the surprise and shock first), into ``row``; the events."""
    if _stopped_by_surprise(ruleset, table, person, row, state, rng):
        return []
    deck = deck_for(ruleset, person.side)
    if ruleset.action["deal"] == "one":
        from dealer.core.mechanics.action.edges import deal_one

        return deal_one(ruleset, decks[deck], deck, person, row, rng)
    allowed = _quickness(ruleset, person, row, rng, max_cards or ruleset.action["max_cards"])
    return _deal_cards(ruleset, decks[deck], deck, person, row, allowed, rng)


def _clear_last_round(ruleset, table, decks, state, rng):
    """Last round's unplayed cards go to the discards; then any reshuffle a special card (a Joker) owed."""
    events = []
    for side, piles in decks.items():
        cleared = piles.discard_all_in_play()
        if cleared:
            events.append({"kind": "discard", "deck": side, "cards": cleared, "why": "end of the last round"})
    names = [ruleset.deck.parse(code).name for code, effect in ruleset.action["specials"].items()
             if effect["reshuffle"]]
    for deck in state.owed_reshuffle:
        if deck in decks:
            count = decks[deck].shuffle(rng)
            events.append({"kind": "reshuffle", "deck": deck, "count": count,
                           "why": f"a {' or '.join(names) or 'special card'} was drawn last round"})
    state.owed_reshuffle = []
    return events


def _stopped_by_surprise(ruleset, table, person, row, state, rng) -> bool:
    """Surprise: a failed surprise roll (``action.surprise_trait``: seed 000's Cognition, SWADE's
    Notice) deals no cards this round; where ``action.shock_tn`` is set (seed 000) the next round
    needs Guts."""
    rules, dice_rules = ruleset.action, ruleset.dice
    if person.name in state.shocked:
        guts = _required(person.guts, f"{person.name} is still shaken from the surprise and must make a Guts "
                                      f"roll (TN {rules['shock_tn']}): give --guts {shell_word(person.name)}=DICE "
                                      "or a guts trait")
        roll = guts.roll(rng, rules["shock_tn"], dice_rules)
        row["guts"] = results.roll_data(roll)
        if not roll.success:
            row["notes"].append("still shaken: no cards this round")
            return True
        state.shocked.remove(person.name)
        row["notes"].append("shook off the shock")
    if person.surprise_tn is not None:
        trait = rules["surprise_trait"]
        spec = _required(person.surprise_roll, f"{person.name} is surprised: give their {trait} as --surprised "
                                               f"{shell_word(person.name)}=DICE, or a {trait} trait on the roster")
        from dealer.core.mechanics.people import spec_roll

        rolled = spec_roll(ruleset, table, person.name, spec, rng, person.surprise_tn, purpose="surprise", trait=trait,
                           extra=person.extra)
        row[trait], row["surprise_trait"] = rolled, trait
        if not rolled["success"]:
            if rules["shock_tn"]:
                row["notes"].append("surprised: no cards this round; a Guts roll next round")
                if person.name not in state.shocked:
                    state.shocked.append(person.name)
            else:
                row["notes"].append("surprised: no card this round")
            return True
    return False


def _quickness(ruleset, person, row, rng, limit) -> int:
    """The Quickness roll and the cards it earns (or the cards typed in, without a roll)."""
    if person.quickness is None and person.cards is None:
        raise ActionError(f"{person.name} has no Quickness: give {shell_word(person.name)}=DICE (e.g. 3d6), a total "
                          "or bust, or a quickness trait on the table's roster")
    if person.quickness is None:
        allowed = len(person.cards)
    else:
        roll = person.quickness.roll(rng, ruleset.action["tn"], ruleset.dice)
        row["quickness"] = results.roll_data(roll)
        allowed = cards_for_roll(roll, ruleset.action, limit)
    row["allowed"] = allowed
    return allowed


def _deal_cards(ruleset, piles, deck, person, row, allowed, rng) -> list[dict]:
    if person.cards is not None:
        codes = [card.code for card in ruleset.deck.parse_many(person.cards)]
        piles.take(codes, person.name)
        row["cards"], row["given"] = codes, True
        if len(codes) != allowed:
            row["notes"].append(f"{len(codes)} card{'' if len(codes) == 1 else 's'} given; the roll allows {allowed}")
        return []
    if not allowed:
        return []
    drawn = piles.draw(allowed, person.name, rng)
    row["cards"] = list(drawn.cards)
    if drawn.short:
        row["notes"].append(f"the {deck} deck and its discards ran dry: {len(drawn.cards)} of {allowed} cards")
    if drawn.reshuffled:
        return [{"kind": "reshuffle", "deck": deck, "count": drawn.reshuffled,
                 "why": "the deck ran out mid-round"}]
    return []


def specials_dealt(ruleset: Ruleset, table: Table, decks: dict[str, Piles], rows: list[dict],
                   people: list[Participant], state: ActionState, rng: random.Random) -> list[dict]:
    """Special cards, in the order they were dealt: any time, bonuses, sleeve discards, reshuffles, chips."""
    specials, deck = ruleset.action["specials"], ruleset.deck
    events, owed = [], []
    for row in rows:
        deck_name = deck_for(ruleset, row["side"])
        piles = decks[deck_name]
        for code in list(row["cards"]):
            effect = specials.get(code)
            if not effect:
                continue
            card = deck.parse(code)
            does = ["acts at any time this round, interrupting without a roll"] if effect["any_time"] else []
            if effect["bonus"]:
                does.append(f"{ruleset.dice['joker_bonus']:+d} to Trait and damage rolls this round")
            if does:
                row["notes"].append(f"{card.name}: {'; '.join(does)}")
            if effect["discard_sleeve"]:
                sleeve = piles.sleeves.get(row["name"])
                row["discarded"] = piles.discard([code] + ([sleeve] if sleeve else []), holder=row["name"])
                row["cards"].remove(code)
                events.append({"kind": "discard", "deck": row["side"], "cards": row["discarded"],
                               "why": f"{row['name']} drew the {card.name}"})
            if effect["reshuffle"] and deck_name not in state.owed_reshuffle:
                state.owed_reshuffle.append(deck_name)
                owed.append({"kind": "reshuffle owed", "deck": deck_name,
                             "why": f"a {card.name}: the deck is reshuffled at the end of the round"})
            events += _special_chip(ruleset, table, effect, row, people, card, rng)
    return events + owed


def _special_chip(ruleset, table, effect, row, people, card, rng) -> list[dict]:
    """The one chip loop for special cards (``action.specials.X.chip``): the holder, the GM, or every
    Wild Card on the holder's side (Jokers Wild)."""
    holder = row["name"]
    if effect["chip"] == "none":
        return []
    from dealer.core.mechanics.chips import pot_draw

    if effect["chip"] == "side":
        takers = [person.name for person in people if person.side == row["side"] and not person.extra]
        if effect["gm_chip"] and row["side"] == ruleset.action["sides"][-1]:
            takers.append(ruleset.chips["gm"])
        why = f"{holder} drew the {card.name}: Jokers Wild"
    else:
        takers = [holder if effect["chip"] == "holder" else ruleset.chips["gm"]]
        why = f"{holder} drew the {card.name}"
    return [pot_draw(table, taker, rng, why, side=row["side"] if taker == holder else None) for taker in takers]


def _required(spec, message):
    if spec is None:
        raise ActionError(message)
    return spec


def deal_events(ruleset: Ruleset, rows: list[dict]) -> list[dict]:
    """Each participant's cards for the history (with the cards an Edge set aside, and those a Black
    Joker discarded)."""
    events = []
    for row in rows:
        if "draw" in row:
            cards = row["draw"]["drawn"] + row["draw"]["redrawn"]
        else:
            cards = row["cards"] + row.get("discarded", [])
        if cards:
            events.append({"kind": "deal", "deck": deck_for(ruleset, row["side"]), "cards": cards,
                           "person": row["name"]})
    return events


def countdown(ruleset: Ruleset, rows: list[dict], decks: dict, holding: list[str] | None = None) -> dict:
    """The order of play: any-time cards first, then Ace down to Deuce, ties by suit; then the
    sleeves, and (a ruleset with Hold) who is on Hold."""
    deck, specials = ruleset.deck, ruleset.action["specials"]
    any_time, entries = [], []
    for row in rows:
        for code in row["cards"]:
            effect = specials.get(code)
            if effect and effect["any_time"]:
                entry = {"card": code, "name": row["name"], "side": row["side"]}
                if effect["bonus"]:
                    entry["bonus"] = ruleset.dice["joker_bonus"]
                any_time.append(entry)
            elif not effect:
                entries.append((deck.parse(code), row))
    entries.sort(key=lambda item: card_sort_key(item[0]), reverse=True)
    order = []
    for card, row in entries:
        entry = {"card": card.code, "name": row["name"], "side": row["side"], "simultaneous": False}
        if order and order[-1]["card"] == card.code and order[-1]["side"] != row["side"]:
            entry["simultaneous"] = order[-1]["simultaneous"] = True
        order.append(entry)
    sleeves = [{"name": holder, "side": side, "card": card}
               for side, piles in decks.items() for holder, card in sorted(piles.sleeves.items())]
    found = {"any_time": any_time, "countdown": order, "sleeves": sleeves}
    if ruleset.action["hold"]:
        sides = {row["name"]: row["side"] for row in rows}
        found["hold"] = [{"name": name, "side": sides[name]} for name in holding or () if name in sides]
    return found


def cards_for_roll(roll: Outcome, rules: dict, max_cards: int) -> int:
    """Cards a Quickness roll earns (seed 000's table, from the ruleset).

    >>> from dealer.core.dice import given_roll
    >>> cards_for_roll(given_roll(16, tn=5), {"cards_on_success": 1, "cards_per_raise": 1,
    ...     "cards_on_failure": 0, "cards_on_bust": 0}, max_cards=5)
    3
    """
    if roll.bust:
        return rules["cards_on_bust"]
    if not roll.success:
        return rules["cards_on_failure"]
    return min(rules["cards_on_success"] + roll.raises * rules["cards_per_raise"], max_cards)


def called(ruleset: Ruleset, table: Table, name: str, card: str | None = None) -> list[str]:
    """``name``'s action cards of this round in the order they are called, from ``card`` (or
    their first) on: the card being called now first (``action next`` has just called it), then
    those still in hand."""
    from dealer.core.mechanics.action.turns import just_called

    rows = [{"name": name, "side": deck, "cards": table.decks[deck].play.get(name, [])}
            for deck in deck_names(ruleset) if deck in table.decks]
    order = countdown(ruleset, rows, {})
    now = just_called(ruleset, table, name)
    cards = ([now.card] if now else []) + [entry["card"] for entry in order["any_time"] + order["countdown"]]
    if card is None:
        return cards
    code = ruleset.deck.parse(card).code
    if code not in cards:
        held = ", ".join(cards) or "none"
        raise ActionError(f"{name} holds no {code} this round (their cards: {held}); name one of them with --card, "
                          "or leave --card out to start from their first card")
    return cards[cards.index(code):]


def in_combat(table: Table) -> bool:
    """A countdown combat is under way on this table (a round has been dealt)."""
    return table.persistent and table.state(ActionState).round > 0
