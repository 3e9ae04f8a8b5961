"""Planting a wrong rule in the engine, so that a test can prove its checker finds it.

The state machine checks a follow in one place, `tuolaji.state.playing._check_follow`
(R7.1-R7.3, on card ids). `plant_follow_check` puts a card-level check in its stead for the
length of a test, as a bug in that rule would.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pytest

import tuolaji as tl
import tuolaji.state.playing
from tuolaji.core.cards import CARDS

FollowCheck = Callable[[Sequence[tl.Card], Sequence[tl.Card], Sequence[tl.Card], tl.Trump], None]


def plant_follow_check(monkeypatch: pytest.MonkeyPatch, check: FollowCheck) -> None:
    """Check every follow with ``check(lead, hand, cards, trump)`` instead of R7.1-R7.3."""

    def planted(state: tl.GameState, *, ids: list[int], held: tuple[int, ...], **_: object) -> None:
        trump = state.trump
        if trump is None:
            raise AssertionError("a follow is checked in the playing phase, with a trump")
        check(state.trick[0], [CARDS[i] for i in held], [CARDS[i] for i in ids], trump)

    monkeypatch.setattr(tuolaji.state.playing, "_check_follow", planted)
