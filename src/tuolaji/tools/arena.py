"""The arena: compare bots by duplicate deals, on one core, many cores or a Ray cluster.

Cards decide more of a deal than play does, so bots are compared by **duplicate deal pairs**
(as in duplicate bridge): the same seed (hence the same shuffle, ``tl.Game(rules, seed)``)
is played twice, bot A's team on seats 0 and 2 the first time and on seats 1 and 3 the
second. Whatever the cards give one side, each bot gets once.

For every deal pair, from A's side (see [`DealPair`][tuolaji.tools.arena.DealPair]):

- ``level``: A's team's level gain minus B's team's (R9), summed over the two games;
- ``returns``: A's team's [`GameState.returns`][tuolaji.GameState.returns] summed over
  the deals (R9.1: taking the deal over counts one level, so a take-over at 80-115 is not
  "no change" as in ``level``);
- ``points``: the attackers' points (R8.1) **per attacking deal**: the mean when A's team
  attacked minus the mean when B's team attacked (sides may attack a different number of
  deals, above all with ``match=True``);
- ``declared``: how many deals A's team declared (held the deal);
- ``score``: 1 when A won the pair, 0.5 for a tie, 0 for a loss: with ``match=True`` whole
  matches (R9.5) decide first, then levels; on equal levels the attackers' points decide
  only when both sides attacked equally often (else the points of sides that declared at
  different rates are not comparable, and the pair is a tie).

With a ``bidder`` ([`ArenaConfig`][tuolaji.tools.arena.ArenaConfig]) one bot bids, buries and asks
for redeals for every seat, and seat ``s`` gets the same bidder seed in both games of a pair: both
sides declare and bury alike, so the pair measures card play alone.

Every deal pair is seeded from the run's seed and its index alone (never from a worker), so
[`run_arena`][tuolaji.tools.arena.run_arena] gives identical results on one process, K processes or
Ray.

A bot spec ``module:Class`` **imports that module and runs its code**, in this process and in
every worker: give only modules you trust. Of what it names, only a class with an ``act``
method (a [`Bot`][tuolaji.Bot]) or a function marked with
[`bot_factory`][tuolaji.tools.arena.bot_factory] is ever called; anything else (``os:system``) is
refused before it runs.
"""

from __future__ import annotations

import importlib
import inspect
import itertools
import json
import math
import re
import warnings
from collections.abc import Callable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any, TypeVar

import attrs

import tuolaji
from tuolaji.bots import Bot, GreedyBot, RandomBot
from tuolaji.bots.best import BestBot
from tuolaji.core.errors import ConfigurationError, TuolajiError
from tuolaji.core.rules import RULESETS, Rules
from tuolaji.core.scoring import team_of
from tuolaji.game.facade import Game
from tuolaji.game.record import write_record
from tuolaji.state.actions import Action, ActionSet, Phase
from tuolaji.state.gamestate import GameState
from tuolaji.state.view import PlayerView
from tuolaji.tools.files import open_for_writing
from tuolaji.tools.parallel import derive_seed, run_ordered
from tuolaji.tools.report import deal_lines, summary_line
from tuolaji.tools.stats import (
    Interval,
    Ratings,
    SPRTResult,
    bradley_terry,
    difference_interval,
    mean_interval,
    sprt_test,
)
from tuolaji.tools.terminal import ProgressBar as _Bar
from tuolaji.tools.terminal import echo, shorten

__all__ = [
    "ArenaConfig",
    "ArenaResult",
    "BotSpec",
    "DealPair",
    "PairSummary",
    "arena_progress",
    "bot_factory",
    "builtin_bots",
    "pair_score",
    "parse_bot_spec",
    "parse_bots",
    "play_deal_pair",
    "run_arena",
    "simulate_deals",
    "split_bot_list",
    "sprt_line",
]

FORMAT = "tuolaji-arena"
# Names become file names under --record, so they stay plain.
_NAME = re.compile(r"[A-Za-z0-9_.-]{1,40}")
VERSION = 2  # 2: returns, points per attacking deal, declared, matches, bidder

_FACTORY_MARK = "__tuolaji_bot_factory__"

_F = TypeVar("_F", bound=Callable[..., Any])


def bot_factory(function: _F) -> _F:
    """Mark ``function`` as a bot factory that an arena spec ``module:function`` may call
    (it returns a [`Bot`][tuolaji.Bot]). A spec calls only bot classes (classes with an
    ``act`` method) and functions marked so; this keeps a spec such as ``os:system`` from
    running anything. Returns ``function`` itself."""
    if not callable(function) or isinstance(function, type):
        raise TypeError(
            f"bot_factory marks a function, got {type(function).__name__}; "
            "a bot class (with act) needs no mark"
        )
    setattr(function, _FACTORY_MARK, True)
    return function


def _is_bot_factory(found: object) -> bool:
    # Read from the function's own __dict__: an object with a permissive __getattr__ cannot
    # pass for a marked factory.
    marks = getattr(found, "__dict__", None)
    return isinstance(marks, dict) and marks.get(_FACTORY_MARK) is True


_BUILTINS: dict[str, Callable[[], Any]] = {
    "random": lambda: RandomBot,
    "greedy": lambda: GreedyBot,
    # Resolved by name when used: the search bot may live in a newer tuolaji.
    "pimc": lambda: getattr(tuolaji, "PIMCBot", None),
    "best": lambda: BestBot,
}


def builtin_bots() -> list[str]:
    """The names of the built-in bots of this tuolaji, as bot specs take them."""
    return [name for name, find in _BUILTINS.items() if find() is not None]


def _path_hint(exc: ImportError, module_name: str) -> str:
    # The tuolaji console script, unlike python -m, does not put the current folder on
    # sys.path, so a bots.py next to the user is "not found": say what to do.
    top = module_name.partition(".")[0]
    if isinstance(exc, ModuleNotFoundError) and exc.name == top:
        return (
            "; if it is a file or folder in the current folder, run with PYTHONPATH=. "
            "(the tuolaji script does not look there; python -m tuolaji does)"
        )
    return ""


@attrs.frozen(slots=True)
class BotSpec:
    """How to build a bot in any process: a ``name`` for the tables, a ``target`` (a built-in
    ``random``, ``greedy``, ``pimc``, ``best``, or ``module:Class`` importable where the bot
    runs) and keyword ``args`` as JSON text.

    [`build`][tuolaji.tools.arena.BotSpec.build] passes ``seed=`` when the class takes a ``seed``
    parameter, then ``args``. Specs pickle (bots need not): workers build their own bots. Resolving
    ``module:Class`` imports the module (running its code); only a class with an ``act`` method or a
    function marked [`bot_factory`][tuolaji.tools.arena.bot_factory] is then called.
    """

    name: str
    target: str
    args: str = "{}"

    def resolve(self) -> Callable[..., Any]:
        """The bot class (or marked factory) named by ``target``;
        [`ConfigurationError`][tuolaji.ConfigurationError] for anything else, which is never
        called."""
        if self.target in _BUILTINS:
            found = _BUILTINS[self.target]()
            if found is None:
                raise ConfigurationError(
                    f"bot {self.name!r}: {self.target!r} is not in this tuolaji "
                    f"(built-ins here: {', '.join(builtin_bots())})"
                )
            return found  # type: ignore[no-any-return]
        target = echo(self.target)
        module_name, _, attribute = self.target.partition(":")
        if not module_name or not attribute:
            raise ConfigurationError(
                f"bot {self.name!r}: {target} is neither a built-in "
                f"({', '.join(_BUILTINS)}) nor module:Class"
            )
        try:
            found = importlib.import_module(module_name)
        except ImportError as exc:
            raise ConfigurationError(
                f"bot {self.name!r}: cannot import {echo(module_name)}: {shorten(str(exc))}"
                f"{_path_hint(exc, module_name)}"
            ) from None
        except Exception as exc:  # the module's own code failed while importing
            raise ConfigurationError(
                f"bot {self.name!r}: importing {echo(module_name)} failed: "
                f"{type(exc).__name__}: {shorten(str(exc))}"
            ) from None
        for part in attribute.split("."):
            try:
                found = getattr(found, part)
            except AttributeError:
                raise ConfigurationError(
                    f"bot {self.name!r}: {echo(module_name)} has no {echo(attribute)}"
                ) from None
        if isinstance(found, type):
            if not callable(getattr(found, "act", None)):
                raise ConfigurationError(
                    f"bot {self.name!r}: {target} is a class without act(view, actions): "
                    "not a bot, so it is not called"
                )
        elif not _is_bot_factory(found):
            raise ConfigurationError(
                f"bot {self.name!r}: {target} is neither a bot class (one with act) nor a "
                "function marked @tuolaji.tools.arena.bot_factory, so it is not called"
            )
        return found  # type: ignore[no-any-return]

    def build(self, seed: int) -> Bot:
        """A fresh bot seeded with ``seed`` (when its class takes one)."""
        factory = self.resolve()
        try:
            kwargs = json.loads(self.args)
        except (TypeError, ValueError, RecursionError):
            kwargs = None
        if not isinstance(kwargs, dict):
            raise ConfigurationError(
                f"bot {self.name!r}: arguments are a JSON object, got {echo(self.args)}"
            )
        try:
            accepts_seed = "seed" in inspect.signature(factory).parameters
        except (TypeError, ValueError):
            accepts_seed = False
        if accepts_seed:
            kwargs = {"seed": seed, **kwargs}
        try:
            bot = factory(**kwargs)
        except Exception as exc:  # bad arguments: a user's class may raise anything
            kind = "" if isinstance(exc, TuolajiError) else f"{type(exc).__name__}: "
            raise ConfigurationError(
                f"bot {self.name!r}: {echo(str(self))} failed: {kind}{shorten(str(exc))}"
            ) from None
        if not callable(getattr(bot, "act", None)):
            raise ConfigurationError(
                f"bot {self.name!r}: {echo(self.target)} made no bot (nothing with "
                "act(view, actions))"
            )
        return bot  # type: ignore[no-any-return]

    def __str__(self) -> str:
        return self.target if self.args == "{}" else f"{self.target}{self.args}"


def split_bot_list(text: str) -> list[str]:
    """The specs of a comma-separated bot list, stripped: commas inside JSON arguments
    (``{...}`` or ``[...]``, strings included) do not separate bots."""
    parts, depth, start = [], 0, 0
    quoted = escaped = False
    for i, char in enumerate(text):
        if quoted:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                quoted = False
        elif char == '"':
            quoted = True
        elif char in "{[":
            depth += 1
        elif char in "}]":
            depth -= 1
        elif depth == 0 and char == ",":
            parts.append(text[start:i])
            start = i + 1
    parts.append(text[start:])
    return [p.strip() for p in parts]


def parse_bot_spec(part: str, context: str | None = None) -> BotSpec:
    """One bot spec, ``NAME=SPEC`` or ``SPEC``, as [`parse_bots`][tuolaji.tools.arena.parse_bots]
    and ``simulate --bots`` read it.

    SPEC is a built-in (``random``, ``greedy``, ``pimc``) or ``module:Class``, optionally
    followed by a JSON object of keyword arguments. Without ``NAME=`` the name is the
    built-in's or the class's: ``mybots:Leader{"depth": 2}`` is named ``Leader``. The spec is
    not resolved here (nothing is imported); [`BotSpec.build`][tuolaji.tools.arena.BotSpec.build]
    does that. ``context`` is the whole text, quoted by the error for an empty spec.

    >>> parse_bot_spec('fast=greedy{"candidates": 20}')
    BotSpec(name='fast', target='greedy', args='{"candidates": 20}')
    >>> parse_bot_spec("tuolaji.bots.greedy:GreedyBot").name
    'GreedyBot'
    """
    part = part.strip()
    if not part:
        shown = (context if context is not None else part)[:80]
        raise ConfigurationError(f"empty bot in {shown!r}: use NAME=SPEC,NAME=SPEC")
    name, eq, spec = part.partition("=")
    if not eq or "{" in name:  # a bare SPEC (its JSON arguments may hold "=")
        spec = part
        name = spec.partition("{")[0].strip().rpartition(":")[2].rpartition(".")[2]
    name, spec = name.strip(), spec.strip()
    if not _NAME.fullmatch(name):
        raise ConfigurationError(
            f"bot name {name[:40]!r}: use letters, digits, '_', '-' or '.' (NAME=SPEC)"
        )
    target, brace, rest = spec.partition("{")
    args = "{}"
    if brace:
        try:
            value = json.loads(brace + rest)
        except json.JSONDecodeError as exc:
            raise ConfigurationError(f"bot {name!r}: arguments are not JSON: {exc}") from None
        if not isinstance(value, dict):
            raise ConfigurationError(f"bot {name!r}: arguments are a JSON object")
        args = json.dumps(value, sort_keys=True)
    if not target.strip():
        raise ConfigurationError(f"bot {part[:80]!r}: expected NAME=SPEC")
    return BotSpec(name, target.strip(), args)


def parse_bots(text: str) -> tuple[BotSpec, ...]:
    """Bot specs from ``NAME=SPEC,NAME=SPEC,...``.

    SPEC is ``random``, ``greedy``, ``pimc``, ``best`` or ``module:Class``, optionally followed by a
    JSON object of keyword arguments: ``fast=greedy{"candidates": 20}``. Without ``NAME=`` a
    bot is named after its built-in or class (see
    [`parse_bot_spec`][tuolaji.tools.arena.parse_bot_spec]). Names are unique, of letters, digits,
    ``_``, ``-`` and ``.``; at least two bots.
    """
    specs = [parse_bot_spec(part, text) for part in split_bot_list(text)]
    names = [s.name for s in specs]
    if len(set(names)) != len(names):
        raise ConfigurationError(f"bot names must differ, got {', '.join(names)}")
    if len(specs) < 2:
        raise ConfigurationError("an arena needs at least two bots (NAME=SPEC,NAME=SPEC)")
    return tuple(specs)


@attrs.frozen(slots=True)
class ArenaConfig:
    """One arena run: every pair of ``bots`` plays ``deals`` duplicate deal pairs.

    ``match``: each game of a pair is a whole match (R9.5), stopped after ``max_deals``
    deals; ``sprt``: ``(elo0, elo1, alpha, beta)`` to stop early (two bots only, see
    [`tuolaji.tools.stats.sprt_test`][tuolaji.tools.stats.sprt_test]); ``record``: keep every
    game's record; ``bidder``: one bot that bids, buries and asks for redeals for every seat (both
    sides alike), so that only card play is compared.
    """

    bots: tuple[BotSpec, ...]
    deals: int
    rules: Rules = RULESETS["tuolaji"]
    seed: int = 0
    match: bool = False
    max_deals: int = 100
    sprt: tuple[float, float, float, float] | None = None
    record: bool = False
    bidder: BotSpec | None = None

    def __attrs_post_init__(self) -> None:
        if self.deals < 1:
            raise ConfigurationError(f"deals is a positive number, got {self.deals}")
        if self.max_deals < 1:
            raise ConfigurationError(f"max_deals is a positive number, got {self.max_deals}")
        if self.sprt is not None and len(self.bots) != 2:
            raise ConfigurationError("SPRT compares exactly two bots")

    @property
    def pairs(self) -> list[tuple[int, int]]:
        """Every pair of bots (by index), in order."""
        return list(itertools.combinations(range(len(self.bots)), 2))


@attrs.frozen(slots=True)
class DealPair:
    """One duplicate deal pair (or match pair) of bot ``a`` against bot ``b``, from ``a``'s
    side: see the module docstring for ``level``, ``returns``, ``declared`` and ``score``.
    ``attack_points`` lists the attackers' points of each deal A's team attacked,
    ``defence_points`` those of each deal B's team attacked; ``matches`` counts the whole
    matches (R9.5) won by A and by B; ``deals`` is the number of deals played in both games;
    ``records`` the two games' records (JSON text) when recording."""

    index: int
    level: int
    returns: float
    attack_points: tuple[int, ...]
    defence_points: tuple[int, ...]
    declared: int
    matches: tuple[int, int]
    score: float
    deals: int
    records: tuple[str, ...] = ()

    @property
    def points(self) -> float:
        """The attackers' points per attacking deal, A's team's mean minus B's; 0.0 when one
        side never attacked (there is nothing to compare)."""
        if not self.attack_points or not self.defence_points:
            return 0.0
        return math.fsum(self.attack_points) / len(self.attack_points) - math.fsum(
            self.defence_points
        ) / len(self.defence_points)


def _level_gain(state: GameState, team: int) -> int:
    result = state.result
    assert result is not None and state.dealer is not None
    rules = state.rules
    change = rules.level_index(result.levels[team]) - rules.level_index(state.levels[team])
    hooked = result.hooked and team == team_of(state.dealer)
    # With wrap (R9.2) a lap goes from the last level back to the first: still a gain.
    if change < 0 and not hooked:
        change += len(rules.levels)
    return change


_SETUP_PHASES = frozenset(phase for phase in Phase if phase not in (Phase.PLAYING, Phase.FINISHED))
"""Every decision before the first trick: bids, counters, redeal requests and the burial."""


class _SharedBidding:
    """A seat's bot whose bids, burial and redeal requests come from ``bidder`` (the same
    bidder for both sides of a pair) and whose card play comes from ``player``."""

    def __init__(self, player: Bot, bidder: Bot) -> None:
        self.player = player
        self.bidder = bidder

    def act(self, view: PlayerView, actions: ActionSet) -> Action:
        if view.phase in _SETUP_PHASES:
            return self.bidder.act(view, actions)
        return self.player.act(view, actions)


def pair_score(matches: int, level: int, attack: Sequence[int], defence: Sequence[int]) -> float:
    """A deal pair's score from A's side: 1 won, 0.5 tie, 0 lost. ``matches`` (A's whole
    matches won minus lost) decides first, then ``level`` (A's level change minus B's),
    then the attackers' points (A's ``attack`` minus B's ``defence``), but only when both
    sides attacked equally often: a side that declared more attacked less, and its points
    say nothing about card play.

    >>> pair_score(0, 1, [60], [90]), pair_score(0, 0, [60], [90]), pair_score(0, 0, [], [60, 90])
    (1.0, 0.0, 0.5)
    """
    tiebreak = sum(attack) - sum(defence) if len(attack) == len(defence) else 0
    key = (matches, level, tiebreak)
    return 1.0 if key > (0, 0, 0) else 0.0 if key < (0, 0, 0) else 0.5


def play_deal_pair(config: ArenaConfig, a: int, b: int, index: int) -> DealPair:
    """Play deal pair ``index`` of ``config.bots[a]`` against ``config.bots[b]``.

    Both games use the seed ``derive_seed(config.seed, index)`` (every bot pair meets the
    same deals); the bot on seat ``s`` of game ``g`` is seeded with
    ``derive_seed(config.seed, index, g, s)``. In game 0 bot ``a`` holds team 0 (seats 0, 2);
    in game 1 it holds team 1. A ``config.bidder`` on seat ``s`` is seeded with
    ``derive_seed(config.seed, index, "bidder", s)`` in both games.
    """
    deal_seed = derive_seed(config.seed, index)
    level = wins = deals = declared = 0
    returns = 0.0
    attack: list[int] = []
    defence: list[int] = []
    matches = [0, 0]
    records: list[str] = []
    for g in (0, 1):
        ours = g  # the team of bot a in this game
        specs = [config.bots[a] if team_of(s) == ours else config.bots[b] for s in range(4)]
        bots: list[Bot] = [
            spec.build(derive_seed(config.seed, index, g, s)) for s, spec in enumerate(specs)
        ]
        if config.bidder is not None:
            bidder = config.bidder
            bots = [
                _SharedBidding(bot, bidder.build(derive_seed(config.seed, index, "bidder", s)))
                for s, bot in enumerate(bots)
            ]
        game = Game(config.rules, deal_seed)
        limit = config.max_deals if config.match else 1
        while not game.over and len(game.results) < limit:
            game.play_deal(bots)
            state = game.state
            assert state.result is not None and state.dealer is not None
            level += _level_gain(state, ours) - _level_gain(state, 1 - ours)
            returns += state.returns()[ours]  # seat `ours` is on team `ours`
            if team_of(state.dealer) == ours:
                declared += 1
                defence.append(state.result.attacker_points)
            else:
                attack.append(state.result.attacker_points)
            deals += 1
        if game.over:
            won = game.results[-1].match_winner == ours
            wins += 1 if won else -1
            matches[0 if won else 1] += 1
        if config.record:
            records.append(write_record(game))
    score = pair_score(wins, level, attack, defence)
    return DealPair(
        index,
        level,
        returns,
        tuple(attack),
        tuple(defence),
        declared,
        (matches[0], matches[1]),
        score,
        deals,
        tuple(records),
    )


@attrs.frozen(slots=True)
class _Task:
    config: ArenaConfig
    a: int
    b: int
    start: int
    stop: int


def _play_task(task: _Task) -> tuple[DealPair, ...]:
    return tuple(
        play_deal_pair(task.config, task.a, task.b, i) for i in range(task.start, task.stop)
    )


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
    """The outcome of [`run_arena`][tuolaji.tools.arena.run_arena]: per-pair summaries,
    Bradley–Terry ratings and, when asked for, the SPRT decision.
    [`to_json`][tuolaji.tools.arena.ArenaResult.to_json] and
    [`table`][tuolaji.tools.arena.ArenaResult.table] are deterministic."""

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
                    "won": s.won,
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
                    {"name": n, "elo": e, "low": lo, "high": hi}
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
        """[`to_data`][tuolaji.tools.arena.ArenaResult.to_data] as JSON text."""
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
            lines.append(
                f"{r.names[i]:<{name_width}}  {r.elo[i]:+7.0f}  [{r.low[i]:+.0f}, {r.high[i]:+.0f}]"
            )
        if self.sprt is not None and cfg.sprt is not None:
            lines += ["", sprt_line(self.sprt, cfg.sprt[0], cfg.sprt[1])]
        return "\n".join(lines)

    def write(self, out: Path) -> list[Path]:
        """Write ``results.json``, ``table.txt`` and, with matplotlib, ``ratings.png`` and
        ``running.png`` into ``out``; returns the paths written."""
        out.mkdir(parents=True, exist_ok=True)
        written = [out / "results.json", out / "table.txt"]
        for path, text in zip(written, (self.to_json(), self.table()), strict=True):
            with open_for_writing(path) as file:
                file.write(text + "\n")
        return written + plot(self, out)


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
    bar: _Bar,
) -> Callable[[int, str, str, Sequence[DealPair]], None]:
    """A ``progress`` callback for [`run_arena`][tuolaji.tools.arena.run_arena] drawing ``bar``
    ([`tuolaji.tools.terminal.ProgressBar`][tuolaji.tools.terminal.ProgressBar], the command line's
    one progress bar) with the running estimate of the bot pair whose deal pair just came in."""

    def show(done: int, a: str, b: str, pairs: Sequence[DealPair]) -> None:
        if not bar.enabled:
            return
        summary = PairSummary.of(a, b, pairs)
        bar.update(
            done, f"{summary.a} vs {summary.b}: level {summary.level} won {100 * summary.won:.0f}%"
        )

    return show


class _DeprecatedProgressBar(_Bar):
    """The arena's progress bar of 0.2 (``tuolaji.tools.arena.ProgressBar``): the shared
    [`ProgressBar`][tuolaji.tools.terminal.ProgressBar], callable as
    [`run_arena`][tuolaji.tools.arena.run_arena]'s ``progress``."""

    def __init__(self, total: int, stream: Any = None) -> None:
        super().__init__(total, "deal pairs", stream=stream)
        self._show = arena_progress(self)

    def __call__(self, done: int, a: str, b: str, pairs: Sequence[DealPair]) -> None:
        self._show(done, a, b, pairs)


def __getattr__(name: str) -> Any:
    if name == "ProgressBar":
        warnings.warn(
            "tuolaji.tools.arena.ProgressBar is deprecated: use "
            "arena_progress(tuolaji.tools.terminal.ProgressBar(total)) as run_arena's progress",
            DeprecationWarning,
            stacklevel=2,
        )
        return _DeprecatedProgressBar
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def _chunk(deals: int, workers: int, ray: bool) -> int:
    """Deal pairs per task when ``deals`` deal pairs (over all bot pairs) go to ``workers``.

    One in a single process. Else about 16 tasks per worker, so that the last tasks, which
    leave the other workers idle, are short; and at most 8 deal pairs, as handing a task over
    costs about 0.1 ms against several ms per deal pair. With 4 tasks per worker (the former
    cut, per bot pair) ``benchmarks/simulate_workers.py`` had the deals of 1,200 random deals
    on 16 workers end 13% later than an even split would; with 16, 6%."""
    if workers == 1 and not ray:
        return 1
    return max(1, min(8, deals // (16 * max(workers, 2))))


def _tasks(config: ArenaConfig, workers: int, ray: bool) -> list[_Task]:
    """The run's deal pairs cut into tasks, in the order their results are read: every bot
    pair's chunk of deal pairs, chunk after chunk."""
    size = _chunk(config.deals * len(config.pairs), workers, ray)
    return [
        _Task(config, a, b, start, min(start + size, config.deals))
        for start in range(0, config.deals, size)
        for a, b in config.pairs
    ]


def run_arena(
    config: ArenaConfig,
    *,
    workers: int = 1,
    ray_address: str | None = None,
    progress: Callable[[int, str, str, Sequence[DealPair]], None] | None = None,
    on_pair: Callable[[str, str, DealPair], None] | None = None,
) -> ArenaResult:
    """Play every pair of ``config.bots`` against each other and summarize.

    ``workers`` local processes or Ray at ``ray_address`` (see
    [`tuolaji.tools.parallel.run_ordered`][tuolaji.tools.parallel.run_ordered]) give the same
    result as one process. ``progress(done, a, b, deal_pairs)`` is called as deal pairs come in
    (``done`` over all bot pairs; ``deal_pairs`` those of ``a`` against ``b`` so far); ``on_pair(a,
    b, deal_pair)`` for each deal pair, in order (to write records).
    """
    for spec in config.bots:
        spec.build(0)  # fail here, clearly, rather than in a worker
    pairs = config.pairs
    tasks = _tasks(config, workers, ray_address is not None)
    results: dict[tuple[int, int], list[DealPair]] = {pair: [] for pair in pairs}
    done = 0
    sprt: SPRTResult | None = None
    scores: list[float] = []
    stream = run_ordered(_play_task, tasks, workers=workers, ray_address=ray_address)
    try:
        for task, chunk in zip(tasks, stream, strict=False):
            for deal_pair in chunk:
                key = (task.a, task.b)
                results[key].append(deal_pair)
                done += 1
                names = config.bots[task.a].name, config.bots[task.b].name
                if on_pair is not None:
                    on_pair(*names, deal_pair)
                if config.sprt is not None:
                    scores.append(deal_pair.score)
                    sprt = sprt_test(scores, *config.sprt)
                if progress is not None:
                    progress(done, *names, results[key])
                if sprt is not None and sprt.decision is not None:
                    break
            if sprt is not None and sprt.decision is not None:
                break
    finally:
        close = getattr(stream, "close", None)
        if close is not None:
            close()
    summaries = tuple(
        PairSummary.of(config.bots[a].name, config.bots[b].name, results[(a, b)]) for a, b in pairs
    )
    bot_names = [spec.name for spec in config.bots]
    outcomes: Mapping[tuple[str, str], Sequence[float]] = {
        (s.a, s.b): [p.score for p in s.pairs] for s in summaries
    }
    ratings = bradley_terry(bot_names, outcomes, seed=config.seed)
    return ArenaResult(config, summaries, ratings, sprt)


# --- independent deals for ``simulate --workers`` ---------------------------------------------


@attrs.frozen(slots=True)
class _SimulateTask:
    rules: Rules
    seed: int
    bots: tuple[BotSpec, ...]
    verbose: bool
    start: int
    stop: int


def _simulate_task(task: _SimulateTask) -> tuple[str, ...]:
    lines: list[str] = []
    for index in range(task.start, task.stop):
        game = Game(task.rules, derive_seed(task.seed, index))
        bots = [
            spec.build(derive_seed(task.seed, index, "bot", seat))
            for seat, spec in enumerate(task.bots)
        ]
        game.play_deal(bots)
        final = game.state
        if task.verbose:
            lines.append("\n".join(deal_lines(index + 1, final, game.actions[0])))
        else:
            lines.append(summary_line(index + 1, final))
    return tuple(lines)


def simulate_deals(
    rules: Rules,
    seed: int,
    deals: int,
    bots: Sequence[BotSpec | str],
    *,
    verbose: bool = False,
    workers: int = 1,
    ray_address: str | None = None,
) -> Iterator[str]:
    """The report of ``deals`` independent deals, in order, one text per deal.

    Deal ``i`` is the first deal of ``Game(rules, derive_seed(seed, i))`` with the bots of
    ``bots`` (four specs or built-in names, one per seat), the bot on seat ``s`` seeded with
    ``derive_seed(seed, i, "bot", s)``: the same on any number of workers.
    """
    if len(bots) != 4:
        raise ConfigurationError(f"four bot specs, one per seat; got {len(bots)}")
    specs = tuple(b if isinstance(b, BotSpec) else BotSpec(b, b) for b in bots)
    size = 1 if workers == 1 and ray_address is None else max(1, min(16, deals // (4 * workers)))
    tasks = [
        _SimulateTask(rules, seed, specs, verbose, start, min(start + size, deals))
        for start in range(0, deals, size)
    ]
    for chunk in run_ordered(_simulate_task, tasks, workers=workers, ray_address=ray_address):
        yield from chunk


def write_records(directory: Path) -> Callable[[str, str, DealPair], None]:
    """An ``on_pair`` callback for [`run_arena`][tuolaji.tools.arena.run_arena] writing each game's
    record to ``directory/A-vs-B/pair-NNNNNN-G.json`` (G 0: A on seats 0 and 2; G 1: on 1 and 3)."""

    def write(a: str, b: str, deal_pair: DealPair) -> None:
        folder = directory / f"{a}-vs-{b}"
        folder.mkdir(parents=True, exist_ok=True)
        for g, text in enumerate(deal_pair.records):
            with open_for_writing(folder / f"pair-{deal_pair.index:06d}-{g}.json") as file:
                file.write(text)

    return write
