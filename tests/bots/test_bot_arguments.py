"""Issue 33, finding 7: every built-in bot checks its keyword arguments where it is made.
``pimc{"worlds": "x"}`` and ``random{"bid_chance": "x"}`` crashed mid-game with a traceback;
``worlds: -1``, ``candidates: 0`` and ``bid_chance: 7`` were accepted."""

from __future__ import annotations

import math
from typing import Any

import pytest

import tuolaji as tl
from tuolaji.tools.arena import parse_bots
from tuolaji.tools.cli import main

BOTS: dict[str, type[Any]] = {
    "RandomBot": tl.RandomBot,
    "GreedyBot": tl.GreedyBot,
    "PIMCBot": tl.PIMCBot,
    "BestBot": tl.BestBot,
}

# (bot, argument, a value of the wrong type, a value out of range)
WRONG: list[tuple[str, str, object, object]] = [
    ("RandomBot", "bid_chance", "x", 7),
    ("RandomBot", "bid_chance", True, -0.1),
    ("RandomBot", "bid_chance", None, math.nan),
    ("GreedyBot", "candidates", 2.0, 0),
    ("GreedyBot", "candidates", False, 10**30),
    ("PIMCBot", "worlds", "x", -1),
    ("PIMCBot", "worlds", True, 0),
    ("PIMCBot", "candidates", [1], 0),
    ("PIMCBot", "margin", "5", -1.0),
    ("PIMCBot", "margin", None, math.inf),
    ("BestBot", "budget", 2.0, 4097),
    ("BestBot", "candidates", "5", 65),
    ("BestBot", "endgame", True, 34),
    ("BestBot", "margin", "5", math.nan),
]


@pytest.mark.parametrize(("bot", "name", "wrong_type", "out_of_range"), WRONG)
def test_a_bot_refuses_a_bad_keyword_argument_where_it_is_made(
    bot: str, name: str, wrong_type: object, out_of_range: object
) -> None:
    with pytest.raises(TypeError, match=rf"^{bot} {name} is a"):
        BOTS[bot](**{name: wrong_type})
    with pytest.raises(tl.ConfigurationError, match=rf"^{bot} {name} \("):
        BOTS[bot](**{name: out_of_range})


@pytest.mark.parametrize("bot", sorted(BOTS))
def test_a_bot_s_seed_is_an_int_or_none_never_a_bool_or_text(bot: str) -> None:
    for seed in (True, "1", 1.5, b"x", [1]):
        with pytest.raises(TypeError, match=rf"^{bot} seed is an int or None"):
            BOTS[bot](seed)
    assert BOTS[bot](None) is not None and BOTS[bot](2**70) is not None


def test_a_bot_keeps_its_accepted_arguments() -> None:
    """The bounds include their ends; ints are taken where numbers are."""
    assert tl.RandomBot(bid_chance=1).bid_chance == 1.0
    assert tl.RandomBot(bid_chance=0).bid_chance == 0.0
    pimc = tl.PIMCBot(worlds=256, candidates=1, margin=0)
    assert (pimc.worlds, pimc.candidates, pimc.margin) == (256, 1, 0.0)
    assert tl.BestBot(endgame=33, candidates=64).endgame == 33


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ('p=pimc{"worlds": "x"}', "PIMCBot worlds is an int, got str"),
        ('p=pimc{"worlds": -1}', "PIMCBot worlds (worlds sampled per play) is between 1"),
        ('p=pimc{"candidates": 0}', "PIMCBot candidates"),
        ('r=random{"bid_chance": "x"}', "RandomBot bid_chance is a number, got str"),
        ('r=random{"bid_chance": 7}', "RandomBot bid_chance (the chance of a bid)"),
        ('b=best{"endgame": true}', "BestBot endgame is an int, got bool"),
    ],
)
def test_an_arena_spec_with_a_bad_bot_argument_is_one_line_before_any_deal(
    spec: str, message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    (bad, _) = parse_bots(f"{spec},g=greedy")
    with pytest.raises(tl.ConfigurationError) as error:
        bad.build(0)
    assert message in str(error.value) and "\n" not in str(error.value)
    assert str(error.value).startswith(f"bot {bad.name!r}: ")
    # The command line: exit 2 and one line, before a single deal is played.
    for command in ("arena", "simulate"):
        with pytest.raises(SystemExit) as exit_:
            main([command, "--bots", f"{spec},g=greedy", "--deals", "1"])
        assert exit_.value.code == 2
        err = capsys.readouterr().err.strip()
        assert message in err and len(err.splitlines()) == 1, err
