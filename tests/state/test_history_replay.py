"""The whole current attempt is replayed when a dealt state is read back (issue #33).

Finding 1: a state the engine reached after a counter-bid in the first counter window was
refused by ``from_json``. Finding 3: invented bidding events before the burial, and edits of
the last event of the counter and burial phases, were accepted.
"""

from __future__ import annotations

import random

import tuolaji as tl
from tuolaji import GameState, Phase, Rules
from tuolaji.testing.driver import phase_step


def deal_states(rules: Rules, seed: int) -> list[GameState]:
    """Every state of one random deal (the soak's driver), the dealer bid for when
    ``seed`` is a multiple of 3."""
    rng = random.Random(seed)
    dealer = None if seed % 3 == 0 else seed % 4
    state = GameState.new(rules, seed, dealer=dealer, deal_number=int(dealer is not None))
    states = [state]

    def apply(before: GameState, action: tl.Action) -> GameState:
        after = before.apply(action)
        states.append(after)
        return after

    while state.phase is not Phase.FINISHED:
        state = phase_step(state, rng, apply=apply)
    return states


def states_where(rules: Rules, wanted: object, seeds: range) -> list[GameState]:
    out = []
    for seed in seeds:
        out.extend(s for s in deal_states(rules, seed) if wanted(s))  # type: ignore[operator]
    return out


def test_a_first_counter_window_state_after_a_counter_reads_back() -> None:
    # R4.5 "first_bid": a counter changes the trump, not the dealer, and the counter round
    # opens again after the counter-bidder (R5.2), so its passes count from there.
    rules = Rules(counter_bids=True, first_dealer="first_bid")
    states = states_where(
        rules, lambda s: s.phase is Phase.FIRST_COUNTERS and s.counters > 0, range(0, 120, 3)
    )
    assert any(s.passes != (s.to_act - (s.dealer or 0) - 1) % 4 for s in states)
    for state in states:
        assert GameState.from_json(state.to_json()) == state
        assert GameState.from_text(state.to_text()) == state
