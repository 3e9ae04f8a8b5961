"""Perft-style regression counts (issue 14): for fixed positions with the lead on the table,
the engine's number of legal plays per seat and of distinct play sequences to the end of the
trick equal the counts in ``tests/data/perft.json``, which ``benchmarks/perft_regen.py``
computed with the brute-force reference. (No position depends on R6.4's forced unit: every
lead is a unit or a throw that stands.)"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

import tuolaji as tl

DATA_FILE = Path(__file__).resolve().parents[1] / "data" / "perft.json"
DATA = json.loads(DATA_FILE.read_text(encoding="utf-8"))


def build(pos: dict[str, Any]) -> tl.GameState:
    """The position's state after its lead."""
    base = tl.RULESETS[pos["rules"]]
    rules = tl.Rules(
        **{
            **{n: getattr(base, n) for n in base.__slots__ if not n.startswith("__")},
            "permanent_twos": pos["permanent_twos"],
        }
    )
    level = tl.Rank.parse(pos["trump"]["level"])
    suit = None if pos["trump"]["suit"] is None else tl.Suit[pos["trump"]["suit"]]
    dealer = pos["dealer"]
    levels = (level, level)
    state = tl.GameState.for_play(
        rules,
        hands=[tl.parse_cards(h) for h in pos["hands"]],
        kitty=tl.parse_cards(pos["kitty"]),
        trump=rules.trump(level, suit),
        dealer=dealer,
        levels=levels,
    )
    state = state.play(dealer, tl.parse_cards(pos["lead"]))
    assert not any(isinstance(e, tl.ThrowFailed) for e in state.events), "the lead stands"
    return state


def sequences(state: tl.GameState, trick: int) -> int:
    """Distinct play sequences from ``state`` to the end of trick number ``trick``, walked
    through the engine's legal plays and ``apply``."""
    if len(state.tricks) > trick or state.phase is not tl.Phase.PLAYING:
        return 1
    return sum(sequences(state.apply(action), trick) for action in state.legal_actions())


def test_the_file_has_varied_positions() -> None:
    positions = DATA["positions"]
    assert len(positions) >= 16
    leads = [len(tl.parse_cards(p["lead"])) for p in positions]
    assert any(n == 1 for n in leads) and any(n >= 4 for n in leads)
    assert {p["rules"] for p in positions} == set(tl.RULESETS)
    assert any(p["permanent_twos"] for p in positions)
    assert any(p["trump"]["suit"] is None for p in positions)
    assert max(p["counts"][0]["sequences"] for p in positions) >= 100
    throws = [p for p in positions if len(tl.units(build(p).trick[0], build(p).trump)) > 1]
    assert throws, "some leads are throws that stand (R6.3)"


@pytest.mark.parametrize("pos", DATA["positions"], ids=lambda p: p["name"])
def test_perft_counts(pos: dict[str, Any]) -> None:
    state = build(pos)
    trick = len(state.tricks)
    for expected in pos["counts"]:
        assert state.to_act == expected["seat"]
        assert len(state.legal_plays()) == expected["plays"]
        assert len(list(state.legal_plays())) == expected["plays"]
        assert sequences(state, trick) == expected["sequences"]
        state = state.apply(state.legal_actions().sample(random.Random(0)))
