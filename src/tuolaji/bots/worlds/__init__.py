"""Sampled worlds: full game states consistent with what one seat knows (determinization).

[`sample_world`][tuolaji.bots.worlds.sample_world] deals the cards a seat cannot see (the other
hands, a hidden kitty, or the rest of the deck while dealing) at random, so that

* every hand has its public size, and every card exists twice (R1.1);
* each seat keeps the cards it has shown and not played (R4.2,
  [`tuolaji.bots.knowledge`][tuolaji.bots.knowledge]), unless its deductions say it buried them
  (R5.1), and the cards of its failed throws it took back and has not played (R6.4);
* no seat holds a card of a suit it is known to be void in (R7.2), nor both copies of a card
  in a suit where it showed it had no pair left (R7.3);
* every throw comes out as it did (R6.3, R6.4): the engine's throw check against the hands
  then (now plus what was played since) finds that a throw that stood stands, and that a
  failed one fails with the same forced unit and, when `Rules.throw_blocker_public`, the same
  blockers. What fits per-card caps is a cap (no higher single, no higher pair, R6.3); the
  rest (no higher tractor; a blocker holding a beating unit) is kept by rejecting draws;
* every past follow stays legal (R7.3: no tractor held where separate pairs were played);
* a kitty card turned up by R4.6 stays where it was turned, until the kitty is taken;
* the seat's own view is unchanged: ``world.view(view.seat) == view``.

One job per module:

* [`constraints`][tuolaji.bots.worlds.constraints]: what each hidden place may hold
  ([`hidden_places`][tuolaji.bots.worlds.hidden_places],
  [`HiddenPlaces`][tuolaji.bots.worlds.HiddenPlaces]), and what is not modelled;
* [`samplers`][tuolaji.bots.worlds.samplers]: the four ways to deal the hidden cards (the
  exact sampler, plain shuffles, the constrained and the pinned placement) and the distribution
  they draw;
* [`building`][tuolaji.bots.worlds.building]: a [`GameState`][tuolaji.GameState] from a draw
  ([`sample_world`][tuolaji.bots.worlds.sample_world],
  [`sample_worlds`][tuolaji.bots.worlds.sample_worlds]).
"""

from __future__ import annotations

from tuolaji.bots.worlds.building import sample_world, sample_worlds
from tuolaji.bots.worlds.constraints import HiddenPlaces, hidden_places
from tuolaji.bots.worlds.samplers import SHUFFLE_TRIES, THROW_TRIES

__all__ = [
    "SHUFFLE_TRIES",
    "THROW_TRIES",
    "HiddenPlaces",
    "hidden_places",
    "sample_world",
    "sample_worlds",
]
