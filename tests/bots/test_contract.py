"""Bids and burial for ``best`` (issue 32, item 3; ``tuolaji.bots.contract``): legal under
every preset, deterministic, reading only the seat's view (swap test), and named tests for
each heuristic's reason (R4.2-R4.4 bids, R5.1 burial, R5.2 counters, R7.2 voids, R8.2 the
kitty's points)."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tuolaji as tl
from hidden_swaps import swap_hidden
from positions import played_deals, random_deal_states
from tuolaji.bots import contract as module
from tuolaji.bots.best import BestBot
from tuolaji.bots.contract import (
    BIDDING_PHASES,
    FIRST_DEAL_POWER,
    SAFE_BURIAL_POWER,
    Contract,
    choose_bid,
    choose_burial,
    trump_power,
)
from tuolaji.bots.greedy import trump_share
from tuolaji.core.cards import POINTS, parse_cards
from tuolaji.core.trump import TrumpTable
from tuolaji.game.turns import BidTurns
from tuolaji.state.actions import ActionSet, BuryActions, ListedActions

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
from contract_greedy import (  # GreedyBot's play, the contract's bids and burial
    ContractBidsGreedyBot,
    ContractBurialGreedyBot,
    ContractGreedyBot,
)
from first_dealer import first_dealer_wins  # the first dealer's worth over a match
from share_bids import ShareBidsGreedyBot  # GreedyBot with later-deal bid rules to search


def _deciders(state: tl.GameState) -> list[int]:
    """The seats with a bidding or burial decision: while cards are dealt, every seat with a
    bid (Game asks it with Pass, "not now", among its bids); else the seat to act."""
    if state.phase is tl.Phase.DEALING:
        return [seat for seat in range(4) if state.legal_actions(seat)]
    if state.phase in BIDDING_PHASES | {tl.Phase.BURYING} and state.to_act >= 0:
        return [state.to_act]
    return []


def _actions(state: tl.GameState, seat: int) -> ActionSet:
    actions = state.legal_actions(seat)
    if state.phase is tl.Phase.DEALING:
        return ListedActions((tl.Pass(seat), *actions))
    return actions


def _decision(state: tl.GameState, seat: int) -> tl.Action:
    view, actions = state.view(seat), _actions(state, seat)
    if state.phase is tl.Phase.BURYING:
        return choose_burial(view, actions)
    return choose_bid(view, actions)


@pytest.mark.parametrize("rules", sorted(tl.RULESETS))
def test_contract_bids_and_buries_legally_under_every_preset(rules: str) -> None:
    """Whole deals through Game (which raises IllegalAction for any illegal answer), twice
    with the same seeds: the same game (deterministic, no random draw). The bots are the
    benchmark's ``ContractGreedyBot``, which calls the contract as ``best`` does."""

    def play(seed: int) -> tl.GameState:
        game = tl.Game(rules, seed=seed)
        for _ in range(2):  # a first deal (dealer by bidding), then a later one
            if not game.over:
                game.play_deal([ContractGreedyBot(seed + i) for i in range(4)])
        return game.state

    for seed in (3, 4):
        end = play(seed)
        assert end.result is not None
        assert play(seed) == end


@pytest.mark.parametrize("rules", sorted(tl.RULESETS))
def test_contract_answers_are_legal_in_random_bidding_positions(rules: str) -> None:
    """Every bidding, counter and burial decision of random deals (bids at every point of
    the deal): the answer is among the legal actions."""
    phases = set()
    for seed in range(4):
        for state in random_deal_states(rules, seed):
            for seat in _deciders(state):
                assert _decision(state, seat) in _actions(state, seat)
                phases.add(state.phase)
    assert {tl.Phase.DEALING, tl.Phase.BURYING} <= phases


@pytest.mark.parametrize("rules", ["tuolaji", "shuangsheng"])
def test_contract_decides_from_its_view_alone(rules: str) -> None:
    """Swap test: the other seats' hidden cards exchanged (the view unchanged), the same
    bids, counters and burials."""
    rng = random.Random(5)
    decisions = [
        (s, seat)
        for seed in range(3)
        for s in random_deal_states(rules, seed)
        for seat in _deciders(s)
        if min(len(h) for h in s.hands) > 3
    ]
    assert len(decisions) > 10
    for state, seat in decisions[:: max(1, len(decisions) // 30)]:
        swapped = swap_hidden(state, seat, rng)
        assert _decision(swapped, seat) == _decision(state, seat)


# --- named reasons ---------------------------------------------------------------------------


def _view_in(rules: str, phase: tl.Phase) -> tl.PlayerView:
    """A real view of ``phase`` (a seat deciding, or seat 0 while cards are dealt), to be
    given a chosen hand."""
    for seed in range(1, 6):
        for state in played_deals(rules, seed):
            if state.phase is phase and (state.to_act >= 0 or phase is tl.Phase.DEALING):
                return state.view(max(state.to_act, 0))
    raise AssertionError(f"no {phase} decision found")


def _dealt(hand: str) -> tl.PlayerView:
    """A first deal's view while cards are dealt (levels 2), holding ``hand``."""
    view = _view_in("tuolaji", tl.Phase.DEALING)
    assert view.levels == (tl.Rank.TWO, tl.Rank.TWO) and view.dealer is None
    return attrs.evolve(view, hand=parse_cards(hand), bid=None)


def _bids(view: tl.PlayerView, *bids: str) -> ListedActions:
    return ListedActions(
        [tl.Pass(view.seat), *(tl.Declare(view.seat, parse_cards(b)) for b in bids)]
    )


STRONG_HEARTS = "BJ SJ 2H 2S AH AH KH QH JH 10H 9H 8H 3S 5S 7C 8C 9C 3D 4D 6D"
"""20 cards, 12 of them trumps if hearts are trump at level 2 (4 top trumps, 1 pair)."""

MONSTER_HEARTS = "BJ BJ SJ 2H 2H 2S AH AH KH QH JH 10H 9H 8H 3S 5S 7C 8C 9C 3D"
"""20 cards, 14 of them trumps if hearts are trump at level 2 (6 top trumps, 3 pairs)."""

MEDIUM_HEARTS = "BJ 2H 4H 6H 8H 10H QH AH 3S 5S 7S 9S 7C 8C 9C JC 3D 4D 6D 8D"
"""20 cards, 8 of them trumps if hearts are trump at level 2 (2 top trumps, no pair): a power
of 10, 12.5 scaled to a whole hand."""

WEAK = "2H 6H 8H 3S 5S 7S 9S JS 7C 8C 9C JC 3D 4D 6D 8D QD KC 9D 10C"
"""20 cards with three hearts (one a level card) and little else."""


def test_r4_5_a_first_deal_is_bid_while_dealt_only_from_the_first_deal_bar() -> None:
    """R4.5/R9.1: a first deal's bid makes its side the declarers, and attackers who take a
    deal over gain a level: 8 trumps of 20 (below `FIRST_DEAL_POWER`) wait for the closing
    round, 12 bid, and 14 bid their pair."""
    view = _dealt(MEDIUM_HEARTS)
    assert trump_power([c.id for c in view.hand], _hearts_table(), 25) < FIRST_DEAL_POWER
    assert choose_bid(view, _bids(view, "2H")) == tl.Pass(view.seat)
    view = _dealt(STRONG_HEARTS)
    assert trump_power([c.id for c in view.hand], _hearts_table(), 25) >= FIRST_DEAL_POWER
    assert choose_bid(view, _bids(view, "2H", "2S")) == tl.Declare(view.seat, parse_cards("2H"))
    view = _dealt(MONSTER_HEARTS)
    choice = choose_bid(view, _bids(view, "2H", "2S", "2H 2H"))
    assert isinstance(choice, tl.Declare) and set(choice.cards) <= set(parse_cards("2H 2H"))


def test_r10_3_in_a_later_deal_a_hand_with_12_trumps_bids_its_suit() -> None:
    """R10.3: in a later deal the dealer is known and the bid only chooses the trump: the
    seat names its long suit."""
    view = attrs.evolve(_dealt(STRONG_HEARTS), dealer=1)
    assert choose_bid(view, _bids(view, "2H", "2S")) == tl.Declare(view.seat, parse_cards("2H"))


def test_r4_3_a_weak_hand_passes_while_dealt() -> None:
    view = _dealt(WEAK)
    assert choose_bid(view, _bids(view, "2H")) == tl.Pass(view.seat)
    assert choose_bid(attrs.evolve(view, dealer=1), _bids(view, "2H")) == tl.Pass(view.seat)


def test_r4_1_the_closing_round_bids_the_strongest_trump_it_can() -> None:
    """The closing round is the last chance to bid (R4.1): even a weak hand names its best
    trump."""
    view = attrs.evolve(_dealt(WEAK), phase=tl.Phase.CLOSING)
    assert choose_bid(view, _bids(view, "2H")) == tl.Declare(view.seat, parse_cards("2H"))


def _hearts_table() -> TrumpTable:
    return tl.Trump(tl.Rank.TWO, tl.Suit.HEARTS).table


def test_r4_3_a_few_cards_do_not_bid_however_good() -> None:
    """Early in the deal the scaled power says too little: three hearts of four cards."""
    view = _dealt("2H AH KH 3S")
    assert choose_bid(view, _bids(view, "2H")) == tl.Pass(view.seat)


def test_trump_power_counts_trumps_top_trumps_and_pairs() -> None:
    table = tl.Trump(tl.Rank.TWO, tl.Suit.HEARTS).table
    ids = [c.id for c in parse_cards("BJ AH AH 5H 3S")]
    # 4 trumps, 1 top trump (the big joker), 1 trump pair; scaled from 5 cards to 25.
    assert trump_power(ids, table, 25) == pytest.approx((4 + 1 + 1) * 25 / 5)
    assert trump_power([], table, 25) == 0.0


def _counters(hand: str, standing: tl.Suit) -> tl.PlayerView:
    """A shuangsheng counter decision (R5.2) with ``standing`` trump, holding ``hand``."""
    view = _view_in("shuangsheng", tl.Phase.COUNTERS)
    level = view.levels[tl.team_of(view.dealer)]  # type: ignore[arg-type]
    return attrs.evolve(view, hand=parse_cards(hand), trump=tl.Trump(level, standing))


def test_r5_2_a_counter_that_makes_the_long_suit_trump_is_made() -> None:
    view = _counters("", tl.Suit.SPADES)
    level = view.trump.level  # type: ignore[union-attr]
    lv = str(level.value) if level.value <= 10 else "JQKA"[level.value - 11]
    hearts = f"BJ {lv}H {lv}H AH KH QH JH 9H 8H 7H 6H 5H 3C 4C 6C 7C 8C 9C 3D 4D 6D 7D 8D 9D 3S"
    view = attrs.evolve(view, hand=parse_cards(hearts))
    counter = tl.Declare(view.seat, parse_cards(f"BJ {lv}H {lv}H"))
    assert choose_bid(view, _bids(view, f"BJ {lv}H {lv}H")) == counter
    # The same counter when the hand is long in the standing trump instead: pass.
    spades = hearts.replace("H", "X").replace("S", "H").replace("X", "S")
    view = attrs.evolve(view, hand=parse_cards(spades.replace(f"{lv}S {lv}S", f"{lv}H {lv}H")))
    assert choose_bid(view, _bids(view, f"BJ {lv}H {lv}H")) == tl.Pass(view.seat)


def _burying(hand: str, suit: tl.Suit = tl.Suit.HEARTS) -> tl.PlayerView:
    view = _view_in("tuolaji", tl.Phase.BURYING)
    return attrs.evolve(view, hand=parse_cards(hand), trump=tl.Trump(tl.Rank.TWO, suit))


def _buried(view: tl.PlayerView) -> tuple[tl.Card, ...]:
    choice = choose_burial(view, BuryActions(view.seat, view.hand, view.rules.kitty_size))
    assert choice in BuryActions(view.seat, view.hand, view.rules.kitty_size)
    return choice.cards


# 33 cards, 6 of them trumps: a short diamond suit of 10 and 5 (no top card, 15 points).
SHORT_TRUMPS = (
    "2H 5H 7H 9H JH QH AS KS QS JS 9S 9S 8S 7S 6S 4S 4S 3S 3S AC KC QC JC 9C 8C 7C 3C 3C "
    "4C 4C 6C 10D 5D"
)
LONG_TRUMPS = (
    "BJ SJ 2H 2H 2S 2C AH AH KH QH JH 10H 9H 8H 7H 6H AS KS 9S 8S 7S 6S 4S 3S AC "
    "KC 9C 10D 5D 4C 3C 6C 8C"
)


def test_r8_2_a_burial_keeps_points_out_when_the_trump_holding_is_short() -> None:
    """Six trumps: the attackers may well win the last trick and score the kitty multiplied,
    so the short diamonds (10 and 5) stay in hand though burying them would void the suit."""
    view = _burying(SHORT_TRUMPS)
    buried = _buried(view)
    assert sum(POINTS[c.id] for c in buried) == 0
    assert not set(parse_cards("10D 5D")) & set(buried)


def test_r8_2_a_burial_with_a_long_trump_holding_may_void_a_suit_with_points() -> None:
    """Strong in trumps, the side usually wins the last trick: diamonds 10 5, without their
    top card, are buried to void the suit (R7.2), points and all."""
    view = _burying(LONG_TRUMPS)
    buried = _buried(view)
    assert set(parse_cards("10D 5D")) <= set(buried)
    assert not any(c.suit is tl.Suit.DIAMONDS for c in view.hand if c not in buried)


def test_r7_2_a_burial_voids_a_short_suit() -> None:
    """Clubs 3 4 6 next to long suits: all three are buried, a void to ruff clubs."""
    hand = (
        "2H 5H 7H 9H JH QH AS KS QS JS 9S 8S 7S 6S 4S 3S AD KD QD JD 9D 8D 7D 6D 3D "
        "4D 3C 4C 6C 10S 5S KH AH"
    )
    buried = _buried(_burying(hand))
    assert set(parse_cards("3C 4C 6C")) <= set(buried)


def test_a_burial_never_buries_trumps_while_side_cards_remain() -> None:
    buried = _buried(_burying(LONG_TRUMPS))
    trump = tl.Trump(tl.Rank.TWO, tl.Suit.HEARTS)
    assert not any(trump.is_trump(c) for c in buried)


@st.composite
def burial_hands(draw: st.DrawFn) -> tuple[tl.Trump, tuple[tl.Card, ...]]:
    """A trump at level 2 (any suit or none) and 33 cards of the two decks (R1.1)."""
    suit = draw(st.sampled_from([None, *tl.Suit]))
    deck = [c for c in tl.CARDS for _ in range(2)]
    hand = draw(st.permutations(deck))[:33]
    return tl.Trump(tl.Rank.TWO, suit), tuple(hand)


@settings(max_examples=60)
@given(burial_hands())
def test_a_burial_is_legal_and_keeps_trumps_and_unsafe_points(
    case: tuple[tl.Trump, tuple[tl.Card, ...]],
) -> None:
    """Invariants of every burial (R5.1, R8.2): eight of the hand's cards; no trump while
    eight side cards remain; no point card while the trump holding is under the safe power
    and eight side cards without points remain."""
    trump, hand = case
    view = attrs.evolve(_view_in("tuolaji", tl.Phase.BURYING), hand=hand, trump=trump)
    buried = _buried(view)
    side = [c for c in hand if not trump.is_trump(c)]
    if len(side) >= 8:
        assert not any(trump.is_trump(c) for c in buried)
    plain = [c for c in side if not POINTS[c.id]]
    unsafe = trump_power([c.id for c in hand], trump.table, len(hand)) < SAFE_BURIAL_POWER
    if unsafe and len(plain) >= 8:
        assert not any(POINTS[c.id] for c in buried)


@pytest.mark.parametrize("rules", ["tuolaji", "shuangsheng"])
def test_best_with_the_contract_bids_and_buries_as_the_contract(rules: str) -> None:
    """Every bidding and burial decision of real deals: ``best`` (BestBot.act) answers
    legally and as the contract does; its search stream is not drawn from (no play)."""
    checked = 0
    for seed in range(2):
        for state in random_deal_states(rules, seed):
            for seat in _deciders(state):
                bot = BestBot(seed)
                before = bot.rng.getstate()
                choice = bot.act(state.view(seat), _actions(state, seat))
                assert choice == _decision(state, seat)
                assert choice in _actions(state, seat)
                assert bot.rng.getstate() == before
                checked += 1
    assert checked > 10


# --- the contract's thresholds as one object (issue 44: tuned by whole matches) -------------


def test_the_default_contract_is_the_module_constants() -> None:
    default = module.DEFAULT_CONTRACT
    assert default == module.Contract()
    assert default.first_deal_power == module.FIRST_DEAL_POWER
    assert default.later_deal_share == module.LATER_DEAL_SHARE
    assert default.counter_gain == module.COUNTER_GAIN
    assert default.safe_burial_power == module.SAFE_BURIAL_POWER
    assert (default.first_deal_cards, default.later_deal_cards) == (
        module.FIRST_DEAL_CARDS,
        module.LATER_DEAL_CARDS,
    )


def test_r10_3_a_later_deal_bids_early_on_its_share_of_trumps() -> None:
    """R10.3/R4.2: in a later deal the first bid of a strength stands, so a seat bids from
    `LATER_DEAL_CARDS` cards once `LATER_DEAL_SHARE` of them would be trumps (3 of 6 here),
    naming the suit that makes the most trumps; with fewer cards, or a smaller share, it
    passes."""
    six = "2H 5H 9H 3S 7C 4D"  # hearts at level 2: 3 trumps of 6
    view = attrs.evolve(_dealt(six), dealer=1)
    assert trump_share([c.id for c in view.hand], _hearts_table()) == 0.5
    choice = choose_bid(view, _bids(view, "2H"))
    assert choice == tl.Declare(view.seat, parse_cards("2H"))
    five = attrs.evolve(_dealt("2H 5H 9H 3S 7C"), dealer=1)
    assert choose_bid(five, _bids(five, "2H")) == tl.Pass(five.seat)
    thin = attrs.evolve(_dealt("2H 5H 3S 7S 7C 4D"), dealer=1)  # 2 trumps of 6: 0.33
    assert choose_bid(thin, _bids(thin, "2H")) == tl.Pass(thin.seat)
    both = attrs.evolve(_dealt("2H 5H 2S 3S 7S 9S"), dealer=1)  # spades: 5 trumps of 6
    assert choose_bid(both, _bids(both, "2H", "2S")) == tl.Declare(both.seat, parse_cards("2S"))


def test_a_contract_moves_the_r4_5_first_deal_bar() -> None:
    """The same hand (8 trumps of 20) passes by the default bar and bids by a lower one: the
    threshold is the contract's, not a constant's."""
    view = _dealt(MEDIUM_HEARTS)
    actions = _bids(view, "2H")
    assert isinstance(choose_bid(view, actions), tl.Pass)
    eager = choose_bid(view, actions, Contract(first_deal_power=10.0))
    assert isinstance(eager, tl.Declare)


def test_a_contract_refuses_hostile_thresholds() -> None:
    with pytest.raises(TypeError, match="first_deal_power"):
        Contract(first_deal_power="high")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="later_deal_cards"):
        Contract(later_deal_cards=True)
    with pytest.raises(tl.ConfigurationError, match="safe_burial_power"):
        Contract(safe_burial_power=-1.0)
    with pytest.raises(tl.ConfigurationError, match="first_deal_cards"):
        Contract(first_deal_cards=0)
    with pytest.raises(tl.ConfigurationError, match="counter_gain"):
        Contract(counter_gain=float("nan"))
    with pytest.raises(tl.ConfigurationError, match="later_deal_share"):
        Contract(later_deal_share=1.5)
    with pytest.raises(TypeError, match="later_deal_share"):
        Contract(later_deal_share="most")  # type: ignore[arg-type]


def test_contract_greedy_takes_the_contracts_fields() -> None:
    bot = ContractGreedyBot(3, later_deal_share=0.5)
    assert bot.contract.later_deal_share == 0.5
    with pytest.raises(TypeError, match="unexpected keyword"):
        ContractGreedyBot(3, later=9)


def test_the_contracts_bids_and_burial_can_be_measured_apart() -> None:
    """Issue 44: ``ContractBidsGreedyBot`` bids as the contract and buries as GreedyBot,
    ``ContractBurialGreedyBot`` the other way round; both play as GreedyBot. Checked on every
    decision of seeded deals against the two bots whose halves they take."""
    asked = {"bids": 0, "burial": 0, "play": 0}
    for seed in range(6):
        game = tl.Game("tuolaji", seed)
        bidder = ContractBidsGreedyBot(seed)
        burier = ContractBurialGreedyBot(seed)
        contract, greedy = ContractGreedyBot(seed), tl.GreedyBot(seed)
        turns = BidTurns()
        while (decision := game.next_decision(turns)) is not None:
            seat, actions = decision
            view = game.state.view(seat)
            if view.phase is tl.Phase.BURYING:
                asked["burial"] += 1
                assert bidder.act(view, actions) == greedy.act(view, actions)
                assert burier.act(view, actions) == contract.act(view, actions)
            elif view.phase in BIDDING_PHASES:
                asked["bids"] += 1
                assert bidder.act(view, actions) == contract.act(view, actions)
                assert burier.act(view, actions) == greedy.act(view, actions)
            else:
                asked["play"] += 1
            game.answer(greedy.act(view, actions))
    assert all(asked.values()), asked


def test_share_bids_without_arguments_bid_as_greedy_and_move_with_them() -> None:
    """Issue 44's search of later-deal bids (docs/bots.md): ``ShareBidsGreedyBot`` with no
    arguments bids as GreedyBot on every bidding decision of seeded deals (the control row),
    and with 6 cards at 0.34 it bids earlier than GreedyBot in some of them (R4.2)."""
    asked = earlier = 0
    for seed in range(6):
        game = tl.Game("tuolaji", seed)
        greedy, control = tl.GreedyBot(seed), ShareBidsGreedyBot(seed)
        early = ShareBidsGreedyBot(seed, cards=6, share=0.34)
        turns = BidTurns()
        while (decision := game.next_decision(turns)) is not None:
            seat, actions = decision
            view = game.state.view(seat)
            if view.phase in BIDDING_PHASES:
                asked += 1
                assert control.act(view, actions) == greedy.act(view, actions)
                choice = early.act(view, actions)
                earlier += isinstance(choice, tl.Declare) and choice != greedy.act(view, actions)
            game.answer(greedy.act(view, actions))
    assert asked > 30 and earlier > 0, (asked, earlier)


def test_first_dealer_counts_the_matches_won_by_the_first_deals_dealers() -> None:
    """Issue 44's measure of the first deal's worth (docs/bots.md): a mirror match counts
    when the team that dealt its first deal (R4.5, found here as the first dealer of the
    match's replayed states) wins it (R9.5); a match cut short is not counted."""
    expected = 0
    for i in range(3):
        game = tl.Game("tuolaji", 70000 + i)
        bots = [tl.GreedyBot(4 * (70000 + i) + s) for s in range(4)]
        result = game.play_match(bots, max_deals=100)
        dealer = next(state.dealer for state in game.history if state.dealer is not None)
        assert result.winner is not None
        expected += result.winner == dealer % 2
    assert first_dealer_wins(3, 70000) == (expected, 3)
    assert first_dealer_wins(3, 70000, max_deals=1) == (0, 0)
