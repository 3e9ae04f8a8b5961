"""GreedyBot against RandomBot: the share of deals the GreedyBot team comes out ahead.

A team comes out ahead in a deal when, as declarers, it keeps the deal, or, as attackers,
it takes it over (R9.1). Seats 0 and 2 play greedy, 1 and 3 random; every deal is a fresh
``Game`` (so its first deal: anyone may bid) under the given rules. Run
``python benchmarks/bench_bots.py [deals] [rules]``.
"""

from __future__ import annotations

import sys
import time

from tuolaji.bots import GreedyBot, RandomBot
from tuolaji.game.facade import Game


def greedy_share(deals: int = 500, rules: str = "tuolaji") -> tuple[float, float]:
    """The GreedyBot team's share of deals won, and the mean CPU seconds per deal."""
    ahead = 0
    start = time.process_time()
    for seed in range(deals):
        game = Game(rules, seed)
        result = game.play_deal(
            [
                GreedyBot(4 * seed),
                RandomBot(4 * seed + 1),
                GreedyBot(4 * seed + 2),
                RandomBot(4 * seed + 3),
            ]
        )
        assert game.state.dealer is not None
        greedy_declares = game.state.dealer % 2 == 0
        ahead += result.outcome.declarers_keep == greedy_declares
    return ahead / deals, (time.process_time() - start) / deals


def main(argv: list[str]) -> None:
    deals = int(argv[0]) if argv else 500
    rules = argv[1] if len(argv) > 1 else "tuolaji"
    share, per_deal = greedy_share(deals, rules)
    timing = f"{per_deal * 1e3:.1f} ms/deal"
    print(f"{rules}: GreedyBot team ahead in {share:.1%} of {deals} deals ({timing})")


if __name__ == "__main__":
    main(sys.argv[1:])
