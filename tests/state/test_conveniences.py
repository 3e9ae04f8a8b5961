"""What python-chess users expect (#20): previews in action reprs, ``is_terminal``, a Game
repr, deals numbered from 1 wherever they print, a sorted kitty."""

from __future__ import annotations

import random
import time

import tuolaji as tl
from tuolaji.state.actions import ListedActions
from tuolaji.tools.report import summary_line


def to_phase(state: tl.GameState, phase: tl.Phase, seed: int = 1) -> tl.GameState:
    rng = random.Random(seed)
    while state.phase is not phase:
        state = state.apply(state.legal_actions().sample(rng))
    return state


def test_action_reprs_preview_the_first_actions_with_the_count() -> None:
    state = to_phase(tl.GameState.new("shuangsheng", 7), tl.Phase.PLAYING)
    actions = state.legal_actions()
    first = [str(a) for a in list(actions)[:3]]
    assert repr(actions) == f"<PlayActions: {len(actions)} actions: {', '.join(first)}, ...>"


def test_action_reprs_say_one_action_and_no_actions() -> None:
    assert repr(tl.GameState.new("tuolaji", 1).legal_actions()) == (
        "<ListedActions: 1 action: deal>"
    )
    two = ListedActions([tl.Pass(0), tl.AskRedeal(0)])
    assert repr(two) == "<ListedActions: 2 actions: 0 pass, 0 redeal>"
    assert repr(ListedActions([])) == "<ListedActions: no actions>"


def test_the_bury_repr_lists_a_few_of_millions_without_listing_them() -> None:
    state = to_phase(tl.GameState.new("tuolaji", 3), tl.Phase.BURYING)
    actions = state.legal_actions()
    start = time.process_time()
    text = repr(actions)
    assert time.process_time() - start < 0.5
    assert text.startswith(f"<BuryActions: {len(actions)} actions: ") and text.endswith(", ...>")
    assert text.count("bury") == 3 and len(actions) > 1_000_000


def test_is_terminal_is_true_exactly_when_the_deal_is_scored() -> None:
    rng = random.Random(5)
    state = tl.GameState.new("tuolaji", 5)
    seen = 0
    while True:
        assert state.is_terminal is (state.result is not None)
        assert state.is_terminal is (state.phase is tl.Phase.FINISHED)
        if state.is_terminal:
            break
        state = state.apply(state.legal_actions().sample(rng))
        seen += 1
    assert seen > 100 and not state.next_deal().is_terminal


def test_deals_print_numbered_from_1_as_the_command_line_numbers_them() -> None:
    game = tl.Game("tuolaji", 2)
    bots = [tl.GreedyBot(seat) for seat in range(4)]
    for number in (1, 2):
        game.play_deal(bots)
        state = game.state
        assert state.deal_number == number - 1
        assert summary_line(number, state).startswith(f"deal {number:3d}")
        assert str(state).startswith(f"tuolaji deal {number}, finished")
        assert repr(state).startswith(f"<GameState tuolaji deal {number}, finished")


def test_the_kitty_prints_sorted_by_the_trump() -> None:
    state = to_phase(tl.GameState.new("tuolaji", 4), tl.Phase.FINISHED)
    assert state.trump is not None
    line = next(x for x in str(state).splitlines() if x.startswith("kitty "))
    assert line == f"kitty {tl.format_hand(state.trump.sorted(state.kitty), state.trump)}"
    shown = tl.parse_cards(line.removeprefix("kitty "))
    assert list(shown) == sorted(shown, key=state.trump.sort_key)
    view_line = next(x for x in str(state.view(0)).splitlines() if x.startswith("kitty "))
    assert view_line == line


def test_game_repr_says_rules_seed_deals_levels_and_what_is_next() -> None:
    game = tl.Game("shuangsheng", 7)
    assert repr(game) == "<Game shuangsheng seed 7: no deal played; levels 2/2; deal 1 next>"
    game.apply(tl.DealCard())
    assert repr(game).endswith("deal 1 in play>")
    game = tl.Game("tuolaji", 2)
    game.play_deal([tl.GreedyBot(seat) for seat in range(4)])
    levels = "/".join(level.label for level in game.state.levels)
    assert repr(game) == f"<Game tuolaji seed 2: 1 deal played; levels {levels}; deal 2 next>"
    game.play_match([tl.GreedyBot(seat) for seat in range(4)])
    winner = game.results[-1].match_winner
    assert repr(game).endswith(f"team {winner} won the match>")
    assert f"{len(game.results)} deals played" in repr(game)
