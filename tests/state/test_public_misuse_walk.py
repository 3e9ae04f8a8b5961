"""The misuse walk (issue #19, finding 7): every public callable of ``tuolaji.__all__``, the
testing kit, the adapters, and the public methods of the main objects, called with 1..3
hostile positional arguments drawn by hypothesis. Only ``TypeError`` or a ``TuolajiError``
subclass may escape (never AttributeError, KeyError, IndexError, a plain ValueError, ...)."""

from __future__ import annotations

import contextlib
import importlib
import inspect
import json
import math
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import tuolaji as tl
import tuolaji.testing as tlt
from hostile import call_refusing_only_typed_errors, hostile_arguments
from tuolaji.game import kept
from tuolaji.tools.arena import BotSpec

STATE = tl.GameState.new("tuolaji", seed=1)
VIEW = STATE.view(0)
TRUMP = tl.Trump(tl.Rank.TWO, tl.Suit.SPADES)
HAND = tl.parse_cards("AS AS KS QH 10H")

# Callables whose job is to run arbitrary user code, spawn processes or loop over a whole
# match: hostile arguments there test the user's code, not ours.
SKIP: dict[str, str] = {
    "Game.play_deal": "runs the caller's bots (user code) for a whole deal",
    "Game.play_match": "runs the caller's bots (user code) for a whole match",
    "PlayedGame.play_deal": "runs the caller's bots (user code) for a whole deal",
    "PlayedGame.play_match": "runs the caller's bots (user code) for a whole match",
    "tuolaji.testing.register_type_strategies": "registers global hypothesis strategies",
    # Documented unchecked fast paths for the state machine's own steps (ids and tables
    # the library made itself); checking them would slow the hot paths they serve.
    "LegalLeads.unchecked": "unchecked by contract (hot path)",
    "LegalFollows.unchecked": "unchecked by contract (hot path)",
    "LegalLeads.unchecked_bits": "unchecked by contract (hot path)",
    "GameState.remember_lead": "unchecked by contract (the play step's own bookkeeping)",
}
# Sequence.index of an absent value raises ValueError, as list.index does: the sequence
# protocol's own error, which callers catch as such.
SKIP.update(
    {
        f"{label}.index": "the sequence protocol: ValueError for an absent value, as list.index"
        for label in ("KeptList", "DealResults", "DealActions", "DealStarts", "History")
    }
)

HOSTILE = hostile_arguments(STATE, VIEW, TRUMP)


def _public_callables() -> dict[str, Callable[..., Any]]:
    found: dict[str, Callable[..., Any]] = {}
    modules: list[tuple[str, Any]] = [("tuolaji", tl), ("tuolaji.testing", tlt)]
    for adapter in ("tuolaji.rl.pettingzoo", "tuolaji.rl.openspiel"):
        with contextlib.suppress(ImportError):  # optional extras not installed
            modules.append((adapter, importlib.import_module(adapter)))
    for prefix, module in modules:
        for name in module.__all__:  # deprecated aliases are not in __all__
            value = getattr(module, name)
            if callable(value) and not (
                isinstance(value, type) and issubclass(value, BaseException)
            ):
                found[f"{prefix}.{name}"] = value
    game = tl.Game("tuolaji", seed=1)
    leads = tl.legal_leads(HAND, TRUMP)
    for name in ("DealActions", "DealStarts", "KeptList"):
        found[f"tuolaji.game.kept.{name}"] = getattr(kept, name)
    instances: dict[str, Any] = {
        "GameState": STATE,
        "PlayerView": VIEW,
        "Game": game,
        "PlayedGame": PLAYED,
        # The game layer's sequences (issue 33, finding 4): read-only, typed index errors.
        "KeptList": PLAYED.actions,
        "DealResults": PLAYED.results,
        "DealActions": PLAYED.actions[0],
        "DealStarts": PLAYED.starts,
        "History": PLAYED.history,
        "Rules": tl.Rules(),
        "LegalLeads": leads,
        "LegalFollows": tl.legal_follows(tl.parse_cards("KH"), HAND, TRUMP),
        "ActionSet": STATE.legal_actions(),
    }
    for label, obj in instances.items():
        for name in dir(obj):
            if not name.startswith("_") and callable(getattr(obj, name)):
                found[f"{label}.{name}"] = getattr(obj, name)
        if hasattr(type(obj), "__getitem__"):  # obj[i]: the sequences the game hands out
            found[f"{label}.__getitem__"] = obj.__getitem__
    return {name: value for name, value in found.items() if name not in SKIP}


PLAYED = tl.Game("tuolaji", seed=2)
PLAYED.play_deal([tl.GreedyBot(seat) for seat in range(4)])

CALLABLES = _public_callables()


@pytest.mark.parametrize("name", sorted(CALLABLES))
@settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    derandomize=True,
)
@given(args=st.lists(HOSTILE, min_size=1, max_size=3))
def test_r11_hostile_positional_arguments_raise_only_typed_errors(
    name: str, args: list[Any]
) -> None:
    call_refusing_only_typed_errors(name, CALLABLES[name], args)


def test_r11_the_walk_covers_the_public_surface() -> None:
    assert len(CALLABLES) > 100
    assert "tuolaji.legal_leads" in CALLABLES and "GameState.play" in CALLABLES


# --- the bot factories with their keyword arguments (issue 33, finding 7) -------------------

BOT_CLASSES: dict[str, type[Any]] = {
    "RandomBot": tl.RandomBot,
    "GreedyBot": tl.GreedyBot,
    "PIMCBot": tl.PIMCBot,
    "BestBot": tl.BestBot,
}
"""Every built-in bot; the arena's built-in specs name the same classes."""


class _Recorder:
    """A GreedyBot that keeps every decision it is asked (view and legal actions)."""

    def __init__(self, seat: int) -> None:
        self.bot = tl.GreedyBot(seat)
        self.asked: list[tuple[tl.PlayerView, tl.ActionSet]] = []

    def act(self, view: tl.PlayerView, actions: tl.ActionSet) -> tl.Action:
        self.asked.append((view, actions))
        return self.bot.act(view, actions)


def _decisions() -> list[tuple[tl.PlayerView, tl.ActionSet]]:
    """A bid while cards are dealt, the burial and a late play of a greedy deal: one of
    each kind of decision, the play near the end so that a search bot's rollouts are short."""
    recorders = [_Recorder(seat) for seat in range(4)]
    tl.Game("tuolaji", seed=3).play_deal(recorders)
    asked = [decision for recorder in recorders for decision in recorder.asked]
    picked = []
    for phase in (tl.Phase.DEALING, tl.Phase.BURYING):
        picked.append(next(d for d in asked if d[0].phase is phase))
    plays = [d for d in asked if d[0].phase is tl.Phase.PLAYING and len(d[0].hand) <= 2]
    picked.append(plays[-1])
    return picked


DECISIONS = _decisions()

_ARGUMENT_VALUES = st.one_of(
    st.integers(min_value=-5, max_value=300),
    st.sampled_from([0, 1, 2, 33, 34, 64, 65, 256, 257, 10**30, -(2**63), 2**63]),
    st.floats(allow_nan=True, allow_infinity=True),
    st.sampled_from([0.0, 0.5, 1.0, 1.5, -0.1, math.nan, math.inf]),
    st.booleans(),
    st.none(),
    st.text(max_size=4),
    st.lists(st.integers(0, 3), max_size=2),
    st.dictionaries(st.text(max_size=2), st.integers(), max_size=1),
)


def _keyword_arguments(bot: type[Any]) -> list[str]:
    return [name for name in inspect.signature(bot).parameters if name != "self"]


@pytest.mark.parametrize("bot", sorted(BOT_CLASSES))
@settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    derandomize=True,
)
@given(data=st.data())
def test_r11_a_bot_made_with_hostile_keyword_arguments_refuses_them_or_plays(
    bot: str, data: st.DataObject
) -> None:
    """Each built-in bot, given hostile values for any of its keyword arguments: refused at
    construction (TypeError or a TuolajiError naming the argument), or a bot that answers
    every kind of decision legally, never one that crashes mid-game. An unknown keyword is
    a TypeError."""
    kind = BOT_CLASSES[bot]
    names = data.draw(st.lists(st.sampled_from(_keyword_arguments(kind)), min_size=1, unique=True))
    kwargs = {name: data.draw(_ARGUMENT_VALUES, label=name) for name in names}
    try:
        made = kind(**kwargs)
    except (TypeError, tl.TuolajiError) as error:
        assert any(name in str(error) for name in kwargs), (bot, kwargs, error)
        return
    # Accepted: a search over many worlds and candidates is still short on two cards a hand.
    for view, actions in DECISIONS:
        assert made.act(view, actions) in actions, (bot, kwargs, view.phase)


def test_r11_an_unknown_bot_keyword_is_a_type_error() -> None:
    for kind in BOT_CLASSES.values():
        with pytest.raises(TypeError, match="unexpected keyword"):
            kind(world=3)


@pytest.mark.parametrize("target", ["random", "greedy", "pimc", "best"])
@settings(max_examples=40, deadline=None, derandomize=True)
@given(data=st.data())
def test_r11_an_arena_spec_with_hostile_arguments_is_one_configuration_error(
    target: str, data: st.DataObject
) -> None:
    """The arena registry: ``BotSpec.build`` of a built-in with hostile JSON arguments
    raises a one-line ConfigurationError naming the bot, or builds a bot."""
    kind = {"random": tl.RandomBot, "greedy": tl.GreedyBot, "pimc": tl.PIMCBot}.get(
        target, tl.BestBot
    )
    names = [*_keyword_arguments(kind), "world", "seed"]
    chosen = data.draw(st.lists(st.sampled_from(names), min_size=1, unique=True))
    values = st.one_of(
        st.integers(-5, 300), st.floats(-2, 2), st.booleans(), st.none(), st.text(max_size=3)
    )
    args = json.dumps({name: data.draw(values, label=name) for name in chosen})
    try:
        made = BotSpec("x", target, args).build(7)
    except tl.ConfigurationError as error:
        assert str(error).startswith("bot 'x': ") and "\n" not in str(error)
        return
    assert callable(made.act)
