"""The command line (``python -m tuolaji`` or the ``tuolaji`` script).

``simulate`` plays deals or a whole match with bots; ``play`` seats a person against bots
(in the terminal or a browser); ``replay`` plays a record back (``--html``: the replay
viewer); ``analyze`` judges one seat's plays in a record with the best bot;
``deal`` shows a seeded deal; ``rules`` prints a rule set, its differences from a preset or
the rules file schema; ``bench`` measures the engine; ``arena`` compares bots; ``docs R7.3``
prints the explanation of a rule number that a message cites.

Every failure is one line on stderr and a non-zero exit code: 2 for a bad argument, a file
that cannot be read or written (missing, a folder, a device, a full disk), 1 for a bad
record, a deal that cannot go on or ``play`` fed an endless input line, 130 for Ctrl-C, 143
and 129 for ``play`` stopped by SIGTERM or SIGHUP (its record written first), 141 (quietly)
when the reader of the output goes away (``| head``). Arguments are checked before any work
starts; an error quotes at most [`ECHO_LIMIT`][tuolaji.tools.terminal.ECHO_LIMIT] characters
of what was typed.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import math
import os
import random
import secrets
import signal
import sys
import threading
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any, NoReturn, TextIO, get_args

from tuolaji import __version__
from tuolaji.bots import Bot
from tuolaji.bots.pimc import MAX_WORLDS
from tuolaji.core.cards import Rank, Suit, points
from tuolaji.core.deal import deal_cards, shuffled_deck
from tuolaji.core.errors import ConfigurationError, InvalidCards, LimitExceeded, TuolajiError
from tuolaji.core.limits import MAX_RECORD_TEXT
from tuolaji.core.rules import RULE_FIELDS, RULESETS, KittySize, Rules
from tuolaji.core.trump import Trump
from tuolaji.game.facade import Game
from tuolaji.game.record import record_of, replay
from tuolaji.state.actions import Action, Phase
from tuolaji.state.codec import to_data
from tuolaji.tools import bench
from tuolaji.tools.analysis import (
    DEFAULT_THRESHOLD,
    DEFAULT_WORLDS,
    MAX_THRESHOLD,
    DealAnalysis,
    analyze_deal,
    analyze_game,
)
from tuolaji.tools.arena import BotSpec
from tuolaji.tools.arena_cli import (
    add_arena_arguments,
    add_workers_argument,
    run_arena_command,
    run_simulate_workers,
    seed_argument,
)
from tuolaji.tools.arguments import (
    add_rules_argument,
    positive_count,
    read_rules,
    read_seat_bots,
    read_table_bots,
    seat_bots_help,
)
from tuolaji.tools.files import (
    UnreadableFile,
    check_writable,
    open_for_writing,
    read_bounded,
    write_atomically,
)
from tuolaji.tools.play_server import DEFAULT_TRICK_PAUSE, MAX_TRICK_PAUSE, serve
from tuolaji.tools.play_terminal import MIN_WIDTH, play_in_terminal, screen_width, wrap
from tuolaji.tools.report import deal_lines, summary_line
from tuolaji.tools.rulebook import rule_numbers, rule_text
from tuolaji.tools.table import PlaySession
from tuolaji.tools.terminal import ProgressBar, card_text, echo, one_line, render_hand
from tuolaji.tools.viewer import replay_html

RULES_HELP = (
    "Messages cite rule numbers such as R7.3: 'tuolaji docs R7.3' prints the rule "
    "(from the rules page, docs/rules.md)."
)


def _level(text: str) -> Rank:
    try:
        return Rank.parse(text)
    except InvalidCards as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def _trump_suit(text: str) -> Suit | None:
    key = text.strip().upper()
    if key in ("NONE", "NT", "NO"):
        return None
    for suit in Suit:
        if key in (suit.letter, suit.symbol, suit.name):
            return suit
    raise argparse.ArgumentTypeError(
        f"R2.1: {echo(text)} is not a trump suit; use S, H, C, D (or ♠ ♥ ♣ ♦) or none"
    )


def _cmd_deal(args: argparse.Namespace) -> int:
    trump = Trump(
        args.level,
        args.trump,
        permanent_twos=args.permanent_twos,
        tractor_min_pairs=args.tractor_min_pairs,
    )
    rules = Rules(kitty_size=args.kitty_size)
    hands, kitty = deal_cards(shuffled_deck(random.Random(args.seed)), args.dealer, rules=rules)
    pretty = not args.ascii
    print(f"Seed {args.seed}: dealer seat {args.dealer}, {trump}")
    print("Tractors in [ ], pairs in ( ).")
    for seat, hand in enumerate(hands):
        print(f"\nSeat {seat} (team {seat % 2}): {len(hand)} cards, {points(hand)} points")
        for line in render_hand(hand, trump, pretty=pretty):
            print("  " + line)
    if kitty:
        print(f"\nKitty: {card_text(trump.sorted(kitty), pretty)} ({points(kitty)} points)")
    else:
        print("\nNo kitty (--kitty-size 0).")
    return 0


def make_bots(specs: Sequence[BotSpec | str], seed: int) -> list[Bot]:
    """Four bots from 1, 2 (team 0's, team 1's) or 4 bot specs (or built-in names), the bot
    on seat ``s`` built with the seed ``seed * 4 + s``."""
    given = [s if isinstance(s, BotSpec) else BotSpec(s, s) for s in specs]
    per_seat = [given[0]] * 4 if len(given) == 1 else [given[s % len(given)] for s in range(4)]
    return [spec.build(seed * 4 + seat) for seat, spec in enumerate(per_seat)]


def _print_deal(game: Game, index: int, verbose: bool) -> None:
    state = game.state
    if verbose:
        print("\n".join(deal_lines(index + 1, state, game.actions[index])))
    else:
        print(summary_line(index + 1, state))


class _RecordWriter:
    """Writes a game record to a file as deals finish, so an interrupted run keeps every
    finished deal: the head (format, rules, seed) first, then one line per deal, and the
    closing brackets on `close`. The file is opened before any deal is played, so an
    unwritable path fails at once."""

    def __init__(self, path: str, game: Game) -> None:
        self.file = open_for_writing(path)
        head = record_of(game)
        head["deals"] = []
        text = json.dumps(head, ensure_ascii=False)
        try:
            self.file.write(text[: text.rindex("[")] + "[")
            self.file.flush()
        except OSError:
            _close_quietly(self.file)
            raise
        self.written = 0

    def add(self, actions: Sequence[Action]) -> None:
        deal = json.dumps([to_data(Action, a) for a in actions], ensure_ascii=False)
        self.file.write(("," if self.written else "") + "\n" + deal)
        self.file.flush()
        self.written += 1

    def close(self) -> None:
        try:
            self.file.write("\n]}\n")
        finally:
            self.file.close()


def _close_quietly(file: TextIO) -> None:
    with contextlib.suppress(OSError):  # the write that failed already said why
        file.close()


def _cmd_simulate(args: argparse.Namespace) -> int:
    rules: Rules = args.rules
    if args.workers is not None:
        return run_simulate_workers(args, rules_name(rules))
    game = Game(rules, args.seed)
    bots = make_bots(args.bots, args.seed)
    limit = args.deals if args.deals is not None else (None if args.match else 1)
    if args.match and limit is None and rules.wrap:
        print("note: these rules wrap (R9.5), so the match stops after 100 deals", file=sys.stderr)
        limit = 100
    writer = None
    if args.record is not None:
        try:
            writer = _RecordWriter(args.record, game)
        except OSError as exc:
            _error("simulate", f"cannot write {echo(args.record)}: {_reason(exc)}")
            return 2
    print(
        f"{rules_name(rules)} rules, seed {args.seed}, "
        f"bots {','.join(str(spec) for spec in args.bots)}; "
        "team 0 is seats 0 and 2, team 1 seats 1 and 3"
    )
    progress = ProgressBar(limit, "deals", delay=2.0)
    index = 0
    try:
        while not game.over and (limit is None or index < limit):
            game.play_deal(bots)
            if writer is not None:
                writer.add(game.actions[index])
            progress.clear()
            _print_deal(game, index, args.verbose)
            index += 1
            progress.update(index)
    except TuolajiError as exc:  # e.g. LimitExceeded: bots that never bid
        progress.clear()
        _error("simulate", f"deal {index + 1}: {exc}")
        return 1
    finally:
        progress.close()
        if writer is not None:
            writer.close()

    if game.over:
        print(f"team {game.results[-1].match_winner} wins the match after {index} deals")
        if args.deals is not None and index < args.deals:
            print(
                f"stopped after {index} of the {args.deals} deals asked for: "
                "the match is over (R9.5)"
            )
    return 0


def _cmd_rules(args: argparse.Namespace) -> int:
    if args.schema:
        print(json.dumps(Rules.json_schema(), ensure_ascii=False, indent=1))
        return 0
    if args.diff is not None:
        rules: Rules = args.diff
        # The default preset unless --base names another: comparing a preset with the preset
        # nearest to it would compare it with itself.
        base_name = args.base if args.base is not None else DEFAULT_PRESET
        changes = rules.differences(RULESETS[base_name])
        if not changes:
            print(f"no differences from the preset {base_name}")
            return 0
        print(f"differences from the preset {base_name} (preset value -> this value):")
        for name, (was, now) in changes.items():
            print(f"  {name}: {json.dumps(was)} -> {json.dumps(now)}")
        return 0
    # No default in the parser: argparse finds a clash with --diff/--schema only for a
    # value that is not the default object itself.
    shown: Rules = args.rules if args.rules is not None else RULESETS[DEFAULT_PRESET]
    if args.json:
        print(json.dumps(shown.to_dict(), ensure_ascii=False, indent=1))
    else:
        print("\n".join(rules_table(shown, screen_width())))
    return 0


DEFAULT_PRESET = "tuolaji"
"""The preset ``rules`` shows and ``rules --diff`` compares with when none is named."""

_VALUE_WIDTH = 20


def rules_table(rules: Rules, columns: int | None = None) -> list[str]:
    """``rules`` as lines of a table: every field, its value (as in a JSON rules file) and
    its rule and meaning (from [`RULE_FIELDS`][tuolaji.core.rules.RULE_FIELDS]); a value too
    wide for its column goes on a line of its own under the field. With ``columns`` (the
    terminal's width), a meaning that does not fit goes on under itself, in its column."""
    data = rules.to_dict()
    width = max(len(name) for name in data)
    indent = " " * (width + 2 + _VALUE_WIDTH + 2)
    room = None if columns is None else max(30, columns - len(indent))
    lines = [
        f"{rules_name(rules)} rules (tuolaji rules --json prints them as a rules file)",
        f"{'field':<{width}}  {'value':<{_VALUE_WIDTH}}  rule: meaning",
    ]
    for name, value in data.items():
        text = json.dumps(value, ensure_ascii=False)
        meaning = RULE_FIELDS[name].description
        pieces = [meaning] if room is None else wrap(meaning, room, "")
        shown = text if len(text) <= _VALUE_WIDTH else "(below)"
        lines.append(f"{name:<{width}}  {shown:<{_VALUE_WIDTH}}  {pieces[0]}")
        lines.extend(indent + piece for piece in pieces[1:])
        if shown != text:
            lines.append(f"{'':<{width}}    {text}")
    return lines


def rules_name(rules: Rules) -> str:
    """The preset name of ``rules``, or "custom"."""
    return next((name for name, preset in RULESETS.items() if preset == rules), "custom")


def _read_game(command: str, args: argparse.Namespace) -> Game | int:
    """The game of the record ``args.file`` (bounded read, then `replay`), or the exit code
    after one line on stderr: 2 for a file that cannot be read, 1 for a record too long or
    that does not replay."""
    try:
        data = read_bounded(args.file, MAX_RECORD_TEXT, what="a record")
    except UnreadableFile as exc:
        _error(command, str(exc))
        return 2
    except LimitExceeded as exc:
        _error(command, f"{exc} (tuolaji.core.limits.MAX_RECORD_TEXT)")
        return 1
    try:
        return replay(data, partial=args.partial)
    except TuolajiError as exc:
        _error(command, f"{echo(args.file)}: {exc}{_partial_hint(data, args)}")
        return 1


def _cmd_replay(args: argparse.Namespace) -> int:
    if args.analyze is not None and args.html is None:
        _error("replay", "--analyze marks the page of --html; tuolaji analyze prints a table")
        return 2
    game = _read_game("replay", args)
    if isinstance(game, int):
        return game
    print(f"{rules_name(game.rules)} rules, seed {game.seed}: replayed {len(game.results)} deals")
    if args.html is not None:
        name = "stdin" if args.file == "-" else Path(args.file).name
        analyses: tuple[DealAnalysis, ...] = ()
        if args.analyze is not None:
            analyses = analyze_game(
                game, args.analyze, worlds=args.worlds, seed=args.seed, threshold=args.threshold
            )
        page = replay_html(game, f"tuolaji replay: {name}", analyses=analyses)
        try:
            with open_for_writing(args.html) as out:
                out.write(page)
        except OSError as exc:
            _error("replay", f"cannot write {echo(args.html)}: {_reason(exc)}")
            return 2
        print(f"wrote {args.html}: open it in a browser; arrow keys step through the tricks")
        return 0
    deal_states = [s for s in game.history if s.phase is Phase.FINISHED]
    for index, state in enumerate(deal_states):
        if args.verbose:
            print("\n".join(deal_lines(index + 1, state, game.actions[index])))
        else:
            print(summary_line(index + 1, state))
    if game.state.phase is not Phase.FINISHED:
        print(f"deal {game.state.deal_number + 1} stops in the middle ({game.state.phase.value})")
    return 0


def _cmd_analyze(args: argparse.Namespace) -> int:
    game = _read_game("analyze", args)
    if isinstance(game, int):
        return game
    settings = {"worlds": args.worlds, "seed": args.seed, "threshold": args.threshold}
    analyses: tuple[DealAnalysis, ...]
    try:
        if args.deal is not None:
            analyses = (analyze_deal(game, args.seat, deal=args.deal, **settings),)
        else:
            analyses = analyze_game(game, args.seat, **settings)
    except ConfigurationError as exc:  # a deal the record does not hold
        _error("analyze", str(exc))
        return 2
    if args.json:
        data = {"seed": game.seed, "deals": [a.to_dict() for a in analyses]}
        print(json.dumps(data, ensure_ascii=False, indent=1))
        return 0
    print(
        f"{rules_name(game.rules)} rules, seed {game.seed}: seat {args.seat}'s plays judged by "
        "best (cost: the points a play gave away for the seat's side against best's choice; "
        f"! above {args.threshold:g})"
    )
    for analysis in analyses:
        print()
        print(analysis)
    if not analyses:
        print("the record holds no deal")
    return 0


def _worlds(text: str) -> int:
    """``--worlds K``: worlds sampled per decision, 1 to `MAX_WORLDS`."""
    try:
        value = int(text)
    except ValueError:
        value = 0
    if not 1 <= value <= MAX_WORLDS:
        raise argparse.ArgumentTypeError(
            f"{echo(text)} is not a whole number from 1 to {MAX_WORLDS}"
        )
    return value


def _threshold(text: str) -> float:
    """``--threshold P``: points of cost, a finite number from 0 to `MAX_THRESHOLD`."""
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not 0 <= value <= MAX_THRESHOLD:  # NaN fails too
        raise argparse.ArgumentTypeError(
            f"{echo(text)} is not a number of points from 0 to {MAX_THRESHOLD:g}"
        )
    return value


def _analysis_seat(text: str) -> int:
    """``--seat N`` / ``--analyze SEAT``: a seat, 0 to 3 (R1.3)."""
    if text.strip() not in ("0", "1", "2", "3"):
        raise argparse.ArgumentTypeError(f"R1.3: {echo(text)} is not a seat (0, 1, 2 or 3)")
    return int(text)


def _add_analysis_arguments(parser: argparse.ArgumentParser) -> None:
    """``--worlds``, ``--seed`` and ``--threshold`` of an analysis (``analyze``, ``replay
    --analyze``)."""
    parser.add_argument(
        "--worlds",
        type=_worlds,
        default=DEFAULT_WORLDS,
        metavar="K",
        help=f"worlds sampled per decision (default {DEFAULT_WORLDS}; more: slower, less noise)",
    )
    seed_argument(parser, "seed of the analysis's sampled worlds")
    parser.add_argument(
        "--threshold",
        type=_threshold,
        default=DEFAULT_THRESHOLD,
        metavar="P",
        help=f"flag plays costing more than P points (default {DEFAULT_THRESHOLD:g})",
    )


def _partial_hint(data: str | bytes, args: argparse.Namespace) -> str:
    """What to type for a record refused only because its last deal is unfinished (as
    ``play`` writes a game stopped early): "; add --partial to read it ...", else ""."""
    if args.partial:
        return ""
    try:
        replay(data, partial=True)
    except TuolajiError:
        return ""
    return (
        "; add --partial to read an unfinished record, as play writes a game stopped early "
        f"(tuolaji replay --partial {echo(args.file)})"
    )


def _table_bots(specs: Sequence[BotSpec], seat: int, seed: int) -> list[Bot | None]:
    """The bots of the other seats (1 spec for all, or 3 in seat order), each seeded
    ``seed * 4 + s`` as `make_bots` seeds them; None at the person's seat."""
    others = [s for s in range(4) if s != seat]
    per_seat = {s: specs[0] if len(specs) == 1 else specs[i] for i, s in enumerate(others)}
    return [per_seat[s].build(seed * 4 + s) if s in per_seat else None for s in range(4)]


def _play_seed(text: str) -> int:
    """``play --seed N``: an int within ±2**63, as the other subcommands read a seed."""
    try:
        value = int(text)
    except ValueError:
        value = 2**63
    if not -(2**63) < value < 2**63:
        raise argparse.ArgumentTypeError(f"{echo(text)} is not an int within ±2**63")
    return value


def _width(text: str) -> int:
    """``play --width N``: a number of columns, 30 (a card unit and its indent) to 1000."""
    try:
        value = int(text)
    except ValueError:
        value = 0
    if not MIN_WIDTH <= value <= 1000:
        raise argparse.ArgumentTypeError(
            f"{echo(text)} is not a width in columns from {MIN_WIDTH} to 1000"
        )
    return value


class _Stopped(BaseException):
    """A stop signal (SIGTERM, SIGHUP) raised where the game stands, so that the record is
    written on the way out, as for Ctrl-C (a BaseException: no handler of errors catches it)."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


_SAVING: list[int] = []
"""Not empty while the record is written: a stop signal then waits for the write to end."""


def _raise_stopped(signum: int, frame: object) -> None:
    if not _SAVING:
        raise _Stopped(signum)


@contextlib.contextmanager
def _stop_signals() -> Iterator[None]:
    """SIGTERM and SIGHUP (a closed terminal) raise `_Stopped` while the game runs (on the
    main thread only, where signals are handled); the old handlers come back after."""
    wanted = [getattr(signal, name) for name in ("SIGTERM", "SIGHUP") if hasattr(signal, name)]
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    old = {signum: signal.signal(signum, _raise_stopped) for signum in wanted}
    try:
        yield
    finally:
        for signum, handler in old.items():
            signal.signal(signum, handler)


def _cmd_play(args: argparse.Namespace) -> int:
    # Without --seed a fresh seed (every default game deals other cards), told only once the
    # game ends: the seed gives every hand of every deal, so knowing it is knowing the future.
    fresh = args.seed is None
    if fresh:
        args.seed = secrets.randbits(63)
    if args.record is not None:
        # Checked now, written at the end: nothing is created or truncated before then.
        try:
            check_writable(args.record)
        except OSError as exc:
            _error("play", f"cannot write {echo(args.record)}: {_reason(exc)}")
            return 2
    table = None
    code = 0
    try:
        with _stop_signals():
            try:
                table = PlaySession(
                    args.rules,
                    args.seed,
                    seat=args.seat,
                    bots=_table_bots(args.bots, args.seat, args.seed),
                    hint=BotSpec("best", "best").build(args.seed * 4 + args.seat),
                    practice=args.practice,
                )
                told = "a fresh seed, told at the end" if fresh else f"seed {args.seed}"
                print(
                    f"{rules_name(args.rules)} rules, {told}; you are seat {args.seat}, "
                    f"bots {','.join(str(spec) for spec in args.bots)}"
                    + ("; practice mode" if args.practice else ""),
                    flush=True,
                )
                if args.serve:
                    serve(
                        table,
                        open_browser=not args.no_open,
                        trick_pause=args.trick_pause,
                        on_leave=None if args.record is None else _leave_saver(args, table),
                    )
                else:
                    try:
                        play_in_terminal(table, width=args.width)
                    except EOFError as exc:
                        print()
                        if str(exc):  # a line without end: no person typing (R11)
                            _error("play", str(exc))
                            code = 1
            except _Stopped as stop:
                _error("play", f"stopped by {signal.Signals(stop.signum).name}")
                code = 128 + stop.signum
            except TuolajiError as exc:
                _error("play", str(exc))
                code = 1
            finally:
                _save_play(args, table, fresh)
    except _Stopped as stop:  # a second signal while the record was being written
        _error("play", f"stopped by {signal.Signals(stop.signum).name}")
        return 128 + stop.signum
    return code


def _leave_saver(args: argparse.Namespace, table: PlaySession) -> Callable[[], None]:
    """What the server calls when the page is closed: the record so far, written whole."""

    def save() -> None:
        try:
            write_atomically(args.record, table.record())
        except OSError as exc:  # the game goes on; the stop tries again
            _error("play", f"cannot write {echo(args.record)}: {_reason(exc)}")
            return
        print(f"the page was closed: saved the record so far to {args.record}", flush=True)

    return save


def _save_play(args: argparse.Namespace, table: PlaySession | None, fresh: bool) -> None:
    """Whatever ended the game (its end, q, end of input, Ctrl-C, SIGTERM, SIGHUP, an error),
    the moves so far are kept: the record is written whole (a temporary file renamed over
    the target, `write_atomically`), never left empty or half written."""
    if table is None:
        return
    if args.record is not None:
        _SAVING.append(1)
        try:
            write_atomically(args.record, table.record())
        finally:
            _SAVING.clear()
        print(f"wrote the record to {args.record}; tuolaji replay --partial reads it", flush=True)
    if fresh:
        print(
            f"this game's seed was {args.seed}: tuolaji play --seed {args.seed} deals it again",
            flush=True,
        )


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not math.isfinite(value) or value <= 0:
        raise argparse.ArgumentTypeError(
            f"{echo(text)} is not a positive, finite number of seconds"
        )
    return value


def _workloads(text: str) -> list[str]:
    names = [n.strip().upper() for n in text.split(",") if n.strip()]
    bad = [n for n in names if n not in bench.WORKLOADS]
    if bad or not names:
        valid = ", ".join(bench.WORKLOADS)
        raise argparse.ArgumentTypeError(
            f"unknown workloads {echo(bad) if bad else echo(text)}; valid: {valid}"
        )
    return names


def _cmd_bench(args: argparse.Namespace) -> int:
    name = rules_name(args.rules)
    skipped = [line for w in args.workloads if (line := bench.missing_extra(w)) is not None]
    workloads = [w for w in args.workloads if bench.missing_extra(w) is None]
    if args.profile:
        print(bench.profile(workloads, args.rules, args.deals), end="")
        print("\n".join(skipped), end="\n" if skipped else "")
        return 0
    progress = ProgressBar(len(workloads) * args.repeat, "runs", delay=2.0)
    runs = 0

    def after_run() -> None:
        nonlocal runs
        runs += 1
        progress.update(runs)

    try:
        figures = [
            bench.measure(w, args.rules, args.deals, repeat=args.repeat, after_run=after_run)
            for w in workloads
        ]
    finally:
        progress.close()
    kernels = bench.trick_timings(args.seconds) if args.kernels else {}
    if args.json:
        data = {
            "rules": name,
            "clock": "process_time",
            "repeat": args.repeat,
            "workloads": {f.workload: f.as_dict() for f in figures},
            "skipped": skipped,
            "kernels_us": {k: round(v, 3) for k, v in kernels.items()},
        }
        print(json.dumps(data, ensure_ascii=False, indent=2))
        return 0
    for line in bench.report(figures, name, skipped):
        print(line)
    if kernels:
        print("trick rules, median CPU µs per call on realistic positions")
        for kernel, us in kernels.items():
            print(f"  {kernel:24s} {us:8.2f}")
    return 0


def _cmd_docs(args: argparse.Namespace) -> int:
    if args.rule is None:
        numbers = [f"R{n}" for n in rule_numbers() if "." not in n]
        print(f"the rules are {', '.join(numbers)}; e.g. tuolaji docs R7.3 or tuolaji docs R7")
        return 0
    try:
        print(rule_text(args.rule))
    except TuolajiError as exc:
        _error("docs", str(exc))
        return 2
    return 0


def _add_play_command(sub: Any) -> None:
    """The ``play`` subcommand's arguments (``sub``: the parser's subcommands)."""
    play = sub.add_parser(
        "play",
        help="take a seat at the table against bots, in the terminal or in a browser",
        description="Play one seat yourself against bots: in the terminal (type cards such "
        "as ♥KK, KH KH or kh kh; p pass, r redeal, ? hint, u take back with --practice, q "
        "quit) or, with --serve, in a browser page served on 127.0.0.1. Ctrl-C and the end of "
        "input stop the game; --record keeps the moves. See docs/play.md.",
        epilog=RULES_HELP,
    )
    add_rules_argument(play)
    play.add_argument(
        "--seed",
        type=_play_seed,
        default=None,
        help="game seed (default: a fresh one, printed when the game ends, so that "
        "--seed replays the game)",
    )
    play.add_argument("--seat", type=int, choices=range(4), default=0, help="your seat (default 0)")
    play.add_argument(
        "--bots",
        type=read_table_bots,
        default=(BotSpec("best", "best"),),
        metavar="SPEC,...",
        help="one bot for the other three seats or three (the other seats in seat order), "
        "each as for simulate --bots (default best)",
    )
    play.add_argument(
        "--record", metavar="FILE", help="write the game record (JSON) to FILE at the end"
    )
    play.add_argument("--practice", action="store_true", help="allow taking moves back (u)")
    play.add_argument(
        "--width",
        type=_width,
        default=None,
        metavar="N",
        help="wrap the terminal's lines to N columns (default: the terminal's width)",
    )
    play.add_argument(
        "--serve", action="store_true", help="play in a browser page served on 127.0.0.1"
    )
    play.add_argument(
        "--no-open", action="store_true", help="with --serve, print the address but open no browser"
    )
    play.add_argument(
        "--trick-pause",
        type=_trick_pause,
        default=DEFAULT_TRICK_PAUSE,
        metavar="SECONDS",
        help="with --serve, how long a finished trick stays on the table after your move "
        f"(default {DEFAULT_TRICK_PAUSE:g}; 0 none; -1 until a click; at most "
        f"{MAX_TRICK_PAUSE:g})",
    )
    play.set_defaults(func=_cmd_play)


def _trick_pause(text: str) -> float:
    """``play --trick-pause SECONDS``: a number up to `MAX_TRICK_PAUSE` (below 0: until a
    click)."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{echo(text)} is not a number of seconds") from None
    if math.isnan(value) or value > MAX_TRICK_PAUSE:
        raise argparse.ArgumentTypeError(
            f"{echo(text)}: at most {MAX_TRICK_PAUSE:g} seconds (-1: until a click)"
        )
    return value


def _add_replay_command(sub: Any) -> None:
    """The ``replay`` subcommand's arguments (``sub``: the parser's subcommands)."""
    rep = sub.add_parser(
        "replay",
        help="play a game record back and print it, or write a page to step through it",
        description="Play a game record (written by simulate --record) back, checking every "
        "action, and print one line per deal; --html writes one self-contained page that "
        "steps through the game trick by trick.",
        epilog=RULES_HELP,
    )
    rep.add_argument("file", help="a record written by simulate --record (- for stdin)")
    rep.add_argument("--verbose", action="store_true", help="print bids, kitty and tricks")
    rep.add_argument(
        "--partial",
        action="store_true",
        help="accept a record whose last deal stops in the middle (a game of play stopped early)",
    )
    rep.add_argument(
        "--html",
        metavar="OUT",
        help="write a replay viewer to OUT.html (no network needed; keys: arrows, Home, End)",
    )
    rep.add_argument(
        "--analyze",
        type=_analysis_seat,
        metavar="SEAT",
        help="with --html, mark each trick with best's judgement of SEAT's play (see analyze)",
    )
    _add_analysis_arguments(rep)
    rep.set_defaults(func=_cmd_replay)


def _add_analyze_command(sub: Any) -> None:
    """The ``analyze`` subcommand's arguments (``sub``: the parser's subcommands)."""
    ana = sub.add_parser(
        "analyze",
        help="judge one seat's plays in a record with the best bot: cost of each, flags",
        description="Replay a record and, for each play of one seat, ask the best bot, from "
        "what that seat saw, which play it prefers and what both plays are worth: the "
        "attackers' mean final points over the same sampled worlds. Prints per deal a table "
        "(trick, play made, best's play, cost in points for the seat's side, ! above the "
        "threshold). See docs/analyze.md.",
        epilog=RULES_HELP,
    )
    ana.add_argument("file", help="a record written by simulate --record or play (- for stdin)")
    ana.add_argument(
        "--seat", type=_analysis_seat, default=0, help="the seat whose plays are judged (default 0)"
    )
    ana.add_argument(
        "--deal", type=positive_count, default=None, help="only this deal (default: every deal)"
    )
    _add_analysis_arguments(ana)
    ana.add_argument("--json", action="store_true", help="print the analysis as JSON")
    ana.set_defaults(func=_cmd_analyze, partial=True)


def _add_rules_command(sub: Any) -> None:
    """The ``rules`` subcommand's arguments (``sub``: the parser's subcommands)."""
    rul = sub.add_parser(
        "rules",
        help="print a rule set (field, value, meaning), its differences from a preset, or the "
        "rules file schema",
        description="Print the rules (a preset or a JSON rules file) as a table of every "
        "field, its value and its meaning (--json: as a JSON rules file); --diff prints only "
        "where they differ from a preset (tuolaji unless --base names another); --schema "
        "prints the JSON Schema of a rules file. See docs/house-rules.md.",
        epilog=RULES_HELP,
    )
    shown = rul.add_mutually_exclusive_group()
    shown.add_argument(
        "rules",
        nargs="?",
        type=read_rules,
        metavar="NAME|FILE",
        help="a preset or a JSON file of house rules (default tuolaji); - reads stdin",
    )
    shown.add_argument(
        "--diff", type=read_rules, metavar="NAME|FILE", help="print the differences from a preset"
    )
    shown.add_argument(
        "--schema", action="store_true", help="print the JSON Schema of a rules file"
    )
    rul.add_argument(
        "--base",
        choices=list(RULESETS),
        help=f"the preset --diff compares with (default {DEFAULT_PRESET})",
    )
    rul.add_argument(
        "--json", action="store_true", help="print the rules as JSON (a complete rules file)"
    )
    rul.set_defaults(func=_cmd_rules)


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of ``python -m tuolaji``."""
    parser = OneLineParser(
        prog="tuolaji",
        description="Rules engine for Tractor (拖拉机 / 升级 / 双升).",
        epilog=RULES_HELP,
    )
    parser.add_argument("--version", action="version", version=f"tuolaji {__version__}")
    sub = parser.add_subparsers(dest="command", required=True)
    deal = sub.add_parser(
        "deal",
        help="shuffle with a seed, deal four hands and a kitty, show them sorted (R4.1)",
        description="Shuffle with the seed, deal four hands of 25 and a kitty of 8 (R4.1; "
        "--kitty-size 4: 26 each and 4, 0: 27 each and no kitty), "
        "and print each hand sorted by suit and strength under the given trump, with its "
        "pairs and tractors marked (R3).",
        epilog=RULES_HELP,
    )
    seed_argument(deal, "shuffle seed")
    deal.add_argument(
        "--level", type=_level, default=Rank.TWO, help="level rank: 2-10, J, Q, K, A (default 2)"
    )
    deal.add_argument(
        "--trump",
        type=_trump_suit,
        default=None,
        help="trump suit: S, H, C, D or none (default none: only jokers and level cards)",
    )
    deal.add_argument(
        "--dealer", type=int, choices=range(4), default=0, help="seat dealt first (default 0)"
    )
    deal.add_argument("--permanent-twos", action="store_true", help="every 2 is trump too (R2.5)")
    deal.add_argument(
        "--tractor-min-pairs",
        type=int,
        choices=(2, 3),
        default=2,
        help="the fewest consecutive pairs that make a tractor (R3.2, default 2)",
    )
    deal.add_argument(
        "--kitty-size",
        type=int,
        choices=get_args(KittySize),
        default=RULESETS[DEFAULT_PRESET].kitty_size,
        help="cards in the kitty; the rest is dealt equally (R4.1, default 8)",
    )
    deal.add_argument("--ascii", action="store_true", help="print 10H rather than ♥10")
    deal.set_defaults(func=_cmd_deal)

    sim = sub.add_parser(
        "simulate",
        help="play deals or a whole match with bots (the main job)",
        description="Play deals with bots and print one line per deal (or, with --verbose, "
        "the bidding, the buried kitty and every trick).",
        epilog=RULES_HELP,
    )
    add_rules_argument(sim)
    seed_argument(sim, "game seed")
    count = sim.add_mutually_exclusive_group()
    count.add_argument("--deals", type=positive_count, help="how many deals (default 1)")
    count.add_argument("--match", action="store_true", help="play until the match ends (R9.5)")
    sim.add_argument(
        "--bots",
        type=read_seat_bots,
        default=(BotSpec("greedy", "greedy"),),
        metavar="SPEC,...",
        help=seat_bots_help(),
    )
    sim.add_argument("--verbose", action="store_true", help="print bids, kitty and tricks")
    sim.add_argument("--record", metavar="FILE", help="write the game record (JSON) to FILE")
    add_workers_argument(
        sim,
        "play independent deals (each the first of its own game, seeded from --seed and its "
        "number) on K local processes; the output is the same for every K",
    )
    sim.set_defaults(func=_cmd_simulate)

    arena = sub.add_parser(
        "arena",
        help="compare bots by duplicate deal pairs, on many cores or a Ray cluster",
        description="Every pair of bots plays duplicate deal pairs (the same cards twice, "
        "teams exchanging seats); prints level change and points per pair with 95% "
        "intervals, the share of pairs won and Bradley–Terry ratings. See docs/arena.md.",
        epilog=RULES_HELP,
    )
    add_arena_arguments(arena)
    arena.set_defaults(func=run_arena_command)

    _add_replay_command(sub)
    _add_analyze_command(sub)

    _add_play_command(sub)
    _add_rules_command(sub)

    ben = sub.add_parser(
        "bench",
        help="measure deals per second and microseconds per decision (CPU time)",
        description="Run the workloads W1 (full deal, 4 RandomBots), W2 (play phase only: "
        "legal_plays, sample, play), W3 (full deal, 4 GreedyBots), W4 (PettingZoo random "
        "masked steps), W5 (OpenSpiel random playthrough states), W6 (sampled worlds at "
        "trick 12), W7 (greedy rollouts from tricks 5 and 13) and W8 (W2's play phases on "
        "the PlayPhase simulator) on seeded deals and print deals/s (W7: rollouts), "
        "decisions/s (W4: steps, W5: states, W6: worlds, W7: plays) and µs per decision in "
        "CPU time, the median of --repeat runs, with each "
        "rate's ratio to W2. W4 and W5 are skipped when their extra is missing. See "
        "benchmarks/README.md.",
        epilog=RULES_HELP,
    )
    add_rules_argument(ben)
    ben.add_argument(
        "--deals", type=positive_count, default=100, help="deals per run (default 100)"
    )
    ben.add_argument("--repeat", type=positive_count, default=3, help="runs per figure (default 3)")
    ben.add_argument(
        "--workloads", type=_workloads, default=list(bench.WORKLOADS), help="e.g. W1,W3"
    )
    ben.add_argument(
        "--profile", action="store_true", help="print top functions by cumulative time instead"
    )
    ben.add_argument("--json", action="store_true", help="print the figures as JSON")
    ben.add_argument(
        "--kernels", action="store_true", help="also time the trick rules' hot functions"
    )
    ben.add_argument(
        "--seconds", type=_seconds, default=1.0, help="time per kernel measurement (default 1)"
    )
    ben.set_defaults(func=_cmd_bench)

    docs = sub.add_parser(
        "docs",
        help="print the rule a message cites, e.g. docs R7.3 (from the rules page)",
        description="Print the explanation of a rule number (R7.3) or a whole section (R7) "
        "from the rules page shipped with tuolaji (docs/rules.md in the source); with no "
        "number, list the sections.",
    )
    docs.add_argument("rule", nargs="?", help="a rule number such as R7.3, or a section: R7")
    docs.set_defaults(func=_cmd_docs)
    return parser


class OneLineParser(argparse.ArgumentParser):
    """An argument parser whose errors are one line on stderr (exit 2): ``tuolaji simulate:
    error: ...``, the message cut to [`LINE_LIMIT`][tuolaji.tools.terminal.LINE_LIMIT] characters
    and a pointer to ``--help`` instead of the usage text."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{one_line(f'{self.prog}: error: {message} (see {self.prog} --help)')}\n")


def _reason(exc: OSError) -> str:
    return exc.strerror or str(exc) or type(exc).__name__


def _error(command: str, message: str) -> None:
    """Print ``tuolaji COMMAND: MESSAGE`` as one line on stderr."""
    print(one_line(f"tuolaji {command}: {message}"), file=sys.stderr)


def _quiet_stdout() -> None:
    # The reader is gone: point stdout at /dev/null so that the interpreter's last flush
    # cannot fail again with a second broken pipe message.
    # (OSError, ValueError: stdout is not a real file, e.g. captured in tests.)
    with contextlib.suppress(OSError, ValueError):
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit code (see the module docstring)."""
    try:
        args = build_parser().parse_args(argv)
    except BrokenPipeError:  # --help or --version into a pipe that closed
        _quiet_stdout()
        return 141
    try:
        result: int = args.func(args)
    except BrokenPipeError:
        # The reader went away (``| head``): stop quietly, like other command-line tools,
        # with the exit code of a process killed by SIGPIPE (128 + 13).
        _quiet_stdout()
        return 141
    except KeyboardInterrupt:
        # One line, not a traceback; a --record file keeps every finished deal.
        print(f"tuolaji {args.command}: interrupted", file=sys.stderr)
        return 130
    except OSError as exc:  # e.g. a full disk (ENOSPC) while writing a record
        where = f" {echo(exc.filename)}" if exc.filename is not None else ""
        _error(args.command, f"cannot write or read{where}: {_reason(exc)}")
        return 2
    return result


if __name__ == "__main__":
    sys.exit(main())
