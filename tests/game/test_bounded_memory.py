"""Bounded memory (issue 10, item 5): a shared event log, a Game that keeps actions rather
than states, a bound on redeals, and replay linear in the record's length."""

from __future__ import annotations

import gc
import json
import pickle
import random
import sys
import tracemalloc
from typing import Any

import attrs
import pytest

import tuolaji as tl
from tuolaji import EventLog, GameState, Phase
from tuolaji.core.caching import BoundedCache
from tuolaji.core.limits import (
    MAX_LIST,
    MAX_RECORD_TEXT,
    MAX_REDEALS,
    MAX_STATE_TEXT,
    MIN_CHARS_PER_CONTAINER,
)


@pytest.mark.parametrize("rules", ["tuolaji", "shuangsheng"])
@pytest.mark.parametrize("bot", [tl.RandomBot, tl.GreedyBot])
def test_a_long_match_keeps_about_1_kb_per_deal(
    rules: str, bot: type[tl.RandomBot] | type[tl.GreedyBot]
) -> None:
    """Before: every state was kept, about 190 KB per deal, growing without bound; then the
    actions, about 16 KB; then small actions were shared values (6.3 to 8.4 KB over 12
    deals); now two bytes per action and no past starting state (issue 22): 1.0 to 1.25 KB
    per past deal, 3.6 to 4.4 KB per deal over 12 deals with the current state (30 to 39 KB,
    mostly its deal's event log)."""
    deals = 12
    tracemalloc.start()
    try:
        game = tl.Game(rules, seed=3)
        bots = [bot(seat) for seat in range(4)]
        for _ in range(deals):
            game.play_deal(bots)
        gc.collect()
        with_game = tracemalloc.get_traced_memory()[0]
        state = game.state
        del game
        gc.collect()
        with_state = tracemalloc.get_traced_memory()[0]
        del state
        gc.collect()
        without = tracemalloc.get_traced_memory()[0]
    finally:
        tracemalloc.stop()
    per_deal = (with_game - without) / deals
    past_deals = (with_game - with_state) / deals  # what grows with the match
    assert 0 < per_deal <= 5_000, per_deal
    assert 0 < past_deals <= 1_500, past_deals


def clear_the_caches() -> int:
    """Empty every module-level cache of the package (each only saves work); how many."""
    caches = {
        id(value): value
        for name, module in list(sys.modules.items())
        if name == "tuolaji" or name.startswith("tuolaji.")
        for value in vars(module).values()
        if isinstance(value, BoundedCache) or hasattr(value, "cache_clear")
    }
    for cache in caches.values():
        cache.clear() if isinstance(cache, BoundedCache) else cache.cache_clear()
    return len(caches)


@pytest.mark.slow
def test_a_long_match_grows_about_2_kb_per_deal_besides_the_caches() -> None:
    """A 2,000-deal match seemed to grow about 6.9 KB per deal (issue 33, finding 9): most
    of it was the package's bounded caches filling (the described-leads cache of
    ``core.trickids``: 50,000 leads of about 0.9 KB, full after about 3,200 RandomBot deals,
    then constant). With the caches emptied at both ends of deals 61 to 180 (RandomBots,
    rules that never end the match), what stays is the game's own record, about 0.95 KB per
    past deal (at most 1.5 KB here), and kept.py's table of shared small actions filling
    (about 1.3 KB per deal at this stage, bounded by construction): at most 3 KB per deal."""
    game = tl.Game(attrs.evolve(tl.RULESETS["tuolaji"], wrap=True), seed=3)
    bots = [tl.RandomBot(seat) for seat in range(4)]
    for _ in range(40):  # untraced, so that the measured deals are a long match's
        game.play_deal(bots)
    deals = 120
    tracemalloc.start()
    try:
        # Traced from deal 41, measured from deal 61: at both ends a current state and the
        # trump tables it holds were made under tracing, so only what accumulates counts.
        for _ in range(20):
            game.play_deal(bots)
        assert clear_the_caches() >= 5
        gc.collect()
        before = tracemalloc.get_traced_memory()[0]
        for _ in range(deals):
            game.play_deal(bots)
        clear_the_caches()
        gc.collect()
        after = tracemalloc.get_traced_memory()[0]
        assert len(game.results) == 60 + deals and game.results[-1].match_winner is None
        state = game.state
        del game
        gc.collect()
        kept = after - tracemalloc.get_traced_memory()[0]  # deals 41 to 180, traced
        del state
    finally:
        tracemalloc.stop()
    assert 0 < (after - before) / deals <= 3_000, (after - before) / deals
    assert 0 < kept / (20 + deals) <= 1_500, kept / (20 + deals)


def redeal_record(attempts: int, rules: str = "tuolaji") -> str:
    """A record of first-deal redeals: nobody bids, 100 cards and 4 passes per attempt
    (R4.6 with ``no_bid_first_deal="redeal"``)."""
    attempt = [{"type": "DealCard"}] * 100 + [{"type": "Pass", "seat": s} for s in range(4)]
    record = tl.record_of(tl.Game(rules, seed=0))
    record["deals"] = [attempt * attempts]
    return json.dumps(record, separators=(",", ":"))


def peak_of(call: Any) -> tuple[int, Exception | None]:
    tracemalloc.start()
    try:
        try:
            call()
            error = None
        except tl.TuolajiError as exc:
            error = exc
        return tracemalloc.get_traced_memory()[1], error
    finally:
        tracemalloc.stop()


def test_a_hostile_2_mib_redeal_record_is_refused_up_front() -> None:
    """A 2 MiB record of one deal's redeals peaked at 208 MB; its deal holds more actions
    than MAX_LIST, so it is refused before any action is applied."""
    text = redeal_record(1010)
    assert len(text) >= 2 << 20
    peak, error = peak_of(lambda: tl.replay(text, partial=True))
    assert isinstance(error, tl.InvalidRecord) and str(MAX_LIST) in str(error)
    assert peak < 150_000_000, peak


def test_a_hostile_redeal_record_within_the_list_limit_stops_at_the_redeal_bound() -> None:
    text = redeal_record(MAX_LIST // 104)
    peak, error = peak_of(lambda: tl.replay(text, partial=True))
    assert isinstance(error, tl.InvalidRecord)
    assert f"more than {MAX_REDEALS} times" in str(error)
    assert peak < 150_000_000, peak


@pytest.mark.parametrize("item", ["{}", "[]", '{"a":0}', '[{"a":[]}]'])
def test_8_mib_of_small_objects_is_refused_before_it_is_parsed(item: str) -> None:
    """Issue 33, finding 9: 8 MiB of empty or one-key objects (or lists) peaked at 200 MB,
    parsed whole before the record's form was checked; now counted and refused first."""
    head = '{"format":"tuolaji-record","version":1,"seed":0,"rules":"tuolaji","pad":['
    text = head + ",".join([item] * ((MAX_RECORD_TEXT - len(head) - 2) // (len(item) + 1)))
    text += "]}"
    assert len(text) <= MAX_RECORD_TEXT
    peak, error = peak_of(lambda: tl.replay(text))
    assert isinstance(error, tl.InvalidRecord), error
    assert f"more than one per {MIN_CHARS_PER_CONTAINER}" in str(error)
    assert len(str(error).splitlines()) == 1 and len(str(error)) < 200
    assert peak < 1_000_000, peak


def test_dense_but_honest_json_still_reads() -> None:
    """The densest record tuolaji writes (first-deal redeals: ``{"type":"DealCard"}`` after
    ``{"type":"DealCard"}``, compact) and a short text of nothing but containers are read."""
    text = redeal_record(3)
    assert text.count("{") * MIN_CHARS_PER_CONTAINER < len(text)
    assert len(tl.replay(text, partial=True).actions[0]) == 3 * 104
    with pytest.raises(tl.InvalidRecord, match="expected a GameState object"):
        GameState.from_json("[" + "[]," * 1000 + "[]]")
    assert len("[" + "[]," * 1000 + "[]]") < MAX_STATE_TEXT


@pytest.mark.slow
def test_replay_memory_is_linear_in_the_record() -> None:
    """With the redeal bound lifted, 480 redeals (1 MiB) replay within 40 MB: before, the
    quadratic event log and the kept states took 72 MB for 499."""
    text = redeal_record(480)
    peak, error = peak_of(lambda: tl.replay(text, partial=True, max_redeals=10**6))
    assert error is None
    assert peak < 40_000_000, peak


class Silent:
    """A bot that never bids: every first deal is thrown in (R4.6 "redeal")."""

    def act(self, view: tl.PlayerView, actions: tl.ActionSet) -> tl.Action:
        return next(a for a in actions if isinstance(a, tl.Pass))


def test_r4_6_bots_that_never_bid_stop_at_the_redeal_bound() -> None:
    game = tl.Game("tuolaji", seed=1, max_redeals=5)
    with pytest.raises(tl.LimitExceeded, match="more than 5 times"):
        game.play_deal([Silent()] * 4)
    assert game.state.attempt == 5 and game.state.phase is Phase.CLOSING
    assert len(game.actions[0]) == 6 * 100 + 5 * 4 + 3
    assert game.state.passes == 3  # the refused pass changed nothing


def test_game_history_is_recomputed_from_actions() -> None:
    game = tl.Game("shuangsheng", seed=9)
    bots = [tl.RandomBot(seat) for seat in range(4)]
    game.play_deal(bots)
    game.play_deal(bots)
    states = [game.starts[0]]
    for deal, actions in enumerate(game.actions):
        s = game.starts[deal]
        if deal:
            assert s == states[-1].next_deal()
            states.append(s)
        for action in actions:
            s = s.apply(action)
            states.append(s)
    history = game.history
    assert len(history) == len(states) == sum(len(a) + 1 for a in game.actions)
    assert list(history) == states and history == states
    assert history[-1] is game.state
    for i in (0, 1, len(states) // 2, len(states) - 2, -3):
        assert history[i] == states[i]
    assert history[5:8] == states[5:8]
    with pytest.raises(IndexError):
        history[len(states)]


def test_event_log_behaves_like_a_tuple() -> None:
    """``state.events`` is shared between states but reads like a tuple of events."""
    rng = random.Random(2)
    s = GameState.new("tuolaji", seed=2)
    while s.phase is not Phase.FINISHED:
        s = s.apply(s.legal_actions().sample(rng))
    log = s.events
    as_tuple = tuple(log)
    assert isinstance(log, EventLog) and len(log) == len(as_tuple) > 100
    assert log == as_tuple and as_tuple == tuple(log) and list(log) == list(as_tuple)
    assert log != as_tuple[:-1] and log != (*as_tuple[:-1], tl.Passed(0))
    assert hash(log) == hash(as_tuple)
    assert log[0] == as_tuple[0] and log[-1] == as_tuple[-1] and log[7] == as_tuple[7]
    assert log[3:9] == as_tuple[3:9] and log[::-1] == as_tuple[::-1]
    assert list(reversed(log)) == list(reversed(as_tuple))
    assert as_tuple[5] in log and log.index(as_tuple[5]) == as_tuple.index(as_tuple[5])
    assert EventLog(as_tuple) == log and EventLog() == () and len(EventLog()) == 0
    assert pickle.loads(pickle.dumps(log)) == log
    with pytest.raises(IndexError):
        log[len(log)]


def test_an_action_shares_the_event_log_instead_of_copying_it() -> None:
    rng = random.Random(4)
    s = GameState.new("tuolaji", seed=4)
    while not (s.phase is Phase.PLAYING and len(s.trick) == 1):
        s = s.apply(s.legal_actions().sample(rng))
    follow = s.apply(s.legal_actions().sample(rng))
    assert len(follow.events) == len(s.events) + 1
    assert follow.events.previous is s.events


def test_an_event_log_of_300_000_events_is_freed_without_recursion() -> None:
    log = EventLog()
    event = tl.Passed(0)
    for _ in range(300_000):
        log = log.add(event)
    assert len(log) == 300_000 and log[-1] == event
    del log
