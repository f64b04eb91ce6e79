"""Seeds from a table secret (dealer.core.seeds): HMAC-SHA256 of the event number, cut to 63 bits,
computed here apart from the module (RFC 2104 by hand, checked on RFC 4231's own vectors)."""

from __future__ import annotations

import hashlib

import pytest
from hypothesis import given
from hypothesis import strategies as st

from dealer.core.seeds import SecretError, commitment, parse_secret, seed_for


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
def test_a_seed_is_the_first_63_bits_of_the_hmac_of_the_events_number(secret, seq):
    digest = hmac_sha256(secret, str(seq).encode("ascii"))
    bits = "".join(f"{byte:08b}" for byte in digest)
    assert seed_for(secret, seq) == int(bits[:63], 2)
    assert 0 <= seed_for(secret, seq) <= 2**63 - 1


def test_seeds_differ_by_event_and_by_secret():
    seeds = {seed_for(b"one", seq) for seq in range(1, 1001)}
    assert len(seeds) == 1000
    assert seed_for(b"one", 7) != seed_for(b"two", 7)


def test_the_commitment_is_the_secrets_sha256():
    assert commitment(b"abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"


@pytest.mark.parametrize("text, secret", [("00ff10", b"\x00\xff\x10"), ("0x00FF 10", b"\x00\xff\x10"),
                                          (" 5eed\n", b"\x5e\xed")])
def test_a_secret_is_read_from_its_hexadecimal_digits(text, secret):
    assert parse_secret(text) == secret


@pytest.mark.parametrize("text", ["", "0x", "abc", "xyz1", "12 3"])
def test_what_is_not_a_secret_is_refused(text):
    with pytest.raises(SecretError):
        parse_secret(text)
