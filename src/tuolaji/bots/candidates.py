"""The plays a search bot ([`BestBot`][tuolaji.BestBot]) tries at a decision: a short list that
holds the plays worth comparing, built from the seat's [`PlayerView`][tuolaji.PlayerView] only.

* **Leads** (R6): the units of the hand (R3.3): tractors and pairs first, then the singles
  worth leading in each suit (its highest and its lowest card), and every **throw that
  stands** by the seat's knowledge: in one suit, all of the hand's units that no unseen unit
  of the same kind outranks (R6.3: nobody, partner included, may hold a higher single, pair
  or tractor). A throw is judged in a sampled world by that world's hands, where it might
  stand by chance; offering only throws that stand whatever the other hands hold keeps the
  search from choosing a throw that would fail at the table (R6.4, R6.5).
* **Follows** (R7): the plays that matter to the trick: the cheapest play that takes the
  trick now and the winning play with the most points, the play with the most points (to feed
  a winning partner) and the cheapest discard, then other legal follows drawn at random.

Both lists start with the greedy choice and hold each play once.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from tuolaji.bots.greedy import GreedyBot, is_master, unseen_tops
from tuolaji.core.cards import CARDS, POINTS
from tuolaji.core.legal import LegalFollows
from tuolaji.core.shapes import RawUnit, unit_ids
from tuolaji.core.trickids import challenge, lead_info_ids, winner_so_far
from tuolaji.core.trump import TrumpTable
from tuolaji.state.actions import ActionSet, Play, PlayActions
from tuolaji.state.view import PlayerView

__all__ = ["candidate_plays", "standing_throws"]


def _key(ids: Sequence[int]) -> tuple[int, ...]:
    return tuple(sorted(ids))


def _play(seat: int, ids: Sequence[int]) -> Play:
    return Play(seat, tuple([CARDS[c] for c in ids]))


def standing_throws(view: PlayerView) -> list[tuple[int, ...]]:
    """The throws (R6.3) of ``view``'s hand that stand whatever the hidden hands hold: per
    effective suit, all of its units that no unit unseen by the seat outranks (a higher single
    for a single, a higher pair for a pair or a tractor), when there are two units or more.
    Card ids, strongest unit first; a throw's legality under the rules (a preset may forbid
    throws) is the caller's to check."""
    trump = view.trump
    assert trump is not None  # a lead is made in the play phase
    table = trump.table
    outside, _ = GreedyBot(0).seen(view)  # the copies of each card the seat has not seen
    top_single, top_pair = unseen_tops(outside, table)
    by_suit: dict[int, list[RawUnit]] = {}
    for unit in unit_ids([c.id for c in view.hand], table):
        if is_master(unit, top_single, top_pair):
            by_suit.setdefault(unit.suit, []).append(unit)
    return [
        tuple([c for u in units for c in u.ids]) for units in by_suit.values() if len(units) > 1
    ]


def _lead_pool(view: PlayerView, table: TrumpTable) -> list[tuple[int, ...]]:
    """Lead candidates after the greedy choice, most promising first (see the module)."""
    hand_units = unit_ids([c.id for c in view.hand], table)
    throws = sorted(standing_throws(view), key=len, reverse=True)
    shaped = sorted(
        (u for u in hand_units if u.pairs),
        key=lambda u: (-u.pairs, -table.strength[u.ids[0]]),
    )
    singles: dict[int, list[RawUnit]] = {}
    for u in hand_units:
        if not u.pairs:
            singles.setdefault(u.suit, []).append(u)
    high = [units[0].ids for units in singles.values()]  # strongest first (R3.3's order)
    low = [units[-1].ids for units in singles.values()]
    return [*throws, *(u.ids for u in shaped), *high, *low]


def _follow_pool(
    view: PlayerView, actions: ActionSet, rng: random.Random, limit: int
) -> list[tuple[int, ...]]:
    """Follow candidates after the greedy choice (see the module), from at most ``limit``
    legal follows (all of them when there are no more, else a random sample)."""
    trump = view.trump
    assert trump is not None
    table, rules = trump.table, view.rules
    options: list[tuple[int, ...]]
    if isinstance(actions, PlayActions) and isinstance(actions.plays, LegalFollows):
        if len(actions) <= limit:
            options = [tuple(ids) for ids in actions.plays.iter_ids()]
        else:
            options = [tuple([c.id for c in actions.plays.sample(rng)]) for _ in range(limit)]
    else:
        chosen = (
            list(actions) if len(actions) <= limit else [actions.sample(rng) for _ in range(limit)]
        )
        options = [tuple([c.id for c in a.cards]) for a in chosen if isinstance(a, Play)]
    trick = [[c.id for c in p] for p in view.trick]
    lead = lead_info_ids(trick[0], table)
    so_far = winner_so_far(lead, trick, table, rules)
    me = len(trick)
    strength = table.strength

    def cost(ids: tuple[int, ...]) -> int:
        return sum([strength[c] for c in ids])

    def points(ids: tuple[int, ...]) -> int:
        return sum([POINTS[c] for c in ids])

    winners = [o for o in options if challenge(lead, so_far, me, o, table, rules).play_index == me]
    picks: list[tuple[int, ...]] = []
    if winners:
        picks.append(min(winners, key=lambda o: (cost(o), -points(o))))
        picks.append(max(winners, key=lambda o: (points(o), -cost(o))))
    if options:
        picks.append(max(options, key=lambda o: (points(o), -cost(o))))
        picks.append(min(options, key=lambda o: 10 * points(o) + cost(o)))
    rest = list(options)
    rng.shuffle(rest)
    return picks + rest


def candidate_plays(
    view: PlayerView, actions: ActionSet, first: Play, count: int, rng: random.Random
) -> list[Play]:
    """Up to ``count`` distinct legal plays of ``view``'s seat, ``first`` (the greedy choice)
    first, then the plays of the module's lists in their order. ``actions`` are the seat's
    legal plays; ``rng`` draws the random follows (and nothing for a lead)."""
    trump = view.trump
    assert trump is not None
    seat = view.seat
    out = [first]
    seen = {_key([c.id for c in first.cards])}
    if view.trick:
        pool = _follow_pool(view, actions, rng, 8 * count)
        checked = False  # drawn from the legal follows themselves
    else:
        pool = _lead_pool(view, trump.table)
        checked = True  # a throw may be illegal under the rules (or not stand by R6.3)
    for ids in pool:
        if len(out) >= count:
            break
        key = _key(ids)
        if key in seen:
            continue
        seen.add(key)
        play = _play(seat, ids)
        if checked and play not in actions:
            continue
        out.append(play)
    return out
