"""Type-directed conversion between tuolaji's frozen values and JSON data.

The declared field types of ``attrs`` classes drive both directions, so every state, event
and result round-trips exactly. Cards are written as text (``"10H"``; a tuple of cards as
``"10H 10H SJ"``); enums by value; unions of ``attrs`` classes carry a ``"type"`` tag.
"""

from __future__ import annotations

import enum
import json
import types
import typing
from typing import Any, Literal, Union, get_args, get_origin

import attrs

from tuolaji.core.caching import memoize
from tuolaji.core.cards import Card, format_cards, parse_cards
from tuolaji.core.errors import InvalidRecord, TuolajiError, cut
from tuolaji.core.limits import (
    FREE_CONTAINERS,
    MAX_ECHO,
    MAX_INT,
    MAX_LIST,
    MAX_STRING,
    MIN_CHARS_PER_CONTAINER,
)
from tuolaji.state.actions import Event
from tuolaji.state.eventlog import EventLog

__all__ = ["from_data", "load_json", "to_data"]

_NONE = type(None)


@memoize(limit=64)  # one entry per record class: never full
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)


def _init_fields(cls: type) -> list[str]:
    return [f.name for f in attrs.fields(cls) if f.init]


def _is_union(tp: Any) -> bool:
    return get_origin(tp) in (Union, types.UnionType)


def _is_hand(tp: Any) -> bool:
    return get_origin(tp) is tuple and get_args(tp) == (Card, ...)


def to_data(tp: Any, value: Any) -> Any:
    """``value`` (of declared type ``tp``) as JSON-ready data."""
    if tp is Card:
        return str(value)
    if _is_hand(tp):
        return format_cards(value)
    if tp is EventLog:
        return [to_data(Event, v) for v in value]
    if _is_union(tp):
        if value is None:
            return None
        arms = [a for a in get_args(tp) if a is not _NONE]
        if len(arms) == 1:
            return to_data(arms[0], value)
        if not any(attrs.has(a) for a in arms):
            return value  # scalars and Literals are their own JSON (Rules.no_bid_reveal)
        cls = type(value)
        return {"type": cls.__name__, **to_data(cls, value)}
    origin = get_origin(tp)
    if origin is tuple:
        args = get_args(tp)
        if len(args) == 2 and args[1] is Ellipsis:
            return [to_data(args[0], v) for v in value]
        return [to_data(a, v) for a, v in zip(args, value, strict=True)]
    if origin is frozenset:
        (arg,) = get_args(tp)
        return sorted(to_data(arg, v) for v in value)
    if origin is Literal:
        return value
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        return value.value
    if isinstance(tp, type) and attrs.has(tp):
        hints = _hints(tp)
        return {name: to_data(hints[name], getattr(value, name)) for name in _init_fields(tp)}
    if isinstance(tp, type) and issubclass(tp, tuple) and hasattr(tp, "_fields"):
        hints = _hints(tp)
        return [to_data(hints[name], getattr(value, name)) for name in tp._fields]
    return value


def from_data(tp: Any, data: Any) -> Any:
    """The value of declared type ``tp`` that
    [`to_data`][tuolaji.tools.arena.results.ArenaResult.to_data] wrote as ``data``.

    Checks the form strictly and within [`tuolaji.core.limits`][tuolaji.core.limits] (lists of at
    most [`MAX_LIST`][tuolaji.core.limits.MAX_LIST] items, strings of
    [`MAX_STRING`][tuolaji.core.limits.MAX_STRING] characters, ints below
    [`MAX_INT`][tuolaji.core.limits.MAX_INT]), and raises only
    [`InvalidRecord`][tuolaji.InvalidRecord] (a ``ValueError``), with a short message saying where
    the data went wrong.
    """
    try:
        return _from(tp, data, "")
    except InvalidRecord:
        raise
    except TuolajiError as exc:  # cards or a value its own constructor refused
        raise InvalidRecord(str(exc)) from None
    except (TypeError, KeyError, ValueError, IndexError, AttributeError) as exc:
        raise InvalidRecord(
            f"cannot read {_name(tp)} from {cut(data)}: {cut(str(exc), 200)}"
        ) from None


def _name(tp: Any) -> str:
    return getattr(tp, "__name__", None) or cut(tp)


def _bad(where: str, what: str, data: Any) -> InvalidRecord:
    return InvalidRecord(f"{where or 'the data'}: expected {what}, got {cut(data)}")


def _list(data: Any, where: str) -> list[Any]:
    if not isinstance(data, list):
        raise _bad(where, "a list", data)
    if len(data) > MAX_LIST:
        raise InvalidRecord(
            f"{where or 'the data'}: a list of {len(data)} items (limit {MAX_LIST})"
        )
    return data


def _from(tp: Any, data: Any, where: str) -> Any:
    if tp is Card:
        if not isinstance(data, str):
            raise _bad(where, "a card such as '10H'", data)
        return Card.parse(data)
    if _is_hand(tp):
        if not isinstance(data, str):
            raise _bad(where, "cards such as '10H 10H SJ'", data)
        return parse_cards(data)
    if tp is EventLog:
        items = _list(data, where)
        return EventLog(_from(Event, v, f"{where}[{i}]") for i, v in enumerate(items))
    if _is_union(tp):
        return _union(tp, data, where)
    origin = get_origin(tp)
    if origin is tuple:
        args = get_args(tp)
        items = _list(data, where)
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_from(args[0], v, f"{where}[{i}]") for i, v in enumerate(items))
        if len(items) != len(args):
            raise _bad(where, f"a list of {len(args)} items", data)
        return tuple(
            _from(a, v, f"{where}[{i}]") for i, (a, v) in enumerate(zip(args, items, strict=True))
        )
    if origin is frozenset:
        (arg,) = get_args(tp)
        items = _list(data, where)
        return frozenset(_from(arg, v, f"{where}[{i}]") for i, v in enumerate(items))
    if origin is Literal:
        if isinstance(data, bool | float) or data not in get_args(tp):
            raise _bad(where, f"one of {get_args(tp)}", data)
        return data
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        values = [m.value for m in tp]
        if isinstance(data, bool | float) or data not in values:
            raise _bad(where, f"one of {values}", data)
        return tp(data)
    if isinstance(tp, type) and attrs.has(tp):
        if not isinstance(data, dict):
            raise _bad(where, f"a {tp.__name__} object", data)
        hints = _hints(tp)
        names = _init_fields(tp)
        upgrade = getattr(tp, "upgrade_data", None)
        if upgrade is not None:
            data = upgrade(data)  # data written by an older version of the class
        if set(data) != set(names):
            # Name what differs, not every field: a class of many fields (Rules has 37)
            # would make the message too long to echo (R11).
            missing = sorted(set(names) - set(data))[:8]
            unknown = sorted(str(k)[:MAX_ECHO] for k in list(data)[:64] if k not in names)[:8]
            raise InvalidRecord(
                f"{where or 'the data'}: {tp.__name__} lacks fields {missing} and has no "
                f"fields {unknown}"
            )
        prefix = f"{where}." if where else ""
        return tp(**{name: _from(hints[name], data[name], prefix + name) for name in names})
    if isinstance(tp, type) and issubclass(tp, tuple) and hasattr(tp, "_fields"):
        hints = _hints(tp)
        items = _list(data, where)
        if len(items) != len(tp._fields):
            raise _bad(where, f"a list of {len(tp._fields)} items", data)
        return tp(
            *(
                _from(hints[name], v, f"{where}.{name}")
                for name, v in zip(tp._fields, items, strict=True)
            )
        )
    return _scalar(tp, data, where)


def _union(tp: Any, data: Any, where: str) -> Any:
    if data is None:
        if _NONE not in get_args(tp):
            raise _bad(where, "a value", data)
        return None
    arms = [a for a in get_args(tp) if a is not _NONE]
    if len(arms) == 1:
        return _from(arms[0], data, where)
    if not any(attrs.has(a) for a in arms):
        # Scalars and Literals (Rules.no_bid_reveal: an index or a word): the first arm
        # that reads the data.
        for arm in arms:
            try:
                return _from(arm, data, where)
            except InvalidRecord:
                continue
        raise _bad(where, " or ".join(_name(a) for a in arms), data)
    if not isinstance(data, dict) or not isinstance(data.get("type"), str):
        raise _bad(where, 'an object with a "type"', data)
    by_name = {a.__name__: a for a in arms}
    fields = dict(data)
    name = fields.pop("type")
    if name not in by_name:
        raise _bad(where, f"a type among {sorted(by_name)}", name)
    return _from(by_name[name], fields, where)


def _scalar(tp: Any, data: Any, where: str) -> Any:
    if tp is int:
        if type(data) is not int:
            raise _bad(where, "an int", data)
        if not -MAX_INT < data < MAX_INT:
            raise InvalidRecord(f"{where or 'the data'}: an int beyond the limit of 2**63")
        return data
    if tp is str:
        if type(data) is not str:
            raise _bad(where, "a string", data)
        if len(data) > MAX_STRING:
            raise InvalidRecord(
                f"{where or 'the data'}: a string of {len(data)} characters (limit {MAX_STRING})"
            )
        return data
    if tp is bool:
        if type(data) is not bool:
            raise _bad(where, "true or false", data)
        return data
    raise TypeError(f"no JSON form for {tp!r}")


def load_json(text: object, what: str, limit: int) -> Any:
    """Parse untrusted JSON ``text`` (str or UTF-8 bytes) of at most ``limit`` characters;
    anything else raises [`InvalidRecord`][tuolaji.InvalidRecord] saying what ``what`` should be."""
    if isinstance(text, bytes | bytearray):
        if len(text) > limit:
            raise InvalidRecord(f"{what} is at most {limit} bytes, got {len(text)}")
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError as exc:
            raise InvalidRecord(f"{what} is UTF-8 text; byte {exc.start} is not UTF-8") from None
    if not isinstance(text, str):
        raise InvalidRecord(f"{what} is JSON text (str or bytes), got {type(text).__name__}")
    if len(text) > limit:
        raise InvalidRecord(f"{what} is at most {limit} characters, got {len(text)}")
    # An empty object or list costs 60 bytes or more per 3 characters of text: counted (a
    # bracket inside a string counts too, which only refuses sooner) before any is made.
    containers = text.count("{") + text.count("[")
    if containers > FREE_CONTAINERS + len(text) // MIN_CHARS_PER_CONTAINER:
        raise InvalidRecord(
            f"{what} holds {containers} JSON objects and lists in {len(text)} characters, "
            f"more than one per {MIN_CHARS_PER_CONTAINER} (a record's actions take 19 or more)"
        )
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise InvalidRecord(f"{what} is JSON text: {exc.msg} at position {exc.pos}") from None
    except RecursionError:
        raise InvalidRecord(f"{what} is JSON text nested too deeply") from None
    except ValueError as exc:  # e.g. an int of more than 4,300 digits
        raise InvalidRecord(f"{what} is JSON text: {cut(str(exc), 100)}") from None
