"""Units, shapes and tractors (R3.2-R3.4).

The functions on [`Card`][tuolaji.Card] objects are the public, readable definitions. The
``*_ids`` variants work on card ids (see `tuolaji.core.cards`) and a
`TrumpTable`, for the engine's hot paths; the public functions are thin
wrappers over them, so there is one definition of each rule.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Literal, NamedTuple

import attrs

from tuolaji.core._args import trump_table_of
from tuolaji.core.caching import memoize
from tuolaji.core.cards import CARDS, Card, CardId, card_ids_of
from tuolaji.core.errors import InvalidCards
from tuolaji.core.trump import TRUMP, Trump, TrumpTable

__all__ = [
    "RawUnit",
    "Shape",
    "Unit",
    "fits",
    "fits_ids",
    "is_tractor",
    "shape_of",
    "tractor_pairs",
    "tractor_placements",
    "tractors_fit",
    "unit_ids",
    "units",
]

UnitKind = Literal["single", "pair", "tractor"]


class RawUnit(NamedTuple):
    """One unit of the canonical split (R3.3) on card ids, as the kernels use it."""

    pairs: int
    """0 for a single, 1 for a pair, k >= 2 for a tractor of k pairs."""
    top: int
    """The position (R3.1) of the unit's strongest card."""
    suit: int
    """The effective suit (R2.1)."""
    ids: tuple[CardId, ...]
    """The unit's card ids, strongest first."""


# The kernel builds many units per call: tuple.__new__ on the field values skips the
# NamedTuple's Python-level constructor (about 0.15 us a unit, measured in bench W2).
_unit = tuple.__new__


@attrs.frozen(slots=True)
class Unit:
    """One unit of a play (R3.3): a single, a pair, or a tractor of ``pairs`` >= 2 pairs.

    ``cards`` are ordered strongest first; ``suit`` is the effective suit (R2.1) and ``top``
    the position (R3.1) of the unit's strongest card.
    """

    cards: tuple[Card, ...]
    pairs: int
    suit: int
    top: int

    @property
    def kind(self) -> UnitKind:
        """``"single"``, ``"pair"`` or ``"tractor"``."""
        if self.pairs == 0:
            return "single"
        return "pair" if self.pairs == 1 else "tractor"

    @property
    def size(self) -> int:
        """The number of cards in the unit."""
        return len(self.cards)


@attrs.frozen(slots=True, order=False)
class Shape:
    """The shape of a play (R3.4): the multiset of its unit sizes.

    ``tractors`` holds the tractor lengths in pairs, longest first; ``pairs`` and ``singles``
    count the plain pairs and singles.
    """

    tractors: tuple[int, ...] = ()
    pairs: int = 0
    singles: int = 0

    def __attrs_post_init__(self) -> None:
        if any(k < 2 for k in self.tractors) or self.pairs < 0 or self.singles < 0:
            raise InvalidCards(
                f"R3.4: a shape has tractors of 2 or more pairs and non-negative counts, "
                f"got {self!r}"
            )
        object.__setattr__(self, "tractors", tuple(sorted(self.tractors, reverse=True)))

    @property
    def size(self) -> int:
        """The number of cards a play of this shape has."""
        return 2 * (sum(self.tractors) + self.pairs) + self.singles

    @property
    def total_pairs(self) -> int:
        """Pairs in the shape, counting each tractor of k pairs as k (R7.3)."""
        return sum(self.tractors) + self.pairs

    def __str__(self) -> str:
        parts = [f"tractor({k})" for k in self.tractors]
        parts += ["pair"] * self.pairs + ["single"] * self.singles
        return " + ".join(parts) if parts else "empty"


def _check_copies(counts: Mapping[int, int]) -> None:
    for card_id, n in counts.items():
        if n > 2:
            raise InvalidCards(
                f"R1.1: every card exists twice, but {CARDS[card_id]} appears {n} times",
                token=str(CARDS[card_id]),
            )


def unit_ids(ids: Iterable[int], table: TrumpTable) -> list[RawUnit]:
    """The canonical split of R3.3 on card ids; see [`units`][tuolaji.units] for the order."""
    counts: dict[int, int] = {}
    for c in ids:
        counts[c] = counts.get(c, 0) + 1
    if max(counts.values(), default=0) > 2:
        _check_copies(counts)
    suit_of, pos_of, strength = table.suit, table.pos, table.strength
    by_suit: dict[int, list[int]] = {}
    for c in counts:
        s = suit_of[c]
        if s in by_suit:
            by_suit[s].append(c)
        else:
            by_suit[s] = [c]
    result: list[RawUnit] = []
    for suit in (TRUMP, 0, 1, 2, 3) if len(by_suit) > 1 else by_suit:
        members = by_suit.get(suit)
        if not members:
            continue
        # Strongest first, equal strengths (off-suit level cards) in card-id order: two
        # C-level sorts (a reversed sort stays stable), no key function call per card.
        members.sort()
        members.sort(key=strength.__getitem__, reverse=True)
        paired = [c for c in members if counts[c] == 2]
        if len(paired) > 1:
            # Pairs grouped by position; equal off-suit level cards share a position and
            # are taken in card-id (suit) order so that the split is deterministic (R3.3).
            pairs_at: dict[int, list[int]] = {}
            for c in sorted(paired):
                p = pos_of[c]
                if p in pairs_at:
                    pairs_at[p].append(c)
                else:
                    pairs_at[p] = [c]
            positions = sorted(pairs_at)
            tractors: list[RawUnit] = []
            in_tractors: set[int] = set()
            shortest = table.tractor_min_pairs - 1  # end - start of the shortest run (R3.2)
            start = 0
            while start < len(positions):
                end = start
                while end + 1 < len(positions) and positions[end + 1] == positions[end] + 1:
                    end += 1
                if end - start >= shortest:
                    run = positions[start : end + 1]
                    taken = [pairs_at[p][0] for p in reversed(run)]
                    in_tractors.update(taken)
                    tractors.append(
                        _unit(
                            RawUnit,
                            (len(run), run[-1], suit, tuple([c for c in taken for _ in (0, 1)])),
                        )
                    )
                start = end + 1
            if tractors:
                tractors.sort(key=lambda u: (-u.pairs, -u.top))
                result.extend(tractors)
                paired = [c for c in paired if c not in in_tractors]
        result.extend([_unit(RawUnit, (1, pos_of[c], suit, (c, c))) for c in paired])
        result.extend(
            [_unit(RawUnit, (0, pos_of[c], suit, (c,))) for c in members if counts[c] == 1]
        )
    return result


def units(cards: Iterable[Card], trump: Trump) -> tuple[Unit, ...]:
    """Split ``cards`` into tractors, pairs and singles by the canonical rule of R3.3.

    All pairs first; every maximal run of pairs at consecutive positions becomes one tractor
    (one pair per position, taken in ♠ ♥ ♣ ♦ order where equal level pairs share a position)
    when it is at least ``trump.tractor_min_pairs`` pairs long (R3.2); the other pairs stay
    pairs; the rest are singles. Cards of several effective suits are
    split suit by suit. Order: trumps first, then ♠ ♥ ♣ ♦; within a suit tractors (longest,
    then highest first), pairs, singles, each strongest first.
    """
    return tuple(
        Unit(tuple(CARDS[c] for c in ids), pairs, suit, top)
        for pairs, top, suit, ids in unit_ids(card_ids_of(cards), trump_table_of(trump))
    )


def shape_of(cards: Iterable[Card], trump: Trump) -> Shape:
    """The shape (R3.4) of the canonical split (R3.3) of ``cards``."""
    raw = unit_ids(card_ids_of(cards), trump_table_of(trump))
    return Shape(
        tractors=tuple(u.pairs for u in raw if u.pairs >= 2),
        pairs=sum(1 for u in raw if u.pairs == 1),
        singles=sum(1 for u in raw if u.pairs == 0),
    )


def tractor_placements(
    lengths: tuple[int, ...], cells: Sequence[int]
) -> Iterator[tuple[tuple[int, ...], tuple[int, ...]]]:
    """Every way to lay disjoint tractors of ``lengths`` (longest first) on the pairs at
    ``cells`` (one entry per pair; see `tractors_fit` for cells), R3.4: a tractor of k
    pairs takes k pairs at consecutive cells, possibly part of a longer run.

    Yields, for each placement, the tractors' tops (in the order of ``lengths``) and the
    cells left over, highest first. Equal lengths are interchangeable, so each placement is
    yielded once (equal-length tractors in non-decreasing start order). The one tractor
    packer: `tractors_fit` asks for a first placement, the trick rules for the best.
    """
    free: dict[int, int] = {}
    for c in cells:
        free[c] = free.get(c, 0) + 1
    starts = sorted(free)
    tops: list[int] = []

    def place(i: int, floor: int) -> Iterator[tuple[tuple[int, ...], tuple[int, ...]]]:
        if i == len(lengths):
            rest = sorted((c for c, n in free.items() for _ in range(n)), reverse=True)
            yield tuple(tops), tuple(rest)
            return
        k = lengths[i]
        same_next = i + 1 < len(lengths) and lengths[i + 1] == k
        for s in starts:
            if s < floor:
                continue
            if all(free.get(s + j, 0) > 0 for j in range(k)):
                for j in range(k):
                    free[s + j] -= 1
                tops.append(s + k - 1)
                yield from place(i + 1, s if same_next else -1)
                tops.pop()
                for j in range(k):
                    free[s + j] += 1

    yield from place(0, -1)


SUIT_STRIDE = 32
"""Cells of `tractors_fit` are ``suit * SUIT_STRIDE + position``: positions stay below 32, so
cells of two suits are never consecutive."""


@memoize(limit=1 << 16)
def tractors_fit(lengths: tuple[int, ...], cells: tuple[int, ...]) -> bool:
    """Can disjoint tractors of ``lengths`` (longest first) be made from pairs at ``cells``
    (sorted, one entry per pair; a cell is a position, or ``suit * SUIT_STRIDE + position``
    for pairs of several suits)? R3.4: a tractor(k) slot needs k pairs at consecutive
    positions of one suit, possibly part of a longer run."""
    if not lengths:
        return True
    if sum(lengths) > len(cells):
        return False
    return next(tractor_placements(lengths, cells), None) is not None


@memoize(limit=1 << 14)
def tractor_pairs(cells: tuple[int, ...], shortest: int) -> int:
    """The most pairs at ``cells`` (sorted, one entry per pair; see `tractors_fit`) that
    disjoint tractors of at least ``shortest`` pairs can hold (R3.2, R3.4). The pairs left
    out are the holding's pairs outside its tractors, which
    [`Rules.tractor_protection`][tuolaji.Rules.tractor_protection] keeps from a lead's plain
    pairs (R7.3).

    Runs are laid cell by cell; only off-suit level cards share a cell, so a cell holds up to
    four pairs and the runs ending at the previous cell are few. A state is the lengths of
    those runs (capped at ``shortest``: a run that long gains one pair per cell it goes on),
    and its value the pairs held by runs already ``shortest`` long.
    """
    counts = Counter(cells)
    states: dict[tuple[int, ...], int] = {(): 0}
    prev = None
    for cell in sorted(counts):
        if prev is None or cell != prev + 1:
            # No run crosses a gap: the runs shorter than a tractor end unused.
            states = {(): max(states.values())}
        prev = cell
        here = counts[cell]
        nxt: dict[tuple[int, ...], int] = {}
        for runs, held in states.items():
            for k in range(min(len(runs), here) + 1):
                for going_on in itertools.combinations(runs, k):
                    # A run that goes on gains this cell's pair once it is a tractor; every
                    # pair not taken starts a run (a run may always end later at no cost).
                    gained = sum(
                        1 if n >= shortest else shortest if n + 1 == shortest else 0
                        for n in going_on
                    )
                    state = tuple(
                        sorted([min(n + 1, shortest) for n in going_on] + [1] * (here - k))
                    )
                    if nxt.get(state, -1) < held + gained:
                        nxt[state] = held + gained
        states = nxt
    return max(states.values())


def fits_ids(ids: Sequence[int], shape: Shape, table: TrumpTable) -> bool:
    """[`fits`][tuolaji.fits] on card ids."""
    if len(ids) != shape.size:
        return False
    counts = Counter(ids)
    _check_copies(counts)
    pair_ids = [c for c, n in counts.items() if n == 2]
    if len(pair_ids) < shape.total_pairs:
        return False
    cells = sorted(table.suit[c] * SUIT_STRIDE + table.pos[c] for c in pair_ids)
    return tractors_fit(shape.tractors, tuple(cells))


def fits(cards: Sequence[Card], shape: Shape, trump: Trump) -> bool:
    """True when ``cards`` can be partitioned into units of exactly ``shape`` (R3.4).

    A tractor(k) slot needs k pairs of one suit at consecutive positions (they may be part
    of a longer run), a pair slot needs a pair, a single slot takes any one card.
    """
    return fits_ids(card_ids_of(cards), shape, trump_table_of(trump))


def is_tractor(cards: Sequence[Card], trump: Trump) -> bool:
    """True when ``cards`` are two or more pairs (``trump.tractor_min_pairs`` or more) of one
    effective suit at consecutive positions, one pair per position (R3.2)."""
    table = trump_table_of(trump)
    counts = Counter(card_ids_of(cards))
    _check_copies(counts)
    if len(counts) < table.tractor_min_pairs or any(n != 2 for n in counts.values()):
        return False
    if len({table.suit[c] for c in counts}) != 1:
        return False
    positions = sorted(table.pos[c] for c in counts)
    return all(b == a + 1 for a, b in itertools.pairwise(positions))
