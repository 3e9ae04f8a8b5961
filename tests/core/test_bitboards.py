"""The bitboard kernels of `tuolaji.core.bitboards` (issue 41): one home for the play rules both
engines run at speed. Each kernel is checked against the brute-force reading of the rule text in
``tests/reference.py``; the per-value tables cover exactly the values `Rules` allows."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from reference import ref_check_throw, ref_legal_leads, ref_trick_winner
from trick_strategies import throw_positions
from tuolaji import CARDS, Card, Rank, Suit, Trump, parse_cards
from tuolaji.core import trickids
from tuolaji.core.bitboards import (
    CANONICAL_SUITS,
    FORCED_SINGLE,
    FORCED_TIE_ORDER,
    bit_table,
    bits_of_hand,
    forced_single,
    hand_of_bits,
    higher_holders,
    lead_counts,
    lead_of_number,
    single_follow_pool,
    single_trick_winner,
    without_cards,
)
from tuolaji.core.legal import LegalLeads
from tuolaji.core.rules import RULE_FIELDS, Rules
from tuolaji.testing import trumps

FORCED_UNITS = RULE_FIELDS["forced_unit"].values.samples()
"""Every R6.4 value, read from `Rules` itself (never a hand-typed list)."""


def test_every_forced_unit_value_has_one_kernel_of_each_kind() -> None:
    """R6.4: the forced single, the order of the beatable units and the verdict are chosen per
    `Rules.forced_unit` value from tables holding exactly the values `Rules` allows, so a new
    value cannot play as another's reading."""
    assert set(FORCED_SINGLE) == set(FORCED_UNITS)
    assert set(FORCED_TIE_ORDER) == set(FORCED_UNITS)
    assert set(trickids._FORCED_ORDER) == set(FORCED_UNITS)
    assert set(trickids._VERDICT) == set(FORCED_UNITS)
    # An order of equal cards ranks every card once.
    assert all(sorted(order) == sorted(set(order)) for order in FORCED_TIE_ORDER.values())


def test_every_follow_draw_value_has_its_duty() -> None:
    """R7.3: what a lead obliges is read per `Rules.follow_draw` value from one table holding
    exactly the values `Rules` allows."""
    assert set(trickids._DRAW_DUTIES) == set(RULE_FIELDS["follow_draw"].values.samples())


def _rules(forced_unit: object) -> Rules:
    return Rules(forced_unit=forced_unit)  # type: ignore[arg-type]


def _bitboards(
    trump: Trump, lead: tuple[Card, ...], others: tuple[tuple[Card, ...], ...]
) -> tuple[list[int], list[int], int, int]:
    """The four hands (seat 0 throws ``lead``, seats 1-3 hold ``others``) and the throw's
    cards taken once and twice, as bitboards."""
    bits = bit_table(trump.table)
    hands = [bits_of_hand([c.id for c in h], bits) for h in ((*lead,), *others)]
    once, doubled = bits_of_hand([c.id for c in lead], bits)
    return [h[0] for h in hands], [h[1] for h in hands], once ^ doubled, doubled


@given(throw_positions(), st.sampled_from(FORCED_UNITS))
def test_forced_single_agrees_with_the_rule_text(
    position: tuple[Trump, tuple[Card, ...], tuple[tuple[Card, ...], ...]], forced_unit: str
) -> None:
    """R6.3, R6.4: when the bitboards name a forced single, the literal reading of the rules
    forces that very card, and the seats that beat it are the literal reading's."""
    trump, lead, others = position
    once, twice, lone, doubled = _bitboards(trump, lead, others)
    bits = bit_table(trump.table)
    forced = forced_single(bits, lone, doubled, once, twice, 0, _rules(forced_unit))
    if forced is None:
        return
    ok, unit, beaten_by = ref_check_throw(lead, others, trump, forced_unit)
    assert not ok
    assert unit == (forced,)
    assert higher_holders(bits, forced, once, 0) == beaten_by


@pytest.mark.parametrize("forced_unit", FORCED_UNITS)
def test_a_beaten_low_single_is_forced_under_every_value(forced_unit: str) -> None:
    """R6.4, under every value: ♠A ♠3 thrown (trump ♥, level 2) against a hand holding ♠K
    fails on ♠3, beaten by that hand alone."""
    trump = Trump(Rank.TWO, Suit.HEARTS)
    lead = parse_cards("♠A ♠3")
    others = (parse_cards("♠K ♦4"), parse_cards("♣5"), parse_cards("♦6"))
    once, twice, lone, doubled = _bitboards(trump, lead, others)
    bits = bit_table(trump.table)
    forced = forced_single(bits, lone, doubled, once, twice, 0, _rules(forced_unit))
    assert forced is not None and CARDS[forced] == Card.parse("♠3")
    assert higher_holders(bits, forced, once, 0) == (0,)


def test_nearest_seat_leaves_a_pair_beater_before_the_single_to_the_full_verdict() -> None:
    """R6.4 ``"nearest_seat"``: the seat after the thrower holds a higher pair (it might beat
    the thrown pair, smallest first among what it beats), so the bitboards do not decide; under
    ``"smallest"`` the single is forced at once."""
    trump = Trump(Rank.TWO, Suit.HEARTS)
    lead = parse_cards("♠Q ♠5♠5")
    others = (parse_cards("♠9♠9"), parse_cards("♠K"), parse_cards("♦6"))
    once, twice, lone, doubled = _bitboards(trump, lead, others)
    bits = bit_table(trump.table)
    assert forced_single(bits, lone, doubled, once, twice, 0, _rules("nearest_seat")) is None
    smallest = forced_single(bits, lone, doubled, once, twice, 0, _rules("smallest"))
    assert smallest is not None and CARDS[smallest] == Card.parse("♠Q")


@st.composite
def single_tricks(draw: st.DrawFn) -> tuple[Trump, list[int]]:
    trump = draw(trumps())
    cards = draw(st.lists(st.integers(0, 53), min_size=2, max_size=4))
    return trump, cards


@given(single_tricks())
def test_single_trick_winner_is_the_rule_text(position: tuple[Trump, list[int]]) -> None:
    """R7.4, R7.5: the winner of a trick of single cards is the literal reading's."""
    trump, cards = position
    winner, top, ruffed = single_trick_winner(trump.table, cards)
    assert winner == ref_trick_winner([(CARDS[c],) for c in cards], trump)
    assert top == trump.table.pos[cards[winner]]
    assert ruffed == (trump.table.suit[cards[winner]] != trump.table.suit[cards[0]])


@st.composite
def hands(draw: st.DrawFn) -> tuple[Trump, list[int]]:
    trump = draw(trumps())
    ids = draw(st.lists(st.integers(0, 53), max_size=14))
    counts = Counter(ids)
    return trump, [c for c in ids if counts[c] <= 2]


@given(hands())
def test_a_hand_round_trips_through_its_bitboards(position: tuple[Trump, list[int]]) -> None:
    """R1.1: a hand's bitboards hold each card as often as held; read back, in canonical
    order ([`Trump.sorted`][tuolaji.Trump.sorted])."""
    trump, ids = position
    bits = bit_table(trump.table)
    back = hand_of_bits(bits, *bits_of_hand(ids, bits))
    assert sorted(back) == sorted(ids)
    assert [CARDS[c] for c in back] == list(trump.sorted(CARDS[c] for c in ids))


@given(hands())
def test_lead_counts_and_leads_are_the_rule_text(position: tuple[Trump, list[int]]) -> None:
    """R6.2: the leads of a hand counted per effective suit (canonical order) and listed by
    `LegalLeads` are every non-empty sub-multiset of one effective suit, once each."""
    trump, ids = position
    bits = bit_table(trump.table)
    hand = [CARDS[c] for c in ids]
    reference = ref_legal_leads(hand, trump)
    counts = lead_counts(bits, *bits_of_hand(ids, bits))
    assert sum(counts) == len(reference)
    for suit, count in zip(CANONICAL_SUITS, counts, strict=True):
        assert count == sum(1 for lead in reference if trump.table.suit[lead[0]] == suit)
    leads = LegalLeads.unchecked(ids, trump.table)
    listed = [tuple(sorted(c.id for c in lead)) for lead in leads]
    assert len(listed) == len(set(listed)) == len(leads)
    assert set(listed) == reference


@given(hands(), st.integers(0, 53))
def test_single_follow_pool_is_r7_2(position: tuple[Trump, list[int]], lead: int) -> None:
    """R7.2: a single lead is followed by a card of the led suit when the hand has one, else
    by any card."""
    trump, ids = position
    bits = bit_table(trump.table)
    once, _ = bits_of_hand(ids, bits)
    pool = set(hand_of_bits(bits, single_follow_pool(bits, once, lead), 0))
    suit = trump.table.suit
    led = {c for c in ids if suit[c] == suit[lead]}
    assert pool == (led or set(ids))


@given(hands(), st.data())
def test_without_cards_takes_the_played_cards_out(
    position: tuple[Trump, list[int]], data: st.DataObject
) -> None:
    """A play leaves its hand without the cards played, each copy once (R1.1, R6.1)."""
    trump, ids = position
    taken = data.draw(st.permutations(ids).map(lambda p: p[: len(p) // 2]))
    bits = bit_table(trump.table)
    once, twice = without_cards(bits, *bits_of_hand(ids, bits), taken)
    assert Counter(hand_of_bits(bits, once, twice)) == Counter(ids) - Counter(taken)


@given(st.lists(st.integers(0, 30), min_size=5, max_size=5), st.data())
def test_lead_of_number_walks_the_counts_in_canonical_order(
    sizes: list[int], data: st.DataObject
) -> None:
    """Lead number ``r`` of a hand is in the suit whose counts (canonical order) span ``r``,
    numbered from 1 there (R6.2)."""
    total = sum(sizes)
    if not total:
        return
    r = data.draw(st.integers(0, total - 1))
    suit, x = lead_of_number(sizes, r)
    i = CANONICAL_SUITS.index(suit)
    assert sum(sizes[:i]) + x - 1 == r and 1 <= x <= sizes[i]
