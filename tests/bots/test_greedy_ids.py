"""GreedyBot's play decisions on card ids (issue 32 item 4, issue 35 item 3): the id-level
entry point `greedy_play_ids` that `GreedyBot.act` calls decides exactly as the bot did before
(a frozen copy in ``tests/greedy_reference.py``), under every preset and random house rules,
and the public knowledge the bot keeps between decisions (`GreedyBot.seen`) is what the view
says (R7.2 voids as `no_pair_caps` finds them, unseen copies as counted from the view)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tuolaji as tl
from greedy_reference import ReferenceGreedyBot
from greedy_reference import _tops as reference_tops
from positions import played_deals
from tuolaji.bots.greedy import GreedyBot, _hand_units, greedy_play_ids, unseen_tops
from tuolaji.bots.knowledge import no_pair_caps
from tuolaji.core.shapes import unit_ids
from tuolaji.state.actions import Phase, Play
from tuolaji.testing import strategies
from tuolaji.testing.driver import random_rules
from tuolaji.tools.bench import trick_start

PRESETS = list(tl.RULESETS)


def _games(
    rules: tl.Rules | str, seed: int, candidates: int
) -> tuple[tl.Game, tl.Game, list[GreedyBot], list[ReferenceGreedyBot]]:
    """One deal of ``rules`` from ``seed`` played by four GreedyBots and by four reference
    bots of the same seeds."""
    bots = [GreedyBot(4 * seed + s, candidates) for s in range(4)]
    refs = [ReferenceGreedyBot(4 * seed + s, candidates) for s in range(4)]
    game, ref = tl.Game(rules, seed=seed), tl.Game(rules, seed=seed)
    game.play_deal(bots)
    ref.play_deal(refs)
    return game, ref, bots, refs


def _assert_same_games(rules: tl.Rules | str, seed: int, candidates: int) -> None:
    game, ref, bots, refs = _games(rules, seed, candidates)
    assert game.actions == ref.actions
    assert game.state == ref.state
    # The same draws from each bot's random source, in the same order.
    assert [b.rng.getstate() for b in bots] == [r.rng.getstate() for r in refs]


@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize("candidates", [200, 3])
def test_r12_whole_deals_take_the_reference_decisions_under_every_preset(
    preset: str, candidates: int
) -> None:
    """Every action of whole deals (bids, burial R5.1, plays R6-R7) under each preset (R12)
    equals the reference bot's; ``candidates=3`` makes most follows sampled from the bot's
    random source, which must be drawn in the same order."""
    for seed in range(3):
        _assert_same_games(preset, seed, candidates)


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 2**32), st.sampled_from([200, 4]))
def test_r12_whole_deals_take_the_reference_decisions_under_random_house_rules(
    seed: int, candidates: int
) -> None:
    _assert_same_games(random_rules(random.Random(seed)), seed % 1000, candidates)


def _reference_outside(view: tl.PlayerView) -> list[int]:
    """Per card id, the copies ``view``'s seat has not seen, counted from scratch."""
    outside = [2] * len(tl.CARDS)
    cards = [*view.hand, *(view.kitty or ())]
    cards += [c for t in view.tricks for p in t.plays for c in p]
    cards += [c for p in view.trick for c in p]
    for card in cards:
        outside[card.id] -= 1
    return outside


@pytest.mark.parametrize("preset", PRESETS)
def test_r7_2_kept_knowledge_is_what_the_view_says(preset: str) -> None:
    """One bot asked about every view of two games in turn (its kept share of the finished
    tricks is rebuilt when the deal changes): the unseen copies and the voids it reads are
    those of the view alone (R7.2 as `no_pair_caps` finds them)."""
    bot = GreedyBot(0)
    states = [
        s
        for pair in zip(played_deals(preset, 1), played_deals(preset, 2), strict=False)
        for s in pair
        if s.phase is Phase.PLAYING
    ]
    assert len(states) > 100
    for state in states:
        for seat in range(4):
            view = state.view(seat)
            outside, voids = bot.seen(view)
            assert list(outside) == _reference_outside(view)
            assert [set(v) for v in voids] == no_pair_caps(view)[0]


def test_a_bot_asked_about_other_deals_decides_as_a_fresh_bot() -> None:
    """The public knowledge a bot keeps between decisions never changes a decision: asked
    about the play states of two games in turn, one bot answers as a fresh bot does (given
    the same random state)."""
    kept = GreedyBot(7)
    states = [
        s
        for pair in zip(played_deals("tuolaji", 3), played_deals("shuangsheng", 4), strict=False)
        for s in pair
        if s.phase is Phase.PLAYING
    ]
    for state in states:
        seat = state.turn
        view, actions = state.view(seat), state.legal_actions(seat)
        fresh = GreedyBot(7)
        fresh.rng.setstate(kept.rng.getstate())  # the same draws for sampled follows
        assert kept.act(view, actions) == fresh.act(view, actions)


def test_greedy_play_ids_is_the_decision_act_returns() -> None:
    """The id-level entry point, given a view's ids, returns the ids of ``act``'s play; the
    knowledge is read only when the decision needs it (never for a first follow)."""
    states = [s for s in played_deals("tuolaji", 5) if s.phase is Phase.PLAYING]
    asked = 0
    for state in states:
        seat = state.turn
        view, actions = state.view(seat), state.legal_actions(seat)
        bot = GreedyBot(1)
        action = bot.act(view, actions)
        assert isinstance(action, Play)
        calls: list[int] = []

        def seen(
            view: tl.PlayerView = view, calls: list[int] = calls
        ) -> tuple[list[int], list[set[int]]]:
            calls.append(1)
            outside, voids = GreedyBot(1).seen(view)
            return list(outside), [set(v) for v in voids]

        trick = [[c.id for c in p] for p in view.trick]
        assert view.trump is not None
        chosen = greedy_play_ids(
            seat,
            [c.id for c in view.hand],
            trick,
            leader=view.leader,
            dealer=view.dealer,
            options=[[c.id for c in p] for p in actions.plays] if trick else (),  # type: ignore[attr-defined]
            table=view.trump.table,
            rules=view.rules,
            seen=seen,
        )
        assert list(chosen) == [c.id for c in action.cards]
        if len(trick) == 1:
            assert not calls
        asked += len(calls)
    assert asked > 0


@settings(max_examples=300, deadline=None)
@given(strategies.card_multisets(0, 40), strategies.trumps())
def test_r3_3_hand_units_suit_by_suit_are_the_canonical_split(
    hand: tuple[tl.Card, ...], trump: tl.Trump
) -> None:
    """The lead's split of the hand, remembered suit by suit, is `unit_ids` of the whole hand
    (R3.3: the same units in the same order), however often it is asked."""
    ids = [c.id for c in hand]
    for _ in range(2):
        assert _hand_units(ids, trump.table) == unit_ids(ids, trump.table)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from([0, 0, 1, 2]), min_size=54, max_size=54), strategies.trumps())
def test_r7_4_tops_read_from_the_highest_position_down_are_the_reference(
    outside: list[int], trump: tl.Trump
) -> None:
    """Per effective suit, the highest position unseen once and twice (what makes a unit a
    master, R7.4), as the reference reads them from every card."""
    assert unseen_tops(outside, trump.table) == reference_tops(outside, trump.table)


def test_r7_2_kept_knowledge_follows_a_deal_that_branches() -> None:
    """Continuations of one position share its trump and its first tricks and then differ
    (as a search's candidates and worlds do): asked about them in turn, one bot reads each
    continuation's own tricks (the kept ones only while they are a prefix)."""
    bot = GreedyBot(0)
    start = trick_start("tuolaji", 6, 8)
    assert start.phase is Phase.PLAYING
    branches: list[list[tl.GameState]] = []
    for branch in range(4):
        rng = random.Random(branch)
        states = [start]
        for _ in range(12):
            states.append(states[-1].play(states[-1].turn, states[-1].legal_plays().sample(rng)))
        branches.append(states)
    # Step by step across the branches: each asks with as many tricks as the one before.
    for step in range(13):
        for states in branches:
            for seat in range(4):
                view = states[step].view(seat)
                outside, voids = bot.seen(view)
                assert list(outside) == _reference_outside(view)
                assert [set(v) for v in voids] == no_pair_caps(view)[0]
