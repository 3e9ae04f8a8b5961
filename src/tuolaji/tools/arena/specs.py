"""Bot specs read from text: ``NAME=SPEC,NAME=SPEC`` as ``tuolaji arena --bots`` and
``simulate --bots`` take them. Reading a spec imports nothing;
[`BotSpec.build`][tuolaji.tools.arena.bots.BotSpec.build] does that, where the bot runs."""

from __future__ import annotations

import json
import re

from tuolaji.core.errors import ConfigurationError
from tuolaji.tools.arena.bots import BotSpec

__all__ = ["parse_bot_spec", "parse_bots", "split_bot_list"]

# Names become file names under --record, so they stay plain.
_NAME = re.compile(r"[A-Za-z0-9_.-]{1,40}")


def split_bot_list(text: str) -> list[str]:
    """The specs of a comma-separated bot list, stripped: commas inside JSON arguments
    (``{...}`` or ``[...]``, strings included) do not separate bots."""
    parts, depth, start = [], 0, 0
    quoted = escaped = False
    for i, char in enumerate(text):
        if quoted:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                quoted = False
        elif char == '"':
            quoted = True
        elif char in "{[":
            depth += 1
        elif char in "}]":
            depth -= 1
        elif depth == 0 and char == ",":
            parts.append(text[start:i])
            start = i + 1
    parts.append(text[start:])
    return [p.strip() for p in parts]


def parse_bot_spec(part: str, context: str | None = None) -> BotSpec:
    """One bot spec, ``NAME=SPEC`` or ``SPEC``, as
    [`parse_bots`][tuolaji.tools.arena.specs.parse_bots] and ``simulate --bots`` read it.

    SPEC is a built-in (``random``, ``greedy``, ``pimc``) or ``module:Class``, optionally
    followed by a JSON object of keyword arguments. Without ``NAME=`` the name is the
    built-in's or the class's: ``mybots:Leader{"depth": 2}`` is named ``Leader``. The spec is
    not resolved here (nothing is imported);
    [`BotSpec.build`][tuolaji.tools.arena.bots.BotSpec.build] does that. ``context`` is the whole
    text, quoted by the error for an empty spec.

    >>> parse_bot_spec('fast=greedy{"candidates": 20}')
    BotSpec(name='fast', target='greedy', args='{"candidates": 20}')
    >>> parse_bot_spec("tuolaji.bots.greedy:GreedyBot").name
    'GreedyBot'
    """
    part = part.strip()
    if not part:
        shown = (context if context is not None else part)[:80]
        raise ConfigurationError(f"empty bot in {shown!r}: use NAME=SPEC,NAME=SPEC")
    name, eq, spec = part.partition("=")
    if not eq or "{" in name:  # a bare SPEC (its JSON arguments may hold "=")
        spec = part
        name = spec.partition("{")[0].strip().rpartition(":")[2].rpartition(".")[2]
    name, spec = name.strip(), spec.strip()
    if not _NAME.fullmatch(name):
        raise ConfigurationError(
            f"bot name {name[:40]!r}: use letters, digits, '_', '-' or '.' (NAME=SPEC)"
        )
    target, brace, rest = spec.partition("{")
    args = "{}"
    if brace:
        try:
            value = json.loads(brace + rest)
        except json.JSONDecodeError as exc:
            raise ConfigurationError(f"bot {name!r}: arguments are not JSON: {exc}") from None
        if not isinstance(value, dict):
            raise ConfigurationError(f"bot {name!r}: arguments are a JSON object")
        args = json.dumps(value, sort_keys=True)
    if not target.strip():
        raise ConfigurationError(f"bot {part[:80]!r}: expected NAME=SPEC")
    return BotSpec(name, target.strip(), args)


def parse_bots(text: str) -> tuple[BotSpec, ...]:
    """Bot specs from ``NAME=SPEC,NAME=SPEC,...``.

    SPEC is ``random``, ``greedy``, ``pimc``, ``best`` or ``module:Class``, optionally followed by a
    JSON object of keyword arguments: ``fast=greedy{"candidates": 20}``. Without ``NAME=`` a
    bot is named after its built-in or class (see
    [`parse_bot_spec`][tuolaji.tools.arena.specs.parse_bot_spec]). Names are unique, of letters,
    digits, ``_``, ``-`` and ``.``; at least two bots.
    """
    specs = [parse_bot_spec(part, text) for part in split_bot_list(text)]
    names = [s.name for s in specs]
    if len(set(names)) != len(names):
        raise ConfigurationError(f"bot names must differ, got {', '.join(names)}")
    if len(specs) < 2:
        raise ConfigurationError("an arena needs at least two bots (NAME=SPEC,NAME=SPEC)")
    return tuple(specs)
