"""What a Game keeps per deal (issue 22): DealActions and DealStarts read and compare like the
lists of actions and states they replaced, while keeping two bytes per action and no state
for past deals."""

from __future__ import annotations

import copy
import json
import pickle

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tuolaji as tl
from tuolaji import CARDS, AskRedeal, Bury, DealCard, Declare, Pass, Play
from tuolaji.game.kept import DealActions, DealStarts


class OddPlay(Play):
    """A subclass the compact form does not write: it is kept as the object itself."""


SEATS = st.integers(0, 3)


def cards(low: int, high: int) -> st.SearchStrategy[tuple[tl.Card, ...]]:
    return st.lists(st.sampled_from(CARDS), min_size=low, max_size=high).map(tuple)


ACTIONS: st.SearchStrategy[tl.Action] = st.one_of(
    st.just(DealCard()),
    st.builds(Pass, SEATS),
    st.builds(AskRedeal, SEATS),
    st.builds(Declare, SEATS, cards(1, 3)),
    st.builds(Bury, SEATS, cards(0, 10)),
    st.builds(Play, SEATS, cards(1, 2)),
    st.builds(Play, SEATS, cards(3, 25)),
    st.builds(OddPlay, SEATS, cards(1, 4)),
)


@settings(max_examples=200, deadline=None)
@given(actions=st.lists(ACTIONS, max_size=40), data=st.data())
def test_deal_actions_read_and_compare_like_the_list(
    actions: list[tl.Action], data: st.DataObject
) -> None:
    kept = DealActions(actions)
    assert len(kept) == len(actions) and bool(kept) == bool(actions)
    assert list(kept) == actions and kept == actions and actions == kept
    assert [type(a) for a in kept] == [type(a) for a in actions]
    assert all(kept[i] == actions[i] for i in range(-len(actions), len(actions)))
    start, stop = data.draw(st.integers(-50, 50)), data.draw(st.integers(-50, 50))
    step = data.draw(st.sampled_from([None, 1, 2, -1, -3]))
    assert kept[start:stop:step] == actions[start:stop:step]
    assert list(reversed(kept)) == actions[::-1]
    again = DealActions(iter(actions))  # built one action at a time
    assert again == kept and (again != kept) is False
    assert pickle.loads(pickle.dumps(kept)) == actions and copy.deepcopy(kept) == actions
    assert repr(kept) == f"DealActions({actions!r})"
    if actions:
        assert kept != actions[:-1] and kept != [*actions, DealCard()]
        assert kept != DealActions(actions[:-1]) and kept != DealActions([*actions, Pass(0)])
        i = data.draw(st.integers(0, len(actions) - 1))
        assert actions[i] in kept and kept.index(actions[i]) == actions.index(actions[i])
        assert kept.count(actions[i]) == actions.count(actions[i])
    assert kept != tuple(actions)  # like a list: a tuple is another thing
    with pytest.raises(IndexError):
        kept[len(actions)]
    with pytest.raises(IndexError):
        kept[-len(actions) - 1]
    with pytest.raises(TypeError):
        hash(kept)


def test_deal_actions_past_32_kb_of_larger_actions_keep_them_as_objects() -> None:
    """Offsets in the blob fit in two bytes up to 32 KB; past that (thousands of redeals)
    actions are kept as themselves, still read back equal."""
    actions: list[tl.Action] = [Play(s % 4, CARDS[s % 40 : s % 40 + 14]) for s in range(2500)]
    kept = DealActions(actions)
    assert kept._others is not None and kept._blob is not None
    assert 0x7FFF <= len(kept._blob) < 0x7FFF + 17 < 17 * len(actions)  # the last entry's end
    assert kept == actions and kept[-1] == actions[-1] and kept[100] == actions[100]
    assert len(kept._codes) == 2 * len(actions)


def game_with_its_states(rules: str, seed: int, deals: int, greedy: bool) -> tuple[tl.Game, list]:
    """A game and every (state, action) pair it applied, seen through ``on_action``."""
    game = tl.Game(rules, seed)
    bots = [(tl.GreedyBot if greedy else tl.RandomBot)(seed=seed + s) for s in range(4)]
    seen: list[tuple[tl.GameState, tl.Action]] = []
    for _ in range(deals):
        if game.over:
            break
        game.play_deal(bots, on_action=lambda state, action: seen.append((state, action)))
    return game, seen


@settings(max_examples=6, deadline=None)
@given(
    rules=st.sampled_from(["tuolaji", "shuangsheng"]),
    seed=st.integers(0, 10_000),
    greedy=st.booleans(),
)
def test_a_game_keeps_the_actions_and_starts_it_played(rules: str, seed: int, greedy: bool) -> None:
    game, seen = game_with_its_states(rules, seed, 3, greedy)
    deals = len(game.results)
    applied: list[list[tl.Action]] = [[] for _ in range(deals)]
    starts: list[tl.GameState] = []
    for state, action in seen:
        if state.deal_number == len(starts):  # the first action of a deal
            starts.append(state)
        applied[state.deal_number].append(action)
    assert all(isinstance(a, DealActions) for a in game.actions)
    assert game.actions == applied and [list(a) for a in game.actions] == applied
    assert isinstance(game.starts, DealStarts) and len(game.starts) == deals
    assert game.starts == starts and list(game.starts) == starts
    assert game.starts[1:] == starts[1:] and game.starts[::-1] == starts[::-1]
    assert game.starts[-1] is starts[-1]  # the current deal's start is the game's own object
    with pytest.raises(IndexError):
        game.starts[deals]
    again = tl.replay(json.dumps(tl.record_of(game)))
    assert again.actions == game.actions and again.starts == game.starts
    assert again.results == game.results and again.history == game.history
    thawed = pickle.loads(pickle.dumps(game))
    assert thawed.actions == game.actions and thawed.starts == starts
    assert thawed.history == game.history and thawed.state == game.state


def test_the_current_deal_start_is_the_state_the_game_started_from() -> None:
    game, _ = game_with_its_states("tuolaji", 5, 1, greedy=True)
    start = game.next_deal()
    assert game.starts[-1] is start and game.starts[1] is start and len(game.starts) == 2
    assert game.actions[-1] == [] and len(game.actions) == 2
    assert game.starts[0] == tl.GameState.new("tuolaji", 5)


def test_deal_actions_refuse_what_is_not_an_action() -> None:
    """Hostile input: a value that is no action is refused with a TypeError naming the
    action types, and the sequence is unchanged."""
    actions = DealActions([tl.Pass(0)])
    for bad in ["x", 3, None, [tl.Pass(0)], tl.Card.parse("AS")]:
        with pytest.raises(TypeError, match="tuolaji actions"):
            DealActions([bad])  # type: ignore[list-item]
    assert actions == [tl.Pass(0)]


def test_deal_actions_and_starts_name_themselves_in_index_errors() -> None:
    """Both read like lists: an index that is no int is a TypeError, one outside an
    IndexError, each naming the sequence (as the history and the event log do)."""
    game = tl.Game("tuolaji", seed=2)
    game.play_deal([tl.RandomBot(seat) for seat in range(4)])
    for sequence, name in [(game.actions[0], "deal action"), (game.starts, "deal start")]:
        with pytest.raises(TypeError, match=f"{name} indices are ints or slices, not str"):
            sequence["0"]  # type: ignore[call-overload]
        with pytest.raises(IndexError, match=f"{name} index out of range"):
            sequence[len(sequence)]
        assert sequence[-len(sequence)] == sequence[0]


def test_a_game_s_kept_sequences_are_read_only_to_callers() -> None:
    """Issue 33 finding 4: ``game.actions[-1].append(tl.Pass(9))`` was accepted and the
    record no longer replayed. The deals' actions, results and starts and the history have
    no method that changes them, their items neither, and the record still replays."""
    game = tl.Game("tuolaji", seed=3)
    game.play_deal([tl.RandomBot(seat) for seat in range(4)])
    record = tl.write_record(game)
    for sequence in (game.actions, game.actions[-1], game.results, game.starts, game.history):
        for name in ("append", "extend", "insert", "pop", "remove", "clear", "begin"):
            assert not hasattr(sequence, name), (type(sequence).__name__, name)
        with pytest.raises(TypeError):
            sequence[0] = None  # type: ignore[index]
        with pytest.raises(TypeError):
            del sequence[0]  # type: ignore[attr-defined]
    for name in ("actions", "results", "starts"):
        with pytest.raises(AttributeError):
            setattr(game, name, [])
    # A slice is a copy: changing it leaves the game as it was.
    copied = game.actions[:]
    copied.append(DealActions([tl.Pass(0)]))
    assert len(game.actions) == 1 and tl.write_record(game) == record
    assert tl.replay(record).state == game.state


def test_a_game_s_kept_sequences_read_and_compare_like_lists() -> None:
    """The public names keep working: indexing, negative indices, slicing, ``len``,
    iteration, ``in``, ``==`` with a list, pickling."""
    game = tl.Game("tuolaji", seed=4)
    game.play_match([tl.GreedyBot(seat) for seat in range(4)], max_deals=2)
    actions, results = list(game.actions), list(game.results)
    assert len(game.actions) == 2 and game.actions == actions and actions == game.actions
    assert game.results == results and game.results[-1] is results[-1]
    assert game.actions[0:1] == actions[0:1] and isinstance(game.actions[:], list)
    assert list(reversed(game.results)) == results[::-1] and results[0] in game.results
    assert game.actions[-2] == actions[0] and all(
        a == b for a, b in zip(game.actions, actions, strict=True)
    )
    assert pickle.loads(pickle.dumps(game.results)) == results
    assert repr(game.results) == repr(results)
    with pytest.raises(TypeError):
        hash(game.actions)


def test_every_index_error_of_a_game_is_typed_and_names_index_and_length() -> None:
    """Issue 33 finding 4: a negative out-of-range index raised a bare IndexError from
    inside. Every kept sequence raises IndexOutOfRange (an IndexError and a TuolajiError)
    naming the sequence, the index and the length."""
    game = tl.Game("tuolaji", seed=5)
    game.play_deal([tl.RandomBot(seat) for seat in range(4)])
    cases = [
        (game.actions, "deal"),
        (game.actions[0], "deal action"),
        (game.results, "deal result"),
        (game.starts, "deal start"),
        (game.history, "history"),
    ]
    for sequence, name in cases:
        n = len(sequence)
        for index in (n, -n - 1, 10**30, -(10**30)):
            with pytest.raises(tl.IndexOutOfRange, match=f"{name} index out of range") as error:
                sequence[index]
            assert isinstance(error.value, IndexError) and isinstance(error.value, tl.TuolajiError)
            assert f"sequence of {n} " in str(error.value) and str(index)[:10] in str(error.value)
        with pytest.raises(TypeError, match=f"{name} indices are ints"):
            sequence[1.5]  # type: ignore[call-overload]
    with pytest.raises(tl.IndexOutOfRange, match="empty sequence"):
        tl.Game("tuolaji").results[-1]
