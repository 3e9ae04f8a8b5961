"""Time OpenSpiel information-state strings along random playthroughs (issue #22).

Each deal of ``python_tuolaji`` is played with a chance outcome drawn by its odds or a
uniformly random legal id (as workload W5), and at every decision node the information-state
string of the seat to act is asked for, as a learning loop would. Printed: states per CPU
second of the whole loop (a state is a node applied, chance or decision), strings per CPU
second counting only the string calls, and the mean string length.

Run ``python benchmarks/bench_infostate.py [deals] [rules] [--profile]`` (default 20 deals,
``tuolaji`` rules; deal ``i`` is seeded ``i + 1``). Time is ``time.process_time()``, so
compare before and after side by side on the same machine.
"""

from __future__ import annotations

import cProfile
import pstats
import random
import sys
import time

import pyspiel

import tuolaji.openspiel  # noqa: F401  (registers python_tuolaji)


def playthroughs(deals: int, rules: str) -> tuple[int, float, int, float, int]:
    """Play ``deals`` deals; return (states, CPU seconds of the loop, strings, CPU seconds
    of the string calls, characters of all strings)."""
    states = strings = chars = 0
    spent = in_strings = 0.0
    for i in range(deals):
        seed = i + 1
        rng = random.Random(seed)
        game = pyspiel.load_game("python_tuolaji", {"rules": rules, "seed": seed})
        start = time.process_time()
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                action = rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0]
            else:
                before = time.process_time()
                text = state.information_state_string(state.current_player())
                in_strings += time.process_time() - before
                strings += 1
                chars += len(text)
                legal = state.legal_actions()
                action = legal[rng.randrange(len(legal))]
            state.apply_action(action)
            states += 1
        spent += time.process_time() - start
    return states, spent, strings, in_strings, chars


def main(argv: list[str]) -> None:
    profile = "--profile" in argv
    args = [a for a in argv if a != "--profile"]
    deals = int(args[0]) if args else 20
    rules = args[1] if len(args) > 1 else "tuolaji"
    if profile:
        profiler = cProfile.Profile()
        profiler.runcall(playthroughs, deals, rules)
        pstats.Stats(profiler).sort_stats("cumulative").print_stats(25)
        return
    states, spent, strings, in_strings, chars = playthroughs(deals, rules)
    print(
        f"{rules}: {deals} deals, {states} states in {spent:.2f} s CPU: "
        f"{states / spent:,.0f} states/s; {strings} strings in {in_strings:.2f} s: "
        f"{strings / in_strings:,.0f} strings/s, {chars / strings:,.0f} chars each on average"
    )


if __name__ == "__main__":
    main(sys.argv[1:])
