"""Checks of the arguments of the public functions (hostile input, #19 finding 7), in one
module for every layer: plays and trumps, seats (`check_seat`, R1.3), types (`expect_type`),
list-like indices, and the counts and numbers of constructors (`check_count`,
`check_number`, `check_seed`: a bot's ``worlds``, ``bid_chance``, ``seed``). Cards alone are
read by `tuolaji.core.cards.card_ids_of`, in the module of cards, which needs it itself
(this one reads cards through it).

Each public function reads its arguments through these, so that a wrong type raises a
``TypeError`` naming the argument (not an ``AttributeError`` from deep inside a kernel) and a
wrong value the error of the rule it breaks.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterable
from typing import TypeVar, get_args

from tuolaji.core.cards import CardId, card_ids_of
from tuolaji.core.errors import (
    ConfigurationError,
    IllegalAction,
    IndexOutOfRange,
    InvalidCards,
    RulesTypeError,
    cut,
)
from tuolaji.core.limits import MAX_CARDS
from tuolaji.core.trump import Trump, TrumpTable

__all__ = [
    "check_choice",
    "check_count",
    "check_number",
    "check_seat",
    "check_seed",
    "choice_fault",
    "choices_text",
    "expect_type",
    "plays_ids_of",
    "rules_error",
    "sequence_index",
    "trump_table_of",
]

_T = TypeVar("_T")


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
    [`IndexOutOfRange`][tuolaji.IndexOutOfRange] (an ``IndexError``) outside the sequence, both
    naming ``what``; the latter also the index and the length."""
    if not isinstance(index, int):
        raise TypeError(f"{what} indices are ints or slices, not {type(index).__name__}")
    i = index + length if index < 0 else index
    if not 0 <= i < length:
        raise IndexOutOfRange(
            f"{what} index out of range: {cut(index)} in a sequence of {length} "
            f"(valid: {-length} to {length - 1})"
            if length
            else f"{what} index out of range: {cut(index)} in an empty sequence"
        )
    return i


def rules_error(
    kind: type[ConfigurationError], name: str, rule: str, expected: str, got: object
) -> ConfigurationError:
    """The error of a wrong value ``got`` of the house rule ``name`` (rule ``rule``, R12): a
    ``kind`` (`RulesTypeError` for a wrong type, `ConfigurationError` for a wrong value) whose
    message names the field, the rule and what it accepts, and quotes the value cut short."""
    return kind(f"Rules.{name} ({rule}): expected {expected}; got {cut(got)}")


def _same_kind(value: object, choice: object) -> bool:
    # True is an int to isinstance, never a choice of 2 or 3 (nor False one of 0).
    return isinstance(value, type(choice)) and isinstance(value, bool) is isinstance(choice, bool)


def choice_fault(value: object, choices: tuple[object, ...]) -> type[ConfigurationError] | None:
    """What is wrong with ``value`` as one of ``choices``: `RulesTypeError` when it has none of
    their types, `ConfigurationError` when it has but is none of them, None when it is one."""
    if not any(_same_kind(value, choice) for choice in choices):
        return RulesTypeError
    return None if value in choices else ConfigurationError


def choices_text(choices: tuple[object, ...]) -> str:
    """``choices`` as an error message lists them: ``'pairs' or 'suit_only'``."""
    return " or ".join(repr(choice) for choice in choices)


def check_choice(name: str, rule: str, value: object, choices: object) -> None:
    """Check that ``value`` is one of the values of the ``Literal`` type ``choices``: the house
    rule ``name`` of rule ``rule``, as a [`Rules`][tuolaji.Rules] field or as the same keyword
    argument of a trick function. Raises `rules_error`'s error, naming both."""
    valid: tuple[object, ...] = get_args(choices)
    fault = choice_fault(value, valid)
    if fault is not None:
        raise rules_error(fault, name, rule, choices_text(valid), value)


def check_seat(seat: object, what: str = "seat") -> int:
    """``seat`` as a seat (an int 0..3, R1.3), or [`IllegalAction`][tuolaji.IllegalAction] naming
    ``what`` it is (``"dealer"``, ``"seat"``): the one seat check of the engine."""
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat <= 3:
        raise IllegalAction("R1.3", f"seats are 0, 1, 2 and 3; got {what} {cut(seat)}")
    return seat


def expect_type(value: object, kind: type[_T], argument: str) -> _T:
    """``value`` itself when it is a ``kind``, else a `TypeError` naming ``argument`` and the
    type it got (R11: a wrong type is a `TypeError`, never an `AttributeError` deep inside)."""
    if not isinstance(value, kind):
        home = "tuolaji" if kind.__module__.startswith("tuolaji") else kind.__module__
        raise TypeError(
            f"{argument} must be a {home}.{kind.__qualname__}, got {type(value).__name__}"
        )
    return value


def check_seed(owner: str, seed: object) -> int | None:
    """``seed`` of ``owner`` (a bot, say): an int or None (``random.Random`` would also take
    a string, a float or bytes, which no arena or record writes)."""
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
        raise TypeError(f"{owner} seed is an int or None, got {type(seed).__name__}")
    return seed


def check_count(owner: str, name: str, value: object, high: int, what: str) -> int:
    """``value`` of the argument ``name`` of ``owner`` (a bot, say): an int from 1 to
    ``high`` (``what`` says what it counts)."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{owner} {name} is an int, got {type(value).__name__}")
    if not 1 <= value <= high:
        raise ConfigurationError(
            f"{owner} {name} ({what}) is between 1 and {high}, got {cut(value)}"
        )
    return value


def check_number(
    owner: str, name: str, value: object, *, low: float, high: float, what: str
) -> float:
    """``value`` of the argument ``name`` of ``owner``: a finite number from ``low`` to
    ``high`` (``math.inf`` for no upper bound), as a float."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise TypeError(f"{owner} {name} is a number, got {type(value).__name__}")
    try:
        number = float(value)
    except OverflowError:  # an int beyond any float
        number = math.nan
    if not (math.isfinite(number) and low <= number <= high):
        bound = f"at least {low:g}" if math.isinf(high) else f"between {low:g} and {high:g}"
        raise ConfigurationError(
            f"{owner} {name} ({what}) is a finite number {bound}, got {cut(value)}"
        )
    return number
