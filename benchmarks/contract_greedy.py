"""`GreedyBot`'s play with the bids and burial of ``tuolaji.bots.contract`` (issue 32, item 3):
the arena spec ``contract_greedy:ContractGreedyBot`` (with ``PYTHONPATH=benchmarks``), so that
measuring it against ``greedy`` with each bot's own bidding compares the decisions before the
first trick alone (docs/bots.md, "Bids and burial").

```sh
PYTHONPATH=benchmarks tuolaji arena --bots contract_greedy:ContractGreedyBot,greedy \\
    --deals 1000 --seed 4242
```
"""

from __future__ import annotations

from tuolaji import GreedyBot
from tuolaji.bots.contract import BIDDING_PHASES, choose_bid, choose_burial
from tuolaji.state.actions import Action, ActionSet, Phase
from tuolaji.state.view import PlayerView

__all__ = ["ContractGreedyBot"]


class ContractGreedyBot(GreedyBot):
    """GreedyBot, but bidding, countering and burying as ``best`` does (the calls `BestBot.act`
    makes for those decisions)."""

    def act(self, view: PlayerView, actions: ActionSet) -> Action:
        """``choose_burial`` or ``choose_bid`` before the first trick, else GreedyBot's."""
        if view.phase is Phase.BURYING:
            return choose_burial(view, actions)
        if view.phase in BIDDING_PHASES:
            return choose_bid(view, actions)
        return super().act(view, actions)
