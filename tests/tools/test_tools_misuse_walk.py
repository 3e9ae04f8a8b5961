"""The misuse walk of the tools layer (issue 33, finding 7): every public callable of
``tuolaji.tools.table`` and ``tuolaji.tools.play_server``, and the public methods of a
`PlaySession`, called with 1..3 hostile positional arguments drawn by hypothesis (the strategy
of the library-wide walk, ``tests/state/test_public_misuse_walk.py``). Only ``TypeError`` or a
``TuolajiError`` subclass may escape; each ``TypeError`` or ``TuolajiError`` of the named
arguments says which argument it refuses."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from play_helpers import HUMAN, new_table

import tuolaji as tl
from hostile import call_refusing_only_typed_errors, hostile_arguments
from tuolaji.tools.play_server import PlayServer, table_payload
from tuolaji.tools.table import PlaySession

MODULES = ("tuolaji.tools.table", "tuolaji.tools.play_server")

# Callables whose job is to block serving or to run bots for a whole game: hostile arguments
# are checked by the named-argument tests below instead, without serving.
SKIP = {
    "tuolaji.tools.play_server.serve": "serves until Ctrl-C (its arguments are checked below)",
    "tuolaji.tools.play_server.PlayServer": "binds a socket (its arguments are checked below)",
}

HOSTILE = hostile_arguments(tl.Pass(HUMAN), tl.GreedyBot())


def _callables() -> dict[str, Callable[..., Any]]:
    found: dict[str, Callable[..., Any]] = {}
    for name in MODULES:
        module = importlib.import_module(name)
        for attribute in module.__all__:
            value = getattr(module, attribute)
            if callable(value):
                found[f"{name}.{attribute}"] = value
    return {name: value for name, value in found.items() if name not in SKIP}


CALLABLES = _callables()
METHODS = sorted(
    name
    for name in dir(PlaySession)
    if not name.startswith("_") and callable(getattr(PlaySession, name))
)


@pytest.mark.parametrize("name", sorted(CALLABLES))
@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow], derandomize=True
)
@given(args=st.lists(HOSTILE, min_size=1, max_size=3))
def test_r11_hostile_arguments_to_the_tools_raise_only_typed_errors(
    name: str, args: list[Any]
) -> None:
    call_refusing_only_typed_errors(name, CALLABLES[name], args)


TABLE = new_table(practice=True)


@pytest.mark.parametrize("name", METHODS)
@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow], derandomize=True
)
@given(args=st.lists(HOSTILE, min_size=1, max_size=3))
def test_r11_hostile_arguments_to_a_table_raise_only_typed_errors(
    name: str, args: list[Any]
) -> None:
    call_refusing_only_typed_errors(name, getattr(TABLE, name), args)


def test_the_walk_covers_the_tools_surface() -> None:
    assert "tuolaji.tools.table.PlaySession" in CALLABLES
    assert "tuolaji.tools.play_server.table_payload" in CALLABLES
    assert {"news", "read", "act", "hint", "undo", "hand_out_record"} <= set(METHODS)


def bots() -> list[Any]:
    return [None if s == HUMAN else tl.GreedyBot(seed=s) for s in range(4)]


@pytest.mark.parametrize(
    ("call", "error", "named"),
    [
        (lambda: new_table().news((0, 0)), TypeError, "since"),  # type: ignore[arg-type]
        (lambda: new_table().news([0, 0, 0]), TypeError, "since"),  # type: ignore[arg-type]
        (lambda: new_table().news((0, 0, "1")), TypeError, "since"),  # type: ignore[arg-type]
        (lambda: new_table().news((0, 0, -1)), tl.ConfigurationError, "since"),
        (lambda: table_payload(None), TypeError, "table"),  # type: ignore[arg-type]
        (
            lambda: PlaySession("tuolaji", 3, seat=HUMAN, bots=bots(), hint=5),  # type: ignore[arg-type]
            TypeError,
            "hint",
        ),
        (
            lambda: PlaySession(
                "tuolaji",
                3,
                seat=HUMAN,
                bots=bots(),
                hint=tl.GreedyBot(),
                practice="yes",  # type: ignore[arg-type]
            ),
            TypeError,
            "practice",
        ),
        (
            lambda: PlaySession("tuolaji", 3, seat=HUMAN, bots=5, hint=tl.GreedyBot()),  # type: ignore[arg-type]
            TypeError,
            "bots",
        ),
        (lambda: new_table().act("p"), TypeError, "action"),  # type: ignore[arg-type]
        (lambda: tl.tools.table.move_text(None), TypeError, "action"),  # type: ignore[arg-type]
        (lambda: tl.tools.table.event_line("x"), TypeError, "event"),  # type: ignore[arg-type]
    ],
    ids=[
        "news a pair",
        "news a list",
        "news a str",
        "news negative",
        "payload of None",
        "hint 5",
        "practice a str",
        "bots an int",
        "act a str",
        "move_text None",
        "event_line a str",
    ],
)
def test_misuse_of_the_table_names_the_argument(
    call: Callable[[], Any], error: type[Exception], named: str
) -> None:
    with pytest.raises(error, match=named):
        call()


def test_serve_refuses_bad_arguments_before_serving() -> None:
    with pytest.raises(TypeError, match="table"):
        tl.tools.play_server.serve(None, open_browser=False)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="open_browser"):
        tl.tools.play_server.serve(new_table(), open_browser="no")  # type: ignore[arg-type]
    with pytest.raises(tl.ConfigurationError, match="port"):
        tl.tools.play_server.serve(new_table(), open_browser=False, port=70000)
    with pytest.raises(TypeError, match="token"):
        tl.tools.play_server.page_html(new_table(), None)  # type: ignore[arg-type]
    assert isinstance(PlayServer, type)
