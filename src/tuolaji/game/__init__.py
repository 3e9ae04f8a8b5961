"""The facade: [`Game`][tuolaji.Game] chains the state machine and four bots into deals and
matches; `record` writes and replays game records."""

from __future__ import annotations

from tuolaji.game.facade import Game, History, MatchResult

__all__ = ["Game", "History", "MatchResult"]
