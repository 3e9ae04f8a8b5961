"""The adapters' play phase runs on faster paths (issue 35 item 3) without changing anything a
user sees: seeded episodes under every preset give, step by step, the very observations,
masks, rewards and strings (R11) of the code before that change, pinned here as digests."""

from __future__ import annotations

import hashlib
import json
import random

import pytest

from extras import need

need("pettingzoo")
need("pyspiel")

import pyspiel  # noqa: E402

import tuolaji.openspiel  # noqa: E402, F401  (registers python_tuolaji)
import tuolaji.pettingzoo as tzoo  # noqa: E402
from tuolaji.core.rules import RULESETS, Rules  # noqa: E402
from tuolaji.rl.actionspace import DONE, Decision  # noqa: E402
from tuolaji.state.actions import Phase  # noqa: E402
from tuolaji.tools.bench import play_phase_start  # noqa: E402

# Every preset, and house rules that change the follows (R7.3) and failed throws (R6.4),
# as the OpenSpiel game's rules parameter reads them (a preset name or a JSON object).
RULES = [
    *sorted(RULESETS),
    '{"forced_unit": "smallest", "follow_draw": "tractor_on_tractor"}',
    '{"preset": "shuangsheng", "forced_unit": "nearest_seat", "follow_draw": "suit_only"}',
]
SEEDS = (5, 6)


def _rules(text: str) -> Rules:
    return RULESETS[text] if not text.startswith("{") else Rules.from_dict(json.loads(text))


def pettingzoo_digest(rules: str, seed: int) -> str:
    """Every step of a masked random episode: the agent, its observation and mask bytes, its
    reward and flags, and the table as rendered for it."""
    env = tzoo.env(rules=_rules(rules), render_mode="ansi")
    env.reset(seed=seed)
    rng = random.Random(seed)
    digest = hashlib.sha256()
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, _ = env.last()
        digest.update(agent.encode())
        digest.update(obs["observation"].tobytes())
        digest.update(obs["action_mask"].tobytes())
        digest.update(repr((reward, terminated, truncated)).encode())
        digest.update(str(env.render()).encode())
        if terminated or truncated:
            env.step(None)
            continue
        ids = obs["action_mask"].nonzero()[0]
        env.step(int(ids[rng.randrange(len(ids))]))
    return digest.hexdigest()


def openspiel_digest(rules: str, seed: int) -> str:
    """Every state of a random playthrough: the player, the legal ids and their texts, every
    seat's observation and information-state strings, the player's tensors, the returns; a
    clone taken now and then must go on exactly as the state it was taken from."""
    game = pyspiel.load_game("python_tuolaji", {"rules": rules, "seed": seed})
    state = game.new_initial_state()
    rng = random.Random(seed)
    digest = hashlib.sha256()
    step = 0
    clone = None
    while not state.is_terminal():
        step += 1
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            action = rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0]
            digest.update(repr(outcomes).encode())
        else:
            player = state.current_player()
            legal = state.legal_actions()
            digest.update(repr((player, legal)).encode())
            digest.update(" ".join(state.action_to_string(player, a) for a in legal).encode())
            for seat in range(4):
                digest.update(state.observation_string(seat).encode())
                digest.update(state.information_state_string(seat).encode())
            digest.update(repr(state.observation_tensor(player)).encode())
            digest.update(repr(state.information_state_tensor(player)).encode())
            action = legal[rng.randrange(len(legal))]
            if step % 37 == 0:
                clone = state.clone()
        digest.update(str(state).encode())
        state.apply_action(action)
        if clone is not None:
            clone.apply_action(action)
            assert str(clone) == str(state)
            assert clone.legal_actions() == state.legal_actions()
            assert clone.observation_string(1) == state.observation_string(1)
            clone = None
    digest.update(repr(state.returns()).encode())
    return digest.hexdigest()


# Computed from the adapters before their play phase moved to the faster paths.
PETTINGZOO = {
    ("online", 5): "8e99312a24da8c7ac1377c615d38f299f8089e218bc8dcf74c54464bf22187ab",
    ("online", 6): "8800e32f78a50e665958b7ad859f8dc980b977320fee1b20dd28c00158723b34",
    ("shuangsheng", 5): "269568e543053f0cee6db18b1a20fe9a8f0d040b3f2d8167af85ab797153ca8d",
    ("shuangsheng", 6): "7b957683acdc269c3853cbcc5db82f1411e75fe09d8cda0d84a8482fd442341b",
    ("shuangsheng-super", 5): "269568e543053f0cee6db18b1a20fe9a8f0d040b3f2d8167af85ab797153ca8d",
    ("shuangsheng-super", 6): "7b957683acdc269c3853cbcc5db82f1411e75fe09d8cda0d84a8482fd442341b",
    ("tuolaji", 5): "2ca4a164c73b786ad572d95cadce382572447d2a6477fabc68556030b2ba1ce5",
    ("tuolaji", 6): "086aa74fbe6a9d8fb57dd7299c2d372a5812d5ccc076515d3fd8d29af2d99d2f",
    ("tuolaji-tournament", 5): "2ca4a164c73b786ad572d95cadce382572447d2a6477fabc68556030b2ba1ce5",
    ("tuolaji-tournament", 6): "02c44bfb3833edb31a1f226be451119797ad54f2f18656536d6a579cdb809e75",
    (
        '{"forced_unit": "smallest", "follow_draw": "tractor_on_tractor"}',
        5,
    ): "2ca4a164c73b786ad572d95cadce382572447d2a6477fabc68556030b2ba1ce5",
    (
        '{"forced_unit": "smallest", "follow_draw": "tractor_on_tractor"}',
        6,
    ): "086aa74fbe6a9d8fb57dd7299c2d372a5812d5ccc076515d3fd8d29af2d99d2f",
    (
        '{"preset": "shuangsheng", "forced_unit": "nearest_seat", "follow_draw": "suit_only"}',
        5,
    ): "269568e543053f0cee6db18b1a20fe9a8f0d040b3f2d8167af85ab797153ca8d",
    (
        '{"preset": "shuangsheng", "forced_unit": "nearest_seat", "follow_draw": "suit_only"}',
        6,
    ): "7b957683acdc269c3853cbcc5db82f1411e75fe09d8cda0d84a8482fd442341b",
}
OPENSPIEL = {
    ("online", 5): "e66cfacb9901a3b720b1710c326bad3b79b23c01e8607e3ecea9408792c42ee6",
    ("online", 6): "4d443922cb2a40e50e102820a9548b42ee8b63dc13a660934fe7232109232861",
    ("shuangsheng", 5): "8c4d95e442232980342d53adcc38d9b13db280cf68802ac7bac730e56c47d422",
    ("shuangsheng", 6): "8db8b2daed44cb254dfdabb00455e3aec56aec6dbc2a20b7804b3d2515723224",
    ("shuangsheng-super", 5): "8c4d95e442232980342d53adcc38d9b13db280cf68802ac7bac730e56c47d422",
    ("shuangsheng-super", 6): "8db8b2daed44cb254dfdabb00455e3aec56aec6dbc2a20b7804b3d2515723224",
    ("tuolaji", 5): "03bac1df72db1fafcda60933aa8fe7a7e3c90b1b120d285fc21a5f62aed82c6c",
    ("tuolaji", 6): "49153502d812553742f89d09b8ff901e1c1ac10f0821eaa7d927763cac171393",
    ("tuolaji-tournament", 5): "f31fa498930f6c9e1e83bb1e01fa7ed4cb161f87b76daf685b7c515a9a79996f",
    ("tuolaji-tournament", 6): "49153502d812553742f89d09b8ff901e1c1ac10f0821eaa7d927763cac171393",
    (
        '{"forced_unit": "smallest", "follow_draw": "tractor_on_tractor"}',
        5,
    ): "03bac1df72db1fafcda60933aa8fe7a7e3c90b1b120d285fc21a5f62aed82c6c",
    (
        '{"forced_unit": "smallest", "follow_draw": "tractor_on_tractor"}',
        6,
    ): "49153502d812553742f89d09b8ff901e1c1ac10f0821eaa7d927763cac171393",
    (
        '{"preset": "shuangsheng", "forced_unit": "nearest_seat", "follow_draw": "suit_only"}',
        5,
    ): "8c4d95e442232980342d53adcc38d9b13db280cf68802ac7bac730e56c47d422",
    (
        '{"preset": "shuangsheng", "forced_unit": "nearest_seat", "follow_draw": "suit_only"}',
        6,
    ): "afc9265652a1bd8f16ca48a59dbcce854cff1bd04ddbbb7531328d4a887a94eb",
}


@pytest.mark.parametrize("rules", RULES)
@pytest.mark.parametrize("seed", SEEDS)
def test_r11_pettingzoo_episodes_are_byte_identical(rules: str, seed: int) -> None:
    assert pettingzoo_digest(rules, seed) == PETTINGZOO[rules, seed]


@pytest.mark.parametrize("rules", RULES)
@pytest.mark.parametrize("seed", SEEDS)
def test_r11_openspiel_playthroughs_are_byte_identical(rules: str, seed: int) -> None:
    assert openspiel_digest(rules, seed) == OPENSPIEL[rules, seed]


@pytest.mark.parametrize("rules", sorted(RULESETS))
def test_r7_2_a_follow_to_a_single_lead_is_one_card_then_done(rules: str) -> None:
    """The ids of a follow to a single lead are the legal follows' cards (R7.2: the led
    suit's, any card when void), as the kernel's card-by-card extensions give them; then
    only DONE, whose play is the very tuple the state's legal plays know (not checked again)."""
    seen = 0
    for seed in range(3):
        state, rng = play_phase_start(rules, seed)
        while state.phase is Phase.PLAYING:
            plays = state.legal_plays()
            if state.trick and len(state.trick[0]) == 1:
                decision = Decision(state)
                ids = decision.legal_ids()
                assert ids == plays.extensions(())  # type: ignore[attr-defined]
                assert ids == sorted(c.id for (c,) in plays)
                for c in ids:
                    step = decision.push(c)
                    assert step.legal_ids() == [DONE]
                    play = step.push(DONE).action()
                    assert plays.is_known_legal(play.cards)
                    assert [card.id for card in play.cards] == [c]
                seen += 1
            state = state.play(state.to_act, plays.sample(rng))
    assert seen > 100  # most follows answer a single lead
