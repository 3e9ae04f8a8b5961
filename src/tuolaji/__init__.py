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
from .rules import (
    FULL_LEVELS,
    RULESETS,
    STANDARD_LEVEL_TABLE,
    SUPER_LEVEL_TABLE,
    TOURNAMENT_LEVELS,
    LevelBand,
    Outcome,
    Rules,
    UnknownRuleset,
)
from .scoring import (
    DealResult,
    advance_level,
    kitty_bonus,
    kitty_multiplier,
    levels_after,
    match_winner,
    next_dealer,
    next_level_rank,
    score_deal,
    team_of,
)
from .shapes import Shape, Unit, fits, is_tractor, shape_of, units
from .trump import TRUMP, Trump

__all__ = [
    "BIG_JOKER",
    "CARDS",
    "FULL_LEVELS",
    "RULESETS",
    "SMALL_JOKER",
    "STANDARD_LEVEL_TABLE",
    "SUPER_LEVEL_TABLE",
    "TOURNAMENT_LEVELS",
    "TRUMP",
    "Card",
    "ConfigurationError",
    "DealResult",
    "IllegalAction",
    "InvalidCards",
    "Joker",
    "LevelBand",
    "Outcome",
    "Rank",
    "Rules",
    "Shape",
    "Suit",
    "Trump",
    "TuolajiError",
    "Unit",
    "UnknownRuleset",
    "advance_level",
    "deal_cards",
    "fits",
    "format_cards",
    "full_deck",
    "is_tractor",
    "kitty_bonus",
    "kitty_multiplier",
    "levels_after",
    "match_winner",
    "next_dealer",
    "next_level_rank",
    "parse_cards",
    "points",
    "score_deal",
    "shape_of",
    "shuffled_deck",
    "team_of",
    "units",
]

__version__ = "0.1.0"
