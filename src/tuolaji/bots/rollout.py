"""Greedy rollouts: a deal finished with [`GreedyBot`][tuolaji.GreedyBot] deciding for every
seat, the playout of the search bots ([`BestBot`][tuolaji.BestBot]).

A rollout makes the same decisions as ``GreedyBot.act`` on each seat's
[`PlayerView`][tuolaji.PlayerView] of every state (a test replays them so), without building
a view or an action set per play: the play decision is the id-level entry point
[`greedy_play_ids`][tuolaji.bots.greedy.greedy_play_ids] that ``GreedyBot.act`` calls too;
each seat's knowledge (the copies of each card it has not seen, the R7.2 voids) is read from
its view once, at the start, and then kept up to date play by play; the follows compared come
from the legal-play kernel ([`LegalFollows`][tuolaji.LegalFollows], R7.1-R7.3), drawn from the
bot's ``random.Random`` exactly as ``GreedyBot.act`` draws them; a lead is one unit of the
hand (R6.2), never a throw, so no choice of the rollout is checked again.

Both step a [`PlayPhase`][tuolaji.PlayPhase] on integers:
[`greedy_rollout_points`][tuolaji.bots.rollout.greedy_rollout_points], what a search reads,
returns the attackers' final points, and [`greedy_rollout`][tuolaji.bots.rollout.greedy_rollout]
the final [`GameState`][tuolaji.GameState] (`PlayPhase.to_state`, which replays the plays).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from tuolaji.bots.greedy import GreedyBot, SeenCards, follow_candidates, greedy_play_ids
from tuolaji.core.legal import LegalFollows
from tuolaji.core.trickids import LeadInfo, follow_proof
from tuolaji.fast import PlayPhase
from tuolaji.state.actions import Phase
from tuolaji.state.gamestate import GameState

__all__ = ["greedy_rollout", "greedy_rollout_points"]

_PLAYING = Phase.PLAYING


class _Rollout:
    """One rollout's decisions: the bot, the deal's fixed context, and each seat's knowledge
    kept play by play (what ``GreedyBot.seen`` would read from the seat's view now)."""

    __slots__ = ("bot", "dealer", "others", "outside", "rules", "seen", "table", "voids")

    def __init__(self, state: GameState, bot: GreedyBot) -> None:
        trump = state.trump
        assert trump is not None
        self.bot = bot
        self.table = trump.table
        self.rules = state.rules
        self.dealer = state.dealer
        # What each seat's view shows, read from the state without building the views: its
        # hand, and the kitty for the seat that buried it (R5.1; a test compares them).
        trick = [[c.id for c in p] for p in state.trick]
        known = []
        for s in range(4):
            cards = list(state.hand_card_ids(s))
            if s == state.buried_by:
                cards += [c.id for c in state.kitty]
            known.append(
                bot.seen_ids(self.table, self.rules, state.tricks, state.leader, trick, cards)
            )
        outside = self.outside = [list(unseen) for unseen, _ in known]
        voids = self.voids = [set(v) for v in known[0][1]]  # public: the same for every seat

        def seen_by(seat: int) -> Callable[[], SeenCards]:
            mine = outside[seat]
            return lambda: (mine, voids)

        self.seen = [seen_by(s) for s in range(4)]
        self.others = [tuple([t for t in range(4) if t != s]) for s in range(4)]

    def choose(
        self,
        seat: int,
        hand: Sequence[int],
        trick: Sequence[Sequence[int]],
        *,
        leader: int,
        follows: LegalFollows | None,
        lead: LeadInfo | None,
    ) -> Sequence[int]:
        """``seat``'s play (card ids) to ``trick`` (``follows`` and ``lead`` given for a
        follow), noted in every seat's knowledge."""
        table, rules = self.table, self.rules
        if follows is None or lead is None:
            chosen = greedy_play_ids(
                seat,
                hand,
                (),
                leader=seat,
                dealer=self.dealer,
                options=(),
                table=table,
                rules=rules,
                seen=self.seen[seat],
            )
        else:
            bot = self.bot
            chosen = greedy_play_ids(
                seat,
                hand,
                trick,
                leader=leader,
                dealer=self.dealer,
                options=follow_candidates(follows, bot.candidates, bot.rng),
                table=table,
                rules=rules,
                seen=self.seen[seat],
                lead=lead,
            )
            if follow_proof(lead, chosen, table, rules).void:
                self.voids[seat].add(lead.suit)  # R7.2, as GreedyBot.seen reads it
        for t in self.others[seat]:
            unseen = self.outside[t]
            for c in chosen:
                unseen[c] -= 1
        return chosen


def _to_play_phase(state: GameState, bot: GreedyBot) -> GameState:
    """``state`` after the decisions before the play phase (a last bid, a burial), taken on
    views as in a game; ``state`` itself when it is in the play phase or finished."""
    while state.result is None and state.phase is not _PLAYING:
        seat = state.turn
        state = state.apply(bot.act(state.view(seat), state.legal_actions(seat)))
    return state


def greedy_rollout(state: GameState, bot: GreedyBot) -> GameState:
    """``state`` played to the end of the deal with ``bot`` deciding for every seat (each
    seat seeing only its own view of ``state``): the same final state, and the same draws
    from ``bot.rng``, as asking ``bot.act`` with each seat's view at every step."""
    state = _to_play_phase(state, bot)
    if state.result is not None:
        return state
    return _played_out(state, bot).to_state()


def greedy_rollout_points(state: GameState, bot: GreedyBot) -> int:
    """The attackers' final points (R8: tricks, the kitty with its multiplier R8.2, throw
    penalties R6.5) of [`greedy_rollout`][tuolaji.bots.rollout.greedy_rollout]``(state, bot)``,
    with the same draws from ``bot.rng``: the rollout of a search, stepped on a
    [`PlayPhase`][tuolaji.PlayPhase] without a `GameState` per play."""
    state = _to_play_phase(state, bot)
    if state.result is not None:
        return state.result.attacker_points
    return _played_out(state, bot).result().attacker_points


def _played_out(state: GameState, bot: GreedyBot) -> PlayPhase:
    """The play phase of ``state`` (in the play phase, not finished) played to its end on a
    [`PlayPhase`][tuolaji.PlayPhase] with ``bot`` deciding for every seat."""
    rollout = _Rollout(state, bot)
    table, rules = rollout.table, rollout.rules
    # The hands in the state's order, which orders the follows compared (ties go to the
    # first), as the state removes played cards (the first copy of each).
    hands = [list(state.hand_card_ids(s)) for s in range(4)]
    sim = PlayPhase.from_state(state)
    while True:
        seat = sim.turn
        hand = hands[seat]
        trick = sim.trick
        if trick:
            lead = sim.described_lead()
            assert lead is not None
            follows = LegalFollows.unchecked(lead, tuple(hand), table, rules)
            chosen = rollout.choose(seat, (), trick, leader=sim.leader, follows=follows, lead=lead)
        else:
            chosen = rollout.choose(seat, hand, (), leader=seat, follows=None, lead=None)
        for c in chosen:
            hand.remove(c)
        sim.push(chosen)
        if sim.is_terminal:
            return sim
