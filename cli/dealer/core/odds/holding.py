"""Exact hand-rank counts for a hand in progress: cards held, the rest drawn from a pool.

Held cards and a thinned deck break the symmetry ``Counter`` leans on (every rank in every
suit, every trump there to draw), so here the drawn plain cards are visited by their *rank
counts*: how many of each rank, weighted by the ways the pool can supply them, added to the
held ranks. Everything else follows ``Counter``:

* each (profile, sequence signature) class, with its trumps, wilds and dead cards, is
  classified once by the ruleset's own ranking, without the suited ranks;
* the suited ranks (flushes, suited sequences) are counted per rank-count vector: the ways
  to deal the suits so that some suit fills one, by inclusion-exclusion over the suits named
  (a small dynamic programme over the ranks present, starting from the held cards' suits),
  cached by what the vector looks like to the suits;
* wild, trump and dead cards are drawn by number, trumps through ``TrumpSignatures`` with
  the held trump numbers fixed.

What ``Counter`` cannot count raises ``Unsupported`` here too, and so do draws with too
many rank-count vectors to visit in time and hands where three suits could each hold a
suited sequence: the caller enumerates or simulates those.

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

from itertools import combinations, product
from math import comb
from operator import getitem

from dealer.core.cards import PLAIN, TRUMP
from dealer.core.odds.combinatorics import _bounded_compositions
from dealer.core.odds.counting import Unsupported, tally
from dealer.core.ranks import HAND_SIZE

GOOD = -1  # the state of a suit already good, whatever else it gets
VISIT_LIMIT = 600_000  # rank-count vectors visited at most (about 10 s); past it, simulate


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


class HeldCounter:
    """Counts the best-hand rank of ``held`` plus every draw of the rest from ``pool``.

    ``counter`` is the whole-deck ``Counter`` of the ruleset and context: its split of the
    deck, its suited levels, its trump classes and its classification are reused.
    """

    def __init__(self, counter, held, pool):
        self.counter = counter
        self.split = counter.split
        self.held = _Cards(self.split, counter.context, list(held))
        self.pool = _Cards(self.split, counter.context, list(pool))
        self._rows = {}
        self._suited = {}
        self._minimal = {}
        self._named = {}
        self._relevance = {}

    def count(self, n: int) -> dict[int, int]:
        """``{rank strength: hands}`` over every way to fill the hand to ``n`` cards."""
        out = {rank.strength: 0 for rank in self.counter.ruleset.ranking.ranks}
        for hands, strength, ge, levels, _ in self._classes(n):
            tally(out, hands, strength, ge, levels, range(len(levels)))
        return out

    def count_failing(self, n: int, threshold) -> int:
        """How many of those hands miss ``threshold`` = (rank, least value), e.g. pair of jacks.

        As ``Counter.count_failing``: the classes of the threshold's rank are refined by the
        multiplicities of the ranks from ``least`` up, and a representative of each (its real
        rank counts) tells the first tie-break value.
        """
        rank, least = threshold
        below = sum(count for strength, count in self.count(n).items() if strength < rank.strength)
        if not least:
            return below
        self.counter.check_refinable(rank)
        split = self.split
        high = tuple(i for i in range(split.rank_count) if split.values[i] >= least)
        short = 0
        for hands, strength, ge, levels, (counts, trumps, wa, wt, nd) in self._classes(n, high):
            if strength != rank.strength:
                continue
            strength, primary = self.counter.classify_counts(counts, trumps, wa, wt, nd)
            if strength == rank.strength and primary < least:
                above = [i for i, level in enumerate(levels) if level[0] > rank.strength]
                short += hands - (ge[above[0]] if above else 0)
        return below + short

    # -- classes ---------------------------------------------------------------------------

    def _classes(self, n: int, high=()):
        """Every class of the hands: ``(hands, unsuited strength, ge, levels, representative)``,
        ``ge[i]`` the hands of the class where some suit fills suited level ``levels[i]``."""
        counter, held, pool = self.counter, self.held, self.pool
        draw = n - held.size
        size = min(HAND_SIZE, n)
        cap = min(held.wild_any + held.wild_trump + pool.wild_any + pool.wild_trump, n) + 1
        trump_tables = counter.trumps.tables(cap, n, held.naturals, pool.naturals)
        plain_left = sum(pool.counts)
        self._refuse_what_takes_too_long(draw, size)
        for xa in range(min(pool.wild_any, draw) + 1):
            wa = held.wild_any + xa
            levels = counter.suited_levels(wa, size)
            by_k = {}  # plain cards drawn -> [(weight, trump-wilds, dead, trump table)]
            for xt in range(min(pool.wild_trump, draw - xa) + 1):
                for xd in range(min(pool.dead, draw - xa - xt) + 1):
                    outer = comb(pool.wild_any, xa) * comb(pool.wild_trump, xt) * comb(pool.dead, xd)
                    for t in range(min(len(pool.naturals), draw - xa - xt - xd) + 1):
                        k = draw - xa - xt - xd - t
                        if k <= plain_left and trump_tables.get(t):
                            by_k.setdefault(k, []).append((outer, held.wild_trump + xt, held.dead + xd,
                                                           trump_tables[t]))
            for k, combos in by_k.items():
                others = tuple((rep, wt, nd) for _, wt, nd, trumps in combos for _, rep in trumps.values())
                rows = self._plain_rows(k, wa, size, high, others)
                for (profile, _, _), (mask, counts, hands, ge) in rows.items():
                    for outer, wt, nd, trumps in combos:
                        for trump_count, rep in trumps.values():
                            strength = counter._classify(profile, mask, rep, wa, wt, nd)
                            weight = outer * trump_count
                            yield (weight * hands, strength, [weight * g for g in ge], levels,
                                   (counts, rep, wa, wt, nd))

    def _refuse_what_takes_too_long(self, draw: int, size: int):
        """Raise ``Unsupported`` before any work when the plain ranks could be drawn in too
        many ways to visit, or when three suits could each hold a suited sequence (triples
        of suits' rank sets are too many to count)."""
        held, pool = self.held, self.pool
        plain_left = sum(pool.counts)
        plain_draws = {draw - xa - xt - xd - t
                       for xa in range(min(pool.wild_any, draw) + 1)
                       for xt in range(min(pool.wild_trump, draw - xa) + 1)
                       for xd in range(min(pool.dead, draw - xa - xt) + 1)
                       for t in range(min(len(pool.naturals), draw - xa - xt - xd) + 1)}
        vectors = sum(_bounded_compositions(pool.counts, k) for k in plain_draws if k <= plain_left)
        if vectors > VISIT_LIMIT:
            raise Unsupported(f"{vectors:,} ways to draw the plain ranks: too many to visit in time")
        if self.split.suit_count < 3:
            return
        for xa in range(min(pool.wild_any, draw) + 1):
            plain_most = sum(held.counts) + min(plain_left, draw - xa)
            levels = self.counter.suited_levels(held.wild_any + xa, size)
            if any(good is not None and 3 * least <= plain_most for _, least, good in levels):
                raise Unsupported("three suits could each hold a suited sequence: too many cards to count by class")

    def _plain_rows(self, k: int, wa: int, size: int, high, others):
        """``{(profile, sequence signature, counts of the ranks in high): (mask, counts, hands,
        ge)}`` over the ways to draw ``k`` plain cards of the pool beside the held ones.

        ``others``: every ``(trumps, trump-wilds, dead)`` the rows will be classified with; a
        suited level no stronger than the weakest of those classes is never needed, so its
        ``ge`` is left at 0.
        """
        key = (k, wa, size, high, others)
        found = self._rows.get(key)
        if found is not None:
            return found
        counter, split = self.counter, self.split
        ranks = split.rank_count
        held_suits, held_counts = self.held.suits, self.held.counts
        pool_suits, pool_counts = self.pool.suits, self.pool.counts
        levels = counter.suited_levels(wa, size)
        suffix = [0] * (ranks + 1)  # plain cards left in the pool from each rank up
        for i in range(ranks - 1, -1, -1):
            suffix[i] = suffix[i + 1] + pool_counts[i]
        drawn = [0] * ranks
        signatures = {}
        table = {}

        def leaf(weight):
            counts = [held_counts[i] + drawn[i] for i in range(ranks)]
            present = [i for i in range(ranks) if counts[i]]
            mask = 0
            for i in present:
                mask |= 1 << i
            profile = tuple(sorted((counts[i] for i in present), reverse=True))
            signature = signatures.get(mask)
            if signature is None:
                signature = signatures[mask] = counter._sequence_signature(mask, wa)
            row_key = (profile, signature, tuple(counts[i] for i in high))
            row = table.get(row_key)
            if row is None:
                weakest = min(counter._classify(profile, mask, rep, wa, wt, nd) for rep, wt, nd in others)
                row = table[row_key] = [mask, tuple((i, counts[i]) for i in present), 0, [0] * len(levels),
                                        [j for j, level in enumerate(levels) if level[0] > weakest]]
            row[2] += weight
            ge = row[3]
            for j in row[4]:
                _, least, good = levels[j]
                if least > len(present) or (good is not None and not good[mask]):
                    continue  # each suit holds a rank at most once
                if good is None:
                    shape = (wa, j, tuple(sorted((held_suits[i], pool_suits[i], drawn[i]) for i in present)))
                    factor, sets = 1, None
                else:
                    # Ranks in no good set within the hand's ranks cannot make a suit good:
                    # they are dealt their suits freely.
                    relevant, sets = self._relevant(wa, size, j, mask)
                    shape = (wa, j, tuple((i, held_suits[i], pool_suits[i], drawn[i])
                                          for i in present if relevant >> i & 1))
                    factor = 1
                    for i in present:
                        if not relevant >> i & 1:
                            factor *= comb(pool_counts[i], drawn[i])
                ways = self._suited.get(shape)
                if ways is None:
                    if good is None:
                        items = [(0, held, pool, d) for held, pool, d in shape[2]]
                    else:
                        items = [(1 << i, held, pool, d) for i, held, pool, d in shape[2]]
                    ways = self._suited[shape] = self._some_suit(items, least, sets)
                ge[j] += factor * ways

        def visit(i, left, weight):
            if not left:
                leaf(weight)
                return
            if suffix[i] < left:
                return
            available = pool_counts[i]
            for d in range(min(available, left) + 1):
                drawn[i] = d
                visit(i + 1, left - d, weight * comb(available, d))
            drawn[i] = 0

        visit(0, k, 1)
        found = self._rows[key] = {row_key: (row[0], row[1], row[2], row[3]) for row_key, row in table.items()}
        return found

    # -- suits -------------------------------------------------------------------------------

    def _relevant(self, wa: int, size: int, level: int, mask: int):
        """``(ranks, sets)``: the minimal good sets of suited level ``level`` that lie within
        ``mask``, and the ranks they cover (the others never decide whether a suit is good)."""
        key = (wa, size, level, mask)
        found = self._relevance.get(key)
        if found is None:
            minimal = self._minimal.get((wa, size, level))
            if minimal is None:
                good = self.counter.suited_levels(wa, size)[level][2]
                minimal = self._minimal[(wa, size, level)] = [
                    m for m in range(len(good))
                    if good[m] and not any(good[m ^ 1 << b] for b in range(m.bit_length()) if m >> b & 1)]
            sets = tuple(m for m in minimal if m & mask == m)
            ranks = 0
            for m in sets:
                ranks |= m
            found = self._relevance[key] = (ranks, sets)
        return found

    def _some_suit(self, items, least: int, sets=None) -> int:
        """Suit deals of ``items`` (``(rank bit, held suits, pool suits, drawn)`` for each rank
        present, lowest first) where some suit is good: inclusion-exclusion over the suits
        named good. Good is holding ``least`` cards, or with ``sets`` (the minimal good sets
        of a level's table within the ranks of ``items``) covering one of them."""
        if sets is not None:
            # Renumber the ranks 0, 1, ...: shapes that differ only by where they sit share a count.
            relative = {bit: 1 << index for index, (bit, *_) in enumerate(items)}
            items = [(relative[bit], held, pool, drawn) for bit, held, pool, drawn in items]
            sets = tuple(sorted(sum(new for bit, new in relative.items() if m & bit) for m in sets))
        suits = self.split.suit_count
        cards = sum(held.bit_count() + drawn for _, held, _, drawn in items)
        # A suit can be good only if enough ranks can give it a card.
        able = [s for s in range(suits)
                if sum(1 for _, held, pool, drawn in items if held >> s & 1 or pool >> s & 1 and drawn) >= least]
        total, m = 0, 1
        while m <= len(able) and m * least <= cards:
            named = 0
            for chosen in combinations(able, m):
                if sets is not None and not self._possible(items, chosen, sets):
                    continue
                columns = []
                for bit, held, pool, drawn in items:
                    free = pool.bit_count() - sum(pool >> s & 1 for s in chosen)
                    columns.append((bit, tuple(held >> s & 1 for s in chosen), tuple(pool >> s & 1 for s in chosen),
                                    free, drawn))
                key = (least, sets, tuple(sorted(columns) if sets is None else columns))
                ways = self._named.get(key)
                if ways is None:
                    ways = self._named[key] = self._all_good(columns, least, sets)
                named += ways
            total += (-1) ** (m + 1) * named
            m += 1
        return total

    @staticmethod
    def _possible(items, chosen, sets) -> bool:
        """Whether the named suits can all be good at once (good: covering one of the minimal
        ``sets``): each covers a set of ranks it can get, and the ranks two of them share can
        give both."""
        can = []
        for s in chosen:
            mask = 0
            for bit, held, pool, drawn in items:
                if held >> s & 1 or pool >> s & 1 and drawn:
                    mask |= bit
            can.append(mask)
        covers = [[m for m in sets if m & mask == m] for mask in can]
        if not all(covers):
            return False
        if len(chosen) == 1:
            return True
        both = 0
        for bit, held, pool, drawn in items:
            if all(held >> s & 1 or pool >> s & 1 for s in chosen) \
                    and drawn >= sum(1 for s in chosen if not held >> s & 1):
                both |= bit
        return any(not first & second & ~both for first in covers[0] for second in covers[1])

    @staticmethod
    def _all_good(columns, least: int, sets) -> int:
        """Suit deals where every named suit is good, ``columns`` giving for each rank present
        (lowest first) its bit, which named suits hold it and which the pool offers, how many
        other suits the pool offers, and how many are drawn. Over the ranks, each named suit's
        state (its card count, capped at ``least``, or with minimal good ``sets`` its ranks
        among the sets still open) with the ways the other suits take the rest."""
        width = len(columns[0][1])
        states = {(0,) * width: 1}
        open_after = []  # ranks of the good sets that still await a rank after this one
        for index in range(len(columns)):
            later = 0
            for bit, *_ in columns[index + 1:]:
                later |= bit
            live = 0
            for m in sets or ():
                if m & later:
                    live |= m
            open_after.append(live)
        for (bit, held, pool, free, drawn), live in zip(columns, open_after):
            options = []
            for inside in product((0, 1), repeat=width):
                if any(h and not w or not h and not p and w for h, p, w in zip(held, pool, inside)):
                    continue  # a held suit is in, a suit neither held nor offered is out
                taken = sum(w for h, w in zip(held, inside) if not h)
                if 0 <= drawn - taken <= free:
                    options.append((inside, comb(free, drawn - taken)))
            moves = {}  # a suit's state -> (its state without this rank, with it)
            for state in states:
                for c in state:
                    if c in moves:
                        continue
                    if sets is None:
                        moves[c] = (c, min(c + 1, least))
                    elif c == GOOD:  # a good suit stays good (the patterns are monotone)
                        moves[c] = (GOOD, GOOD)
                    else:
                        grown_mask = c | bit
                        moves[c] = (c & live, GOOD if any(m & grown_mask == m for m in sets) else grown_mask & live)
            grown = {}
            for state, ways in states.items():
                nexts = [moves[c] for c in state]
                for inside, more in options:
                    new = tuple(map(getitem, nexts, inside))
                    grown[new] = grown.get(new, 0) + ways * more
            states = grown
        if sets is None:
            return sum(ways for state, ways in states.items() if min(state) >= least)
        return sum(ways for state, ways in states.items() if all(mask == GOOD for mask in state))
