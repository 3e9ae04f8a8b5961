"""The strongest built-in bot, [`BestBot`][tuolaji.BestBot] (the arena's ``best``): search
from the first lead on sampled worlds with greedy rollouts, within a budget of rollouts per
decision.

Measured (issue #32): a bot that searches only once the end of the deal is in sight loses
the deal at the opening leads, where leading a pair, a tractor or a throw that stands takes
the points a single ace gives away. [`BestBot`][tuolaji.BestBot] searches every play with more
than one legal choice (while its hand holds `BestBot.endgame` cards or fewer, by default the
whole deal): it builds a short list of candidates from its own view
([`candidate_plays`][tuolaji.bots.candidates.candidate_plays]: the greedy choice first, then
tractor and pair leads, the throws that stand by the seat's knowledge (R6.3), the highest and
lowest single of each suit, or the follows that matter to the trick), samples worlds
consistent with its view ([`sample_world`][tuolaji.sample_world]), plays each candidate in
every world, finishes the deal with [`GreedyBot`][tuolaji.GreedyBot] on every seat
([`greedy_rollout_points`][tuolaji.bots.rollout.greedy_rollout_points], on a
[`PlayPhase`][tuolaji.PlayPhase]) and keeps the greedy choice unless another candidate gains
more than `BestBot.margin` attackers' points per world for its team. Rollouts are scored by
[`score_deal`][tuolaji.core.scoring.score_deal], the kitty and its multiplier included
(R8.2), and the last tricks, with few candidates, get the most worlds: the endgame where the
kitty decides is searched hardest.

Its cost is a budget of rollouts per decision, ``budget``: with ``k`` candidates it samples
``budget // k`` worlds (at least one, so at most ``budget`` rollouts when ``k <= budget``).
Bids and burial follow [`tuolaji.bots.contract`][tuolaji.bots.contract] (judged by `returns()`
over the game, not by one deal's level change), redeal requests
[`GreedyBot`][tuolaji.GreedyBot]'s. Deterministic from
its seed: the worlds, the candidates and the rollouts draw from its own ``random.Random``.
"""

from __future__ import annotations

from collections.abc import Callable

from tuolaji.bots.candidates import candidate_plays
from tuolaji.bots.contract import BIDDING_PHASES, choose_bid, choose_burial
from tuolaji.bots.greedy import GreedyBot
from tuolaji.bots.pimc import MAX_WORLDS, PIMCBot
from tuolaji.bots.rollout import greedy_rollout_points
from tuolaji.bots.worlds.reading import TableReading, read_world
from tuolaji.core._args import check_count, check_number
from tuolaji.core.rules import MAX_HELD
from tuolaji.state.actions import Action, ActionSet, Phase, Play
from tuolaji.state.gamestate import GameState
from tuolaji.state.view import PlayerView

__all__ = ["MAX_BUDGET", "BestBot"]

MAX_BUDGET = 4096
"""The most rollouts a [`BestBot`][tuolaji.BestBot] spends per decision."""


class BestBot(PIMCBot):
    """Search with greedy rollouts at every play from the first lead (see the module
    docstring), ``budget`` rollouts per decision; deterministic from ``seed``.

    ``budget`` is an int from 1 to `MAX_BUDGET`: the rollouts per searched decision, each
    a deal finished by [`GreedyBot`][tuolaji.GreedyBot] (the default costs about
    2 CPU seconds per seat per deal under the ``tuolaji`` preset, see docs/bots.md);
    ``candidates`` (1 to 64) the most plays compared per decision; ``endgame`` (1 to the most
    cards a hand holds) the hand size from which it searches, by default the whole deal;
    ``margin`` the gain in attackers' points per world needed to leave the greedy play;
    ``trust`` (0 to 1, default 0: uniform worlds) how strongly its worlds are weighted by what
    the other seats' plays suggest
    (``tuolaji.bots.worlds.reading.read_world``: a world is kept with probability
    ``(1 - trust) ** surprises``). A `TypeError` for another type (bool included), a
    [`ConfigurationError`][tuolaji.ConfigurationError] naming the argument outside.
    """

    def __init__(
        self,
        seed: int | None = 0,
        *,
        budget: int = 96,
        candidates: int = 6,
        endgame: int = MAX_HELD,
        margin: float = 5.0,
        trust: float = 0.0,
    ) -> None:
        self.budget = check_count("BestBot", "budget", budget, MAX_BUDGET, "rollouts per decision")
        super().__init__(seed, worlds=1, candidates=candidates, margin=margin)
        # ``worlds``: the worlds of a decision with all ``candidates`` to compare.
        self.worlds = min(MAX_WORLDS, max(1, self.budget // self.candidates))
        self.endgame = check_count(
            "BestBot", "endgame", endgame, MAX_HELD, "cards in hand from which it searches"
        )
        self.trust = check_number(
            "BestBot", "trust", trust, low=0.0, high=1.0, what="belief in the others' plays"
        )
        self._reading: TableReading | None = None
        # The rollouts' own player: its random draws do not shift the bot's own decisions.
        self.rollout_bot = GreedyBot(None if seed is None else seed + 1)

    def act(self, view: PlayerView, actions: ActionSet) -> Action:
        """A bid or burial by the contract's policy
        ([`tuolaji.bots.contract`][tuolaji.bots.contract]); a play by search (greedy while the
        hand holds more than ``endgame`` cards); a redeal request as GreedyBot."""
        if view.phase is Phase.BURYING:
            return choose_burial(view, actions)
        if view.phase in BIDDING_PHASES:
            return choose_bid(view, actions)
        return super().act(view, actions)

    def _searches(self, view: PlayerView, actions: ActionSet) -> bool:
        """Only plays once the hand holds ``endgame`` cards or fewer."""
        return super()._searches(view, actions) and len(view.hand) <= self.endgame

    def _candidates(self, view: PlayerView, actions: ActionSet) -> list[Play]:
        """[`candidate_plays`][tuolaji.bots.candidates.candidate_plays], no more than the
        budget can roll out once each."""
        first = self.greedy.act(view, actions)
        assert isinstance(first, Play)
        count = min(self.candidates, self.budget)
        return candidate_plays(view, actions, first, count, self.rng)

    def _world(self, view: PlayerView) -> GameState:
        """A uniform world (``trust`` 0, `sample_world`'s draw) or one kept by how well it
        explains the other seats' plays (``tuolaji.bots.worlds.reading.read_world``)."""
        if self.trust == 0.0:
            return super()._world(view)
        reading = self._reading
        if reading is None or reading.view is not view:
            reading = self._reading = TableReading(view)
        return read_world(view, self.rng, trust=self.trust, reading=reading)

    def _world_count(self, plays: int) -> int:
        """As many worlds as ``budget`` rollouts allow for ``plays`` plays, at least one."""
        return max(1, self.budget // plays)

    def _playout(self) -> Callable[[GameState], int]:
        """Every rollout finishes the deal with the greedy rollout bot on every seat; the
        attackers' final points (R8)."""
        return lambda state: greedy_rollout_points(state, self.rollout_bot)
