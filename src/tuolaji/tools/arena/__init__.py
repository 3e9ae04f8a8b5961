"""The arena: compare bots by duplicate deals, on one core, many cores or a Ray cluster.

Cards decide more of a deal than play does, so bots are compared by **duplicate deal pairs**
(as in duplicate bridge): the same seed (hence the same shuffle, ``tl.Game(rules, seed)``)
is played twice, bot A's team on seats 0 and 2 the first time and on seats 1 and 3 the
second. Whatever the cards give one side, each bot gets once.

For every deal pair, from A's side (see [`DealPair`][tuolaji.tools.arena.pairs.DealPair]):

- ``level``: A's team's level gain minus B's team's (R9), summed over the two games;
- ``returns``: A's team's [`GameState.returns`][tuolaji.GameState.returns] summed over
  the deals (R9.1: taking the deal over counts one level, so a take-over at 80-115 is not
  "no change" as in ``level``);
- ``points``: the attackers' points (R8.1) **per attacking deal**: the mean when A's team
  attacked minus the mean when B's team attacked (sides may attack a different number of
  deals, above all with ``match=True``);
- ``declared``: how many deals A's team declared (held the deal);
- ``score``: 1 when A won the pair, 0.5 for a tie, 0 for a loss: with ``match=True`` whole
  matches (R9.5) decide first, then levels; on equal levels the attackers' points decide
  only when both sides attacked equally often (else the points of sides that declared at
  different rates are not comparable, and the pair is a tie).

With a ``bidder`` ([`ArenaConfig`][tuolaji.tools.arena.pairs.ArenaConfig]) one bot bids, buries
and asks for redeals for every seat, and seat ``s`` gets the same bidder seed in both games of a
pair: both sides declare and bury alike, so the pair measures card play alone.

Every deal pair is seeded from the run's seed and its index alone (never from a worker), so
[`run_arena`][tuolaji.tools.arena.running.run_arena] gives identical results on one process,
K processes or Ray.

A bot spec ``module:Class`` **imports that module and runs its code**, in this process and in
every worker: give only modules you trust. Of what it names, only a class with an ``act``
method (a [`Bot`][tuolaji.Bot]) or a function marked with
[`bot_factory`][tuolaji.tools.arena.bots.bot_factory] is ever called; anything else
(``os:system``) is refused before it runs.

The arena is a package with one job per module, each importing only modules named before it:
[`bots`][tuolaji.tools.arena.bots] (the built-in bots and bot specs),
[`specs`][tuolaji.tools.arena.specs] (specs read from text),
[`pairs`][tuolaji.tools.arena.pairs] (a run's configuration and a deal pair's outcome),
[`results`][tuolaji.tools.arena.results] (summaries, ratings, the table, JSON and plots) and
[`running`][tuolaji.tools.arena.running] (playing deal pairs on one process, K processes or Ray).
Its public names are importable from ``tuolaji.tools.arena`` itself.
"""

from tuolaji.tools.arena.bots import BotSpec, bot_factory, builtin_bots
from tuolaji.tools.arena.pairs import ArenaConfig, DealPair, pair_score
from tuolaji.tools.arena.results import ArenaResult, PairSummary, arena_progress, sprt_line
from tuolaji.tools.arena.running import play_deal_pair, run_arena, simulate_deals
from tuolaji.tools.arena.specs import parse_bot_spec, parse_bots, split_bot_list

__all__ = [
    "ArenaConfig",
    "ArenaResult",
    "BotSpec",
    "DealPair",
    "PairSummary",
    "arena_progress",
    "bot_factory",
    "builtin_bots",
    "pair_score",
    "parse_bot_spec",
    "parse_bots",
    "play_deal_pair",
    "run_arena",
    "simulate_deals",
    "split_bot_list",
    "sprt_line",
]
