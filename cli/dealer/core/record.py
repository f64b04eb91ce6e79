"""Table state declared once: each part's fields with their types and defaults.

A part of a table's state (the combat, a person's conditions, the devices) is a ``Record``
whose ``FIELDS`` name each field's ``Spec`` and default. The one declaration builds the
object, checks stored data in full when a table, an undo snapshot or an import is read
(every key known, every required key there, every value of its type), and writes it back.
A problem is reported with its path, so a hand-edited file says where it is wrong::

    action.actions.Sarah: missing 'spent'

Every number has its bound (a count at most ``MOST``, a device's reliability at most a deck's
cards), and a value that names something of the table (a card, a person, a side, a Score, a
chip colour, a deck) says so by its spec: ``Record.references`` yields them, and the table
checks each against what it has (``dealer.core.table.Table.check_states``).

A dataclass would declare the fields too, but every ``dealer`` call would pay for compiling
its methods at import; this is a few small classes.

>>> class Spell(Record):
...     FIELDS = {"name": Field(TEXT), "casts": Field(COUNT, 0), "tags": Field(ListOf(TEXT), [])}
>>> spell = Spell.from_data({"name": "hunch"}, "hex.spells.Sally")
>>> spell.casts, spell.to_data()
(0, {'name': 'hunch'})
>>> Spell.from_data({"name": "hunch", "casts": "lots"}, "hex.spells.Sally")
Traceback (most recent call last):
...
dealer.core.record.StateError: hex.spells.Sally.casts: 'lots' is not a whole number from 0 to 1,000,000,000
"""

from __future__ import annotations

from typing import Any, ClassVar, Iterator

from dealer.errors import DealerError, shown


class StateError(DealerError):
    """Stored state that does not read back: an unknown key, a missing one, a value of the wrong type."""


def _quote(value: Any) -> str:
    if isinstance(value, (dict, list)):
        return f"{'an object' if isinstance(value, dict) else 'a list'} of {len(value)}"
    return shown(repr(value), 40)


class Spec:
    """A value's type: ``load`` checks stored data (raising with its path), ``dump`` writes it."""

    what = "a value"

    def ok(self, value: Any) -> bool:
        return True

    def load(self, value: Any, path: str) -> Any:
        if not self.ok(value):
            raise StateError(f"{path}: {_quote(value)} is not {self.what}")
        return value

    def dump(self, value: Any) -> Any:
        return value


MOST = 10 ** 9  # any count a table keeps (casts, wounds, rounds, uses): a billion is no game's


class Whole(Spec):
    """A whole number from ``least`` (None: ``-most``) to ``most``; ``what`` says so in an error."""

    def __init__(self, least: int | None, what: str, most: int = MOST):
        self.least, self.what, self.most = -most if least is None else least, what, most

    def ok(self, value: Any) -> bool:
        return isinstance(value, int) and not isinstance(value, bool) and self.least <= value <= self.most


class _Text(Spec):
    what = "text"

    def ok(self, value: Any) -> bool:
        return isinstance(value, str)


class _Flag(Spec):
    what = "true or false"

    def ok(self, value: Any) -> bool:
        return isinstance(value, bool)


class _Json(Spec):
    """Free data a mechanic keeps for itself (a hand's notes): any JSON object."""

    what = "an object"

    def ok(self, value: Any) -> bool:
        return isinstance(value, dict)

    def load(self, value: Any, path: str) -> Any:
        return dict(super().load(value, path))


class Named(_Text):
    """Text that names something of the table (``names``: ``card``, ``person``, ``side``,
    ``score``, ``colour`` or ``deck``), checked against the table (``Record.references``). An
    empty one names nothing (no card yet, no builder)."""

    def __init__(self, names: str, what: str):
        self.names, self.what = names, what


COUNT = Whole(0, "a whole number from 0 to 1,000,000,000")
NUMBER = Whole(None, "a whole number from -1,000,000,000 to 1,000,000,000")
TEXT = _Text()
FLAG = _Flag()
JSON = _Json()
CARD = Named("card", "a card code")
PERSON = Named("person", "a person's name")
SIDE = Named("side", "a side")
SCORE = Named("score", "a Score")
COLOUR = Named("colour", "a chip colour")
DECK = Named("deck", "a deck's name")


class Choice(Spec):
    """One of a few words."""

    def __init__(self, *words: str):
        self.words = words
        self.what = "one of " + ", ".join(repr(word) for word in words)

    def ok(self, value: Any) -> bool:
        return value in self.words


class Maybe(Spec):
    """A value of ``spec``, or null."""

    def __init__(self, spec: Spec):
        self.spec = spec

    def load(self, value: Any, path: str) -> Any:
        return None if value is None else self.spec.load(value, path)

    def dump(self, value: Any) -> Any:
        return None if value is None else self.spec.dump(value)


class ListOf(Spec):
    def __init__(self, item: Spec):
        self.item = item
        self.what = "a list"

    def load(self, value: Any, path: str) -> list:
        if not isinstance(value, list):
            raise StateError(f"{path}: {_quote(value)} is not a list")
        return [self.item.load(item, f"{path}[{i}]") for i, item in enumerate(value)]

    def dump(self, value: list) -> list:
        return [self.item.dump(item) for item in value]


class MapOf(Spec):
    """An object whose keys are names (people, devices) and whose values are all of one spec;
    ``key``, a ``Named`` spec, when the keys name something of the table (people, Scores)."""

    def __init__(self, value: Spec, key: Named | None = None):
        self.value, self.key = value, key

    def load(self, value: Any, path: str) -> dict:
        if not isinstance(value, dict):
            raise StateError(f"{path}: {_quote(value)} is not an object")
        return {str(key): self.value.load(item, f"{path}.{key}") for key, item in value.items()}

    def dump(self, value: dict) -> dict:
        return {key: self.value.dump(item) for key, item in value.items()}


class Nested(Spec):
    """A record inside a record (a device of the gadget part)."""

    def __init__(self, record: type["Record"]):
        self.record = record

    def load(self, value: Any, path: str) -> "Record":
        return self.record.from_data(value, path)

    def dump(self, value: "Record") -> dict:
        return value.to_data()


class OneOf(Nested):
    """A record of one of several types, named by its field ``tag`` (a kept hand by its mechanic)."""

    def __init__(self, tag: str, records: dict[str, type["Record"]]):
        self.tag, self.records = tag, records

    def load(self, value: Any, path: str) -> "Record":
        kind = value.get(self.tag) if isinstance(value, dict) else None
        if not isinstance(kind, str) or kind not in self.records:
            raise StateError(f"{path}.{self.tag}: {_quote(kind)} is not one of {', '.join(map(repr, self.records))}")
        return self.records[kind].from_data(value, path)


def _references(spec: Spec, value: Any, path: str) -> Iterator[tuple[str, Named, str]]:
    """Every name held under ``spec`` (an empty one names nothing), with its path and spec."""
    if isinstance(spec, Named):
        if value:
            yield path, spec, value
    elif isinstance(spec, Maybe):
        if value is not None:
            yield from _references(spec.spec, value, path)
    elif isinstance(spec, ListOf):
        for index, item in enumerate(value):
            yield from _references(spec.item, item, f"{path}[{index}]")
    elif isinstance(spec, MapOf):
        for key, item in value.items():
            if spec.key is not None and key:
                yield f"{path}.{key}", spec.key, key
            yield from _references(spec.value, item, f"{path}.{key}")
    elif isinstance(spec, Nested):
        yield from value.references(path)


REQUIRED = object()


class Field:
    """A field: its spec and default (``REQUIRED`` when stored data must give it). A list or
    dict default is copied for each new record."""

    __slots__ = ("spec", "default")

    def __init__(self, spec: Spec, default: Any = REQUIRED):
        self.spec, self.default = spec, default

    def fresh(self) -> Any:
        default = self.default
        return type(default)(default) if isinstance(default, (list, dict)) else default


class Record:
    """Fields from ``FIELDS`` (name -> ``Field``), by keyword; checked in full by ``from_data``.

    ``to_data`` leaves out optional fields still at their default, so an unused part of a
    table stores nothing.
    """

    FIELDS: ClassVar[dict[str, Field]] = {}

    def __init__(self, **values: Any):
        unknown = set(values) - set(self.FIELDS)
        if unknown:
            raise TypeError(f"{type(self).__name__} has no field {', '.join(sorted(unknown))}")
        for name, field in self.FIELDS.items():
            if name in values:
                setattr(self, name, values[name])
            elif field.default is REQUIRED:
                raise TypeError(f"{type(self).__name__} needs {name}")
            else:
                setattr(self, name, field.fresh())

    @classmethod
    def from_data(cls, data: Any, path: str) -> "Record":
        if not isinstance(data, dict):
            raise StateError(f"{path}: {_quote(data)} is not an object")
        unknown = sorted(set(data) - set(cls.FIELDS))
        if unknown:
            raise StateError(f"{path}: unknown key {', '.join(repr(key) for key in unknown)} "
                             f"(known: {', '.join(cls.FIELDS)})")
        values = {}
        for name, field in cls.FIELDS.items():
            if name in data:
                values[name] = field.spec.load(data[name], f"{path}.{name}")
            elif field.default is REQUIRED:
                raise StateError(f"{path}: missing {name!r}")
        return cls(**values)

    def references(self, path: str) -> Iterator[tuple[str, Named, str]]:
        """Every name this record holds (a card, a person, a side, ...: fields and keys of a
        ``Named`` spec), with its path and spec: what a table checks against what it has."""
        for name, field in self.FIELDS.items():
            yield from _references(field.spec, getattr(self, name), f"{path}.{name}")

    def to_data(self) -> dict:
        out = {}
        for name, field in self.FIELDS.items():
            value = getattr(self, name)
            if field.default is REQUIRED or value != field.default:
                out[name] = field.spec.dump(value)
        return out

    def __eq__(self, other: object) -> bool:
        return type(self) is type(other) and self.to_data() == other.to_data()

    __hash__ = None  # type: ignore[assignment]  # records change: never a dict key

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.to_data()!r})"


class Part(Record):
    """A record that is one part of a table's state, under ``KEY``.

    ``upgrade(states, version)`` moves this part's data from state format ``version`` to the
    next one, in the whole state (a part may take over data another part used to keep);
    the store calls it for every part, for tables, undo snapshots and imports alike.
    """

    KEY: ClassVar[str] = ""

    @classmethod
    def upgrade(cls, states: dict, version: int) -> None:
        """Nothing to move by default."""

    def problems(self, table: Any) -> Iterator[str]:
        """What is wrong between this part's own records (a device of no design, a hand kept for
        nobody), checked with the whole table (``Table.check_states``); nothing by default."""
        return iter(())
