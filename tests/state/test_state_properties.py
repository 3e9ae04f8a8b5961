"""Random whole deals under every preset: invariants of the state machine (R1-R10).

Each deal is played by random legal actions from a seeded ``random.Random``. CI plays more
deals (the ``CI`` environment variable) than a local run.
"""

from __future__ import annotations

import copy
import os
import random
from collections import Counter

import pytest
from hypothesis import settings

import tuolaji as tl
from tuolaji import (
    DealCard,
    DealerSet,
    Declared,
    GameState,
    KittyRevealed,
    Phase,
    Played,
    ThrowFailed,
    TrickWon,
    TrumpRevealed,
)
from tuolaji.testing import DealMachine, accounted_cards

PRESETS = list(tl.RULESETS)
DEALS = 300 if os.environ.get("CI") else 40
FULL = Counter(tl.full_deck())


def deal_with_silent_attempts(preset: str, seed: int, check: object = None) -> list[GameState]:
    """Every state of one random deal, the last one finished; some first attempts see no
    bid, to reach R4.6 (which :func:`tuolaji.testing.random_deal` rarely does)."""
    rng = random.Random(seed)
    dealer = None if seed % 3 == 0 else seed % 4
    s = GameState.new(preset, seed=seed, dealer=dealer, deal_number=seed % 3)
    # Some deals see no bid in their first attempt, to reach R4.6 (reveal, twin, redeal).
    silent = seed % 4 == 1
    states = [s]
    while s.phase is not Phase.FINISHED:
        actions = s.legal_actions()
        quiet = silent and s.attempt == 0 and s.phase in (Phase.DEALING, Phase.CLOSING)
        # While dealing, mostly deal: bids still happen, but not always at the first chance.
        if s.phase is Phase.DEALING and (quiet or rng.random() < 0.8):
            action: object = DealCard()
        elif quiet:
            action = tl.Pass(s.to_act)
        else:
            action = actions.sample(rng)
        assert action in actions
        s = s.apply(action)  # type: ignore[arg-type]
        states.append(s)
        assert len(states) < 2000, "a deal must end"
    return states


def check_view(s: GameState, seat: int) -> None:
    """A view holds only what ``seat`` may know: its own hand, the cards shown in bids minus
    those played since, played cards, and the kitty only for its burier (or for all once scored)."""
    v = s.view(seat)
    assert v.hand == s.hands[seat]
    assert v.hand_sizes == tuple(len(h) for h in s.hands)
    assert not hasattr(v, "deck") and not hasattr(v, "hands")
    if s.result is None:
        assert (v.kitty is not None) == (s.buried_by == seat and len(s.kitty) == 8)
    # R4.2 from public facts only: bids of this attempt (multiset union) minus public plays.
    declared: dict[int, Counter[tl.Card]] = {i: Counter() for i in range(4)}
    for e in s.events:
        if isinstance(e, tl.CardsDealt):
            declared = {i: Counter() for i in range(4)}
        elif isinstance(e, Declared):
            declared[e.seat] |= Counter(e.cards)
        elif isinstance(e, Played):
            declared[e.seat] -= Counter(e.cards)
    for other in range(4):
        assert Counter(v.shown[other]) == declared[other]
    assert v.trick == s.trick and v.tricks == s.tricks


def reference_multiplier(lead: tuple[tl.Card, ...], trump: tl.Trump, mode: str) -> int:
    """R8.2 from the text: doubling x2/x4/x8 (a throw counts as a single); linear x2/x4/x4k
    (a throw counts as its largest unit)."""
    parts = tl.units(lead, trump)
    biggest = max(u.pairs for u in parts)
    if mode == "doubling":
        return 2 if len(parts) > 1 or biggest == 0 else (4 if biggest == 1 else 8)
    return 2 if biggest == 0 else 4 * biggest


def recount(s: GameState) -> int:
    """The attackers' total recounted from the public events alone (R8.1, R8.2, R6.5)."""
    dealer = [e for e in s.events if isinstance(e, DealerSet)][-1].seat
    attackers = 1 - dealer % 2
    total = sum(e.points for e in s.events if isinstance(e, TrickWon) and e.seat % 2 == attackers)
    for e in s.events:
        if isinstance(e, ThrowFailed):
            total += s.rules.throw_penalty * (-1 if e.seat % 2 == attackers else 1)
    won = [e for e in s.events if isinstance(e, TrickWon)]
    plays = [e for e in s.events if isinstance(e, Played)]
    last_lead = plays[-4].cards
    if won[-1].seat % 2 == attackers:
        assert s.trump is not None
        revealed = [e for e in s.events if isinstance(e, KittyRevealed)][-1]
        multiplier = reference_multiplier(last_lead, s.trump, s.rules.kitty_multiplier)
        assert revealed.multiplier == multiplier
        # Rules.kitty_public_at_end=False (R8.2) keeps the cards face down: the bonus is public.
        total += tl.points(revealed.cards) * multiplier if revealed.cards else revealed.bonus
    return total


@pytest.mark.parametrize("preset", PRESETS)
def test_random_deals_keep_every_invariant(preset: str) -> None:
    for seed in range(DEALS):
        states = deal_with_silent_attempts(preset, seed)
        rng = random.Random(seed)
        for s in states:
            assert accounted_cards(s) == FULL, "108 cards always accounted for"
            if s.dealer is not None:
                attackers = 1 - s.dealer % 2
                won = sum(t.points for t in s.tricks if t.winner % 2 == attackers)
                assert s.trick_points == won, "points go to the team that won them"
        final = states[-1]
        assert final.result is not None
        assert sum(t.points for t in final.tricks) + tl.points(final.kitty) == 200
        assert final.result.attacker_points == recount(final)
        assert final.result.levels[0] in final.rules.levels
        assert final.result.levels[1] in final.rules.levels
        for s in rng.sample(states, 4):
            for seat in range(4):
                check_view(s, seat)


@pytest.mark.slow
@pytest.mark.parametrize("preset", PRESETS)
def test_apply_never_changes_its_input(preset: str) -> None:
    for seed in range(DEALS // 10 + 1):
        rng = random.Random(seed)
        s = GameState.new(preset, seed=seed)
        while s.phase is not Phase.FINISHED:
            snapshot = copy.deepcopy(s)
            action = (
                DealCard()
                if s.phase is Phase.DEALING and rng.random() < 0.8
                else s.legal_actions().sample(rng)
            )
            nxt = s.apply(action)
            assert s == snapshot and nxt is not s
            s = nxt


@pytest.mark.slow
@pytest.mark.parametrize("preset", PRESETS)
def test_json_round_trip_at_every_step(preset: str) -> None:
    for seed in range(DEALS // 30 + 1):
        for s in deal_with_silent_attempts(preset, 1000 + seed):
            text = s.to_json()
            back = GameState.from_json(text)
            assert back == s and back.to_json() == text


def test_illegal_actions_leave_the_state_unchanged() -> None:
    rng = random.Random(4)
    s = GameState.new("tuolaji", seed=4)
    while s.phase is not Phase.FINISHED:
        if s.phase is Phase.PLAYING:
            seat = s.to_act
            bad = tl.Play((seat + 1) % 4, s.hands[(seat + 1) % 4][:1])
            snapshot = copy.deepcopy(s)
            with pytest.raises(tl.IllegalAction):
                s.apply(bad)
            assert s == snapshot
        s = s.apply(DealCard() if s.phase is Phase.DEALING else s.legal_actions().sample(rng))
    assert s.result is not None


def test_deals_reach_every_kind_of_event() -> None:
    """The random driver exercises bids, revealed trumps and failed throws."""
    kinds: set[str] = set()
    for preset in PRESETS:
        for seed in range(10):
            kinds |= {type(e).__name__ for e in deal_with_silent_attempts(preset, seed)[-1].events}
    assert {"Declared", "ThrowFailed", "TrickWon", "DealScored", "Buried"} <= kinds
    assert {TrumpRevealed.__name__, "Redeal", "Passed"} <= kinds


class ShuangshengDeal(DealMachine):
    preset = "shuangsheng"


TestTuolajiDealMachine = DealMachine.TestCase
TestShuangshengDealMachine = ShuangshengDeal.TestCase
TestTuolajiDealMachine.settings = settings(max_examples=10, stateful_step_count=300, deadline=None)
TestShuangshengDealMachine.settings = settings(
    max_examples=10, stateful_step_count=300, deadline=None
)
# Whole deals of up to 300 steps, several seconds each: marked slow (CI runs them).
TestTuolajiDealMachine.pytestmark = [pytest.mark.slow]
TestShuangshengDealMachine.pytestmark = [pytest.mark.slow]


def random_action(s: GameState, rng: random.Random) -> tl.Action:
    """A plausible action, legal or not: right or wrong seat, held or unheld cards."""
    seat = s.to_act if s.to_act >= 0 and rng.random() < 0.7 else rng.randrange(4)
    hand = list(s.hands[seat])
    stranger = rng.choice(tl.CARDS)
    pick = rng.sample(hand, min(len(hand), rng.randint(1, 4))) if hand else [stranger]
    if rng.random() < 0.1:
        pick.append(stranger)
    kind = rng.randrange(6)
    if kind == 0:
        return tl.DealCard()
    if kind == 1:
        return tl.Pass(seat)
    if kind == 2:
        return tl.AskRedeal(seat)
    if kind == 3:
        bid_like = [c for c in hand if c.is_joker or c.rank == (s.bid_level(seat))]
        return tl.Declare(seat, tuple(rng.sample(bid_like, min(len(bid_like), rng.randint(1, 3)))))
    if kind == 4:
        return tl.Bury(seat, tuple(rng.sample(hand, min(len(hand), rng.choice((7, 8, 8))))))
    return tl.Play(seat, tuple(pick))


@pytest.mark.parametrize("preset", PRESETS)
def test_an_action_applies_exactly_when_it_is_listed_as_legal(preset: str) -> None:
    """``action in state.legal_actions()`` and ``state.apply(action)`` agree on every action
    tried: legal ones apply, the others raise IllegalAction and change nothing (R11)."""
    tried = legal = 0
    for seed in range(DEALS // 50 + 2):
        rng = random.Random(seed)
        for s in deal_with_silent_attempts(preset, 500 + seed)[:-1]:
            for _ in range(3):
                action = random_action(s, rng)
                listed = action in s.legal_actions()
                tried, legal = tried + 1, legal + listed
                if listed:
                    s.apply(action)
                    continue
                snapshot = s.to_json() if tried % 10 == 0 else None
                with pytest.raises(tl.IllegalAction):
                    s.apply(action)
                assert snapshot is None or s.to_json() == snapshot
    assert 0 < legal < tried
