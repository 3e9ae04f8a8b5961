"""Taking back a bid or a play (Rules.takeback, R11; issue 42).

The online app (rbtying/shengji) has no test of its take-backs; the named tests below follow
its code instead: ``Bid::take_back_bid`` (mechanics/src/bidding.rs: refused under
``NoBidTakeback``; only the seat whose bid is the last one pops it, the bid before it stands
again), ``DrawPhase::take_back_bid`` (core/src/game_state/draw_phase.rs: while cards are still
drawn), ``Trick::take_back`` (mechanics/src/trick.rs: only the seat that played last; its
cards go back to its hand, it is to play again and the trick's winner is computed again) and
``PlayPhase::take_back_cards`` (core/src/game_state/play_phase.rs: refused under
``NoPlayTakeback``). Both policies are allowed by default in the app (core/src/settings.rs,
mechanics/src/bidding.rs), hence ``takeback="both"`` in ``online``.
"""

from __future__ import annotations

import json
import pickle
import random
from collections import Counter
from collections.abc import Callable

import attrs
import pytest
from tests.hidden_swaps import swap_hidden

import tuolaji as tl
from tuolaji.core.rules import RULESETS, Rules, Takeback
from tuolaji.game.kept import DealActions
from tuolaji.game.takeback import WithUndo, deal_states, standing, taken_back
from tuolaji.game.turns import BidTurns
from tuolaji.rl.actionspace import NUM_ACTIONS, action_ids
from tuolaji.state.codec import from_data, to_data
from tuolaji.state.view import shown_cards

ONLINE = RULESETS["online"]
Stop = Callable[[tl.Game, int, tl.Action | None], bool]


def play_until(game: tl.Game, stop: Stop, seed: int = 0, deals: int = 2) -> tuple[int, tl.Action]:
    """Random bots play ``game`` until ``stop(game, seat, choice)`` holds after a choice, or
    ``stop(game, -1, None)`` at a decision or a deal's end; at most ``deals`` deals."""
    bots = [tl.RandomBot(seed=seed + s) for s in range(4)]
    turns = BidTurns()
    last: tuple[int, tl.Action] = (-1, tl.DealCard())
    for _ in range(deals):
        while (decision := game.next_decision(turns)) is not None:
            if stop(game, -1, None):
                return last
            seat, actions = decision
            choice = game.ask(bots[seat], seat, actions)
            game.answer(choice)
            last = seat, choice
            if stop(game, seat, choice):
                return last
        if stop(game, -1, None):
            return last
        game.next_deal()
        turns = BidTurns()
    raise LookupError("the stop never held")


def a_bid(game: tl.Game, seat: int, choice: tl.Action | None) -> bool:
    return isinstance(choice, tl.Declare)


def a_follow(game: tl.Game, seat: int, choice: tl.Action | None) -> bool:
    """A follow that leaves the trick open (the next seat has not played)."""
    return isinstance(choice, tl.Play) and len(game.state.trick) in (2, 3)


def game_at(stop: Stop, rules: Rules = ONLINE, seed: int = 3) -> tuple[tl.Game, int, tl.Action]:
    game = tl.Game(rules, seed)
    seat, choice = play_until(game, stop, seed)
    return game, seat, choice


# --- the rule ------------------------------------------------------------------------------


def test_r11_takeback_is_declared_once_none_by_default_both_online() -> None:
    field = tl.core.rules.RULE_FIELDS["takeback"]
    assert field.rule == "R11" and field.values.values == ("none", "bids", "plays", "both")  # type: ignore[attr-defined]
    assert Rules().takeback == "none" and ONLINE.takeback == "both"
    assert [n for n, p in RULESETS.items() if p.takeback != "none"] == ["online"]
    with pytest.raises(tl.ConfigurationError, match="takeback"):
        Rules(takeback="all")  # type: ignore[arg-type]


def test_r11_takeback_json_and_schema_round_trips() -> None:
    values: tuple[Takeback, ...] = ("none", "bids", "plays", "both")
    for value in values:
        rules = Rules(takeback=value)
        assert from_data(Rules, json.loads(json.dumps(to_data(Rules, rules)))) == rules
    schema = Rules.json_schema()
    assert schema["properties"]["takeback"]["enum"] == ["none", "bids", "plays", "both"]
    # Rules data from before the field (0.4) reads as it played then: nothing taken back.
    old = to_data(Rules, ONLINE)
    del old["takeback"]
    assert from_data(Rules, old).takeback == "none"


def test_r11_undo_is_an_action_with_notation_and_json() -> None:
    undo = tl.Undo(2)
    assert str(undo) == "2 undo" and tl.parse_action("2 undo") == undo
    assert from_data(tl.Action, to_data(tl.Action, undo)) == undo
    assert to_data(tl.Action, undo) == {"type": "Undo", "seat": 2}
    assert DealActions([tl.DealCard(), undo]) == [tl.DealCard(), undo]
    assert pickle.loads(pickle.dumps(DealActions([undo]))) == [undo]
    with pytest.raises(tl.IllegalAction, match="takes no cards"):
        tl.parse_action("2 undo ♥K")


def test_r11_a_state_alone_never_offers_or_takes_an_undo() -> None:
    game, seat, _ = game_at(a_follow)
    assert not any(isinstance(a, tl.Undo) for a in game.state.legal_actions())
    with pytest.raises(tl.IllegalAction, match="R11: .*Game.undo"):
        game.state.apply(tl.Undo(seat))


# --- the app's behaviour, by its functions --------------------------------------------------


@pytest.mark.parametrize("value", ["none", "plays"])
def test_app_bid_take_back_bid_refused_under_no_bid_takeback(value: Takeback) -> None:
    """Bid::take_back_bid: ``NoBidTakeback`` refuses ("Taking back bids is not allowed!")."""
    game, seat, _ = game_at(a_bid, attrs.evolve(ONLINE, takeback=value))
    before, actions = game.state, list(game.actions[-1])
    with pytest.raises(tl.IllegalAction, match=f'R11: .*Rules.takeback is "{value}"'):
        game.undo(seat)
    assert game.state is before and list(game.actions[-1]) == actions
    assert not game.can_undo(seat) and tl.Undo(seat) not in game.legal_actions(seat)


def test_app_bid_take_back_bid_pops_the_last_bid_for_its_bidder_only() -> None:
    """Bid::take_back_bid: only the seat whose bid is the last one takes it back; the bid
    before it stands again (here none), and its shown cards are no longer shown (R4.2)."""
    game, seat, bid = game_at(a_bid)
    assert isinstance(bid, tl.Declare)
    standing_bid = game.state.bid
    other = (seat + 1) % 4
    with pytest.raises(tl.IllegalAction, match=f"R11: seat {other}: .*only seat {seat}"):
        game.undo(other)
    assert list(game.legal_actions(seat)) == [*game.state.legal_actions(seat), tl.Undo(seat)]
    assert tl.Undo(seat) in game.legal_actions(seat)
    assert tl.Undo(other) not in game.legal_actions(other)
    after = game.undo(seat)
    assert standing_bid is not None and after.bid is None
    assert not shown_cards(after.events)[seat]
    assert game.actions[-1][-1] == tl.Undo(seat)
    assert taken_back(game.actions[-1]) == [bid]
    with pytest.raises(tl.IllegalAction, match="R11"):  # the one before it was no bid
        game.undo(seat)


def test_app_draw_phase_take_back_bid_while_cards_are_still_drawn() -> None:
    """DrawPhase::take_back_bid: the last bid can be taken back after more cards were drawn;
    those cards stay dealt (the state is the deal without the bid)."""
    game, seat, _ = game_at(a_bid)
    dealt = game.state.dealt
    for _ in range(3):
        game.apply(tl.DealCard())
    assert game.state.phase is tl.Phase.DEALING and game.can_undo(seat)
    after = game.undo()  # None: the seat whose bid it is
    assert after.dealt == dealt + 3 and after.bid is None
    expected = game.starts[-1]
    for action in standing(game.actions[-1]):
        expected = expected.apply(action)
    assert after == expected and game.state == expected


def test_app_trick_take_back_by_the_last_player_only() -> None:
    """Trick::take_back: the last player takes its cards back and is to play again; any other
    seat is out of order."""
    game, seat, play = game_at(a_follow)
    assert isinstance(play, tl.Play)
    before = game.history[-2]  # the state before the play
    assert before.to_act == seat
    for other in range(4):
        if other != seat:
            with pytest.raises(tl.IllegalAction, match="R11"):
                game.undo(other)
    actions = game.legal_actions(seat)
    assert isinstance(actions, WithUndo) and list(actions)[-1] == tl.Undo(seat)
    assert len(actions) == len(actions.base) + 1
    after = game.apply(tl.Undo(seat))
    assert after == before and after.to_act == seat
    assert Counter(after.hands[seat]) == Counter(before.hands[seat])
    assert play.cards and set(play.cards) <= set(after.hands[seat])


def test_app_trick_take_back_the_play_that_completed_a_trick() -> None:
    """Trick::take_back before the trick is finished (the app's EndTrick): the engine closes a
    trick at once, so its last play may be taken back until the winner leads."""

    def completes(game: tl.Game, seat: int, choice: tl.Action | None) -> bool:
        state = game.state
        return isinstance(choice, tl.Play) and not state.trick and state.phase is tl.Phase.PLAYING

    game, seat, _ = game_at(completes)
    tricks = len(game.state.tricks)
    after = game.undo(seat)
    assert len(after.tricks) == tricks - 1 and len(after.trick) == 3 and after.to_act == seat


def test_app_play_phase_take_back_cards_refused_under_no_play_takeback() -> None:
    """PlayPhase::take_back_cards: ``NoPlayTakeback`` refuses."""
    game, seat, _ = game_at(a_follow, attrs.evolve(ONLINE, takeback="bids"))
    with pytest.raises(tl.IllegalAction, match='R11: .*Rules.takeback is "bids"'):
        game.undo(seat)


# --- the window's edges, where the engine reads more closely than the app -------------------


def test_r9_the_play_that_ends_the_deal_stands() -> None:
    game = tl.Game(ONLINE, 5)
    play_until(game, lambda g, s, c: g.state.phase is tl.Phase.FINISHED, deals=1)
    results = list(game.results)
    with pytest.raises(tl.IllegalAction, match="R9: .*ended the deal"):
        game.undo()
    assert list(game.results) == results and not game.can_undo()
    game.next_deal()
    with pytest.raises(tl.IllegalAction, match="nothing to take back"):
        game.undo()


def test_r4_1_a_bid_stands_once_bidding_closed() -> None:
    game = tl.Game(ONLINE, 3)
    play_until(game, lambda g, s, c: g.state.phase is tl.Phase.BURYING)
    with pytest.raises(tl.IllegalAction, match="R11|R4.1"):
        game.undo()


def test_r6_4_a_failed_throw_stands() -> None:
    for seed in range(40):
        game = tl.Game(ONLINE, seed)
        try:
            seat, _ = play_until(
                game,
                lambda g, s, c: (
                    c is not None
                    and len(g.state.trick) == 1
                    and isinstance(g.state.events[-2], tl.ThrowFailed)
                ),
                seed,
                deals=1,
            )
        except LookupError:
            continue
        with pytest.raises(tl.IllegalAction, match="R6.4"):
            game.undo(seat)
        return
    pytest.skip("no failed throw in these seeds")  # pragma: no cover


def test_r11_other_actions_stand() -> None:
    game = tl.Game(ONLINE, 3)
    play_until(game, lambda g, s, c: g.state.phase is tl.Phase.PLAYING and not g.state.trick)
    # the burial was the last action
    assert isinstance(game.actions[-1][-1], tl.Bury)
    with pytest.raises(tl.IllegalAction, match="no bid or play"):
        game.undo()


def test_r11_hostile_seats_are_typed_errors_and_change_nothing() -> None:
    game, _, _ = game_at(a_follow)
    state, actions = game.state, list(game.actions[-1])
    for bad in ("1", 1.0, True, [0]):
        with pytest.raises(TypeError, match="seat"):
            game.undo(bad)  # type: ignore[arg-type]
        with pytest.raises(TypeError, match="seat"):
            game.can_undo(bad)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="seat"):
        game.apply(tl.Undo("0"))  # type: ignore[arg-type]
    for bad_seat in (-1, 4):
        with pytest.raises(tl.IllegalAction, match="R1.3"):
            game.undo(bad_seat)
    assert game.state is state and list(game.actions[-1]) == actions


# --- records, history, secrecy, bots and adapters -------------------------------------------


def test_r11_records_keep_what_was_taken_back_and_replay_to_the_same_state() -> None:
    game, seat, play = game_at(a_follow)
    game.undo(seat)
    play_until(game, lambda g, s, c: g.state.phase is tl.Phase.FINISHED, seed=9, deals=1)
    text = tl.write_record(game)
    deal = json.loads(text)["deals"][0]
    marks = [i for i, a in enumerate(deal) if a == {"type": "Undo", "seat": seat}]
    assert len(marks) == 1 and from_data(tl.Action, deal[marks[0] - 1]) == play
    again = tl.replay(text)
    assert again.state == game.state and list(again.actions[0]) == list(game.actions[0])
    assert again.results == game.results
    assert list(game.history) == list(again.history)
    assert game.history[-1] == game.state and len(game.history) == len(game.actions[0]) + 1
    states = list(deal_states(game.starts[0], game.actions[0]))
    assert states[marks[0]] == game.history[marks[0] - 1]  # the undo returns to before the play
    # Under rules without take-backs the same record is refused, naming the undo.
    record = json.loads(text)
    record["rules"] = to_data(Rules, attrs.evolve(ONLINE, takeback="none"))
    with pytest.raises(tl.InvalidRecord, match=f"action {marks[0] + 1} .*takeback"):
        tl.replay(record)


def test_r11_a_view_after_an_undo_reveals_no_more_than_before() -> None:
    """A play: every seat's view after the undo is its view before the play. A bid: the view
    is that of the deal without the bid (the cards it showed are no longer shown), and with the
    other seats' hidden cards exchanged in the deck, seat 0's views agree at every step."""
    game, seat, _ = game_at(a_follow)
    before = game.history[-2]
    after = game.undo(seat)
    assert all(after.view(s) == before.view(s) for s in range(4))
    bot = tl.GreedyBot()
    rng = random.Random(1)
    for viewer in range(4):
        swapped = swap_hidden(after, viewer, rng) if viewer != seat else after
        if viewer == after.to_act:
            actions = swapped.legal_actions(viewer)
            assert bot.act(swapped.view(viewer), actions) == bot.act(after.view(viewer), actions)

    game, seat, bid = game_at(a_bid)
    game.apply(tl.DealCard())
    game.undo(seat)
    start, deal = game.starts[-1], list(game.actions[-1])
    viewer = next(s for s in range(4) if s != seat)
    deck = list(start.deck)
    # two cards dealt to two seats other than the viewer, never shown: exchanged
    dealt_to = {i: (0 + i) % 4 for i in range(len(deck))}  # first deal: dealt from seat 0
    shown = {c for a in deal if isinstance(a, tl.Declare) for c in a.cards}
    others = [i for i in range(game.state.dealt) if dealt_to[i] != viewer and deck[i] not in shown]
    i = others[0]
    j = next(k for k in others if dealt_to[k] != dealt_to[i] and deck[k] != deck[i])
    deck[i], deck[j] = deck[j], deck[i]
    swapped = start.with_deck(deck)
    assert swapped != start
    for a, b in zip(deal_states(start, deal), deal_states(swapped, deal), strict=True):
        assert a.view(viewer) == b.view(viewer)
    assert not set(bid.cards) & set(shown_cards(game.state.events)[seat])  # type: ignore[union-attr]


def test_r11_bots_never_undo_and_play_byte_identically() -> None:
    """Game.next_decision never offers an undo, so bots decide as under takeback="none"."""
    for seed in range(2):
        games = []
        for rules in (ONLINE, attrs.evolve(ONLINE, takeback="none")):
            game = tl.Game(rules, seed)
            bots = [tl.RandomBot(seed=s) for s in range(4)]
            turns = BidTurns()
            while (decision := game.next_decision(turns)) is not None:
                assert not isinstance(decision[1], WithUndo)
                assert all(tl.Undo(s) not in decision[1] for s in range(4))
                game.answer(game.ask(bots[decision[0]], *decision))
            games.append(game)
        online, plain = games
        assert list(online.actions[0]) == list(plain.actions[0])
        assert online.results[0] == plain.results[0]


def test_r11_undo_is_no_rl_action() -> None:
    """The factored action space of the adapters is unchanged: an undo has no id."""
    assert NUM_ACTIONS == 57
    with pytest.raises(tl.IllegalAction, match="not a decision"):
        action_ids(tl.Undo(0))


@pytest.mark.parametrize(
    ("value", "bid", "play"),
    [("none", False, False), ("bids", True, False), ("plays", False, True), ("both", True, True)],
)
def test_r11_each_value_takes_back_its_kinds(value: Takeback, bid: bool, play: bool) -> None:
    rules = attrs.evolve(ONLINE, takeback=value)
    for stop, allowed in ((a_bid, bid), (a_follow, play)):
        game, seat, _ = game_at(stop, rules)
        assert game.can_undo(seat) is allowed
        assert (tl.Undo(seat) in game.legal_actions(seat)) is allowed
        if allowed:
            game.undo(seat)
        else:
            with pytest.raises(tl.IllegalAction, match=f'Rules.takeback is "{value}"'):
                game.undo(seat)
