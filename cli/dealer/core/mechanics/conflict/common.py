"""What both kinds of conflict share: the participants as typed, the deck, the errors, the requests.

A participant or helper is typed ``NAME[=SPEC][:CARDS]``: SPEC is Scores (``hand=4 eye=3``)
in a Scores conflict and a skill (``3``, or a roster trait's name) in a contest; CARDS replace
the deal. Each style has its own request, holding only the options it reads
(``parse_request`` refuses the other style's); harm, clearing and showing have theirs.

>>> from dealer.store.rulesets import load
>>> request = parse_request(load("poker-hands"), ["Sam=3", "Bob=:2c 2d"], {"fear": 2})
>>> type(request).__name__, request.participants[1].cards, request.fear
('ContestRequest', '2c 2d', 2)
"""

from __future__ import annotations

import difflib
from typing import TYPE_CHECKING, NamedTuple

from dealer.core.numbers import whole_number
from dealer.errors import DealerError, shell_word, usage

if TYPE_CHECKING:
    from dealer.core.rules import Ruleset

DECK = "dealer"  # the table's deck for conflicts and contests


class ConflictError(DealerError):
    """A conflict the rules do not allow: unknown Scores, too few participants, a deal too large."""


class Entrant(NamedTuple):
    """One participant or helper as typed: ``NAME[=SPEC][:CARDS]``."""

    name: str
    spec: str = ""
    cards: str | None = None


class ScoresRequest(NamedTuple):
    """A Dust Devils conflict: the participants, the Dealer's two Scores, who adds Power, extra
    cards per person, Weirds given on the command line."""

    participants: tuple[Entrant, ...]
    scores: tuple[str, ...] = ()
    power: tuple[str, ...] = ()
    extra: tuple[tuple[str, int], ...] = ()
    weird: tuple[tuple[str, str], ...] = ()


class ContestRequest(NamedTuple):
    """A seed-003 contest: the participants (the first leads), the hand to beat, helpers, card
    modifiers and wild picks per person, a fear check's area level, a called shot's penalty,
    chips played before the draw (person, colour), a fear event's set hand or the number of cards
    of its own drawn hand."""

    participants: tuple[Entrant, ...]
    target: str | None = None
    helpers: tuple[Entrant, ...] = ()
    mods: tuple[tuple[str, int], ...] = ()
    wild_pick: tuple[str, ...] = ()
    fear: int | None = None
    called: int | None = None
    chips: tuple[tuple[str, str], ...] = ()
    fear_hand: str | None = None
    fear_draw: int | None = None
    defend: str | None = None  # block or dodge: the hand drawn is kept as the participant's defence
    against: str | None = None  # a defender whose kept hand the attack must beat
    melee: bool = False  # hand-to-hand: the defender blocks with their last hand, the attacker's hand blocks too

    @property
    def fear_check(self) -> bool:
        """A fear check: an area's level, an event's set hand or its own drawn hand."""
        return self.fear is not None or self.fear_hand is not None or self.fear_draw is not None


class HarmRequest(NamedTuple):
    """``dealer conflict harm NAME SCORE=N ...``: where a loser puts the harm they took."""

    person: str
    split: tuple[tuple[str, int], ...]


class ClearRequest(NamedTuple):
    """``dealer conflict clear NAME [--defence]``: no longer shaken or fleeing; or, with ``defence``,
    their standing block or dodge ends (an action that needs standing still)."""

    person: str
    defence: bool = False


class ShowRequest(NamedTuple):
    """``dealer conflict show``: harm, harm still to place, the frightened."""


if TYPE_CHECKING:
    ConflictRequest = ScoresRequest | ContestRequest | HarmRequest | ClearRequest | ShowRequest


# The options of each style (``dealer conflict`` offers both): the other style's are refused.
SCORES_OPTIONS = ("scores", "power", "extra", "weird")
CONTEST_OPTIONS = ("target", "helpers", "mods", "wild_pick", "fear", "called", "chips", "fear_hand", "fear_draw",
                   "defend", "against", "melee", "defence")


def parse_entrant(text: str) -> Entrant:
    """``Doc``, ``Doc=hand=4,eye=3``, ``Doc=3``, ``Doc=:T10 KSw`` or ``Doc=hand=4:T10`` as an Entrant."""
    head, colon, cards = text.partition(":")
    name, _, spec = head.partition("=")
    name = name.strip()
    if not name:
        raise ConflictError(f"'{text}': write NAME, NAME=SPEC or NAME=SPEC:CARDS (e.g. Doc=\"hand=4 eye=3\")")
    if colon and not cards.strip():
        raise ConflictError(f"'{text}': no cards after ':' (e.g. Doc=:T10,KSw,2Co)")
    return Entrant(name, spec.strip(), cards.replace(",", " ").strip() if colon else None)


def person_number(text: str, what: str) -> tuple[str, int]:
    """``NAME=N`` (a signed whole number, bounded) as ``(name, n)``."""
    name, sep, number = text.rpartition("=")
    if not sep or not name.strip() or not number.strip().lstrip("+-").isdigit():
        raise ConflictError(f"{what} '{text}': write NAME=N, e.g. Doc=+1 or Kid=-2")
    return name.strip(), whole_number(number, f"{what} '{text}'", low=-100, high=100, error=ConflictError)


def person_text(text: str, what: str) -> tuple[str, str]:
    name, sep, value = text.partition("=")
    if not sep or not name.strip() or not value.strip():
        raise ConflictError(f"{what} '{text}': write NAME=TEXT, e.g. Doc=\"Voodoo Houngan\"")
    return name.strip(), value.strip()


def _flag(option: str) -> str:
    return "--" + {"helpers": "helper", "mods": "mod", "chips": "chip"}.get(option, option).replace("_", "-")


def parse_request(ruleset: Ruleset, words: list[str], options: dict) -> ConflictRequest:
    """Command-line words and options into the request of this ruleset's conflict style, or
    ``harm``/``clear``/``show`` on a table. An option of the other style is refused."""
    words = list(words)
    if words and words[0] in ("harm", "clear", "show"):
        return _parse_table_word(words, bool(options.get("defence")))
    if options.get("defence"):
        raise usage(ConflictError("--defence goes with clear: dealer conflict clear NAME --defence ends NAME's "
                                  "standing block or dodge"))
    scores_style = ruleset.conflict["style"] == "scores"
    for option in CONTEST_OPTIONS if scores_style else SCORES_OPTIONS:
        if options.get(option) not in (None, (), "", False):
            if scores_style:
                raise ConflictError(f"{_flag(option)} is for poker-hands contests; a {ruleset.name} conflict deals "
                                    "by Scores")
            raise ConflictError(f"{_flag(option)} is for Dust Devils conflicts; {ruleset.name} draws contests by "
                                "skill")
    participants = tuple(parse_entrant(text) for text in words)
    if scores_style:
        scores = options.get("scores") or ""
        return ScoresRequest(
            participants, tuple(part.strip() for part in scores.replace(",", " ").split()),
            tuple(options.get("power") or ()), tuple(person_number(t, "--extra") for t in options.get("extra") or ()),
            tuple(person_text(t, "--weird") for t in options.get("weird") or ()))
    return ContestRequest(
        participants, options.get("target"), tuple(parse_entrant(text) for text in options.get("helpers") or ()),
        tuple(person_number(t, "--mod") for t in options.get("mods") or ()), tuple(options.get("wild_pick") or ()),
        options.get("fear"), options.get("called"),
        tuple(person_text(t, "--chip") for t in options.get("chips") or ()), options.get("fear_hand"),
        options.get("fear_draw"), options.get("defend"), options.get("against"), bool(options.get("melee")))


def _parse_table_word(words: list[str], defence: bool = False) -> HarmRequest | ClearRequest | ShowRequest:
    word, rest = words[0], words[1:]
    if defence and word != "clear":
        raise usage(ConflictError(f"--defence goes with clear, not {word}: dealer conflict clear NAME --defence"))
    if word == "show":
        if rest:
            raise ConflictError("dealer conflict show takes no more words: the table comes from --table")
        return ShowRequest()
    if not rest:
        raise usage(ConflictError(f"dealer conflict {word} NAME" + (" SCORE=N ..." if word == "harm" else "")
                                  + ": whose?"))
    if word == "clear":
        if len(rest) > 1:
            raise ConflictError("dealer conflict clear NAME: one person at a time")
        return ClearRequest(rest[0], defence)
    if len(rest) < 2:
        raise ConflictError(f"where does {rest[0]}'s harm go? dealer conflict harm {shell_word(rest[0])} SCORE=N ...")
    split = []
    for item in rest[1:]:
        score, number = person_number(item, "harm")
        if number <= 0:
            raise ConflictError(f"harm '{item}': give a whole number above 0")
        split.append((score, number))
    return HarmRequest(rest[0], tuple(split))


# -- Scores (seed 001) ------------------------------------------------------------------------


def score_names(ruleset: Ruleset) -> list[str]:
    """The Scores of the ruleset, in suit order, then Power."""
    rules = ruleset.conflict
    names = [rules["scores"][code] for code in suit_codes(ruleset) if code in rules["scores"]]
    return names + ([rules["power"]] if rules["power"] else [])


def suit_codes(ruleset: Ruleset) -> list[str]:
    """The deck's suit codes as ``conflict.scores`` spells them, in suit order."""
    by_lower = {code.lower(): code for code in ruleset.conflict["scores"]}
    return [by_lower.get(suit.code.lower(), suit.code) for suit in ruleset.deck.suits]


def score_name(ruleset: Ruleset, text: str, who: str) -> str:
    """A Score by name (any case), or an error naming the Scores (and the closest one)."""
    names = score_names(ruleset)
    for name in names:
        if name.lower() == text.strip().lower():
            return name
    close = difflib.get_close_matches(text.lower(), [n.lower() for n in names], 1)
    hint = f" (did you mean '{close[0]}'?)" if close else ""
    raise ConflictError(f"{who}unknown Score '{text}'{hint}; the Scores of {ruleset.name} are {', '.join(names)}")
