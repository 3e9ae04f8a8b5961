"""What an arena run is and what one duplicate deal pair gives:
[`ArenaConfig`][tuolaji.tools.arena.pairs.ArenaConfig],
[`DealPair`][tuolaji.tools.arena.pairs.DealPair] and its
[`pair_score`][tuolaji.tools.arena.pairs.pair_score] (see the
[arena's overview][tuolaji.tools.arena] for the measures)."""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence

import attrs

from tuolaji.core.errors import ConfigurationError
from tuolaji.core.rules import RULESETS, Rules
from tuolaji.tools.arena.bots import BotSpec

__all__ = ["ArenaConfig", "DealPair", "pair_score"]


@attrs.frozen(slots=True)
class ArenaConfig:
    """One arena run: every pair of ``bots`` plays ``deals`` duplicate deal pairs.

    ``match``: each game of a pair is a whole match (R9.5), stopped after ``max_deals``
    deals; ``sprt``: ``(elo0, elo1, alpha, beta)`` to stop early (two bots only, see
    [`tuolaji.tools.stats.sprt_test`][tuolaji.tools.stats.sprt_test]); ``record``: keep every
    game's record; ``bidder``: one bot that bids, buries and asks for redeals for every seat (both
    sides alike), so that only card play is compared.
    """

    bots: tuple[BotSpec, ...]
    deals: int
    rules: Rules = RULESETS["tuolaji"]
    seed: int = 0
    match: bool = False
    max_deals: int = 100
    sprt: tuple[float, float, float, float] | None = None
    record: bool = False
    bidder: BotSpec | None = None

    def __attrs_post_init__(self) -> None:
        if self.deals < 1:
            raise ConfigurationError(f"deals is a positive number, got {self.deals}")
        if self.max_deals < 1:
            raise ConfigurationError(f"max_deals is a positive number, got {self.max_deals}")
        if self.sprt is not None and len(self.bots) != 2:
            raise ConfigurationError("SPRT compares exactly two bots")

    @property
    def pairs(self) -> list[tuple[int, int]]:
        """Every pair of bots (by index), in order."""
        return list(itertools.combinations(range(len(self.bots)), 2))


@attrs.frozen(slots=True)
class DealPair:
    """One duplicate deal pair (or match pair) of bot ``a`` against bot ``b``, from ``a``'s
    side: see [the arena][tuolaji.tools.arena] for ``level``, ``returns``, ``declared`` and
    ``score``. ``attack_points`` lists the attackers' points of each deal A's team attacked,
    ``defence_points`` those of each deal B's team attacked; ``matches`` counts the whole
    matches (R9.5) won by A and by B; ``deals`` is the number of deals played in both games;
    ``records`` the two games' records (JSON text) when recording."""

    index: int
    level: int
    returns: float
    attack_points: tuple[int, ...]
    defence_points: tuple[int, ...]
    declared: int
    matches: tuple[int, int]
    score: float
    deals: int
    records: tuple[str, ...] = ()

    @property
    def points(self) -> float:
        """The attackers' points per attacking deal, A's team's mean minus B's; 0.0 when one
        side never attacked (there is nothing to compare)."""
        if not self.attack_points or not self.defence_points:
            return 0.0
        return math.fsum(self.attack_points) / len(self.attack_points) - math.fsum(
            self.defence_points
        ) / len(self.defence_points)


def pair_score(matches: int, level: int, attack: Sequence[int], defence: Sequence[int]) -> float:
    """A deal pair's score from A's side: 1 won, 0.5 tie, 0 lost. ``matches`` (A's whole
    matches won minus lost) decides first, then ``level`` (A's level change minus B's),
    then the attackers' points (A's ``attack`` minus B's ``defence``), but only when both
    sides attacked equally often: a side that declared more attacked less, and its points
    say nothing about card play.

    >>> pair_score(0, 1, [60], [90]), pair_score(0, 0, [60], [90]), pair_score(0, 0, [], [60, 90])
    (1.0, 0.0, 0.5)
    """
    tiebreak = sum(attack) - sum(defence) if len(attack) == len(defence) else 0
    key = (matches, level, tiebreak)
    return 1.0 if key > (0, 0, 0) else 0.0 if key < (0, 0, 0) else 0.5
