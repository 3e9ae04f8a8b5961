"""Action notation: how an action is written and read back (``"1 play ♥KK"``).

Actions print themselves in this notation (``str(action)``, defined on each action class);
[`parse_action`][tuolaji.state.notation.parse_action] reads it back. This module sits above the
actions: nothing below it imports it. Text for states, views, rules and results lives on those
classes (``str(state)``, ``repr(rules)``).

Action notation, seat first::

    deal              DealCard()            the chance action of the dealing phase
    0 declare ♥10 BJ  Declare(0, ...)       a bid or counter (R4.2-R5.2); "bid" also reads
    1 pass            Pass(1)
    3 redeal          AskRedeal(3)          a weak-hand redeal request (R4.7)
    2 undo            Undo(2)               a take-back (R11, ``Rules.takeback``)
    0 bury ♣2345 ♦66 ♠37
    1 play ♥KK        Play(1, ...)
"""

from __future__ import annotations

from tuolaji.core.cards import parse_cards
from tuolaji.core.errors import IllegalAction
from tuolaji.state import actions
from tuolaji.state.actions import Action

__all__ = ["format_action", "parse_action"]

_VERBS = {"declare": "Declare", "bid": "Declare", "pass": "Pass", "redeal": "AskRedeal"}
_VERBS |= {"undo": "Undo"}
_VERBS |= {"bury": "Bury", "play": "Play"}
_ACTIONS = (
    actions.DealCard,
    actions.Declare,
    actions.Pass,
    actions.AskRedeal,
    actions.Bury,
    actions.Play,
    actions.Undo,
)


def format_action(action: Action) -> str:
    """The notation of ``action`` (see the module docstring), the same as ``str(action)``;
    [`parse_action`][tuolaji.state.notation.parse_action] reads it back to an equal action."""
    if not isinstance(action, _ACTIONS):
        raise TypeError(f"format_action takes an action, got {type(action).__name__}")
    return str(action)


def parse_action(text: str) -> Action:
    """Read an action written as [`format_action`][tuolaji.state.notation.format_action] writes it:
    ``"1 play ♥KK"``, ``"0 bury ..."``, ``"2 pass"``, ``"deal"``; cards in any spelling
    [`parse_cards`][tuolaji.parse_cards] accepts.

    Raises [`IllegalAction`][tuolaji.IllegalAction] (rule ``"R11"``) for text that is not an action,
    and [`InvalidCards`][tuolaji.InvalidCards] for cards that cannot be read.
    """
    if not isinstance(text, str):
        raise IllegalAction("R11", f"an action is read from a str, got {type(text).__name__}")
    words = text.split(maxsplit=2)
    if words == ["deal"]:
        return actions.DealCard()
    shown = text if len(text) <= 40 else text[:37] + "..."
    if len(words) < 2 or not words[0].isdigit() or int(words[0]) > 3:
        raise IllegalAction(
            "R11",
            f"cannot read the action {shown!r}: write 'SEAT VERB [CARDS]' with a seat 0-3, "
            "e.g. '1 play ♥KK', or 'deal'",
        )
    seat, verb = int(words[0]), words[1].lower()
    kind = _VERBS.get(verb)
    if kind is None:
        raise IllegalAction(
            "R11",
            f"cannot read the action {shown!r}: unknown verb {words[1][:12]!r}; "
            "the verbs are declare, pass, redeal, bury, play, undo",
        )
    rest = words[2] if len(words) > 2 else ""
    if kind in ("Pass", "AskRedeal", "Undo"):
        if rest.strip():
            raise IllegalAction("R11", f"cannot read the action {shown!r}: {verb} takes no cards")
        if kind == "Undo":
            return actions.Undo(seat)
        return actions.Pass(seat) if kind == "Pass" else actions.AskRedeal(seat)
    cards = () if rest.strip() == "-" else parse_cards(rest)
    if kind == "Declare":
        return actions.Declare(seat, cards)
    if kind == "Bury":
        return actions.Bury(seat, cards)
    return actions.Play(seat, cards)
