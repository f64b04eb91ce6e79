"""Frozen requests: what a user asked a mechanic, set once.

A mechanic's request is a small value: its fields and their defaults, listed once in
``FIELDS`` (the order is the positional order). It compares by value and cannot change after
it is made. A dataclass would do the same, but every ``dealer`` call would pay for compiling
its methods at import; start-up is a feature. Other small values a mechanic passes around
(a design tier, a chip's bonus to a draw) are made the same way.

>>> class Cast(Request):
...     FIELDS = {"name": None, "level": 0}
>>> cast = Cast("soul blast", level=4)
>>> cast.level, cast == Cast(name="soul blast", level=4)
(4, True)
>>> cast.level = 5
Traceback (most recent call last):
...
AttributeError: Cast is frozen: make a new one
"""

from __future__ import annotations

from typing import Any


class Request:
    """Fields from ``FIELDS`` (name -> default), given by position or name; frozen once made."""

    FIELDS: dict[str, Any] = {}

    def __init__(self, *args: Any, **given: Any):
        if len(args) > len(self.FIELDS):
            raise TypeError(f"{type(self).__name__} takes at most {len(self.FIELDS)} positional values")
        values = dict(self.FIELDS)
        values.update(zip(self.FIELDS, args))
        unknown = sorted(set(given) - set(self.FIELDS))
        if unknown:
            raise TypeError(f"{type(self).__name__} has no field {', '.join(unknown)}")
        values.update(given)
        self.__dict__.update(values)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"{type(self).__name__} is frozen: make a new one")

    def __eq__(self, other: object) -> bool:
        return type(self) is type(other) and self.__dict__ == other.__dict__

    def __hash__(self) -> int:
        return hash((type(self), tuple(repr(value) for value in self.__dict__.values())))

    def __repr__(self) -> str:
        fields = ", ".join(f"{name}={value!r}" for name, value in self.__dict__.items())
        return f"{type(self).__name__}({fields})"
