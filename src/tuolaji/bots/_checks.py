"""The checks of the bots' constructor arguments (issue 33, finding 7): a bad ``seed``,
``worlds``, ``candidates``, ``bid_chance``, ... is refused where the bot is made, naming the
bot and the argument, not mid-game with a traceback from deep inside a decision.

A wrong type is a `TypeError` (``True`` is no int here, though Python's bool is one); a value
out of range a [`ConfigurationError`][tuolaji.ConfigurationError].
"""

from __future__ import annotations

import math

from tuolaji.core.errors import ConfigurationError, cut

__all__ = ["check_count", "check_number", "check_seed"]


def check_seed(bot: str, seed: object) -> int | None:
    """``seed`` of the bot named ``bot``: an int or None (``random.Random`` would also take
    a string, a float or bytes, which no arena or record writes)."""
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
        raise TypeError(f"{bot} seed is an int or None, got {type(seed).__name__}")
    return seed


def check_count(bot: str, name: str, value: object, high: int, what: str) -> int:
    """``value`` of the argument ``name`` of ``bot``: an int from 1 to ``high`` (``what`` says
    what it counts)."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{bot} {name} is an int, got {type(value).__name__}")
    if not 1 <= value <= high:
        raise ConfigurationError(f"{bot} {name} ({what}) is between 1 and {high}, got {cut(value)}")
    return value


def check_number(
    bot: str, name: str, value: object, *, low: float, high: float, what: str
) -> float:
    """``value`` of the argument ``name`` of ``bot``: a finite number from ``low`` to
    ``high`` (``math.inf`` for no upper bound), as a float."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise TypeError(f"{bot} {name} is a number, got {type(value).__name__}")
    try:
        number = float(value)
    except OverflowError:  # an int beyond any float
        number = math.nan
    if not (math.isfinite(number) and low <= number <= high):
        bound = f"at least {low:g}" if math.isinf(high) else f"between {low:g} and {high:g}"
        raise ConfigurationError(
            f"{bot} {name} ({what}) is a finite number {bound}, got {cut(value)}"
        )
    return number
