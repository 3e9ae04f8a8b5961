"""Greedy rollouts: a deal finished with [`GreedyBot`][tuolaji.GreedyBot] deciding for every
seat, the playout of the search bots ([`BestBot`][tuolaji.BestBot]).

A rollout makes the same decisions as ``GreedyBot.act`` on each seat's
[`PlayerView`][tuolaji.PlayerView] of every state (a test replays them so), without building
a view or an action set per play: the play decision is the id-level entry point
[`greedy_play_ids`][tuolaji.bots.greedy.greedy_play_ids] that ``GreedyBot.act`` calls too,
each seat's knowledge (the copies of each card it has not seen, the R7.2 voids) is read once
at the start and then kept up to date play by play, and the follows compared come from the
state's own legal plays (R7.1-R7.3), drawn from the bot's ``random.Random`` exactly as
``GreedyBot.act`` draws them.
"""

from __future__ import annotations

from collections.abc import Callable

from tuolaji.bots.greedy import GreedyBot, SeenCards, follow_candidates, greedy_play_ids
from tuolaji.core.cards import CARDS
from tuolaji.core.legal import LegalFollows
from tuolaji.core.trickids import follow_proof
from tuolaji.state.actions import Phase
from tuolaji.state.gamestate import GameState

__all__ = ["greedy_rollout"]

_PLAYING = Phase.PLAYING


def greedy_rollout(state: GameState, bot: GreedyBot) -> GameState:
    """``state`` played to the end of the deal with ``bot`` deciding for every seat (each
    seat seeing only its own view of ``state``): the same final state, and the same draws
    from ``bot.rng``, as asking ``bot.act`` with each seat's view at every step."""
    # Before the play phase (a burial, a last bid) the bot decides on views, as in a game.
    while state.result is None and state.phase is not _PLAYING:
        seat = state.turn
        state = state.apply(bot.act(state.view(seat), state.legal_actions(seat)))
    if state.result is not None:
        return state
    trump, dealer = state.trump, state.dealer
    assert trump is not None
    table, rules = trump.table, state.rules
    known = [bot.seen(state.view(s)) for s in range(4)]
    outside = [list(unseen) for unseen, _ in known]
    voids = [set(v) for v in known[0][1]]  # public: the same for every seat

    def seen_by(seat: int) -> Callable[[], SeenCards]:
        mine = outside[seat]
        return lambda: (mine, voids)

    seen = [seen_by(s) for s in range(4)]
    others = [tuple(t for t in range(4) if t != s) for s in range(4)]
    candidates, rng = bot.candidates, bot.rng
    while True:
        seat = state.turn
        plays = state.trick
        if plays:
            follows = state.legal_plays()
            assert isinstance(follows, LegalFollows)
            lead = state.described_lead()
            assert lead is not None
            chosen = greedy_play_ids(
                seat,
                (),  # a follow reads the options, not the hand
                [[c.id for c in p] for p in plays],
                leader=state.leader,
                dealer=dealer,
                options=follow_candidates(follows, candidates, rng),
                table=table,
                rules=rules,
                seen=seen[seat],
                lead=lead,
            )
            if follow_proof(lead, chosen, table, rules).void:
                voids[seat].add(lead.suit)  # R7.2, as GreedyBot.seen reads it
        else:
            # A lead is one unit of the hand (R6.2), never a throw: it is played as chosen.
            chosen = greedy_play_ids(
                seat,
                state.hand_card_ids(seat),
                (),
                leader=seat,
                dealer=dealer,
                options=(),
                table=table,
                rules=rules,
                seen=seen[seat],
            )
        for t in others[seat]:
            unseen = outside[t]
            for c in chosen:
                unseen[c] -= 1
        state = state.play(seat, tuple([CARDS[c] for c in chosen]))
        if state.result is not None:
            return state
