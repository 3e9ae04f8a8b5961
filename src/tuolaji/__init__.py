"""tuolaji: a fast, typed rules engine for Tractor (拖拉机 / 升级 / 双升).

The rules it implements are numbered R1..R12 in the project's rules contract; every
function cites the rule it implements. See the README for a tour.
"""

from __future__ import annotations

from tuolaji import _compat
from tuolaji import svg as svg
from tuolaji.bots.base import Bot, RandomBot
from tuolaji.bots.best import BestBot
from tuolaji.bots.greedy import GreedyBot
from tuolaji.bots.knowledge import Knowledge, knowledge_of
from tuolaji.bots.pimc import PIMCBot
from tuolaji.bots.worlds import sample_world
from tuolaji.core._deprecated import renamed as _renamed
from tuolaji.core.bidding import Bid
from tuolaji.core.cards import (
    BIG_JOKER,
    CARDS,
    SMALL_JOKER,
    Card,
    Joker,
    Rank,
    Suit,
    format_cards,
    format_hand,
    full_deck,
    parse_cards,
    points,
)
from tuolaji.core.deal import deal_cards, shuffled_deck
from tuolaji.core.errors import (
    ConfigurationError,
    IllegalAction,
    InvalidCards,
    InvalidRecord,
    LimitExceeded,
    NoLegalChoice,
    TuolajiError,
)
from tuolaji.core.legal import (
    LegalFollows,
    LegalLeads,
    LegalPlays,
    LegalSet,
    legal_follows,
    legal_leads,
)
from tuolaji.core.rules import (
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
from tuolaji.core.scoring import (
    DealResult,
    advance_level,
    kitty_bonus,
    kitty_multiplier_for_lead,
    levels_after,
    match_winner,
    next_dealer,
    next_level_rank,
    score_deal,
    team_of,
)
from tuolaji.core.shapes import Shape, Unit, fits, is_tractor, shape_of, units
from tuolaji.core.tricks import (
    ThrowCheck,
    check_follow,
    check_lead,
    check_throw,
    follow_error,
    is_legal_follow,
    is_legal_lead,
    is_ruff,
    lead_error,
    points_in_trick,
    trick_winner,
)
from tuolaji.core.trump import TRUMP, Trump
from tuolaji.game.facade import Game, History, MatchResult
from tuolaji.game.record import read_record, record_of, replay, write_record
from tuolaji.rl.actionspace import Decision
from tuolaji.state import actions as actions
from tuolaji.state import notation as notation
from tuolaji.state.actions import (
    CHANCE,
    Action,
    ActionSet,
    AskRedeal,
    BiddingClosed,
    Buried,
    Bury,
    CardsDealt,
    DealCard,
    DealerSet,
    DealScored,
    Declare,
    Declared,
    Event,
    KittyRevealed,
    Pass,
    Passed,
    Phase,
    Play,
    Played,
    Redeal,
    RedealAsked,
    ThrowFailed,
    Trick,
    TrickWon,
    TrumpRevealed,
)
from tuolaji.state.eventlog import EventLog
from tuolaji.state.gamestate import GameState
from tuolaji.state.notation import format_action, parse_action
from tuolaji.state.view import PlayerView

__all__ = [
    "BIG_JOKER",
    "CARDS",
    "CHANCE",
    "FULL_LEVELS",
    "RULESETS",
    "SMALL_JOKER",
    "STANDARD_LEVEL_TABLE",
    "SUPER_LEVEL_TABLE",
    "TOURNAMENT_LEVELS",
    "TRUMP",
    "Action",
    "ActionSet",
    "AskRedeal",
    "BestBot",
    "Bid",
    "BiddingClosed",
    "Bot",
    "Buried",
    "Bury",
    "Card",
    "CardsDealt",
    "ConfigurationError",
    "DealCard",
    "DealResult",
    "DealScored",
    "DealerSet",
    "Decision",
    "Declare",
    "Declared",
    "Event",
    "EventLog",
    "Game",
    "GameState",
    "GreedyBot",
    "History",
    "IllegalAction",
    "InvalidCards",
    "InvalidRecord",
    "Joker",
    "KittyRevealed",
    "Knowledge",
    "LegalFollows",
    "LegalLeads",
    "LegalPlays",
    "LegalSet",
    "LevelBand",
    "LimitExceeded",
    "MatchResult",
    "NoLegalChoice",
    "Outcome",
    "PIMCBot",
    "Pass",
    "Passed",
    "Phase",
    "Play",
    "Played",
    "PlayerView",
    "RandomBot",
    "Rank",
    "Redeal",
    "RedealAsked",
    "Rules",
    "Shape",
    "Suit",
    "ThrowCheck",
    "ThrowFailed",
    "Trick",
    "TrickWon",
    "Trump",
    "TrumpRevealed",
    "TuolajiError",
    "Unit",
    "UnknownRuleset",
    "advance_level",
    "check_follow",
    "check_lead",
    "check_throw",
    "deal_cards",
    "fits",
    "follow_error",
    "format_action",
    "format_cards",
    "format_hand",
    "full_deck",
    "is_legal_follow",
    "is_legal_lead",
    "is_ruff",
    "is_tractor",
    "kitty_bonus",
    "kitty_multiplier_for_lead",
    "knowledge_of",
    "lead_error",
    "legal_follows",
    "legal_leads",
    "levels_after",
    "match_winner",
    "next_dealer",
    "next_level_rank",
    "parse_action",
    "parse_cards",
    "points",
    "points_in_trick",
    "read_record",
    "record_of",
    "replay",
    "sample_world",
    "score_deal",
    "shape_of",
    "shuffled_deck",
    "team_of",
    "trick_winner",
    "units",
    "write_record",
]

__version__ = "0.3.0"

_compat.install()

# Public names renamed in 0.3.0 (a function shared its name with a Rules field and a
# property); the old names work for one release with a DeprecationWarning.
__getattr__ = _renamed(
    __name__,
    {
        "kitty_multiplier": ("kitty_multiplier_for_lead", kitty_multiplier_for_lead),
        "trick_points": ("points_in_trick", points_in_trick),
    },
)
