"""What a [`Game`][tuolaji.Game] keeps per deal, compactly.

A long match keeps every deal's actions and starting state, so their size is the game's
memory per deal. [`DealActions`][tuolaji.game.kept.DealActions] stores a deal's actions as two
bytes each (plus a few bytes per card of the larger ones) and gives back equal `Action`
values on access; [`DealStarts`][tuolaji.game.kept.DealStarts] keeps the first deal's starting
state and the current one, and rebuilds the others from the previous deal's result (R10),
which is all a next deal starts from. Both read like the lists they replace, and like every
sequence a game hands out ([`KeptList`][tuolaji.game.kept.KeptList] over its deals' actions and
results) they are read-only to callers: only the game adds to them, so a record written from a
game always replays.
"""

from __future__ import annotations

import sys
import threading
from array import array
from collections.abc import Iterable, Iterator, Sequence
from operator import attrgetter
from typing import TypeVar, overload

from tuolaji.core._args import sequence_index
from tuolaji.core.cards import CARDS
from tuolaji.core.scoring import DealResult
from tuolaji.state.actions import Action, AskRedeal, Bury, DealCard, Declare, Pass, Play, Undo
from tuolaji.state.gamestate import GameState, start_after

__all__ = ["DealActions", "DealStarts", "KeptList"]

Item = TypeVar("Item")
"""What a [`KeptList`][tuolaji.game.kept.KeptList] holds."""

# A deal's actions are 2-byte little-endian codes: below _BIG, an index in _SHARED; from
# _BIG, _BIG + the offset of the action in the deal's blob; _OBJECT, the action itself in
# the deal's ``_others`` under its index (a type the blob does not write, or a blob past
# 32 KB, which only a deal of thousands of redeals reaches).
_BIG, _OBJECT = 0x8000, 0xFFFF


def _code(code: int) -> bytes:
    return code.to_bytes(2, "little")


_OBJECT_CODE = _code(_OBJECT)

_SHARED: list[Action] = [DealCard()]
"""One shared copy of each small action (DealCard, Pass, AskRedeal, Undo, and bids and plays of at
most two cards), indexed by its code. Per kind there are at most 4 seats x 54 x 55 card
choices, so the table is bounded by construction; were it full, actions would go to the
deals' blobs instead."""

_CODES: dict[Action, bytes] = {_SHARED[0]: _code(0)}
_LOCK = threading.Lock()  # two games in two threads must not give one code to two actions

_KINDS: tuple[type[Declare] | type[Bury] | type[Play], ...] = (Declare, Bury, Play)
"""A blob entry is ``kind, seat, n`` then ``n`` card ids; the kind indexes this tuple."""
_KIND_OF: dict[type, int] = {kind: i for i, kind in enumerate(_KINDS)}
_ACTION_TYPES = (DealCard, Pass, AskRedeal, Undo, *_KINDS)
_card_id = attrgetter("id")


def _share(action: Action) -> bytes | None:
    """Add ``action`` to the shared table when it is small and there is room; its code, or
    None when the deal keeps it itself."""
    if type(action) not in _ACTION_TYPES or len(getattr(action, "cards", ())) > 2:
        return None
    with _LOCK:
        code = _CODES.get(action)  # another thread may have added it meanwhile
        if code is None and len(_SHARED) < _BIG:
            _SHARED.append(action)
            code = _CODES[action] = _code(len(_SHARED) - 1)
    return code


class DealActions(Sequence[Action]):
    """The actions of one deal in order (``Game.actions[i]``): a sequence of `Action` values
    that reads and compares like the list it replaces (``==`` with a list of equal actions,
    indexing, slicing into a list, ``len``, iteration, pickling).

    Each action costs two bytes: its code in a table of shared small actions (DealCard,
    passes, bids and plays of at most two cards), or an offset into a blob where a larger
    action is written as its kind, seat and card ids. Reading one gives an equal action.
    Read-only to callers (``DealActions(actions)`` builds one): the [`Game`][tuolaji.Game] adds
    each action it applied, so a caller cannot add one the game never played.
    """

    __slots__ = ("_blob", "_codes", "_others")

    def __init__(self, actions: Iterable[Action] = ()) -> None:
        self._codes = bytearray()
        self._blob: bytearray | None = None
        self._others: dict[int, Action] | None = None
        for action in actions:
            self._append(action)

    def _append(self, action: Action) -> None:
        # The game's own step, once it applied ``action``; not public (finding 4 of #33).
        if type(action) is DealCard:  # most actions of a deal: no hashing
            self._codes += b"\0\0"
            return
        if not isinstance(action, _ACTION_TYPES):
            raise TypeError(
                f"a deal's actions are tuolaji actions (DealCard, Declare, Pass, AskRedeal, "
                f"Bury, Play, Undo), got {type(action).__name__}"
            )
        # Plays of three cards or more, the common larger actions, are not hashed: never shared.
        code = None if type(action) is Play and len(action.cards) > 2 else _CODES.get(action)
        self._codes += code or _share(action) or self._write(action)

    def _write(self, action: Action) -> bytes:
        blob = self._blob
        if blob is None:
            blob = self._blob = bytearray()
        offset = len(blob)
        kind = _KIND_OF.get(type(action))
        if kind is not None and offset < _OBJECT - _BIG:
            seat: object = action.seat  # type: ignore[union-attr]
            cards = action.cards  # type: ignore[union-attr]
            if type(seat) is int and 0 <= seat <= 0xFF and len(cards) <= 0xFF:
                blob += bytes((kind, seat, len(cards), *map(_card_id, cards)))
                return _code(_BIG + offset)
        if self._others is None:
            self._others = {}
        self._others[len(self)] = action
        return _OBJECT_CODE

    def _read(self, index: int, code: int) -> Action:
        if code < _BIG:
            return _SHARED[code]
        if code == _OBJECT:
            assert self._others is not None  # written with the code
            return self._others[index]
        blob = self._blob
        assert blob is not None  # written with the code
        offset = code - _BIG
        start = offset + 3
        cards = tuple([CARDS[i] for i in blob[start : start + blob[offset + 2]]])
        return _KINDS[blob[offset]](blob[offset + 1], cards)

    def _code_array(self) -> array[int]:
        codes = array("H")
        codes.frombytes(self._codes)
        if sys.byteorder == "big":
            codes.byteswap()
        return codes

    def __len__(self) -> int:
        return len(self._codes) >> 1

    def __iter__(self) -> Iterator[Action]:
        shared, read = _SHARED, self._read
        for index, code in enumerate(self._code_array()):
            yield shared[code] if code < _BIG else read(index, code)

    @overload
    def __getitem__(self, index: int) -> Action: ...

    @overload
    def __getitem__(self, index: slice) -> list[Action]: ...

    def __getitem__(self, index: int | slice) -> Action | list[Action]:
        if isinstance(index, slice):
            codes = self._code_array()
            return [self._read(i, codes[i]) for i in range(*index.indices(len(codes)))]
        i = sequence_index(index, len(self), "deal action")
        data = self._codes
        return self._read(i, data[2 * i] | data[2 * i + 1] << 8)

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

    def _begin(self, start: GameState) -> None:
        # The game's own step as a deal begins; not public, as the sequence is read-only.
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
        i = sequence_index(index, self._count, "deal start")
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


class KeptList(Sequence[Item]):
    """A read-only view of a list a [`Game`][tuolaji.Game] keeps (``Game.actions``,
    ``Game.results``): it reads and compares like that list (indexing, slicing into a new
    list, ``len``, iteration, ``==`` with a list of equal items) but has no method
    that changes it, so only the game adds to it. An index outside it raises
    [`IndexOutOfRange`][tuolaji.IndexOutOfRange] naming ``what`` it holds.
    """

    __slots__ = ("_items", "_what")

    def __init__(self, items: list[Item], what: str) -> None:
        self._items = items  # the game's own list, which it appends to
        self._what = what

    def __len__(self) -> int:
        return len(self._items)

    def __iter__(self) -> Iterator[Item]:
        return iter(self._items)

    def __reversed__(self) -> Iterator[Item]:
        return reversed(self._items)

    def __contains__(self, value: object) -> bool:
        return value in self._items

    @overload
    def __getitem__(self, index: int) -> Item: ...

    @overload
    def __getitem__(self, index: slice) -> list[Item]: ...

    def __getitem__(self, index: int | slice) -> Item | list[Item]:
        if isinstance(index, slice):
            return self._items[index]
        return self._items[sequence_index(index, len(self._items), self._what)]

    def __eq__(self, other: object) -> bool:
        if isinstance(other, KeptList):
            return self._items == other._items
        if isinstance(other, list):
            return self._items == other
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __reduce__(self) -> tuple[type[KeptList[Item]], tuple[list[Item], str]]:
        return KeptList, (list(self._items), self._what)

    def __repr__(self) -> str:
        return repr(self._items)
