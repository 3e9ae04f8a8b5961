"""The [`Bot`][tuolaji.Bot] protocol and [`RandomBot`][tuolaji.RandomBot].

A bot has one method, ``act(view, actions)``: it sees only its seat's
[`PlayerView`][tuolaji.PlayerView] and the [`ActionSet`][tuolaji.ActionSet] of
legal actions, and returns one of them. While cards are dealt the actions are
[`Pass`][tuolaji.Pass] ("not now") and the bids the seat may make. Bots draw randomness only
from their own ``random.Random``, so a game is reproducible from its seed and the bots' seeds.
"""

from __future__ import annotations

import random
from typing import Protocol

from tuolaji.core._args import check_number, check_seed
from tuolaji.state.actions import Action, ActionSet, Declare, Pass, Phase
from tuolaji.state.view import PlayerView

__all__ = ["Bot", "RandomBot"]

_BIDDING = frozenset((Phase.DEALING, Phase.CLOSING, Phase.FIRST_COUNTERS, Phase.COUNTERS))


class Bot(Protocol):
    """Anything that picks an action: ``act(view, actions)`` returns one of ``actions``."""

    def act(self, view: PlayerView, actions: ActionSet) -> Action:
        """Choose one of ``actions`` (all legal) seeing only ``view``."""
        ...


class RandomBot:
    """Plays a random legal action (every one has a chance); while bidding, bids with
    probability ``bid_chance`` whenever it can.

    ``seed`` is an int or None (`TypeError` otherwise); ``bid_chance`` a number from 0 to 1
    ([`ConfigurationError`][tuolaji.ConfigurationError] outside), checked here rather than at
    the first bid.
    """

    def __init__(self, seed: int | None = 0, bid_chance: float = 0.3) -> None:
        self.rng = random.Random(check_seed("RandomBot", seed))
        self.bid_chance = check_number(
            "RandomBot", "bid_chance", bid_chance, low=0.0, high=1.0, what="the chance of a bid"
        )

    def act(self, view: PlayerView, actions: ActionSet) -> Action:
        """A random legal action."""
        if view.phase not in _BIDDING:
            return actions.sample(self.rng)  # plays and burials are sampled, never listed
        bids = [a for a in actions if isinstance(a, Declare)]
        if bids and any(isinstance(a, Pass) for a in actions):
            if self.rng.random() < self.bid_chance:
                return self.rng.choice(bids)
            return Pass(view.seat)
        return actions.sample(self.rng)
