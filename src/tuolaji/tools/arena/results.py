"""What an arena run gives: per bot pair a [`PairSummary`][tuolaji.tools.arena.results.PairSummary],
the whole [`ArenaResult`][tuolaji.tools.arena.results.ArenaResult] (JSON, a text table, plots),
the SPRT's state in words, and the callbacks that show progress and write records as deal pairs
come in."""

from __future__ import annotations

import importlib
import json
import math
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import attrs

from tuolaji.core.rules import RULESETS
from tuolaji.tools.arena.pairs import ArenaConfig, DealPair
from tuolaji.tools.files import open_for_writing
from tuolaji.tools.stats import (
    Interval,
    Ratings,
    SPRTResult,
    difference_interval,
    mean_interval,
    share_interval,
)
from tuolaji.tools.terminal import ProgressBar

__all__ = [
    "ArenaResult",
    "PairSummary",
    "arena_progress",
    "plot",
    "sprt_line",
    "write_records",
]

FORMAT = "tuolaji-arena"
VERSION = 3  # 2: returns, points per attacking deal, declared, matches, bidder; 3: match_wins


@attrs.frozen(slots=True)
class PairSummary:
    """What one bot pair's deal pairs add up to, from bot ``a``'s side: per deal pair the
    ``level`` change and ``returns`` (R9.1) with 95% intervals; ``points`` per attacking
    deal (A's mean minus B's, see [`difference_interval`][tuolaji.tools.stats.difference_interval]);
    ``declared`` the share of deals A's team declared; ``won`` the share of deal pairs won
    (``wins``/``ties``/``losses``); ``matches`` the whole matches won by A and by B."""

    a: str
    b: str
    level: Interval
    returns: Interval
    points: Interval
    declared: float
    won: float
    wins: int
    ties: int
    losses: int
    matches: tuple[int, int]
    deals: int
    pairs: tuple[DealPair, ...]

    @property
    def won_interval(self) -> tuple[float, float]:
        """The 95% Wilson score interval of ``won``
        ([`share_interval`][tuolaji.tools.stats.share_interval]): one-sided when one bot won
        every pair."""
        return share_interval(self.won * len(self.pairs), len(self.pairs))

    @property
    def finished(self) -> int:
        """The whole matches that ended (R9.5) before ``max_deals``: those with a winner."""
        return self.matches[0] + self.matches[1]

    @property
    def match_share(self) -> float:
        """The share of the finished matches A won (0.5 when none finished)."""
        return self.matches[0] / self.finished if self.finished else 0.5

    @property
    def match_interval(self) -> tuple[float, float]:
        """The 95% Wilson score interval of `match_share`, each finished match a trial. The
        two matches of a pair are dealt the same cards with the teams' seats exchanged, so
        their outcomes are, if anything, negatively correlated: the interval is then
        conservative."""
        return share_interval(self.matches[0], self.finished)

    @property
    def level_per_match(self) -> Interval:
        """A's levels gained minus B's per match (R9): the pairs' ``level`` halved, with the
        Student-t interval over pairs."""
        return mean_interval([p.level / 2 for p in self.pairs])

    @property
    def sweeper(self) -> str | None:
        """The bot that won every deal pair (``a`` or ``b``), or None."""
        if not self.pairs:
            return None
        if self.wins == len(self.pairs):
            return self.a
        if self.losses == len(self.pairs):
            return self.b
        return None

    @classmethod
    def of(cls, a: str, b: str, pairs: Sequence[DealPair]) -> PairSummary:
        """The summary of ``pairs`` (deal pairs of ``a`` against ``b``)."""
        scores = [p.score for p in pairs]
        deals = sum(p.deals for p in pairs)
        return cls(
            a,
            b,
            mean_interval([float(p.level) for p in pairs]),
            mean_interval([p.returns for p in pairs]),
            difference_interval(
                [float(x) for p in pairs for x in p.attack_points],
                [float(x) for p in pairs for x in p.defence_points],
            ),
            sum(p.declared for p in pairs) / deals if deals else 0.0,
            math.fsum(scores) / len(scores) if scores else 0.0,
            scores.count(1.0),
            scores.count(0.5),
            scores.count(0.0),
            (sum(p.matches[0] for p in pairs), sum(p.matches[1] for p in pairs)),
            deals,
            tuple(pairs),
        )


def _interval_data(interval: Interval) -> dict[str, Any]:
    finite = math.isfinite(interval.low)
    return {
        "mean": interval.mean,
        "low": interval.low if finite else None,
        "high": interval.high if finite else None,
    }


@attrs.frozen(slots=True)
class ArenaResult:
    """The outcome of [`run_arena`][tuolaji.tools.arena.running.run_arena]: per-pair summaries,
    Bradley–Terry ratings and, when asked for, the SPRT decision.
    [`to_json`][tuolaji.tools.arena.results.ArenaResult.to_json] and
    [`table`][tuolaji.tools.arena.results.ArenaResult.table] are deterministic."""

    config: ArenaConfig
    summaries: tuple[PairSummary, ...]
    ratings: Ratings
    sprt: SPRTResult | None

    def to_data(self) -> dict[str, Any]:
        """The JSON-ready results (no timings: equal runs give equal data)."""
        cfg = self.config
        rules = next((n for n, r in RULESETS.items() if r == cfg.rules), "custom")
        return {
            "format": FORMAT,
            "version": VERSION,
            "rules": rules,
            "seed": cfg.seed,
            "deal_pairs": cfg.deals,
            "match": cfg.match,
            "bidder": None if cfg.bidder is None else str(cfg.bidder),
            "bots": {spec.name: str(spec) for spec in cfg.bots},
            "pairs": [
                {
                    "a": s.a,
                    "b": s.b,
                    "deal_pairs": len(s.pairs),
                    "deals": s.deals,
                    "level": _interval_data(s.level),
                    "returns": _interval_data(s.returns),
                    "points_per_attacking_deal": _interval_data(s.points),
                    "declared": s.declared,
                    "matches": list(s.matches),
                    "match_wins": None
                    if not cfg.match
                    else {
                        "a": s.matches[0],
                        "b": s.matches[1],
                        "unfinished": 2 * len(s.pairs) - s.finished,
                        "share": s.match_share,
                        "low": s.match_interval[0],
                        "high": s.match_interval[1],
                        "method": "Wilson score over finished matches, 95%",
                        "level_per_match": _interval_data(s.level_per_match),
                        "deals_per_match": s.deals / (2 * len(s.pairs)) if s.pairs else 0.0,
                    },
                    "won": s.won,
                    "won_interval": {
                        "low": s.won_interval[0],
                        "high": s.won_interval[1],
                        "method": "Wilson score, 95%",
                    },
                    "wins": s.wins,
                    "ties": s.ties,
                    "losses": s.losses,
                    "per_deal_pair": {
                        "level": [p.level for p in s.pairs],
                        "returns": [p.returns for p in s.pairs],
                        "attack_points": [list(p.attack_points) for p in s.pairs],
                        "defence_points": [list(p.defence_points) for p in s.pairs],
                        "score": [p.score for p in s.pairs],
                    },
                }
                for s in self.summaries
            ],
            "ratings": {
                "method": "Bradley-Terry, Elo scale, mean 0, 95% bootstrap interval",
                "bots": [
                    {"name": n, "elo": e, "low": lo, "high": hi, "interval_estimated": lo < hi}
                    for n, e, lo, hi in zip(
                        self.ratings.names,
                        self.ratings.elo,
                        self.ratings.low,
                        self.ratings.high,
                        strict=True,
                    )
                ],
            },
            "sprt": None
            if self.sprt is None or cfg.sprt is None
            else {
                "elo0": cfg.sprt[0],
                "elo1": cfg.sprt[1],
                "alpha": cfg.sprt[2],
                "beta": cfg.sprt[3],
                "llr": self.sprt.llr,
                "lower": self.sprt.lower,
                "upper": self.sprt.upper,
                "deal_pairs": self.sprt.n,
                "decision": self.sprt.decision,
            },
        }

    def to_json(self) -> str:
        """[`to_data`][tuolaji.tools.arena.results.ArenaResult.to_data] as JSON text."""
        return json.dumps(self.to_data(), indent=1, ensure_ascii=False)

    def table(self) -> str:
        """A plain-text table of the pairs and the ratings: per bot pair the level change and
        the returns (R9.1) per pair, the attackers' points per attacking deal, how often the
        first bot's side declared, the share of pairs won and, for matches, the matches won."""
        cfg = self.config
        unit = "match pairs" if cfg.match else "duplicate deal pairs"
        lines = [f"Arena: seed {cfg.seed}, up to {cfg.deals} {unit} per bot pair"]
        if cfg.bidder is not None:
            lines.append(f"Bidding and burying for every seat by {cfg.bidder}: card play alone")
        lines.append("")
        width = max(len(f"{s.a} vs {s.b}") for s in self.summaries)
        header = (
            f"{'pair':<{width}}  {'pairs':>6}  {'level / pair':>15}  {'returns / pair':>15}  "
            f"{'points / attack':>15}  {'declared':>8}  {'won':>6}"
        )
        lines.append(header + ("  matches won" if cfg.match else ""))
        for s in self.summaries:
            line = (
                f"{s.a + ' vs ' + s.b:<{width}}  {len(s.pairs):>6}  {_short(s.level, 2):>15}  "
                f"{_short(s.returns, 2):>15}  {_short(s.points, 1):>15}  "
                f"{100 * s.declared:>7.0f}%  {100 * s.won:>5.1f}%"
            )
            if cfg.match:
                line += f"  {s.matches[0]}-{s.matches[1]}"
            lines.append(line)
        if cfg.match:
            lines.append("")
            lines += [_match_line(s, cfg.max_deals) for s in self.summaries]
        for s in self.summaries:
            if s.sweeper is not None:
                # The share's interval, one-sided here: the t intervals above say nothing of it.
                low, high = s.won_interval
                bound = f">= {100 * low:.1f}%" if s.sweeper == s.a else f"<= {100 * high:.1f}%"
                lines.append(
                    f"{s.sweeper} won all {len(s.pairs)} pairs of {s.a} vs {s.b}: "
                    f"{s.a}'s share {bound} (95% Wilson bound)"
                )
        lines += [
            "",
            "level: levels gained minus the other side's (a take-over at 80-115 counts 0)",
            "returns: R9.1 (taking the deal over counts one level)",
            "points / attack: attackers' points per attacking deal, first bot's side minus "
            "the second's",
            "declared: the share of deals the first bot's side declared",
            "",
            "Ratings (Bradley–Terry on deal pairs, Elo scale, 95% bootstrap interval)",
        ]
        r = self.ratings
        order = sorted(range(len(r.names)), key=lambda i: -r.elo[i])
        name_width = max(len(n) for n in r.names)
        for i in order:
            head = f"{r.names[i]:<{name_width}}  {r.elo[i]:+7.0f}"
            if r.low[i] < r.high[i]:
                lines.append(f"{head}  [{r.low[i]:+.0f}, {r.high[i]:+.0f}]")
            else:
                lines.append(f"{head}  interval not estimated ({self._why_flat(r.names[i])})")
        if self.sprt is not None and cfg.sprt is not None:
            lines += ["", sprt_line(self.sprt, cfg.sprt[0], cfg.sprt[1])]
        return "\n".join(lines)

    def _why_flat(self, name: str) -> str:
        """Why every bootstrap resample gave bot ``name`` the same rating: the pairs it took
        part in that one side swept (resampling them changes nothing)."""
        swept = [
            f"{s.sweeper} won all {len(s.pairs)} pairs against {s.b if s.sweeper == s.a else s.a}"
            for s in self.summaries
            if name in (s.a, s.b) and s.sweeper is not None
        ]
        return "; ".join(swept) if swept else "every resample gives the same rating"

    def write(self, out: Path) -> list[Path]:
        """Write ``results.json``, ``table.txt`` and, with matplotlib, ``ratings.png`` and
        ``running.png`` into ``out``; returns the paths written."""
        out.mkdir(parents=True, exist_ok=True)
        written = [out / "results.json", out / "table.txt"]
        for path, text in zip(written, (self.to_json(), self.table()), strict=True):
            with open_for_writing(path) as file:
                file.write(text + "\n")
        return written + plot(self, out)


def _match_line(s: PairSummary, max_deals: int) -> str:
    """Whole matches of one bot pair in words: the share A won with its Wilson interval, the
    levels per match and the deals a match lasted."""
    low, high = s.match_interval
    unfinished = 2 * len(s.pairs) - s.finished
    stopped = f", {unfinished} stopped at {max_deals} deals" if unfinished else ""
    deals = s.deals / (2 * len(s.pairs)) if s.pairs else 0.0
    return (
        f"{s.a} won {s.matches[0]} of {s.finished} matches against {s.b}: "
        f"{100 * s.match_share:.1f}% [{100 * low:.1f}%, {100 * high:.1f}%] (95% Wilson); "
        f"levels / match {_short(s.level_per_match, 2)}; {deals:.1f} deals / match{stopped}"
    )


def _short(interval: Interval, digits: int = 1) -> str:
    if interval.n < 2 or not math.isfinite(interval.low):
        return f"{interval.mean:+.{digits}f}"
    return f"{interval.mean:+.{digits}f} ± {(interval.high - interval.low) / 2:.{digits}f}"


def sprt_line(result: SPRTResult, elo0: float, elo1: float) -> str:
    """The SPRT's state in words: the LLR against its bounds and the decision (an LLR past a
    bound is said to have reached it, never to lie within the bounds).

    >>> from tuolaji.tools.stats import SPRTResult
    >>> print(sprt_line(SPRTResult(-2.98, -2.94, 2.94, 120, "H0"), 0, 20))
    SPRT elo0=0 elo1=20: LLR -2.98 <= lower bound -2.94 after 120 pairs: H0 accepted
    >>> print(sprt_line(SPRTResult(1.10, -2.94, 2.94, 40, None), 0, 20))
    SPRT elo0=0 elo1=20: LLR 1.10 within [-2.94, 2.94] after 40 pairs: no decision, continuing
    """
    head = f"SPRT elo0={elo0:g} elo1={elo1:g}: LLR {result.llr:.2f}"
    after = f"after {result.n} pairs"
    if result.decision == "H1":
        return f"{head} >= upper bound {result.upper:.2f} {after}: H1 accepted"
    if result.decision == "H0":
        return f"{head} <= lower bound {result.lower:.2f} {after}: H0 accepted"
    return (
        f"{head} within [{result.lower:.2f}, {result.upper:.2f}] {after}: no decision, continuing"
    )


def plot(result: ArenaResult, out: Path) -> list[Path]:
    """Plot the ratings with their intervals (``ratings.png``) and each pair's running mean
    level change with its 95% interval (``running.png``). Needs matplotlib (the ``plot``
    extra); without it nothing is written and the empty list returned."""
    try:
        # An optional extra, imported by name so the core never depends on it.
        matplotlib = importlib.import_module("matplotlib")
        matplotlib.use("Agg")
        plt = importlib.import_module("matplotlib.pyplot")
    except ImportError:
        return []
    r = result.ratings
    fig, ax = plt.subplots(figsize=(6, 1 + 0.5 * len(r.names)))
    order = sorted(range(len(r.names)), key=lambda i: r.elo[i])
    ys = list(range(len(order)))
    ax.errorbar(
        [r.elo[i] for i in order],
        ys,
        xerr=[[r.elo[i] - r.low[i] for i in order], [r.high[i] - r.elo[i] for i in order]],
        fmt="o",
        capsize=4,
    )
    ax.set_yticks(ys, [r.names[i] for i in order])
    ax.axvline(0, color="grey", lw=0.5)
    ax.set_xlabel("rating (Elo scale, 95% bootstrap interval)")
    fig.tight_layout()
    ratings_path = out / "ratings.png"
    fig.savefig(ratings_path, dpi=100)
    plt.close(fig)

    fig, ax = plt.subplots(figsize=(7, 4))
    for s in result.summaries:
        xs, means, lows, highs = [], [], [], []
        values: list[float] = []
        for p in s.pairs:
            values.append(float(p.level))
            interval = mean_interval(values)
            if interval.n >= 2:
                xs.append(interval.n)
                means.append(interval.mean)
                lows.append(interval.low)
                highs.append(interval.high)
        (line,) = ax.plot(xs, means, label=f"{s.a} vs {s.b}")
        ax.fill_between(xs, lows, highs, alpha=0.2, color=line.get_color())
    ax.axhline(0, color="grey", lw=0.5)
    ax.set_xlabel("deal pairs")
    ax.set_ylabel("mean level change per pair")
    ax.legend()
    fig.tight_layout()
    running_path = out / "running.png"
    fig.savefig(running_path, dpi=100)
    plt.close(fig)
    return [ratings_path, running_path]


def arena_progress(
    bar: ProgressBar,
) -> Callable[[int, str, str, Sequence[DealPair]], None]:
    """A ``progress`` callback for [`run_arena`][tuolaji.tools.arena.running.run_arena] drawing
    ``bar`` ([`tuolaji.tools.terminal.ProgressBar`][tuolaji.tools.terminal.ProgressBar], the
    command line's one progress bar) with the running estimate of the bot pair whose deal pair
    just came in."""

    def show(done: int, a: str, b: str, pairs: Sequence[DealPair]) -> None:
        if not bar.enabled:
            return
        summary = PairSummary.of(a, b, pairs)
        bar.update(
            done, f"{summary.a} vs {summary.b}: level {summary.level} won {100 * summary.won:.0f}%"
        )

    return show


def write_records(directory: Path) -> Callable[[str, str, DealPair], None]:
    """An ``on_pair`` callback for [`run_arena`][tuolaji.tools.arena.running.run_arena] writing
    each game's record to ``directory/A-vs-B/pair-NNNNNN-G.json`` (G 0: A on seats 0 and 2; G 1: on
    1 and 3)."""

    def write(a: str, b: str, deal_pair: DealPair) -> None:
        folder = directory / f"{a}-vs-{b}"
        folder.mkdir(parents=True, exist_ok=True)
        for g, text in enumerate(deal_pair.records):
            with open_for_writing(folder / f"pair-{deal_pair.index:06d}-{g}.json") as file:
                file.write(text)

    return write
