"""Every misuse gives a typed error (issue #19, finding 7): a wrong type raises
``TypeError``, a wrong value a ``TuolajiError`` subclass, naming the argument; never an
internal exception (AttributeError, IndexError, ...). Each call the audit found is a named
test here, with the input that broke it."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

import tuolaji as tl
import tuolaji.testing as tlt
from extras import need
from tuolaji import GameState
from tuolaji.rl.actionspace import Driver
from tuolaji.rl.encoding import observation

TRUMP = tl.Trump(tl.Rank.TWO, tl.Suit.SPADES)
HAND = tl.parse_cards("AS KS KS")
STATE = GameState.new("tuolaji", seed=1)
VIEW = STATE.view(0)


def typed_error(call: Callable[[], Any], argument: str | None = None) -> BaseException:
    """The error ``call()`` raises, which must be a TypeError or a TuolajiError naming
    ``argument`` (when given)."""
    with pytest.raises((TypeError, tl.TuolajiError)) as info:
        call()
    if argument is not None:
        assert argument in str(info.value), str(info.value)
    return info.value


CASES: dict[str, tuple[Callable[[], Any], str | None]] = {
    "points(['AS'])": (lambda: tl.points(["AS"]), "cards"),  # type: ignore[list-item]
    "units('AS', t)": (lambda: tl.units("AS", TRUMP), "cards"),  # type: ignore[arg-type]
    "legal_leads('AS', t)": (lambda: tl.legal_leads("AS", TRUMP), "hand"),  # type: ignore[arg-type]
    "legal_leads(hand, None)": (lambda: tl.legal_leads(HAND, None), "trump"),  # type: ignore[arg-type]
    "format_cards(None)": (lambda: tl.format_cards(None), "cards"),  # type: ignore[arg-type]
    "write_record(None)": (lambda: tl.write_record(None), "game"),  # type: ignore[arg-type]
    "legal_leads((), t).sample(rng)": (
        lambda: tl.legal_leads((), TRUMP).sample(random.Random(0)),
        None,
    ),
    "play_match(max_deals='3')": (
        lambda: tl.Game("tuolaji", seed=1).play_match(
            [tl.RandomBot(0)] * 4,
            max_deals="3",  # type: ignore[arg-type]
        ),
        "max_deals",
    ),
    "GreedyBot(candidates=0)": (lambda: tl.GreedyBot(candidates=0), "candidates"),
    "knowledge_of(state)": (lambda: tl.knowledge_of(STATE), "view"),  # type: ignore[arg-type]
    "observation(None)": (lambda: observation(None), "view"),  # type: ignore[arg-type]
    "check_state(None)": (lambda: tlt.check_state(None), "state"),  # type: ignore[arg-type]
    "Driver(None)": (lambda: Driver(None), "state"),  # type: ignore[arg-type]
    "sample_world(view, rng=None)": (lambda: tl.sample_world(VIEW, None), "rng"),  # type: ignore[arg-type]
    "sample_world(view, rng=7)": (lambda: tl.sample_world(VIEW, 7), "rng"),  # type: ignore[arg-type]
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_r11_the_audits_misuses_raise_typed_errors(name: str) -> None:
    call, argument = CASES[name]
    typed_error(call, argument)


def test_r11_sample_world_with_a_numpy_generator_names_rng() -> None:
    np = pytest.importorskip("numpy")
    typed_error(lambda: tl.sample_world(VIEW, np.random.default_rng(0)), "rng")


def test_r11_pettingzoo_step_before_reset_after_the_episode_and_with_a_list() -> None:
    np = need("numpy")
    pettingzoo = need("tuolaji.pettingzoo")
    env = pettingzoo.env()
    typed_error(lambda: env.step(0), "reset")
    env.reset(seed=1)
    typed_error(lambda: env.step([54]), "action")  # type: ignore[arg-type]
    while env.agents:
        agent = env.agent_selection
        if env.terminations[agent] or env.truncations[agent]:
            env.step(None)
            continue
        mask = env.observe(agent)["action_mask"]
        env.step(int(np.flatnonzero(mask)[0]))
    typed_error(lambda: env.step(0), "reset")
