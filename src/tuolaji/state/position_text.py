"""A state as one short line of text, like a chess FEN: for bug reports, tests and chat.

[`GameState.to_text`][tuolaji.GameState.to_text] writes it and
[`GameState.from_text`][tuolaji.GameState.from_text] reads it back, exactly: the state
read equals the state written, every field and event included. A play position takes a
few hundred characters where the JSON form ([`to_json`][tuolaji.GameState.to_json]) takes
several kilobytes.

The text is ``T1:`` then the state's fields in their declared order, written by their
declared types: a card is one character (its id in ``0-9A-Za-r``), a run of cards one run of
characters, a number in decimal, a bool ``1`` or ``0``, None ``~``, a string ``'`` and its
percent-escaped text, a record or a list ``(a,b,...)``, an event its type letter and then
its fields. The rules are a preset's name when they are one, and the shuffled deck ``=``
when it is the one the seed gives (R4.1), so most states need neither spelled out.

Reading is bounded and strict: the text is at most
[`MAX_POSITION_TEXT`][tuolaji.state.position_text.MAX_POSITION_TEXT] characters, nesting follows
the fields' types (never the text), and the values read go through the same checks as
[`from_json`][tuolaji.GameState.from_json] (types and ranges, then the consistency of the deal).
Anything else raises [`InvalidRecord`][tuolaji.InvalidRecord] naming the character where reading
failed; a non-string raises `TypeError`.
"""

from __future__ import annotations

import enum
import re
import types
import typing
from typing import Any, Literal, Protocol, TypeVar, Union, get_args, get_origin
from urllib.parse import quote, unquote

import attrs

from tuolaji.core.cards import CARDS, Card, format_cards, parse_cards
from tuolaji.core.deal import seeded_deck
from tuolaji.core.errors import InvalidRecord
from tuolaji.core.limits import MAX_ECHO
from tuolaji.core.rules import RULESETS, Rules, preset_name
from tuolaji.state.actions import Event
from tuolaji.state.codec import from_data, to_data
from tuolaji.state.eventlog import EventLog

AnyState = TypeVar("AnyState")
"""The class of the states written (`GameState`; this module reads only its attrs fields,
so that it stays out of the state machine's import cycle)."""


class _Positioned(Protocol):
    """What a position string reads of a state besides its fields."""

    @property
    def rules(self) -> Rules: ...
    @property
    def deck(self) -> tuple[Card, ...]: ...
    @property
    def seed(self) -> int: ...
    @property
    def deal_number(self) -> int: ...
    @property
    def attempt(self) -> int: ...


__all__ = ["MAX_POSITION_TEXT", "PREFIX", "read_position", "write_position"]

PREFIX = "T1:"
"""The start of every position string: the format and its version."""

MAX_POSITION_TEXT = 1 << 16
"""The most characters [`read_position`][tuolaji.state.position_text.read_position] reads (a
finished deal takes about 2,000)."""

# One character per distinct card, indexed by card id (0..53): no separators needed.
_CARD_CHARS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqr"
_CARD_OF = {char: card for char, card in zip(_CARD_CHARS, CARDS, strict=True)}
_CHAR_OF = {card: char for char, card in _CARD_OF.items()}
_NONE = type(None)
_INT = re.compile(r"-?[0-9]{1,20}")
_ENDS = ",()"


# The fields of each class of the schema: a fixed, small set of classes, so the memo is
# bounded by the schema, never by the input.
_FIELDS: dict[type, tuple[tuple[str, Any], ...]] = {}


def _fields(cls: Any) -> tuple[tuple[str, Any], ...]:
    found = _FIELDS.get(cls)
    if found is None:
        hints = typing.get_type_hints(cls)
        found = tuple((f.name, hints[f.name]) for f in attrs.fields(cls) if f.init)
        _FIELDS[cls] = found
    return found


def _is_union(tp: Any) -> bool:
    return get_origin(tp) in (Union, types.UnionType)


def _is_hand(tp: Any) -> bool:
    return get_origin(tp) is tuple and get_args(tp) == (Card, ...)


_LEFT_OUT = frozenset({"no_trump_level", "level_cards"})
"""Trailing fields left out of the text at the value their class's ``upgrade_data`` fills in
(R9.2's no-trump flags: a state, view or result without a team on the no-trump level is
written as before the field existed; and a trump's ``level_cards``, so a trump whose level
cards are trump is written as before ``Rules.no_trump_trumps``)."""


def _written_fields(tp: Any, data: dict[str, Any]) -> tuple[tuple[str, Any], ...]:
    """The fields of ``tp`` to write for ``data``: all of them but a trailing field of
    ``_LEFT_OUT`` whose value the class's ``upgrade_data`` fills in anyway."""
    fields = _fields(tp)
    upgrade = getattr(tp, "upgrade_data", None)
    if upgrade is None:
        return fields
    end = len(fields)
    while end > 1 and fields[end - 1][0] in _LEFT_OUT:
        name = fields[end - 1][0]
        filled = upgrade({n: data[n] for n, _ in fields[: end - 1]})
        if name not in filled or filled[name] != data[name]:
            break
        end -= 1
    return fields[:end]


def _arms(tp: Any) -> list[Any]:
    return [a for a in get_args(tp) if a is not _NONE]


# --- writing (from the JSON data of codec.to_data, so both forms say the same) -------------


def _cards_text(data: str) -> str:
    return "".join(_CHAR_OF[card] for card in parse_cards(data))


def _scalar_text(data: Any) -> str:
    if isinstance(data, bool):
        return "1" if data else "0"
    if isinstance(data, int):
        return str(data)
    if isinstance(data, str):
        return "'" + quote(data, safe="")
    raise TypeError(f"no position text for {type(data).__name__}")  # not reached: JSON data


def _write(tp: Any, data: Any) -> str:
    if tp is Card:
        return _CHAR_OF[Card.parse(data)]
    if _is_hand(tp):
        return _cards_text(data)
    if tp is EventLog:
        return "(" + ",".join(_write(Event, item) for item in data) + ")"
    if _is_union(tp):
        if data is None:
            return "~"
        arms = _arms(tp)
        if len(arms) == 1:
            return _write(arms[0], data)
        if not any(attrs.has(a) for a in arms):
            return _scalar_text(data)  # an int or a word (Rules.no_bid_reveal)
        index = [a.__name__ for a in arms].index(data["type"])
        fields = {k: v for k, v in data.items() if k != "type"}
        return chr(ord("a") + index) + _write(arms[index], fields)
    origin = get_origin(tp)
    if origin is tuple:
        args = get_args(tp)
        if len(args) == 2 and args[1] is Ellipsis:
            return "(" + ",".join(_write(args[0], item) for item in data) + ")"
        return "(" + ",".join(_write(a, item) for a, item in zip(args, data, strict=True)) + ")"
    if origin is frozenset:
        (arg,) = get_args(tp)
        return "(" + ",".join(_write(arg, item) for item in data) + ")"
    if isinstance(tp, type) and attrs.has(tp):
        return "(" + ",".join(_write(t, data[name]) for name, t in _written_fields(tp, data)) + ")"
    if isinstance(tp, type) and issubclass(tp, tuple) and hasattr(tp, "_fields"):
        hints = typing.get_type_hints(tp)
        return (
            "(" + ",".join(_write(hints[n], v) for n, v in zip(tp._fields, data, strict=True)) + ")"
        )
    return _scalar_text(data)  # int, bool, str, Literal, enum values


_PLAY_EVENTS = ("Played", "TrickWon", "ThrowFailed")
_THROWS = tuple[tuple[int, Event], ...]
_EVENT_LIST = tuple[Event, ...]


def _play_events(
    tricks: list[Any], trick: list[str], leader: int, throws: list[Any]
) -> list[dict[str, Any]]:
    """The Played and TrickWon events that ``tricks`` and ``trick`` (JSON data) imply, with
    each failed throw (``[trick index, event]``) before the plays of its trick (R6.4)."""
    events: list[dict[str, Any]] = []
    rounds = [(t["leader"], t["plays"], t) for t in tricks] + [(leader, trick, None)]
    for number, (first, plays, done) in enumerate(rounds):
        events += [event for at, event in throws if at == number]
        events += [
            {"type": "Played", "seat": (first + i) % 4, "cards": cards}
            for i, cards in enumerate(plays)
        ]
        if done is not None:
            events.append(
                {
                    "type": "TrickWon",
                    "number": number,
                    "seat": done["winner"],
                    "points": done["points"],
                }
            )
    return events


def _events_text(data: dict[str, Any]) -> str:
    """The event log: the play's events, which the tricks imply, are left out when they are
    exactly what the tricks give (``*`` then the events before the play, the failed throws
    with their trick numbers, and the events after it); otherwise every event is written."""
    events: list[dict[str, Any]] = data["events"]
    play = [i for i, e in enumerate(events) if e["type"] in _PLAY_EVENTS]
    begin, end = (play[0], play[-1] + 1) if play else (len(events), len(events))
    throws: list[Any] = []
    for event in events[begin:end]:
        if event["type"] == "ThrowFailed":
            throws.append([_tricks_before(events, begin, event), event])
    implied = _play_events(data["tricks"], data["trick"], data["leader"], throws)
    if implied != events[begin:end]:
        return _write(EventLog, events)
    return (
        "*"
        + _write(_EVENT_LIST, events[:begin])
        + _write(_THROWS, throws)
        + _write(_EVENT_LIST, events[end:])
    )


def _tricks_before(events: list[dict[str, Any]], begin: int, event: dict[str, Any]) -> int:
    count = 0
    for other in events[begin:]:
        if other is event:
            return count
        count += other["type"] == "TrickWon"
    return count


def write_position(state: _Positioned) -> str:
    """The position string of ``state`` (see the module docstring)."""
    cls: Any = type(state)  # Any: a class with eq=True does not type as Hashable
    data = to_data(cls, state)
    parts = []
    for name, tp in _written_fields(cls, data):
        if name == "rules":
            preset = preset_name(state.rules)
            parts.append(_scalar_text(preset) if preset is not None else _write(tp, data[name]))
        elif name == "deck" and state.deck and _same_deck(state):
            parts.append("=")
        elif name == "events":
            parts.append(_events_text(data))
        else:
            parts.append(_write(tp, data[name]))
    return PREFIX + ",".join(parts)


def _same_deck(state: _Positioned) -> bool:
    try:
        return state.deck == seeded_deck(state.seed, state.deal_number, state.attempt)
    except (TypeError, ValueError, OverflowError):  # a seed no shuffle takes
        return False


# --- reading -------------------------------------------------------------------------------


class _Reader:
    """A cursor over the text; every read checks what it finds and names the position."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.at = 0

    def fail(self, expected: str) -> InvalidRecord:
        found = self.text[self.at : self.at + 12]
        shown = repr(found[:MAX_ECHO]) if found else "the end"
        return InvalidRecord(
            f"a position string: at character {self.at}, expected {expected}, found {shown}"
        )

    def expect(self, char: str) -> None:
        if not self.text.startswith(char, self.at):
            raise self.fail(repr(char))
        self.at += 1

    def peek(self) -> str:
        return self.text[self.at : self.at + 1]

    def token(self) -> str:
        start = self.at
        while self.at < len(self.text) and self.text[self.at] not in _ENDS:
            self.at += 1
        return self.text[start : self.at]

    def cards(self) -> str:
        start = self.at
        while self.at < len(self.text) and self.text[self.at] in _CARD_OF:
            self.at += 1
        return format_cards([_CARD_OF[c] for c in self.text[start : self.at]])

    def scalar(self, what: str) -> Any:
        start = self.at
        token = self.token()
        if token.startswith("'"):
            try:
                return unquote(token[1:], errors="strict")
            except UnicodeDecodeError:
                self.at = start
                raise self.fail("percent-escaped UTF-8 text") from None
        if _INT.fullmatch(token):  # ASCII digits only: str.isdigit takes "²"
            return int(token)
        self.at = start
        raise self.fail(what)

    def items(self, read: typing.Callable[[], Any]) -> list[Any]:
        self.expect("(")
        found: list[Any] = []
        if self.peek() == ")":
            self.at += 1
            return found
        while True:
            found.append(read())
            if self.peek() == ",":
                self.at += 1
            else:
                self.expect(")")
                return found

    def value(self, tp: Any) -> Any:
        if tp is Card:
            char = self.peek()
            if char not in _CARD_OF or not char:
                raise self.fail("a card")
            self.at += 1
            return str(_CARD_OF[char])
        if _is_hand(tp):
            return self.cards()
        if tp is EventLog:
            return self.items(lambda: self.value(Event))
        if _is_union(tp):
            if self.peek() == "~" and _NONE in get_args(tp):
                self.at += 1
                return None
            arms = _arms(tp)
            if len(arms) == 1:
                return self.value(arms[0])
            if not any(attrs.has(a) for a in arms):
                return self.scalar("an int or a word")  # the codec checks which arm reads it
            index = ord(self.peek() or "\0") - ord("a")
            if not 0 <= index < len(arms):
                raise self.fail(f"a type letter a-{chr(ord('a') + len(arms) - 1)}")
            self.at += 1
            return {"type": arms[index].__name__, **self.value(arms[index])}
        origin = get_origin(tp)
        if origin is tuple:
            args = get_args(tp)
            if len(args) == 2 and args[1] is Ellipsis:
                return self.items(lambda: self.value(args[0]))
            return list(self.record(tuple((str(i), a) for i, a in enumerate(args))).values())
        if origin is frozenset:
            (arg,) = get_args(tp)
            return self.items(lambda: self.value(arg))
        if isinstance(tp, type) and attrs.has(tp):
            # A class that upgrades old data (upgrade_data) may end early: texts written
            # before its later fields lack them, and the codec fills them in.
            return self.record(_fields(tp), upgradable=hasattr(tp, "upgrade_data"))
        if isinstance(tp, type) and issubclass(tp, tuple) and hasattr(tp, "_fields"):
            hints = typing.get_type_hints(tp)
            return list(self.record(tuple((n, hints[n]) for n in tp._fields)).values())
        if tp is bool:
            token = self.token()
            if token not in ("0", "1"):
                self.at -= len(token)
                raise self.fail("1 or 0")
            return token == "1"
        if tp is int or tp is str or get_origin(tp) is Literal:
            return self.scalar("a number or a 'string")
        if isinstance(tp, type) and issubclass(tp, enum.Enum):
            return self.scalar(f"a {tp.__name__}")
        raise TypeError(f"no position text for {tp!r}")  # not reached: the schema is fixed

    def record(
        self, fields: tuple[tuple[str, Any], ...], *, upgradable: bool = False
    ) -> dict[str, Any]:
        self.expect("(")
        found: dict[str, Any] = {}
        for index, (field, tp) in enumerate(fields):
            if index and upgradable and self.peek() == ")":
                break
            if index:
                self.expect(",")
            found[field] = self.value(tp)
        self.expect(")")
        return found


def read_position(text: object, cls: type[AnyState]) -> AnyState:
    """The state (a ``cls``, [`GameState`][tuolaji.GameState]) written as ``text`` by
    [`write_position`][tuolaji.state.position_text.write_position], its fields' types and
    ranges checked; [`InvalidRecord`][tuolaji.InvalidRecord] for anything that is not one.
    [`GameState.from_text`][tuolaji.GameState.from_text] then checks the consistency of the
    deal (see the module docstring)."""
    if not isinstance(text, str):
        raise TypeError(f"a position string is a str, got {type(text).__name__}")
    if len(text) > MAX_POSITION_TEXT:
        raise InvalidRecord(
            f"a position string is at most {MAX_POSITION_TEXT} characters, got {len(text)}"
        )
    text = text.strip()
    if not text.startswith(PREFIX):
        raise InvalidRecord(f"a position string starts with {PREFIX!r}, got {text[:12]!r}")
    reader = _Reader(text)
    reader.at = len(PREFIX)
    data: dict[str, Any] = {}
    schema: Any = cls  # Any: a class with eq=True does not type as Hashable
    upgrade = getattr(schema, "upgrade_data", None)
    fields = _fields(schema)
    for index, (name, tp) in enumerate(fields):
        if index and upgrade is not None and reader.at == len(text):
            filled = upgrade(data)
            if all(later in filled for later, _ in fields[index:]):
                break  # a text written before these fields: the codec fills them in
        if index:
            reader.expect(",")
        if name == "rules" and reader.peek() == "'":
            preset = reader.scalar("a rules preset")
            if preset not in RULESETS:
                raise InvalidRecord(
                    f"a position string: no rules preset {str(preset)[:40]!r}; "
                    f"the presets are {', '.join(RULESETS)}"
                )
            data[name] = to_data(Rules, RULESETS[preset])
        elif name == "events" and reader.peek() == "*":
            reader.at += 1
            before = reader.value(_EVENT_LIST)
            throws = reader.value(_THROWS)
            after = reader.value(_EVENT_LIST)
            trick, leader = data["trick"], data["leader"]
            # A leader is read as a scalar, so an edited text may make it a 'string.
            if not isinstance(leader, int) or any(
                not isinstance(t, dict) or not isinstance(t["leader"], int) for t in data["tricks"]
            ):
                raise reader.fail("the tricks before '*' events")
            data[name] = [*before, *_play_events(data["tricks"], trick, leader, throws), *after]
        elif name == "deck" and reader.peek() == "=":
            reader.at += 1
            data[name] = None  # filled in below, once the seed is known to be an int
        else:
            data[name] = reader.value(tp)
    if reader.at != len(text):
        raise reader.fail("the end of the position")
    if data["deck"] is None:
        seed, number, attempt = data["seed"], data["deal_number"], data["attempt"]
        if not all(type(v) is int and 0 <= abs(v) < 2**63 for v in (seed, number, attempt)):
            raise InvalidRecord("a position string: '=' for the deck needs int seed and deal")
        try:
            data["deck"] = format_cards(seeded_deck(seed, number, attempt))
        except (TypeError, ValueError, OverflowError):
            raise InvalidRecord("a position string: no shuffle for that seed and deal") from None
    state: AnyState = from_data(cls, data)
    return state
