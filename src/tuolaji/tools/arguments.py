"""The arguments every subcommand of ``python -m tuolaji`` reads the same way.

``--rules NAME|FILE`` (a preset or a JSON file of house rules) and the bot specs of
``simulate --bots`` and ``arena --bots`` are parsed here once, so that ``simulate``,
``arena`` and ``bench`` accept the same values and say the same thing about a bad one.
"""

from __future__ import annotations

import argparse
import difflib
import os

from tuolaji.core.errors import TuolajiError
from tuolaji.core.rules import RULESETS, Rules
from tuolaji.state.codec import load_json
from tuolaji.tools.arena import BotSpec, builtin_bots, parse_bot_spec, split_bot_list
from tuolaji.tools.files import read_bounded
from tuolaji.tools.terminal import echo, shorten

__all__ = [
    "MAX_RULES_TEXT",
    "add_rules_argument",
    "positive_count",
    "read_rules",
    "read_seat_bots",
    "read_table_bots",
    "seat_bots_help",
]

MAX_RULES_TEXT = 1 << 16
"""The most bytes of a ``--rules`` file (house rules are a few hundred)."""


def _missing_rules(text: str) -> str:
    presets = ", ".join(RULESETS)
    close = difflib.get_close_matches(text, list(RULESETS), n=1) if len(text) < 64 else []
    if close:
        return f"no rules preset {echo(text)} (did you mean {close[0]}?) and no such file"
    if os.sep in text or "/" in text or text.endswith(".json"):
        return f"no such file {echo(text)} (--rules takes a preset, {presets}, or a JSON file)"
    return f"no rules preset {echo(text)} and no such file; the presets are {presets}"


def read_rules(text: str) -> Rules:
    """A ``--rules`` value: a preset name, or a JSON file of house rules
    ``{"preset": NAME, FIELD: VALUE, ...}``, the fields changed on top of the preset (default
    ``tuolaji``); ``-`` reads it from stdin. The file is read with a bound
    (`MAX_RULES_TEXT`). Every failure is an `argparse.ArgumentTypeError` that
    says what is wrong: a missing file is "no such file"."""
    if text in RULESETS:
        return RULESETS[text]
    if text != "-" and not os.path.lexists(text):
        raise argparse.ArgumentTypeError(_missing_rules(text))
    try:
        data = load_json(
            read_bounded(text, MAX_RULES_TEXT, what="a rules file"), "a rules file", MAX_RULES_TEXT
        )
    except TuolajiError as exc:
        raise argparse.ArgumentTypeError(f"{echo(text)}: {exc}") from None
    if not isinstance(data, dict):
        raise argparse.ArgumentTypeError(f'{echo(text)}: expected a JSON object {{"field": value}}')
    try:
        return Rules.from_dict(data)
    except (TuolajiError, TypeError, ValueError, ArithmeticError, RecursionError) as exc:
        raise argparse.ArgumentTypeError(f"{echo(text)}: {shorten(str(exc))}") from None


def add_rules_argument(parser: argparse.ArgumentParser) -> None:
    """``--rules NAME|FILE`` (default ``tuolaji``), read by `read_rules`: the same
    option, help and messages on every subcommand."""
    parser.add_argument(
        "--rules",
        type=read_rules,
        default=RULESETS["tuolaji"],
        metavar="NAME|FILE",
        help=f"a preset ({', '.join(RULESETS)}; default tuolaji) or a JSON file of house "
        'rules such as {"preset": "shuangsheng", "wrap": false} (see docs/house-rules.md); '
        "- reads it from stdin",
    )


def _bot_specs(text: str, counts: tuple[int, ...], meaning: str) -> tuple[BotSpec, ...]:
    """The specs of a bot list, ``len`` in ``counts``, each bot built once here so that a bad
    spec stops the command before any deal."""
    try:
        specs = tuple(parse_bot_spec(part, text) for part in split_bot_list(text))
        if len(specs) not in counts:
            raise argparse.ArgumentTypeError(
                f"{echo(text)}: give {meaning}, separated by commas; got {len(specs)}"
            )
        for spec in specs:
            spec.build(0)
    except TuolajiError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None
    return specs


def read_seat_bots(text: str) -> tuple[BotSpec, ...]:
    """A ``simulate --bots`` value: 1 spec (for every seat), 2 (team 0's, team 1's) or 4
    (one per seat), separated by commas, each as ``arena --bots`` reads one (a built-in,
    ``module:Class``, JSON arguments, an optional ``NAME=``). Each bot is built once here,
    so that a bad spec stops the command before any deal."""
    return _bot_specs(text, (1, 2, 4), "1, 2 (one per team) or 4 (one per seat) bots")


def read_table_bots(text: str) -> tuple[BotSpec, ...]:
    """A ``play --bots`` value: 1 spec (for the three other seats) or 3 (the other seats in
    seat order, skipping the person's), read as `read_seat_bots` reads them."""
    return _bot_specs(text, (1, 3), "1 bot (for the other three seats) or 3 (one per seat)")


_SEAT_BOTS_HELP = (
    "one bot for every seat, two (team 0's, team 1's) or four (one per seat), separated by "
    "commas; each is a built-in ({builtins}) or module:Class, optionally with JSON keyword "
    'arguments, as for arena: e.g. greedy,pimc{{"worlds": 8}}. A module:Class spec imports '
    "and runs that module's code"
)


def seat_bots_help() -> str:
    """The help text of ``simulate --bots``, listing the built-ins of this tuolaji."""
    return _SEAT_BOTS_HELP.format(builtins=", ".join(builtin_bots()))


def positive_count(text: str) -> int:
    """An argument that counts something (deals, runs, pairs): a whole number of at least 1."""
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value < 1:
        raise argparse.ArgumentTypeError(f"{echo(text)} is not a positive whole number")
    return value
