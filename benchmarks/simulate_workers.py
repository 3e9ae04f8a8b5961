"""Simulated wall-clock time of ``tuolaji arena --workers K`` for more workers than cores
(issue #22).

The machine this was written on has two cores, so only one and two workers can be timed.
This script measures, in one process, what the run is made of, and schedules it on K
simulated workers:

1. the CPU time of every deal pair of the run (``play_deal_pair``, in order, each timed on
   its own; ``--repeat`` times, the median per deal pair), and the CPU time to pickle and
   unpickle a task and its result (what a chunk costs on top of its deal pairs when it goes
   to a worker);
2. the fixed cost of the command: the wall-clock time of ``tuolaji arena --help`` (the
   interpreter, the imports, the console script) plus the in-process time of summarizing
   the results;
3. the pool's start-up and shut-down for K workers: the wall-clock time from creating a
   pool of K workers (the start method ``run_ordered`` uses, forked on Linux) until each
   has answered a task, and the time to shut it down (measurable beyond the cores: the
   parent forks the workers one after another and they wait idle); and the time per empty
   task handed over to a started worker and answered (the parent's share of a task: its
   feeder thread, the pipes).

The model, for K workers:

- The deal pairs are cut into chunks exactly as ``run_arena`` cuts them
  (``tuolaji.tools.arena.running._tasks``); a chunk takes the sum of its deal pairs' CPU times plus
  the pickling round trip. With K = 1 no pool is made and nothing is pickled.
- Worker ``w`` (0-based) is ready at ``(w + 1) / K`` of the pool's start-up: the parent
  starts the workers one after another.
- ``run_ordered`` submits chunks in order and keeps at most ``4 * K`` in flight: chunk ``i``
  is submitted once chunk ``i - 4K``'s result has been taken, and results are taken in
  order; the parent hands chunks over one at a time, one empty task's time each. A
  submitted chunk waits in one queue; the first worker to be free takes it
  (``ProcessPoolExecutor``'s call queue).
- Simulated wall clock = fixed cost + the time the last chunk ends + the pool's shut-down.

Assumptions: one core per worker and one for the parent (no contention, no shared-cache or
memory-bandwidth effects, no frequency scaling); the parent's work per result (progress,
summaries) beyond an empty task's is negligible next to a chunk; a deal pair costs the
same CPU in a worker as in this process (a worker's own caches warm up on its first deals,
which this ignores).

Run ``python benchmarks/simulate_workers.py --bots a=random,b=random --deals 60 --seed 1``
(``--deals`` as ``tuolaji arena``: deal pairs, two deals each); ``--real 1,2`` also times the
real command for those worker counts next to the simulation: its fastest and median wall
time of ``--repeat`` runs, and its CPU time in all processes (when that is near the
simulation's but the wall time is not, other processes took the cores).
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import pickle
import resource
import statistics
import subprocess
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor

from tuolaji.core.rules import RULESETS
from tuolaji.tools.arena import ArenaConfig, DealPair, PairSummary, parse_bots, play_deal_pair
from tuolaji.tools.arena import running as arena
from tuolaji.tools.parallel import _start_context
from tuolaji.tools.stats import bradley_terry


def _noop(x: int) -> int:
    return x


def pair_times(
    config: ArenaConfig, repeat: int
) -> tuple[dict[tuple[int, int, int], float], dict[tuple[int, int], list[DealPair]]]:
    """CPU seconds of each deal pair (bots ``a``, ``b``, index), median of ``repeat``, and
    the deal pairs of each bot pair."""
    samples: dict[tuple[int, int, int], list[float]] = {}
    results: dict[tuple[int, int], list[DealPair]] = {}
    for _ in range(repeat):
        results = {pair: [] for pair in config.pairs}
        for a, b in config.pairs:
            for i in range(config.deals):
                start = time.process_time()
                results[(a, b)].append(play_deal_pair(config, a, b, i))
                samples.setdefault((a, b, i), []).append(time.process_time() - start)
    return {key: statistics.median(times) for key, times in samples.items()}, results


def pickling_cost(config: ArenaConfig, size: int) -> float:
    """CPU seconds to pickle and unpickle a task of ``size`` deal pairs and its result."""
    a, b = config.pairs[0]
    task = arena._Task(config, a, b, 0, size)
    result = arena._play_task(task)
    rounds = 50
    start = time.process_time()
    for _ in range(rounds):
        pickle.loads(pickle.dumps(task))
        pickle.loads(pickle.dumps(result))
    return (time.process_time() - start) / rounds


def fixed_cost(
    config: ArenaConfig, results: dict[tuple[int, int], list[DealPair]], repeat: int
) -> float:
    """Wall seconds of the command around the deals: ``tuolaji arena --help`` (interpreter,
    imports, console script; median of ``repeat``) plus summarizing the results here."""
    runs = []
    for _ in range(repeat):
        start = time.perf_counter()
        subprocess.run(["tuolaji", "arena", "--help"], check=True, capture_output=True)
        runs.append(time.perf_counter() - start)
    start = time.perf_counter()
    names = [spec.name for spec in config.bots]
    summaries = [PairSummary.of(names[a], names[b], results[(a, b)]) for a, b in config.pairs]
    outcomes = {(s.a, s.b): [p.score for p in s.pairs] for s in summaries}
    bradley_terry(names, outcomes, seed=config.seed)
    return statistics.median(runs) + time.perf_counter() - start


def _nap(seconds: float) -> int:
    time.sleep(seconds)
    return os.getpid()


def pool_costs(workers: int, repeat: int) -> tuple[float, float]:
    """Wall seconds to start a pool of ``workers`` workers (the start method ``run_ordered``
    uses) until each has answered a task, and to shut it down (medians of ``repeat``). Each
    task sleeps ``NAP`` seconds, so every worker takes one; the naps are not counted. The
    workers are forked one after another by the parent and wait idle, so this holds for
    more workers than cores."""
    starts, stops = [], []
    for _ in range(repeat):
        begin = time.perf_counter()
        executor = ProcessPoolExecutor(workers, mp_context=_start_context())
        futures = [executor.submit(_nap, NAP) for _ in range(workers)]
        pids = {future.result() for future in futures}
        middle = time.perf_counter()
        executor.shutdown(wait=True)
        if len(pids) == workers:  # else a worker took two naps: not a start-up time
            starts.append(middle - begin - NAP)
            stops.append(time.perf_counter() - middle)
    return statistics.median(starts), statistics.median(stops)


NAP = 0.2


def dispatch_cost(repeat: int) -> float:
    """Wall seconds to hand an empty task to a started worker and get its answer back
    (pipelined, 1,000 of them; median of ``repeat``)."""
    runs = []
    for _ in range(repeat):
        executor = ProcessPoolExecutor(1, mp_context=_start_context())
        executor.submit(_noop, 0).result()
        begin = time.perf_counter()
        futures = [executor.submit(_noop, i) for i in range(1000)]
        for future in futures:
            future.result()
        runs.append((time.perf_counter() - begin) / 1000)
        executor.shutdown(wait=True)
    return statistics.median(runs)


def schedule(chunks: Sequence[float], workers: int, start_up: float, dispatch: float) -> float:
    """When the last chunk ends, chunks handed out as ``run_ordered`` hands them out (see
    the module docstring)."""
    free = [start_up * (w + 1) / workers for w in range(workers)]
    window = 4 * workers
    submitted = 0.0
    taken: list[float] = []  # when the parent took each result, in order
    ends: list[float] = []
    for i, cost in enumerate(chunks):
        submitted += dispatch  # the parent hands chunks over one at a time
        if i >= window:
            submitted = max(submitted, taken[i - window])
        w = min(range(workers), key=free.__getitem__)
        end = max(submitted, free[w]) + cost
        free[w] = end
        ends.append(end)
        taken.append(max(taken[-1], end) if taken else end)
    return max(ends)


def _former_tasks(config: ArenaConfig, workers: int) -> list[arena._Task]:
    """The cut before issue #22's change: ``deals // (4 * workers)`` deal pairs per task (of
    each bot pair's deal pairs), at most 8."""
    size = 1 if workers == 1 else max(1, min(8, config.deals // (4 * max(workers, 2))))
    return [
        arena._Task(config, a, b, start, min(start + size, config.deals))
        for start in range(0, config.deals, size)
        for a, b in config.pairs
    ]


def simulate(
    config: ArenaConfig,
    times: dict[tuple[int, int, int], float],
    workers: int,
    *,
    fixed: float,
    pool: dict[int, tuple[float, float]],
    dispatch: float,
    pickled: dict[int, float],
    former: bool = False,
) -> tuple[int, int, float]:
    """(chunk size, chunks, simulated wall seconds) for ``workers`` workers."""
    tasks = arena._tasks(config, workers, False) if not former else _former_tasks(config, workers)
    chunks = []
    for task in tasks:
        span = range(task.start, task.stop)
        cost = sum(times[(task.a, task.b, i)] for i in span)
        if workers > 1:
            if len(span) not in pickled:
                pickled[len(span)] = pickling_cost(config, len(span))
            cost += pickled[len(span)]
        chunks.append(cost)
    size = max(task.stop - task.start for task in tasks)
    if workers == 1 or len(chunks) <= 1:
        return size, len(chunks), fixed + sum(chunks)
    used = min(workers, len(chunks))
    if used not in pool:
        pool[used] = pool_costs(used, 5)
    start_up, stop = pool[used]
    return size, len(chunks), fixed + schedule(chunks, used, start_up, dispatch) + stop


def real_wall(args: argparse.Namespace, workers: int) -> tuple[float, float, float]:
    """The real ``tuolaji arena`` command: its fastest and median wall seconds over
    ``args.repeat`` runs, and its median CPU seconds (all its processes, user and system)."""
    command = ["tuolaji", "arena", "--bots", args.bots, "--deals", str(args.deals)]
    command += ["--seed", str(args.seed), "--rules", args.rules, "--workers", str(workers)]
    walls, cpus = [], []
    for _ in range(args.repeat):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        subprocess.run(command, check=True, capture_output=True)
        walls.append(time.perf_counter() - start)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpus.append(after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime)
    return min(walls), statistics.median(walls), statistics.median(cpus)


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bots", default="a=random,b=random")
    parser.add_argument("--deals", type=int, default=60, help="deal pairs, as tuolaji arena")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rules", default="tuolaji")
    parser.add_argument("--workers", default="1,2,4,8,16")
    parser.add_argument("--repeat", type=int, default=1, help="timings per figure (median)")
    parser.add_argument("--real", default="", help="worker counts to time for real, e.g. 1,2")
    parser.add_argument(
        "--former-cut", action="store_true", help="also simulate the cut before issue #22's change"
    )
    args = parser.parse_args(argv)
    config = ArenaConfig(
        bots=parse_bots(args.bots), deals=args.deals, rules=RULESETS[args.rules], seed=args.seed
    )
    times, results = pair_times(config, args.repeat)
    fixed = fixed_cost(config, results, max(3, args.repeat))
    counts = [int(x) for x in args.workers.split(",")]
    pool = {k: pool_costs(k, max(5, args.repeat)) for k in counts if k > 1}
    dispatch = dispatch_cost(max(5, args.repeat))
    total = sum(times.values())
    deals = 2 * len(times)
    print(
        f"{args.bots}, {deals} deals (--deals {args.deals}), seed {args.seed}: "
        f"deal pairs {total:.2f} s CPU in all; fixed cost {fixed:.2f} s; "
        f"a task handed over and back {dispatch * 1000:.3f} ms; pool start-up, shut-down: "
        + ", ".join(f"{k} workers {a * 1000:.0f}, {b * 1000:.0f} ms" for k, (a, b) in pool.items())
    )
    real = {int(k): real_wall(args, int(k)) for k in args.real.split(",") if k}
    pickled: dict[int, float] = {}
    base = None
    print(
        "| workers | chunk size | chunks | simulated wall | speed-up | even split "
        "| real wall: fastest, median (CPU) |"
    )
    print("| --- | --- | --- | --- | --- | --- | --- |")
    base = None
    for k in counts:
        for former in (True, False) if args.former_cut else (False,):
            size, count, wall = simulate(
                config,
                times,
                k,
                fixed=fixed,
                pool=pool,
                dispatch=dispatch,
                pickled=pickled,
                former=former,
            )
            base = base or wall
            measured = ""
            if k in real and not former:
                fastest, median, cpu = real[k]
                measured = f"{fastest:.2f} s, {median:.2f} s ({cpu:.2f} s)"
            # The bound no cut beats: the deal pairs spread evenly, no start-up.
            even = fixed + total / k
            label = f"{k} (former cut)" if former else str(k)
            print(
                f"| {label} | {size} | {count} | {wall:.2f} s | {base / wall:.2f}× "
                f"| {even:.2f} s | {measured} |"
            )


if __name__ == "__main__":
    multiprocessing.freeze_support()
    main(sys.argv[1:])
