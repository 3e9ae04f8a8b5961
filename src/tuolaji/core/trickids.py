"""The trick rules on card ids: the kernels behind `tuolaji.core.tricks` (R6-R8.1).

Every public function of `tricks` is a thin wrapper over a function here,
which takes card ids (see `tuolaji.core.cards`) and a trump context's
`TrumpTable`: one definition of each rule. The state machine, the
legal-play collections of `tuolaji.core.legal` and the bots call these directly: they are
the named fast paths of the engine, and they trust their input (a hand never holds a card
three times, ids are in range) where the card-level functions check it.

A *lead* is described once by [`lead_info_ids`][tuolaji.core.trickids.lead_info_ids] (its effective
suit and the shape of its canonical split, R3.3) and cached, because every follower of a trick is
checked against it. What may follow a lead is
[`follow_requirement`][tuolaji.core.trickids.follow_requirement] (R7.2, R7.3), read by the checks,
the legal-follow collections and the action space; what a legal follow proves about the hand it
came from is [`follow_proof`][tuolaji.core.trickids.follow_proof], read from the same duties of
each `Rules.follow_draw` value, by the bots' knowledge and the observation encoding.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator, Sequence, Set
from itertools import combinations, pairwise
from typing import NamedTuple, cast

import attrs

from tuolaji.core import wording
from tuolaji.core._args import check_choice
from tuolaji.core.bitboards import FORCED_TIE_ORDER, single_trick_winner
from tuolaji.core.caching import BoundedCache, memoize
from tuolaji.core.cards import CARDS, POINTS, CardId
from tuolaji.core.errors import IllegalAction, InvalidCards
from tuolaji.core.rules import RULE_FIELDS, FollowDraw, ForcedUnit, RuffShape, Rules, ThrowRuff
from tuolaji.core.shapes import (
    RawUnit,
    Shape,
    tractor_pairs,
    tractor_placements,
    tractors_fit,
    unit_ids,
)
from tuolaji.core.trump import TRUMP, TrumpTable

__all__ = [
    "FollowCode",
    "FollowProof",
    "FollowRequirement",
    "LeadInfo",
    "WinnerSoFar",
    "best_candidate_tractors",
    "breakdown_order",
    "challenge",
    "check_hand_ids",
    "check_throw_ids",
    "follow_code_ids",
    "follow_proof",
    "follow_requirement",
    "follow_rules",
    "forced_unit_key",
    "is_ruff_ids",
    "lead_info_ids",
    "missing_ids",
    "pair_positions",
    "play_key_ids",
    "points_in_trick_ids",
    "refused_follow",
    "required_follow_shape",
    "required_pairs",
    "ruff_key",
    "rules_with",
    "single_lead_follow_proof",
    "throw_verdict",
    "trick_winner_ids",
    "winner_so_far",
]


_DEFAULT_RULES = Rules()


def rules_with(
    *,
    follow_draw: FollowDraw | None = None,
    ruff_shape: RuffShape | None = None,
    throw_ruff: ThrowRuff | None = None,
    forced_unit: ForcedUnit | None = None,
    tractor_protection: bool = False,
) -> Rules:
    """The [`Rules`][tuolaji.Rules] value the kernels take, for a caller that holds loose
    house-rule values instead (the card-level functions of `tuolaji.core.tricks` and
    `tuolaji.core.legal`): the default rules with each given field (None keeps the field's
    default). The values must be valid (the callers check them first); a combination
    `Rules` refuses raises its [`ConfigurationError`][tuolaji.ConfigurationError]. One value
    per combination, built once."""
    d = _DEFAULT_RULES
    return _evolved(
        follow_draw or d.follow_draw,
        ruff_shape or d.ruff_shape,
        throw_ruff or d.throw_ruff,
        forced_unit or d.forced_unit,
        tractor_protection,
    )


def follow_rules(follow_draw: object, tractor_protection: object) -> Rules:
    """[`rules_with`][tuolaji.core.trickids.rules_with] for the follow checks of the card-level
    functions, which take the house rules of R7.3 as keyword arguments: checks them as
    [`Rules`][tuolaji.Rules] does (`RulesTypeError` or
    [`ConfigurationError`][tuolaji.ConfigurationError] naming the field and R7.3, also for the
    two together) and returns the rules the kernels take. ``follow_draw`` None: its default."""
    if follow_draw is not None:
        check_choice("follow_draw", "R7.3", follow_draw, FollowDraw)
    field = RULE_FIELDS["tractor_protection"]
    field.values.check("tractor_protection", field.rule, tractor_protection)
    return rules_with(
        follow_draw=cast("FollowDraw | None", follow_draw),
        tractor_protection=cast("bool", tractor_protection),
    )


@memoize(limit=512)
def _evolved(
    follow_draw: FollowDraw,
    ruff_shape: RuffShape,
    throw_ruff: ThrowRuff,
    forced_unit: ForcedUnit,
    tractor_protection: bool,
) -> Rules:
    # Valid values make 4 * 2 * 6 * 3 * 2 = 288 combinations: every one stays cached.
    return attrs.evolve(
        _DEFAULT_RULES,
        follow_draw=follow_draw,
        ruff_shape=ruff_shape,
        throw_ruff=throw_ruff,
        forced_unit=forced_unit,
        tractor_protection=tractor_protection,
    )


# ---------------------------------------------------------------------------------------------
# Per-trump tables and the description of a lead
# ---------------------------------------------------------------------------------------------


@attrs.frozen(slots=True)
class LeadInfo:
    """A validated lead (R6.2) and the shape of its canonical split (R3.3, R3.4).

    ``suit`` is the effective suit; ``tractors`` the tractor lengths (pairs), longest first;
    ``pairs`` and ``singles`` count the plain pairs and singles; ``units`` the canonical units
    as ``(pairs, top position, suit, card ids)``, in [`units`][tuolaji.units] order; ``key`` the
    lead's own comparison key (R7.5). Build one with
    [`lead_info_ids`][tuolaji.core.trickids.lead_info_ids].
    """

    ids: tuple[int, ...]
    suit: int
    tractors: tuple[int, ...]
    pairs: int
    singles: int
    units: tuple[RawUnit, ...]
    key: tuple[int, ...]

    @property
    def size(self) -> int:
        """The number of cards every play of the trick has (R7.1)."""
        return len(self.ids)

    @property
    def total_pairs(self) -> int:
        """Pairs in the lead, a tractor of k pairs counting k (R7.3)."""
        return sum(self.tractors) + self.pairs

    @property
    def is_throw(self) -> bool:
        """True when the lead has several units (R6.2)."""
        return len(self.units) > 1

    @property
    def shape(self) -> Shape:
        """The lead's shape (R3.4)."""
        return Shape(self.tractors, self.pairs, self.singles)


# Described leads, keyed by the table's identity and the sorted ids; the entry holds the
# table, so that its identity cannot be reused while the entry lives.
_LEADS: BoundedCache[tuple[int, tuple[int, ...]], tuple[TrumpTable, LeadInfo]] = BoundedCache(
    50_000
)


def pair_positions(ids: Sequence[int], pos: Sequence[int]) -> tuple[int, ...]:
    """Sorted positions of the pairs among ``ids`` (no card more than twice)."""
    seen: set[int] = set()
    out: list[int] = []
    for c in ids:
        if c in seen:
            out.append(pos[c])
        else:
            seen.add(c)
    out.sort()
    return tuple(out)


def lead_info_ids(ids: Sequence[int], table: TrumpTable) -> LeadInfo:
    """Validate a lead (R6.2: non-empty, one effective suit) and describe its shape.

    Raises [`IllegalAction`][tuolaji.IllegalAction] (rule ``"R6.2"``) for an empty or mixed lead and
    [`InvalidCards`][tuolaji.InvalidCards] when a card appears more than twice. Cached per trump
    table.
    """
    key = tuple(sorted(ids))
    hit = _LEADS.get((id(table), key))
    if hit is not None and hit[0] is table:
        return hit[1]
    if not key:
        raise IllegalAction("R6.2", "a lead needs at least one card")
    suit = table.suit
    lead_suit = suit[key[0]]
    if any([suit[c] != lead_suit for c in key]):
        by_suit: dict[int, list[int]] = {}
        for c in key:
            by_suit.setdefault(suit[c], []).append(c)
        raise wording.mixed_lead_error(by_suit, table)
    units = tuple(unit_ids(key, table))
    sizes = [u.pairs for u in units]
    singles = sizes.count(0)
    if singles == len(units):
        pos = table.pos
        info = LeadInfo(
            key,
            lead_suit,
            (),
            0,
            singles,
            units,
            tuple(sorted([pos[c] for c in key], reverse=True)),
        )
    else:
        pairs = sizes.count(1)
        tractors = tuple([k for k in sizes if k >= 2])
        own_key = _split_key(tractors, pairs, pair_positions(key, table.pos))
        assert own_key is not None, "a lead always fits its own shape"
        info = LeadInfo(key, lead_suit, tractors, pairs, singles, units, own_key)
    _LEADS.put((id(table), key), (table, info))
    return info


# ---------------------------------------------------------------------------------------------
# The candidate shapes of R7.3 (tractor packing is shapes.tractor_placements, R3.4)
# ---------------------------------------------------------------------------------------------


def _into_bins(parts: tuple[int, ...], bins: list[int], i: int = 0) -> bool:
    """Can tractor ``parts`` (longest first) be cut from the lead's tractors ``bins``?"""
    if i == len(parts):
        return True
    k = parts[i]
    tried: set[int] = set()
    for b, room in enumerate(bins):
        if room >= k and room not in tried:
            tried.add(room)
            bins[b] -= k
            ok = _into_bins(parts, bins, i + 1)
            bins[b] += k
            if ok:
                return True
    return False


@memoize(limit=1 << 16)
def best_candidate_tractors(
    lead_tractors: tuple[int, ...], budget: int, positions: tuple[int, ...], min_pairs: int
) -> tuple[int, ...]:
    """The tractors of the best R7.3 candidate shape that a holding can fit.

    ``lead_tractors``: the lead's tractor lengths, longest first; ``budget``: the candidate's
    total pairs, ``min(lead pairs, pairs held)`` (R7.3 ranks more pairs first, and any holding
    with that many pairs fits the all-pairs candidate); ``positions``: the holding's
    pairs. Candidates with that pair count are ranked by their tractor lengths as a list,
    longest first; tractors of a candidate are cut from the lead's tractors, each at least
    ``min_pairs`` pairs long (R3.2, [`Rules.tractor_min_pairs`][tuolaji.Rules.tractor_min_pairs]).
    Any prefix of a feasible list is feasible, so the lexicographically largest list is built
    greedily.
    """
    chosen: list[int] = []
    cap = min(lead_tractors[0] if lead_tractors else 0, budget)
    used = 0
    while True:
        for k in range(min(cap, budget - used), min_pairs - 1, -1):
            cand = (*chosen, k)
            if _into_bins(cand, list(lead_tractors)) and tractors_fit(cand, positions):
                chosen.append(k)
                used += k
                cap = k
                break
        else:
            return tuple(chosen)


def _split_keys(
    tractors: tuple[int, ...], pairs: int, positions: tuple[int, ...]
) -> Iterator[tuple[int, ...]]:
    """The comparison key (R7.5) of every split of a play's pairs at ``positions`` into
    ``tractors`` + ``pairs``: one per placement of the tractors, with the highest pairs left.

    Key: the tractors' tops, longest tractors first and highest first among equal lengths,
    then the pairs' positions, highest first.
    """
    if not tractors:
        if len(positions) >= pairs:
            yield tuple(sorted(positions, reverse=True)[:pairs])
        return
    for tops, rest in tractor_placements(tractors, positions):
        if len(rest) < pairs:
            continue
        yield _tractors_key(tractors, tops) + rest[:pairs]


def _tractors_key(tractors: tuple[int, ...], tops: Sequence[int]) -> tuple[int, ...]:
    """The tractors' part of a comparison key (R7.5): the ``tops`` of tractors of lengths
    ``tractors`` (longest first), highest first among equal lengths."""
    key: list[int] = []
    j = 0
    while j < len(tractors):
        e = j
        while e < len(tractors) and tractors[e] == tractors[j]:
            e += 1
        key.extend(sorted(tops[j:e], reverse=True))
        j = e
    return tuple(key)


@memoize(limit=1 << 16)
def _split_key(
    tractors: tuple[int, ...], pairs: int, positions: tuple[int, ...]
) -> tuple[int, ...] | None:
    """The comparison key of a play's best split into ``tractors`` + ``pairs`` (R7.5), or
    None when its pairs cannot be split that way (the rest of the play fills the singles).
    Keys of plays fitting one shape compare as tuples; the best split is the largest key of
    ``_split_keys``."""
    if sum(tractors) + pairs > len(positions):
        return None
    return max(_split_keys(tractors, pairs, positions), default=None)


@memoize(limit=1 << 14)
def _some_split_outranks(
    tractors: tuple[int, ...], pairs: int, positions: tuple[int, ...], standing: tuple[int, ...]
) -> bool:
    """R7.5 with ``throw_ruff="all_units"``: can the pairs at ``positions`` be split into
    ``tractors`` + ``pairs`` so that every unit is strictly higher than its counterpart in
    ``standing`` (a key of the same shape)?"""
    return any(
        all([a > b for a, b in zip(key, standing, strict=True)])
        for key in _split_keys(tractors, pairs, positions)
    )


def _covered(tractors: tuple[int, ...], key: Sequence[int]) -> Counter[int]:
    """The positions, with their card counts, that the tractors (lengths ``tractors``) and
    pairs of a split keyed ``key`` take (R3.4: a tractor of k pairs topped at p holds a
    pair at each of p - k + 1 .. p)."""
    taken: Counter[int] = Counter()
    for i, top in enumerate(key):
        for j in range(tractors[i] if i < len(tractors) else 1):
            taken[top - j] += 2
    return taken


def _singles_left(
    tractors: tuple[int, ...], key: Sequence[int], spots: Sequence[int]
) -> tuple[int, ...]:
    """The positions of the cards a split keyed ``key`` leaves as singles (R3.4), highest
    first; ``spots``: the positions of every card of the play."""
    left = Counter(spots)
    left.subtract(_covered(tractors, key))
    return tuple(sorted(left.elements(), reverse=True))


@memoize(limit=1 << 14)
def _some_split_beats_every_unit(
    tractors: tuple[int, ...],
    pairs: int,
    positions: tuple[int, ...],
    spots: tuple[int, ...],
    standing: tuple[int, ...],
) -> bool:
    """R7.5 with ``throw_ruff="every_unit"``: can a play with pairs at ``positions`` and
    cards at ``spots`` be split into ``tractors`` + ``pairs`` + singles so that each of its
    tractors, pairs and singles is strictly higher than its counterpart in ``standing`` (the
    key of the standing ruff's best split followed by its singles, highest first)?

    Within each kind (tractors of one length, pairs, singles) the units are matched highest
    to highest: if any matching beats every standing unit, that one does. Every choice of
    pairs is tried, not only the highest: lower pairs may leave higher singles."""
    n = len(tractors) + pairs
    units, singles = standing[:n], standing[n:]
    placements = (
        tractor_placements(tractors, positions)
        if tractors
        else iter([((), tuple(sorted(positions, reverse=True)))])
    )
    for tops, rest in placements:
        head = _tractors_key(tractors, tops)
        if not all([a > b for a, b in zip(head, units, strict=False)]):
            continue
        for chosen in set(combinations(rest, pairs)):
            key = head + chosen
            if all([a > b for a, b in zip(key, units, strict=True)]) and all(
                [a > b for a, b in zip(_singles_left(tractors, key, spots), singles, strict=True)]
            ):
                return True
    return False


# ---------------------------------------------------------------------------------------------
# Leads (R6.2) and throws (R6.3, R6.4)
# ---------------------------------------------------------------------------------------------


def missing_ids(hand: Sequence[int], play: Sequence[int]) -> list[int]:
    """Cards of ``play`` that ``hand`` does not hold (as a multiset)."""
    if len(play) <= 3:
        return [c for c in set(play) if play.count(c) > hand.count(c)]
    counts: dict[int, int] = {}
    for c in hand:
        counts[c] = counts.get(c, 0) + 1
    out: list[int] = []
    for c in play:
        left = counts.get(c, 0) - 1
        counts[c] = left
        if left == -1:
            out.append(c)
    return out


def check_hand_ids(hand: Sequence[int]) -> None:
    """R1.1: a hand holds no card more than twice; raises [`InvalidCards`][tuolaji.InvalidCards]."""
    ordered = sorted(hand)
    # A card held three times shows up as equal ids two places apart in sorted order.
    if not any(map(int.__eq__, ordered, ordered[2:])):
        return
    for a, b in zip(ordered, ordered[2:], strict=False):
        if a == b:
            raise InvalidCards(
                f"R1.1: every card exists twice, but the hand holds {CARDS[a]} "
                f"{hand.count(a)} times",
                token=str(CARDS[a]),
            )


def _beats(unit: RawUnit, singles_top: int, pairs_at: Set[int]) -> bool:
    """R6.3: does a hand with this top single position and these pair positions (in the
    unit's suit) hold a higher unit of the same kind?"""
    k, top = unit.pairs, unit.top
    if k == 0:
        return singles_top > top
    if k == 1:
        return any(p > top for p in pairs_at)
    # A tractor: k pairs at consecutive positions with a higher top (maybe inside a longer run).
    return any(p > top and all(p - j in pairs_at for j in range(1, k)) for p in pairs_at)


def forced_unit_key(unit: RawUnit, forced_unit: ForcedUnit) -> tuple[int, int, int]:
    """The R6.4 order of the beatable units of a failed throw: the least key is forced.

    ``"lowest"``: the lowest card's position first (a tractor of k pairs topped at p holds
    its lowest pair at p - k + 1); on a tie (only off-suit level cards share a position) the
    smaller unit; between equal units the first in suit order ♠ ♥ ♣ ♦ (the lower card id).
    ``"smallest"``: unit size first (single < pair < tractor(2) < ...), then the lowest
    position, then suit order. ``"nearest_seat"``: the order of ``"smallest"`` with equal
    units in the online app's suit order ♠ ♥ ♦ ♣, among the units that the nearest seat able
    to beat one can beat (see
    [`throw_verdict`][tuolaji.core.trickids.throw_verdict]).
    """
    return _FORCED_ORDER[forced_unit](unit)


_UnitOrder = Callable[[RawUnit], tuple[int, int, int]]


def _unit_order(*, size_first: bool, tie: Sequence[int]) -> _UnitOrder:
    """A [`forced_unit_key`][tuolaji.core.trickids.forced_unit_key]: the unit's lowest position
    (a tractor of k pairs topped at p holds its lowest pair at p - k + 1) and its size, size
    first when ``size_first``, then the least ``tie`` rank of its cards (equal units)."""

    def key(unit: RawUnit) -> tuple[int, int, int]:
        pairs, top = unit.pairs, unit.top
        low = top - pairs + 1 if pairs >= 2 else top
        suit = min([tie[c] for c in unit.ids])
        return (pairs, low, suit) if size_first else (low, pairs, suit)

    return key


def check_throw_ids(
    ids: Sequence[int],
    others: Sequence[Sequence[int]],
    table: TrumpTable,
    rules: Rules,
) -> tuple[bool, tuple[int, ...], tuple[int, ...]]:
    """[`check_throw`][tuolaji.check_throw] on ids: ``(ok, forced ids, beaten_by)``;
    ``forced`` is ``ids`` itself (as a tuple) when ok. ``rules.forced_unit`` (R6.4) picks the
    forced unit."""
    info = lead_info_ids(ids, table)
    ok, forced, beaten_by = throw_verdict(info, others, table, rules)
    return (True, tuple(ids), ()) if ok else (False, forced, beaten_by)


def throw_verdict(
    info: LeadInfo,
    others: Sequence[Sequence[int]],
    table: TrumpTable,
    rules: Rules,
) -> tuple[bool, tuple[int, ...], tuple[int, ...]]:
    """[`check_throw_ids`][tuolaji.core.trickids.check_throw_ids] for a described lead (R6.3,
    R6.4): ``(ok, forced ids, beaten_by)``; ``forced`` is the lead's ids when ok;
    ``beaten_by``: the indices of the hands in ``others`` holding a unit that beats the
    forced one. ``rules.forced_unit`` (R6.4) picks the forced unit: the first beatable unit
    in its order ([`forced_unit_key`][tuolaji.core.trickids.forced_unit_key]), or under
    ``"nearest_seat"`` the first hand of ``others`` (the seats after the thrower, in turn)
    that can beat a unit decides, and the first unit of the ``"smallest"`` order that this
    hand can beat is forced."""
    if len(info.units) == 1:
        return True, info.ids, ()
    suit, pos = table.suit, table.pos
    ls = info.suit
    # Each hand's top position in the suit (-1 when void).
    tops = [max([pos[c] for c in hand if suit[c] == ls], default=-1) for hand in others]
    highest = max(tops, default=-1)
    # A unit whose top no hand's card of the suit exceeds cannot be beaten (R6.3); the
    # others are tried in R6.4's order (the sort is stable, so dropping the unbeatable
    # units first keeps the order of the rest) and the first beaten one is forced.
    beatable = [u for u in info.units if u.top < highest]
    if len(beatable) > 1:
        beatable.sort(key=_FORCED_ORDER[rules.forced_unit])
    if not beatable:
        return True, info.ids, ()
    return _VERDICT[rules.forced_unit](info, beatable, others, tops, table)


def _first_beaten_verdict(
    info: LeadInfo,
    beatable: Sequence[RawUnit],
    others: Sequence[Sequence[int]],
    tops: Sequence[int],
    table: TrumpTable,
) -> tuple[bool, tuple[int, ...], tuple[int, ...]]:
    """R6.4 with ``forced_unit`` ``"lowest"`` or ``"smallest"``: the first of the ``beatable``
    units (in that value's order) that any other hand beats is forced; ``beaten_by`` names
    every hand that beats it."""
    suit, pos = table.suit, table.pos
    ls = info.suit
    pairs: list[set[int]] | None = None  # per hand, its pairs' positions (when needed)
    for unit in beatable:
        if unit.pairs == 0:
            # A single needs only the hands' top cards (most throws fail on a single): the
            # hands' pairs are worked out only for a pair or a tractor.
            # (_beats of a single, inlined.)
            beaten_by = tuple([j for j, top in enumerate(tops) if top > unit.top])
        else:
            if pairs is None:
                # Sorted ids of the suit: the two copies of a card sit side by side.
                mines = [sorted([c for c in hand if suit[c] == ls]) for hand in others]
                pairs = [{pos[c] for c, d in pairwise(mine) if c == d} for mine in mines]
            beaten_by = tuple(
                [
                    j
                    for j, (top, at) in enumerate(zip(tops, pairs, strict=True))
                    if _beats(unit, top, at)
                ]
            )
        if beaten_by:
            return False, unit.ids, beaten_by
    return True, info.ids, ()


_NO_PAIRS: frozenset[int] = frozenset()
"""The pairs a single unit needs of a hand: none (`_beats` reads only the top card)."""


def _nearest_seat_verdict(
    info: LeadInfo,
    beatable: Sequence[RawUnit],
    others: Sequence[Sequence[int]],
    tops: Sequence[int],
    table: TrumpTable,
) -> tuple[bool, tuple[int, ...], tuple[int, ...]]:
    """R6.4 with ``forced_unit="nearest_seat"`` (the online app): the first hand of
    ``others`` (in turn order after the thrower) that beats one of the ``beatable`` units
    (smallest first) decides; the first of them it beats is forced, and ``beaten_by`` names
    every hand that beats that unit. The seats before that hand could beat no unit; when no
    hand beats any, the throw stands."""
    pairs: list[set[int]] = []
    if any([u.pairs for u in beatable]):
        pos, of = table.pos, table.suit
        mines = [sorted([c for c in hand if of[c] == info.suit]) for hand in others]
        pairs = [{pos[c] for c, d in pairwise(mine) if c == d} for mine in mines]
    for j, top in enumerate(tops):
        for unit in beatable:
            if _beats(unit, top, pairs[j] if unit.pairs else _NO_PAIRS):
                beaten_by = tuple(
                    [
                        i
                        for i, other in enumerate(tops)
                        if _beats(unit, other, pairs[i] if unit.pairs else _NO_PAIRS)
                    ]
                )
                return False, unit.ids, beaten_by
    return True, info.ids, ()


_Verdict = Callable[
    [LeadInfo, Sequence[RawUnit], Sequence[Sequence[int]], Sequence[int], TrumpTable],
    tuple[bool, tuple[int, ...], tuple[int, ...]],
]

# One entry per Rules.forced_unit value (R6.4); tests/core/test_bitboards.py checks the keys
# against the values Rules allows, so a new value cannot fall through to another's reading.
_FORCED_ORDER: dict[ForcedUnit, _UnitOrder] = {
    "lowest": _unit_order(size_first=False, tie=FORCED_TIE_ORDER["lowest"]),
    "smallest": _unit_order(size_first=True, tie=FORCED_TIE_ORDER["smallest"]),
    # Each seat's units are tried in the order of "smallest", equal ones in the app's suits.
    "nearest_seat": _unit_order(size_first=True, tie=FORCED_TIE_ORDER["nearest_seat"]),
}
_VERDICT: dict[ForcedUnit, _Verdict] = {
    "lowest": _first_beaten_verdict,
    "smallest": _first_beaten_verdict,
    "nearest_seat": _nearest_seat_verdict,
}


# ---------------------------------------------------------------------------------------------
# Following (R7.1-R7.3)
# ---------------------------------------------------------------------------------------------


class FollowCode:
    """Why a follow is illegal, as small ints for the hot path (0 means legal)."""

    OK = 0
    EMPTY = 1  # R7.1
    COUNT = 2  # R7.1
    NOT_HELD = 3  # R11
    OFF_SUIT = 4  # R7.2: holds enough of the led suit but played other cards
    SHORT = 5  # R7.2: holds fewer than the lead but did not play them all
    SHAPE = 6  # R7.3


# ---------------------------------------------------------------------------------------------
# What a follow proves (R7.2, R7.3 read backwards)
# ---------------------------------------------------------------------------------------------


class _DrawDuty(NamedTuple):
    """What R7.3 asks of a holding under one value of `Rules.follow_draw`: the one place a
    new value is taught. [`follow_requirement`][tuolaji.core.trickids.follow_requirement]
    builds a hand's duty from it, and [`follow_proof`][tuolaji.core.trickids.follow_proof]
    reads the same duty backwards."""

    shape: bool
    """R7.3 applies at all (False: R7.2 only, any cards of the led suit)."""
    pairs_for_tractors: bool
    """Pairs held stand in for the lead's tractors the holding cannot fit, so the lead
    obliges its total pair count whatever the holding's tractors (False: the lead's tractors
    oblige only the tractors held, and which pairs are owed depends on them)."""
    largest_unit_first: bool = False
    """The shapes owed are tried in the online app's order
    ([`breakdown_order`][tuolaji.core.trickids.breakdown_order]), not R7.3's ranking."""


_DRAW_DUTIES: dict[FollowDraw, _DrawDuty] = {
    "pairs": _DrawDuty(shape=True, pairs_for_tractors=True),
    "tractor_on_tractor": _DrawDuty(shape=True, pairs_for_tractors=False),
    "suit_only": _DrawDuty(shape=False, pairs_for_tractors=False),
    # Which pairs are owed depends on the tractors held, as under "tractor_on_tractor".
    "largest_unit_first": _DrawDuty(shape=True, pairs_for_tractors=False, largest_unit_first=True),
}


# --- the online app's order of the shapes a follow owes ------------------------------------

Breakdown = tuple[tuple[int, ...], int]
"""One step of a unit's breakdown: its pairs as runs of adjacent pairs (run lengths, longest
first; a run of 1 is a plain pair) and its singles."""


def _runs(pairs: int) -> list[tuple[int, ...]]:
    """The ways to lay ``pairs`` pairs in runs, in the app's order: the longest run first,
    then fewer runs, then the runs compared longest first."""
    if pairs == 0:
        return [()]
    out: list[tuple[int, ...]] = []

    def parts(left: int, cap: int, head: tuple[int, ...]) -> None:
        if left == 0:
            out.append(head)
        for k in range(min(left, cap), 0, -1):
            parts(left - k, k, (*head, k))

    parts(pairs, pairs, ())
    out.sort(key=lambda r: (-r[0], len(r), [-k for k in r]))
    return out


@memoize(limit=64)
def _unit_breakdowns(pairs: int) -> tuple[Breakdown, ...]:
    """The breakdowns of a lead unit of ``pairs`` pairs (0 a single, 1 a pair, 2+ a tractor)
    after the unit itself, in the app's order: more pairs first, then ``_runs`` order."""
    cards = max(1, 2 * pairs)
    steps = [(r, cards - 2 * j) for j in range(pairs, -1, -1) for r in _runs(j)]
    return tuple(steps[1:])  # the first is the unit itself (or a single: nothing after it)


@memoize(limit=1 << 10)
def breakdown_order(units: tuple[int, ...]) -> tuple[tuple[tuple[int, ...], int], ...]:
    """The shapes a follow to a lead owes under ``follow_draw="largest_unit_first"`` (R7.3,
    the online app), in the order tried: ``(tractors, pairs)`` (tractor lengths longest
    first, and the total pairs), the lead's own shape first and all singles last. ``units``:
    the lead's units as pair counts (0 a single, 1 a pair, k a tractor of k pairs).

    Each step breaks down one unit by one step of its own order (more pairs first; as many
    pairs: the longest run of adjacent pairs first, then fewer runs): the unit with the most
    steps left goes first, a tie to the unit that went more recently (the units kept in a
    list, sorted stably by steps left before each step, from the lead's units smallest
    first)."""
    order = sorted(range(len(units)), key=lambda i: units[i])
    left = [list(_unit_breakdowns(k)) for k in units]
    now: list[Breakdown] = [((k,) if k else (), 0 if k else 1) for k in units]

    def shape() -> tuple[tuple[int, ...], int]:
        runs = [k for r, _ in now for k in r]
        return tuple(sorted([k for k in runs if k > 1], reverse=True)), sum(runs)

    out = [shape()]
    while True:
        order.sort(key=lambda i: -len(left[i]))
        first = order[0]
        if not left[first]:
            return tuple(out)
        now[first] = left[first].pop(0)
        out.append(shape())


def _first_fitting_breakdown(
    lead: LeadInfo, positions: tuple[int, ...], shortest: int
) -> tuple[int, tuple[int, ...]]:
    """``(pairs, tractors)`` of the first shape of ``breakdown_order`` that a holding with
    pairs at ``positions`` fits (runs shorter than the ``shortest`` tractor, R3.2, are plain
    pairs there)."""
    units = (*lead.tractors, *([1] * lead.pairs), *([0] * lead.singles))
    held = len(positions)
    for tractors, pairs in breakdown_order(units):
        if pairs > held:
            continue
        want = tuple([k for k in tractors if k >= shortest])
        if tractors_fit(want, positions):
            return pairs, want
    return 0, ()  # unreachable: all singles comes last and fits every holding


@attrs.frozen(slots=True)
class FollowProof:
    """What a follow shows about its seat's hand when it followed (R7.2, R7.3 read
    backwards), for every hand that makes the follow legal; see
    [`follow_proof`][tuolaji.core.trickids.follow_proof].

    The claims are exact where ``hand_check`` is False: every hand holding the follow that
    satisfies them makes it legal.
    """

    void: bool
    """R7.2: the follow holds a card outside the led suit, so the seat played every led-suit
    card it held and holds none after the trick."""
    pairs_exhausted: bool
    """R7.3: the follow, all of the led suit, has fewer pairs than the lead obliges, so every
    pair of the led suit the seat held is in it: after the trick the seat holds no led-suit
    card twice, and no copy of a led-suit card the follow held once."""
    hand_check: bool
    """The follow, all of the led suit, to a lead with a tractor, says more than the two facts
    above (which tractors or pairs the holding lacked), and only of the whole led-suit
    holding: check a hand with [`follow_code_ids`][tuolaji.core.trickids.follow_code_ids]."""


_PROVES_VOID = FollowProof(void=True, pairs_exhausted=False, hand_check=False)
_PROVES_PAIRS = FollowProof(void=False, pairs_exhausted=True, hand_check=False)
_PROVES_BY_HAND = FollowProof(void=False, pairs_exhausted=False, hand_check=True)
_PROVES_NOTHING = FollowProof(void=False, pairs_exhausted=False, hand_check=False)


def follow_proof(
    lead: LeadInfo, played: Sequence[CardId], table: TrumpTable, rules: Rules
) -> FollowProof:
    """What the legal follow ``played`` (card ids, as many as the lead) to ``lead`` proves
    about the hand it came from (R7.2, R7.3 read backwards, under `Rules.follow_draw`).

    * A card outside the led suit: the seat held fewer led-suit cards than the lead and
      played them all (R7.2): ``void``.
    * All of the led suit, fewer pairs than the lead obliges whatever the holding's tractors
      (its total pair count when pairs stand in for tractors, R7.3; none under
      ``"suit_only"``, and none claimed under ``"tractor_on_tractor"`` for a lead with a
      tractor, where which pairs are owed depends on the tractors held; under
      `Rules.tractor_protection` only the pairs of the lead's tractors, since its plain pairs
      oblige no pair of the holding's tractors): the seat held no other led-suit pair, since
      R7.3 ranks more pairs first: ``pairs_exhausted``.
    * Otherwise, a lead with a tractor under a draw that asks for a shape, or fewer pairs than
      the lead's plain pairs ask under `Rules.tractor_protection` (the seat may have kept its
      pairs in tractors): the follow rules out holdings that would have owed a better
      candidate shape, which only the whole holding can show: ``hand_check``.

    The follow is trusted to be legal from some hand (as the engine's history is).
    """
    if _off_suit(lead.suit, played, table):
        return _PROVES_VOID
    tractors = lead.tractors
    if not tractors and not lead.pairs:
        return _PROVES_NOTHING  # a lead of singles (most leads) obliges no pair
    duty = _DRAW_DUTIES[rules.follow_draw]
    if not duty.shape:
        return _PROVES_NOTHING
    if duty.largest_unit_first and tractors:
        return _PROVES_BY_HAND  # the shape owed depends on the whole holding's tractors
    owed = lead.total_pairs if duty.pairs_for_tractors or not tractors else 0
    pairs = len(played) - len(set(played))
    if rules.tractor_protection and pairs < owed:
        # The lead's plain pairs may have met only pairs kept in tractors: only the pairs its
        # tractors oblige (when pairs stand in for them) say that none were left.
        return _PROVES_PAIRS if pairs < sum(tractors) else _PROVES_BY_HAND
    if pairs < owed:
        return _PROVES_PAIRS
    return _PROVES_BY_HAND if tractors else _PROVES_NOTHING


def single_lead_follow_proof(
    led_suit: int, played: Sequence[CardId], table: TrumpTable
) -> FollowProof:
    """[`follow_proof`][tuolaji.core.trickids.follow_proof] of a follow to a lead of one card
    of effective suit ``led_suit``, without describing the lead: a single obliges no pair
    (R7.3), so its follow proves at most a void (R7.2). The named fast path for readers of a
    whole history (most leads are singles)."""
    return _PROVES_VOID if _off_suit(led_suit, played, table) else _PROVES_NOTHING


def _off_suit(led_suit: int, played: Sequence[CardId], table: TrumpTable) -> bool:
    """Does the follow hold a card outside the led suit (R7.2: its seat is void there)?"""
    suit = table.suit
    for c in played:  # noqa: SIM110 - no generator on this path, run for every follow read
        if suit[c] != led_suit:
            return True
    return False


class FollowRequirement(NamedTuple):
    """What R7.2 and R7.3 require of a follow from one hand: the one definition that the
    checks ([`follow_code_ids`][tuolaji.core.trickids.follow_code_ids]), the legal-play collections
    ([`LegalFollows`][tuolaji.LegalFollows]) and the action space all read.

    A legal follow is every card of ``base`` plus ``pick`` cards chosen from ``pool`` (a
    multiset of card ids); among the chosen cards at least ``pairs`` pairs, with room for
    tractors of ``tractors`` pairs among them (R3.4). It holds exactly ``led_cards`` cards of
    the led suit.

    * R7.2, a seat holding no more led-suit cards than the lead: ``base`` is all of them,
      ``pool`` the seat's other cards, no pairs required.
    * R7.3, a seat holding more: ``base`` is empty, ``pool`` the led-suit holding, ``pick``
      the lead's size, and ``pairs``/``tractors`` the highest-ranked candidate shape the
      holding can fit ([`required_pairs`][tuolaji.core.trickids.required_pairs]).
    """

    base: tuple[CardId, ...]
    pool: tuple[CardId, ...]
    pick: int
    pairs: int
    tractors: tuple[int, ...]
    led_cards: int


def follow_requirement(
    lead: LeadInfo, hand: Sequence[CardId], table: TrumpTable, rules: Rules
) -> FollowRequirement:
    """The [`FollowRequirement`][tuolaji.core.trickids.FollowRequirement] of a follow to ``lead``
    from ``hand`` (card ids; no card more than twice) under ``table`` (R7.2, R7.3) and the house
    rule [`rules.follow_draw`][tuolaji.Rules.follow_draw]."""
    suit = table.suit
    ls = lead.suit
    n = len(lead.ids)
    held = [c for c in hand if suit[c] == ls]
    h = len(held)
    if h <= n:
        # R7.2: with no more than the lead, all of them, plus any others.
        return FollowRequirement(
            tuple(held), tuple([c for c in hand if suit[c] != ls]), n - h, 0, (), h
        )
    # R7.2: with more, only them; R7.3: in the best candidate shape the holding fits.
    if lead.total_pairs == 0 or not _DRAW_DUTIES[rules.follow_draw].shape:
        return FollowRequirement((), tuple(held), n, 0, (), n)
    need, want = required_pairs(lead, held, table, rules)
    return FollowRequirement((), tuple(held), n, need, want, n)


def follow_code_ids(
    lead: LeadInfo,
    hand: Sequence[CardId],
    play: Sequence[CardId],
    table: TrumpTable,
    rules: Rules,
) -> int:
    """The [`FollowCode`][tuolaji.core.trickids.FollowCode] of ``play`` from ``hand`` (which
    includes it) after ``lead``.

    R7.1 count, R11 held, R7.2 suit, R7.3 shape
    ([`follow_requirement`][tuolaji.core.trickids.follow_requirement], under
    ``rules.follow_draw``).
    The hand must hold no card more than twice.
    """
    n = len(lead.ids)
    m = len(play)
    if m != n:
        return FollowCode.EMPTY if m == 0 else FollowCode.COUNT
    if missing_ids(hand, play):
        return FollowCode.NOT_HELD
    req = follow_requirement(lead, hand, table, rules)
    suit = table.suit
    ls = lead.suit
    in_suit = 0
    for c in play:
        if suit[c] == ls:
            in_suit += 1
    if in_suit != req.led_cards:
        # Short of the led suit but not all of it played, or enough of it but others played.
        return FollowCode.SHORT if req.base else FollowCode.OFF_SUIT
    need = req.pairs
    if need == 0:
        return FollowCode.OK
    want = req.tractors
    if n == 2:
        return FollowCode.OK if play[0] == play[1] else FollowCode.SHAPE
    play_pp = pair_positions(play, table.pos)
    if len(play_pp) < need:
        return FollowCode.SHAPE
    if want and not tractors_fit(want, play_pp):
        return FollowCode.SHAPE
    return FollowCode.OK


def required_pairs(
    lead: LeadInfo, held: Sequence[int], table: TrumpTable, rules: Rules
) -> tuple[int, tuple[int, ...]]:
    """R7.3 for a seat whose led-suit holding ``held`` is larger than the lead: the total
    pairs and the tractor lengths of the highest-ranked candidate shape it can fit.

    Candidates rank more pairs first, and a holding with p pairs fits the all-pairs
    candidate with min(lead pairs, p) pairs, so that is the pair count; its tractors come
    from [`best_candidate_tractors`][tuolaji.core.trickids.best_candidate_tractors]. A play fits
    the candidate when it has that many pairs and room for those tractors among its pairs (R3.4).

    ``rules.follow_draw == "tractor_on_tractor"`` (house rule): the same tractors, but the lead's
    tractors oblige no pairs beyond them; its plain pairs oblige as many of the pairs held
    besides those tractors as they can.

    ``rules.follow_draw == "largest_unit_first"`` (the online app): the first shape of
    [`breakdown_order`][tuolaji.core.trickids.breakdown_order] the holding fits.

    ``rules.tractor_protection`` (house rule): the lead's plain pairs oblige no pair of the
    holding's tractors, so they oblige at most the pairs left outside tractors laid to hold
    the most pairs (`tuolaji.core.shapes.tractor_pairs`); what the lead's
    tractors oblige is unchanged. The tractors owed stay the same: they never take more
    pairs than the lead's tractors have.
    """
    held_pairs = len(held) - len(set(held))
    shortest = table.tractor_min_pairs
    if _DRAW_DUTIES[rules.follow_draw].largest_unit_first:
        if not lead.tractors:  # pairs and singles give way pair by pair: R7.3's ranking
            return min(lead.pairs, held_pairs), ()
        return _first_fitting_breakdown(lead, pair_positions(held, table.pos), shortest)
    need = min(lead.total_pairs, held_pairs)
    # The holding's pairs are read only where a tractor can matter (most leads hold none).
    positions = pair_positions(held, table.pos) if lead.tractors or rules.tractor_protection else ()
    want = (
        best_candidate_tractors(lead.tractors, need, positions, shortest)
        if lead.tractors and need >= shortest
        else ()
    )
    pairs_for_tractors = _DRAW_DUTIES[rules.follow_draw].pairs_for_tractors
    # The pairs the lead's tractors oblige; its plain pairs oblige the rest.
    drawn = sum(lead.tractors) if pairs_for_tractors else sum(want)
    if not pairs_for_tractors:
        need = drawn + min(lead.pairs, held_pairs - drawn)
    if rules.tractor_protection and lead.pairs and need > drawn:
        need = min(need, drawn + held_pairs - tractor_pairs(positions, shortest))
    return need, want


def required_follow_shape(
    lead: LeadInfo, hand: Sequence[int], table: TrumpTable, rules: Rules
) -> Shape:
    """The candidate shape of R7.3 that a follow from ``hand`` must fit (its led-suit
    holding is larger than the lead); the all-singles shape when no pairs are required."""
    req = follow_requirement(lead, hand, table, rules)
    return Shape(req.tractors, req.pairs - sum(req.tractors), lead.size - 2 * req.pairs)


def refused_follow(
    code: int,
    lead: LeadInfo,
    hand: Sequence[int],
    play: Sequence[int],
    *,
    table: TrumpTable,
    rules: Rules,
) -> IllegalAction:
    """The [`IllegalAction`][tuolaji.IllegalAction] of a follow that
    [`follow_code_ids`][tuolaji.core.trickids.follow_code_ids] refused with ``code`` (not
    ``FollowCode.OK``): rule R7.1, R11, R7.2 or R7.3 and a message saying what was required,
    worded by [`tuolaji.core.wording`][tuolaji.core.wording] from the ids."""
    if code == FollowCode.EMPTY:
        return wording.empty_follow_error(lead.ids, table)
    if code == FollowCode.COUNT:
        return wording.count_error(lead.ids, len(play), table)
    if code == FollowCode.NOT_HELD:
        return wording.not_held_error(missing_ids(hand, play), table)
    suit = table.suit
    held = [c for c in hand if suit[c] == lead.suit]
    if code == FollowCode.OFF_SUIT:
        off = [c for c in play if suit[c] != lead.suit]
        return wording.off_suit_error(lead.ids, lead.suit, len(held), off, table)
    if code == FollowCode.SHORT:
        if not held:  # unreachable: with no led-suit cards any play follows suit
            raise AssertionError("a void hand cannot miss the led suit")
        return wording.short_error(lead.ids, lead.suit, held, table)
    want = required_follow_shape(lead, hand, table, rules)
    held_pairs = sorted({c for c in held if held.count(c) == 2})
    return wording.shape_error(lead.ids, lead.suit, lead.shape, held_pairs, want=want, table=table)


# ---------------------------------------------------------------------------------------------
# Ruffs (R7.4), the winner (R7.5, R7.6) and points (R8.1)
# ---------------------------------------------------------------------------------------------


def play_key_ids(lead: LeadInfo, ids: Sequence[int], table: TrumpTable) -> tuple[int, ...] | None:
    """The comparison key of a play of one effective suit under the lead's shape (R7.5), or
    None when it does not fit that shape (R3.4). Keys of plays of one suit compare as tuples:
    tractors (longest first, highest first), then pairs (highest first); singles count only
    when the lead is singles only. The best split of the play is used."""
    pos = table.pos
    if not lead.tractors and not lead.pairs:
        if len(ids) == 1:
            return (pos[ids[0]],)
        return tuple(sorted([pos[c] for c in ids], reverse=True))
    return _split_key(lead.tractors, lead.pairs, pair_positions(ids, pos))


def _counted_shape(
    lead: LeadInfo, ruff_shape: RuffShape, shortest: int
) -> tuple[tuple[int, ...], int] | None:
    """R7.4: the tractors and pairs an all-trump play must fit to ruff ``lead`` when they are
    not the lead's own (None). ``"counts"``: no fewer tractors and no fewer pairs (a
    tractor's pairs counting) than the lead, which is one tractor of ``shortest`` pairs (the
    shortest tractor, R3.2) per lead tractor and plain pairs for the rest of the lead's pairs;
    that differs from the lead's shape only when it holds a longer tractor."""
    if ruff_shape == "exact" or not lead.tractors or lead.tractors[0] == shortest:
        return None
    count = len(lead.tractors)
    return (shortest,) * count, lead.total_pairs - shortest * count


_WHOLE_KEY: frozenset[ThrowRuff] = frozenset({"first_difference", "largest_then_next"})
"""The `Rules.throw_ruff` values that compare two ruffs of a throw by their whole keys (R7.5):
``"largest_then_next"`` compares the largest units first and lets the next decide on a tie,
which is the key order of ``"first_difference"`` (tractors longest first, then pairs; among
units of one size the highest first), so the two give the same winner."""

_UNIT_BY_UNIT: frozenset[ThrowRuff] = frozenset({"all_units", "every_unit"})
"""The `Rules.throw_ruff` values under which a ruff must beat each unit of the standing
ruff of a throw (R7.5): its tractors and pairs, and under ``"every_unit"`` its singles."""


def ruff_key(
    lead: LeadInfo, ids: Sequence[int], table: TrumpTable, rules: Rules
) -> tuple[int, ...] | None:
    """The comparison key (R7.5) of the all-trump play ``ids`` as a ruff (R7.4) of the
    side-suit ``lead``, or None when it is a discard, under the house rules
    [`Rules.ruff_shape`][tuolaji.Rules.ruff_shape] and
    [`Rules.throw_ruff`][tuolaji.Rules.throw_ruff].

    The play must fit the lead's shape (or, under ``ruff_shape="counts"``, hold no fewer
    tractors and pairs than the lead), and is keyed by that shape.
    For a throw (several units), ``throw_ruff="highest"`` keys the ruff by its highest card and
    ``"largest_unit"`` by the top of its largest unit (the first entry of its best key);
    ``"every_unit"`` adds to the best key the positions of the singles that split leaves,
    highest first (for a throw holding a pair; a throw of singles keys them all already);
    ``"first_difference"``, ``"largest_then_next"`` and ``"all_units"`` keep the key.
    """
    counted = _counted_shape(lead, rules.ruff_shape, table.tractor_min_pairs)
    if counted is None:
        key = play_key_ids(lead, ids, table)
    else:
        key = _split_key(*counted, pair_positions(ids, table.pos))
    throw_ruff = rules.throw_ruff
    if key is None or throw_ruff in _WHOLE_KEY or len(lead.units) == 1:
        return key
    if throw_ruff == "largest_unit":
        return key[:1]
    if throw_ruff == "highest":
        pos = table.pos
        return (max([pos[c] for c in ids]),)
    if throw_ruff == "every_unit" and (lead.tractors or lead.pairs):
        pos = table.pos
        tractors = counted[0] if counted else lead.tractors
        return key + _singles_left(tractors, key, [pos[c] for c in ids])
    return key


def _outranks_every_unit(
    lead: LeadInfo,
    ids: Sequence[int],
    key: tuple[int, ...],
    standing: tuple[int, ...],
    *,
    table: TrumpTable,
    rules: Rules,
) -> bool:
    """R7.5 with ``throw_ruff="all_units"`` or ``"every_unit"``: does the ruff ``ids`` (keyed
    ``key`` by [`ruff_key`][tuolaji.core.trickids.ruff_key]) beat the standing ruff keyed
    ``standing``? For a throw, some split of the ruff must beat every tractor and pair (every
    single, for a throw of singles) of the standing ruff's best split, and under
    ``"every_unit"`` every single that split leaves too; a one-unit lead compares keys as
    always."""
    if len(lead.units) == 1:
        return key > standing
    if not lead.tractors and not lead.pairs:
        return all([a > b for a, b in zip(key, standing, strict=True)])
    counted = _counted_shape(lead, rules.ruff_shape, table.tractor_min_pairs)
    tractors, pairs = counted or (lead.tractors, lead.pairs)
    pos = table.pos
    at = pair_positions(ids, pos)
    if rules.throw_ruff == "all_units":
        return _some_split_outranks(tractors, pairs, at, standing)
    spots = tuple(sorted([pos[c] for c in ids]))
    return _some_split_beats_every_unit(tractors, pairs, at, spots, standing)


def is_ruff_ids(lead: LeadInfo, ids: Sequence[int], table: TrumpTable, rules: Rules) -> bool:
    """[`is_ruff`][tuolaji.is_ruff] on ids, under ``rules.ruff_shape`` (R7.4)."""
    suit = table.suit
    if lead.suit == TRUMP or len(ids) != lead.size:
        return False
    return all(suit[c] == TRUMP for c in ids) and ruff_key(lead, ids, table, rules) is not None


def trick_winner_ids(plays: Sequence[Sequence[int]], table: TrumpTable, rules: Rules) -> int:
    """[`trick_winner`][tuolaji.trick_winner] on ids, under ``rules.ruff_shape`` and
    ``rules.throw_ruff`` (R7.4, R7.5)."""
    if not plays:
        raise IllegalAction("R7.1", "a trick needs at least the lead")
    lead = lead_info_ids(plays[0], table)
    return winner_so_far(lead, plays, table, rules).play_index


class WinnerSoFar(NamedTuple):
    """The winner of a partial trick (see [`challenge`][tuolaji.core.trickids.challenge])."""

    play_index: int
    """The index of the winning play in the trick (0: the lead)."""
    key: tuple[int, ...]
    """Its comparison key under the lead's shape (R7.5)."""
    ruffed: bool
    """True when it is a ruff (R7.4)."""


def winner_so_far(
    lead: LeadInfo, plays: Sequence[Sequence[int]], table: TrumpTable, rules: Rules
) -> WinnerSoFar:
    """The winner of ``plays`` (``plays[0]`` is the lead described by ``lead``) as
    ``(index, key, ruffed)``: each follow in turn [`challenge`][tuolaji.core.trickids.challenge]-s
    the best so far, under the house rules ``rules.ruff_shape`` and ``rules.throw_ruff``."""
    if len(lead.ids) == 1 and all([len(p) == 1 for p in plays]):
        # A single lead (most tricks): challenge's rules for one card, on the bitboards' kernel.
        winner, top, ruffed = single_trick_winner(table, [p[0] for p in plays])
        return WinnerSoFar(winner, (top,), ruffed)
    best = WinnerSoFar(0, lead.key, False)
    for i in range(1, len(plays)):
        best = challenge(lead, best, i, plays[i], table, rules)
    return best


# Positional parameters only: CPython 3.11 specializes calls only to functions without
# keyword-only parameters, and the bots call this once per option (bench W3).
def challenge(  # noqa: PLR0917
    lead: LeadInfo, best: WinnerSoFar, i: int, ids: Sequence[int], table: TrumpTable, rules: Rules
) -> WinnerSoFar:
    """R7.5, R7.6: the winner so far after play ``i`` (``ids``) challenges ``best``.

    A follow can beat the best so far only if it fits the lead's shape and is in the led
    suit or a ruff (R7.4, see [`ruff_key`][tuolaji.core.trickids.ruff_key]); any ruff beats any
    led-suit play; the challenger must be strictly higher (for a ruff over a ruff, as
    ``rules.throw_ruff`` says). A throw that stood cannot be beaten in its own suit (R7.6).
    Raises [`IllegalAction`][tuolaji.IllegalAction] (R7.1) for a play of the wrong size.
    """
    n = len(lead.ids)
    if len(ids) != n:
        raise IllegalAction(
            "R7.1",
            f"play {i} has {wording.counted(len(ids), 'card')} but the lead has {n}; "
            f"every play has {n}",
        )
    suit = table.suit
    first = suit[ids[0]]
    if n > 1:
        for c in ids:
            if suit[c] != first:
                return best  # mixed suits: neither a led-suit play nor a ruff
    if first == lead.suit:
        # R7.6: a throw that stood cannot be beaten in its own suit; a ruff beats them all.
        if best.ruffed or len(lead.units) > 1:
            return best
        key = play_key_ids(lead, ids, table)
        if key is not None and key > best.key:
            return WinnerSoFar(i, key, False)
    elif first == TRUMP:
        # Under RULES.md's readings a ruff's key is the led shape's (what ruff_key gives
        # then), read without the house rules' dispatch: most tricks are played so.
        throw_ruff = rules.throw_ruff
        if rules.ruff_shape == "exact" and throw_ruff in _WHOLE_KEY:
            key = play_key_ids(lead, ids, table)
        else:
            key = ruff_key(lead, ids, table, rules)
        if key is None:
            return best  # R7.4: trumps not fitting the lead's shape are a discard
        if not best.ruffed or (
            key > best.key
            if throw_ruff not in _UNIT_BY_UNIT
            else _outranks_every_unit(lead, ids, key, best.key, table=table, rules=rules)
        ):
            return WinnerSoFar(i, key, True)
    return best


def points_in_trick_ids(plays: Sequence[Sequence[CardId]]) -> int:
    """[`points_in_trick`][tuolaji.points_in_trick] on card ids."""
    points = POINTS
    return sum([points[c] for p in plays for c in p])
