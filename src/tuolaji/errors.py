"""The exception types of tuolaji.

Every error the library raises on bad input derives from :class:`TuolajiError`. The concrete
types are also :class:`ValueError`, so code that already catches ``ValueError`` keeps working.
Raising never changes any existing object (R11).
"""

from __future__ import annotations

__all__ = ["ConfigurationError", "IllegalAction", "InvalidCards", "InvalidRecord", "TuolajiError"]


class TuolajiError(Exception):
    """Base class of every error raised by tuolaji."""


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


class ConfigurationError(TuolajiError, ValueError):
    """A trump context or a set of rules that cannot exist (e.g. a level that is not a rank)."""


class InvalidRecord(TuolajiError, ValueError):
    """JSON that is not a state or game record of this library, or a game record that does
    not replay; the message says what is wrong and where (for a record, the first action
    that fails)."""
