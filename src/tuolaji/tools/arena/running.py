"""Playing the arena: one duplicate deal pair
([`play_deal_pair`][tuolaji.tools.arena.running.play_deal_pair]), a whole run on one process,
K processes or Ray ([`run_arena`][tuolaji.tools.arena.running.run_arena]), and the independent
deals of ``simulate --workers`` ([`simulate_deals`][tuolaji.tools.arena.running.simulate_deals]).

Every deal pair is seeded from the run's seed and its index alone (never from a worker), so
[`run_arena`][tuolaji.tools.arena.running.run_arena] gives identical results on one process,
K processes or Ray.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence

import attrs

from tuolaji.bots import Bot
from tuolaji.core.errors import ConfigurationError, IllegalAction
from tuolaji.core.rules import Rules
from tuolaji.core.scoring import team_of
from tuolaji.game.facade import Game
from tuolaji.game.record import write_record
from tuolaji.state.actions import Action, ActionSet, Phase
from tuolaji.state.gamestate import GameState
from tuolaji.state.view import PlayerView
from tuolaji.tools.arena.bots import BotSpec
from tuolaji.tools.arena.pairs import ArenaConfig, DealPair, pair_score
from tuolaji.tools.arena.results import ArenaResult, PairSummary
from tuolaji.tools.parallel import derive_seed, run_ordered
from tuolaji.tools.report import deal_lines, summary_line
from tuolaji.tools.stats import SPRTResult, bradley_terry, sprt_test

__all__ = ["play_deal_pair", "run_arena", "simulate_deals"]


def _level_gain(state: GameState, team: int) -> int:
    result = state.result
    assert result is not None and state.dealer is not None
    rules = state.rules
    change = rules.place(result.levels[team], result.no_trump_level[team]) - rules.place(
        state.levels[team], state.no_trump_level[team]
    )
    hooked = result.hooked and team == team_of(state.dealer)
    # With wrap (R9.2) a lap goes from the top place back to the first: still a gain.
    if change < 0 and not hooked:
        change += rules.top_place + 1
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


def _in_deal(error: IllegalAction, where: str) -> IllegalAction:
    """``error`` (a bot's illegal answer, say) with ``where`` it happened in the run: the
    deal and which bot held which seats, so the one line the command prints names the bot."""
    reason = str(error).removeprefix(f"{error.rule}: ")
    return IllegalAction(error.rule, f"{where}: {reason}")


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
            try:
                game.play_deal(bots)
            except IllegalAction as error:
                seats = f"{specs[0].name} on seats 0 and 2, {specs[1].name} on seats 1 and 3"
                raise _in_deal(error, f"deal pair {index + 1}, game {g + 1} ({seats})") from None
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
        try:
            game.play_deal(bots)
        except IllegalAction as error:
            seats = ", ".join(f"seat {seat} {spec.name}" for seat, spec in enumerate(task.bots))
            raise _in_deal(error, f"deal {index + 1} ({seats})") from None
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
