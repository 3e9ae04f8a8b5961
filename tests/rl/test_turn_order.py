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


def _pettingzoo_dealing_turns(rules: str, shuffle_seed: int) -> list[str]:
    """The agents selected until bidding closes when seat 0 gets the cards of deal seed 9 and
    bids whenever it can, and the other seats get those of seat 1-3 reshuffled and pass."""
    env = tzoo.env(rules=rules)
    env.reset(seed=9)  # the first card is dealt: seat 0 is asked
    state = env.driver.state
    deck = list(state.deck)
    others = [i for i in range(1, 100) if i % 4]  # the first deal starts at seat 0 (R4.1)
    cards = [deck[i] for i in others]
    random.Random(shuffle_seed).shuffle(cards)
    for i, card in zip(others, cards, strict=True):
        deck[i] = card
    env.driver.state = state.with_deck(deck)
    order = []
    while env.deal_state.phase in (tl.Phase.DEALING, tl.Phase.CLOSING):
        agent = env.agent_selection
        order.append(agent)
        legal = [i for i, ok in enumerate(env.observe(agent)["action_mask"]) if ok]
        cards_now = [i for i in legal if i < PASS]
        if agent != "seat_0":
            action = PASS
        else:
            action = min(cards_now) if cards_now else (PASS if PASS in legal else max(legal))
        env.step(action)
    return order


@pytest.mark.parametrize("rules", sorted(tl.RULESETS))
def test_hidden_cards_never_change_who_acts_in_pettingzoo_with_bids(rules: str) -> None:
    """The swap test in PettingZoo: the other seats' hidden cards change, seat 0 bids; the
    agents selected are the same."""
    orders = [_pettingzoo_dealing_turns(rules, seed) for seed in range(4)]
    assert len(orders[0]) > 100  # a card each, and the re-asks after seat 0's bids
    assert all(o == orders[0] for o in orders)
