"""Tools to test tuolaji and programs built on it: invariant checks, decks, random play,
hypothesis strategies and state machines.

Install with ``pip install 'tuolaji[testing]'``. The invariant checks
(`tuolaji.testing.invariants`), [`stacked_deck`][tuolaji.testing.decks.stacked_deck],
[`accounted_cards`][tuolaji.testing.decks.accounted_cards] and the seeded random play of
`tuolaji.testing.driver` need no ``hypothesis``; the strategies and the state machines
(``DealMachine``, ``MatchMachine``) import it when first used.

See ``docs/testing.md`` for a guide.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tuolaji.testing.decks import accounted_cards, stacked_deck
from tuolaji.testing.driver import advance, phase_step, random_deal, random_rules
from tuolaji.testing.invariants import (
    InvariantViolation,
    check_apply,
    check_cards,
    check_json_round_trip,
    check_legal_actions,
    check_points,
    check_result,
    check_round_trips,
    check_state,
    check_step,
    check_text_round_trip,
    check_turn_order,
    check_views,
)

if TYPE_CHECKING:
    from tuolaji.testing.machines import DealMachine, MatchMachine
    from tuolaji.testing.strategies import (
        actions,
        card_multisets,
        cards,
        deck_deals,
        game_states,
        hands,
        play_positions,
        register_type_strategies,
        rules,
        trumps,
    )

__all__ = [
    "DealMachine",
    "InvariantViolation",
    "MatchMachine",
    "accounted_cards",
    "actions",
    "advance",
    "card_multisets",
    "cards",
    "check_apply",
    "check_cards",
    "check_json_round_trip",
    "check_legal_actions",
    "check_points",
    "check_result",
    "check_round_trips",
    "check_state",
    "check_step",
    "check_text_round_trip",
    "check_turn_order",
    "check_views",
    "deck_deals",
    "game_states",
    "hands",
    "phase_step",
    "play_positions",
    "random_deal",
    "random_rules",
    "register_type_strategies",
    "rules",
    "stacked_deck",
    "trumps",
]

_STRATEGIES = frozenset(
    {
        "actions",
        "card_multisets",
        "cards",
        "deck_deals",
        "game_states",
        "hands",
        "play_positions",
        "register_type_strategies",
        "rules",
        "trumps",
    }
)
_MACHINES = frozenset({"DealMachine", "MatchMachine"})


def __getattr__(name: str) -> Any:
    # The hypothesis-based names load on first use, so the plain checks work without it.
    if name in _STRATEGIES or name in _MACHINES:
        # Lazy on purpose: both modules need hypothesis, an optional dependency.
        from tuolaji.testing import machines, strategies  # noqa: PLC0415 - hypothesis optional

        return getattr(strategies if name in _STRATEGIES else machines, name)
    raise AttributeError(f"module 'tuolaji.testing' has no attribute {name!r}")
