"""Bots and search: the [`Bot`][tuolaji.Bot] protocol, the built-in bots, what a seat knows
and the worlds consistent with it.

Modules: `base` (the protocol, [`RandomBot`][tuolaji.RandomBot]),
`greedy` ([`GreedyBot`][tuolaji.GreedyBot]), [`knowledge`][tuolaji.bots.knowledge]
(voids and unseen cards from a view), [`worlds`][tuolaji.bots.worlds] (sampling hidden cards),
[`pimc`][tuolaji.bots.pimc] ([`PIMCBot`][tuolaji.PIMCBot], search over sampled worlds) and
[`best`][tuolaji.bots.best] ([`BestBot`][tuolaji.BestBot], the strongest built-in bot and the
default opponent of ``tuolaji play``: greedy play, then search over the last tricks).
"""

from __future__ import annotations

from tuolaji.bots.base import Bot, RandomBot
from tuolaji.bots.best import BestBot
from tuolaji.bots.greedy import GreedyBot
from tuolaji.bots.pimc import PIMCBot

__all__ = ["BestBot", "Bot", "GreedyBot", "PIMCBot", "RandomBot"]
