"""The state machine: [`GameState`][tuolaji.GameState], its actions and events, and what each seat
may see of it (R4-R11).

A state is an immutable record; an action applied to it returns the next state. Modules:
`actions` (phases, actions, events), [`eventlog`][tuolaji.state.eventlog]
(the shared log of events), `gamestate` (the record and its dispatch),
`auction` (dealing, bidding, burying, counters),
`playing` (tricks), [`validate`][tuolaji.state.validate] (consistency checks),
[`bookkeeping`][tuolaji.state.bookkeeping] (a state's counters read back from its public record),
`codec` (JSON), `view` (a seat's view),
`table_text` (the lines a state and a view print),
[`notation`][tuolaji.state.notation] (action notation, above the actions) and
`pictures` (SVG).

Counting every import, the only import cycle is the state machine itself: gamestate and
its transitions auction, playing and validate (``tests/test_architecture.py``). Views, the
position string and the JSON codec sit beside it: they read a state's fields and never
import the state machine.
"""

from __future__ import annotations

from tuolaji.state.gamestate import GameState
from tuolaji.state.view import PlayerView

__all__ = ["GameState", "PlayerView"]
