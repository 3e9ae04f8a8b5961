"""The heuristic [`GreedyBot`][tuolaji.GreedyBot]: counts cards and plays the cheapest winning or
safest losing play, with simple bidding and burying rules. Randomness comes only from its own
``random.Random``, so a game is reproducible from its seed and the bots' seeds.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence
from collections.abc import Set as AbstractSet

from tuolaji.core._args import check_count, check_seed
from tuolaji.core.caching import memoize
from tuolaji.core.cards import CARD_KINDS, CARDS, POINTS, SEATS, Card, Rank, Suit
from tuolaji.core.legal import LegalFollows
from tuolaji.core.limits import MAX_LIST
from tuolaji.core.rules import Rules
from tuolaji.core.scoring import team_of
from tuolaji.core.shapes import RawUnit, unit_ids
from tuolaji.core.trickids import (
    LeadInfo,
    challenge,
    follow_proof,
    lead_info_ids,
    single_lead_follow_proof,
    winner_so_far,
)
from tuolaji.core.trump import TRUMP, Trump, TrumpTable
from tuolaji.state.actions import (
    Action,
    ActionSet,
    AskRedeal,
    Bury,
    Declare,
    Pass,
    Phase,
    Play,
    PlayActions,
    Trick,
)
from tuolaji.state.view import PlayerView

__all__ = [
    "GreedyBot",
    "SeenCards",
    "add_voids",
    "bid_trump_table",
    "burial_ids",
    "follow_candidates",
    "greedy_play_ids",
    "is_master",
    "trump_share",
    "unseen_tops",
]


def _ids(cards: tuple[Card, ...]) -> tuple[int, ...]:
    return tuple([c.id for c in cards])


_PLAYING = Phase.PLAYING  # a module global reads faster than the enum's attribute
_BIDDING = frozenset((Phase.DEALING, Phase.CLOSING, Phase.FIRST_COUNTERS, Phase.COUNTERS))
# The share of trumps a bid would give the hand before it bids while cards are dealt. Measured
# against 0.32 (issue #24, 2,000 deal pairs): declaring less often gains +0.2 levels per pair
# by returns() (R9.1) and wins as many whole matches.
_BID_SHARE = 0.38
_SAFE_TRUMPS = 9  # trumps in the burier's 33 cards above which buried points are safe


@memoize(limit=256)  # 13 levels x 5 trump choices: never full
def bid_trump_table(level: Rank, suit: Suit | None) -> TrumpTable:
    """The trump table a bid would make: ``suit`` trump (None: no trump) at ``level`` (R4.2).
    One shared object per pair, as the bots ask it for every candidate bid."""
    return Trump(level, suit).table


def trump_share(hand: Sequence[int], table: TrumpTable) -> float:
    """The share of ``hand`` (card ids) that is trump under ``table`` (0 for no cards): what
    `GreedyBot` bids by, and the contract's later-deal bids
    ([`LATER_DEAL_SHARE`][tuolaji.bots.contract.LATER_DEAL_SHARE])."""
    if not hand:
        return 0.0
    suit = table.suit
    return sum([suit[c] == TRUMP for c in hand]) / len(hand)


def _strength_cost(ids: Sequence[int], table: TrumpTable) -> int:
    # Trumps are worth more than any side card of the same order.
    strength, suit = table.strength, table.suit
    if len(ids) == 1:
        c = ids[0]
        return strength[c] + (20 if suit[c] == TRUMP else 0)
    return sum(strength[c] + (20 if suit[c] == TRUMP else 0) for c in ids)


def _points(ids: Sequence[int]) -> int:
    return POINTS[ids[0]] if len(ids) == 1 else sum(POINTS[c] for c in ids)


class GreedyBot:
    """A sensible heuristic player.

    Bids on its longest suit. Buries whole short side suits to make voids (R7.2), keeps
    trumps, pairs and top cards, and buries points only with a long trump holding (R8.2: the
    kitty's points count multiplied for the side that wins the last trick). Leads units no one
    can beat (counting the cards it has seen, and not into an opponent known to be void), else
    a suit its partner can ruff, else draws trumps when its side deals and is long in them,
    else the lowest card of its shortest side suit. Following, it gives points to a partner
    whose play will take the trick, wins tricks cheaply (ruffing only for points), and
    otherwise plays its cheapest cards.
    """

    def __init__(self, seed: int | None = 0, candidates: int = 200) -> None:
        # Checked here, where a bad value is made, not deep inside a later decision.
        self.rng = random.Random(check_seed("GreedyBot", seed))
        self.candidates = check_count(
            "GreedyBot", "candidates", candidates, MAX_LIST, "plays compared per decision"
        )
        self._facts: _PublicFacts | None = None  # see seen(): public, kept between decisions

    def act(self, view: PlayerView, actions: ActionSet) -> Action:
        """The heuristic choice among ``actions``."""
        if view.phase is _PLAYING:
            return self._play(view, actions)
        if view.phase is Phase.BURYING:
            return self._bury(view, actions)
        if view.phase is Phase.WEAK_HAND:
            return AskRedeal(view.seat)
        return self._bid(view, actions)

    # --- bidding ---------------------------------------------------------------------------

    def _bid(self, view: PlayerView, actions: ActionSet) -> Action:
        ids = _ids(view.hand)
        best: tuple[float, Action] = (0.0, Pass(view.seat))
        current = 0.0 if view.trump is None else trump_share(ids, view.trump.table)
        for action in actions:
            if not isinstance(action, Declare):
                continue
            ranked = [c for c in action.cards if not c.is_joker]
            top = ranked[0].rank if ranked else None
            level = top if isinstance(top, Rank) else view.levels[team_of(view.seat)]
            suit = ranked[0].suit if ranked else None
            share = trump_share(ids, bid_trump_table(level, suit))
            if share > best[0]:
                best = (share, action)
        share, action = best
        if view.phase in (Phase.COUNTERS, Phase.FIRST_COUNTERS):
            return action if share >= current + 0.12 else Pass(view.seat)
        enough = len(ids) >= 8 and share >= _BID_SHARE
        return action if enough or (view.phase is Phase.CLOSING and share > 0) else Pass(view.seat)

    # --- burying ---------------------------------------------------------------------------

    def _bury(self, view: PlayerView, actions: ActionSet) -> Action:
        trump = view.trump
        assert trump is not None
        table = trump.table
        hand = _ids(view.hand)
        # R8.2: the kitty's points count multiplied for the attackers when they win the last
        # trick; with a long trump holding the dealer's side usually wins it, so points are
        # safe there (and a point card without its suit's top is lost in play anyway).
        points_safe = sum([table.suit[c] == TRUMP for c in hand]) >= _SAFE_TRUMPS
        # R5.1: bury as many cards as the kitty held.
        buried = burial_ids(hand, table, view.rules.kitty_size, points_safe=points_safe)
        return Bury(view.seat, tuple([CARDS[c] for c in buried]))

    # --- playing ---------------------------------------------------------------------------

    def _options(self, actions: ActionSet) -> list[list[int]]:
        """The follows compared: every legal one, or ``candidates`` draws of them when there
        are more (as card ids, each in canonical order)."""
        if isinstance(actions, PlayActions) and isinstance(actions.plays, LegalFollows):
            return follow_candidates(actions.plays, self.candidates, self.rng)
        if len(actions) <= self.candidates:
            return [[c.id for c in a.cards] for a in actions if isinstance(a, Play)]
        seen: dict[tuple[int, ...], list[int]] = {}
        for _ in range(self.candidates):
            action = actions.sample(self.rng)
            assert isinstance(action, Play)
            ids = [c.id for c in action.cards]
            seen[tuple(sorted(ids))] = ids
        return list(seen.values())

    def _play(self, view: PlayerView, actions: ActionSet) -> Action:
        trump = view.trump
        assert trump is not None
        trick = [[c.id for c in p] for p in view.trick]
        chosen = greedy_play_ids(
            view.seat,
            () if trick else [c.id for c in view.hand],  # a follow reads the options
            trick,
            leader=view.leader,
            dealer=view.dealer,
            options=self._options(actions) if trick else (),
            table=trump.table,
            rules=view.rules,
            seen=lambda: self.seen(view),
        )
        play = Play(view.seat, tuple([CARDS[c] for c in chosen]))
        assert trick or play in actions  # a lead is one unit of the hand (R6.2)
        return play

    def seen(self, view: PlayerView) -> SeenCards:
        """What ``view``'s seat has worked out from public play, as the play decisions read it
        (see [`SeenCards`][tuolaji.bots.greedy.SeenCards]): the copies of each card it has not
        seen (its hand, the tricks, the kitty it buried) and the R7.2 voids of every seat
        ([`seen_ids`][tuolaji.GreedyBot.seen_ids] of the view's cards)."""
        trump = view.trump
        assert trump is not None
        known = [c.id for c in view.hand]
        known += [c.id for c in view.kitty or ()]
        trick = [[c.id for c in p] for p in view.trick]
        return self.seen_ids(trump.table, view.rules, view.tricks, view.leader, trick, known)

    def seen_ids(  # noqa: PLR0917
        self,
        table: TrumpTable,
        rules: Rules,
        tricks: tuple[Trick, ...],
        leader: int,
        trick: Sequence[Sequence[int]],
        known: Sequence[int],
    ) -> SeenCards:
        """[`seen`][tuolaji.GreedyBot.seen] on card ids: a seat that knows the cards ``known``
        besides the tricks (its hand, and the kitty when it buried it, R5.1), after the
        finished ``tricks`` and the current ``trick`` led by ``leader``.

        The finished tricks' share is kept between decisions of one deal and extended trick
        by trick (it is public, so the same for every seat and every world sampled from a
        view); only the current trick and the seat's own cards are read anew."""
        facts = self._facts
        if facts is None or not facts.extends_to(tricks, table, rules):
            facts = self._facts = _PublicFacts(table, rules)
        facts.extend(tricks)
        outside = [2 - n for n in facts.played]
        for c in known:
            outside[c] -= 1
        for p in trick:
            for c in p:
                outside[c] -= 1
        voids: Sequence[AbstractSet[int]] = facts.voids
        if len(trick) > 1:
            current = [set(v) for v in facts.voids]
            add_voids(current, leader, trick, table, rules)
            voids = current
        return outside, voids


SeenCards = tuple[Sequence[int], Sequence[AbstractSet[int]]]
"""What a seat has worked out from public play, as
[`greedy_play_ids`][tuolaji.bots.greedy.greedy_play_ids] reads it: per card id, the copies it
has not seen (``2`` minus those in its hand, in the tricks and in a kitty it buried), and per
seat, the effective suits (R2.1) that seat is known to be void in (R7.2, as
[`no_pair_caps`][tuolaji.bots.knowledge.no_pair_caps] finds them)."""


class _PublicFacts:
    """The public share of [`SeenCards`][tuolaji.bots.greedy.SeenCards] for a deal's finished
    tricks ``tricks``: per card id the copies played, per seat the R7.2 voids; extended
    trick by trick."""

    __slots__ = ("played", "rules", "table", "tricks", "voids")

    def __init__(self, table: TrumpTable, rules: Rules) -> None:
        self.table = table
        self.rules = rules
        self.tricks: tuple[Trick, ...] = ()
        self.played = [0] * CARD_KINDS
        self.voids: list[set[int]] = [set(), set(), set(), set()]

    def extends_to(self, tricks: tuple[Trick, ...], table: TrumpTable, rules: Rules) -> bool:
        """Whether ``tricks`` begin with the tricks read so far, under the same trump and
        rules (the tricks of one deal share their objects: comparing them is cheap)."""
        n = len(self.tricks)
        return (
            self.table is table
            and (self.rules is rules or self.rules == rules)
            and len(tricks) >= n
            and (tricks is self.tricks or tricks[:n] == self.tricks)
        )

    def extend(self, tricks: tuple[Trick, ...]) -> None:
        """Read the tricks of ``tricks`` after those read so far."""
        if tricks is self.tricks:
            return
        played = self.played
        for t in tricks[len(self.tricks) :]:
            plays = [[c.id for c in p] for p in t.plays]
            for ids in plays:
                for c in ids:
                    played[c] += 1
            add_voids(self.voids, t.leader, plays, self.table, self.rules)
        self.tricks = tricks


def add_voids(
    voids: Sequence[set[int]],
    leader: int,
    plays: Sequence[Sequence[int]],
    table: TrumpTable,
    rules: Rules,
) -> None:
    """Add to ``voids`` (per seat, effective suits) what the follows of one trick (``plays``
    from ``leader`` on, as card ids) prove (R7.2: a card outside the led suit, see
    [`follow_proof`][tuolaji.core.trickids.follow_proof])."""
    lead = plays[0]
    led = table.suit[lead[0]]
    info = lead_info_ids(lead, table) if len(lead) > 1 else None
    for i in range(1, len(plays)):
        proof = (
            single_lead_follow_proof(led, plays[i], table)
            if info is None
            else follow_proof(info, plays[i], table, rules)
        )
        if proof.void:
            voids[(leader + i) % 4].add(led)


def follow_candidates(plays: LegalFollows, candidates: int, rng: random.Random) -> list[list[int]]:
    """The follows [`GreedyBot`][tuolaji.GreedyBot] compares, as card ids in canonical order:
    every legal one when there are ``candidates`` or fewer, else the distinct plays of
    ``candidates`` draws from ``rng`` (in the order first drawn)."""
    if len(plays) <= candidates:
        return list(plays.iter_ids())
    drawn: dict[tuple[int, ...], list[int]] = {}
    for _ in range(candidates):
        ids = [c.id for c in plays.sample(rng)]
        drawn[tuple(sorted(ids))] = ids
    return list(drawn.values())


def greedy_play_ids(
    seat: int,
    hand: Sequence[int],
    trick: Sequence[Sequence[int]],
    *,
    leader: int,
    dealer: int | None,
    options: Sequence[Sequence[int]],
    table: TrumpTable,
    rules: Rules,
    seen: Callable[[], SeenCards],
    lead: LeadInfo | None = None,
) -> Sequence[int]:
    """[`GreedyBot`][tuolaji.GreedyBot]'s play, on card ids: the one definition that
    `GreedyBot.act` and [`greedy_rollout`][tuolaji.bots.rollout.greedy_rollout] both call.

    ``seat`` plays to ``trick`` (the plays so far, from ``leader`` on; empty: ``seat``
    leads); ``hand``: its cards (read for a lead only: the lead is one unit of the hand, R6.2,
    never a throw); ``dealer``: the deal's dealer; ``options``: the follows to choose from
    (ignored for a lead); ``seen()``: what the seat knows from public play (called only when
    the decision needs it); ``lead``: ``trick[0]`` described, when the caller has it.
    Returns the chosen play's card ids: an element of ``options`` for a follow. Decides
    only from what the seat may know: its own cards, the trick and ``seen()``.
    """
    if not trick:
        return _lead_ids(seat, hand, dealer, table, seen())
    if len(options) == 1:
        return options[0]  # the only play: each rule below would pick it
    if lead is None:
        lead = lead_info_ids(trick[0], table)
    costs = _costs(table)
    if all([len(o) == 1 for o in options]):
        points = [POINTS[o[0]] for o in options]
        cost = [costs[o[0]] for o in options]
    else:
        points = [sum([POINTS[c] for c in o]) for o in options]
        cost = [sum([costs[c] for c in o]) for o in options]
    partner = (seat + 2) % 4
    best = winner_so_far(lead, trick, table, rules)
    winning = (leader + best.play_index) % SEATS
    me = len(trick)
    # Each choice is the first option with the best key, as min() and max() pick it.
    if winning == partner and (me == 3 or _stands(seat, trick, lead.suit, table, seen)):
        # The partner takes the trick: give it points, cheap cards first.
        feed = [(p, -c) for p, c in zip(points, cost, strict=True)]
        return options[feed.index(max(feed))]
    dump = [10 * p + c for p, c in zip(points, cost, strict=True)]
    if winning != partner:
        winners = [
            i
            for i, o in enumerate(options)
            if challenge(lead, best, me, o, table, rules).play_index == me
        ]
        if winners:
            choice = min(winners, key=lambda i: (cost[i], -points[i]))
            gain = sum([_points(p) for p in trick]) + points[choice]
            ruff = lead.suit != TRUMP and table.suit[options[choice][0]] == TRUMP
            # A trick without points is worth the lead, but not a trump spent on it.
            if gain or not ruff:
                return options[choice]
    return options[dump.index(min(dump))]


class _TableCache:
    """What the play decisions read of one trump table, worked out once: per card id the
    cost of playing it, per effective suit its cards from the highest position down, and the
    canonical split (R3.3) of the suit holdings met so far."""

    __slots__ = ("costs", "ranked", "table", "units")

    def __init__(self, table: TrumpTable) -> None:
        self.table = table
        # Trumps are worth more than any side card of the same order.
        self.costs = tuple([_strength_cost((c,), table) for c in range(CARD_KINDS)])
        ranked: list[list[tuple[int, int]]] = [[], [], [], [], []]
        for c in range(CARD_KINDS):
            ranked[table.suit[c]].append((c, table.pos[c]))
        for cards in ranked:
            cards.sort(key=lambda cp: -cp[1])
        self.ranked = ranked
        self.units: dict[tuple[int, ...], list[RawUnit]] = {}


_TABLES: dict[int, _TableCache] = {}


def _cache(table: TrumpTable) -> _TableCache:
    """The `_TableCache` of ``table``."""
    known = _TABLES.get(id(table))
    if known is not None and known.table is table:
        return known
    if len(_TABLES) > 16:  # tables of past deals
        _TABLES.clear()
    known = _TABLES[id(table)] = _TableCache(table)
    return known


def _costs(table: TrumpTable) -> tuple[int, ...]:
    """Per card id, what playing it costs the hand (its strength; trumps cost more)."""
    return _cache(table).costs


def _hand_units(hand: Sequence[int], table: TrumpTable) -> list[RawUnit]:
    """``unit_ids(hand, table)`` (`tuolaji.core.shapes`, R3.3), suit by suit: a
    suit's split depends on its cards alone, and a hand keeps most suits from one lead to
    the next (and from one rollout of a world to the next), so each is remembered."""
    suit = table.suit
    by_suit: dict[int, list[int]] = {}
    for c in hand:
        s = suit[c]
        if s in by_suit:
            by_suit[s].append(c)
        else:
            by_suit[s] = [c]
    cache = _cache(table)
    known = cache.units
    if len(known) > 2048:  # a few deals' holdings: bounded memory
        known.clear()
    out: list[RawUnit] = []
    for s in (TRUMP, 0, 1, 2, 3):
        cards = by_suit.get(s)
        if cards:
            cards.sort()
            key = tuple(cards)
            units = known.get(key)
            if units is None:
                units = known[key] = unit_ids(key, table)
            out += units
    return out


def _stands(
    seat: int,
    trick: Sequence[Sequence[int]],
    led: int,
    table: TrumpTable,
    seen: Callable[[], SeenCards],
) -> bool:
    """Whether the partner's lead, still winning, cannot be beaten by the last seat: each
    of its units is a master (nothing above it unseen, R7.4) and, led in a side suit, the
    last seat is not known to be void there (R7.2: it could ruff)."""
    if len(trick) != 2:
        return False
    outside, voids = seen()
    top_single, top_pair = unseen_tops(outside, table)
    if not all(is_master(u, top_single, top_pair) for u in _hand_units(trick[0], table)):
        return False
    if led == TRUMP:
        return True
    return led not in voids[(seat + 1) % 4]


def _lead_ids(
    seat: int, hand: Sequence[int], dealer: int | None, table: TrumpTable, seen: SeenCards
) -> tuple[int, ...]:
    outside, voids = seen
    top_single, top_pair = unseen_tops(outside, table)
    hand_units = _hand_units(hand, table)  # the split of units() (R3.3)
    opponents = voids[(seat + 1) % 4] | voids[(seat + 3) % 4]
    partner_voids = voids[(seat + 2) % 4]
    trumps_out = top_single[TRUMP] >= 0  # a trump unseen once or more
    # A side-suit master wins unless an opponent known to be void ruffs it (R7.2).
    masters = [
        u
        for u in hand_units
        if is_master(u, top_single, top_pair)
        and (u.suit == TRUMP or u.suit not in opponents or not trumps_out)
    ]
    if masters:
        # Side-suit winners first (they draw points), bigger units first.
        best = max(masters, key=lambda u: (u.suit != TRUMP, len(u.ids), u.top))
        return best.ids
    side = [u for u in hand_units if u.suit != TRUMP and u.pairs == 0]
    # A suit the partner can ruff and the opponents cannot: the partner takes the trick.
    preferred = [u for u in side if u.suit in partner_voids and u.suit not in opponents]
    lengths = [0] * 5  # cards per effective suit
    suit = table.suit
    for c in hand:
        lengths[suit[c]] += 1
    low_trumps = [u for u in hand_units if u.suit == TRUMP and not u.pairs and not POINTS[u.ids[0]]]
    dealers = dealer is not None and team_of(seat) == team_of(dealer)
    if dealers and len(low_trumps) >= 0.4 * len(hand):
        # The dealer's side, long in trumps, draws the attackers' trumps: their ruffs
        # would take points, and the last trick decides the kitty (R8.2).
        preferred = low_trumps
    pool = preferred or side or [u for u in hand_units if u.pairs == 0] or hand_units
    # No points, then the shortest suit (toward a void), then the lowest card.
    low = min(
        pool,
        key=lambda u: (POINTS[u.ids[0]], lengths[u.suit], table.strength[u.ids[0]]),
    )
    return low.ids


def burial_ids(
    hand: Sequence[int], table: TrumpTable, size: int, *, points_safe: bool
) -> list[int]:
    """The ``size`` cards of ``hand`` (card ids) to bury (R5.1), as GreedyBot buries them.

    Whole short side suits go first, shortest first, while they fit (R7.2: a void lets the
    side ruff), unless the suit holds a pair or its best side card (its ace, or the king under
    a level ace), or holds points and ``points_safe`` is false (R8.2: the kitty's points count
    multiplied for the attackers who win the last trick). The rest are the cards least worth
    keeping: side cards before trumps, points late unless safe, pairs and strong cards last,
    short suits first."""
    counts = Counter(hand)
    by_suit: dict[int, list[int]] = {}
    for c in hand:
        by_suit.setdefault(table.suit[c], []).append(c)

    def tops(suit: int) -> bool:
        cards = by_suit[suit]
        return any(counts[c] == 2 for c in cards) or any(
            table.pos[c] == table.suit_size[suit] - 1 for c in cards
        )

    buried: list[int] = []
    side = sorted((s for s in by_suit if s != TRUMP), key=lambda s: len(by_suit[s]))
    for suit in side:
        cards = by_suit[suit]
        if len(buried) + len(cards) > size or tops(suit):
            continue
        if not points_safe and any(POINTS[c] for c in cards):
            continue
        buried += cards
    rest = Counter(hand)
    rest.subtract(buried)
    sizes = {s: len(v) for s, v in by_suit.items()}

    def keep_value(c: int) -> float:
        suit = table.suit[c]
        value = float(table.strength[c]) + (1000 if suit == TRUMP else 0)
        value += (5 if points_safe else 25) * POINTS[c] + (30 if counts[c] == 2 else 0)
        return value + 3 * sizes[suit]  # short side suits go first

    left = sorted(rest.elements(), key=keep_value)
    return buried + left[: size - len(buried)]


def unseen_tops(outside: Sequence[int], table: TrumpTable) -> tuple[list[int], list[int]]:
    """Per effective suit, the highest position of a card unseen once or more, and twice."""
    top_single = [-1] * 5
    top_pair = [-1] * 5
    for s, cards in enumerate(_cache(table).ranked):
        # From the highest position down: the first card unseen gives the single's top,
        # the first unseen twice the pair's (and nothing below it matters).
        for c, pos in cards:
            left = outside[c]
            if left:
                if top_single[s] < 0:
                    top_single[s] = pos
                if left == 2:
                    top_pair[s] = pos
                    break
    return top_single, top_pair


def is_master(unit: RawUnit, top_single: list[int], top_pair: list[int]) -> bool:
    """A unit no unseen unit of its kind outranks (R7.4): nothing unseen above its top."""
    return unit.top >= (top_pair if unit.pairs else top_single)[unit.suit]
