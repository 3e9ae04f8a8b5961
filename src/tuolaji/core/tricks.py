"""Trick rules as pure functions: leads, throws, following, ruffs, the winner (R6-R8.1).

The public functions take [`Card`][tuolaji.Card] sequences and a [`Trump`][tuolaji.Trump].
Each is a thin wrapper over an ``*_ids`` function on card ids (see `tuolaji.core.cards`)
and the trump context's `TrumpTable`, which the state machine and the
legal-play collections of `tuolaji.core.legal` call directly: one definition of each rule.

A *lead* is described once by `lead_info_ids` (its effective suit and the shape of its
canonical split, R3.3) and cached, because every follower of a trick is checked against it.
"""

from __future__ import annotations

from collections.abc import Sequence, Set
from functools import lru_cache
from itertools import pairwise
from typing import get_args

import attrs

from tuolaji.core.cards import CARDS, POINTS, Card
from tuolaji.core.errors import ConfigurationError, IllegalAction, InvalidCards
from tuolaji.core.rules import ForcedUnit
from tuolaji.core.shapes import RawUnit, Shape, hosts, unit_ids
from tuolaji.core.trump import TRUMP, Trump, TrumpTable, effective_suit_name

__all__ = [
    "FORCED_UNIT_ORDERS",
    "FollowCode",
    "ForcedUnit",
    "LeadInfo",
    "ThrowCheck",
    "challenge",
    "check_follow",
    "check_lead",
    "check_throw",
    "check_throw_ids",
    "follow_code_ids",
    "follow_error",
    "forced_unit_key",
    "is_legal_follow",
    "is_legal_lead",
    "is_ruff",
    "lead_error",
    "lead_info_ids",
    "play_key_ids",
    "required_follow_shape",
    "required_pairs",
    "throw_verdict",
    "trick_points",
    "trick_points_ids",
    "trick_winner",
    "trick_winner_ids",
    "winner_so_far",
]


# ---------------------------------------------------------------------------------------------
# Per-trump tables and the description of a lead
# ---------------------------------------------------------------------------------------------


@attrs.frozen(slots=True)
class LeadInfo:
    """A validated lead (R6.2) and the shape of its canonical split (R3.3, R3.4).

    ``suit`` is the effective suit; ``tractors`` the tractor lengths (pairs), longest first;
    ``pairs`` and ``singles`` count the plain pairs and singles; ``units`` the canonical units
    as ``(pairs, top position, suit, card ids)``, in [`units`][tuolaji.units] order; ``key`` the
    lead's own comparison key (R7.5). Build one with `lead_info_ids`.
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


class _Tables:
    """Derived look-ups for one `TrumpTable`, built once and kept with it."""

    __slots__ = ("leads", "order", "pos", "suit", "table")

    def __init__(self, table: TrumpTable) -> None:
        self.table = table
        self.suit = table.suit
        self.pos = table.pos
        # Canonical card order of a play (Trump.sort_key): trumps first, then ♠ ♥ ♣ ♦,
        # strongest first, equal cards by id.
        ranked = sorted(
            range(54),
            key=lambda c: (-1 if table.suit[c] == TRUMP else table.suit[c], -table.strength[c], c),
        )
        order = [0] * 54
        for i, c in enumerate(ranked):
            order[c] = i
        self.order: tuple[int, ...] = tuple(order)
        self.leads: dict[tuple[int, ...], LeadInfo] = {}


_TABLES: dict[int, _Tables] = {}
_LEAD_CACHE_LIMIT = 50_000


def tables_for(table: TrumpTable) -> _Tables:
    """The derived look-ups of ``table`` (cached; keyed by identity, the entry keeps the
    table alive so the identity cannot be reused)."""
    ext = _TABLES.get(id(table))
    if ext is None or ext.table is not table:
        if len(_TABLES) > 1024:
            _TABLES.clear()
        ext = _Tables(table)
        _TABLES[id(table)] = ext
    return ext


def canonical_ids(ids: Sequence[int], table: TrumpTable) -> tuple[int, ...]:
    """``ids`` in the canonical order of a play: trumps first, then ♠ ♥ ♣ ♦, strongest
    first (the order of [`Trump.sorted`][tuolaji.Trump.sorted])."""
    return tuple(sorted(ids, key=tables_for(table).order.__getitem__))


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


def _cards_text(ids: Sequence[int], table: TrumpTable) -> str:
    """Cards for a message, in canonical order, grouped like ``♥KKQQ ♥3``."""
    return " ".join(_group_text(ids, table))


def _group_text(ids: Sequence[int], table: TrumpTable) -> list[str]:
    words: list[str] = []
    previous = -1
    for c in canonical_ids(ids, table):
        card = CARDS[c]
        if c == previous and not card.is_joker:
            # Two copies print as one word, like the rules text: ♥QQ.
            words[-1] += card.rank.label
            previous = -1
        else:
            words.append(card.pretty)
            previous = c
    return words


def lead_info_ids(ids: Sequence[int], table: TrumpTable) -> LeadInfo:
    """Validate a lead (R6.2: non-empty, one effective suit) and describe its shape.

    Raises [`IllegalAction`][tuolaji.IllegalAction] (rule ``"R6.2"``) for an empty or mixed lead and
    [`InvalidCards`][tuolaji.InvalidCards] when a card appears more than twice. Cached per trump
    table.
    """
    ext = tables_for(table)
    key = tuple(sorted(ids))
    info = ext.leads.get(key)
    if info is not None:
        return info
    if not key:
        raise IllegalAction("R6.2", "a lead needs at least one card")
    suit = table.suit
    lead_suit = suit[key[0]]
    if any([suit[c] != lead_suit for c in key]):
        by_suit: dict[int, list[int]] = {}
        for c in key:
            by_suit.setdefault(suit[c], []).append(c)
        parts = "; ".join(
            f"{_cards_text(cs, table)} {'are' if len(cs) > 1 else 'is'} {effective_suit_name(s)}"
            for s, cs in sorted(by_suit.items(), key=lambda kv: (kv[0] != TRUMP, kv[0]))
        )
        raise IllegalAction(
            "R6.2",
            f"a lead is cards of one suit (trumps count as one suit), but {parts}; "
            "lead from one suit only",
        )
    units = tuple(unit_ids(key, table))
    sizes = [u[0] for u in units]
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
    if len(ext.leads) >= _LEAD_CACHE_LIMIT:
        ext.leads.clear()
    ext.leads[key] = info
    return info


# ---------------------------------------------------------------------------------------------
# The candidate shapes of R7.3 (tractor packing is shapes.hosts, R3.4)
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


@lru_cache(maxsize=1 << 16)
def best_candidate_tractors(
    lead_tractors: tuple[int, ...], budget: int, positions: tuple[int, ...]
) -> tuple[int, ...]:
    """The tractors of the best R7.3 candidate shape that a holding can fit.

    ``lead_tractors``: the lead's tractor lengths, longest first; ``budget``: the candidate's
    total pairs, ``min(lead pairs, pairs held)`` (R7.3 ranks more pairs first, and any holding
    with that many pairs fits the all-pairs candidate); ``positions``: the holding's
    pairs. Candidates with that pair count are ranked by their tractor lengths as a list,
    longest first; tractors of a candidate are cut from the lead's tractors. Any prefix of a
    feasible list is feasible, so the lexicographically largest list is built greedily.
    """
    chosen: list[int] = []
    cap = min(lead_tractors[0] if lead_tractors else 0, budget)
    used = 0
    while True:
        for k in range(min(cap, budget - used), 1, -1):
            cand = (*chosen, k)
            if _into_bins(cand, list(lead_tractors)) and hosts(cand, positions):
                chosen.append(k)
                used += k
                cap = k
                break
        else:
            return tuple(chosen)


@lru_cache(maxsize=1 << 16)
def _split_key(
    tractors: tuple[int, ...], pairs: int, positions: tuple[int, ...]
) -> tuple[int, ...] | None:
    """The comparison key of a play's best split into ``tractors`` + ``pairs`` (R7.5), or
    None when its pairs cannot be split that way (the rest of the play fills the singles).

    Key: the tractors' tops, longest tractors first and highest first among equal lengths,
    then the pairs' positions, highest first. Keys of plays fitting one shape compare as
    tuples; the best split is the largest key.
    """
    if sum(tractors) + pairs > len(positions):
        return None
    if not tractors:
        return tuple(sorted(positions, reverse=True)[:pairs])
    free: dict[int, int] = {}
    for p in positions:
        free[p] = free.get(p, 0) + 1
    starts = sorted(free)
    best: tuple[int, ...] | None = None
    tops: list[int] = []

    def place(i: int, floor: int) -> None:
        nonlocal best
        if i == len(tractors):
            rest = sorted((p for p, n in free.items() for _ in range(n)), reverse=True)
            if len(rest) < pairs:
                return
            key: list[int] = []
            j = 0
            while j < len(tractors):
                # Tops of equal-length tractors are compared highest first.
                e = j
                while e < len(tractors) and tractors[e] == tractors[j]:
                    e += 1
                key.extend(sorted(tops[j:e], reverse=True))
                j = e
            key.extend(rest[:pairs])
            cand = tuple(key)
            if best is None or cand > best:
                best = cand
            return
        k = tractors[i]
        same_next = i + 1 < len(tractors) and tractors[i + 1] == k
        for s in starts:
            if s < floor:
                continue
            if all(free.get(s + j, 0) > 0 for j in range(k)):
                for j in range(k):
                    free[s + j] -= 1
                tops.append(s + k - 1)
                place(i + 1, s if same_next else -1)
                tops.pop()
                for j in range(k):
                    free[s + j] += 1

    place(0, -1)
    return best


# ---------------------------------------------------------------------------------------------
# Leads (R6.2) and throws (R6.3, R6.4)
# ---------------------------------------------------------------------------------------------


def _missing(hand: Sequence[int], play: Sequence[int]) -> list[int]:
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


def _not_held_error(missing: Sequence[int], table: TrumpTable) -> IllegalAction:
    return IllegalAction(
        "R11", f"you do not hold {_cards_text(missing, table)}; play only cards from your hand"
    )


def lead_error(hand: Sequence[Card], cards: Sequence[Card], trump: Trump) -> IllegalAction | None:
    """Why leading ``cards`` from ``hand`` is illegal, or None when it is a legal lead.

    R6.2: a lead is a non-empty set of cards of one effective suit (a throw that fails R6.3
    is still a legal attempt, resolved by [`check_throw`][tuolaji.check_throw]). Cards not in the
    hand: R11.
    """
    table = trump.table
    ids = [c.id for c in cards]
    hand_ids = [c.id for c in hand]
    check_hand_ids(hand_ids)
    try:
        lead_info_ids(ids, table)
    except IllegalAction as err:
        return err
    missing = _missing(hand_ids, ids)
    if missing:
        return _not_held_error(missing, table)
    return None


def check_lead(hand: Sequence[Card], cards: Sequence[Card], trump: Trump) -> None:
    """Raise [`IllegalAction`][tuolaji.IllegalAction] when ``cards`` are not a legal lead from
    ``hand`` (R6.2, R11); see [`lead_error`][tuolaji.lead_error]."""
    err = lead_error(hand, cards, trump)
    if err is not None:
        raise err


def is_legal_lead(hand: Sequence[Card], cards: Sequence[Card], trump: Trump) -> bool:
    """True when ``cards`` are a legal lead from ``hand``: held, non-empty, one effective
    suit (R6.2). A throw that would fail R6.3 is still a legal attempt."""
    return lead_error(hand, cards, trump) is None


@attrs.frozen(slots=True)
class ThrowCheck:
    """The result of checking a lead against the other hands (R6.3, R6.4).

    ``ok``: the lead stands (always for a single unit); ``forced``: the cards actually led,
    ``cards`` when ok, else the forced unit (R6.4), strongest card first;
    ``beaten_by``: indices into ``others`` of the hands holding a higher unit of the forced
    unit's kind (empty when ok); ``attempt``: the cards the player tried to lead.
    """

    ok: bool
    forced: tuple[Card, ...]
    beaten_by: tuple[int, ...]
    attempt: tuple[Card, ...]


def _beats(unit: RawUnit, singles_top: int, pairs_at: Set[int]) -> bool:
    """R6.3: does a hand with this top single position and these pair positions (in the
    unit's suit) hold a higher unit of the same kind?"""
    k, top = unit[0], unit[1]
    if k == 0:
        return singles_top > top
    if k == 1:
        return any(p > top for p in pairs_at)
    # A tractor: k pairs at consecutive positions with a higher top (maybe inside a longer run).
    return any(p > top and all(p - j in pairs_at for j in range(1, k)) for p in pairs_at)


FORCED_UNIT_ORDERS: tuple[ForcedUnit, ...] = get_args(ForcedUnit)


def forced_unit_key(unit: RawUnit, forced_unit: ForcedUnit) -> tuple[int, int, int]:
    """The R6.4 order of the beatable units of a failed throw: the least key is forced.

    ``"lowest"``: the lowest card's position first (a tractor of k pairs topped at p holds
    its lowest pair at p - k + 1); on a tie (only off-suit level cards share a position) the
    smaller unit; between equal units the first in suit order ♠ ♥ ♣ ♦ (the lower card id).
    ``"smallest"``: unit size first (single < pair < tractor(2) < ...), then the lowest
    position, then suit order.
    """
    return (_lowest_first if forced_unit == "lowest" else _smallest_first)(unit)


def _lowest_first(unit: RawUnit) -> tuple[int, int, int]:
    """`forced_unit_key` for ``"lowest"``."""
    pairs, top = unit[0], unit[1]
    return (top - pairs + 1 if pairs >= 2 else top), pairs, min(unit[3])


def _smallest_first(unit: RawUnit) -> tuple[int, int, int]:
    """`forced_unit_key` for ``"smallest"``."""
    pairs, top = unit[0], unit[1]
    return pairs, (top - pairs + 1 if pairs >= 2 else top), min(unit[3])


def check_throw_ids(
    ids: Sequence[int],
    others: Sequence[Sequence[int]],
    table: TrumpTable,
    forced_unit: ForcedUnit = "lowest",
) -> tuple[bool, tuple[int, ...], tuple[int, ...]]:
    """[`check_throw`][tuolaji.check_throw] on ids: ``(ok, forced ids, beaten_by)``; ``forced`` is
    ``ids`` itself (as a tuple) when ok."""
    info = lead_info_ids(ids, table)
    ok, forced, beaten_by = throw_verdict(info, others, table, forced_unit)
    return (True, tuple(ids), ()) if ok else (False, forced, beaten_by)


def throw_verdict(
    info: LeadInfo,
    others: Sequence[Sequence[int]],
    table: TrumpTable,
    forced_unit: ForcedUnit = "lowest",
) -> tuple[bool, tuple[int, ...], tuple[int, ...]]:
    """`check_throw_ids` for a described lead (R6.3, R6.4): ``(ok, forced ids,
    beaten_by)``; ``forced`` is the lead's ids when ok."""
    if len(info.units) == 1:
        return True, info.ids, ()
    suit, pos = table.suit, table.pos
    ls = info.suit
    # Each hand's top position in the suit (-1 when void).
    tops = [max([pos[c] for c in hand if suit[c] == ls], default=-1) for hand in others]
    highest = max(tops, default=-1)
    pairs: list[set[int]] | None = None  # per hand, its pairs' positions (when needed)
    # A unit whose top no hand's card of the suit exceeds cannot be beaten (R6.3); the
    # others are tried in R6.4's order (the sort is stable, so dropping the unbeatable
    # units first keeps the order of the rest) and the first beaten one is forced.
    beatable = [u for u in info.units if u[1] < highest]
    if len(beatable) > 1:
        beatable.sort(key=_lowest_first if forced_unit == "lowest" else _smallest_first)
    for unit in beatable:
        if unit[0] == 0:
            # A single needs only the hands' top cards (most throws fail on a single): the
            # hands' pairs are worked out only for a pair or a tractor.
            # (_beats of a single, inlined.)
            beaten_by = tuple([j for j, top in enumerate(tops) if top > unit[1]])
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
            return False, unit[3], beaten_by
    return True, info.ids, ()


def check_throw(
    cards: Sequence[Card],
    others: Sequence[Sequence[Card]],
    trump: Trump,
    *,
    forced_unit: ForcedUnit = "lowest",
) -> ThrowCheck:
    """Check a lead against the other hands (R6.3) and resolve a failed throw (R6.4).

    A lead of one unit always stands. A throw stands when no other hand (partner included)
    holds, in the lead's suit, a higher unit of the same kind as one of its units (R3.3):
    a higher single, a higher pair, or for a tractor of k pairs, k pairs at consecutive
    positions with a higher top. Otherwise the thrower plays one beatable unit, chosen by
    ``forced_unit`` (see `forced_unit_key`): ``"lowest"`` (the seeds, 最小牌: the unit
    holding the lowest card) or ``"smallest"`` (smallest unit first, then lowest).

    Raises [`IllegalAction`][tuolaji.IllegalAction] (R6.2) for an empty or mixed-suit lead, and
    [`ConfigurationError`][tuolaji.ConfigurationError] for an unknown ``forced_unit``.

    >>> import tuolaji as tl
    >>> from tuolaji.core.tricks import check_throw
    >>> t = tl.Trump(tl.Rank.TEN, tl.Suit.SPADES)
    >>> lead = tl.parse_cards("9C 8C 8C 4C 4C")
    >>> others = [tl.parse_cards("QC QC 2H"), tl.parse_cards("3D"), tl.parse_cards("5S")]
    >>> r = check_throw(lead, others, t)
    >>> r.ok, tl.format_cards(r.forced), r.beaten_by
    (False, '4C 4C', (0,))
    >>> tl.format_cards(check_throw(lead, others, t, forced_unit="smallest").forced)
    '9C'
    """
    if forced_unit not in FORCED_UNIT_ORDERS:
        raise ConfigurationError(
            f"R6.4: forced_unit is 'lowest' or 'smallest'; got {forced_unit!r}"
        )
    table = trump.table
    ok, forced, beaten_by = check_throw_ids(
        [c.id for c in cards], [[c.id for c in h] for h in others], table, forced_unit
    )
    attempt = tuple(cards)
    if ok:
        return ThrowCheck(True, attempt, (), attempt)
    return ThrowCheck(False, tuple(CARDS[c] for c in forced), beaten_by, attempt)


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


def follow_code_ids(
    lead: LeadInfo, hand: Sequence[int], play: Sequence[int], table: TrumpTable
) -> int:
    """The `FollowCode` of ``play`` from ``hand`` (which includes it) after ``lead``.

    R7.1 count, R11 held, R7.2 suit, R7.3 shape. The hand must hold no card more than twice.
    """
    n = len(lead.ids)
    m = len(play)
    if m != n:
        return FollowCode.EMPTY if m == 0 else FollowCode.COUNT
    if _missing(hand, play):
        return FollowCode.NOT_HELD
    suit = table.suit
    ls = lead.suit
    held = [c for c in hand if suit[c] == ls]
    h = len(held)
    in_suit = 0
    for c in play:
        if suit[c] == ls:
            in_suit += 1
    # R7.2: with fewer than the lead, all of them; with at least as many, only them.
    if h <= n:
        return FollowCode.OK if in_suit == h else FollowCode.SHORT
    if in_suit != n:
        return FollowCode.OFF_SUIT
    if lead.total_pairs == 0:
        return FollowCode.OK
    need, want = required_pairs(lead, held, table.pos)
    if need == 0:
        return FollowCode.OK
    if n == 2:
        return FollowCode.OK if play[0] == play[1] else FollowCode.SHAPE
    play_pp = pair_positions(play, table.pos)
    if len(play_pp) < need:
        return FollowCode.SHAPE
    if want and not hosts(want, play_pp):
        return FollowCode.SHAPE
    return FollowCode.OK


def required_pairs(
    lead: LeadInfo, held: Sequence[int], pos: Sequence[int]
) -> tuple[int, tuple[int, ...]]:
    """R7.3 for a seat whose led-suit holding ``held`` is larger than the lead: the total
    pairs and the tractor lengths of the highest-ranked candidate shape it can fit.

    Candidates rank more pairs first, and a holding with p pairs fits the all-pairs
    candidate with min(lead pairs, p) pairs, so that is the pair count; its tractors come
    from `best_candidate_tractors`. A play fits the candidate when it has that many
    pairs and room for those tractors among its pairs (R3.4).
    """
    need = min(lead.total_pairs, len(held) - len(set(held)))
    if not lead.tractors or need < 2:
        return need, ()
    return need, best_candidate_tractors(lead.tractors, need, pair_positions(held, pos))


def required_follow_shape(lead: LeadInfo, hand: Sequence[int], table: TrumpTable) -> Shape:
    """The candidate shape of R7.3 that a follow from ``hand`` must fit (its led-suit
    holding is larger than the lead); the all-singles shape when no pairs are required."""
    held = [c for c in hand if table.suit[c] == lead.suit]
    need, want = required_pairs(lead, held, table.pos)
    return Shape(want, need - sum(want), lead.size - 2 * need)


_NUMBER_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight")


def _count_word(n: int) -> str:
    return _NUMBER_WORDS[n] if n < len(_NUMBER_WORDS) else str(n)


def _shape_words(shape: Shape, suit_name: str, *, demand: bool) -> str:
    """A shape in words: "a tractor of 2 pairs and a pair", "a pair and 2 more ♥ cards"."""
    parts = [f"a tractor of {k} pairs" for k in shape.tractors]
    if shape.pairs:
        parts.append("a pair" if shape.pairs == 1 else f"{_count_word(shape.pairs)} pairs")
    if shape.singles:
        if demand:
            more = "more " if parts else "any "
            noun = "card" if shape.singles == 1 else "cards"
            parts.append(f"{shape.singles} {more}{suit_name} {noun}")
        else:
            parts.append("a single" if shape.singles == 1 else f"{shape.singles} singles")
    if len(parts) == 1:
        return parts[0]
    return ", ".join(parts[:-1]) + " and " + parts[-1]


def _follow_message(
    code: int, lead: LeadInfo, hand: Sequence[int], play: Sequence[int], table: TrumpTable
) -> IllegalAction:
    n = lead.size
    name = effective_suit_name(lead.suit)
    lead_text = _cards_text(lead.ids, table)
    if code == FollowCode.EMPTY:
        return IllegalAction("R7.1", f"the lead {lead_text} has {n} cards; play {n}, not none")
    if code == FollowCode.COUNT:
        return IllegalAction(
            "R7.1", f"the lead {lead_text} has {n} cards; play exactly {n}, not {len(play)}"
        )
    if code == FollowCode.NOT_HELD:
        return _not_held_error(_missing(hand, play), table)
    held = [c for c in hand if table.suit[c] == lead.suit]
    if code == FollowCode.OFF_SUIT:
        off = [c for c in play if table.suit[c] != lead.suit]
        return IllegalAction(
            "R7.2",
            f"the lead {lead_text} is {name} and you hold {len(held)} {name} cards; "
            f"play {n} {name} cards and no others (not {_cards_text(off, table)})",
        )
    if code == FollowCode.SHORT:
        if not held:  # unreachable: with no led-suit cards any play follows suit
            raise AssertionError("a void hand cannot miss the led suit")
        held_text = _cards_text(held, table)
        if len(held) == n:
            return IllegalAction(
                "R7.2",
                f"the lead {lead_text} is {name} and you hold exactly {n} {name} cards "
                f"({held_text}); play all of them",
            )
        which = "it" if len(held) == 1 else f"all {len(held)} of them"
        others = n - len(held)
        return IllegalAction(
            "R7.2",
            f"the lead {lead_text} is {name} and you hold only {len(held)} {name} "
            f"({held_text}); play {which} and {others} other card{'s' if others != 1 else ''}",
        )
    want = required_follow_shape(lead, hand, table)
    held_pairs = sorted({c for c in held if held.count(c) == 2})
    pairs_text = _cards_text([c for c in held_pairs for _ in (0, 1)], table)
    return IllegalAction(
        "R7.3",
        f"the lead {lead_text} has {_shape_words(lead.shape, name, demand=False)} of {name}; "
        f"you hold {pairs_text}; play {_shape_words(want, name, demand=True)}",
    )


def follow_error(
    lead: Sequence[Card], hand: Sequence[Card], play: Sequence[Card], trump: Trump
) -> IllegalAction | None:
    """Why ``play`` is not a legal follow to ``lead`` from ``hand``, or None when it is.

    ``hand`` includes the cards of ``play``. The error's ``rule`` is ``"R7.1"`` (empty play or
    wrong number of cards), ``"R11"`` (cards not in the hand), ``"R7.2"`` (suit) or ``"R7.3"``
    (shape), and its message says what was required, e.g.
    ``R7.3: the lead ♥KK has a pair of ♥; you hold ♥QQ; play a pair``.
    Raises [`IllegalAction`][tuolaji.IllegalAction] (R6.2) when ``lead`` itself is not a lead.
    """
    table = trump.table
    info = lead_info_ids([c.id for c in lead], table)
    hand_ids = [c.id for c in hand]
    play_ids = [c.id for c in play]
    check_hand_ids(hand_ids)
    code = follow_code_ids(info, hand_ids, play_ids, table)
    if code == FollowCode.OK:
        return None
    return _follow_message(code, info, hand_ids, play_ids, table)


def check_follow(
    lead: Sequence[Card], hand: Sequence[Card], play: Sequence[Card], trump: Trump
) -> None:
    """Raise the [`IllegalAction`][tuolaji.IllegalAction] of
    [`follow_error`][tuolaji.follow_error], if any (R7.1-R7.3)."""
    err = follow_error(lead, hand, play, trump)
    if err is not None:
        raise err


def is_legal_follow(
    lead: Sequence[Card], hand: Sequence[Card], play: Sequence[Card], trump: Trump
) -> bool:
    """True when ``play`` (from ``hand``, which includes it) legally follows ``lead``.

    R7.1: as many cards as the lead. R7.2: a seat holding at least as many cards of the led
    suit as the lead plays only that suit; one holding fewer plays all of them plus any
    others. R7.3: with more led-suit cards than needed, the play must fit the highest-ranked
    candidate shape (the lead's shape and its splits: more pairs first, then longer tractors)
    that some choice from the led-suit holding can fit. See [`follow_error`][tuolaji.follow_error]
    for why not.

    >>> import tuolaji as tl
    >>> from tuolaji.core.tricks import is_legal_follow
    >>> t = tl.Trump(tl.Rank.TEN, tl.Suit.SPADES)
    >>> lead, hand = tl.parse_cards("KH KH"), tl.parse_cards("QH QH 3H 5D")
    >>> is_legal_follow(lead, hand, tl.parse_cards("QH QH"), t)
    True
    >>> is_legal_follow(lead, hand, tl.parse_cards("QH 3H"), t)
    False
    """
    table = trump.table
    hand_ids = [c.id for c in hand]
    check_hand_ids(hand_ids)
    info = lead_info_ids([c.id for c in lead], table)
    return follow_code_ids(info, hand_ids, [c.id for c in play], table) == FollowCode.OK


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


def _is_ruff_ids(lead: LeadInfo, ids: Sequence[int], table: TrumpTable) -> bool:
    suit = table.suit
    if lead.suit == TRUMP or len(ids) != lead.size:
        return False
    return all(suit[c] == TRUMP for c in ids) and play_key_ids(lead, ids, table) is not None


def is_ruff(lead: Sequence[Card], play: Sequence[Card], trump: Trump) -> bool:
    """True when ``play`` ruffs ``lead`` (R7.4): the lead is in a side suit and the play is
    all trumps fitting the lead's exact shape. Any other play by a void seat is a discard,
    which cannot win the trick. (Whether the seat was void is
    [`is_legal_follow`][tuolaji.is_legal_follow]'s business.)"""
    table = trump.table
    info = lead_info_ids([c.id for c in lead], table)
    return _is_ruff_ids(info, [c.id for c in play], table)


def trick_winner_ids(plays: Sequence[Sequence[int]], table: TrumpTable) -> int:
    """[`trick_winner`][tuolaji.trick_winner] on ids."""
    if not plays:
        raise IllegalAction("R7.1", "a trick needs at least the lead")
    return winner_so_far(lead_info_ids(plays[0], table), plays, table)[0]


WinnerSoFar = tuple[int, tuple[int, ...], bool]
"""The winner of a partial trick: ``(index, key, ruffed)`` (see `challenge`)."""


def winner_so_far(lead: LeadInfo, plays: Sequence[Sequence[int]], table: TrumpTable) -> WinnerSoFar:
    """The winner of ``plays`` (``plays[0]`` is the lead described by ``lead``) as
    ``(index, key, ruffed)``: each follow in turn `challenge`-s the best so far."""
    best: WinnerSoFar = (0, lead.key, False)
    if len(lead.ids) == 1 and all([len(p) == 1 for p in plays]):
        # A single lead (most tricks): challenge's rules for one card, without its calls.
        suit, pos = table.suit, table.pos
        ls = lead.suit
        top = lead.key[0]
        ruffed = False
        for i in range(1, len(plays)):
            c = plays[i][0]
            s = suit[c]
            p = pos[c]
            if s == ls:
                if not ruffed and p > top:
                    best, top = (i, (p,), False), p
            elif s == TRUMP and (not ruffed or p > top):
                best, top, ruffed = (i, (p,), True), p, True
        return best
    for i in range(1, len(plays)):
        best = challenge(lead, best, i, plays[i], table)
    return best


def challenge(
    lead: LeadInfo, best: WinnerSoFar, i: int, ids: Sequence[int], table: TrumpTable
) -> WinnerSoFar:
    """R7.5, R7.6: the winner so far after play ``i`` (``ids``) challenges ``best``.

    A follow can beat the best so far only if it fits the lead's shape and is in the led
    suit or a ruff (R7.4); any ruff beats any led-suit play; the challenger must be
    strictly higher. A throw that stood cannot be beaten in its own suit (R7.6).
    Raises [`IllegalAction`][tuolaji.IllegalAction] (R7.1) for a play of the wrong size.
    """
    n = len(lead.ids)
    if len(ids) != n:
        raise IllegalAction(
            "R7.1", f"play {i} has {len(ids)} cards but the lead has {n}; every play has {n}"
        )
    suit = table.suit
    first = suit[ids[0]]
    if n > 1:
        for c in ids:
            if suit[c] != first:
                return best  # mixed suits: neither a led-suit play nor a ruff
    if first == lead.suit:
        # R7.6: a throw that stood cannot be beaten in its own suit; a ruff beats them all.
        if best[2] or len(lead.units) > 1:
            return best
        key = play_key_ids(lead, ids, table)
        if key is not None and key > best[1]:
            return i, key, False
    elif first == TRUMP:
        key = play_key_ids(lead, ids, table)
        if key is None:
            return best  # R7.4: trumps not fitting the lead's shape are a discard
        if not best[2] or key > best[1]:
            return i, key, True
    return best


def trick_winner(plays: Sequence[Sequence[Card]], trump: Trump) -> int:
    """The index in ``plays`` of the play that wins the trick; ``plays[0]`` is the lead.

    R7.5: a follow can beat the best so far only if it fits the lead's shape and is in the
    led suit or a ruff (R7.4). Any ruff beats any led-suit play; plays of one kind compare
    unit by unit (tractors longest first, then pairs, highest first; singles only when the
    lead is singles only), using each play's best split; the challenger must be strictly
    higher, so among equals the earliest wins (R7.1). R7.6: a throw that stood cannot be
    beaten in its own suit, only ruffed; any lead of several units is such a throw (a failed
    one was replaced by its forced unit before anyone followed, R6.4). A partial trick gives
    the winner so far.

    >>> import tuolaji as tl
    >>> from tuolaji.core.tricks import trick_winner
    >>> t = tl.Trump(tl.Rank.TEN, tl.Suit.SPADES)
    >>> trick_winner([tl.parse_cards(p) for p in ("5D 4D 4D", "9S 7S 7S", "8S 8S 4S")], t)
    2
    """
    return trick_winner_ids([[c.id for c in p] for p in plays], trump.table)


def trick_points(plays: Sequence[Sequence[Card]]) -> int:
    """The points in a trick's plays (R1.2), which go to the trick's winner (R8.1)."""
    return trick_points_ids([[c.id for c in p] for p in plays])


def trick_points_ids(plays: Sequence[Sequence[int]]) -> int:
    """[`trick_points`][tuolaji.trick_points] on card ids."""
    points = POINTS
    return sum([points[c] for p in plays for c in p])
