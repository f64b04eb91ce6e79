"""What the hand evaluator's fast paths share (``fastpath``, ``ladder``): the bit width of a
rank count, the cache's bound, the "let the generic engine decide" answer, rank windows."""

from __future__ import annotations

from typing import TYPE_CHECKING
if TYPE_CHECKING:
    from dealer.core.cards import Deck

GENERIC = object()  # a matcher's answer: let the generic engine decide

RANK_BITS = 3  # bits per rank count: up to 7 cards of one rank (decks of at most 7 suits)
# Count answers kept (rank multisets; about 400 bytes each, so at most ~25 MB), then the cache
# starts over. Every 7-card rank multiset of a standard deck (about 50,000) fits.
CACHE_LIMIT = 1 << 16


def window_masks(deck: Deck, length: int, top: int) -> list[tuple[int, int]]:
    """Bit masks of every run of ``length`` rank values, highest first (ace low = bit low-1)."""
    low = deck.low_rank - 1 if deck.ace_low else deck.low_rank
    masks = []
    for high in range(deck.top_rank, low + length - 2, -1):
        if top and high != top:
            continue
        masks.append((high, sum(1 << v for v in range(high - length + 1, high + 1))))
    return masks
