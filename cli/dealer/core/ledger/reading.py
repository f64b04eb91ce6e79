"""A table's history read as trials: for each chance a person took, the row it counts in, its exact
chances (``chances.Book``) and what came of it.

Which events hold which chances (each as its mechanic records it: ``situations``):

- a trait roll: ``roll`` (``--as``: ``data.roll``; without: ``data.ledger.roll``), ``reroll``,
  the rolls of a round and of a latecomer (``data.ledger.people``), a hexslingin' roll, the rolls
  an event makes for people (``data.ledger.rolls``: an interrupt's opposed rolls, SWADE's recovery
  from Shaken or Stunned, Bleeding Out, Incapacitation; a round's Bleeding Out roll, ``data.roll``):
  a bust, a success, its raises, the Wild Die's save; a recovery's success, a recovery;
- SWADE's damage aimed at a person (``data.ledger.damage``): a hit (Shaken or worse) and the
  wounds dealt, for whoever rolled it; a Soak (``data.ledger.soak``): the wounds soaked;
- action cards: the cards a Quickness roll earned, the Jokers dealt (a round, ``action join``, a
  Benny's new card);
- a huckster's hex (works, fizzles, backlash), a poker-hands spell (success, bust);
- a device's use (a breakdown), a contest or conflict (won, lost), a chip's blind draw (its colour).

A trial whose chances cannot be known is kept with ``chances`` None and ``why``: an event logged
before dealer recorded what the ledger reads, dice or cards typed in, conflict odds that are
simulated rather than counted.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from dealer.core.ledger.chances import damage_key, roll_key, yes
from dealer.core.ledger.situations import KEY, jokers

if TYPE_CHECKING:
    from collections.abc import Iterator

    from dealer.core.ledger.chances import Book, Chances
    from dealer.core.rules import Ruleset

OLD = "logged before dealer recorded what the ledger reads"
TYPED_DICE = "rolled by hand (a total typed in: the dice are not known)"
TYPED_CARDS = "dealt by hand (cards typed in: not drawn from the deck)"
RAN_OUT = "drawn through a reshuffle or from a deck that ran short"
SIMULATED = "dealt with other hands from one deck (dealer odds conflict simulates these, it cannot count them)"
FACE_DOWN = "drawn from a face-down deck (a shared table's: the Jokers left in it are not known)"
UNCOUNTED = "beyond what the odds engine counts exactly"
RECOVERIES = ("recover-shaken", "recover-stunned")  # a person's rolls (``situations.person_rolls``) that recover


class Trial(NamedTuple):
    """One chance a person took: the ``row`` it counts in, its ``chances`` of 0, 1, ... (None: not
    known, and ``why``), what came of it (``observed``; None where the log does not say)."""

    person: str | None
    row: str
    chances: Chances | None
    observed: int | None
    why: str = ""


def trials(ruleset: Ruleset, events: list[dict], book: Book) -> Iterator[Trial]:
    """Every trial of ``events`` (a table's history, oldest first, undone events left out)."""
    told: dict[tuple, set] = {}  # each command run's people whose deals an event of the run tells
    for event in events:
        seen = (event.get("data") or {}).get(KEY)
        if isinstance(seen, dict) and isinstance(seen.get("people"), list):
            told.setdefault(run_of(event), set()).update(entry.get("person") for entry in seen["people"])
    reader = _Reader(ruleset, book, told)
    for event in events:
        yield from reader.read(event)


class _Reader:
    def __init__(self, ruleset: Ruleset, book: Book, told: dict[tuple, set]):
        self.ruleset, self.book, self.told = ruleset, book, told
        self.jokers = jokers(ruleset)
        self.countdown = "action" in ruleset.document["mechanics"] and ruleset.action["style"] == "countdown"
        self.rolled_damage: dict[tuple, str | None] = {}  # each command run's damage roller, told by its roll or reroll

    def read(self, event: dict) -> Iterator[Trial]:
        data = event["data"] if isinstance(event.get("data"), dict) else {}
        seen = data.get(KEY) if isinstance(data.get(KEY), dict) else None
        kind = event["kind"]
        if seen is not None:
            yield from self.recorded(data, seen)
        if kind in ("roll", "reroll") and isinstance(data.get(kind), dict) and data[kind].get("kind") == "damage":
            self.rolled_damage[run_of(event)] = data.get("person")
        if kind in ("recovery", "bleeding out", "damage", "soak"):
            yield from self.older(kind, data, seen or {}, self.rolled_damage.get(run_of(event)))
        elif kind == "roll":
            if isinstance(data.get("roll"), dict) and data.get("person"):
                yield from self.roll(data["person"], data["roll"])
            elif seen is not None:
                yield from self.roll(None, seen["roll"])
            elif " damage" not in str(data.get("roll", "")):  # an older trait roll, told only in words
                yield from self.roll(None, None)
        elif kind == "reroll" and isinstance(data.get("reroll"), dict):
            yield from self.roll(data.get("person"), data["reroll"])
        elif kind == "deal" and seen is None and self.countdown and event["command"] in ("action", "action join"):
            if data.get("person") not in self.told.get(run_of(event), ()):
                held = sum(1 for code in event["cards"] if code in self.jokers)
                yield Trial(data.get("person"), "jokers", None, held, OLD)
        elif kind == "hex":
            yield from self.hex(data, seen)
        elif kind == "spell":
            yield from self.spell(event, data, seen)
        elif kind == "gadget use":
            yield from self.gadget(data, seen)
        elif kind in ("contest", "conflict"):
            yield from self.contest(kind, data, seen)
        elif kind == "chip draw" and data.get("colour"):
            yield from self.chip(data, seen)

    def recorded(self, data: dict, seen: dict) -> Iterator[Trial]:
        """What an event recorded of itself, whatever its kind (``situations``): a round's deals, the trait
        rolls made for people, damage aimed at a person, a Soak."""
        if isinstance(seen.get("people"), list):
            for entry in seen["people"]:
                yield from self.dealt(entry)
        for entry in seen.get("rolls") if isinstance(seen.get("rolls"), list) else ():
            yield from self.roll(entry["person"], entry["roll"])
            if entry.get("for") in RECOVERIES:
                key = roll_key(entry["roll"])
                yield Trial(entry["person"], "recoveries", self.book.success(key) if key else None,
                            _observed("success", entry["roll"]), "" if key else TYPED_DICE)
        if isinstance(seen.get("damage"), dict):
            yield from self.damage(seen["damage"])
        if isinstance(seen.get("soak"), dict):
            yield from self.soak(data.get("person"), seen["soak"])

    def older(self, kind: str, data: dict, seen: dict, by: str | None) -> Iterator[Trial]:
        """SWADE's events about a person logged before they recorded what the ledger reads: what they did,
        counted apart (damage for ``by``, who rolled it as its command's roll event tells). A round's Bleeding
        Out roll is in its event whole, as a ``roll --as`` is."""
        person = data.get("person")
        if kind == "bleeding out" and isinstance(data.get("roll"), dict):
            yield from self.roll(person, data["roll"])
        elif kind in ("recovery", "bleeding out") and "rolls" not in seen:
            yield from self.roll(person, None)
            if kind == "recovery":
                yield Trial(person, "recoveries", None, int(bool(data.get("recovered"))), OLD)
        elif kind == "damage" and "damage" not in seen:
            hit = isinstance(data.get("total"), int) and isinstance(data.get("toughness"), int) \
                and data["total"] >= data["toughness"]
            yield Trial(by, "hits", None, int(hit), OLD)
            yield Trial(by, "wounds", None, data.get("wounds"), OLD)
        elif kind == "soak" and "soak" not in seen:
            yield Trial(person, "soaked", None, data.get("soaked"), OLD)

    # -- trait rolls and action cards ----------------------------------------------------------

    def roll(self, person: str | None, roll: dict | None) -> Iterator[Trial]:
        """A trait roll's trials: bust, success, raises and, with a Wild Die, its save."""
        if roll is not None and roll.get("kind", "roll") != "roll":
            return  # a damage roll: no trait roll
        key = roll_key(roll) if roll is not None else None
        wild = key is not None and key[4] > 0
        rows = ("bust", "success", "raises", *(("wild-save",) if wild else ()))
        if key is None:
            why = TYPED_DICE if roll is not None else OLD
            for row in rows:
                yield Trial(person, row, None, _observed(row, roll) if roll is not None else None, why)
            return
        book = self.book
        found = {"bust": book.bust, "success": book.success, "raises": book.raises, "wild-save": book.wild_save}
        for row in rows:
            yield Trial(person, row, found[row](key), _observed(row, roll))

    def dealt(self, entry: dict) -> Iterator[Trial]:
        """A person's part of a round: their rolls, the cards a Quickness roll earned, the Jokers."""
        person = entry.get("person")
        rolls = entry.get("rolls") or {}
        for roll in rolls.values():
            yield from self.roll(person, roll)
        if "allowed" in entry and isinstance(rolls.get("quickness"), dict):
            key = roll_key(rolls["quickness"])
            chances = self.book.cards(key, entry["most"]) if key is not None else None
            yield Trial(person, "cards", chances, entry["allowed"], "" if chances else TYPED_DICE)
        if entry.get("typed"):
            yield Trial(person, "jokers", None, None, TYPED_CARDS)
        deck = entry.get("deck")
        if not isinstance(deck, dict):
            return
        if deck.get("jokers") is None:
            observed = int(bool(entry.get("joker"))) if "plan" in entry else entry.get("jokers")
            yield Trial(person, "jokers", None, observed, FACE_DOWN)
            return
        if "plan" in entry:
            observed = int(bool(entry.get("joker")))
            if entry.get("reshuffled"):
                yield Trial(person, "jokers", None, observed, RAN_OUT)
                return
            plan = entry["plan"]
            key = (plan["cards"], plan["keep"], plan["any_time_kept"], plan["redraw_at_most"])
            yield Trial(person, "jokers", self.book.joker_kept(key, deck["cards"], deck["jokers"], deck.get("low", 0)),
                        observed)
            return
        drawn = min(entry.get("allowed", 0), deck["cards"])
        if entry.get("reshuffled") or not drawn:
            if drawn or entry.get("reshuffled"):
                yield Trial(person, "jokers", None, entry.get("jokers"), RAN_OUT)
            return
        yield Trial(person, "jokers", self.book.jokers(drawn, deck["cards"], deck["jokers"]), entry.get("jokers", 0))

    # -- SWADE's damage and Soak ------------------------------------------------------------------

    def damage(self, aimed: dict) -> Iterator[Trial]:
        """Damage aimed at a person, for whoever rolled it: a hit (the Toughness reached) and the wounds it
        dealt them as it found them (none to count against someone Incapacitated already)."""
        from dealer.core.mechanics.wounds import wounds_dealt

        person, roll = aimed.get("by"), aimed["roll"]
        key = damage_key(roll)
        why = "" if key else TYPED_DICE
        reached = bool(roll.get("success"))
        yield Trial(person, "hits", self.book.hits(key) if key else None, int(reached), why)
        if aimed.get("incapacitated"):
            return
        chances = self.book.wounds(key, bool(aimed["shaken"]), bool(aimed["extra"])) if key else None
        yield Trial(person, "wounds", chances, wounds_dealt(reached, roll.get("raises") or 0, aimed), why)

    def soak(self, person: str | None, soak: dict) -> Iterator[Trial]:
        """A Soak roll: the wounds it soaked of those it could (``wounds.successes``)."""
        from dealer.core.mechanics.wounds import successes

        roll, wounds = soak["roll"], soak["wounds"]
        key = roll_key(roll)
        yield Trial(person, "soaked", self.book.soaked(key, wounds) if key else None, min(successes(roll), wounds),
                    "" if key else TYPED_DICE)

    # -- casts, gadgets, contests, chips -------------------------------------------------------

    def hex(self, data: dict, seen: dict | None) -> Iterator[Trial]:
        """A huckster's hex: the hexslingin' roll, and whether it worked, fizzled, backlashed."""
        caster = data.get("caster")
        works, backlash = int(bool(data.get("works"))), int(bool(data.get("backlash")))
        roll = seen.get("roll") if seen is not None else None
        fizzles = int(bool(roll and roll.get("success")) and not works) if roll is not None else None
        observed = {"works": works, "fizzles": fizzles, "backlash": backlash}
        if seen is not None:
            yield from self.roll(caster, roll)
        key = roll_key(roll) if roll is not None else None
        why = OLD if seen is None else TYPED_DICE if key is None else TYPED_CARDS if seen.get("typed") else \
            RAN_OUT if seen.get("short") else ""
        cast = self.book.hex(key, seen["level"], seen["minimum"]) if not why else None
        if cast is None and not why:
            why = UNCOUNTED
        for row in ("works", "fizzles", "backlash"):
            yield Trial(caster, row, cast[row] if cast else None, observed[row], why)

    def spell(self, event: dict, data: dict, seen: dict | None) -> Iterator[Trial]:
        """A poker-hands spell: success against its target, bust, and for a huckster any Joker's backlash."""
        caster = data.get("caster")
        jokers = set(self.ruleset.draws["bust_cards"])
        observed = {"spell-success": int(bool(data.get("success"))), "spell-bust": int(bool(data.get("bust"))),
                    "spell-backlash": int(any(code in jokers for code in event["cards"]))}
        why = OLD if seen is None else TYPED_CARDS if seen.get("typed") else RAN_OUT if seen.get("short") else ""
        drawn = None
        if not why:
            rank, least = self.ruleset.threshold(seen["target"])
            drawn = self.book.draw(seen["cards"], seen["picks"], (rank.id, least))
            why = "" if drawn else UNCOUNTED
        for row, part in (("spell-success", "success"), ("spell-bust", "bust")):
            yield Trial(caster, row, drawn[part] if drawn else None, observed[row], why)
        if seen is not None and seen.get("huckster"):
            chances = self.book.any_of(seen["cards"], len(jokers)) if not why or why == UNCOUNTED else None
            yield Trial(caster, "spell-backlash", chances, observed["spell-backlash"], "" if chances else why)

    def gadget(self, data: dict, seen: dict | None) -> Iterator[Trial]:
        """A device's use: a breakdown, counted for the device's builder."""
        observed = int(bool(data.get("breakdown")))
        builder = (seen or {}).get("builder") or None
        if seen is None or seen.get("typed"):
            yield Trial(builder, "breakdowns", None, observed, OLD if seen is None else TYPED_CARDS)
            return
        yield Trial(builder, "breakdowns", self.book.breakdown(data["reliability"]), observed)

    def contest(self, kind: str, data: dict, seen: dict | None) -> Iterator[Trial]:
        """Won and lost: a lone contestant against a target counted exactly, the rest observed only."""
        people = data.get("participants") or []
        success = data.get("success") or {}
        winner = data.get("winner")
        chances, why = None, SIMULATED if kind == "conflict" else OLD if seen is None else SIMULATED
        if seen is not None and len(people) == 1 and not seen.get("helpers") and not seen.get("event"):
            drawn = seen["draws"][0]
            why = TYPED_CARDS if drawn.get("typed") else RAN_OUT if drawn.get("short") else ""
            if not why:
                counted = self.book.draw(drawn["cards"], drawn["picks"], tuple(seen["threshold"]))
                chances = counted["success"] if counted else None
                why = "" if counted else UNCOUNTED
        for person in people:
            won = winner == person if winner is not None or len(people) > 1 else bool(success.get(person))
            lost = not won and person not in (data.get("tie") or [])
            yield Trial(person, "won", chances, int(won), why)
            yield Trial(person, "lost", chances and chances[::-1], int(lost), why)

    def chip(self, data: dict, seen: dict | None) -> Iterator[Trial]:
        """A blind draw from the pot: for each colour, whether it came, by what the pot held."""
        person, colour = data.get("player"), data["colour"]
        pot = (seen or {}).get("pot")
        colours = list(self.ruleset.chips["pot"]) if "chips" in self.ruleset.document["mechanics"] else []
        if len(colours) < 2:
            return  # one colour (Bennies): every draw is that colour, nothing to weigh
        total = sum(pot.values()) if isinstance(pot, dict) else 0
        for each in colours:
            if not total:
                yield Trial(person, f"chips:{each}", None, int(each == colour), OLD)
            else:
                yield Trial(person, f"chips:{each}", yes(pot.get(each, 0) / total), int(each == colour))


def _observed(row: str, roll: dict) -> int | None:
    """What a recorded roll shows for a row: busted, succeeded, its raises, saved by the Wild Die."""
    if row == "bust":
        return int(bool(roll.get("bust")))
    if row == "success":
        return int(bool(roll.get("success")))
    if row == "raises":
        return int(roll.get("raises") or 0)
    wild = roll.get("wild")
    if wild is None or not roll.get("success"):
        return 0
    trait = [sum(chain) for i, chain in enumerate(roll["rolls"]) if i != wild]
    return int(max(trait, default=0) + roll["modifier"] < roll["tn"])


def run_of(event: dict) -> tuple:
    """What tells one command's events from the next one's: its name, seed, words and time."""
    return event["command"], event.get("seed"), tuple(event.get("args") or ()), event.get("time")
