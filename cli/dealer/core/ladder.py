"""The ladder path: the generic engine's search on light data, for the piles the bit-field
path (``dealer.core.fastpath``) leaves to it: trumps in the pile, tie-breaks that read suits,
wild cards with trumps in the deck or with natural-beats-wild ties.

A pile is read from one sum of per-card codes: how many cards of each rank, each suit's
ranks, the trump numbers, which wild cards and how many dead ones. Each hand rank, strongest
first, is tested exactly with a few bit counts (a candidate exists or not); the first that
passes is filled as the generic engine (``Ranking._match``) fills it: directly for the
common shapes (groups, sequences, flushes, runs, trumps by count, the best cards: the
``_shortcut`` functions), else by the engine's own search on tuples of small ints
(``ladder_search``: the same candidates in the same order, kickers, stand-ins for spare
wilds, tie-break steps and naturalness). Tests hold every key equal to the engine's (``test_hands_ladder``: every
five-card tarot hand, slow).

Imported on first use (``FastPath.ladder``): a command that never meets such a pile never
pays for it.

>>> from dealer.store.rulesets import load
>>> tarot = load("weird-dust-devils")
>>> ladder = LadderPath(tarot.ranking.ranks, tarot.deck)
>>> ladder.key(tarot.deck.parse_many("9Sw 9Cu T4 2Sw 3Cu"), tarot.context("conflict"))  # nines, Swords
(2, ((9, 4), (104, 3, 2)), 0)
>>> ladder.key(tarot.deck.parse_many("T7 T8 T10 Fool 3Cu"), tarot.context("conflict"))  # the Wheel and the Fool
(13, ((10,),), -3)
"""

from __future__ import annotations

from dealer.core.cards import PLAIN, TRUMP
from dealer.core.bitfields import CACHE_LIMIT, GENERIC, RANK_BITS, window_masks
from dealer.core.ladder_search import _TRUMP_BASE, EngineSearch
from dealer.core.ranks import HAND_SIZE, NO_WILDS

from typing import TYPE_CHECKING
if TYPE_CHECKING:
    from typing import Sequence

    from dealer.core.cards import Card, Deck
    from dealer.core.ranks import Context, HandRank

# Pattern shapes the ladder path reads; any other shape makes the pile generic.
_K_EMPTY, _K_GROUPS, _K_SEQUENCE, _K_FLUSH, _K_RUN, _K_COUNT, _K_RAINBOW = range(7)


class LadderPath(EngineSearch):
    """The generic engine's search on light data, for piles the bit-field path leaves to it.

    A pile is read from one sum of per-card codes: how many cards of each rank, each suit's
    ranks, the trump numbers, which wild cards and how many dead ones. Each hand rank,
    strongest first, is tested with a few bit counts (exactly: a candidate exists or not);
    the first that passes is filled as the generic engine fills it (``Ranking._match``): the
    same candidates in the same order, the same kickers and stand-ins for spare wilds, the
    same tie-break steps (suits included) and naturalness, on tuples of small ints instead
    of cards. ``key`` returns that key, GENERIC where it does not read the ladder (distinct
    suits), or None for a pile it cannot decode (a card of another deck, a card twice).
    """

    def __init__(self, ranks: tuple[HandRank, ...], deck: Deck) -> None:
        self.ranks = ranks
        self.deck = deck
        self.top, self.low, self.ace_low = deck.top_rank, deck.low_rank, deck.ace_low
        self.strengths = [suit.strength for suit in deck.suits]  # deck order: a wild's suit in turn
        self.trump_count, self.run_min = deck.trump_count, deck.run_min
        self.top_plain = (deck.top_rank, deck.suits[0].strength) if deck.suits and deck.ranks else None
        width = self.top + 1
        self.width = width
        self.counts_mask = (1 << (RANK_BITS * width)) - 1
        self.ones = sum(1 << (RANK_BITS * v) for v in range(width))
        self.suit0 = RANK_BITS * width
        self.trump0 = self.suit0 + width * len(deck.suits)
        self.wild0 = self.trump0 + self.trump_count + 1
        self.enabled = len(deck.suits) <= 7 and bool(deck.ranks)
        self._layout = (width, (1 << width) - 1, self.counts_mask, [self.suit0 + width * i for i in range(len(deck.suits))],
                        self.trump0, (1 << (self.trump_count + 1)) - 1, self.wild0, self.ones)
        self._tables = {}
        self._windows = {}
        self._runs = {}
        self._by_strength = sorted(((strength, i) for i, strength in enumerate(self.strengths)), reverse=True)
        self._sequence_shapes, self._sequence_windows, self._run_lengths = [], [], []
        self._rainbows = False
        self._choices = {}
        self.plan = [self._shape(rank) for rank in ranks]
        # What ``key`` tests beyond the counts, per rank (None: nothing), and its shortcut.
        self._tests = [(kind, spec, distinct if kind == _K_RAINBOW else length, run, g0, g1)
                       if kind in (_K_SEQUENCE, _K_RAINBOW) or run else None
                       for _, kind, _, g0, g1, _, length, _, _, run, distinct, spec, _ in self.plan]
        self._shortcut_list = [(rank, self._shortcut(rank)) for rank in ranks]
        self._suited_specs = [shape[2] for shape in self._sequence_shapes]
        # Per test on counts: the ranks (bits in ladder order) that pass it.
        self._groups_pass = {}
        self._size_pass = [self._passing(lambda entry, size=size: entry[2] <= size) for size in range(HAND_SIZE + 1)]
        self._trump_pass = [self._passing(lambda entry, total=total: not (entry[9] or entry[1] == _K_COUNT)
                                          or total >= entry[9] + (entry[10] if entry[1] == _K_COUNT else 0))
                            for total in range(32)]
        self._flush_pass = [self._passing(lambda entry, total=total: entry[1] != _K_FLUSH or total >= entry[8])
                            for total in range(32)]
        self._shortcuts = {rank.strength: self._shortcut(rank) for rank in ranks}
        self._bits = {}  # a mask -> its set bits, highest first
        codes = ("groups", "group", "group_cards", "group_card", "sequence", "run", "cards", "kickers", "high",
                 "trump", "suit")
        self._steps = {rank.strength: [codes.index(step) for step in rank.tiebreak if step in codes]
                       for rank in ranks}

    def windows(self, length: int, top: int) -> list:
        """``window_masks``, computed once per shape."""
        found = self._windows.get((length, top))
        if found is None:
            found = self._windows[(length, top)] = window_masks(self.deck, length, top)
        return found

    def runs(self, length: int) -> list:
        """Runs of ``length`` trump numbers, highest first: ``(high, mask of the numbers)``."""
        found = self._runs.get(length)
        if found is None:
            found = self._runs[length] = [(high, sum(1 << n for n in range(high - length + 1, high + 1)))
                                          for high in range(self.trump_count, length - 1, -1)]
        return found

    def _shape(self, rank):
        pattern = rank.pattern
        if pattern.distinct_suits:
            kind = _K_RAINBOW
        elif pattern.groups:
            kind = _K_GROUPS
        elif pattern.sequence:
            kind = _K_SEQUENCE
        elif pattern.flush:
            kind = _K_FLUSH
        elif pattern.trump_run:
            kind = _K_RUN
        elif pattern.trumps:
            kind = _K_COUNT
        else:
            kind = _K_EMPTY
        windows = self.windows(pattern.sequence, pattern.top) if pattern.sequence else ()
        # A plan entry: the rank, its shape, and what the tests of ``_walk`` read.
        sizes = pattern.groups if len(pattern.groups) <= 2 else ()
        if len(pattern.groups) > 2:
            kind = _K_EMPTY  # three groups or more: no test, the match decides
        spec = run_spec = None
        if pattern.sequence:
            shape = (pattern.sequence, pattern.top, pattern.suited)
            if shape not in self._sequence_shapes:
                self._sequence_shapes.append(shape)
                self._sequence_windows.append(tuple(mask for _, mask in windows))
            spec = self._sequence_shapes.index(shape)
        if pattern.trump_run:
            if pattern.trump_run not in self._run_lengths:
                self._run_lengths.append(pattern.trump_run)
            run_spec = self._run_lengths.index(pattern.trump_run)
        if pattern.distinct_suits:
            self._rainbows = True
        return (rank, kind, pattern.core_size, sizes[0] if sizes else 0, sizes[1] if len(sizes) > 1 else 0, sizes,
                pattern.sequence, pattern.suited, pattern.flush, pattern.trump_run,
                pattern.distinct_suits if kind == _K_RAINBOW else pattern.trumps, spec, run_spec)

    def _table(self, context):
        """``(codes, wilds)``: each card's code, and per set of wild cards (a bit each) the
        penalties of the any-wilds and of the trump-wilds, lowest first (the engine's order)."""
        wild, penalty = context.wild, context.penalty
        codes, wild_cards = {}, []
        width = self.width
        for i, suit in enumerate(self.deck.suits):
            for card in self.deck:
                if card.kind == PLAIN and card.suit is suit and not (wild and card in wild):
                    codes[card] = (1 << (RANK_BITS * card.value)) | (1 << (self.suit0 + width * i + card.value))
        for card in self.deck:
            if card in codes:
                continue
            kind = wild.get(card) if wild else None
            if kind is not None:
                codes[card] = 1 << (self.wild0 + len(wild_cards))
                wild_cards.append((kind == "any", penalty[card]))
            elif card.kind == TRUMP:
                codes[card] = 1 << (self.trump0 + card.value)
            else:
                codes[card] = 1 << (self.wild0 + 16)  # dead: a count from bit 16 of the wild field
        if len(wild_cards) > 16:
            codes = None
        lists = {}
        for bits in range(1 << len(wild_cards)) if codes is not None and len(wild_cards) <= 8 else ():
            chosen = [wild_cards[i] for i in range(len(wild_cards)) if bits >> i & 1]
            lists[bits] = (sorted(p for is_any, p in chosen if is_any), sorted(p for is_any, p in chosen if not is_any))
        if len(self._tables) > 64:
            self._tables.clear()
        table = self._tables[context] = (codes, lists if codes is not None and len(wild_cards) <= 8 else None)
        return table

    def key(self, cards: Sequence[Card], context: Context = NO_WILDS) -> tuple | object | None:
        """The key of the best hand of ``cards``, GENERIC, or None (see the class)."""
        table = self._tables.get(context)
        if table is None:
            table = self._table(context)
        codes, lists = table
        if not self.enabled or codes is None or lists is None or not cards:
            return None
        try:
            total = sum(map(codes.__getitem__, cards))
        except KeyError:
            return None
        width, vmask, counts_mask, shifts, trump0, trump_mask, wild0, ones = self._layout
        counts = total & counts_mask
        masks = []
        plain = widest = held = 0
        for shift in shifts:
            mask = total >> shift & vmask
            masks.append(mask)
            bits = mask.bit_count()
            plain += bits
            if bits > widest:
                widest = bits
            held |= mask
        trumps = total >> trump0 & trump_mask
        wild_bits = total >> wild0 & 0xFFFF
        dead = total >> (wild0 + 16)
        b0, b1, b2 = counts & ones, counts >> 1 & ones, counts >> 2 & ones
        n_trumps = trumps.bit_count()
        if plain + n_trumps + wild_bits.bit_count() + dead != len(cards):
            # A card given twice carries into the next bit of its mask: fewer bits than
            # cards. The generic engine knows what a card twice means.
            return None
        any_wilds, trump_wilds = lists[wild_bits]
        n_any, n_trump_wilds = len(any_wilds), len(trump_wilds)
        # How many ranks are held at least 2, 3, 4 times: the two largest multiplicities.
        two, three, four = b1 | b2, b2 | (b1 & b0), b2
        first = 4 if four else 3 if three else 2 if two else 1 if held else 0
        second = (4 if four.bit_count() > 1 else 3 if three.bit_count() > 1 else 2 if two.bit_count() > 1
                  else 1 if held.bit_count() > 1 else 0)
        if b2 & (b1 | b0):  # five of a rank or more (a deck of five suits or more): count plainly
            tops = sorted((counts >> (RANK_BITS * v) & 7 for v in range(width) if counts >> (RANK_BITS * v) & 7), reverse=True)
            first, second = (tops + [0, 0])[:2]
        size = HAND_SIZE if len(cards) > HAND_SIZE else len(cards)
        if self.ace_low and held >> self.top & 1:
            held_low = held | 1 << (self.low - 1)
        else:
            held_low = held
        sequences = runs = None  # what the tests found, per sequence shape and run length
        pile = None
        # The ranks that pass the tests on counts alone, as bits in ladder order (strongest
        # first), from tables of small ints; the tests that read ranks and suits follow.
        trumpish = n_trumps + n_trump_wilds + n_any
        groups_key = (first * 8 + second) * 32 + n_any
        passing = self._groups_pass.get(groups_key)
        if passing is None:
            passing = self._groups_pass[groups_key] = self._passing_groups(first, second, n_any)
        passing &= self._size_pass[size] & self._trump_pass[trumpish if trumpish < 32 else 31] \
            & self._flush_pass[widest + n_any if widest + n_any < 32 else 31]
        tests, shortcuts, suited = self._tests, self._shortcut_list, self._suited_specs
        while passing:
            low = passing & -passing
            passing ^= low
            index = low.bit_length() - 1
            test = tests[index]
            # Each test is exact: a candidate exists or not (filling the kickers may still fail).
            if test is not None:
                kind, spec, length, run, g0, g1 = test
                if kind == _K_SEQUENCE:
                    need = length - n_any
                    if (widest if suited[spec] else held_low.bit_count()) < need:
                        continue  # too few cards of one suit, or too few ranks
                    if sequences is None:
                        sequences = {}
                    found = sequences.get(spec)
                    if found is None:
                        found = sequences[spec] = self._sequence_fills(spec, need, masks, held_low)
                    if not found:
                        continue
                elif kind == _K_RAINBOW:
                    if sum(1 for mask in masks if mask) + n_any < length:
                        continue
                    return GENERIC
                if run:
                    need = run - n_trump_wilds - n_any + (g0 - first if g0 > first else 0) \
                        + (g1 - second if g1 > second else 0)
                    if need == run:  # no wild for the run: the trumps held must run
                        held_run = trumps
                        for shift in range(1, run):
                            held_run &= trumps >> shift
                        if not held_run:
                            continue
                    elif need > 0:
                        if runs is None:
                            runs = self._most_in_runs(trumps)
                        if runs[run] < need:
                            continue
            rank, shortcut = shortcuts[index]
            if shortcut == _K_GROUPS and n_any:
                found = self._wild_groups(rank, counts, masks, trumps, trump_wilds, any_wilds, dead, size,
                                          context.natural_beats_wild)
                if found is not None:
                    return found
            elif shortcut == _K_COUNT and (n_any or n_trump_wilds):
                found = self._wild_count(rank, counts, trumps, trump_wilds, any_wilds, plain, dead, size,
                                         context.natural_beats_wild)
                if found is not None:
                    return found
                continue
            elif shortcut == _K_SEQUENCE and n_any:
                return self._plain_sequence(rank, masks, held_low, any_wilds, context.natural_beats_wild)
            elif shortcut == _K_FLUSH and n_any:
                return self._plain_flush(rank, masks, any_wilds, context.natural_beats_wild)
            elif shortcut == _K_RUN and n_any and rank.tiebreak == ("run",):
                found = self._wild_run(rank, first, trumps, trump_wilds, any_wilds, size, context.natural_beats_wild)
                if found is not None:
                    return found
            elif shortcut is not None and not n_any:
                if shortcut == _K_GROUPS:
                    return self._plain_groups(rank, counts, masks, trumps, trump_wilds, dead, size,
                                              context.natural_beats_wild)
                if shortcut == _K_SEQUENCE:
                    return self._plain_sequence(rank, masks, held_low)
                if shortcut == _K_FLUSH:
                    return self._plain_flush(rank, masks)
                if shortcut == _K_RUN and (not n_trump_wilds or rank.tiebreak == ("run",)):
                    found = self._plain_run(rank, trumps, trump_wilds, size, context.natural_beats_wild)
                    if found is not None:
                        return found
                    continue
                if not n_trump_wilds:
                    if shortcut == _K_COUNT:
                        found = self._plain_count(rank, trumps, plain, size)
                        if found is not None:
                            return found
                        continue
                    if shortcut == _K_EMPTY:
                        found = self._plain_high(rank, counts, masks, trumps, dead, size)
                        if found is not None:
                            return found
            if pile is None:
                pile = self._pile(cards, masks, trumps, any_wilds, trump_wilds, dead, size, context)
            found = self._match(rank, pile)
            if found is not None:
                return found
        return GENERIC

    def _passing(self, test) -> int:
        return sum(1 << i for i, entry in enumerate(self.plan) if test(entry))

    def _passing_groups(self, first: int, second: int, n_any: int) -> int:
        """The ranks whose groups the two largest multiplicities and ``n_any`` wilds can fill."""
        def test(entry: tuple) -> bool:
            g0, g1, sizes = entry[3], entry[4], entry[5]
            return not sizes or (g0 - first if g0 > first else 0) + (g1 - second if g1 > second else 0) <= n_any
        return self._passing(test)

    def _sequence_fills(self, spec: int, need: int, masks, held_low: int) -> bool:
        """Whether some window of sequence shape ``spec`` holds ``need`` ranks: of the ranks held
        (unsuited) or of one suit's."""
        length, top, suited = self._sequence_shapes[spec]
        windows = self._sequence_windows[spec]
        if need <= 0:
            return bool(windows)
        if suited:
            low_bit, ace = 1 << (self.low - 1), self.top
            for mask in masks:
                if mask.bit_count() >= need:
                    if self.ace_low and mask >> ace & 1:
                        mask |= low_bit
                    if self._window_holds(mask, need, length, top, windows):
                        return True
            return False
        return held_low.bit_count() >= need and self._window_holds(held_low, need, length, top, windows)

    @staticmethod
    def _window_holds(mask: int, need: int, length: int, top: int, windows) -> bool:
        if need == length and not top:  # a run of ``length`` ranks: shifts tell
            runs = mask
            for shift in range(1, length):
                runs &= mask >> shift
            return runs != 0
        for window in windows:
            if (mask & window).bit_count() >= need:
                return True
        return False

    def _most_in_runs(self, trumps: int) -> dict:
        """``{run length: the most trump numbers held in one run of it}`` for the ladder's runs
        (the best run of a length starts at a number held, or ends at the top)."""
        out = {}
        top = self.trump_count
        for length in self._run_lengths:
            best, last = 0, top - length + 1
            full = (1 << length) - 1
            left = trumps
            while left and last >= 1:
                low = left & -left
                left ^= low
                start = low.bit_length() - 1
                count = (trumps & full << (start if start < last else last)).bit_count()
                if count > best:
                    best = count
                    if best == length:
                        break
            out[length] = best
        return out

    # -- shortcuts: the engine's answer worked out directly, where no fully wild card plays ----

    def _shortcut(self, rank):
        """``_K_GROUPS`` or ``_K_COUNT`` where ``_plain_groups`` or ``_plain_count`` give the
        engine's key for piles without fully wild cards, else None."""
        pattern, steps = rank.pattern, rank.tiebreak
        parts = (pattern.sequence, pattern.flush, pattern.distinct_suits, pattern.trump_run)
        if pattern.groups and len(pattern.groups) <= 2 and not pattern.trumps and not any(parts) \
                and pattern.rest == "any" and steps[:1] in (("groups",), ("group",), ("group_cards",),
                                                             ("group_card",)) \
                and set(steps) <= {"groups", "group", "group_cards", "group_card", "kickers"}:
            # Without wilds in the groups the highest choice of ranks wins: first in the
            # engine's order, and any other choice with the same first values plays the same
            # kickers (trumps and restricted wilds outrank every plain card).
            return _K_GROUPS
        if pattern.trumps and not pattern.groups and not any(parts) and steps == ("trump",) \
                and pattern.rest in ("any", "plain"):
            return _K_COUNT
        if pattern.sequence and pattern.sequence == HAND_SIZE and not (pattern.groups or pattern.flush
                                                                      or pattern.distinct_suits or pattern.trump_run
                                                                      or pattern.trumps) \
                and steps[:1] in (("sequence",), ("cards",), ("high",)) and set(steps) <= {"sequence", "cards", "high",
                                                                                           "suit"}:
            # The highest window held; no wild, no kicker: one candidate per suit at that top.
            return _K_SEQUENCE
        if pattern.flush == HAND_SIZE and not (pattern.groups or pattern.sequence or pattern.distinct_suits
                                               or pattern.trump_run or pattern.trumps) \
                and set(steps) <= {"cards", "high", "suit"}:
            return _K_FLUSH  # each suit's five highest cards; the best of the suits
        if pattern.trump_run and not (pattern.sequence or pattern.flush or pattern.distinct_suits or pattern.trumps) \
                and len(pattern.groups) <= 1 and pattern.rest == "any" \
                and (steps == ("run",) or (steps == ("trump",) and not pattern.groups)):
            return _K_RUN
        if not (pattern.groups or pattern.sequence or pattern.flush or pattern.distinct_suits or pattern.trump_run
                or pattern.trumps) and pattern.rest == "any" and set(steps) <= {"cards", "kickers", "high", "suit"}:
            return _K_EMPTY  # the best cards
        return None

    def _plain_sequence(self, rank, masks, held_low, any_wilds=(), natural=False):
        """A sequence of the hand's size (``_shortcut``): the highest window the cards (and fully
        wild cards, lowest penalty first) fill, of one suit when suited; no kicker. A wild
        takes its window's suit, or the first suit of the deck, as the engine's stand-in."""
        pattern = rank.pattern
        length = pattern.sequence
        top, low, ace_low = self.top, self.low, self.ace_low
        n_any = len(any_wilds)
        best = None
        for high, window in self.windows(length, pattern.top):
            if pattern.suited:
                for mask, strength in zip(masks, self.strengths):
                    if ace_low and mask >> top & 1:
                        mask |= 1 << (low - 1)
                    missing = length - (mask & window).bit_count()
                    if missing <= n_any:
                        key = self._sequence_key(rank, high, length, strength,
                                                 -sum(any_wilds[:missing]) if natural else 0)
                        if best is None or key > best:
                            best = key
                if best is not None:
                    return best
            else:
                missing = length - (held_low & window).bit_count()
                if missing <= n_any:
                    if held_low >> high & 1:  # the top card natural: its strongest suit
                        real = top if high == low - 1 else high
                        strength = max(s for s, mask in zip(self.strengths, masks) if mask >> real & 1)
                    else:
                        strength = self.strengths[0]
                    return self._sequence_key(rank, high, length, strength,
                                              -sum(any_wilds[:missing]) if natural else 0)
        return None

    @staticmethod
    def _sequence_key(rank, high, length, strength, naturalness=0):
        out = []
        for step in rank.tiebreak:
            if step == "sequence" or step == "high":
                out.append((high,))
            elif step == "cards":
                out.append(tuple(range(high, high - length, -1)))
            else:  # suit: of the top card
                out.append((strength,))
        return (rank.strength, tuple(out), naturalness)

    def _plain_flush(self, rank, masks, any_wilds=(), natural=False):
        """A flush of the hand's size (``_shortcut``): per suit its highest cards, a fully wild
        card taking the highest missing one; the best of the suits."""
        length = rank.pattern.flush
        n_any = len(any_wilds)
        best = None
        for mask, strength in zip(masks, self.strengths):
            if mask.bit_count() + n_any < length:
                continue
            values, wild = [], 0
            for value in range(self.top, self.low - 1, -1):
                if mask >> value & 1:
                    values.append(value)
                elif wild < n_any:
                    values.append(value)
                    wild += 1
                else:
                    continue
                if len(values) == length:
                    break
            out = []
            for step in rank.tiebreak:
                if step == "cards":
                    out.append(tuple(values))
                elif step == "high":
                    out.append((values[0],))
                else:
                    out.append((strength,))
            key = (rank.strength, tuple(out), -sum(any_wilds[:wild]) if natural else 0)
            if best is None or key > best:
                best = key
        return best

    def _plain_run(self, rank, trumps, trump_wilds, size, natural):
        """A trump run, its groups natural (``_shortcut``): under "run" the highest run the
        restricted wilds complete (they stand in lowest penalty first); under "trump" (no
        wilds) the highest trump held, in the run or a kicker above it, or the top run's."""
        pattern = rank.pattern
        length = pattern.trump_run
        spare = len(trump_wilds)
        for high, window in self.runs(length):
            missing = length - (trumps & window).bit_count()
            if missing <= spare:
                if rank.tiebreak == ("run",):
                    return (rank.strength, ((high,),), -sum(trump_wilds[:missing]) if natural else 0)
                free = size - pattern.core_size
                left = trumps & ~window
                if free and left and left.bit_length() - 1 > high:
                    high = left.bit_length() - 1
                return (rank.strength, ((high,),), 0)
        return None

    def _wild_run(self, rank, first, trumps, trump_wilds, any_wilds, size, natural):
        """A trump run under "run" with fully wild cards and no kicker, or no wild left for one:
        the groups take the fewest wilds (the lowest penalties first), the run the highest
        window the rest complete, restricted wilds first. None: let the match decide."""
        pattern = rank.pattern
        need = 0
        if pattern.groups:
            need = pattern.groups[0] - first
            need = need if need > 0 else 0
        wilds = list(trump_wilds) + list(any_wilds[need:])
        length = pattern.trump_run
        for high, window in self.runs(length):
            missing = length - (trumps & window).bit_count()
            if missing <= len(wilds):
                if size > pattern.core_size and missing < len(wilds):
                    return None  # a wild left for a kicker: the match decides
                penalty = sum(any_wilds[:need]) + sum(wilds[:missing])
                return (rank.strength, ((high,),), -penalty if natural else 0)
        return None

    def _plain_high(self, rank, counts, masks, trumps, dead, size):
        """No pattern, no wild (``_shortcut``): the best cards, trumps first, then plain ranks."""
        kickers = []
        left = trumps
        while left and len(kickers) < size:
            number = left.bit_length() - 1
            left ^= 1 << number
            kickers.append(_TRUMP_BASE + number)
        top_copies = 0
        while len(kickers) < size and counts:
            field = (counts.bit_length() - 1) // RANK_BITS
            have = counts >> (RANK_BITS * field) & 7
            if not kickers:
                top_copies = have
            kickers.extend([field] * (have if have < size - len(kickers) else size - len(kickers)))
            counts &= ~(7 << (RANK_BITS * field))
        if len(kickers) < size:
            if len(kickers) + dead < size:
                return None
            kickers.extend([0] * (size - len(kickers)))
        out = []
        for step in rank.tiebreak:
            if step == "cards" or step == "kickers":
                out.append(tuple(kickers))
            elif step == "high":
                out.append((kickers[0],))
            else:  # suit: of the top card when it is a plain card
                if kickers[0] >= _TRUMP_BASE or not kickers[0]:
                    out.append((0,))
                elif top_copies > kickers.count(kickers[0]):
                    return None  # copies of the top card cut: the pile's order decides (the match)
                else:
                    out.append((max(s for s, mask in zip(self.strengths, masks) if mask >> kickers[0] & 1),))
        return (rank.strength, tuple(out), 0)

    def _plain_groups(self, rank, counts, masks, trumps, trump_wilds, dead, size, natural):
        """The key of a groups rank when no fully wild card plays (``_shortcut``)."""
        sizes = rank.pattern.groups
        ones = self.ones
        b0, b1, b2 = counts & ones, counts >> 1 & ones, counts >> 2 & ones
        chosen = []
        for group in sizes:
            if group == 2:
                at_least = b1 | b2
            elif group == 3:
                at_least = b2 | (b1 & b0)
            elif group == 1:
                at_least = b0 | b1 | b2
            else:
                at_least = (b2, b2 & (b1 | b0), b2 & b1, b2 & b1 & b0)[group - 4] if group <= 7 else 0
            for value in chosen:
                at_least &= ~(7 << (RANK_BITS * value))
            if not at_least:
                return None
            value = (at_least.bit_length() - 1) // RANK_BITS
            chosen.append(value)
            counts -= group << (RANK_BITS * value)  # the copies left are kickers
        if trump_wilds or dead:
            return self._group_key(rank, chosen, chosen, counts, masks, trumps, trump_wilds, (), dead, size,
                                   natural, 0)
        # No wild, no dead card (most piles): the kickers are the trumps, then the plain ranks.
        free = size - rank.pattern.core_size
        kickers = []
        while trumps and len(kickers) < free:
            number = trumps.bit_length() - 1
            trumps ^= 1 << number
            kickers.append(_TRUMP_BASE + number)
        while len(kickers) < free and counts:
            field = (counts.bit_length() - 1) // RANK_BITS
            have = counts >> (RANK_BITS * field) & 7
            kickers.extend([field] * (have if have < free - len(kickers) else free - len(kickers)))
            counts &= ~(7 << (RANK_BITS * field))
        if len(kickers) < free:
            return None
        out = []
        for step in self._steps[rank.strength]:
            if step == 7:
                out.append(tuple(kickers))
            elif step == 0:
                out.append(tuple(chosen))
            elif step == 1:
                out.append((chosen[0],))
            else:  # each group's rank and the suit of its strongest card
                flat = []
                for value in chosen if step == 2 else chosen[:1]:
                    flat.append(value)
                    for strength, index in self._by_strength:
                        if masks[index] >> value & 1:
                            flat.append(strength)
                            break
                out.append(tuple(flat))
        return (rank.strength, tuple(out), 0)

    def _wild_groups(self, rank, counts, masks, trumps, trump_wilds, any_wilds, dead, size, natural):
        """The key of a groups rank with fully wild cards (``_shortcut``), or None where the
        engine's search must decide (two groups by the first group's rank, with kickers).

        The engine's first choice of ranks (each group the highest option, ranks held or the
        highest not held, that the wilds can still complete) under "groups"; by the first
        group's rank, that rank, then the second group needing the fewest wilds."""
        sizes = rank.pattern.groups
        n_any = len(any_wilds)
        held = []
        left = counts
        while left:
            field = (left.bit_length() - 1) // RANK_BITS
            held.append(field)
            left &= ~(7 << (RANK_BITS * field))
        absent = []
        for value in range(self.top, self.low - 1, -1):
            if not counts >> (RANK_BITS * value) & 7:
                absent.append(value)
                if len(absent) == len(sizes):
                    break
        options = sorted(held + absent, reverse=True)
        first_only = rank.tiebreak[0] in ("groups", "group_cards")
        chosen = needs = None
        for value in options:
            need = sizes[0] - (counts >> (RANK_BITS * value) & 7)
            need = need if need > 0 else 0
            if need > n_any:
                continue
            if len(sizes) == 1:
                chosen, needs = [value], [need]
                break
            best = None
            for other in options:
                if other == value or (sizes[1] == sizes[0] and other > value):
                    continue
                more = sizes[1] - (counts >> (RANK_BITS * other) & 7)
                more = more if more > 0 else 0
                if need + more <= n_any and (best is None or (not first_only and more < best[1])):
                    best = (other, more)
                    if first_only:
                        break
            if best is not None:
                chosen, needs = [value, best[0]], [need, best[1]]
                break
        if chosen is None:
            return None
        if len(sizes) > 1 and not first_only and size > rank.pattern.core_size:
            return None  # kickers: which wilds are left to play decides among the choices
        naturals = []
        for value, group in zip(chosen, sizes):
            have = counts >> (RANK_BITS * value) & 7
            taken = have if have < group else group
            counts -= taken << (RANK_BITS * value)
            naturals.append(value if taken else None)
        used = sum(needs)
        return self._group_key(rank, chosen, naturals, counts, masks, trumps, trump_wilds, any_wilds[used:], dead,
                               size, natural, sum(any_wilds[:used]))

    def _group_key(self, rank, chosen, naturals, counts, masks, trumps, trump_wilds, any_wilds, dead, size,
                   natural, penalty):
        """A groups rank's key: ``chosen`` ranks (``naturals``: the rank, or None for a group all
        wild), plain ``counts`` left for kickers, the spare wilds, the groups' wild penalty."""
        free = size - rank.pattern.core_size
        kickers = []
        if free:
            # Kickers: trumps held and spare wilds standing for the highest trumps not held
            # (each a trump value, all distinct), then plain cards (a fully wild spare card
            # with no trump left is the top plain card), then what counts for nothing.
            zeros = dead
            if trump_wilds or any_wilds:
                numbers = []
                left = trumps
                while left and len(numbers) < free:
                    number = left.bit_length() - 1
                    left ^= 1 << number
                    numbers.append((number, 0))
                taken = trumps
                tops = []
                for restricted, wilds in ((True, trump_wilds), (False, any_wilds)):
                    for wild_penalty in wilds:
                        for number in range(self.trump_count, 0, -1):
                            if not taken >> number & 1:
                                taken |= 1 << number
                                numbers.append((number, wild_penalty))
                                break
                        else:
                            if restricted:
                                zeros += 1
                            else:
                                tops.append(wild_penalty)
                numbers.sort(key=_number_order)
                for number, wild_penalty in numbers[:free]:
                    kickers.append(_TRUMP_BASE + number)
                    penalty += wild_penalty
                if tops and len(kickers) < free:
                    # Top plain cards held (natural) before the wild copies of one.
                    have = counts >> (RANK_BITS * self.top) & 7
                    take = min(have, free - len(kickers))
                    kickers.extend([self.top] * take)
                    counts &= ~(7 << (RANK_BITS * self.top))
                    for wild_penalty in sorted(tops)[:free - len(kickers)]:
                        kickers.append(self.top)
                        penalty += wild_penalty
            else:
                left = trumps
                while left and len(kickers) < free:
                    number = left.bit_length() - 1
                    left ^= 1 << number
                    kickers.append(_TRUMP_BASE + number)
            while len(kickers) < free and counts:
                field = (counts.bit_length() - 1) // RANK_BITS
                have = counts >> (RANK_BITS * field) & 7
                kickers.extend([field] * (have if have < free - len(kickers) else free - len(kickers)))
                counts &= ~(7 << (RANK_BITS * field))
            if len(kickers) < free:
                if len(kickers) + zeros < free:
                    return None
                kickers.extend([0] * (free - len(kickers)))
        out = []
        for step in self._steps[rank.strength]:
            if step == 7:
                out.append(tuple(kickers))
            elif step == 0:
                out.append(tuple(chosen))
            elif step == 1:
                out.append((chosen[0],))
            else:  # each group's rank and the suit of its strongest natural card (0: all wild)
                flat = []
                for value, natural_value in zip(chosen if step == 2 else chosen[:1], naturals):
                    flat.append(value)
                    strength = 0
                    if natural_value is not None:
                        for strength, index in self._by_strength:
                            if masks[index] >> value & 1:
                                break
                    flat.append(strength)
                out.append(tuple(flat))
        return (rank.strength, tuple(out), -penalty if natural else 0)

    def _plain_count(self, rank, trumps, plain, size):
        """The key of a trumps-by-count rank when no wild card plays (``_shortcut``): the engine's
        choice holds the highest trump it can, and that is what its "trump" step reads; None
        when no choice (or no kicker) fills it."""
        pattern = rank.pattern
        free = size - pattern.trumps
        if pattern.rest == "plain" and plain < free:  # the kickers must be plain cards
            return None
        chosen = self._held_choice(trumps, pattern.trumps, pattern.no_run)
        if chosen is None:
            return None
        high = chosen[0]
        if free and pattern.rest == "any":
            left = trumps & ~sum(1 << number for number in chosen)
            if left and left.bit_length() - 1 > high:
                high = left.bit_length() - 1  # a higher trump left out of the choice is a kicker
        return (rank.strength, ((high,),), 0)

    def _wild_count(self, rank, counts, trumps, trump_wilds, any_wilds, plain, dead, size, natural):
        """A trumps-by-count rank with wilds (``_shortcut``): for each wild budget the engine's
        choice (``_chaotic``), its kickers worked out directly, the best key; None when no
        choice fills it."""
        pattern = rank.pattern
        rest = pattern.rest
        free = size - pattern.trumps
        wilds = [(True, penalty) for penalty in trump_wilds] + [(False, penalty) for penalty in any_wilds]
        best = None
        for full, used, taken, wild_t, wild_a, _ in self._chaotic(pattern.trumps, pattern.no_run,
                                                                  (None, None, trumps, any_wilds, trump_wilds), [], 0):
            penalty = 0
            high = 0
            for value, _, _, wild, wild_penalty in full:
                if value - _TRUMP_BASE > high:
                    high = value - _TRUMP_BASE
                if wild:
                    penalty += wild_penalty
            if free:
                # The wilds the choice left (it takes them in order: restricted ones first).
                found = self._count_kickers(free, rest, trumps & ~used, trumps, taken, wilds[wild_t + wild_a:],
                                            counts, plain, dead)
                if found is None:
                    continue
                top, more = found
                if top > high:
                    high = top
                penalty += more
            key = (rank.strength, ((high,),), -penalty if natural else 0)
            if best is None or key > best:
                best = key
        return best

    def _count_kickers(self, free, rest, left, trumps, taken, spare, counts, plain, dead):
        """``(highest trump among the kickers, their wild penalty)``, or None when too few cards
        may be kickers: trumps left and spare wilds standing for trumps (rest not plain), the
        top plain card (a fully wild spare card), plain cards, what counts for nothing."""
        high = []  # (trump number, penalty)
        if rest != "plain":
            while left and len(high) < free:
                number = left.bit_length() - 1
                left ^= 1 << number
                high.append((number, 0))
        tops, zeros = [], dead if rest == "any" else 0
        for restricted, penalty in spare:
            number = None
            if rest != "plain":
                for candidate in range(self.trump_count, 0, -1):
                    if not (trumps | taken) >> candidate & 1:
                        taken |= 1 << candidate
                        number = candidate
                        break
            if number is not None:
                high.append((number, penalty))
            elif not restricted and rest != "trump" and self.top_plain is not None:
                tops.append(penalty)
            elif rest == "any":
                zeros += 1
        high.sort(key=_number_order)
        chosen = high[:free]
        more = sum(penalty for _, penalty in chosen)
        need = free - len(chosen)
        if need:
            naturals = 0 if rest == "trump" else plain
            natural_tops = counts >> (RANK_BITS * self.top) & 7 if rest != "trump" else 0
            # Top plain cards held come before wild copies of one, which come before lower ones.
            from_tops = max(0, min(need, natural_tops))
            wild_tops = sorted(tops)[:need - from_tops]
            more += sum(wild_tops)
            if from_tops + len(wild_tops) + min(naturals - from_tops, need) + zeros < need:
                return None
        return (chosen[0][0] if chosen else 0), more

    def _held_choice(self, trumps: int, count: int, no_run: bool):
        """The engine's choice of ``count`` trumps among those held (no wilds): the highest
        numbers first, none forming a run when ``no_run``, backtracking as its search does."""
        key = (trumps, count, no_run)
        found = self._choices.get(key, False)
        if found is not False:
            return found
        run_min = self.run_min if no_run else 0
        held = []
        left = trumps
        while left:
            number = left.bit_length() - 1
            left ^= 1 << number
            held.append(number)
        # Greedily, the highest numbers that form no run: when that completes, it is the
        # search's first answer (the search tries the same numbers in the same order).
        chosen, taken = [], 0
        for number in held:
            length = 1
            while taken >> (number + length) & 1:
                length += 1
            if not run_min or length < run_min:
                chosen.append(number)
                taken |= 1 << number
                if len(chosen) == count:
                    break
        if len(chosen) == count or count <= 0:
            found = tuple(chosen[:max(count, 0)])
            if len(self._choices) >= CACHE_LIMIT:
                self._choices.clear()
            self._choices[key] = found
            return found
        chosen = []

        def search(start: int, taken: int) -> bool:
            for i in range(start, len(held)):
                if len(chosen) + len(held) - i < count:
                    return False
                number = held[i]
                length = 1
                while taken >> (number + length) & 1:
                    length += 1
                if not run_min or length < run_min:
                    chosen.append(number)
                    if len(chosen) == count or search(i + 1, taken | 1 << number):
                        return True
                    chosen.pop()
            return False

        found = tuple(chosen) if count <= 0 or search(0, 0) else None
        if len(self._choices) >= CACHE_LIMIT:
            self._choices.clear()
        self._choices[key] = found
        return found


def _number_order(item):
    return -item[0], item[1]
