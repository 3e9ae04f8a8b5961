"""Readable values: action notation that round-trips, compact reprs and strs of states,
views, rules, trumps and results (issue 13, item 3)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

import tuolaji as tl
from tuolaji.core.cards import levels_text


def random_states(n: int, seed: int) -> list[tl.GameState]:
    """``n`` states along one random deal of each preset."""
    rng = random.Random(seed)
    out = []
    for name in tl.RULESETS:
        s = tl.GameState.new(name, seed=seed)
        states = [s]
        while s.phase is not tl.Phase.FINISHED:
            s = s.apply(s.legal_actions().sample(rng))
            states.append(s)
        out += [*rng.sample(states, n), states[-1]]
    return out


STATES = random_states(8, 3)


@given(st.lists(st.sampled_from(tl.CARDS), max_size=12))
def test_format_hand_reads_back_in_order(cards: list[tl.Card]) -> None:
    assert tl.parse_cards(tl.format_hand(cards)) == tuple(cards)


def test_format_hand_groups_by_suit_and_keeps_tens_readable() -> None:
    cards = tl.parse_cards("KH KH QH 3S SJ 10S 10S 9S 8S KC 10C")
    assert tl.format_hand(cards) == "♥KKQ ♠3 SJ ♠10♠10♠98 ♣K♣10"
    assert tl.format_hand(()) == ""
    assert str(tl.Play(1, ())) == "1 play -" and tl.parse_action("1 play -") == tl.Play(1, ())


def test_format_hand_with_a_trump_separates_level_cards_from_their_suit() -> None:
    trump = tl.Trump(tl.Rank.TWO, None)
    cards = trump.sorted(tl.parse_cards("2S AS AS 3S"))
    assert tl.format_hand(cards, trump) == "♠2 ♠AA3"


@pytest.mark.parametrize(
    ("text", "action"),
    [
        ("deal", tl.DealCard()),
        ("1 play ♥KK", tl.Play(1, tl.parse_cards("KH KH"))),
        ("0 declare ♥10 BJ", tl.Declare(0, tl.parse_cards("10H BJ"))),
        ("2 pass", tl.Pass(2)),
        ("3 redeal", tl.AskRedeal(3)),
        ("0 bury ♣2345 ♦66 ♠37", tl.Bury(0, tl.parse_cards("2C 3C 4C 5C 6D 6D 3S 7S"))),
    ],
)
def test_action_notation_round_trips(text: str, action: tl.Action) -> None:
    assert str(action) == text
    assert tl.parse_action(text) == action
    assert repr(action) == f"parse_action({text!r})"
    assert eval(repr(action), {"parse_action": tl.parse_action}) == action


def test_parse_action_accepts_any_card_spelling() -> None:
    assert tl.parse_action("1 PLAY KH kh") == tl.Play(1, tl.parse_cards("♥KK"))
    assert tl.parse_action("0 bid 2S SJ") == tl.Declare(0, tl.parse_cards("2S SJ"))


@pytest.mark.parametrize(
    ("text", "needle"),
    [
        ("", "SEAT VERB"),
        ("play ♥KK", "SEAT VERB"),
        ("4 play ♥KK", "seat 0-3"),
        ("1 discard ♥KK", "unknown verb"),
        ("1 pass ♥KK", "takes no cards"),
        ("x" * 500, "..."),
    ],
)
def test_parse_action_rejects_bad_text_briefly(text: str, needle: str) -> None:
    with pytest.raises(tl.IllegalAction, match="R11") as info:
        tl.parse_action(text)
    assert needle in str(info.value) and len(str(info.value)) < 200


def test_parse_action_bad_cards_are_invalid_cards() -> None:
    with pytest.raises(tl.InvalidCards):
        tl.parse_action("1 play ♥KX")


def test_every_legal_action_round_trips() -> None:
    rng = random.Random(5)
    for state in STATES:
        actions = state.legal_actions()
        for action in [actions.sample(rng) for _ in range(3)] if actions else []:
            assert tl.parse_action(str(action)) == action


def test_state_prints_in_a_few_lines() -> None:
    for state in STATES:
        text = str(state)
        assert 6 <= len(text.splitlines()) <= 9
        assert len(repr(state)) < 200 and "\n" not in repr(state)
        assert state.phase.value in text and state.phase.value in repr(state)
        assert "Rank." not in text and "Card" not in text


def test_state_str_shows_hands_trick_and_points() -> None:
    state = next(s for s in STATES if s.phase is tl.Phase.PLAYING and s.trick)
    text = str(state)
    for seat, hand in enumerate(state.hands):
        line = text.splitlines()[1 + seat]
        assert line.startswith(str(seat))
        shown = tl.parse_cards(line.split(")", 1)[1].replace(" -", ""))
        assert sorted(c.id for c in shown) == sorted(c.id for c in hand)
    assert f"attackers {state.attacker_points} points" in text
    assert tl.format_hand(state.trick[0]) in text


def test_finished_state_prints_its_result() -> None:
    state = next(s for s in STATES if s.result is not None)
    assert state.result is not None
    assert str(state.result) in str(state)
    assert str(state.result.outcome) in str(state.result)


def test_view_str_hides_other_hands() -> None:
    state = next(s for s in STATES if s.phase is tl.Phase.PLAYING)
    for seat in range(4):
        text = str(state.view(seat))
        assert text.startswith(f"seat {seat}'s view")
        for other in range(4):
            if other != seat and state.hands[other]:
                hidden = text.splitlines()[1 + other]
                assert "hidden" in hidden
        assert f"{len(state.hands[seat])} cards" in repr(state.view(seat))


def test_rules_repr_names_the_preset_or_the_changes_and_pastes_back() -> None:
    assert repr(tl.RULESETS["shuangsheng"]) == "Rules.preset('shuangsheng')"
    house = tl.Rules(throw_penalty=20, levels=(2, 7, 14))
    assert repr(house) == "Rules(throw_penalty=20, levels=(2, 7, 14))"
    assert eval(repr(house), {"Rules": tl.Rules}) == house
    odd = tl.Rules(must_play=(2, 14), jack_hook=True)
    assert eval(repr(odd), {"Rules": tl.Rules}) == odd


def test_trump_and_rank_reprs_paste_back() -> None:
    trump = tl.Trump(tl.Rank.TEN, tl.Suit.SPADES, permanent_twos=True)
    assert repr(trump) == "Trump(Rank.TEN, Suit.SPADES, permanent_twos=True)"
    names = {"Trump": tl.Trump, "Rank": tl.Rank, "Suit": tl.Suit}
    assert eval(repr(trump), names) == trump
    assert repr((tl.Rank.TEN, tl.Rank.JACK)) == "(Rank.TEN, Rank.JACK)"
    assert levels_text((tl.Rank.TEN, tl.Rank.JACK)) == (
        "team 0 (seats 0 2): 10, team 1 (seats 1 3): J"
    )


def test_trick_and_match_strs() -> None:
    trick = tl.Trick(3, (tl.parse_cards("KH"), tl.parse_cards("AH")), 0, 10)
    assert str(trick) == "3 ♥K, 0 ♥A -> 0 (+10)"
    assert str(tl.MatchResult((), None)) == "no winner after 0 deals"


def test_format_action_is_the_str_of_an_action_and_refuses_other_values() -> None:
    assert tl.format_action(tl.Play(1, tl.parse_cards("QH"))) == "1 play ♥Q"
    with pytest.raises(TypeError):
        tl.format_action("1 play ♥Q")  # type: ignore[arg-type]
