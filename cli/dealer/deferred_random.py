"""A Random seeded at its first draw: a player's seat at a shared table asks the table for its
seed only when the command rolls or deals (asking begins the command, ``dealer.store.postgres_begun``)."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Callable


class DeferredRandom(random.Random):
    """``random.Random(seed_of())``, ``seed_of`` called at the first number drawn. Its state before
    then is None (nothing drawn)."""

    def __init__(self, seed_of: Callable[[], int]):
        self._seed_of = seed_of
        super().__init__(0)

    def _seeded(self) -> None:
        if self._seed_of is not None:
            seed_of, self._seed_of = self._seed_of, None
            super().seed(seed_of())

    def random(self) -> float:
        self._seeded()
        return super().random()

    def getrandbits(self, k: int) -> int:
        self._seeded()
        return super().getrandbits(k)

    def getstate(self):
        return None if self._seed_of is not None else super().getstate()

    def setstate(self, state) -> None:
        self._seed_of = None
        super().setstate(state)
