"""The OpenSpiel game ``python_tuolaji`` (extra ``tuolaji[openspiel]``), at its documented
path: importing it registers the game with ``pyspiel``; the code is in
`tuolaji.rl.openspiel`."""

from __future__ import annotations

from tuolaji.rl.openspiel import TuolajiGame, TuolajiObserver, TuolajiState, seen

__all__ = ["TuolajiGame", "TuolajiObserver", "TuolajiState", "seen"]
