"""The factored action space equals the legal actions (#12 item 3)."""

from __future__ import annotations

import random
from collections import Counter

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import tuolaji as tl
from positions import played_deals, some_state
from reference import ref_legal_follows
from trick_strategies import FOLLOW_HOUSE_RULES, follow_positions
from tuolaji.core.rules import FollowDraw
from tuolaji.rl.actionspace import (
    ASK_REDEAL,
    DONE,
    NUM_ACTIONS,
    PASS,
    Decision,
    Driver,
    action_ids,
    max_deal_length,
    playable_rules,
)
from tuolaji.state.actions import BuryActions

RULES = st.sampled_from(["tuolaji", "shuangsheng"])
LIMIT = 4000


def complete(decision: Decision, limit: int = LIMIT) -> list[tl.Action] | None:
    """Every complete sequence from ``decision`` (its finished actions), or None past
    ``limit`` of them."""
    out: list[tl.Action] = []
    stack = [decision]
    while stack:
        d = stack.pop()
        for i in d.legal_ids():
            child = d.push(i)
            if child.done:
                out.append(child.action())
                if len(out) > limit:
                    return None
            else:
                stack.append(child)
    return out


def key(action: tl.Action) -> object:
    cards = getattr(action, "cards", None)
    return type(action), tuple(sorted(c.id for c in cards)) if cards is not None else None


@given(RULES, st.integers(0, 7), st.floats(0, 0.999))
def test_complete_sequences_are_exactly_the_legal_plays(rules: str, seed: int, pick: float) -> None:
    """R6.2, R7.1-R7.3: the card-by-card sequences that reach DONE are the legal plays,
    each once (counts equal len(legal_plays())), whatever the position."""
    state = some_state(rules, seed, pick)
    if state.phase is not tl.Phase.PLAYING:
        state = next(s for s in played_deals(rules, seed) if s.phase is tl.Phase.PLAYING)
    plays = state.legal_plays()
    if len(plays) > LIMIT:
        return  # too many to list; test_random_walks_end_in_legal_actions covers them
    actions = complete(Decision(state))
    assert actions is not None
    assert len(actions) == len(plays)
    assert {key(a) for a in actions} == {key(tl.Play(state.to_act, p)) for p in plays}


@pytest.mark.parametrize("seed", range(4))
def test_every_follow_position_of_a_deal(seed: int) -> None:
    """Every follow of four whole deals, listed and compared."""
    for state in played_deals("tuolaji", seed):
        if state.phase is tl.Phase.PLAYING and state.trick and len(state.legal_plays()) < 600:
            actions = complete(Decision(state))
            assert actions is not None
            plays = state.legal_plays()
            assert len(actions) == len(plays)
            assert all(a.cards in plays for a in actions if isinstance(a, tl.Play))


@pytest.mark.parametrize(("draw", "protection"), FOLLOW_HOUSE_RULES)
@pytest.mark.parametrize("seed", range(2))
def test_every_follow_position_under_each_follow_draw(
    draw: FollowDraw,
    protection: bool,
    seed: int,
) -> None:
    """R7.3 under each Rules.follow_draw, with and without Rules.tractor_protection: in whole
    deals played under them, the card-by-card sequences are the state's legal plays, which are
    the brute-force reference's follows."""
    rules = tl.Rules(follow_draw=draw, tractor_protection=protection)
    checked = 0
    for state in played_deals(rules, seed):
        # The reference enumerates every sub-multiset of the hand: late in the deal only.
        late = len(state.hands[state.to_act]) <= 10
        if state.phase is tl.Phase.PLAYING and state.trick and late:
            actions = complete(Decision(state))
            assert actions is not None
            lead, hand = state.trick[0], state.hands[state.to_act]
            expected = ref_legal_follows(
                lead,
                hand,
                state.trump,  # type: ignore[arg-type]
                draw,
                tractor_protection=protection,
            )
            assert {key(a)[1] for a in actions} == expected
            assert len(actions) == len(state.legal_plays()) == len(expected)
            checked += 1
    assert checked > 10


@given(RULES, st.integers(0, 7), st.floats(0, 0.999), st.integers(0, 2**32))
def test_random_walks_end_in_legal_actions(rules: str, seed: int, pick: float, walk: int) -> None:
    """Following the mask at random always ends in a legal action (burials and long leads
    included), and the mask never offers an id that push refuses."""
    state = some_state(rules, seed, pick)
    if state.phase is tl.Phase.FINISHED:
        return
    rng = random.Random(walk)
    seats = [state.to_act] if state.to_act >= 0 else sorted(state.may_act)
    for seat in seats:
        d = Decision(state, seat)
        while not d.done:
            mask = d.mask()
            assert len(mask) == NUM_ACTIONS
            ids = [i for i, ok in enumerate(mask) if ok]
            d = d.push(rng.choice(ids))
        action = d.action()
        if state.phase is tl.Phase.DEALING and isinstance(action, tl.Pass):
            continue  # "not now" while cards are dealt
        assert action in state.legal_actions(seat)
        state.apply(action)
        assert action_ids(action)[-1] in (DONE, PASS, ASK_REDEAL)


@given(RULES, st.integers(0, 7), st.floats(0, 0.999))
def test_bids_and_passes_are_the_listed_actions(rules: str, seed: int, pick: float) -> None:
    """R4.1-R4.4, R5.2, R4.7: in the bidding, counter and redeal phases the sequences are
    the listed actions (while dealing: the bids plus "not now")."""
    state = some_state(rules, seed, pick)
    phase = state.phase
    if phase in (tl.Phase.PLAYING, tl.Phase.BURYING, tl.Phase.FINISHED):
        return
    seats = [state.to_act] if state.to_act >= 0 else range(4)
    for seat in seats:
        got = complete(Decision(state, seat))
        assert got is not None
        want = list(state.legal_actions(seat))
        if phase is tl.Phase.DEALING:
            want.append(tl.Pass(seat))
        assert Counter(key(a) for a in got) == Counter(key(a) for a in want)


@pytest.mark.parametrize("seed", range(3))
def test_r5_1_burial_sequences_count_the_burials(seed: int) -> None:
    """R5.1: the number of complete burial sequences (counted over the mask, never listed)
    is len(legal_actions()), millions of burials."""
    state = next(s for s in played_deals("tuolaji", seed) if s.phase is tl.Phase.BURYING)
    actions = state.legal_actions(state.to_act)
    assert isinstance(actions, BuryActions)
    memo: dict[tuple[int, int, int], int] = {}

    def count(d: Decision) -> int:
        # What may follow depends only on the last id, its copies chosen, and the size.
        sel = d.selected
        k = (sel[-1], sel.count(sel[-1]), len(sel)) if sel else (-1, 0, 0)
        if k not in memo:
            memo[k] = sum(1 if d.push(i).done else count(d.push(i)) for i in d.legal_ids())
        return memo[k]

    assert count(Decision(state)) == len(actions) > 1_000_000


def follow_state(
    trump: tl.Trump, lead: tuple[tl.Card, ...], hand: tuple[tl.Card, ...]
) -> tl.GameState:
    """Seat 0 leads ``lead``, seat 1 holds ``hand``; the other cards are filler."""
    left = Counter({c: 2 for c in set(tl.full_deck())}) - Counter(lead) - Counter(hand)
    filler = list(left.elements())
    size = len(hand)
    h0 = list(lead) + [filler.pop() for _ in range(size - len(lead))]
    h2 = [filler.pop() for _ in range(size)]
    h3 = [filler.pop() for _ in range(size)]
    kitty = [filler.pop() for _ in range(8)]
    rules = attrs.evolve(
        tl.RULESETS["tuolaji"],
        permanent_twos=trump.permanent_twos,
        tractor_min_pairs=trump.tractor_min_pairs,
    )
    on_nt = not trump.level_cards
    if on_nt:
        # R9.2 no_trump_trumps="jokers": the deal of a team on NT, past its last level.
        rules = attrs.evolve(
            rules,
            levels=tuple(tl.Rank(r) for r in range(2, trump.level + 1)),
            top_level="no_trump",
            no_trump_trumps="jokers",
        )
    state = tl.GameState.for_play(
        rules,
        hands=[h0, hand, h2, h3],
        kitty=kitty,
        trump=trump,
        dealer=0,
        levels=(trump.level, trump.level),
        no_trump_level=(on_nt, False),
    )
    return state.play(0, lead)


@given(follow_positions(max_lead=6, max_hand=10))
def test_follows_with_pairs_and_tractors(
    position: tuple[tl.Trump, tuple[tl.Card, ...], tuple[tl.Card, ...]],
) -> None:
    """R7.2, R7.3 on generated leads (pairs, tractors, throws) and led-suit-heavy hands:
    the complete sequences are the legal follows, each once."""
    trump, lead, hand = position
    state = follow_state(trump, lead, hand)
    plays = state.legal_plays()
    actions = complete(Decision(state))
    assert actions is not None
    assert len(actions) == len(plays)
    assert {key(a) for a in actions} == {key(tl.Play(1, p)) for p in plays}


def test_ids_of_an_action_rebuild_it() -> None:
    state = next(s for s in played_deals("tuolaji", 2) if s.phase is tl.Phase.PLAYING)
    play = state.legal_plays().sample(random.Random(1))
    d = Decision(state)
    for i in action_ids(tl.Play(state.to_act, play)):
        d = d.push(i)
    assert key(d.action()) == key(tl.Play(state.to_act, play))
    with pytest.raises(tl.IllegalAction, match="R11"):
        Decision(state).push(PASS)


@pytest.mark.parametrize("bidding", ["reveal", "joker"])
def test_r5_2_kitty_theft_decisions_are_the_listed_actions(bidding: str) -> None:
    """炒地皮 (R5.2, ``Rules.kitty_theft``): in the round after each burial, the card-by-card
    sequences are the listed thefts and the pass, for the seat to act; a thief's burial is
    a decision of 33 cards, as the dealer's."""
    rules = tl.Rules(kitty_theft="every_deal", bidding=bidding)  # type: ignore[arg-type]
    checked = 0
    for seed in range(6):
        rng = random.Random(seed)
        s = tl.GameState.new(rules, seed=seed, dealer=seed % 4, deal_number=1)
        while s.phase is not tl.Phase.PLAYING:
            if s.phase is tl.Phase.COUNTERS:
                got = complete(Decision(s))
                assert got is not None
                want = list(s.legal_actions())
                assert Counter(key(a) for a in got) == Counter(key(a) for a in want)
                checked += 1
            if s.phase is tl.Phase.BURYING:
                assert len(s.hands[s.to_act]) == 33
                assert set(Decision(s).legal_ids()) <= {c.id for c in s.hands[s.to_act]}
                s = s.apply(s.legal_actions().sample(rng))  # millions: never listed
                continue
            if s.phase is tl.Phase.DEALING:
                s = s.deal_card()
                continue
            actions = s.legal_actions()
            bids = [a for a in actions if isinstance(a, tl.Declare)]
            s = s.apply(bids[0] if bids else actions.sample(rng))
    assert checked >= 6


# --- the kitty's size (R4.1, Rules.kitty_size; issue 31) ----------------------------------------


@pytest.mark.parametrize("size", [0, 4])
def test_r4_1_kitty_size_the_driver_plays_a_deal_to_its_score(size: int) -> None:
    """R4.1 with Rules.kitty_size: driven by masked random ids, a deal deals (108 - size) / 4
    cards a seat, buries ``size`` cards one id at a time (none with no kitty, R5.1), plays
    every card and is scored, within max_deal_length; every finished decision was legal."""
    shuangsheng = tl.RULESETS["shuangsheng"]
    rules = playable_rules(attrs.evolve(shuangsheng, kitty_size=size, counter_bids=size > 0))
    for seed in range(3):
        rng = random.Random(seed)
        driver = Driver(tl.GameState.new(rules, seed))
        while not driver.finished:
            if driver.seat is None:
                driver.deal()
                continue
            decision = driver.decision
            assert decision is not None
            before = driver.state
            driver.push(rng.choice(decision.legal_ids()))
            done = driver.log[-1]
            if done[0] == "done" and before.phase is not tl.Phase.DEALING:
                assert done[2] in before.legal_actions(done[1])
        state = driver.state
        assert state.result is not None and len(state.kitty) == size
        dealt = [step for step in driver.log[driver.attempt_start :] if step[0] == "deal"]
        assert len(dealt) == rules.dealt_cards == 4 * ((108 - size) // 4)
        burials = [w for kind, _, w in driver.log if kind == "done" and isinstance(w, tl.Bury)]
        assert all(len(b.cards) == size for b in burials) and bool(burials) == bool(size)
        steps = [step for step in driver.log if step[0] != "done"]  # cards and ids
        assert len(steps) <= max_deal_length(rules)


def test_r5_1_a_kitty_of_4_counts_its_burial_sequences() -> None:
    """R5.1 with Rules.kitty_size=4: the complete burial sequences are the 4-card burials of
    the 30 cards held, as many as len(legal_actions()); DONE comes after the 4th card."""
    state = tl.GameState.new(attrs.evolve(tl.RULESETS["tuolaji"], kitty_size=4), 3, dealer=1)
    while state.phase is not tl.Phase.BURYING:
        state = state.deal_card() if state.phase is tl.Phase.DEALING else state.pass_(state.to_act)
    actions = state.legal_actions(state.to_act)
    assert isinstance(actions, BuryActions) and len(state.hands[state.to_act]) == 30
    burials = complete(Decision(state), limit=100_000)
    assert burials is not None and len(burials) == len(actions) > 10_000
    assert all(len(b.cards) == 4 and b in actions for b in burials[:500])
