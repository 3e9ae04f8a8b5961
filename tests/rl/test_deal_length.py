"""A real ``max_game_length`` (#24 item 1): the first deal's no-bid redeals (R4.6) are bounded
by ``max_redeals``, after which R4.6's later-deal fallback turns a kitty card; every path of a
deal, the longest the policies below can make included, stays within
[`max_deal_length`][tuolaji.rl.actionspace.max_deal_length], and random deals far below it."""

from __future__ import annotations

import json
import random
from collections.abc import Callable

import pytest

from extras import need

pyspiel = need("pyspiel")
need("pettingzoo")

import tuolaji as tl  # noqa: E402
import tuolaji.openspiel  # noqa: E402  (registers python_tuolaji)
import tuolaji.pettingzoo as tzoo  # noqa: E402
from tuolaji.core.bidding import longest_bidding  # noqa: E402
from tuolaji.rl.actionspace import (  # noqa: E402
    ASK_REDEAL,
    DEFAULT_NO_BID_REDEALS,
    DONE,
    PASS,
    Driver,
    max_deal_length,
)
from tuolaji.state.actions import Bury, Declare, TrumpRevealed  # noqa: E402

Policy = Callable[[list[int], random.Random], int]


def _random(legal: list[int], rng: random.Random) -> int:
    return rng.choice(legal)


def _silent(legal: list[int], rng: random.Random) -> int:
    """Never bids, never asks a redeal: every first deal is thrown in (R4.6)."""
    return PASS if PASS in legal else _longest(legal, rng)


def _longest(legal: list[int], rng: random.Random) -> int:
    """As many ids as possible: asks every redeal, then adds the card that keeps the
    selection longest (the highest id) before ``DONE``: the biggest bids and throws."""
    if ASK_REDEAL in legal:
        return ASK_REDEAL
    cards = [i for i in legal if i < DONE and i != PASS]
    if cards:
        return max(cards)
    return DONE if DONE in legal else rng.choice(legal)


def _eager(legal: list[int], rng: random.Random) -> int:
    """Bids with the weakest bid it can whenever it can (the most bids and counters: each
    must be stronger than the last, R4.2), asks every redeal, and builds the longest plays."""
    if ASK_REDEAL in legal:
        return ASK_REDEAL
    cards = [i for i in legal if i < DONE and i != PASS]
    if cards:
        return min(cards) if PASS in legal or DONE not in legal else max(cards)
    return DONE if DONE in legal else rng.choice(legal)


def _play(
    rules: str, seed: int, policy: Policy, max_redeals: int = DEFAULT_NO_BID_REDEALS
) -> tuple[int, tl.GameState, list[tuple[str, int, object]]]:
    """One deal through OpenSpiel: its length (chance included), final state and log."""
    game = pyspiel.load_game(
        "python_tuolaji", {"rules": rules, "seed": seed, "max_redeals": max_redeals}
    )
    rng = random.Random(seed)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, probs)[0])
        else:
            state.apply_action(policy(state.legal_actions(), rng))
    assert len(state.history()) <= game.max_game_length()
    return len(state.history()), state.driver.state, list(state.driver.log)


def test_the_bound_is_the_games_max_game_length() -> None:
    for name, rules in tl.RULESETS.items():
        game = pyspiel.load_game("python_tuolaji", {"rules": name, "max_redeals": 2})
        assert game.max_game_length() == max_deal_length(rules, 2)
    # One no-bid attempt more costs its 100 cards, 100 asks and the four closing passes.
    rules = tl.RULESETS["tuolaji"]
    assert max_deal_length(rules, 4) - max_deal_length(rules, 3) == 204
    assert pyspiel.load_game("python_tuolaji").max_game_length() == max_deal_length(rules)


@pytest.mark.parametrize("max_redeals", [0, 1, 3])
def test_after_max_redeals_the_kitty_card_names_trump(max_redeals: int) -> None:
    """R4.6 fallback: nobody ever bids; after ``max_redeals`` redeals the kitty card at
    ``no_bid_reveal`` names trump, seat 0 deals (``keep``), and the deal is played."""
    for name in ("tuolaji", "shuangsheng"):
        rules = tl.RULESETS[name]
        _, final, log = _play(name, 5, _silent, max_redeals)
        assert final.attempt == max_redeals
        assert final.result is not None and final.bid is None
        revealed = [e for e in final.events if isinstance(e, TrumpRevealed)]
        assert len(revealed) == 1 and revealed[0].index == rules.no_bid_reveal
        card = revealed[0].card
        assert final.trump is not None
        assert final.trump.suit == (None if card.is_joker else card.suit)
        if rules.no_bid_dealer == "keep":
            assert final.dealer == 0
        deals = sum(1 for kind, _, _ in log if kind == "deal")
        assert deals == 100 * (max_redeals + 1)


def test_the_fallback_needs_every_seat_silent() -> None:
    """A bid in the last allowed attempt is played as usual (R4.5: the bidder deals)."""
    _, final, log = _play("tuolaji", 3, _eager, max_redeals=0)
    bids = [what for kind, _, what in log if kind == "done" and isinstance(what, Declare)]
    assert bids and final.attempt == 0
    assert not [e for e in final.events if isinstance(e, TrumpRevealed)]


@pytest.mark.parametrize("rules", sorted(tl.RULESETS))
def test_the_longest_paths_stay_within_the_bound(rules: str) -> None:
    bound = max_deal_length(tl.RULESETS[rules])
    longest = 0
    for seed in range(3):
        for policy in (_silent, _longest, _eager):
            length, final, log = _play(rules, seed, policy)
            longest = max(longest, length)
            # The counts the bound is built from (R4.2, R5.2): at most 4 bids and counters
            # per attempt, and one burial more than the counters after the kitty.
            attempts = [i for i, (kind, _, _) in enumerate(log) if kind == "deal"][::100]
            for start, end in zip(attempts, [*attempts[1:], len(log)], strict=True):
                done = [w for kind, _, w in log[start:end] if kind == "done"]
                assert sum(isinstance(w, Declare) for w in done) <= 4
                assert sum(isinstance(w, Bury) for w in done) <= 4
            assert final.result is not None
    assert longest <= bound


BID_ORDER_RULES = {
    "app": {
        "joker_bids": "single_big_no_trump",
        "overturn_by_suit": True,
        "reinforce_after_overturn": True,
        "counter_bids": True,
    },
    "equal": {"pair_bids_equal": True, "reinforce_after_overturn": True, "counter_bids": True},
    "joker": {
        "preset": "shuangsheng",
        "joker_bids": "none",
        "overturn_by_suit": True,
        "reinforce_after_overturn": True,
    },
}


@pytest.mark.parametrize("name", sorted(BID_ORDER_RULES))
def test_r4_2_the_longest_paths_stay_within_the_bound_under_the_bid_order_rules(
    name: str,
) -> None:
    """Issue 31: one big joker, pairs ranked by suit, reinforcements after an overturn and
    equal pairs change how many bids an attempt sees (R4.2, R5.2): the eager policy stays
    within ``longest_bidding`` and the whole deal within the bound, through OpenSpiel and
    PettingZoo."""
    text = json.dumps(BID_ORDER_RULES[name])
    rules = tl.Rules.from_dict(BID_ORDER_RULES[name])
    bids, counters = longest_bidding(rules)
    for seed in range(3):
        for policy in (_longest, _eager, _random):
            length, final, log = _play(text, seed, policy)
            attempts = [i for i, (kind, _, _) in enumerate(log) if kind == "deal"][::100]
            for start, end in zip(attempts, [*attempts[1:], len(log)], strict=True):
                done = [w for kind, _, w in log[start:end] if kind == "done"]
                assert sum(isinstance(w, Declare) for w in done) <= bids + counters
            assert final.result is not None and length <= max_deal_length(rules)
    env = tzoo.env(rules=rules, max_redeals=1)
    env.reset(seed=2)
    while env.agents:
        agent = env.agent_selection
        if env.terminations[agent] or env.truncations[agent]:
            env.step(None)
            continue
        legal = [i for i, ok in enumerate(env.observe(agent)["action_mask"]) if ok]
        env.step(min(legal))  # the weakest bids first: as many as the rules allow
    assert not any(env.truncations.values()) and env.deal_state.result is not None


@pytest.mark.parametrize("rules", sorted(tl.RULESETS))
def test_random_deals_are_far_below_the_bound(rules: str) -> None:
    lengths = [_play(rules, seed, _random)[0] for seed in range(6)]
    assert max(lengths) < max_deal_length(tl.RULESETS[rules]) // 2, lengths


def test_pettingzoo_episodes_end_within_the_bound_without_truncation() -> None:
    env = tzoo.env(rules="shuangsheng", max_redeals=1)
    env.reset(seed=4)
    steps = 0
    while env.agents:
        agent = env.agent_selection
        if env.terminations[agent] or env.truncations[agent]:
            env.step(None)
            continue
        legal = [i for i, ok in enumerate(env.observe(agent)["action_mask"]) if ok]
        env.step(PASS if PASS in legal else legal[0])
        steps += 1
    assert not any(env.truncations.values())
    assert env.deal_state.attempt == 1 and env.deal_state.result is not None
    assert steps <= max_deal_length(tl.RULESETS["shuangsheng"], 1)


def test_max_redeals_is_checked() -> None:
    state = tl.GameState.new()
    with pytest.raises(TypeError, match="max_redeals"):
        Driver(state, max_redeals="3")  # type: ignore[arg-type]
    with pytest.raises(tl.TuolajiError, match="R4.6: max_redeals"):
        Driver(state, max_redeals=-1)
    with pytest.raises(TypeError, match="rules"):
        max_deal_length("tuolaji")  # type: ignore[arg-type]


THEFT = tl.Rules(kitty_theft="every_deal")


@pytest.mark.parametrize(("seed", "thefts"), [(3, 0), (9, 1)])
def test_r5_2_kitty_theft_deals_stay_within_the_bound(seed: int, thefts: int) -> None:
    """炒地皮 (R5.2): the eager policy steals whenever it can (seed 9: seat 2 steals with its
    big jokers; seed 3: nobody holds a pair to beat ♥2); every theft adds a burial, at most
    three (strength 2, 3, 4), the deal stays within the bound, and the dealer is the seat that
    buried first."""
    _, final, log = _play(json.dumps(THEFT.to_dict()), seed, _eager)
    assert final.result is not None and final.counters == thefts
    done = [w for kind, _, w in log if kind == "done"]
    burials = [w for w in done if isinstance(w, Bury)]
    assert 1 <= len(burials) <= 4 and final.counters == len(burials) - 1
    assert burials[0].seat == final.dealer


@pytest.mark.parametrize("size", [0, 4])
def test_r4_1_kitty_size_openspiel_deals_end_within_their_bound(size: int) -> None:
    """R4.1 with Rules.kitty_size through OpenSpiel (the rules parameter as JSON): every
    policy's deal deals (108 - size) / 4 cards a seat per attempt, is scored, and stays
    within its game's max_game_length, which the kitty size sets; silent seats end in the
    R4.6 fallback: with no kitty no card is turned and the deal has no trump suit."""
    data = {"kitty_size": size, "no_bid_reveal": 2, "counter_bids": size > 0}
    text = json.dumps({**tl.RULESETS["shuangsheng"].to_dict(), **data})
    rules = tl.Rules.from_dict(json.loads(text))
    game = pyspiel.load_game("python_tuolaji", {"rules": text, "max_redeals": 1})
    assert game.max_game_length() == max_deal_length(rules, 1)
    assert max_deal_length(rules, 1) != max_deal_length(tl.RULESETS["shuangsheng"], 1)
    for policy in (_silent, _longest, _eager, _random):
        _, final, log = _play(text, 2, policy, max_redeals=1)
        assert final.result is not None and len(final.kitty) == size
        deals = sum(1 for kind, _, _ in log if kind == "deal")
        assert deals == rules.dealt_cards * (final.attempt + 1 + len(final.redeal_asked))
        if policy is _silent:
            revealed = [e for e in final.events if isinstance(e, TrumpRevealed)]
            assert final.trump is not None and len(revealed) == (1 if size else 0)
            if not size:
                assert final.trump.suit is None
