"""Hypothesis state machines that play deals and matches and check the invariants after
every step (needs the ``testing`` extra: ``hypothesis``).

A step is a whole phase or a trick, never a single dealt card, so the default 50 steps of a
hypothesis state machine play a deal to its score. Use a machine as is
(``TestDeal = DealMachine.TestCase``) or subclass it: set
[`DealMachine.preset`][tuolaji.testing.machines.DealMachine.preset] or override
[`DealMachine.rules_strategy`][tuolaji.testing.machines.DealMachine.rules_strategy] to choose the
rules, add ``@invariant()`` or ``@rule()`` methods, or override
[`DealMachine.check`][tuolaji.testing.machines.DealMachine.check] to add a check after every
action. See ``docs/testing.md``.
"""

from __future__ import annotations

import random

from hypothesis import note
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from tuolaji.core.errors import IllegalAction
from tuolaji.core.rules import RULESETS, Rules
from tuolaji.state.actions import Action, Phase
from tuolaji.state.gamestate import GameState
from tuolaji.testing.driver import phase_step
from tuolaji.testing.invariants import (
    InvariantViolation,
    check_apply,
    check_cards,
    check_json_round_trip,
    check_points,
    check_result,
    check_step,
    check_turn_order,
    check_views,
)
from tuolaji.testing.strategies import rules

__all__ = ["DealMachine", "MatchMachine"]

_SEEDS = st.integers(0, 2**32 - 1)
# A step's choices come from a small seed: hypothesis shrinks a small integer in a few tries,
# and a failing run is replayed in full for every try (whole phases are slow to shrink).
_STEP_SEEDS = st.integers(0, 255)


class DealMachine(RuleBasedStateMachine):
    """Plays one deal by random legal actions, a phase or a trick per step, and checks the
    engine's invariants after every step.

    Each step is one of: the whole dealing with random bids, a whole bidding (closing,
    weak-hand, counter) round, one burial, one trick. Before each follow the machine tries up
    to three plausible plays that may be illegal (and a lead now and then), and one action in
    ten in the other phases a stray action:
    ``apply`` must accept exactly the actions ``legal_actions`` lists (R11) and never change
    its input. After every action [`check`][tuolaji.testing.machines.DealMachine.check] runs (cards
    conserved, events only appended); after every step the ``@invariant`` methods run: cards
    (R1.1), points (R8.1), turn order (R6.1, R7.1), the result against the events (R8-R10), view
    secrecy, and the JSON round trip.

    Attributes a subclass may set: [`preset`][tuolaji.testing.machines.DealMachine.preset] (a
    preset name; None draws presets and custom rules),
    [`first_deal`][tuolaji.testing.machines.DealMachine.first_deal] (None draws first and later
    deals). After a run, `state` is the last state and
    [`finished`][tuolaji.testing.machines.DealMachine.finished] tells whether the deal was scored.
    """

    preset: str | None = None
    """The rules preset to play (R12); None draws presets and random custom rules."""
    first_deal: bool | None = None
    """True: always a match's first deal; False: always a later deal; None: both."""

    def __init__(self) -> None:
        super().__init__()
        self.state: GameState | None = None
        self.steps = 0
        self._fresh = True

    # --- what to play ---------------------------------------------------------------------

    def rules_strategy(self) -> st.SearchStrategy[Rules]:
        """The rules of the deal: [`preset`][tuolaji.testing.machines.DealMachine.preset], or any
        preset or custom rules."""
        return rules() if self.preset is None else st.just(RULESETS[self.preset])

    @property
    def finished(self) -> bool:
        """True once the deal is scored."""
        return self.state is not None and self.state.phase is Phase.FINISHED

    @initialize(data=st.data(), seed=_SEEDS, dealer=st.sampled_from([None, 0, 1, 2, 3]))
    def start(self, data: st.DataObject, seed: int, dealer: int | None) -> None:
        """A new deal: a match's first deal when ``dealer`` is None (or
        [`first_deal`][tuolaji.testing.machines.DealMachine.first_deal])."""
        if self.first_deal is True:
            dealer = None
        elif self.first_deal is False and dealer is None:
            dealer = seed % 4
        chosen = data.draw(self.rules_strategy(), label="rules")
        self.state = GameState.new(chosen, seed, dealer=dealer, deal_number=int(dealer is not None))

    @rule(seed=_STEP_SEEDS)
    def step(self, seed: int) -> None:
        """One step: the current phase as a whole, or one trick (see the class docstring);
        nothing once the deal is scored."""
        state = self.current()
        self._fresh = state.phase is not Phase.FINISHED
        if not self._fresh:
            return
        self.state = phase_step(state, random.Random(seed), apply=self._apply, probe=self._probe)
        self.steps += 1
        note(f"step {self.steps}: {_describe(state)} -> {_describe(self.state)}")

    # --- checks -----------------------------------------------------------------------------

    def current(self) -> GameState:
        """The current state (after [`start`][tuolaji.testing.machines.DealMachine.start])."""
        assert self.state is not None, "the machine has not started"
        return self.state

    def check(self, before: GameState, action: Action, after: GameState) -> None:
        """Runs after every applied action; by default
        [`check_step`][tuolaji.testing.invariants.check_step]. Override it (and call
        ``super().check``) to check more."""
        check_step(before, action, after)

    def _apply(self, state: GameState, action: Action) -> GameState:
        after = check_apply(state, action)
        if after is None:
            raise InvariantViolation(
                f"R11: a legal action by the rules text was refused: {action!r}"
            )
        self.check(state, action, after)
        return after

    def _probe(self, state: GameState, action: Action) -> GameState | None:
        after = check_apply(state, action)
        if after is not None:
            self.check(state, action, after)
        return after

    def unchecked(self) -> GameState | None:
        """The current state if the invariants have not seen it yet, else None: steps after
        the deal is scored change nothing and are not checked again."""
        return self.state if self._fresh else None

    @invariant()
    def cards_are_conserved(self) -> None:
        """R1.1, R7.1: see [`check_cards`][tuolaji.testing.check_cards]."""
        state = self.unchecked()
        if state is not None:
            check_cards(state)

    @invariant()
    def points_are_conserved(self) -> None:
        """R1.2, R8.1: see [`check_points`][tuolaji.testing.check_points]."""
        state = self.unchecked()
        if state is not None:
            check_points(state)

    @invariant()
    def turns_follow_the_rules(self) -> None:
        """R6.1, R7.1: see [`check_turn_order`][tuolaji.testing.check_turn_order]."""
        state = self.unchecked()
        if state is not None:
            check_turn_order(state)

    @invariant()
    def result_matches_the_events(self) -> None:
        """R8-R10: see [`check_result`][tuolaji.testing.check_result]."""
        state = self.unchecked()
        if state is not None:
            check_result(state)

    @invariant()
    def views_keep_secrets(self) -> None:
        """R4.2, R5.1: see [`check_views`][tuolaji.testing.check_views]."""
        state = self.unchecked()
        if state is not None:
            check_views(state, random.Random(self.steps))

    @invariant()
    def json_round_trips(self) -> None:
        """See [`check_json_round_trip`][tuolaji.testing.check_json_round_trip]."""
        state = self.unchecked()
        if state is not None:
            check_json_round_trip(state)


class MatchMachine(DealMachine):
    """Plays a match deal after deal: each step is a whole deal (played as
    [`DealMachine`][tuolaji.testing.machines.DealMachine] plays one, with the same per-action
    checks), then the next deal from the result (R10). Checks, besides
    [`DealMachine`][tuolaji.testing.machines.DealMachine]'s invariants after every deal: the next
    deal starts with the result's levels and dealer (R10.1-R10.3), and once a team has won (R9.5)
    no next deal starts. [`deals`][tuolaji.MatchResult.deals] counts the deals played."""

    first_deal = True

    def __init__(self) -> None:
        super().__init__()
        self.deals = 0
        self.over = False

    @rule(seed=_STEP_SEEDS)
    def step(self, seed: int) -> None:
        """One whole deal (the next one when the last is scored)."""
        state = self.current()
        self._fresh = not self.over
        if self.over:
            return
        if state.phase is Phase.FINISHED:
            state = self._next_deal(state)
        rng = random.Random(seed)
        start = state
        while state.phase is not Phase.FINISHED:
            state = phase_step(state, rng, apply=self._apply, probe=self._probe)
        self.state = state
        self.deals += 1
        assert state.result is not None
        self.over = state.result.match_winner is not None
        note(f"deal {self.deals}: {_describe(start)} -> {state.result}")

    def _next_deal(self, state: GameState) -> GameState:
        result = state.result
        assert result is not None
        nxt = state.next_deal()
        if (
            nxt.levels != result.levels
            or nxt.no_trump_level != result.no_trump_level
            or nxt.dealer != result.next_dealer
        ):
            raise InvariantViolation(
                f"R10: the next deal has levels {nxt.levels} (no trump {nxt.no_trump_level}) "
                f"and dealer {nxt.dealer}, the result says {result.levels} "
                f"(no trump {result.no_trump_level}) and {result.next_dealer}"
            )
        if nxt.deal_number != state.deal_number + 1 or nxt.phase is not Phase.DEALING:
            raise InvariantViolation("R10: the next deal starts at its dealing, numbered on")
        return nxt

    @invariant()
    def a_won_match_has_no_next_deal(self) -> None:
        """R9.5: after the deal that wins the match, ``next_deal`` is refused."""
        if self.over:
            try:
                self.current().next_deal()
            except IllegalAction as exc:
                if exc.rule != "R9.5":
                    raise
            else:
                raise InvariantViolation("R9.5: a next deal started after the match was won")


def _describe(state: GameState) -> str:
    if state.phase is Phase.PLAYING:
        return f"playing, {len(state.tricks)} tricks"
    return str(state.phase.value)
