"""A soak of the engine: many random deals over every preset and random custom rules, with
the invariants of `tuolaji.testing.invariants` checked as they are played.

Run ``python -m tuolaji.testing.soak --deals 100000`` (or ``benchmarks/soak.py``); it prints
the deals played, the actions applied, the violations found (each with its rules and seed, so
it can be replayed) and the rate. Needs no ``hypothesis``.

What is checked, per deal: after every action the step invariants
([`check_step`][tuolaji.testing.invariants.check_step]: events only appended, tricks never
rewritten); before every play and one in ten other actions a probe with a plausible or stray action
([`check_apply`][tuolaji.testing.invariants.check_apply]: ``apply`` accepts exactly the listed
actions and never changes its input); after every phase and every trick the 108 cards
([`check_cards`][tuolaji.testing.invariants.check_cards]), and in play the points and turn order;
on the final state and on the state after trick 12 every state invariant
([`check_state`][tuolaji.testing.invariants.check_state]: also the result against the events, view
secrecy; JSON on every tenth deal's final state). Every state visited, the first included, reads
back from its JSON and from its position text
([`check_round_trips`][tuolaji.testing.invariants.check_round_trips], R11): a state the engine
reached that ``from_json`` refuses is a violation.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Sequence

import attrs

from tuolaji.core.rules import RULESETS, Rules
from tuolaji.state.actions import Action, Phase
from tuolaji.state.gamestate import GameState
from tuolaji.testing.driver import phase_step, random_rules
from tuolaji.testing.invariants import (
    InvariantViolation,
    check_apply,
    check_cards,
    check_points,
    check_round_trips,
    check_state,
    check_step,
    check_turn_order,
)

__all__ = ["SoakReport", "main", "rules_for", "soak", "soak_deal"]


@attrs.frozen
class SoakReport:
    """What a soak did: deals played, actions applied, seconds taken, and one line per
    violation found (its seed, rules and message)."""

    deals: int
    actions: int
    seconds: float
    violations: tuple[str, ...]

    @property
    def rate(self) -> float:
        """Deals per second."""
        return self.deals / self.seconds if self.seconds else 0.0

    def __str__(self) -> str:
        return (
            f"{self.deals} deals, {self.actions} actions, {len(self.violations)} invariant "
            f"violations, {self.seconds:.1f} s ({self.rate:.1f} deals/s)"
        )


_ROUND = len(RULESETS) + 1
"""Deals per round of ``rules_for``: each preset, then custom rules."""


def rules_for(seed: int) -> tuple[str, Rules]:
    """The rules of the deal played from ``seed``, and their name: the presets in turn, then
    random custom rules drawn from the seed (one deal in ``len(RULESETS) + 1``)."""
    names = list(RULESETS)
    slot = seed % _ROUND
    if slot < len(names):
        return names[slot], RULESETS[names[slot]]
    return "custom", random_rules(random.Random(seed))


def soak_deal(rules: Rules, seed: int, *, round_trips: bool = True) -> int:
    """Play one random deal from ``seed`` under ``rules`` with the checks of this module;
    returns how many actions it took. ``round_trips`` False skips the JSON and text round
    trips of every state (they take most of the time: each reads back and replays its whole
    deal). Raises
    [`InvariantViolation`][tuolaji.testing.invariants.InvariantViolation] at the first violation."""
    rng = random.Random(seed)
    dealer = None if seed % 3 == 0 else seed % 4
    levels = (rules.first_level, rules.first_level)
    no_trump = (False, False)
    which = seed // _ROUND % 4  # varies over the deals of one rule set (rules_for)
    if dealer is not None and rules.has_no_trump_level and which < 3:
        # R9.2: a later deal with team 0, team 1 or both on the no-trump level.
        levels = (rules.last_level, rules.last_level)
        no_trump = (which != 1, which != 2)
    state = GameState.new(
        rules,
        seed,
        dealer=dealer,
        deal_number=int(dealer is not None),
        levels=levels,
        no_trump_level=no_trump,
    )
    count = 0
    middle: GameState | None = None
    if round_trips:
        check_round_trips(state)

    def apply(before: GameState, action: Action) -> GameState:
        nonlocal count
        count += 1
        after = before.apply(action)
        check_step(before, action, after, cards=False)
        if round_trips:
            check_round_trips(after)
        return after

    def probe(before: GameState, action: Action) -> GameState | None:
        after = check_apply(before, action)
        if after is not None:
            nonlocal count
            count += 1
            check_step(before, action, after, cards=False)
            if round_trips:
                check_round_trips(after)
        return after

    while state.phase is not Phase.FINISHED:
        state = phase_step(state, rng, apply=apply, probe=probe)
        check_cards(state)
        if state.phase is Phase.PLAYING:
            check_points(state)
            check_turn_order(state)
            if middle is None and len(state.tricks) == 12:
                middle = state
        if count > 20_000:
            raise InvariantViolation("R4-R7: a deal took more than 20,000 actions")
    check_state(state, rng, json=seed % 10 == 0)
    if middle is not None:
        check_state(middle, rng, json=False)
    return count


def soak(
    deals: int, seed: int = 0, *, progress: bool = False, round_trips: bool = True
) -> SoakReport:
    """Play ``deals`` random deals (deal ``i`` from seed ``seed + i``) and collect every
    violation instead of stopping at the first (``round_trips``: see `soak_deal`)."""
    violations: list[str] = []
    actions = 0
    start = time.perf_counter()
    for i in range(deals):
        name, rules = rules_for(seed + i)
        try:
            actions += soak_deal(rules, seed + i, round_trips=round_trips)
        except Exception as exc:  # every failure is reported with its replay recipe
            message = str(exc)[:300]
            violations.append(
                f"deal seed {seed + i} ({name} rules; replay: soak_deal(*rules_for({seed + i})"
                f"[1:], {seed + i})): {type(exc).__name__}: {message}"
            )
        if progress and (i + 1) % 1000 == 0:
            elapsed = time.perf_counter() - start
            print(f"{i + 1} deals, {len(violations)} violations, {(i + 1) / elapsed:.1f} deals/s")
    return SoakReport(deals, actions, time.perf_counter() - start, tuple(violations))


def main(argv: Sequence[str] | None = None) -> int:
    """Command line: ``--deals N --seed S``; exit status 1 when a violation was found."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--deals", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--progress", action="store_true", help="a line every 1000 deals")
    parser.add_argument(
        "--no-round-trips",
        action="store_true",
        help="skip the JSON and text round trip of every state (several times faster)",
    )
    args = parser.parse_args(argv)
    if args.deals < 1:
        parser.error("--deals must be positive")
    report = soak(
        args.deals, args.seed, progress=args.progress, round_trips=not args.no_round_trips
    )
    for line in report.violations[:20]:
        print(line)
    print(report)
    return 1 if report.violations else 0


if __name__ == "__main__":
    raise SystemExit(main())
