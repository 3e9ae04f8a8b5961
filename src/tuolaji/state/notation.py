"""Text for people: how states, views, actions, rules and results print, and a short
notation for actions that reads back (``"1 play ♥KK"``).

The classes themselves keep only a one-line ``__repr__``/``__str__`` that calls in here, so
the formatting lives in one place. Cards print in suit-symbol groups (``♥KKQ ♠3 SJ``), the
form :func:`~tuolaji.parse_cards` reads back in the same order; levels print as ``10``, ``J``.

Action notation (:func:`format_action`, :func:`parse_action`), seat first::

    deal              DealCard()            the chance action of the dealing phase
    0 declare ♥10 BJ  Declare(0, ...)       a bid or counter (R4.2-R5.2); "bid" also reads
    1 pass            Pass(1)
    3 redeal          AskRedeal(3)          a weak-hand redeal request (R4.7)
    0 bury ♣2345 ♦66 ♠37
    1 play ♥KK        Play(1, ...)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

import attrs

from tuolaji.core.cards import Card, Joker, Rank, parse_cards
from tuolaji.core.errors import IllegalAction

if TYPE_CHECKING:
    from tuolaji.core.rules import Rules
    from tuolaji.core.scoring import DealResult
    from tuolaji.core.trump import Trump
    from tuolaji.game.facade import MatchResult
    from tuolaji.state.actions import Action, Trick
    from tuolaji.state.gamestate import GameState
    from tuolaji.state.view import PlayerView

__all__ = [
    "format_action",
    "format_hand",
    "level_text",
    "levels_text",
    "parse_action",
    "result_text",
    "rules_repr",
    "state_repr",
    "state_text",
    "trick_text",
    "view_text",
]

_VERBS = {"declare": "Declare", "bid": "Declare", "pass": "Pass", "redeal": "AskRedeal"}
_VERBS |= {"bury": "Bury", "play": "Play"}


def format_hand(cards: Iterable[Card], trump: Trump | None = None) -> str:
    """Cards in suit-symbol groups, in the given order: ``♥KKQ ♠3 SJ BJ``.

    A new group starts whenever the suit changes (or, with ``trump``, the effective suit:
    level cards and trump-suit cards stand apart from the side suits); a 10 inside a group,
    and a rank after a 10, repeat the symbol (``♠K♠10♠9``) so the ranks stay readable.
    ``parse_cards`` reads it back in order.
    """
    groups: list[str] = []
    key: object = None
    after_ten = False
    for card in cards:
        if isinstance(card.rank, Joker):
            groups.append(card.rank.label)
            key = None
            continue
        assert card.suit is not None
        card_key = (card.suit, None if trump is None else trump.effective_suit(card))
        if card_key != key:
            groups.append(card.suit.symbol + card.rank.label)
            key = card_key
        elif after_ten or card.rank is Rank.TEN:
            groups[-1] += card.suit.symbol + card.rank.label
        else:
            groups[-1] += card.rank.label
        after_ten = card.rank is Rank.TEN
    return " ".join(groups)


def level_text(level: Rank | None) -> str:
    """A level as players write it: ``10``, ``J``, or ``-`` when not known yet."""
    return "-" if level is None else level.label


def levels_text(levels: Sequence[Rank]) -> str:
    """Both teams' levels with team labels: ``team 0 (seats 0 2): 10, team 1 (seats 1 3): 2``."""
    return ", ".join(
        f"team {team} (seats {team} {team + 2}): {level_text(level)}"
        for team, level in enumerate(levels)
    )


def format_action(action: Action) -> str:
    """The notation of ``action`` (see the module docstring); :func:`parse_action` reads it
    back to an equal action."""
    name = type(action).__name__
    if name == "DealCard":
        return "deal"
    seat = getattr(action, "seat", "?")
    if name == "Pass":
        return f"{seat} pass"
    if name == "AskRedeal":
        return f"{seat} redeal"
    verb = {"Declare": "declare", "Bury": "bury", "Play": "play"}.get(name, name.lower())
    return f"{seat} {verb} {format_hand(getattr(action, 'cards', ())) or '-'}"


def parse_action(text: str) -> Action:
    """Read an action written as :func:`format_action` writes it: ``"1 play ♥KK"``,
    ``"0 bury ..."``, ``"2 pass"``, ``"deal"``; cards in any spelling
    :func:`~tuolaji.parse_cards` accepts.

    Raises :class:`~tuolaji.IllegalAction` (rule ``"R11"``) for text that is not an action,
    and :class:`~tuolaji.InvalidCards` for cards that cannot be read.
    """
    from tuolaji import actions  # noqa: PLC0415 (actions prints itself with this module

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
            "the verbs are declare, pass, redeal, bury, play",
        )
    rest = words[2] if len(words) > 2 else ""
    if kind in ("Pass", "AskRedeal"):
        if rest.strip():
            raise IllegalAction("R11", f"cannot read the action {shown!r}: {verb} takes no cards")
        return actions.Pass(seat) if kind == "Pass" else actions.AskRedeal(seat)
    cards = () if rest.strip() == "-" else parse_cards(rest)
    if kind == "Declare":
        return actions.Declare(seat, cards)
    if kind == "Bury":
        return actions.Bury(seat, cards)
    return actions.Play(seat, cards)


def action_repr(action: Action) -> str:
    """``parse_action('1 play ♥KK')``: pastes back into Python with ``parse_action``."""
    return f"parse_action({format_action(action)!r})"


def trick_text(trick: Trick) -> str:
    """A finished trick: ``1 ♥KK, 2 ♥33, 3 ♠22, 0 ♥AA -> 3 (+10)``."""
    plays = ", ".join(
        f"{(trick.leader + i) % 4} {format_hand(cards)}" for i, cards in enumerate(trick.plays)
    )
    return f"{plays} -> {trick.winner} (+{trick.points})"


def preset_name(rules: Rules) -> str | None:
    """The name of the preset equal to ``rules``, or None for house rules."""
    from tuolaji.core.rules import RULESETS  # noqa: PLC0415 (Rules prints itself with this module)

    for name, preset in RULESETS.items():
        if preset == rules:
            return name
    return None


def rules_repr(rules: Rules) -> str:
    """``Rules.preset('tuolaji')`` for a preset; otherwise ``Rules(...)`` with only the
    fields that differ from the defaults (the ``tuolaji`` preset). Both paste back."""
    name = preset_name(rules)
    if name is not None:
        return f"Rules.preset({name!r})"
    default = type(rules)()
    changed = [
        f"{field.name}={_value_repr(getattr(rules, field.name))}"
        for field in attrs.fields(type(rules))
        if field.init and getattr(rules, field.name) != getattr(default, field.name)
    ]
    return f"Rules({', '.join(changed)})"


def _value_repr(value: object) -> str:
    if isinstance(value, Rank):
        return str(int(value))
    if isinstance(value, frozenset):
        return "{" + ", ".join(_value_repr(v) for v in sorted(value)) + "}"
    if isinstance(value, tuple):
        inner = ", ".join(_value_repr(v) for v in value)
        return f"({inner},)" if len(value) == 1 else f"({inner})"
    return repr(value)


def rules_text(rules: Rules) -> str:
    """The preset name, or ``house rules`` and the repr."""
    name = preset_name(rules)
    return name if name is not None else rules_repr(rules)


def trump_repr(trump: Trump) -> str:
    """``Trump(Rank.TEN, Suit.SPADES)``, pasteable with those names imported."""
    suit = "None" if trump.suit is None else f"Suit.{trump.suit.name}"
    twos = ", permanent_twos=True" if trump.permanent_twos else ""
    return f"Trump(Rank.{trump.level.name}, {suit}{twos})"


def result_text(result: DealResult) -> str:
    """One line: the attackers' total (with the kitty bonus and penalty), the outcome, the
    levels after and the next dealer."""
    parts = [f"attackers {result.attacker_points}"]
    if result.multiplier:
        parts.append(f"(kitty {result.kitty_points} x{result.multiplier})")
    if result.penalty:
        parts.append(f"(penalty {result.penalty:+d})")
    text = " ".join(parts) + f": {result.outcome}"
    if result.hooked:
        text += ", J hook"
    text += f"; levels {level_text(result.levels[0])}/{level_text(result.levels[1])}"
    if result.match_winner is not None:
        return text + f"; team {result.match_winner} wins the match"
    return text + f"; next dealer {result.next_dealer}"


def match_text(match: MatchResult) -> str:
    """``team 0 won the match in 12 deals`` or ``no winner after 20 deals``."""
    if match.winner is None:
        return f"no winner after {match.deals} deals"
    return f"team {match.winner} won the match in {match.deals} deals"


def _phase_line(
    *,
    rules: Rules,
    deal_number: int,
    phase_value: str,
    dealer: int | None,
    trump: Trump | None,
    level: Rank | None,
    levels: Sequence[Rank],
) -> str:
    what = f"{rules_text(rules)} deal {deal_number}, {phase_value}"
    who = "dealer not known yet" if dealer is None else f"dealer {dealer}"
    context = str(trump) if trump is not None else f"level {level_text(level)}, trump not fixed"
    lv = f"levels {level_text(levels[0])}/{level_text(levels[1])}"
    return f"{what}; {who}; {context}; {lv}"


def _trick_line(leader: int, trick: Sequence[Sequence[Card]], number: int) -> str:
    plays = ", ".join(f"{(leader + i) % 4} {format_hand(cards)}" for i, cards in enumerate(trick))
    return f"trick {number + 1}: {plays or f'{leader} to lead'}"


def _tail(
    *,
    phase_value: str,
    to_act: int,
    leader: int,
    trick: Sequence[Sequence[Card]],
    tricks: int,
    attacker_points: int,
    result: DealResult | None,
) -> list[str]:
    lines = []
    if phase_value == "playing":
        lines.append(_trick_line(leader, trick, tricks))
    if result is not None:
        lines.append(result_text(result))
    else:
        lines.append(f"attackers {attacker_points} points; to act: {_seat_text(to_act)}")
    return lines


def _seat_text(seat: int) -> str:
    return "chance (dealing)" if seat < 0 else f"seat {seat}"


def state_repr(state: GameState) -> str:
    """One line: ``<GameState tuolaji deal 0, playing, trump ♠ level 10, seat 1 to act,
    attackers 35>``."""
    parts = [f"{rules_text(state.rules)} deal {state.deal_number}", state.phase.value]
    if state.trump is not None:
        parts.append(str(state.trump))
    if state.result is not None:
        parts.append(result_text(state.result))
    else:
        parts.append(f"{_seat_text(state.to_act)} to act")
        parts.append(f"attackers {state.attacker_points}")
    return f"<GameState {', '.join(parts)}>"


def _hand_line(seat: int, dealer: bool, hand: Sequence[Card], trump: Trump | None) -> str:
    """A seat's line: its number (``*`` for the dealer), card count and the hand, sorted by
    the trump when it is known."""
    cards = trump.sorted(hand) if trump is not None else hand
    mark = "*" if dealer else " "
    return f"{seat}{mark} ({len(hand):2}) {format_hand(cards, trump) or '-'}"


def state_text(state: GameState) -> str:
    """A few lines: phase, dealer and trump; each hand (sorted by the trump when it is
    known); the current trick; the attackers' points or the result."""
    lines = [
        _phase_line(
            rules=state.rules,
            deal_number=state.deal_number,
            phase_value=state.phase.value,
            dealer=state.dealer,
            trump=state.trump,
            level=state.level,
            levels=state.levels,
        )
    ]
    for seat, hand in enumerate(state.hands):
        lines.append(_hand_line(seat, seat == state.dealer, hand, state.trump))
    if state.kitty:
        lines.append(f"kitty {format_hand(state.kitty)}")
    lines += _tail(
        phase_value=state.phase.value,
        to_act=state.to_act,
        leader=state.leader,
        trick=state.trick,
        tricks=len(state.tricks),
        attacker_points=state.attacker_points,
        result=state.result,
    )
    return "\n".join(lines)


def view_text(view: PlayerView) -> str:
    """Like :func:`state_text`, for what one seat knows: its own hand, the others' sizes."""
    lines = [
        f"seat {view.seat}'s view: "
        + _phase_line_view(view.phase.value, view.dealer, view.trump, view.levels)
    ]
    for seat in range(4):
        if seat == view.seat:
            lines.append(_hand_line(seat, seat == view.dealer, view.hand, view.trump))
        else:
            mark = "*" if seat == view.dealer else " "
            shown = f" showing {format_hand(view.shown[seat])}" if view.shown[seat] else ""
            hidden = "hidden" if view.hand_sizes[seat] else "-"
            lines.append(f"{seat}{mark} ({view.hand_sizes[seat]:2}) {hidden}{shown}")
    if view.kitty is not None:
        lines.append(f"kitty {format_hand(view.kitty)}")
    lines += _tail(
        phase_value=view.phase.value,
        to_act=view.to_act,
        leader=view.leader,
        trick=view.trick,
        tricks=len(view.tricks),
        attacker_points=view.attacker_points,
        result=view.result,
    )
    return "\n".join(lines)


def _phase_line_view(
    phase_value: str, dealer: int | None, trump: Trump | None, levels: Sequence[Rank]
) -> str:
    who = "dealer not known yet" if dealer is None else f"dealer {dealer}"
    context = str(trump) if trump is not None else "trump not fixed yet"
    lv = f"levels {level_text(levels[0])}/{level_text(levels[1])}"
    return f"{phase_value}; {who}; {context}; {lv}"


def view_repr(view: PlayerView) -> str:
    """One line: ``<PlayerView seat 1, playing, level 10, trump ♠, 25 cards, attackers 0>``."""
    parts = [f"seat {view.seat}", view.phase.value]
    if view.trump is not None:
        parts.append(str(view.trump))
    parts.append(f"{len(view.hand)} cards")
    parts.append(f"attackers {view.attacker_points}")
    return f"<PlayerView {', '.join(parts)}>"
