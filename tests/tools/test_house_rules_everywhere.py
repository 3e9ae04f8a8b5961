"""Issue 31's done-when, for every new value of `Rules` and the ``online`` preset: a whole
deal under the engine with the bots (``Game``, and its record replaying), the replay viewer,
the table of ``tuolaji play`` (a person's seat driven through `PlaySession`) and the factored
action space through the PettingZoo adapter. Each value has its named tests beside its rule
(R4-R9); this file proves the layers above the engine take every one of them."""

from __future__ import annotations

import random

import attrs
import pytest

import tuolaji as tl
from extras import need
from tuolaji.tools.table import PlaySession
from tuolaji.tools.viewer import game_frames, replay_html

NEW_VALUES: dict[str, dict[str, object]] = {
    "throw_ruff=every_unit": {"throw_ruff": "every_unit"},
    "throw_ruff=largest_then_next": {"throw_ruff": "largest_then_next"},
    "forced_unit=nearest_seat": {"forced_unit": "nearest_seat"},
    "tractor_protection": {"tractor_protection": True},
    "joker_bids=single_big_no_trump": {"joker_bids": "single_big_no_trump"},
    "joker_bids=none": {"joker_bids": "none"},
    "reinforce_after_overturn": {"reinforce_after_overturn": True},
    "overturn_by_suit": {"overturn_by_suit": True},
    "pair_bids_equal": {"pair_bids_equal": True},
    "no_bid_reveal=first_level_joker_stops": {"no_bid_reveal": "first_level_joker_stops"},
    "fix_trump=reinforce (joker system)": {
        "bidding": "joker",
        "fix_trump": "reinforce",
        "no_bid_reveal": 2,
    },
    "kitty_theft=every_deal": {"kitty_theft": "every_deal"},
    "jack_hook_outcome=reset_then_advance": {
        "jack_hook": True,
        "jack_hook_outcome": "reset_then_advance",
    },
    "negative_totals": {"negative_totals": True},
    "last_trick_to_level": {"last_trick_to_level": True},
    "top_level=no_trump": {"top_level": "no_trump"},
    "top_level=no_trump_must_play": {"top_level": "no_trump_must_play"},
    "no_trump_trumps=jokers": {"top_level": "no_trump", "no_trump_trumps": "jokers"},
    "kitty_size=4": {"kitty_size": 4},
    "kitty_size=0": {"kitty_size": 0},
}
"""One rule set per new value: the ``tuolaji`` preset with that value (and what it needs)."""

RULE_SETS = {
    **{name: attrs.evolve(tl.Rules(), **change) for name, change in NEW_VALUES.items()},  # type: ignore[arg-type]
    "online": tl.Rules.preset("online"),
}


def _bots(seed: int) -> list[tl.Bot]:
    # GreedyBot bids and buries with intent; RandomBot reaches the odd corners (throws that
    # fail, thefts, passes) that a careful player avoids.
    return [tl.GreedyBot(seed), tl.RandomBot(seed + 1), tl.GreedyBot(seed + 2), tl.RandomBot(3)]


@pytest.mark.parametrize("name", list(RULE_SETS))
def test_r4_r9_each_new_value_plays_deals_the_viewer_shows_and_the_record_replays(
    name: str,
) -> None:
    rules = RULE_SETS[name]
    game = tl.Game(rules, seed=31)
    for _ in range(2):
        result = game.play_deal(_bots(len(game.history)))
        assert game.state.result == result
        if game.over:
            break
    again = tl.replay(tl.write_record(game))
    assert again.history == game.history and again.results == game.results
    frames = game_frames(game)
    assert len(frames) == len(game.results)
    for deal, result in zip(frames, game.results, strict=True):
        assert deal["result"] == str(result) and deal["frames"][-1]["result"] == str(result)
    assert "<html" in replay_html(game)


@pytest.mark.parametrize("name", list(RULE_SETS))
def test_r4_r9_each_new_value_plays_a_deal_at_the_table(name: str) -> None:
    """``tuolaji play``'s table: the person at seat 1 (here a bot choosing from the same
    actions the page and the terminal offer) plays a whole deal with three bots."""
    rules = RULE_SETS[name]
    table = PlaySession(
        rules,
        31,
        seat=1,
        bots=[None if s == 1 else tl.RandomBot(s) for s in range(4)],
        hint=tl.GreedyBot(),
    )
    person = tl.GreedyBot(seed=5)
    decisions = 0
    while table.deciding:
        actions = table.actions
        assert actions is not None
        table.act(person.act(table.view, actions))
        decisions += 1
    state = table.game.state
    assert state.result is not None and decisions > 0
    lines, _ = table.news()
    assert lines


@pytest.mark.parametrize("name", list(RULE_SETS))
def test_r4_r9_each_new_value_plays_a_pettingzoo_episode(name: str) -> None:
    """The factored action space through the PettingZoo adapter: masked random ids play a
    whole deal to its returns."""
    need("pettingzoo")
    import tuolaji.pettingzoo as tzoo  # noqa: PLC0415

    env = tzoo.env(rules=RULE_SETS[name])
    env.reset(seed=31)
    rng = random.Random(31)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, _ = env.last()
        totals[agent] += reward
        if terminated or truncated:
            env.step(None)
            continue
        env.step(rng.choice([i for i, ok in enumerate(obs["action_mask"]) if ok]))
    state = env.deal_state
    assert state.result is not None
    assert [totals[a] for a in env.possible_agents] == list(state.returns())
