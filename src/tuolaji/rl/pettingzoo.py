"""A PettingZoo AEC environment for one deal of Tractor (extra ``tuolaji[pettingzoo]``).

>>> import tuolaji.pettingzoo
>>> env = tuolaji.pettingzoo.env(rules="tuolaji")
>>> env.reset(seed=7)
>>> env.agent_selection in env.possible_agents
True

Agents are ``seat_0`` .. ``seat_3``. Each step is one id of the factored action space
(:mod:`tuolaji.rl.actionspace`, ``Discrete(57)``): a play, a burial or a bid is built card by
card and finished with ``DONE``. The observation is a dict: ``"observation"``, the seat's
:func:`~tuolaji.rl.encoding.observation` followed by the 54 counts of the cards selected so far
in the current decision (float32, :data:`OBSERVATION_LENGTH`), and ``"action_mask"``, the
57 legal ids (int8). Cards are dealt by the environment; after each card every seat that may
bid is asked in turn (``PASS`` is "not now"), as :class:`~tuolaji.Game` does. The episode is
one deal; at its end each agent's reward is :meth:`GameState.returns
<tuolaji.GameState.returns>` for its seat. ``reset(seed=N)`` makes the deal reproducible.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from tuolaji.core.cards import CARDS
from tuolaji.core.errors import IllegalAction, cut
from tuolaji.core.rules import Rules, as_rules
from tuolaji.rl.actionspace import NUM_ACTIONS, Driver
from tuolaji.rl.encoding import CARD_KINDS, OBSERVATION_SIZE, card_counts, observation
from tuolaji.state.gamestate import GameState

__all__ = ["OBSERVATION_LENGTH", "TuolajiEnv", "env"]

OBSERVATION_LENGTH = OBSERVATION_SIZE + CARD_KINDS
"""The length of ``observation["observation"]``: the view, then the current selection."""


class TuolajiEnv(AECEnv):  # type: ignore[misc]
    """One deal as an AEC environment (see the module docstring)."""

    metadata: ClassVar[dict[str, Any]] = {
        "name": "tuolaji_v0",
        "render_modes": ["human", "ansi"],
        "is_parallelizable": False,
    }

    def __init__(self, rules: Rules | str = "tuolaji", render_mode: str | None = None) -> None:
        super().__init__()
        self.rules = as_rules(rules)
        self.render_mode = render_mode
        self.possible_agents = [f"seat_{i}" for i in range(4)]
        self.agents = list(self.possible_agents)
        space = spaces.Dict(
            {
                "observation": spaces.Box(-1e3, 1e3, (OBSERVATION_LENGTH,), np.float32),
                "action_mask": spaces.Box(0, 1, (NUM_ACTIONS,), np.int8),
            }
        )
        self.observation_spaces = dict.fromkeys(self.possible_agents, space)
        self.action_spaces = {a: spaces.Discrete(NUM_ACTIONS) for a in self.possible_agents}
        self.driver = Driver(GameState.new(self.rules))

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    # --- episode ---------------------------------------------------------------------------

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is None:
            seed = random.Random().randrange(1 << 31)
        self.driver = Driver(GameState.new(self.rules, seed=seed))
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._advance()

    @property
    def deal_state(self) -> GameState:
        """The deal's current :class:`~tuolaji.GameState` (all hands: for tests and tools)."""
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
            isinstance(action, bool) or not isinstance(action, int | np.integer)
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

    def observe(self, agent: str) -> dict[str, Any]:
        seat = self.possible_agents.index(agent)
        decision = self.driver.decision
        selected = [0] * CARD_KINDS
        mask = np.zeros(NUM_ACTIONS, dtype=np.int8)
        if decision is not None and decision.seat == seat:
            selected = card_counts(CARDS[c] for c in decision.selected)
            mask[decision.legal_ids()] = 1
        vector = observation(self.driver.state.view(seat)) + [float(x) for x in selected]
        return {"observation": np.asarray(vector, dtype=np.float32), "action_mask": mask}

    def render(self) -> str | None:
        state = self.driver.state
        text = f"{state.phase.value}: {self.agent_selection}, points {state.attacker_points}"
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Nothing to release."""


def env(rules: Rules | str = "tuolaji", render_mode: str | None = None) -> TuolajiEnv:
    """A new environment for ``rules`` (a preset name or a :class:`~tuolaji.Rules`)."""
    return TuolajiEnv(rules, render_mode=render_mode)
