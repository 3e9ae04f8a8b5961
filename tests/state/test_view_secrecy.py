"""A seat's view is a function of what that seat may know (R4.2, R5.1; issue 10, item 1).

Secrecy is tested by exchanging hidden cards: swap cards between the other seats' hands
(and the kitty, for a seat that did not bury it) in a way every public fact allows, and the
seat's view must not change. The two leaks found by the hardening issue are named tests.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tuolaji as tl
from tuolaji import Declared, GameState, Phase, Played
from tuolaji.rl.encoding import observation, observation_text
from tuolaji.state.view import shown_cards

Location = int | str  # a seat, or "kitty"


def bid_heavy_deal(seed: int, preset: str | tl.Rules) -> Iterator[GameState]:
    """The states of one deal played by random legal actions; bids are frequent (unlike
    :func:`tuolaji.testing.random_deal`, whose bids are rare)."""
    rng = random.Random(seed)
    s = GameState.new(preset, seed=seed, dealer=None if seed % 3 == 0 else seed % 4)
    yield s
    while s.phase is not Phase.FINISHED:
        actions = s.legal_actions()
        if s.phase is Phase.DEALING and (len(actions) == 1 or rng.random() < 0.7):
            s = s.deal_card()
        else:
            s = s.apply(actions.sample(rng))
        yield s


def hidden_from(state: GameState, seat: int) -> list[Location]:
    """Where cards are hidden from ``seat``: the other hands, and the kitty unless ``seat``
    buried it (nobody sees a kitty before it is buried; everyone once the deal is scored,
    when ``Rules.kitty_public_at_end``)."""
    places: list[Location] = [s for s in range(4) if s != seat]
    shown_at_end = state.result is not None and state.rules.kitty_public_at_end
    if state.kitty and not shown_at_end and state.buried_by != seat:
        places.append("kitty")
    return places


def cards_at(state: GameState, place: Location) -> tuple[tl.Card, ...]:
    return state.kitty if place == "kitty" else state.hands[int(place)]


def pinned(state: GameState, place: Location) -> Counter[tl.Card]:
    """Cards that must stay where they are: a seat's publicly shown cards it still holds."""
    if place == "kitty":
        return Counter()
    shown = Counter(shown_cards(state.events)[int(place)])
    return shown & Counter(state.hands[int(place)])


def swap(state: GameState, a: Location, card_a: tl.Card, b: Location, card_b: tl.Card) -> GameState:
    """``state`` with ``card_a`` (at ``a``) and ``card_b`` (at ``b``) exchanged."""
    hands = [list(h) for h in state.hands]
    kitty = list(state.kitty)

    def move(place: Location, out: tl.Card, into: tl.Card) -> None:
        cards = kitty if place == "kitty" else hands[int(place)]
        cards[cards.index(out)] = into

    move(a, card_a, card_b)
    move(b, card_b, card_a)
    return attrs.evolve(state, hands=tuple(tuple(h) for h in hands), kitty=tuple(kitty))


def swaps(state: GameState, seat: int) -> list[tuple[Location, tl.Card, Location, tl.Card]]:
    """Every exchange of two different hidden cards between two places hidden from
    ``seat`` that keeps each seat's shown cards in its hand."""
    places = hidden_from(state, seat)
    out = []
    for i, a in enumerate(places):
        free_a = Counter(cards_at(state, a)) - pinned(state, a)
        for b in places[i + 1 :]:
            free_b = Counter(cards_at(state, b)) - pinned(state, b)
            out += [(a, x, b, y) for x in free_a for y in free_b if x != y]
    return out


def declared_cards(state: GameState) -> set[tl.Card]:
    return {c for e in state.events if isinstance(e, Declared) for c in e.cards}


def test_r5_1_a_shown_card_buried_in_the_kitty_stays_shown() -> None:
    """Seat 1 shows a ♥2 to bid, becomes dealer and buries it: the other seats must not see
    ``shown[1]`` go empty (they would learn a kitty card)."""
    found = 0
    for seed in range(300):
        for state in bid_heavy_deal(seed, "tuolaji"):
            burier = state.buried_by
            if burier is None or state.phase is not Phase.PLAYING or state.tricks:
                continue
            public = Counter(shown_cards(state.events)[burier])
            buried = public & Counter(state.kitty)
            if not buried or public <= Counter(state.hands[burier]):
                break
            card = next(iter(buried))
            free = Counter(state.hands[burier]) - public
            other = next(c for c in free if c != card)
            alt = swap(state, "kitty", card, burier, other)
            for seat in range(4):
                if seat != burier:
                    assert card in state.view(seat).shown[burier]
                    assert alt.view(seat) == state.view(seat)
            found += 1
            break
        if found >= 3:
            break
    assert found >= 3


def test_r4_2_a_played_shown_card_does_not_tell_where_its_twin_is() -> None:
    """Seat s shows one ♥2 and later leads a ♥2: whether ``shown[s]`` still holds ♥2 must
    not tell the others whether s holds the unseen second copy."""
    found = 0
    for seed in range(300):
        for state in bid_heavy_deal(seed, "shuangsheng"):
            if state.phase is not Phase.PLAYING:
                continue
            hit = None
            for e in state.events:
                if not isinstance(e, Played):
                    continue
                shown_once = {
                    c
                    for d in state.events
                    if isinstance(d, Declared) and d.seat == e.seat
                    for c in d.cards
                    if d.cards.count(c) == 1
                }
                for card in set(e.cards) & shown_once:
                    holders = [w for w in range(4) if w != e.seat and card in state.hands[w]]
                    if holders:
                        hit = (e.seat, holders[0], card)
            if hit is None:
                continue
            s, w, card = hit
            free = Counter(state.hands[s]) - pinned(state, s)
            other = next((c for c in free if c != card), None)
            if other is None:
                continue
            alt = swap(state, w, card, s, other)
            for seat in set(range(4)) - {s, w}:
                assert alt.view(seat) == state.view(seat)
            found += 1
            break
        if found >= 3:
            break
    assert found >= 3


def test_r5_2_kitty_theft_the_stolen_and_reburied_cards_stay_secret() -> None:
    """炒地皮 (R5.2, ``Rules.kitty_theft``): seat 1 steals the kitty seat 0 buried and buries
    its own. Only seat 1 sees the kitty now (R5.1); the stolen cards in its hand and the new
    kitty are hidden from the others: exchanging them with other hidden cards changes no
    other seat's view, nor its observation."""
    rules = tl.Rules(kitty_theft="every_deal")
    deck = tl.testing.stacked_deck(["5H", "5S 5S"])
    s = GameState.new(rules, seed=1, deck=deck, levels=(tl.Rank.FIVE, tl.Rank.NINE))
    s = s.deal_card().declare(0, tl.parse_cards("5H"))
    while s.phase is Phase.DEALING:
        s = s.deal_card()
    while s.phase is Phase.CLOSING:
        s = s.pass_(s.to_act)
    stolen = s.hands[0][-8:]
    s = s.bury(0, stolen).declare(1, tl.parse_cards("5S 5S"))
    s = s.bury(1, s.hands[1][:8])
    assert s.phase is Phase.COUNTERS and s.buried_by == 1 and s.dealer == 0
    rng = random.Random(1)
    for seat in range(4):
        view = s.view(seat)
        assert (view.kitty == s.kitty) if seat == 1 else view.kitty is None
        assert ("kitty" in hidden_from(s, seat)) == (seat != 1)
        options = swaps(s, seat)
        # The stolen cards still in seat 1's hand, and the new kitty, first.
        moved = [o for o in options if "kitty" in (o[0], o[2]) or o[1] in stolen]
        for a, x, b, y in rng.sample(moved, min(40, len(moved))):
            alt = swap(s, a, x, b, y)
            assert alt.view(seat) == view
            assert observation(alt.view(seat)) == observation(view)
    tl.testing.check_views(s)
    assert GameState.from_json(s.to_json()) == s


INFORMATION_RULES = [
    attrs.evolve(tl.RULESETS["tuolaji"], kitty_public_at_end=False, throw_blocker_public=False),
    attrs.evolve(tl.RULESETS["shuangsheng"], kitty_public_at_end=False),
    attrs.evolve(tl.RULESETS["tuolaji"], kitty_theft="every_deal"),
]
"""The information house rules (issue 21, item 9) with their non-default values, and the
kitty theft (R5.2), whose stolen and reburied cards are hidden."""

BID_ORDER_RULES = [
    attrs.evolve(
        tl.RULESETS["tuolaji"],
        joker_bids="single_big_no_trump",
        reinforce_after_overturn=True,
        overturn_by_suit=True,
        counter_bids=True,
    ),
    attrs.evolve(tl.RULESETS["tuolaji"], pair_bids_equal=True, joker_bids="none"),
]
"""The bid-order house rules (issue 31): a single big joker shown, reinforcements after an
overturn and pairs ranked by suit or all equal (R4.2, R4.3)."""

KITTY_SIZE_RULES = [
    attrs.evolve(tl.RULESETS["tuolaji"], kitty_size=4, no_bid_reveal=3),
    attrs.evolve(tl.RULESETS["shuangsheng"], kitty_size=0, counter_bids=False),
]
"""R4.1: a kitty of 4 (its burier alone sees it) and none (nothing hidden but the hands)."""


def sample_states() -> list[GameState]:
    states: list[GameState] = []
    for seed, rules in enumerate(
        [*tl.RULESETS, *INFORMATION_RULES, *BID_ORDER_RULES, *KITTY_SIZE_RULES]
    ):
        deal = list(bid_heavy_deal(seed + 11, rules))
        states += deal[:: max(1, len(deal) // 40)]
    return states


STATES = sample_states()


@pytest.mark.slow
@settings(max_examples=250)
@given(st.sampled_from(range(len(STATES))), st.integers(0, 3), st.data())
def test_views_do_not_change_when_hidden_cards_are_exchanged(
    index: int, seat: int, data: st.DataObject
) -> None:
    """Swap hidden cards between the other hands (and the kitty, for seats that did not
    bury it), keeping every seat's shown cards in its hand: the view is identical. Swaps
    that move a card some seat has shown are tried first, since those are where views
    leaked."""
    state = STATES[index]
    options = swaps(state, seat)
    if not options:
        assert state.view(seat) == state.view(seat)
        return
    shown = declared_cards(state)
    preferred = [o for o in options if o[1] in shown or o[3] in shown]
    pool = preferred if preferred and data.draw(st.booleans()) else options
    alt = state
    for _ in range(data.draw(st.integers(1, 3))):
        choices = swaps(alt, seat) if alt is not state else pool
        if not choices:
            break
        a, x, b, y = data.draw(st.sampled_from(choices))
        alt = swap(alt, a, x, b, y)
    assert alt.view(seat) == state.view(seat)


def test_a_view_costs_a_lookup_once_the_log_is_cached() -> None:
    """Shown cards are cached on the event log: every node of a deal's log is computed once
    however many views are built."""
    states = list(bid_heavy_deal(5, "tuolaji"))
    for s in states:
        for seat in range(4):
            s.view(seat)
    log = states[-1].events
    node: tl.EventLog | None = log
    while node is not None and len(node):
        assert node.shown_cards_cache is not None
        node = node.previous


# --- the information house rules (issue 21, item 9) -------------------------------------------

THROW_HANDS = [
    "9C 8C 8C 4C 4C",  # seed 000's throw ♣98844 (R6.3)
    "5C 5C 3D 3D 6D",  # ♣55 beats the ♣44
    "2D 2D 7D 7D 6D",
    "3C 6C 7C KD KD",
]
THROW_KITTY = "3S 3S 4S 4S 5S 5S 6S 6S"


def throw_position(rules: tl.Rules) -> GameState:
    return GameState.for_play(
        rules,
        hands=[tl.parse_cards(h) for h in THROW_HANDS],
        kitty=tl.parse_cards(THROW_KITTY),
        trump=tl.Trump(tl.Rank.TEN, tl.Suit.HEARTS),
        dealer=0,
        levels=(tl.Rank.TEN, tl.Rank.TEN),
    )


@pytest.mark.parametrize("public", [True, False])
def test_r6_4_throw_blocker_public_who_beat_a_throw(public: bool) -> None:
    """R6.4: seat 0 throws ♣98844 and ♣55 outside beats the ♣44, which is led. With
    ``throw_blocker_public`` (every preset) the event names seat 1; without it, nobody is
    named, and swapping the ♣55 to seat 3 before the throw leaves seat 2's view unchanged
    (with it, the view changes: who blocked is public by rule)."""
    rules = attrs.evolve(tl.RULESETS["tuolaji"], throw_blocker_public=public)
    state = throw_position(rules)
    attempt = tl.parse_cards("9C 8C 8C 4C 4C")
    after = state.play(0, attempt)
    failed = [e for e in after.events if isinstance(e, tl.ThrowFailed)]
    assert failed == [tl.ThrowFailed(0, attempt, tl.parse_cards("4C 4C"), (1,) if public else ())]
    five = tl.Card.parse("5C")
    king = tl.Card.parse("KD")
    moved = swap(swap(state, 1, five, 3, king), 1, five, 3, king)  # both ♣5 to seat 3
    moved_after = moved.play(0, attempt)
    assert (moved_after.view(2) == after.view(2)) == (not public)
    assert tl.GameState.from_json(after.to_json()) == after


@pytest.mark.parametrize("public", [True, False])
def test_r8_2_kitty_public_at_end_who_sees_the_kitty(public: bool) -> None:
    """Seed 002: the kitty 待一局游戏结束后才可亮出给所有玩家查看 (``kitty_public_at_end``,
    every preset); without it only the burier sees it, the event shows no cards, the
    observations and their texts carry no kitty for the others, and the points still count."""
    rules = attrs.evolve(tl.RULESETS["tuolaji"], kitty_public_at_end=public)
    state = throw_position(rules)
    while state.phase is Phase.PLAYING:
        state = state.apply(state.legal_actions().sample(random.Random(len(state.events))))
    assert state.result is not None
    revealed = [e for e in state.events if isinstance(e, tl.KittyRevealed)]
    assert [e.cards for e in revealed] == [state.kitty if public else ()]
    assert state.result.kitty_points == 10  # ♠5♠5
    for seat in range(4):
        view = state.view(seat)
        sees = public or seat == state.buried_by
        assert (view.kitty == state.kitty) if sees else view.kitty is None
        text = observation_text(observation(view))
        assert ("kitty " in text) == sees
        hidden = hidden_from(state, seat)
        assert ("kitty" in hidden) == (not sees)
    tl.testing.check_views(state)
    assert tl.GameState.from_json(state.to_json()) == state


@pytest.mark.parametrize("rules", KITTY_SIZE_RULES, ids=["kitty_size=4", "kitty_size=0"])
def test_r4_1_kitty_size_only_the_burier_sees_the_kitty(rules: tl.Rules) -> None:
    """R4.1, R5.1 with Rules.kitty_size: a kitty of 4 is hidden from every seat but its
    burier until the end, and swapping it with another hand leaves those seats' views (and
    observations) unchanged; with no kitty there is nothing to hide but the hands: no seat's
    view holds a kitty card, and a swap between two other hands changes no view."""
    size = rules.kitty_size
    checked = 0
    for state in bid_heavy_deal(3, rules):
        if state.phase not in (Phase.PLAYING, Phase.FINISHED) or state.result is not None:
            continue
        assert len(state.kitty) == size
        for seat in range(4):
            view = state.view(seat)
            burier = seat == state.buried_by
            assert view.kitty == (state.kitty if burier else None)
            text = observation_text(observation(view))
            assert ("kitty " in text) == (burier and size > 0)
            options = swaps(state, seat)
            kitty_swaps = [o for o in options if "kitty" in (o[0], o[2])]
            assert not kitty_swaps or (size > 0 and not burier)
            for a, x, b, y in (kitty_swaps or options)[:5]:
                alt = swap(state, a, x, b, y)
                assert alt.view(seat) == view
                assert observation(alt.view(seat)) == observation(view)
                checked += bool(kitty_swaps) == bool(size)
        tl.testing.check_views(state)
    assert checked > 100
