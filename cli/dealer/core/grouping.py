"""Values for a hand's groups (pairs, threes, ...): shared by the generic engine
(``dealer.core.hands``) and the ladder path's search (``dealer.core.ladder_search``)."""

from __future__ import annotations

from typing import TYPE_CHECKING
if TYPE_CHECKING:
    from collections.abc import Iterator, Mapping, Sequence, Sized


def group_values(sizes: Sequence[int], held: Mapping[int, Sized], wilds: int, top: int,
                 low: int) -> Iterator[tuple[int, ...]]:
    """Each choice of distinct values for groups of ``sizes`` (largest first) that the cards
    ``held`` (value -> the cards of that value) and ``wilds`` all-purpose wilds can fill, highest
    first; groups of one size take falling values, so each choice comes once. An all-wild group
    is best at the highest values not held (``top`` down to ``low``)."""
    options = sorted(held, reverse=True)
    if wilds:
        absent = [value for value in range(top, low - 1, -1) if value not in held]
        options = sorted(options + absent[:len(sizes)], reverse=True)

    def assign(i: int, chosen: tuple[int, ...], used: int) -> Iterator[tuple[int, ...]]:
        if i == len(sizes):
            yield chosen
            return
        size = sizes[i]
        limit = chosen[-1] if i and sizes[i - 1] == size else None
        for value in options:
            if value in chosen or (limit is not None and value > limit):
                continue
            need = max(size - len(held.get(value, ())), 0)
            if used + need <= wilds:
                yield from assign(i + 1, chosen + (value,), used + need)

    return assign(0, (), 0)
