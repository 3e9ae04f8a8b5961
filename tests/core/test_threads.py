"""Every module-level cache is safe under threads (#18 "one cache policy", #19 finding 4).

Games, sampled worlds, legal plays and JSON round-trips run in 16 threads with a 1 µs switch
interval, so that threads interleave inside cache look-ups and evictions; the results must
be exactly those of a sequential run, and no thread may raise.
"""

from __future__ import annotations

import pathlib
import random
import re
import sys
import threading
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor

import pytest

import tuolaji as tl
from tuolaji.core.caching import BoundedCache, memoize

PRESETS = ("tuolaji", "shuangsheng", "tuolaji-tournament", "shuangsheng-super")


def _job(seed: int) -> tuple[object, ...]:
    """One deal played by random legal actions, recording what the caches serve: the count
    and a sample of each legal-play set, a sampled world every few decisions, and the JSON
    of states read back."""
    rng = random.Random(seed)
    state = tl.GameState.new(PRESETS[seed % len(PRESETS)], seed=seed)
    out: list[object] = []
    step = 0
    while state.phase is not tl.Phase.FINISHED:
        step += 1
        if state.phase is tl.Phase.DEALING:
            bids = list(state.legal_actions(None))
            state = state.apply(bids[0] if rng.random() < 0.9 else rng.choice(bids))
            continue
        if state.phase is tl.Phase.PLAYING:
            plays = state.legal_plays()
            play = plays.sample(rng)
            out.append((len(plays), tl.format_cards(play)))
            if step % 7 == 0:
                world = tl.sample_world(state.view(state.to_act), rng)
                out.append(world.to_json())
            if step % 11 == 0:
                text = state.to_json()
                assert tl.GameState.from_json(text) == state
                out.append(len(text))
            state = state.play(state.to_act, play)
        else:
            state = state.apply(state.legal_actions(state.to_act).sample(rng))
    out.append(state.to_json())
    return tuple(out)


def _greedy_game(seed: int) -> tuple[object, ...]:
    game = tl.Game(PRESETS[seed % len(PRESETS)], seed=seed)
    game.play_deal([tl.GreedyBot(seed * 4 + i) for i in range(4)])
    return tuple(s.to_json() for s in list(game.history)[-3:])


@pytest.fixture
def tiny_switch_interval() -> Iterator[None]:
    old = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    try:
        yield
    finally:
        sys.setswitchinterval(old)


Job = Callable[[int], tuple[object, ...]]


def _threaded(job: Job, seeds: list[int]) -> list[tuple[object, ...]]:
    with ThreadPoolExecutor(max_workers=16) as pool:
        return list(pool.map(job, seeds))


@pytest.mark.usefixtures("tiny_switch_interval")
def test_games_worlds_plays_and_json_in_16_threads_match_a_sequential_run() -> None:
    seeds = list(range(16))
    sequential = [_job(s) for s in seeds]
    assert _threaded(_job, seeds) == sequential


@pytest.mark.usefixtures("tiny_switch_interval")
def test_greedy_games_in_16_threads_match_a_sequential_run() -> None:
    seeds = list(range(100, 116))
    sequential = [_greedy_game(s) for s in seeds]
    assert _threaded(_greedy_game, seeds) == sequential


@pytest.mark.usefixtures("tiny_switch_interval")
def test_a_bounded_cache_evicts_under_16_threads_without_error() -> None:
    """The race of #19 finding 4: eviction while other threads look up and insert."""
    cache: BoundedCache[int, int] = BoundedCache(8)
    errors: list[BaseException] = []

    def hammer(offset: int) -> None:
        try:
            for i in range(3000):
                key = (i * 7 + offset) % 40
                hit = cache.get(key)
                assert hit is None or hit == key * key
                cache.put(key, key * key)
        except BaseException as exc:  # any error fails the test below
            errors.append(exc)

    threads = [threading.Thread(target=hammer, args=(n,)) for n in range(16)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    assert len(cache) <= 8


def test_a_bounded_cache_drops_the_least_recently_used_entry() -> None:
    cache: BoundedCache[str, int] = BoundedCache(2)
    cache.put("a", 1)
    cache.put("b", 2)
    assert cache.get("a") == 1  # "b" is now the least recently used
    cache.put("c", 3)
    assert (cache.get("a"), cache.get("b"), cache.get("c")) == (1, None, 3)
    cache.clear()
    assert len(cache) == 0


def test_memoize_remembers_results_and_bounds_them() -> None:
    calls: list[int] = []

    @memoize(limit=2)
    def square(x: int) -> int:
        calls.append(x)
        return x * x

    assert [square(2), square(2), square(3), square(4), square(2)] == [4, 4, 9, 16, 4]
    assert calls == [2, 3, 4, 2]  # 2 was the least recently used when 4 came in


@pytest.mark.parametrize("limit", [0, -1])
def test_a_cache_holds_at_least_one_entry(limit: int) -> None:
    with pytest.raises(ValueError, match="at least one entry"):
        BoundedCache(limit)
    with pytest.raises(ValueError, match="at least one entry"):
        memoize(limit)


def test_every_memoized_function_uses_the_one_policy() -> None:
    """#18: one cache policy. No module memoizes with functools directly (unbounded
    ``cache`` or its own ``lru_cache`` size); they all go through ``core/caching.py``."""
    src = pathlib.Path(tl.__file__).parent
    direct = re.compile(
        r"^\s*@(functools\.)?(cache|lru_cache)\b|^from functools import .*\bcache\b"
    )
    offenders = [
        f"{path.relative_to(src)}:{n}"
        for path in sorted(src.rglob("*.py"))
        if path.name != "_cache.py"
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if direct.search(line)
    ]
    assert offenders == []
