"""The project's benchmark (``python -m tuolaji bench``): whole deals per second and
microseconds per decision, plus the trick rules' hot functions on realistic positions.

Figures are medians over seeded random positions, so runs are comparable; they measure one
core of whatever machine runs them. Timings belong here, never in tests.
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable, Iterator, Sequence

from .actions import DealCard, Phase
from .bots import GreedyBot, RandomBot
from .cards import Card, Rank, Suit, full_deck
from .game import Game
from .legal import legal_follows, legal_leads
from .shapes import units
from .state import GameState
from .tricks import check_throw, is_legal_follow, trick_winner
from .trump import Trump

__all__ = ["deal_rates", "positions", "run", "trick_timings"]

Position = tuple[
    Trump,
    tuple[tuple[Card, ...], ...],  # the four hands; hands[0] leads
    tuple[Card, ...],  # the lead
    tuple[tuple[Card, ...], ...],  # the trick: the lead and three legal follows
]


def _realistic_lead(hand: Sequence[Card], trump: Trump, rng: random.Random) -> tuple[Card, ...]:
    by_suit: dict[int, list[Card]] = {}
    for card in hand:
        by_suit.setdefault(trump.effective_suit(card), []).append(card)
    split = list(units(by_suit[rng.choice(sorted(by_suit))], trump))
    if len(split) > 1 and rng.random() < 0.2:
        chosen = rng.sample(split, rng.randint(2, min(3, len(split))))
    else:
        chosen = [rng.choice(split)]
    return tuple(c for u in chosen for c in u.cards)


def positions(count: int, seed: int = 1) -> list[Position]:
    """``count`` seeded positions: four 25-card hands from a shuffled deck under a random
    trump context; a lead of one unit (one time in five a throw of two or three units) from
    a random suit of seat 0's hand; three random legal follows."""
    rng = random.Random(seed)
    out: list[Position] = []
    deck = list(full_deck())
    while len(out) < count:
        rng.shuffle(deck)
        trump = Trump(
            rng.choice(list(Rank)), rng.choice([*Suit, None]), permanent_twos=rng.random() < 0.1
        )
        hands = tuple(tuple(deck[25 * i : 25 * i + 25]) for i in range(4))
        lead = _realistic_lead(hands[0], trump, rng)
        follows = [legal_follows(lead, hands[s], trump).sample(rng) for s in (1, 2, 3)]
        out.append((trump, hands, lead, (lead, *follows)))
    return out


def _per_call_us(call: Callable[[], object], reps: int) -> float:
    start = time.perf_counter()
    for _ in range(reps):
        call()
    return (time.perf_counter() - start) / reps * 1e6


def _median(calls: Sequence[Callable[[], object]], seconds: float, reps: int = 5) -> float:
    samples: list[float] = []
    deadline = time.perf_counter() + seconds
    while True:
        samples.extend(_per_call_us(call, reps) for call in calls)
        if time.perf_counter() >= deadline:
            return statistics.median(samples)


def trick_timings(seconds: float = 1.0, count: int = 300, seed: int = 1) -> dict[str, float]:
    """Median microseconds per call of the trick rules' hot functions (R6, R7)."""
    pos = positions(count, seed)
    rng = random.Random(seed)
    makers: dict[str, Callable[[Position], Callable[[], object]]] = {
        "is_legal_follow": lambda p: lambda: is_legal_follow(p[2], p[1][1], p[3][1], p[0]),
        "trick_winner": lambda p: lambda: trick_winner(p[3], p[0]),
        "check_throw": lambda p: lambda: check_throw(p[2], p[1][1:], p[0]),
        "legal_leads.sample": lambda p: lambda: legal_leads(p[1][0], p[0]).sample(rng),
        "legal_follows.sample": lambda p: lambda: legal_follows(p[2], p[1][1], p[0]).sample(rng),
        "len(legal_follows)": lambda p: lambda: len(legal_follows(p[2], p[1][1], p[0])),
    }
    return {name: _median([make(p) for p in pos], seconds) for name, make in makers.items()}


def _random_deal(seed: int) -> tuple[int, float]:
    """A whole deal by random legal actions on the bare state machine; returns the number of
    play decisions and the seconds they took (legal plays, sample, play)."""
    rng = random.Random(seed)
    state = GameState.new("tuolaji", seed=seed)
    decisions, play_time = 0, 0.0
    while state.phase is not Phase.FINISHED:
        if state.phase is Phase.PLAYING:
            start = time.perf_counter()
            state = state.play(state.to_act, state.legal_plays().sample(rng))
            play_time += time.perf_counter() - start
            decisions += 1
        elif state.phase is Phase.DEALING and rng.random() < 0.9:
            state = state.apply(DealCard())
        else:
            state = state.apply(state.legal_actions().sample(rng))
    return decisions, play_time


def deal_rates(seconds: float = 1.0, seed: int = 1) -> dict[str, float]:
    """Whole deals per second (the bare state machine with random actions, and ``Game``
    with four RandomBots and with four GreedyBots) and microseconds per play decision."""
    out: dict[str, float] = {}
    start, deals, decisions, play_time = time.perf_counter(), 0, 0, 0.0
    while time.perf_counter() - start < seconds or deals == 0:
        n, t = _random_deal(seed + deals)
        deals, decisions, play_time = deals + 1, decisions + n, play_time + t
    out["deals/s (state machine, random actions)"] = deals / (time.perf_counter() - start)
    out["µs per play decision (legal_plays, sample, play)"] = play_time / decisions * 1e6
    for name, make in (("random", RandomBot), ("greedy", GreedyBot)):
        start, deals = time.perf_counter(), 0
        while time.perf_counter() - start < seconds or deals == 0:
            game = Game("tuolaji", seed + deals)
            game.play_deal([make(seed * 4 + s) for s in range(4)])
            deals += 1
        out[f"deals/s (Game, 4 {name} bots)"] = deals / (time.perf_counter() - start)
    return out


def run(seconds: float = 1.0) -> Iterator[str]:
    """The benchmark report, line by line."""
    yield "tuolaji benchmark (one core; medians over seeded random positions)"
    for name, value in deal_rates(seconds).items():
        yield f"  {name:52s} {value:10.1f}"
    for name, us in trick_timings(seconds).items():
        yield f"  {name + ' (µs)':52s} {us:10.2f}"
