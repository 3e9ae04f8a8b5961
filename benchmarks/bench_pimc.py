"""PIMCBot against GreedyBot with seats swapped (#12 item 6).

Each deal seed is played twice: PIMC on seats 0 and 2, then on seats 1 and 3, the same
cards both times. Prints the PIMC team's win rate (a deal is won when its team's return is
positive) with a 95% Wilson interval, and the mean return per deal.

    PYTHONPATH=src python benchmarks/bench_pimc.py --deals 200 --workers 2
"""

from __future__ import annotations

import argparse
import math
import time
from concurrent.futures import ProcessPoolExecutor

import tuolaji as tl


def one(args: tuple[str, int, int, int, float]) -> tuple[float, float]:
    """The PIMC team's returns for one seed: PIMC on the even seats, then on the odd ones."""
    rules, seed, worlds, candidates, margin = args
    out = []
    for pimc_team in (0, 1):
        bots = [
            tl.PIMCBot(seed * 10 + s, worlds=worlds, candidates=candidates, margin=margin)
            if s % 2 == pimc_team
            else tl.GreedyBot(seed * 10 + s)
            for s in range(4)
        ]
        game = tl.Game(rules, seed=seed)
        game.play_deal(bots)
        out.append(game.state.returns()[pimc_team])
    return out[0], out[1]


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--rules", default="tuolaji")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--worlds", type=int, default=4)
    parser.add_argument("--candidates", type=int, default=5)
    parser.add_argument("--margin", type=float, default=25.0)
    args = parser.parse_args()
    start = time.perf_counter()
    jobs = [
        (args.rules, seed, args.worlds, args.candidates, args.margin) for seed in range(args.deals)
    ]
    with ProcessPoolExecutor(args.workers) as pool:
        results = list(pool.map(one, jobs))
    returns = [r for pair in results for r in pair]
    wins = sum(r > 0 for r in returns)
    n = len(returns)
    low, high = wilson(wins, n)
    print(
        f"{args.rules}: {args.deals} seeds x 2 seatings = {n} deals, PIMC "
        f"worlds={args.worlds} candidates={args.candidates} margin={args.margin}"
    )
    print(f"PIMC team won {wins}/{n} = {wins / n:.1%} (95% CI {low:.1%}..{high:.1%})")
    print(f"mean return per deal for the PIMC team: {sum(returns) / n:+.3f}")
    print(f"time: {time.perf_counter() - start:.0f} s")


if __name__ == "__main__":
    main()
