"""The table behind ``tuolaji play`` (issue 23): arguments, reading moves, the choices by
phase, news from public events, hints and taking back."""

from __future__ import annotations

from typing import Any

import attrs
import pytest
from play_helpers import HUMAN, new_table

import tuolaji as tl
from tuolaji.core.scoring import net_throw_penalty, take_over_points
from tuolaji.tools.table import (
    FORCED_LINE,
    MAX_INPUT,
    Choices,
    PlaySession,
    card_words,
    event_line,
    move_text,
)


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


def play_out(table: PlaySession) -> None:
    """The person plays the deal out as a greedy bot would."""
    while table.deciding:
        actions = table.actions
        assert actions is not None
        table.act(tl.GreedyBot().act(table.view, actions))


def test_a_forced_play_is_told_after_its_event() -> None:
    table = new_table()
    forced = 0
    while table.deciding:
        before = len(table.view.events)
        actions = table.actions
        assert actions is not None
        table.act(tl.GreedyBot().act(table.view, actions))
        # Every play of the person's seat the game took without asking (a single legal play).
        events = list(table.view.events)[before + 1 :]
        forced += sum(isinstance(e, tl.Played) and e.seat == HUMAN for e in events)
    lines = table.news()[0]
    told = [i for i, line in enumerate(lines) if line.startswith(FORCED_LINE)]
    # The last trick is always forced: one card each.
    assert forced >= 1 and len(told) == forced
    for i in told:
        assert lines[i - 1].startswith(f"seat {HUMAN} plays ")


def forced_lines(table: PlaySession) -> int:
    return sum(line.startswith(FORCED_LINE) for line in table.news()[0])


def test_a_forced_play_taken_back_is_no_longer_told() -> None:
    table = new_table(practice=True)
    play_out(table)
    told = forced_lines(table)
    assert told >= 1
    table.undo()  # back to before the last trick, whose play was forced
    assert forced_lines(table) < told
    play_out(table)
    assert forced_lines(table) >= 1


def test_a_failed_throw_tells_what_was_forced_who_could_beat_it_and_the_penalty() -> None:
    table = new_table()
    view = table.view
    assert view.dealer is not None
    attempt, forced = tl.parse_cards("♠AKQ"), tl.parse_cards("♠Q")
    event = tl.ThrowFailed(HUMAN, attempt, forced, (2,))
    line = event_line(event, view)
    penalty = net_throw_penalty((HUMAN,), view.dealer, view.rules)
    assert line is not None and penalty != 0
    assert "♠Q is forced" in line and "seat 2 could beat it" in line
    assert f"attackers {penalty:+d} points (R6.5)" in line
    secret = attrs.evolve(view, rules=attrs.evolve(view.rules, throw_blocker_public=False))
    line = event_line(tl.ThrowFailed(HUMAN, attempt, forced, ()), secret)
    assert line is not None and "who could beat it is not told" in line
    line = event_line(tl.ThrowFailed(HUMAN, attempt, forced, (2, 3, 0)), view)
    assert line is not None and "seats 2, 3 and 0 could beat it" in line
    with pytest.raises(TypeError, match="view"):
        event_line(event, "a view")  # type: ignore[arg-type]


def test_the_follow_choices_are_in_the_hands_order() -> None:
    table = new_table()
    seen = 0
    while table.deciding:
        choices = table.choices()
        if choices.kind == "play" and len(choices.options) > 1:
            trump = table.hand_trump()
            place = {c: i for i, c in enumerate(trump.sorted(table.view.hand))}
            keys = [[place[c] for c in tl.parse_cards(o)] for o in choices.options]
            assert keys == sorted(keys) and all(k == sorted(k) for k in keys)
            seen += 1
        actions = table.actions
        assert actions is not None
        table.act(tl.GreedyBot().act(table.view, actions))
    assert seen > 3


def test_the_side_names_team_partner_role_and_the_score_to_reach() -> None:
    table = new_table()
    side = table.side()
    view = table.view
    assert view.dealer is not None
    attacks = view.dealer % 2 != HUMAN % 2
    assert (side.team, side.partner) == (HUMAN % 2, (HUMAN + 2) % 4)
    assert side.role == ("attackers" if attacks else "declarers")
    assert side.target == take_over_points(view.rules)
    assert side.target == min(b.min_points for b in view.rules.level_table if not b.declarers_keep)
    text = str(side)
    assert f"partner, seat {side.partner}" in text
    assert ("your side attacks" if attacks else "your side declares") in text
    assert f"take over with {side.target} points (R9.1)" in text
    assert "no dealer yet" in str(attrs.evolve(side, role=None))
    assert "never take over" in str(attrs.evolve(side, target=None))


def test_take_over_points_reads_the_level_table() -> None:
    rules = tl.RULESETS["tuolaji"]
    keep_all = attrs.evolve(
        rules, level_table=[(b.min_points, True, 0) for b in rules.level_table[:1]]
    )
    assert take_over_points(keep_all) is None
    with pytest.raises(TypeError, match="rules"):
        take_over_points("tuolaji")  # type: ignore[arg-type]


def test_card_words_name_the_card_for_a_screen_reader() -> None:
    assert [card_words(c) for c in tl.parse_cards("♠A ♥10 ♦2 SJ BJ")] == [
        "ace of spades",
        "ten of hearts",
        "two of diamonds",
        "small joker",
        "big joker",
    ]
    with pytest.raises(TypeError, match="card"):
        card_words("AS")  # type: ignore[arg-type]


def test_r5_2_a_kitty_theft_deal_plays_at_the_table() -> None:
    """炒地皮 (``Rules.kitty_theft``) at ``tuolaji play``'s table: the person at seat 1 plays
    a deal of random bots in which seat 0, the dealer, steals the kitty back with big jokers
    after its burial; the news tell the theft, the second burial and the same dealer."""
    rules = tl.Rules(kitty_theft="every_deal")
    table = PlaySession(
        rules,
        7,
        seat=HUMAN,
        bots=[None if s == HUMAN else tl.RandomBot(s) for s in range(4)],
        hint=tl.GreedyBot(),
    )
    person = tl.RandomBot(HUMAN)
    while table.deciding:
        actions = table.actions
        assert actions is not None
        table.act(person.act(table.view, actions))
    assert table.game.history[-1].counters == 1
    lines, _ = table.news()
    buried = [i for i, line in enumerate(lines) if line == "seat 0 buries 8 cards (R5.1)"]
    assert len(buried) == 2
    between = lines[buried[0] + 1 : buried[1]]
    assert between == ["seat 0 declares BJ BJ after 100 cards", "seat 0 is the dealer"]


@pytest.mark.parametrize("size", [0, 4])
def test_r4_1_kitty_size_the_table_plays_a_deal_with_that_kitty(size: int) -> None:
    """R4.1 with Rules.kitty_size: ``tuolaji play`` deals (108 - size) / 4 cards a seat; a
    person who deals a kitty of 4 is asked for 4 cards and the news says 4 were buried; with
    no kitty nobody is asked to bury and nothing is said of a kitty."""
    rules = attrs.evolve(tl.RULESETS["tuolaji"], kitty_size=size)
    seats = [None if s == 2 else tl.GreedyBot(seed=s) for s in range(4)]
    person = tl.GreedyBot(seed=7)
    kinds: set[str | None] = set()
    for seed in range(6):
        table = PlaySession(rules, seed, seat=2, bots=seats, hint=tl.GreedyBot())
        while table.deciding:
            choices = table.choices()
            kinds.add(choices.kind)
            if choices.kind == "bury":
                assert choices.prompt == f"type the {size} cards to bury (R5.1)"
                with pytest.raises(tl.IllegalAction, match=f"bury exactly {size} cards, not 1"):
                    table.read(str(table.view.hand[0]))
            actions = table.actions
            assert actions is not None
            table.act(person.act(table.view, actions))
        state = table.game.state
        assert state.result is not None and len(state.kitty) == size
        assert sum(len(t.plays[0]) for t in state.tricks) == (108 - size) // 4
        news, _ = table.news()
        buried = [line for line in news if " buries " in line]
        assert buried == ([f"seat {state.buried_by} buries {size} cards (R5.1)"] if size else [])
        assert not size or any(line.startswith("the kitty: ") for line in news)
        assert size or not any("kitty" in line for line in news)
    assert ("bury" in kinds) == bool(size)
