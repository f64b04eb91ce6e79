"""The hand evaluator's fast paths: a pile read as bit fields, not searched card by card.

Most piles need none of the generic engine's search. Each card has a precomputed integer
code; the sum of a pile's codes holds, in separate bit fields, how many cards of each rank
it has, how many dead and wild cards, whether it holds a trump, and how many cards of each
suit (biased so that one AND says whether any suit could make a flush). Each hand rank's
pattern compiles into a short matcher over those fields. Ranks that read only the rank
counts ("count" ranks: groups, sequences, the rest) give one answer per rank multiset, so
that answer is cached; ranks that read suits (flushes, suited sequences, distinct suits)
run per pile, and only when the fields say they could fill.

What that bit-field path leaves to the generic engine (trumps in the pile, wild cards with
trumps in the deck or with ``natural_beats_wild``, tie-breaks that read suits within a rank,
a few shapes listed at the matchers) goes first to the *ladder path*, ``LadderPath``: the
pile read from one sum of codes that keeps each suit's ranks and the trump numbers; each
rank tested exactly with a few bit counts, the first that passes filled as the engine
fills it (directly for the common shapes, else by the engine's own search on small ints).

``FastPath.key`` returns the same key the generic engine would (tests hold the two equal,
every five-card tarot hand included), or None where the generic engine must decide
(distinct suits, a card of another deck, more than seven suits).
``FastPath.compile_key(fallback)`` is the same with the generic engine as the fallback:
``Ranking.key``.

>>> from dealer.store.rulesets import load
>>> deadlands = load("deadlands")
>>> fast = FastPath(deadlands.ranking.ranks, deadlands.deck)
>>> fast.key(deadlands.deck.parse_many("As Ad 7c 7h 2s 9d Jc"))  # two pair: aces, sevens, jack
(3, ((14, 7), (11,)), 0)
>>> fast.key(deadlands.deck.parse_many("RJ 7c 7h 7s 2s 9d Jc"), deadlands.context("huckster"))
(8, ((7,), (11,)), 0)
>>> tarot = load("weird-dust-devils")
>>> tarot_fast = FastPath(tarot.ranking.ranks, tarot.deck)
>>> tarot_fast.key(tarot.deck.parse_many("T3 T4 T5 2Sw 3Cu"))  # ordered three, T5 the top trump
(7, ((5,),), 0)
>>> tarot_fast.key(tarot.deck.parse_many("9Sw 9Cu T4 2Sw 3Cu"), tarot.context("conflict"))  # nines, Swords
(2, ((9, 4), (104, 3, 2)), 0)
"""
from __future__ import annotations

from dealer.core.bitfields import CACHE_LIMIT, GENERIC, RANK_BITS, window_masks
from dealer.core.cards import PLAIN, TRUMP
from dealer.core.ranks import HAND_SIZE, NO_WILDS

from typing import TYPE_CHECKING
if TYPE_CHECKING:
    from collections.abc import Sequence
    from typing import Callable

    from dealer.core.cards import Card, Deck
    from dealer.core.ladder import LadderPath
    from dealer.core.ranks import Context, HandRank

    Key = tuple  # (strength, tie-break steps, naturalness): see dealer.core.hands
    Matched = Key | object | None  # a matcher's answer: a key, GENERIC, or None (the rank is not filled)

_MAX_CARDS = 31  # dead, wild and suit fields hold counts up to 31
_SUIT_W = 6  # bits per suit count; the top bit flags "could be a flush"

# Matcher kinds.
_COUNT, _SUIT, _NEVER, _OPAQUE = "count", "suit", "never", "opaque"
_SUIT_STEPS = {"suit", "group_cards", "group_card"}


class _Layout:
    """Where each count lives in a pile's code sum; ranks sit in fields 1.. (0: the low ace)."""

    def __init__(self, deck, flush_min):
        self.low, self.top, self.ace_low = deck.low_rank, deck.top_rank, deck.ace_low
        self.fields = len(deck.ranks) + 1
        self.ranks_mask = (1 << (RANK_BITS * self.fields)) - 1
        self.ones = sum(1 << (RANK_BITS * f) for f in range(1, self.fields))  # bit 0 of every rank field
        self.dead = RANK_BITS * self.fields
        self.wild = self.dead + 5
        self.trump = self.wild + 5
        self.suit0 = self.trump + 6
        self.suits = {suit.code: self.suit0 + _SUIT_W * i for i, suit in enumerate(deck.suits)}
        self.nonsuit = (1 << self.suit0) - 1
        self.bias = sum((32 - flush_min) << shift for shift in self.suits.values()) if flush_min else 0
        self.flush_bits = sum(1 << (shift + 5) for shift in self.suits.values()) if flush_min else 0
        self.ace_shift = RANK_BITS * (self.top - self.low + 1)
        self.values = [b // RANK_BITS + self.low - 1 for b in range(RANK_BITS * self.fields)]  # bit index -> value
        self.repeats = (self.ones << 1) | (self.ones << 2)  # set where a rank is held twice or more
        self.singles = {}  # rank counts of ranks held once each -> their values, highest first

    def descending(self, once: int) -> tuple[int, ...]:
        """The values of the ranks in ``once`` (each held once), highest first; cached."""
        values, rest = [], once
        while rest:
            b = rest.bit_length() - 1
            rest ^= 1 << b
            values.append(self.values[b])
        if len(self.singles) >= CACHE_LIMIT:
            self.singles.clear()
        found = self.singles[once] = tuple(values)
        return found

    def bit(self, value: int) -> int:
        """The rank-count bit of ``value`` (value low-1 is the Ace played low)."""
        return 1 << (RANK_BITS * (value - self.low + 1))

    def windows(self, deck: Deck, length: int, top: int) -> list[tuple[int, int]]:
        """``window_masks`` in field bits: (top value, mask), highest first."""
        out = []
        for high, mask in window_masks(deck, length, top):
            spread = 0
            for v in range(high - length + 1, high + 1):
                spread |= self.bit(v)
            out.append((high, spread))
        return out


def _finish(rank, groups, sequence, core_values, kickers):
    """The rank's key from the parts of a filled pattern, as the generic engine builds it."""
    out = []
    for step in rank.tiebreak:
        if step == "groups":
            out.append(groups)
        elif step == "group":
            out.append(groups[:1])
        elif step == "sequence":
            out.append((sequence,))
        elif step in ("run", "trump"):
            out.append((0,))
        elif step == "cards":
            out.append(tuple(sorted((*core_values, *kickers), reverse=True)))
        elif step == "kickers":
            out.append(tuple(kickers))
        elif step == "high":
            out.append((max((*core_values, *kickers)),))
    return (rank.strength, tuple(out), 0)


def _kickers(layout, rest, free, left, wilds, dead):
    """The best ``free`` cards outside the parts: spare wilds (as the top card), naturals, dead.

    ``left`` holds the rank counts of the natural cards outside the parts. Returns a tuple,
    highest first, or None when too few cards may fill the places.
    """
    if not free:
        return ()
    if rest == "trump":
        return None  # the pile holds no trumps
    if not wilds and not left & layout.repeats:  # each rank left once: its values, cached by mask
        values = layout.singles.get(left)
        if values is None:
            values = layout.descending(left)
        if len(values) >= free:
            return values[:free]
        kick = list(values)
    else:
        kick = [layout.top] * (wilds if wilds < free else free)
        values = layout.values
        held = (left | left >> 1 | left >> 2) & layout.ones
        while held and len(kick) < free:
            b = held.bit_length() - 1
            held ^= 1 << b
            have = left >> b & 7
            kick.extend([values[b]] * min(have, free - len(kick)))
    if rest == "any" and len(kick) < free:
        kick.extend([0] * min(dead, free - len(kick)))
    return tuple(kick) if len(kick) == free else None


# -- one compiler per pattern kind ----------------------------------------------------------


def _group_bits(sizes, counts, at_least, wilds):
    """The rank bits of the groups, highest choice first: ``(bits, spare wilds, counts left)``.

    Without wilds, the highest rank held often enough, group by group (taking it never
    spoils a later, smaller group). With wilds, the first choice in descending order that
    leaves enough wilds for the groups after it, as the generic engine's search finds it.
    """
    if not wilds:
        bits, taken, left = [], 0, counts
        for size in sizes:
            options = at_least[size] & ~taken
            if not options:
                return None
            b = options.bit_length() - 1
            taken |= 1 << b
            bits.append(b)
            left -= size << b
        return bits, 0, left
    found = _choose(sizes, 0, counts, at_least, 0, wilds)
    if found is None:
        return None
    bits, spare = found
    left = counts
    for b, size in zip(bits, sizes):
        have = counts >> b & 7
        left -= (size if size < have else have) << b
    return bits, spare, left


def _choose(sizes, i, counts, at_least, taken, wilds):
    size = sizes[i]
    need = size - wilds
    options = at_least[need if need > 0 else 0] & ~taken
    while options:
        b = options.bit_length() - 1
        bit = 1 << b
        options ^= bit
        have = counts >> b & 7
        short = size - have if size > have else 0
        if i == len(sizes) - 1:
            return [b], wilds - short
        found = _choose(sizes, i + 1, counts, at_least, taken | bit, wilds - short)
        if found is not None:
            return [b] + found[0], found[1]
    return None


def _compile_groups(rank, layout):
    """Groups of equal rank: the highest ranks the naturals and wilds can fill, in group order.

    Only when the tie-break starts with the groups' ranks (or the one group's rank), so the
    highest choice wins outright, as the generic engine's ``first_only`` assumes.
    """
    pattern, steps = rank.pattern, rank.tiebreak
    sizes, core, rest = pattern.groups, pattern.core_size, pattern.rest
    if not (steps[:1] == ("groups",) or (steps[:1] == ("group",) and len(sizes) == 1)):
        return _OPAQUE, None
    needs_core = "cards" in steps or "high" in steps
    values = layout.values

    def fast_groups(counts: int, at_least: tuple[int, ...], wilds: int, dead: int, size: int) -> Key | None:
        found = _group_bits(sizes, counts, at_least, wilds)
        if found is None:
            return None
        bits, spare, left = found
        kick = _kickers(layout, rest, size - core, left, spare, dead)
        if kick is None:
            return None
        chosen = tuple([values[b] for b in bits])
        core_values = [v for v, group in zip(chosen, sizes) for _ in range(group)] if needs_core else []
        return _finish(rank, chosen, 0, core_values, kick)

    if steps not in (("groups", "kickers"), ("groups",)) or rest == "trump":
        return _COUNT, fast_groups
    return _COUNT, _short_groups(rank, layout, fast_groups)


def _short_groups(rank, layout, fast_groups):
    """Groups without wilds, compared by their ranks (then kickers): most piles, kept short.

    Piles with wilds, and kickers that are not one card per rank, go to ``fast_groups``.
    """
    sizes, core, rest = rank.pattern.groups, rank.pattern.core_size, rank.pattern.rest
    with_kickers, values, strength = len(rank.tiebreak) == 2, layout.values, rank.strength
    repeats, singles, descending = layout.repeats, layout.singles, layout.descending

    def plain_kickers(left: int, free: int, dead: int) -> tuple[int, ...] | None:
        """Kickers without wilds; each rank left once (most piles): the cached values."""
        if not free:
            return ()
        kick = None if left & repeats else singles.get(left) or descending(left)
        if kick is None or len(kick) < free:
            return _kickers(layout, rest, free, left, 0, dead)
        return kick[:free]

    if len(sizes) > 1:
        def fast_plain_groups(counts: int, at_least: tuple[int, ...], wilds: int, dead: int,
                              size: int) -> Key | None:
            """Groups without wilds, the highest rank held often enough for each in turn."""
            if wilds:
                return fast_groups(counts, at_least, wilds, dead, size)
            taken, left, chosen = 0, counts, []
            for group in sizes:
                options = at_least[group] & ~taken
                if not options:
                    return None
                b = options.bit_length() - 1
                taken |= 1 << b
                left -= group << b
                chosen.append(values[b])
            kick = plain_kickers(left, size - core, dead)
            if kick is None:
                return None
            return (strength, (tuple(chosen), kick) if with_kickers else (tuple(chosen),), 0)

        return fast_plain_groups
    single = sizes[0]

    def fast_group(counts: int, at_least: tuple[int, ...], wilds: int, dead: int, size: int) -> Key | None:
        """A pair or trips without wilds (most piles), kept short."""
        options = at_least[single]
        if wilds or not options:
            return fast_groups(counts, at_least, wilds, dead, size)
        b = options.bit_length() - 1
        kick = plain_kickers(counts - (single << b), size - core, dead)
        if kick is None:
            return None
        return (strength, ((values[b],), kick) if with_kickers else ((values[b],),), 0)

    return fast_group


def _fillable(sizes, counts, wilds):
    """Whether groups of ``sizes`` fit distinct ranks held ``counts`` times, with ``wilds`` to spare."""
    if not sizes:
        return True
    size, rest = sizes[0], sizes[1:]
    tried = set()
    for i, have in enumerate(counts):
        if have in tried:
            continue
        tried.add(have)
        short = size - have if size > have else 0
        if short <= wilds and _fillable(rest, counts[:i] + counts[i + 1:], wilds - short):
            return True
    return False


def _first_window(windows, held, wilds, length):
    for high, window in windows:
        if length - (held & window).bit_count() <= wilds:
            return high
    return None


def _compile_sequence(rank, layout, deck):
    """Consecutive ranks: the highest window the held ranks (and wilds) fill; suited per suit.

    A sequence shorter than the hand leaves cards to choose around it: generic.
    """
    pattern = rank.pattern
    length = pattern.sequence
    if rank.tiebreak[:1] not in (("sequence",), ("cards",), ("high",)):
        return _OPAQUE, None
    windows = layout.windows(deck, length, pattern.top)
    ace_shift = layout.ace_shift if layout.ace_low else None

    def finish(high: int) -> Key:
        return _finish(rank, (), high, list(range(high, high - length, -1)), [])

    if not pattern.suited:
        shifts = [RANK_BITS * k for k in range(1, length)]
        top_bit = RANK_BITS * (pattern.top - length + 1 - layout.low + 1) if pattern.top else None

        def fast_sequence(counts: int, at_least: tuple[int, ...], wilds: int, dead: int, size: int) -> Matched:
            if length > size:
                return None
            held = at_least[1]
            if ace_shift is not None:
                held |= (held >> ace_shift) & 1
            if held.bit_count() + wilds < length:
                return None
            if wilds:
                high = _first_window(windows, held, wilds, length)
                if high is None:
                    return None
            else:  # runs of ``length`` held ranks, each marked at its lowest rank
                runs = held
                for shift in shifts:
                    runs &= held >> shift
                if not runs:
                    return None
                if top_bit is None:
                    high = layout.values[runs.bit_length() - 1] + length - 1
                elif runs >> top_bit & 1:
                    high = pattern.top
                else:
                    return None
            return GENERIC if length < size else finish(high)

        return _COUNT, fast_sequence

    def fast_suited(by_suit: dict[str, int], wilds: int, size: int) -> Matched:
        if length > size:
            return None
        best = None
        for held in by_suit.values():
            if held.bit_count() + wilds < length:
                continue
            if ace_shift is not None:
                held |= (held >> ace_shift) & 1
            high = _first_window(windows, held, wilds, length)
            if high is not None and (best is None or high > best):
                best = high
        if best is None:
            return None
        return GENERIC if length < size else finish(best)

    return _SUIT, fast_suited


def _compile_flush(rank, layout):
    """Cards of one suit: per suit, the highest naturals, wilds taking the highest missing."""
    length = rank.pattern.flush
    top, low = layout.top, layout.low

    def fast_flush(by_suit: dict[str, int], wilds: int, size: int) -> Matched:
        if length > size:
            return None
        best = None
        for held in by_suit.values():
            if held.bit_count() + wilds < length:
                continue
            if length < size:
                return GENERIC
            values, spare = [], wilds
            for value in range(top, low - 1, -1):
                if held & layout.bit(value):
                    values.append(value)
                elif spare:
                    spare -= 1
                    values.append(value)
                else:
                    continue
                if len(values) == length:
                    break
            key = _finish(rank, (), 0, values, [])
            if best is None or key > best:
                best = key
        return best

    return _SUIT, fast_flush


def _compile_rainbow(rank, layout):
    """Distinct suits: whether enough suits (and wilds) are there; the choosing is generic."""
    needed = rank.pattern.distinct_suits

    def fast_rainbow(by_suit: dict[str, int], wilds: int, size: int) -> Matched:
        return None if needed > size or len(by_suit) + wilds < needed else GENERIC

    return _SUIT, fast_rainbow


def _compile_rest(rank, layout):
    """No parts: the best five cards."""
    rest, strength, by_cards = rank.pattern.rest, rank.strength, rank.tiebreak == ("cards",)

    def fast_rest_only(counts: int, at_least: tuple[int, ...], wilds: int, dead: int, size: int) -> Key | None:
        kick = _kickers(layout, rest, size, counts, wilds, dead)
        if kick is None:
            return None
        return (strength, (kick,), 0) if by_cards else _finish(rank, (), 0, [], kick)

    return _COUNT, fast_rest_only


def compile_rank(rank: HandRank, layout: _Layout, deck: Deck) -> tuple[str, Callable | None]:
    """``(kind, matcher)`` for one hand rank: the compiler of its pattern's kind."""
    pattern = rank.pattern
    if pattern.trump_run or pattern.trumps:
        return _NEVER, None  # the fast path sees no trumps
    if _SUIT_STEPS.intersection(rank.tiebreak):
        return _OPAQUE, None
    if pattern.groups:
        return _compile_groups(rank, layout)
    if pattern.sequence:
        return _compile_sequence(rank, layout, deck)
    if pattern.flush:
        return _compile_flush(rank, layout)
    if pattern.distinct_suits:
        return _compile_rainbow(rank, layout)
    return _compile_rest(rank, layout)


class FastPath:
    """The compiled matchers of one ranking and deck, and the per-context card codes."""

    def __init__(self, ranks: tuple[HandRank, ...], deck: Deck) -> None:
        self.ranks = ranks
        self.deck = deck
        self.enabled = len(deck.suits) <= 7 and 0 < len(deck.ranks) <= 31
        flush_min = min((r.pattern.flush or r.pattern.sequence for r in ranks
                         if r.pattern.flush or (r.pattern.sequence and r.pattern.suited)), default=0)
        self.layout = layout = _Layout(deck, flush_min)
        compiled = [compile_rank(rank, layout, deck) for rank in ranks] if self.enabled else []
        self._count = [(i, matcher) for i, (kind, matcher) in enumerate(compiled) if kind == _COUNT]
        # Ranks checked per pile, strongest first: (index, matcher or None for opaque, gated by flush bits).
        self._per_pile = [(i, matcher, bool(matcher) and not rank.pattern.distinct_suits)
                          for i, ((kind, matcher), rank) in enumerate(zip(compiled, ranks))
                          if kind in (_SUIT, _OPAQUE)]
        self._four_suits = len(deck.suits) <= 4
        self._sequence_lengths = sorted({rank.pattern.sequence for i, rank in enumerate(ranks)
                                         if rank.pattern.sequence and not rank.pattern.suited})
        self._cache = {}
        self._plans = {}
        self._tables = {}
        # Without a pile-dependent rank that the flush bits do not gate, a pile whose flush
        # bits are clear needs no per-pile check at all.
        self._always_per_pile = any(not gated for _, _, gated in self._per_pile)
        self._by_counts = self._compile_by_counts()
        self._ladder = None
        self.key = self.compile_key()

    @property
    def ladder(self) -> LadderPath:
        """The ladder path (``dealer.core.ladder``), imported and built on first use: a command
        that reads no such pile never pays for it."""
        if self._ladder is None:
            from dealer.core.ladder import LadderPath

            self._ladder = LadderPath(self.ranks, self.deck)
        return self._ladder

    def _table(self, context):
        """Card codes for ``context`` (which cards are wild or dead there), built on first use."""
        layout = self.layout
        wild = context.wild
        all_suits = sum(1 << shift for shift in layout.suits.values()) if layout.bias else 0
        codes, naturals = {}, {}
        for card in self.deck:
            kind = wild.get(card) if wild else None
            if kind == "any":
                codes[card] = (1 << layout.wild) | all_suits
            elif kind is not None or card.kind == TRUMP:
                codes[card] = 1 << layout.trump
            elif card.kind == PLAIN:
                codes[card] = layout.bit(card.value) | (1 << layout.suits[card.suit.code] if layout.bias else 0)
                naturals[card] = (card.suit.code, layout.bit(card.value))
            else:
                codes[card] = 1 << layout.dead
        wilds_ok = not self.deck.trump_count and not context.natural_beats_wild
        if len(self._tables) > 64:
            self._tables.clear()
        table = self._tables[context] = (codes, naturals, wilds_ok)
        return table

    def _compile_by_counts(self):
        """``by_counts(nonsuit, wilds, count)``: the strongest count rank the pile fills.

        Returns ``(index, key or None for generic)``: plain ints and tuples, which the garbage
        collector soon stops tracking, so a large cache costs it nothing. A closure: it runs
        once per rank multiset met. Its plan (which matchers to call) depends on the pile's
        shape: how many ranks are held at least 1, 2, ... times, the wilds, the hand size and,
        for piles without wilds, which sequence lengths the held ranks can run (shifts tell).
        """
        layout, plans, make_plan = self.layout, self._plans, self._plan
        ranks_mask, dead_shift, ones = layout.ranks_mask, layout.dead, layout.ones
        ace_shift = layout.ace_shift if layout.ace_low else None
        four_suits, nothing = self._four_suits, (len(self.ranks), None)
        runs = [[RANK_BITS * k for k in range(1, length)] for length in self._sequence_lengths]
        run5 = runs == [[3, 6, 9, 12]]
        shortest_run = min(self._sequence_lengths, default=0)

        def by_counts(nonsuit: int, wilds: int, count: int) -> tuple[int, Key | None]:
            counts = nonsuit & ranks_mask
            size = HAND_SIZE if count > HAND_SIZE else count
            b0 = counts & ones
            b1 = counts >> 1 & ones
            b2 = counts >> 2 & ones
            held = b0 | b1 | b2
            distinct = held.bit_count()
            # The shape as one int (no allocation to track): 5 bits per count, wilds, size, runs.
            if four_suits and not b2 & (b1 | b0):  # no rank held five times or more (a copy could)
                at_least = (ones, held, b1 | b2, b2 | (b1 & b0), b2, 0, 0, 0)
                shape = (distinct | at_least[2].bit_count() << 5 | at_least[3].bit_count() << 10
                         | b2.bit_count() << 15 | wilds << 35 | size << 40)
            else:
                at_least = (ones, held, b1 | b2, b2 | (b1 & b0), b2, b2 & (b1 | b0), b2 & b1, b2 & b1 & b0)
                shape = wilds << 35 | size << 40
                for k in range(1, 8):
                    shape |= at_least[k].bit_count() << (5 * k - 5)
            if runs and not wilds and distinct >= shortest_run:
                if ace_shift is not None:
                    held |= held >> ace_shift & 1
                if run5:  # the usual straight, unrolled
                    if held & held >> 3 & held >> 6 & held >> 9 & held >> 12:
                        shape |= 1 << 48
                else:
                    flag = 1 << 48
                    for shifts in runs:
                        found = held
                        for shift in shifts:
                            found &= held >> shift
                        if found:
                            shape |= flag
                        flag <<= 1
            plan = plans.get(shape)
            if plan is None:
                plan = plans[shape] = make_plan(shape)
            for i, matcher in plan:
                key = matcher(counts, at_least, wilds, nonsuit >> dead_shift & 31, size)
                if key is not None:
                    return i, (None if key is GENERIC else key)
            return nothing  # no count rank fills: a pile-dependent rank must, or the generic engine

        return by_counts

    def _plan(self, shape):
        """The count matchers worth calling for piles of this shape: groups it cannot fill dropped.

        Whether groups can be filled depends only on how many ranks are held how often (and
        the wilds), not on which ranks: one plan serves every pile of the shape.
        """
        at_least = [shape >> (5 * k) & 31 for k in range(7)]
        wilds, size = shape >> 35 & 31, shape >> 40 & 7
        can_run = {length: bool(shape >> (48 + j) & 1) for j, length in enumerate(self._sequence_lengths)}
        if wilds:
            can_run = {}  # piles with wilds are not checked for runs: their matchers decide
        counts = []
        for k in range(7, 0, -1):
            held_k = at_least[k - 1] - (at_least[k] if k < 7 else 0)
            counts.extend([k] * held_k)
        counts.extend([0] * (len(self.deck.ranks) - len(counts)))
        plan = []
        for i, matcher in self._count:
            pattern = self.ranks[i].pattern
            if pattern.core_size > size:
                continue
            if pattern.groups and not _fillable(pattern.groups, counts, wilds):
                continue
            if pattern.sequence and (at_least[0] + wilds < pattern.sequence
                                     or not can_run.get(pattern.sequence, True)):
                continue  # too few different ranks, or none in a run
            plan.append((i, matcher))
        return tuple(plan)

    def compile_key(self, fallback: Callable | None = None) -> Callable[..., Key | None]:
        """``key(cards, context)``: the key of the best hand, or ``fallback(cards, context)``.

        Without a fallback, None where the generic engine must decide. A closure with its
        constants local: it runs once per pile evaluated.
        """
        tables, cache, layout, make_table, by_counts = self._tables, self._cache, self.layout, self._table, \
            self._by_counts
        bias, nonsuit_mask, flush_bits = layout.bias, layout.nonsuit, layout.flush_bits
        trump_mask, wild_shift = 63 << layout.trump, layout.wild
        per_pile, always_per_pile, enabled = self._per_pile, self._always_per_pile, self.enabled
        last_resort = fallback or (lambda cards, context: None)
        ladder = []  # its key, once built

        def generic(cards: Sequence[Card], context: Context = NO_WILDS) -> Key | None:
            """Trumps, suit-reading tie-breaks, wilds with trumps: the ladder path, else the fallback."""
            if not ladder:
                ladder.append(self.ladder.key)
            found = ladder[0](cards, context)
            return last_resort(cards, context) if found is None or found is GENERIC else found

        if self.deck.trump_count and (not enabled or not self._count):
            return generic  # a tarot deck: most piles hold a trump, which only the ladder path reads

        def key(cards: Sequence[Card], context: Context = NO_WILDS) -> Key | None:
            if not enabled or not cards or len(cards) > _MAX_CARDS:
                return generic(cards, context)
            table = tables.get(context)
            if table is None:
                table = make_table(context)
            codes, naturals, wilds_ok = table
            try:
                total = sum(map(codes.__getitem__, cards), bias)
            except KeyError:  # a card of another deck
                return generic(cards, context)
            wilds = total >> wild_shift & 31
            if total & trump_mask or (wilds and not wilds_ok):
                return generic(cards, context)
            nonsuit = total & nonsuit_mask
            found = cache.get(nonsuit)
            if found is None:
                found = by_counts(nonsuit, wilds, len(cards))
                if len(cache) >= CACHE_LIMIT:
                    cache.clear()
                cache[nonsuit] = found
            index, answer = found
            if always_per_pile or total & flush_bits:
                by_suit = None
                for i, matcher, gated in per_pile:
                    if i >= index:
                        break
                    if matcher is None:
                        return generic(cards, context)
                    if gated and not total & flush_bits:
                        continue
                    if by_suit is None:
                        by_suit = {}
                        for card in cards:
                            natural = naturals.get(card)
                            if natural is not None:
                                by_suit[natural[0]] = by_suit.get(natural[0], 0) | natural[1]
                    suit_key = matcher(by_suit, wilds, HAND_SIZE if len(cards) > HAND_SIZE else len(cards))
                    if suit_key is not None:
                        return generic(cards, context) if suit_key is GENERIC else suit_key
            return generic(cards, context) if answer is None else answer

        return key
