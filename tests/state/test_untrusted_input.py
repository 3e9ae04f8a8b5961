"""Hostile input (issue 10, items 2-4, 6, 7): readers and entry points raise only
``TuolajiError`` subclasses, quickly, with short messages, and check limits first."""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tuolaji as tl
from positions import random_deal_states
from tuolaji import GameState, Phase
from tuolaji.core.limits import MAX_CARD_TEXT, MAX_ECHO, MAX_RECORD_TEXT, MAX_STATE_TEXT

MESSAGE_LIMIT = 700
"""No error message is longer (the longest fixed text is the card spelling help)."""


STATES = [*random_deal_states("tuolaji", 3), *random_deal_states("shuangsheng", 4)]
SAMPLE = STATES[:: len(STATES) // 12]


def refused(call: Any, *args: Any, kind: type[Exception] = tl.InvalidRecord) -> str:
    """The message of the error ``call(*args)`` raises, which must be a ``kind``."""
    with pytest.raises(tl.TuolajiError) as info:
        call(*args)
    assert isinstance(info.value, kind), repr(info.value)[:300]
    message = str(info.value)
    assert len(message) <= MESSAGE_LIMIT, message[:300]
    return message


def state_data(state: GameState) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(state.to_json())
    return data


def with_field(state: GameState, **changes: Any) -> str:
    data = state_data(state)
    data.update(changes)
    return json.dumps(data)


def in_phase(phase: Phase) -> GameState:
    return next(s for s in STATES if s.phase is phase)


# --- item 3: readers raise InvalidRecord only -----------------------------------------------

HOSTILE_TEXTS: list[object] = [
    "[" * 100_000,
    "{" * 100_000,
    "9" * 5000,
    "null",
    None,
    5,
    3.5,
    ["a"],
    b"\xff\xfe\x00",
    b'{"format": "tuolaji-record", "seed": "\xff"}',
    "",
    "nan",
    '"' + "x" * 1000 + '"',
]


@pytest.mark.parametrize("text", HOSTILE_TEXTS, ids=lambda t: repr(t)[:20])
def test_hostile_text_is_refused_by_both_readers(text: object) -> None:
    refused(GameState.from_json, text)
    refused(tl.replay, text)


def record_data() -> dict[str, Any]:
    game = tl.Game("tuolaji", seed=5)
    game.play_deal([tl.RandomBot(s) for s in range(4)])
    return tl.record_of(game)


RECORD = record_data()


@pytest.mark.parametrize(
    ("change", "expected"),
    [
        ({"deals": [5]}, "deal 1"),
        ({"deals": [None]}, "deal 1"),
        ({"deals": 5}, "deals"),
        ({"seed": True}, "seed"),
        ({"seed": None}, "seed"),
        ({"seed": 10**30}, "seed"),
        ({"version": 1.0}, "version"),
        ({"version": True}, "version"),
        ({"rules": None}, "rules"),
        ({"rules": {"bidding": "x" * 10_000}}, "rules"),
        ({"deals": [[{"type": "Play", "seat": 0}]]}, "action 1"),
        ({"deals": [[{"type": "Nope"}]]}, "action 1"),
        ({"deals": [[{"type": "DealCard", "extra": 1}]]}, "action 1"),
        ({"deals": [[{"type": "Pass", "seat": 9}]]}, "action 1"),
    ],
)
def test_r11_bad_records_raise_invalid_record(change: dict[str, Any], expected: str) -> None:
    data = {**RECORD, **change}
    assert expected in refused(tl.replay, json.dumps(data))
    assert expected in refused(tl.replay, data)


def test_r11_record_without_a_seed_is_invalid() -> None:
    data = {k: v for k, v in RECORD.items() if k != "seed"}
    assert "seed" in refused(tl.replay, json.dumps(data))


def test_r1_1_an_action_with_three_copies_of_a_card_names_the_action() -> None:
    """A record whose action holds 3 copies of a card names the action, like any other."""
    deals = [list(d) for d in RECORD["deals"]]
    at = next(i for i, a in enumerate(deals[0]) if a["type"] == "Bury")
    deals[0][at] = {**deals[0][at], "cards": "BJ BJ BJ 2S 2S 3S 3S 4S"}
    message = refused(tl.replay, json.dumps({**RECORD, "deals": deals}))
    assert f"deal 1, action {at + 1}" in message


def test_size_limits_are_checked_before_parsing() -> None:
    """A 10 MiB JSON string yields a short error, not a 50 MiB one."""
    huge = '"' + "x" * (10 << 20) + '"'
    assert str(MAX_STATE_TEXT) in refused(GameState.from_json, huge)
    assert str(MAX_RECORD_TEXT) in refused(tl.replay, huge)
    assert len(refused(GameState.from_json, huge.encode())) < 200


def test_a_huge_hand_inside_the_limit_of_a_state_is_refused_shortly() -> None:
    """A 10 MiB hand of 3.5 M cards was accepted; now the text limit refuses it, and a
    hand that fits the state limit is refused by the card-text limit, both shortly."""
    state = in_phase(Phase.PLAYING)
    data = state_data(state)
    data["hands"][0] = " ".join(["AS"] * 3_500_000)
    assert str(MAX_STATE_TEXT) in refused(GameState.from_json, json.dumps(data))
    data["hands"][0] = " ".join(["AS"] * 300_000)
    assert str(MAX_CARD_TEXT) in refused(GameState.from_json, json.dumps(data))


def test_error_messages_cut_echoed_values() -> None:
    long = "Z" * 100_000
    for call in (
        lambda: tl.parse_cards(long),
        lambda: tl.parse_cards("AS " + "Z" * 900),
        lambda: tl.Card.parse(long[:500]),
        lambda: tl.Rank.parse(long),
        lambda: GameState.new().apply(long),  # type: ignore[arg-type]
        lambda: GameState.new().pass_(long),  # type: ignore[arg-type]
        lambda: GameState.new(long),
        lambda: tl.replay({**RECORD, "version": long}),
    ):
        with pytest.raises(tl.TuolajiError) as info:
            call()
        assert len(str(info.value)) <= MESSAGE_LIMIT
        assert "Z" * (MAX_ECHO + 1) not in str(info.value)


# --- item 2: from_json checks meaning -------------------------------------------------------


def test_r1_1_a_third_big_joker_is_refused() -> None:
    state = in_phase(Phase.PLAYING)
    data = state_data(state)
    hand = data["hands"][0].split()
    hand[0] = "BJ"
    data["hands"][0] = " ".join(hand)
    if tl.Card.parse(state_data(state)["hands"][0].split()[0]) == tl.BIG_JOKER:
        hand[1] = "BJ"
        data["hands"][0] = " ".join(hand)
    assert "R1.1" in refused(GameState.from_json, json.dumps(data))


@pytest.mark.parametrize(
    ("phase", "changes", "expected"),
    [
        (Phase.PLAYING, {"turn": 7}, "turn"),
        (Phase.PLAYING, {"turn": -1}, "turn"),
        (Phase.PLAYING, {"dealer": None}, "dealer"),
        (Phase.PLAYING, {"leader": 4}, "leader"),
        (Phase.PLAYING, {"passes": 9}, "passes"),
        (Phase.PLAYING, {"dealt": 50}, "100"),
        (Phase.PLAYING, {"result": None, "phase": "finished"}, "result"),
        (Phase.PLAYING, {"trick_points": 5}, "trick_points"),
        (Phase.PLAYING, {"trump": None}, "trump"),
        (Phase.PLAYING, {"levels": [14, 2]}, "level"),
        (Phase.DEALING, {"phase": "playing"}, "possible"),
        (Phase.DEALING, {"dealt": 99}, "dealt"),
        (Phase.DEALING, {"deck": "AS " * 108}, "108"),
        (Phase.BURYING, {"hands": ["", "", "", ""]}, "33"),
        (Phase.FINISHED, {"tricks": []}, "possible"),
        (Phase.FINISHED, {"deal_number": -1}, "deal_number"),
    ],
)
def test_r11_impossible_states_are_refused(
    phase: Phase, changes: dict[str, Any], expected: str
) -> None:
    message = refused(GameState.from_json, with_field(in_phase(phase), **changes))
    assert expected in message


@pytest.mark.slow
def test_every_reachable_state_is_accepted() -> None:
    for state in STATES:
        assert GameState.from_json(state.to_json()) == state


def mutations() -> st.SearchStrategy[Any]:
    """JSON values that a hostile client might put in a field."""
    scalars = st.one_of(
        st.none(),
        st.booleans(),
        st.integers(min_value=-(10**20), max_value=10**20),
        st.floats(allow_nan=False),
        st.text(max_size=20),
        st.sampled_from(["AS", "BJ BJ BJ", "playing", "finished", "♥KK", "10H 10H"]),
    )
    return st.recursive(
        scalars,
        lambda inner: (
            st.lists(inner, max_size=4)
            | st.dictionaries(st.sampled_from(["type", "seat", "cards", "x"]), inner, max_size=3)
        ),
        max_leaves=8,
    )


def set_path(data: Any, path: list[Any], value: Any) -> None:
    for key in path[:-1]:
        data = data[key]
    data[path[-1]] = value


def paths(data: Any, prefix: list[Any]) -> list[list[Any]]:
    out = [prefix] if prefix else []
    if isinstance(data, dict):
        for key, value in data.items():
            out += paths(value, [*prefix, key])
    elif isinstance(data, list):
        for i, value in enumerate(data[:6]):
            out += paths(value, [*prefix, i])
    return out


@pytest.mark.slow
@settings(max_examples=300)
@given(st.sampled_from(range(len(SAMPLE))), st.data(), mutations())
def test_fuzzed_states_raise_only_invalid_record(
    index: int, data: st.DataObject, value: Any
) -> None:
    """A state's JSON with one value replaced by hostile JSON: either a state that can arise
    (and then works: legal actions, views, round trip) or InvalidRecord, with a short
    message."""
    state_json = state_data(SAMPLE[index])
    path = data.draw(st.sampled_from(paths(state_json, [])))
    set_path(state_json, path, value)
    text = json.dumps(state_json)
    try:
        state = GameState.from_json(text)
    except tl.InvalidRecord as exc:
        assert len(str(exc)) <= MESSAGE_LIMIT
        return
    state.legal_actions()
    for seat in range(4):
        state.view(seat)
    assert GameState.from_json(state.to_json()) == state


@pytest.mark.slow
@settings(max_examples=300)
@given(st.data(), mutations())
def test_fuzzed_records_raise_only_invalid_record(data: st.DataObject, value: Any) -> None:
    """A record with one value replaced by hostile JSON replays or raises InvalidRecord."""
    record = json.loads(json.dumps(RECORD))
    record["deals"][0] = record["deals"][0][:150]  # keep each example quick
    path = data.draw(st.sampled_from(paths(record, [])))
    set_path(record, path, value)
    try:
        tl.replay(json.dumps(record), partial=True)
    except tl.InvalidRecord as exc:
        assert len(str(exc)) <= MESSAGE_LIMIT


@settings(max_examples=200)
@given(st.binary(max_size=200) | st.text(max_size=200).map(str.encode))
def test_fuzzed_bytes_raise_only_invalid_record(raw: bytes) -> None:
    for reader in (GameState.from_json, tl.replay):
        try:
            reader(raw)
        except tl.InvalidRecord as exc:
            assert len(str(exc)) <= MESSAGE_LIMIT


# --- item 7: card parsing -------------------------------------------------------------------

CARD_ALPHABET = st.sampled_from(
    list("0123456789TJQKASHCDBtjqkashcdb ,;\t♠♥♣♦♤♡♧♢小大王ǰſıİﬀ\u00a0\u2003ß")
)


@pytest.mark.slow
@settings(max_examples=1000)
@given(st.text(CARD_ALPHABET, max_size=24) | st.text(max_size=24))
def test_parse_cards_fuzz_positions_index_the_original_text(text: str) -> None:
    """Either cards, or InvalidCards whose token sits at its position in ``text``."""
    try:
        cards = tl.parse_cards(text)
    except tl.InvalidCards as exc:
        assert text[exc.position : exc.position + len(exc.token)] == exc.token
        assert exc.token.strip() == exc.token and exc.token
        assert len(str(exc)) <= MESSAGE_LIMIT
        return
    # What parsed is written in documented spellings only: ASCII letters, digits, symbols.
    assert re.fullmatch(r"[0-9TJQKASHCDB♠♥♣♦♤♡♧♢小大王\s,;]*", text.upper()), text
    assert len(tl.parse_cards(tl.format_cards(cards))) == len(cards)


@pytest.mark.parametrize("text", ["10ſ", "Aſ", "ıs", "ﬀ", "Kß", "AİS", "ǰS"])
def test_r1_1_only_documented_aliases_parse(text: str) -> None:
    refused(tl.parse_cards, text, kind=tl.InvalidCards)


def test_r1_1_ascii_letter_case_is_still_ignored() -> None:
    assert tl.parse_cards("th 10h ♥kq sj bj") == tl.parse_cards("TH 10H ♥KQ SJ BJ")


# --- item 6: wrong types at entry points ----------------------------------------------------


def test_card_notation_is_accepted_where_cards_are_taken() -> None:
    state = in_phase(Phase.PLAYING)
    hand = state.hands[state.turn]
    play = next(iter(state.legal_plays()))
    text = tl.format_cards(play, pretty=True)
    assert state.play(state.turn, text) == state.play(state.turn, play)
    assert tl.Play(0, "♥KK") == tl.Play(0, tl.parse_cards("KH KH"))
    burying = in_phase(Phase.BURYING)
    cards = burying.hands[burying.turn][:8]
    assert burying.bury(burying.turn, tl.format_cards(cards)) == burying.bury(burying.turn, cards)
    assert hand  # the seat to play holds cards


@pytest.mark.parametrize(
    ("call", "argument"),
    [
        (lambda s: s.play(s.turn, [None]), "cards"),
        (lambda s: s.play(s.turn, 5), "cards"),
        (lambda s: s.play(s.turn, b"AS"), "cards"),
        (lambda s: s.play(s.turn, "AS ZZ"), "cards"),
        (lambda s: s.play("0", "AS"), "seat"),
        (lambda s: s.play(None, "AS"), "seat"),
        (lambda s: s.apply("Play"), "action"),
        (lambda s: s.view(9), "seat"),
        (lambda s: s.legal_actions(seat="x"), "seat"),
    ],
)
def test_r11_wrong_types_raise_tuolaji_errors(call: Any, argument: str) -> None:
    state = in_phase(Phase.PLAYING)
    with pytest.raises(tl.TuolajiError) as info:
        call(state)
    assert argument in str(info.value) or "R1.3" in str(info.value)


@pytest.mark.parametrize(
    ("call", "argument"),
    [
        (lambda: GameState.new(None), "rules"),
        (lambda: GameState.new(5), "rules"),
        (lambda: GameState.new("nope"), "nope"),
        (lambda: GameState.new(deal_number="x"), "deal_number"),
        (lambda: GameState.new(seed=2**70), "seed"),
        (lambda: GameState.new(levels=5), "levels"),
        (lambda: GameState.new(levels=["2", "2"]), "levels"),
        (lambda: GameState.new(deck="AS"), "R1.1"),
        (lambda: GameState.new(deck=[1, 2]), "deck"),
        (lambda: tl.Card.from_id("3"), "ids"),
        (lambda: tl.Card.from_id(True), "ids"),
        (lambda: tl.Rank.parse(5), "rank"),
        (lambda: tl.Card.parse(None), "str"),
        (lambda: tl.Game(None), "rules"),
        (lambda: tl.Game(seed="x"), "seed"),
        (lambda: tl.Game(max_redeals=-1), "max_redeals"),
        (
            lambda: GameState.for_play(
                "tuolaji",
                hands="AS",
                kitty="",
                trump=None,
                dealer=0,
                levels=[tl.Rank.TWO, tl.Rank.TWO],
            ),
            "trump",
        ),
    ],
)
def test_r11_wrong_arguments_name_the_argument(call: Any, argument: str) -> None:
    with pytest.raises(tl.TuolajiError) as info:
        call()
    assert argument in str(info.value)


def test_new_state_with_any_accepted_arguments_round_trips() -> None:
    """GameState.new accepted deal_number="x" and then failed its own JSON round trip."""
    for kwargs in ({"deal_number": 3, "seed": -(2**62)}, {"seed": 2**63 - 1, "dealer": 2}):
        state = GameState.new("tuolaji", **kwargs)  # type: ignore[arg-type]
        assert GameState.from_json(state.to_json()) == state


def test_refused_actions_leave_the_state_unchanged() -> None:
    state = in_phase(Phase.PLAYING)
    before = state.to_json()
    for bad in ([None], "ZZ", 7, "AS " * 400):
        with pytest.raises(tl.TuolajiError):
            state.play(state.turn, bad)  # type: ignore[arg-type]
    assert state.to_json() == before


@pytest.mark.parametrize("size", [0, 4])
@pytest.mark.parametrize(
    "phase", [Phase.CLOSING, Phase.BURYING, Phase.PLAYING, Phase.FINISHED], ids=str
)
def test_r4_1_hands_that_do_not_fit_the_kitty_size_are_refused(phase: Phase, size: int) -> None:
    """R4.1: a state read back must hold the hands and kitty of its rules' kitty_size. A
    state dealt with a kitty of 8 (25 cards a seat), relabelled with a kitty of 4 or none,
    is refused, whatever its phase; and so is a play position whose hands are longer than
    the kitty size allows."""
    state = next(s for s in STATES if s.phase is phase and s.rules.counter_bids is False and s.deck)
    data = state_data(state)
    data["rules"] = {**data["rules"], "kitty_size": size}
    if isinstance(data["rules"].get("no_bid_reveal"), int):
        data["rules"]["no_bid_reveal"] = 0
    message = refused(GameState.from_json, json.dumps(data))
    assert "R4.1" in message or "R5.1" in message, message
    rules = tl.Rules(kitty_size=size)
    deck = tl.shuffled_deck(random.Random(size))
    hand = rules.hand_size
    kitty = deck[4 * hand :]
    trump, levels = tl.Trump(tl.Rank.TWO, None), (tl.Rank.TWO, tl.Rank.TWO)
    fits = [deck[s : 4 * hand : 4] for s in range(4)]
    position = GameState.for_play(
        rules, hands=fits, kitty=kitty, trump=trump, dealer=0, levels=levels
    )
    assert GameState.from_json(position.to_json()) == position
    longer = [(*h, deck[0]) for h in fits]  # one card more than the rules deal
    with pytest.raises(tl.IllegalAction, match="R7.1") as info:
        GameState.for_play(rules, hands=longer, kitty=kitty, trump=trump, dealer=0, levels=levels)
    assert f"1 to {hand} cards" in str(info.value)
