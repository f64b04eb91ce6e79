"""The standard questions of each mechanic, asked of one ruleset: the figures ``rulesets diff`` sets
side by side.

Each figure is the number ``dealer odds ...`` prints for its question (``Figure.odds`` names the
command), computed by the same calls: ``hand_odds``, ``trait_odds_of``, ``cast_odds``,
``gadget_odds``, ``action_odds``, the conflict's own deals. Three kinds of figure have no ``odds``
command and are counted here from the deck, exactly: the deck's make-up, the chance that a hand
can be Arcane (a tarot deck), and the chance that a round's deal holds a Joker (the action cards'
distribution from ``action_odds``, then ``breakdown_chance``: some of J cards among K drawn).

A simulated figure (a conflict of two hands; a hand or a cast the ruleset's ranking cannot count)
is dealt from ``random.Random(seed)``, afresh for each question, as ``dealer odds ... --seed SEED``
deals it: the same seed on both sides, so a ruleset compared with itself changes nothing.

>>> from dealer.store.rulesets import load
>>> hands = ask_section(load("deadlands"), "hands", seed=1)
>>> pair = next(f for f in hands.figures if f.ask == "5 cards" and f.key == "pair")
>>> pair.odds, pair.method, round(pair.value, 6)
('odds hand 5', 'counted', 0.454682)
>>> ask_section(load("deadlands"), "gadget", seed=1).plays
False
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from dealer.core.cards import SPECIAL, TRUMP
from dealer.errors import DealerError

if TYPE_CHECKING:
    from collections.abc import Callable

    from dealer.core.rules import Ruleset

HAND_SIZES = (5, 7)
POOL_COUNTS = (1, 2, 3, 4, 5)  # trait dice without a Wild Die: 1d6 .. 5d12
POOL_SIDES = (6, 8, 10, 12)
WILD_SIDES = (4, 6, 8, 10, 12)  # with a Wild Die a trait roll is one die: d4 .. d12
HEX_LEVELS = (1, 2, 3, 4, 5)  # a huckster of level L: hexslingin' Ld8, the hex at level L
HEX_DIE = 8
HEX_MINIMUM = "pair"
SPELL_SKILLS = (0, 1, 2, 3, 4, 5)  # 5 to 10 cards
RELIABILITIES = tuple(range(1, 11))  # seed 003's construction table gives 1 to 10
QUICKNESS = ("2d6", "3d8", "4d10")  # a slow, a typical and a quick Deadlands hand
TYPICAL_QUICKNESS = "3d8"  # the Quickness of each character in a round's deal
PARTY = 4  # characters in a round's deal, drawing from one deck
CONTEST_SKILLS = (0, 1, 2, 3)
HAND_SAMPLES = 10_000  # deals of a hand size, where the ranking cannot be counted (a plain card wild)
CAST_SAMPLES = 1_000  # deals per hand size of a cast that cannot be counted (five levels of it)
CONFLICT_SAMPLES = 5_000  # deals of a conflict of two hands (never counted)


@dataclass(frozen=True)
class Figure:
    """One number of one question: ``ask`` is the question ("5 cards", "3d8"), ``key`` the figure
    within it (a hand rank's id, "success"), ``label`` how a person reads it; ``odds`` the command
    that prints it; ``unit`` "chance", "cards" (a count of the deck) or "mean cards"."""

    ask: str
    key: str
    label: str
    value: float
    odds: str = ""
    method: str = "counted"
    stderr: float = 0.0
    unit: str = "chance"


@dataclass
class Section:
    """One mechanic's answers for one ruleset: whether it plays the mechanic, how it asks the
    questions (``how``: "TN 5", "one card each"), the figures, and the questions it refuses (the
    error ``dealer odds`` would print)."""

    id: str
    title: str
    plays: bool
    how: str = ""
    figures: list[Figure] = field(default_factory=list)
    refused: dict[str, str] = field(default_factory=dict)


def ask_section(ruleset: Ruleset, section_id: str, seed: int) -> Section:
    """The standard questions of one section (``SECTIONS``), asked of ``ruleset``."""
    title = dict(SECTIONS)[section_id]
    section = Section(section_id, title, plays=_plays(ruleset, section_id))
    if section.plays:
        ASKERS[section_id](ruleset, section, seed)
    return section


def _plays(ruleset: Ruleset, section_id: str) -> bool:
    if section_id in ("hex", "gadget", "action", "conflict"):
        return section_id in ruleset.document["mechanics"]
    if section_id == "tarot":
        return ruleset.deck.trump_count > 0
    return True  # every ruleset has a deck, hand ranks and dice (dealer roll rolls in each)


def _answer(section: Section, ask_text: str, compute: Callable[[], list[Figure]]) -> None:
    """The figures of one question, or why the ruleset refuses it (a hand rank or die it lacks)."""
    try:
        section.figures.extend(compute())
    except DealerError as error:
        section.refused[ask_text] = str(error).splitlines()[0]


def _seeded(command: str, method: str, seed: int, samples: int) -> str:
    """The odds command as it replays the figure: a simulated one with its samples and seed."""
    return f"{command} --samples {samples} --seed {seed}" if method == "simulated" else command


# -- the deck and its hands --------------------------------------------------------------------


def _deck(ruleset: Ruleset, section: Section, seed: int) -> None:
    deck = ruleset.deck
    context = ruleset.context(None)
    counts = [("cards", "cards in the deck", len(deck)),
              ("plain", "plain cards", sum(1 for card in deck if card.kind not in (TRUMP, SPECIAL))),
              ("trumps", "trumps", deck.trump_count),
              ("specials", "Jokers and other special cards", sum(1 for card in deck if card.kind == SPECIAL)),
              ("wild", "wild cards in a hand", len(context.wild))]
    section.figures.extend(Figure("", key, label, value, unit="cards") for key, label, value in counts)


def _hands(ruleset: Ruleset, section: Section, seed: int) -> None:
    from dealer.core.odds import hand_odds

    context = ruleset.context(None)
    section.how = f"{len(ruleset.deck)} cards, {context.name}: " + (
        ", ".join(f"{card.code} {kind}" for card, kind in context.wild.items()) or "no wild cards")
    for n in HAND_SIZES:
        def compute(n=n):
            if n > len(ruleset.deck):
                raise DealerError(f"the deck has {len(ruleset.deck)} cards")
            odds = hand_odds(ruleset, n, samples=HAND_SAMPLES, rng=random.Random(seed))
            command = _seeded(f"odds hand {n}", odds.method, seed, HAND_SAMPLES)
            return [Figure(f"{n} cards", rank.id, rank.name, count / odds.total, command, odds.method,
                           0.0 if odds.exact else (count / odds.total * (1 - count / odds.total) / odds.total) ** 0.5)
                    for rank, count in odds.rows]
        _answer(section, f"{n} cards", compute)


def _tarot(ruleset: Ruleset, section: Section, seed: int) -> None:
    """A Power user loses by rule without an Arcane hand: one holding a Trump, or a wild card
    that can stand for one."""
    from dealer.core.mechanics.gadget.breakdown import breakdown_chance

    deck = ruleset.deck
    context = ruleset.context(ruleset.conflict["context"] or None)  # as the conflict's deals read it
    arcane = sum(1 for card in deck if card.kind == TRUMP or card in context.wild)
    section.how = f"{deck.trump_count} trumps and {len(context.wild)} wild ({context.name}) in {len(deck)} cards"
    for n in HAND_SIZES:
        if n <= len(deck):
            chance = breakdown_chance(len(deck), arcane, n)
            section.figures.append(Figure(f"{n} cards", "arcane", "can be an Arcane hand (a Trump or a wild)",
                                          float(chance)))


def _rolls(ruleset: Ruleset, section: Section, seed: int) -> None:
    from dealer.core.dice import trait_odds_of

    rules = ruleset.dice
    wild = rules.get("wild_die", 0)
    section.how = f"TN {rules['tn']}, a raise per {rules['raise_step']}" + (f", a d{wild} Wild Die (an Extra rolls none)" if wild else "")
    if wild:
        pools = [(f"1d{sides}", "") for sides in WILD_SIDES] + [(f"1d{sides}", " --extra") for sides in WILD_SIDES]
    else:
        pools = [(f"{count}d{sides}", "") for sides in POOL_SIDES for count in POOL_COUNTS]
    for dice, flags in pools:
        ask_text = dice + (" Extra" if flags else "")

        def compute(dice=dice, flags=flags, ask_text=ask_text):
            odds = trait_odds_of(dice, rules, extra=bool(flags))
            command = f"odds roll {dice}{flags}"
            return [Figure(ask_text, "success", "success", sum(odds.raises), command),
                    Figure(ask_text, "raise", "a raise or more", sum(odds.raises[1:]), command),
                    Figure(ask_text, "bust", rules["bust_name"], odds.bust, command)]
        _answer(section, ask_text, compute)


# -- mechanics ---------------------------------------------------------------------------------


def _hex(ruleset: Ruleset, section: Section, seed: int) -> None:
    from dealer.core.odds.casting import cast_odds

    if ruleset.hex["style"] == "huckster":
        tn = ruleset.hex["tn"]  # the TN the hex mechanic rolls against (odds hex defaults to dice.tn)
        section.how = (f"a level-L huckster: hexslingin' Ld{HEX_DIE} vs TN {tn}, the hex at level L, "
                       f"minimum {HEX_MINIMUM}")
        for level in HEX_LEVELS:
            dice = f"{level}d{HEX_DIE}"
            ask_text = f"level {level} ({dice})"

            def compute(dice=dice, level=level, ask_text=ask_text):
                cast = cast_odds(ruleset, dice=dice, level=level, minimum=HEX_MINIMUM, tn=tn,
                                 rng=random.Random(seed), samples=CAST_SAMPLES)["result"]
                command = _seeded(f"odds hex --roll {dice} --level {level} --min {HEX_MINIMUM} --tn {tn}",
                                  cast["method"], seed, CAST_SAMPLES)
                return [Figure(ask_text, key, label, cast[key], command, cast["method"],
                               cast["stderr"] if key in ("works", "fizzles") else 0.0)
                        for key, label in (("works", "works"), ("fizzles", "fizzles"), ("failure", "roll fails"),
                                           ("bust", "bust"), ("backlash", "any backlash"))]
            _answer(section, ask_text, compute)
        return
    section.how = f"a spell: {ruleset.draws['base_cards']} + skill cards, target {ruleset.draws['target']}"
    for skill in SPELL_SKILLS:
        ask_text = f"skill {skill}"

        def compute(skill=skill, ask_text=ask_text):
            spell = cast_odds(ruleset, skill=skill, rng=random.Random(seed), samples=CAST_SAMPLES)["result"]
            method, total = spell["method"], spell.get("total", 1)
            command = _seeded(f"odds hex --skill {skill}", method, seed, CAST_SAMPLES)
            figures = []
            for key, label in (("success", "success"), ("bust", "bust"), ("joker", "a Joker drawn")):
                value = spell.get(f"{key}_count", 0) / total
                error = (value * (1 - value) / total) ** 0.5 if method == "simulated" else 0.0
                figures.append(Figure(ask_text, key, label, value, command, method, error))
            return figures
        _answer(section, ask_text, compute)


def _gadget(ruleset: Ruleset, section: Section, seed: int) -> None:
    from dealer.core.odds.casting import gadget_odds

    section.how = f"{' or '.join(ruleset.gadget['breakdown_cards']) or 'no card'} breaks a device"
    for reliability in RELIABILITIES:
        ask_text = f"reliability {reliability}"

        def compute(reliability=reliability, ask_text=ask_text):
            odds = gadget_odds(ruleset, reliability)
            return [Figure(ask_text, "breakdown", "breakdown", odds["breakdown"],
                           f"odds gadget --reliability {reliability}")]
        _answer(section, ask_text, compute)


def _action(ruleset: Ruleset, section: Section, seed: int) -> None:
    """Action cards for a Quickness roll (where a roll deals them), and the chance that a round's
    deal to one character, and to a party drawing from one deck, holds a Joker."""
    from dealer.core.mechanics.gadget.breakdown import breakdown_chance
    from dealer.core.odds.initiative import deals_one

    deck = ruleset.deck
    jokers = sum(1 for card in deck if card.kind == SPECIAL)
    rules = ruleset.action

    def joker_rows(cards_of_one: dict[int, float]) -> list[Figure]:
        rows, party = [], {0: 1.0}
        for people in range(1, PARTY + 1):
            party = _convolve(party, cards_of_one)
            if people in (1, PARTY):
                chance = sum(p * float(breakdown_chance(len(deck), jokers, min(cards, len(deck))))
                             for cards, p in party.items())
                who = "one character" if people == 1 else f"{people} characters, one deck"
                rows.append(Figure(f"a round's deal: {who}", "joker", "a Joker dealt", chance))
        return rows

    if rules["style"] == "hands":
        from dealer.core.mechanics.draws import draw_size

        cards = draw_size(ruleset, 0, [rules["hand_size"] - ruleset.draws["base_cards"]]).cards
        section.how = f"a {cards}-card hand each, once a combat; Jokers: {jokers} of {len(deck)} cards"
        section.figures.extend(joker_rows({cards: 1.0}))
        return
    if deals_one(ruleset):
        section.how = f"one card each a round; Jokers: {jokers} of {len(deck)} cards"
        section.figures.extend(joker_rows({1: 1.0}))
        return
    from dealer.core.odds.casting import action_odds, roll_odds

    section.how = (f"Quickness vs TN {rules['tn']}, at most {rules['max_cards']} cards; a round dealt at "
                   f"Quickness {TYPICAL_QUICKNESS}; Jokers: {jokers} of {len(deck)} cards")
    for dice in QUICKNESS:
        ask_text = f"Quickness {dice}"

        def compute(dice=dice, ask_text=ask_text):
            odds = action_odds(ruleset, roll_odds(ruleset, dice, rules["tn"]))
            command = f"odds action {dice}"
            return [Figure(ask_text, "mean", "mean cards", odds["mean"], command, unit="mean cards"),
                    Figure(ask_text, "none", "no card", odds["cards"][0], command)]
        _answer(section, ask_text, compute)

    def deal():
        return joker_rows(action_odds(ruleset, roll_odds(ruleset, TYPICAL_QUICKNESS, rules["tn"]))["cards"])
    _answer(section, "a round's deal", deal)


def _convolve(first: dict[int, float], second: dict[int, float]) -> dict[int, float]:
    """The distribution of the sum of two independent card counts."""
    out: dict[int, float] = {}
    for a, p in first.items():
        for b, q in second.items():
            out[a + b] = out.get(a + b, 0.0) + p * q
    return out


def _conflict(ruleset: Ruleset, section: Section, seed: int) -> None:
    rules = ruleset.conflict
    if rules["style"] == "scores":
        section.how = "two Scores (hand and eye) dealt to each" + (f"; {rules['power']} adds cards" if rules["power"]
                                                                   else "")
        questions = [("3+3 vs 3+3", ["Doc=hand=3,eye=3", "Kid=hand=3,eye=3"], {}),
                     ("4+3 vs 3+3", ["Doc=hand=4,eye=3", "Kid=hand=3,eye=3"], {})]
        if rules["power"]:
            questions.append(("2+2 and Power 2 vs 3+3", ["Doc=hand=2,eye=2,power=2", "Kid=hand=3,eye=3"],
                              {"power": ("Doc",)}))
        for ask_text, people, options in questions:
            _answer(section, ask_text, lambda a=ask_text, p=people, o=options:
                    _conflict_figures(ruleset, a, p, {"scores": "hand,eye", **o}, seed))
        return
    section.how = f"contests by skill, target {rules['target']}"
    for skill in CONTEST_SKILLS:
        ask_text = f"skill {skill} alone"
        _answer(section, ask_text, lambda a=ask_text, s=skill: _conflict_figures(ruleset, a, [f"Sam={s}"], {}, seed))
    for first, second in ((2, 2), (3, 1)):
        ask_text = f"skill {first} vs skill {second}"
        _answer(section, ask_text, lambda a=ask_text, f=first, s=second:
                _conflict_figures(ruleset, a, [f"Sam={f}", f"Bob={s}"], {}, seed))


def _conflict_figures(ruleset: Ruleset, ask_text: str, people: list[str], options: dict, seed: int) -> list[Figure]:
    """``dealer odds conflict PEOPLE OPTIONS``: the first's chance to win (or a lone contestant's to
    meet the target), and of a tie."""
    from dealer.core.mechanics import conflict
    from dealer.core.mechanics.conflict.common import parse_request
    from dealer.core.odds.casting import counted_conflict_odds, dealt_conflict_odds

    request = parse_request(ruleset, people, {"scores": None, "power": (), "extra": (), "target": None,
                                              "helpers": (), "mods": (), **options})
    deals = conflict.deals(ruleset, request)
    result = counted_conflict_odds(ruleset, deals)
    if result is None:
        result = dealt_conflict_odds(deals, samples=CONFLICT_SAMPLES, rng=random.Random(seed))
    method = result["method"]
    words = " ".join(people) + "".join(f" --{key} {value if isinstance(value, str) else ','.join(value)}"
                                       for key, value in options.items())
    command = _seeded(f"odds conflict {words}", method, seed, CONFLICT_SAMPLES)
    name, share = next(iter(result["participants"].items()))  # the other's chance is what is left
    label = f"{name} meets the target" if result["alone"] else f"{name} wins"
    figures = [Figure(ask_text, "first", label, share["probability"], command, method, share["stderr"])]
    if not result["alone"]:
        figures.append(Figure(ask_text, "tie", "a tie", result["tie"]["probability"], command, method,
                              result["tie"]["stderr"]))
    return figures


SECTIONS = (("deck", "the deck"), ("hands", "best hand"), ("tarot", "tarot: a Power user's Arcane hand"),
            ("rolls", "trait rolls"), ("hex", "hexes and spells"), ("gadget", "gadget breakdowns"),
            ("action", "action cards and Jokers"), ("conflict", "conflicts"))
ASKERS = {"deck": _deck, "hands": _hands, "tarot": _tarot, "rolls": _rolls, "hex": _hex, "gadget": _gadget,
          "action": _action, "conflict": _conflict}
