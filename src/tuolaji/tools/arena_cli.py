"""The ``arena`` command and ``simulate --workers`` (wired into ``python -m tuolaji``)."""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path

from tuolaji.bots.best import MAX_BUDGET
from tuolaji.core.errors import ConfigurationError, TuolajiError
from tuolaji.core.limits import MAX_INT
from tuolaji.tools.arena.bots import BotSpec, builtin_bots
from tuolaji.tools.arena.pairs import ArenaConfig
from tuolaji.tools.arena.results import arena_progress, write_records
from tuolaji.tools.arena.running import run_arena, simulate_deals
from tuolaji.tools.arena.specs import parse_bots
from tuolaji.tools.arguments import add_rules_argument, positive_count
from tuolaji.tools.terminal import ProgressBar, echo, one_line

__all__ = [
    "add_arena_arguments",
    "add_workers_argument",
    "run_arena_command",
    "run_simulate_workers",
    "seed_argument",
    "with_budget",
]

BOTS_HELP = (
    "bots to compare: SPEC is a built-in ({builtins}) or module:Class, optionally with JSON "
    'keyword arguments, e.g. a=greedy,b=random,c=mybots:Smart{{"depth": 2}}; NAME= may be '
    "left out. A module:Class spec IMPORTS AND RUNS THAT MODULE'S CODE (give only modules "
    "you trust); only a class with an act method, or a function marked "
    "@tuolaji.tools.arena.bot_factory, is called. The tuolaji script does not look in the "
    "current folder: for mybots.py there, run with PYTHONPATH=."
)


def _bots(text: str) -> tuple[BotSpec, ...]:
    # Each spec is built once here, so that a bad class or bad arguments stop the command
    # before any work (and in this process, with one line), not in a worker.
    try:
        specs = parse_bots(text)
        for spec in specs:
            spec.build(0)
    except TuolajiError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None
    return specs


def _bidder(text: str) -> BotSpec:
    try:
        (spec, _) = parse_bots(f"bidder={text},other=random")
        spec.build(0)
    except TuolajiError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None
    return spec


def _budget(text: str) -> int:
    value = positive_count(text)
    if value > MAX_BUDGET:
        raise argparse.ArgumentTypeError(
            f"{echo(text)}: best's budget is at most {MAX_BUDGET} rollouts per decision"
        )
    return value


def with_budget(specs: tuple[BotSpec, ...], budget: int | None) -> tuple[BotSpec, ...]:
    """``specs`` with ``budget`` (rollouts per decision) given to every built-in ``best`` that
    does not set its own (``best{"budget": 48}`` keeps 48); ``None`` changes nothing.

    >>> from tuolaji.tools.arena import parse_bots
    >>> [str(s) for s in with_budget(parse_bots('best,b=best{"budget": 48},greedy'), 192)]
    ['best{"budget": 192}', 'best{"budget": 48}', 'greedy']
    """
    if budget is None:
        return specs
    out = []
    for spec in specs:
        args = json.loads(spec.args)
        if spec.target == "best" and isinstance(args, dict) and "budget" not in args:
            out.append(BotSpec(spec.name, spec.target, json.dumps({**args, "budget": budget})))
        else:
            out.append(spec)
    return tuple(out)


def _seed(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        value = MAX_INT
    if not -MAX_INT < value < MAX_INT:
        raise argparse.ArgumentTypeError(f"{echo(text)} is not an int within ±2**63")
    return value


def seed_argument(parser: argparse.ArgumentParser, what: str) -> None:
    """``--seed N``: an int within ±2**63 (the seeds a record holds), default 0."""
    parser.add_argument("--seed", type=_seed, default=0, help=f"{what} (default 0)")


def _folder(text: str) -> Path:
    """A folder to write into: it exists (or can be made) and is writable. Checked while the
    arguments are read, so a bad path stops the command before any work."""
    path = Path(text)
    try:
        path.mkdir(parents=True, exist_ok=True)
    except (OSError, ValueError) as exc:
        reason = getattr(exc, "strerror", None) or str(exc)
        raise argparse.ArgumentTypeError(f"cannot make the folder {echo(text)}: {reason}") from None
    if not path.is_dir():
        raise argparse.ArgumentTypeError(f"{echo(text)} is not a folder")
    if not os.access(path, os.W_OK | os.X_OK):
        raise argparse.ArgumentTypeError(f"cannot write into the folder {echo(text)}")
    return path


def _sprt(text: str) -> tuple[float, float]:
    try:
        elo0, elo1 = (float(x) for x in text.split(","))
    except ValueError:
        raise argparse.ArgumentTypeError(f"{echo(text)}: give ELO0,ELO1 such as 0,20") from None
    if not elo0 < elo1 or not (abs(elo0) < 4000 and abs(elo1) < 4000):
        raise argparse.ArgumentTypeError(
            f"{echo(text)}: ELO0 must be below ELO1, both finite (within ±4000)"
        )
    return elo0, elo1


def _probability(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not 0 < value < 0.5:
        raise argparse.ArgumentTypeError(f"{echo(text)} is not a probability between 0 and 0.5")
    return value


MAX_WORKERS = 512
"""The most local processes ``--workers`` starts (a typo such as ``--workers 100000`` must
not fork the machine to death)."""


def _workers(text: str) -> int:
    value = positive_count(text)
    if value > MAX_WORKERS:
        raise argparse.ArgumentTypeError(f"{echo(text)}: at most {MAX_WORKERS} local processes")
    return value


def add_workers_argument(
    parser: argparse.ArgumentParser,
    text: str = "run on K local processes; results are identical to one process",
) -> None:
    """``--workers K``: local processes (shared by ``simulate`` and ``arena``), from 1 to
    `MAX_WORKERS`."""
    parser.add_argument(
        "--workers", type=_workers, metavar="K", help=f"{text} (K <= {MAX_WORKERS})"
    )


def add_arena_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``tuolaji arena``."""
    parser.add_argument(
        "--bots",
        type=_bots,
        required=True,
        metavar="NAME=SPEC,...",
        help=BOTS_HELP.format(builtins=", ".join(builtin_bots())),
    )
    parser.add_argument(
        "--deals",
        type=positive_count,
        default=100,
        help="duplicate deal pairs per bot pair (default 100)",
    )
    add_rules_argument(parser)
    seed_argument(parser, "run seed")
    add_workers_argument(parser)
    parser.add_argument(
        "--ray",
        metavar="ADDRESS",
        help="run as Ray tasks: 'local' for a Ray instance in this process, 'auto' or "
        "ray://HOST:10001 for a cluster (needs tuolaji[ray])",
    )
    parser.add_argument(
        "--out",
        type=_folder,
        metavar="DIR",
        help="write results.json, table.txt and plots (tuolaji[plot])",
    )
    parser.add_argument(
        "--record", type=_folder, metavar="DIR", help="write every game's record into DIR"
    )
    parser.add_argument(
        "--match",
        action="store_true",
        help="play whole matches (R9.5) instead of single deals, both seatings",
    )
    parser.add_argument(
        "--max-deals",
        type=positive_count,
        default=100,
        help="with --match: stop a match after this many deals (default 100)",
    )
    parser.add_argument(
        "--sprt",
        type=_sprt,
        metavar="ELO0,ELO1",
        help="stop early by SPRT: H0 the first bot is ELO0 better, H1 ELO1 better (two bots)",
    )
    parser.add_argument(
        "--bidder",
        type=_bidder,
        metavar="SPEC",
        help="one bot (a SPEC as in --bots) bids, buries and asks for redeals for every seat, "
        "both sides alike: the arena then measures card play alone",
    )
    parser.add_argument(
        "--budget",
        type=_budget,
        metavar="N",
        help="rollouts per decision of every best bot that sets none in its spec (best's "
        f"default 96, about 2 CPU s per seat and deal; at most {MAX_BUDGET})",
    )
    parser.add_argument("--alpha", type=_probability, default=0.05, help="SPRT false H1 rate")
    parser.add_argument("--beta", type=_probability, default=0.05, help="SPRT false H0 rate")


def run_arena_command(args: argparse.Namespace) -> int:
    """Run ``tuolaji arena`` with parsed ``args``; returns the exit code."""
    workers = args.workers or 1
    try:
        config = ArenaConfig(
            bots=with_budget(args.bots, args.budget),
            deals=args.deals,
            rules=args.rules,
            seed=args.seed,
            match=args.match,
            max_deals=args.max_deals,
            sprt=None if args.sprt is None else (*args.sprt, args.alpha, args.beta),
            record=args.record is not None,
            bidder=None if args.bidder is None else with_budget((args.bidder,), args.budget)[0],
        )
        bar = ProgressBar(len(config.pairs) * config.deals, "deal pairs")
        start = time.perf_counter()
        try:
            result = run_arena(
                config,
                workers=workers,
                ray_address=args.ray,
                progress=arena_progress(bar),
                on_pair=None if args.record is None else write_records(args.record),
            )
        finally:
            bar.close()
        elapsed = time.perf_counter() - start
    except ConfigurationError as exc:
        print(one_line(f"tuolaji arena: {exc}"), file=sys.stderr)
        return 2
    except TuolajiError as exc:  # a deal that cannot go on: a bot's illegal answer, say
        print(one_line(f"tuolaji arena: {exc}"), file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        # The workers are stopped already (run_arena closes its runner on the way out).
        print("\ntuolaji arena: interrupted", file=sys.stderr)
        return 130
    print(result.table())
    if args.out is not None:
        written = result.write(args.out)
        if len(written) == 2:
            print("(no plots: install tuolaji[plot] for matplotlib)", file=sys.stderr)
    deals = sum(s.deals for s in result.summaries)
    where = f"Ray at {args.ray}" if args.ray else f"{workers} worker{'s' * (workers > 1)}"
    print(
        f"{deals} deals in {elapsed:.1f} s on {where}: {deals / max(elapsed, 1e-9):.1f} deals/s",
        file=sys.stderr,
    )
    return 0


def run_simulate_workers(args: argparse.Namespace, rules_label: str) -> int:
    """``simulate --workers K``: independent deals on K processes (see
    [`tuolaji.tools.arena.simulate_deals`][tuolaji.tools.arena.running.simulate_deals])."""
    if args.match or args.record is not None:
        print(
            "tuolaji simulate: --workers plays independent deals; it does not combine with "
            "--match or --record (use arena --record DIR)",
            file=sys.stderr,
        )
        return 2
    specs: tuple[BotSpec, ...] = args.bots
    per_seat = [specs[s % len(specs)] for s in range(4)]
    deals = args.deals or 1
    shown = ",".join(str(spec) for spec in specs)
    print(f"{rules_label} rules, seed {args.seed}, bots {shown}, {deals} independent deals")
    progress = ProgressBar(deals, "deals", delay=2.0)
    try:
        for done, text in enumerate(
            simulate_deals(
                args.rules, args.seed, deals, per_seat, verbose=args.verbose, workers=args.workers
            ),
            start=1,
        ):
            progress.clear()
            print(text)
            progress.update(done)
    except ConfigurationError as exc:  # e.g. no worker could start
        progress.close()
        print(one_line(f"tuolaji simulate: {exc}"), file=sys.stderr)
        return 2
    except TuolajiError as exc:  # a deal that cannot go on: a bot's illegal answer, say
        progress.close()
        print(one_line(f"tuolaji simulate: {exc}"), file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        progress.close()
        print("\ntuolaji simulate: interrupted", file=sys.stderr)
        return 130
    progress.close()
    return 0
