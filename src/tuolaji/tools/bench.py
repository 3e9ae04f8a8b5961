"""The project's benchmark (``python -m tuolaji bench``): the workloads of issues 11 and 22, in
CPU time, and (``--kernels``) the trick rules' hot functions on realistic positions.

Workloads (one core; every deal seeded, so runs are comparable):

``W1``
    A whole deal through [`Game.play_deal`][tuolaji.Game.play_deal] with four
    [`RandomBot`][tuolaji.RandomBot].
``W2``
    The play phase only, on the bare state machine: ``legal_plays()``, ``sample(rng)`` and
    ``play`` until the last trick. The deal up to its first lead is reached untimed.
``W3``
    A whole deal through [`Game.play_deal`][tuolaji.Game.play_deal] with four
    [`GreedyBot`][tuolaji.GreedyBot].
``W4``
    The PettingZoo environment (extra ``pettingzoo``): ``env.last()`` and a uniformly random
    id of the action mask, step after step, for whole deals (every id is a step).
``W5``
    The OpenSpiel game (extra ``openspiel``): a random playthrough of whole deals, a chance
    outcome by its odds or a uniformly random legal id at each state (every state reached
    counts once).
``W6``
    Sampled worlds ([`sample_world`][tuolaji.sample_world]) of each seat's view at the
    first lead of trick 12, reached by random plays untimed; ``WORLDS_PER_VIEW`` worlds per
    view (every world counts once).
``W7``
    Greedy rollouts to the attackers' final points, as a search runs them
    ([`greedy_rollout_points`][tuolaji.bots.rollout.greedy_rollout_points]), from the first
    leads of tricks ``W7_TRICKS`` (mid-deal positions reached by random plays untimed), a
    [`GreedyBot`][tuolaji.GreedyBot] on every seat: a *deal* is one rollout, a decision one
    play in it.
``W8``
    W2's play phases, on the same positions and with the same random source, played by the
    mutable simulator [`PlayPhase`][tuolaji.PlayPhase]: ``from_state``, then ``sample_move``
    and ``push`` until the last trick (building it is timed).

A workload whose extra is missing is skipped with a line saying so.

A *decision* is an action a seat takes (a bid, pass, redeal request, burial or play; dealt
cards are chance, not decisions); for W4 a step, for W5 a state, for W6 a world. Time is
`time.process_time`, so other processes on a shared machine do not count; each figure is the
median of ``repeat`` runs. Timings belong here, never in tests.
"""

from __future__ import annotations

import cProfile
import importlib
import io
import pstats
import random
import statistics
import time
from collections.abc import Callable, Iterator, Sequence

import attrs

from tuolaji.bots import Bot, GreedyBot, RandomBot
from tuolaji.bots.rollout import greedy_rollout, greedy_rollout_points
from tuolaji.bots.worlds import sample_world
from tuolaji.core.cards import Card, Rank, Suit, full_deck
from tuolaji.core.legal import legal_follows, legal_leads
from tuolaji.core.rules import Rules, as_rules, preset_name
from tuolaji.core.shapes import units
from tuolaji.core.tricks import check_throw, is_legal_follow, trick_winner
from tuolaji.core.trump import Trump
from tuolaji.fast import PlayPhase
from tuolaji.game.facade import Game
from tuolaji.state.actions import DealCard, Phase
from tuolaji.state.gamestate import GameState

__all__ = [
    "EXTRAS",
    "W6_TRICK",
    "W7_TRICKS",
    "WORKLOADS",
    "WORLDS_PER_VIEW",
    "Figure",
    "deal_rates",
    "measure",
    "missing_extra",
    "positions",
    "profile",
    "report",
    "run",
    "trick_start",
    "trick_timings",
]

WORKLOADS: dict[str, str] = {
    "W1": "full deal, 4 RandomBots (Game.play_deal)",
    "W2": "play phase only (legal_plays, sample, play)",
    "W3": "full deal, 4 GreedyBots (Game.play_deal)",
    "W4": "PettingZoo env: last() and a random masked id per step",
    "W5": "OpenSpiel python_tuolaji: random playthrough, per state",
    "W6": "sampled worlds of each seat's view at trick 12",
    "W7": "greedy rollouts from tricks 5 and 13 (a deal is one rollout)",
    "W8": "play phase on PlayPhase (sample_move, push), W2's positions",
}
"""The workloads by name, with what each one runs."""

EXTRAS: dict[str, tuple[str, str]] = {
    "W4": ("tuolaji.pettingzoo", "pettingzoo"),
    "W5": ("tuolaji.openspiel", "openspiel"),
}
"""The workloads that need an optional extra: the module they import and the extra's name."""

WORLDS_PER_VIEW = 25
"""W6: worlds sampled per view (a search bot samples several worlds of one view)."""

W6_TRICK = 12
"""W6: the trick at whose first lead the worlds are sampled."""

W7_TRICKS = (5, 13)
"""W7: the tricks at whose first lead the greedy rollouts start (after tricks 4 and 12)."""


@attrs.frozen(slots=True)
class Figure:
    """One workload's measurement: ``deals`` deals with ``decisions`` decisions in
    ``seconds`` of CPU time."""

    workload: str
    deals: int
    decisions: int
    seconds: float

    @property
    def deals_per_second(self) -> float:
        """Whole deals (W2: play phases) per CPU second."""
        return self.deals / self.seconds if self.seconds else float("inf")

    @property
    def decisions_per_second(self) -> float:
        """Decisions per CPU second."""
        return self.decisions / self.seconds if self.seconds else float("inf")

    @property
    def us_per_decision(self) -> float:
        """CPU microseconds per decision, everything around it included."""
        return self.seconds / self.decisions * 1e6 if self.decisions else 0.0

    def as_dict(self) -> dict[str, float | int | str]:
        """The figure as plain data (for ``--json``)."""
        return {
            "workload": self.workload,
            "what": WORKLOADS[self.workload],
            "deals": self.deals,
            "decisions": self.decisions,
            "cpu_seconds": round(self.seconds, 6),
            "deals_per_s": round(self.deals_per_second, 2),
            "decisions_per_s": round(self.decisions_per_second, 1),
            "us_per_decision": round(self.us_per_decision, 3),
        }


def _bot_deals(
    rules: Rules, make: Callable[[int], Bot], deals: int, seed: int
) -> tuple[int, float]:
    """Play ``deals`` fresh first deals with four bots of ``make``; returns the decisions
    taken and the CPU seconds."""
    decisions = 0
    spent = 0.0
    for i in range(deals):
        start = time.process_time()
        game = Game(rules, seed + i)
        game.play_deal([make(4 * (seed + i) + s) for s in range(4)])
        spent += time.process_time() - start
        decisions += sum(not isinstance(a, DealCard) for a in game.actions[-1])
    return decisions, spent


def play_phase_start(rules: Rules | str, seed: int) -> tuple[GameState, random.Random]:
    """A deal at its first lead, reached by random legal actions from ``seed``, and the
    random source that continues it (W2's starting positions)."""
    rng = random.Random(seed)
    state = GameState.new(rules, seed=seed)
    while state.phase is not Phase.PLAYING:
        if state.phase is Phase.DEALING and rng.random() < 0.9:
            state = state.apply(DealCard())
        else:
            state = state.apply(state.legal_actions().sample(rng))
    return state, rng


def _play_phases(
    rules: Rules, deals: int, seed: int, profiler: cProfile.Profile | None = None
) -> tuple[int, float]:
    """W2: play ``deals`` play phases by uniformly random legal plays (only the plays are
    timed, and profiled when ``profiler`` is given)."""
    decisions = 0
    spent = 0.0
    for i in range(deals):
        state, rng = play_phase_start(rules, seed + i)
        if profiler is not None:
            profiler.enable()
        start = time.process_time()
        while state.phase is Phase.PLAYING:
            state = state.play(state.to_act, state.legal_plays().sample(rng))
            decisions += 1
        spent += time.process_time() - start
        if profiler is not None:
            profiler.disable()
    return decisions, spent


def _fast_play_phases(rules: Rules, deals: int, seed: int) -> tuple[int, float]:
    """W8: W2's play phases, from the same positions with the same random source, on a
    [`PlayPhase`][tuolaji.PlayPhase] (its building timed too)."""
    decisions = 0
    spent = 0.0
    for i in range(deals):
        state, rng = play_phase_start(rules, seed + i)
        start = time.process_time()
        sim = PlayPhase.from_state(state)
        while not sim.is_terminal:
            sim.push(sim.sample_move(rng))
            decisions += 1
        spent += time.process_time() - start
    return decisions, spent


def missing_extra(workload: str) -> str | None:
    """Why ``workload`` cannot run here (its extra is not installed), or None."""
    if workload not in EXTRAS:
        return None
    module, extra = EXTRAS[workload]
    try:
        importlib.import_module(module)
    except ImportError as error:
        return f"{workload} skipped: needs the extra tuolaji[{extra}] ({error})"
    return None


def _pettingzoo_steps(rules: Rules, deals: int, seed: int) -> tuple[int, float]:
    """W4: whole deals of the PettingZoo environment with uniformly random masked ids."""
    make_env = importlib.import_module(EXTRAS["W4"][0]).env
    steps = 0
    spent = 0.0
    for i in range(deals):
        rng = random.Random(seed + i)
        env = make_env(rules)
        start = time.process_time()
        env.reset(seed=seed + i)
        for _agent in env.agent_iter():
            observation, _reward, done, cut_short, _info = env.last()
            if done or cut_short:
                env.step(None)
                continue
            ids = observation["action_mask"].nonzero()[0]
            env.step(int(ids[rng.randrange(len(ids))]))
            steps += 1
        spent += time.process_time() - start
    return steps, spent


def _openspiel_states(rules: Rules, deals: int, seed: int) -> tuple[int, float]:
    """W5: random playthroughs of ``python_tuolaji`` (rules by preset name)."""
    importlib.import_module(EXTRAS["W5"][0])  # registers the game with pyspiel
    pyspiel = importlib.import_module("pyspiel")
    name = preset_name(rules)
    if name is None:
        raise ValueError("W5 runs a rules preset (the OpenSpiel game takes a preset name)")
    states = 0
    spent = 0.0
    for i in range(deals):
        rng = random.Random(seed + i)
        game = pyspiel.load_game("python_tuolaji", {"rules": name, "seed": seed + i})
        start = time.process_time()
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                ids = [a for a, _ in outcomes]
                action = rng.choices(ids, [p for _, p in outcomes])[0]
            else:
                legal = state.legal_actions()
                action = legal[rng.randrange(len(legal))]
            state.apply_action(action)
            states += 1
        spent += time.process_time() - start
    return states, spent


def trick_start(rules: Rules | str, seed: int, trick: int = W6_TRICK) -> GameState:
    """A deal at the first lead of trick ``trick`` (1-based), reached by random legal
    actions from ``seed`` (W6's positions)."""
    state, rng = play_phase_start(rules, seed)
    while state.phase is Phase.PLAYING and (len(state.tricks) < trick - 1 or state.trick):
        state = state.play(state.to_act, state.legal_plays().sample(rng))
    return state


def _worlds(rules: Rules, deals: int, seed: int) -> tuple[int, float]:
    """W6: ``WORLDS_PER_VIEW`` sampled worlds of each seat's view at trick ``W6_TRICK``."""
    worlds = 0
    spent = 0.0
    for i in range(deals):
        state = trick_start(rules, seed + i)
        if state.phase is not Phase.PLAYING:
            continue
        views = [state.view(s) for s in range(4)]
        rng = random.Random(seed + i)
        start = time.process_time()
        for view in views:
            for _ in range(WORLDS_PER_VIEW):
                sample_world(view, rng)
        spent += time.process_time() - start
        worlds += 4 * WORLDS_PER_VIEW
    return worlds, spent


def _rollouts(rules: Rules, deals: int, seed: int) -> tuple[int, int, float]:
    """W7: greedy rollouts to the attackers' final points from the first leads of tricks
    ``W7_TRICKS`` of ``deals`` deals; the rollouts, their plays (counted untimed) and the CPU
    seconds."""
    rollouts = plays = 0
    spent = 0.0
    for i in range(deals):
        for trick in W7_TRICKS:
            state = trick_start(rules, seed + i, trick)
            if state.phase is not Phase.PLAYING:
                continue
            bot = GreedyBot(seed + i)
            start = time.process_time()
            greedy_rollout_points(state, bot)
            spent += time.process_time() - start
            rollouts += 1
            end = greedy_rollout(state, GreedyBot(seed + i))  # the same plays (a test says so)
            plays += sum([len(t.plays) for t in end.tricks[len(state.tricks) :]])
    return rollouts, plays, spent


def _once(
    workload: str, rules: Rules, deals: int, seed: int, profiler: cProfile.Profile | None = None
) -> Figure:
    if workload == "W1":
        decisions, spent = _bot_deals(rules, RandomBot, deals, seed)
    elif workload == "W2":
        decisions, spent = _play_phases(rules, deals, seed, profiler)
    elif workload == "W3":
        decisions, spent = _bot_deals(rules, GreedyBot, deals, seed)
    elif workload == "W4":
        decisions, spent = _pettingzoo_steps(rules, deals, seed)
    elif workload == "W5":
        decisions, spent = _openspiel_states(rules, deals, seed)
    elif workload == "W6":
        decisions, spent = _worlds(rules, deals, seed)
    elif workload == "W7":
        deals, decisions, spent = _rollouts(rules, deals, seed)
    elif workload == "W8":
        decisions, spent = _fast_play_phases(rules, deals, seed)
    else:
        raise ValueError(f"unknown workload {workload!r}; valid: {', '.join(WORKLOADS)}")
    return Figure(workload, deals, decisions, spent)


def measure(
    workload: str,
    rules: Rules | str = "tuolaji",
    deals: int = 100,
    *,
    repeat: int = 3,
    seed: int = 1,
    after_run: Callable[[], None] | None = None,
) -> Figure:
    """Run ``workload`` (a key of `WORKLOADS`) ``repeat`` times on the same
    ``deals`` seeded deals; the run with the median CPU time. ``after_run()`` is called
    after each run, outside the timed part (the command line's progress bar)."""
    if deals < 1 or repeat < 1:
        raise ValueError("deals and repeat are positive")
    runs = []
    for _ in range(repeat):
        runs.append(_once(workload, as_rules(rules), deals, seed))
        if after_run is not None:
            after_run()
    runs.sort(key=lambda f: f.seconds)
    return runs[len(runs) // 2]


def profile(
    workloads: Sequence[str], rules: Rules | str = "tuolaji", deals: int = 100, *, top: int = 30
) -> str:
    """cProfile of one run of each of ``workloads``: the ``top`` functions by cumulative
    time, as text (profiling slows everything down; use it for shares, not rates)."""
    out = io.StringIO()
    for workload in workloads:
        profiler = cProfile.Profile(time.process_time)
        if workload == "W2":
            _once(workload, as_rules(rules), deals, 1, profiler)
        else:
            profiler.enable()
            _once(workload, as_rules(rules), deals, 1)
            profiler.disable()
        out.write(f"--- {workload}: {WORKLOADS[workload]}, {deals} deals ---\n")
        stats = pstats.Stats(profiler, stream=out)
        stats.sort_stats(pstats.SortKey.CUMULATIVE).print_stats(top)
    return out.getvalue()


def report(
    figures: Sequence[Figure], rules_name: str, skipped: Sequence[str] = ()
) -> Iterator[str]:
    """The workload figures as a table, line by line; with W2 among them, each rate as a
    ratio to W2's decisions/s (the targets of issue 22); then the ``skipped`` lines."""
    w2 = next((f.decisions_per_second for f in figures if f.workload == "W2"), None)
    yield f"tuolaji benchmark, {rules_name} rules (CPU time, one core, median run)"
    yield f"  {'':4s}{'deals/s':>10s}{'decisions/s':>14s}{'µs/decision':>13s}{'/W2':>7s}  what"
    for f in figures:
        ratio = f"{f.decisions_per_second / w2:7.3f}" if w2 else f"{'':7s}"
        yield (
            f"  {f.workload:4s}{f.deals_per_second:10.1f}{f.decisions_per_second:14.0f}"
            f"{f.us_per_decision:13.2f}{ratio}  {WORKLOADS[f.workload]} ({f.deals} deals)"
        )
    yield from skipped


# --- the trick rules' kernels ------------------------------------------------------------------

Position = tuple[
    Trump,
    tuple[tuple[Card, ...], ...],  # the four hands; hands[0] leads
    tuple[Card, ...],  # the lead
    tuple[tuple[Card, ...], ...],  # the trick: the lead and three legal follows
]


def _realistic_lead(hand: Sequence[Card], trump: Trump, rng: random.Random) -> tuple[Card, ...]:
    by_suit: dict[int, list[Card]] = {}
    for card in hand:
        by_suit.setdefault(trump.effective_suit(card), []).append(card)
    split = list(units(by_suit[rng.choice(sorted(by_suit))], trump))
    if len(split) > 1 and rng.random() < 0.2:
        chosen = rng.sample(split, rng.randint(2, min(3, len(split))))
    else:
        chosen = [rng.choice(split)]
    return tuple(c for u in chosen for c in u.cards)


def positions(count: int, seed: int = 1) -> list[Position]:
    """``count`` seeded positions: four 25-card hands from a shuffled deck under a random
    trump context; a lead of one unit (one time in five a throw of two or three units) from
    a random suit of seat 0's hand; three random legal follows."""
    rng = random.Random(seed)
    out: list[Position] = []
    deck = list(full_deck())
    while len(out) < count:
        rng.shuffle(deck)
        trump = Trump(
            rng.choice(list(Rank)), rng.choice([*Suit, None]), permanent_twos=rng.random() < 0.1
        )
        hands = tuple(tuple(deck[25 * i : 25 * i + 25]) for i in range(4))
        lead = _realistic_lead(hands[0], trump, rng)
        follows = [legal_follows(lead, hands[s], trump).sample(rng) for s in (1, 2, 3)]
        out.append((trump, hands, lead, (lead, *follows)))
    return out


def _per_call_us(call: Callable[[], object], reps: int) -> float:
    start = time.process_time()
    for _ in range(reps):
        call()
    return (time.process_time() - start) / reps * 1e6


def _median(calls: Sequence[Callable[[], object]], seconds: float, reps: int = 5) -> float:
    samples: list[float] = []
    deadline = time.process_time() + seconds
    while True:
        samples.extend(_per_call_us(call, reps) for call in calls)
        if time.process_time() >= deadline:
            return statistics.median(samples)


def trick_timings(seconds: float = 1.0, count: int = 300, seed: int = 1) -> dict[str, float]:
    """Median CPU microseconds per call of the trick rules' hot functions (R6, R7)."""
    pos = positions(count, seed)
    rng = random.Random(seed)
    makers: dict[str, Callable[[Position], Callable[[], object]]] = {
        "is_legal_follow": lambda p: lambda: is_legal_follow(p[2], p[1][1], p[3][1], p[0]),
        "trick_winner": lambda p: lambda: trick_winner(p[3], p[0]),
        "check_throw": lambda p: lambda: check_throw(p[2], p[1][1:], p[0]),
        "legal_leads.sample": lambda p: lambda: legal_leads(p[1][0], p[0]).sample(rng),
        "legal_follows.sample": lambda p: lambda: legal_follows(p[2], p[1][1], p[0]).sample(rng),
        "len(legal_follows)": lambda p: lambda: len(legal_follows(p[2], p[1][1], p[0])),
    }
    return {name: _median([make(p) for p in pos], seconds) for name, make in makers.items()}


def deal_rates(
    rules: Rules | str = "tuolaji", deals: int = 100, *, repeat: int = 3
) -> dict[str, Figure]:
    """Every workload's `Figure`, by name (those whose extra is missing are left out)."""
    return {
        w: measure(w, rules, deals, repeat=repeat) for w in WORKLOADS if missing_extra(w) is None
    }


def run(seconds: float = 1.0, deals: int = 100, rules: str = "tuolaji") -> Iterator[str]:
    """The whole benchmark report, line by line: the workloads, then the kernels."""
    skipped = [line for w in WORKLOADS if (line := missing_extra(w)) is not None]
    yield from report(list(deal_rates(rules, deals).values()), rules, skipped)
    yield "trick rules, median CPU µs per call on realistic positions"
    for name, us in trick_timings(seconds).items():
        yield f"  {name:24s} {us:8.2f}"
