"""World building: a full game state from a draw of the hidden cards.

[`sample_world`][tuolaji.bots.worlds.sample_world] takes the hidden places of a view
([`hidden_places`][tuolaji.bots.worlds.hidden_places]), draws their cards
([`deal_hidden`][tuolaji.bots.worlds.samplers.deal_hidden]) and builds the
[`GameState`][tuolaji.GameState] from the card ids once, at the end, with the bookkeeping the
view's public record gives ([`GameState.from_view`][tuolaji.GameState.from_view]); the seat's
own view is unchanged: ``world.view(view.seat) == view``.
[`sample_worlds`][tuolaji.bots.worlds.sample_worlds] draws a batch.

When no draw keeps every throw, a shown card kept with its shower (R4.2) may be what leaves a
blocker no room for its beating unit: the burier buried it, so the draws are made again with
every shown card in the hidden kitty. Only a view that fits neither raises
[`IllegalAction`][tuolaji.IllegalAction] (none in the 7,593 views after failed throws of the
test games, 2 fallback draws each).

The shuffled ``deck`` is rebuilt while dealing and until the kitty is taken; after that it is
empty, as in [`GameState.for_play`][tuolaji.GameState.for_play].
"""

from __future__ import annotations

import random

from tuolaji.bots.worlds.constraints import PRE_KITTY_PHASES, HiddenPlaces, hidden_places
from tuolaji.bots.worlds.samplers import deal_hidden
from tuolaji.core._args import expect_type
from tuolaji.core.caching import BoundedCache
from tuolaji.core.cards import CARDS, Card, full_deck
from tuolaji.core.errors import ConfigurationError, IllegalAction, cut
from tuolaji.state.actions import Hand, Phase
from tuolaji.state.gamestate import GameState, bookkeeping_of
from tuolaji.state.view import PlayerView

__all__ = ["sample_world", "sample_worlds"]

_FULL_DECK = full_deck()


def sample_world(view: PlayerView, rng: random.Random) -> GameState:
    """A full [`GameState`][tuolaji.GameState] consistent with ``view`` (see the module docstring),
    drawn with ``rng`` only: the same rng state gives the same world.

    What does not depend on the draw (the slots, the exact sampler's table and the state's
    bookkeeping fields) is computed once per view and kept for the last few views, since a
    search bot samples many worlds of one view."""
    _check_arguments(view, rng)
    return _world(view, _prepared(view), rng)


def sample_worlds(view: PlayerView, rng: random.Random, count: int) -> list[GameState]:
    """``count`` worlds of ``view`` for a search: the worlds that ``count`` calls of
    [`sample_world`][tuolaji.bots.worlds.sample_world] with ``rng`` give, with the arguments
    checked and the view prepared once."""
    _check_arguments(view, rng)
    if isinstance(count, bool) or not isinstance(count, int):
        raise TypeError(f"count must be an int, got {type(count).__name__}")
    if count < 0:
        raise ConfigurationError(f"count is a number of worlds, 0 or more; got {cut(count)}")
    prepared = _prepared(view)
    return [_world(view, prepared, rng) for _ in range(count)]


def _check_arguments(view: object, rng: object) -> None:
    expect_type(view, PlayerView, "view")
    expect_type(rng, random.Random, "rng")


class _Prepared:
    __slots__ = ("_buried_shown", "bookkeeping", "slots", "view")

    def __init__(self, view: PlayerView) -> None:
        self.view = view  # held so that its id is not reused while cached
        self.slots = hidden_places(view)
        self.bookkeeping = bookkeeping_of(view)
        self._buried_shown: HiddenPlaces | None = None

    def buried_shown(self) -> HiddenPlaces:
        """The places of the view with every shown card in the hidden kitty (built once)."""
        if self._buried_shown is None:
            self._buried_shown = hidden_places(self.view, bury_shown=True)
        return self._buried_shown


# Keyed by the view's event log (shared by every view of one state, so a view made again
# for the same state, as OpenSpiel's resampling does at each iteration, finds the entry) and
# seat; a hit is used only for an equal view. The entry holds the view, so the log's identity
# is not reused while it lives. A bot samples many worlds of one view in a row: a few entries
# are enough.
_PREPARED: BoundedCache[tuple[int, int], _Prepared] = BoundedCache(32)


def _prepared(view: PlayerView) -> _Prepared:
    key = (id(view.events), view.seat)
    hit = _PREPARED.get(key)
    if hit is not None and (hit.view is view or hit.view == view):
        return hit
    hit = _Prepared(view)
    _PREPARED.put(key, hit)
    return hit


def _world(view: PlayerView, prepared: _Prepared, rng: random.Random) -> GameState:
    slots = prepared.slots

    try:
        dealt = deal_hidden(slots, rng)
    except IllegalAction:
        if not slots.checked:
            raise
        # A shown card kept with its shower (R4.2) may leave no room for a unit the seat
        # beat a throw with (R6.4): the burier buried it. Then every shown card goes to the
        # hidden kitty (refused as above when there is none or it is too small).
        slots = prepared.buried_shown()
        dealt = deal_hidden(slots, rng)
    hands: list[Hand] = [(), (), (), ()]
    hands[view.seat] = view.hand
    kitty: Hand = view.kitty if view.kitty is not None else ()
    rest: list[Card] = []
    for i, place in enumerate(slots.places):
        cards = [CARDS[c] for c in dealt[i]]
        if place == HiddenPlaces.GONE:
            continue
        if place == HiddenPlaces.KITTY:
            cards = [*slots.pinned[i], *cards]
            rng.shuffle(cards)
            for index, card in slots.kitty_pins:
                cards.insert(index, card)
            rest = cards
        else:
            mine = [*slots.pinned[i], *cards]
            if view.phase is Phase.DEALING:
                rng.shuffle(mine)  # the order of a hand while dealing is the dealing order
            hands[place] = tuple(mine)
    bookkeeping = prepared.bookkeeping
    first = bookkeeping.first_seat
    deck: Hand = ()
    if view.phase is Phase.DEALING or view.phase in PRE_KITTY_PHASES:
        order: list[Card] = []
        taken = [0, 0, 0, 0]
        for i in range(sum(len(h) for h in hands)):
            seat = (first + i) % 4
            order.append(hands[seat][taken[seat]])
            taken[seat] += 1
        deck = (*order, *rest)
    elif bookkeeping.dealt:
        # Issue #19: from burying on, the shuffle cannot be read back from the hands (the
        # kitty changed hands); a dealt deal still has a deck, so the world records the 108
        # cards in id order (nothing reads the deck once every card is dealt).
        deck = _FULL_DECK
    if view.phase not in (Phase.DEALING, Phase.BURYING) and view.kitty is None:
        kitty = tuple(rest)
    return GameState.from_view(
        view,
        hands=hands,
        kitty=kitty,
        deck=deck,
        seed=rng.randrange(1 << 31),
        bookkeeping=bookkeeping,
    )
