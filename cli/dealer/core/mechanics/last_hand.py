"""Each person's last hand on a table, kept so that a chip spent after the draw can change it.

Seed 003: "After the hand is drawn, you may play a chip to change it." A mechanic that judges a
person's hand into something (a spell, a contest or fear check, a standing defence, a combat's
turn order, a design, a build, a repair) keeps it here, typed: each draw's request as it was
drawn (``DrawRecord``: person, purpose, skill, modifiers, conditions, wild picks, value steps,
the deck and the cards so far) and what the mechanic's judge needs besides (a contest keeps
every participant's draw, to be judged again whole). ``dealer chips spend`` draws the hand again
through ``skill_draw`` with the chip, and the mechanic judges it with the function its first
draw used. Only a person's latest hand can change.

>>> hands = LastHands.from_data({}, "hands")
>>> drawn = DrawRecord(purpose="spell", person="Sally", deck="spell:Sally", cards=["8c", "8d"])
>>> _ = hands.keep(KeptSpell(mechanic="spell", draws=[drawn], target="pair"))
>>> LastHands.from_data(hands.to_data(), "hands").of("Sally").draw_of("Sally").cards
['8c', '8d']
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from dealer.core.mechanics.conditions import BLOCK, DODGE, FLEEING, SHAKEN, Defence, Modifier
from dealer.core.mechanics.skill_draw import Change, DrawRequest
from dealer.core.record import CARD, COUNT, FLAG, NUMBER, PERSON, TEXT, Choice, Field, ListOf, MapOf, Maybe, \
    Nested, OneOf, Part, Record

if TYPE_CHECKING:
    from collections.abc import Iterator

    from dealer.core.mechanics.skill_draw import Draw


class ModifierRecord(Record):
    """Cards (or wild picks) a draw got, and why."""

    FIELDS = {"why": Field(TEXT), "cards": Field(NUMBER)}


class ChangeRecord(Record):
    """A chip played after the draw: its cards and wild picks."""

    FIELDS = {"why": Field(TEXT), "cards": Field(COUNT, 0), "wild_picks": Field(COUNT, 0)}


def _modifiers(items: tuple[Modifier, ...]) -> list[ModifierRecord]:
    return [ModifierRecord(why=item.why, cards=item.cards) for item in items]


def _tuples(records: list[ModifierRecord]) -> tuple[Modifier, ...]:
    return tuple(Modifier(item.why, item.cards) for item in records)


class DrawRecord(Record):
    """One draw's request as drawn: chips played first are in its ``modifiers`` and ``picks``,
    the person's ``conditions`` as they were charged; the ``deck`` its cards came from (None: no
    deck to draw another card from), whether they were typed in, the cards so far and the chips
    played after it."""

    FIELDS = {"purpose": Field(TEXT), "person": Field(PERSON), "skill": Field(NUMBER, 0),
              "modifiers": Field(ListOf(Nested(ModifierRecord)), []),
              "conditions": Field(ListOf(Nested(ModifierRecord)), []), "wild_pick": Field(FLAG, False),
              "picks": Field(ListOf(Nested(ModifierRecord)), []), "value": Field(COUNT, 0),
              "deck": Field(Maybe(TEXT), None), "typed": Field(FLAG, False), "cards": Field(ListOf(CARD)),
              "after": Field(ListOf(Nested(ChangeRecord)), [])}

    @classmethod
    def of(cls, drawn: Draw, deck: str | None) -> DrawRecord:
        asked = drawn.request
        return cls(purpose=asked.purpose, person=asked.person, skill=asked.skill, modifiers=_modifiers(asked.modifiers),
                   conditions=_modifiers(asked.conditions or ()), wild_pick=asked.wild_pick,
                   picks=_modifiers(asked.wild_picks), value=asked.value, deck=deck, typed=drawn.typed,
                   cards=[card.code for card in drawn.cards],
                   after=[ChangeRecord(why=item.why, cards=item.cards, wild_picks=item.wild_picks)
                          for item in (*asked.after, *((asked.change,) if asked.change else ()))])

    def request(self, change: Change | None = None) -> DrawRequest:
        """The draw asked again with its cards so far (and ``change``, a chip played on it now)."""
        return DrawRequest(self.purpose, self.person, self.skill, _tuples(self.modifiers), wild_pick=self.wild_pick,
                           wild_picks=_tuples(self.picks), cards=tuple(self.cards) if self.typed else None,
                           value=self.value, conditions=_tuples(self.conditions), held=tuple(self.cards),
                           after=tuple(Change(item.why, item.cards, item.wild_picks) for item in self.after),
                           change=change)


class KeptHand(Record):
    """What a chip after the draw may change: the ``mechanic`` that judged it and its draws, in the
    order drawn (one, or a contest's participants, the leader first)."""

    FIELDS = {"mechanic": Field(TEXT), "draws": Field(ListOf(Nested(DrawRecord)))}

    def draw_of(self, person: str) -> DrawRecord | None:
        return next((drawn for drawn in self.draws if drawn.person == person), None)


class KeptSpell(KeptHand):
    """A spell: the hand to meet, the spell's name, and who cast it (a huckster's Jokers backlash,
    a faithful's are a blessing)."""

    FIELDS = {**KeptHand.FIELDS, "target": Field(TEXT), "spell": Field(Maybe(TEXT), None),
              "huckster": Field(FLAG, False), "faithful": Field(FLAG, False)}


class KeptContest(KeptHand):
    """A contest: the hand to beat; a fear check, with each one's fear before it; a called shot's
    penalty; whether hands compare by value (a helper raised the leader's); a defence drawn
    (``defend``) or the defender attacked (``against``) and the hand the attack was judged against."""

    FIELDS = {**KeptHand.FIELDS, "target": Field(TEXT), "fear_check": Field(FLAG, False),
              "fear_before": Field(MapOf(Choice("", SHAKEN, FLEEING), key=PERSON), {}), "called": Field(COUNT, 0),
              "by_value": Field(FLAG, False), "defend": Field(Choice("", BLOCK, DODGE), ""),
              "against": Field(PERSON, ""), "defence": Field(Maybe(Nested(Defence)), None)}


class KeptTurnOrder(KeptHand):
    """A combat's turn-order hand: the round it was drawn in (it changes only before anyone acts)."""

    FIELDS = {**KeptHand.FIELDS, "round": Field(COUNT)}


class KeptCheck(KeptHand):
    """A gadget check (``design``, ``build`` or ``repair``): the required hand's rank id and what the
    check made: a design's name, a build's design, device and rush, a repair's device; ``stored``:
    the design or the device stands on the table."""

    FIELDS = {**KeptHand.FIELDS, "required": Field(TEXT), "name": Field(TEXT, ""), "design": Field(TEXT, ""),
              "device": Field(TEXT, ""), "rush": Field(COUNT, 0), "stored": Field(FLAG, False)}


KEPT = {"spell": KeptSpell, "contest": KeptContest, "turn-order": KeptTurnOrder, "design": KeptCheck,
        "build": KeptCheck, "repair": KeptCheck}


class LastHands(Part):
    """The ``hands`` part of a table's state: what each person's latest hand was kept in
    (``people``: name -> its number in ``kept``), and ``seq``, the count of hands kept."""

    KEY = "hands"
    FIELDS = {"people": Field(MapOf(COUNT, key=PERSON), {}), "kept": Field(MapOf(OneOf("mechanic", KEPT)), {}),
              "seq": Field(COUNT, 0)}

    @classmethod
    def upgrade(cls, states: dict, version: int) -> None:
        """Format 3 judges every skill draw in the ruleset's one context (``draws.context``): a
        hand no longer keeps its own. Format 4 keeps each draw's request, typed (format 3 kept the
        cards and a free ``data`` object): a hand of format 3 is kept as drawn with its size, and
        a contest's other hands, which it did not keep, are not judged with it."""
        hands = states.get("hands")
        people = hands.get("people") if isinstance(hands, dict) else None
        if not isinstance(people, dict):
            return
        if version == 2:
            for record in people.values():
                if isinstance(record, dict):
                    record.pop("context", None)
        if version == 3:
            kept = {str(old.get("seq")): _format_3(name, old) for name, old in people.items() if isinstance(old, dict)}
            hands["people"] = {name: old.get("seq") for name, old in people.items() if isinstance(old, dict)}
            hands["kept"] = kept

    def to_data(self) -> dict:
        return super().to_data() if self.people else {}

    def keep(self, kept: KeptHand) -> KeptHand:
        """``kept`` is now the latest hand of each person who drew in it; what nobody's latest is goes."""
        self.seq += 1
        self.kept[str(self.seq)] = kept
        for drawn in kept.draws:
            self.people[drawn.person] = self.seq
        latest = {str(seq) for seq in self.people.values()}
        self.kept = {key: item for key, item in self.kept.items() if key in latest}
        return kept

    def problems(self, table: object) -> Iterator[str]:
        """Each person's latest hand is a hand kept, with a draw of theirs; hands are numbered 1 to ``seq``."""
        for key in self.kept:
            if not (key.isdigit() and 1 <= int(key) <= self.seq):
                yield f"hands.kept.{key}: not a hand's number from 1 to {self.seq} (hands.seq)"
        for person, seq in self.people.items():
            kept = self.kept.get(str(seq))
            if kept is None or kept.draw_of(person) is None:
                yield f"hands.people.{person}: hand {seq} is not a hand kept with a draw of {person}'s"

    def of(self, person: str) -> KeptHand | None:
        """What the person's latest hand was kept in, or None."""
        kept = self.kept.get(str(self.people.get(person)))
        return kept if kept is not None and kept.draw_of(person) is not None else None


def _format_3(name: str, old: dict) -> dict:
    """A person's hand as format 3 kept it (cards, wild picks, target, ``data``), in format 4."""
    data = old.get("data") if isinstance(old.get("data"), dict) else {}
    source, cards, picks = old.get("source"), old.get("cards"), old.get("wild_picks")
    purpose = source
    if source == "contest":
        purpose = "fear" if data.get("outcome") else "called-shot" if data.get("called") else "contest"
    drawn = {"purpose": "build" if source == "repair" else purpose, "person": name, "value": data.get("value", 0),
             "deck": old.get("deck"), "cards": cards}
    if isinstance(cards, list):  # its size as drawn: at most ten cards, and any beyond came from white chips
        held = min(len(cards), 10)
        if held != 5:
            drawn["modifiers"] = [{"why": "as drawn", "cards": held - 5}]
        if len(cards) > held:
            drawn["after"] = [{"why": "chips", "cards": len(cards) - held}]
    if isinstance(picks, list) and picks:
        drawn["picks"] = [{"why": "as drawn", "cards": len(picks)}]
    kept = {"mechanic": source, "draws": [drawn]}
    if source in ("spell", "contest"):
        kept["target"] = old.get("target")
    if source == "spell":
        kept.update(huckster=data.get("huckster", False), spell=data.get("spell"))
    elif source == "contest":
        fear = data.get("outcome", "")
        kept.update(fear_check=bool(fear), called=data.get("called") or 0, by_value=bool(data.get("value")),
                    defend=data.get("defend", ""), **({"fear_before": {name: data.get("fear_before", "")}} if fear else {}))
    elif source == "turn-order":
        kept["round"] = data.get("round", 0)
    else:
        kept.update({key: data[key] for key in ("required", "name", "design", "device", "rush", "stored") if key in data})
    return kept
