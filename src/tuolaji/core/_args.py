"""Checks of the arguments of the core's public functions (hostile input, #19 finding 7).

Each public rule function reads its arguments through these, so that a wrong type raises a
``TypeError`` naming the argument (not an ``AttributeError`` from deep inside a kernel).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable

from tuolaji.core.cards import CardId, card_ids_of
from tuolaji.core.errors import InvalidCards
from tuolaji.core.limits import MAX_CARDS
from tuolaji.core.trump import Trump, TrumpTable

__all__ = ["card_ids_of", "plays_ids_of", "sequence_index", "trump_table_of"]


def trump_table_of(value: object, name: str = "trump") -> TrumpTable:
    """The look-up table of ``value``, an argument that must be a [`Trump`][tuolaji.Trump]."""
    if isinstance(value, Trump):
        return value.table
    raise TypeError(f"{name} must be a tuolaji.Trump, got {type(value).__name__}")


def plays_ids_of(value: object, name: str = "plays") -> list[list[CardId]]:
    """The card ids of each play of ``value``, an argument that must be a sequence of plays
    (each an iterable of [`Card`][tuolaji.Card])."""
    if isinstance(value, str | bytes | bytearray) or not isinstance(value, Iterable):
        raise TypeError(f"{name} must be a sequence of plays of cards, got {type(value).__name__}")
    plays = list(itertools.islice(value, MAX_CARDS + 1))
    if len(plays) > MAX_CARDS:
        raise InvalidCards(f"R1.1: {name} holds more than {MAX_CARDS} plays")
    return [card_ids_of(p, f"{name}[{i}]") for i, p in enumerate(plays)]


def sequence_index(index: object, length: int, what: str) -> int:
    """The position ``index`` (an int, negative from the end) names in a sequence of
    ``length`` items that reads like a list (the event log, a game's history, its deals'
    actions and starts). Raises ``TypeError`` for an index that is not an int and
    ``IndexError`` outside the sequence, both naming ``what``."""
    if not isinstance(index, int):
        raise TypeError(f"{what} indices are ints or slices, not {type(index).__name__}")
    i = index + length if index < 0 else index
    if not 0 <= i < length:
        raise IndexError(f"{what} index out of range")
    return i
