"""The PettingZoo adapter passes PettingZoo's own API test (#12 item 5; extra ``pettingzoo``)."""

from __future__ import annotations

import random

import pytest

from extras import doc_block, need

need("pettingzoo")

from pettingzoo.test import api_test  # noqa: E402

import tuolaji as tl  # noqa: E402
import tuolaji.pettingzoo as tzoo  # noqa: E402
from tuolaji.rl.actionspace import DONE, PASS  # noqa: E402

PRESETS = ["tuolaji", "tuolaji-tournament", "shuangsheng", "shuangsheng-super"]


@pytest.mark.parametrize("rules", PRESETS)
def test_api_test_passes(rules: str) -> None:
    api_test(tzoo.env(rules=rules), num_cycles=2000)


@pytest.mark.parametrize("seed", range(4))
def test_a_masked_random_episode_ends_with_the_returns(seed: int) -> None:
    """Masked random ids play a whole deal; rewards are GameState.returns() per seat."""
    env = tzoo.env(rules=PRESETS[seed])
    env.reset(seed=seed)
    rng = random.Random(seed)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, _ = env.last()
        totals[agent] += reward
        assert obs["observation"].shape == (tzoo.OBSERVATION_LENGTH,)
        if terminated or truncated:
            env.step(None)
            continue
        ids = [i for i, ok in enumerate(obs["action_mask"]) if ok]
        assert ids, "a live agent always has a legal id"
        env.step(rng.choice(ids))
    returns = env.deal_state.returns()
    assert [totals[a] for a in env.possible_agents] == list(returns)
    assert sum(returns) == 0


def test_reset_with_a_seed_is_reproducible() -> None:
    a, b = tzoo.env(), tzoo.env()
    a.reset(seed=11)
    b.reset(seed=11)
    assert a.deal_state == b.deal_state
    assert a.agent_selection == b.agent_selection


def test_rl_docs_example_runs() -> None:
    """The ```python pettingzoo block of docs/rl.md runs as written."""
    exec(compile(doc_block("pettingzoo"), "<docs/rl.md>", "exec"), {})


def test_render_shows_one_seats_view() -> None:
    """#24 item 4: render() is the table text of one seat's view, never a hidden card."""
    env = tzoo.env(render_mode="ansi", render_seat=1)
    env.reset(seed=3)
    for _ in range(12):
        env.step(54)  # PASS while dealing
    text = env.render()
    assert text is not None and text.startswith("seat 1's view")
    state = env.deal_state
    assert text == str(state.view(1))
    assert tzoo.raw_env().possible_agents == env.possible_agents


def test_the_module_exports_only_its_names_and_honest_bounds() -> None:
    import tuolaji.rl.pettingzoo as module  # noqa: PLC0415

    public = {n for n in dir(module) if not n.startswith("_")}
    assert not public & {"np", "random", "Any", "spaces", "AECEnv"}
    env = tzoo.env()
    env.reset(seed=1)
    box = env.observation_space("seat_0")["observation"]
    assert box.high.max() == float("inf") and box.high[0] == 2
    obs = env.observe(env.agent_selection)["observation"]
    assert box.contains(obs)


def test_bot_policies_play_whole_deals_as_game_does() -> None:
    """#24 item 4: BotPolicy turns any Bot into an environment policy; four GreedyBots
    through the environment end the deal with zero-sum returns."""
    import tuolaji as tl  # noqa: PLC0415

    env = tzoo.env()
    env.reset(seed=4)
    policies = {a: tzoo.BotPolicy(tl.GreedyBot(seed=i)) for i, a in enumerate(env.agents)}
    for agent in env.agent_iter():
        _, _, terminated, truncated, _ = env.last()
        env.step(None if terminated or truncated else policies[agent](env, agent))
    assert env.deal_state.result is not None
    assert sum(env.deal_state.returns()) == 0


def test_single_agent_env_against_bots() -> None:
    """#24 item 4: the Gymnasium wrapper: seat 0 plays masked random ids, three bots the
    others; the episode ends with seat 0's return as the reward."""
    import tuolaji as tl  # noqa: PLC0415

    env = tzoo.SingleAgentEnv([tl.GreedyBot(seed=i) for i in range(3)])
    obs, _ = env.reset(seed=6)
    rng = random.Random(1)
    done, reward, steps = False, 0.0, 0
    while not done:
        legal = [i for i, ok in enumerate(obs["action_mask"]) if ok]
        obs, reward, done, _, _ = env.step(rng.choice(legal))
        steps += 1
    assert reward == env.aec.deal_state.returns()[0]
    assert steps > 25
    with pytest.raises(TypeError):
        tzoo.SingleAgentEnv([tl.RandomBot()] * 3, seat="0")  # type: ignore[arg-type]


def test_rl_docs_training_example_runs() -> None:
    """The block of docs/rl.md marked pettingzoo-train runs as written (4 deals)."""
    exec(compile(doc_block("pettingzoo-train"), "<docs/rl.md>", "exec"), {})


@pytest.mark.parametrize(("seed", "thefts"), [(0, 0), (6, 1)])
def test_r5_2_kitty_theft_a_masked_episode_with_thefts(seed: int, thefts: int) -> None:
    """炒地皮 (R5.2, ``Rules.kitty_theft``): masked ids that bid whenever they can play a whole
    deal with its thefts and re-burials (seed 6: seat 2 steals with big jokers in the joker
    system); the deal ends scored."""
    env = tzoo.env(rules=tl.Rules(kitty_theft="every_deal", bidding="joker"))
    env.reset(seed=seed)
    rng = random.Random(seed)
    for _ in env.agent_iter():
        obs, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        ids = [i for i, ok in enumerate(obs["action_mask"]) if ok]
        cards = [i for i in ids if i < DONE and i != PASS]
        env.step(min(cards) if cards and PASS in ids else rng.choice(ids))
    state = env.deal_state
    assert state.result is not None and state.counters == thefts
    assert sum(state.returns()) == 0


@pytest.mark.parametrize("size", [0, 4])
def test_r4_1_kitty_size_an_episode_is_scored_in_the_fixed_spaces(size: int) -> None:
    """R4.1 with Rules.kitty_size: the observation and action spaces keep their sizes
    (they cover every kitty size: 27 tricks, 33 cards held), every observation lies in its
    box, and a masked random episode is scored with the returns of the deal."""
    import tuolaji as tl  # noqa: PLC0415

    rules = tl.Rules(kitty_size=size, no_bid_reveal=min(size, 3) if size else 0)
    env = tzoo.env(rules=rules)
    env.reset(seed=size)
    box = env.observation_space("seat_0")["observation"]
    assert box.shape == (tzoo.OBSERVATION_LENGTH,)
    rng = random.Random(size)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, _ = env.last()
        totals[agent] += reward
        assert box.contains(obs["observation"])
        if terminated or truncated:
            env.step(None)
            continue
        env.step(rng.choice([i for i, ok in enumerate(obs["action_mask"]) if ok]))
    state = env.deal_state
    assert state.result is not None and len(state.kitty) == size
    assert sum(len(t.plays[0]) for t in state.tricks) == (108 - size) // 4
    assert [totals[a] for a in env.possible_agents] == list(state.returns())
