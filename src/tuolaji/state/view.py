"""What one seat may know of a deal: [`PlayerView`][tuolaji.PlayerView] (R5.1, R4.2).

A view holds the seat's own hand, the public bids and shown cards, the trick history, the
other hands' sizes, and the kitty only for the seat that buried it (every seat sees it once
the deal is scored, unless [`Rules.kitty_public_at_end`][tuolaji.Rules.kitty_public_at_end] is
off). Never another seat's hidden card: events hold only public facts, and
every field is computed from public facts and the seat's own cards (a property test swaps
the hidden cards of the other seats and checks that the view does not change).

A view is a value, but a bot running in the same process as the engine can still reach
engine objects (e.g. the state through `gc`). Run untrusted bots in another process
and send them views.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence

import attrs

from tuolaji.core.bidding import Bid
from tuolaji.core.cards import Card, Rank, format_hand
from tuolaji.core.rules import Rules
from tuolaji.core.scoring import NO_TRUMP_LEVELS, DealResult, upgrade_no_trump_level
from tuolaji.core.trump import Trump
from tuolaji.core.wording import counted
from tuolaji.state import pictures as svg
from tuolaji.state.actions import CardsDealt, Declared, Event, Hand, Phase, Played, Trick
from tuolaji.state.eventlog import EventLog
from tuolaji.state.table_text import hand_line, kitty_line, tail_lines, view_phase_line

__all__ = ["PlayerView", "shown_cards"]


@attrs.frozen(slots=True)
class PlayerView:
    """One seat's knowledge of a deal; see the module docstring for what it holds, and
    [`tuolaji.bots.knowledge.knowledge_of`][tuolaji.bots.knowledge.knowledge_of] for what the seat
    deduces from it."""

    seat: int
    """The seat this view belongs to (R1.3)."""
    phase: Phase
    """The deal's phase (see `tuolaji.state.gamestate`)."""
    hand: Hand
    """This seat's own cards, in the order they were dealt (minus the cards played)."""
    hand_sizes: tuple[int, int, int, int]
    """How many cards each seat holds now (public)."""
    levels: tuple[Rank, Rank]
    """Team 0's and team 1's levels (R1.4)."""
    dealer: int | None
    """The dealer's seat; None while a first deal's bidding decides it (R4.5)."""
    trump: Trump | None
    """The trump context once bidding closed (R2), else None."""
    bid: Bid | None
    """The standing bid (R4.2), or None."""
    shown: tuple[Hand, Hand, Hand, Hand]
    """Per seat, the cards it showed in bids of this attempt minus those it has since played
    (R4.2). Public facts only: a shown card the seat later buried stays listed, since the
    other seats cannot know it left the hand (see `shown_cards`)."""
    kitty: Hand | None
    """The buried cards: only for the seat that buried them, or for all once scored when
    [`kitty_public_at_end`][tuolaji.Rules.kitty_public_at_end] (R8.2). With no kitty
    ([`Rules.kitty_size`][tuolaji.Rules.kitty_size] 0) the dealer's view holds ``()``."""
    to_act: int
    """The seat whose decision is pending, or -1 ([`CHANCE`][tuolaji.CHANCE]) while dealing and
    once finished."""
    leader: int
    """The seat that led (or will lead) the current trick (R6.1)."""
    trick: tuple[Hand, ...]
    """The current trick's plays so far, from [`leader`][tuolaji.PlayerView.leader] on."""
    tricks: tuple[Trick, ...]
    """The finished tricks, in order."""
    attacker_points: int
    """The attackers' total so far (R8.1, R6.5)."""
    events: EventLog
    """The public log of the deal (shared with the state, see
    [`tuolaji.state.eventlog`][tuolaji.state.eventlog])."""
    result: DealResult | None
    """The deal's result once scored (R8-R10), else None."""
    rules: Rules
    """The rules of the game (public: every seat knows them)."""
    opening: bool
    """True for the match's first deal, whose dealer is chosen by bidding (R4.5, R5.2)."""
    no_trump_level: tuple[bool, bool] = NO_TRUMP_LEVELS
    """Whether team 0 and team 1 stand on the no-trump level past the last level (R9.2,
    ``top_level="no_trump"``; their [`levels`][tuolaji.PlayerView.levels] entry is then the
    last level). Public, like the levels."""

    @classmethod
    def upgrade_data(cls, data: Mapping[str, object]) -> dict[str, object]:
        """JSON data of an older view brought up to date (the codec calls this before
        reading): without ``no_trump_level``, neither team is on the no-trump level (R9.2)."""
        return upgrade_no_trump_level(data)

    def __repr__(self) -> str:
        """One line: ``<PlayerView seat 1, playing, level 10, trump ♠, 25 cards, attackers 0>``."""
        parts = [f"seat {self.seat}", self.phase.value]
        if self.trump is not None:
            parts.append(str(self.trump))
        parts.append(counted(len(self.hand), "card"))
        parts.append(f"attackers {self.attacker_points}")
        return f"<PlayerView {', '.join(parts)}>"

    def __str__(self) -> str:
        """Like ``str(state)``, for what one seat knows: its own hand, the others' sizes and
        shown cards."""
        lines = [
            f"seat {self.seat}'s view: "
            + view_phase_line(
                self.phase.value, self.dealer, self.trump, self.levels, self.no_trump_level
            )
        ]
        for seat in range(4):
            if seat == self.seat:
                lines.append(hand_line(seat, seat == self.dealer, self.hand, self.trump))
                continue
            mark = "*" if seat == self.dealer else " "
            shown = f" showing {format_hand(self.shown[seat])}" if self.shown[seat] else ""
            hidden = "hidden" if self.hand_sizes[seat] else "-"
            lines.append(f"{seat}{mark} ({self.hand_sizes[seat]:2}) {hidden}{shown}")
        if self.kitty:  # none seen, or none at all (Rules.kitty_size 0)
            lines.append(kitty_line(self.kitty, self.trump))
        lines += tail_lines(
            phase=self.phase.value,
            to_act=self.to_act,
            leader=self.leader,
            trick=self.trick,
            tricks=len(self.tricks),
            attacker_points=self.attacker_points,
            result=self.result,
        )
        return "\n".join(lines)

    def table_hands(self, seat: int | None = None) -> svg.SeatedHands:
        """For a picture of the table ([`tuolaji.svg.Table`][tuolaji.svg.Table]): this seat at the
        bottom, its own hand face up and the others' cards hidden (None). ``seat`` is ignored: a
        view shows only what its own seat knows."""
        rows: list[Sequence[Card | None]] = [
            self.hand if s == self.seat else (None,) * self.hand_sizes[s] for s in range(4)
        ]
        return svg.SeatedHands(self.seat, tuple(rows))

    def _repr_svg_(self) -> str:
        """The table as a picture, for Jupyter (see [`tuolaji.svg.table`][tuolaji.svg.table])."""
        return svg.table(self)

    def _repr_html_(self) -> str:
        return f"<div>{svg.table(self)}</div>"


_NO_SHOWN: tuple[Hand, Hand, Hand, Hand] = ((), (), (), ())


def _shown_step(
    shown: tuple[Hand, Hand, Hand, Hand], event: Event
) -> tuple[Hand, Hand, Hand, Hand]:
    """The shown cards after one more event (R4.2): a new attempt forgets earlier bids; a
    bid adds its cards (as a multiset union: showing ``♥2`` and later ``♥2♥2`` shows two);
    a public play removes the played cards from its seat's shown cards."""
    if isinstance(event, CardsDealt):
        return _NO_SHOWN
    if isinstance(event, Declared):
        before = shown[event.seat]
        counts = Counter(before)
        extra = Counter(event.cards) - counts
        if not extra:
            return shown
        now = (*before, *extra.elements())
    elif isinstance(event, Played):
        before = shown[event.seat]
        if not before:
            return shown
        held = {c.id for c in before}
        if not any(c.id in held for c in event.cards):
            return shown  # the common case: none of the shown cards was played
        left = Counter(before) - Counter(event.cards)
        if left == Counter(before):
            return shown
        rest = []
        for card in before:
            if left[card]:
                left[card] -= 1
                rest.append(card)
        now = tuple(rest)
    else:
        return shown
    out = list(shown)
    out[event.seat] = now
    return out[0], out[1], out[2], out[3]


def shown_cards(log: EventLog) -> tuple[Hand, Hand, Hand, Hand]:
    """Per seat, the cards it showed in bids of the current attempt, minus those it has
    since played in public (R4.2). Derived from public events only, so a seat's view never
    depends on another seat's hidden cards; a shown card that was later buried stays shown.

    The result is cached on each log node, so building a view per decision costs a look-up
    (plus the few events since the last view).
    """
    if log.shown_cards_cache is not None:
        return log.shown_cards_cache
    previous = log.previous
    if previous is not None and previous.shown_cards_cache is not None:
        # The common case (a view per decision): one event since the last view's log.
        last = log.last
        assert last is not None  # a log with a previous one is not empty
        base = log.shown_cards_cache = _shown_step(previous.shown_cards_cache, last)
        return base
    pending: list[EventLog] = []
    node: EventLog | None = log
    base = _NO_SHOWN
    while node is not None:
        if node.shown_cards_cache is not None:
            base = node.shown_cards_cache
            break
        if not len(node):
            break
        pending.append(node)
        if isinstance(node.last, CardsDealt):
            break  # bids of an earlier attempt showed cards that were thrown in
        node = node.previous
    for step in reversed(pending):
        last = step.last
        assert last is not None  # pending holds non-empty logs only
        base = _shown_step(base, last)
        step.shown_cards_cache = base
    return base
