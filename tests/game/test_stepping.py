"""Game.next_decision and Game.answer, the steps of Game.play_deal (issue 23): a caller that
steps a deal itself plays the same game as play_deal, seat for seat."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tuolaji as tl
from tuolaji.game.turns import BidTurns


def stepped(seed: int, bots: list[tl.GreedyBot] | list[tl.RandomBot]) -> tl.Game:
    """A deal played by stepping, the bots answering every decision."""
    game = tl.Game("tuolaji", seed)
    turns = BidTurns()
    while (decision := game.next_decision(turns)) is not None:
        seat, actions = decision
        assert len(actions) > 1  # a forced action is taken without asking
        game.answer(game.ask(bots[seat], seat, actions))
    return game


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10_000), greedy=st.booleans())
def test_stepping_plays_the_game_play_deal_plays(seed: int, greedy: bool) -> None:
    def bots() -> list[tl.GreedyBot] | list[tl.RandomBot]:
        if greedy:
            return [tl.GreedyBot(seed=s) for s in range(4)]
        return [tl.RandomBot(seed=s) for s in range(4)]

    game = stepped(seed, bots())
    again = tl.Game("tuolaji", seed)
    again.play_deal(bots())
    assert game.actions == again.actions and game.results == again.results


def test_a_pass_while_dealing_is_not_recorded() -> None:
    game = tl.Game("tuolaji", 3)
    turns = BidTurns()
    decision = game.next_decision(turns)
    assert decision is not None and game.state.phase is tl.Phase.DEALING
    seat, actions = decision
    before = list(game.actions[-1])
    assert tl.Pass(seat) in actions
    game.answer(tl.Pass(seat))
    assert game.actions[-1] == before


def test_next_deal_only_after_a_finished_deal() -> None:
    game = tl.Game("tuolaji", 3)
    with pytest.raises(tl.IllegalAction, match="R10.3: deal 1 is still in play"):
        game.next_deal()
    game.play_deal([tl.GreedyBot(seed=s) for s in range(4)])
    start = game.next_deal()
    assert start.deal_number == 1 and game.starts[-1] is start and game.actions[-1] == []
    assert game.next_decision(BidTurns()) is not None


def test_ask_names_the_seat_of_a_bot_that_answers_an_illegal_action() -> None:
    class Cheat:
        def act(self, view: tl.PlayerView, actions: tl.ActionSet) -> tl.Action:
            return tl.Play(view.seat, ())

    game = tl.Game("tuolaji", 3)
    turns = BidTurns()
    decision = game.next_decision(turns)
    assert decision is not None
    seat, actions = decision
    # Issue 33: the message names the bot's class and the rule the answer breaks too.
    with pytest.raises(
        tl.IllegalAction, match=rf"R11: the bot of seat {seat} \(Cheat\) answered .*\(R6\.1: "
    ):
        game.ask(Cheat(), seat, actions)
