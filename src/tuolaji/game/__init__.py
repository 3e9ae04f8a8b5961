"""The facade: :class:`~tuolaji.Game` chains the state machine and four bots into deals and
matches; :mod:`~tuolaji.game.record` writes and replays game records."""

from __future__ import annotations

from tuolaji.game.facade import Game, History, MatchResult

__all__ = ["Game", "History", "MatchResult"]
