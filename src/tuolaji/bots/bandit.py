"""An information-set search at [`BestBot`][tuolaji.BestBot]'s budget (issue 44, item 2):
[`BanditBot`][tuolaji.bots.bandit.BanditBot] spends the same rollouts per decision as
``best``, but as one-level information-set Monte-Carlo tree search does: every rollout draws
a fresh world of the seat's information set (its view) and plays the candidate that UCB1
picks (the mean for the seat's side plus ``exploration * sqrt(ln n / n_i)`` points), so the
promising candidates get more rollouts and the hopeless ones fewer. PIMC (``best``) instead
plays every candidate in the same worlds (common random numbers: their differences are less
noisy). Everything else (candidates, rollouts, bids, burial, ``margin``) is ``best``'s.

It is a benchmark of the idea, measured against ``best`` in docs/bots.md, not the default;
the arena spec is ``tuolaji.bots.bandit:BanditBot``.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from tuolaji.bots.best import BestBot
from tuolaji.core._args import check_number
from tuolaji.core.rules import MAX_HELD
from tuolaji.core.scoring import team_of
from tuolaji.state.actions import Play
from tuolaji.state.view import PlayerView

__all__ = ["BanditBot"]


class BanditBot(BestBot):
    """``best`` with UCB1 over its candidates, a fresh world per rollout (see the module
    docstring); ``exploration`` a finite number of points from 0 to 1000 (default 30), the
    other arguments as [`BestBot`][tuolaji.BestBot]'s. Deterministic from ``seed``."""

    def __init__(
        self,
        seed: int | None = 0,
        *,
        budget: int = 96,
        candidates: int = 6,
        endgame: int = MAX_HELD,
        margin: float = 5.0,
        exploration: float = 30.0,
    ) -> None:
        super().__init__(seed, budget=budget, candidates=candidates, endgame=endgame, margin=margin)
        self.exploration = check_number(
            "BanditBot", "exploration", exploration, low=0.0, high=1000.0, what="UCB1 points"
        )

    def evaluate(self, view: PlayerView, plays: Sequence[Play]) -> list[float]:
        """Each of ``plays``' mean attackers' points (R8) over the rollouts UCB1 gave it:
        ``budget`` rollouts in all (at least one per play), each in a fresh world of
        ``view``."""
        dealer = view.dealer
        assert dealer is not None  # a play decision
        sign = 1 if team_of(view.seat) != team_of(dealer) else -1
        k = len(plays)
        counts = [0] * k
        totals = [0.0] * k
        finish = self._playout()
        for n in range(max(self.budget, k)):
            if n < k:
                i = n
            else:
                log = math.log(n)
                i = max(
                    range(k),
                    key=lambda j: (
                        sign * totals[j] / counts[j] + self.exploration * math.sqrt(log / counts[j])
                    ),
                )
            world = self._world(view)
            totals[i] += finish(world.apply(plays[i]))
            counts[i] += 1
        return [totals[i] / counts[i] for i in range(k)]
