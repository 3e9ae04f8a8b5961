"""Issue 34, item 6: ``SingleAgentEnv`` passes Gymnasium's own ``check_env``, which steps ids
drawn from the unmasked ``Discrete(57)``: with ``illegal="penalty"`` (or ``"noop"``) a refused
id is ignored with ``info["illegal"] = True`` and a documented reward, never an exception; the
default still raises (R11), now naming the mode. A seed replays the same episode."""

from __future__ import annotations

import random
from typing import Any

import pytest

from extras import doc_block, need

need("pettingzoo")
env_checker = need("gymnasium.utils.env_checker")

import numpy as np  # noqa: E402

import tuolaji as tl  # noqa: E402
import tuolaji.pettingzoo as tzoo  # noqa: E402


def make(**kwargs: Any) -> tzoo.SingleAgentEnv:
    return tzoo.SingleAgentEnv([tl.GreedyBot(seed=i) for i in range(3)], **kwargs)


@pytest.mark.parametrize("mode", ["penalty", "noop"])
def test_gymnasiums_check_env_passes(mode: str) -> None:
    env = make(illegal=mode)
    env_checker.check_env(env, skip_render_check=True)


@pytest.mark.parametrize(("mode", "reward"), [("penalty", -1.0), ("noop", 0.0)])
def test_a_refused_id_is_ignored_with_the_documented_reward(mode: str, reward: float) -> None:
    env = make(illegal=mode)
    obs, info = env.reset(seed=3)
    assert info == {"illegal": False}
    refused = [i for i, ok in enumerate(obs["action_mask"]) if not ok]
    before = env.aec.driver.log[:]
    for action in (refused[0], np.int64(refused[-1])):
        again, got, terminated, truncated, info = env.step(action)
        assert (got, terminated, truncated, info) == (reward, False, False, {"illegal": True})
        assert env.aec.driver.log == before  # the deal did not move
        assert np.array_equal(again["observation"], obs["observation"])
        assert np.array_equal(again["action_mask"], obs["action_mask"])
    legal = int(np.flatnonzero(obs["action_mask"])[0])
    assert env.step(legal)[4] == {"illegal": False}


def test_the_penalty_is_the_illegal_reward_given() -> None:
    env = make(illegal="penalty", illegal_reward=-0.25)
    obs, _ = env.reset(seed=1)
    assert env.step(int(obs["action_mask"].argmin()))[1] == -0.25


def test_by_default_a_refused_id_raises_and_names_the_penalty_mode() -> None:
    env = make()
    obs, _ = env.reset(seed=3)
    with pytest.raises(tl.IllegalAction, match=r"R11: id \d+ is not allowed.*illegal='penalty'"):
        env.step(int(obs["action_mask"].argmin()))


def test_a_bad_illegal_mode_or_reward_is_refused() -> None:
    with pytest.raises(tl.ConfigurationError, match="R11: illegal is one of raise, penalty"):
        make(illegal="skip")
    with pytest.raises(TypeError, match="illegal is a str"):
        make(illegal=1)
    with pytest.raises(TypeError, match="illegal_reward is a number"):
        make(illegal="penalty", illegal_reward="-1")
    with pytest.raises(tl.ConfigurationError, match="illegal_reward is a finite number"):
        make(illegal="penalty", illegal_reward=float("nan"))
    with pytest.raises(tl.ConfigurationError, match="illegal_reward is a finite number"):
        make(illegal="penalty", illegal_reward=-(10**400))  # an int no float holds
    with pytest.raises(TypeError, match="action must be an int"):
        env = make(illegal="penalty")
        env.reset(seed=0)
        env.step("3")  # type: ignore[arg-type]


def episode(env: tzoo.SingleAgentEnv, seed: int | None, rng: random.Random) -> list[Any]:
    """Every step of one episode of random ids (refused ones included): what the env answered."""
    obs, _ = env.reset(seed=seed)
    steps: list[Any] = [obs["observation"].tobytes()]
    done = False
    while not done:
        legal = [i for i, ok in enumerate(obs["action_mask"]) if ok]
        action = rng.choice(legal) if rng.random() < 0.9 else rng.randrange(57)
        obs, reward, done, _, info = env.step(action)
        steps.append((obs["observation"].tobytes(), reward, info["illegal"]))
    return steps


def test_the_same_seed_replays_the_same_episode() -> None:
    """The opponents restart from copies on a seeded reset, so their own generators do not
    carry one episode into the next (RandomBots: their draws change the deal); an unseeded
    reset after a seeded one replays too."""

    def random_opponents() -> tzoo.SingleAgentEnv:
        return tzoo.SingleAgentEnv([tl.RandomBot(seed=i) for i in range(3)], illegal="penalty")

    env, other = random_opponents(), random_opponents()
    first = episode(env, 11, random.Random(0))
    assert any(illegal for *_, illegal in first[1:])
    after = episode(env, None, random.Random(1))
    assert episode(env, 11, random.Random(0)) == first
    assert episode(other, 11, random.Random(0)) == first
    assert episode(other, None, random.Random(1)) == after
    assert episode(env, 12, random.Random(0)) != first


def test_an_opponent_that_cannot_be_copied_is_named() -> None:
    class Locked(tl.GreedyBot):
        def __deepcopy__(self, memo: object) -> None:
            raise RuntimeError("holds a lock")

    with pytest.raises(TypeError, match=r"opponents\[1\] \(Locked\) cannot be copied"):
        tzoo.SingleAgentEnv([tl.GreedyBot(0), Locked(1), tl.GreedyBot(2)])


def test_the_rl_docs_check_env_example_runs() -> None:
    """The block of docs/rl.md marked gymnasium-check runs as written (its asserts check it)."""
    exec(compile(doc_block("gymnasium-check"), "<docs/rl.md>", "exec"), {})
