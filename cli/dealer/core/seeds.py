"""Seeds from a table secret: commit first, reveal after, and anyone can check every deal.

On a shared table no player chooses a command's randomness (SPEC 6.2): the table holds a
secret, and the seed of each command is ``seed_for(secret, seq)``, where ``seq`` is the number
of the first event the command writes. The group keeps ``commitment(secret)`` from the start;
once the GM reveals the secret, ``dealer verify EXPORT --secret S`` derives every seed again
with this same function, checks it against the seed each event recorded, and replays the log
with it. Whatever makes such seeds (the seats of a shared table) calls this function, so the
two can never drift.

>>> secret = bytes.fromhex("00112233445566778899aabbccddeeff")
>>> seed_for(secret, 1) == seed_for(secret, 1), seed_for(secret, 1) == seed_for(secret, 2)
(True, False)
>>> 0 <= seed_for(secret, 1) < 2 ** 63
True
"""

from __future__ import annotations

import hashlib
import hmac

SEED_BITS = 63  # a seed is what --seed takes: 0 to 2^63 - 1 (an SQLite INTEGER)


def seed_for(secret: bytes, seq: int) -> int:
    """The seed of the command whose first event is number ``seq``: HMAC-SHA256 keyed with the
    secret over the decimal text of ``seq`` (``b"12"``), truncated to its first 63 bits (the
    digest's first eight bytes as a big-endian number, shifted right by one).

    >>> seed_for(b"key", 12)
    5683163873016315824
    """
    digest = hmac.new(secret, str(seq).encode("ascii"), hashlib.sha256).digest()
    return int.from_bytes(digest[:8], "big") >> (64 - SEED_BITS)


def commitment(secret: bytes) -> str:
    """What the group keeps before the secret is used: its SHA-256, in hexadecimal. A revealed
    secret matches it, and no one can find a secret that does without knowing it.

    >>> commitment(b"key")[:16]
    '2c70e12b7a0646f9'
    """
    return hashlib.sha256(secret).hexdigest()


class SecretError(ValueError):
    """A secret that is not written as hexadecimal digits."""


def parse_secret(text: str) -> bytes:
    """The secret's bytes from its hexadecimal text (as a revealed secret is printed); spaces and
    a leading ``0x`` are allowed.

    >>> parse_secret("0x00ff 10")
    b'\\x00\\xff\\x10'
    """
    digits = "".join(text.split())
    digits = digits[2:] if digits[:2].lower() == "0x" else digits
    try:
        secret = bytes.fromhex(digits)
    except ValueError:
        raise SecretError("the secret is written in hexadecimal digits (0-9, a-f), two per byte") from None
    if not secret:
        raise SecretError("the secret is empty")
    return secret
