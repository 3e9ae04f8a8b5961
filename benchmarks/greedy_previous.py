"""The GreedyBot of main before issue #24's heuristic work, frozen here only as the yardstick
for measuring the new one (never imported by the library)::

    PYTHONPATH=src:benchmarks tuolaji arena --bots new=greedy,old=greedy_previous:GreedyBot \\
        --deals 2000 --seed 7 --workers 1

The heuristic [`GreedyBot`][tuolaji.GreedyBot]: counts cards and plays the cheapest winning or
safest losing play, with simple bidding and burying rules. Randomness comes only from its own
``random.Random``, so a game is reproducible from its seed and the bots' seeds.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Sequence

from tuolaji.core.caching import memoize
from tuolaji.core.cards import CARD_KINDS, CARDS, POINTS, SEATS, Card, Rank, Suit
from tuolaji.core.errors import ConfigurationError, cut
from tuolaji.core.legal import LegalFollows
from tuolaji.core.limits import MAX_LIST
from tuolaji.core.rules import Rules
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
from tuolaji.state.view import PlayerView

__all__ = ["GreedyBot"]

# The previous bot read the trick kernels under the default house rules.
_DEFAULT_RULES = Rules()


def _ids(cards: tuple[Card, ...]) -> tuple[int, ...]:
    return tuple([c.id for c in cards])


_PLAYING = Phase.PLAYING  # a module global reads faster than the enum's attribute
_BIDDING = frozenset((Phase.DEALING, Phase.CLOSING, Phase.FIRST_COUNTERS, Phase.COUNTERS))


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


class GreedyBot:
    """A sensible heuristic player.

    Bids on its longest suit, buries low side cards and keeps its points and pairs, leads
    units no one can beat (counting the cards already played), wins tricks that carry points
    when it can do so cheaply (ruffing included), gives points to a partner who is winning,
    and otherwise plays its cheapest legal cards.
    """

    def __init__(self, seed: int | None = 0, candidates: int = 200) -> None:
        # Checked here, where a bad value is made, not deep inside a later decision.
        if seed is not None and not isinstance(seed, int):
            raise TypeError(f"GreedyBot seed is an int or None, got {type(seed).__name__}")
        if not isinstance(candidates, int) or isinstance(candidates, bool):
            raise TypeError(f"GreedyBot candidates is an int, got {type(candidates).__name__}")
        if not 1 <= candidates <= MAX_LIST:
            raise ConfigurationError(
                f"GreedyBot candidates (plays compared per decision) is between 1 and "
                f"{MAX_LIST}, got {cut(candidates)}"
            )
        self.rng = random.Random(seed)
        self.candidates = candidates

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
        enough = len(hand) >= 8 and share >= 0.32
        return action if enough or (view.phase is Phase.CLOSING and share > 0) else Pass(view.seat)

    # --- burying ---------------------------------------------------------------------------

    def _bury(self, view: PlayerView, actions: ActionSet) -> Action:
        trump = view.trump
        assert trump is not None
        hand = view.hand
        counts = Counter(hand)
        suit_sizes = Counter(trump.effective_suit(c) for c in hand)

        def keep_value(card: Card) -> float:
            suit = trump.effective_suit(card)
            value = float(trump.strength(card))
            value += 1000 if suit == TRUMP else 0
            value += 25 * card.points + (30 if counts[card] == 2 else 0)
            # Short side suits go first: a void lets the declarers ruff.
            return value + 3 * suit_sizes[suit]

        ordered = sorted(hand, key=keep_value)
        return Bury(view.seat, tuple(ordered[: view.rules.kitty_size]))

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
        best = winner_so_far(lead, trick, table, _DEFAULT_RULES)
        winning = (view.leader + best.play_index) % SEATS
        last = len(trick) == 3
        me = len(trick)

        def wins(i: int) -> bool:
            return challenge(lead, best, me, option_ids[i], table, _DEFAULT_RULES).play_index == me

        def feed(i: int) -> tuple[int, int]:
            return _points(option_ids[i]), -_strength_cost(option_ids[i], table)

        def cheap_win(i: int) -> tuple[int, int]:
            return _strength_cost(option_ids[i], table), -_points(option_ids[i])

        def dump(i: int) -> int:
            return 10 * _points(option_ids[i]) + _strength_cost(option_ids[i], table)

        indices = range(len(option_ids))
        if winning == partner and (last or len(trick) == 2):
            choice = max(indices, key=feed)  # the partner is winning: give it points
        elif (winners := [i for i in indices if wins(i)]) and (
            on_table > 0 or last or any(_points(option_ids[i]) for i in winners)
        ):
            choice = min(winners, key=cheap_win)
        else:
            choice = min(indices, key=dump)
        if options is not None:
            return Play(view.seat, options[choice])
        return Play(view.seat, tuple([CARDS[c] for c in option_ids[choice]]))

    def _lead(self, view: PlayerView, trump: Trump, actions: ActionSet) -> tuple[Card, ...]:
        table = trump.table
        outside = [2] * CARD_KINDS
        hand_ids = _ids(view.hand)
        for c in hand_ids:
            outside[c] -= 1
        for t in view.tricks:
            for p in t.plays:
                for card in p:
                    outside[card.id] -= 1
        for card in view.kitty or ():
            outside[card.id] -= 1
        # Per effective suit, the highest position of a card held outside once or twice:
        # a unit is a master when nothing of its kind outside ranks above it.
        top_single = [-1] * 5
        top_pair = [-1] * 5
        for left, suit, pos in zip(outside, table.suit, table.pos, strict=True):
            if left and pos > top_single[suit]:
                top_single[suit] = pos
            if left == 2 and pos > top_pair[suit]:
                top_pair[suit] = pos

        def master(unit: RawUnit) -> bool:
            # unit: (pairs, top position, effective suit, card ids strongest first)
            return unit.top >= (top_pair if unit.pairs else top_single)[unit.suit]

        hand_units = unit_ids(hand_ids, table)  # the split of units() (R3.3)
        masters = [u for u in hand_units if master(u)]
        if masters:
            # Side-suit winners first (they draw points), bigger units first.
            best = max(masters, key=lambda u: (u.suit != TRUMP, len(u.ids), u.top))
            return tuple([CARDS[c] for c in best[3]])
        side = [u for u in hand_units if u.suit != TRUMP and u.pairs == 0]
        pool = side or [u for u in hand_units if u.pairs == 0] or hand_units
        low = min(pool, key=lambda u: (POINTS[u.ids[0]], table.strength[u.ids[0]]))
        lead = tuple([CARDS[c] for c in low.ids])
        assert Play(view.seat, lead) in actions
        return lead
