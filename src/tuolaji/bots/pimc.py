"""A determinized search bot: Perfect Information Monte Carlo (PIMC).

For each play decision [`PIMCBot`][tuolaji.bots.pimc.PIMCBot] samples worlds consistent with its
view ([`sample_world`][tuolaji.bots.worlds.sample_world]), plays each candidate
play in every world, finishes the deal with a fast heuristic policy, and picks the candidate
with the best average for its team: the attackers' final points (R8), counted positive for
the attackers and negative for the declarers; it keeps the greedy choice unless another
candidate beats it by `PIMCBot.margin` points on average. The rollouts use
[`quick_play`][tuolaji.bots.pimc.quick_play]. Bids, burials and redeal requests are left to
[`GreedyBot`][tuolaji.GreedyBot], and so are the candidates when there are too many plays to try
them all: the greedy choice plus random legal plays.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence

from tuolaji.bots.greedy import GreedyBot
from tuolaji.bots.worlds import sample_world
from tuolaji.core._args import check_count, check_number, check_seed
from tuolaji.core.cards import CARDS, POINTS, Card
from tuolaji.core.legal import LegalFollows, LegalPlays
from tuolaji.core.rules import Rules
from tuolaji.core.scoring import score_deal, team_of
from tuolaji.core.shapes import units
from tuolaji.core.trickids import (
    LeadInfo,
    challenge,
    lead_info_ids,
    points_in_trick_ids,
    winner_so_far,
)
from tuolaji.core.trump import TrumpTable
from tuolaji.state.actions import Action, ActionSet, Phase, Play
from tuolaji.state.gamestate import GameState
from tuolaji.state.view import PlayerView

__all__ = ["PIMCBot", "playout_points", "quick_play", "rollout"]


def quick_play(state: GameState, rng: random.Random, tries: int = 4) -> tuple[Card, ...]:
    """A cheap heuristic play for rollouts: lead a random single card (never a throw, so
    never a penalty, R6.5); follow with the best of ``tries`` random legal follows: feed
    points to a winning partner, else win as cheaply as possible, else discard cheaply.

    Works on card ids (the hand's ids and the lead's description the state keeps, the
    trick's winner so far computed once per decision, each candidate challenging it, R7.5)."""
    trump = state.trump
    assert trump is not None
    table = trump.table
    if not state.trick:
        return (CARDS[_quick_lead(state.hand_card_ids(state.turn), table, rng)],)
    lead = state.described_lead()
    assert lead is not None  # the trick has a lead
    trick = [[c.id for c in p] for p in state.trick]
    return _quick_follow(
        state.legal_plays(),
        lead,
        trick,
        state.turn,
        leader=state.leader,
        table=table,
        rules=state.rules,
        rng=rng,
        tries=tries,
    )


def _quick_lead(hand: Sequence[int], table: TrumpTable, rng: random.Random) -> int:
    """The strongest card of a random suit held: a single lead, never a failed throw."""
    suit = table.suit
    led = suit[hand[rng.randrange(len(hand))]]
    return max((c for c in hand if suit[c] == led), key=table.strength.__getitem__)


def _quick_follow(
    plays: LegalPlays,
    lead: LeadInfo,
    trick: list[list[int]],
    seat: int,
    *,
    leader: int,
    table: TrumpTable,
    rules: Rules,
    rng: random.Random,
    tries: int,
) -> tuple[Card, ...]:
    """``seat``'s best of ``tries`` random legal follows to ``trick`` (see `quick_play`)."""
    strength = table.strength
    so_far = winner_so_far(lead, trick, table, rules)
    ours = team_of((leader + so_far.play_index) % 4) == team_of(seat)
    position = len(trick)
    best: tuple[Card, ...] = ()
    best_key: tuple[int, int] | None = None
    for _ in range(tries):
        play = plays.sample(rng)
        ids = [c.id for c in play]
        cost = sum([strength[c] for c in ids])
        pts = sum([POINTS[c] for c in ids])  # R1.2 on the ids at hand
        if ours:
            key = (pts, -cost)
        elif challenge(lead, so_far, position, ids, table, rules).play_index == position:
            key = (1000, -cost)
        else:
            key = (-10 * pts - cost, 0)
        if best_key is None or key > best_key:
            best, best_key = play, key
    return best


def rollout(state: GameState, rng: random.Random) -> GameState:
    """``state`` played to the end of the deal with [`quick_play`][tuolaji.bots.pimc.quick_play]
    for every seat."""
    while state.result is None:
        state = state.play(state.turn, quick_play(state, rng))
    return state


def playout_points(state: GameState, rng: random.Random) -> int:
    """The attackers' final points (R8) of [`rollout`][tuolaji.bots.pimc.rollout]``(state,
    rng)``: the same plays from the same random stream, but after the current trick on card
    ids, with no [`GameState`][tuolaji.GameState] per play.

    From the next trick on every lead is a single card, so every trick is singles: the
    hands are lists of ids, the legal follows the engine's own
    ([`LegalFollows.unchecked`][tuolaji.LegalFollows.unchecked]), the winner R7.5's kernel,
    and the deal is scored once by [`score_deal`][tuolaji.core.scoring.score_deal]."""
    while state.trick and state.result is None:
        state = state.play(state.turn, quick_play(state, rng))
    if state.result is not None:
        return state.attacker_points
    trump, dealer = state.trump, state.dealer
    assert trump is not None and dealer is not None
    table = trump.table
    rules = state.rules
    hands = [list(state.hand_card_ids(seat)) for seat in range(4)]
    leader = state.leader
    trick_points = state.trick_points
    declarers = team_of(dealer)
    while True:
        first = _quick_lead(hands[leader], table, rng)
        hands[leader].remove(first)
        lead = lead_info_ids((first,), table)
        trick = [[first]]
        for i in (1, 2, 3):
            seat = (leader + i) % 4
            hand = hands[seat]
            plays = LegalFollows.unchecked(lead, tuple(hand), table, rules)
            (card,) = _quick_follow(
                plays, lead, trick, seat, leader=leader, table=table, rules=rules, rng=rng, tries=4
            )
            hand.remove(card.id)
            trick.append([card.id])
        index = winner_so_far(lead, trick, table, rules).play_index
        winner = (leader + index) % 4
        if team_of(winner) != declarers:
            trick_points += points_in_trick_ids(trick)
        if not hands[winner]:
            break
        leader = winner
    return score_deal(
        rules,
        dealer=dealer,
        levels=state.levels,
        trick_points=trick_points,
        kitty=state.kitty,
        last_lead=(CARDS[first],),
        last_winner=winner,
        winning_play=(CARDS[trick[index][0]],),
        trump=trump,
        failed_throws=state.failed_throws,
        counters=state.counters,
        no_trump_level=state.no_trump_level,
    ).attacker_points


MAX_WORLDS = 256
"""The most worlds a [`PIMCBot`][tuolaji.PIMCBot] (or [`BestBot`][tuolaji.BestBot]) samples per
play: each costs a rollout per candidate."""

MAX_CANDIDATES = 64
"""The most candidate plays a [`PIMCBot`][tuolaji.PIMCBot] (or [`BestBot`][tuolaji.BestBot])
tries per decision."""


class PIMCBot:
    """Plays by sampling ``worlds`` worlds and ``candidates`` candidate plays per decision
    (see the module docstring); deterministic from ``seed``.

    ``seed`` is an int or None, ``worlds`` an int from 1 to `MAX_WORLDS`, ``candidates`` one
    from 1 to `MAX_CANDIDATES` (a `TypeError` for another type, bool included; a
    [`ConfigurationError`][tuolaji.ConfigurationError] outside), ``margin`` a finite number
    of points, 0 or more."""

    def __init__(
        self, seed: int | None = 0, *, worlds: int = 4, candidates: int = 5, margin: float = 25.0
    ) -> None:
        # Checked here, not at the first searched play (issue 33, finding 7).
        bot = type(self).__name__
        self.rng = random.Random(check_seed(bot, seed))
        self.margin = check_number(
            bot,
            "margin",
            margin,
            low=0.0,
            high=math.inf,
            what="points per world to leave greedy play",
        )
        self.worlds = check_count(bot, "worlds", worlds, MAX_WORLDS, "worlds sampled per play")
        self.candidates = check_count(
            bot, "candidates", candidates, MAX_CANDIDATES, "plays tried per decision"
        )
        self.greedy = GreedyBot(seed)

    def act(self, view: PlayerView, actions: ActionSet) -> Action:
        """The play with the best average over sampled worlds; other decisions: greedy."""
        if not self._searches(view, actions):
            return self.greedy.act(view, actions)
        options = self._candidates(view, actions)
        if len(options) == 1:
            return options[0]
        dealer = view.dealer
        assert dealer is not None
        sign = 1 if team_of(view.seat) != team_of(dealer) else -1
        gains = [sign * mean for mean in self.evaluate(view, options)]
        best = max(range(len(options)), key=gains.__getitem__)
        # options[0] is the greedy choice: deviate only for a clear gain over sampling noise.
        if gains[best] - gains[0] <= self.margin:
            return options[0]
        return options[best]

    def evaluate(self, view: PlayerView, plays: Sequence[Play]) -> list[float]:
        """Each of ``plays``' mean attackers' final points (R8) over ``worlds`` worlds sampled
        from ``view`` (the seat's own knowledge only): every play is tried in the same worlds
        and finished by the same rollout stream, so their difference is what the play
        changes. ``plays`` are legal plays of ``view``'s seat, whose turn it is.

        [`BestBot`][tuolaji.BestBot] samples as many worlds as its budget of rollouts
        allows for that many plays."""
        worlds = self._world_count(len(plays))
        totals = [0] * len(plays)
        for _ in range(worlds):
            world = self._world(view)
            finish = self._playout()
            for i, play in enumerate(plays):
                totals[i] += finish(world.apply(play))
        return [total / worlds for total in totals]

    def _world(self, view: PlayerView) -> GameState:
        """One world of ``view`` for `evaluate`: [`sample_world`][tuolaji.sample_world]'s."""
        return sample_world(view, self.rng)

    def _world_count(self, plays: int) -> int:
        """How many worlds `evaluate` samples to compare ``plays`` plays: ``worlds``."""
        return self.worlds

    def _searches(self, view: PlayerView, actions: ActionSet) -> bool:
        """Whether this decision is searched (the others take the greedy choice): every play
        with more than one legal choice."""
        return view.phase is Phase.PLAYING and len(actions) != 1

    def _playout(self) -> Callable[[GameState], int]:
        """How the candidates' rollouts in one world finish the deal, as the attackers' final
        points (R8): ``quick_play`` on one random stream for all of them (common random
        numbers: their difference is less noisy), on card ids
        ([`playout_points`][tuolaji.bots.pimc.playout_points])."""
        stream = self.rng.randrange(1 << 32)
        return lambda state: playout_points(state, random.Random(stream))

    _shuffles_sampled_follows = False
    """Whether sampled follows are shuffled too (their order is random already)."""

    def _candidates(self, view: PlayerView, actions: ActionSet) -> list[Play]:
        """The greedy choice first, then other plays: for a lead, single units of the hand
        (a unit is never a throw, so it cannot fail in reality where it stood in a world,
        R6.3); for a follow, every legal follow or a random sample of them."""
        first = self.greedy.act(view, actions)
        assert isinstance(first, Play)
        seen = {tuple(sorted(c.id for c in first.cards))}
        out = [first]
        shuffle = True
        if not view.trick:
            assert view.trump is not None
            pool = [Play(view.seat, u.cards) for u in units(view.hand, view.trump)]
        elif len(actions) <= 4 * self.candidates:
            pool = [a for a in actions if isinstance(a, Play)]
        else:
            pool = [
                a
                for a in (actions.sample(self.rng) for _ in range(4 * self.candidates))
                if isinstance(a, Play)
            ]
            shuffle = self._shuffles_sampled_follows
        if shuffle:
            self.rng.shuffle(pool)
        for action in pool:
            if len(out) >= self.candidates:
                break
            key = tuple(sorted(c.id for c in action.cards))
            if key not in seen:
                seen.add(key)
                out.append(action)
        return out
