"""Lazy collections of legal leads and follows (R6.2, R7.1-R7.3) that bots can afford.

Like python-chess's ``board.legal_moves``: a collection is a small view over a hand. Iterating
yields every legal play exactly once (a play is a multiset: the two copies of a card are the
same card) as a tuple of cards in canonical order ([`sorted`][tuolaji.Trump.sorted] order);
``len()``, ``play in collection`` and ``sample(rng)`` never list the plays.

Counting and sampling follow one decomposition. A legal follow is either all the led-suit
cards plus a free choice among the other cards (R7.2), or a choice of exactly the lead's
size among the led-suit cards that keeps the shape R7.3 requires. A choice of ``k`` cards
from a pool (each card held once or twice) is split uniquely into ``D``, the cards taken
twice, and ``S``, the cards taken once; R7.3 constrains only ``D`` (enough pairs, and room
for the required tractors), and every ``S`` of the right size from the rest of the pool is
free. So the count is a sum of binomials over the allowed ``D``, and a uniform sample draws
``|D|`` by weight, then ``D``, then ``S``.
"""

from __future__ import annotations

import abc
import random
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from itertools import combinations
from math import comb
from typing import Generic, TypeVar

from tuolaji.core._args import trump_table_of
from tuolaji.core.bitboards import (
    CANONICAL_SUITS,
    BitTable,
    bit_table,
    bits_of_hand,
    decode_lead,
    lead_counts,
    lead_of_number,
)
from tuolaji.core.caching import memoize
from tuolaji.core.cards import CARDS, Card, CardId, card_ids_of
from tuolaji.core.errors import NoLegalChoice
from tuolaji.core.rules import FollowDraw, Rules
from tuolaji.core.shapes import tractors_fit
from tuolaji.core.trickids import (
    FollowCode,
    LeadInfo,
    check_hand_ids,
    follow_code_ids,
    follow_requirement,
    follow_rules,
    lead_info_ids,
)
from tuolaji.core.trump import Trump, TrumpTable

__all__ = [
    "LegalFollows",
    "LegalLeads",
    "LegalPlays",
    "LegalSet",
    "PlayCards",
    "legal_follows",
    "legal_leads",
]

PlayCards = tuple[Card, ...]
"""The cards of one play, in canonical order (not [`tuolaji.Play`][tuolaji.Play], the action)."""

T_co = TypeVar("T_co", covariant=True)


class LegalSet(abc.ABC, Generic[T_co]):
    """What every set of legal choices offers: the legal plays of a hand
    ([`LegalLeads`][tuolaji.LegalLeads], [`LegalFollows`][tuolaji.LegalFollows]) and the legal
    actions of a state ([`tuolaji.ActionSet`][tuolaji.ActionSet]).

    ``len()``, ``choice in legal_set``, iteration (every choice exactly once) and
    [`sample`][tuolaji.LegalSet.sample], none of which needs to list the choices.
    [`sample`][tuolaji.LegalSet.sample] of an empty set raises
    [`NoLegalChoice`][tuolaji.NoLegalChoice] (R11).
    """

    __slots__ = ()

    @abc.abstractmethod
    def __iter__(self) -> Iterator[T_co]:
        """Every legal choice exactly once."""

    @abc.abstractmethod
    def __len__(self) -> int:
        """How many legal choices there are."""

    @abc.abstractmethod
    def __contains__(self, choice: object) -> bool:
        """True when ``choice`` is one of the legal choices."""

    @abc.abstractmethod
    def sample(self, rng: random.Random) -> T_co:
        """A random legal choice drawn from ``rng``; raises [`NoLegalChoice`][tuolaji.NoLegalChoice]
        when there is none (R11)."""

    def __bool__(self) -> bool:
        return len(self) > 0


def _to_ids(play: object) -> list[int] | None:
    """Card ids of an iterable of cards, or None when it is not one."""
    if not isinstance(play, Iterable):
        return None
    ids: list[int] = []
    for card in play:
        if not isinstance(card, Card):
            return None
        ids.append(card.id)
    return ids


class _Plays(LegalSet[PlayCards]):
    """What the two collections share: the count, computed once when built, and the last
    play known to be legal."""

    __slots__ = ("_known_legal", "_total")

    _total: int
    _known_legal: PlayCards | None

    def is_known_legal(self, play: object) -> bool:
        """True when ``play`` is the very tuple that `sample` returned, that
        iteration yielded or that ``in`` accepted last: then it is one of these plays
        without checking it again (tuples never change). The state's play reads this to
        skip a second check of a play that came from its own legal plays."""
        return play is self._known_legal

    def _remember(self, play: object, legal: bool) -> bool:
        if legal and type(play) is tuple:
            self._known_legal = play
        return legal

    def __len__(self) -> int:
        return self._total

    def count(self) -> int:
        """The number of legal plays (same as ``len``)."""
        return self._total

    def __bool__(self) -> bool:
        return self._total > 0


class LegalLeads(_Plays):
    """Every legal lead from a hand (R6.2): each non-empty sub-multiset of one effective suit.

    A throw that would fail R6.3 is still a legal attempt (it is resolved by
    [`check_throw`][tuolaji.check_throw]), so it is listed. Build with
    [`legal_leads`][tuolaji.legal_leads]. The hand is held as bitboards
    ([`tuolaji.core.bitboards`][tuolaji.core.bitboards]); the leads are counted and numbered by
    its kernels ([`lead_counts`][tuolaji.core.bitboards.lead_counts],
    [`decode_lead`][tuolaji.core.bitboards.decode_lead]), as [`PlayPhase`][tuolaji.PlayPhase]
    counts and draws them.
    """

    __slots__ = ("_bits", "_once", "_sizes", "_twice")

    _bits: BitTable
    _once: int
    _sizes: list[int]
    _twice: int

    def __init__(self, hand: Sequence[Card], trump: Trump) -> None:
        ids = card_ids_of(hand, "hand")
        check_hand_ids(ids)  # raises, naming the card held three times
        bits = bit_table(trump_table_of(trump))
        self._init_bits(bits, *bits_of_hand(ids, bits))

    @classmethod
    def unchecked(cls, hand: Sequence[CardId], table: TrumpTable) -> LegalLeads:
        """The fast entry point of the state machine: the collection for a hand of card
        ids that holds no card more than twice (R1.1), which is **not** checked."""
        self = cls.__new__(cls)
        bits = bit_table(table)
        self._init_bits(bits, *bits_of_hand(hand, bits))
        return self

    @classmethod
    def unchecked_bits(cls, bits: BitTable, once: int, twice: int) -> LegalLeads:
        """The fast entry point for a hand already held as bitboards (``once``, ``twice`` over
        ``bits``), **not** checked."""
        self = cls.__new__(cls)
        self._init_bits(bits, once, twice)
        return self

    def _init_bits(self, bits: BitTable, once: int, twice: int) -> None:
        self._bits = bits
        self._once = once
        self._twice = twice
        self._sizes = sizes = lead_counts(bits, once, twice)
        self._total = sum(sizes)
        self._known_legal = None

    def _decode(self, suit: int, x: int) -> PlayCards:
        held = self._once & self._bits.suit_mask[suit]
        move = decode_lead(self._bits, held, self._twice, x)[0]
        return tuple([CARDS[c] for c in move])

    def __iter__(self) -> Iterator[PlayCards]:
        # Every tuple yielded is one of these plays: the latest is known legal (a caller
        # that picks the only play, or the last one, plays it without a second check).
        for suit, size in zip(CANONICAL_SUITS, self._sizes, strict=True):
            for x in range(1, size + 1):
                play = self._known_legal = self._decode(suit, x)
                yield play

    def __contains__(self, play: object) -> bool:
        if play is self._known_legal:
            return True
        ids = _to_ids(play)
        if not ids:
            return False
        bits = self._bits
        suit = bits.table.suit
        first = suit[ids[0]]
        if any(suit[c] != first for c in ids):
            return False
        bit = bits.bit
        taken: dict[int, int] = {}
        for c in ids:
            taken[c] = taken.get(c, 0) + 1
        for c, k in taken.items():
            if k > 2 or not (self._twice if k == 2 else self._once) & bit[c]:
                return False
        return self._remember(play, True)

    def sample(self, rng: random.Random) -> PlayCards:
        """A uniformly random legal lead, without listing them (R6.2).

        Raises [`NoLegalChoice`][tuolaji.NoLegalChoice] (R11) for an empty hand.
        """
        if not self._total:
            raise NoLegalChoice("an empty hand has no leads to sample")
        try:
            r = rng.randrange(self._total)
        except AttributeError:
            raise TypeError(f"rng must be a random.Random, got {type(rng).__name__}") from None
        play = self._known_legal = self._decode(*lead_of_number(self._sizes, r))
        return play

    def __repr__(self) -> str:
        return f"<LegalLeads: {self._total} leads>"


@memoize(limit=1 << 14)
def _pair_sets(
    tractors: tuple[int, ...], low: int, high: int, positions: tuple[int, ...]
) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """For each size d in ``low..high``, the sets of pair indices (into ``positions``)
    of that size that can host ``tractors`` (R3.4): the allowed ``D`` of R7.3."""
    out: list[tuple[tuple[int, ...], ...]] = []
    for d in range(low, high + 1):
        out.append(
            tuple(
                chosen
                for chosen in combinations(range(len(positions)), d)
                if tractors_fit(tractors, tuple(positions[i] for i in chosen))
            )
        )
    return tuple(out)


class LegalFollows(_Plays):
    """Every legal follow to a lead from a hand: exactly the plays that
    [`is_legal_follow`][tuolaji.is_legal_follow] accepts (R7.1-R7.3). Build with
    [`legal_follows`][tuolaji.legal_follows].
    """

    __slots__ = (
        "_base",
        "_counts",
        "_doubles",
        "_hand",
        "_high",
        "_lead",
        "_low",
        "_order",
        "_pick",
        "_rules",
        "_sets",
        "_singles",
        "_table",
        "_weights",
    )

    _base: tuple[int, ...]
    _counts: tuple[Counter[CardId], Counter[CardId], list[CardId]] | None
    _doubles: list[int]
    _hand: Sequence[int]
    _high: int
    _lead: LeadInfo
    _low: int
    _order: tuple[int, ...]
    _pick: int
    _rules: Rules
    _sets: tuple[tuple[tuple[int, ...], ...], ...] | None
    _singles: list[int]
    _table: TrumpTable
    _total: int
    _weights: list[int]

    def __init__(
        self,
        lead: Sequence[Card],
        hand: Sequence[Card],
        trump: Trump,
        *,
        follow_draw: FollowDraw | None = None,
        tractor_protection: bool = False,
    ) -> None:
        rules = follow_rules(follow_draw, tractor_protection)
        table = trump_table_of(trump)
        ids = card_ids_of(hand, "hand")
        check_hand_ids(ids)
        info = lead_info_ids(card_ids_of(lead, "lead"), table)
        self._init_ids(info, ids, table, rules)

    @classmethod
    def unchecked(
        cls,
        lead: LeadInfo,
        hand: Sequence[CardId],
        table: TrumpTable,
        rules: Rules,
    ) -> LegalFollows:
        """The fast entry point of the state machine: the collection for a described lead
        and a hand of card ids that holds no card more than twice (R1.1), which is **not**
        checked, under the house rule [`rules.follow_draw`][tuolaji.Rules.follow_draw] (R7.3)."""
        self = cls.__new__(cls)
        self._init_ids(lead, hand, table, rules)
        return self

    def _init_ids(
        self, lead: LeadInfo, hand: Sequence[int], table: TrumpTable, rules: Rules
    ) -> None:
        self._lead = lead
        self._hand = hand
        self._table = table
        self._rules = rules
        self._known_legal = None
        self._counts = None
        suit = table.suit
        ls = lead.suit
        n = len(lead.ids)  # lead.size without the property call
        if n == 1:
            self._init_single(hand, suit, ls, table.pos)
            return
        self._order = table.order
        # R7.2 and R7.3, as the one decomposition tricks.follow_requirement defines.
        base, pool, pick, low, tractors, _ = follow_requirement(lead, hand, table, rules)
        seen: set[int] = set()
        doubles: list[int] = []
        for c in pool:
            if c in seen:
                doubles.append(c)
            else:
                seen.add(c)
        pos = table.pos
        # Doubles sorted by position so that index sets map to sorted pair positions.
        doubles.sort(key=lambda c: (pos[c], c))
        dset = set(doubles)
        self._singles = [c for c in seen if c not in dset]
        self._doubles = doubles
        self._base = base
        self._pick = pick
        self._low = low
        u = len(seen)
        b = len(doubles)
        high = min(b, pick // 2)
        self._high = high
        if tractors:
            sets = _pair_sets(tractors, low, high, tuple(pos[c] for c in doubles))
            self._sets = sets
            counts = [len(s) for s in sets]
        else:
            self._sets = None
            counts = [comb(b, d) for d in range(low, high + 1)]
        # comb(u - d, pick - 2d): the ways to choose S once D (of size d) is fixed.
        self._weights = [
            cnt * comb(u - d, pick - 2 * d)
            for d, cnt in zip(range(low, high + 1), counts, strict=True)
        ]
        self._total = sum(self._weights)

    def _init_single(
        self, hand: Sequence[int], suit: Sequence[int], ls: int, pos: Sequence[int]
    ) -> None:
        """A single lead (most tricks): one card of the led suit ``ls`` if the hand has any
        (R7.2), else any card; every distinct card of that pool is one play. The general
        case with ``D`` empty and ``S`` one card, in its order (the cards held twice by
        position, then the others), without the rest of its bookkeeping."""
        seen: set[int] = set()
        doubles: list[int] = []
        # One pass over the hand for the led suit's cards; the whole hand when void.
        for c in hand:
            if suit[c] == ls:
                if c in seen:
                    doubles.append(c)
                else:
                    seen.add(c)
        if not seen:
            for c in hand:
                if c in seen:
                    doubles.append(c)
                else:
                    seen.add(c)
        if len(doubles) > 1:
            doubles.sort(key=lambda c: (pos[c], c))
        distinct = doubles + [c for c in seen if c not in doubles]
        self._base = ()
        self._pick = 1
        self._low = self._high = 0
        self._sets = None
        self._doubles = []
        self._singles = distinct
        # One card needs no ordering; _order stays unset (see _play and iter_ids).
        self._weights = [len(distinct)]
        self._total = len(distinct)

    @property
    def lead_size(self) -> int:
        """The number of cards of every follow: the lead's (R7.1)."""
        return len(self._lead.ids)

    def extensions(self, partial: Sequence[CardId]) -> list[CardId]:
        """The cards that may extend ``partial`` (card ids in ascending order, a part of a
        follow being built card by card, lowest id first) towards a legal follow: each id
        ``c``, not below the last of ``partial``, such that some legal follow holds
        ``partial`` plus ``c`` and otherwise only cards of id ``c`` or more. Ascending.

        This is how an action space builds a follow one card at a time (each follow has
        exactly one such sequence); it reads the same decomposition as counting and
        sampling (R7.1-R7.3), so it never lists the follows.
        """
        if len(partial) >= self.lead_size:
            return []
        low = partial[-1] if partial else 0
        if self._counts is None:
            # The same for every step of one follow: counted once.
            base = Counter(self._base)
            pool = Counter(self._doubles * 2 + self._singles)
            self._counts = (base, pool, sorted(set(base) | set(pool)))
        base, pool, candidates = self._counts
        # Plain dicts, not Counters: this runs once per card of every follow an action
        # space builds, and a Counter's copy and missing-key look-ups run Python code.
        chosen: dict[CardId, int] = {}
        for x in partial:
            chosen[x] = chosen.get(x, 0) + 1
        out: list[CardId] = []
        for c in candidates:
            if c >= low and self._extends(chosen, base, pool, c):
                out.append(c)
        return out

    def _extends(
        self, chosen: dict[CardId, int], base: Counter[CardId], pool: Counter[CardId], c: CardId
    ) -> bool:
        taken = dict(chosen)
        taken[c] = taken.get(c, 0) + 1
        # Every card of the base must be in the follow: those not taken yet come later,
        # so they cannot lie below c.
        for x, k in base.items():
            n = taken.get(x, 0)
            if n > k or (n < k and x < c):
                return False
        from_pool = {x: k for x, k in taken.items() if x not in base and k}
        if any(k > pool.get(x, 0) for x, k in from_pool.items()):
            return False
        # The pool part so far: D0 taken twice, S0 once; D grows only with cards above c
        # (both copies still to come) or with c itself (its second copy next).
        d0 = {x for x, k in from_pool.items() if k == 2}
        s0 = {x for x, k in from_pool.items() if k == 1}
        options = [(d0, s0)]
        if c in s0 and pool[c] == 2:
            options.append((d0 | {c}, s0 - {c}))
        later = [x for x in pool if x > c]
        twice_later = [x for x in later if pool[x] == 2]
        return any(self._completes(d, s, c, later, twice_later) for d, s in options)

    def _completes(
        self, d0: set[CardId], s0: set[CardId], c: CardId, later: list[CardId], twice: list[CardId]
    ) -> bool:
        """Whether some allowed D (R7.3) holding ``d0``, apart from ``s0`` and otherwise of
        cards above ``c``, leaves room for the singles still to pick among ``later``."""
        if self._sets is not None:
            doubles = self._doubles
            for group in self._sets:
                for indices in group:
                    dset = {doubles[i] for i in indices}
                    if not d0 <= dset or dset & s0 or any(x <= c for x in dset - d0):
                        continue
                    y = self._pick - 2 * len(dset) - len(s0)
                    if 0 <= y <= sum(1 for x in later if x not in dset):
                        return True
            return False
        for x in range(len(twice) + 1):
            d = len(d0) + x
            y = self._pick - 2 * d - len(s0)
            if d >= self._low and 0 <= y <= len(later) - x:
                return True
        return False

    def _play(self, doubled: Sequence[int], once: Sequence[int]) -> PlayCards:
        ids = [*self._base, *doubled, *doubled, *once]
        ids.sort(key=self._order.__getitem__)
        return tuple([CARDS[c] for c in ids])

    def _doubled_sets(self, d: int) -> Iterator[tuple[int, ...]]:
        if self._sets is None:
            yield from combinations(range(len(self._doubles)), d)
        else:
            yield from self._sets[d - self._low]

    def __iter__(self) -> Iterator[PlayCards]:
        cards = CARDS
        for ids in self.iter_ids():
            # Each tuple yielded is one of these plays; the latest is known legal.
            play = self._known_legal = tuple([cards[c] for c in ids])
            yield play

    def iter_ids(self) -> Iterator[list[int]]:
        """The legal follows as card ids, each in canonical order, in the order of
        iteration (for bots that work on ids)."""
        if self._pick == 1 and not self._base:
            for c in self._singles:
                yield [c]
            return
        doubles = self._doubles
        key = self._order.__getitem__
        for d in range(self._low, self._high + 1):
            for chosen in self._doubled_sets(d):
                picked = [doubles[i] for i in chosen]
                taken = set(picked)
                rest = [c for c in doubles if c not in taken] + self._singles
                for once in combinations(rest, self._pick - 2 * d):
                    ids = [*self._base, *picked, *picked, *once]
                    ids.sort(key=key)
                    yield ids

    def __contains__(self, play: object) -> bool:
        if play is self._known_legal:
            return True
        ids = _to_ids(play)
        if ids is None:
            return False
        code = follow_code_ids(self._lead, self._hand, ids, self._table, self._rules)
        return self._remember(play, code == FollowCode.OK)

    def sample(self, rng: random.Random) -> PlayCards:
        """A uniformly random legal follow, without listing them (R7.1-R7.3).

        Raises [`NoLegalChoice`][tuolaji.NoLegalChoice] (R11) only when the hand is empty.
        """
        if not self._total:
            raise NoLegalChoice("an empty hand has no follows to sample")
        if self._pick == 1 and not self._base:
            # The same draw as the general case below (d = 0, one card of the pool).
            try:
                play: PlayCards = (CARDS[rng.choice(self._singles)],)
            except AttributeError:
                raise TypeError(f"rng must be a random.Random, got {type(rng).__name__}") from None
            self._known_legal = play
            return play
        r = rng.randrange(self._total)
        d = self._low
        for w in self._weights:
            if r < w:
                break
            r -= w
            d += 1
        doubles = self._doubles
        if self._sets is None:
            picked = rng.sample(doubles, d) if d else []
        else:
            options = self._sets[d - self._low]
            picked = [doubles[i] for i in options[rng.randrange(len(options))]]
        k = self._pick - 2 * d
        if not k:
            play = self._known_legal = self._play(picked, ())
            return play
        if picked:
            taken = set(picked)
            rest = [c for c in doubles if c not in taken] + self._singles
        else:
            rest = doubles + self._singles
        play = self._known_legal = self._play(picked, rng.sample(rest, k))
        return play

    def __repr__(self) -> str:
        return f"<LegalFollows: {self._total} follows>"


def legal_leads(hand: Sequence[Card], trump: Trump) -> LegalLeads:
    """The legal leads from ``hand`` as a lazy collection (R6.2).

    >>> import tuolaji as tl
    >>> t = tl.Trump(tl.Rank.TEN, tl.Suit.SPADES)
    >>> leads = legal_leads(tl.parse_cards("AH AH KH 3D"), t)
    >>> len(leads), tl.parse_cards("KH AH") in leads, tl.parse_cards("AH 3D") in leads
    (6, True, False)
    """
    return LegalLeads(hand, trump)


def legal_follows(
    lead: Sequence[Card],
    hand: Sequence[Card],
    trump: Trump,
    *,
    follow_draw: FollowDraw | None = None,
    tractor_protection: bool = False,
) -> LegalFollows:
    """The legal follows to ``lead`` from ``hand`` as a lazy collection (R7.1-R7.3), under the
    house rules ``follow_draw`` ([`Rules.follow_draw`][tuolaji.Rules.follow_draw]; None: its
    default) and ``tractor_protection``
    ([`Rules.tractor_protection`][tuolaji.Rules.tractor_protection]).

    >>> import tuolaji as tl
    >>> t = tl.Trump(tl.Rank.TEN, tl.Suit.SPADES)
    >>> follows = legal_follows(tl.parse_cards("KH KH"), tl.parse_cards("QH QH 3H 5D"), t)
    >>> [tl.format_cards(p) for p in follows]
    ['QH QH']
    """
    return LegalFollows(
        lead, hand, trump, follow_draw=follow_draw, tractor_protection=tractor_protection
    )


LegalPlays = LegalLeads | LegalFollows
"""What [`tuolaji.GameState.legal_plays`][tuolaji.GameState.legal_plays] returns: the leads or the
follows of a seat."""
