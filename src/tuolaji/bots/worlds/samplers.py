"""The four ways to deal the hidden cards of a view, given what each place may hold.

The places and their constraints come from
[`hidden_places`][tuolaji.bots.worlds.hidden_places];
[`deal_hidden`][tuolaji.bots.worlds.samplers.deal_hidden] gives card ids per place with one of
four samplers: the exact sampler (or plain shuffles, when its table would be too large), then,
when their draws keep being rejected, the constrained placement (or, when throws must be kept,
the pinned placement).

**Distribution.** The target is the chance distribution of the deal given those facts: each
assignment of hidden cards weighted by the number of ways a shuffle of the physical cards
produces it (a card whose two copies go to different places counts twice). The exact sampler
draws it on card ids: the hidden cards fall into classes by the places that may take them
(a void or a zero cap excludes a place); the table of how many cards of each class go to each
place is drawn with its exact weight (a product of multinomials, the completion counts
memoised per view), each class is split uniformly by those counts, and a draw that gives a
seat both copies of a card it may hold once (R7.3), that changes a throw's outcome, or that
would have made a past follow illegal (R7.3: a tractor held where separate pairs were played),
is drawn again. When a view's table would be too large to build quickly, plain shuffles are
drawn instead, rejected the same way. After [`SHUFFLE_TRIES`][tuolaji.bots.worlds.SHUFFLE_TRIES]
rejected draws ([`THROW_TRIES`][tuolaji.bots.worlds.THROW_TRIES] when throws or follows must be
kept) the constrained placement places the cards one kind at a time, each with the chance an
unconstrained deal would give, among the placements that keep the rest feasible (an exact
max-flow test over the places, so it never dead-ends). When throws must be kept, the pinned
placement first gives each blocker of a failed throw a unit beating its forced one, drawn among
those its caps allow, and is drawn again (at most ``THROW_TRIES`` times) until every throw comes
out as it did. That fallback is close to but not exactly the target; ``tests/bots/test_worlds.py``
measures both against exhaustive enumeration on small positions.
"""

from __future__ import annotations

import random
from bisect import bisect_right
from collections import Counter
from itertools import product
from operator import sub

from tuolaji.bots.worlds.constraints import HiddenPlaces
from tuolaji.core.cards import CARD_KINDS, DECK_SIZE
from tuolaji.core.errors import IllegalAction
from tuolaji.core.shapes import RawUnit
from tuolaji.core.trump import TrumpTable

__all__ = ["SHUFFLE_TRIES", "THROW_TRIES", "deal_hidden"]

SHUFFLE_TRIES = 24
"""Plain shuffles tried before the constrained placement (see the module docstring)."""

THROW_TRIES = 256
"""Exact draws tried, then constrained placements, when the hands must also agree with the
deal's throws (R6.3, R6.4: see the module docstring)."""


def _shuffle_deal(slots: HiddenPlaces, rng: random.Random) -> list[list[int]] | None:
    """One plain shuffle of the hidden cards; None when it breaks a cap."""
    cards = [c for c in range(CARD_KINDS) for _ in range(slots.pool[c])]
    rng.shuffle(cards)
    out: list[list[int]] = []
    at = 0
    for i, size in enumerate(slots.sizes):
        part = cards[at : at + size]
        at += size
        caps = slots.caps[i]
        seen: dict[int, int] = {}
        for c in part:
            n = seen.get(c, 0) + 1
            if n > caps[c]:
                return None
            seen[c] = n
        out.append(part)
    return out


def _placements(count: int, caps: list[int], need: list[int]) -> list[tuple[tuple[int, ...], int]]:
    """The ways to place ``count`` (1 or 2) copies of one card: per-place counts and the
    unconstrained deal's relative chance of each (places filled in proportion to room)."""
    n = len(caps)
    out: list[tuple[tuple[int, ...], int]] = []
    if count == 1:
        for i in range(n):
            if caps[i] >= 1 and need[i] >= 1:
                v = [0] * n
                v[i] = 1
                out.append((tuple(v), need[i]))
        return out
    for i in range(n):
        if caps[i] >= 2 and need[i] >= 2:
            v = [0] * n
            v[i] = 2
            out.append((tuple(v), need[i] * (need[i] - 1)))
        for j in range(i + 1, n):
            if caps[i] >= 1 and caps[j] >= 1 and need[i] >= 1 and need[j] >= 1:
                v = [0] * n
                v[i] = v[j] = 1
                out.append((tuple(v), 2 * need[i] * need[j]))
    return out


def _constrained_deal(slots: HiddenPlaces, rng: random.Random) -> list[list[int]]:
    """Place the hidden cards kind by kind, never leaving an infeasible rest (max-flow
    min-cut over the places: every set T of places can be filled by what may go there)."""
    n = len(slots.sizes)
    subsets = range(1 << n)
    kinds = [c for c in range(CARD_KINDS) if slots.pool[c]]
    rng.shuffle(kinds)
    capsum = {
        c: [
            min(slots.pool[c], sum(slots.caps[i][c] for i in range(n) if t >> i & 1))
            for t in subsets
        ]
        for c in kinds
    }
    room = [sum(capsum[c][t] for c in kinds) for t in subsets]
    need = list(slots.sizes)
    out: list[list[int]] = [[] for _ in range(n)]

    def fits(v: tuple[int, ...]) -> bool:
        for t in subsets:
            want = 0
            for i in range(n):
                if t >> i & 1:
                    want += need[i] - v[i]
            if want > room[t]:
                return False
        return True

    for c in kinds:
        for t in subsets:
            room[t] -= capsum[c][t]
        options = [(v, w) for v, w in _placements(slots.pool[c], slots.caps_of(c), need) if fits(v)]
        if not options:
            raise IllegalAction("R1.1", "no deal of the hidden cards fits what this seat knows")
        r = rng.randrange(sum(w for _, w in options))
        chosen = options[-1][0]
        for v, w in options:
            if r < w:
                chosen = v
                break
            r -= w
        for i in range(n):
            if chosen[i]:
                need[i] -= chosen[i]
                out[i].extend([c] * chosen[i])
    return out


def deal_hidden(
    slots: HiddenPlaces, rng: random.Random, tries: int = SHUFFLE_TRIES
) -> list[list[int]]:
    """Card ids for each hidden place (see the module docstring for the distribution): up
    to ``tries`` exact draws (or [`THROW_TRIES`][tuolaji.bots.worlds.THROW_TRIES] when throws
    or follows must also hold), then the constrained placement, drawn again until they hold
    (at most ``THROW_TRIES`` times)."""
    # Built on first use and kept with the places, for the next draws of the same view.
    sampler = slots.memo(_ClassSampler.build)
    if slots.checked and tries:
        tries = max(tries, THROW_TRIES)
    for _ in range(tries):
        dealt = _shuffle_deal(slots, rng) if sampler is None else sampler.draw(rng)
        if dealt is not None and slots.plays_hold(dealt):
            return dealt
    if not slots.checked:
        return _constrained_deal(slots, rng)
    for _ in range(THROW_TRIES):
        dealt = _pinned_deal(slots, rng)
        if dealt is not None and slots.plays_hold(dealt):
            return dealt
    raise IllegalAction(
        "R6.4", "no deal of the hidden cards found that agrees with the throws and follows (R7.3)"
    )


def _pinned_deal(slots: HiddenPlaces, rng: random.Random) -> list[list[int]] | None:
    """The constrained placement after giving, for every failed throw, each seat the event
    names (one other seat at random when the blockers are not public) a unit beating the
    forced one, chosen at random among those the caps and the hidden cards allow (R6.3,
    R6.4); None when the chosen units do not fit."""
    assert slots.rules is not None and slots.table is not None  # set with the throws
    pool, sizes = list(slots.pool), list(slots.sizes)
    caps = [list(row) for row in slots.caps]
    pins: list[list[int]] = [[] for _ in slots.places]
    for fact, known in slots.throws:
        event = fact.failed
        tried = fact.tried
        if event is None or not tried:
            continue
        seats = event.beaten_by or (rng.choice([(fact.seat + i) % 4 for i in (1, 2, 3)]),)
        for seat in seats:
            if seat not in slots.places:
                continue  # the viewer: its own hand is known
            i = slots.places.index(seat)
            held = Counter(known[seat]) + Counter(pins[i])
            options = []
            for unit in _beating_units(tried[-1], fact.info.suit, slots.table):
                need = Counter(unit) - held
                if sum(need.values()) <= sizes[i] and all(
                    pool[c] >= n and caps[i][c] >= n for c, n in need.items()
                ):
                    options.append(need)
            if not options:
                return None
            for c, n in rng.choice(options).items():
                pool[c] -= n
                caps[i][c] -= n
                sizes[i] -= n
                pins[i] += [c] * n
    rest = HiddenPlaces(
        places=slots.places,
        sizes=sizes,
        pool=pool,
        caps=caps,
        pinned=slots.pinned,
        kitty_pins=slots.kitty_pins,
    )
    try:
        dealt = _constrained_deal(rest, rng)
    except IllegalAction:
        return None
    return [[*pinned, *ids] for pinned, ids in zip(pins, dealt, strict=True)]


def _beating_units(unit: RawUnit, suit: int, table: TrumpTable) -> list[list[int]]:
    """The card ids of every unit of effective suit ``suit`` of the same kind as ``unit``
    and higher (R6.3): a higher single, a higher pair, or k pairs at consecutive positions
    with a higher top."""
    at: dict[int, list[int]] = {}
    for c in range(CARD_KINDS):
        if table.suit[c] == suit:
            at.setdefault(table.pos[c], []).append(c)
    k = max(unit.pairs, 1)
    out: list[list[int]] = []
    for top in sorted(p for p in at if p > unit.top):
        if any(top - j not in at for j in range(k)):
            continue
        for ids in product(*(at[top - j] for j in range(k))):
            out.append([c for c in ids for _ in range(2 if unit.pairs else 1)])
    return out


def _splits(n: int, allowed: tuple[int, ...], room: tuple[int, ...]) -> list[tuple[int, ...]]:
    """Every way to put ``n`` cards in the ``allowed`` places, at most ``room[i]`` in place
    ``i``: per-place counts over all places."""
    out: list[tuple[int, ...]] = []
    counts = [0] * len(room)
    last = len(allowed) - 1

    def fill(j: int, left: int) -> None:
        place = allowed[j]
        if j == last:
            if left <= room[place]:
                counts[place] = left
                out.append(tuple(counts))
                counts[place] = 0
            return
        for x in range(min(left, room[place]) + 1):
            counts[place] = x
            fill(j + 1, left - x)
        counts[place] = 0

    if allowed:
        fill(0, n)
    elif n == 0:
        out.append(tuple(counts))
    return out


_FACTORIAL = [1]
for _n in range(1, DECK_SIZE + 1):
    _FACTORIAL.append(_FACTORIAL[-1] * _n)


def _multinomial(n: int, counts: tuple[int, ...]) -> int:
    ways = _FACTORIAL[n]
    for k in counts:
        if k > 1:
            ways //= _FACTORIAL[k]
    return ways


class _TooLarge(Exception):
    """The table of a view's class placements would take too long to build."""


class _ClassSampler:
    """The plain shuffle conditioned on every constraint, drawn directly.

    The hidden cards fall into *classes*: the cards with the same set of places that may
    take them (a zero cap elsewhere: a void, R7.2, or a card a seat cannot hold, R7.3). A
    shuffle that respects the zero caps is a table of how many cards of each class go to each
    place, weighted by the shuffles giving it (a product of multinomials), then a uniform
    split of each class by those counts. The table is drawn class by class with exact
    completion counts (memoised per view; the last class takes what is left), and the few
    caps of one (no pair left, R7.3) are kept by rejecting the draws that break them: the
    result is exactly the conditioned shuffle.

    When the last class may go anywhere (the usual case: the cards nobody is known to lack),
    the class before it needs no table: placing its ``n`` cards and then the last class's
    ``m`` into room ``r`` can be done in ``P(R, n) * m! / prod(r_i!)`` ways (``R``: the room
    of the places it may take; Vandermonde's identity sums its splits), and its draw is ``n``
    distinct slots among those ``R``, uniformly (a multivariate hypergeometric split). The
    table then stops one class earlier, which is most of its size."""

    WORK_LIMIT = 20_000
    """Placements enumerated per view at most; beyond, `build` gives None."""

    __slots__ = (
        "_choices",
        "_closed",
        "_last",
        "_once_places",
        "_outside_last",
        "_ways",
        "_work",
        "allowed",
        "classes",
        "once",
        "sizes",
    )

    def __init__(self, slots: HiddenPlaces) -> None:
        n = len(slots.sizes)
        groups: dict[tuple[int, ...], list[int]] = {}
        caps = slots.caps
        for c in range(CARD_KINDS):
            if slots.pool[c]:
                allowed = tuple([i for i in range(n) if caps[i][c]])
                groups.setdefault(allowed, []).extend([c] * slots.pool[c])
        # The widest class last: its placement is then what the others leave.
        order = sorted(groups, key=lambda a: (len(a), a))
        self.allowed = order
        self.classes = [groups[a] for a in order]
        self.sizes = tuple(slots.sizes)
        # Per place, the cards of which it may take one copy of two (R7.3).
        twice = [c for c in range(CARD_KINDS) if slots.pool[c] == 2]
        self.once = [frozenset([c for c in twice if caps[i][c] == 1]) for i in range(n)]
        self._once_places = [(i, once) for i, once in enumerate(self.once) if once]
        self._last = len(order) - 1
        # The places the last class may not take: a room left there cannot be filled.
        self._outside_last = tuple(i for i in range(n) if order and i not in order[-1])
        # The class whose completion count is closed (see the class docstring), or -1.
        self._closed = self._last - 1 if self._last >= 1 and not self._outside_last else -1
        self._ways: dict[tuple[int, tuple[int, ...]], int] = {}
        self._choices: dict[tuple[int, tuple[int, ...]], tuple[list[tuple[int, ...]], list[int]]]
        self._choices = {}
        self._work = 0

    @classmethod
    def build(cls, slots: HiddenPlaces) -> _ClassSampler | None:
        """The sampler of ``slots``, or None when its table is too large to build quickly.
        Raises [`IllegalAction`][tuolaji.IllegalAction] when no placement fits."""
        sampler = cls(slots)
        try:
            total = sampler._count(0, sampler.sizes)
        except _TooLarge:
            return None
        if not total:
            raise IllegalAction("R1.1", "no deal of the hidden cards fits what this seat knows")
        return sampler

    def _count(self, j: int, room: tuple[int, ...]) -> int:
        """The shuffles placing classes ``j`` on exactly into ``room`` (per place)."""
        last = self._last
        if last < 0:
            return 0 if any(room) else 1  # nothing hidden (the deal is over)
        if j == last:
            for i in self._outside_last:
                if room[i]:
                    return 0
            return _multinomial(len(self.classes[j]), room)
        if j == self._closed:
            n = len(self.classes[j])
            free = sum([room[i] for i in self.allowed[j]])
            if free < n:
                return 0
            ways = _FACTORIAL[free] // _FACTORIAL[free - n] * _FACTORIAL[len(self.classes[last])]
            for r in room:
                if r > 1:
                    ways //= _FACTORIAL[r]
            return ways
        key = (j, room)
        known = self._ways.get(key)
        if known is not None:
            return known
        options = _splits(len(self.classes[j]), self.allowed[j], room)
        self._work += len(options)
        if self._work > self.WORK_LIMIT:
            raise _TooLarge
        kept: list[tuple[int, ...]] = []
        cumulative: list[int] = []
        total = 0
        n = len(self.classes[j])
        for k in options:
            ways = self._count(j + 1, tuple(map(sub, room, k)))
            if ways:
                ways *= _multinomial(n, k)
                total += ways
                kept.append(k)
                cumulative.append(total)
        self._ways[key] = total
        self._choices[key] = (kept, cumulative)
        return total

    def draw(self, rng: random.Random) -> list[list[int]] | None:
        """Card ids per place; None when the draw breaks a cap of one (draw again)."""
        room = self.sizes
        out: list[list[int]] = [[] for _ in room]
        last = len(self.classes) - 1
        rand = rng.random
        for j, cards in enumerate(self.classes):
            if j == self._closed:
                # n distinct slots among the room of the places the class may take, each
                # card to the next slot drawn: a uniform placement of the class.
                slots = [i for i in self.allowed[j] for _ in range(room[i])]
                taken = list(room)
                for c, i in zip(cards, rng.sample(slots, len(cards)), strict=True):
                    out[i].append(c)
                    taken[i] -= 1
                room = tuple(taken)
                continue
            if j == last:
                counts = room
            else:
                kept, cumulative = self._choices[(j, room)]
                counts = kept[bisect_right(cumulative, rng.randrange(cumulative[-1]))]
                room = tuple(map(sub, room, counts))
            # Sorting by independent uniform keys is a uniform permutation (a tie has
            # probability 2**-53), at a fraction of random.shuffle's cost.
            mixed = sorted(cards, key=lambda _: rand())
            at = 0
            for i in self.allowed[j]:
                k = counts[i]
                if k:
                    out[i] += mixed[at : at + k]
                    at += k
        for i, once in self._once_places:
            held = [c for c in out[i] if c in once]
            if len(set(held)) != len(held):
                return None
        return out
