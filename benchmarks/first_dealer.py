"""What the first deal's dealer is worth over a whole match (issue 44): four `GreedyBot`s
play matches (R9.5) against themselves, and the script counts the matches won by the team
that dealt the first deal (R4.5: under the ``tuolaji`` rules the first seat to bid deals it).

A mirror match has no better side, so the share is the first dealer's advantage alone: what
a first-deal bid can buy in matches at most (docs/bots.md, "Judged by whole matches").

```sh
python benchmarks/first_dealer.py --matches 600 --seed 70000
```

Match ``i`` is ``Game(rules, seed + i)`` with ``GreedyBot(4 * (seed + i) + s)`` in seat ``s``;
a match still open after ``--max-deals`` deals is left out of the count.
"""

from __future__ import annotations

import argparse

from tuolaji import Game, GreedyBot
from tuolaji.core.scoring import team_of
from tuolaji.tools.stats import share_interval

__all__ = ["first_dealer_wins"]


def first_dealer_wins(
    matches: int, seed: int, rules: str = "tuolaji", max_deals: int = 100
) -> tuple[int, int]:
    """The matches won by the first deal's dealing team, and the matches that ended, of
    ``matches`` GreedyBot mirror matches from ``seed``."""
    won = ended = 0
    for i in range(matches):
        game = Game(rules, seed + i)
        bots = [GreedyBot(4 * (seed + i) + s) for s in range(4)]
        game.play_deal(bots)
        dealer = game.state.dealer
        if dealer is None:  # a scored deal always has its dealer (R4.5, R4.6)
            raise RuntimeError("a finished first deal has no dealer")
        first = team_of(dealer)
        result = game.play_match(bots, max_deals=max_deals - 1)
        if result.winner is not None:
            ended += 1
            won += result.winner == first
    return won, ended


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=600)
    parser.add_argument("--seed", type=int, default=70000)
    parser.add_argument("--rules", default="tuolaji")
    parser.add_argument("--max-deals", type=int, default=100)
    args = parser.parse_args(argv)
    won, ended = first_dealer_wins(args.matches, args.seed, args.rules, args.max_deals)
    if not ended:
        print(f"none of {args.matches} matches ended within {args.max_deals} deals")
        return
    low, high = share_interval(won, ended)
    print(
        f"the first dealer's team won {won} of {ended} GreedyBot mirror matches: "
        f"{won / ended:.1%} [{low:.1%}, {high:.1%}] (95% Wilson)"
    )


if __name__ == "__main__":
    main()
