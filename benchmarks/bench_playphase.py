"""W2 against W8 (issue 35): the play phase on GameState and on PlayPhase, on the same positions.

    python benchmarks/bench_playphase.py cpu tuolaji 100 7     # interleaved CPU time, 7 rounds
    python benchmarks/bench_playphase.py memory tuolaji 50     # bytes per PlayPhase, per move
    valgrind --tool=callgrind --callgrind-out-file=/dev/null \\
        python benchmarks/bench_playphase.py reach tuolaji 60  # then w2, then w8: instructions

``cpu``: W2 and W8 of ``python -m tuolaji bench`` in turn, ``rounds`` times, on the same
deals; prints each one's median and best decisions per CPU second and the ratio. ``reach``,
``w2`` and ``w8`` reach W2's positions (``play_phase_start``) and then play nothing, W2's loop
or W8's loop: under callgrind, ``w2 - reach`` and ``w8 - reach`` are the two loops'
instructions (run each a few times: the count varies by a few million with memory layout).
``memory``: bytes allocated by ``PlayPhase.from_state`` and by each pushed move (tracemalloc;
the tables built once per trump are built before measuring).
"""

from __future__ import annotations

import random
import statistics
import sys
import tracemalloc

from tuolaji.core.rules import as_rules
from tuolaji.fast import PlayPhase
from tuolaji.state.actions import Phase
from tuolaji.tools.bench import _once, play_phase_start


def cpu(rules: str, deals: int, rounds: int) -> None:
    chosen = as_rules(rules)
    w2: list[float] = []
    w8: list[float] = []
    for _ in range(rounds):
        w2.append(_once("W2", chosen, deals, 1).decisions_per_second)
        w8.append(_once("W8", chosen, deals, 1).decisions_per_second)
    ratios = [b / a for a, b in zip(w2, w8, strict=True)]
    print(
        f"{rules}: W2 median {statistics.median(w2):,.0f} best {max(w2):,.0f}; "
        f"W8 median {statistics.median(w8):,.0f} best {max(w8):,.0f} decisions/s; "
        f"W8/W2 median {statistics.median(ratios):.2f}, best/best {max(w8) / max(w2):.2f}"
    )


def loops(mode: str, rules: str, deals: int) -> None:
    decisions = 0
    for i in range(deals):
        state, rng = play_phase_start(rules, 1 + i)
        if mode == "w2":
            while state.phase is Phase.PLAYING:
                state = state.play(state.to_act, state.legal_plays().sample(rng))
                decisions += 1
        elif mode == "w8":
            sim = PlayPhase.from_state(state)
            while not sim.is_terminal:
                sim.push(sim.sample_move(rng))
                decisions += 1
    print(f"{mode}: {deals} play phases, {decisions} decisions")


def memory(rules: str, deals: int) -> None:
    states = [play_phase_start(rules, 1 + i)[0] for i in range(deals)]
    for state in states:
        PlayPhase.from_state(state)  # the tables of each trump, built once
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    sims = [PlayPhase.from_state(state) for state in states]
    built = tracemalloc.get_traced_memory()[0]
    rng = random.Random(1)
    moves = 0
    for sim in sims:
        while not sim.is_terminal:
            sim.push(sim.sample_move(rng))
            moves += 1
    played = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    print(
        f"{rules}: {(built - before) / deals:,.0f} bytes per PlayPhase, "
        f"{(played - built) / moves:,.0f} bytes per pushed move ({moves} moves kept)"
    )


def main(argv: list[str]) -> None:
    mode, rules, deals = argv[0], argv[1], int(argv[2])
    if mode == "cpu":
        cpu(rules, deals, int(argv[3]) if len(argv) > 3 else 5)
    elif mode == "memory":
        memory(rules, deals)
    elif mode in ("reach", "w2", "w8"):
        loops(mode, rules, deals)
    else:
        raise SystemExit(f"mode is cpu, memory, reach, w2 or w8; got {mode!r}")


if __name__ == "__main__":
    main(sys.argv[1:])
