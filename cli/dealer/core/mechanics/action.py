"""Combat rounds: who acts when.

Two styles, chosen by the ruleset's ``[action] style``:

* ``countdown`` (seed 000): each character rolls Quickness; a success draws one card, one
  more per raise (five at most); the Marshal counts down Ace to Deuce, ties broken by suit;
  the same card and suit on both sides act simultaneously. Special cards (Jokers) do what
  ``[action.specials]`` says: act any time, draw a chip, discard the sleeve card, reshuffle
  the side's deck at the end of the round.
* ``hands`` (seed 003): each character draws a hand once for the combat and acts at every
  hand rank, pair or better, that whole sets of their cards make; no pair acts last at -1.

Everything here is pure: decks (``Piles``), chips and the table's combat state come in,
are changed, and the round comes back as plain data.

Sarah's example from seed 000: a 16 is two raises, three cards.

>>> from dealer.core.dice import given_roll
>>> cards_for_roll(given_roll(16, tn=5), {"cards_on_success": 1, "cards_per_raise": 1,
...     "cards_on_failure": 0, "cards_on_bust": 0}, max_cards=5)
3
"""

from __future__ import annotations

import re

from dealer.core.dice import given_roll, parse_dice, trait_roll
from dealer.core.piles import PileError, chip_event
from dealer.core.table import check_keys
from dealer.errors import DealerError

MARSHAL = "Marshal"  # who draws the Marshal's chips


class ActionError(DealerError):
    """A participant, a sleeve or an interrupt that the rules or the table do not allow."""


class ActionState:
    """The ``action`` part of a table: the combat so far.

    ``round`` (rounds dealt), ``owed_reshuffle`` (sides whose deck a Black Joker will
    reshuffle), ``shaken`` (surprised characters who still need a Guts roll), ``rows``
    (style ``hands``: the hands drawn once for the combat).
    """

    KEY = "action"
    FIELDS = ("round", "owed_reshuffle", "shaken", "rows")
    __slots__ = FIELDS

    def __init__(self, round=0, owed_reshuffle=(), shaken=(), rows=()):
        self.round = int(round)
        self.owed_reshuffle = list(owed_reshuffle)
        self.shaken = list(shaken)
        self.rows = [dict(row) for row in rows]

    @classmethod
    def from_data(cls, data: dict) -> "ActionState":
        check_keys(data, cls.FIELDS, "action state")
        return cls(**data)

    def to_data(self) -> dict:
        return {key: getattr(self, key) for key in self.FIELDS if getattr(self, key)}


# -- participants -----------------------------------------------------------------------------


class RollSpec:
    """How a trait roll is made: dice to roll, a total already rolled, or a bust."""

    __slots__ = ("dice", "total", "bust", "text")

    def __init__(self, text, dice=None, total=None, bust=False):
        self.text = text
        self.dice = dice  # (count, sides, modifier)
        self.total = total
        self.bust = bust

    @classmethod
    def parse(cls, text, sides):
        text = str(text).strip()
        if text.lower() == "bust":
            return cls(text, bust=True)
        if re.fullmatch(r"-?\d+", text):
            return cls(text, total=int(text))
        return cls(text, dice=parse_dice(text, sides))

    def roll(self, rng, tn, dice_rules):
        if self.bust:
            return given_roll(0, tn=tn, raise_step=dice_rules["raise_step"], bust=True)
        if self.total is not None:
            return given_roll(self.total, tn=tn, raise_step=dice_rules["raise_step"])
        count, sides, modifier = self.dice
        return trait_roll(count, sides, rng, modifier=modifier, tn=tn, raise_step=dice_rules["raise_step"],
                          bust=dice_rules["bust"], max_chain=dice_rules["max_chain"])


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


_SPEC = re.compile(r"\s*([^=]+?)\s*=\s*(.*)\s*")


def split_spec(text):
    """``NAME=SPEC`` into its parts; ``SPEC`` may end in ``:CARDS`` for cards dealt by hand."""
    match = _SPEC.fullmatch(text)
    if not match or not match.group(1):
        raise ActionError(f"'{text}': write NAME=SPEC, e.g. Sarah=3d6, Sarah=16, Sarah=bust or Sarah=16:Qh,8d,4c")
    name, spec = match.group(1), match.group(2)
    spec, _, cards = spec.partition(":")
    return name, spec.strip(), [c for c in re.split(r"[,\s]+", cards) if c] if cards else None


def cards_for_roll(roll, rules, max_cards):
    """Cards a Quickness roll earns (seed 000's table, from the ruleset)."""
    if roll.bust:
        return rules["cards_on_bust"]
    if not roll.success:
        return rules["cards_on_failure"]
    return min(rules["cards_on_success"] + roll.raises * rules["cards_per_raise"], max_cards)


def roll_data(roll, spec):
    """A roll as data for the round's result (the dice, or the total given)."""
    data = {"spec": spec.text, "total": roll.total, "bust": roll.bust, "success": roll.success,
            "raises": roll.raises, "tn": roll.tn}
    if roll.dice:
        data["rolls"] = [die.chain for die in roll.dice]
    return data


# -- the countdown ------------------------------------------------------------------------------


def _card_sort_key(card):
    """Ace down to Deuce, then spades, hearts, diamonds, clubs (the deck's suit order)."""
    return (card.value, card.suit.strength if card.suit else 0)


def deal_countdown(ruleset, decks, participants, rng, state, chips=None, max_cards=None):
    """Deal one round of action cards and build the countdown.

    ``decks`` maps each side to its Piles; ``state`` is the table's combat state (round
    number, owed reshuffles, who is still shaken), updated in place; ``chips`` is the
    table's Chips or None. Returns the round as data, with its events.
    """
    rules, dice_rules, deck = ruleset.action, ruleset.dice, ruleset.deck
    specials = rules["specials"]
    limit = max_cards or rules["max_cards"]
    events = []
    round_number = state.get("round", 0) + 1
    state["round"] = round_number

    # Last round's unplayed cards go to the discards; then any reshuffle a Black Joker owed.
    for side, piles in decks.items():
        cleared = piles.discard_all_in_play()
        if cleared:
            events.append({"kind": "discard", "deck": side, "cards": cleared, "why": "end of the last round"})
    for side in state.pop("owed_reshuffle", []):
        if side in decks:
            count = decks[side].shuffle(rng)
            events.append({"kind": "reshuffle", "deck": side, "count": count,
                           "why": "a Black Joker was drawn last round"})

    shaken = set(state.get("shaken", []))
    rows = []
    for person in participants:
        row = {"name": person.name, "side": person.side, "cards": [], "notes": []}
        rows.append(row)
        piles = decks[person.side]
        if person.name in shaken:
            guts = _required(person.guts, f"{person.name} is still shaken from the surprise and must make a Guts "
                                          f"roll (TN {rules['shock_tn']}): give --guts {person.name}=DICE or a "
                                          "guts trait")
            result = guts.roll(rng, rules["shock_tn"], dice_rules)
            row["guts"] = roll_data(result, guts)
            if not result.success:
                row["notes"].append("still shaken: no cards this round")
                continue
            shaken.discard(person.name)
            row["notes"].append("shook off the shock")
        if person.surprise_tn is not None:
            cognition = _required(person.cognition, f"{person.name} is surprised: give their Cognition as "
                                                    f"--surprised {person.name}:{person.surprise_tn}=DICE or a "
                                                    "cognition trait")
            result = cognition.roll(rng, person.surprise_tn, dice_rules)
            row["cognition"] = roll_data(result, cognition)
            if not result.success:
                row["notes"].append("surprised: no cards this round; a Guts roll next round")
                shaken.add(person.name)
                continue
        if person.quickness is None and person.cards is None:
            raise ActionError(f"{person.name} has no Quickness: give {person.name}=DICE (e.g. 3d6), a total "
                              "or bust, or a quickness trait on the table's roster")
        if person.quickness is not None:
            result = person.quickness.roll(rng, rules["tn"], dice_rules)
            row["quickness"] = roll_data(result, person.quickness)
            allowed = cards_for_roll(result, rules, limit)
        else:
            allowed = len(person.cards)
        row["allowed"] = allowed
        if person.cards is not None:
            codes = [card.code for card in deck.parse_many(person.cards)]
            piles.take(codes, person.name)
            row["cards"] = codes
            row["given"] = True
            if len(codes) != allowed:
                row["notes"].append(f"{len(codes)} cards given; the roll allows {allowed}")
        elif allowed:
            drawn = piles.draw(allowed, person.name, rng)
            if drawn.reshuffled:
                events.append({"kind": "reshuffle", "deck": person.side, "count": drawn.reshuffled,
                               "why": "the deck ran out mid-round"})
            if drawn.short:
                row["notes"].append(f"the {person.side} deck and its discards ran dry: "
                                    f"{len(drawn.cards)} of {allowed} cards")
            row["cards"] = list(drawn.cards)
    state["shaken"] = sorted(shaken)

    # Special cards, in the order they were dealt.
    owed = []
    for row in rows:
        piles = decks[row["side"]]
        for code in list(row["cards"]):
            effect = specials.get(code)
            if not effect:
                continue
            card = deck.parse(code)
            if effect["any_time"]:
                row["notes"].append(f"{card.name}: acts at any time this round")
            if effect["discard_sleeve"]:
                sleeve = piles.sleeves.get(row["name"])
                piles.discard([code] + ([sleeve] if sleeve else []), holder=row["name"])
                row["cards"].remove(code)
                row["discarded"] = [code] + ([sleeve] if sleeve else [])
                events.append({"kind": "discard", "deck": row["side"], "cards": row["discarded"],
                               "why": f"{row['name']} drew the {card.name}"})
            if effect["reshuffle"] and row["side"] not in owed:
                owed.append(row["side"])
            if effect["chip"] != "none":
                taker = row["name"] if effect["chip"] == "holder" else MARSHAL
                events.append(chip_event(chips, ruleset.chips, taker, rng, f"{row['name']} drew the {card.name}"))
    if owed:
        state["owed_reshuffle"] = owed
        for side in owed:
            events.append({"kind": "reshuffle owed", "deck": side,
                           "why": "a Black Joker: the deck is reshuffled at the end of the round"})

    return {"round": round_number, "participants": rows, **countdown(ruleset, rows, decks), "events": events}


def _required(spec, message):
    if spec is None:
        raise ActionError(message)
    return spec


def countdown(ruleset, rows, decks):
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


# -- sleeves and interrupts -------------------------------------------------------------------


def sleeve(ruleset, piles, holder, card=None):
    """Put one of ``holder``'s action cards up the sleeve; the lowest non-special by default."""
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


def interrupt(ruleset, rng, name, name_roll, other, other_roll):
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
    return {"name": name, "against": other, "roll": roll_data(mine, name_roll),
            "their_roll": roll_data(theirs, other_roll), "outcome": outcome}


# -- the poker-hands style --------------------------------------------------------------------


def sub_hands(ruleset, cards, context):
    """Every hand rank, pair or better (``min_rank``), that whole sets of the cards make.

    A set of equal cards is used whole: a full house acts at full house, at three of a kind
    (its three) and at pair (its two), never at two pair (seed 003); other ranks (straight,
    flush) count when the cards can fill them. Returns the Hand of each rank, best first.
    """
    ranking = ruleset.ranking
    least = ruleset.threshold(ruleset.action["min_rank"])[0]
    groups = {}
    for card in cards:
        if card.kind == "plain" and card not in context.wild:
            groups.setdefault(card.value, []).append(card)
    found = []
    for rank in ranking.ranks:
        if rank.strength < least.strength:
            break
        pattern = rank.pattern
        if pattern.groups and not (pattern.sequence or pattern.flush or pattern.trump_run or pattern.trumps):
            chosen = _whole_groups(groups, pattern.groups)
            if chosen is None:
                continue
            hand = ranking.best(chosen, context)
        else:
            hand = ranking.best_at(rank, cards, context)
        if hand is not None and hand.rank is rank:
            found.append(hand)
    return found


def _whole_groups(groups, sizes):
    """The highest sets of exactly these sizes, of different ranks, or None."""
    chosen, used = [], set()
    for size in sizes:
        options = [value for value, cards in groups.items() if len(cards) == size and value not in used]
        if not options:
            return None
        best = max(options)
        used.add(best)
        chosen.extend(groups[best])
    return chosen


def deal_hands(ruleset, piles, participants, rng, context, chips=None):
    """Seed 003's combat turn order: each draws a hand once; entries from the highest hand down.

    A special card whose ``[action.specials]`` entry names a chip (the Red Joker) draws one
    for its holder.
    """
    rules = ruleset.action
    rows, events = [], []
    for person in participants:
        row = {"name": person.name, "side": person.side, "notes": []}
        rows.append(row)
        if person.cards is not None:
            codes = [card.code for card in ruleset.deck.parse_many(person.cards)]
            piles.take(codes, person.name)
            row["given"] = True
        else:
            size = person.hand if person.hand is not None else rules["hand_size"]
            if size < 1:
                row["notes"].append("no cards")
                codes = []
            else:
                drawn = piles.draw(size, person.name, rng)
                if drawn.reshuffled:
                    events.append({"kind": "reshuffle", "deck": "combat", "count": drawn.reshuffled,
                                   "why": "the deck ran out"})
                codes = drawn.cards
        row["cards"] = list(codes)
        for code in codes:
            effect = rules["specials"].get(code)
            if effect and effect["chip"] != "none":
                taker = person.name if effect["chip"] == "holder" else MARSHAL
                events.append(chip_event(chips, ruleset.chips, taker, rng,
                                          f"{person.name} drew the {ruleset.deck.parse(code).name}"))
    return rank_hands(ruleset, rows, context, events)


def rank_hands(ruleset, rows, context, events=()):
    """The countdown of seed 003's combat from hands already dealt (``rows`` with ``cards``)."""
    entries = []
    for row in rows:
        cards = ruleset.deck.parse_many(row["cards"]) if row["cards"] else []
        hands = sub_hands(ruleset, cards, context) if cards else []
        row["hands"] = [hand.rank.id for hand in hands]
        for hand in hands:
            entries.append({"key": hand.key, "rank": hand.rank.id, "hand": hand.rank.name,
                            "cards": [card.code for card in hand.played], "name": row["name"],
                            "side": row["side"], "effect": hand.rank.effect})
        if not hands:
            entries.append({"key": None, "rank": None, "hand": "no pair: acts last at -1", "cards": [],
                            "name": row["name"], "side": row["side"], "modifier": -1})
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
