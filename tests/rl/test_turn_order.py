"""Hidden cards never change who is asked to act (#24 item 2, R4.1-R4.4): while cards are
dealt the order of turns is :class:`~tuolaji.game.turns.BidTurns`, a function of public
information; in OpenSpiel and PettingZoo a seat without a bid is asked too (only PASS)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from extras import need

pyspiel = need("pyspiel")
need("pettingzoo")

import tuolaji as tl  # noqa: E402
import tuolaji.openspiel  # noqa: E402  (registers python_tuolaji)
import tuolaji.pettingzoo as tzoo  # noqa: E402
from tuolaji.rl.actionspace import PASS  # noqa: E402


def _dealing_turns(rules: str, seat0_cards: list[int], seed: int) -> list[int]:
    """The players to act until bidding closes, in a deal where seat 0 receives
    ``seat0_cards`` in order and bids whenever it can, the other seats get random cards and
    always pass."""
    game = pyspiel.load_game("python_tuolaji", {"rules": rules, "seed": 0})
    rng = random.Random(seed)
    state = game.new_initial_state()
    mine = list(seat0_cards)
    order: list[int] = []
    while state.driver.state.phase is tl.Phase.DEALING:
        if state.is_chance_node():
            undealt = state.driver.state.deck[state.driver.state.dealt :]
            rest = Counter(c.id for c in undealt) - Counter(mine)
            to_seat0 = state.driver.state.dealt % 4 == 0  # first deal: seat 0 gets card 1
            card = mine.pop(0) if to_seat0 else rng.choice(sorted(rest.elements()))
            state.apply_action(card)
            continue
        player = state.current_player()
        order.append(player)
        legal = state.legal_actions()
        if not state.driver.decision.selected:
            assert PASS in legal  # a seat is asked whatever it holds: passing is legal
        state.apply_action(PASS if player != 0 else min(legal))
    return order


@pytest.mark.parametrize("rules", sorted(tl.RULESETS))
def test_hidden_cards_never_change_who_acts_in_openspiel(rules: str) -> None:
    deck = [c.id for c in tl.GameState.new(tl.RULESETS[rules], seed=9).deck]
    seat0 = deck[::4][:25]
    orders = [_dealing_turns(rules, seat0, seed) for seed in range(6)]
    shortest = min(len(o) for o in orders)
    assert shortest > 20
    assert all(o[:shortest] == orders[0][:shortest] for o in orders)


def test_hidden_cards_never_change_who_acts_in_pettingzoo() -> None:
    """All seats pass: every deal asks the same seats in the same order, whatever the cards."""
    orders = []
    for seed in range(4):
        env = tzoo.env(rules="tuolaji")
        env.reset(seed=seed)
        order = []
        while env.deal_state.phase is tl.Phase.DEALING:
            order.append(env.agent_selection)
            env.step(PASS)
        orders.append(order)
    assert len(orders[0]) >= 99  # one ask per card (the last closes the deal)
    assert all(o == orders[0] for o in orders)
