"""tuolaji: a fast, typed rules engine for Tractor (拖拉机 / 升级 / 双升).

The rules it implements are numbered R1..R12 in the project's rules contract; every
function cites the rule it implements. See the README for a tour.
"""

from __future__ import annotations

from .cards import (
    BIG_JOKER,
    CARDS,
    SMALL_JOKER,
    Card,
    Joker,
    Rank,
    Suit,
    format_cards,
    full_deck,
    parse_cards,
    points,
)
from .deal import deal_cards, shuffled_deck
from .errors import ConfigurationError, IllegalAction, InvalidCards, TuolajiError
from .shapes import Shape, Unit, fits, is_tractor, shape_of, units
from .trump import TRUMP, Trump

__all__ = [
    "BIG_JOKER",
    "CARDS",
    "SMALL_JOKER",
    "TRUMP",
    "Card",
    "ConfigurationError",
    "IllegalAction",
    "InvalidCards",
    "Joker",
    "Rank",
    "Shape",
    "Suit",
    "Trump",
    "TuolajiError",
    "Unit",
    "deal_cards",
    "fits",
    "format_cards",
    "full_deck",
    "is_tractor",
    "parse_cards",
    "points",
    "shape_of",
    "shuffled_deck",
    "units",
]

__version__ = "0.1.0"
