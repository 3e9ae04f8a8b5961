"""Secrecy checks for bots (issue 10, item 1): a decision must be a function of the seat's
[`PlayerView`][tuolaji.PlayerView]. The state is changed where the seat cannot see (hidden
cards exchanged between the other hands), the view is checked unchanged, and the bot, asked
again, must decide the same."""

from __future__ import annotations

import random
from collections import Counter

import attrs

from tuolaji import GameState
from tuolaji.state.view import shown_cards


def swap_hidden(state: GameState, seat: int, rng: random.Random, times: int = 6) -> GameState:
    """``state`` with up to ``times`` pairs of different cards exchanged between two other
    seats' hands, never a card a seat has shown (R4.2: shown cards are public), so ``seat``'s
    view is unchanged. Asserts some exchange happened (a check that changes nothing proves
    nothing)."""
    hands = [list(h) for h in state.hands]
    shown = shown_cards(state.events)
    others = [s for s in range(4) if s != seat and hands[s]]
    done = 0
    for _ in range(times * 4):
        if done >= times or len(others) < 2:
            break
        a, b = rng.sample(others, 2)
        free_a = list((Counter(hands[a]) - Counter(shown[a])).elements())
        free_b = list((Counter(hands[b]) - Counter(shown[b])).elements())
        if not free_a or not free_b:
            continue
        x, y = rng.choice(free_a), rng.choice(free_b)
        if x == y:
            continue
        hands[a][hands[a].index(x)] = y
        hands[b][hands[b].index(y)] = x
        done += 1
    assert done, "no hidden card could be exchanged"
    swapped = attrs.evolve(state, hands=tuple(tuple(h) for h in hands))
    assert swapped.view(seat) == state.view(seat)
    assert swapped.hands != state.hands
    return swapped
