"""CPU seconds per deal of each bot: the same bot on all four seats, whole first deals.

Prints, per bot spec (as in ``tuolaji arena --bots``), the process CPU time spent inside its
``act`` calls per deal and seat (what one seat of that bot costs in a deal), and the whole
deal's CPU time (four seats and the engine). ``time.process_time`` counts only this process,
so the figures hold on a shared machine (run it under ``nice``)::

    python benchmarks/bench_bot_cpu.py random,greedy,best,pimc 10 tuolaji
"""

from __future__ import annotations

import sys
import time

from tuolaji.game.facade import Game
from tuolaji.state.actions import Action, ActionSet
from tuolaji.state.view import PlayerView
from tuolaji.tools.arena import parse_bot_spec


class _Timed:
    """A bot whose ``act`` adds its CPU time to a shared counter."""

    def __init__(self, bot: object, spent: list[float]) -> None:
        self.bot = bot
        self.spent = spent

    def act(self, view: PlayerView, actions: ActionSet) -> Action:
        start = time.process_time()
        action: Action = self.bot.act(view, actions)  # type: ignore[attr-defined]
        self.spent[0] += time.process_time() - start
        return action


def cpu_per_deal(spec_text: str, deals: int, rules: str) -> list[tuple[str, float, float]]:
    """Per bot of the comma list ``spec_text`` (JSON arguments without commas): its name, CPU
    seconds in its ``act`` per deal and seat, and CPU seconds per whole deal."""
    out = []
    for part in spec_text.split(","):
        spec = parse_bot_spec(part)
        spent = [0.0]
        start = time.process_time()
        for seed in range(deals):
            bots = [_Timed(spec.build(4 * seed + s), spent) for s in range(4)]
            Game(rules, seed).play_deal(bots)
        whole = (time.process_time() - start) / deals
        out.append((spec.name, spent[0] / deals / 4, whole))
    return out


def main(argv: list[str]) -> None:
    specs = argv[0] if argv else "random,greedy,best,pimc"
    deals = int(argv[1]) if len(argv) > 1 else 10
    rules = argv[2] if len(argv) > 2 else "tuolaji"
    print(f"{rules}, {deals} deals, the same bot on all four seats")
    print("bot        CPU s per deal and seat   CPU s per deal (4 seats + engine)")
    for name, seat, whole in cpu_per_deal(specs, deals, rules):
        print(f"{name:10} {seat:23.4f}   {whole:.4f}")


if __name__ == "__main__":
    main(sys.argv[1:])
