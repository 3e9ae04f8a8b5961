"""The exception types of tuolaji.

Every error the library raises on bad input derives from [`TuolajiError`][tuolaji.TuolajiError].
The concrete types are also `ValueError`, so code that already catches ``ValueError`` keeps working.
Raising never changes any existing object (R11).
"""

from __future__ import annotations

import reprlib
from enum import Enum
from typing import NoReturn

from tuolaji.core.limits import MAX_ECHO

__all__ = [
    "ConfigurationError",
    "IllegalAction",
    "IndexOutOfRange",
    "InvalidCards",
    "InvalidRecord",
    "LimitExceeded",
    "NoLegalChoice",
    "RulesTypeError",
    "TuolajiError",
    "cut",
    "refuse_member",
]


class TuolajiError(Exception):
    """Base class of every error raised by tuolaji.

    Errors pickle with their message and attributes whatever their constructor takes: a
    worker process of the arena hands its error back to the parent that way."""

    def __reduce__(self) -> tuple[object, ...]:
        # The default pickle calls the class with ``args``, which IllegalAction(rule, message)
        # and its kin do not take: unpickling would fail and break the worker pool.
        return _restore, (type(self), self.args, self.__dict__)


def _restore(
    kind: type[TuolajiError], args: tuple[object, ...], state: dict[str, object]
) -> TuolajiError:
    error = kind.__new__(kind)
    error.args = args
    error.__dict__.update(state)
    return error


class IndexOutOfRange(TuolajiError, IndexError):
    """An index outside a sequence of tuolaji that reads like a list (a game's deals'
    actions, results and starts, its history, a state's event log): an `IndexError`, as the
    sequence protocol needs, whose message names the sequence, the index and the length."""


class InvalidCards(TuolajiError, ValueError):
    """Text or values that do not describe cards (R1.1).

    ``token`` is the offending piece of text (empty when the error is not about text) and
    ``position`` its 0-based character index in the parsed string (-1 when not applicable).
    """

    def __init__(self, message: str, *, token: str = "", position: int = -1) -> None:
        super().__init__(message)
        self.token = token
        self.position = position


class IllegalAction(TuolajiError, ValueError):
    """An action that the rules do not allow (R11).

    ``rule`` names the rule that forbids it, e.g. ``"R7.3"``; the message says what was
    required instead.
    """

    def __init__(self, rule: str, message: str) -> None:
        super().__init__(f"{rule}: {message}")
        self.rule = rule


class NoLegalChoice(IllegalAction):
    """[`sample`][tuolaji.LegalSet.sample] of an empty set of legal plays or actions (R11): there
    is nothing to choose from (an empty hand, or a seat that has no decision now)."""

    def __init__(self, message: str) -> None:
        super().__init__("R11", message)


class ConfigurationError(TuolajiError, ValueError):
    """A trump context or a set of rules that cannot exist (e.g. a level that is not a rank)."""


class RulesTypeError(ConfigurationError, TypeError):
    """A [`Rules`][tuolaji.Rules] field (or the same house rule given to a trick function) of
    the wrong type, e.g. ``Rules(throw_penalty=10.0)``: a `TypeError` and, like every wrong rules
    value, a [`ConfigurationError`][tuolaji.ConfigurationError] naming the field and the rule
    (R12)."""


class InvalidRecord(TuolajiError, ValueError):
    """JSON that is not a state or game record of this library, or a game record that does
    not replay; the message says what is wrong and where (for a record, the first action
    that fails)."""


class LimitExceeded(TuolajiError, ValueError):
    """A bound of [`tuolaji.core.limits`][tuolaji.core.limits] was passed: e.g. more redeals of one
    deal than a [`Game`][tuolaji.Game] allows (bots that never bid would otherwise redeal
    forever)."""


def cut(value: object, limit: int = MAX_ECHO) -> str:
    """``repr(value)`` cut to at most ``limit`` characters, for quoting in an error message
    (an error never echoes a huge input). Containers and strings are abbreviated while the
    text is built, so quoting a hostile value costs little."""
    shortener = reprlib.Repr()
    shortener.maxstring = shortener.maxother = limit
    shortener.maxlist = shortener.maxtuple = shortener.maxset = shortener.maxdict = 6
    shortener.maxlevel = 3
    try:
        text = shortener.repr(value)
    except Exception:  # a hostile __repr__ must not replace the real error
        text = f"<{type(value).__name__}>"
    return text if len(text) <= limit else text[: limit - 3] + "..."


def refuse_member(
    enum: type[Enum], value: object, value_type: type, error: type[TuolajiError], rule: str
) -> NoReturn:
    """The error of an enum lookup that found no member (called from the enum's
    ``_missing_``): `TypeError` when ``value`` is not a ``value_type``, else ``error`` quoting
    the value (cut short) and listing the members. Python's own lookup error is a plain
    `ValueError`, which R11 does not allow to escape."""
    members = ", ".join(f"{member.name}={member.value!r}" for member in enum)
    if not isinstance(value, value_type) or isinstance(value, bool):
        raise TypeError(
            f"{rule}: the values of {enum.__name__} are {value_type.__name__}s, "
            f"got {type(value).__name__}; members: {members}"
        )
    raise error(f"{rule}: {cut(value)} is not a {enum.__name__}; members: {members}")
