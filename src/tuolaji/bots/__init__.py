"""Bots and search: the :class:`~tuolaji.Bot` protocol, the built-in bots, what a seat knows
and the worlds consistent with it.

Modules: :mod:`~tuolaji.bots.base` (the protocol, :class:`~tuolaji.RandomBot`),
:mod:`~tuolaji.bots.greedy` (:class:`~tuolaji.GreedyBot`), :mod:`~tuolaji.bots.knowledge`
(voids and unseen cards from a view), :mod:`~tuolaji.bots.worlds` (sampling hidden cards),
:mod:`~tuolaji.bots.pimc` (:class:`~tuolaji.PIMCBot`, search over sampled worlds) and
:mod:`~tuolaji.bots.best` (:class:`~tuolaji.bots.best.BestBot`, the strongest built-in bot:
greedy play, then search over the last tricks).
"""

from __future__ import annotations

from tuolaji.bots.base import Bot, RandomBot
from tuolaji.bots.greedy import GreedyBot
from tuolaji.bots.pimc import PIMCBot

__all__ = ["Bot", "GreedyBot", "PIMCBot", "RandomBot"]
