"""Whole numbers typed by a user or read from a file: one bounded parser for all of them.

Python's ``int()`` takes numbers of any length (up to 4,300 digits, then it raises), and a
number a few digits too long can still reach SQLite (an OverflowError) or a loop. So every
number dealer reads goes through ``parse_int``: it looks at the digits first, refuses what
is longer than its bound could be without converting it, and names the bound in one line.

>>> parse_int("12", "--samples", 1, 1_000_000)
12
>>> parse_int(" +3 ", "--mod", -20, 20)
3
>>> parse_int("9" * 5000, "--since", 0, 10**18)
Traceback (most recent call last):
  ...
dealer.core.numbers.NumberError: --since: '99999999999999999999999999...' is too large: at most 1,000,000,000,000,000,000
>>> parse_int("x1", "--skill", 0, 20)
Traceback (most recent call last):
  ...
dealer.core.numbers.NumberError: --skill: 'x1' is not a whole number
"""

from __future__ import annotations

from dealer.errors import DealerError, shown

INT64 = 2**63 - 1  # what SQLite stores in an INTEGER column
# Bounds shared by the options that mean the same thing (docs/scripting.md, "Limits").
MAX_SKILL = 20  # a skill level: 5 + skill cards are capped at ten anyway
MAX_CARD_MODIFIER = 20  # a card modifier (--mod), either way
MAX_LEVEL = 100  # a hex's level, a fear level, casts before winded, rush steps
MAX_TOTAL = 999_999_999  # a trait total rolled by hand (as ``Sarah=16`` takes it)
MAX_SAMPLES = 1_000_000  # random deals of one simulation
MAX_DIGITS = 100  # digits in a row in any argument: far past every bound, far short of int()'s 4,300


def longest_digit_run(text: str) -> int:
    """The most ASCII digits in a row in ``text`` (``Sam=999...``): an argument longer in digits
    than ``MAX_DIGITS`` is refused before any command runs, so that no parser anywhere (a
    mechanic's ``NAME=N`` included) converts thousands of digits.

    >>> longest_digit_run("Sam=12, Bob=3456"), longest_digit_run("As Kd")
    (4, 0)
    """
    longest = run = 0
    for char in text:
        run = run + 1 if "0" <= char <= "9" else 0
        longest = max(longest, run)
    return longest


_SIGNS = "+-"


class NumberError(DealerError):
    """A number that is not a whole number, or outside its bound: a usage error.

    ``detail`` is the message without the name of what was read (click adds its own).
    """

    exit_code = 2

    def __init__(self, what: str, detail: str):
        super().__init__(f"{what}: {detail}")
        self.detail = detail


def parse_int(text: str | int, what: str, low: int, high: int) -> int:
    """``text`` as a whole number from ``low`` to ``high``, or a NumberError naming ``what``.

    Also takes an ``int`` already parsed (a JSON count), checked against the same bound; a
    ``bool`` is not a number here. Never converts more digits than the bound can hold.
    """
    if isinstance(text, bool) or not isinstance(text, (str, int)):
        raise NumberError(what, f"{_quoted(text)} is not a whole number")
    if isinstance(text, int):
        value = text
    else:
        digits = text.strip().replace("_", "")
        sign = -1 if digits[:1] == "-" else 1
        if digits[:1] in _SIGNS:
            digits = digits[1:]
        if not digits or not digits.isascii() or not digits.isdigit():
            raise NumberError(what, f"{_quoted(text)} is not a whole number")
        digits = digits.lstrip("0") or "0"
        widest = len(str(max(abs(low), abs(high))))
        if len(digits) > widest:  # too long to be in range: never converted
            raise NumberError(what, f"{_quoted(text)} is too {'large' if sign > 0 else 'small'}: "
                              + (f"at most {high:,}" if sign > 0 else f"at least {low:,}"))
        value = sign * int(digits)
    if value < low:
        raise NumberError(what, f"{_number(value)} is too small: at least {low:,}")
    if value > high:
        raise NumberError(what, f"{_number(value)} is too large: at most {high:,}")
    return value


def in_range(value: object, low: int, high: int) -> bool:
    """Whether ``value`` is an ``int`` (not a bool) from ``low`` to ``high``: for checks that
    report their own message (an imported document's counts).

    >>> in_range(3, 0, 5), in_range(-1, 0, 5), in_range(True, 0, 5), in_range("3", 0, 5)
    (True, False, False, False)
    """
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


def _quoted(text: object) -> str:
    return f"'{shown(text, 30)}'"


def _number(value: int) -> str:
    """A number for a message: short ones as they are, long ones by their size (``str`` of a
    number of thousands of digits raises)."""
    if abs(value) < 10**30:
        return str(value)
    return f"a number of about {int(value.bit_length() * 0.30103)} digits"


def whole_number(text: object, what: str, *, low: int = -10**9, high: int = 10**9,
                 error: type[DealerError] = DealerError) -> int:
    """``parse_int`` for a mechanic: the same bounded reading, refused as the mechanic's own
    ``error`` (a ``ConflictError`` says what to type) with the same words.

    >>> whole_number("+3", "--mod", low=-20, high=20)
    3
    """
    try:
        return parse_int(text if isinstance(text, (str, int)) else str(text), what, low, high)
    except NumberError as problem:
        raise error(str(problem)) from None
