"""Trump signatures: how many wild cards each trump pattern of a ranking needs, per set of trumps.

Trump patterns (a run of consecutive trumps, a count of trumps with no run) see the trumps
held only through the wilds they would need. Sets of trumps with the same needs form one
class; ``TrumpSignatures.tables`` finds the classes and their sizes in one pass over the
trump numbers, ``direct`` set by set (the reference it is tested against).
"""

from __future__ import annotations

from itertools import combinations

from typing import TYPE_CHECKING
if TYPE_CHECKING:
    from collections.abc import Iterable

    TrumpTable = dict[tuple[int, ...], list]  # signature -> [count of trump sets, a representative set]

INFINITE = 99


def _popcount(mask: int) -> int:
    return mask.bit_count()


class TrumpSignatures:
    """The trump classes of one deck split (``counting._Deck``) and the ranking's trump patterns.

    ``specs`` are ``("run", length, False)`` or ``("count", number, no_run)``; ``work`` (a
    ``work.Work``, optional) is told the steps of ``tables``.
    """

    def __init__(self, split, specs, run_min: int, work=None):
        self.work = work
        self.split = split
        self.trump_specs = specs
        self.run_min = run_min
        self._trump_cache = {}

    def need(self, held: frozenset[int], spec: tuple[str, int, bool], cap: int) -> int:
        """Least wilds that let ``held`` fill one trump pattern (capped at ``cap``), set by set."""
        kind, length, no_run = spec
        top = self.split.trump_count
        if kind == "run":
            best = INFINITE
            for high in range(top, length - 1, -1):
                missing = sum(1 for n in range(high - length + 1, high + 1) if n not in held)
                if missing < best:
                    best = missing
            return min(best, cap)
        if not no_run:
            return min(max(0, length - len(held)), cap) if top >= length else cap
        # Choose ``length`` distinct numbers with no run of run_min; a number not held costs a wild.
        run_min = self.run_min
        states = {(0, 0): 0}  # (current run, chosen) -> least wilds
        for number in range(1, top + 1):
            cost = 0 if number in held else 1
            grown = {}
            for (run, chosen), wild in states.items():
                skip = (0, chosen)
                if grown.get(skip, INFINITE) > wild:
                    grown[skip] = wild
                if chosen < length and run + 1 < run_min and wild + cost < cap:
                    take = (run + 1, chosen + 1)
                    if grown.get(take, INFINITE) > wild + cost:
                        grown[take] = wild + cost
            states = grown
        return min((w for (run, chosen), w in states.items() if chosen == length), default=cap)

    def table(self, t: int, cap: int, n: int = 99) -> TrumpTable:
        """``{signature: [count of trump sets, representative set]}`` for ``t`` natural trumps.

        One pass over the trump numbers for all sets at once: each partial set is reduced to
        what the trump patterns can still see (how many are held, the last few numbers, the
        wilds each run needs so far, and a small table for runless counts), and equal
        states merge. ``trump_table_direct`` is the one-set-at-a-time reference.
        """
        return self.tables(cap, n).get(t, {})

    def tables(self, cap: int, n: int, held: Iterable[int] = (),
               available: Iterable[int] | None = None) -> dict[int, TrumpTable]:
        """``{t: {signature: [count, representative]}}`` for every number ``t`` of trumps up to
        n drawn from ``available`` (default: every natural trump) beside the ``held`` ones
        (the representative lists the held numbers too)."""
        kept = frozenset(held)
        naturals = set(self.split.naturals if available is None else available)
        cache_key = (cap, n, kept, frozenset(naturals))
        found = self._trump_cache.get(cache_key)
        if found is not None:
            return found
        split = self.split
        top = split.trump_count
        most = len(kept) + min(len(naturals), n)
        runs = [spec[1] for spec in self.trump_specs if spec[0] == "run"]
        runless = [spec[1] for spec in self.trump_specs if spec[0] == "count" and spec[2]]
        longest = max(runs, default=1)
        tail_mask = (1 << max(longest - 1, 0)) - 1
        run_min = self.run_min
        chosen_max = max(runless, default=0)
        width = chosen_max + 1
        start_table = [INFINITE] * (run_min * width)
        start_table[0] = 0
        # state -> [count, representative numbers]
        states = {(0, 0, (cap,) * len(runs), tuple(start_table)): [1, ()]}
        for number in range(1, top + 1):
            if self.work is not None:
                self.work.add(len(states) * (2 + len(start_table) * bool(runless)))
            grown = {}
            for (held, tail, needs, table), (ways, rep) in states.items():
                for bit in (0, 1):
                    if number in kept:
                        if not bit:
                            continue
                    elif bit and (number not in naturals or held >= most):
                        continue
                    window = tail << 1 | bit
                    new_needs = needs
                    if runs:
                        new_needs = tuple(
                            min(need, length - _popcount(window & ((1 << length) - 1)))
                            if number >= length else need
                            for need, length in zip(needs, runs))
                    new_table = table
                    if runless:
                        cells = [INFINITE] * len(table)
                        cost = 0 if bit else 1
                        for index, wild in enumerate(table):
                            if wild >= cap:
                                continue
                            run, chosen = divmod(index, width)
                            if cells[chosen] > wild:  # skip this number: the run breaks
                                cells[chosen] = wild
                            if chosen < chosen_max and run + 1 < run_min and wild + cost < cap:
                                at = (run + 1) * width + chosen + 1
                                if cells[at] > wild + cost:
                                    cells[at] = wild + cost
                        new_table = tuple(cells)
                    key = (held + bit, window & tail_mask, new_needs, new_table)
                    row = grown.get(key)
                    if row is None:
                        grown[key] = [ways, rep + (number,) if bit else rep]
                    else:
                        row[0] += ways
            states = grown
        out = {}
        for (held_count, _, needs, table), (ways, rep) in states.items():
            signature = []
            run_needs = iter(needs)
            for kind, length, no_run in self.trump_specs:
                if kind == "run":
                    signature.append(min(next(run_needs), cap))
                elif no_run:
                    signature.append(min(min(table[run * width + length] for run in range(run_min)), cap))
                else:
                    signature.append(min(max(0, length - held_count), cap) if top >= length else cap)
            by_signature = out.setdefault(held_count - len(kept), {})
            row = by_signature.get(tuple(signature))
            if row is None:
                by_signature[tuple(signature)] = [ways, rep]
            else:
                row[0] += ways
        self._trump_cache[cache_key] = out
        return out

    def direct(self, t: int, cap: int) -> TrumpTable:
        """The trump table set by set (slow; the reference the one-pass table is tested against)."""
        table = {}
        for held in combinations(self.split.naturals, t):
            held_set = frozenset(held)
            signature = tuple(self.need(held_set, spec, cap) for spec in self.trump_specs)
            row = table.get(signature)
            if row is None:
                table[signature] = [1, held]
            else:
                row[0] += 1
        return table
