"""The English of the trick rules' errors: cards, shapes and what a refused play needed.

The kernels of [`tuolaji.core.trickids`][tuolaji.core.trickids] decide *whether* a lead or a
follow is legal and *why not* (a [`FollowCode`][tuolaji.core.trickids.FollowCode]); this
module only words the answer, from card ids and the trump context's table
([`Trump.table`][tuolaji.Trump.table]). It sits below the kernels (it imports no rule),
so that [`lead_info_ids`][tuolaji.core.trickids.lead_info_ids] can raise its R6.2 error and the
refused-play path of the state machine can word a follow error straight from ids.
"""

from __future__ import annotations

from collections.abc import Sequence

from tuolaji.core.cards import CARDS
from tuolaji.core.errors import IllegalAction
from tuolaji.core.shapes import Shape
from tuolaji.core.trump import TRUMP, TrumpTable, effective_suit_name

__all__ = [
    "cards_text",
    "count_error",
    "counted",
    "empty_follow_error",
    "mixed_lead_error",
    "not_held_error",
    "off_suit_error",
    "shape_error",
    "shape_words",
    "short_error",
]


def cards_text(ids: Sequence[int], table: TrumpTable) -> str:
    """Cards for a message, in canonical order (the order of
    [`Trump.sorted`][tuolaji.Trump.sorted]), grouped like ``♥KKQQ ♥3``."""
    return " ".join(_group_text(ids, table))


def _group_text(ids: Sequence[int], table: TrumpTable) -> list[str]:
    words: list[str] = []
    previous = -1
    for c in sorted(ids, key=table.order.__getitem__):
        card = CARDS[c]
        if c == previous and not card.is_joker:
            # Two copies print as one word, like the rules text: ♥QQ.
            words[-1] += card.rank.label
            previous = -1
        else:
            words.append(card.pretty)
            previous = c
    return words


def counted(n: int, noun: str, plural: str | None = None) -> str:
    """``n`` and ``noun`` in agreement: ``"1 card"``, ``"2 cards"``, ``"0 cards"`` (``plural``,
    default ``noun + "s"``, for every count but 1). Every message that says how many uses it.

    >>> counted(1, "card"), counted(3, "♥ card"), counted(2, "copy", "copies")
    ('1 card', '3 ♥ cards', '2 copies')
    """
    return f"{n} {noun if n == 1 else (plural if plural is not None else noun + 's')}"


_NUMBER_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight")


def _count_word(n: int) -> str:
    return _NUMBER_WORDS[n] if n < len(_NUMBER_WORDS) else str(n)


def shape_words(shape: Shape, suit_name: str, *, demand: bool) -> str:
    """A shape in words: "a tractor of 2 pairs and a pair" (``demand=False``: what a lead
    holds), "a pair and 2 more ♥ cards" (``demand=True``: what a follow must hold)."""
    parts = [f"a tractor of {k} pairs" for k in shape.tractors]
    if shape.pairs:
        parts.append("a pair" if shape.pairs == 1 else f"{_count_word(shape.pairs)} pairs")
    if shape.singles:
        if demand:
            more = "more " if parts else "any "
            parts.append(counted(shape.singles, f"{more}{suit_name} card"))
        else:
            parts.append("a single" if shape.singles == 1 else f"{shape.singles} singles")
    if len(parts) == 1:
        return parts[0]
    return ", ".join(parts[:-1]) + " and " + parts[-1]


def mixed_lead_error(by_suit: dict[int, list[int]], table: TrumpTable) -> IllegalAction:
    """R6.2: a lead of several effective suits; ``by_suit`` maps each suit to its cards."""
    parts = "; ".join(
        f"{cards_text(cs, table)} {'are' if len(cs) > 1 else 'is'} {effective_suit_name(s)}"
        for s, cs in sorted(by_suit.items(), key=lambda kv: (kv[0] != TRUMP, kv[0]))
    )
    return IllegalAction(
        "R6.2",
        f"a lead is cards of one suit (trumps count as one suit), but {parts}; "
        "lead from one suit only",
    )


def not_held_error(missing: Sequence[int], table: TrumpTable) -> IllegalAction:
    """R11: a play of cards (``missing``) that the hand does not hold."""
    return IllegalAction(
        "R11", f"you do not hold {cards_text(missing, table)}; play only cards from your hand"
    )


def empty_follow_error(lead: Sequence[int], table: TrumpTable) -> IllegalAction:
    """R7.1: an empty follow to the lead ``lead``."""
    n = len(lead)
    return IllegalAction(
        "R7.1", f"the lead {cards_text(lead, table)} has {counted(n, 'card')}; play {n}, not none"
    )


def count_error(lead: Sequence[int], played: int, table: TrumpTable) -> IllegalAction:
    """R7.1: a follow of ``played`` cards to a lead of another size."""
    n = len(lead)
    return IllegalAction(
        "R7.1",
        f"the lead {cards_text(lead, table)} has {counted(n, 'card')}; "
        f"play exactly {n}, not {played}",
    )


def off_suit_error(
    lead: Sequence[int], suit: int, held: int, off: Sequence[int], table: TrumpTable
) -> IllegalAction:
    """R7.2: a seat holding ``held`` (at least the lead's size) cards of the led ``suit``
    played the cards ``off`` of other suits."""
    n = len(lead)
    name = effective_suit_name(suit)
    return IllegalAction(
        "R7.2",
        f"the lead {cards_text(lead, table)} is {name} and you hold "
        f"{counted(held, f'{name} card')}; "
        f"play {counted(n, f'{name} card')} and no others (not {cards_text(off, table)})",
    )


def short_error(
    lead: Sequence[int], suit: int, held: Sequence[int], table: TrumpTable
) -> IllegalAction:
    """R7.2: a seat holding only ``held`` (no more than the lead, at least one card) of the
    led ``suit`` did not play them all."""
    n = len(lead)
    name = effective_suit_name(suit)
    lead_text = cards_text(lead, table)
    held_text = cards_text(held, table)
    if len(held) == n:
        return IllegalAction(
            "R7.2",
            f"the lead {lead_text} is {name} and you hold exactly {counted(n, f'{name} card')} "
            f"({held_text}); play {'it' if n == 1 else 'all of them'}",
        )
    which = "it" if len(held) == 1 else f"all {len(held)} of them"
    others = n - len(held)
    return IllegalAction(
        "R7.2",
        f"the lead {lead_text} is {name} and you hold only {len(held)} {name} "
        f"({held_text}); play {which} and {counted(others, 'other card')}",
    )


def shape_error(
    lead: Sequence[int],
    suit: int,
    lead_shape: Shape,
    held_pairs: Sequence[int],
    *,
    want: Shape,
    table: TrumpTable,
) -> IllegalAction:
    """R7.3: a follow not of the shape ``want`` that the led-suit holding (whose pairs are the
    cards ``held_pairs``, one id per pair) could fit, after a lead of ``lead_shape``."""
    name = effective_suit_name(suit)
    pairs_text = cards_text([c for c in held_pairs for _ in (0, 1)], table)
    return IllegalAction(
        "R7.3",
        f"the lead {cards_text(lead, table)} has {shape_words(lead_shape, name, demand=False)} "
        f"of {name}; you hold {pairs_text}; play {shape_words(want, name, demand=True)}",
    )
