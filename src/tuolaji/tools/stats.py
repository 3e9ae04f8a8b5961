"""Statistics for comparing bots: means with confidence intervals, Bradley–Terry ratings on
the Elo scale, and the sequential probability ratio test (SPRT).

Everything here is plain Python and deterministic: the same inputs give the same floats in
any process, which is what lets an arena run on many workers match a one-process run.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence

import attrs

from tuolaji.core.errors import ConfigurationError

__all__ = [
    "Interval",
    "Ratings",
    "SPRTResult",
    "bradley_terry",
    "difference_interval",
    "elo_of_share",
    "mean_interval",
    "share_interval",
    "sprt_llr",
    "sprt_test",
    "t_quantile_975",
]

_Z975 = 1.959963984540054


def t_quantile_975(df: int) -> float:
    """The 97.5% quantile of Student's t with ``df`` degrees of freedom (two-sided 95%).

    A Cornish–Fisher expansion around the normal quantile: within 0.2% of the exact value for
    ``df >= 3`` and exact in the limit; small ``df`` use the exact tabled values.
    """
    exact = {1: 12.706204736, 2: 4.302652730, 3: 3.182446305, 4: 2.776445105, 5: 2.570581836}
    if df < 1:
        return math.inf
    if df in exact:
        return exact[df]
    z = _Z975
    return (
        z
        + (z**3 + z) / (4 * df)
        + (5 * z**5 + 16 * z**3 + 3 * z) / (96 * df**2)
        + (3 * z**7 + 19 * z**5 + 17 * z**3 - 15 * z) / (384 * df**3)
    )


@attrs.frozen(slots=True)
class Interval:
    """A sample mean with its two-sided 95% confidence interval (Student's t), over ``n``
    observations. ``low``/``high`` are infinite for fewer than two observations."""

    mean: float
    low: float
    high: float
    n: int

    @property
    def excludes_zero(self) -> bool:
        """True when the whole interval lies on one side of zero."""
        return self.low > 0 or self.high < 0

    def __str__(self) -> str:
        if self.n < 2:
            return f"{self.mean:+.3f}"
        return f"{self.mean:+.3f} ± {(self.high - self.low) / 2:.3f}"


def mean_interval(values: Sequence[float]) -> Interval:
    """The mean of ``values`` with a 95% Student-t confidence interval."""
    n = len(values)
    if n == 0:
        return Interval(0.0, -math.inf, math.inf, 0)
    mean = math.fsum(values) / n
    if n < 2:
        return Interval(mean, -math.inf, math.inf, n)
    variance = math.fsum((v - mean) ** 2 for v in values) / (n - 1)
    half = t_quantile_975(n - 1) * math.sqrt(variance / n)
    return Interval(mean, mean - half, mean + half, n)


def difference_interval(first: Sequence[float], second: Sequence[float]) -> Interval:
    """The difference of two sample means, ``mean(first) - mean(second)``, with a 95%
    interval from Welch's standard error (the samples treated as independent; for duplicate
    deals, which share cards, that errs on the wide side). ``n`` is the smaller sample's
    size; with fewer than two values on a side the interval is infinite (and with none the
    mean is 0).

    >>> print(difference_interval([70.0, 90.0, 80.0], [40.0, 60.0, 50.0]))
    +30.000 ± 22.670
    """
    n = min(len(first), len(second))
    if n == 0:
        return Interval(0.0, -math.inf, math.inf, 0)
    mean = math.fsum(first) / len(first) - math.fsum(second) / len(second)
    if n < 2:
        return Interval(mean, -math.inf, math.inf, n)
    a, b = mean_interval(first), mean_interval(second)
    va = math.fsum((v - a.mean) ** 2 for v in first) / (len(first) - 1) / len(first)
    vb = math.fsum((v - b.mean) ** 2 for v in second) / (len(second) - 1) / len(second)
    se = math.sqrt(va + vb)
    if se == 0:
        return Interval(mean, mean, mean, n)
    # Welch–Satterthwaite degrees of freedom.
    df = (va + vb) ** 2 / (va**2 / (len(first) - 1) + vb**2 / (len(second) - 1))
    half = t_quantile_975(max(1, int(df))) * se
    return Interval(mean, mean - half, mean + half, n)


def share_interval(score: float, n: int) -> tuple[float, float]:
    """The 95% Wilson score interval of a share: ``score`` successes (a tie counts half) out
    of ``n`` trials, as ``(low, high)``. Unlike the normal approximation it does not shrink
    to a point when every trial goes one way: all ``n`` won gives ``(n / (n + z²), 1)``, a
    one-sided lower bound. No trials give ``(0, 1)``.

    >>> low, high = share_interval(12, 12)
    >>> round(low, 3), high
    (0.758, 1.0)
    """
    if n <= 0:
        return 0.0, 1.0
    share = min(max(score / n, 0.0), 1.0)
    z2 = _Z975**2
    centre = (share + z2 / (2 * n)) / (1 + z2 / n)
    half = _Z975 * math.sqrt(share * (1 - share) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    # At a share of 0 or 1 the bound on that side is exact; rounding must not move it.
    low = 0.0 if share == 0 else max(0.0, centre - half)
    high = 1.0 if share == 1 else min(1.0, centre + half)
    return low, high


def elo_of_share(share: float) -> float:
    """The Elo difference that gives an expected score of ``share`` (logistic, 400 scale)."""
    share = min(max(share, 1e-9), 1 - 1e-9)
    return -400.0 * math.log10(1.0 / share - 1.0)


def _share_of_elo(elo: float) -> float:
    return 1.0 / (1.0 + math.pow(10.0, -elo / 400.0))


@attrs.frozen(slots=True)
class Ratings:
    """Bradley–Terry ratings on the Elo scale (mean 0), with 95% bootstrap intervals.

    ``names[i]`` has rating ``elo[i]`` and interval ``low[i]``..``high[i]``.
    """

    names: tuple[str, ...]
    elo: tuple[float, ...]
    low: tuple[float, ...]
    high: tuple[float, ...]


Score = tuple[float, float]
"""(points of the first bot, points of the second) over the deal pairs of one bot pair."""


def _fit(names: Sequence[str], scores: Mapping[tuple[str, str], Score]) -> list[float]:
    # Hunter's MM algorithm for Bradley–Terry. Each pair also gets one virtual drawn game (a
    # half point to each side): a weak prior that keeps a bot winning every pair finite.
    index = {name: i for i, name in enumerate(names)}
    k = len(names)
    wins = [0.0] * k
    games: dict[tuple[int, int], float] = {}
    for (a, b), (sa, sb) in scores.items():
        i, j = index[a], index[b]
        wins[i] += sa + 0.5
        wins[j] += sb + 0.5
        key = (min(i, j), max(i, j))
        games[key] = games.get(key, 0.0) + sa + sb + 1.0
    strength = [1.0] * k
    for _ in range(2000):
        new = []
        for i in range(k):
            denominator = 0.0
            for (p, q), n in games.items():
                if i in (p, q):
                    other = q if i == p else p
                    denominator += n / (strength[i] + strength[other])
            new.append(wins[i] / denominator if denominator > 0 else strength[i])
        mean_log = math.fsum(math.log(s) for s in new) / k
        new = [s / math.exp(mean_log) for s in new]
        change = max(abs(math.log(a / b)) for a, b in zip(new, strength, strict=True))
        strength = new
        if change < 1e-10:
            break
    return [400.0 * math.log10(s) for s in strength]


def bradley_terry(
    names: Sequence[str],
    outcomes: Mapping[tuple[str, str], Sequence[float]],
    *,
    seed: int = 0,
    resamples: int = 200,
) -> Ratings:
    """Bradley–Terry ratings of ``names`` from per-pair outcomes, on the Elo scale.

    ``outcomes[(a, b)]`` lists, deal pair by deal pair, the score of ``a`` against ``b``:
    1 for a win, 0.5 for a tie, 0 for a loss. The model: P(a beats b) =
    1 / (1 + 10 ** ((R_b - R_a) / 400)); ratings are the maximum-likelihood fit with one
    virtual drawn game per pair as a prior, shifted to mean 0. Intervals are 2.5% and 97.5%
    percentiles of ``resamples`` refits on deal pairs resampled with replacement within each
    pair, drawn from ``random.Random(seed)`` (so they are reproducible).
    """
    if len(names) < 2:
        raise ConfigurationError("ratings need at least two bots")

    def totals(data: Mapping[tuple[str, str], Sequence[float]]) -> dict[tuple[str, str], Score]:
        return {pair: (math.fsum(v), math.fsum(1.0 - x for x in v)) for pair, v in data.items()}

    elo = _fit(names, totals(outcomes))
    rng = random.Random(seed)
    samples: list[list[float]] = [[] for _ in names]
    for _ in range(resamples):
        drawn = {pair: rng.choices(v, k=len(v)) for pair, v in outcomes.items() if v}
        for i, value in enumerate(_fit(names, totals(drawn))):
            samples[i].append(value)
    low, high = [], []
    for values in samples:
        values.sort()
        if values:
            low.append(values[int(0.025 * (len(values) - 1))])
            high.append(values[math.ceil(0.975 * (len(values) - 1))])
        else:
            low.append(-math.inf)
            high.append(math.inf)
    return Ratings(tuple(names), tuple(elo), tuple(low), tuple(high))


@attrs.frozen(slots=True)
class SPRTResult:
    """The state of a sequential probability ratio test after ``n`` observations.

    ``llr`` is the log-likelihood ratio of H1 against H0; ``lower``/``upper`` are the
    stopping bounds; ``decision`` is ``"H1"`` (the bot is better by ``elo1``), ``"H0"`` (it
    is not better than ``elo0``) or None (keep playing).
    """

    llr: float
    lower: float
    upper: float
    n: int
    decision: str | None


def sprt_llr(scores: Sequence[float], elo0: float, elo1: float) -> float:
    """The log-likelihood ratio of H1 (Elo difference ``elo1``) against H0 (``elo0``) for a
    sequence of scores in [0, 1] (1 win, 0.5 tie, 0 loss).

    Each deal pair is a Bernoulli trial won with probability ``s = 1 / (1 + 10 ** (-elo /
    400))``; a tie counts as half a win and half a loss. With ``w`` the summed score and
    ``l = n - w``: ``LLR = w log(s1 / s0) + l log((1 - s1) / (1 - s0))``.
    """
    won = math.fsum(scores)
    lost = len(scores) - won
    s0, s1 = _share_of_elo(elo0), _share_of_elo(elo1)
    return won * math.log(s1 / s0) + lost * math.log((1 - s1) / (1 - s0))


def sprt_test(
    scores: Sequence[float], elo0: float, elo1: float, alpha: float = 0.05, beta: float = 0.05
) -> SPRTResult:
    """Wald's SPRT on ``scores`` for H0: Elo difference ``elo0`` against H1: ``elo1``.

    ``alpha`` is the chance to accept H1 when H0 holds, ``beta`` to accept H0 when H1 holds.
    Bounds: ``log(beta / (1 - alpha))`` and ``log((1 - beta) / alpha)``.
    """
    if not elo0 < elo1:
        raise ConfigurationError(f"SPRT needs elo0 < elo1, got {elo0} and {elo1}")
    if not (0 < alpha < 0.5 and 0 < beta < 0.5):
        raise ConfigurationError(f"SPRT alpha and beta are in (0, 0.5), got {alpha}, {beta}")
    lower = math.log(beta / (1 - alpha))
    upper = math.log((1 - beta) / alpha)
    llr = sprt_llr(scores, elo0, elo1)
    decision = "H1" if llr >= upper else "H0" if llr <= lower else None
    return SPRTResult(llr, lower, upper, len(scores), decision)
