"""The play phase at bitboard speed: [`PlayPhase`][tuolaji.PlayPhase], a mutable play phase
(R6-R10) with ``push``/``pop`` on integer bitboards, for search, rollouts and self-play.

A layer between the state machine and the bots: it reads a
[`GameState`][tuolaji.GameState] and gives one back, and plays by the trick kernels of
`tuolaji.core`; the bots, the adapters and the tools may build on it.
"""

from __future__ import annotations

from tuolaji.fast.playphase import PlayPhase

__all__ = ["PlayPhase"]
