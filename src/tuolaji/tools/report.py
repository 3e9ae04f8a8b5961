"""Text reports of finished deals for people: a one-line summary and a verbose account
(bidding, buried kitty, every trick with its winner marked)."""

from __future__ import annotations

from collections.abc import Sequence

from tuolaji.core.cards import Card, format_cards, level_labels
from tuolaji.state.actions import (
    Action,
    Buried,
    Bury,
    DealerSet,
    Declared,
    KittyRevealed,
    Played,
    Redeal,
    ThrowFailed,
    TrickWon,
    TrumpRevealed,
)
from tuolaji.state.gamestate import GameState

__all__ = ["deal_lines", "summary_line"]


def _cards(cards: Sequence[Card]) -> str:
    return format_cards(cards, pretty=True)


def _suit_name(suit: int | None) -> str:
    return "no trump" if suit is None else "♠♥♣♦"[suit]


def _trump_text(state: GameState) -> str:
    trump = state.trump
    assert trump is not None
    suit = "no trump" if trump.suit is None else f"trump {trump.suit.symbol}"
    return f"{suit}, level {trump.level.label}"


def summary_line(number: int, state: GameState) -> str:
    """One line for a finished deal: dealer, trump, attackers' points, kitty bonus, level
    change and both teams' levels."""
    result = state.result
    assert result is not None and state.dealer is not None
    outcome = "declarers keep" if result.outcome.declarers_keep else "attackers take over"
    bonus = f" (kitty +{result.kitty_bonus})" if result.kitty_bonus else ""
    winner = (
        f"  team {result.match_winner} wins the match" if result.match_winner is not None else ""
    )
    labels = level_labels(result.levels, result.no_trump_level)
    return (
        f"deal {number:>3}  dealer {state.dealer}  {_trump_text(state):<18}  "
        f"attackers {result.attacker_points:>4}{bonus:<14}  "
        f"{outcome} +{result.outcome.steps}  "
        f"team 0 at {labels[0]}, team 1 at {labels[1]}{winner}"
    )


def deal_lines(number: int, state: GameState, actions: Sequence[Action]) -> list[str]:
    """The verbose account of a finished deal: bids, redeals, the buried kitty (from the
    deal's ``actions``), every trick with its winner marked by ``*``, and the result."""
    lines = [f"Deal {number}"]
    burials = iter([a for a in actions if isinstance(a, Bury)])
    trick: list[tuple[int, tuple[Card, ...]]] = []
    for event in state.events:
        if isinstance(event, Declared):
            named = _suit_name(event.suit)
            bid = f"{_cards(event.cards)} ({named}, strength {event.strength})"
            lines.append(f"  seat {event.seat} bids {bid}")
        elif isinstance(event, TrumpRevealed):
            lines.append(f"  nobody bid: kitty card {event.index + 1} is {event.card.pretty}")
        elif isinstance(event, Redeal):
            lines.append(f"  redeal: {event.reason}")
        elif isinstance(event, DealerSet):
            suit = _suit_name(event.suit)
            lines.append(f"  dealer seat {event.seat}, trump {suit}, level {event.level.label}")
        elif isinstance(event, Buried):
            bury = next(burials, None)
            shown = _cards(bury.cards) if bury is not None else f"{state.rules.kitty_size} cards"
            lines.append(f"  seat {event.seat} buries {shown}")
        elif isinstance(event, ThrowFailed):
            beaten = ", ".join(str(s) for s in event.beaten_by)
            who = f"seat {beaten} can beat it" if beaten else "who beats it is secret"
            lines.append(
                f"  seat {event.seat} throws {_cards(event.attempt)}: fails ({who}), "
                f"plays {_cards(event.forced)}"
            )
        elif isinstance(event, Played):
            trick.append((event.seat, event.cards))
        elif isinstance(event, TrickWon):
            plays = " | ".join(
                f"{seat}: {_cards(cards)}{'*' if seat == event.seat else ''}"
                for seat, cards in trick
            )
            lines.append(
                f"  trick {event.number + 1:>2}  {plays}   -> seat {event.seat}, {event.points} pts"
            )
            trick = []
        elif isinstance(event, KittyRevealed):
            scored = (
                f"x{event.multiplier} = +{event.bonus} to the attackers"
                if event.multiplier
                else "the declarers won the last trick (R8.3)"
            )
            kitty = _cards(event.cards) if event.cards else "(not shown)"
            lines.append(f"  kitty {kitty}: {scored}")
    lines.append("  " + summary_line(number, state))
    return lines
