"""Sampled worlds: full game states consistent with what one seat knows (determinization).

[`sample_world`][tuolaji.bots.worlds.sample_world] deals the cards a seat cannot see (the other
hands, a hidden kitty, or the rest of the deck while dealing) at random, so that

* every hand has its public size, and every card exists twice (R1.1);
* each seat keeps the cards it has shown and not played (R4.2,
  [`tuolaji.bots.knowledge`][tuolaji.bots.knowledge]), unless its deductions say it buried them
  (R5.1), and the cards of its failed throws it took back and has not played (R6.4);
* no seat holds a card of a suit it is known to be void in (R7.2), nor both copies of a card
  in a suit where it showed it had no pair left (R7.3);
* every throw comes out as it did (R6.3, R6.4): the engine's throw check against the hands
  then (now plus what was played since) finds that a throw that stood stands, and that a
  failed one fails with the same forced unit and, when `Rules.throw_blocker_public`, the same
  blockers. What fits per-card caps is a cap (no higher single, no higher pair, R6.3); the
  rest (no higher tractor; a blocker holding a beating unit) is kept by rejecting draws;
* a kitty card turned up by R4.6 stays where it was turned, until the kitty is taken;
* the seat's own view is unchanged: ``world.view(view.seat) == view``.

**Distribution.** The target is the chance distribution of the deal given those facts: each
assignment of hidden cards weighted by the number of ways a shuffle of the physical cards
produces it (a card whose two copies go to different places counts twice). The sampler draws
it exactly, on card ids: the hidden cards fall into classes by the places that may take them
(a void or a zero cap excludes a place); the table of how many cards of each class go to each
place is drawn with its exact weight (a product of multinomials, the completion counts
memoised per view), each class is split uniformly by those counts, and a draw that gives a
seat both copies of a card it may hold once (R7.3), that changes a throw's outcome, or that
would have made a past follow illegal (R7.3: a tractor held where separate pairs were played),
is drawn again. After [`SHUFFLE_TRIES`][tuolaji.bots.worlds.SHUFFLE_TRIES] rejected draws
([`THROW_TRIES`][tuolaji.bots.worlds.THROW_TRIES] when throws or follows must be kept; or when a
view's table would be too large to build quickly, then with plain shuffles) it places the cards one
kind at a time, each with the chance an unconstrained deal would give, among the placements
that keep the rest feasible (an exact max-flow test over the places, so it never dead-ends).
When throws must be kept, that placement starts by giving each blocker of a failed throw a
unit beating its forced one, drawn among those its caps allow, and is drawn again (at most
``THROW_TRIES`` times) until every throw comes out as it did. When none does, a shown card
kept with its shower (R4.2) may be what leaves a blocker no room for its beating unit: the
burier buried it, so the draws are made again with every shown card in the hidden kitty.
Only a view that fits neither raises [`IllegalAction`][tuolaji.IllegalAction] (none in the
7,593 views after failed throws of the test games, 2 fallback draws each). That fallback
is close to but not exactly the target; ``tests/bots/test_worlds.py`` measures both against
exhaustive enumeration on small positions. The draw works on card ids; the
[`GameState`][tuolaji.GameState] is built from them once, at the end;
[`sample_worlds`][tuolaji.bots.worlds.sample_worlds] draws a batch.

**Not modelled** (a sampled world ignores them, which biases it slightly): what players'
choices reveal (bids not made, throws not tried), the exact tractor structure R7.3 implies
beyond "no pair left", the twin of a turned kitty card (R4.6 ``twin``), the
points of a seat that did or did not ask for a weak-hand redeal (R4.7), and whether the
burier buried cards it had shown: a shown card stays in its shower's hand, unless a void or
a cap says it cannot be there, and then it is in the kitty. The shuffled
``deck`` is rebuilt while dealing and until the kitty is taken; after that it is empty, as in
[`GameState.for_play`][tuolaji.GameState.for_play].
"""

from __future__ import annotations

import random
import warnings
from bisect import bisect_right
from collections import Counter
from collections.abc import Callable, Sequence
from itertools import product
from operator import sub

from tuolaji.bots.knowledge import (
    FollowFact,
    Knowledge,
    ThrowFact,
    follow_fact_holds,
    knowledge_of,
    throw_fact_holds,
    throw_outcome,
    verdict_agrees,
)
from tuolaji.core._args import expect_type
from tuolaji.core.caching import BoundedCache
from tuolaji.core.cards import CARD_KINDS, CARDS, DECK_SIZE, KITTY_SIZE, Card, full_deck
from tuolaji.core.errors import ConfigurationError, IllegalAction, cut
from tuolaji.core.rules import Rules
from tuolaji.core.shapes import RawUnit
from tuolaji.core.trickids import throw_verdict
from tuolaji.core.trump import TrumpTable
from tuolaji.state.actions import (
    CardsDealt,
    Hand,
    Phase,
    TrumpRevealed,
)
from tuolaji.state.gamestate import GameState, bookkeeping_of
from tuolaji.state.view import PlayerView

__all__ = [
    "SHUFFLE_TRIES",
    "THROW_TRIES",
    "HiddenPlaces",
    "hidden_places",
    "sample_world",
    "sample_worlds",
]

_RENAMED = {"Slots": "HiddenPlaces", "hidden_slots": "hidden_places"}
"""Names of 0.2 kept for one release (a name that says what the thing is)."""

SHUFFLE_TRIES = 24
"""Plain shuffles tried before the constrained placement (see the module docstring)."""

THROW_TRIES = 256
"""Exact draws tried, then constrained placements, when the hands must also agree with the
deal's throws (R6.3, R6.4: see the module docstring)."""

_FULL_DECK = full_deck()
_PRE_KITTY = (Phase.CLOSING, Phase.WEAK_HAND, Phase.FIRST_COUNTERS)


class HiddenPlaces:
    """The hidden places of a view and what may go where.

    ``places``: the seats (other than the viewer) and then, when it is hidden, the kitty
    (or the rest of the deck while dealing) as ``KITTY`` (-2), and the cards a position
    made by [`for_play`][tuolaji.GameState.for_play] leaves out as ``GONE`` (-3); ``sizes[i]``: how
    many hidden cards place ``i`` takes; ``pool[c]``: hidden copies of card id ``c``;
    ``caps[i][c]``: at most how many copies of ``c`` place ``i`` may take; ``pinned[i]``:
    cards known to be at place ``i`` (shown cards); ``kitty_pins``: the turned kitty cards
    ``(index, card)`` (R4.6), by index; ``known``: per seat 0..3, the card ids known to be
    in its hand (the viewer's hand, the pinned cards); ``throws``: the throws whose outcome
    depends on hidden cards beyond the caps (R6.3, R6.4,
    [`ThrowFact`][tuolaji.bots.knowledge.ThrowFact]), each with the known cards of its suit
    in every hand then, and ``follows``: the follows whose legality depends on hidden cards
    beyond the caps (R7.3, [`FollowFact`][tuolaji.bots.knowledge.FollowFact]), each with the
    known cards of its suit in the follower's hand then (both checked only when ``rules`` and
    ``table`` are given).
    """

    KITTY = -2
    GONE = -3
    """The cards a [`for_play`][tuolaji.GameState.for_play] position left out of the deal."""

    __slots__ = (
        "_built",
        "_checked_suits",
        "_plan",
        "_sampler",
        "_suit",
        "caps",
        "follows",
        "kitty_pins",
        "known",
        "pinned",
        "places",
        "pool",
        "rules",
        "sizes",
        "table",
        "throws",
    )

    def __init__(
        self,
        *,
        places: list[int],
        sizes: list[int],
        pool: list[int],
        caps: list[list[int]],
        pinned: list[list[Card]],
        kitty_pins: tuple[tuple[int, Card], ...],
        throws: tuple[ThrowFact, ...] = (),
        follows: tuple[FollowFact, ...] = (),
        known: Sequence[Sequence[int]] = ((), (), (), ()),
        rules: Rules | None = None,
        table: TrumpTable | None = None,
    ) -> None:
        self.places = places
        self.sizes = sizes
        self.pool = pool
        self.caps = caps
        self.pinned = pinned
        self.kitty_pins = kitty_pins
        self.known = known
        self.throws = _throw_checks(throws, known, pool, rules, table)
        self.follows = _follow_checks(follows, places, known, pool, table)
        self.rules = rules
        self.table = table
        self._sampler: _ClassSampler | None = None
        self._built = False
        self._plan: tuple[_Check, ...] = ()
        self._suit: Sequence[int] = ()
        self._checked_suits: frozenset[int] = frozenset()
        if rules is not None and table is not None and (self.throws or self.follows):
            self._suit = table.suit
            self._plan = (
                *(_throw_check(check, rules, table) for check in self.throws),
                *(_follow_check(check, rules, table) for check in self.follows),
            )
            self._checked_suits = frozenset(
                [f.info.suit for f, _ in self.throws] + [f.lead.suit for f, _ in self.follows]
            )

    def _exact_sampler(self) -> _ClassSampler | None:
        """The exact sampler of these places (built on first use, kept for the next draws),
        or None when its table would be too large (then `deal_hidden` uses the fallback)."""
        if not self._built:
            self._sampler = _ClassSampler.build(self)
            self._built = True
        return self._sampler

    def caps_of(self, card: int) -> list[int]:
        """Per place, at most how many copies of card id ``card`` it may take."""
        return [row[card] for row in self.caps]

    @property
    def checked(self) -> bool:
        """Whether a draw must also be checked on whole hands (throws or follows to keep)."""
        return bool(self.throws or self.follows)

    def plays_hold(self, dealt: list[list[int]]) -> bool:
        """Whether card ids per place (as [`deal_hidden`][tuolaji.bots.worlds.deal_hidden]
        gives them) agree with every throw (R6.3, R6.4) and every follow (R7.3) the caps do
        not settle."""
        plan = self._plan
        if not plan:
            return True
        suit = self._suit
        wanted = self._checked_suits
        # The hidden cards of each seat in the suits some check reads, by effective suit.
        by_suit: list[dict[int, list[int]]] = [{}, {}, {}, {}]
        for place, ids in zip(self.places, dealt, strict=True):
            if place >= 0:
                mine = by_suit[place]
                for c in ids:
                    x = suit[c]
                    if x in wanted:
                        held = mine.get(x)
                        if held is None:
                            mine[x] = [c]
                        else:
                            held.append(c)
        for k, check in enumerate(plan):
            if not check(by_suit):
                if k:
                    # The check that failed goes first next time: a view's draws tend to
                    # fail on the same throw. A new tuple, so that a draw in another thread
                    # still reads a whole plan.
                    self._plan = (check, *plan[:k], *plan[k + 1 :])
                return False
        return True

    def allows(self, counts: list[list[int]]) -> bool:
        """Whether per-place card counts respect the sizes, the pool and every cap."""
        for i, row in enumerate(counts):
            if sum(row) != self.sizes[i] or any(
                n > m for n, m in zip(row, self.caps[i], strict=True)
            ):
                return False
        return all(
            sum(counts[i][c] for i in range(len(counts))) == self.pool[c] for c in range(CARD_KINDS)
        )


_ThrowCheck = tuple[ThrowFact, tuple[tuple[int, ...], ...]]
"""A throw to check, and per seat the known card ids of its suit in the hand then."""


_Check = Callable[[list[dict[int, list[int]]]], bool]
"""A check of a draw: given per seat its hidden card ids by effective suit, whether a throw
or a follow comes out as it did."""


def _throw_check(check: _ThrowCheck, rules: Rules, table: TrumpTable) -> _Check:
    """The check that a draw leaves ``check``'s throw with the verdict its event records."""
    fact, then = check
    seat, info, x = fact.seat, fact.info, fact.info.suit
    outcome = throw_outcome(fact, rules)
    turn = [(seat + i) % 4 for i in (1, 2, 3)]
    known = [then[s] for s in turn]

    def holds(by_suit: list[dict[int, list[int]]]) -> bool:
        others = [[*k, *by_suit[s].get(x, ())] for k, s in zip(known, turn, strict=True)]
        return verdict_agrees(outcome, throw_verdict(info, others, table, rules))

    return holds


def _follow_check(check: _FollowCheck, rules: Rules, table: TrumpTable) -> _Check:
    """The check that a draw leaves ``check``'s follow legal (R7.3)."""
    follow, held = check
    seat, x = follow.seat, follow.lead.suit

    def holds(by_suit: list[dict[int, list[int]]]) -> bool:
        return follow_fact_holds(follow, [*held, *by_suit[seat].get(x, ())], rules, table)

    return holds


def _throw_checks(
    facts: Sequence[ThrowFact],
    known: Sequence[Sequence[int]],
    pool: Sequence[int],
    rules: Rules | None,
    table: TrumpTable | None,
) -> tuple[_ThrowCheck, ...]:
    """The throws a draw must be checked against, each with the known cards of its suit in
    every hand when it was led (known now, or played since). A throw needs no check when its
    outcome cannot depend on the hidden cards: when no hidden card of its suit lies above the
    lowest position a beating unit may reach (a single or a pair must top the unit; a tractor
    of k pairs may start k - 1 below its top), or when the known cards alone give its outcome
    and no tractor is among the units tried up to the forced one (R6.4's order): the caps
    (R6.3, [`throw_caps`][tuolaji.bots.knowledge.throw_caps]) then keep hidden cards from
    beating a unit nobody beat, and more cards cannot undo a beating unit."""
    out: list[_ThrowCheck] = []
    if rules is None or table is None:
        return ()
    suit, pos = table.suit, table.pos
    top_hidden: dict[int, int] = {}  # per effective suit, the highest position hidden
    for c in range(CARD_KINDS):
        if pool[c] and pos[c] > top_hidden.get(suit[c], -1):
            top_hidden[suit[c]] = pos[c]
    for fact in facts:
        x = fact.info.suit
        floor = min(u.top - max(u.pairs, 1) + 1 for u in fact.info.units)
        if top_hidden.get(x, -1) <= floor:
            continue
        then = tuple(
            tuple([c for c in (*h, *since) if suit[c] == x])
            for h, since in zip(known, fact.played_since, strict=True)
        )
        if all(u.pairs <= 1 for u in fact.tried) and throw_fact_holds(fact, then, rules, table):
            continue
        out.append((fact, then))
    return tuple(out)


_FollowCheck = tuple[FollowFact, tuple[int, ...]]
"""A follow to check, and the known card ids of its suit in the follower's hand then."""


def _follow_checks(
    facts: Sequence[FollowFact],
    places: Sequence[int],
    known: Sequence[Sequence[int]],
    pool: Sequence[int],
    table: TrumpTable | None,
) -> tuple[_FollowCheck, ...]:
    """The follows a draw must be checked against (R7.3), each with the known cards of its
    suit in the follower's hand then. A follow needs no check when its seat's hand is known
    (the viewer's) or no hidden card of its suit is left: the known cards then decide it."""
    if table is None:
        return ()
    suit = table.suit
    out: list[_FollowCheck] = []
    for fact in facts:
        x = fact.lead.suit
        if fact.seat not in places or not any(pool[c] and suit[c] == x for c in range(CARD_KINDS)):
            continue
        mine = (*known[fact.seat], *fact.played_since)
        out.append((fact, tuple(c for c in mine if suit[c] == x)))
    return tuple(out)


def _last(events: Sequence[object], kind: type) -> int:
    """The index of the last event of type ``kind``, or -1."""
    n = len(events)
    for i, event in enumerate(reversed(events)):
        if isinstance(event, kind):
            return n - 1 - i
    return -1


def _caps(
    view: PlayerView, know: Knowledge, places: list[int], pool: list[int], pinned: list[list[Card]]
) -> list[list[int]]:
    """Per place and card id, the most copies the place may take (R7.2, R7.3, R4.2)."""
    suit = view.trump.table.suit if view.trump is not None else None
    caps: list[list[int]] = []
    for i, place in enumerate(places):
        if place in (HiddenPlaces.KITTY, HiddenPlaces.GONE):
            caps.append(list(pool))
            continue
        void = know.voids[place]
        limit = know.caps[place]
        held = Counter(c.id for c in pinned[i])
        row = list(pool)  # a cap of 2 is no cap: pool[c] <= 2
        for c in {*limit, *held}:
            row[c] = max(0, min(pool[c], limit.get(c, 2) - held[c]))
        if suit is not None and void:
            for c in range(CARD_KINDS):
                if suit[c] in void:
                    row[c] = 0
        caps.append(row)
    return caps


def _pin_shown(
    view: PlayerView,
    know: Knowledge,
    place: int,
    pool: list[int],
    buried: list[Card],
    *,
    bury_shown: bool = False,
) -> list[Card]:
    """The cards seat ``place`` is known to hold: the cards of its failed throws it took back
    (R6.4), then its shown cards (R4.2); a shown card it cannot hold (a void, a cap, no room)
    was buried (R5.1) and goes to ``buried``, and so does every shown card when
    ``bury_shown``. All leave ``pool``."""
    suit = view.trump.table.suit if view.trump is not None else None
    pins = list(know.revealed[place])
    for card in pins:
        pool[card.id] -= 1  # a negative count is refused by hidden_places (R1.1)
    taken_back = Counter(pins)
    for card in view.shown[place]:
        if taken_back[card]:
            taken_back[card] -= 1  # the same card, shown in a bid and in the throw
            continue
        if pool[card.id] <= 0:
            continue  # this seat sees where that copy is (the kitty it buried)
        limit = know.caps[place].get(card.id, 2)
        void = suit is not None and suit[card.id] in know.voids[place]
        if bury_shown or void or pins.count(card) >= limit or len(pins) >= view.hand_sizes[place]:
            buried.append(card)
        else:
            pins.append(card)
        pool[card.id] -= 1
    return pins


def hidden_places(view: PlayerView, *, bury_shown: bool = False) -> HiddenPlaces:
    """The hidden places of ``view`` with their sizes and constraints (see
    [`HiddenPlaces`][tuolaji.bots.worlds.HiddenPlaces]).

    ``bury_shown``: every shown card is put in the hidden kitty (R4.2, R5.1) instead of its
    shower's hand (the sampler's last resort when a throw cannot be kept otherwise, R6.4).

    Raises [`IllegalAction`][tuolaji.IllegalAction] when the view is not consistent (more copies
    known than exist)."""
    know = knowledge_of(view)
    me = view.seat
    played = sum(len(p) for p in know.played)
    kitty_known = len(view.kitty) if view.kitty is not None else 0
    if view.phase is Phase.DEALING:
        hidden_kitty = DECK_SIZE - sum(view.hand_sizes)
    elif view.phase is Phase.BURYING or view.kitty is not None:
        hidden_kitty = 0
    else:
        hidden_kitty = KITTY_SIZE
    # A position built by GameState.for_play leaves some cards out of the deal entirely.
    gone = DECK_SIZE - sum(view.hand_sizes) - played - kitty_known - hidden_kitty
    places = [s for s in range(4) if s != me]
    if hidden_kitty > 0:
        places.append(HiddenPlaces.KITTY)
    if gone > 0:
        places.append(HiddenPlaces.GONE)
    pool = list(know.unseen)
    pinned: list[list[Card]] = []
    sizes: list[int] = []
    buried: list[Card] = []
    for place in places:
        if place in (HiddenPlaces.KITTY, HiddenPlaces.GONE):
            pinned.append([])
            sizes.append(hidden_kitty if place == HiddenPlaces.KITTY else gone)
            continue
        pins = _pin_shown(view, know, place, pool, buried, bury_shown=bury_shown)
        pinned.append(pins)
        sizes.append(view.hand_sizes[place] - len(pins))
    if buried:
        if HiddenPlaces.KITTY not in places:
            raise IllegalAction("R4.2", "a shown card is neither held nor in a kitty")
        k = places.index(HiddenPlaces.KITTY)
        pinned[k] = buried
        sizes[k] -= len(buried)
    kitty_pins: list[tuple[int, Card]] = []
    if view.phase in _PRE_KITTY and hidden_kitty == KITTY_SIZE:
        # R4.6: every kitty card turned up in this attempt is public, at its index.
        start = _last(view.events, CardsDealt)
        for event in list(view.events)[start + 1 :]:
            if isinstance(event, TrumpRevealed):
                kitty_pins.append((event.index, event.card))
                pool[event.card.id] -= 1
                sizes[places.index(HiddenPlaces.KITTY)] -= 1
        kitty_pins.sort(key=lambda pin: pin[0])
    if any(n < 0 for n in pool) or sum(pool) != sum(sizes):
        raise IllegalAction("R1.1", "the view holds more copies of a card than exist")
    caps = _caps(view, know, places, pool, pinned)
    known: list[tuple[int, ...]] = [(), (), (), ()]
    known[me] = tuple(c.id for c in view.hand)
    for place, pins in zip(places, pinned, strict=True):
        if place >= 0:
            known[place] = tuple(c.id for c in pins)
    return HiddenPlaces(
        places=places,
        sizes=sizes,
        pool=pool,
        caps=caps,
        pinned=pinned,
        kitty_pins=tuple(kitty_pins),
        throws=tuple(f for f in know.throws if not f.capped),
        follows=know.follows,
        known=tuple(known),
        rules=view.rules,
        table=view.trump.table if view.trump is not None else None,
    )


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
    sampler = slots._exact_sampler()
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


def sample_world(view: PlayerView, rng: random.Random) -> GameState:
    """A full [`GameState`][tuolaji.GameState] consistent with ``view`` (see the module docstring),
    drawn with ``rng`` only: the same rng state gives the same world.

    What does not depend on the draw (the slots, the exact sampler's table and the state's
    bookkeeping fields) is computed once per view and kept for the last few views, since a
    search bot samples many worlds of one view."""
    _check_arguments(view, rng)
    return _world(view, _prepared(view), rng)


def sample_worlds(view: PlayerView, rng: random.Random, count: int) -> list[GameState]:
    """``count`` worlds of ``view`` for a search: the worlds that ``count`` calls of
    [`sample_world`][tuolaji.bots.worlds.sample_world] with ``rng`` give, with the arguments
    checked and the view prepared once."""
    _check_arguments(view, rng)
    if isinstance(count, bool) or not isinstance(count, int):
        raise TypeError(f"count must be an int, got {type(count).__name__}")
    if count < 0:
        raise ConfigurationError(f"count is a number of worlds, 0 or more; got {cut(count)}")
    prepared = _prepared(view)
    return [_world(view, prepared, rng) for _ in range(count)]


def _check_arguments(view: object, rng: object) -> None:
    expect_type(view, PlayerView, "view")
    expect_type(rng, random.Random, "rng")


class _Prepared:
    __slots__ = ("_buried_shown", "bookkeeping", "slots", "view")

    def __init__(self, view: PlayerView) -> None:
        self.view = view  # held so that its id is not reused while cached
        self.slots = hidden_places(view)
        self.bookkeeping = bookkeeping_of(view)
        self._buried_shown: HiddenPlaces | None = None

    def buried_shown(self) -> HiddenPlaces:
        """The places of the view with every shown card in the hidden kitty (built once)."""
        if self._buried_shown is None:
            self._buried_shown = hidden_places(self.view, bury_shown=True)
        return self._buried_shown


# Keyed by the view's event log (shared by every view of one state, so a view made again
# for the same state, as OpenSpiel's resampling does at each iteration, finds the entry) and
# seat; a hit is used only for an equal view. The entry holds the view, so the log's identity
# is not reused while it lives. A bot samples many worlds of one view in a row: a few entries
# are enough.
_PREPARED: BoundedCache[tuple[int, int], _Prepared] = BoundedCache(32)


def _prepared(view: PlayerView) -> _Prepared:
    key = (id(view.events), view.seat)
    hit = _PREPARED.get(key)
    if hit is not None and (hit.view is view or hit.view == view):
        return hit
    hit = _Prepared(view)
    _PREPARED.put(key, hit)
    return hit


def _world(view: PlayerView, prepared: _Prepared, rng: random.Random) -> GameState:
    slots = prepared.slots

    try:
        dealt = deal_hidden(slots, rng)
    except IllegalAction:
        if not slots.checked:
            raise
        # A shown card kept with its shower (R4.2) may leave no room for a unit the seat
        # beat a throw with (R6.4): the burier buried it. Then every shown card goes to the
        # hidden kitty (refused as above when there is none or it is too small).
        slots = prepared.buried_shown()
        dealt = deal_hidden(slots, rng)
    hands: list[Hand] = [(), (), (), ()]
    hands[view.seat] = view.hand
    kitty: Hand = view.kitty if view.kitty is not None else ()
    rest: list[Card] = []
    for i, place in enumerate(slots.places):
        cards = [CARDS[c] for c in dealt[i]]
        if place == HiddenPlaces.GONE:
            continue
        if place == HiddenPlaces.KITTY:
            cards = [*slots.pinned[i], *cards]
            rng.shuffle(cards)
            for index, card in slots.kitty_pins:
                cards.insert(index, card)
            rest = cards
        else:
            mine = [*slots.pinned[i], *cards]
            if view.phase is Phase.DEALING:
                rng.shuffle(mine)  # the order of a hand while dealing is the dealing order
            hands[place] = tuple(mine)
    bookkeeping = prepared.bookkeeping
    first = bookkeeping.first_seat
    deck: Hand = ()
    if view.phase is Phase.DEALING or view.phase in _PRE_KITTY:
        order: list[Card] = []
        taken = [0, 0, 0, 0]
        for i in range(sum(len(h) for h in hands)):
            seat = (first + i) % 4
            order.append(hands[seat][taken[seat]])
            taken[seat] += 1
        deck = (*order, *rest)
    elif bookkeeping.dealt:
        # Issue #19: from burying on, the shuffle cannot be read back from the hands (the
        # kitty changed hands); a dealt deal still has a deck, so the world records the 108
        # cards in id order (nothing reads the deck once every card is dealt).
        deck = _FULL_DECK
    if view.phase not in (Phase.DEALING, Phase.BURYING) and view.kitty is None:
        kitty = tuple(rest)
    return GameState.from_view(
        view,
        hands=hands,
        kitty=kitty,
        deck=deck,
        seed=rng.randrange(1 << 31),
        bookkeeping=bookkeeping,
    )


def __getattr__(name: str) -> object:
    if name in _RENAMED:
        new = _RENAMED[name]
        warnings.warn(
            f"tuolaji.bots.worlds.{name} is deprecated: use {new}", DeprecationWarning, stacklevel=2
        )
        return globals()[new]
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
