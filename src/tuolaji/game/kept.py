"""What a [`Game`][tuolaji.Game] keeps per deal, compactly.

A long match keeps every deal's actions and starting state, so their size is the game's
memory per deal. [`DealActions`][tuolaji.game.kept.DealActions] stores a deal's actions as two
bytes each (plus a few bytes per card of the larger ones) and gives back equal `Action`
values on access; [`DealStarts`][tuolaji.game.kept.DealStarts] keeps the first deal's starting
state and the current one, and rebuilds the others from the previous deal's result (R10),
which is all a next deal starts from. Both read like the lists they replace.
"""

from __future__ import annotations

import threading
from array import array
from collections.abc import Iterable, Iterator, Sequence
from typing import overload

from tuolaji.core.cards import CARDS
from tuolaji.core.scoring import DealResult
from tuolaji.state.actions import Action, AskRedeal, Bury, DealCard, Declare, Pass, Play
from tuolaji.state.gamestate import GameState, start_after

__all__ = ["DealActions", "DealStarts"]

_BIG = 0x8000
"""Codes below are shared actions; from here on, ``code - _BIG`` is an offset in the deal's
blob of larger actions."""

_SHARED: list[Action] = [DealCard()]
"""One shared copy of each small action (DealCard, Pass, AskRedeal, and bids and plays of at
most two cards), indexed by its code. Per kind there are at most 4 seats x 54 x 55 card
choices, so the table is bounded by construction; past ``_BIG`` entries (never reached by
legal play) actions go to the deal's blob instead."""

_CODES: dict[Action, int] = {_SHARED[0]: 0}
_LOCK = threading.Lock()  # two games in two threads must not give one code to two actions

_KINDS: tuple[type[Declare] | type[Bury] | type[Play], ...] = (Declare, Bury, Play)
"""Blob entry kinds 0..2: ``kind, seat, n, n card ids``. Kind 3 is any other action (a
subclass, say), kept as the object itself in the deal's ``_others``."""
_OTHER = len(_KINDS)
_SMALL_TYPES = (DealCard, Pass, AskRedeal, *_KINDS)


def _shared_code(action: Action) -> int | None:
    """The code of ``action`` in the shared table, adding it when small and room is left."""
    code = _CODES.get(action)
    if code is not None:
        return code
    if type(action) not in _SMALL_TYPES or len(getattr(action, "cards", ())) > 2:
        return None
    with _LOCK:
        code = _CODES.get(action)
        if code is None and len(_SHARED) < _BIG:
            _SHARED.append(action)
            code = _CODES[action] = len(_SHARED) - 1
    return code


class DealActions(Sequence[Action]):
    """The actions of one deal in order (``Game.actions[i]``): a sequence of `Action` values
    that reads and compares like the list it replaces (``==`` with a list of equal actions,
    indexing, slicing into a list, ``len``, iteration, pickling).

    Each action costs two bytes: its code in a table of shared small actions (DealCard,
    passes, bids and plays of at most two cards), or an offset into a blob where a larger
    action is written as its kind, seat and card ids. Reading one builds an equal action.
    The [`Game`][tuolaji.Game] calls [`append`][tuolaji.game.kept.DealActions.append].
    """

    __slots__ = ("_blob", "_codes", "_others")

    def __init__(self, actions: Iterable[Action] = ()) -> None:
        self._codes = array("H")
        self._blob: bytearray | None = None
        self._others: dict[int, Action] | None = None
        for action in actions:
            self.append(action)

    def append(self, action: Action) -> None:
        """Add ``action`` at the end (the game does, once it applied it)."""
        code = _shared_code(action)
        if code is None:
            code = _BIG + self._write(action)
        if code > 0xFFFF and self._codes.typecode == "H":
            self._codes = array("I", self._codes)  # a deal of more than 32 KB of big actions
        self._codes.append(code)

    def _write(self, action: Action) -> int:
        blob = self._blob
        if blob is None:
            blob = self._blob = bytearray()
        offset = len(blob)
        kind = _KINDS.index(type(action)) if type(action) in _KINDS else _OTHER
        if kind != _OTHER:
            seat: object = action.seat  # type: ignore[union-attr]
            cards = action.cards  # type: ignore[union-attr]
            if type(seat) is int and 0 <= seat <= 0xFF and len(cards) <= 0xFF:
                blob += bytes((kind, seat, len(cards), *[card.id for card in cards]))
                return offset
        if self._others is None:
            self._others = {}
        self._others[offset] = action
        blob.append(_OTHER)
        return offset

    def _read(self, code: int) -> Action:
        if code < _BIG:
            return _SHARED[code]
        offset = code - _BIG
        blob = self._blob
        assert blob is not None  # a code past _BIG was written with its blob entry
        kind = blob[offset]
        if kind == _OTHER:
            assert self._others is not None
            return self._others[offset]
        start = offset + 3
        cards = tuple([CARDS[i] for i in blob[start : start + blob[offset + 2]]])
        return _KINDS[kind](blob[offset + 1], cards)

    def __len__(self) -> int:
        return len(self._codes)

    def __iter__(self) -> Iterator[Action]:
        shared, read = _SHARED, self._read
        for code in self._codes:
            yield shared[code] if code < _BIG else read(code)

    @overload
    def __getitem__(self, index: int) -> Action: ...

    @overload
    def __getitem__(self, index: slice) -> list[Action]: ...

    def __getitem__(self, index: int | slice) -> Action | list[Action]:
        if isinstance(index, slice):
            return [self._read(code) for code in self._codes[index]]
        try:
            code = self._codes[index]
        except IndexError:
            raise IndexError("deal action index out of range") from None
        return self._read(code)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, DealActions):
            same = self._codes == other._codes and self._blob == other._blob
            if same and self._others == other._others:
                return True
            other = list(other)  # equal actions written apart (a full shared table)
        if isinstance(other, list):
            return len(self) == len(other) and all(a == b for a, b in zip(self, other, strict=True))
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __reduce__(self) -> tuple[type[DealActions], tuple[list[Action]]]:
        # Codes index this process's shared table: a pickle carries the actions themselves.
        return DealActions, (list(self),)

    def __repr__(self) -> str:
        return f"DealActions({list(self)!r})"


class DealStarts(Sequence[GameState]):
    """The starting state of each deal (``Game.starts``), read like a list of states.

    It keeps the first deal's state and the current deal's (the same object the game
    started from); any other deal's start is rebuilt from the previous deal's result, its
    levels and next dealer (R10), equal to the state the game started that deal from.
    """

    __slots__ = ("_count", "_current", "_first", "_results")

    def __init__(self, first: GameState, results: Sequence[DealResult]) -> None:
        self._first = self._current = first
        self._results = results  # the game's own list: deal i - 1's result starts deal i
        self._count = 1

    def begin(self, start: GameState) -> None:
        """Record the start of the next deal (the game does, as the deal begins)."""
        self._current = start
        self._count += 1

    def __len__(self) -> int:
        return self._count

    @overload
    def __getitem__(self, index: int) -> GameState: ...

    @overload
    def __getitem__(self, index: slice) -> list[GameState]: ...

    def __getitem__(self, index: int | slice) -> GameState | list[GameState]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(self._count))]
        if not isinstance(index, int):
            raise TypeError(f"start indices are ints or slices, not {type(index).__name__}")
        i = index + self._count if index < 0 else index
        if not 0 <= i < self._count:
            raise IndexError("deal start index out of range")
        if i == self._count - 1:
            return self._current
        if i == 0:
            return self._first
        return start_after(self._first, self._results[i - 1], self._first.deal_number + i)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, DealStarts | list):
            return len(self) == len(other) and all(a == b for a, b in zip(self, other, strict=True))
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"<DealStarts: {self._count} deals>"
