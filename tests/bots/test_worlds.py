"""Knowledge (deductions from public play) and sampled worlds (#12 items 1-2)."""

from __future__ import annotations

import random
from collections import Counter
from itertools import product
from math import factorial, prod

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tuolaji as tl
from positions import play_out, played_deals, some_state
from tuolaji.bots.knowledge import knowledge_of
from tuolaji.bots.worlds import HiddenPlaces, hidden_places, sample_world, sample_worlds
from tuolaji.bots.worlds.building import _prepared
from tuolaji.bots.worlds.samplers import _ClassSampler, deal_hidden
from tuolaji.core.cards import full_deck
from tuolaji.testing import accounted_cards, check_state

P = tl.parse_cards
RULES = st.sampled_from(["tuolaji", "shuangsheng", "tuolaji-tournament", "shuangsheng-super"])
T = tl.Trump(tl.Rank.TWO, tl.Suit.DIAMONDS)


def small_position() -> tl.GameState:
    """Four-card hands, level 2, trump ♦; seat 0 deals (so it sees the kitty) and leads
    ♠AA. Seat 1 holds one ♠ and must add a ♥: void in ♠ (R7.2). Seat 2 holds three ♠
    without a pair and plays two singles: no ♠ pair left (R7.3)."""
    hands = [P("AS AS KS 3D"), P("5S 3H 4H 7C"), P("6S 7S 8S 9H"), P("9S 9S 8C 8C")]
    used = Counter(c for h in hands for c in h)
    rest = [c for c in full_deck() if used[c] < 1 and c not in hands[0]]
    kitty = rest[:8]
    state = tl.GameState.for_play(
        "tuolaji", hands=hands, kitty=kitty, trump=T, dealer=0, levels=(tl.Rank.TWO,) * 2
    )
    state = state.play(0, P("AS AS")).play(1, P("5S 3H"))
    return state.play(2, P("6S 7S"))


def test_r7_2_a_seat_that_did_not_follow_is_void() -> None:
    """R7.2: holding fewer cards of the led suit than the lead, a seat plays them all; so a
    follow with another suit's card shows a void."""
    know = knowledge_of(small_position().view(0))
    assert know.voids[1] == frozenset({int(tl.Suit.SPADES)})
    assert know.voids[2] == frozenset()
    assert know.played[1] == P("5S 3H")


def test_r7_3_a_seat_that_broke_a_pair_lead_holds_no_pair() -> None:
    """R7.3: more pairs rank first, so a seat that answered a pair with two led-suit
    singles holds no pair of that suit; the cards it played cannot be held twice either."""
    know = knowledge_of(small_position().view(0))
    assert know.no_pair[2] == frozenset({int(tl.Suit.SPADES)})
    assert know.caps[2][tl.Card.parse("6S").id] == 0  # its other 6S would have made a pair
    assert know.caps[2][tl.Card.parse("8S").id] == 1
    assert know.no_pair[1] == frozenset()  # a void, not a pair deduction


def test_r4_2_shown_cards_stay_known_until_played() -> None:
    """R4.2: cards shown in a bid are public while the bidder holds them."""
    state = tl.GameState.new("tuolaji", seed=3)
    while not state.legal_actions(1) and state.phase is tl.Phase.DEALING:
        state = state.deal_card()
    bids = list(state.legal_actions(1))
    assert bids, "seat 1 could bid at some point of this deal"
    bid = bids[0]
    assert isinstance(bid, tl.Declare)
    state = state.apply(bid)
    assert Counter(knowledge_of(state.view(0)).shown[1]) == Counter(bid.cards)


def test_kitty_is_known_to_its_burier_only() -> None:
    state = small_position()
    assert knowledge_of(state.view(0)).kitty == state.kitty
    assert knowledge_of(state.view(1)).kitty is None


def _hidden_counts(
    state: tl.GameState, seat: int, slots: HiddenPlaces
) -> tuple[tuple[int, ...], ...]:
    rows = []
    for i, place in enumerate(slots.places):
        cards = state.kitty if place == HiddenPlaces.KITTY else state.hands[place]
        counts = Counter(c.id for c in cards) - Counter(c.id for c in slots.pinned[i])
        rows.append(tuple(counts[c] for c in range(54)))
    return tuple(rows)


def _placement_weights(slots: HiddenPlaces) -> Counter[tuple[tuple[int, ...], ...]]:
    """Every placement of the hidden cards (per place, copies of each card id) with the
    number of shuffles giving it: the law the sampler draws, by brute force."""
    kinds = [c for c in range(54) if slots.pool[c]]
    n = len(slots.sizes)
    per_kind = []
    for c in kinds:
        options = []
        for v in product(range(3), repeat=n):
            if sum(v) == slots.pool[c] and all(v[i] <= slots.caps[i][c] for i in range(n)):
                options.append((v, factorial(slots.pool[c]) // prod(factorial(x) for x in v)))
        per_kind.append(options)
    out: Counter[tuple[tuple[int, ...], ...]] = Counter()
    for choice in product(*per_kind):
        if any(sum(v[i] for v, _ in choice) != slots.sizes[i] for i in range(n)):
            continue
        key = tuple(
            tuple(c for c, (v, _) in zip(kinds, choice, strict=True) for _ in range(v[i]))
            for i in range(n)
        )
        out[key] += prod(w for _, w in choice)
    return out


def _exact(slots: HiddenPlaces) -> dict[tuple[tuple[int, ...], ...], float]:
    """Every placement of the hidden cards as per-place copies of each card id (54 per
    place), with its probability: [`_placement_weights`] normalised."""
    weights = _placement_weights(slots)
    total = sum(weights.values())
    out: dict[tuple[tuple[int, ...], ...], float] = {}
    for placement, weight in weights.items():
        rows = tuple(tuple(Counter(part)[c] for c in range(54)) for part in placement)
        out[rows] = weight / total
    return out


def total_variation(slots: HiddenPlaces, tries: int, samples: int, seed: int) -> float:
    """Distance between the sampler (with ``tries`` plain shuffles) and the exact law."""
    exact = _exact(slots)
    rng = random.Random(seed)
    seen: Counter[tuple[tuple[int, ...], ...]] = Counter()
    for _ in range(samples):
        dealt = deal_hidden(slots, rng, tries=tries)
        rows = []
        for part in dealt:
            counts = Counter(part)
            rows.append(tuple(counts[c] for c in range(54)))
        seen[tuple(rows)] += 1
    assert set(seen) <= set(exact), "every sampled placement is consistent"
    return 0.5 * sum(abs(seen[k] / samples - p) for k, p in exact.items())


def late_positions(cards: int) -> list[tuple[tl.GameState, int]]:
    """Views of the burier (who sees the kitty) when every hand holds ``cards`` cards, in
    real deals where some seat is known to be void: a few hundred placements at 3 cards."""
    out = []
    for seed in range(8):
        for state in played_deals("tuolaji", seed):
            if (
                state.phase is tl.Phase.PLAYING
                and not state.trick
                and len(state.hands[0]) == cards
                and state.buried_by is not None
                and any(knowledge_of(state.view(state.buried_by)).voids)
            ):
                out.append((state, state.buried_by))
    return out


@pytest.mark.slow
def test_sampling_matches_exhaustive_enumeration() -> None:
    """Against exhaustive enumeration of the placements: the plain-shuffle path is the
    exact law (its distance is sampling noise only), and the constrained fallback is as
    close (measured on 30,000 draws: 0.033 vs 0.041, 0.030 vs 0.039, 0.052 vs 0.051)."""
    # Positions with a few hundred placements (a failed throw's cards, R6.4, pin many).
    positions = [
        (state, seat)
        for state, seat in late_positions(3)
        if len(_exact(hidden_places(state.view(seat)))) > 100
    ]
    assert len(positions) >= 2
    for state, seat in positions[:2]:
        slots = hidden_places(state.view(seat))
        assert _hidden_counts(state, seat, slots) in _exact(slots)
        plain = total_variation(slots, tries=1000, samples=6_000, seed=1)
        fallback = total_variation(slots, tries=0, samples=6_000, seed=2)
        assert plain < 0.12
        assert fallback < plain + 0.05


@pytest.mark.slow
@given(RULES, st.integers(0, 7), st.floats(0, 0.999), st.integers(0, 3), st.integers(0, 2**32))
def test_sampled_world_keeps_the_view(
    rules: str, seed: int, pick: float, seat: int, rng_seed: int
) -> None:
    """A sampled world is a legal state whose view for the seat is the original view; it
    respects hand sizes, shown cards, voids and caps, accounts for all 108 cards, and plays
    on to the end of the deal."""
    state = some_state(rules, seed, pick)
    view = state.view(seat)
    world = sample_world(view, random.Random(rng_seed))
    assert world.view(seat) == view
    assert accounted_cards(world) == Counter(full_deck())
    know = knowledge_of(view)
    trump = view.trump
    for other in range(4):
        hand = Counter(world.hands[other])
        assert len(world.hands[other]) == view.hand_sizes[other]
        if other != seat:
            # A shown card stays with its shower, unless it was buried (R4.2, R5.1).
            assert not Counter(view.shown[other]) - hand - Counter(world.kitty)
        if trump is not None and other != seat:
            assert not any(trump.effective_suit(c) in know.voids[other] for c in hand)
            assert all(hand[tl.CARDS[c]] <= cap for c, cap in know.caps[other].items())
    if state.phase is tl.Phase.DEALING:
        assert world.deck[: world.dealt] != () or world.dealt == 0
    play_out(world, random.Random(rng_seed))


@given(st.integers(0, 7), st.floats(0, 0.999), st.integers(0, 3), st.integers(0, 2**32))
def test_sampled_world_is_deterministic(seed: int, pick: float, seat: int, rng_seed: int) -> None:
    view = some_state("shuangsheng", seed, pick).view(seat)
    assert sample_world(view, random.Random(rng_seed)) == sample_world(
        view, random.Random(rng_seed)
    )


@given(st.integers(0, 7), st.floats(0, 0.999), st.integers(0, 3), st.integers(0, 2**32))
def test_constrained_fallback_keeps_every_constraint(
    seed: int, pick: float, seat: int, rng_seed: int
) -> None:
    """With no plain shuffle allowed, the fallback still never breaks a cap (R7.2, R7.3)
    and fills every place."""
    slots = hidden_places(some_state("tuolaji", seed, pick).view(seat))
    dealt = deal_hidden(slots, random.Random(rng_seed), tries=0)
    assert slots.allows([[Counter(part)[c] for c in range(54)] for part in dealt])


def test_r5_2_worlds_of_a_kitty_theft_keep_every_view() -> None:
    """炒地皮 (``Rules.kitty_theft``): from the theft round on (a thief holding the kitty it
    stole, its own burial, play), a world sampled for any seat keeps that seat's view, is a
    valid state and plays on to the end."""
    game = tl.Game(tl.Rules(kitty_theft="every_deal"), seed=7)
    game.play_deal([tl.RandomBot(s) for s in range(4)])
    stolen = [s for s in game.history if s.counters]
    rounds = [s for s in stolen if s.phase in (tl.Phase.BURYING, tl.Phase.COUNTERS)]
    assert {s.phase for s in rounds} == {tl.Phase.BURYING, tl.Phase.COUNTERS}
    rng = random.Random(7)
    for state in rounds + stolen[len(rounds) :: 20]:
        for seat in range(4):
            world = sample_world(state.view(seat), rng)
            assert world.view(seat) == state.view(seat)
            check_state(world, rng)
            play_out(world, rng)


def test_for_play_positions_leave_the_missing_cards_out() -> None:
    """A position made by GameState.for_play has fewer than 108 cards: a world keeps it so."""
    state = small_position()
    world = sample_world(state.view(1), random.Random(3))
    assert world.view(1) == state.view(1)
    assert sum(accounted_cards(world).values()) == sum(accounted_cards(state).values())


# --- issue 22: valid states, failed throws, batches ----------------------------------------------


@given(RULES, st.integers(0, 7), st.floats(0, 0.999), st.integers(0, 3), st.integers(0, 2**32))
@settings(max_examples=25, deadline=None)
def test_sampled_worlds_are_valid_states(
    rules: str, seed: int, pick: float, seat: int, rng_seed: int
) -> None:
    """Every state invariant holds in a sampled world, the JSON round trip included."""
    world = sample_world(some_state(rules, seed, pick).view(seat), random.Random(rng_seed))
    check_state(world, random.Random(rng_seed))
    assert tl.GameState.from_json(world.to_json()) == world


def failed_throws() -> list[tuple[tl.GameState, int, Counter[tl.Card]]]:
    """States after a failed throw (R6.4) whose thrower still holds some of the cards it took
    back: the state, the thrower, and those cards."""
    out = []
    for seed in range(8):
        for state in played_deals("tuolaji", seed):
            if state.phase is not tl.Phase.PLAYING:
                continue
            back: list[Counter[tl.Card]] = [Counter() for _ in range(4)]
            for event in state.events:
                if isinstance(event, tl.ThrowFailed):
                    back[event.seat] |= Counter(event.attempt)
                elif isinstance(event, tl.Played):
                    back[event.seat] -= Counter(event.cards)
            for seat in range(4):
                if back[seat]:
                    assert not back[seat] - Counter(state.hands[seat]), "the thrower holds them"
                    out.append((state, seat, back[seat]))
    return out


def test_r6_4_a_failed_throws_cards_stay_with_the_thrower() -> None:
    """The cards of a failed throw that were taken back are public (R6.4): knowledge records
    them, and every sampled world keeps them in the thrower's hand until it plays them."""
    cases = failed_throws()
    assert len(cases) >= 20
    rng = random.Random(5)
    for state, thrower, back in cases[:: max(1, len(cases) // 40)]:
        for seat in range(4):
            view = state.view(seat)
            assert Counter(knowledge_of(view).revealed[thrower]) == back
            if seat == thrower:
                continue
            for world in sample_worlds(view, rng, 5):
                assert not back - Counter(world.hands[thrower])
                assert world.view(seat) == view


def test_sample_worlds_is_a_batch_of_sample_world() -> None:
    view = some_state("tuolaji", 3, 0.8).view(2)
    assert sample_worlds(view, random.Random(9), 4) == [
        sample_world(view, r) for r in [random.Random(9)] for _ in range(4)
    ]
    assert sample_worlds(view, random.Random(9), 0) == []
    with pytest.raises(tl.TuolajiError, match="count"):
        sample_worlds(view, random.Random(9), -1)
    with pytest.raises(TypeError, match="count"):
        sample_worlds(view, random.Random(9), 2.0)  # type: ignore[arg-type]


def test_a_view_made_again_for_the_same_state_reuses_its_preparation() -> None:
    """OpenSpiel's resampling asks for ``state.view(seat)`` at every iteration: the new,
    equal view finds the work done for the first one, and draws the same worlds."""
    state = some_state("tuolaji", 5, 0.7)
    first, again = state.view(1), state.view(1)
    assert first is not again and first == again
    assert _prepared(first) is _prepared(again)
    assert sample_world(first, random.Random(4)) == sample_world(again, random.Random(4))


def test_views_sharing_a_log_but_not_a_hand_are_prepared_apart() -> None:
    """A sampled world shares the event log of the state it came from (one node), so a view
    of another seat in that world has the same log and seat as in the state, and another
    hand: it must not be taken for the state's view (R7.2: its own hand decides its worlds)."""
    rng = random.Random(2)
    checked = 0
    for seed, pick in [(1, 0.6), (3, 0.8), (6, 0.5)]:
        state = some_state("tuolaji", seed, pick)
        if state.phase is not tl.Phase.PLAYING:
            continue
        checked += 1
        world = sample_world(state.view(0), rng)
        other = next(s for s in (1, 2, 3) if world.hands[s] != state.hands[s])
        mine, theirs = state.view(other), world.view(other)
        assert mine.events is theirs.events and mine != theirs
        assert _prepared(mine) is not _prepared(theirs)
        for w in sample_worlds(theirs, rng, 3):
            assert w.hands[other] == world.hands[other]
        for w in sample_worlds(mine, rng, 3):
            assert w.hands[other] == state.hands[other]
    assert checked >= 2


@st.composite
def small_places(draw: st.DrawFn) -> HiddenPlaces:
    """Three or four places and up to nine hidden cards (card ids 0..5, one or two copies),
    each card allowed in a random set of places (a void or a cap of one elsewhere)."""
    n = draw(st.integers(3, 4))
    pool = [0] * 54
    caps = [[0] * 54 for _ in range(n)]
    for c in range(draw(st.integers(2, 6))):
        pool[c] = draw(st.integers(1, 2))
        allowed = draw(st.sets(st.integers(0, n - 1), min_size=1))
        for i in allowed:
            caps[i][c] = draw(st.integers(1, pool[c]))
    total = sum(pool)
    cuts = sorted(draw(st.lists(st.integers(0, total), min_size=n - 1, max_size=n - 1)))
    sizes = [b - a for a, b in zip([0, *cuts], [*cuts, total], strict=True)]
    return HiddenPlaces(
        places=[*range(1, n), HiddenPlaces.KITTY],
        sizes=sizes,
        pool=pool,
        caps=caps,
        pinned=[[] for _ in range(n)],
        kitty_pins=(),
    )


@settings(max_examples=300, deadline=None)
@given(small_places())
def test_the_class_tables_count_is_the_number_of_shuffles(slots: HiddenPlaces) -> None:
    """The exact sampler's completion counts (the closed form for the class before a class
    that may go anywhere included) against brute force: the total is the number of shuffles
    respecting every zero cap, and a view with none is refused (R1.1)."""
    weights = _placement_weights(slots)
    sampler = _ClassSampler(slots)
    once = any(cap == 1 and slots.pool[c] == 2 for row in slots.caps for c, cap in enumerate(row))
    zero_caps = HiddenPlaces(
        places=slots.places,
        sizes=slots.sizes,
        pool=slots.pool,
        caps=[[slots.pool[c] if cap else 0 for c, cap in enumerate(row)] for row in slots.caps],
        pinned=slots.pinned,
        kitty_pins=(),
    )
    assert sampler._count(0, sampler.sizes) == sum(_placement_weights(zero_caps).values())
    if not weights and not once:
        with pytest.raises(tl.IllegalAction, match="R1.1"):
            _ClassSampler.build(slots)


def test_the_exact_sampler_draws_the_law_of_the_shuffle() -> None:
    """Draws of positions whose class before the last (which may go anywhere) takes the
    closed form, against brute force: total variation within sampling noise (306
    placements, 100,000 draws: noise about 0.022; the sampler measured 0.013 and 0.015 on
    200,000 draws, as the sampler before the closed form did)."""
    rng = random.Random(5)
    # Cards 0-1 may not go to place 0 (a void), card 2 only to places 1 and 3 (kitty),
    # cards 3-5 anywhere; card 5 twice, at most once in place 2 (no pair left, R7.3).
    pool = [0] * 54
    pool[0:6] = [1, 2, 1, 1, 2, 2]
    caps = [[0] * 54 for _ in range(4)]
    for i in range(4):
        for c in range(6):
            caps[i][c] = pool[c]
    caps[0][0] = caps[0][1] = 0
    caps[0][2] = caps[2][2] = 0
    caps[2][5] = 1
    slots = HiddenPlaces(
        places=[1, 2, 3, HiddenPlaces.KITTY],
        sizes=[2, 3, 2, 2],
        pool=pool,
        caps=caps,
        pinned=[[] for _ in range(4)],
        kitty_pins=(),
    )
    sampler = _ClassSampler.build(slots)
    assert sampler is not None and sampler._closed >= 0
    weights = _placement_weights(slots)
    total = sum(weights.values())
    draws = 100_000
    seen: Counter[tuple[tuple[int, ...], ...]] = Counter()
    for _ in range(draws):
        dealt = deal_hidden(slots, rng)
        seen[tuple(tuple(sorted(part)) for part in dealt)] += 1
    assert set(seen) <= set(weights)
    distance = 0.5 * sum(abs(seen[k] / draws - w / total) for k, w in weights.items())
    assert distance < 0.035, distance
