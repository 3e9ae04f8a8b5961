"""Greedy rollouts per CPU second from mid-deal positions, both kinds: ``greedy_rollout``
(the final `GameState`) and ``greedy_rollout_points`` (the attackers' final points, what a
search reads; W7 of ``python -m tuolaji bench`` times this one).

Positions: the first lead of tricks 5 and 13 of ``deals`` deals, reached by random plays as
W7 reaches them (``random``) or played by four GreedyBots (``greedy``: the positions a search
bot meets at a table of bots); one rollout per position with ``GreedyBot(seed)``. On a tree
without ``greedy_rollout_points`` (before issue 32 item 4) the points are read from
``greedy_rollout``'s final state, as the search did then::

    python benchmarks/bench_rollouts.py [deals] [random|greedy]
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable

import tuolaji as tl
from tuolaji.tools.bench import W7_TRICKS, trick_start

try:
    from tuolaji.bots.rollout import greedy_rollout, greedy_rollout_points
except ImportError:  # the tree before the id-level rollouts
    from tuolaji.bots.best import greedy_rollout

    def greedy_rollout_points(state: tl.GameState, bot: tl.GreedyBot) -> int:
        return greedy_rollout(state, bot).attacker_points


def _positions(deals: int, kind: str) -> list[tl.GameState]:
    out: list[tl.GameState] = []
    for seed in range(1, deals + 1):
        if kind == "random":
            out += [trick_start("tuolaji", seed, trick) for trick in W7_TRICKS]
            continue
        game = tl.Game("tuolaji", seed=seed)
        game.play_deal([tl.GreedyBot(seed * 4 + i) for i in range(4)])
        out += [
            s
            for s in game.history
            if s.phase is tl.Phase.PLAYING and not s.trick and len(s.tricks) + 1 in W7_TRICKS
        ]
    return [s for s in out if s.phase is tl.Phase.PLAYING]


def _rate(run: Callable[[tl.GameState, tl.GreedyBot], object], deals: int, kind: str) -> float:
    """Rollouts per CPU second, the median of three runs on fresh positions."""
    runs = []
    for _ in range(3):
        states = _positions(deals, kind)
        start = time.process_time()
        for i, state in enumerate(states):
            run(state, tl.GreedyBot(i))
        runs.append(len(states) / (time.process_time() - start))
    return sorted(runs)[1]


def main(deals: int = 40, kind: str = "random") -> None:
    print(f"greedy rollouts from tricks {W7_TRICKS} of {deals} {kind} deals, CPU time")
    print(f"  greedy_rollout (final GameState): {_rate(greedy_rollout, deals, kind):7.1f}/s")
    print(f"  greedy_rollout_points:            {_rate(greedy_rollout_points, deals, kind):7.1f}/s")


if __name__ == "__main__":
    args = sys.argv[1:3]
    main(int(args[0]) if args else 40, args[1] if len(args) > 1 else "random")
