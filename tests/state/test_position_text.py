"""The position string (#20): ``state.to_text()`` / ``GameState.from_text()``, a compact
line for bug reports that reads back exactly, with a bounded, strict reader."""

from __future__ import annotations

import json
import random

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import tuolaji as tl
from tuolaji.state import codec
from tuolaji.state.position_text import MAX_POSITION_TEXT, PREFIX
from tuolaji.state.view import PlayerView
from tuolaji.testing import strategies as tst
from tuolaji.testing.driver import random_action

SLOW_DATA = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def play_to(state: tl.GameState, bots: list[tl.Bot], actions: int) -> tl.GameState:
    for _ in range(actions):
        if state.is_terminal:
            break
        seat = state.to_act
        legal = state.legal_actions()
        action = (
            legal.sample(random.Random(0)) if seat < 0 else bots[seat].act(state.view(seat), legal)
        )
        state = state.apply(action)
    return state


@SLOW_DATA
@given(state=tst.game_states())
def test_round_trip_of_states_of_any_rules_and_phase(state: tl.GameState) -> None:
    text = state.to_text()
    assert text.startswith(PREFIX) and "\n" not in text
    assert tl.GameState.from_text(text) == state
    assert tl.GameState.from_text(text).to_text() == text


# Rules under which each phase happens (R4.7 weak hand: a threshold every hand is under;
# R5.2 counters); the other phases happen under every preset.
PHASE_RULES: dict[tl.Phase, tl.Rules | str] = {
    tl.Phase.WEAK_HAND: attrs.evolve(tl.RULESETS["shuangsheng"], weak_hand_redeal=200),
    tl.Phase.FIRST_COUNTERS: "shuangsheng",
    tl.Phase.COUNTERS: "shuangsheng",
}
COMMON_PHASES = [p for p in tl.Phase if p not in PHASE_RULES]


@pytest.mark.parametrize("phase", list(PHASE_RULES))
@settings(max_examples=4, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_round_trip_in_the_phases_of_some_rules(data: st.DataObject, phase: tl.Phase) -> None:
    state = data.draw(tst.game_states(PHASE_RULES[phase], phase=phase))
    assert state.phase is phase
    assert tl.GameState.from_text(state.to_text()) == state


@pytest.mark.parametrize("phase", COMMON_PHASES)
@pytest.mark.parametrize("preset", list(tl.RULESETS))
@settings(max_examples=3, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_round_trip_in_every_phase_of_every_preset(
    data: st.DataObject, phase: tl.Phase, preset: str
) -> None:
    state = data.draw(tst.game_states(preset, phase=phase))
    assert state.phase is phase
    assert tl.GameState.from_text(state.to_text()) == state


@SLOW_DATA
@given(state=tst.play_positions(max_plays=6))
def test_round_trip_of_play_positions(state: tl.GameState) -> None:
    """``for_play`` positions have no shuffle: the deck is written out only when it is
    not the seed's (here it is empty). Custom rules write every field of `Rules` (39 in 0.5,
    the longest level table a preset's: 14 bands), and a team on the no-trump level (R9.2) its
    flags. The longest text hypothesis has found is 700 characters."""
    text = state.to_text()
    assert tl.GameState.from_text(text) == state
    assert len(text) < 850


def test_a_played_position_is_well_under_1_kb() -> None:
    """GreedyBots' play positions at every trick of a few deals, against the JSON form."""
    largest = 0
    for seed in range(3):
        bots: list[tl.Bot] = [tl.GreedyBot(seed * 4 + seat) for seat in range(4)]
        state = tl.GameState.new("tuolaji", seed)
        while not state.is_terminal:
            state = play_to(state, bots, 1)
            if state.phase is tl.Phase.PLAYING:
                text = state.to_text()
                largest = max(largest, len(text))
                assert len(text) * 5 < len(state.to_json())
        assert tl.GameState.from_text(state.to_text()) == state
    assert largest < 900, largest


def test_the_rules_and_the_deck_are_short_when_they_can_be() -> None:
    state = tl.GameState.new("shuangsheng", 7)
    assert state.to_text().startswith(f"{PREFIX}'shuangsheng,7,(2,2),0,0,1,~,'dealing,=,")
    house = tl.GameState.new(attrs.evolve(tl.RULESETS["shuangsheng"], wrap=False), 7)
    assert tl.GameState.from_text(house.to_text()) == house


def test_a_stacked_deck_is_written_out() -> None:
    deck = list(reversed(tl.full_deck()))
    state = tl.GameState.new("tuolaji", 3, deck=deck)
    text = state.to_text()
    assert ",=," not in text
    assert tl.GameState.from_text(text).deck == tuple(deck)


# --- hostile input ---------------------------------------------------------------------------


def test_a_non_string_is_a_type_error() -> None:
    for bad in (None, b"T1:", 3, ["T1:"]):
        with pytest.raises(TypeError, match="position string is a str"):
            tl.GameState.from_text(bad)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("text", "needle"),
    [
        ("", "starts with 'T1:'"),
        ("FEN rnbqkbnr", "starts with 'T1:'"),
        ("T1:", "at character 3, expected '(', found the end"),
        ("T1:'nope,0", "no rules preset 'nope'"),
        ("T1:'tuolaji", "at character 11, expected ','"),
        ("T1:'tuolaji,x", "at character 12"),
        ("T1:'tuolaji,9" + "9" * 30, "at character 12"),
        ("T1:'tuolaji,0,((((((((((((((((((((", "expected a Rank"),
    ],
)
def test_bad_text_names_the_character(text: str, needle: str) -> None:
    with pytest.raises(tl.InvalidRecord, match="position string") as info:
        tl.GameState.from_text(text)
    assert needle in str(info.value)
    assert len(str(info.value)) < 300


def test_a_long_text_is_refused_before_it_is_read() -> None:
    with pytest.raises(tl.InvalidRecord, match=f"at most {MAX_POSITION_TEXT} characters"):
        tl.GameState.from_text("T1:" + "(" * (MAX_POSITION_TEXT + 1))


def test_values_that_read_but_cannot_be_a_deal_are_refused() -> None:
    """The reader checks what it reads like from_json: a card held three times (R1.1)."""
    state = tl.GameState.for_play(
        "tuolaji",
        hands=[tl.parse_cards(h) for h in ("2S", "3S", "4S", "5S")],
        kitty=tl.parse_cards("6S 6S 7S 7S 8S 8S 9S 9S"),
        trump=tl.Trump(tl.Rank.TWO, tl.Suit.HEARTS),
        dealer=0,
        levels=[tl.Rank.TWO, tl.Rank.TWO],
    )
    text = state.to_text()
    assert tl.GameState.from_text(text) == state
    kitty = ",44556677,"  # 6S 6S 7S 7S 8S 8S 9S 9S: one character per card, by card id
    assert kitty in text
    with pytest.raises(tl.InvalidRecord, match="R1.1"):
        tl.GameState.from_text(text.replace(kitty, ",44556666,"))


@settings(max_examples=100, deadline=None)
@given(state=tst.game_states(), cut=st.integers(0, 10_000), insert=st.text(max_size=3))
def test_edited_strings_read_as_a_consistent_state_or_fail_typed(
    state: tl.GameState, cut: int, insert: str
) -> None:
    text = state.to_text()
    at = cut % (len(text) + 1)
    edited = text[:at] + insert + text[at + 1 :]
    try:
        read = tl.GameState.from_text(edited)
    except tl.InvalidRecord:
        return
    tl.GameState.from_json(read.to_json())  # whatever reads is a state that could arise


@settings(max_examples=200, deadline=None)
@given(text=st.text(max_size=200).map(lambda t: PREFIX + t))
def test_random_text_fails_only_with_invalid_record(text: str) -> None:
    with pytest.raises(tl.InvalidRecord):
        tl.GameState.from_text(text)


def test_a_quoted_trick_leader_fails_typed() -> None:
    """An edited finished trick whose leader reads as a 'string is refused as InvalidRecord
    (the plays' events, left out as ``*``, are rebuilt from the leaders)."""
    game = tl.Game("tuolaji", 5)
    rng = random.Random(5)
    while not game.state.tricks:
        game.apply(random_action(game.state, rng))
    text = game.state.to_text()
    tricks_at = text.rfind(",((", 0, text.index("*")) + 3
    with pytest.raises(tl.InvalidRecord, match="the tricks before"):
        tl.GameState.from_text(text[:tricks_at] + "'" + text[tricks_at:])


@pytest.mark.parametrize("size", [0, 4])
def test_r4_1_kitty_size_states_and_positions_read_back(size: int) -> None:
    """R4.1 with Rules.kitty_size: every state of a deal with a kitty of 4 or none, and a
    play position of 26 or 27 cards a hand, read back from the position text and from JSON
    exactly; the size is written with the rules, so the text of a kitty of 8 differs."""
    rules = attrs.evolve(tl.RULESETS["tuolaji"], kitty_size=size)
    states = tl.testing.random_deal(rules, 5, dealer=2, bid_rate=0.4)
    for state in [*states[:: max(1, len(states) // 30)], states[-1]]:
        assert tl.GameState.from_text(state.to_text()) == state
        assert tl.GameState.from_json(state.to_json()) == state
    other = attrs.evolve(rules, kitty_size=8)
    assert states[0].to_text() != attrs.evolve(states[0], rules=other).to_text()
    deck = tl.shuffled_deck(random.Random(size))
    hand = rules.hand_size
    position = tl.GameState.for_play(
        rules,
        hands=[deck[s : 4 * hand : 4] for s in range(4)],
        kitty=deck[4 * hand :],
        trump=tl.Trump(tl.Rank.TWO, tl.Suit.HEARTS),
        dealer=1,
        levels=(tl.Rank.TWO, tl.Rank.TWO),
    )
    assert len(position.hands[0]) == hand
    assert tl.GameState.from_text(position.to_text()) == position


def _finished_on_no_trump() -> tl.GameState:
    """A deal declared on the no-trump level (R9.2), played out at random."""
    rules = tl.Rules(top_level="no_trump")
    state = tl.GameState.new(
        rules, 4, levels=(tl.Rank.ACE, tl.Rank.ACE), dealer=1, no_trump_level=(False, True)
    )
    rng = random.Random(4)
    while not state.is_terminal:
        state = state.apply(random_action(state, rng))
    return state


def test_r9_2_the_no_trump_level_round_trips_through_json_text_and_views() -> None:
    state = _finished_on_no_trump()
    assert state.trump == state.rules.trump(tl.Rank.ACE, None)
    assert state.result is not None and state.no_trump_level == (False, True)
    assert tl.GameState.from_json(state.to_json()) == state
    view = state.view(2)
    assert view.no_trump_level == (False, True)
    assert codec.from_data(PlayerView, codec.to_data(PlayerView, view)) == view
    assert tl.GameState.from_text(state.to_text()) == state
    assert state.to_text().endswith(",(0,1)")


def test_r9_2_json_and_text_written_before_no_trump_level_read_as_today() -> None:
    """Old data lacks ``no_trump_level`` in the state, the view and the result: neither team
    is on the no-trump level; and a state that uses no such level writes the same text as
    before the field existed (the upgrade fills it in)."""
    state = tl.GameState.new("tuolaji", 9)
    rng = random.Random(9)
    while not state.is_terminal:
        state = state.apply(random_action(state, rng))
    data = json.loads(state.to_json())
    del data["no_trump_level"]
    del data["result"]["no_trump_level"]
    for event in data["events"]:
        if event.get("type") == "DealScored":
            del event["result"]["no_trump_level"]
    assert tl.GameState.from_json(json.dumps(data)) == state
    text = state.to_text()
    assert "(0,0)" not in text[-8:]  # no trailing default flags
    assert tl.GameState.from_text(text) == state


def test_r9_2_a_state_with_an_impossible_no_trump_level_is_refused() -> None:
    """Edited JSON: a team on NT in a first deal (its dealer comes from bidding), or under
    top_level="A", or not on the last level, is no possible state (R9.2)."""
    rules = tl.Rules(top_level="no_trump")
    first = json.loads(tl.GameState.new(rules, 3).to_json())
    first["levels"], first["no_trump_level"] = [14, 14], [True, False]
    later = json.loads(tl.GameState.new("tuolaji", 3, dealer=1).to_json())
    later["levels"], later["no_trump_level"] = [14, 2], [True, False]
    low = json.loads(tl.GameState.new(rules, 3, dealer=1).to_json())
    low["no_trump_level"] = [True, False]  # team 0 is on 2
    for data, says in ((first, "dealer"), (later, "top_level"), (low, "last level")):
        with pytest.raises(tl.InvalidRecord, match=says):
            tl.GameState.from_json(json.dumps(data))
