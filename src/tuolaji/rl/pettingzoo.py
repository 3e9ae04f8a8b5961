"""A PettingZoo AEC environment for one deal of Tractor (extra ``tuolaji[pettingzoo]``).

>>> import tuolaji.pettingzoo
>>> env = tuolaji.pettingzoo.env(rules="tuolaji")
>>> env.reset(seed=7)
>>> env.agent_selection in env.possible_agents
True

Agents are ``seat_0`` .. ``seat_3``. Each step is one id of the factored action space
([`tuolaji.rl.actionspace`][tuolaji.rl.actionspace], ``Discrete(57)``): a play, a burial or a bid
is built card by card and finished with ``DONE``. The observation is a dict: ``"observation"``, the
seat's [`observation`][tuolaji.rl.encoding.observation] followed by the 54 counts of the cards
selected so far in the current decision (float32,
[`OBSERVATION_LENGTH`][tuolaji.pettingzoo.OBSERVATION_LENGTH]), and ``"action_mask"``, the 57 legal
ids (int8). Cards are dealt by the environment; while dealing, seats are asked in the public order
of [`BidTurns`][tuolaji.game.turns.BidTurns], as [`Game`][tuolaji.Game] does (``PASS`` is "not
now", and the only id of a seat without a bid). The episode is one deal; at its end each agent's
reward is [`GameState.returns`][tuolaji.GameState.returns] for its seat. ``reset(seed=N)`` makes
the deal reproducible. No episode is truncated: the environment plays ``env.played_rules``,
[`playable_rules(rules, max_redeals)`][tuolaji.rl.actionspace.playable_rules],
whose [`no_bid_redeals`][tuolaji.Rules.no_bid_redeals] bounds the first deal's no-bid redeals
(R4.6: ``max_redeals`` when given, else the rules' own, else 3), so every episode ends within
[`max_deal_length`][tuolaji.rl.actionspace.max_deal_length] steps, and a
[`Game`][tuolaji.Game] given ``env.played_rules`` plays the same deals.
"""

from __future__ import annotations

import copy as _copy
import math as _math
import random as _random
import sys as _sys
from collections.abc import Sequence
from typing import Any as _Any
from typing import ClassVar as _ClassVar
from typing import Literal as _Literal

import gymnasium as _gymnasium
import numpy as _np
from gymnasium import spaces as _spaces
from pettingzoo import AECEnv as _AECEnv

from tuolaji.bots.base import Bot
from tuolaji.core.cards import CARD_KINDS as _CARD_KINDS
from tuolaji.core.errors import ConfigurationError, IllegalAction, cut
from tuolaji.core.rules import Rules, as_rules
from tuolaji.rl.actionspace import NUM_ACTIONS as _NUM_ACTIONS
from tuolaji.rl.actionspace import Driver as _Driver
from tuolaji.rl.actionspace import action_ids
from tuolaji.rl.actionspace import playable_rules as _playable_rules
from tuolaji.rl.encoding import OBSERVATION_LAYOUT as _LAYOUT
from tuolaji.rl.encoding import OBSERVATION_SIZE as _OBSERVATION_SIZE
from tuolaji.rl.encoding import ObservationEncoder as _ObservationEncoder
from tuolaji.state.actions import Action, ActionSet, ListedActions, Pass, Phase
from tuolaji.state.gamestate import GameState

__all__ = ["OBSERVATION_LENGTH", "BotPolicy", "SingleAgentEnv", "TuolajiEnv", "env", "raw_env"]

OBSERVATION_LENGTH = _OBSERVATION_SIZE + _CARD_KINDS
"""The length of ``observation["observation"]``: the view, then the current selection."""


def _bounds() -> tuple[_Any, _Any]:
    """Each observation entry's range: card counts 0..2 (two decks, R1.1), the attackers'
    points unbounded (throw penalties subtract, R6.5; the kitty bonus multiplies, R8.2),
    everything else 0..1 (one-hots, flags, fractions)."""
    low: list[float] = []
    high: list[float] = []
    for name, size in (*_LAYOUT, ("selected", _CARD_KINDS)):
        cards = name in ("hand", "played", "trick", "kitty", "shown", "selected")
        low += [-_np.inf if name == "points" else 0.0] * size
        high += [_np.inf if name == "points" else 2.0 if cards else 1.0] * size
    return _np.asarray(low, _np.float32), _np.asarray(high, _np.float32)


_LOW, _HIGH = _bounds()


class TuolajiEnv(_AECEnv):  # type: ignore[misc]
    """One deal as an AEC environment (see the module docstring)."""

    metadata: _ClassVar[dict[str, _Any]] = {
        "name": "tuolaji_v0",
        "render_modes": ["human", "ansi"],
        "is_parallelizable": False,
    }

    def __init__(
        self,
        rules: Rules | str = "tuolaji",
        render_mode: str | None = None,
        render_seat: int | None = None,
        max_redeals: int | None = None,
    ) -> None:
        super().__init__()
        self.rules = as_rules(rules)
        self.played_rules = _playable_rules(self.rules, max_redeals)
        """The rules the deals are played by (R4.6: see the module docstring)."""
        self.max_redeals = self.played_rules.no_bid_redeals
        self.render_mode = render_mode
        self.render_seat = render_seat
        self.possible_agents = [f"seat_{i}" for i in range(4)]
        self.agents = list(self.possible_agents)
        space = _spaces.Dict(
            {
                "observation": _spaces.Box(_LOW, _HIGH, (OBSERVATION_LENGTH,), _np.float32),
                "action_mask": _spaces.Box(0, 1, (_NUM_ACTIONS,), _np.int8),
            }
        )
        self.observation_spaces = dict.fromkeys(self.possible_agents, space)
        self.action_spaces = {a: _spaces.Discrete(_NUM_ACTIONS) for a in self.possible_agents}
        self.driver = _Driver(GameState.new(self.played_rules))
        self._seats = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        self._encoder = _ObservationEncoder()
        # The state and seat last observed, and the view's part of that observation.
        self._observed: tuple[GameState, int, _Any] | None = None

    def observation_space(self, agent: str) -> _spaces.Space[_Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> _spaces.Space[_Any]:
        return self.action_spaces[agent]

    # --- episode ---------------------------------------------------------------------------

    def reset(self, seed: int | None = None, options: dict[str, _Any] | None = None) -> None:
        if seed is None:
            seed = _random.Random().randrange(1 << 31)
        self.driver = _Driver(GameState.new(self.played_rules, seed=seed))
        self._encoder = _ObservationEncoder()
        self._observed = None
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, _Any]] = {a: {} for a in self.agents}
        self._advance()

    @property
    def deal_state(self) -> GameState:
        """The deal's current [`GameState`][tuolaji.GameState] (all hands: for tests and tools)."""
        return self.driver.state

    def _advance(self) -> None:
        """Deal cards until a seat must decide, and select it; or end the episode."""
        driver = self.driver
        while driver.seat is None and not driver.finished:
            driver.deal()
        if driver.finished:
            returns = driver.state.returns()
            for i, agent in enumerate(self.possible_agents):
                self.rewards[agent] = returns[i]
                self.terminations[agent] = True
            return
        assert driver.seat is not None
        self.agent_selection = self.possible_agents[driver.seat]

    def step(self, action: int | None) -> None:
        if getattr(self, "agent_selection", None) is None:
            raise IllegalAction("R11", "call reset() before step()")
        if not self.agents:
            raise IllegalAction("R11", "the episode is over: call reset() to play again")
        if action is not None and (
            isinstance(action, bool) or not isinstance(action, int | _np.integer)
        ):
            raise TypeError(f"action must be an int id of the action space, got {cut(action)}")
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise TypeError("a live agent steps with an id of the action space, not None")
        self._cumulative_rewards[agent] = 0.0
        self.driver.push(int(action))
        self._advance()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    # --- observing -------------------------------------------------------------------------

    def observe(self, agent: str) -> dict[str, _Any]:
        seat = self._seats[agent]
        state = self.driver.state
        observed = self._observed
        if observed is not None and observed[0] is state and observed[1] == seat:
            # The same state seen by the same seat (a play or burial built id by id): the view's
            # part is the one written last time (states are immutable).
            vector = observed[2].copy()
        else:
            vector = _np.zeros(OBSERVATION_LENGTH, dtype=_np.float32)
            # The encoder keeps the deal's public record and reads only the plays since its
            # last call; it writes the view's part of the vector in place.
            self._encoder.encode(state.view(seat), vector)
            self._observed = (state, seat, vector.copy())
        decision = self.driver.decision
        allowed = bytearray(_NUM_ACTIONS)  # the mask's bytes (a numpy array over them below)
        if decision is not None and decision.seat == seat:
            for c in decision.selected:
                vector[_OBSERVATION_SIZE + c] += 1
            for i in decision.legal_ids():
                allowed[i] = 1
        return {"observation": vector, "action_mask": _np.frombuffer(allowed, _np.int8)}

    def render(self) -> str | None:
        """The table as seen by the seat to act (``agent_selection``), or by ``render_seat``
        when the environment was made with one: its own cards, the others' counts, the
        trick, the points (``str`` of its [`PlayerView`][tuolaji.PlayerView]; never a hidden card).
        Returns the text with ``render_mode="ansi"``, prints it with ``"human"``."""
        seat = self.render_seat
        if seat is None:
            seat = self.possible_agents.index(self.agent_selection)
        text = str(self.driver.state.view(seat))
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Nothing to release."""


class BotPolicy:
    """A [`Bot`][tuolaji.Bot] as a policy of the environment: ``policy(env, agent)`` is the
    next id for ``agent``. The bot is asked as [`Game`][tuolaji.Game] asks it (its seat's
    view and legal actions; ``Pass`` or a single legal action is answered without asking);
    its action is then fed id by id ([`action_ids`][tuolaji.rl.actionspace.action_ids]).

    >>> import tuolaji as tl, tuolaji.pettingzoo as tzoo
    >>> env, policy = tzoo.env(), tzoo.BotPolicy(tl.GreedyBot(seed=1))
    >>> env.reset(seed=2)
    >>> policy(env, env.agent_selection) in range(57)
    True
    """

    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self._queue: list[int] = []

    def __call__(self, env: TuolajiEnv, agent: str) -> int:
        decision = env.driver.decision
        seat = env.possible_agents.index(agent)
        if decision is None or decision.seat != seat:
            raise IllegalAction("R11", f"{agent} is not deciding now")
        if not decision.selected or not self._queue:
            self._queue = action_ids(self._choose(env.driver.state, seat))
        return self._queue.pop(0)

    def _choose(self, state: GameState, seat: int) -> Action:
        if state.phase is Phase.DEALING:
            bids = state.legal_actions(seat)
            if not bids:
                return Pass(seat)
            actions: ActionSet = ListedActions((Pass(seat), *bids))
        else:
            actions = state.legal_actions(seat)
            if len(actions) == 1:
                (only,) = actions
                return only
        return self.bot.act(state.view(seat), actions)


_ILLEGAL_MODES = ("raise", "penalty", "noop")
# An int reward beyond every float: compared as an int, as math.isfinite cannot (it overflows).
_FLOAT_MAX = _sys.float_info.max
"""What [`SingleAgentEnv`][tuolaji.pettingzoo.SingleAgentEnv] does with an id its mask refuses
(its ``illegal`` argument): raise [`IllegalAction`][tuolaji.IllegalAction] (R11), or ignore the id
and answer the same observation with ``info["illegal"] = True`` and a reward of
``illegal_reward`` (``"penalty"``) or 0 (``"noop"``)."""


class SingleAgentEnv(_gymnasium.Env):
    """A Gymnasium environment: you are ``seat``, the other seats are ``opponents`` (three
    [`Bot`][tuolaji.Bot], for the seats after yours in order). Observations and actions
    are the AEC environment's (a dict with ``"observation"`` and ``"action_mask"``; one id
    per step); the reward is your seat's [`GameState.returns`][tuolaji.GameState.returns] when the
    deal ends, 0 before.

    An id the mask refuses (R11) raises [`IllegalAction`][tuolaji.IllegalAction] by default
    (``illegal="raise"``). With ``illegal="penalty"`` it is ignored instead: the deal does not
    move, the step answers the same observation, reward ``illegal_reward`` (default -1.0), not
    terminated, ``info["illegal"] = True``; ``illegal="noop"`` is the same with reward 0. Every
    other step has ``info["illegal"] = False``. Those two modes pass Gymnasium's
    ``check_env``, which steps ids drawn from the unmasked ``Discrete(57)``.

    ``reset(seed=N)`` replays the same episode: the deal is the AEC environment's
    ``reset(seed=N)`` and the opponents restart from copies (``copy.deepcopy``) taken when the
    environment was made, so their own random generators start over too; ``reset()`` without
    a seed draws the next deal's seed from the environment's ``np_random`` and lets the
    opponents go on.

    >>> import tuolaji as tl, tuolaji.pettingzoo as tzoo
    >>> env = tzoo.SingleAgentEnv([tl.GreedyBot(seed=i) for i in range(3)], illegal="penalty")
    >>> obs, info = env.reset(seed=5)
    >>> bool(obs["action_mask"].any())
    True
    >>> refused = int(obs["action_mask"].argmin())  # an id the mask refuses
    >>> _, reward, done, _, info = env.step(refused)
    >>> reward, done, info["illegal"]
    (-1.0, False, True)
    """

    def __init__(
        self,
        opponents: Sequence[Bot],
        rules: Rules | str = "tuolaji",
        seat: int = 0,
        illegal: _Literal["raise", "penalty", "noop"] = "raise",
        illegal_reward: float = -1.0,
    ) -> None:
        if len(opponents) != 3:
            raise IllegalAction(
                "R1.3", f"three opponents, one per other seat; got {len(opponents)}"
            )
        if isinstance(seat, bool) or not isinstance(seat, int):
            raise TypeError(f"seat is an int, got {type(seat).__name__}")
        if seat not in range(4):
            raise IllegalAction("R1.3", f"seat is 0..3, got {seat}")
        if not isinstance(illegal, str):
            raise TypeError(f"illegal is a str, got {type(illegal).__name__}")
        if illegal not in _ILLEGAL_MODES:
            raise ConfigurationError(
                f"R11: illegal is one of {', '.join(_ILLEGAL_MODES)}; got {cut(illegal)}"
            )
        if isinstance(illegal_reward, bool) or not isinstance(illegal_reward, int | float):
            raise TypeError(f"illegal_reward is a number, got {type(illegal_reward).__name__}")
        if abs(illegal_reward) > _FLOAT_MAX or not _math.isfinite(illegal_reward):
            raise ConfigurationError(
                f"R11: illegal_reward is a finite number, got {cut(illegal_reward)}"
            )
        self.seat = seat
        self.illegal = illegal
        self.illegal_reward = float(illegal_reward)
        self.aec = TuolajiEnv(rules)
        self.agent = self.aec.possible_agents[seat]
        self._others = [self.aec.possible_agents[(seat + i) % 4] for i in (1, 2, 3)]
        self._opponents = [_copy_bot(i, b) for i, b in enumerate(opponents)]
        self._restart_opponents()
        self.observation_space = self.aec.observation_space(self.agent)
        self.action_space = self.aec.action_space(self.agent)

    def _restart_opponents(self) -> None:
        """Fresh policies over fresh copies of the opponents as they were made (so a seeded
        reset replays the episode, their random generators included)."""
        self.policies = {
            agent: BotPolicy(_copy_bot(i, bot))
            for i, (agent, bot) in enumerate(zip(self._others, self._opponents, strict=True))
        }

    def _play_others(self) -> None:
        aec = self.aec
        while not aec.terminations[self.agent] and aec.agent_selection != self.agent:
            agent = aec.agent_selection
            aec.step(self.policies[agent](aec, agent))

    def reset(
        self, *, seed: int | None = None, options: dict[str, _Any] | None = None
    ) -> tuple[dict[str, _Any], dict[str, _Any]]:
        super().reset(seed=seed)
        if seed is not None:
            self._restart_opponents()
        # Without a seed the deal's seed comes from the environment's generator (seeded by the
        # last seeded reset), so a seeded reset followed by unseeded ones replays too.
        deal_seed = seed if seed is not None else int(self.np_random.integers(1 << 62))
        self.aec.reset(seed=deal_seed)
        self._play_others()
        return self.aec.observe(self.agent), {"illegal": False}

    def step(self, action: int) -> tuple[dict[str, _Any], float, bool, bool, dict[str, _Any]]:
        if not self._allowed(action):
            if self.illegal == "raise":
                raise IllegalAction(
                    "R11",
                    f"id {int(action)} is not allowed now (see the action mask); "
                    "SingleAgentEnv(illegal='penalty') ignores such ids with a penalty instead",
                )
            reward = self.illegal_reward if self.illegal == "penalty" else 0.0
            return self.aec.observe(self.agent), reward, False, False, {"illegal": True}
        if isinstance(action, bool) or not isinstance(action, int | _np.integer):
            raise TypeError(f"action must be an int id of the action space, got {cut(action)}")
        self.aec.step(int(action))
        self._play_others()
        done = bool(self.aec.terminations[self.agent])
        reward = float(self.aec.rewards[self.agent]) if done else 0.0
        return self.aec.observe(self.agent), reward, done, False, {"illegal": False}

    def _allowed(self, action: object) -> bool:
        """Whether ``action`` is an id the mask allows now (a non-int is for TypeError)."""
        if isinstance(action, bool) or not isinstance(action, int | _np.integer):
            return True
        decision = self.aec.driver.decision
        if self.aec.terminations.get(self.agent, False) or decision is None:
            return True  # stepping a finished episode is a usage error, raised by the AEC
        return int(action) in decision.legal_ids()


def _copy_bot(index: int, bot: Bot) -> Bot:
    """A deep copy of opponent ``index`` (TypeError naming it when it cannot be copied)."""
    try:
        return _copy.deepcopy(bot)
    except Exception as error:  # any failure of a user object's copy, reported as one
        raise TypeError(
            f"opponents[{index}] ({type(bot).__name__}) cannot be copied with copy.deepcopy: "
            f"SingleAgentEnv restarts its opponents from copies so that a seed replays the "
            f"episode ({cut(error)})"
        ) from error


def raw_env(
    rules: Rules | str = "tuolaji",
    render_mode: str | None = None,
    render_seat: int | None = None,
    max_redeals: int | None = None,
) -> TuolajiEnv:
    """A new environment for ``rules`` (a preset name or a [`Rules`][tuolaji.Rules]), without
    wrappers. There is no parallel form: Tractor is sequential (one seat acts at a time) and
    its turn order while dealing is part of the game, so ``parallel_env`` would only wrap
    this one with no-op actions for the seats not to act."""
    return TuolajiEnv(rules, render_mode, render_seat, max_redeals)


def env(
    rules: Rules | str = "tuolaji",
    render_mode: str | None = None,
    render_seat: int | None = None,
    max_redeals: int | None = None,
) -> TuolajiEnv:
    """A new environment for ``rules`` (a preset name or a [`Rules`][tuolaji.Rules]); the same
    as [`raw_env`][tuolaji.pettingzoo.raw_env] (the environment checks its actions itself)."""
    return TuolajiEnv(rules, render_mode, render_seat, max_redeals)
