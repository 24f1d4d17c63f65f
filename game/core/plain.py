"""Typed records to and from their plain JSON form, read from the records' own type hints.

What the engine shows (a seat's view, :mod:`game.rules.records`) is a tree of frozen
dataclasses, so mypy sees every field its readers use. It crosses a process or a network as
JSON: to the AI's worker and from the host to a guest. :func:`to_plain` writes a record as
plain data and :func:`from_plain` reads it back, checking every field against the hints (a
wrong kind, a missing or an unknown field raises :class:`RecordError`), so a host's message
or a worker's reply is either a whole record or refused. Its cost follows the size of the
data, which the bounded reader (:mod:`game.core.reading`) has already limited.

``from_plain(type(r), to_plain(r)) == r`` for every record.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Callable
from functools import cache
from typing import Any, TypeVar, cast

T = TypeVar("T")

# One step of reading: plain data in, a typed value out (or RecordError).
Reader = Callable[[object, str], Any]


KEY_SHOWN = 24  # characters of a mapping's key that an error's path shows


class RecordError(ValueError):
    """Plain data that is not the record it should be; the message says where."""


# The kinds a view is mostly made of, answered by their exact type before any other test: a
# host writes a view for every guest at every move, and a view is some 900 values.
_SCALARS = frozenset({str, int, float, bool, type(None)})


def to_plain(value: object) -> Any:
    """``value`` (a record, or containers and scalars of records) as JSON-safe data: a record
    becomes a dict of its fields, a tuple a list; dict keys stay strings."""
    kind = type(value)
    if kind in _SCALARS:
        return value
    if kind is tuple or kind is list:
        return [to_plain(item) for item in cast(tuple[object, ...], value)]
    names = _record_fields(cast(type, kind))
    if names is not None:
        return {name: to_plain(getattr(value, name)) for name in names}
    if isinstance(value, (list, tuple)):
        return [to_plain(item) for item in value]
    if isinstance(value, dict):
        return {key: to_plain(item) for key, item in value.items()}
    return value


@cache
def _record_fields(kind: type) -> tuple[str, ...] | None:
    """The field names of a record class, or None for any other type (a class itself, too)."""
    return _field_names(kind) if dataclasses.is_dataclass(kind) else None


def from_plain(kind: type[T], data: object) -> T:
    """The record of class ``kind`` that ``data`` (as :func:`to_plain` writes it) holds."""
    return cast(T, _reader(cast(Any, kind))(data, kind.__name__))


@cache
def _field_names(kind: type) -> tuple[str, ...]:
    return tuple(f.name for f in dataclasses.fields(kind))


@cache
def _reader(hint: Any) -> Reader:
    """How to read a value of type ``hint``; made once per type and kept."""
    if hint is Any:
        raise TypeError("a record's field must name its type")
    if hint is type(None):
        return _exactly(type(None))
    if hint is bool:
        return _exactly(bool)
    if hint is int:
        return _whole
    if hint is float:
        return _number
    if hint is str:
        return _exactly(str)
    if dataclasses.is_dataclass(hint):
        return _record_reader(cast(type, hint))
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if origin in (types.UnionType, typing.Union):
        return _union_reader(tuple(_reader(arg) for arg in args))
    if origin is typing.Literal:  # a name (game.core.names): one of its values, exactly
        return _one_of(frozenset(args))
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            return _sequence_reader(_reader(args[0]))
        return _fixed_reader(tuple(_reader(arg) for arg in args))
    if origin is dict and args[0] is str:
        return _mapping_reader(_reader(args[1]))
    if origin is dict and typing.get_origin(args[0]) is typing.Literal:  # keyed by a name
        return _mapping_reader(_reader(args[1]), frozenset(typing.get_args(args[0])))
    raise TypeError(f"no plain form for {hint!r}")


def _exactly(kind: type) -> Reader:
    def read(data: object, where: str) -> object:
        if type(data) is not kind:
            raise RecordError(f"{where}: not a {kind.__name__}")
        return data
    return read


def _one_of(names: frozenset[object]) -> Reader:
    def read(data: object, where: str) -> object:
        if type(data) is not str or data not in names:
            raise RecordError(f"{where}: not one of {sorted(map(str, names))}")
        return data
    return read


def _whole(data: object, where: str) -> int:
    if type(data) is not int:
        raise RecordError(f"{where}: not a whole number")
    return data


def _number(data: object, where: str) -> float:
    if type(data) not in (int, float):
        raise RecordError(f"{where}: not a number")
    return float(cast(float, data))


def _union_reader(choices: tuple[Reader, ...]) -> Reader:
    def read(data: object, where: str) -> object:
        for choice in choices:
            try:
                return choice(data, where)
            except RecordError:
                continue
        raise RecordError(f"{where}: none of its kinds")
    return read


def _sequence_reader(item: Reader) -> Reader:
    def read(data: object, where: str) -> tuple[object, ...]:
        if not isinstance(data, list):
            raise RecordError(f"{where}: not a list")
        return tuple(item(value, f"{where}[{i}]") for i, value in enumerate(data))
    return read


def _fixed_reader(items: tuple[Reader, ...]) -> Reader:
    def read(data: object, where: str) -> tuple[object, ...]:
        if not isinstance(data, list) or len(data) != len(items):
            raise RecordError(f"{where}: not a list of {len(items)}")
        return tuple(item(value, f"{where}[{i}]")
                     for i, (item, value) in enumerate(zip(items, data, strict=True)))
    return read


def _mapping_reader(item: Reader, keys: frozenset[object] | None = None) -> Reader:
    """A mapping of text keys (``keys``: only those) to values ``item`` reads."""
    def read(data: object, where: str) -> dict[str, object]:
        if not isinstance(data, dict):
            raise RecordError(f"{where}: not a mapping")
        found: dict[str, object] = {}
        for key, value in data.items():
            if not isinstance(key, str):
                raise RecordError(f"{where}: a key is not text")
            if keys is not None and key not in keys:
                raise RecordError(f"{where}: an unknown key {key[:KEY_SHOWN]!r}")
            # the key's head only: a host's key of any length costs each value the same
            found[key] = item(value, f"{where}.{key[:KEY_SHOWN]}")
        return found
    return read


def _record_reader(kind: type) -> Reader:
    hints = typing.get_type_hints(kind)
    names = _field_names(kind)
    fields = {name: _reader(hints[name]) for name in names}

    def read(data: object, where: str) -> object:
        if not isinstance(data, dict):
            raise RecordError(f"{where}: not a mapping")
        if data.keys() != fields.keys():
            missing = sorted(fields.keys() - data.keys())
            unknown = sorted(str(k) for k in data.keys() - fields.keys())
            raise RecordError(f"{where}: missing {missing}, unknown {unknown}"[:200])
        return kind(**{name: read_field(data[name], f"{where}.{name}")
                       for name, read_field in fields.items()})
    return read
