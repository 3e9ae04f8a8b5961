"""Type-directed conversion between tuolaji's frozen values and JSON data.

The declared field types of ``attrs`` classes drive both directions, so every state, event
and result round-trips exactly. Cards are written as text (``"10H"``; a tuple of cards as
``"10H 10H SJ"``); enums by value; unions of ``attrs`` classes carry a ``"type"`` tag.
"""

from __future__ import annotations

import enum
import types
import typing
from functools import cache
from typing import Any, Literal, Union, get_args, get_origin

import attrs

from .cards import Card, format_cards, parse_cards
from .errors import InvalidCards, InvalidRecord

__all__ = ["from_data", "to_data"]

_NONE = type(None)


@cache
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
    if _is_union(tp):
        if value is None:
            return None
        arms = [a for a in get_args(tp) if a is not _NONE]
        if len(arms) == 1:
            return to_data(arms[0], value)
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
    """The value of declared type ``tp`` that :func:`to_data` wrote as ``data``.

    Raises :class:`~tuolaji.InvalidRecord` (a ``ValueError``) for data of the wrong form,
    or :class:`~tuolaji.InvalidCards` for text that is not cards.
    """
    try:
        return _from(tp, data)
    except (InvalidCards, InvalidRecord):
        raise
    except (TypeError, KeyError, ValueError, IndexError) as exc:
        shown = repr(data)
        shown = shown if len(shown) <= 80 else shown[:77] + "..."
        raise InvalidRecord(f"cannot read {tp!r} from {shown}: {exc}") from None


def _from(tp: Any, data: Any) -> Any:
    if tp is Card:
        return Card.parse(data)
    if _is_hand(tp):
        return parse_cards(data)
    if _is_union(tp):
        if data is None:
            if _NONE not in get_args(tp):
                raise ValueError("null where a value is needed")
            return None
        arms = [a for a in get_args(tp) if a is not _NONE]
        if len(arms) == 1:
            return _from(arms[0], data)
        by_name = {a.__name__: a for a in arms}
        fields = dict(data)
        cls = by_name[fields.pop("type")]
        return _from(cls, fields)
    origin = get_origin(tp)
    if origin is tuple:
        args = get_args(tp)
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_from(args[0], v) for v in data)
        return tuple(_from(a, v) for a, v in zip(args, data, strict=True))
    if origin is frozenset:
        (arg,) = get_args(tp)
        return frozenset(_from(arg, v) for v in data)
    if origin is Literal:
        if data not in get_args(tp):
            raise ValueError(f"{data!r} is not one of {get_args(tp)}")
        return data
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        return tp(data)
    if isinstance(tp, type) and attrs.has(tp):
        hints = _hints(tp)
        names = _init_fields(tp)
        upgrade = getattr(tp, "upgrade_data", None)
        if upgrade is not None:
            data = upgrade(data)  # data written by an older version of the class
        if set(data) != set(names):
            raise ValueError(f"{tp.__name__} has fields {names}, got {sorted(data)}")
        return tp(**{name: _from(hints[name], data[name]) for name in names})
    if isinstance(tp, type) and issubclass(tp, tuple) and hasattr(tp, "_fields"):
        hints = _hints(tp)
        return tp(*(_from(hints[name], v) for name, v in zip(tp._fields, data, strict=True)))
    if tp in (int, str, bool):
        if type(data) is not tp:
            raise TypeError(f"expected {tp.__name__}, got {data!r}")
        return data
    raise TypeError(f"no JSON form for {tp!r}")
