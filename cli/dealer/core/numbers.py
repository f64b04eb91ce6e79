"""Whole numbers typed by a user, read with bounds: a number of thousands of digits never reaches ``int``.

>>> whole_number("+3", "--mod")
3
>>> whole_number("9" * 5000, "--mod", low=-100, high=100)
Traceback (most recent call last):
...
dealer.errors.DealerError: --mod: '99999999999999999999999999999999999999999999999999999999999999999999999999999...' is not a whole number from -100 to 100
"""

from __future__ import annotations

from dealer.errors import DealerError, shown

MAX_DIGITS = 18


def whole_number(text: object, what: str, *, low: int = -10 ** 9, high: int = 10 ** 9,
                 error: type[DealerError] = DealerError) -> int:
    """``text`` as a whole number from ``low`` to ``high`` (a sign allowed), or ``error`` saying so."""
    raw = str(text).strip()
    digits = raw[1:] if raw[:1] in "+-" else raw
    if digits.isascii() and digits.isdigit() and len(digits) <= MAX_DIGITS:
        value = int(raw)
        if low <= value <= high:
            return value
    raise error(f"{what}: '{shown(raw)}' is not a whole number from {low} to {high}")
