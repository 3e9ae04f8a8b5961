"""Sampled worlds per CPU second in deals played by GreedyBots, at the first lead of tricks
5, 12, 15 and 24 (W6 of ``python -m tuolaji bench`` takes its positions from random play,
whose many failed throws each constrain the worlds; these are the positions a search bot
meets at a table of bots).

For each of ``deals`` deals played by four GreedyBots, takes the state at the start of each
trick and draws ``per_view`` worlds of every seat's view, as W6 does (25 per view)::

    python benchmarks/bench_worlds.py [deals] [per_view]
"""

from __future__ import annotations

import random
import sys
import time

import tuolaji as tl
from tuolaji.bots.worlds import sample_world

TRICKS = (5, 12, 15, 24)


def main(deals: int = 40, per_view: int = 25) -> None:
    starts: dict[int, list[tl.GameState]] = {trick: [] for trick in TRICKS}
    for seed in range(1, deals + 1):
        game = tl.Game("tuolaji", seed=seed)
        game.play_deal([tl.GreedyBot(seed * 4 + i) for i in range(4)])
        for state in game.history:
            if state.phase is tl.Phase.PLAYING and not state.trick:
                trick = len(state.tricks) + 1
                if trick in starts:
                    starts[trick].append(state)
    print(f"GreedyBot deals, {per_view} worlds per view, CPU time")
    for trick, states in starts.items():
        views = [state.view(seat) for state in states for seat in range(4)]
        rng = random.Random(trick)
        start = time.process_time()
        for view in views:
            for _ in range(per_view):
                sample_world(view, rng)
        spent = time.process_time() - start
        worlds = len(views) * per_view
        print(
            f"trick {trick:2}: {worlds / spent:8.0f} worlds/s "
            f"({spent / worlds * 1e6:5.1f} µs each) over {len(views)} views"
        )


if __name__ == "__main__":
    main(*(int(arg) for arg in sys.argv[1:3]))
