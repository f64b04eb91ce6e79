"""Hand ranks as data: patterns, tie-breaks, wild-card contexts and ``--min`` thresholds.

These are plain definitions read from a ruleset; the evaluator that fills them with cards
lives in ``dealer.core.hands`` and is imported only by commands that evaluate hands.

>>> from dealer.core.cards import Deck
>>> deck = Deck.standard()
>>> pair = HandRank("pair", "Pair", Pattern(groups=(2,)), ("groups", "kickers"), 2)
>>> high = HandRank("high-card", "High Card", Pattern(), ("cards",), 1)
>>> by_id = {"pair": pair, "high-card": high}
>>> rank, least = parse_threshold("pair of jacks", by_id, deck, {})
>>> rank.name, least
('Pair', 11)
>>> parse_threshold("ace high", by_id, deck, {})[1]
14
"""

from __future__ import annotations

from dealer.errors import HandError, did_you_mean

from typing import TYPE_CHECKING
if TYPE_CHECKING:
    from collections.abc import Iterable

    from dealer.core.cards import Card, Deck

HAND_SIZE = 5


class Pattern:
    """Constraints on the played cards; see docs/rulesets.md, 'Hand patterns'."""

    __slots__ = ("groups", "sequence", "suited", "top", "flush", "trump_run", "trumps", "no_run", "rest",
                 "distinct_suits", "core_size")

    def __init__(self, groups=(), sequence=0, suited=False, top=0, flush=0, trump_run=0, trumps=0,
                 no_run=False, rest="any", distinct_suits=0):
        self.groups = tuple(groups)  # sizes, largest first
        self.sequence = sequence
        self.suited = suited
        self.top = top  # rank value the sequence must end on; 0 for any
        self.flush = flush
        self.trump_run = trump_run
        self.trumps = trumps
        self.no_run = no_run
        self.rest = rest
        self.distinct_suits = distinct_suits  # this many plain cards, each of another suit
        self.core_size = sum(self.groups) + sequence + flush + distinct_suits + trump_run + trumps

    def __repr__(self):
        fields = (f"{name}={getattr(self, name)!r}" for name in self.__slots__[:-1]
                  if getattr(self, name) not in ((), 0, False, "any"))
        return f"Pattern({', '.join(fields)})"


class HandRank:
    """One rank of a ranking: its pattern, tie-break steps, strength and game data."""

    __slots__ = ("id", "name", "pattern", "tiebreak", "strength", "aliases", "harm", "effect", "kind")

    def __init__(self, id, name, pattern, tiebreak, strength, aliases=(), harm=0, effect="", kind="either"):
        self.id = id
        self.name = name
        self.pattern = pattern
        self.tiebreak = tuple(tiebreak)
        self.strength = strength  # higher is stronger
        self.aliases = tuple(aliases)
        self.harm = harm
        self.effect = effect
        self.kind = kind

    def __repr__(self):
        return f"HandRank({self.id})"


class Context:
    """Which cards are wild, and how wild hands tie, in one situation of play.

    ``wild`` maps a card to ``"any"`` or ``"trump"``; ``penalty`` ranks the wild cards for
    ties (lower is better) when ``natural_beats_wild``.
    """

    __slots__ = ("name", "wild", "natural_beats_wild", "penalty")

    def __init__(self, name, wild, natural_beats_wild=False, penalty=None):
        self.name = name
        self.wild = wild
        self.natural_beats_wild = natural_beats_wild
        self.penalty = penalty or {}

    @classmethod
    def build(cls, name: str, deck: Deck, wild: dict[str, str], natural_beats_wild: bool = False,
              wild_order: Iterable[str] = ()) -> Context:
        """A context from card codes: ``{"RJ": "any"}``; ``wild_order`` ranks wild ties."""
        cards = {deck.parse(code): kind for code, kind in wild.items()}
        order = [deck.parse(code) for code in wild_order]
        penalty = {card: (order.index(card) + 1 if card in order else len(order) + 1) for card in cards}
        return cls(name, cards, natural_beats_wild, penalty)

    def with_wild(self, cards: Iterable[Card], kind: str = "any") -> Context:
        """This context with ``cards`` wild as well (a wild pick makes a held card wild)."""
        wild = dict(self.wild)
        penalty = dict(self.penalty)
        for card in cards:
            wild[card] = kind
            penalty.setdefault(card, len(penalty) + 1)
        return Context(self.name, wild, self.natural_beats_wild, penalty)


NO_WILDS = Context("plain", {})


def slug(text: str) -> str:
    """Names compare as lower-case words joined by hyphens: 'Two Pair' == 'two-pair'."""
    return "-".join(text.lower().replace("_", " ").replace("-", " ").split())


def parse_threshold(text: str, by_id: dict[str, HandRank], deck: Deck, aliases: dict[str, str],
                    _depth: int = 0) -> tuple[HandRank, int]:
    """``--min`` text as ``(hand rank, least primary value or 0)``.

    Accepts a rank's id, name or alias (``two pair``), ``RANK of RANKS`` (``pair of jacks``:
    the rank's first tie-break value at least a Jack), ``RANK, RANKS`` as dealer writes a
    raised target (``two pair, fives up``, ``three of a kind, fives``, ``full house, fives
    full``, ``flush, seven high``), ``RANK high`` (the weakest hand rank with at least that high card), or a name
    from the ruleset's thresholds table.
    """
    key = slug(text)
    if key in aliases and _depth < 5:
        return parse_threshold(aliases[key], by_id, deck, aliases, _depth + 1)
    if key in by_id:
        return by_id[key], 0
    words = {}
    for rank in deck.ranks:
        for word in (rank.code, rank.code + "s", rank.name, rank.plural):
            words[word.lower()] = rank.value
    parts = key.split("-")
    if len(parts) >= 2 and parts[-1] == "high" and "-".join(parts[:-1]) in words and by_id:
        lowest = min(by_id.values(), key=lambda rank: rank.strength)
        return lowest, words["-".join(parts[:-1])]
    if "of" in parts:
        at = len(parts) - 1 - parts[::-1].index("of")
        head, tail = "-".join(parts[:at]), "-".join(parts[at + 1:])
        if head in by_id and tail in words:
            return by_id[head], words[tail]
    named = slug(text.replace(",", " ")).split("-")
    # two pair, fives up; full house, fives full; flush, seven high
    named = named[:-1] if named[-1:] in (["up"], ["full"], ["high"]) else named
    for at in range(1, len(named)):
        head, tail = "-".join(named[:at]), "-".join(named[at:])
        if head in by_id and tail in words:
            return by_id[head], words[tail]
    meant = _meant_threshold(parts, by_id, aliases, words)
    names = sorted({rank.id for rank in by_id.values()})
    extra = sorted(aliases)
    raise HandError(f"unknown hand '{text}'" + (f" ({meant})" if meant else "") + f": use a hand rank ({', '.join(names)})"
                    + (f", {', '.join(extra)}" if extra else "")
                    + ", 'pair of jacks' or 'king high'")


def _meant_threshold(parts: list[str], by_id: dict[str, HandRank], aliases: dict[str, str],
                     words: dict[str, int]) -> str:
    """``did you mean 'two pair'?`` for a hand mistyped (``too pair``), or for either side of
    ``RANK of RANKS`` (``pair of jakcs``); empty when nothing is close."""
    hands = [name.replace("-", " ") for name in (*by_id, *aliases)]
    if "of" not in parts:
        return did_you_mean(" ".join(parts), hands)
    at = parts.index("of")
    head, tail = " ".join(parts[:at]), " ".join(parts[at + 1:])
    fixed_head = head if head in hands else _closest(head, hands)
    fixed_tail = tail if tail.replace(" ", "-") in words else _closest(tail, [word for word in words if len(word) > 2])
    if fixed_head and fixed_tail and (fixed_head, fixed_tail) != (head, tail):
        return f"did you mean '{fixed_head} of {fixed_tail}'?"
    return ""


def _closest(text: str, names: list[str]) -> str:
    import difflib

    close = difflib.get_close_matches(text, names, n=1, cutoff=0.6)
    return close[0] if close else ""
