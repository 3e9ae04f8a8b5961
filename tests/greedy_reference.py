"""GreedyBot and greedy_rollout as they were before their play decisions moved to card ids
(issue 32 item 4): the reference that the id-level decisions and the fast rollout must agree
with exactly (``tests/bots/test_greedy_ids.py``, ``tests/bots/test_rollout.py``). A frozen
copy, never imported by the package; do not improve it.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Sequence

from tuolaji.bots.knowledge import no_pair_caps
from tuolaji.core._args import check_count, check_seed
from tuolaji.core.caching import memoize
from tuolaji.core.cards import CARD_KINDS, CARDS, POINTS, SEATS, Card, Rank, Suit
from tuolaji.core.legal import LegalFollows
from tuolaji.core.limits import MAX_LIST
from tuolaji.core.scoring import team_of
from tuolaji.core.shapes import RawUnit, unit_ids
from tuolaji.core.trickids import challenge, lead_info_ids, winner_so_far
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
)
from tuolaji.state.gamestate import GameState
from tuolaji.state.view import PlayerView

__all__ = ["ReferenceGreedyBot", "reference_greedy_rollout"]


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
def _effective_suits(level: Rank, suit: Suit | None) -> tuple[int, ...]:
    """Per card id, its effective suit if ``suit`` were trump at ``level`` (a bid's trump)."""
    return Trump(level, suit).table.suit


def _strength_cost(ids: Sequence[int], table: TrumpTable) -> int:
    # Trumps are worth more than any side card of the same order.
    strength, suit = table.strength, table.suit
    if len(ids) == 1:
        c = ids[0]
        return strength[c] + (20 if suit[c] == TRUMP else 0)
    return sum(strength[c] + (20 if suit[c] == TRUMP else 0) for c in ids)


def _points(ids: Sequence[int]) -> int:
    return POINTS[ids[0]] if len(ids) == 1 else sum(POINTS[c] for c in ids)


class ReferenceGreedyBot:
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
        self.rng = random.Random(check_seed("ReferenceGreedyBot", seed))
        self.candidates = check_count(
            "ReferenceGreedyBot", "candidates", candidates, MAX_LIST, "plays compared per decision"
        )

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
        hand = view.hand
        best: tuple[float, Action] = (0.0, Pass(view.seat))
        current = 0.0
        if view.trump is not None:
            current = sum(view.trump.is_trump(c) for c in hand) / max(len(hand), 1)
        ids = _ids(hand)
        for action in actions:
            if not isinstance(action, Declare):
                continue
            ranked = [c for c in action.cards if not c.is_joker]
            top = ranked[0].rank if ranked else None
            level = top if isinstance(top, Rank) else view.levels[team_of(view.seat)]
            suit = ranked[0].suit if ranked else None
            suits = _effective_suits(level, suit)
            share = sum([suits[c] == TRUMP for c in ids]) / max(len(hand), 1)
            if share > best[0]:
                best = (share, action)
        share, action = best
        if view.phase in (Phase.COUNTERS, Phase.FIRST_COUNTERS):
            return action if share >= current + 0.12 else Pass(view.seat)
        enough = len(hand) >= 8 and share >= _BID_SHARE
        return action if enough or (view.phase is Phase.CLOSING and share > 0) else Pass(view.seat)

    # --- burying ---------------------------------------------------------------------------

    def _bury(self, view: PlayerView, actions: ActionSet) -> Action:
        trump = view.trump
        assert trump is not None
        table = trump.table
        hand = _ids(view.hand)
        size = view.rules.kitty_size  # R5.1: bury as many cards as the kitty held
        counts = Counter(hand)
        by_suit: dict[int, list[int]] = {}
        for c in hand:
            by_suit.setdefault(table.suit[c], []).append(c)
        trumps = len(by_suit.get(TRUMP, ()))
        # R8.2: the kitty's points count multiplied for the attackers when they win the last
        # trick; with a long trump holding the dealer's side usually wins it, so points are
        # safe there (and a point card without its suit's top is lost in play anyway).
        points_safe = trumps >= _SAFE_TRUMPS

        def tops(suit: int) -> bool:
            # The suit's best side card (its ace, or the king under a level ace) or a pair.
            cards = by_suit[suit]
            return any(counts[c] == 2 for c in cards) or any(
                table.pos[c] == table.suit_size[suit] - 1 for c in cards
            )

        # Void whole short side suits first (R7.2: a void lets the declarers ruff), shortest
        # first, while they fit in the kitty and hold no pair or top card worth keeping.
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
        buried += left[: size - len(buried)]
        return Bury(view.seat, tuple([CARDS[c] for c in buried]))

    # --- playing ---------------------------------------------------------------------------

    def _options(self, actions: ActionSet) -> list[tuple[Card, ...]]:
        plays: Iterable[tuple[Card, ...]]
        if isinstance(actions, PlayActions):
            plays = actions.plays  # the card tuples, without Play wrappers
        else:
            plays = (a.cards for a in actions if isinstance(a, Play))
        if len(actions) <= self.candidates:
            return list(plays)
        seen: dict[tuple[int, ...], tuple[Card, ...]] = {}
        for _ in range(self.candidates):
            action = actions.sample(self.rng)
            assert isinstance(action, Play)
            seen[tuple(sorted(c.id for c in action.cards))] = action.cards
        return list(seen.values())

    def _play(self, view: PlayerView, actions: ActionSet) -> Action:
        trump = view.trump
        assert trump is not None
        if not view.trick:
            return Play(view.seat, self._lead(view, trump, actions))
        table = trump.table
        if isinstance(actions, PlayActions) and len(actions) <= self.candidates:
            plays = actions.plays
            # Listed as ids (same order as listing the card tuples); cards only for the choice.
            option_ids = list(plays.iter_ids()) if isinstance(plays, LegalFollows) else None
        else:
            option_ids = None
        options: list[tuple[Card, ...]] | None = None
        if option_ids is None:
            options = self._options(actions)
            option_ids = [[c.id for c in p] for p in options]
        trick = [[c.id for c in p] for p in view.trick]
        on_table = sum(_points(p) for p in trick)
        partner = (view.seat + 2) % 4
        lead = lead_info_ids(trick[0], table)
        rules = view.rules
        best = winner_so_far(lead, trick, table, rules)
        winning = (view.leader + best.play_index) % SEATS
        me = len(trick)
        last = me == 3

        def wins(i: int) -> bool:
            after = challenge(lead, best, me, option_ids[i], table, rules)
            return after.play_index == me

        def feed(i: int) -> tuple[int, int]:
            return _points(option_ids[i]), -_strength_cost(option_ids[i], table)

        def cheap_win(i: int) -> tuple[int, int]:
            return _strength_cost(option_ids[i], table), -_points(option_ids[i])

        def dump(i: int) -> int:
            return 10 * _points(option_ids[i]) + _strength_cost(option_ids[i], table)

        indices = range(len(option_ids))
        if winning == partner and (last or self._stands(view, trick, lead.suit, table)):
            choice = max(indices, key=feed)  # the partner takes the trick: give it points
        elif winning != partner and (winners := [i for i in indices if wins(i)]):
            choice = min(winners, key=cheap_win)
            gain = on_table + _points(option_ids[choice])
            ruff = lead.suit != TRUMP and table.suit[option_ids[choice][0]] == TRUMP
            # A trick without points is worth the lead, but not a trump spent on it.
            if gain == 0 and ruff:
                choice = min(indices, key=dump)
        else:
            choice = min(indices, key=dump)
        if options is not None:
            return Play(view.seat, options[choice])
        return Play(view.seat, tuple([CARDS[c] for c in option_ids[choice]]))

    @staticmethod
    def _outside(view: PlayerView) -> list[int]:
        """Per card id, the copies this seat has not seen (hand, tricks, its own kitty)."""
        outside = [2] * CARD_KINDS
        for c in view.hand:
            outside[c.id] -= 1
        for t in view.tricks:
            for p in t.plays:
                for card in p:
                    outside[card.id] -= 1
        for p in view.trick:
            for card in p:
                outside[card.id] -= 1
        for card in view.kitty or ():
            outside[card.id] -= 1
        return outside

    def _stands(
        self, view: PlayerView, trick: list[list[int]], led: int, table: TrumpTable
    ) -> bool:
        """Whether the partner's lead, still winning, cannot be beaten by the last seat: each
        of its units is a master (nothing above it unseen, R7.4) and, led in a side suit, the
        last seat is not known to be void there (R7.2: it could ruff)."""
        if len(trick) != 2:
            return False
        outside = self._outside(view)
        top_single, top_pair = _tops(outside, table)
        if not all(_master(u, top_single, top_pair) for u in unit_ids(trick[0], table)):
            return False
        if led == TRUMP:
            return True
        voids, _, _ = no_pair_caps(view)
        return led not in voids[(view.seat + 1) % 4]

    def _lead(self, view: PlayerView, trump: Trump, actions: ActionSet) -> tuple[Card, ...]:
        table = trump.table
        outside = self._outside(view)
        top_single, top_pair = _tops(outside, table)
        hand_ids = _ids(view.hand)
        hand_units = unit_ids(hand_ids, table)  # the split of units() (R3.3)
        voids, _, _ = no_pair_caps(view)
        opponents = voids[(view.seat + 1) % 4] | voids[(view.seat + 3) % 4]
        partner_voids = voids[(view.seat + 2) % 4]
        trumps_out = any(outside[c] for c in range(CARD_KINDS) if table.suit[c] == TRUMP)
        # A side-suit master wins unless an opponent known to be void ruffs it (R7.2).
        masters = [
            u
            for u in hand_units
            if _master(u, top_single, top_pair)
            and (u.suit == TRUMP or u.suit not in opponents or not trumps_out)
        ]
        if masters:
            # Side-suit winners first (they draw points), bigger units first.
            best = max(masters, key=lambda u: (u.suit != TRUMP, len(u.ids), u.top))
            return tuple([CARDS[c] for c in best.ids])
        side = [u for u in hand_units if u.suit != TRUMP and u.pairs == 0]
        # A suit the partner can ruff and the opponents cannot: the partner takes the trick.
        preferred = [u for u in side if u.suit in partner_voids and u.suit not in opponents]
        lengths = Counter(table.suit[c] for c in hand_ids)
        low_trumps = [
            u for u in hand_units if u.suit == TRUMP and not u.pairs and not POINTS[u.ids[0]]
        ]
        dealers = view.dealer is not None and team_of(view.seat) == team_of(view.dealer)
        if dealers and len(low_trumps) >= 0.4 * len(hand_ids):
            # The dealer's side, long in trumps, draws the attackers' trumps: their ruffs
            # would take points, and the last trick decides the kitty (R8.2).
            preferred = low_trumps
        pool = preferred or side or [u for u in hand_units if u.pairs == 0] or hand_units
        # No points, then the shortest suit (toward a void), then the lowest card.
        low = min(
            pool,
            key=lambda u: (POINTS[u.ids[0]], lengths[u.suit], table.strength[u.ids[0]]),
        )
        lead = tuple([CARDS[c] for c in low.ids])
        assert Play(view.seat, lead) in actions
        return lead


def _tops(outside: list[int], table: TrumpTable) -> tuple[list[int], list[int]]:
    """Per effective suit, the highest position of a card unseen once or more, and twice."""
    top_single = [-1] * 5
    top_pair = [-1] * 5
    for left, suit, pos in zip(outside, table.suit, table.pos, strict=True):
        if left and pos > top_single[suit]:
            top_single[suit] = pos
        if left == 2 and pos > top_pair[suit]:
            top_pair[suit] = pos
    return top_single, top_pair


def _master(unit: RawUnit, top_single: list[int], top_pair: list[int]) -> bool:
    """A unit no unseen unit of its kind outranks (R7.4): nothing unseen above its top."""
    return unit.top >= (top_pair if unit.pairs else top_single)[unit.suit]


def reference_greedy_rollout(state: GameState, bot: ReferenceGreedyBot) -> GameState:
    """``state`` played to the end of the deal with ``bot`` deciding for every seat (each
    seat seeing only its own view of ``state``): the rollout as it was."""
    while state.result is None:
        seat = state.turn
        state = state.apply(bot.act(state.view(seat), state.legal_actions(seat)))
    return state
