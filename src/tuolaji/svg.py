"""Pictures of cards as SVG text, at their documented path (``tl.svg``); the code is in
`tuolaji.state.pictures`."""

from __future__ import annotations

from tuolaji.state.pictures import (
    CARD_HEIGHT,
    CARD_WIDTH,
    SeatedHands,
    Table,
    card_defs,
    card_id,
    card_label,
    hand,
    hand_slots,
    level_chart,
    rows,
    table,
    trick,
)

__all__ = [
    "CARD_HEIGHT",
    "CARD_WIDTH",
    "SeatedHands",
    "Table",
    "card_defs",
    "card_id",
    "card_label",
    "hand",
    "hand_slots",
    "level_chart",
    "rows",
    "table",
    "trick",
]
