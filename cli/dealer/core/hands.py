"""Poker hands as ruleset data: patterns, the best five of any number of cards, comparison.

A hand rank is a *pattern* (a few composable constraints on the five cards played) plus a
*tie-break* (the steps that order two hands of that rank). The ranking is the ordered list
of hand ranks, strongest first; the best hand of a pile of cards is the first rank whose
pattern the pile can fill, filled the way that maximises the tie-break. Wild cards stand for
whatever helps most: ``any`` card (also a copy of one already held, so five of a kind
exists), or any ``trump`` only. Specials that are not wild in the context are dead.

>>> from dealer.store.rulesets import load
>>> deadlands = load("deadlands")
>>> ranking, deck, huckster = deadlands.ranking, deadlands.deck, deadlands.context("huckster")
>>> hand = ranking.best(deck.parse_many("8s 8h 8d Kc 5d 3s RJ"), huckster)
>>> hand.rank.name, [card.code for card in hand.played], hand.substitutions()
('Four of a Kind', ['8s', '8h', '8d', 'RJ', 'Kc'], {'RJ': '8c'})
>>> ranking.best(deck.parse_many("As Ks"), huckster).rank.name
'High Card'
"""

from __future__ import annotations

from itertools import combinations, product

from dealer.core import fastpath
from dealer.core.cards import PLAIN, TRUMP
from dealer.core.grouping import group_values
from dealer.core.ranks import HAND_SIZE, NO_WILDS
from dealer.errors import HandError

from typing import TYPE_CHECKING
if TYPE_CHECKING:
    from collections.abc import Iterable, Sequence

    from dealer.core.cards import Card, Deck
    from dealer.core.ranks import Context, HandRank


class Hand:
    """The best hand found: its rank, the cards played, what each wild stands for, its key.

    ``played`` holds the cards as held (a wild card itself); ``stands_for`` holds, aligned
    with it, the card each wild became (``None`` for natural cards). ``key`` compares
    correctly with the key of any other hand of the same ranking and context.
    """

    __slots__ = ("rank", "played", "stands_for", "key", "unused", "dead")

    def __init__(self, rank, played, stands_for, key, unused, dead):
        self.rank = rank
        self.played = played
        self.stands_for = stands_for
        self.key = key
        self.unused = unused
        self.dead = dead

    def __repr__(self):
        return f"Hand({self.rank.name}: {' '.join(card.code for card in self.played)})"

    def substitutions(self) -> dict[str, str]:
        """``{wild code: code of the card it stands for}`` for display and JSON."""
        return {card.code: sub.code for card, sub in zip(self.played, self.stands_for) if sub is not None}

    @property
    def effective(self) -> tuple:
        """The five cards as they count: each wild replaced by what it stands for."""
        return tuple(sub or card for card, sub in zip(self.played, self.stands_for))

    @property
    def primary(self) -> int:
        """The first value of the tie-break: what thresholds such as 'pair of jacks' read."""
        return key_primary(self.key)

    @property
    def arcane(self) -> bool:
        """At least one played card is (or stands for) a trump."""
        return any(card.kind == TRUMP for card in self.effective)


def key_primary(key: tuple) -> int:
    """The first value of a hand key's tie-break (``Hand.primary`` of the hand it is the key of)."""
    for step in key[1]:
        if step:
            return step[0]
    return 0


class _Pool:
    """The cards of one evaluation, sorted the ways the patterns look at them."""

    __slots__ = ("by_rank", "by_suit", "trumps", "wild_any", "wild_trump", "dead", "counts", "count")

    def __init__(self, cards, context):
        by_rank, by_suit, trumps = {}, {}, {}
        wild_any, wild_trump, dead = [], [], []
        wild = context.wild
        for card in cards:
            kind = wild.get(card) if wild else None
            if kind is not None:
                (wild_any if kind == "any" else wild_trump).append(card)
            elif card.kind == PLAIN:
                rank = by_rank.get(card.value)
                if rank is None:
                    by_rank[card.value] = [card]
                else:
                    rank.append(card)
                suit = by_suit.get(card.suit.code)
                if suit is None:
                    by_suit[card.suit.code] = [card]
                else:
                    suit.append(card)
            elif card.kind == TRUMP:
                trumps[card.value] = card
            else:
                dead.append(card)
        if wild_any or wild_trump:
            penalty = context.penalty
            wild_any.sort(key=penalty.__getitem__)
            wild_trump.sort(key=penalty.__getitem__)
        self.by_rank = by_rank
        self.by_suit = by_suit
        self.trumps = trumps
        self.wild_any = wild_any
        self.wild_trump = wild_trump
        self.dead = dead
        self.count = len(cards)
        self.counts = sorted(map(len, by_rank.values()), reverse=True)


def _strongest_first(cards):
    return sorted(cards, key=lambda card: -card.suit.strength)


class _Candidate:
    """One way to fill a pattern: the played slots and the facts the tie-breaks read."""

    __slots__ = ("slots", "used", "groups", "sequence", "run", "core")

    def __init__(self):
        self.slots = []  # (card as held, card it stands for or None, played value)
        self.used = set()
        self.groups = ()
        self.sequence = 0
        self.run = 0
        self.core = 0


class Ranking:
    """An ordered list of hand ranks compiled for one deck: evaluates and compares hands."""

    def __init__(self, ranks: Iterable[HandRank], deck: Deck):
        self.ranks = tuple(sorted(ranks, key=lambda rank: -rank.strength))
        self.deck = deck
        self._top_plain = deck.plain(deck.top_rank, deck.suits[0].code) if deck.ranks and deck.suits else None
        self._trump_values = range(deck.trump_count, 0, -1)
        self._window_cache = {}
        self._fast = fastpath.FastPath(self.ranks, deck)
        self._by_strength = {rank.strength: rank for rank in self.ranks}
        # ``key`` below, compiled: one call per pile, the generic engine only where needed.
        self.key = self._fast.compile_key(lambda cards, context=NO_WILDS: self.best(cards, context).key)

    # -- evaluation -----------------------------------------------------------------------

    def best(self, cards: Sequence[Card], context: Context = NO_WILDS) -> Hand:
        """The best hand of ``cards`` (1 or more; fewer than five are played as they are)."""
        if not cards:
            raise HandError("a hand needs at least one card")
        pool = _Pool(cards, context)
        size = HAND_SIZE if pool.count > HAND_SIZE else pool.count
        ranks = self.ranks
        fast = self._fast.key(cards, context)
        if fast is not None:  # the generic engine then only fills the known rank
            ranks = (self._by_strength[fast[0]],) + ranks
        for rank in ranks:
            found = self._match(rank, pool, size, context)
            if found is not None:
                return self._hand(rank, found, cards, pool)
        raise AssertionError("the ranking has no rank that every hand fills")  # checked at load

    def best_at(self, rank: HandRank, cards: Sequence[Card], context: Context = NO_WILDS) -> Hand | None:
        """The best hand of exactly ``rank`` that ``cards`` make, or None (for sub-hands)."""
        if not cards:
            return None
        pool = _Pool(cards, context)
        found = self._match(rank, pool, min(HAND_SIZE, pool.count), context)
        return None if found is None else self._hand(rank, found, cards, pool)

    @staticmethod
    def _hand(rank, found, cards, pool):
        candidate, key = found
        played = tuple(card for card, _, _ in candidate.slots)
        chosen = set(map(id, played))
        return Hand(rank, played, tuple(sub for _, sub, _ in candidate.slots), key,
                    tuple(c for c in cards if id(c) not in chosen), tuple(c for c in played if c in pool.dead))

    def key(self, cards: Sequence[Card], context: Context = NO_WILDS) -> tuple:
        """The comparable key of the best hand of ``cards``: what to sort or compare by.

        Equal to ``best(cards, context).key``. ``__init__`` replaces this method by the
        compiled fast path (``fastpath.FastPath.compile_key``), which builds no hand where it
        can and calls ``best`` where it cannot; this body is that fallback.
        """
        return self.best(cards, context).key

    def rank_of(self, key: tuple) -> HandRank:
        """The hand rank of a hand key (``best(...).rank`` of the hand it is the key of)."""
        return self._by_strength[key[0]]

    def compare(self, first: Hand, second: Hand) -> int:
        """1 if hand ``first`` wins, -1 if ``second`` wins, 0 for a tie."""
        return (first.key > second.key) - (first.key < second.key)

    # -- matching one rank ----------------------------------------------------------------

    def _match(self, rank, pool, size, context):
        pattern = rank.pattern
        if pattern.core_size > size:
            return None
        n_any = len(pool.wild_any)
        # Fast rejections on counts alone, before building any candidate.
        if pattern.groups:
            need = 0
            counts = pool.counts
            for i, group in enumerate(pattern.groups):
                have = counts[i] if i < len(counts) else 0
                if group > have:
                    need += group - have
            if need > n_any:
                return None
        if pattern.sequence and len(pool.by_rank) + n_any < pattern.sequence:
            return None
        if pattern.flush and max(map(len, pool.by_suit.values()), default=0) + n_any < pattern.flush:
            return None
        if pattern.distinct_suits and len(pool.by_suit) + n_any < pattern.distinct_suits:
            return None
        trump_need = pattern.trump_run + pattern.trumps
        if trump_need and len(pool.trumps) + len(pool.wild_trump) + n_any < trump_need:
            return None

        best = None
        for candidate in self._plain_parts(rank, pool):
            for full in self._trump_parts(pattern, pool, candidate):
                key = self._fill_and_key(rank, pattern, pool, size, full, context)
                if key is not None and (best is None or key > best[1]):
                    best = (full, key)
        return best

    def _plain_parts(self, rank, pool):
        pattern = rank.pattern
        first = rank.tiebreak[:1]
        if pattern.groups:
            # The first (highest) choice of ranks wins outright when the tie-break starts with
            # the groups' ranks (each group's strongest natural follows from its rank).
            yield from self._groups(pattern.groups, pool, first in (("groups",), ("group_cards",)))
        elif pattern.sequence:
            yield from self._sequences(pattern, pool, first in (("sequence",), ("cards",), ("high",)))
        elif pattern.flush:
            yield from self._flushes(pattern.flush, pool)
        elif pattern.distinct_suits:
            yield from self._rainbows(pattern.distinct_suits, pool)
        else:
            yield _Candidate()

    def _trump_parts(self, pattern, pool, candidate):
        if pattern.trump_run:
            yield from self._trump_runs(pattern.trump_run, pool, candidate)
        elif pattern.trumps:
            yield from self._chaotic(pattern.trumps, pattern.no_run, pool, candidate)
        else:
            yield candidate

    # -- plain parts ----------------------------------------------------------------------

    def _groups(self, sizes, pool, first_only):
        """Every choice of distinct ranks for the groups that the naturals and wilds can fill.

        Choices come highest first; with ``first_only`` (the tie-break starts with ``groups``,
        so the highest choice wins outright) only the first is tried.
        """
        by_rank = pool.by_rank
        for values in group_values(sizes, by_rank, len(pool.wild_any), self.deck.top_rank, self.deck.low_rank):
            candidate = _Candidate()
            wilds = iter(pool.wild_any)
            for size, value in zip(sizes, values):
                naturals = by_rank.get(value, [])
                if len(naturals) > 1:
                    naturals = _strongest_first(naturals)
                taken = naturals[:size]
                for card in taken:
                    candidate.slots.append((card, None, value))
                    candidate.used.add(card)
                held = {card.suit.code for card in taken}
                stand_ins = [self.deck.plain(value, s.code) for s in self.deck.suits if s.code not in held]
                for j in range(size - len(taken)):
                    wild = next(wilds)
                    stand_in = stand_ins[j] if j < len(stand_ins) else self.deck.plain(value, self.deck.suits[0].code)
                    candidate.slots.append((wild, stand_in, value))
                    candidate.used.add(wild)
            candidate.groups = values
            candidate.core = len(candidate.slots)
            yield candidate
            if first_only:
                return

    def _sequences(self, pattern, pool, first_only):
        """Every window of consecutive ranks the cards (and wilds) can fill, highest first.

        With ``first_only`` (the tie-break starts with a step a higher window always wins),
        only the windows with the highest top are tried.
        """
        deck = self.deck
        length = pattern.sequence
        n_any = len(pool.wild_any)
        ace_low_value = deck.low_rank - 1
        if pattern.suited:
            suits = []
            for suit in deck.suits:
                held = {card.value: card for card in pool.by_suit.get(suit.code, ())}
                if len(held) + n_any >= length:
                    suits.append((suit.code, held))
        else:
            suits = [(None, {value: _strongest_first(cards)[0] for value, cards in pool.by_rank.items()})]
        masks = []
        for suit, held in suits:
            if deck.ace_low and deck.top_rank in held:
                held[ace_low_value] = held[deck.top_rank]
            mask = 0
            for value in held:
                mask |= 1 << value
            masks.append((suit, held, mask))
        best_top = None
        for high, window in self._windows(length, pattern.top):
            if best_top is not None and high < best_top:
                return
            for suit, held, mask in masks:
                if length - (mask & window).bit_count() > n_any:
                    continue
                candidate = _Candidate()
                wilds = iter(pool.wild_any)
                for value in range(high, high - length, -1):
                    card = held.get(value)
                    if card is not None:
                        candidate.slots.append((card, None, value))
                        candidate.used.add(card)
                    else:
                        wild = next(wilds)
                        real = deck.top_rank if value == ace_low_value else value
                        stand_in = deck.plain(real, suit or deck.suits[0].code)
                        candidate.slots.append((wild, stand_in, value))
                        candidate.used.add(wild)
                candidate.sequence = high
                candidate.core = length
                if first_only:
                    best_top = high
                yield candidate

    def _windows(self, length, top):
        """``fastpath.window_masks``, computed once per pattern shape."""
        key = (length, top)
        found = self._window_cache.get(key)
        if found is None:
            found = self._window_cache[key] = fastpath.window_masks(self.deck, length, top)
        return found

    def _flushes(self, length, pool):
        deck = self.deck
        n_any = len(pool.wild_any)
        for suit in deck.suits:
            cards = pool.by_suit.get(suit.code, ())
            if len(cards) + n_any < length:
                continue
            held = {card.value: card for card in cards}
            candidate = _Candidate()
            wilds = iter(pool.wild_any)
            spare = n_any
            for value in range(deck.top_rank, deck.low_rank - 1, -1):
                if len(candidate.slots) == length:
                    break
                card = held.get(value)
                if card is not None:
                    candidate.slots.append((card, None, value))
                    candidate.used.add(card)
                elif spare:
                    # A wild in a flush takes the highest card of the suit that is missing.
                    wild = next(wilds)
                    spare -= 1
                    candidate.slots.append((wild, deck.plain(value, suit.code), value))
                    candidate.used.add(wild)
            if len(candidate.slots) == length:
                candidate.core = length
                yield candidate

    def _rainbows(self, count, pool):
        """Every choice of ``count`` suits and one card of each (natural, or a wild).

        A wild stands for the highest card of its suit that is not held. Every choice is
        tried (a few dozen at most for ten cards): which card is best in the part depends on
        the tie-break (``kickers`` would rather keep the high cards outside it).
        """
        deck = self.deck
        n_any = len(pool.wild_any)
        options = []
        for suit in deck.suits:
            cards = pool.by_suit.get(suit.code, [])
            held = {card.value for card in cards}
            choices = [(card, None, card.value) for card in cards]
            if n_any:
                value = next((v for v in range(deck.top_rank, deck.low_rank - 1, -1) if v not in held),
                             deck.top_rank)
                choices.append((None, deck.plain(value, suit.code), value))
            if choices:
                options.append(choices)
        for suits in combinations(options, count):
            for picks in product(*suits):
                if sum(1 for card, _, _ in picks if card is None) > n_any:
                    continue
                candidate = _Candidate()
                wilds = iter(pool.wild_any)
                for card, stand_in, value in picks:
                    if card is None:
                        card = next(wilds)
                    candidate.slots.append((card, stand_in, value))
                    candidate.used.add(card)
                candidate.core = count
                yield candidate

    # -- trump parts ----------------------------------------------------------------------

    def _trump_wilds(self, pool, candidate):
        """Wilds still free that can stand for a trump, restricted ones first."""
        return [w for w in pool.wild_trump + pool.wild_any if w not in candidate.used]

    def _extend(self, candidate, numbers, pool, wilds):
        full = _Candidate()
        full.slots = list(candidate.slots)
        full.used = set(candidate.used)
        full.groups, full.sequence = candidate.groups, candidate.sequence
        wilds = iter(wilds)
        for number in numbers:
            card = pool.trumps.get(number)
            if card is not None:
                full.slots.append((card, None, card.order))
                full.used.add(card)
            else:
                wild = next(wilds)
                stand_in = self.deck.trump(number)
                full.slots.append((wild, stand_in, stand_in.order))
                full.used.add(wild)
        full.core = len(full.slots)
        return full

    def _trump_runs(self, length, pool, candidate):
        wilds = self._trump_wilds(pool, candidate)
        for high in range(self.deck.trump_count, length - 1, -1):
            numbers = range(high, high - length, -1)
            missing = sum(1 for n in numbers if n not in pool.trumps)
            if missing <= len(wilds):
                full = self._extend(candidate, numbers, pool, wilds)
                full.run = high
                yield full

    def _chaotic(self, count, no_run, pool, candidate):
        """Trumps by count (with ``no_run``, forming no run): the highest choice per wild budget."""
        wilds = self._trump_wilds(pool, candidate)
        run_min = self.deck.run_min
        held = pool.trumps

        def forms_run(chosen: list[int], number: int) -> bool:
            # chosen is descending; a run through ``number`` needs neighbours above it.
            length = 1
            while number + length in chosen:
                length += 1
            return length >= run_min

        for budget in range(len(wilds) + 1):
            chosen = []

            def search(values: list[int], spare: int) -> bool:
                if len(chosen) == count:
                    return True
                for i, number in enumerate(values):
                    if len(chosen) + len(values) - i < count:
                        return False
                    natural = number in held
                    if not natural and not spare:
                        continue
                    if no_run and forms_run(chosen, number):
                        continue
                    chosen.append(number)
                    if search(values[i + 1:], spare - (0 if natural else 1)):
                        return True
                    chosen.pop()
                return False

            if search(list(self._trump_values), budget):
                yield self._extend(candidate, chosen, pool, wilds)

    # -- the other cards and the key ------------------------------------------------------

    def _spare_stand_in(self, kind, rest, pool, taken):
        """What a wild outside the pattern's parts stands for: the best card it may be.

        A trump is unique (runs and counts are about distinct numbers), so a wild becomes the
        highest trump that is neither held nor already stood for; a fully wild card that
        cannot be a trump here becomes the top plain card (a copy is allowed).
        """
        if rest != "plain":
            for number in self._trump_values:
                trump = self.deck.trump(number)
                if number not in pool.trumps and trump not in taken:
                    return trump
        if kind == "any" and rest != "trump":
            return self._top_plain
        return None

    def _fill_and_key(self, rank, pattern, pool, size, candidate, context):
        slots = candidate.slots
        free = size - len(slots)
        if free:
            rest = pattern.rest
            used = candidate.used
            spare = []
            if rest != "trump":
                for cards in pool.by_rank.values():
                    for card in cards:
                        if card not in used:
                            spare.append((card.value, 0, card, None))
            if rest != "plain":
                for card in pool.trumps.values():
                    if card not in used:
                        spare.append((card.order, 0, card, None))
            taken = {sub for _, sub, _ in slots if sub is not None}
            for wilds, kind in ((pool.wild_trump, "trump"), (pool.wild_any, "any")):
                for wild in wilds:
                    if wild in used:
                        continue
                    stand_in = self._spare_stand_in(kind, rest, pool, taken)
                    if stand_in is None:  # nothing it may be here: it counts for nothing
                        if rest == "any":
                            spare.append((0, 0, wild, None))
                        continue
                    taken.add(stand_in)
                    spare.append((stand_in.order, context.penalty.get(wild, 1), wild, stand_in))
            if rest == "any":
                for card in pool.dead:
                    spare.append((0, 0, card, None))
            if len(spare) < free:
                return None
            spare.sort(key=lambda item: (-item[0], item[1]))
            slots = slots + [(card, sub, value) for value, _, card, sub in spare[:free]]
            candidate.slots = slots
        return (rank.strength, self._tiebreak(rank.tiebreak, candidate, pattern.groups),
                self._naturalness(slots, context))

    def _tiebreak(self, steps, candidate, sizes):
        slots = candidate.slots
        out = []
        for step in steps:
            if step == "groups":
                out.append(candidate.groups)
            elif step == "group":
                out.append(candidate.groups[:1])
            elif step == "group_cards":
                out.append(self._group_cards(candidate, sizes, len(sizes)))
            elif step == "group_card":
                out.append(self._group_cards(candidate, sizes, 1))
            elif step == "sequence":
                out.append((candidate.sequence,))
            elif step == "run":
                out.append((candidate.run,))
            elif step == "cards":
                out.append(tuple(sorted((value for _, _, value in slots), reverse=True)))
            elif step == "kickers":
                out.append(tuple(sorted((value for _, _, value in slots[candidate.core:]), reverse=True)))
            elif step == "high":
                out.append((max(value for _, _, value in slots),))
            elif step == "trump":
                out.append((max(((sub or card).value for card, sub, _ in slots
                                 if (sub or card).kind == TRUMP), default=0),))
            elif step == "suit":
                # The suit of the highest card played, when that card is a plain card.
                top = max(value for _, _, value in slots)
                suits = [(sub or card).suit.strength for card, sub, value in slots
                         if value == top and (sub or card).kind == PLAIN]
                out.append((max(suits, default=0),))
        return tuple(out)

    @staticmethod
    def _group_cards(candidate, sizes, count):
        """Each group's rank, then the suit strength of its strongest natural card (0: all wild).

        Weird Dust Devils breaks ties on the "highest ranked plain in the pair", and its rank
        order includes the suits. A wild card stands for a rank, not for a better suit: only
        natural cards lend a group their suit. The group slots come first, in group order.
        """
        out = []
        start = 0
        slots = candidate.slots
        for value, size in zip(candidate.groups[:count], sizes):
            best = 0
            for card, sub, _ in slots[start:start + size]:
                if sub is None and card.suit.strength > best:
                    best = card.suit.strength
            out.append(value)
            out.append(best)
            start += size
        return tuple(out)

    @staticmethod
    def _naturalness(slots, context):
        if not context.natural_beats_wild:
            return 0
        return -sum(context.penalty[card] for card, sub, _ in slots if sub is not None)

    # -- thresholds -----------------------------------------------------------------------

    def meets(self, hand: Hand, threshold: tuple[HandRank, int]) -> bool:
        """Whether ``hand`` is at least ``threshold`` (from ``Ruleset.threshold``: rank, least value)."""
        rank, least = threshold
        if hand.rank.strength != rank.strength:
            return hand.rank.strength > rank.strength
        return hand.primary >= least
