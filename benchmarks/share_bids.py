"""`GreedyBot` with later-deal bid rules to search by whole matches (issue 44): the arena spec
``share_bids:ShareBidsGreedyBot`` (with ``PYTHONPATH=benchmarks``), whose rows are in
docs/bots.md, "Later deals by share, early".

```sh
PYTHONPATH=benchmarks tuolaji arena --match --deals 300 --seed 1000 \\
    --bots 'b=share_bids:ShareBidsGreedyBot{"cards": 6, "share": 0.34},greedy'
```

Without arguments it bids as `GreedyBot` (a share of 0.38 of trumps from 8 cards, R4.2); the
keyword arguments move the bar while cards are dealt: ``share`` and ``cards`` for every seat,
``attacker_share`` and ``dealer_share`` for an attacker or the dealer of a later deal,
``partner_margin`` (stay under the partner's standing bid unless the seat's share is that much
greater than under it) and ``opp_margin`` (over an opponent's standing bid once the share is
that much greater than under it, whatever the bar). The closing round and the counters are
`GreedyBot`'s.
"""

from __future__ import annotations

from tuolaji import GreedyBot
from tuolaji.bots.greedy import bid_trump_table, trump_share
from tuolaji.core.cards import Rank
from tuolaji.core.scoring import team_of
from tuolaji.state.actions import Action, ActionSet, Declare, Pass, Phase
from tuolaji.state.view import PlayerView

__all__ = ["ShareBidsGreedyBot"]


class ShareBidsGreedyBot(GreedyBot):
    """`GreedyBot` whose bids while cards are dealt follow the bars of its arguments (see the
    module)."""

    def __init__(
        self,
        seed: int | None = 0,
        *,
        share: float = 0.38,
        cards: int = 8,
        attacker_share: float | None = None,
        dealer_share: float | None = None,
        partner_margin: float | None = None,
        opp_margin: float | None = None,
    ) -> None:
        super().__init__(seed)
        self.share, self.cards = share, cards
        self.attacker_share, self.dealer_share = attacker_share, dealer_share
        self.partner_margin, self.opp_margin = partner_margin, opp_margin

    def _bid(self, view: PlayerView, actions: ActionSet) -> Action:
        if view.phase is not Phase.DEALING:
            return super()._bid(view, actions)
        ids = [c.id for c in view.hand]
        best: tuple[float, Action] = (0.0, Pass(view.seat))
        for action in actions:
            if isinstance(action, Declare):
                ranked = [c for c in action.cards if not c.is_joker]
                top = ranked[0].rank if ranked else None
                level = top if isinstance(top, Rank) else view.levels[team_of(view.seat)]
                table = bid_trump_table(level, ranked[0].suit if ranked else None)
                share = trump_share(ids, table)
                if share > best[0]:
                    best = (share, action)
        share, action = best
        if not isinstance(action, Declare):
            return Pass(view.seat)
        current = 0.0 if view.trump is None else trump_share(ids, view.trump.table)
        bar = self.share
        if view.dealer is not None:
            if view.dealer == view.seat and self.dealer_share is not None:
                bar = self.dealer_share
            elif team_of(view.dealer) != team_of(view.seat) and self.attacker_share is not None:
                bar = self.attacker_share
        standing = view.bid
        enough = len(ids) >= self.cards
        if standing is not None and standing.seat != view.seat:
            if team_of(standing.seat) == team_of(view.seat):  # the partner's bid stands
                if self.partner_margin is not None and share < current + self.partner_margin:
                    return Pass(view.seat)
            elif self.opp_margin is not None and enough and share >= current + self.opp_margin:
                return action
        return action if enough and share >= bar else Pass(view.seat)
