"""Lines of text that a state and a view share when they print themselves (``str(state)``,
``repr(view)``): the phase line, a seat's hand line, the current trick and the score line.

The helpers take plain values (no state, no view), so that both classes print through them
without this module knowing either; cards print with [`format_hand`][tuolaji.format_hand].
"""

from __future__ import annotations

from collections.abc import Sequence

from tuolaji.core.cards import Card, Rank, format_hand, level_labels, level_text
from tuolaji.core.rules import Rules, rules_text
from tuolaji.core.scoring import DealResult
from tuolaji.core.trump import Trump

__all__ = [
    "hand_line",
    "kitty_line",
    "phase_line",
    "seat_text",
    "tail_lines",
    "view_phase_line",
]


def seat_text(seat: int) -> str:
    """``seat 2``, or ``chance (dealing)`` for [`CHANCE`][tuolaji.CHANCE] (-1)."""
    return "chance (dealing)" if seat < 0 else f"seat {seat}"


def _levels(levels: Sequence[Rank], no_trump_level: Sequence[bool]) -> str:
    return "levels " + "/".join(level_labels(levels, no_trump_level))


def phase_line(
    *,
    rules: Rules,
    deal_number: int,
    phase: str,
    dealer: int | None,
    trump: Trump | None,
    level: Rank | None,
    levels: Sequence[Rank],
    no_trump_level: Sequence[bool],
) -> str:
    """A state's first line: rules, deal number (as printed: from 1) and phase; dealer;
    trump; levels (``NT`` for the no-trump level, R9.2)."""
    what = f"{rules_text(rules)} deal {deal_number}, {phase}"
    who = "dealer not known yet" if dealer is None else f"dealer {dealer}"
    declaring_nt = dealer is not None and no_trump_level[dealer % 2]
    shown = level_text(level, no_trump=declaring_nt)
    context = str(trump) if trump is not None else f"level {shown}, trump not fixed"
    return f"{what}; {who}; {context}; {_levels(levels, no_trump_level)}"


def view_phase_line(
    phase: str,
    dealer: int | None,
    trump: Trump | None,
    levels: Sequence[Rank],
    no_trump_level: Sequence[bool],
) -> str:
    """A view's first line, after ``seat N's view:``: phase, dealer, trump, levels."""
    who = "dealer not known yet" if dealer is None else f"dealer {dealer}"
    context = str(trump) if trump is not None else "trump not fixed yet"
    return f"{phase}; {who}; {context}; {_levels(levels, no_trump_level)}"


def hand_line(seat: int, dealer: bool, hand: Sequence[Card], trump: Trump | None) -> str:
    """A seat's line: its number (``*`` for the dealer), card count and the hand, sorted by
    the trump when it is known."""
    cards = trump.sorted(hand) if trump is not None else hand
    mark = "*" if dealer else " "
    return f"{seat}{mark} ({len(hand):2}) {format_hand(cards, trump) or '-'}"


def kitty_line(kitty: Sequence[Card], trump: Trump | None) -> str:
    """``kitty ♠AK ♦5``: the kitty sorted by the trump when it is known (trumps first,
    strongest first), else in card order."""
    cards = trump.sorted(kitty) if trump is not None else sorted(kitty, key=lambda c: c.id)
    return f"kitty {format_hand(cards, trump)}"


def tail_lines(
    *,
    phase: str,
    to_act: int,
    leader: int,
    trick: Sequence[Sequence[Card]],
    tricks: int,
    attacker_points: int,
    result: DealResult | None,
) -> list[str]:
    """The last lines: the current trick (in play) and the result or the score so far."""
    lines = []
    if phase == "playing":
        plays = ", ".join(
            f"{(leader + i) % 4} {format_hand(cards)}" for i, cards in enumerate(trick)
        )
        lines.append(f"trick {tricks + 1}: {plays or f'{leader} to lead'}")
    if result is not None:
        lines.append(str(result))
    else:
        lines.append(f"attackers {attacker_points} points; to act: {seat_text(to_act)}")
    return lines
