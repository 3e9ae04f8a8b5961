"""Reading the table (issue 44): how well a sampled world explains the other seats' plays.

[`sample_world`][tuolaji.bots.worlds.sample_world] draws the hidden cards uniformly among the
deals that keep every public deduction (R7.2 voids, R7.3 pairs, R6.3 throws, ...). It ignores
what a play *suggests*: a partner who did not give points to a trick its side was sure to
take, a follower who did not take a trick with points when it could. A
[`TableReading`][tuolaji.bots.worlds.reading.TableReading] counts, in a world, the plays of
the other seats that a [`GreedyBot`][tuolaji.GreedyBot]-like player would not have made
there (its **surprises**), from the view alone;
[`read_world`][tuolaji.bots.worlds.reading.read_world] draws worlds and keeps one with
probability ``(1 - trust) ** surprises``, so the worlds kept follow the uniform draw
weighted by that likelihood (a softened model of the others' play: with ``trust`` 0 every
world is kept and the draw is `sample_world`'s own).

The model reads the finished tricks led by a single card, and in each the last seat to play
(the one whose choice the trick makes plain), when that seat followed the led suit:

- **feed** (R8.1): its partner's card was taking the trick; a card of the led suit with more
  points than the card it played is a surprise (GreedyBot gives points to a partner who takes
  the trick);
- **duck** (R7.5): the other side's card was taking a trick with points on it; a card of the
  led suit that beats the winning card is a surprise (GreedyBot takes such a trick cheaply).

A seat's holding then is its hand in the world plus every card it played since that trick
began. The seat that reads never checks its own plays.
"""

from __future__ import annotations

import random

import attrs

from tuolaji.bots.worlds.building import sample_world
from tuolaji.core._args import check_count, check_number, expect_type
from tuolaji.core.cards import POINTS
from tuolaji.core.scoring import team_of
from tuolaji.core.trump import TRUMP, TrumpTable
from tuolaji.state.gamestate import GameState
from tuolaji.state.view import PlayerView

__all__ = ["READ_TRIES", "TableReading", "read_world"]

READ_TRIES = 8
"""The most worlds [`read_world`][tuolaji.bots.worlds.reading.read_world] draws for one world
kept by default: past it, the least surprising of the draws is kept."""


@attrs.frozen(slots=True)
class _Check:
    """One play to explain: ``seat`` followed trick ``trick`` with ``card`` of the led
    ``suit``; a holding card that ``surprising`` marks is one it would have played."""

    seat: int
    trick: int
    feed: bool  # True: feed (partner winning); False: duck (the other side winning)
    suit: int
    card: int
    winning: int  # the card taking the trick before the seat played


class TableReading:
    """The plays of ``view``'s table that a world must explain (see the module docstring),
    read once per view; `surprises` counts in a world those it does not."""

    def __init__(self, view: PlayerView) -> None:
        expect_type(view, PlayerView, "view")
        self.view = view
        trump = view.trump
        self._checks: list[_Check] = []
        # played[s][t]: the card ids seat s played in tricks t and after (finished ones and
        # the trick being played), to rebuild its holding when trick t began.
        self._since: list[list[list[int]]] = [[], [], [], []]
        if trump is None or not view.tricks:
            return
        table = trump.table
        tricks = view.tricks
        for seat in range(4):
            later: list[int] = []
            for i, cards in enumerate(view.trick):
                if (view.leader + i) % 4 == seat:
                    later.extend(c.id for c in cards)
            since: list[list[int]] = [[] for _ in tricks]
            for t in range(len(tricks) - 1, -1, -1):
                trick = tricks[t]
                index = (seat - trick.leader) % 4
                later = [*later, *(c.id for c in trick.plays[index])]
                since[t] = later
            self._since[seat] = since
        for t, trick in enumerate(tricks):
            check = _check_of(t, trick.leader, [[c.id for c in p] for p in trick.plays], table)
            if check is not None and check.seat != view.seat:
                self._checks.append(check)

    @property
    def checks(self) -> int:
        """How many plays of the other seats the reading checks."""
        return len(self._checks)

    def surprises(self, world: GameState) -> int:
        """How many checked plays ``world``'s hands make surprising (0 when nothing is
        checked). ``world`` is a world of the view (`sample_world`)."""
        if not self._checks:
            return 0
        trump = self.view.trump
        assert trump is not None
        table = trump.table
        suit, strength = table.suit, table.strength
        count = 0
        hands = [world.hand_card_ids(seat) for seat in range(4)]
        for check in self._checks:
            holding = [*hands[check.seat], *self._since[check.seat][check.trick]]
            if check.feed:
                most = POINTS[check.card]
                surprised = any(suit[c] == check.suit and POINTS[c] > most for c in holding)
            else:
                above = strength[check.winning]
                surprised = any(suit[c] == check.suit and strength[c] > above for c in holding)
            count += surprised
        return count


def _check_of(t: int, leader: int, plays: list[list[int]], table: TrumpTable) -> _Check | None:
    """The check a finished trick gives, or None: a single-card lead that the last seat
    followed in the led suit, its partner taking the trick (feed) or the other side taking
    one with points (duck)."""
    if any(len(p) != 1 for p in plays):
        return None
    suit, strength = table.suit, table.strength
    cards = [p[0] for p in plays]
    led = suit[cards[0]]
    last = cards[3]
    if suit[last] != led:
        return None  # a ruff or a discard: a void, which the worlds keep already (R7.2)
    best = 0
    for i in (1, 2):
        c, w = cards[i], cards[best]
        if (suit[c] == suit[w] and strength[c] > strength[w]) or (
            suit[c] == TRUMP and suit[w] != TRUMP
        ):
            best = i
    seat = (leader + 3) % 4
    ours = team_of((leader + best) % 4) == team_of(seat)
    winning = cards[best]
    if ours:
        return _Check(seat, t, True, led, last, winning)
    if sum(POINTS[c] for c in cards[:3]) == 0:
        return None  # nothing to take: GreedyBot may well keep its high card
    if suit[winning] != led:
        return None  # ruffed: no card of the led suit beats it
    if strength[last] > strength[winning]:
        return None  # it took the trick
    return _Check(seat, t, False, led, last, winning)


def read_world(
    view: PlayerView,
    rng: random.Random,
    *,
    trust: float,
    reading: TableReading | None = None,
    tries: int = READ_TRIES,
) -> GameState:
    """A world of ``view`` (as [`sample_world`][tuolaji.sample_world] draws it), kept with
    probability ``(1 - trust) ** surprises`` (see the module docstring): up to ``tries``
    draws, then the least surprising draw. ``trust`` is a number from 0 to 1 (0: the first
    draw, exactly `sample_world`'s); ``reading`` the view's
    [`TableReading`][tuolaji.bots.worlds.reading.TableReading], made here when not given (pass
    it in when drawing many worlds of one view). `TypeError` for wrong types,
    [`ConfigurationError`][tuolaji.ConfigurationError] naming the argument for values out of
    range."""
    trust = check_number(
        "read_world", "trust", trust, low=0.0, high=1.0, what="belief in the model"
    )
    tries = check_count("read_world", "tries", tries, 1024, "worlds drawn per world kept")
    if trust == 0.0:
        return sample_world(view, rng)
    if reading is None:
        reading = TableReading(view)
    elif not isinstance(reading, TableReading) or (
        reading.view is not view and reading.view != view
    ):
        raise TypeError("reading must be the TableReading of this view")
    if not reading.checks:
        return sample_world(view, rng)
    keep = 1.0 - trust
    best: tuple[int, GameState] | None = None
    for _ in range(tries):
        world = sample_world(view, rng)
        surprises = reading.surprises(world)
        if surprises == 0 or rng.random() < keep**surprises:
            return world
        if best is None or surprises < best[0]:
            best = (surprises, world)
    assert best is not None
    return best[1]
