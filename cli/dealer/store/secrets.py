"""A shared table's seeds from its secret: the one formula the database uses to deal and
``dealer verify --secret`` uses to check.

A command's seed is HMAC-SHA256(secret, the decimal number of the command's first event), its
first 8 bytes read big-endian with the top bit cleared (a 63-bit seed, as ``--seed`` takes).

>>> seed_for(bytes(32), 1) == seed_for(bytes(32), 1) != seed_for(bytes(32), 2)
True
"""

from __future__ import annotations

import hashlib
import hmac


def seed_for(secret: bytes, seq: int) -> int:
    digest = hmac.new(secret, str(seq).encode("ascii"), hashlib.sha256).digest()
    return int.from_bytes(digest[:8], "big") & (2**63 - 1)


def commitment_of(secret: bytes) -> str:
    """What a group keeps before play: SHA-256 of the secret, in hex."""
    return hashlib.sha256(secret).hexdigest()
