"""`GreedyBot`'s play with the bids and burial of ``tuolaji.bots.contract`` (issue 32, item 3):
the arena spec ``contract_greedy:ContractGreedyBot`` (with ``PYTHONPATH=benchmarks``), so that
measuring it against ``greedy`` with each bot's own bidding compares the decisions before the
first trick alone (docs/bots.md, "Bids and burial").

```sh
PYTHONPATH=benchmarks tuolaji arena --bots contract_greedy:ContractGreedyBot,greedy \\
    --deals 1000 --seed 4242
PYTHONPATH=benchmarks tuolaji arena --match --deals 100 --seed 4242 \\
    --bots 'c=contract_greedy:ContractGreedyBot{"later_deal_share": 0.4},greedy'
```

Its keyword arguments are the fields of ``tuolaji.bots.contract.Contract`` (the thresholds
tuned by whole matches, issue 44); without them it bids and buries as ``best`` does.
``contract_greedy:ContractBidsGreedyBot`` takes only the contract's bids (GreedyBot buries) and
``contract_greedy:ContractBurialGreedyBot`` only its burial (GreedyBot bids), so that a match
measurement tells the two decisions apart (docs/bots.md, "Judged by whole matches").
"""

from __future__ import annotations

from tuolaji import GreedyBot
from tuolaji.bots.contract import BIDDING_PHASES, Contract, choose_bid, choose_burial
from tuolaji.state.actions import Action, ActionSet, Phase
from tuolaji.state.view import PlayerView

__all__ = ["ContractBidsGreedyBot", "ContractBurialGreedyBot", "ContractGreedyBot"]


class ContractGreedyBot(GreedyBot):
    """GreedyBot, but bidding, countering and burying as ``best`` does (the calls `BestBot.act`
    makes for those decisions), by the `Contract` of ``fields`` (by default best's)."""

    def __init__(self, seed: int | None = 0, **fields: float) -> None:
        super().__init__(seed)
        self.contract = Contract(**fields)  # type: ignore[arg-type]

    def act(self, view: PlayerView, actions: ActionSet) -> Action:
        """``choose_burial`` or ``choose_bid`` before the first trick, else GreedyBot's."""
        if view.phase is Phase.BURYING:
            return choose_burial(view, actions, self.contract)
        if view.phase in BIDDING_PHASES:
            return choose_bid(view, actions, self.contract)
        return super().act(view, actions)


class ContractBidsGreedyBot(ContractGreedyBot):
    """`ContractGreedyBot` with GreedyBot's burial: the contract's bids and counters alone."""

    def act(self, view: PlayerView, actions: ActionSet) -> Action:
        """``choose_bid`` while bidding, else GreedyBot's."""
        if view.phase in BIDDING_PHASES:
            return choose_bid(view, actions, self.contract)
        return GreedyBot.act(self, view, actions)


class ContractBurialGreedyBot(ContractGreedyBot):
    """`ContractGreedyBot` with GreedyBot's bids and counters: the contract's burial alone."""

    def act(self, view: PlayerView, actions: ActionSet) -> Action:
        """``choose_burial`` when burying, else GreedyBot's."""
        if view.phase is Phase.BURYING:
            return choose_burial(view, actions, self.contract)
        return GreedyBot.act(self, view, actions)
