"""Taking back a bid or a play (``Rules.takeback``, R11): the window and the replay of a deal.

A [`GameState`][tuolaji.GameState] keeps no history, so taking back is the
[`Game`][tuolaji.Game]'s: it keeps every action of the deal, and an [`Undo`][tuolaji.Undo] in
that list takes back the last action that still stands but for cards dealt (a bid's window
stays open while cards are dealt, as in the online app; no other action can be taken back).
The state after an undo is the state of the deal played without that action: the same as
before it, with the cards dealt since (R4.1) dealt again. So a view after an undo is the view
of a deal in which the action never happened, and tells nothing the view before it did not
(the cards a seat was dealt meanwhile are its own).

The window (docs/game.md, "Taking back"), for the seat ``seat`` asking:

- the rule allows the kind (``"bids"``, ``"plays"`` or ``"both"``);
- the deal's last standing action other than a card dealt is ``seat``'s;
- a bid (R4.2-R4.4): bidding is still open, the phase ``DEALING`` or ``CLOSING`` (R4.1);
- a play (R6, R7): it did not end the deal (the deal is scored at once, R8-R9, and the kitty
  may be shown, R8.2) and it is not a failed throw (R6.4 told every seat who beats it).

>>> import tuolaji as tl
>>> game = tl.Game("online", 7)
>>> game.undo()
Traceback (most recent call last):
  ...
tuolaji.core.errors.IllegalAction: R11: nothing to take back: no bid or play stands in this deal
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator, Sequence

from tuolaji.core.errors import IllegalAction, TuolajiError
from tuolaji.state.actions import (
    Action,
    ActionSet,
    DealCard,
    Declare,
    Phase,
    Play,
    ThrowFailed,
    Undo,
)
from tuolaji.state.gamestate import GameState

__all__ = ["WithUndo", "deal_states", "rebuilt", "standing", "takeback_index", "taken_back"]

_BID_PHASES = (Phase.DEALING, Phase.CLOSING)
_BIDS = ("bids", "both")
_PLAYS = ("plays", "both")


def _last_decision(actions: Sequence[Action]) -> int:
    """The index of the last action of ``actions`` that is not a card dealt, or -1."""
    k = len(actions) - 1
    while k >= 0 and type(actions[k]) is DealCard:
        k -= 1
    return k


def standing(actions: Iterable[Action]) -> list[Action]:
    """The actions of a deal that stand: each [`Undo`][tuolaji.Undo] removes the last standing
    action before it that is not a card dealt (the one it took back).

    >>> from tuolaji.state.notation import parse_action as a
    >>> standing([a("deal"), a("0 declare ♠2"), a("deal"), a("0 undo"), a("deal")])
    [parse_action('deal'), parse_action('deal'), parse_action('deal')]
    """
    kept: list[Action] = []
    for action in actions:
        if type(action) is Undo:
            k = _last_decision(kept)
            if k >= 0:
                del kept[k]
        else:
            kept.append(action)
    return kept


def taken_back(actions: Iterable[Action]) -> list[Action]:
    """The actions of a deal that were taken back, in the order of their undos."""
    kept: list[Action] = []
    out: list[Action] = []
    for action in actions:
        if type(action) is Undo:
            k = _last_decision(kept)
            if k >= 0:
                out.append(kept.pop(k))
        else:
            kept.append(action)
    return out


def takeback_index(state: GameState, actions: Sequence[Action], seat: int | None) -> int:
    """The index in ``actions`` (a deal's standing actions, ending in ``state``) of the action
    ``seat`` (None: whichever seat made it) may take back now; else
    [`IllegalAction`][tuolaji.IllegalAction] naming the rule and why."""
    mode = state.rules.takeback
    if mode == "none":
        raise IllegalAction("R11", 'Rules.takeback is "none": an action stands once made')
    k = _last_decision(actions)
    if k < 0:
        raise IllegalAction("R11", "nothing to take back: no bid or play stands in this deal")
    last = actions[k]
    who = "" if seat is None else f"seat {seat}: "
    if seat is not None and getattr(last, "seat", None) != seat:
        raise IllegalAction(
            "R11",
            f"{who}the deal's last action ({last}) is not yours; only seat "
            f"{getattr(last, 'seat', '?')} may take it back",
        )
    if type(last) is Declare:
        if mode not in _BIDS:
            raise IllegalAction("R11", f'{who}Rules.takeback is "{mode}": a bid stands once made')
        if state.phase not in _BID_PHASES:
            raise IllegalAction(
                "R4.1", f"{who}bidding is closed ({state.phase.value}): the bid {last} stands"
            )
        return k
    if type(last) is Play:
        if mode not in _PLAYS:
            raise IllegalAction("R11", f'{who}Rules.takeback is "{mode}": a play stands once made')
        if state.phase is not Phase.PLAYING:
            raise IllegalAction(
                "R9", f"{who}the play {last} ended the deal, which is scored: it stands"
            )
        events = state.events
        if len(state.trick) == 1 and len(events) >= 2 and type(events[-2]) is ThrowFailed:
            raise IllegalAction(
                "R6.4",
                f"{who}the throw failed and every seat was told who beats it: the play stands",
            )
        return k
    raise IllegalAction(
        "R11", f"{who}the deal's last action ({last}) is no bid or play: only those are taken back"
    )


def rebuilt(start: GameState, actions: Sequence[Action], index: int) -> GameState:
    """The state of the deal from ``start`` with ``actions`` applied but ``actions[index]``."""
    state = start
    try:
        for i, action in enumerate(actions):
            if i != index:
                state = state.apply(action)
    except TuolajiError as error:  # pragma: no cover - the window keeps the rest applicable
        raise IllegalAction("R11", f"{actions[index]} cannot be taken back: {error}") from None
    return state


def deal_states(start: GameState, actions: Iterable[Action]) -> Iterator[GameState]:
    """The state after each of a deal's ``actions`` from ``start`` (undos included: the state
    after an [`Undo`][tuolaji.Undo] is the deal without the action it took back)."""
    state = start
    kept: list[Action] = []
    for action in actions:
        if type(action) is Undo:
            k = _last_decision(kept)
            if k < 0:  # pragma: no cover - a game appends only undos that applied
                raise IllegalAction(
                    "R11", "nothing to take back: no bid or play stands in this deal"
                )
            state = rebuilt(start, kept, k)
            del kept[k]
        else:
            state = state.apply(action)
            kept.append(action)
        yield state


class WithUndo(ActionSet):
    """Legal actions with a seat's [`Undo`][tuolaji.Undo] added at the end (the actions of
    [`Game.legal_actions`][tuolaji.Game.legal_actions] while the take-back window is open)."""

    __slots__ = ("_base", "_undo")

    def __init__(self, base: ActionSet, undo: Undo) -> None:
        self._base = base
        self._undo = undo

    @property
    def base(self) -> ActionSet:
        """The state's own legal actions, without the undo."""
        return self._base

    def __iter__(self) -> Iterator[Action]:
        yield from self._base
        yield self._undo

    def __len__(self) -> int:
        return len(self._base) + 1

    def __contains__(self, action: object) -> bool:
        return action == self._undo or action in self._base

    def sample(self, rng: random.Random) -> Action:
        if not self._base or rng.randrange(len(self)) == 0:
            return self._undo
        return self._base.sample(rng)
