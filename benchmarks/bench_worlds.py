"""Sampled worlds per second at tricks 5, 15 and 24 (#12 item 2).

For each of several deals played by GreedyBots, takes the state at the start of the given
trick and times ``sample_world(view, rng)`` for every seat.

    PYTHONPATH=src python benchmarks/bench_worlds.py
"""

from __future__ import annotations

import random
import time

import tuolaji as tl
from tuolaji.bots.worlds import hidden_slots, sample_world


def main(deals: int = 8, per_view: int = 100) -> None:
    histories = []
    for seed in range(deals):
        game = tl.Game("tuolaji", seed=seed)
        game.play_deal([tl.GreedyBot(seed * 4 + i) for i in range(4)])
        histories.append(game.history)
    rng = random.Random(0)
    for trick in (5, 15, 24):
        views = [
            state.view(seat)
            for history in histories
            for state in history
            # Deals with pairs and tractors have fewer than 25 tricks: "24" also takes the
            # start of a shorter deal's trick with two cards left per hand.
            if state.phase is tl.Phase.PLAYING
            and not state.trick
            and (len(state.tricks) == trick - 1 or (trick == 24 and len(state.hands[0]) == 2))
            for seat in range(4)
        ]
        constrained = sum(
            any(row[c] < hidden_slots(v).pool[c] for row in hidden_slots(v).caps for c in range(54))
            for v in views
        )
        start = time.perf_counter()
        for view in views:
            for _ in range(per_view):
                sample_world(view, rng)
        elapsed = time.perf_counter() - start
        rate = len(views) * per_view / elapsed
        print(
            f"trick {trick:2}: {rate:8.0f} worlds/s over {len(views)} views "
            f"({constrained} with deductions)"
        )


if __name__ == "__main__":
    main()
