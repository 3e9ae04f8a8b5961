"""Statistics behind the arena: t intervals, Bradley–Terry ratings, SPRT, seed derivation."""

from __future__ import annotations

import math
import statistics
import sys
import threading

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tuolaji.core.errors import ConfigurationError
from tuolaji.tools import parallel
from tuolaji.tools.arena import ArenaConfig, parse_bots, run_arena
from tuolaji.tools.parallel import derive_seed, run_ordered
from tuolaji.tools.stats import (
    bradley_terry,
    elo_of_share,
    mean_interval,
    share_interval,
    sprt_llr,
    sprt_test,
    t_quantile_975,
)

# Student-t 97.5% quantiles from published tables.
T_TABLE = {1: 12.7062, 2: 4.3027, 5: 2.5706, 6: 2.4469, 10: 2.2281, 20: 2.0860, 30: 2.0423}


@pytest.mark.parametrize(("df", "expected"), sorted(T_TABLE.items()))
def test_t_quantile_matches_the_table(df: int, expected: float) -> None:
    assert t_quantile_975(df) == pytest.approx(expected, abs=2e-3)


def test_t_quantile_tends_to_the_normal_quantile() -> None:
    assert t_quantile_975(10**6) == pytest.approx(1.95996, abs=1e-4)
    values = [t_quantile_975(df) for df in range(1, 200)]
    assert values == sorted(values, reverse=True)


def test_mean_interval_of_known_data() -> None:
    data = [-2.0, -1.0, 0.0, 1.0, 2.0, 3.0]
    interval = mean_interval(data)
    half = 2.5706 * statistics.stdev(data) / math.sqrt(len(data))
    assert interval.mean == 0.5 and interval.n == 6
    assert interval.low == pytest.approx(0.5 - half, abs=1e-3)
    assert interval.high == pytest.approx(0.5 + half, abs=1e-3)
    assert not interval.excludes_zero
    assert mean_interval([5.0, 6.0, 7.0]).excludes_zero


def test_mean_interval_of_too_few_values_is_unbounded() -> None:
    assert mean_interval([]).low == -math.inf
    one = mean_interval([2.0])
    assert (one.mean, one.low, one.high) == (2.0, -math.inf, math.inf)


@given(st.lists(st.integers(-20, 20), min_size=2, max_size=50))
def test_mean_interval_is_centred_on_the_mean(values: list[int]) -> None:
    interval = mean_interval([float(v) for v in values])
    assert interval.mean == pytest.approx(statistics.fmean(values))
    assert interval.low <= interval.mean <= interval.high
    assert interval.high - interval.mean == pytest.approx(interval.mean - interval.low)


@given(st.integers(0, 60), st.integers(0, 60), st.integers(0, 60))
def test_bradley_terry_of_two_bots_is_the_closed_form(wins: int, ties: int, losses: int) -> None:
    """With two bots the fit is 400 log10 of the odds (with one virtual draw as prior)."""
    outcomes = {("a", "b"): [1.0] * wins + [0.5] * ties + [0.0] * losses}
    ratings = bradley_terry(["a", "b"], outcomes, resamples=0)
    score = wins + ties / 2 + 0.5
    against = losses + ties / 2 + 0.5
    expected = 400 * math.log10(score / against)
    assert ratings.elo[0] - ratings.elo[1] == pytest.approx(expected, abs=1e-6)
    assert ratings.elo[0] + ratings.elo[1] == pytest.approx(0, abs=1e-9)


@given(st.lists(st.integers(0, 20), min_size=9, max_size=9))
def test_bradley_terry_of_three_bots_is_the_maximum_likelihood(counts: list[int]) -> None:
    """At the fit, each bot's expected score equals its observed score (the likelihood
    equations), virtual draws included."""
    names = ["a", "b", "c"]
    pairs = [("a", "b"), ("a", "c"), ("b", "c")]
    outcomes = {
        pair: [1.0] * counts[3 * k] + [0.5] * counts[3 * k + 1] + [0.0] * counts[3 * k + 2]
        for k, pair in enumerate(pairs)
    }
    ratings = bradley_terry(names, outcomes, resamples=0)
    elo = dict(zip(names, ratings.elo, strict=True))
    observed = dict.fromkeys(names, 0.0)
    expected = dict.fromkeys(names, 0.0)
    for (x, y), values in outcomes.items():
        games = len(values) + 1
        p = 1 / (1 + 10 ** ((elo[y] - elo[x]) / 400))
        observed[x] += sum(values) + 0.5
        observed[y] += len(values) - sum(values) + 0.5
        expected[x] += games * p
        expected[y] += games * (1 - p)
    for name in names:
        assert expected[name] == pytest.approx(observed[name], abs=1e-5)
    assert sum(ratings.elo) == pytest.approx(0, abs=1e-6)


def test_bradley_terry_intervals_hold_the_estimate_and_are_reproducible() -> None:
    outcomes = {
        ("a", "b"): [1.0, 0.5, 0.0, 1.0] * 20,
        ("a", "c"): [1.0, 1.0, 0.0] * 20,
        ("b", "c"): [0.0, 1.0] * 30,
    }
    first = bradley_terry(["a", "b", "c"], outcomes, seed=3)
    assert first == bradley_terry(["a", "b", "c"], outcomes, seed=3)
    for elo, low, high in zip(first.elo, first.low, first.high, strict=True):
        assert low <= elo <= high
    assert first.elo[0] > first.elo[1] > first.elo[2]


def test_bradley_terry_needs_two_bots() -> None:
    with pytest.raises(ConfigurationError, match="two bots"):
        bradley_terry(["a"], {})


def test_elo_of_share() -> None:
    assert elo_of_share(0.5) == 0
    assert elo_of_share(10 / 11) == pytest.approx(400)
    assert elo_of_share(1 / 11) == pytest.approx(-400)


def test_sprt_accepts_h1_for_a_clear_winner_and_h0_for_a_clear_loser() -> None:
    wins = [1.0, 1.0, 0.5, 1.0] * 10
    result = sprt_test(wins, 0, 50)
    assert result.decision == "H1" and result.llr >= result.upper
    losses = [0.0, 0.0, 0.5, 1.0] * 20
    assert sprt_test(losses, 0, 50).decision == "H0"


def test_sprt_waits_when_the_evidence_is_thin() -> None:
    result = sprt_test([1.0, 0.0, 0.5, 1.0, 0.0], 0, 50)
    assert result.decision is None and result.lower < result.llr < result.upper
    assert result.upper == pytest.approx(math.log(0.95 / 0.05))
    assert result.lower == pytest.approx(math.log(0.05 / 0.95))


def test_sprt_llr_is_the_bernoulli_likelihood_ratio() -> None:
    """Ties count half a win: the ratio equals the product of per-pair likelihood ratios."""
    scores = [1.0, 0.5, 1.0, 0.0, 1.0, 1.0]
    s0, s1 = 0.5, 1 / (1 + 10 ** (-40 / 400))
    ratio = 1.0
    for x in scores:
        ratio *= (s1 / s0) ** x * ((1 - s1) / (1 - s0)) ** (1 - x)
    assert sprt_llr(scores, 0, 40) == pytest.approx(math.log(ratio))
    assert sprt_llr([], 0, 40) == 0


def test_sprt_needs_a_run_of_evidence() -> None:
    """Against H0 elo 0 and H1 elo 100, twelve straight wins decide but eleven do not."""
    assert sprt_test([1.0] * 11, 0, 100).decision is None
    assert sprt_test([1.0] * 12, 0, 100).decision == "H1"
    assert sprt_test([0.5] * 500, 0, 100).decision == "H0"


def test_sprt_rejects_bad_parameters() -> None:
    with pytest.raises(ConfigurationError, match="elo0 < elo1"):
        sprt_test([1.0], 10, 0)
    with pytest.raises(ConfigurationError, match="alpha and beta"):
        sprt_test([1.0], 0, 10, alpha=0.7)


def test_derive_seed_is_stable_and_distinct() -> None:
    # A fixed value: seeds must not change between processes, machines or versions.
    assert derive_seed(0, 0) == derive_seed(0, 0)
    assert derive_seed(7, 3) == 7219113141092411596
    seeds = {derive_seed(s, i) for s in range(20) for i in range(50)}
    assert len(seeds) == 1000
    assert all(0 <= s < 2**63 for s in seeds)


def _square(x: int) -> int:
    return x * x


def test_run_ordered_keeps_task_order_on_workers() -> None:
    tasks = list(range(12))
    assert list(run_ordered(_square, tasks)) == [x * x for x in tasks]
    assert list(run_ordered(_square, tasks, workers=2)) == [x * x for x in tasks]
    with pytest.raises(ConfigurationError, match="positive"):
        run_ordered(_square, tasks, workers=0)


def test_workers_fork_only_from_a_single_threaded_process_on_linux() -> None:
    """Issue 22: forked workers skip the 0.3 s import of a spawned one; a process running
    other threads (where fork may copy a held lock) spawns them."""
    expected = "fork" if sys.platform == "linux" else "spawn"
    assert parallel._start_context().get_start_method() == expected
    release = threading.Event()
    other = threading.Thread(target=release.wait)
    other.start()
    try:
        assert parallel._start_context().get_start_method() == "spawn"
        assert list(run_ordered(_square, [3, 4], workers=2)) == [9, 16]
    finally:
        release.set()
        other.join()


def test_share_interval_of_a_sweep_is_a_one_sided_wilson_bound() -> None:
    low, high = share_interval(12, 12)
    assert high == 1.0 and low == pytest.approx(12 / (12 + 1.959963984540054**2))
    low, high = share_interval(0, 12)
    assert low == 0.0 and high == pytest.approx(1 - 12 / (12 + 1.959963984540054**2))
    assert share_interval(0, 0) == (0.0, 1.0)


@given(st.integers(1, 200), st.data())
def test_share_interval_holds_the_share_and_is_never_a_point(n: int, data: st.DataObject) -> None:
    score = data.draw(st.integers(0, 2 * n)) / 2  # ties count half
    low, high = share_interval(score, n)
    assert 0.0 <= low <= score / n <= high <= 1.0
    assert high - low > 0


def test_an_arena_swept_by_one_bot_says_its_interval_is_not_estimated() -> None:
    result = run_arena(ArenaConfig(parse_bots("g=greedy,r=random"), deals=6, seed=1))
    (pair,) = result.summaries
    assert (pair.wins, pair.sweeper) == (6, "g")
    lines = result.table().splitlines()
    bound = 100 * 6 / (6 + 1.959963984540054**2)
    assert f"g won all 6 pairs of g vs r: g's share >= {bound:.1f}% (95% Wilson bound)" in lines
    ratings = lines[lines.index(next(line for line in lines if line.startswith("Ratings"))) + 1 :]
    assert len(ratings) == 2
    for line in ratings:
        assert line.endswith("interval not estimated (g won all 6 pairs against r)")
    data = result.to_data()
    assert [bot["interval_estimated"] for bot in data["ratings"]["bots"]] == [False, False]
    assert data["pairs"][0]["won_interval"]["low"] == pytest.approx(bound / 100)
