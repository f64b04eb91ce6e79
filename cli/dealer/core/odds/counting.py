"""Exact hand-rank distributions by counting equivalence classes, not by visiting hands.

A hand of N cards from a ruleset's deck splits into plain cards (a full grid of ranks by
suits), natural trumps, wild cards (``any`` or ``trump``) and dead cards. The best hand's
*rank* (not its tie-break) is the strongest hand rank whose pattern the cards fill, and each
pattern looks at the cards through a few features only:

* groups (pairs, trips, ...): the largest multiplicities of the plain ranks (the *profile*,
  of which ``profile_key`` keeps what the groups read);
* an unsuited sequence: which ranks are present, seen through its windows;
* a trump run or a count of trumps: which trump numbers are held (the *trump signature*:
  how many wilds each trump pattern needs);
* distinct suits: how many suits the plain cards hold;
* flushes and suited sequences: the set of ranks in each suit.

So the hands fall into classes by (profile, sequence signature, suits present, trump
signature, wild and dead counts). Each class is classified once, by the ruleset's own
compiled ranking, on one representative hand (with the suited ranks left out: a flush is
counted separately), and weighted by how many hands it holds. The sets of ranks are counted
once per sequence signature. Suits are counted per profile: how many ways of dealing the
suits give some suit a flush (a small dynamic programme over the profile), and, for suited
sequences, inclusion-exclusion over the m suits named good, summed over the m-tuples of
good rank sets by type (``combinatorics.good_tuples``): three or four suits at once too.

Extra wild cards (``extra_wilds``) count a wild pick: the best hand with a pick on five cards
or more has the rank of the cards' best hand with one fully wild card more.

Trump classes come from ``trumps``; partitions, suit deals and good-set tuples from
``combinatorics``. A hand in progress (cards held, a thinned deck) is counted by
``holding``, on this split.

The ladder is data: nothing here knows what a flush or a full house is worth. What falls
outside these features raises :class:`Unsupported` (a plain card wild in the context; a
suited pattern with other parts), and the caller enumerates or simulates instead.
"""
from __future__ import annotations

from itertools import combinations
from math import comb

from dealer.core.cards import PLAIN, SPECIAL, TRUMP, Card
from dealer.core.odds.combinatorics import (_arrangements, _compositions, _multinomial_arrangements,  # noqa: F401
                                            _partitions, _profile_no_flush, _sub_arrangements, _tuples,
                                            good_tuples, minimal_sets)
from dealer.core.odds.trumps import TrumpSignatures
from dealer.core.odds.work import CLASSIFY, Work
from dealer.core.ranks import HAND_SIZE

from typing import TYPE_CHECKING
if TYPE_CHECKING:
    from collections.abc import Iterable

    from dealer.core.odds.trumps import TrumpTable
    from dealer.core.ranks import Context, HandRank
    from dealer.core.rules import Ruleset

INFINITE = 99


class Unsupported(Exception):
    """This ranking, deck or context cannot be counted by class (enumerate or simulate)."""


def tally(out: dict[int, int], hands: int, strength: int, ge: list[int], levels: list[tuple],
          needed: Iterable[int]) -> None:
    """Add a class of ``hands`` to ``out`` ({strength: hands}): those where some suit fills
    a suited level stronger than the class's own ``strength`` (``ge[i]`` for level
    ``levels[i]``, cumulative) move up to the strongest level they fill."""
    above = [i for i in needed if levels[i][0] > strength]
    if not above:
        out[strength] += hands
        return
    out[strength] += hands - ge[above[0]]
    for j in above:
        out[levels[j][0]] += ge[j] - (ge[j + 1] if j + 1 < len(levels) else 0)


def _popcount(mask: int) -> int:
    return mask.bit_count()


class _Deck:
    """A deck split the way counting needs it, for one wild-card context."""

    def __init__(self, deck, context):
        wild = context.wild
        self.values = [rank.value for rank in deck.ranks]  # lowest first
        self.suits = list(deck.suits)
        self.rank_count = len(self.values)
        self.suit_count = len(self.suits)
        self.wild_any = [card for card in deck if wild.get(card) == "any"]
        self.wild_trump = [card for card in deck if wild.get(card) == "trump"]
        self.dead = [card for card in deck if card not in wild and card.kind not in (PLAIN, TRUMP)]
        self.naturals = [card.value for card in deck if card.kind == TRUMP and card not in wild]
        self.trump_count = deck.trump_count
        self.ace_low = deck.ace_low
        self.plain = [card for card in deck if card.kind == PLAIN and card not in wild]
        if len(self.plain) != self.rank_count * self.suit_count:
            raise Unsupported("a plain card is wild in this context: the plain cards are not a full grid")
        self.index = {value: i for i, value in enumerate(self.values)}
        self.allowed = list(range(self.rank_count))  # rank indices the plain cards may take

    def window_masks(self, length: int, top: int) -> list[int]:
        """Windows of ``length`` consecutive ranks as masks over rank *indices*, plus the
        ace-low bit (index -1 is represented by bit ``rank_count``)."""
        values = self.values
        low = values[0] - 1 if self.ace_low else values[0]
        masks = []
        for high in range(values[-1], low + length - 2, -1):
            if top and high != top:
                continue
            mask = 0
            for value in range(high - length + 1, high + 1):
                mask |= 1 << (self.index[value] if value in self.index else self.rank_count)
            masks.append(mask)
        return masks

    def extended(self, mask: int) -> int:
        """The rank mask with the ace also played low, when the deck allows it."""
        if self.ace_low and mask >> (self.rank_count - 1) & 1:
            return mask | 1 << self.rank_count
        return mask


def _split_ranks(ranking):
    """(unsuited ranks, suited ranks), checking that counting by class is exact for them."""
    unsuited, suited = [], []
    for rank in ranking.ranks:
        p = rank.pattern
        trump_part = bool(p.trump_run or p.trumps)
        if p.flush or (p.sequence and p.suited):
            if trump_part or p.groups or p.distinct_suits:
                raise Unsupported(f"{rank.name}: a suited pattern with other parts")
            if p.core_size < HAND_SIZE and p.rest != "any":
                raise Unsupported(f"{rank.name}: a suited pattern with restricted kickers")
            suited.append(rank)
            continue
        if p.sequence and trump_part:
            raise Unsupported(f"{rank.name}: a sequence with trumps")
        if p.groups and trump_part and rank.tiebreak[:1] == ("groups",):
            # The engine then tries only the highest group choice: the result depends on
            # which ranks are held, not only on their multiplicities.
            raise Unsupported(f"{rank.name}: groups with trumps, tie-broken by the groups first")
        unsuited.append(rank)
    return unsuited, suited


class Counter:
    """Counts the best-hand rank of every N-card hand of one ruleset and context.

    ``extra_wilds``: fully wild cards added to every hand beside the N dealt (not drawn from
    the deck). A wild pick on five cards or more is one: the best hand with p held cards
    made wild has the rank of the best hand of those cards and p wild cards more (the best
    five of the bigger pile use at most five of its cards, so p others can be the ones
    picked, or picked cards stand for themselves); ``casting.spell_odds`` counts picks so.
    """

    def __init__(self, ruleset: Ruleset, context: Context, extra_wilds: int = 0, work: Work | None = None):
        from dealer.core.hands import Ranking

        self.work = Work() if work is None else work  # what the counts do, against its budget
        self.ruleset = ruleset
        self.context = context
        self.deck = ruleset.deck
        self.split = _Deck(ruleset.deck, context)
        self.extra = extra_wilds
        # Cards of no deck that the evaluation context makes wild: the extra wilds.
        self.virtual = [Card(-1 - i, f"*{i + 1}", "wild pick", SPECIAL, 0, 0, None, None, "", "*")
                        for i in range(extra_wilds)]
        self.evaluation = context.with_wild(self.virtual) if extra_wilds else context
        self.unsuited, self.suited = _split_ranks(ruleset.ranking)
        # The unsuited ranks alone, compiled by the same engine: what a hand is without flushes.
        self.plain_ranking = Ranking(self.unsuited, ruleset.deck)
        self.sequences = sorted({(r.pattern.sequence, r.pattern.top) for r in self.unsuited if r.pattern.sequence})
        self.trump_specs = sorted({("run", r.pattern.trump_run, False) for r in self.unsuited if r.pattern.trump_run}
                                  | {("count", r.pattern.trumps, r.pattern.no_run)
                                     for r in self.unsuited if r.pattern.trumps})
        self._windows = {spec: self.split.window_masks(*spec) for spec in self.sequences}
        self._plain_tables = {}
        self._suited_tables = {}
        self._nf = {}
        self._classes = {}
        self.trumps = TrumpSignatures(self.split, self.trump_specs, self.deck.run_min, self.work)
        self._patterns = {}
        self._types = {}
        self._spreads = {}
        self._refined = {}
        self._signature_counts = {}
        self._implications = {}
        self._minimal_sets = {}
        self._tuple_cache = {}
        self._representatives = {}
        self._sequence_sets = {}
        self._signature_list = {}
        self.rainbow = any(rank.pattern.distinct_suits for rank in self.unsuited)  # reads suits present
        grouped = [rank.pattern.groups for rank in self.unsuited if rank.pattern.groups]
        self._group_count = max(map(len, grouped), default=0)
        self._group_cap = max((max(groups) for groups in grouped), default=1)

    # -- suits ---------------------------------------------------------------------------

    def suited_levels(self, wilds: int, size: int) -> list:
        """For ``wilds`` any-wilds: ascending suited strengths, with for each either a count
        threshold (a pure count rule) or a table ``good[mask]``."""
        key = (wilds, size)
        found = self._suited_tables.get(key)
        if found is not None:
            return found
        split = self.split
        full = 1 << split.rank_count
        self.work.add(full * (2 + len(self.suited)) // 3)
        best = [0] * full
        for rank in self.suited:
            p = rank.pattern
            if p.core_size > size:
                continue
            if p.flush:
                need = p.flush - wilds
                for mask in range(full):
                    if _popcount(mask) >= need and rank.strength > best[mask]:
                        best[mask] = rank.strength
            else:
                windows = split.window_masks(p.sequence, p.top)
                need = p.sequence - wilds
                for mask in range(full):
                    if rank.strength > best[mask]:
                        ext = split.extended(mask)
                        for window in windows:
                            if _popcount(ext & window) >= need:
                                best[mask] = rank.strength
                                break
        levels = []
        for strength in sorted({rank.strength for rank in self.suited}):
            good = [b >= strength for b in best]
            by_count = {}
            uniform = True
            for mask in range(full):
                bits = _popcount(mask)
                if by_count.setdefault(bits, good[mask]) != good[mask]:
                    uniform = False
                    break
            if uniform:
                hits = [bits for bits, ok in by_count.items() if ok]
                levels.append((strength, min(hits) if hits else INFINITE, None))
            else:
                least = min((_popcount(m) for m in range(full) if good[m]), default=INFINITE)
                levels.append((strength, least, good))
        self._suited_tables[key] = levels
        return levels

    def _no_flush(self, profile, f, suits=None):
        suits = self.split.suit_count if suits is None else suits
        key = (profile, f, suits)
        found = self._nf.get(key)
        if found is None:
            found = self._nf[key] = _profile_no_flush(profile, suits, f, self.work)
        return found

    def _window_suited(self, counts, mask, good, least, k):
        """Suit assignments of rank multiplicities ``counts`` ({bit: count}) where some suit's
        ranks are ``good``: inclusion-exclusion over how many suits are named good."""
        suits = self.split.suit_count
        bits = list(counts)
        goods = []
        sub = mask
        while True:  # every submask of ``mask``
            if good[sub]:
                goods.append(sub)
            if sub == 0:
                break
            sub = (sub - 1) & mask
        total = 0
        m = 1
        while m <= suits and m * least <= k:
            self.work.add(len(goods) ** m * len(bits))
            ways = 0
            for chosen in _tuples(goods, m):
                product = 1
                for bit in bits:
                    taken = 0
                    for subset in chosen:
                        taken += subset >> bit & 1
                    left = counts[bit] - taken
                    if left < 0:
                        product = 0
                        break
                    product *= comb(suits - m, left)
                    if not product:
                        break
                ways += product
            total += (-1) ** (m + 1) * comb(suits, m) * ways
            m += 1
        return total

    def _window_total(self, positions, good, least, k, profile):
        """``_window_suited`` summed over every arrangement of ``profile`` on ``positions``.

        Inclusion-exclusion over m suits named good: the sum over arrangements of
        prod_r C(S - m, c_r - t_r) (t_r: how many named suits hold rank r) depends only on
        how many ranks have each t, so the tuples of good rank sets are counted by that
        type (once per goodness pattern of the ranks held) and the arrangements by it
        (once per profile).
        """
        suits = self.split.suit_count
        if min(3, suits) * least <= k and suits >= 3:
            # Tuples of three good suits grow as (good sets)^3: not countable in time.
            raise Unsupported("three suits could each hold a suited sequence: too many cards to count by class")
        d = len(positions)
        pattern = self._goodness(positions, good)
        total = 0
        m = 1
        while m <= suits and m * least <= k:
            ways = 0
            types_of = self._tuple_types(pattern, d, m)
            self.work.add(len(types_of))
            for types, tuples in types_of.items():
                ways += tuples * self._spread(profile, m, types)
            total += (-1) ** (m + 1) * comb(suits, m) * ways
            m += 1
        return total

    def _goodness(self, positions, good):
        """The good subsets of the ranks at ``positions``, as masks over those positions."""
        key = (id(good), positions)
        found = self._patterns.get(key)
        if found is None:
            self.work.add(2 << len(positions))
            absolute = [0] * (1 << len(positions))
            found = []
            for relative in range(1, 1 << len(positions)):
                low = relative & -relative
                absolute[relative] = absolute[relative ^ low] | 1 << positions[low.bit_length() - 1]
            for relative in range(1 << len(positions)):
                if good[absolute[relative]]:
                    found.append(relative)
            found = self._patterns[key] = tuple(found)
        return found

    def _tuple_types(self, pattern, d, m):
        """``{(ranks held by 0, 1, ..., m named suits): ordered m-tuples of good sets}``."""
        key = (pattern, d, m)
        found = self._types.get(key)
        if found is not None:
            return found
        self.work.add(len(pattern) ** m * (1 if m < 3 else d))
        out = {}
        if m == 1:
            for a in pattern:
                held = a.bit_count()
                out[(d - held, held)] = out.get((d - held, held), 0) + 1
        elif m == 2:
            for a in pattern:
                for b in pattern:
                    both = (a & b).bit_count()
                    one = (a ^ b).bit_count()
                    types = (d - one - both, one, both)
                    out[types] = out.get(types, 0) + 1
        else:
            for chosen in _tuples(pattern, m):
                t = [0] * (m + 1)
                for r in range(d):
                    t[sum(subset >> r & 1 for subset in chosen)] += 1
                t = tuple(t)
                out[t] = out.get(t, 0) + 1
        self._types[key] = out
        return out

    def _spread(self, profile, m, types, suits=None):
        """Sum over the distinct arrangements of ``profile`` on ranks of which ``types[j]``
        are held by j named suits, of prod_r C(S - m, c_r - j)."""
        suits = self.split.suit_count if suits is None else suits
        key = (profile, m, types, suits)
        found = self._spreads.get(key)
        if found is not None:
            return found
        values = {}
        for count in profile:
            values[count] = values.get(count, 0) + 1
        states = {types: 1}
        for count, copies in values.items():
            self.work.add(len(states) * comb(copies + len(types) - 1, len(types) - 1) * len(types))
            grown = {}
            for caps, ways in states.items():
                for split in _compositions(copies, len(caps)):
                    weight = ways
                    for j, x in enumerate(split):
                        if x:
                            if x > caps[j]:
                                weight = 0
                                break
                            weight *= comb(caps[j], x) * (comb(suits - m, count - j) if count >= j else 0) ** x
                            if not weight:
                                break
                    if weight:
                        new = tuple(cap - x for cap, x in zip(caps, split))
                        grown[new] = grown.get(new, 0) + weight
            states = grown
        found = self._spreads[key] = sum(states.values())
        return found

    # -- plain cards ---------------------------------------------------------------------

    def _sequence_signature(self, mask: int, wilds: int):
        ext = self.split.extended(mask)
        out = []
        for spec in self.sequences:
            need = min(spec[0] - _popcount(ext & window) for window in self._windows[spec]) \
                if self._windows[spec] else INFINITE
            out.append(need <= wilds)
        return tuple(out)

    def _plain_table(self, k: int, wilds: int, size: int, needed):
        """``{(profile, sequence signature, suits present): [representative mask, hands, ge per
        needed suited level]}`` (suits present: None unless a rank reads distinct suits).

        ``ge`` for a suited level: how many of those hands have some suit that fills a suited
        rank at least that strong. The sets of ranks held are counted once per signature
        (``_signatures``); a profile's arrangements and suit deals follow from it. A flush
        level depends on the profile alone; a suited sequence on the ranks, summed over them
        by the good rank sets of the suits named (``_suited_sequences``). Split by the number
        of suits present (``_present``), each figure is counted within every set of i suits
        and the exact number follows by inclusion-exclusion.
        """
        key = (k, wilds, size, needed)
        found = self._plain_tables.get(key)
        if found is not None:
            return found
        split = self.split
        suits, ranks = split.suit_count, len(split.allowed)
        levels = self.suited_levels(wilds, size)
        implied = self._implied(wilds, size)
        if implied is None:
            if self.rainbow:
                raise Unsupported("distinct suits with a suited sequence that leaves a sequence open")
            found = self._plain_tables[key] = self._plain_table_by_positions(k, wilds, size, needed)
            return found
        signatures = self._signatures(wilds)
        table = {}
        for d in range(0, min(k, ranks) + 1):
            by_signature = signatures.get(d)
            if not by_signature:
                continue
            for profile in _partitions(k, d, suits):
                arrangements = _multinomial_arrangements(profile)
                # Per number of suits present: the suit deals, and per needed level those of them
                # where some suit fills it (a flush level), or that count of hands (a sequence).
                for present, ways, flushes, sequences in self._present(profile, wilds, size, needed, k):
                    self.work.add(len(by_signature) * (1 + len(needed)))
                    for signature, (masks, mask) in by_signature.items():
                        row = table.get((profile, signature, present))
                        if row is None:
                            row = table[(profile, signature, present)] = [mask, 0] + [0] * len(needed)
                        row[1] += masks * arrangements * ways
                        for i, level in enumerate(needed):
                            if levels[level][1] > k:
                                continue
                            if levels[level][2] is None:
                                row[2 + i] += masks * arrangements * flushes[i]
                            elif signature == implied:
                                row[2 + i] += sequences[i]
        self._plain_tables[key] = table
        return table

    def _present(self, profile, wilds: int, size: int, needed, k: int) -> list:
        """``[(suits present, suit deals, [flush deals], [suited-sequence hands])]`` for a
        profile: one entry (present None) unless a rank reads distinct suits.

        Within a set of i suits a figure F(i) is counted as for an i-suit deck; the deals
        using exactly a given set of j suits are sum_i (-1)^(j - i) C(j, i) F(i), times the
        C(S, j) sets of j suits.
        """
        suits = self.split.suit_count
        levels = self.suited_levels(wilds, size)

        def figures(within: int) -> tuple[int, list[int], list[int]]:
            deals = 1
            for count in profile:
                deals *= comb(within, count)
            flushes, sequences = [], []
            for level in needed:
                _, least, good = levels[level]
                if least > k or deals == 0:
                    flushes.append(0)
                    sequences.append(0)
                elif good is None:
                    flushes.append(deals - self._no_flush(profile, least, within))
                    sequences.append(0)
                else:
                    flushes.append(0)
                    sequences.append(self._suited_sequences(profile, wilds, size, level, k, within))
            return deals, flushes, sequences

        if not self.rainbow:
            return [(None,) + figures(suits)]
        within = [figures(i) for i in range(suits + 1)]
        out = []
        for present in range(max(profile, default=0), min(suits, k) + 1):
            exact = [0, [0] * len(needed), [0] * len(needed)]
            for i in range(present + 1):
                sign = comb(present, i) * (-1) ** (present - i)
                deals, flushes, sequences = within[i]
                exact[0] += sign * deals
                for j in range(len(needed)):
                    exact[1][j] += sign * flushes[j]
                    exact[2][j] += sign * sequences[j]
            if exact[0]:
                sets = comb(suits, present)
                out.append((present, sets * exact[0], [sets * x for x in exact[1]], [sets * x for x in exact[2]]))
        return out

    def _signatures(self, wilds: int) -> dict:
        """``{d: {sequence signature: [sets of d ranks with it, one of them]}}``."""
        found = self._signature_counts.get(wilds)
        if found is None:
            found = self._signature_counts[wilds] = {}
            for mask, signature in enumerate(self.signature_of(wilds)):
                row = found.setdefault(mask.bit_count(), {})
                entry = row.get(signature)
                if entry is None:
                    row[signature] = [1, mask]
                else:
                    entry[0] += 1
        return found

    def signature_of(self, wilds: int) -> list:
        """The sequence signature of every set of ranks, by mask."""
        found = self._signature_list.get(wilds)
        if found is None:
            self.work.add((1 << self.split.rank_count) * (1 + sum(map(len, self._windows.values()))) // 3)
            signature = self._sequence_signature
            found = self._signature_list[wilds] = [signature(mask, wilds)
                                                   for mask in range(1 << self.split.rank_count)]
        return found

    def _implied(self, wilds: int, size: int):
        """The sequence signature every hand with a suited sequence has (each of its suits' good
        rank sets also fills every unsuited sequence), or None when a good set leaves some
        unsuited sequence open (then the ranks are visited set by set)."""
        key = (wilds, size)
        if key not in self._implications:
            everything = tuple(True for _ in self.sequences)
            answer = everything
            for _, _, good in self.suited_levels(wilds, size):
                if good is not None and any(self._sequence_signature(mask, wilds) != everything
                                            for mask in self._minimal(good)):
                    answer = None
            self._implications[key] = answer
        return self._implications[key]

    def _minimal(self, good) -> list:
        found = self._minimal_sets.get(id(good))
        if found is None:
            self.work.add(len(good) * 2)
            found = self._minimal_sets[id(good)] = minimal_sets(good)
        return found

    def _suited_sequences(self, profile, wilds: int, size: int, level: int, k: int, suits=None) -> int:
        """Hands of rank multiplicities ``profile`` (on any ranks) where some suit's ranks are
        good for suited level ``level``: inclusion-exclusion over m suits named good.

        Named suits' exact rank sets (good ones) fix, for each rank, how many named suits
        hold it (j); the other suits take the rest: prod_r C(S - m, c_r - j). Summed over the
        m-tuples of good sets by their type u (ranks held by exactly j of them) times the
        sets of ranks containing them, C(R - |u|, d - |u|), and the arrangements of the
        profile on such ranks (``_spread``). ``suits``: only that many suits may be dealt.
        """
        split = self.split
        suits, ranks = split.suit_count if suits is None else suits, len(split.allowed)
        _, least, good = self.suited_levels(wilds, size)[level]
        d = len(profile)
        total, m = 0, 1
        while m <= suits and m * least <= k:
            ways = 0
            by_type = self._good_tuples(good, m, k)
            self.work.add(len(by_type))
            for u, tuples in by_type.items():
                spanned = sum(u)
                if spanned > d:
                    continue
                spread = self._spread(profile, m, (d - spanned,) + u, suits)
                if spread:
                    ways += tuples * comb(ranks - spanned, d - spanned) * spread
            total += (-1) ** (m + 1) * comb(suits, m) * ways
            m += 1
        return total

    def _good_tuples(self, good, m: int, most: int) -> dict:
        """``good_tuples`` of a suited level's table for ``most`` cards or more (tuples too big
        for a hand add nothing: ``_spread`` is then 0)."""
        key = (id(good), m)
        found = self._tuple_cache.get(key)
        if found is None or found[0] < most:
            split = self.split
            top = split.rank_count - 1
            order = [top] + list(range(top)) if split.ace_low else list(range(top + 1))
            found = self._tuple_cache[key] = (most, good_tuples(self._minimal(good), order, m, most, self.work))
        return found[1]

    def _plain_table_by_positions(self, k: int, wilds: int, size: int, needed):
        """``_plain_table`` set of ranks by set of ranks: for ladders whose suited sequences do
        not fill every unsuited sequence (at most two suits with a suited sequence at once)."""
        split = self.split
        suits, ranks = split.suit_count, split.rank_count
        levels = self.suited_levels(wilds, size)
        table = {}
        for d in range(0, min(k, ranks) + 1):
            profiles = list(_partitions(k, d, suits))
            if not profiles:
                continue
            for positions in combinations(split.allowed, d):
                self.work.add(len(profiles) * (1 + len(needed)))
                mask = 0
                for i in positions:
                    mask |= 1 << i
                signature = self._sequence_signature(mask, wilds)
                for profile in profiles:
                    arrangements = _multinomial_arrangements(profile)
                    suit_ways = 1
                    for count in profile:
                        suit_ways *= comb(suits, count)
                    row = table.get((profile, signature, None))
                    if row is None:
                        row = table[(profile, signature, None)] = [mask, 0] + [0] * len(needed)
                    row[1] += arrangements * suit_ways
                    for i, level in enumerate(needed):
                        strength, least, good = levels[level]
                        if least > k:
                            continue
                        if good is None:
                            row[2 + i] += arrangements * (suit_ways - self._no_flush(profile, least))
                        elif good[mask]:
                            row[2 + i] += self._window_total(positions, good, least, k, profile)
        return table

    # -- what the unsuited ranks read of the plain cards ------------------------------------

    def profile_key(self, profile: tuple[int, ...]) -> tuple:
        """The part of a profile (multiplicities, largest first) that decides an unsuited rank:
        as many of the largest as a pattern has groups, each capped at the largest group.

        A group pattern is filled by the ranks held most often (wilds make up the rest), a
        sequence reads the signature and the kickers only how many cards there are: two
        profiles with the same key and as many cards fill the same ranks
        (``test_odds_holding`` checks it class by class).
        """
        return tuple(min(count, self._group_cap) for count in profile[:self._group_count])

    def representative(self, key: tuple, signature: tuple, k: int, wilds: int,
                       present: int | None = None) -> tuple | None:
        """``(profile, mask)`` of some k plain cards with this profile key and signature (that
        can be dealt over exactly ``present`` suits, when given), or None."""
        cache_key = (key, signature, k, wilds, present)
        if cache_key not in self._representatives:
            found = None
            signatures = self._signatures(wilds)
            for d in range(min(k, len(self.split.allowed)) + 1):
                entry = signatures.get(d, {}).get(signature)
                if entry is None:
                    continue
                for profile in _partitions(k, d, self.split.suit_count):
                    if self.profile_key(profile) == key and (present is None or max(profile, default=0) <= present <= k):
                        found = (profile, entry[1])
                        break
                if found is not None:
                    break
            self._representatives[cache_key] = found
        return self._representatives[cache_key]

    def sequence_minimal(self, wilds: int) -> list:
        """For each unsuited sequence of the signature, the least sets of ranks (masks) that
        fill it with ``wilds`` wild cards."""
        found = self._sequence_sets.get(wilds)
        if found is None:
            by_mask = self.signature_of(wilds)
            found = self._sequence_sets[wilds] = [minimal_sets([signature[i] for signature in by_mask])
                                                  for i in range(len(self.sequences))]
        return found

    def representative_counts(self, key: tuple, signature: tuple, k: int, wilds: int, high: frozenset,
                              top: int, present: int | None = None, cap: int | None = None) -> tuple | None:
        """``((rank index, count), ...)``: k plain cards with this profile key and signature whose
        ranks in ``high`` are held at most ``top`` times (counts capped at ``cap``, by default as in
        the key), one of them exactly ``top`` times; or None. What a threshold on a top value
        reads (``count_failing``)."""
        cache_key = (key, signature, k, wilds, high, top, present, cap)
        if cache_key in self._representatives:
            return self._representatives[cache_key]
        cap, suits = self._group_cap if cap is None else cap, self.split.suit_count
        by_mask = self.signature_of(wilds)
        found = None
        for d in range(min(k, len(self.split.allowed)) + 1):
            profiles = [profile for profile in _partitions(k, d, suits) if self.profile_key(profile) == key
                        and (present is None or max(profile, default=0) <= present <= k)]
            if not profiles:
                continue
            for positions in combinations(self.split.allowed, d):
                self.work.add(1)
                mask = sum(1 << i for i in positions)
                if by_mask[mask] != signature:
                    continue
                tops = [i for i in positions if i in high]
                lows = [i for i in positions if i not in high]
                if bool(tops) != bool(top):
                    continue
                for profile in profiles:
                    above = [c for c in profile if min(c, cap) > top]
                    equal = [c for c in profile if min(c, cap) == top]
                    if len(above) > len(lows) or (top and not equal):
                        continue
                    rest = [c for c in profile if min(c, cap) <= top]
                    if top:
                        rest.remove(equal[0])
                        counts = [(tops[0], equal[0])]
                        places = tops[1:] + lows
                    else:
                        counts, places = [], lows
                    order = above + rest  # the larger counts to the ranks below ``high``
                    places = sorted(places, key=lambda i: i in high)
                    counts += list(zip(places, order))
                    found = tuple(sorted(counts))
                    break
                if found is not None:
                    break
            if found is not None:
                break
        self._representatives[cache_key] = found
        return found

    # -- trumps --------------------------------------------------------------------------

    def _trump_table(self, t: int, cap: int, n: int = 99):
        return self.trumps.table(t, cap, n)

    def _trump_tables(self, cap: int, n: int):
        return self.trumps.tables(cap, n)

    def trump_table_direct(self, t: int, cap: int) -> TrumpTable:
        return self.trumps.direct(t, cap)

    # -- classification ------------------------------------------------------------------

    def _classify(self, profile, mask, trumps, wa, wt, nd, present=None):
        """The unsuited strength of a representative: ``profile`` on the ranks of ``mask``
        (dealt over ``present`` suits in turn when a rank reads distinct suits), the trump
        numbers, wilds and dead cards."""
        key = (profile, mask, trumps, wa, wt, nd, present)
        found = self._classes.get(key)
        if found is not None:
            return found
        self.work.add(CLASSIFY)
        split, deck = self.split, self.deck
        cards = []
        positions = [i for i in range(split.rank_count) if mask >> i & 1]
        turn = 0
        for i, count in zip(positions, profile):
            value = split.values[i]
            if present is None:
                cards.extend(deck.plain(value, suit.code) for suit in split.suits[:count])
            else:  # consecutive suits, round the first ``present``: exactly that many appear
                cards.extend(deck.plain(value, split.suits[(turn + j) % present].code) for j in range(count))
                turn += count
        cards.extend(deck.trump(n) for n in trumps)
        cards.extend(split.wild_any[:wa] + self.virtual + split.wild_trump[:wt] + split.dead[:nd])
        strength = self.plain_ranking.best(cards, self.evaluation).rank.strength
        self._classes[key] = strength
        return strength

    # -- the whole count -----------------------------------------------------------------

    def _classes_of(self, n: int, floor=None, dead=None):
        """Every class of n-card hands: ``(hands, unsuited strength, ge, levels, needed)``.

        ``hands`` counts the hands of the class, ``ge[i]`` those of them reaching suited
        level ``levels[needed[i]]``. With ``floor`` only the lowest suited level at least
        that strong is counted (enough to tell hands below ``floor`` from the others); with
        ``dead`` only the hands holding exactly that many dead cards.
        """
        split, extra = self.split, self.extra
        size = min(HAND_SIZE, n + extra)
        wilds_total = len(split.wild_any) + len(split.wild_trump) + extra
        cap = min(wilds_total, n + extra) + 1
        for wa in range(min(len(split.wild_any), n) + 1):
            levels = self.suited_levels(wa + extra, size)
            if floor is None:
                needed = tuple(range(len(levels)))
            else:
                needed = tuple(i for i, level in enumerate(levels) if level[0] >= floor)[:1]
            for wt in range(min(len(split.wild_trump), n - wa) + 1):
                for nd in range(min(len(split.dead), n - wa - wt) + 1):
                    if dead is not None and nd != dead:
                        continue
                    outer = comb(len(split.wild_any), wa) * comb(len(split.wild_trump), wt) * comb(len(split.dead), nd)
                    for t in range(min(len(split.naturals), n - wa - wt - nd) + 1):
                        k = n - wa - wt - nd - t
                        if k > len(split.allowed) * split.suit_count:
                            continue
                        trumps = self._trump_tables(cap, n).get(t, {})
                        plain = self._plain_table(k, wa + extra, size, needed)
                        self.work.add(len(plain) * len(trumps) * (1 + len(needed)))
                        for (profile, _, present), row in plain.items():
                            mask, hands, ge = row[0], row[1], row[2:]
                            for trump_count, held in trumps.values():
                                strength = self._classify(profile, mask, held, wa, wt, nd, present)
                                weight = outer * trump_count
                                yield weight * hands, strength, [weight * g for g in ge], levels, needed

    def count(self, n: int, dead: int | None = None) -> dict[int, int]:
        """``{rank strength: number of n-card hands whose best hand has that rank}``
        (with ``dead``: of the hands holding exactly that many dead cards)."""
        out = {rank.strength: 0 for rank in self.ruleset.ranking.ranks}
        for hands, strength, ge, levels, needed in self._classes_of(n, dead=dead):
            tally(out, hands, strength, ge, levels, needed)
        return out

    def count_below(self, n: int, strength: int, dead: int | None = None) -> int:
        """How many n-card hands are weaker than the rank of ``strength`` (a cheaper count)."""
        below = 0
        for hands, unsuited, ge, levels, needed in self._classes_of(n, floor=strength, dead=dead):
            if unsuited < strength:
                below += hands - (ge[0] if needed else 0)
        return below

    # -- thresholds that split a rank by its top value ("pair of jacks") ------------------

    def count_failing(self, n: int, threshold: tuple[HandRank, int]) -> int:
        """How many n-card hands miss ``threshold`` = (rank, least value), e.g. pair of jacks.

        With a least value the hands of that very rank split by their first tie-break value.
        For ranks tie-broken first by their groups or their top card, that value depends on
        the multiplicities of the ranks from ``least`` up (and on the profile, windows,
        trumps and wilds), so the classes are refined by those multiplicities and each is
        classified on a representative, whose primary value decides.
        """
        rank, least = threshold
        weakest = min(r.strength for r in self.ruleset.ranking.ranks)
        below = self.count_below(n, rank.strength) if rank.strength > weakest else 0
        if not least:
            return below
        self.check_refinable(rank)
        if self.rainbow:
            raise Unsupported("a threshold on a top value with distinct suits (a hand in progress counts it)")
        split, extra = self.split, self.extra
        size = min(HAND_SIZE, n + extra)
        high = [i for i in split.allowed if split.values[i] >= least]
        wilds_total = len(split.wild_any) + len(split.wild_trump) + extra
        cap = min(wilds_total, n + extra) + 1
        short = 0
        for wa in range(min(len(split.wild_any), n) + 1):
            levels = self.suited_levels(wa + extra, size)
            above = [level for level in levels if level[0] >= rank.strength][:1]
            if above and above[0][2] is not None:
                raise Unsupported("a suited sequence ranks just above the threshold")
            f = above[0][1] if above else INFINITE
            needed = tuple(i for i, level in enumerate(levels) if level[0] >= rank.strength)[:1]  # as count_below
            by_k = {}
            for wt in range(min(len(split.wild_trump), n - wa) + 1):
                for nd in range(min(len(split.dead), n - wa - wt) + 1):
                    outer = comb(len(split.wild_any), wa) * comb(len(split.wild_trump), wt) * comb(len(split.dead), nd)
                    for t in range(min(len(split.naturals), n - wa - wt - nd) + 1):
                        k = n - wa - wt - nd - t
                        if k <= len(split.allowed) * split.suit_count:
                            by_k.setdefault(k, []).append((wt, nd, outer, self._trump_tables(cap, n).get(t, {})))
            for k, combos in by_k.items():
                # Only the classes whose rank is the threshold's need refining by top values.
                at_rank = set()
                for (profile, signature, _), row in self._plain_table(k, wa + extra, size, needed).items():
                    if any(self._classify(profile, row[0], held, wa, wt, nd) == rank.strength
                           for wt, nd, _, trumps in combos for _, held in trumps.values()):
                        at_rank.add((profile, signature))
                if not at_rank:
                    continue
                refined = self._refined_table(k, wa + extra, f, tuple(high), frozenset(at_rank))
                self.work.add(len(refined) * sum(len(trumps) for _, _, _, trumps in combos))
                for rep, hands in refined.values():
                    for wt, nd, outer, trumps in combos:
                        for trump_count, held in trumps.values():
                            strength, primary = self.classify_counts(rep, held, wa, wt, nd)
                            if strength == rank.strength and primary < least:
                                short += outer * trump_count * hands
        return below + short

    def check_refinable(self, rank: HandRank) -> None:
        """Raise ``Unsupported`` unless ``rank``'s first tie-break value follows from the
        multiplicities of the ranks (a suited rank's follows from its suits)."""
        if rank in self.suited or rank.tiebreak[:1] not in (("groups",), ("group",), ("group_cards",), ("group_card",),
                                                            ("cards",), ("high",)):
            raise Unsupported(f"{rank.name}: a threshold on its top value cannot be counted")

    def _refined_table(self, k, wilds, f, high, classes):
        """``{(profile, signature, high multiplicities): [representative counts, hands with no
        suit reaching f cards]}`` for the (profile, signature) ``classes`` only."""
        key = (k, wilds, f, high, classes)
        found = self._refined.get(key)
        if found is not None:
            return found
        split = self.split
        suits, ranks = split.suit_count, len(split.allowed)
        high_set = set(high)
        wanted = {profile for profile, _ in classes}
        table = {}
        for d in range(0, min(k, ranks) + 1):
            profiles = [profile for profile in _partitions(k, d, suits) if profile in wanted]
            if not profiles:
                continue
            for positions in combinations(split.allowed, d):
                self.work.add(1 + len(profiles) * (1 + len(positions)))
                mask = 0
                for i in positions:
                    mask |= 1 << i
                signature = self._sequence_signature(mask, wilds)
                top = [i for i in positions if i in high_set]
                low = [i for i in positions if i not in high_set]
                for profile in profiles:
                    if (profile, signature) not in classes:
                        continue
                    suit_ways = 1
                    for count in profile:
                        suit_ways *= comb(suits, count)
                    plain = self._no_flush(profile, f) if f <= k else suit_ways
                    if not plain:
                        continue
                    for head, rest in _sub_arrangements(profile, len(top)):
                        counts = dict(zip(top, head))
                        row_key = (profile, signature, tuple(counts.get(i, 0) for i in high))
                        ways = _multinomial_arrangements(rest) * plain
                        row = table.get(row_key)
                        if row is None:
                            counts.update(zip(low, rest))
                            table[row_key] = [tuple(sorted(counts.items())), ways]
                        else:
                            row[1] += ways
        self._refined[key] = table
        return table

    def classify_counts(self, counts: tuple, trumps: tuple, wa: int, wt: int, nd: int,
                        present: int | None = None) -> tuple:
        """``(unsuited strength, primary value)`` of a representative with explicit multiplicities
        (dealt over ``present`` suits in turn, as ``_classify``)."""
        key = (counts, trumps, wa, wt, nd, present)
        found = self._classes.get(key)
        if found is None:
            self.work.add(CLASSIFY)
            split, deck = self.split, self.deck
            cards = []
            turn = 0
            for i, count in counts:
                if present is None:
                    cards.extend(deck.plain(split.values[i], suit.code) for suit in split.suits[:count])
                else:
                    cards.extend(deck.plain(split.values[i], split.suits[(turn + j) % present].code)
                                 for j in range(count))
                    turn += count
            cards.extend(deck.trump(number) for number in trumps)
            cards.extend(split.wild_any[:wa] + self.virtual + split.wild_trump[:wt] + split.dead[:nd])
            hand = self.plain_ranking.best(cards, self.evaluation)
            found = self._classes[key] = (hand.rank.strength, hand.primary)
        return found
