"""R3.2-R3.4: tractors, the canonical split into units, shapes and fitting a shape."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tuolaji as tl
from tuolaji.core.cards import Card, Rank, Suit
from tuolaji.testing import trumps

C = tl.parse_cards
T10S = tl.Trump(Rank.TEN, Suit.SPADES)
T10NT = tl.Trump(Rank.TEN, None)


@pytest.mark.parametrize(
    "text",
    [
        "♥KKQQ",
        "♥JJ99",
        "♥554433",
        "BJ BJ SJ SJ",
        "SJ SJ ♠10♠10",
        "♠10♠10 ♥10♥10",
        "♥10♥10 ♠A♠A",
        "SJ SJ ♠10♠10 ♣10♣10 ♠A♠A",
    ],
)
def test_r3_2_tractors_level_10_trump_spades(text: str) -> None:
    cards = C(text)
    assert tl.is_tractor(cards, T10S)
    (unit,) = tl.units(cards, T10S)
    assert unit.kind == "tractor" and unit.pairs == len(cards) // 2


@pytest.mark.parametrize("text", ["♥10♥10 ♣10♣10", "♥AA ♠22", "♥KKJJ", "♥KKQ", "♥KK", "♥KKQQJ"])
def test_r3_2_not_tractors_level_10_trump_spades(text: str) -> None:
    assert not tl.is_tractor(C(text), T10S)


def test_r3_2_no_trump_level_pairs_of_two_suits_not_a_tractor() -> None:
    assert not tl.is_tractor(C("♠10♠10 ♥10♥10"), T10NT)


def test_r3_2_no_trump_small_jokers_and_level_pair_is_a_tractor() -> None:
    for suit in "♠♥♣♦":
        assert tl.is_tractor(C(f"SJ SJ {suit}10{suit}10"), T10NT)
    assert tl.is_tractor(C("BJ BJ SJ SJ ♦10♦10"), T10NT)


def kinds(cards: str, trump: tl.Trump) -> list[tuple[str, str]]:
    return [(u.kind, tl.format_cards(u.cards)) for u in tl.units(C(cards), trump)]


def test_r3_3_canonical_split_runs_become_tractors() -> None:
    assert kinds("♥KKQQ ♥99 ♥7 ♥3", T10S) == [
        ("tractor", "KH KH QH QH"),
        ("pair", "9H 9H"),
        ("single", "7H"),
        ("single", "3H"),
    ]


def test_r3_3_one_maximal_run_is_one_tractor() -> None:
    assert kinds("♥AAKKQQJJ", T10S) == [("tractor", "AH AH KH KH QH QH JH JH")]


def test_r3_3_shared_position_takes_one_pair_by_suit_order() -> None:
    """Level 10, trump ♠: ♠AA, off-suit 10 pairs (♥ and ♣, one position), ♠10♠10. The run
    takes ♥10♥10 (♥ comes before ♣), the ♣10 pair stays a pair."""
    assert kinds("♠A♠A ♣10♣10 ♥10♥10 ♠10♠10", T10S) == [
        ("tractor", "10S 10S 10H 10H AS AS"),
        ("pair", "10C 10C"),
    ]


def test_r3_3_off_suit_level_pairs_alone_are_two_pairs() -> None:
    assert kinds("♥10♥10 ♣10♣10", T10S) == [("pair", "10H 10H"), ("pair", "10C 10C")]


def test_r3_3_mixed_suits_split_suit_by_suit() -> None:
    assert kinds("♥AA ♠22 ♣5", T10S) == [
        ("pair", "2S 2S"),
        ("pair", "AH AH"),
        ("single", "5C"),
    ]


def test_r3_4_shape_of_a_throw() -> None:
    shape = tl.shape_of(C("♥AA ♥KK ♥QQ ♥99 ♥5"), T10S)
    assert shape == tl.Shape(tractors=(3,), pairs=1, singles=1)
    assert shape.size == 9 and shape.total_pairs == 4
    assert str(shape) == "tractor(3) + pair + single"


@pytest.mark.parametrize(
    "shape",
    [
        tl.Shape(tractors=(3,)),
        tl.Shape(tractors=(2,), pairs=1),
        tl.Shape(pairs=3),
        tl.Shape(pairs=2, singles=2),
        tl.Shape(pairs=1, singles=4),
        tl.Shape(singles=6),
    ],
    ids=str,
)
def test_r3_4_qqjj99_fits_its_splits(shape: tl.Shape) -> None:
    """♥QQJJ99 (level 10) fits tractor(3), tractor(2)+pair, pair+pair+pair, ..."""
    assert tl.fits(C("♥QQJJ99"), shape, T10S)


def test_r3_4_tractor_slot_may_use_part_of_a_longer_run() -> None:
    assert tl.fits(C("♥QQJJ99 ♥55"), tl.Shape(tractors=(2,), pairs=2), T10S)
    assert tl.fits(C("♥QQJJ99 ♥55"), tl.Shape(tractors=(2,), pairs=1, singles=2), T10S)


def test_r3_4_does_not_fit() -> None:
    assert not tl.fits(C("♥QQJJ ♥77"), tl.Shape(tractors=(3,)), T10S)
    assert not tl.fits(C("♥QQ ♥J ♥9"), tl.Shape(pairs=2), T10S)
    assert not tl.fits(C("♥QQJJ"), tl.Shape(tractors=(3,)), T10S), "wrong size"
    assert not tl.fits(C("♥10♥10 ♣10♣10"), tl.Shape(tractors=(2,)), T10S)


def test_r3_4_two_tractors_through_a_shared_position() -> None:
    """♠AA + ♥10♥10 and ♣10♣10 + ♠10♠10: two tractor(2)s, though the canonical split is
    tractor(3) + pair."""
    cards = C("♠A♠A ♣10♣10 ♥10♥10 ♠10♠10")
    assert tl.fits(cards, tl.Shape(tractors=(2, 2)), T10S)
    assert tl.fits(cards, tl.Shape(tractors=(3,), pairs=1), T10S)
    assert not tl.fits(cards, tl.Shape(tractors=(4,)), T10S)


def test_r3_4_tractors_of_several_suits_and_lengths() -> None:
    """Regression: a tractor(3) in trumps and two tractor(2)s in ♥ (level 2, trump ♠)."""
    cards = C("♠334455 ♥3344 ♥6677")
    trump = tl.Trump(Rank.TWO, Suit.SPADES)
    assert tl.shape_of(cards, trump) == tl.Shape(tractors=(3, 2, 2))
    assert tl.fits(cards, tl.Shape(tractors=(3, 2, 2)), trump)
    assert tl.fits(cards, tl.Shape(tractors=(2, 2, 2), pairs=1), trump)
    assert not tl.fits(cards, tl.Shape(tractors=(3, 3), pairs=1), trump)


def test_shape_validation() -> None:
    with pytest.raises(tl.InvalidCards, match="R3.4"):
        tl.Shape(tractors=(1,))
    with pytest.raises(tl.InvalidCards, match="R3.4"):
        tl.Shape(pairs=-1)
    assert tl.Shape(tractors=(2, 3)).tractors == (3, 2)


def test_more_than_two_copies_is_invalid() -> None:
    with pytest.raises(tl.InvalidCards, match="appears 3 times"):
        tl.units(C("AH AH AH"), T10S)
    with pytest.raises(tl.InvalidCards, match="appears 3 times"):
        tl.fits(C("AH AH AH"), tl.Shape(singles=3), T10S)
    with pytest.raises(tl.InvalidCards, match="appears 3 times"):
        tl.is_tractor(C("AH AH AH KH KH"), T10S)


# --- properties ------------------------------------------------------------------------------


@st.composite
def clustered_cards(draw: st.DrawFn, max_size: int = 16) -> tuple[Card, ...]:
    """Cards from a real 108-card deck, drawn from a few suits and a narrow rank window so
    that pairs and tractors are common."""
    suits = draw(st.lists(st.sampled_from(list(Suit)), min_size=1, max_size=2, unique=True))
    low = draw(st.integers(2, 10))
    pool = [Card(Rank(r), s) for s in suits for r in range(low, min(low + 5, 14) + 1)]
    pool += [tl.SMALL_JOKER, tl.BIG_JOKER]
    chosen = draw(st.lists(st.sampled_from(pool), max_size=max_size // 2 + 1, unique=True))
    out: list[Card] = []
    for card in chosen:
        out += [card] * draw(st.sampled_from((1, 2, 2)))
    return tuple(out[:max_size])


@given(clustered_cards(), trumps())
def test_units_partition_their_input(cards: tuple[Card, ...], trump: tl.Trump) -> None:
    parts = tl.units(cards, trump)
    assert Counter(c for u in parts for c in u.cards) == Counter(cards)
    for unit in parts:
        assert len({trump.effective_suit(c) for c in unit.cards}) == 1
        assert unit.suit == trump.effective_suit(unit.cards[0])
        assert unit.top == max(trump.position(c) for c in unit.cards)
        assert unit.size == (1 if unit.pairs == 0 else 2 * unit.pairs)
        if unit.pairs >= 1:
            pair_ids = unit.cards[::2]
            assert unit.cards[1::2] == pair_ids, "pairs are two identical cards"
            positions = [trump.position(c) for c in pair_ids]
            assert positions == list(range(positions[0], positions[0] - unit.pairs, -1))
            assert tl.is_tractor(unit.cards, trump) == (unit.pairs >= 2)


@given(clustered_cards(), trumps())
def test_units_are_maximal(cards: tuple[Card, ...], trump: tl.Trump) -> None:
    """R3.3: no leftover pair could extend a tractor or join other pairs into one (R3.2: a
    run of ``trump.tractor_min_pairs`` pairs)."""
    parts = tl.units(cards, trump)
    pair_units = [u for u in parts if u.pairs >= 1]
    shortest = trump.tractor_min_pairs
    for u in pair_units:
        for v in pair_units:
            if u is v or u.suit != v.suit or (u.pairs == 1 and v.pairs >= 2):
                continue
            if u.pairs == v.pairs == 1 and shortest > 2:
                continue  # two adjacent pairs are no tractor: the runs are checked below
            low_u = u.top - u.pairs + 1
            assert v.top + 1 != low_u, f"{u} and {v} should have been one run"
    for suit in {u.suit for u in pair_units}:
        plain = {u.top for u in pair_units if u.pairs == 1 and u.suit == suit}
        for top in plain:
            run = range(top - shortest + 1, top + 1)
            assert not all(p in plain for p in run), f"pairs at {list(run)} make a tractor"


@given(clustered_cards(), trumps())
def test_cards_fit_their_own_shape(cards: tuple[Card, ...], trump: tl.Trump) -> None:
    assert tl.fits(cards, tl.shape_of(cards, trump), trump)


@given(st.sampled_from(tl.CARDS), st.sampled_from(tl.CARDS), trumps())
def test_no_two_different_cards_form_a_pair(a: Card, b: Card, trump: tl.Trump) -> None:
    kinds_ = [u.kind for u in tl.units([a, b], trump)]
    assert kinds_ == (["pair"] if a == b else ["single", "single"])


def brute_force_fits(cards: Sequence[Card], shape: tl.Shape, trump: tl.Trump) -> bool:
    """R3.4 literally: try every way to carve the slots out of the cards."""
    if len(cards) != shape.size:
        return False
    slots = list(shape.tractors) + [1] * shape.pairs

    def carve(rest: list[Card], slots: list[int]) -> bool:
        if not slots:
            return True  # the remaining cards fill the single slots
        k = slots[0]
        for group in candidate_runs(rest, k):
            left = list(rest)
            for card in group:
                left.remove(card)
            if carve(left, slots[1:]):
                return True
        return False

    def candidate_runs(rest: list[Card], k: int) -> list[list[Card]]:
        pairs = sorted({c for c in rest if rest.count(c) >= 2}, key=lambda c: c.id)
        runs = []
        for start in pairs:
            # Extend with any pair one position higher in the same effective suit.
            frontier = [[start]]
            while frontier and len(frontier[0]) < k:
                frontier = [
                    [*path, nxt]
                    for path in frontier
                    for nxt in pairs
                    if trump.effective_suit(nxt) == trump.effective_suit(path[-1])
                    and trump.position(nxt) == trump.position(path[-1]) + 1
                ]
            runs += [[c for c in path for _ in (0, 1)] for path in frontier]
        return runs

    return carve(list(cards), slots)


@st.composite
def cards_and_shapes(draw: st.DrawFn) -> tuple[tuple[Card, ...], tl.Shape]:
    """Clustered cards and a shape of the same size (tractors and pairs as long as the cards
    allow), so that both answers of ``fits`` are common."""
    cards = draw(clustered_cards(max_size=14))
    budget = len(cards) // 2
    tractors: list[int] = []
    while budget >= 2 and draw(st.booleans()):
        k = draw(st.integers(2, min(4, budget)))
        tractors.append(k)
        budget -= k
    pairs = draw(st.integers(0, budget))
    singles = len(cards) - 2 * (sum(tractors) + pairs)
    return cards, tl.Shape(tractors=tuple(tractors), pairs=pairs, singles=singles)


@pytest.mark.slow
@settings(max_examples=1500)
@given(cards_and_shapes(), trumps())
def test_fits_agrees_with_brute_force(
    case: tuple[tuple[Card, ...], tl.Shape], trump: tl.Trump
) -> None:
    cards, shape = case
    assert tl.fits(cards, shape, trump) == brute_force_fits(cards, shape, trump)
    if cards:
        assert not tl.fits(cards[1:], shape, trump), "a size mismatch never fits"
