"""BestBot's search from the first lead (#32 item 2): its candidates (legal, the greedy choice
first, pair, tractor and standing-throw leads, R6.3), its budget of rollouts, its secrecy (a
swap of hidden cards changes no decision) and its determinism (same seed, any worker count)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator

import attrs
import pytest

import tuolaji as tl
import tuolaji.bots.best as best_module
from positions import played_deals
from tuolaji.bots.best import BestBot
from tuolaji.bots.candidates import candidate_plays, standing_throws
from tuolaji.bots.worlds import sample_world
from tuolaji.core.shapes import unit_ids
from tuolaji.state.actions import Play
from tuolaji.state.gamestate import GameState
from tuolaji.state.view import shown_cards
from tuolaji.tools.arena import ArenaConfig, parse_bot_spec, parse_bots, run_arena


def _decisions(preset: str, seeds: tuple[int, ...]) -> Iterator[GameState]:
    """Play decisions with more than one legal play, from greedy deals of ``preset``."""
    for seed in seeds:
        for state in played_deals(preset, seed):
            if state.phase is tl.Phase.PLAYING and len(state.legal_actions(state.turn)) > 1:
                yield state


def _leads(preset: str, seeds: tuple[int, ...]) -> list[GameState]:
    return [s for s in _decisions(preset, seeds) if not s.trick]


def _candidates(state: GameState, count: int = 64, seed: int = 0) -> list[Play]:
    seat = state.turn
    view, actions = state.view(seat), state.legal_actions(seat)
    first = tl.GreedyBot(seed).act(view, actions)
    assert isinstance(first, Play)
    return candidate_plays(view, actions, first, count, random.Random(seed))


@pytest.mark.parametrize("preset", ["tuolaji", "shuangsheng"])
def test_candidates_are_distinct_legal_plays_the_greedy_choice_first(preset: str) -> None:
    states = list(_decisions(preset, (1, 2)))
    assert any(s.trick for s in states) and any(not s.trick for s in states)
    for state in states[::3]:
        seat = state.turn
        actions = state.legal_actions(seat)
        plays = _candidates(state, count=8)
        assert plays[0] == tl.GreedyBot(0).act(state.view(seat), actions)
        assert all(p in actions for p in plays)  # R6, R7
        keys = [tuple(sorted(c.id for c in p.cards)) for p in plays]
        assert len(set(keys)) == len(keys)
        assert 1 <= len(plays) <= 8
        assert len(plays) > 1  # more than one legal play: alternatives are offered


def test_candidates_include_every_pair_and_tractor_lead_of_the_hand() -> None:
    """R3.3: a hand's pairs and tractors are lead candidates (with room for all of them)."""
    checked = 0
    for state in _leads("tuolaji", (1, 2, 3)):
        trump = state.trump
        assert trump is not None
        hand = [c.id for c in state.hands[state.turn]]
        shaped = [u for u in unit_ids(hand, trump.table) if u.pairs]
        if not shaped:
            continue
        offered = {tuple(sorted(c.id for c in p.cards)) for p in _candidates(state)}
        for unit in shaped:
            assert tuple(sorted(unit.ids)) in offered, unit
        checked += 1
        checked += sum(u.pairs >= 2 for u in shaped)  # tractors count twice
    assert checked >= 10


def test_standing_throws_stand_in_every_world_and_are_offered() -> None:
    """R6.3: a throw offered by the seat's knowledge stands whatever the hidden hands hold;
    played in sampled worlds, the engine never fails it (R6.4), and it is a candidate."""
    rng = random.Random(5)
    found = 0
    for preset in ("tuolaji", "shuangsheng"):
        for state in _leads(preset, (1, 2, 3, 4)):
            seat = state.turn
            view, actions = state.view(seat), state.legal_actions(seat)
            throws = standing_throws(view)
            offered = {tuple(sorted(c.id for c in p.cards)) for p in _candidates(state)}
            for throw in throws:
                play = Play(seat, tuple(tl.CARDS[c] for c in throw))
                if play not in actions:
                    continue
                found += 1
                assert tuple(sorted(throw)) in offered
                for world in [state] + [sample_world(view, rng) for _ in range(3)]:
                    after = world.apply(play)
                    assert after.failed_throws == world.failed_throws, (preset, str(play))
                    assert after.trick[0] == play.cards
    assert found >= 3


def test_a_throw_that_could_be_beaten_is_not_offered() -> None:
    """R6.3: a unit below an unseen higher unit of its kind makes no standing throw."""
    for state in _leads("tuolaji", (1, 2)):
        view = state.view(state.turn)
        trump = view.trump
        assert trump is not None
        outside = Counter({c: 2 for c in range(len(tl.CARDS))})
        outside.subtract(c.id for c in view.hand)
        for t in view.tricks:
            outside.subtract(c.id for p in t.plays for c in p)
        outside.subtract(c.id for c in view.kitty or ())
        table = trump.table
        for throw in standing_throws(view):
            for unit in unit_ids(throw, table):
                higher = [
                    c
                    for c in range(len(tl.CARDS))
                    if table.suit[c] == unit.suit
                    and table.pos[c] > unit.top
                    and outside[c] >= (2 if unit.pairs else 1)
                ]
                assert not higher, (str(view.hand), unit)


def test_best_spends_at_most_its_budget_of_rollouts_per_decision(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    calls = [0]
    rollout = best_module.greedy_rollout_points

    def counted(state: GameState, bot: tl.GreedyBot) -> GameState:
        calls[0] += 1
        return rollout(state, bot)

    monkeypatch.setattr(best_module, "greedy_rollout_points", counted)
    spent = []
    for budget, candidates in ((12, 4), (7, 3), (2, 6)):
        for state in list(_decisions("tuolaji", (1,)))[::9]:
            seat = state.turn
            bot = BestBot(1, budget=budget, candidates=candidates)
            calls[0] = 0
            bot.act(state.view(seat), state.legal_actions(seat))
            plays = len(bot._candidates(state.view(seat), state.legal_actions(seat)))
            assert calls[0] <= budget
            # Every candidate in the same worlds: as many worlds as the budget allows.
            assert calls[0] == (budget // plays) * plays
            spent.append(calls[0])
    assert max(spent) == 12


def test_best_searches_from_the_first_lead() -> None:
    """The opening lead of a deal (a full hand) is searched: the search stream moves."""
    state = _leads("tuolaji", (1,))[0]
    seat = state.turn
    assert len(state.hands[seat]) >= 20
    bot = BestBot(4, budget=6)
    before = bot.rng.getstate()
    assert bot.act(state.view(seat), state.legal_actions(seat)) in state.legal_actions(seat)
    assert bot.rng.getstate() != before


def _swapped(state: GameState, rng: random.Random) -> GameState:
    """``state`` with a few cards exchanged between the hands of seats other than the one to
    play (no shown card moves, R4.2): the seat's view is the same."""
    seat = state.turn
    hands = [list(h) for h in state.hands]
    shown = shown_cards(state.events)
    others = [s for s in range(4) if s != seat and hands[s]]
    for _ in range(4):
        a, b = rng.sample(others, 2)
        free_a = [c for c in hands[a] if c not in shown[a]]
        free_b = [c for c in hands[b] if c not in shown[b]]
        if not free_a or not free_b:
            continue
        x, y = rng.choice(free_a), rng.choice(free_b)
        hands[a][hands[a].index(x)] = y
        hands[b][hands[b].index(y)] = x
    return attrs.evolve(state, hands=tuple(tuple(h) for h in hands))


def test_best_decides_from_its_view_only_swap_test() -> None:
    """Secrecy: hidden cards exchanged between the other hands leave the view, and the
    decision, unchanged."""
    rng = random.Random(3)
    changed = 0
    for state in list(_decisions("tuolaji", (2,)))[::6]:
        seat = state.turn
        alt = _swapped(state, rng)
        changed += alt.hands != state.hands
        assert alt.view(seat) == state.view(seat)
        choice = BestBot(7, budget=8).act(state.view(seat), state.legal_actions(seat))
        assert BestBot(7, budget=8).act(alt.view(seat), alt.legal_actions(seat)) == choice
    assert changed >= 5


def test_best_evaluate_uses_the_budget_over_the_same_worlds() -> None:
    """``evaluate`` (the analysis reads it): one mean per play, the same play twice gets the
    same mean (same worlds, same rollouts), and the same seed gives the same means."""
    state = list(_decisions("tuolaji", (1,)))[40]
    seat = state.turn
    view = state.view(seat)
    plays = _candidates(state, count=3)
    means = BestBot(2, budget=9).evaluate(view, [plays[0], *plays])
    assert len(means) == len(plays) + 1 and means[0] == means[1]
    assert BestBot(2, budget=9).evaluate(view, [plays[0], *plays]) == means


def test_best_same_seed_same_choices() -> None:
    states = list(_decisions("tuolaji", (1,)))[::7]
    first = [BestBot(5, budget=6).act(s.view(s.turn), s.legal_actions(s.turn)) for s in states]
    again = [BestBot(5, budget=6).act(s.view(s.turn), s.legal_actions(s.turn)) for s in states]
    assert first == again


def test_best_arena_results_are_the_same_on_one_and_two_workers() -> None:
    config = ArenaConfig(
        parse_bots('b=best{"budget": 4},g=greedy'),
        deals=2,
        seed=21,
        bidder=parse_bot_spec("greedy"),
    )
    one = run_arena(config)
    assert run_arena(config, workers=2).to_json() == one.to_json()
