"""The ``Game`` facade: deals chained into a match, played by bots (R4-R10).

A [`Game`][tuolaji.Game] is deterministic from ``(rules, seed)`` and its bots' own seeds: every
deal's shuffle comes from the seed and the deal number, and bots draw only from their own
``random.Random``. It keeps every applied action (not every state: states are recomputed on
demand), so a caller can inspect the whole history and write a record that
[`tuolaji.game.record.replay`][tuolaji.replay] plays back.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import overload

import attrs

from tuolaji.bots.base import Bot
from tuolaji.core._args import check_seat, expect_type, sequence_index
from tuolaji.core.cards import level_labels
from tuolaji.core.errors import ConfigurationError, IllegalAction, LimitExceeded, cut
from tuolaji.core.limits import MAX_REDEALS
from tuolaji.core.rules import Rules, rules_text
from tuolaji.core.scoring import DealResult
from tuolaji.game.kept import DealActions, DealStarts, KeptList
from tuolaji.game.takeback import WithUndo, deal_states, rebuilt, standing, takeback_index
from tuolaji.game.turns import BidTurns
from tuolaji.state.actions import Action, ActionSet, DealCard, ListedActions, Pass, Phase, Undo
from tuolaji.state.gamestate import GameState

__all__ = ["Game", "History", "MatchResult"]

_DEALING, _FINISHED = Phase.DEALING, Phase.FINISHED  # module globals read faster


@attrs.frozen(slots=True)
class MatchResult:
    """The deals of a match in order and the winning team (None when the match stopped at
    ``max_deals`` before R9.5 ended it)."""

    results: tuple[DealResult, ...]
    winner: int | None

    @property
    def deals(self) -> int:
        """How many deals were played."""
        return len(self.results)

    def __str__(self) -> str:
        """``team 0 won the match in 12 deals`` or ``no winner after 20 deals``."""
        if self.winner is None:
            return f"no winner after {self.deals} deals"
        return f"team {self.winner} won the match in {self.deals} deals"


class History(Sequence[GameState]):
    """Every state of a [`Game`][tuolaji.Game] in order, recomputed on demand from its actions.

    A game keeps its actions, not its states (a state per action would cost about 200 KB per
    deal), so this sequence replays them: iterating costs one replay of the match (states
    are made one at a time), ``history[i]`` replays one deal up to ``i``, and
    ``history[-1]`` is the current state at once. States compare equal to those first
    played. ``len(history)`` is one per deal (its starting state) plus one per action.
    """

    __slots__ = ("_game",)

    def __init__(self, game: Game) -> None:
        self._game = game

    def __len__(self) -> int:
        return sum(1 + len(actions) for actions in self._game.actions)

    def _deal_states(self, deal: int, stop: int | None = None) -> Iterator[GameState]:
        state = self._game.starts[deal]
        yield state
        actions = self._game.actions[deal][:stop]
        if Undo in map(type, actions):  # a take-back (Rules.takeback): replayed by the deal
            yield from deal_states(state, actions)
            return
        for action in actions:
            state = state.apply(action)
            yield state

    def __iter__(self) -> Iterator[GameState]:
        for deal in range(len(self._game.actions)):
            yield from self._deal_states(deal)

    @overload
    def __getitem__(self, index: int) -> GameState: ...

    @overload
    def __getitem__(self, index: slice) -> list[GameState]: ...

    def __getitem__(self, index: int | slice) -> GameState | list[GameState]:
        if isinstance(index, slice):
            return list(self)[index]
        n = len(self)
        i = sequence_index(index, n, "history")
        if i == n - 1:
            return self._game.state
        for deal, actions in enumerate(self._game.actions):
            if i <= len(actions):
                *_, state = self._deal_states(deal, i)
                return state
            i -= 1 + len(actions)
        raise AssertionError("unreachable: sequence_index checked the index")  # pragma: no cover

    def __eq__(self, other: object) -> bool:
        if isinstance(other, History | list | tuple):
            return len(self) == len(other) and all(a == b for a, b in zip(self, other, strict=True))
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"<History: {len(self)} states of {len(self._game.actions)} deals>"


_DEAL_CARD = DealCard()


class Game:
    """A match: ``Game(rules, seed)``, then [`play_deal`][tuolaji.Game.play_deal] or
    [`play_match`][tuolaji.Game.play_match].

    ``actions[i]`` holds the actions applied in deal ``i`` (chance actions included), enough
    to replay it; ``history`` (a [`History`][tuolaji.History]) gives every state, recomputed from
    them. A game keeps its current state, each deal's actions (two bytes per action, see
    [`DealActions`][tuolaji.game.kept.DealActions]) and result, and the first deal's starting
    state: 1.0 to 1.25 KB per past deal besides the current state (measured in docs/game.md).

    ``max_redeals`` bounds the redeals of one deal (R4.6, R4.7): under rules without
    [`no_bid_redeals`][tuolaji.Rules.no_bid_redeals] bots that never bid would otherwise redeal
    the first deal forever, so past it [`LimitExceeded`][tuolaji.LimitExceeded] is raised and the
    game stays as it was. It is a safety stop, not a rule: the R4.6 fallback after
    ``rules.no_bid_redeals`` redeals is a transition of the state, the one the RL adapters play.
    """

    def __init__(
        self, rules: Rules | str = "tuolaji", seed: int = 0, *, max_redeals: int = MAX_REDEALS
    ) -> None:
        if isinstance(max_redeals, bool) or not isinstance(max_redeals, int) or max_redeals < 0:
            raise ConfigurationError(f"max_redeals is an int >= 0, got {cut(max_redeals)}")
        self.state = GameState.new(rules, seed)
        self.rules = self.state.rules
        self.seed = seed
        self.max_redeals = max_redeals
        # The game's own storage; callers read it through the read-only views below.
        self._results: list[DealResult] = []
        self._starts = DealStarts(self.state, self._results)
        self._actions: list[DealActions] = [DealActions()]
        self._results_view = KeptList(self._results, "deal result")
        self._actions_view = KeptList(self._actions, "deal")

    @property
    def actions(self) -> KeptList[DealActions]:
        """The actions applied in each deal, a [`DealActions`][tuolaji.game.kept.DealActions]
        per deal, in a read-only [`KeptList`][tuolaji.game.kept.KeptList]: only the game adds
        to it, so its record always replays."""
        return self._actions_view

    @property
    def results(self) -> KeptList[DealResult]:
        """The result of each finished deal in order, a read-only
        [`KeptList`][tuolaji.game.kept.KeptList]."""
        return self._results_view

    @property
    def starts(self) -> DealStarts:
        """The starting state of each deal (replays of [`history`][tuolaji.Game.history] begin
        there), a read-only [`DealStarts`][tuolaji.game.kept.DealStarts]."""
        return self._starts

    def __repr__(self) -> str:
        """One line: rules, seed, deals played, levels and what comes next.

        >>> Game("shuangsheng", 7)
        <Game shuangsheng seed 7: no deal played; levels 2/2; deal 1 next>
        """
        played = len(self.results)
        deals = "no deal played" if not played else f"{played} deal{'s' * (played != 1)} played"
        levels = "/".join(level_labels(self.state.levels, self.state.no_trump_level))
        if self.over:
            status = f"team {self.results[-1].match_winner} won the match"
        elif self.state.result is not None:
            status = f"deal {self.state.deal_number + 2} next"
        else:
            status = (
                f"deal {self.state.deal_number + 1} {'in play' if self.actions[-1] else 'next'}"
            )
        return (
            f"<Game {rules_text(self.rules)} seed {self.seed}: {deals}; levels {levels}; {status}>"
        )

    @property
    def history(self) -> History:
        """Every state of the match in order, recomputed from [`actions`][tuolaji.testing.actions]
        on demand (see [`History`][tuolaji.History])."""
        return History(self)

    @property
    def over(self) -> bool:
        """True once a team has won the match (R9.5)."""
        return bool(self.results) and self.results[-1].match_winner is not None

    def apply(self, action: Action) -> GameState:
        """Apply one action to the current state, recording it; returns the new state.

        An [`Undo`][tuolaji.Undo] is [`undo`][tuolaji.Game.undo] for its seat. Raises
        [`IllegalAction`][tuolaji.IllegalAction] for an illegal action and
        [`LimitExceeded`][tuolaji.LimitExceeded] past ``max_redeals``; either way nothing changes.
        """
        if type(action) is Undo:
            return self.undo(action.seat)
        state = self.state.next_deal() if self.state.phase is _FINISHED else None
        new = (state or self.state).apply(action)
        if new.attempt > self.max_redeals:
            raise LimitExceeded(
                f"R4.6: deal {new.deal_number + 1} would be redealt more than "
                f"{self.max_redeals} times (Game(max_redeals=...)); do the bots ever bid? "
                "(Rules.no_bid_redeals ends a first deal nobody bids in)"
            )
        if state is not None:
            self._starts._begin(state)
            self._actions.append(DealActions())
        self.state = new
        self._actions[-1]._append(action)
        if new.result is not None:
            self._results.append(new.result)
        return new

    def undo(self, seat: int | None = None) -> GameState:
        """Take back ``seat``'s last bid or play where [`Rules.takeback`][tuolaji.Rules.takeback]
        allows it (R11; None: the seat whose action it is); returns the state after, the state of
        the deal without that action (its cards dealt since dealt again, R4.1).

        The action stays in [`actions`][tuolaji.Game.actions] and the record, followed by an
        [`Undo`][tuolaji.Undo] that marks it, so a replay reaches the same state. The window
        (docs/game.md, "Taking back"): the deal's last action but cards dealt is ``seat``'s,
        a bid while bidding is open (R4.1-R4.4), or a play that neither ended the deal (R9) nor
        was a failed throw (R6.4). Outside it raises [`IllegalAction`][tuolaji.IllegalAction]
        naming the rule and why, a `TypeError` for a seat that is no int; nothing changes.
        """
        if seat is not None:
            if isinstance(seat, bool) or not isinstance(seat, int):
                raise TypeError(f"seat is an int 0..3 or None, got {type(seat).__name__}")
            check_seat(seat)
        actions = standing(self._actions[-1])
        index = takeback_index(self.state, actions, seat)
        taken = actions[index]
        new = rebuilt(self._starts[-1], actions, index)
        self.state = new
        self._actions[-1]._append(Undo(taken.seat))  # type: ignore[union-attr]
        return new

    def can_undo(self, seat: int | None = None) -> bool:
        """True when [`undo`][tuolaji.Game.undo] of ``seat`` (None: any seat) would be taken
        now (R11, ``Rules.takeback``)."""
        if seat is not None:
            if isinstance(seat, bool) or not isinstance(seat, int):
                raise TypeError(f"seat is an int 0..3 or None, got {type(seat).__name__}")
            check_seat(seat)
        if self.rules.takeback == "none" or not self._actions[-1]:
            return False
        try:
            takeback_index(self.state, standing(self._actions[-1]), seat)
        except IllegalAction:
            return False
        return True

    def legal_actions(self, seat: int | None = None) -> ActionSet:
        """The current state's [`legal_actions`][tuolaji.GameState.legal_actions] of ``seat``
        (None: every seat), with that seat's [`Undo`][tuolaji.Undo] last while it may take
        back (``Rules.takeback``, R11): what a server offers. The bots'
        [`next_decision`][tuolaji.Game.next_decision] never offers an undo."""
        actions = self.state.legal_actions(seat)
        if self.rules.takeback == "none" or not self._actions[-1]:
            return actions
        kept = standing(self._actions[-1])
        try:
            index = takeback_index(self.state, kept, seat)
        except IllegalAction:
            return actions
        return WithUndo(actions, Undo(kept[index].seat))  # type: ignore[union-attr]

    def next_deal(self) -> GameState:
        """Start the next deal once this one is finished (R10: its dealer and level);
        returns its starting state. Raises [`IllegalAction`][tuolaji.IllegalAction] while a
        deal is in play or once the match is over (R9.5)."""
        if self.over:
            raise IllegalAction(
                "R9.5", f"the match is over: team {self.results[-1].match_winner} won it"
            )
        if self.state.phase is not _FINISHED:
            raise IllegalAction(
                "R10.3", f"deal {self.state.deal_number + 1} is still in play; finish it first"
            )
        self.state = self.state.next_deal()
        self._starts._begin(self.state)
        self._actions.append(DealActions())
        return self.state

    def play_deal(
        self, bots: Sequence[Bot], *, on_action: Callable[[GameState, Action], None] | None = None
    ) -> DealResult:
        """Play one whole deal with ``bots[seat]`` deciding for each seat: dealing with live
        bids, redeals, the kitty, counters, 25 tricks and the score.

        While cards are dealt, seats are asked in the public order of
        [`BidTurns`][tuolaji.game.turns.BidTurns] (shared with the RL adapters): a seat is asked
        (it may answer [`Pass`][tuolaji.Pass] for "not now") when its hand or the standing
        bid changed since it was last asked, in turn from the seat that received the last
        card. A decision with a single legal action (a seat without a bid: ``Pass``) is
        taken without asking. ``on_action(state, action)`` is called before each action
        is applied. Raises [`IllegalAction`][tuolaji.IllegalAction] when a bot answers with an
        action that is not legal, naming the seat.
        """
        if len(bots) != 4:
            raise IllegalAction("R1.3", f"a deal needs four bots, one per seat; got {len(bots)}")
        if self.over:
            raise IllegalAction(
                "R9.5", f"the match is over: team {self.results[-1].match_winner} won it"
            )
        if self.state.phase is Phase.FINISHED:
            self.next_deal()
        turns = BidTurns()
        while (decision := self.next_decision(turns, on_action)) is not None:
            seat, actions = decision
            self.answer(self.ask(bots[seat], seat, actions), on_action)
        assert self.state.result is not None
        return self.state.result

    def play_match(self, bots: Sequence[Bot], max_deals: int | None = None) -> MatchResult:
        """Play deals until a team wins the match (R9.5) or ``max_deals`` deals were played
        in this call. With ``wrap`` rules (no match end) give ``max_deals``."""
        if max_deals is not None and type(max_deals) is not int:
            raise TypeError(f"max_deals must be an int or None, got {type(max_deals).__name__}")
        if max_deals is not None and max_deals < 0:
            raise IllegalAction("R9.5", f"max_deals is 0 or more, got {max_deals}")
        if max_deals is None and self.rules.wrap:
            raise IllegalAction("R9.5", "with wrap the match never ends: give max_deals")
        played = 0
        while not self.over and (max_deals is None or played < max_deals):
            self.play_deal(bots)
            played += 1
        winner = self.results[-1].match_winner if self.results else None
        return MatchResult(tuple(self.results), winner)

    def next_decision(
        self,
        turns: BidTurns,
        on_action: Callable[[GameState, Action], None] | None = None,
    ) -> tuple[int, ActionSet] | None:
        """Play the deal on up to the next decision of a seat: deal cards and take the
        forced actions, then return ``(seat, legal actions)``, or None once the deal is
        finished. [`play_deal`][tuolaji.Game.play_deal] is this loop with bots answering;
        a caller that seats a person steps it itself and gives each choice to
        [`answer`][tuolaji.Game.answer].

        While cards are dealt (R4.1-R4.4), seats are asked in the order of ``turns`` (one
        [`BidTurns`][tuolaji.game.turns.BidTurns] per deal) and the actions are
        [`Pass`][tuolaji.Pass] ("not now") then the seat's bids; a seat without a bid is not
        asked. A decision with a single legal action is taken without asking.
        """
        expect_type(turns, BidTurns, "turns")
        if on_action is not None and not callable(on_action):
            raise TypeError(f"on_action is callable or None, got {type(on_action).__name__}")
        while (phase := self.state.phase) is not _FINISHED:
            state = self.state
            if phase is _DEALING:
                for seat in turns.round(state):
                    turns.asked(state, seat)
                    bids = state.legal_actions(seat)
                    if bids:
                        return seat, ListedActions((Pass(seat), *bids))
                if on_action is not None:  # _apply inlined: most actions of a deal come here
                    on_action(state, _DEAL_CARD)
                self.apply(_DEAL_CARD)  # one shared value: the action has no fields
                continue
            seat = state.to_act
            actions = state.legal_actions(seat)
            if len(actions) != 1:
                return seat, actions
            (only,) = actions
            self._apply(only, on_action)
        return None

    def answer(
        self, choice: Action, on_action: Callable[[GameState, Action], None] | None = None
    ) -> None:
        """Take a seat's ``choice`` at a decision of [`next_decision`][tuolaji.Game.next_decision]:
        apply it, except a [`Pass`][tuolaji.Pass] while cards are dealt, which only means
        "not now" and is not recorded. Raises [`IllegalAction`][tuolaji.IllegalAction] for an
        illegal action (nothing changes)."""
        if on_action is not None and not callable(on_action):
            raise TypeError(f"on_action is callable or None, got {type(on_action).__name__}")
        if self.state.phase is _DEALING and isinstance(choice, Pass):
            return
        self._apply(choice, on_action)

    def ask(self, bot: Bot, seat: int, actions: ActionSet) -> Action:
        """The choice of ``bot``, deciding for ``seat`` among ``actions`` (a decision of
        [`next_decision`][tuolaji.Game.next_decision]) from that seat's view only. Raises
        [`IllegalAction`][tuolaji.IllegalAction] (rule R11), naming the seat, the bot's class and
        the rule the answer breaks, when the bot answers with an action that is not legal."""
        if not callable(getattr(bot, "act", None)):
            raise TypeError(f"bot is a Bot (with an act method), got {type(bot).__name__}")
        if not isinstance(actions, ActionSet):  # abstract: expect_type takes a concrete class
            raise TypeError(f"actions must be a tuolaji.ActionSet, got {type(actions).__name__}")
        choice = bot.act(self.state.view(check_seat(seat)), actions)
        try:
            legal = choice in actions
        except TypeError:  # an unhashable answer is no action either
            legal = False
        if not legal:
            raise IllegalAction(
                "R11",
                f"the bot of seat {seat} ({type(bot).__name__[:40]}) answered "
                f"{cut(choice)}, which is not legal now{self._why_illegal(choice)}",
            )
        return choice

    def _why_illegal(self, choice: object) -> str:
        """The rule ``choice`` breaks in the current state, as ``" (R7.3: ...)"``, or "" when
        the state would take it (it was not among the actions asked for)."""
        try:
            self.state.apply(choice)  # type: ignore[arg-type]
        except IllegalAction as error:
            return f" ({str(error)[:200]})"
        except TypeError:
            return f" (R11: a bot answers a tuolaji action, not a {type(choice).__name__})"
        except Exception:  # only the reason of the error being raised: never replace it
            return ""
        return ""

    def _apply(self, action: Action, on_action: Callable[[GameState, Action], None] | None) -> None:
        if on_action is not None:
            on_action(self.state, action)
        self.apply(action)
