"""Combat rounds: who acts when.

One entry point per thing a table does in a fight (``resolve`` deals a round, ``new_combat``,
``resolve_sleeve``, ``resolve_play``, ``resolve_interrupt``, ``resolve_begin``); the ruleset's
``[action] style`` chooses the rules:

* ``countdown`` (seed 000): each character rolls Quickness; a success draws one card, one
  more per raise (five at most); the Marshal counts down Ace to Deuce, ties broken by suit;
  the same card and suit on both sides act simultaneously. Special cards (Jokers) do what
  ``[action.specials]`` says: act any time (and interrupt without a roll), draw a chip,
  discard the sleeve card, reshuffle the side's deck at the end of the round. Surprise: a
  Cognition roll first; failing it deals no cards and needs a Guts roll next round. An action
  of several cards (Speed) is spent across rounds and resolves on its last card.
* ``hands`` (seed 003): each character draws a hand once for the combat (one card fewer
  when winded) and acts once at every hand rank, pair or better, that any subset of their
  cards forms ("you can use the same cards in multiple sub hands"); no pair acts last at -1;
  a Joker with less than a pair is a bust.

Sarah's example from seed 000: a 16 is two raises, three cards.

>>> import random
>>> from dealer.store.rulesets import load
>>> from dealer.core.table import Table
>>> deadlands = load("deadlands")
>>> round_ = resolve(deadlands, ActionRequest(posse=("Sarah=16:Qh,8d,4c",)), Table.fresh(deadlands),
...                  random.Random(1))
>>> [entry["card"] for entry in round_.to_data()["countdown"]]
['Qh', '8d', '4c']
"""

from __future__ import annotations

import random
import re
from typing import Any

from dealer.core import results
from dealer.core.mechanics import draws
from dealer.core.mechanics.request import Request
from dealer.core.mechanics.rolls import RollSpec
from dealer.core.piles import PileError, chip_event
from dealer.core.table import Table, check_keys
from dealer.errors import DealerError

MARSHAL = "Marshal"  # who draws the Marshal's chips
COMBAT_DECK = "combat"  # style `hands`: one deck for the whole combat


class ActionError(DealerError):
    """A participant, a sleeve or an interrupt that the rules or the table do not allow."""


class ActionState:
    """The ``action`` part of a table: the combat so far.

    ``round`` (rounds dealt), ``owed_reshuffle`` (sides whose deck a Black Joker will
    reshuffle), ``shaken`` (surprised characters who still need a Guts roll), ``rows``
    (style ``hands``: the hands drawn once for the combat), ``actions`` (actions of several
    cards in progress: ``{name: {"what", "need", "spent"}}``).
    """

    KEY = "action"
    FIELDS = ("round", "owed_reshuffle", "shaken", "rows", "actions")
    __slots__ = FIELDS

    def __init__(self, round=0, owed_reshuffle=(), shaken=(), rows=(), actions=None):
        self.round = int(round)
        self.owed_reshuffle = list(owed_reshuffle)
        self.shaken = list(shaken)
        self.rows = [dict(row) for row in rows]
        self.actions = {name: dict(item) for name, item in (actions or {}).items()}

    @classmethod
    def from_data(cls, data: dict) -> "ActionState":
        check_keys(data, cls.FIELDS, "action state")
        return cls(**data)

    def to_data(self) -> dict:
        return {key: getattr(self, key) for key in self.FIELDS if getattr(self, key)}


# -- participants -----------------------------------------------------------------------------


class ActionRequest(Request):
    """A round as asked: ``NAME=SPEC`` for each side, surprise, Guts, the card limit."""

    FIELDS = {"posse": (), "marshal": (), "max_cards": None, "surprised": (), "guts": ()}


class Participant:
    """One character in the round: side, Quickness (or hand size), cards typed in, surprise."""

    __slots__ = ("name", "side", "quickness", "cards", "hand", "surprise_tn", "cognition", "guts")

    def __init__(self, name, side, quickness=None, cards=None, hand=None, surprise_tn=None, cognition=None,
                 guts=None):
        self.name = name
        self.side = side
        self.quickness = quickness  # RollSpec (countdown)
        self.cards = cards  # codes dealt by hand, or None to draw
        self.hand = hand  # (style hands) number of cards, or None for the ruleset's hand size
        self.surprise_tn = surprise_tn
        self.cognition = cognition  # RollSpec for the surprise check
        self.guts = guts  # RollSpec for shaking off the shock


def split_spec(text: str) -> tuple[str, str, list[str] | None]:
    """``NAME=SPEC`` into its parts; ``SPEC`` may end in ``:CARDS`` for cards dealt by hand."""
    name, sep, spec = text.partition("=")
    if not sep or not name.strip():
        raise ActionError(f"'{text[:40]}': write NAME=SPEC, e.g. Sarah=3d6, Sarah=16, Sarah=bust or "
                          "Sarah=16:Qh,8d,4c")
    spec, _, cards = spec.partition(":")
    return name.strip(), spec.strip(), cards.replace(",", " ").split() if cards else None


def _named_rolls(items, option: str, sides) -> dict[str, RollSpec]:
    found = {}
    for item in items:
        name, sep, spec = item.partition("=")
        if not sep or not name.strip() or not spec.strip():
            raise ActionError(f"{option} '{item[:40]}': write NAME=DICE, e.g. Sarah=2d6")
        found[name.strip()] = RollSpec.parse(spec.strip(), sides)
    return found


def _surprise(items, sides) -> dict[str, tuple]:
    """``NAME[:TN][=SPEC]`` for --surprised."""
    found = {}
    for item in items:
        match = re.fullmatch(r"\s*([^:=]+?)\s*(?::\s*(\d{1,4}))?\s*(?:=\s*(.+))?\s*", item)
        if not match:
            raise ActionError(f"--surprised '{item[:40]}': write NAME, NAME:TN or NAME:TN=DICE (e.g. Sarah:11=2d10)")
        found[match.group(1)] = (int(match.group(2)) if match.group(2) else None,
                                 RollSpec.of(match.group(3), sides))
    return found


def _hand_size(spec: str, rules: dict) -> int:
    """Style ``hands``: ``+1``/``-1`` modify the ruleset's hand, a plain number is the hand."""
    spec = spec.strip()
    if not spec:
        return rules["hand_size"]
    if re.fullmatch(r"[+-]\d{1,2}", spec):
        return rules["hand_size"] + int(spec)
    if re.fullmatch(r"\d{1,2}", spec):
        return int(spec)
    raise ActionError(f"'{spec[:40]}': for a poker-hands combat write a card count (7) or a modifier "
                      "(+1, -1), or :CARDS for cards dealt by hand")


def _roster_trait(table, name, key, sides):
    try:
        return RollSpec.of(table.trait(name, key), sides)
    except DealerError as error:
        raise ActionError(f"{name}'s {key} trait: {error}; fix it with dealer table set {table.name} "
                          f"\"{name}\" --trait {key}=DICE") from None


def participants(ruleset: Any, request: ActionRequest, table: Table) -> list[Participant]:
    """The round's participants: the table's roster first, then those given inline (who win)."""
    rules, sides = ruleset.action, ruleset.action["sides"]
    dice_sides = ruleset.dice["sides"]
    hands_style = rules["style"] == "hands"
    people = {}
    for name, entry in table.roster.items():
        if entry["side"] not in sides:
            continue
        if hands_style:
            modifier = table.trait(name, "combat") or 0
            person = Participant(name, entry["side"], hand=rules["hand_size"] + int(modifier))
        else:
            quickness = _roster_trait(table, name, "quickness", dice_sides)
            if quickness is None:
                continue
            person = Participant(name, entry["side"], quickness)
        person.cognition = _roster_trait(table, name, "cognition", dice_sides)
        person.guts = _roster_trait(table, name, "guts", dice_sides)
        people[name] = person
    for items, side in ((request.posse, sides[0]), (request.marshal, sides[-1])):
        for item in items:
            name, spec, cards = split_spec(item) if "=" in item else (item.strip(), "", None)
            known = people.get(name)
            person = Participant(name, side, cards=cards)
            if known is not None:
                person.cognition, person.guts = known.cognition, known.guts
            if hands_style:
                person.hand = _hand_size(spec, rules)
            else:
                person.quickness = RollSpec.of(spec, dice_sides) or (known.quickness if known else None)
            people[name] = person
    for name, (tn, spec) in _surprise(request.surprised, dice_sides).items():
        if name not in people:
            raise ActionError(f"--surprised {name}: {name} is not in this round")
        people[name].surprise_tn = tn or rules["surprise_tn"]
        people[name].cognition = spec or people[name].cognition
    for name, spec in _named_rolls(request.guts, "--guts", dice_sides).items():
        if name not in people:
            raise ActionError(f"--guts {name}: {name} is not in this round")
        people[name].guts = spec
    if not people:
        raise ActionError("nobody to deal to: give participants as NAME=SPEC (e.g. Sarah=3d6), "
                          "or a --table with a roster")
    return list(people.values())


def cards_for_roll(roll: Any, rules: dict, max_cards: int) -> int:
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


# -- a round ----------------------------------------------------------------------------------


class RoundResult:
    """A dealt round (or the combat's turn order) as plain data."""

    def __init__(self, data: dict):
        self.data = data

    def to_data(self) -> dict:
        return self.data


def resolve(ruleset: Any, request: ActionRequest, table: Table, rng: random.Random) -> RoundResult:
    """Deal the next round (``countdown``) or the combat's hands (``hands``)."""
    ruleset.require("action")
    people = participants(ruleset, request, table)
    if ruleset.action["style"] == "hands":
        data = deal_hands(ruleset, table, people, rng)
    else:
        data = deal_countdown(ruleset, table, people, rng, request.max_cards)
    if table.persistent:
        data["table"] = table.name
    return RoundResult(data)


def _card_sort_key(card):
    """Ace down to Deuce, then spades, hearts, diamonds, clubs (the deck's suit order)."""
    return (card.value, card.suit.strength if card.suit else 0)


def deal_countdown(ruleset: Any, table: Table, people: list[Participant], rng: random.Random,
                   max_cards: int | None = None) -> dict:
    """One round of action cards: clear the last round, reshuffles owed, surprise and shock,
    Quickness, the cards (drawn or typed in), the special cards, the countdown."""
    state = table.state(ActionState)
    decks = {side: table.deck(side, rng) for side in ruleset.action["sides"]}
    state.round += 1
    events = _clear_last_round(table, decks, state, rng)
    rows = []
    for person in people:
        row = {"name": person.name, "side": person.side, "cards": [], "notes": []}
        rows.append(row)
        if _stopped_by_surprise(ruleset, person, row, state, rng):
            continue
        allowed = _quickness(ruleset, person, row, rng, max_cards or ruleset.action["max_cards"])
        events += _deal_cards(ruleset, decks[person.side], person, row, allowed, rng)
    events += _specials(ruleset, table, decks, rows, state, rng)
    order = countdown(ruleset, rows, decks)
    _count_down_long_actions(state, order)
    table.log_events(_deal_events(rows) + events)
    return {"round": state.round, "participants": rows, **order, "events": events}


def _clear_last_round(table, decks, state, rng):
    """Last round's unplayed cards go to the discards; then any reshuffle a Black Joker owed."""
    events = []
    for side, piles in decks.items():
        cleared = piles.discard_all_in_play()
        if cleared:
            events.append({"kind": "discard", "deck": side, "cards": cleared, "why": "end of the last round"})
    for side in state.owed_reshuffle:
        if side in decks:
            count = decks[side].shuffle(rng)
            events.append({"kind": "reshuffle", "deck": side, "count": count,
                           "why": "a Black Joker was drawn last round"})
    state.owed_reshuffle = []
    return events


def _stopped_by_surprise(ruleset, person, row, state, rng) -> bool:
    """Seed 000's surprise: a failed Cognition roll deals no cards; the next round needs Guts."""
    rules, dice_rules = ruleset.action, ruleset.dice
    if person.name in state.shaken:
        guts = _required(person.guts, f"{person.name} is still shaken from the surprise and must make a Guts "
                                      f"roll (TN {rules['shock_tn']}): give --guts {person.name}=DICE or a guts trait")
        roll = guts.roll(rng, rules["shock_tn"], dice_rules)
        row["guts"] = results.roll_data(roll)
        if not roll.success:
            row["notes"].append("still shaken: no cards this round")
            return True
        state.shaken.remove(person.name)
        row["notes"].append("shook off the shock")
    if person.surprise_tn is not None:
        cognition = _required(person.cognition, f"{person.name} is surprised: give their Cognition as "
                                                f"--surprised {person.name}:{person.surprise_tn}=DICE or a "
                                                "cognition trait")
        roll = cognition.roll(rng, person.surprise_tn, dice_rules)
        row["cognition"] = results.roll_data(roll)
        if not roll.success:
            row["notes"].append("surprised: no cards this round; a Guts roll next round")
            if person.name not in state.shaken:
                state.shaken.append(person.name)
            return True
    return False


def _quickness(ruleset, person, row, rng, limit) -> int:
    """The Quickness roll and the cards it earns (or the cards typed in, without a roll)."""
    if person.quickness is None and person.cards is None:
        raise ActionError(f"{person.name} has no Quickness: give {person.name}=DICE (e.g. 3d6), a total "
                          "or bust, or a quickness trait on the table's roster")
    if person.quickness is None:
        allowed = len(person.cards)
    else:
        roll = person.quickness.roll(rng, ruleset.action["tn"], ruleset.dice)
        row["quickness"] = results.roll_data(roll)
        allowed = cards_for_roll(roll, ruleset.action, limit)
    row["allowed"] = allowed
    return allowed


def _deal_cards(ruleset, piles, person, row, allowed, rng) -> list[dict]:
    if person.cards is not None:
        codes = [card.code for card in ruleset.deck.parse_many(person.cards)]
        piles.take(codes, person.name)
        row["cards"], row["given"] = codes, True
        if len(codes) != allowed:
            row["notes"].append(f"{len(codes)} cards given; the roll allows {allowed}")
        return []
    if not allowed:
        return []
    drawn = piles.draw(allowed, person.name, rng)
    row["cards"] = list(drawn.cards)
    if drawn.short:
        row["notes"].append(f"the {person.side} deck and its discards ran dry: {len(drawn.cards)} of {allowed} cards")
    if drawn.reshuffled:
        return [{"kind": "reshuffle", "deck": person.side, "count": drawn.reshuffled,
                 "why": "the deck ran out mid-round"}]
    return []


def _specials(ruleset, table, decks, rows, state, rng) -> list[dict]:
    """Special cards, in the order they were dealt: any time, sleeve discards, reshuffles, chips."""
    specials, deck = ruleset.action["specials"], ruleset.deck
    events, owed = [], []
    for row in rows:
        piles = decks[row["side"]]
        for code in list(row["cards"]):
            effect = specials.get(code)
            if not effect:
                continue
            card = deck.parse(code)
            if effect["any_time"]:
                row["notes"].append(f"{card.name}: acts at any time this round, interrupting without a roll")
            if effect["discard_sleeve"]:
                sleeve = piles.sleeves.get(row["name"])
                row["discarded"] = piles.discard([code] + ([sleeve] if sleeve else []), holder=row["name"])
                row["cards"].remove(code)
                events.append({"kind": "discard", "deck": row["side"], "cards": row["discarded"],
                               "why": f"{row['name']} drew the {card.name}"})
            if effect["reshuffle"] and row["side"] not in state.owed_reshuffle:
                state.owed_reshuffle.append(row["side"])
                owed.append({"kind": "reshuffle owed", "deck": row["side"],
                             "why": f"a {card.name}: the deck is reshuffled at the end of the round"})
            events += _special_chip(ruleset, table, effect, row["name"], card, rng)
    return events + owed


def _special_chip(ruleset, table, effect, holder, card, rng) -> list[dict]:
    """The one chip loop for special cards (``action.specials.X.chip``), both styles."""
    if effect["chip"] == "none":
        return []
    taker = holder if effect["chip"] == "holder" else MARSHAL
    return [chip_event(table.chips, ruleset.chips, taker, rng, f"{holder} drew the {card.name}")]


def _required(spec, message):
    if spec is None:
        raise ActionError(message)
    return spec


def _deal_events(rows) -> list[dict]:
    """Each participant's cards for the history."""
    return [{"kind": "deal", "deck": row["side"], "cards": row["cards"] + row.get("discarded", []),
             "person": row["name"]} for row in rows if row["cards"] or row.get("discarded")]


def countdown(ruleset: Any, rows: list[dict], decks: dict) -> dict:
    """The order of play: any-time cards first, then Ace down to Deuce, ties by suit."""
    deck, specials = ruleset.deck, ruleset.action["specials"]
    any_time, entries = [], []
    for row in rows:
        for code in row["cards"]:
            effect = specials.get(code)
            if effect and effect["any_time"]:
                any_time.append({"card": code, "name": row["name"], "side": row["side"]})
            elif not effect:
                entries.append((deck.parse(code), row))
    entries.sort(key=lambda item: _card_sort_key(item[0]), reverse=True)
    order = []
    for card, row in entries:
        entry = {"card": card.code, "name": row["name"], "side": row["side"], "simultaneous": False}
        if order and order[-1]["card"] == card.code and order[-1]["side"] != row["side"]:
            entry["simultaneous"] = order[-1]["simultaneous"] = True
        order.append(entry)
    sleeves = [{"name": holder, "side": side, "card": card}
               for side, piles in decks.items() for holder, card in sorted(piles.sleeves.items())]
    return {"any_time": any_time, "countdown": order, "sleeves": sleeves}


def _count_down_long_actions(state, order) -> None:
    """Seed 000's Speed: each card a character gets spends one card of their long action; it
    resolves on the last. The countdown marks those cards (``mirage 1/2``)."""
    for name in [name for name, action in state.actions.items() if action["spent"] >= action["need"]
                 and not action.get("hex")]:
        del state.actions[name]  # resolved last round
    for entry in order["any_time"] + order["countdown"]:
        action = state.actions.get(entry["name"])
        if action is None or action["spent"] >= action["need"]:
            continue
        action["spent"] += 1
        entry["action"] = f"{action['what']} {action['spent']}/{action['need']}"
        if action["spent"] >= action["need"]:
            entry["action"] += ": resolves now" + (f" (dealer hex \"{action['what']}\")" if action.get("hex") else "")
            entry["resolves"] = True


# -- the poker-hands style --------------------------------------------------------------------


def sub_hands(ruleset: Any, cards: list, context: Any) -> list:
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


def deal_hands(ruleset: Any, table: Table, people: list[Participant], rng: random.Random) -> dict:
    """Seed 003's combat turn order: each draws a hand once per combat; entries from the highest hand down."""
    state = table.state(ActionState)
    context = ruleset.context(ruleset.action["context"] or None)
    if table.persistent and state.rows:  # hands are drawn once per combat: show the same turn order
        data = rank_hands(ruleset, state.rows, context)
        data["combat"] = "continuing: dealer action new starts a new combat"
        return data
    piles = table.deck(COMBAT_DECK, rng)
    rows, events = [], []
    for person in people:
        row = {"name": person.name, "side": person.side, "notes": []}
        rows.append(row)
        events += _draw_hand(ruleset, table, piles, person, row, rng)
    state.rows = [{key: row[key] for key in ("name", "side", "cards", "notes")} for row in rows]
    table.log_events(_deal_events([{**row, "side": COMBAT_DECK} for row in rows]) + events)
    return rank_hands(ruleset, rows, context, events)


def _draw_hand(ruleset, table, piles, person, row, rng) -> list[dict]:
    from dealer.core.mechanics.hex import is_winded

    events = []
    if person.cards is not None:
        codes = [card.code for card in ruleset.deck.parse_many(person.cards)]
        piles.take(codes, person.name)
        row["given"] = True
    else:
        size = person.hand if person.hand is not None else ruleset.action["hand_size"]
        if is_winded(table, person.name):
            size -= 1
            row["notes"].append("winded: one card fewer")
        drawn = piles.draw(max(size, 0), person.name, rng) if size > 0 else None
        codes = drawn.cards if drawn else []
        if not codes:
            row["notes"].append("no cards")
        if drawn and drawn.reshuffled:
            events.append({"kind": "reshuffle", "deck": COMBAT_DECK, "count": drawn.reshuffled,
                           "why": "the deck ran out"})
    row["cards"] = list(codes)
    for code in codes:
        effect = ruleset.action["specials"].get(code)
        if effect:
            events += _special_chip(ruleset, table, effect, person.name, ruleset.deck.parse(code), rng)
    return events


def rank_hands(ruleset: Any, rows: list[dict], context: Any, events=()) -> dict:
    """The countdown of seed 003's combat from hands already dealt (``rows`` with ``cards``)."""
    entries = []
    for row in rows:
        cards = ruleset.deck.parse_many(row["cards"]) if row["cards"] else []
        hands = sub_hands(ruleset, cards, context) if cards else []
        row["hands"] = [hand.rank.id for hand in hands]
        for hand in hands:
            core = hand.rank.pattern.core_size or len(hand.played)
            entries.append({"key": hand.key, "rank": hand.rank.id, "hand": hand.rank.name,
                            "cards": [card.code for card in hand.played[:core]], "name": row["name"],
                            "side": row["side"], "effect": results.effect_label(ruleset, hand.rank)})
        if not hands:
            entry = {"key": None, "rank": None, "hand": "no pair: acts last at -1", "cards": [],
                     "name": row["name"], "side": row["side"], "modifier": -1}
            best = ruleset.ranking.best(cards, context) if cards else None
            if draws.is_bust(ruleset, cards, best):
                row["bust"] = draws.how_black(cards)
                entry["hand"] = "BUST: acts last at -1"
                entry["bust"] = row["bust"]
            entries.append(entry)
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
    return {"participants": rows, "countdown": order, "any_time": [], "sleeves": [], "events": list(events)}


# -- between rounds: a new combat, sleeves, interrupts, long actions --------------------------


def new_combat(ruleset: Any, table: Table, rng: random.Random) -> dict:
    """Every action card back, the decks shuffled, sleeves and the combat's state cleared."""
    ruleset.require("action")
    names = [COMBAT_DECK] if ruleset.action["style"] == "hands" else list(ruleset.action["sides"])
    for name in names:
        table.deck(name, rng).collect(rng)
    state = table.state(ActionState)
    state.round, state.owed_reshuffle, state.shaken, state.rows, state.actions = 0, [], [], [], {}
    table.log("new combat", data={"decks": names})
    return {"table": table.name, "new_combat": True, "decks": names}


def _holder_deck(ruleset, table, name):
    """The side deck in which ``name`` holds cards (or a sleeve card)."""
    ruleset.require("action")
    for side in ruleset.action["sides"]:
        piles = table.decks.get(side)
        if piles is not None and (name in piles.play or name in piles.sleeves):
            return side, piles
    raise ActionError(f"{name} holds no action cards on table '{table.name}': deal a round first "
                      "(dealer action --table ...)")


def resolve_sleeve(ruleset: Any, name: str, card: str | None, table: Table) -> dict:
    """Put one of ``name``'s action cards up the sleeve; the lowest non-special by default."""
    side, piles = _holder_deck(ruleset, table, name)
    chosen = sleeve(ruleset, piles, name, card)
    table.touch(side)
    table.log("sleeve", deck=side, cards=[chosen], data={"person": name})
    return {"table": table.name, "name": name, "card": chosen}


def sleeve(ruleset: Any, piles: Any, holder: str, card: str | None = None) -> str:
    deck, specials = ruleset.deck, ruleset.action["specials"]
    held = piles.play.get(holder, [])
    if not held:
        raise ActionError(f"{holder} holds no action cards this round")
    if card is None:
        usable = [code for code in held if not specials.get(code)]
        if not usable:
            raise ActionError(f"{holder} holds only {', '.join(held)}: a Joker never goes up a sleeve")
        card = min(usable, key=lambda code: _card_sort_key(deck.parse(code)))
    else:
        card = deck.parse(card).code
    effect = specials.get(card)
    if effect and not effect["sleeve"]:
        raise ActionError(f"the {deck.parse(card).name} can never be held up a sleeve")
    try:
        piles.to_sleeve(holder, card)
    except PileError as error:
        raise ActionError(str(error)) from None
    return card


def resolve_play(ruleset: Any, name: str, table: Table) -> dict:
    """``name`` plays the card up their sleeve: it goes to the discards."""
    side, piles = _holder_deck(ruleset, table, name)
    try:
        card = piles.from_sleeve(name)
    except PileError as error:
        raise ActionError(str(error)) from None
    table.touch(side)
    table.log("play sleeve", deck=side, cards=[card], data={"person": name})
    return {"table": table.name, "name": name, "card": card}


class InterruptRequest(Request):
    """``name`` interrupts ``against``; ``rolls``: NAME=DICE for either, else their roster quickness."""

    FIELDS = {"name": "", "against": "", "rolls": ()}


def resolve_interrupt(ruleset: Any, request: InterruptRequest, table: Table, rng: random.Random) -> dict:
    """``name`` interrupts ``against``: with an any-time card (the Red Joker) at once and
    without a roll, spending it; with a sleeve card by an opposed Quickness roll."""
    ruleset.require("action")
    given = _named_rolls(request.rolls, "--roll", ruleset.dice["sides"])
    if table.persistent:
        side, piles = _holder_deck(ruleset, table, request.name)
        any_time = [code for code in piles.play.get(request.name, [])
                    if ruleset.action["specials"].get(code, {}).get("any_time")]
        if any_time:
            piles.discard(any_time[:1], holder=request.name)
            table.touch(side)
            table.log("interrupt", deck=side, cards=any_time[:1],
                      data={"person": request.name, "against": request.against, "outcome": "first"})
            return {"table": table.name, "name": request.name, "against": request.against, "card": any_time[0],
                    "roll": None, "their_roll": None, "outcome": "first",
                    "why": f"the {ruleset.deck.parse(any_time[0]).name} acts at any time, without a roll"}
        if request.name not in piles.sleeves:
            raise ActionError(f"{request.name} has no card up the sleeve to interrupt with")
    result = interrupt(ruleset, rng, request.name, _interrupt_roll(ruleset, table, request.name, given),
                       request.against, _interrupt_roll(ruleset, table, request.against, given))
    if table.persistent:
        result["table"], result["card"] = table.name, piles.sleeves[request.name]
        if result["outcome"] != "no":
            piles.from_sleeve(request.name)
            table.touch(side)
        table.log("interrupt", deck=side, cards=[result["card"]] if result["outcome"] != "no" else [],
                  data={"person": request.name, "against": request.against, "outcome": result["outcome"]})
    return result


def _interrupt_roll(ruleset, table, person, given):
    spec = given.get(person) or _roster_trait(table, person, "quickness", ruleset.dice["sides"])
    if spec is None:
        raise ActionError(f"no Quickness for {person}: give --roll \"{person}=DICE\"")
    return spec


def interrupt(ruleset: Any, rng: random.Random, name: str, name_roll: RollSpec, other: str,
              other_roll: RollSpec) -> dict:
    """An opposed Quickness roll (TN 5 for both) to play a sleeve card before ``other`` acts.

    ``name`` must succeed and beat ``other``'s total (or the TN, if ``other`` fails): a
    success means the actions are simultaneous, a raise over the higher of the two that
    ``name`` acts first; anything else, ``name`` does not interrupt and keeps the card.
    """
    tn, dice_rules = ruleset.action["interrupt_tn"], ruleset.dice
    mine = name_roll.roll(rng, tn, dice_rules)
    theirs = other_roll.roll(rng, tn, dice_rules)
    bar = max(theirs.total, tn) if theirs.success else tn
    if not mine.success or (theirs.success and mine.total <= theirs.total):
        outcome = "no"
    elif (mine.total - bar) // ruleset.dice["raise_step"] >= 1:
        outcome = "first"
    else:
        outcome = "simultaneous"
    return {"name": name, "against": other, "roll": results.roll_data(mine),
            "their_roll": results.roll_data(theirs), "outcome": outcome}


def resolve_begin(ruleset: Any, name: str, cards: int, what: str, table: Table, *, card: str | None = None,
                  hex_: bool = False) -> dict:
    """Start an action of ``cards`` action cards (Speed): it is spent across rounds and resolves
    on the last card (a hex is then cast with ``dealer hex``).

    Begun during a round, the card ``name`` acts on now (``card``; by default their first card
    of the round) and each of their cards called after it this round are spent on it; later
    rounds' deals spend the rest.
    """
    ruleset.require("action")
    if ruleset.action["style"] != "countdown":
        raise ActionError("actions of several cards are counted on action cards (style countdown)")
    if cards < 1:
        raise ActionError("an action takes at least one card")
    if name not in table.roster:
        table.person(name)
    state = table.state(ActionState)
    current = state.actions.get(name)
    if current and current["spent"] < current["need"]:
        raise ActionError(f"{name} is already spending cards on {current['what']} "
                          f"({current['spent']} of {current['need']})")
    spending = _cards_from(ruleset, table, name, card)[:cards]
    spent = len(spending)
    state.actions[name] = {"what": what, "need": cards, "spent": spent, **({"hex": True} if hex_ else {})}
    table.log("begin action", data={"person": name, "what": what, "cards": cards, "spent": spent})
    return {"table": table.name, "name": name, "what": what, "cards": cards, "spent": spent,
            "spending": spending, "resolves_on": spending[-1] if spent == cards else None}


def _cards_from(ruleset, table, name, card) -> list[str]:
    """``name``'s cards of this round in the order they are called, from ``card`` (or the first) on."""
    rows = [{"name": name, "side": side, "cards": table.decks[side].play.get(name, [])}
            for side in ruleset.action["sides"] if side in table.decks]
    order = countdown(ruleset, rows, {})
    called = [entry["card"] for entry in order["any_time"] + order["countdown"]]
    if card is None:
        return called
    code = ruleset.deck.parse(card).code
    if code not in called:
        held = ", ".join(called) or "none"
        raise ActionError(f"{name} holds no {code} this round (their cards: {held}); name one of them with --card, "
                          "or leave --card out to start from their first card")
    return called[called.index(code):]


def long_action(table: Table, name: str) -> dict | None:
    """The action of several cards ``name`` is spending (or has just finished), if any."""
    return table.state(ActionState).actions.get(name)


def end_long_action(table: Table, name: str) -> None:
    table.state(ActionState).actions.pop(name, None)


def in_combat(table: Table) -> bool:
    """A countdown combat is under way on this table (a round has been dealt)."""
    return table.persistent and table.state(ActionState).round > 0
