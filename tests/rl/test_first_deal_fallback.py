"""The R4.6 first-deal fallback is one transition of the state (issue 30, item 3): after
``Rules.no_bid_redeals`` no-bid redeals of the match's first deal, an attempt in which nobody
bids again is played as a later deal with seat 0 as the dealer. `Game`, the PettingZoo
environment and the OpenSpiel game all play it, so the same seeds and the same answers give the
same states in all three, past the fallback (and past weak-hand redeals after it)."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator

import attrs
import pytest

from extras import need

pyspiel = need("pyspiel")
need("pettingzoo")

import tuolaji as tl  # noqa: E402
import tuolaji.openspiel  # noqa: E402  (registers python_tuolaji)
import tuolaji.pettingzoo as tzoo  # noqa: E402
from tuolaji.core.bidding import FALLBACK_DEALER, first_deal_falls_back  # noqa: E402
from tuolaji.game.turns import BidTurns  # noqa: E402
from tuolaji.rl.actionspace import (  # noqa: E402
    DEFAULT_NO_BID_REDEALS,
    action_ids,
    playable_rules,
)
from tuolaji.state.actions import (  # noqa: E402
    Action,
    AskRedeal,
    Bury,
    Pass,
    Phase,
    Play,
    Redeal,
    TrumpRevealed,
)

Answer = Callable[[tl.GameState, int], Action]


def silent(state: tl.GameState, seat: int) -> Action:
    """Never bids nor counters (so every first-deal attempt is thrown in until the fallback),
    asks every weak-hand redeal it may, buries its 8 lowest cards and plays its lowest play:
    a function of the full state, so equal states get equal answers."""
    phase = state.phase
    if phase is Phase.WEAK_HAND:
        return AskRedeal(seat) if AskRedeal(seat) in state.legal_actions(seat) else Pass(seat)
    if phase is Phase.BURYING:
        return Bury(seat, tuple(sorted(state.hands[seat], key=lambda c: c.id)[:8]))
    if phase is Phase.PLAYING:
        if not state.trick:
            return Play(seat, (min(state.hands[seat], key=lambda c: c.id),))
        return Play(seat, min(state.legal_plays(), key=lambda cards: sorted(c.id for c in cards)))
    return Pass(seat)  # the deal, the closing round, the counter rounds


def milestones(states: Iterator[tl.GameState]) -> list[tuple[object, ...]]:
    """What the deal is at each change of attempt or phase (the observers see the states at
    different steps while cards are dealt, so hands count only once they are whole)."""
    out: list[tuple[object, ...]] = []
    last: tuple[int, Phase] | None = None
    for state in states:
        if (state.attempt, state.phase) != last:
            last = (state.attempt, state.phase)
            whole = state.phase not in (Phase.DEALING, Phase.PLAYING)
            hands = (state.hands, state.kitty) if whole else None
            out.append((*last, state.dealer, state.trump, state.bid, hands))
    return out


def through_game(rules: tl.Rules, seed: int, answer: Answer) -> list[tl.GameState]:
    game = tl.Game(rules, seed)
    seen: list[tl.GameState] = [game.state]
    turns = BidTurns()

    def record(state: tl.GameState, action: Action) -> None:
        seen.append(state)

    while (decision := game.next_decision(turns, record)) is not None:
        seat, actions = decision
        choice = answer(game.state, seat)
        assert choice in actions
        game.answer(choice, record)
    return [*seen, game.state]


def through_pettingzoo(rules: tl.Rules, seed: int, answer: Answer) -> list[tl.GameState]:
    env = tzoo.env(rules=rules)
    env.reset(seed=seed)
    seen = [env.deal_state]
    pending: list[int] = []
    while env.agents:
        agent = env.agent_selection
        if env.terminations[agent] or env.truncations[agent]:
            env.step(None)
            continue
        if not pending:
            pending = action_ids(answer(env.deal_state, int(agent.removeprefix("seat_"))))
        env.step(pending.pop(0))
        seen.append(env.deal_state)
    return seen


def through_openspiel(rules: tl.Rules, seed: int, answer: Answer) -> list[tl.GameState]:
    text = json.dumps(rules.to_dict())
    game = pyspiel.load_game("python_tuolaji", {"rules": text, "seed": seed})
    state = game.new_initial_state()
    seen = [state.driver.state]
    pending: list[int] = []
    while not state.is_terminal():
        now = state.driver.state
        if state.is_chance_node():
            state.apply_action(now.deck[now.dealt].id)  # the deck's own card, as Game deals
        else:
            if not pending:
                pending = action_ids(answer(now, state.current_player()))
            state.apply_action(pending.pop(0))
        seen.append(state.driver.state)
    return seen


CASES = [
    ("tuolaji", 1, 3),
    ("tuolaji", 2, 8),
    ("tuolaji-tournament", 0, 5),
    ("shuangsheng", 2, 4),
    ("shuangsheng-super", 1, 11),
    ("shuangsheng", 1, 30),  # then an attacker asks a weak-hand redeal (R4.7)
]


@pytest.mark.parametrize(("preset", "redeals", "seed"), CASES)
def test_game_pettingzoo_and_openspiel_play_the_same_deal_past_the_fallback(
    preset: str, redeals: int, seed: int
) -> None:
    rules = attrs.evolve(tl.RULESETS[preset], no_bid_redeals=redeals)
    assert playable_rules(rules) is rules  # the adapters play these very rules
    game = through_game(rules, seed, silent)
    zoo = through_pettingzoo(rules, seed, silent)
    spiel = through_openspiel(rules, seed, silent)
    final = game[-1]
    assert final.phase is Phase.FINISHED and final.result is not None
    assert zoo[-1].to_json() == final.to_json()
    assert spiel[-1].to_json() == final.to_json()
    expected = milestones(iter(game))
    assert milestones(iter(zoo)) == expected
    assert milestones(iter(spiel)) == expected
    # The deal went past the fallback: ``redeals`` throw-ins, then a turned kitty card.
    events = list(final.events)
    thrown = [e for e in events if isinstance(e, Redeal) and e.reason.startswith("R4.6")]
    assert len(thrown) == redeals
    assert any(isinstance(e, TrumpRevealed) for e in events)
    assert final.bid is None and final.attempt >= redeals
    assert final.dealer is not None


def test_the_fallback_seats_seat_0_as_the_dealer_under_keep() -> None:
    rules = attrs.evolve(tl.RULESETS["tuolaji"], no_bid_redeals=2)
    final = through_game(rules, 3, silent)[-1]
    assert final.attempt == 2 and final.dealer == FALLBACK_DEALER == 0
    (turned,) = [e for e in final.events if isinstance(e, TrumpRevealed)]
    assert turned.index == rules.no_bid_reveal


def test_without_a_bound_the_game_redeals_and_the_adapters_play_their_default() -> None:
    rules = tl.RULESETS["tuolaji"]
    assert rules.no_bid_redeals is None and not first_deal_falls_back(10**6, rules)
    played = playable_rules(rules)
    assert played.no_bid_redeals == DEFAULT_NO_BID_REDEALS
    assert tzoo.env(rules=rules).played_rules == played
    assert pyspiel.load_game("python_tuolaji").played_rules == played
    # A Game given the adapters' rules plays their deal.
    game = through_game(played, 6, silent)[-1]
    zoo = through_pettingzoo(rules, 6, silent)[-1]
    assert game.attempt == DEFAULT_NO_BID_REDEALS and zoo.to_json() == game.to_json()


def test_an_explicit_max_redeals_sets_the_rules_bound() -> None:
    rules = tl.RULESETS["shuangsheng"]
    assert tzoo.env(rules=rules, max_redeals=1).played_rules.no_bid_redeals == 1
    game = pyspiel.load_game("python_tuolaji", {"rules": "shuangsheng", "max_redeals": 0})
    assert game.played_rules.no_bid_redeals == 0 and game.rules == rules
    bounded = attrs.evolve(rules, no_bid_redeals=5)
    text = json.dumps(bounded.to_dict())
    assert pyspiel.load_game("python_tuolaji", {"rules": text}).played_rules.no_bid_redeals == 5
