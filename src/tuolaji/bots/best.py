"""The strongest built-in bot, [`BestBot`][tuolaji.BestBot] (the arena's ``best``):
greedy play until the end of the deal comes in sight, then search on sampled worlds with greedy
rollouts.

Measured (issue #24 item 4): the shipped [`PIMCBot`][tuolaji.PIMCBot] spends its time on
early tricks, where its random-lead rollouts say little, and is level with
[`GreedyBot`][tuolaji.GreedyBot]. The last tricks decide the kitty (R8.2: the last trick's
winner scores the kitty with a multiplier) and who keeps the deal, and there a rollout is
short, so a stronger and dearer rollout policy is affordable.
[`BestBot`][tuolaji.BestBot] plays like [`GreedyBot`][tuolaji.GreedyBot] (bids, burial,
redeal requests and every play) until its hand holds `BestBot.endgame` cards or fewer; from then
on, for each play it samples `BestBot.worlds` worlds consistent with its view
([`sample_world`][tuolaji.sample_world]), plays each candidate in every world, finishes the deal
with [`GreedyBot`][tuolaji.GreedyBot] on every seat, and keeps the greedy choice unless another
candidate gains more than `BestBot.margin` attackers' points per world for its team. Deterministic
from its seed: the worlds, the candidates and the rollouts draw from its own ``random.Random``.
"""

from __future__ import annotations

from collections.abc import Callable

from tuolaji.bots.greedy import GreedyBot
from tuolaji.bots.pimc import PIMCBot
from tuolaji.bots.rollout import greedy_rollout
from tuolaji.core._args import check_count
from tuolaji.core.rules import MAX_HELD
from tuolaji.state.actions import ActionSet
from tuolaji.state.gamestate import GameState
from tuolaji.state.view import PlayerView

__all__ = ["BestBot"]


class BestBot(PIMCBot):
    """Greedy play, then search with greedy rollouts over the last ``endgame`` cards of the
    hand (see the module docstring); deterministic from ``seed``.

    ``worlds`` worlds and up to ``candidates`` plays are tried per searched decision;
    ``margin`` is the gain in attackers' points per world needed to leave the greedy play.
    """

    def __init__(
        self,
        seed: int | None = 0,
        *,
        worlds: int = 6,
        candidates: int = 5,
        endgame: int = 10,
        margin: float = 5.0,
    ) -> None:
        super().__init__(seed, worlds=worlds, candidates=candidates, margin=margin)
        self.endgame = check_count(
            "BestBot", "endgame", endgame, MAX_HELD, "cards in hand from which it searches"
        )
        # The rollouts' own player: its random draws do not shift the bot's own decisions.
        self.rollout_bot = GreedyBot(None if seed is None else seed + 1)

    def _searches(self, view: PlayerView, actions: ActionSet) -> bool:
        """Only plays once the hand holds ``endgame`` cards or fewer."""
        return super()._searches(view, actions) and len(view.hand) <= self.endgame

    def _playout(self) -> Callable[[GameState], int]:
        """Every rollout finishes the deal with the greedy rollout bot on every seat; the
        attackers' final points (R8)."""
        return lambda state: greedy_rollout(state, self.rollout_bot).attacker_points

    _shuffles_sampled_follows = True
