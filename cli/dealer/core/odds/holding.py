"""Exact hand-rank counts for a hand in progress: cards held, the rest drawn from a pool.

Held cards and a thinned deck break the symmetry ``Counter`` leans on (every rank in every
suit, every trump there to draw), so here the drawn plain cards are counted by sweeping the
ranks one by one (``_Sweep``): each rank takes some of the pool's cards of that rank, and
what the ranking reads of the ranks so far is kept as a small state: each unsuited
sequence's progress, the largest multiplicities (``Counter.profile_key``) and, for a
threshold on a top value, how often the ranks from that value up are held. The number of
plain cards drawn is the power of a polynomial, packed in one integer, so every draw size
is counted in one sweep. Everything else follows ``Counter``:

* each class, with its trumps, wilds and dead cards, is classified once by the ruleset's own
  ranking (without the suited ranks) on a representative with the same features;
* the suited ranks (flushes, suited sequences) by inclusion-exclusion over the suits named:
  a sweep that follows each named suit's progress toward a suited level (its cards, or the
  good rank sets it can still complete) keeps only the draws where all of them get there;
  suits that hold and offer the same ranks are named once, with their number of ways;
* wild, trump and dead cards are drawn by number, trumps through ``TrumpSignatures`` with
  the held trump numbers fixed.

What ``Counter`` cannot count raises ``Unsupported`` here too: the caller enumerates or
simulates those.

Holding the Ace and King of spades, two more cards from the other 50 of a 52-card deck:

>>> from dealer.core.odds.counting import Counter
>>> from dealer.store.rulesets import load
>>> ruleset = load("dust-devils")
>>> held = ruleset.deck.parse_many("As Ks")
>>> pool = [card for card in ruleset.deck if card not in held]
>>> counts = HeldCounter(Counter(ruleset, ruleset.context()), held, pool).count(4)
>>> {rank.id: counts[rank.strength] for rank in ruleset.ranking.ranks if counts[rank.strength]}
{'three-of-a-kind': 6, 'two-pair': 9, 'pair': 330, 'high-card': 880}
"""

from __future__ import annotations

from itertools import product
from math import comb

from dealer.core.cards import PLAIN, TRUMP
from dealer.core.odds.combinatorics import GOOD, _Progress
from dealer.core.odds.counting import tally
from dealer.core.odds.work import TooMuchWork
from dealer.core.ranks import HAND_SIZE

from typing import TYPE_CHECKING
if TYPE_CHECKING:
    from collections.abc import Callable, Iterable

    from dealer.core.cards import Card
    from dealer.core.odds.counting import Counter
    from dealer.core.ranks import HandRank


class _Cards:
    """Some cards of a deck split the way counting needs them: plain suits per rank (a bit
    per suit), natural trump numbers, and how many any-wilds, trump-wilds and dead cards."""

    def __init__(self, split, context, cards):
        wild = context.wild
        suit_index = {suit.code: i for i, suit in enumerate(split.suits)}
        self.suits = [0] * split.rank_count
        self.naturals = []
        self.wild_any = self.wild_trump = self.dead = 0
        for card in cards:
            kind = wild.get(card)
            if kind == "any":
                self.wild_any += 1
            elif kind == "trump":
                self.wild_trump += 1
            elif card.kind == PLAIN:
                self.suits[split.index[card.value]] |= 1 << suit_index[card.suit.code]
            elif card.kind == TRUMP:
                self.naturals.append(card.value)
            else:
                self.dead += 1
        self.counts = [suits.bit_count() for suits in self.suits]
        self.size = len(cards)


BITS = 64  # bits per coefficient of a packed polynomial (counts stay below 2**48)
NEVER = -2  # a sequence state that can no longer be filled


class _Count:
    """A suit's progress toward a count level (a flush): its cards so far, ``GOOD`` at ``least``;
    None once the ranks it can still get (``later[p]`` after position p) cannot make it up."""

    def __init__(self, least: int, later):
        self.least = least
        self.later = later

    def step(self, p: int, state: int, taken: bool) -> tuple:
        state += taken
        if state >= self.least:
            return GOOD, 0
        if state + self.later[p] < self.least:
            return None, None
        return state, self.least - state


class _Sweep:
    """The plain cards drawn beside the held ones, rank by rank, for one number of wilds.

    A state is what the ranks so far tell the ranking: each unsuited sequence's progress,
    the profile key (``Counter.profile_key``: the largest multiplicities) and, in a pass
    that names suits, each named suit's progress toward a suited level. Its value is a
    polynomial in the plain cards drawn, packed in one integer (``BITS`` bits a
    coefficient), so one sweep counts every number of cards at once.
    """

    def __init__(self, counter, held, pool, wilds: int, size: int, most: int, high=frozenset(), cap=None):
        split = counter.split
        self.high = high  # rank indices whose most multiplicity is followed (for thresholds)
        self.cap = counter._group_cap if cap is None else cap  # ... up to this many
        self.track = counter.rainbow  # follow which suits are present (a rank reads distinct suits)
        self.counter = counter
        self.held, self.pool = held, pool
        self.wilds, self.size, self.most = wilds, size, most
        top = split.rank_count - 1
        self.order = [top] + list(range(top)) if split.ace_low else list(range(top + 1))
        self.sequences = [(_Progress(minimal, self.order), 0 in minimal)
                          for minimal in counter.sequence_minimal(wilds)]
        self.keep = (1 << BITS * (most + 1)) - 1
        self.levels = counter.suited_levels(wilds, size)
        self._progress = {}
        self._keys = {}

    def _level(self, level: int, suit: int):
        """A named suit's progress toward suited level ``level``, knowing which ranks that suit
        can still get (held or left in the pool): good sets it cannot complete are left out."""
        able = 0
        for rank, (held, pool) in enumerate(zip(self.held.suits, self.pool.suits)):
            if (held | pool) >> suit & 1:
                able |= 1 << rank
        found = self._progress.get((level, able))
        if found is None:
            _, least, good = self.levels[level]
            if good is None:
                later, count = [], 0
                for rank in reversed(self.order):
                    later.append(count)
                    count += able >> rank & 1
                found = _Count(least, later[::-1])
            else:
                found = _Progress([m for m in self.counter._minimal(good) if m & able == m], self.order)
            self._progress[(level, able)] = found
        return found

    def _options(self, rank: int, named) -> list:
        """``[(named suits holding the rank, [(cards of the rank in the hand, drawn, ways, suits)])]``;
        ``suits`` (a mask) only where the suits present are followed, else 0: then the other
        suits' cards are counted together, ``ways`` of them."""
        held, pool = self.held.suits[rank], self.pool.suits[rank]
        named_mask = 0
        for suit in named:
            named_mask |= 1 << suit
        others = pool & ~named_mask
        free = [i for i, suit in enumerate(named) if pool >> suit & 1]
        fixed = [held >> suit & 1 for suit in named]
        subsets = [0]
        if self.track:
            for bit in range(self.counter.split.suit_count):
                if others >> bit & 1:
                    subsets += [subset | 1 << bit for subset in subsets]
        out = []
        for choice in product((0, 1), repeat=len(free)):
            inside = list(fixed)
            taken = 0
            for i, bit in zip(free, choice):
                inside[i] = bit
                taken |= bit << named[i]
            counts = []
            if self.track:
                for subset in subsets:
                    drawn = subset.bit_count() + sum(choice)
                    counts.append((held.bit_count() + drawn, drawn, 1, held | taken | subset))
            else:
                for more in range(others.bit_count() + 1):
                    drawn = more + sum(choice)
                    counts.append((held.bit_count() + drawn, drawn, comb(others.bit_count(), more), 0))
            out.append((tuple(inside), counts))
        return out

    def _key(self, key: tuple, count: int) -> tuple:
        found = self._keys.get((key, count))
        if found is None:
            found = self._keys[(key, count)] = self.counter.profile_key(
                tuple(sorted(key + (count,), reverse=True)))
        return found

    def run(self, named: tuple = (), level: int | None = None, sequences: bool = True, alike: tuple = (),
            beyond: Callable[[tuple], bool] | None = None) -> dict:
        """``{(sequence signature, profile key, top, suits present): packed polynomial}`` over the draws where every
        named suit fills suited level ``level`` (all draws when none is named); with
        ``sequences`` False the signature is not followed (it is then all True). ``alike``:
        runs of positions in ``named`` whose suits are interchangeable (their states are
        kept sorted). ``top``: the most multiplicity of the ranks in ``high`` (0 without);
        suits present: how many suits the plain cards hold (None unless a rank reads it).
        ``beyond(profile key)``: true when such plain cards already rank above what is asked
        (a hand only gains by more cards): those draws are dropped.

        A state that cannot reach the level with the cards left to draw is dropped: each
        named suit needs some more ranks, less those it holds further on.
        """
        progresses = [self._level(level, suit) for suit in named]
        sequences = self.sequences if sequences else []
        most, cap, high = self.most, self.cap, self.high
        masks = [(1 << BITS * (left + 1)) - 1 for left in range(most + 1)]
        ahead = []  # per named suit: ranks it holds after each position
        for suit in named:
            later, column = 0, []
            for rank in reversed(self.order):
                column.append(later)
                later += self.held.suits[rank] >> suit & 1
            ahead.append(column[::-1])
        # States are pairs of small ids: what the ranking reads (signature, profile key, top)
        # and the named suits' progress; each id's moves are worked out once per rank.
        classes = [(tuple(GOOD if empty else 0 for _, empty in sequences), (), 0, 0)]
        class_ids = {classes[0]: 0}
        suits_of = [tuple(0 for _ in named)]
        suit_ids = {suits_of[0]: 0}
        states = {(0, 0): 1}
        counts_most = self.counter.split.suit_count + 1
        track = self.track
        for p, rank in enumerate(self.order):
            options = [(inside, [(count if not track else (count, suits), BITS * drawn, ways)
                                 for count, drawn, ways, suits in counts])
                       for inside, counts in self._options(rank, named)]
            followed = rank in high
            class_moves, suit_moves = {}, {}
            ops = 0
            grown = {}
            for (cls, nam), poly in states.items():
                moves = class_moves.get(cls)
                if moves is None:
                    signature, key, top, seen = classes[cls]
                    after = []
                    for present in (False, True):
                        new = []
                        for (sequence, _), state in zip(sequences, signature):
                            if state != GOOD and state != NEVER:
                                state, _ = sequence.step(p, state, present)
                                state = NEVER if state is None else state
                            new.append(state)
                        after.append(tuple(new))
                    moves = {} if track else []
                    for move in ({c for _, counts in options for c, _, _ in counts} if track
                                 else range(counts_most)):
                        count, suits = move if track else (move, 0)
                        moved = (after[count > 0], self._key(key, count) if count else key,
                                 max(top, min(count, cap)) if followed else top, seen | suits)
                        if beyond is not None and count and beyond(moved[1]):
                            if track:
                                moves[move] = None
                            else:
                                moves.append(None)
                            continue
                        found = class_ids.get(moved)
                        if found is None:
                            found = class_ids[moved] = len(classes)
                            classes.append(moved)
                        if track:
                            moves[move] = found
                        else:
                            moves.append(found)
                    class_moves[cls] = moves
                each = None  # each named suit's two moves (rank taken or not), once per state
                for inside, counts in options:
                    step = suit_moves.get((nam, inside))
                    if step is None:
                        if each is None:
                            each = []
                            for i, state in enumerate(suits_of[nam]):
                                if state == GOOD:
                                    each.append(((GOOD, 0), (GOOD, 0)))
                                else:
                                    step_of = progresses[i].step
                                    each.append((step_of(p, state, False), step_of(p, state, True)))
                        new, need = [], 0
                        for i, taken in enumerate(inside):
                            state, left = each[i][taken]
                            if state is None:
                                new = None
                                break
                            if left:
                                left -= ahead[i][p]
                                if left > 0:
                                    need += left
                            new.append(state)
                        if new is not None and need <= most:
                            for first, last in alike:
                                new[first:last] = sorted(new[first:last])
                            new = tuple(new)
                            found = suit_ids.get(new)
                            if found is None:
                                found = suit_ids[new] = len(suits_of)
                                suits_of.append(new)
                            step = (found, masks[most - need])
                        else:
                            step = False
                        suit_moves[(nam, inside)] = step
                    if not step:
                        continue
                    nam2, keep = step
                    ops += len(counts)
                    for count, shift, ways in counts:
                        value = (poly * ways << shift) & keep
                        if value and moves[count] is not None:
                            new = (moves[count], nam2)
                            grown[new] = grown.get(new, 0) + value
            # Each state looks up each option's move; the moves met first are worked out, suit by
            # suit; each count moves a polynomial.
            self.counter.work.add(len(states) * len(options) + len(suit_moves) * (1 + len(named)) + ops)
            states = grown
        out = {}
        for (cls, nam), poly in states.items():
            if all(state == GOOD for state in suits_of[nam]):
                signature, key, top, seen = classes[cls]
                final = (tuple(state == GOOD for state in signature), key, top, seen.bit_count() if track else None)
                out[final] = out.get(final, 0) + poly
        return out


def _coefficients(poly: int, wanted) -> dict:
    """``{k: coefficient}`` of a packed polynomial, for the powers ``wanted``."""
    field = (1 << BITS) - 1
    return {k: poly >> BITS * k & field for k in wanted}


def _suit_orbits(held, pool, suits: int, m: int) -> list:
    """``[(named suits, how many sets of m suits are like them)]``: suits that hold and offer
    the same ranks are interchangeable, so one set of each kind is counted."""
    classes = {}
    for suit in range(suits):
        shape = tuple((h >> suit & 1, a >> suit & 1) for h, a in zip(held.suits, pool.suits))
        classes.setdefault(shape, []).append(suit)
    groups = list(classes.values())
    out = []

    def choose(i: int, left: int, named: list[int], weight: int) -> None:
        if i == len(groups):
            if not left:
                out.append((tuple(named), weight))
            return
        for take in range(min(left, len(groups[i])) + 1):
            choose(i + 1, left - take, named + groups[i][:take], weight * comb(len(groups[i]), take))

    choose(0, m, [], 1)
    return out


def _alike(named, held, pool) -> tuple:
    """Runs ``(first, last)`` of positions in ``named`` whose suits hold and offer the same ranks."""
    shapes = [tuple((h >> suit & 1, a >> suit & 1) for h, a in zip(held.suits, pool.suits)) for suit in named]
    out, first = [], 0
    for i in range(1, len(named) + 1):
        if i == len(named) or shapes[i] != shapes[first]:
            if i - first > 1:
                out.append((first, i))
            first = i
    return tuple(out)


class HeldCounter:
    """Counts the best-hand rank of ``held`` plus every draw of the rest from ``pool``.

    ``counter`` is the whole-deck ``Counter`` of the ruleset and context: its split of the
    deck, its suited levels, its trump classes and its classification are reused.
    """

    def __init__(self, counter: Counter, held: Iterable[Card], pool: Iterable[Card]):
        if counter.extra:
            raise ValueError("a hand in progress is counted without extra wild cards")
        self.counter = counter
        self.split = counter.split
        self.held = _Cards(self.split, counter.context, list(held))
        self.pool = _Cards(self.split, counter.context, list(pool))
        self._cache = {}

    def _all(self, n: int) -> list:
        found = self._cache.get(n)
        if found is None:
            found = self._cache[n] = list(self._classes(n))
        return found

    def count(self, n: int) -> dict[int, int]:
        """``{rank strength: hands}`` over every way to fill the hand to ``n`` cards."""
        out = {rank.strength: 0 for rank in self.counter.ruleset.ranking.ranks}
        for hands, strength, ge, levels, _ in self._all(n):
            tally(out, hands, strength, ge, levels, range(len(levels)))
        return out

    def count_failing(self, n: int, threshold: tuple[HandRank, int]) -> int:
        """How many of those hands miss ``threshold`` = (rank, least value), e.g. pair of jacks.

        As ``Counter.count_failing``: the hands of the threshold's rank split by their first
        tie-break value, which reads how often the ranks from ``least`` up are held (the most
        of them, capped as in the profile key: the groups take the ranks held most often);
        a representative of each class with that feature (``Counter.representative_counts``)
        tells the value.
        """
        rank, least = threshold
        if not least:
            return sum(count for strength, count in self.count(n).items() if strength < rank.strength)
        counter = self.counter
        counter.check_refinable(rank)
        split = self.split
        high = frozenset(i for i in range(split.rank_count) if split.values[i] >= least)
        below = sum(count for strength, count in self.count(n).items() if strength < rank.strength)
        # Refined by the top value, only the hands of the threshold's rank matter, and of
        # the suited levels only the first above it (a flush over a pair of jacks).
        # The top value reads how often a high rank is held up to the rank's first group (a
        # pair's rank is high when a high rank is held twice, or once with a wild...).
        cap = rank.pattern.groups[0] if rank.pattern.groups else 1
        short = 0
        for hands, strength, ge, levels, (key, signature, k, top, present, trumps, wa, wt, nd) in \
                self._classes(n, high, floor=rank.strength, top_cap=cap):
            if strength != rank.strength:
                continue
            counts = counter.representative_counts(key, signature, k, wa, high, top, present, cap)
            strength, primary = counter.classify_counts(counts, trumps, wa, wt, nd, present)
            if strength == rank.strength and primary < least:
                above = [i for i, level in enumerate(levels) if level[0] > rank.strength]
                short += hands - (ge[above[0]] if above else 0)
        return below + short

    # -- classes ---------------------------------------------------------------------------

    def _beyond(self, wilds: int, floor: int):
        """``beyond(profile key)``: whether plain cards of that key, with ``wilds`` wilds, already
        rank above strength ``floor`` (so every hand holding them does), or None where the
        ladder does not let a hand only gain by more cards (a part with restricted kickers)."""
        counter = self.counter
        if any(rank.pattern.rest != "any" for rank in counter.ruleset.ranking.ranks):
            return None
        cache = {}

        def beyond(key: tuple) -> bool:
            found = cache.get(key)
            if found is None:
                profile = tuple(count for count in key if count)
                # The key's ranks apart from each other: no sequence, a hand they are part of.
                mask = sum(1 << (2 * i) for i in range(len(profile)))
                found = cache[key] = bool(profile) and mask < 1 << counter.split.rank_count \
                    and counter._classify(profile, mask, (), wilds, 0, 0) > floor
            return found

        return beyond

    def _draws(self, draw: int, xa: int, trump_tables) -> dict:
        """``{plain cards drawn: [(ways, trump-wilds, dead, trump table)]}`` beside ``xa`` any-wilds."""
        held, pool = self.held, self.pool
        plain_left = sum(pool.counts)
        by_k = {}
        for xt in range(min(pool.wild_trump, draw - xa) + 1):
            for xd in range(min(pool.dead, draw - xa - xt) + 1):
                outer = comb(pool.wild_any, xa) * comb(pool.wild_trump, xt) * comb(pool.dead, xd)
                for t in range(min(len(pool.naturals), draw - xa - xt - xd) + 1):
                    k = draw - xa - xt - xd - t
                    if k <= plain_left and trump_tables.get(t):
                        by_k.setdefault(k, []).append((outer, held.wild_trump + xt, held.dead + xd, trump_tables[t]))
        return by_k

    def _classes(self, n: int, high=frozenset(), floor=None, top_cap=None):
        """Every class of the hands: ``(hands, unsuited strength, ge, levels, representative)``,
        ``ge[i]`` the hands of the class where some suit fills suited level ``levels[i]``
        (inclusion-exclusion over the suits named, one set of each kind; with ``floor``, only the
        first level stronger than that strength is counted); the representative
        is ``(profile key, signature, plain cards, top, suits present, trumps, any-wilds, trump-wilds,
        dead)``.

        The sweeps with no suit named come first, then the inclusion-exclusion terms in the order
        the hand sizes need them (the dearest terms name the most suits, needed last). A count
        stopped by its budget (``TooMuchWork``) has then done every sweep some smaller hands
        need, each as dear as theirs or dearer: the largest such hand is told as the exception's
        ``fits`` (None when there is none).
        """
        counter, held, pool = self.counter, self.held, self.pool
        split = self.split
        draw = n - held.size
        size = min(HAND_SIZE, n)
        cap = min(held.wild_any + held.wild_trump + pool.wild_any + pool.wild_trump, n) + 1
        trump_tables = counter.trumps.tables(cap, n, held.naturals, pool.naturals)
        plain_held = sum(held.counts)
        plans, done = [], set()
        try:
            for xa in range(min(pool.wild_any, draw) + 1):
                wa = held.wild_any + xa
                by_k = self._draws(draw, xa, trump_tables)
                if not by_k:
                    continue
                sweep = _Sweep(counter, held, pool, wa, size, max(by_k), high, top_cap)
                beyond = self._beyond(wa, floor) if floor is not None else None
                hands = {cls: _coefficients(poly, by_k) for cls, poly in sweep.run(beyond=beyond).items()}
                ge = {cls: [dict.fromkeys(by_k, 0) for _ in sweep.levels] for cls in hands}
                plans.append((xa, wa, by_k, sweep, beyond, hands, ge))
                done.add((xa, None, 0))
            # The terms in the order the hand sizes need them: each is first needed by a hand of
            # so many cards (m named suits each fill the level with the plain cards held and drawn).
            terms = sorted((held.size + plan[0] + max(0, m * plan[3].levels[j][1] - plain_held), m, i, j)
                           for i, plan in enumerate(plans) for j in self._levels_counted(plan[3].levels, floor)
                           for m in range(1, split.suit_count + 1)
                           if m * plan[3].levels[j][1] <= plain_held + max(plan[2]))
            for _, m, i, j in terms:
                xa, wa, by_k, sweep, beyond, hands, ge = plans[i]
                strength, least, good = sweep.levels[j]
                implied = counter._implied(wa, size)
                # Draws whose plain cards already rank at this level or above need no suit count.
                level_beyond = beyond if floor is not None else self._beyond(wa, strength - 1)
                sign = 1 if m % 2 else -1
                follow = good is None or implied is None
                for named, weight in _suit_orbits(held, pool, split.suit_count, m):
                    for (signature, key, top, present), poly in sweep.run(named, j, follow,
                                                                          _alike(named, held, pool),
                                                                          level_beyond).items():
                        row = ge[(signature if follow else implied, key, top, present)][j]
                        for k, count in _coefficients(poly, by_k).items():
                            row[k] += sign * weight * count
                done.add((xa, j, m))
        except TooMuchWork as stopped:
            work = counter.work
            budget, work.budget = work.budget, None  # telling what fits is not counted against it
            try:
                stopped.fits = self._fits(n, done, floor)
            finally:
                work.budget = budget
            raise
        for xa, wa, by_k, sweep, beyond, hands, ge in plans:
            levels = sweep.levels
            for (signature, key, top, present), by_count in hands.items():
                for k, combos in by_k.items():
                    total = by_count[k]
                    if not total:
                        continue
                    profile, mask = counter.representative(key, signature, plain_held + k, wa, present)
                    above = [row[k] for row in ge[(signature, key, top, present)]]
                    counter.work.add(sum(len(trumps) for _, _, _, trumps in combos) * (1 + len(levels)))
                    for outer, wt, nd, trumps in combos:
                        for trump_count, rep in trumps.values():
                            strength = counter._classify(profile, mask, rep, wa, wt, nd, present)
                            weight = outer * trump_count
                            yield (weight * total, strength, [weight * g for g in above], levels,
                                   (key, signature, plain_held + k, top, present, rep, wa, wt, nd))

    @staticmethod
    def _levels_counted(levels, floor) -> list[int]:
        """The suited levels a count names suits for: all, or with ``floor`` the first stronger."""
        if floor is None:
            return list(range(len(levels)))
        return [j for j, level in enumerate(levels) if level[0] > floor][:1]

    def _fits(self, n: int, done: set, floor) -> int | None:
        """The largest hand of fewer than ``n`` cards (five at least) whose sweeps are all in
        ``done`` (``(any-wilds drawn, level, suits named)``), or None: such a hand costs less than
        what was done before the budget ran out."""
        held, pool, split = self.held, self.pool, self.split
        plain_held, plain_left = sum(held.counts), sum(pool.counts)
        for smaller in range(n - 1, max(HAND_SIZE, held.size) - 1, -1):
            draw = smaller - held.size
            for xa in range(min(pool.wild_any, draw) + 1):
                most = plain_held + min(draw - xa, plain_left)
                levels = self.counter.suited_levels(held.wild_any + xa, HAND_SIZE)
                needed = [(xa, j, m) for j in self._levels_counted(levels, floor)
                          for m in range(1, split.suit_count + 1) if m * levels[j][1] <= most]
                if (xa, None, 0) not in done or not done.issuperset(needed):
                    break
            else:
                return smaller
        return None
