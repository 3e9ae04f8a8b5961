"""The whole current attempt is replayed when a dealt state is read back (issue #33).

Finding 1: a state the engine reached after a counter-bid in the first counter window was
refused by ``from_json``. Finding 3: invented bidding events before the burial, and edits of
the last event of the counter and burial phases, were accepted.
"""

from __future__ import annotations

import json
import random

import pytest

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


COUNTERS = Rules(counter_bids=True)
THEFT = Rules(kitty_theft="every_deal")
AFTER_BURIAL = pytest.mark.parametrize("rules", [COUNTERS, THEFT], ids=["counters", "theft"])
# Deals of the soak's driver with a theft (seeds 23 and 25 of range(30)).
SEEDS = {COUNTERS: range(10), THEFT: range(20, 30)}


def later_deal_states(seeds: range, rules: Rules = COUNTERS) -> list[GameState]:
    """States of deals where somebody counter-bid after the burial (R5.2), so that two or
    more burials are in the log: later deals (dealer known) under counter-bids; under kitty
    theft (炒地皮, every deal) first deals too."""
    out = []
    for seed in seeds:
        states = deal_states(rules, seed if rules.kitty_theft != "none" else seed * 3 + 1)
        if any(s.phase is Phase.COUNTERS and s.counters for s in states):
            out.extend(states)
    return out


@AFTER_BURIAL
def test_a_state_after_two_burials_reads_back(rules: Rules) -> None:
    states = later_deal_states(range(30), rules)
    twice = [s for s in states if sum(isinstance(e, tl.Buried) for e in s.events) >= 2]
    assert twice
    for state in twice[::5]:
        assert GameState.from_json(state.to_json()) == state


@AFTER_BURIAL
def test_r4_1_passes_invented_before_the_burial_are_refused(rules: Rules) -> None:
    # Issue 33, finding 3: such states were accepted, and their views showed a bidding that
    # never happened.
    for state in later_deal_states(SEEDS[rules], rules)[::40]:
        if state.phase not in (Phase.PLAYING, Phase.FINISHED):
            continue
        data = json.loads(state.to_json())
        events = data["events"]
        at = max(i for i, e in enumerate(events) if e["type"] == "Buried")
        for count in (1, 4):
            bogus = [{"type": "Passed", "seat": (at + n) % 4} for n in range(count)]
            forged = {**data, "events": events[:at] + bogus + events[at:]}
            with pytest.raises(tl.InvalidRecord):
                GameState.from_json(json.dumps(forged))


@AFTER_BURIAL
def test_r5_2_an_edited_last_event_of_a_counter_or_burial_phase_is_refused(rules: Rules) -> None:
    tried = 0
    for state in later_deal_states(SEEDS[rules], rules):
        if state.phase not in (Phase.BURYING, Phase.COUNTERS) or len(state.events) < 2:
            continue
        data = json.loads(state.to_json())
        last = data["events"][-1]
        if "seat" not in last:
            continue
        for seat in range(4):
            if seat != last["seat"]:
                tried += 1
                forged = {**data, "events": [*data["events"][:-1], {**last, "seat": seat}]}
                with pytest.raises(tl.InvalidRecord):
                    GameState.from_json(json.dumps(forged))
    assert tried > 0
