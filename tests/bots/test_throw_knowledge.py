"""What throws show about the other hands (R6.3, R6.4), and sampled worlds that keep it."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tuolaji as tl
from positions import played_deals
from tuolaji.bots.knowledge import knowledge_of, throw_caps, throw_fact_holds, throw_facts
from tuolaji.bots.worlds import hidden_places, sample_worlds
from tuolaji.bots.worlds.samplers import deal_hidden
from tuolaji.core.cards import full_deck
from tuolaji.core.rules import FORCED_UNIT_ORDERS
from tuolaji.testing import check_state

P = tl.parse_cards
T = tl.Trump(tl.Rank.TWO, tl.Suit.DIAMONDS)
ABOVE_K = [P("AC")[0].id]
ABOVE_8 = [P(f"{r}C")[0].id for r in ("9", "10", "J", "Q", "K", "A")]


def thrown(hands: list[str], rules: str | tl.Rules = "tuolaji") -> tl.GameState:
    """Seat 0 deals and leads ♣K 8 8 (a pair and a single, level 2, trump ♦)."""
    cards = [P(h) for h in hands]
    used = Counter(c for h in cards for c in h)
    rest = [c for c in full_deck() if used[c] < 2]
    state = tl.GameState.for_play(
        rules, hands=cards, kitty=rest[:8], trump=T, dealer=0, levels=(tl.Rank.TWO,) * 2
    )
    return state.play(0, P("KC 8C 8C"))


# Seat 2's ♣99 beats the pair 88, tried first (R6.4 "lowest"): 88 is forced, seat 2 named.
PAIR_BEATEN = ["KC 8C 8C 3D 4D", "AC 5H 6H 7H 9H", "9C 9C 5S 6S 7S", "QC 3S 4S 5D 6D"]
# Nobody holds a ♣ pair above 8; seat 1's ♣A beats the K: the K is forced, seat 1 named.
SINGLE_BEATEN = ["KC 8C 8C 3D 4D", "AC 5H 6H 7H 9H", "9C 10C 5S 6S 7S", "QC 3S 4S 5D 6D"]


def event_of(state: tl.GameState) -> tl.ThrowFailed:
    return next(e for e in state.events if isinstance(e, tl.ThrowFailed))


def test_r6_4_failed_throw_is_a_fact_with_what_was_played_since() -> None:
    state = thrown(PAIR_BEATEN)
    state = state.play(1, state.legal_plays().sample(random.Random(0)))
    (fact,) = throw_facts(state.view(3))
    assert fact.failed == event_of(state) and fact.seat == 0 and not fact.capped
    assert fact.failed.beaten_by == (2,) and tl.format_cards(fact.failed.forced) == "8C 8C"
    # Seat 1's follow was in its hand when the throw was tried: it counts as held then.
    assert Counter(fact.played_since[1]) == Counter(c.id for c in state.trick[1])
    assert fact.played_since[0] == tuple(c.id for c in P("8C 8C"))


def test_r6_3_a_throw_that_stood_is_a_capped_fact() -> None:
    hands = ["KC 8C 8C 3D 4D", "JC 5H 6H 7H 9H", "9C 10C 5S 6S 7S", "QC 3S 4S 5D 6D"]
    (fact,) = throw_facts(thrown(hands).view(1))
    assert fact.failed is None and fact.capped


def test_r6_3_nobody_beat_a_stood_throw_caps_every_other_seat() -> None:
    hands = ["KC 8C 8C 3D 4D", "JC 5H 6H 7H 9H", "9C 10C 5S 6S 7S", "QC 3S 4S 5D 6D"]
    state = thrown(hands)
    caps = throw_caps(throw_facts(state.view(1)), state.rules, T.table)
    for seat in (1, 2, 3):
        # No ♣ single above K (the A), no ♣ pair above 8 (one copy of 9..K at most).
        assert {c: caps[seat][c] for c in ABOVE_8} == {c: 0 if c in ABOVE_K else 1 for c in ABOVE_8}
    assert caps[0] == {}


def test_r6_4_units_before_the_forced_one_and_unnamed_seats_are_capped() -> None:
    state = thrown(SINGLE_BEATEN)
    assert event_of(state).beaten_by == (1,) and tl.format_cards(event_of(state).forced) == "KC"
    caps = throw_caps(throw_facts(state.view(2)), state.rules, T.table)
    # The pair 88, tried first, was beaten by nobody; the K by neither seat 2 nor seat 3.
    assert {c: caps[1][c] for c in ABOVE_8} == dict.fromkeys(ABOVE_8, 1)
    for seat in (2, 3):
        assert {c: caps[seat][c] for c in ABOVE_8} == {c: 0 if c in ABOVE_K else 1 for c in ABOVE_8}


def test_r6_4_the_forced_unit_caps_unnamed_seats_only_when_blockers_are_public() -> None:
    rules = tl.Rules(throw_blocker_public=False)
    state = thrown(SINGLE_BEATEN, rules)
    assert event_of(state).beaten_by == ()
    caps = throw_caps(throw_facts(state.view(2)), state.rules, T.table)
    for seat in (1, 2, 3):
        assert {c: caps[seat][c] for c in ABOVE_8} == dict.fromkeys(ABOVE_8, 1)


def test_r6_4_a_pair_unit_beaten_by_nobody_caps_a_card_played_since_to_zero() -> None:
    state = thrown(SINGLE_BEATEN)
    state = state.play(1, P("AC"))  # the K was forced: seat 1 shows its ♣A, the blocker
    state = state.play(2, P("9C"))  # seat 2 plays its ♣9: it held one copy then
    caps = throw_caps(throw_facts(state.view(3)), state.rules, T.table)
    nine, ten = P("9C")[0].id, P("10C")[0].id
    assert caps[2][nine] == 0 and caps[2][ten] == 1
    assert caps[1][nine] == 1


# forced_unit="nearest_seat" (issue #31): seat 1's ♣99 beats the pair 88, not the K; seat 2's
# ♣A beats the K. Seat 1 comes first: 88 is forced, seat 1 named.
NEAREST_IS_NEXT = ["KC 8C 8C 3D 4D", "9C 9C 5S 6S 7S", "AC 5H 6H 7H 9H", "QC 3S 4S 5D 6D"]
# Seat 1 holds no ♣; seat 2's ♣99 beats the 88; seat 3's ♣A beats the K: seat 2 decides.
NEAREST_IS_SECOND = ["KC 8C 8C 3D 4D", "3S 5H 6H 7H 9H", "9C 9C 5S 6S 7S", "AC 3S 4S 5D 6D"]
NEAREST = tl.Rules(forced_unit="nearest_seat")


def test_r6_4_nearest_seat_caps_the_blocker_only_below_the_forced_unit() -> None:
    """``forced_unit="nearest_seat"``: seat 1 forced the 88, so it could not beat the K (tried
    before the pair in the order of "smallest"): no ♣A. Seats 2 and 3 could not beat the 88
    (not named), but nothing is known of the K from them: seat 2 holds the ♣A, and a cap of
    0 there (what "the units before the forced one were beaten by nobody" would give) would
    rule out the true hands."""
    state = thrown(NEAREST_IS_NEXT, NEAREST)
    assert event_of(state).beaten_by == (1,) and tl.format_cards(event_of(state).forced) == "8C 8C"
    caps = throw_caps(throw_facts(state.view(3)), state.rules, T.table)
    assert {c: caps[1].get(c) for c in ABOVE_8} == {c: 0 if c in ABOVE_K else None for c in ABOVE_8}
    for seat in (2, 3):
        assert {c: caps[seat][c] for c in ABOVE_8} == dict.fromkeys(ABOVE_8, 1)


def test_r6_4_nearest_seat_caps_every_unit_for_the_seats_before_the_blocker() -> None:
    """``"nearest_seat"``: seat 2 forced the 88, so seat 1, asked first, could beat no unit
    (no ♣A, no ♣ pair above 8), seat 2 not the K (no ♣A); seat 3, after the blocker and not
    named, held no ♣ pair above 8 but may hold the ♣A (it does)."""
    state = thrown(NEAREST_IS_SECOND, NEAREST)
    assert event_of(state).beaten_by == (2,) and tl.format_cards(event_of(state).forced) == "8C 8C"
    caps = throw_caps(throw_facts(state.view(0)), state.rules, T.table)
    assert {c: caps[1][c] for c in ABOVE_8} == {c: 0 if c in ABOVE_K else 1 for c in ABOVE_8}
    assert {c: caps[2].get(c) for c in ABOVE_8} == {c: 0 if c in ABOVE_K else None for c in ABOVE_8}
    assert {c: caps[3][c] for c in ABOVE_8} == dict.fromkeys(ABOVE_8, 1)


def test_r6_4_nearest_seat_with_secret_blockers_caps_only_the_next_seat() -> None:
    """``"nearest_seat"`` with ``throw_blocker_public=False``: the blocker is unknown, but the
    thrower's next seat is it or was asked before it, so it could not beat the K; the other
    seats may have been after the blocker: no cap."""
    rules = tl.Rules(forced_unit="nearest_seat", throw_blocker_public=False)
    for hands in (NEAREST_IS_NEXT, NEAREST_IS_SECOND):
        state = thrown(hands, rules)
        assert event_of(state).beaten_by == ()
        caps = throw_caps(throw_facts(state.view(0)), state.rules, T.table)
        assert {c: caps[1].get(c) for c in ABOVE_8} == {
            c: 0 if c in ABOVE_K else None for c in ABOVE_8
        }
        assert caps[2] == {} and caps[3] == {}
    # The caps do not settle it: a hidden ♣ pair or tractor in seat 1, asked before the
    # blocker, could change the forced unit, so the sampler checks whole hands even when the
    # viewer's own ♣99 already gives the outcome.
    (fact,) = throw_facts(state.view(2))
    assert not fact.settled and hidden_places(state.view(2)).throws


@pytest.mark.parametrize("public", [True, False])
@pytest.mark.parametrize("hands", [NEAREST_IS_NEXT, NEAREST_IS_SECOND])
def test_r6_4_nearest_seat_facts_hold_for_the_true_hands_and_keep_in_worlds(
    hands: list[str], public: bool
) -> None:
    """The true hands agree with the fact; moving the blocker's ♣99 to the seat before it
    (which then decides first) does not; every sampled world keeps the throw."""
    state = thrown(hands, tl.Rules(forced_unit="nearest_seat", throw_blocker_public=public))
    (fact,) = throw_facts(state.view(0))
    ids = [[c.id for c in h] for h in state.hands]
    then = [[*h, *since] for h, since in zip(ids, fact.played_since, strict=True)]
    assert throw_fact_holds(fact, then, state.rules, T.table)
    if hands is NEAREST_IS_SECOND:
        nines = [c for c in then[2] if c in ABOVE_8]
        then[2] = [c for c in then[2] if c not in ABOVE_8]
        then[1] += nines
        # Seat 1 now forces the 88 itself: the same unit, but the blocker differs.
        assert throw_fact_holds(fact, then, state.rules, T.table) is not public
    for seat in range(4):
        view = state.view(seat)
        for world in sample_worlds(view, random.Random(seat), 20):
            assert world.view(seat) == view
            w_ids = [[c.id for c in h] for h in world.hands]
            w_then = [[*h, *s] for h, s in zip(w_ids, fact.played_since, strict=True)]
            assert throw_fact_holds(fact, w_then, state.rules, T.table)


@pytest.mark.parametrize("hands", [PAIR_BEATEN, SINGLE_BEATEN])
def test_r6_4_the_true_hands_agree_with_the_fact_and_a_blocker_without_its_unit_does_not(
    hands: list[str],
) -> None:
    state = thrown(hands)
    (fact,) = throw_facts(state.view(3))
    ids = [[c.id for c in h] for h in state.hands]
    then = [[*h, *since] for h, since in zip(ids, fact.played_since, strict=True)]
    assert throw_fact_holds(fact, then, state.rules, T.table)
    (blocker,) = fact.failed.beaten_by  # type: ignore[union-attr]
    # The blocker's ♣ cards above 8 move to the seat after it (a non-blocker): refused.
    other = 3 if blocker != 3 else 1
    moved = [c for c in then[blocker] if c in ABOVE_8]
    then[blocker] = [c for c in then[blocker] if c not in ABOVE_8]
    assert not throw_fact_holds(fact, then, state.rules, T.table)
    then[other] += moved
    assert not throw_fact_holds(fact, then, state.rules, T.table)


@pytest.mark.parametrize("hands", [PAIR_BEATEN, SINGLE_BEATEN])
@pytest.mark.parametrize("public", [True, False])
def test_r6_4_worlds_keep_who_could_beat_a_failed_throw(hands: list[str], public: bool) -> None:
    """Every world, from the exact draws and from the constrained fallback, keeps the failed
    throw's forced unit and blockers, and reads back as a valid state."""
    state = thrown(hands, tl.Rules(throw_blocker_public=public))
    for seat in range(4):
        view = state.view(seat)
        facts = throw_facts(view)
        slots = hidden_places(view)
        for world in sample_worlds(view, random.Random(seat), 30):
            assert tl.GameState.from_json(world.to_json()) == world
            ids = [[c.id for c in h] for h in world.hands]
            then = [[*h, *s] for h, s in zip(ids, facts[0].played_since, strict=True)]
            assert throw_fact_holds(facts[0], then, state.rules, T.table)
        for i in range(10):
            dealt = deal_hidden(slots, random.Random(i), tries=0)
            assert slots.plays_hold(dealt)


def throw_views() -> list[tl.PlayerView]:
    """Views in play after at least one failed throw, from played games of every preset."""
    out = []
    house = (
        tl.Rules(forced_unit="nearest_seat"),
        tl.Rules(forced_unit="nearest_seat", throw_blocker_public=False),
    )
    for rules in ("tuolaji", "shuangsheng", "tuolaji-tournament", "shuangsheng-super", *house):
        for seed in range(8):
            for state in played_deals(rules, seed):
                if state.phase is tl.Phase.PLAYING and any(
                    isinstance(e, tl.ThrowFailed) for e in state.events
                ):
                    out.extend(state.view(seat) for seat in range(4))
    return out


@pytest.mark.parametrize("forced_unit", FORCED_UNIT_ORDERS)
@pytest.mark.parametrize("public", [True, False])
def test_r6_4_throw_knowledge_never_rules_out_the_true_hands(
    forced_unit: str, public: bool
) -> None:
    """In played deals under every ``forced_unit`` (R6.4), with public or secret blockers,
    what each seat deduces from the throws (caps, whole-hand facts) holds for the true hands
    of the other seats: a deduction may be weak, never wrong."""
    rules = tl.Rules(forced_unit=forced_unit, throw_blocker_public=public)  # type: ignore[arg-type]
    checked = 0
    for seed in range(6):
        for state in played_deals(rules, seed):
            if state.phase is not tl.Phase.PLAYING or state.trick:
                continue
            if not any(isinstance(e, tl.ThrowFailed) for e in state.events):
                continue
            assert state.trump is not None
            for seat in range(4):
                view = state.view(seat)
                know = knowledge_of(view)
                for other in range(4):
                    held = Counter(c.id for c in state.hands[other])
                    if other != seat:
                        assert all(held[c] <= cap for c, cap in know.caps[other].items())
                ids = [[c.id for c in h] for h in state.hands]
                for fact in know.throws:
                    then = [[*h, *s] for h, s in zip(ids, fact.played_since, strict=True)]
                    assert throw_fact_holds(fact, then, state.rules, state.trump.table)
                checked += 1
    assert checked > 0


@pytest.mark.parametrize("forced_unit", FORCED_UNIT_ORDERS)
@pytest.mark.parametrize("public", [True, False])
def test_r6_4_caps_of_random_club_holdings_never_rule_out_the_true_hands(
    forced_unit: str, public: bool
) -> None:
    """Seat 0 throws ♣K 88 against seeded random ♣ holdings of the other seats, under every
    ``forced_unit``: the caps each other seat deduces hold for the true hands."""
    rng = random.Random(6)
    rules = tl.Rules(forced_unit=forced_unit, throw_blocker_public=public)  # type: ignore[arg-type]
    clubs = [c for c in P("3C 4C 5C 6C 7C 9C 10C JC QC AC") for _ in range(2)] + [*P("KC")]
    fillers = ["5H 6H 7H 9H JH", "5S 6S 7S 8S 9S", "3S 4S 5D 6D 7D"]
    failed = 0
    for _ in range(150):
        rng.shuffle(clubs)
        hands, at = ["KC 8C 8C 3D 4D"], 0
        for filler in fillers:
            k = rng.randint(0, 4)
            hand = [*clubs[at : at + k], *P(filler)[: 5 - k]]
            hands.append(tl.format_cards(hand))
            at += k
        state = thrown(hands, rules)
        failed += any(isinstance(e, tl.ThrowFailed) for e in state.events)
        for seat in range(4):
            caps = throw_caps(throw_facts(state.view(seat)), state.rules, T.table)
            for other in range(1, 4):
                held = Counter(c.id for c in state.hands[other])
                assert all(held[c] <= cap for c, cap in caps[other].items()), (hands, other)
    assert failed > 50


@given(st.data())
@settings(max_examples=40, deadline=None)
def test_r6_3_r6_4_sampled_worlds_after_throws_are_valid_states(data: st.DataObject) -> None:
    """Worlds of views after throws (stood and failed) pass every state check, the replay of
    each throw against the hands included (validate), and the JSON round trip."""
    views = throw_views()
    view = views[data.draw(st.integers(0, len(views) - 1))]
    seed = data.draw(st.integers(0, 2**32))
    for world in sample_worlds(view, random.Random(seed), 3):
        assert world.view(view.seat) == view
        check_state(world, random.Random(seed))
        assert tl.GameState.from_json(world.to_json()) == world


def test_knowledge_records_the_deals_throws() -> None:
    state = thrown(PAIR_BEATEN)
    assert knowledge_of(state.view(1)).throws == throw_facts(state.view(1))


def random_deal_state(preset: str, seed: int, steps: int) -> tl.GameState:
    """The state at decision ``steps`` of a deal played by random legal actions from
    ``seed`` (bids: mostly the first legal action)."""
    rng = random.Random(seed)
    state = tl.GameState.new(preset, seed=seed)
    for _ in range(1, steps):
        if state.phase is tl.Phase.DEALING:
            bids = list(state.legal_actions(None))
            state = state.apply(bids[0] if rng.random() < 0.9 else rng.choice(bids))
        elif state.phase is tl.Phase.PLAYING:
            state = state.play(state.to_act, state.legal_plays().sample(rng))
        else:
            state = state.apply(state.legal_actions(state.to_act).sample(rng))
    return state


def test_r6_4_a_blocker_whose_shown_card_was_buried_still_gets_its_beating_card() -> None:
    """Seat 3 showed ♦2 in a bid and buried it; it beat ♥10 of seat 2's failed throw (♥K ♥Q
    ♥10) with the ♥Q it still holds, its only card. Kept with its shower (R4.2), the ♦2 would
    leave it no room for a heart above ♥10: the sampler's last resort puts the shown cards
    in the hidden kitty."""
    state = random_deal_state("tuolaji", 91, 179)
    view = state.view(2)
    assert state.buried_by == 3
    assert view.hand_sizes[3] == 1 and tl.format_cards(view.shown[3]) == "2D"
    last = [e for e in view.events if isinstance(e, tl.ThrowFailed)][-1]
    assert last.seat == 2 and tl.format_cards(last.forced) == "10H" and last.beaten_by == (3,)
    with pytest.raises(tl.IllegalAction, match="R6.4"):
        deal_hidden(hidden_places(view), random.Random(0))
    for world in sample_worlds(view, random.Random(0), 10):
        assert world.view(2) == view
        assert tl.format_cards(world.hands[3]) == "QH"
        assert tl.GameState.from_json(world.to_json()) == world
