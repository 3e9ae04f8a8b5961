"""The engine's shortcuts around the rules give the answers of the plain paths (issue 11).

A play that a state's own legal plays known legal is not checked again; card ids, lead
descriptions and legal plays are remembered by identity; ``Game.play_deal`` asks a seat to
bid only when something changed for it. Each shortcut is compared here with the plain
computation, and the cases where it must not apply are tried.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import attrs
import pytest

import tuolaji as tl
from positions import play_states
from tuolaji import GameState, Phase
from tuolaji.bots import GreedyBot, RandomBot
from tuolaji.core.legal import LegalFollows, LegalLeads
from tuolaji.core.trickids import lead_info_ids
from tuolaji.game.facade import Game
from tuolaji.state.actions import Action, ActionSet, Declare, Pass, Play
from tuolaji.state.view import PlayerView

C = tl.parse_cards


@pytest.mark.parametrize("preset", list(tl.RULESETS))
def test_a_known_legal_play_gives_the_state_a_checked_copy_gives(preset: str) -> None:
    rng = random.Random(5)
    for s in play_states(preset, 11):
        plays = s.legal_plays()
        sampled = plays.sample(rng)
        copy = tuple(list(sampled))
        assert plays.is_known_legal(sampled) and not plays.is_known_legal(copy)
        assert s.play(s.to_act, sampled) == s.play(s.to_act, copy)


def test_only_legal_tuples_are_known_legal_and_others_are_still_checked() -> None:
    s = GameState.for_play(
        "tuolaji",
        hands=[C(h) for h in ("AH KH 3C", "QH JH 4C", "9H 8H 5C", "5H 2H 6C")],
        kitty=C("3D 3D 4D 4D 6D 6D 7D 7D"),
        trump=tl.Trump(tl.Rank.TEN, tl.Suit.SPADES),
        dealer=0,
        levels=(tl.Rank.TEN, tl.Rank.TWO),
    )
    s = s.play(0, C("AH"))
    plays = s.legal_plays()
    context = s._known_play_context()
    assert context is not None and context.plays is plays and s.legal_plays() is plays
    assert C("4C") not in plays and not plays.is_known_legal(C("4C"))
    with pytest.raises(tl.IllegalAction) as info:
        s.play(1, C("4C"))  # R7.2: seat 1 holds hearts
    assert info.value.rule == "R7.2"
    as_list = list(C("QH"))
    assert as_list in plays and not plays.is_known_legal(as_list)  # a list may change later
    queen = C("QH")
    assert queen in plays and plays.is_known_legal(queen)
    with pytest.raises(tl.IllegalAction):
        s.play(2, queen)  # known legal seat 1's plays, but it is not seat 2's turn


def test_legal_collections_know_what_they_sample_is_legal() -> None:
    trump = tl.Trump(tl.Rank.TWO, tl.Suit.HEARTS)
    rng = random.Random(1)
    leads = LegalLeads(C("AS AS KS 3D"), trump)
    follows = LegalFollows(C("QS QS"), C("AS AS KS 3D"), trump)
    for plays in (leads, follows):
        for _ in range(20):
            p = plays.sample(rng)
            assert plays.is_known_legal(p) and p in plays
            assert set(plays) >= {p}


def test_derived_hand_ids_and_lead_equal_fresh_ones() -> None:
    trump = tl.Trump(tl.Rank.TEN, tl.Suit.SPADES)
    s = GameState.for_play(
        "tuolaji",
        hands=[C(h) for h in ("AH KH KH 3C", "SJ BJ 10S 10H", "2D 2D 3D 4D", "5C 6C 7C 8C")],
        kitty=C("3S 3S 4S 4S 6S 6S 7S 7S"),
        trump=trump,
        dealer=0,
        levels=(tl.Rank.TEN, tl.Rank.TWO),
    )
    for seat in range(4):
        assert s._hand_ids(seat) == tuple(c.id for c in s.hands[seat])
        assert s._hand_ids(seat) is s._hand_ids(seat)
    assert s._lead_info() is None
    s = s.play(0, C("KH KH"))
    info = s._lead_info()
    assert info == lead_info_ids([c.id for c in C("KH KH")], trump.table)
    assert s.play(1, C("10S 10H"))._lead_info() is info  # derived once per trick
    assert s._hand_ids(0) == tuple(c.id for c in C("AH 3C"))


def test_advanced_copies_every_field_and_keeps_the_state_frozen() -> None:
    s = GameState.new("tuolaji", seed=3)
    t = s._advanced(turn=2, passes=1)
    assert t == attrs.evolve(s, turn=2, passes=1)
    assert (s.turn, s.passes) == (0, 0)
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        t.turn = 1  # type: ignore[misc]


class _Recorder:
    """Passes (or bids at its first chance, with ``eager``) and records what it was asked."""

    def __init__(self, eager: bool = False) -> None:
        self.eager = eager
        self.asked: list[tuple[int, tuple[tl.Card, ...], object]] = []
        self.inner = RandomBot(0)

    def act(self, view: PlayerView, actions: ActionSet) -> Action:
        if view.phase is not Phase.DEALING:
            return self.inner.act(view, actions)
        self.asked.append((view.seat, view.hand, view.bid))
        bids = [a for a in actions if isinstance(a, Declare)]
        assert bids, "a seat is asked only when it could bid"
        return bids[0] if self.eager else Pass(view.seat)


def test_while_dealing_a_seat_is_asked_only_when_its_hand_or_the_bid_changed() -> None:
    for seed in range(6):
        bots = [_Recorder() for _ in range(4)]
        Game("tuolaji", seed).play_deal(bots)
        for bot in bots:
            # The same hand and the same standing bid (the very objects: each change makes
            # new ones, and a redeal new hands) never make the same question twice.
            for i, (seat, hand, bid) in enumerate(bot.asked):
                assert hand
                assert not any(s == seat and h is hand and b is bid for s, h, b in bot.asked[:i])


def test_an_eager_bidder_bids_as_soon_as_it_can() -> None:
    """With nobody bidding before it, a seat that always bids does so right after the card
    that first gave it an option (the plain rule: ask every seat after every card)."""
    for seed in range(6):
        game = Game("tuolaji", seed)
        game.play_deal([_Recorder(eager=True) for _ in range(4)])
        first = next(a for a in game.actions[0] if isinstance(a, Declare))
        s = GameState.new("tuolaji", seed=seed)
        while not any(s.legal_actions(seat) for seat in range(4)):
            s = s.deal_card()
        assert first in s.legal_actions()


def test_random_bot_samples_plays_without_listing_them() -> None:
    class NoListing(ActionSet):
        def __init__(self, inner: ActionSet) -> None:
            self.inner = inner

        def __iter__(self) -> Iterator[Action]:
            raise AssertionError("listed")

        def __len__(self) -> int:
            return len(self.inner)

        def __contains__(self, action: object) -> bool:
            return action in self.inner

        def sample(self, rng: random.Random) -> Action:
            return self.inner.sample(rng)

    s = next(play_states("tuolaji", 4))
    action = RandomBot(2).act(s.view(s.to_act), NoListing(s.legal_actions()))
    assert isinstance(action, Play) and action in s.legal_actions()


def test_greedy_bot_plays_the_same_through_any_action_set() -> None:
    """GreedyBot reads the legal plays without Play wrappers when it can; through a plain
    action set it must choose the same."""

    class Plain(ActionSet):
        def __init__(self, inner: ActionSet) -> None:
            self.inner = inner

        def __iter__(self) -> Iterator[Action]:
            return iter(self.inner)

        def __len__(self) -> int:
            return len(self.inner)

        def __contains__(self, action: object) -> bool:
            return action in self.inner

        def sample(self, rng: random.Random) -> Action:
            return self.inner.sample(rng)

    for s in play_states("shuangsheng", 8):
        view, actions = s.view(s.to_act), s.legal_actions()
        assert GreedyBot(1).act(view, actions) == GreedyBot(1).act(view, Plain(actions))
