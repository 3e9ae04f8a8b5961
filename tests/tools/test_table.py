"""The table behind ``tuolaji play`` (issue 23): arguments, reading moves, the choices by
phase, news from public events, hints and taking back."""

from __future__ import annotations

from typing import Any

import pytest
from play_helpers import HUMAN, new_table

import tuolaji as tl
from tuolaji.tools.table import MAX_INPUT, Choices, PlaySession, event_line, move_text


def bots() -> list[Any]:
    return [None if s == HUMAN else tl.GreedyBot(seed=s) for s in range(4)]


@pytest.mark.parametrize(
    ("kwargs", "error", "match"),
    [
        ({"seat": "1"}, TypeError, "seat is an int"),
        ({"seat": True}, TypeError, "seat is an int"),
        ({"seat": 4}, tl.ConfigurationError, "R1.3: seat is 0-3"),
        ({"bots": [tl.GreedyBot()] * 3}, tl.ConfigurationError, "bots are four"),
        ({"bots": [None] * 4}, TypeError, r"bots\[0\] is a bot"),
    ],
)
def test_bad_arguments(kwargs: dict[str, Any], error: type[Exception], match: str) -> None:
    args: dict[str, Any] = {"seat": HUMAN, "bots": bots(), "hint": tl.GreedyBot(), **kwargs}
    with pytest.raises(error, match=match):
        PlaySession("tuolaji", 3, **args)


def test_reading_moves() -> None:
    table = new_table()
    with pytest.raises(TypeError, match="a move is typed as a str"):
        table.read(b"3h")  # type: ignore[arg-type]
    with pytest.raises(tl.IllegalAction, match=f"at most {MAX_INPUT} characters"):
        table.read("3h " * 1000)
    with pytest.raises(tl.InvalidCards, match="R1.1"):
        table.read("zz")
    with pytest.raises(tl.IllegalAction, match="R4.1: there is no turn to pass"):
        table.read("p")
    # The three spellings of the same card read alike.
    assert table.read("3h") == table.read("3H") == table.read("♥3") == tl.Play(HUMAN, "♥3")


def test_choices_by_phase_and_a_whole_deal() -> None:
    table = new_table()
    person = tl.GreedyBot(seed=5)
    kinds = set()
    while table.deciding:
        choices = table.choices()
        kinds.add(choices.kind)
        actions = table.actions
        assert actions is not None
        if choices.kind == "play" and choices.options:
            listed = [tl.Play(HUMAN, tl.parse_cards(o)) for o in choices.options]
            assert all(a in actions for a in listed)
            assert len(listed) + choices.more == len(actions)
        table.act(person.act(table.view, actions))
    assert "play" in kinds
    assert table.choices() == Choices(None, (), 0, "the deal is over")
    with pytest.raises(tl.IllegalAction, match="the deal is over"):
        table.read("3h")
    with pytest.raises(tl.IllegalAction, match="the deal is over"):
        table.hint()
    table.next_deal()
    assert table.game.state.deal_number == 1


def test_a_bid_and_a_burial_are_offered() -> None:
    """Seed 3 with the person at seat 2: seat 2 may bid ♠2 and, as the dealer, buries."""
    table = PlaySession(
        "tuolaji",
        3,
        seat=2,
        bots=[None if s == 2 else tl.GreedyBot(seed=s) for s in range(4)],
        hint=tl.GreedyBot(),
    )
    seen = []
    while table.deciding:
        choices = table.choices()
        seen.append(choices.kind)
        if choices.kind == "bid" and "♠2" in choices.options:
            table.act(table.read("♠2"))
        elif choices.kind == "bury":
            with pytest.raises(tl.IllegalAction, match="R5.1: bury exactly 8 cards"):
                table.read(str(table.view.hand[0]))
            hint = table.hint()
            assert isinstance(hint, tl.Bury) and move_text(hint).startswith("bury ")
            table.act(hint)
        else:
            actions = table.actions
            assert actions is not None
            table.act(tl.GreedyBot().act(table.view, actions))
    assert "bid" in seen and "bury" in seen


def test_news_tells_only_public_events() -> None:
    table = new_table()
    lines, mark = table.news()
    assert lines[0] == "the cards are dealt from seat 0"
    assert any(line.endswith("buries 8 cards (R5.1)") for line in lines)
    assert table.news(mark)[0] == []
    assert event_line(tl.Passed(1)) is None


def test_taking_back_needs_practice_and_a_move() -> None:
    with pytest.raises(tl.IllegalAction, match="only in practice mode"):
        new_table().undo()
    table = new_table(practice=True)
    assert not table.can_undo
    with pytest.raises(tl.IllegalAction, match="nothing to take back yet"):
        table.undo()
    record, decision = table.record(), table.decision
    actions = table.actions
    assert actions is not None
    table.act(tl.GreedyBot().act(table.view, actions))
    assert table.can_undo and table.record() != record
    table.undo()
    assert table.record() == record and table.decision == decision and not table.can_undo
