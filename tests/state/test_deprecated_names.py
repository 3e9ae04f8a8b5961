"""Names renamed in 0.3 (issue #18) still work for one release and say what replaced them."""

from __future__ import annotations

import pickle
import random

import pytest

import tuolaji as tl
from tuolaji.bots import worlds
from tuolaji.core import bidding
from tuolaji.core.rules import Bidding
from tuolaji.state import notation, validate

C = tl.parse_cards


def _state() -> tl.GameState:
    return tl.GameState.for_play(
        "tuolaji",
        hands=[C(h) for h in ("AH KH", "QH JH", "9H 8H", "5H 2H")],
        kitty=C("3D 3D 4D 4D 6D 6D 7D 7D"),
        trump=tl.Trump(tl.Rank.TEN, tl.Suit.SPADES),
        dealer=0,
        levels=(tl.Rank.TEN, tl.Rank.TWO),
    )


def test_the_text_helpers_of_notation_warn_and_give_what_the_classes_print() -> None:
    state = _state()
    view = state.view(1)
    trump = tl.Trump(tl.Rank.TEN, tl.Suit.SPADES)
    play = tl.Play(1, C("QH"))
    rules = tl.RULESETS["tuolaji"]
    cases = {
        "state_text": (state, str(state)),
        "state_repr": (state, repr(state)),
        "view_text": (view, str(view)),
        "view_repr": (view, repr(view)),
        "trump_repr": (trump, repr(trump)),
        "action_repr": (play, repr(play)),
        "rules_repr": (rules, repr(rules)),
        "format_hand": (C("AH KH"), tl.format_hand(C("AH KH"))),
        "level_text": (tl.Rank.TEN, "10"),
        "preset_name": (rules, "tuolaji"),
    }
    for name, (arg, want) in cases.items():
        with pytest.warns(DeprecationWarning, match=name):
            helper = getattr(notation, name)
        assert helper(arg) == want, name


def test_format_action_is_the_str_of_an_action_and_refuses_other_values() -> None:
    assert notation.format_action(tl.Play(1, C("QH"))) == "1 play ♥Q"
    with pytest.raises(TypeError):
        notation.format_action("1 play ♥Q")  # type: ignore[arg-type]


def test_renamed_module_names_warn_and_alias_the_new_ones() -> None:
    renamed = [
        (validate, "check_state", validate.check_consistency),
        (bidding, "FIX", bidding.LEVEL_PAIR_STRENGTH),
        (bidding, "BiddingSystem", Bidding),
        (worlds, "Slots", worlds.HiddenPlaces),
        (worlds, "hidden_slots", worlds.hidden_places),
    ]
    for module, old, new in renamed:
        with pytest.warns(DeprecationWarning, match=old):
            assert getattr(module, old) is new
    with pytest.raises(AttributeError):
        _ = bidding.NO_SUCH_NAME  # type: ignore[attr-defined]


def test_event_log_memo_warns_and_is_the_shown_cards_cache() -> None:
    state = tl.GameState.new("tuolaji", 1)
    for _ in range(8):
        state = state.deal_card()
    view = state.view(0)
    log = view.events
    with pytest.warns(DeprecationWarning, match="shown_cards_cache"):
        assert log.memo is log.shown_cards_cache  # type: ignore[attr-defined]


def test_derived_values_stay_out_of_the_states_value() -> None:
    state = _state()
    plays = state.legal_plays()
    state.hand_ids(2)
    again = pickle.loads(pickle.dumps(state))
    assert again == state and hash(again) == hash(state)
    assert again.known_play_context() is None and state.known_play_context() is not None
    assert set(again.legal_plays()) == set(plays)
    after = state.play(0, plays.sample(random.Random(1)))
    assert after.known_play_context() is None  # a context belongs to its own state
