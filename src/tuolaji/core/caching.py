"""The package's one cache policy: bounded, least recently used out first, safe under threads.

Every module-level cache of the package is one of two things built here:

* [`memoize`][tuolaji.core.caching.memoize] for a pure function of hashable arguments (the C
  ``functools.lru_cache``, which is thread-safe and least-recently-used already), and
* [`BoundedCache`][tuolaji.core.caching.BoundedCache] for a value derived from an object the caller
  looks up itself (an identity key, a key that is not the function's arguments): a dict guarded by
  a lock.

A cache only saves work: every answer is the one a fresh computation gives, so losing an
entry is always safe, and two threads computing the same entry at once both get a correct
value (the later one is kept).
"""

from __future__ import annotations

import functools
import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Generic, ParamSpec, TypeVar, cast

__all__ = ["BoundedCache", "memoize"]

P = ParamSpec("P")
R = TypeVar("R")
K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


def memoize(limit: int) -> Callable[[Callable[P, R]], Callable[P, R]]:
    """Remember the ``limit`` most recently used results of a pure function of hashable
    arguments (least recently used out first; safe under threads)."""
    if limit < 1:
        raise ValueError(f"a cache holds at least one entry, got limit={limit}")

    def decorate(func: Callable[P, R]) -> Callable[P, R]:
        return cast("Callable[P, R]", functools.lru_cache(maxsize=limit)(func))

    return decorate


class BoundedCache(Generic[K, V]):
    """A mapping of at most ``limit`` entries, least recently used out first. Writes hold a
    lock (so two evictions never race); a look-up is one atomic read and a move to the
    recent end, so it never sees a dict changing under it."""

    __slots__ = ("_data", "_limit", "_lock")

    def __init__(self, limit: int) -> None:
        if limit < 1:
            raise ValueError(f"a cache holds at least one entry, got limit={limit}")
        self._data: OrderedDict[K, V] = OrderedDict()
        self._limit = limit
        self._lock = threading.Lock()

    def get(self, key: K) -> V | None:
        """The value kept for ``key``, or None."""
        # No lock on the hot path: each OrderedDict operation is atomic under the GIL (the
        # keys are ints and tuples of ints, whose hashing and comparison run no Python
        # code), and an entry dropped by another thread between the two calls is only a
        # miss for the next look-up, never an error.
        data = self._data
        value = data.get(key)
        if value is not None:
            try:  # noqa: SIM105 - contextlib.suppress costs a context manager per hit
                data.move_to_end(key)
            except KeyError:
                pass
        return value

    def put(self, key: K, value: V) -> None:
        """Keep ``value`` for ``key``, dropping the least recently used entry when full."""
        with self._lock:
            data = self._data
            data[key] = value
            data.move_to_end(key)
            if len(data) > self._limit:
                data.popitem(last=False)

    def clear(self) -> None:
        """Drop every entry."""
        with self._lock:
            self._data.clear()

    def __len__(self) -> int:
        return len(self._data)

    def __repr__(self) -> str:
        return f"<BoundedCache {len(self._data)}/{self._limit}>"
