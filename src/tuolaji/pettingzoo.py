"""The PettingZoo environment (extra ``tuolaji[pettingzoo]``), at its documented path; the
code is in `tuolaji.rl.pettingzoo`."""

from __future__ import annotations

from tuolaji.rl.pettingzoo import (
    OBSERVATION_LENGTH,
    BotPolicy,
    SingleAgentEnv,
    TuolajiEnv,
    env,
    raw_env,
)

__all__ = ["OBSERVATION_LENGTH", "BotPolicy", "SingleAgentEnv", "TuolajiEnv", "env", "raw_env"]
