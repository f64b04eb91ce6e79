"""A shared table's seeds from its secret (dealer.store.secrets, the formula the database deals
with and dealer verify --secret checks): HMAC-SHA256 of the event's number, its first 8 bytes
with the top bit cleared, computed here apart (RFC 2104 by hand, checked on RFC 4231's vectors)."""

from __future__ import annotations

import hashlib

import pytest
from hypothesis import given
from hypothesis import strategies as st

from dealer.store.secrets import commitment_of, seed_for


def hmac_sha256(key: bytes, message: bytes) -> bytes:
    key = hashlib.sha256(key).digest() if len(key) > 64 else key
    key = key.ljust(64, b"\0")
    inner = hashlib.sha256(bytes(byte ^ 0x36 for byte in key) + message).digest()
    return hashlib.sha256(bytes(byte ^ 0x5C for byte in key) + inner).digest()


@pytest.mark.parametrize("key, message, digest", [
    (b"\x0b" * 20, b"Hi There", "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7"),
    (b"Jefe", b"what do ya want for nothing?", "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"),
    (b"\xaa" * 131, b"Test Using Larger Than Block-Size Key - Hash Key First",
     "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54"),
])
def test_the_hmac_of_this_test_is_rfc_4231s(key, message, digest):
    assert hmac_sha256(key, message).hex() == digest


@given(st.binary(min_size=1, max_size=100), st.integers(min_value=1, max_value=10**12))
def test_a_seed_is_the_hmac_of_the_events_number_its_first_8_bytes_top_bit_cleared(secret, seq):
    bits = "".join(f"{byte:08b}" for byte in hmac_sha256(secret, str(seq).encode("ascii")))
    assert seed_for(secret, seq) == int(bits[1:64], 2)
    assert 0 <= seed_for(secret, seq) <= 2**63 - 1


def test_seeds_differ_by_event_and_by_secret():
    assert len({seed_for(b"one", seq) for seq in range(1, 1001)}) == 1000
    assert seed_for(b"one", 7) != seed_for(b"two", 7)


def test_the_commitment_is_the_secrets_sha256():
    assert commitment_of(b"abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
