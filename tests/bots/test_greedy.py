"""GreedyBot's heuristics (#24 item 4): feeding a partner whose play stands, ruffing only for
points, burial that keeps trumps, and deterministic decisions."""

from __future__ import annotations

import pytest

import tuolaji as tl
from tuolaji.state.actions import Bury, Phase, Play
from tuolaji.testing import stacked_deck

TRUMP = tl.Trump(tl.Rank.TWO, tl.Suit.HEARTS)
KITTY = tl.parse_cards("3C 3C 4C 4C 6C 6C 7C 7C")


def _state(hands: list[str]) -> tl.GameState:
    return tl.GameState.for_play(
        "tuolaji",
        hands=[tl.parse_cards(h) for h in hands],
        kitty=KITTY,
        trump=TRUMP,
        dealer=0,
        levels=(tl.Rank.TWO, tl.Rank.TWO),
    )


def _choice(state: tl.GameState) -> tuple[tl.Card, ...]:
    seat = state.to_act
    action = tl.GreedyBot(seat).act(state.view(seat), state.legal_actions(seat))
    assert isinstance(action, Play)
    return tuple(sorted(action.cards))


def test_feeds_points_to_a_partner_whose_play_stands() -> None:
    """Seat 2 holds the other ♠A: the partner's ♠A is a master (R7.4), so seat 2 gives its ♠K
    (10 points, R1.2)."""
    state = _state(["AS 8C 9C", "4S 8D 9D", "AS KS 3S", "5D 5S 6D"])
    state = state.play(0, tl.parse_cards("AS")).play(1, tl.parse_cards("4S"))
    assert _choice(state) == tuple(tl.parse_cards("KS"))


def test_keeps_its_points_when_the_partners_play_may_be_beaten() -> None:
    """The partner's ♠K is not a master, since both ♠A are unseen (seat 3 may hold one): seat 2
    keeps its ♠10 and plays its lowest spade."""
    state = _state(["KS 8C 9C", "4S 8D 9D", "10S 3S 9S", "AS 6D 7D"])
    state = state.play(0, tl.parse_cards("KS")).play(1, tl.parse_cards("4S"))
    assert _choice(state) == tuple(tl.parse_cards("3S"))


def test_ruffs_only_for_points() -> None:
    """Seat 1 is void in spades (R7.2): it ruffs a ♠10 (10 points) but not a ♠3."""
    hands = ["3S 8C 9C", "3H 8D 9D", "4S 6S 7S", "5S 6D 7D"]
    assert _choice(_state(hands).play(0, tl.parse_cards("3S"))) == tuple(tl.parse_cards("8D"))
    hands[0] = "10S 8C 9C"
    assert _choice(_state(hands).play(0, tl.parse_cards("10S"))) == tuple(tl.parse_cards("3H"))


def _greedy_game(seed: int, rules: tl.Rules | str = "tuolaji") -> tl.Game:
    game = tl.Game(rules, seed=seed)
    game.play_deal([tl.GreedyBot(seed * 4 + s) for s in range(4)])
    return game


def test_decisions_are_deterministic_given_the_seed() -> None:
    for seed in range(3):
        assert _greedy_game(seed).actions == _greedy_game(seed).actions


@pytest.mark.parametrize("size", [8, 4])
def test_burial_keeps_trumps_while_side_cards_last(size: int) -> None:
    """R5.1: of the 33 cards, trumps are buried only when fewer than 8 side cards remain;
    with a kitty of 4 (R4.1, Rules.kitty_size), of the 30 cards, 4 are buried alike."""
    rules = tl.Rules(kitty_size=size)  # type: ignore[arg-type]
    burials = 0
    for seed in range(12):
        for state in _greedy_game(seed, rules).history:
            if state.phase is not Phase.BURYING:
                continue
            seat = state.to_act
            action = tl.GreedyBot(seat).act(state.view(seat), state.legal_actions(seat))
            assert isinstance(action, Bury) and len(action.cards) == size
            trump = state.trump
            assert trump is not None
            side = sum(not trump.is_trump(c) for c in state.hands[seat])
            buried_trumps = sum(trump.is_trump(c) for c in action.cards)
            assert buried_trumps == max(0, size - side)
            burials += 1
    assert burials >= 12


def test_r5_2_steals_the_kitty_for_a_long_suit_and_buries_again() -> None:
    """炒地皮 (``Rules.kitty_theft``): holding both ♠5 and a long spade suit against the
    dealer's ♥5, the greedy attacker at seat 1 steals (its trump share grows by far more
    than the margin it asks of a counter) and then buries 8 of its 33 cards; the dealer
    stays seat 0."""
    rules = tl.Rules(kitty_theft="every_deal")
    deck = stacked_deck(["5H", "5S 5S AS KS QS JS 10S 9S 8S 7S 6S"])
    s = tl.GameState.new(rules, seed=1, deck=deck, levels=(tl.Rank.FIVE, tl.Rank.NINE))
    s = s.deal_card().declare(0, tl.parse_cards("5H"))
    while s.phase is Phase.DEALING:
        s = s.deal_card()
    while s.phase is Phase.CLOSING:
        s = s.pass_(s.to_act)
    s = s.bury(0, s.hands[0][-8:])
    bot = tl.GreedyBot(seed=1)
    theft = bot.act(s.view(1), s.legal_actions(1))
    assert theft == tl.Declare(1, tl.parse_cards("5S 5S"))
    s = s.apply(theft)
    burial = bot.act(s.view(1), s.legal_actions(1))
    assert isinstance(burial, Bury) and len(burial.cards) == s.rules.kitty_size
    s = s.apply(burial)
    assert s.phase is Phase.COUNTERS and s.dealer == 0 and s.buried_by == 1
