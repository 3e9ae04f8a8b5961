"""Hands as bitboards, and the play rules that read them (R2, R6-R7): the one home of the
engine's fast forms, which [`GameState`][tuolaji.GameState] and
[`PlayPhase`][tuolaji.PlayPhase] both call.

**Hands.** A hand is two integers over the 54 distinct cards: bit ``b`` of ``once`` is set
when the hand holds the card at bit ``b`` at least once, the same bit of ``twice`` when it
holds both copies (R1.1). The bit of a card depends on the trump context: the cards are ranked
by effective suit (R2.1), then position in it (R3.1), so that each effective suit is one
contiguous range of bits with its strongest card on top, and "the cards of the led suit",
"is the seat void", "how many distinct cards" and "the k-th of them" are masks and popcounts.
A [`BitTable`][tuolaji.core.bitboards.BitTable] holds these tables for one trump table; it is
built once and cached ([`bit_table`][tuolaji.core.bitboards.bit_table]).

**Rules.** The kernels here are the rules on bitboards, each written once: the legal leads of
a hand (R6.2: their count per effective suit, and lead number ``x`` of a suit, in the canonical
order both engines draw from), the distinct cards that may follow a single lead (R7.2), the
winner of a trick of single cards (R7.4, R7.5), and the forced single of a throw that fails on
its lowest single (R6.3, R6.4), chosen per [`Rules.forced_unit`][tuolaji.Rules.forced_unit]
value from [`FORCED_SINGLE`][tuolaji.core.bitboards.FORCED_SINGLE] (a table with one entry per
value, checked against the values of `Rules` when the module loads). Every other trick rule
(a described lead, a throw's full verdict, follows of several cards, the winner of such a
trick) is a kernel of `tuolaji.core.trickids`, which reads these where they apply.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Final, get_args

from tuolaji.core.caching import BoundedCache
from tuolaji.core.cards import CARD_KINDS
from tuolaji.core.rules import RULE_FIELDS, ForcedUnit, Rules
from tuolaji.core.trump import TRUMP, TrumpTable

__all__ = [
    "CANONICAL_SUITS",
    "FORCED_SINGLE",
    "FORCED_TIE_ORDER",
    "SINGLE_MOVES",
    "BitTable",
    "Move",
    "bit_masks",
    "bit_table",
    "bits_of_hand",
    "decode_lead",
    "forced_single",
    "hand_of_bits",
    "higher_holders",
    "lead_counts",
    "lead_of_number",
    "single_follow_pool",
    "single_trick_winner",
    "without_cards",
]

Move = tuple[int, ...]
"""A play as card ids (a pair is ``(c, c)``), in canonical order when a kernel returns it."""

CANONICAL_SUITS: Final = (TRUMP, 0, 1, 2, 3)
"""The effective suits in canonical order (trumps, then ♠ ♥ ♣ ♦, R2.1): the order in which
the legal leads of a hand are counted and numbered."""

SINGLE_MOVES: Final = tuple((c,) for c in range(CARD_KINDS))
"""The one-card move of each card id, one tuple per card, shared by every kernel that returns
a single."""

_SUITS: Final = 5  # four side suits and the trump suit (R2.1): TRUMP is 4
_POW3: Final = tuple(3**k for k in range(CARD_KINDS + 1))


class BitTable:
    """The bitboard tables of one trump table (see the module's docstring).

    ``bit[c]``: the mask of card ``c``; ``card[b]``: the card at bit ``b``; ``pos[b]`` and
    ``suit[b]``: its position and effective suit; ``suit_mask[s]``: the bits of effective suit
    ``s``; ``mask_of[c]``: those of card ``c``'s effective suit; ``single[b]``: the one-card
    move of the card at bit ``b``; ``canonical_masks``: ``suit_mask`` in
    [`CANONICAL_SUITS`][tuolaji.core.bitboards.CANONICAL_SUITS] order; ``table``: the trump table
    it was built from."""

    __slots__ = (
        "bit",
        "canonical_masks",
        "card",
        "mask_of",
        "pos",
        "single",
        "suit",
        "suit_mask",
        "table",
    )

    def __init__(self, table: TrumpTable) -> None:
        suit, pos = table.suit, table.pos
        # The suits from the bottom bit up: ♦ ♣ ♥ ♠, then the trumps; within a suit weakest
        # first, and among equal cards (the off-suit level cards, R2.2) the higher id lower,
        # so that reading the bits from the top down gives the canonical order (trumps, then
        # ♠ ♥ ♣ ♦, strongest first, equal cards by id).
        ranked = sorted(
            range(CARD_KINDS),
            key=lambda c: (_SUITS if suit[c] == TRUMP else 3 - suit[c], pos[c], -c),
        )
        self.table = table
        self.card: tuple[int, ...] = tuple(ranked)
        bit = [0] * CARD_KINDS
        for b, c in enumerate(ranked):
            bit[c] = 1 << b
        self.bit: tuple[int, ...] = tuple(bit)
        self.pos: tuple[int, ...] = tuple(pos[c] for c in ranked)
        self.suit: tuple[int, ...] = tuple(suit[c] for c in ranked)
        masks = [0] * _SUITS
        for c in range(CARD_KINDS):
            masks[suit[c]] |= self.bit[c]
        self.suit_mask: tuple[int, ...] = tuple(masks)
        self.canonical_masks: tuple[int, ...] = tuple(masks[s] for s in CANONICAL_SUITS)
        self.mask_of: tuple[int, ...] = tuple(masks[suit[c]] for c in range(CARD_KINDS))
        self.single: tuple[Move, ...] = tuple(SINGLE_MOVES[c] for c in ranked)

    def __repr__(self) -> str:
        return f"<BitTable of {self.table.suit_size} positions per effective suit>"


# Keyed by the table's identity; the entry holds the table, so its identity is not reused
# while the entry lives. Trump tables are themselves cached per trump context: a handful.
_TABLES: BoundedCache[int, BitTable] = BoundedCache(256)


def bit_table(table: TrumpTable) -> BitTable:
    """The [`BitTable`][tuolaji.core.bitboards.BitTable] of ``table``, built once."""
    bits = _TABLES.get(id(table))
    if bits is None or bits.table is not table:
        bits = BitTable(table)
        _TABLES.put(id(table), bits)
    return bits


def bits_of_hand(ids: Sequence[int], bits: BitTable) -> tuple[int, int]:
    """A hand of card ids (each at most twice, R1.1: not checked) as ``(once, twice)``."""
    once = twice = 0
    bit = bits.bit
    for c in ids:
        b = bit[c]
        if once & b:
            twice |= b
        else:
            once |= b
    return once, twice


def hand_of_bits(bits: BitTable, once: int, twice: int) -> list[int]:
    """The card ids of a hand, each as often as held, in canonical order (strongest first)."""
    out: list[int] = []
    card = bits.card
    while once:
        b = once.bit_length() - 1
        c = card[b]
        out.append(c)
        if twice >> b & 1:
            out.append(c)
        once ^= 1 << b
    return out


def bit_masks(mask: int) -> list[int]:
    """The set bits of ``mask``, each as its own mask, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low)
        mask ^= low
    return out


def lead_counts(bits: BitTable, once: int, twice: int) -> list[int]:
    """The number of legal leads (R6.2: every non-empty sub-multiset of one effective suit)
    of the hand ``once``/``twice`` per effective suit, in
    [`CANONICAL_SUITS`][tuolaji.core.bitboards.CANONICAL_SUITS] order."""
    out = []
    for mask in bits.canonical_masks:
        held = once & mask
        if held:
            t = (twice & held).bit_count()
            out.append((_POW3[t] << (held.bit_count() - t)) - 1)
        else:
            out.append(0)
    return out


def decode_lead(bits: BitTable, held: int, twice: int, x: int) -> tuple[Move, int, int]:
    """Lead number ``x`` (1 up to its suit's count) of the cards ``held`` (the bits of one
    effective suit of a hand; ``twice``: the hand's cards held twice), R6.2: mixed radix over
    the cards from the strongest down, each taken ``x``'s digit times (base: copies held + 1).
    Returns the lead (canonical order) and its cards taken once and taken twice, as masks."""
    card = bits.card
    out: list[int] = []
    lone = doubled = 0
    while held:
        b = held.bit_length() - 1
        held ^= 1 << b
        x, k = divmod(x, 3) if twice >> b & 1 else divmod(x, 2)
        if k == 1:
            out.append(card[b])
            lone |= 1 << b
        elif k:
            out += (card[b], card[b])
            doubled |= 1 << b
        if not x:
            break
    if len(out) == 1:
        return SINGLE_MOVES[out[0]], lone, doubled
    return tuple(out), lone, doubled


def lead_of_number(sizes: Sequence[int], r: int) -> tuple[int, int]:
    """Which lead is number ``r`` (0 up to the sum of ``sizes``, the counts of
    [`lead_counts`][tuolaji.core.bitboards.lead_counts]) of a hand: its effective suit and its
    number ``x`` (1 up) in that suit, for [`decode_lead`][tuolaji.core.bitboards.decode_lead].
    Both engines draw a uniform lead (R6.2) as ``r`` below the total, then this."""
    i = 0
    while r >= sizes[i]:
        r -= sizes[i]
        i += 1
    return CANONICAL_SUITS[i], r + 1


def without_cards(bits: BitTable, once: int, twice: int, ids: Sequence[int]) -> tuple[int, int]:
    """The hand ``once``/``twice`` without the cards ``ids`` (held: not checked)."""
    bit = bits.bit
    for c in ids:
        b = bit[c]
        if twice & b:
            twice ^= b
        else:
            once ^= b
    return once, twice


def single_follow_pool(bits: BitTable, once: int, lead_card: int) -> int:
    """The distinct cards (a mask) that may follow a single lead of ``lead_card`` (R7.2): the
    hand's cards of the led suit, all of its cards when it is void there."""
    return once & bits.mask_of[lead_card] or once


def single_trick_winner(table: TrumpTable, cards: Sequence[int]) -> tuple[int, int, bool]:
    """The winner of a trick of single cards, ``cards[0]`` led (R7.4, R7.5): ``(index, its
    position, ruffed)``. The highest card of the led suit wins unless a trump was played; then
    the highest trump; among equal cards the first played."""
    suit, pos = table.suit, table.pos
    lead = cards[0]
    ls = suit[lead]
    top = pos[lead]
    ruffed = False
    winner = 0
    for i in range(1, len(cards)):
        c = cards[i]
        s = suit[c]
        if s == ls:
            if not ruffed and pos[c] > top:
                winner, top = i, pos[c]
        elif s == TRUMP and (not ruffed or pos[c] > top):
            winner, top, ruffed = i, pos[c], True
    return winner, top, ruffed


# --- the forced single of a failed throw (R6.3, R6.4) -------------------------------------

# The forced-single kernels take positional parameters only, as forced_single does.
ForcedSingle = Callable[[BitTable, int, int, Sequence[int], Sequence[int], int], int]
"""A forced-single kernel: ``(bits, lone, doubled, once, twice, seat) -> the forced single's
bit, or -1`` (see [`forced_single`][tuolaji.core.bitboards.forced_single])."""


# The three kernels below read the other hands in turn from the seat after the thrower and
# return the bit of the thrown single that is forced (always the lowest single: the tie
# among equal cards is broken once, in forced_single), or -1 when the bitboards do not
# decide. Each is written out whole (no helper calls): they run on every throw of both
# engines.


def _forced_lowest(  # noqa: PLR0917
    bits: BitTable, lone: int, doubled: int, once: Sequence[int], twice: Sequence[int], seat: int
) -> int:
    """``"lowest"``: the lowest single is forced when beaten and no unit of the lead reaching
    lower (a pair or tractor below it) might be beaten first: none is when no other hand holds
    a pair above the lowest of them (R6.3: a pair is beaten by a higher pair, a tractor only by
    a higher tractor, which holds one)."""
    pos = bits.pos
    low = (lone & -lone).bit_length() - 1
    p = pos[low]
    mask = bits.suit_mask[bits.suit[low]]
    others = ((seat + 1) & 3, (seat + 2) & 3, (seat + 3) & 3)
    for other in others:
        held = once[other] & mask
        if held and pos[held.bit_length() - 1] > p:
            break
    else:
        return -1  # no card of another hand beats it
    if doubled:
        below = pos[(doubled & -doubled).bit_length() - 1]
        if below < p:
            for other in others:
                pairs = twice[other] & mask
                if pairs and pos[pairs.bit_length() - 1] > below:
                    return -1  # a unit below the single might be beaten first
    return low


def _forced_smallest(  # noqa: PLR0917
    bits: BitTable, lone: int, doubled: int, once: Sequence[int], twice: Sequence[int], seat: int
) -> int:
    """``"smallest"``: singles come first, the lowest of them first; it is forced when any
    other hand holds a higher card of the suit."""
    pos = bits.pos
    low = (lone & -lone).bit_length() - 1
    p = pos[low]
    mask = bits.suit_mask[bits.suit[low]]
    for other in ((seat + 1) & 3, (seat + 2) & 3, (seat + 3) & 3):
        held = once[other] & mask
        if held and pos[held.bit_length() - 1] > p:
            return low
    return -1


def _forced_nearest_seat(  # noqa: PLR0917
    bits: BitTable, lone: int, doubled: int, once: Sequence[int], twice: Sequence[int], seat: int
) -> int:
    """``"nearest_seat"``: the first seat after the thrower that beats a unit decides, trying
    the singles first (the order of ``"smallest"``): the lowest single is forced when a seat
    holding a higher card comes before any seat holding a pair above the lead's lowest pair
    (which might beat a pair or tractor of the lead instead)."""
    pos = bits.pos
    low = (lone & -lone).bit_length() - 1
    p = pos[low]
    below = pos[(doubled & -doubled).bit_length() - 1] if doubled else p
    mask = bits.suit_mask[bits.suit[low]]
    for other in ((seat + 1) & 3, (seat + 2) & 3, (seat + 3) & 3):
        held = once[other] & mask
        if held and pos[held.bit_length() - 1] > p:
            return low
        pairs = twice[other] & mask
        if pairs and pos[pairs.bit_length() - 1] > below:
            return -1
    return -1


FORCED_SINGLE: Final[Mapping[ForcedUnit, ForcedSingle]] = {
    "lowest": _forced_lowest,
    "smallest": _forced_smallest,
    "nearest_seat": _forced_nearest_seat,
}
"""The forced-single kernel of each [`Rules.forced_unit`][tuolaji.Rules.forced_unit] value
(R6.4), one entry per value (see [`forced_single`][tuolaji.core.bitboards.forced_single])."""

_VALUES = RULE_FIELDS["forced_unit"].values.samples()
if set(FORCED_SINGLE) != set(get_args(ForcedUnit)) or set(FORCED_SINGLE) != set(_VALUES):
    # A new forced_unit value must bring its own kernel: never a silent fallback.
    raise ImportError(f"FORCED_SINGLE covers {sorted(FORCED_SINGLE)}, Rules allows {_VALUES}")


def _app_suit_order(card: int) -> int:
    """The online app's order of equal cards: ♠ ♥ ♦ ♣ (its cards' characters), where card
    ids run ♠ ♥ ♣ ♦ (R1.1); jokers keep their ids (they are never equal to another card)."""
    if card >= 52:
        return card
    suit, rank = divmod(card, 13)
    return (0, 1, 3, 2)[suit] * 13 + rank


FORCED_TIE_ORDER: Final[Mapping[ForcedUnit, tuple[int, ...]]] = {
    "lowest": tuple(range(CARD_KINDS)),
    "smallest": tuple(range(CARD_KINDS)),
    "nearest_seat": tuple([_app_suit_order(c) for c in range(CARD_KINDS)]),
}
"""Per [`Rules.forced_unit`][tuolaji.Rules.forced_unit] value, each card id's rank among equal
cards (R6.4): of two beatable units alike but for suit (off-suit level cards share a position,
R2.2), the one whose card ranks lower here is forced. ``"lowest"`` and ``"smallest"`` take the
first in suit order ♠ ♥ ♣ ♦ (the card id); ``"nearest_seat"`` the online app's ♠ ♥ ♦ ♣."""

if set(FORCED_TIE_ORDER) != set(_VALUES):
    raise ImportError(f"FORCED_TIE_ORDER covers {sorted(FORCED_TIE_ORDER)}, Rules allows {_VALUES}")


# Positional parameters only: CPython 3.11 specializes calls only to functions without
# keyword-only parameters, and both engines call this on every throw.
def forced_single(  # noqa: PLR0917
    bits: BitTable,
    lone: int,
    doubled: int,
    once: Sequence[int],
    twice: Sequence[int],
    seat: int,
    rules: Rules,
) -> int | None:
    """The single card that ``seat``'s throw is forced to play (R6.3, R6.4) when the bitboards
    show it at once, else None (then the full verdict of
    [`throw_verdict`][tuolaji.core.trickids.throw_verdict] decides). The throw is given as its
    cards taken once (``lone``) and twice (``doubled``), as masks; ``once`` and ``twice``: the
    four hands. The fast path of most failed throws: the lead's lowest single is beaten by a
    higher card of another hand and comes first in the order of ``rules.forced_unit``."""
    if not lone or (not doubled and not lone & (lone - 1)):
        return None  # pairs and tractors only, or one card: no throw (R6.3)
    low = FORCED_SINGLE[rules.forced_unit](bits, lone, doubled, once, twice, seat)
    if low < 0:
        return None
    # Among equal cards at the lowest position (the off-suit level cards, R2.2) R6.4's order
    # takes the first in the suit order of the rules' FORCED_TIE_ORDER.
    card, pos = bits.card, bits.pos
    p = pos[low]
    best = card[low]
    lone ^= 1 << low
    if not lone or pos[(lone & -lone).bit_length() - 1] != p:
        return best  # the usual case: no equal card beside it
    tie = FORCED_TIE_ORDER[rules.forced_unit]
    while lone:
        b = (lone & -lone).bit_length() - 1
        if pos[b] != p:
            break
        if tie[card[b]] < tie[best]:
            best = card[b]
        lone ^= 1 << b
    return best


def higher_holders(bits: BitTable, card: int, once: Sequence[int], seat: int) -> tuple[int, ...]:
    """The hands after ``seat`` (as indices 0..2, from the seat after it) holding a card of
    ``card``'s effective suit above it: those that beat a thrown single (R6.3, R6.4)."""
    b = bits.bit[card]
    mask = bits.suit_mask[bits.table.suit[card]]
    pos, p = bits.pos, bits.pos[b.bit_length() - 1]
    out = []
    for j in range(3):
        held = once[(seat + 1 + j) & 3] & mask
        if held and pos[held.bit_length() - 1] > p:
            out.append(j)
    return tuple(out)
