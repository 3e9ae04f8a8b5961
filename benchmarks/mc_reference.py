"""The Monte-Carlo yardstick (issue 32, item 1): a determinized search opponent to measure
the built-in bots against. It is a benchmark, not a shipped bot.

```sh
PYTHONPATH=src:benchmarks python -m tuolaji arena \\
    --bots best,mc_reference:MonteCarloBot --bidder greedy --deals 20
```

At every play from the first trick, [`MonteCarloBot`][] samples ``worlds`` deals consistent
with its seat's view (``tuolaji.sample_world``), tries up to ``candidates`` legal plays in
every world, finishes each world with ``greedy_rollout_points`` (every seat played by a
``GreedyBot`` that sees only its own view), and takes the play with the best mean attackers'
points (R8) for its side. Bids, burial and redeal requests are ``GreedyBot``'s.

The candidates, in GreedyBot's order (the reading of "by GreedyBot's order"):

- following a lead: GreedyBot's choice among the legal follows, then its choice among the
  follows left, and so on: the order in which GreedyBot's own heuristics would pick them
  (when a seat has more than `FOLLOWS_COMPARED` legal follows, a seeded sample of that many,
  plus GreedyBot's choice, is ranked);
- leading: GreedyBot's lead first, then the units of the hand's canonical split (R3.3):
  tractors and pairs (more cards first, then the stronger), then for each effective suit its
  strongest single (the lead GreedyBot makes when the single is a master), then for each
  suit its weakest single (GreedyBot's lead toward a void), then the other singles. A throw
  is never a candidate: one that stands in a sampled world may fail in the real one (R6.3,
  penalised by R6.5), while a unit never fails.

Deterministic from ``seed``: the worlds, the follow samples and the rollouts draw from the
bot's own ``random.Random``; every candidate of one decision is rolled out in the same world
by rollout bots seeded alike (common random numbers), so their difference is what the play
changes.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from tuolaji import GreedyBot, sample_world
from tuolaji.bots.rollout import greedy_rollout_points
from tuolaji.core._args import check_count, check_seed
from tuolaji.core.scoring import team_of
from tuolaji.core.shapes import Unit, units
from tuolaji.state.actions import Action, ActionSet, ListedActions, Phase, Play
from tuolaji.state.view import PlayerView

__all__ = ["FOLLOWS_COMPARED", "MonteCarloBot"]

FOLLOWS_COMPARED = 64
"""The most legal follows ranked per decision; beyond it a seeded sample of that many."""


class MonteCarloBot:
    """The yardstick: ``worlds`` sampled worlds per play, up to ``candidates`` plays in
    GreedyBot's order, each finished by greedy rollouts; the best mean attackers' points for
    its side (see the module docstring). Deterministic from ``seed``."""

    def __init__(self, seed: int | None = 0, *, worlds: int = 10, candidates: int = 8) -> None:
        self.rng = random.Random(check_seed("MonteCarloBot", seed))
        self.worlds = check_count("MonteCarloBot", "worlds", worlds, 256, "worlds per play")
        self.candidates = check_count(
            "MonteCarloBot", "candidates", candidates, 64, "plays tried per decision"
        )
        self.greedy = GreedyBot(seed)

    def act(self, view: PlayerView, actions: ActionSet) -> Action:
        """The searched play; every other decision is GreedyBot's."""
        if view.phase is not Phase.PLAYING or len(actions) == 1:
            return self.greedy.act(view, actions)
        options = self.ordered_candidates(view, actions)
        if len(options) == 1:
            return options[0]
        assert view.dealer is not None  # playing: the dealer is known
        sign = 1 if team_of(view.seat) != team_of(view.dealer) else -1
        means = self.evaluate(view, options)
        # max keeps the first of equals: GreedyBot's choice unless another play is better.
        return options[max(range(len(options)), key=lambda i: sign * means[i])]

    def evaluate(self, view: PlayerView, plays: Sequence[Play]) -> list[float]:
        """Each of ``plays``' mean attackers' final points (R8) over ``worlds`` worlds sampled
        from ``view``, every play finished by greedy rollouts seeded alike in one world."""
        totals = [0] * len(plays)
        for _ in range(self.worlds):
            world = sample_world(view, self.rng)
            stream = self.rng.randrange(1 << 32)
            for i, play in enumerate(plays):
                totals[i] += greedy_rollout_points(world.apply(play), GreedyBot(stream))
        return [total / self.worlds for total in totals]

    def ordered_candidates(self, view: PlayerView, actions: ActionSet) -> list[Play]:
        """Up to ``candidates`` distinct legal plays of ``view``'s seat in GreedyBot's order,
        GreedyBot's own choice first (see the module docstring)."""
        first = self.greedy.act(view, actions)
        assert isinstance(first, Play)
        if not view.trick:
            assert view.trump is not None
            pool = [Play(view.seat, u.cards) for u in _lead_order(units(view.hand, view.trump))]
            out = [first]
            seen = {_key(first)}
            for play in pool:
                if len(out) >= self.candidates:
                    break
                if _key(play) not in seen:
                    seen.add(_key(play))
                    out.append(play)
            return out
        if len(actions) <= FOLLOWS_COMPARED:
            left = [a for a in actions if isinstance(a, Play)]
        else:
            sampled = {_key(first): first}
            for _ in range(FOLLOWS_COMPARED):
                play = actions.sample(self.rng)
                assert isinstance(play, Play)
                sampled.setdefault(_key(play), play)
            left = list(sampled.values())
        out = [first]
        left = [p for p in left if _key(p) != _key(first)]
        while left and len(out) < self.candidates:
            pick = self.greedy.act(view, ListedActions(left))
            assert isinstance(pick, Play)
            out.append(pick)
            left = [p for p in left if _key(p) != _key(pick)]
        return out


def _key(play: Play) -> tuple[int, ...]:
    return tuple(sorted(c.id for c in play.cards))


def _lead_order(split: Sequence[Unit]) -> list[Unit]:
    """The lead units in the yardstick's order: tractors and pairs (more cards, then the
    stronger, first), the strongest single of each suit, the weakest of each, the rest."""
    multi = sorted((u for u in split if u.pairs), key=lambda u: (-len(u.cards), -u.top))
    singles = [u for u in split if not u.pairs]
    by_suit: dict[int, list[Unit]] = {}
    for u in singles:
        by_suit.setdefault(u.suit, []).append(u)
    strongest = [max(us, key=lambda u: u.top) for us in by_suit.values()]
    weakest = [min(us, key=lambda u: u.top) for us in by_suit.values()]
    ordered = multi + strongest + weakest + singles
    out: list[Unit] = []
    for u in ordered:
        if u not in out:
            out.append(u)
    return out
