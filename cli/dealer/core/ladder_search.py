"""The generic engine's search (``Ranking._match`` and ``_fill_and_key``) on small ints, for the
ladder path (``dealer.core.ladder``): the ranks its shortcuts do not take, filled as the
engine fills them.

A pile is ``(each plain rank's suit strengths, each suit's ranks, the trump numbers, the
any-wilds' and the trump-wilds' penalties, dead cards, hand size, natural-beats-wild, the
cards, the suit strengths, the context, a cache)``; a played slot is ``(value played, what
it counts as: plain/trump/nothing, suit strength, wild?, penalty)``. The candidates are the
engine's, in the engine's order; only those that cannot beat the best so far are skipped.
"""

from __future__ import annotations

from dealer.core.cards import PLAIN
from dealer.core.grouping import group_values

_TRUMP_BASE = 100  # cards.TRUMP_ORDER_BASE: a trump's order is this plus its number
_SLOT_TRUMP, _SLOT_PLAIN = 2, 1  # what a played card counts as (0: nothing, a dead card)


class EngineSearch:
    """The engine's search for ``LadderPath`` (which holds the deck's facts: ``strengths``,
    ``top``, ``low``, ``ace_low``, ``trump_count``, ``run_min``, ``top_plain``, ``windows``,
    ``runs``, ``_steps`` and ``_bits``)."""

    def _pile(self, cards, masks, trumps, any_wilds, trump_wilds, dead, size, context):
        """What the candidates read: each plain rank's suit strengths (highest rank first, each
        rank's suits in deck order), and the rest.

        The engine keeps the pile's order; it only shows where two plain cards of one rank
        tie for the last kicker and a "suit" step reads the top card (``_fill`` then asks
        for the pile's order: ``ordered``)."""
        values = {}
        bits = self._bits
        for strength, mask in zip(self.strengths, masks):
            found = bits.get(mask)
            if found is None:
                found = bits[mask] = tuple(v for v in range(mask.bit_length() - 1, -1, -1) if mask >> v & 1)
            for value in found:
                held = values.get(value)
                if held is None:
                    values[value] = [strength]
                else:
                    held.append(strength)
        return (values, masks, trumps, any_wilds, trump_wilds, dead, size, context.natural_beats_wild, cards,
                self.strengths, context, {})

    # -- one rank, as Ranking._match ---------------------------------------------------------

    def _match(self, rank, pile):
        """The best key of ``rank`` over the engine's candidates, skipping only candidates that
        cannot beat the best so far: the groups come highest first, so under a tie-break led
        by the first group's rank a lower first group loses; the runs of one plain part come
        highest first, so under a tie-break led by the run only the first that fills counts."""
        pattern = rank.pattern
        first = rank.tiebreak[:1]
        by_group = pattern.groups and first in (("group",), ("group_card",))
        by_run = pattern.trump_run and first == ("run",)
        best = None
        for core, used, any_used, groups, sequence in self._plain_parts(pattern, pile, first):
            if by_group and best is not None and groups[0] < best[1][0][0]:
                break
            for full, trump_used, taken, wild_t, wild_a, run in self._trump_parts(pattern, pile, core, any_used):
                key = self._fill(rank, pile, full, used, trump_used, taken, wild_t, wild_a, groups, sequence, run)
                if key is not None:
                    if best is None or key > best:
                        best = key
                    if by_run:
                        break
        return best

    def _plain_parts(self, pattern, pile, first):
        if pattern.groups:
            return self._groups(pattern.groups, pile, first in (("groups",), ("group_cards",)))
        if pattern.sequence:
            return self._sequences(pattern, pile, first in (("sequence",), ("cards",), ("high",)))
        if pattern.flush:
            return self._flushes(pattern.flush, pile)
        return (([], (), 0, (), 0),)

    def _trump_parts(self, pattern, pile, core, any_used):
        if pattern.trump_run:
            return self._trump_runs(pattern.trump_run, pile, core, any_used)
        if pattern.trumps:
            return self._chaotic(pattern.trumps, pattern.no_run, pile, core, any_used)
        return ((core, 0, 0, 0, any_used, 0),)

    # Slots: (value played, what it counts as: plain/trump/nothing, suit strength, wild?, penalty).

    def _groups(self, sizes, pile, first_only):
        values, any_wilds, strengths = pile[0], pile[3], pile[9]
        n_any = len(any_wilds)
        if first_only and not n_any:  # the highest rank held often enough, group by group
            core, used, chosen = [], [], []
            for size in sizes:
                best = max((value for value, held in values.items() if len(held) >= size and value not in chosen),
                           default=None)
                if best is None:
                    return
                chosen.append(best)
                for strength in sorted(values[best], reverse=True)[:size]:
                    core.append((best, _SLOT_PLAIN, strength, False, 0))
                    used.append((best, strength))
            yield core, used, 0, tuple(chosen), 0
            return
        for chosen in group_values(sizes, values, n_any, self.top, self.low):
            core, used, wild = [], [], 0
            for size, value in zip(sizes, chosen):
                naturals = sorted(values.get(value, ()), reverse=True)[:size]
                for strength in naturals:
                    core.append((value, _SLOT_PLAIN, strength, False, 0))
                    used.append((value, strength))
                free = [s for s in strengths if s not in naturals]
                for j in range(size - len(naturals)):
                    core.append((value, _SLOT_PLAIN, free[j] if j < len(free) else strengths[0], True,
                                 any_wilds[wild]))
                    wild += 1
            yield core, used, wild, chosen, 0
            if first_only:
                return

    def _sequences(self, pattern, pile, first_only):
        values, masks, any_wilds, strengths = pile[0], pile[1], pile[3], pile[9]
        length, n_any = pattern.sequence, len(any_wilds)
        top, low = self.top, self.low
        if pattern.suited:
            suits = [(strength, mask, None) for mask, strength in zip(masks, strengths)
                     if mask.bit_count() + n_any >= length]
        else:
            mask, best = 0, {}
            for value, held in values.items():
                mask |= 1 << value
                best[value] = max(held)
            suits = [(None, mask, best)]
        if self.ace_low:
            suits = [(strength, mask | (1 << (low - 1)) if mask >> top & 1 else mask, best)
                     for strength, mask, best in suits]
        best_top = None
        for high, window in self.windows(length, pattern.top):
            if best_top is not None and high < best_top:
                return
            for strength, mask, best in suits:
                if length - (mask & window).bit_count() > n_any:
                    continue
                core, used, wild = [], [], 0
                for value in range(high, high - length, -1):
                    if mask >> value & 1:
                        real = top if value == low - 1 else value
                        suit = strength if best is None else best[real]
                        core.append((value, _SLOT_PLAIN, suit, False, 0))
                        used.append((real, suit))
                    else:
                        core.append((value, _SLOT_PLAIN, strengths[0] if strength is None else strength, True,
                                     any_wilds[wild]))
                        wild += 1
                if first_only:
                    best_top = high
                yield core, used, wild, (), high

    def _flushes(self, length, pile):
        masks, any_wilds, strengths = pile[1], pile[3], pile[9]
        n_any = len(any_wilds)
        for mask, strength in zip(masks, strengths):
            if mask.bit_count() + n_any < length:
                continue
            core, used, wild = [], [], 0
            for value in range(self.top, self.low - 1, -1):
                if len(core) == length:
                    break
                if mask >> value & 1:  # a wild takes the highest card of the suit that is missing
                    core.append((value, _SLOT_PLAIN, strength, False, 0))
                    used.append((value, strength))
                elif wild < n_any:
                    core.append((value, _SLOT_PLAIN, strength, True, any_wilds[wild]))
                    wild += 1
            if len(core) == length:
                yield core, used, wild, (), 0

    def _trump_wilds(self, pile, any_used):
        """Wilds still free that can stand for a trump, restricted ones first: (restricted?, penalty)."""
        return [(True, penalty) for penalty in pile[4]] + [(False, penalty) for penalty in pile[3][any_used:]]

    def _extend(self, core, numbers, trumps, wilds):
        full = list(core)
        used = taken = wild_t = wild_a = i = 0
        for number in numbers:
            if trumps >> number & 1:
                full.append((_TRUMP_BASE + number, _SLOT_TRUMP, 0, False, 0))
                used |= 1 << number
            else:
                restricted, penalty = wilds[i]
                i += 1
                wild_t += restricted
                wild_a += not restricted
                full.append((_TRUMP_BASE + number, _SLOT_TRUMP, 0, True, penalty))
                taken |= 1 << number
        return full, used, taken, wild_t, wild_a

    def _trump_runs(self, length, pile, core, any_used):
        trumps = pile[2]
        wilds = self._trump_wilds(pile, any_used)
        found = pile[11].get(length)
        if found is None:  # the runs and how many trumps each holds, once per pile
            found = pile[11][length] = [(high, length - (trumps & window).bit_count())
                                        for high, window in self.runs(length)]
        spare = len(wilds)
        for high, missing in found:
            if missing <= spare:
                full, used, taken, wild_t, wild_a = self._extend(core, range(high, high - length, -1), trumps, wilds)
                yield full, used, taken, wild_t, any_used + wild_a, high

    def _chaotic(self, count, no_run, pile, core, any_used):
        """Trumps by count (with ``no_run``, forming no run): the highest choice per wild budget,
        as the engine's search finds it (numbers from the top, each held or paid by a wild,
        backtracking when the choice cannot be completed)."""
        trumps = pile[2]
        wilds = self._trump_wilds(pile, any_used)
        run_min = self.run_min if no_run else 0
        top = self.trump_count
        for budget in range(len(wilds) + 1):
            chosen = []

            def search(number: int, spare: int, taken: int) -> bool:
                # ``number``: the highest still allowed; ``taken``: a mask of the numbers chosen.
                while number >= 1:
                    if len(chosen) + number < count:
                        return False
                    if not spare:  # only held numbers can be chosen: go to the next one down
                        below = trumps & ((2 << number) - 1)
                        if not below:
                            return False
                        number = below.bit_length() - 1
                        if len(chosen) + number < count:
                            return False
                    natural = trumps >> number & 1
                    if natural or spare:
                        length = 1
                        while taken >> (number + length) & 1:
                            length += 1
                        if not run_min or length < run_min:
                            chosen.append(number)
                            if len(chosen) == count or search(number - 1, spare - (not natural),
                                                              taken | 1 << number):
                                return True
                            chosen.pop()
                    number -= 1
                return False

            if count <= 0 or search(top, budget, 0):
                full, used, taken, wild_t, wild_a = self._extend(core, chosen, trumps, wilds)
                yield full, used, taken, wild_t, any_used + wild_a, 0

    # -- the other cards and the key, as Ranking._fill_and_key ----------------------------------

    def _fill(self, rank, pile, slots, used, trump_used, taken, wild_t, wild_a, groups, sequence, run):
        values, trumps, any_wilds, trump_wilds, dead, size, natural = \
            pile[0], pile[2], pile[3], pile[4], pile[5], pile[6], pile[7]
        pattern = rank.pattern
        steps = self._steps[rank.strength]
        core = len(slots)
        free = size - core
        if free:
            rest = pattern.rest
            # Kickers by value, the lower penalty first at equal value (a stable sort in the
            # engine): trump values (100 and up) come before every plain value, and trump
            # numbers are distinct, so those need no tie rule.
            high = []
            if rest != "plain":
                left = trumps & ~trump_used
                while left:
                    number = left.bit_length() - 1
                    left ^= 1 << number
                    high.append((_TRUMP_BASE + number, 0, _SLOT_TRUMP, 0, False))
            low = []
            if wild_t < len(trump_wilds) or wild_a < len(any_wilds):
                for item in self._spare_wilds(rest, trumps, taken, trump_wilds[wild_t:], any_wilds[wild_a:]):
                    (high if item[2] == _SLOT_TRUMP else low).append(item)
            if len(high) >= free:
                if len(high) > 1:
                    high.sort(reverse=True)
                chosen = high[:free]
            else:
                if len(high) > 1:
                    high.sort(reverse=True)
                if rest != "trump":
                    if 10 in steps:  # a "suit" step reads the top card: ties in the pile's order
                        pairs = self._plain_in_order(pile)
                    else:
                        pairs = [(value, strength) for value, held in values.items() for strength in held]
                    low = [(value, 0, _SLOT_PLAIN, strength, False) for value, strength in pairs
                           if (value, strength) not in used] + low
                if rest == "any" and dead:
                    low.extend([(0, 0, 0, 0, False)] * dead)
                if len(high) + len(low) < free:
                    return None
                if free - len(high) == 1:  # the first of the highest, lowest penalty (a stable sort)
                    pick = low[0]
                    for item in low:
                        if item[0] > pick[0] or (item[0] == pick[0] and item[1] < pick[1]):
                            pick = item
                    chosen = high + [pick]
                else:
                    low.sort(key=_spare_order)
                    chosen = high + low[:free - len(high)]
            slots = slots + [(value, kind, strength, wild, penalty) for value, penalty, kind, strength, wild in chosen]
        out = []
        for step in steps:
            if step == 0:
                out.append(groups)
            elif step == 1:
                out.append(groups[:1])
            elif step <= 3:  # each group's rank, then the suit of its strongest natural card (0: all wild)
                flat, start = [], 0
                for value, size_of in zip(groups[:len(pattern.groups) if step == 2 else 1], pattern.groups):
                    best = 0
                    for slot in slots[start:start + size_of]:
                        if not slot[3] and slot[2] > best:
                            best = slot[2]
                    flat.append(value)
                    flat.append(best)
                    start += size_of
                out.append(tuple(flat))
            elif step == 4:
                out.append((sequence,))
            elif step == 5:
                out.append((run,))
            elif step == 6:
                out.append(tuple(sorted((slot[0] for slot in slots), reverse=True)))
            elif step == 7:
                out.append(tuple(sorted((slot[0] for slot in slots[core:]), reverse=True)))
            elif step == 8:
                out.append((max(slot[0] for slot in slots),))
            elif step == 9:
                out.append((max((slot[0] - _TRUMP_BASE for slot in slots if slot[1] == _SLOT_TRUMP), default=0),))
            elif step == 10:  # the suit of the highest card played, when it is a plain card
                high = max(slot[0] for slot in slots)
                out.append((max((slot[2] for slot in slots if slot[0] == high and slot[1] == _SLOT_PLAIN),
                                default=0),))
        if natural:
            penalty = 0
            for slot in slots:
                if slot[3]:
                    penalty += slot[4]
            return (rank.strength, tuple(out), -penalty)
        return (rank.strength, tuple(out), 0)

    def _spare_wilds(self, rest, trumps, taken, trump_wilds, any_wilds) -> list:
        """Spare wilds, restricted ones first, each the best card it may be: the highest trump
        neither held nor stood for, or (fully wild) the top plain card; else nothing (only
        where any card may be played)."""
        out = []
        for wilds, is_any in ((trump_wilds, False), (any_wilds, True)):
            for penalty in wilds:
                stand = None
                if rest != "plain":
                    for number in range(self.trump_count, 0, -1):
                        if not (trumps | taken) >> number & 1:
                            stand = (_TRUMP_BASE + number, _SLOT_TRUMP, 0)
                            taken |= 1 << number
                            break
                if stand is None and is_any and rest != "trump" and self.top_plain is not None:
                    stand = (self.top_plain[0], _SLOT_PLAIN, self.top_plain[1])
                if stand is None:
                    if rest == "any":
                        out.append((0, 0, 0, 0, False))
                    continue
                out.append((stand[0], penalty, stand[1], stand[2], True))
        return out

    @staticmethod
    def _plain_in_order(pile) -> list:
        """The plain naturals as ``(value, suit strength)``, ranks in order of first appearance."""
        cards, context = pile[8], pile[10]
        wild = context.wild
        order = {}
        for card in cards:
            if card.kind == PLAIN and not (wild and card in wild):
                order.setdefault(card.value, []).append(card.suit.strength)
        return [(value, strength) for value, held in order.items() for strength in held]


def _spare_order(item):
    return -item[0], item[1]
