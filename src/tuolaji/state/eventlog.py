"""The event log of a deal: a persistent sequence, shared between successive states.

Every action appends a few events to [`GameState.events`][tuolaji.GameState.events]. Copying a
tuple for each action would make a deal cost quadratic time and memory (and a record of many
redeals far more); instead an [`EventLog`][tuolaji.state.eventlog.EventLog] is a chain of immutable
nodes, each holding one event and pointing at the log before it. Appending makes one node and
shares everything else, so the states of a deal share one chain.

For users the log behaves like a tuple of events: iteration (oldest first), ``len``,
indexing and slicing (slices are tuples), ``reversed``, ``in``, ``==`` with another log or
with a tuple (``state.events == (e1, e2)``), and hashing like the equal tuple. ``tuple(log)``
gives a plain tuple. Indexing from the end (``log[-1]``) is cheap; other positions walk
the chain (linear time), so iterate rather than index when reading a whole log.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import Any, overload

from tuolaji.core._args import sequence_index
from tuolaji.core.cards import Card
from tuolaji.state.actions import Event, Hand, Played

__all__ = ["EMPTY_LOG", "EventLog"]


class EventLog(Sequence[Event]):
    """An immutable sequence of events; [`add`][tuolaji.state.eventlog.EventLog.add] and
    [`extend`][tuolaji.state.eventlog.EventLog.extend] return a longer log that shares this one
    (see the module docstring)."""

    __slots__ = ("_event", "_len", "_play", "_prev", "shown_cards_cache")

    _prev: EventLog | None
    _event: Event | None
    _play: tuple[int, tuple[Card, ...]] | None
    """A node made by [`add_played`][tuolaji.state.eventlog.EventLog.add_played] holds ``(seat,
    cards)`` until its event is read: most of a simulated deal's events are never read, and a tuple
    is cheaper to make."""
    _len: int
    shown_cards_cache: tuple[Hand, Hand, Hand, Hand] | None
    """The shown cards after the events up to here (`tuolaji.state.view.shown_cards`),
    cached on the node by that function; None until it asks. Not part of the log's value."""

    def __init__(self, events: Iterable[Event] = ()) -> None:
        """A log holding ``events`` in order."""
        self._prev = None
        self._event = None
        self._play = None
        self._len = 0
        self.shown_cards_cache = None
        items = list(events)
        if items:
            # Chain every event but the last from a fresh empty root; this object is the head.
            node = EventLog().extend(items[:-1])
            self._prev, self._event, self._len = node, items[-1], node._len + 1

    def add(self, event: Event) -> EventLog:
        """This log with ``event`` appended (constant time; this log is unchanged)."""
        # Built field by field (no __init__ call): every action appends at least one event.
        node = _new_object(EventLog)
        node._prev = self
        node._event = event
        node._play = None
        node._len = self._len + 1
        node.shown_cards_cache = None
        return node

    def add_played(self, seat: int, cards: tuple[Card, ...]) -> EventLog:
        """``add(Played(seat, cards))``, the [`Played`][tuolaji.Played] event made
        only when it is read (the log's value is the same)."""
        node = _new_object(EventLog)
        node._prev = self
        node._event = None
        node._play = (seat, cards)
        node._len = self._len + 1
        node.shown_cards_cache = None
        return node

    def _item(self) -> Event:
        """This node's event (made now if
        [`add_played`][tuolaji.state.eventlog.EventLog.add_played] left it as a tuple)."""
        event = self._event
        if event is None:
            assert self._play is not None, "the empty log has no event"
            event = self._event = Played(*self._play)
        return event

    def extend(self, events: Iterable[Event]) -> EventLog:
        """This log with ``events`` appended in order."""
        node = self
        for event in events:
            node = node.add(event)
        return node

    @property
    def previous(self) -> EventLog | None:
        """The log without its last event (None for the empty log)."""
        return self._prev if self._len else None

    @property
    def last(self) -> Event | None:
        """The last event, or None for the empty log."""
        return self._item() if self._len else None

    def __len__(self) -> int:
        return self._len

    def __reversed__(self) -> Iterator[Event]:
        node: EventLog | None = self
        while node is not None and node._len:
            yield node._item()
            node = node._prev

    def __iter__(self) -> Iterator[Event]:
        return iter(self._as_list())

    def _as_list(self) -> list[Event]:
        out = list(reversed(self))
        out.reverse()
        return out

    @overload
    def __getitem__(self, index: int) -> Event: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[Event, ...]: ...

    def __getitem__(self, index: int | slice) -> Event | tuple[Event, ...]:
        if isinstance(index, slice):
            return tuple(self._as_list()[index])
        n = self._len
        i = sequence_index(index, n, "event log")
        for pos, event in enumerate(reversed(self)):
            if pos == n - 1 - i:
                return event
        raise AssertionError("unreachable")  # pragma: no cover

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if isinstance(other, EventLog):
            if other._len != self._len:
                return False
            a: EventLog | None = self
            b: EventLog | None = other
            while a is not None and b is not None and a is not b and a._len:
                if a._item() != b._item():
                    return False
                a, b = a._prev, b._prev
            return True
        if isinstance(other, tuple):
            return len(other) == self._len and tuple(self._as_list()) == other
        return NotImplemented

    def __ne__(self, other: object) -> bool:
        eq = self.__eq__(other)
        return eq if eq is NotImplemented else not eq

    def __hash__(self) -> int:
        return hash(tuple(self._as_list()))

    def __repr__(self) -> str:
        return f"EventLog({tuple(self._as_list())!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (EventLog, (tuple(self._as_list()),))


_new_object = object.__new__

EMPTY_LOG = EventLog()
"""The log with no events."""
