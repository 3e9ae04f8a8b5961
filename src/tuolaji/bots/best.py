"""The strongest built-in bot, [`BestBot`][tuolaji.bots.best.BestBot] (the arena's ``best``):
greedy play until the end of the deal comes in sight, then search on sampled worlds with greedy
rollouts.

Measured (issue #24 item 4): the shipped [`PIMCBot`][tuolaji.PIMCBot] spends its time on
early tricks, where its random-lead rollouts say little, and is level with
[`GreedyBot`][tuolaji.GreedyBot]. The last tricks decide the kitty (R8.2: the last trick's
winner scores the kitty with a multiplier) and who keeps the deal, and there a rollout is
short, so a stronger and dearer rollout policy is affordable.
[`BestBot`][tuolaji.bots.best.BestBot] plays like [`GreedyBot`][tuolaji.GreedyBot] (bids, burial,
redeal requests and every play) until its hand holds `BestBot.endgame` cards or fewer; from then
on, for each play it samples `BestBot.worlds` worlds consistent with its view
([`sample_world`][tuolaji.sample_world]), plays each candidate in every world, finishes the deal
with [`GreedyBot`][tuolaji.GreedyBot] on every seat, and keeps the greedy choice unless another
candidate gains more than `BestBot.margin` attackers' points per world for its team. Deterministic
from its seed: the worlds, the candidates and the rollouts draw from its own ``random.Random``.
"""

from __future__ import annotations

import random

from tuolaji.bots.greedy import GreedyBot
from tuolaji.bots.worlds import sample_world
from tuolaji.core.errors import ConfigurationError
from tuolaji.core.scoring import team_of
from tuolaji.core.shapes import units
from tuolaji.state.actions import Action, ActionSet, Phase, Play
from tuolaji.state.gamestate import GameState
from tuolaji.state.view import PlayerView

__all__ = ["BestBot", "greedy_rollout"]


def greedy_rollout(state: GameState, bot: GreedyBot) -> GameState:
    """``state`` played to the end of the deal with ``bot`` deciding for every seat (each
    seat seeing only its own view of ``state``)."""
    while state.result is None:
        seat = state.turn
        state = state.apply(bot.act(state.view(seat), state.legal_actions(seat)))
    return state


def _positive_int(name: str, value: object, high: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise TypeError(f"BestBot {name} is an int, got {type(value).__name__}")
    if not 1 <= value <= high:
        raise ConfigurationError(f"BestBot {name} is between 1 and {high}, got {value}")
    return value


class BestBot:
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
        if seed is not None and not isinstance(seed, int):
            raise TypeError(f"BestBot seed is an int or None, got {type(seed).__name__}")
        self.worlds = _positive_int("worlds", worlds, 256)
        self.candidates = _positive_int("candidates", candidates, 64)
        self.endgame = _positive_int("endgame", endgame, 33)
        if not isinstance(margin, (int, float)) or isinstance(margin, bool):
            raise TypeError(f"BestBot margin is a number, got {type(margin).__name__}")
        self.margin = float(margin)
        self.rng = random.Random(seed)
        self.greedy = GreedyBot(seed)
        # The rollouts' own player: its random draws do not shift the bot's own decisions.
        self.rollout_bot = GreedyBot(None if seed is None else seed + 1)

    def act(self, view: PlayerView, actions: ActionSet) -> Action:
        """The greedy choice, or in the endgame the best play over sampled worlds."""
        if view.phase is not Phase.PLAYING or len(actions) == 1 or len(view.hand) > self.endgame:
            return self.greedy.act(view, actions)
        options = self._candidates(view, actions)
        if len(options) == 1:
            return options[0]
        dealer = view.dealer
        assert dealer is not None
        sign = 1 if team_of(view.seat) != team_of(dealer) else -1
        totals = [0] * len(options)
        for _ in range(self.worlds):
            world = sample_world(view, self.rng)
            for i, option in enumerate(options):
                end = greedy_rollout(world.apply(option), self.rollout_bot)
                totals[i] += sign * end.attacker_points
        best = max(range(len(options)), key=totals.__getitem__)
        # options[0] is the greedy choice: leave it only for a clear gain.
        if totals[best] - totals[0] <= self.margin * self.worlds:
            return options[0]
        return options[best]

    def _candidates(self, view: PlayerView, actions: ActionSet) -> list[Play]:
        """The greedy choice first, then other plays: for a lead, single units of the hand
        (never a throw, so never a failed one, R6.3); for a follow, legal follows."""
        first = self.greedy.act(view, actions)
        assert isinstance(first, Play)
        seen = {tuple(sorted(c.id for c in first.cards))}
        out = [first]
        if not view.trick:
            assert view.trump is not None
            pool = [Play(view.seat, u.cards) for u in units(view.hand, view.trump)]
        elif len(actions) <= 4 * self.candidates:
            pool = [a for a in actions if isinstance(a, Play)]
        else:
            pool = [
                a
                for a in (actions.sample(self.rng) for _ in range(4 * self.candidates))
                if isinstance(a, Play)
            ]
        self.rng.shuffle(pool)
        for action in pool:
            if len(out) >= self.candidates:
                break
            key = tuple(sorted(c.id for c in action.cards))
            if key not in seen:
                seen.add(key)
                out.append(action)
        return out
