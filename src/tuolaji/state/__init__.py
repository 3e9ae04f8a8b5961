"""The state machine: :class:`~tuolaji.GameState`, its actions and events, and what each seat
may see of it (R4-R11).

A state is an immutable record; an action applied to it returns the next state. Modules:
:mod:`~tuolaji.state.actions` (phases, actions, events), :mod:`~tuolaji.state.eventlog`
(the shared log of events), :mod:`~tuolaji.state.gamestate` (the record and its dispatch),
:mod:`~tuolaji.state.auction` (dealing, bidding, burying, counters),
:mod:`~tuolaji.state.playing` (tricks), :mod:`~tuolaji.state.validate` (consistency checks),
:mod:`~tuolaji.state.bookkeeping` (a state's counters read back from its public record),
:mod:`~tuolaji.state.codec` (JSON), :mod:`~tuolaji.state.view` (a seat's view),
:mod:`~tuolaji.state.table_text` (the lines a state and a view print),
:mod:`~tuolaji.state.notation` (action notation, above the actions) and
:mod:`~tuolaji.state.pictures` (SVG).

Counting every import, the only import cycle is the state machine itself: gamestate,
auction, playing, validate and view (``tests/state/test_architecture.py``).
"""

from __future__ import annotations

from tuolaji.state.gamestate import GameState
from tuolaji.state.view import PlayerView

__all__ = ["GameState", "PlayerView"]
