"""One tractor packer (#18 item 3): :func:`~tuolaji.core.shapes.tractor_placements` lays
tractors on pairs (R3.4); ``tractors_fit`` and the trick rules' best split (R7.5) both read
it. Checked against brute force over every choice of starts."""

from __future__ import annotations

from collections import Counter
from itertools import product

from hypothesis import given
from hypothesis import strategies as st

from tuolaji.core.shapes import tractor_pairs, tractor_placements, tractors_fit


def _brute(lengths: tuple[int, ...], cells: tuple[int, ...]) -> set[tuple[tuple[int, ...], ...]]:
    """Every placement as, per length, the sorted tops of the tractors of that length, plus
    the cells left over."""
    have = Counter(cells)
    found: set[tuple[tuple[int, ...], ...]] = set()
    for starts in product(sorted(have), repeat=len(lengths)):
        used = Counter(s + j for s, k in zip(starts, lengths, strict=True) for j in range(k))
        if any(used[c] > have[c] for c in used):
            continue
        tops = [s + k - 1 for s, k in zip(starts, lengths, strict=True)]
        by_length = tuple(
            tuple(sorted(t for t, k in zip(tops, lengths, strict=True) if k == size))
            for size in sorted(set(lengths), reverse=True)
        )
        rest = tuple(sorted((have - used).elements(), reverse=True))
        found.add((*by_length, rest))
    return found


@given(
    st.lists(st.integers(2, 4), max_size=3).map(lambda ls: tuple(sorted(ls, reverse=True))),
    st.lists(st.integers(0, 9), max_size=9).map(lambda cs: tuple(sorted(cs))),
)
def test_placements_are_every_placement_once(
    lengths: tuple[int, ...], cells: tuple[int, ...]
) -> None:
    cells = tuple(c for c, n in Counter(cells).items() for _ in range(min(n, 2)))
    cells = tuple(sorted(cells))
    listed = []
    for tops, rest in tractor_placements(lengths, cells):
        by_length = tuple(
            tuple(sorted(t for t, k in zip(tops, lengths, strict=True) if k == size))
            for size in sorted(set(lengths), reverse=True)
        )
        listed.append((*by_length, rest))
    assert len(listed) == len(set(listed)), "a placement is yielded twice"
    assert set(listed) == _brute(lengths, cells)
    assert tractors_fit(lengths, cells) == bool(listed)


def test_r3_4_a_tractor_slot_may_be_part_of_a_longer_run() -> None:
    assert tractors_fit((2,), (3, 4, 5))
    assert not tractors_fit((3,), (3, 4, 6))
    assert list(tractor_placements((2,), (3, 4, 5))) == [((4,), (5,)), ((5,), (3,))]


def _length_lists(total: int, shortest: int, cap: int) -> list[tuple[int, ...]]:
    """Every list of tractor lengths (each ``shortest`` or more, longest first, none above
    ``cap``) holding at most ``total`` pairs."""
    out: list[tuple[int, ...]] = [()]
    for k in range(shortest, min(cap, total) + 1):
        out.extend((k, *rest) for rest in _length_lists(total - k, shortest, k))
    return out


@given(
    st.lists(st.integers(0, 7), max_size=8).map(lambda cs: tuple(sorted(cs))),
    st.sampled_from((2, 3)),
)
def test_r7_3_tractor_pairs_is_the_most_pairs_some_placement_holds(
    cells: tuple[int, ...], shortest: int
) -> None:
    """``tractor_pairs`` (what ``Rules.tractor_protection`` keeps from plain pairs, R7.3) is
    the most pairs of any list of tractors ``tractors_fit`` places, found by trying them all;
    cells may repeat, as equal level cards do."""
    best = max(
        sum(lengths)
        for lengths in _length_lists(len(cells), shortest, len(cells))
        if tractors_fit(lengths, cells)
    )
    assert tractor_pairs(cells, shortest) == best


def test_r7_3_tractor_pairs_examples() -> None:
    """Two runs apart hold no tractor across the gap; a cell shared by two off-suit level pairs
    lends one of them to a tractor; with three pairs a tractor, two consecutive pairs are none."""
    assert tractor_pairs((1, 2, 4, 5), 2) == 4
    assert tractor_pairs((1, 3), 2) == 0
    assert tractor_pairs((5, 5, 6), 2) == 2
    assert tractor_pairs((4, 5, 5, 6), 2) == 4
    assert tractor_pairs((1, 2, 4, 5), 3) == 0
    assert tractor_pairs((1, 2, 3, 5), 3) == 3
