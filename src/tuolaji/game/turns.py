"""Who is asked to bid while cards are dealt (R4.1-R4.4): one order for every loop.

[`Game`][tuolaji.Game], the factored [`Driver`][tuolaji.rl.actionspace.Driver] (so OpenSpiel and
PettingZoo) all ask in this order, so the three play the same game. The order depends only
on public information, never on hidden cards: a seat is asked when its hand size, the
standing bid or the deal attempt changed since it was last asked, in turn from the seat
that received the last card (so no seat always comes first); after a bid the round starts
over. Whether the seat can bid at all is its own secret: a seat without a bid is still
asked (``Pass`` is always legal); [`Game`][tuolaji.Game] answers that forced ``Pass`` for
it without asking its bot, which changes nothing.

>>> import tuolaji as tl
>>> from tuolaji.game.turns import BidTurns
>>> state = tl.GameState.new(seed=1).deal_card()
>>> turns = BidTurns()
>>> turns.round(state)  # seat 0 received the first card
[0]
>>> turns.asked(state, 0)
>>> turns.round(state)
[]
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tuolaji.core.bidding import Bid

if TYPE_CHECKING:
    from tuolaji.state.gamestate import GameState

__all__ = ["BidTurns"]

_Key = tuple[int, Bid | None, int, int]


class BidTurns:
    """The seats still to be asked while cards are dealt (see the module docstring).

    Holds, per seat, what it was last asked with: its hand size, the standing bid and
    ``(deal_number, attempt)`` (all public)."""

    __slots__ = ("_asked",)

    def __init__(self) -> None:
        self._asked: list[_Key | None] = [None, None, None, None]

    def copy(self) -> BidTurns:
        """An independent copy."""
        new = BidTurns()
        new._asked = list(self._asked)
        return new

    @staticmethod
    def _key(state: GameState, seat: int) -> _Key:
        return (len(state.hands[seat]), state.bid, state.deal_number, state.attempt)

    @staticmethod
    def receiver(state: GameState) -> int:
        """The seat that received the last card dealt (R4.1)."""
        return ((0 if state.dealer is None else state.dealer) + state.dealt - 1) % 4

    def round(self, state: GameState) -> list[int]:
        """The seats to ask now, in order: from the last card's receiver, each seat holding
        cards whose hand size, standing bid or attempt changed since it was last asked."""
        first = self.receiver(state)
        out = []
        for i in range(4):
            seat = (first + i) % 4
            if state.hands[seat] and self._asked[seat] != self._key(state, seat):
                out.append(seat)
        return out

    def asked(self, state: GameState, seat: int) -> None:
        """Record that ``seat`` was asked (or answered for) in ``state``."""
        self._asked[seat] = self._key(state, seat)

    def __repr__(self) -> str:
        return f"<BidTurns asked {self._asked}>"
