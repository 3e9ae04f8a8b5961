"""The play phase of the state machine: turns, throws, tricks, scoring, the next deal
(R6-R10)."""

from __future__ import annotations

import itertools
import random

import attrs
import pytest

import tuolaji as tl
from tuolaji import (
    GameState,
    KittyRevealed,
    Phase,
    Play,
    Played,
    ThrowFailed,
    TrickWon,
)
from tuolaji.core.cards import Rank, Suit

C = tl.parse_cards
T10S = tl.Trump(Rank.TEN, Suit.SPADES)
ZERO_KITTY = "3D 3D 4D 4D 6D 6D 7D 7D"


def position(
    hands: list[str],
    *,
    rules: str = "tuolaji",
    trump: tl.Trump = T10S,
    dealer: int = 0,
    levels: tuple[Rank, Rank] = (Rank.TEN, Rank.TWO),
    kitty: str = ZERO_KITTY,
) -> GameState:
    return GameState.for_play(
        rules,
        hands=[C(h) for h in hands],
        kitty=C(kitty),
        trump=trump,
        dealer=dealer,
        levels=levels,
    )


def test_for_play_starts_with_the_dealer_leading() -> None:
    s = position(["AH KH", "QH JH", "9H 8H", "5H 2H"], dealer=2)
    assert s.phase is Phase.PLAYING and s.to_act == 2 and s.leader == 2
    assert s.trick == () and s.tricks == () and s.attacker_points == 0
    assert len(s.legal_plays()) == 3  # AH, KH, AH KH


def test_r6_1_r7_1_turn_order_and_the_winner_leads_next() -> None:
    s = position(["AH 3C", "KH 4C", "5H 9C", "QH 2C"])
    with pytest.raises(tl.IllegalAction) as info:
        s.play(1, C("KH"))
    assert info.value.rule == "R6.1" and "seat 0's turn" in str(info.value)
    s = s.play(0, C("3C"))
    with pytest.raises(tl.IllegalAction) as info:
        s.play(0, C("AH"))
    assert info.value.rule == "R7.1"
    s = s.play(1, C("4C")).play(2, C("9C")).play(3, C("2C"))
    assert s.tricks[-1].winner == 2 and s.to_act == 2 and s.leader == 2
    assert s.events[-1] == TrickWon(0, 2, 0)


def test_r8_1_points_go_to_the_team_that_wins_the_trick() -> None:
    s = position(["3C 4C", "KC 4H", "5C 9H", "QC 2H"])
    s = s.play(0, C("3C")).play(1, C("KC")).play(2, C("5C")).play(3, C("QC"))
    assert s.tricks[-1].winner == 1 and s.tricks[-1].points == 15
    assert s.trick_points == 15 and s.attacker_points == 15
    s = s.play(1, C("4H")).play(2, C("9H")).play(3, C("2H"))
    assert s.trick == (C("4H"), C("9H"), C("2H"))


def test_r6_4_failed_throw_plays_the_forced_unit_and_r6_5_declarer_pays() -> None:
    """Seed 000: with a ♣J outside, ♣98844 becomes ♣9; the declarers' failed throw adds 10."""
    s = position(
        ["9C 8C 8C 4C 4C", "JC 2H 3H 5H 6H", "3C 7H 8H 9H QH", "2C 3D 4D 5D 6D"],
        kitty="7D 7D 8D 8D 9D 9D JD JD",
    )
    before = s
    s = s.play(0, C("9C 8C 8C 4C 4C"))
    assert before.hands[0] == C("9C 8C 8C 4C 4C"), "the old state never changes"
    failed = [e for e in s.events if isinstance(e, ThrowFailed)]
    assert failed == [ThrowFailed(0, C("9C 8C 8C 4C 4C"), C("9C"), (1,))]
    assert s.trick == (C("9C"),) and s.hands[0] == C("8C 8C 4C 4C")
    assert s.failed_throws == (0,) and s.attacker_points == 10
    assert isinstance(s.events[-1], Played) and s.events[-1].cards == C("9C")


def test_r6_5_attackers_failed_throw_costs_them() -> None:
    s = position(["3H 2C 3C 4C", "AH 9C 8C 8C", "4H QC 6C 7C", "6H 2D 5S 9D"])
    s = s.play(0, C("3H")).play(1, C("AH")).play(2, C("4H")).play(3, C("6H"))
    assert s.to_act == 1
    s = s.play(1, C("9C 8C 8C"))
    assert [e for e in s.events if isinstance(e, ThrowFailed)] == [
        ThrowFailed(1, C("9C 8C 8C"), C("9C"), (2,))
    ]
    assert s.attacker_points == -10 and s.trick_points == 0


def test_r6_2_a_lead_is_one_suit() -> None:
    s = position(["JC 2H", "9C 8C", "QC 3H", "2C 4H"])
    with pytest.raises(tl.IllegalAction) as info:
        s.play(0, C("JC 2H"))
    assert info.value.rule == "R6.2"


def test_r7_3_illegal_follow_names_the_rule_and_changes_nothing() -> None:
    s = position(["KH KH 3C", "QH QH 3H", "2H 4H 5H", "6H 7H 8H"]).play(0, C("KH KH"))
    before = s
    with pytest.raises(tl.IllegalAction) as info:
        s.play(1, C("QH 3H"))
    assert info.value.rule == "R7.3" and "pair" in str(info.value)
    assert s == before
    with pytest.raises(tl.IllegalAction) as info:
        s.play(1, C("QH"))
    assert info.value.rule == "R7.1"
    with pytest.raises(tl.IllegalAction) as info:
        s.play(1, C("AS AS"))
    assert "hold" in str(info.value)
    assert Play(1, C("QH QH")) in s.legal_actions()
    assert Play(1, C("QH 3H")) not in s.legal_actions()
    assert len(s.legal_actions()) == 1 and len(s.legal_actions(2)) == 0


def last_trick(hands: list[str], **kw: object) -> GameState:
    """A position of one card a seat, played out from the dealer: the deal's last trick."""
    s = position(hands, **kw)  # type: ignore[arg-type]
    while s.phase is Phase.PLAYING:
        s = s.play(s.to_act, s.hands[s.to_act])
    assert s.result is not None
    return s


def test_r8_2_attackers_win_the_last_trick_and_score_the_kitty() -> None:
    s = last_trick(["3H", "AH", "4H", "5H"], kitty="KD KD 10D 10D 5D 5D 3D 3D")
    assert s.result is not None
    assert (s.result.kitty_points, s.result.multiplier) == (50, 2)
    assert s.result.attacker_points == 5 + 100
    assert s.attacker_points == 105
    assert s.events[-2] == KittyRevealed(C("KD KD 10D 10D 5D 5D 3D 3D"), 2, 100)


def test_r8_3_declarers_win_the_last_trick_and_the_kitty_is_safe() -> None:
    s = last_trick(["AH", "3H", "4H", "5H"], kitty="KD KD 10D 10D 5D 5D 3D 3D")
    assert s.result is not None and s.result.multiplier == 0 and s.result.attacker_points == 0
    assert s.result.outcome.declarers_keep and s.result.outcome.steps == 3


def test_r9_4_jack_hook_through_a_deal() -> None:
    """Tournament: declarers on J; an attacker wins the last trick with a J: back to 2."""
    trump = tl.Trump(Rank.JACK, Suit.SPADES)
    s = last_trick(
        ["3H", "JC", "4H", "5H"],
        rules="tuolaji-tournament",
        trump=trump,
        levels=(Rank.JACK, Rank.FIVE),
    )
    assert s.result is not None and s.result.hooked
    assert s.result.levels == (Rank.TWO, Rank.FIVE)
    assert s.result.outcome.declarers_keep and s.result.next_dealer == 2


def test_r9_3_must_play_attackers_on_2_take_over_at_2() -> None:
    """R9.3: attackers standing on 2 who score 160 take over at 2, not higher (R9.1's
    tournament table gives +3 for 150 and more)."""
    trump = tl.Trump(Rank.KING, Suit.SPADES)
    s = last_trick(
        ["3H", "AH", "4H", "6H"],
        rules="tuolaji-tournament",
        trump=trump,
        levels=(Rank.KING, Rank.TWO),
        kitty="KD KD 10D 10D 10C 10C 10H 10H",
    )
    assert s.result is not None and s.result.attacker_points == 160
    assert not s.result.outcome.declarers_keep and s.result.outcome.steps == 3
    assert s.result.levels == (Rank.KING, Rank.TWO) and s.result.next_dealer == 1


def test_r9_5_declarers_winning_at_a_win_the_match() -> None:
    trump = tl.Trump(Rank.ACE, Suit.SPADES)
    s = last_trick(
        ["KH", "3H", "4H", "5H"],
        trump=trump,
        levels=(Rank.ACE, Rank.NINE),
    )
    assert s.result is not None and s.result.match_winner == 0
    with pytest.raises(tl.IllegalAction) as info:
        s.next_deal()
    assert info.value.rule == "R9.5"


def test_r10_next_deal_levels_dealer_and_level_rank() -> None:
    s = last_trick(["AH", "3H", "4H", "6H"], dealer=0)
    assert s.result is not None and s.result.levels == (Rank.KING, Rank.TWO)
    nxt = s.next_deal()
    assert nxt.phase is Phase.DEALING and nxt.dealer == 2 and nxt.deal_number == 1
    assert nxt.levels == (Rank.KING, Rank.TWO) and nxt.level == Rank.KING
    assert not nxt.opening
    with pytest.raises(tl.IllegalAction) as info:
        position(["AH", "3H", "4H", "6H"]).next_deal()
    assert info.value.rule == "R10"


def test_for_play_rejects_impossible_positions() -> None:
    with pytest.raises(tl.IllegalAction, match="equal sizes"):
        position(["AH", "3H 4H", "5H", "6H"])
    with pytest.raises(tl.IllegalAction, match="kitty holds 8"):
        position(["AH", "3H", "5H", "6H"], kitty="3D")
    with pytest.raises(tl.IllegalAction, match="every card exists twice"):
        position(["AH AH", "AH 4H", "5H 6H", "7H 8H"])
    with pytest.raises(tl.IllegalAction) as info:
        position(["AH", "3H", "5H", "6H"], levels=(Rank.NINE, Rank.TWO))
    assert info.value.rule == "R1.4"


def test_legal_plays_only_in_the_play_phase() -> None:
    with pytest.raises(tl.IllegalAction) as info:
        GameState.new("tuolaji", seed=1).legal_plays()
    assert info.value.rule == "R6.1"


def test_sampled_plays_are_legal() -> None:
    rng = random.Random(5)
    s = position(["AH AH KH 3C", "QH QH 3H 4C", "2H 4H 5H 6C", "6H 7H 8H 9C"])
    while s.phase is Phase.PLAYING:
        action = s.legal_actions().sample(rng)
        assert action in s.legal_actions()
        s = s.apply(action)
    assert s.result is not None and not any(s.hands)
    assert sum(len(p) for t in s.tricks for p in t.plays) == 16


def test_from_json_rejects_text_that_is_not_a_state() -> None:
    for text in ("not json", "{}", '{"rules": 3}', "[]"):
        with pytest.raises(tl.InvalidRecord):
            GameState.from_json(text)


def test_apply_rejects_what_is_not_an_action() -> None:
    s = position(["AH", "3H", "4H", "6H"])
    with pytest.raises(tl.IllegalAction) as info:
        s.apply("play AH")  # type: ignore[arg-type]
    assert info.value.rule == "R11"


# --- the kitty's size (R4.1, Rules.kitty_size; issue 31) ----------------------------------------


def kitty_rules(size: int, preset: str = "tuolaji", **changes: object) -> tl.Rules:
    return attrs.evolve(tl.RULESETS[preset], kitty_size=size, **changes)  # type: ignore[arg-type]


@pytest.mark.parametrize("size", [0, 4, 8])
def test_r4_1_kitty_size_a_deal_is_dealt_and_played_to_its_score(size: int) -> None:
    """R4.1: each seat is dealt (108 - kitty_size) / 4 cards and the kitty is the rest; the
    declarer takes the kitty and buries as many (R5.1), none without a kitty; each seat plays
    its whole hand; the score counts the kitty's points (R8.2), no kitty bonus without one."""
    rules = kitty_rules(size)
    hand = (108 - size) // 4
    states = tl.testing.random_deal(rules, 3, dealer=1, bid_rate=0.5)
    closing = next(s for s in states if s.phase is not Phase.DEALING)
    assert closing.dealt == rules.dealt_cards == 4 * hand
    assert [len(h) for h in closing.hands] == [hand] * 4
    assert closing.kitty == closing.deck[4 * hand :] and len(closing.kitty) == size
    burying = [s for s in states if s.phase is Phase.BURYING]
    assert bool(burying) == bool(size)
    for s in burying:
        assert sorted(len(h) for h in s.hands) == [hand, hand, hand, hand + size]
    start = next(s for s in states if s.phase is Phase.PLAYING)
    assert [len(h) for h in start.hands] == [hand] * 4 and len(start.kitty) == size
    assert start.buried_by is not None
    last = states[-1]
    result = last.result
    assert result is not None and sum(len(t.plays[0]) for t in last.tricks) == hand
    assert sum(t.points for t in last.tricks) + tl.points(last.kitty) == 200
    assert result.kitty_points == tl.points(last.kitty)
    revealed = [e for e in last.events if isinstance(e, KittyRevealed)]
    assert len(revealed) == (1 if size else 0)
    if not size:
        assert result.multiplier == 0 and result.kitty_bonus == 0
    tl.testing.check_state(last, random.Random(size))
    assert GameState.from_json(last.to_json()) == last
    assert GameState.from_text(last.to_text()) == last


def test_r5_1_no_kitty_no_burial_and_the_dealer_leads() -> None:
    """R4.1, R5.1 with Rules.kitty_size=0: no kitty to take or bury: once bidding closes
    the dealer leads the first trick, and a Bury is refused."""
    state = GameState.new(kitty_rules(0), 5, dealer=2, deal_number=1)
    while state.phase is Phase.DEALING:
        state = state.deal_card()
    while state.phase is Phase.CLOSING:
        state = state.pass_(state.to_act)
    assert state.phase is Phase.PLAYING and state.to_act == 2 and state.buried_by == 2
    assert state.kitty == () and all(len(h) == 27 for h in state.hands)
    with pytest.raises(tl.IllegalAction) as info:
        state.bury(2, state.hands[2][:1])
    assert info.value.rule == "R5.1"


@pytest.mark.parametrize(
    ("reveal", "dealer_rule"),
    [(0, "keep"), (0, "twin"), (5, "keep"), (5, "twin"), ("first_level_or_highest", "keep")],
)
def test_r4_6_no_kitty_nobody_bids_plays_with_no_trump(reveal: int | str, dealer_rule: str) -> None:
    """R4.6 with Rules.kitty_size=0: nobody bids in a later deal, and there is no kitty card
    to turn: the deal is played with no trump suit (jokers and level cards only), no card
    is turned up, and the dealer stays (the twin rule has no turned card to pair). (A kitty
    search with the twin rule is refused by Rules whatever the size, R4.6.)"""
    rules = kitty_rules(0, no_bid_reveal=reveal, no_bid_dealer=dealer_rule)
    state = GameState.new(rules, 9, dealer=3, deal_number=1)
    while state.phase is Phase.DEALING:
        state = state.deal_card()
    while state.phase is Phase.CLOSING:
        state = state.pass_(state.to_act)
    assert state.trump is not None and state.trump.suit is None
    assert state.dealer == 3 and state.trump.level == state.levels[1]
    assert not [e for e in state.events if isinstance(e, tl.TrumpRevealed)]
    assert state.phase is Phase.PLAYING
    assert GameState.from_json(state.to_json()) == state


def test_r5_1_kitty_of_4_buries_4() -> None:
    """R4.1, R5.1 with Rules.kitty_size=4: the dealer takes the 4 kitty cards into its 26
    (30 cards) and buries exactly 4; the burials offered are the 4-card ones."""
    state = GameState.new(kitty_rules(4), 2, dealer=0, deal_number=1)
    while state.phase is Phase.DEALING:
        state = state.deal_card()
    while state.phase is not Phase.BURYING:
        state = state.pass_(state.to_act)
    assert len(state.hands[0]) == 30 and state.to_act == 0
    actions = state.legal_actions()
    assert all(len(a.cards) == 4 for a in itertools.islice(actions, 50))
    assert actions.sample(random.Random(1)) in actions
    with pytest.raises(tl.IllegalAction, match="bury exactly 4 cards, not 8") as info:
        state.bury(0, state.hands[0][:8])
    assert info.value.rule == "R5.1"
    after = state.bury(0, state.hands[0][-4:])
    assert after.phase is Phase.PLAYING and after.kitty == state.hands[0][-4:]
    assert after.view(0).kitty == after.kitty and after.view(1).kitty is None
