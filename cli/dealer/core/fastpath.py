"""The hand evaluator's fast path: compiled matchers for piles of plain cards.

A pile without wild cards or trumps (most hands of a standard deck) needs none of the
generic engine's search: each hand rank's pattern compiles into a small function over the
pile's rank counts, rank bit masks and suits. ``fast_key`` runs them strongest first and
returns the same key the generic engine would (a test holds the two to that), or None
where the generic engine must decide.
"""

from __future__ import annotations

from dealer.core.cards import PLAIN, TRUMP
from dealer.core.ranks import HAND_SIZE

GENERIC = object()  # a matcher's answer: let the generic engine decide


def never(*_):
    return None


def fast_key(ranks, matchers, cards, context):
    """``(rank, key)`` by the fast matchers, or None where the generic engine must decide."""
    wild = context.wild
    counts = {}
    suits = {}
    values = []
    dead = 0
    for card in cards:
        if wild and card in wild:
            return None
        if card.kind is not PLAIN:
            if card.kind is TRUMP:
                return None
            dead += 1
            continue
        value = card.value
        values.append(value)
        counts[value] = counts.get(value, 0) + 1
        found = suits.get(card.suit)
        if found is None:
            suits[card.suit] = [value]
        else:
            found.append(value)
    count = len(cards)
    size = HAND_SIZE if count > HAND_SIZE else count
    values.sort(reverse=True)
    shape = sorted(counts.values(), reverse=True)
    for rank, fast in zip(ranks, matchers):
        if fast is None:
            return None
        key = fast(counts, suits, values, shape, size, dead)
        if key is not None:
            return None if key is GENERIC else (rank, key)
    return None


def window_masks(deck, length, top):
    """Bit masks of every run of ``length`` rank values, highest first (ace low = bit low-1)."""
    low = deck.low_rank - 1 if deck.ace_low else deck.low_rank
    masks = []
    for high in range(deck.top_rank, low + length - 2, -1):
        if top and high != top:
            continue
        masks.append((high, sum(1 << v for v in range(high - length + 1, high + 1))))
    return masks


def compile_rank(rank, deck, windows):
    """A matcher for piles of plain cards and dead cards only, or None to always go generic.

    It returns the hand key, None when the pattern cannot be filled, or ``GENERIC``
    when the generic engine must choose. Its keys equal the generic engine's.
    """
    pattern, steps, strength = rank.pattern, rank.tiebreak, rank.strength
    if "suit" in steps or "group_cards" in steps or "group_card" in steps:
        return None  # suits decide: the generic engine (for now)
    if pattern.trump_run or pattern.trumps:
        return never
    core, rest = pattern.core_size, pattern.rest

    def finish(groups, sequence, core_values, kickers):
        out = []
        for step in steps:
            if step == "groups":
                out.append(groups)
            elif step == "group":
                out.append(groups[:1])
            elif step == "sequence":
                out.append((sequence,))
            elif step in ("run", "trump"):
                out.append((0,))
            elif step == "cards":
                out.append(tuple(sorted(core_values + kickers, reverse=True)))
            elif step == "kickers":
                out.append(tuple(kickers))
            elif step == "high":
                out.append((max(core_values + kickers),))
        return (strength, tuple(out), 0)

    def kickers_from(values, skip, free, dead):
        kick = []
        if free:
            for value in values:
                left = skip.get(value)
                if left:
                    skip[value] = left - 1
                    continue
                kick.append(value)
                if len(kick) == free:
                    break
            if rest == "any" and len(kick) < free:
                kick.extend([0] * min(dead, free - len(kick)))
            if len(kick) < free:
                return None
        return kick

    if pattern.groups:
        sizes = pattern.groups
        if not (steps[:1] == ("groups",) or (steps[:1] == ("group",) and len(sizes) == 1)):
            return None
        core_template = [(i, g) for i, g in enumerate(sizes)]

        def fast_groups(counts, suits, values, shape, size, dead):
            if core > size or len(shape) < len(sizes):
                return None
            for i, g in core_template:
                if shape[i] < g:
                    return None
            used = []
            for g in sizes:
                best = 0
                for value, n in counts.items():
                    if n >= g and value > best and value not in used:
                        best = value
                used.append(best)
            if rest == "trump" and size > core:
                return None
            kick = kickers_from(values, dict(zip(used, sizes)), size - core, dead)
            if kick is None:
                return None
            return finish(tuple(used), 0, [v for v, g in zip(used, sizes) for _ in range(g)], kick)

        return fast_groups

    if pattern.sequence:
        length, suited = pattern.sequence, pattern.suited
        windows = windows(length, pattern.top)
        top_rank, ace_bit = deck.top_rank, (1 << (deck.low_rank - 1)) if deck.ace_low else 0

        def best_window(held):
            mask = 0
            for value in held:
                mask |= 1 << value
            if ace_bit and top_rank in held:
                mask |= ace_bit
            for high, window in windows:
                if mask & window == window:
                    return high
            return None

        def fast_sequence(counts, suits, values, shape, size, dead):
            if length > size or len(counts) < length:
                return None
            if length < size:
                return GENERIC
            if not suited:
                high = best_window(counts)
                return None if high is None else finish((), high, list(range(high, high - length, -1)), [])
            best = None
            for held in suits.values():
                if len(held) >= length:
                    high = best_window(held)
                    if high is not None:
                        key = finish((), high, list(range(high, high - length, -1)), [])
                        if best is None or key > best:
                            best = key
            return best

        return fast_sequence

    if pattern.flush:
        length = pattern.flush

        def fast_flush(counts, suits, values, shape, size, dead):
            if length > size:
                return None
            best = None
            for held in suits.values():
                if len(held) >= length:
                    if length < size:
                        return GENERIC
                    key = finish((), 0, sorted(held, reverse=True)[:length], [])
                    if best is None or key > best:
                        best = key
            return best

        return fast_flush

    if pattern.distinct_suits:
        needed = pattern.distinct_suits

        def fast_rainbow(counts, suits, values, shape, size, dead):
            return None if needed > size or len(suits) < needed else GENERIC

        return fast_rainbow

    def fast_rest_only(counts, suits, values, shape, size, dead):
        if rest == "trump":
            return None
        kick = kickers_from(values, {}, size, dead)
        return None if kick is None else finish((), 0, [], kick)

    return fast_rest_only
