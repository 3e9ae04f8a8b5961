"""What each hidden place of a view may hold: the constraints a sampled world keeps.

[`hidden_places`][tuolaji.bots.worlds.hidden_places] reads a view and its
[`Knowledge`][tuolaji.Knowledge] into [`HiddenPlaces`][tuolaji.bots.worlds.HiddenPlaces]: the
places cards may be hidden in (the other hands, a hidden kitty or the rest of the deck while
dealing, the cards a [`for_play`][tuolaji.GameState.for_play] position left out), how many cards
each takes, and per place and card id the most copies it may take:

* every hand has its public size, and every card exists twice (R1.1);
* each seat keeps the cards it has shown and not played (R4.2,
  [`tuolaji.bots.knowledge`][tuolaji.bots.knowledge]), unless its deductions say it buried them
  (R5.1), and the cards of its failed throws it took back and has not played (R6.4);
* no seat holds a card of a suit it is known to be void in (R7.2), nor both copies of a card
  in a suit where it showed it had no pair left (R7.3);
* a kitty card turned up by R4.6 stays where it was turned, until the kitty is taken.

What the caps cannot say (a throw that must come out as it did, R6.3 and R6.4; a follow that
must stay legal, R7.3) is kept as checks on whole hands:
[`HiddenPlaces.plays_hold`][tuolaji.bots.worlds.HiddenPlaces.plays_hold] tells the samplers
([`tuolaji.bots.worlds.samplers`][tuolaji.bots.worlds.samplers]) which draws to reject.

**Not modelled** (a sampled world ignores them, which biases it slightly): what players'
choices reveal (bids not made, throws not tried), the exact tractor structure R7.3 implies
beyond "no pair left", the twin of a turned kitty card (R4.6 ``twin``), the points of a seat
that did or did not ask for a weak-hand redeal (R4.7), and whether the burier buried cards it
had shown: a shown card stays in its shower's hand, unless a void or a cap says it cannot be
there, and then it is in the kitty.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from typing import TypeVar, cast

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
from tuolaji.core.cards import CARD_KINDS, DECK_SIZE, Card
from tuolaji.core.errors import IllegalAction
from tuolaji.core.rules import Rules
from tuolaji.core.trickids import throw_verdict
from tuolaji.core.trump import TrumpTable
from tuolaji.state.actions import CardsDealt, Phase, TrumpRevealed
from tuolaji.state.bookkeeping import last_index
from tuolaji.state.view import PlayerView

__all__ = ["PRE_KITTY_PHASES", "HiddenPlaces", "hidden_places"]

PRE_KITTY_PHASES = (Phase.CLOSING, Phase.WEAK_HAND, Phase.FIRST_COUNTERS)
"""The phases after the deal and before the kitty is taken: a kitty card turned up then (R4.6)
is public at its index, and a world's deck is still read back from its hands and kitty."""

Built = TypeVar("Built")


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
        "_checked_suits",
        "_memo",
        "_plan",
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
        self._memo: dict[Callable[[HiddenPlaces], object], object] = {}
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

    def memo(self, build: Callable[[HiddenPlaces], Built]) -> Built:
        """``build(self)``, computed on the first call with ``build`` and kept for the next:
        what a sampler derives from the places alone (the exact sampler's table) is built once
        for the many draws of one view. An exception from ``build`` is not kept."""
        try:
            return cast(Built, self._memo[build])
        except KeyError:
            value = self._memo[build] = build(self)
            return value

    def caps_of(self, card: int) -> list[int]:
        """Per place, at most how many copies of card id ``card`` it may take."""
        return [row[card] for row in self.caps]

    @property
    def checked(self) -> bool:
        """Whether a draw must also be checked on whole hands (throws or follows to keep)."""
        return bool(self.throws or self.follows)

    def plays_hold(self, dealt: list[list[int]]) -> bool:
        """Whether card ids per place (as [`deal_hidden`][tuolaji.bots.worlds.samplers.deal_hidden]
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
    and the fact is [`settled`][tuolaji.bots.knowledge.ThrowFact.settled] (no tractor among
    the units its outcome rules out): the caps (R6.3,
    [`throw_caps`][tuolaji.bots.knowledge.throw_caps]) then keep hidden cards from beating a
    unit a seat could not beat, and more cards cannot undo a beating unit."""
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
        if fact.settled and throw_fact_holds(fact, then, rules, table):
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
        hidden_kitty = view.rules.kitty_size  # R4.1: none with no kitty
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
    if view.phase in PRE_KITTY_PHASES and hidden_kitty == view.rules.kitty_size > 0:
        # R4.6: every kitty card turned up in this attempt is public, at its index.
        start = last_index(view.events, CardsDealt)
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
