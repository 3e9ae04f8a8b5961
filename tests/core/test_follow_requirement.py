"""One definition of "what may follow" (R7.2, R7.3; #18 item 3): the requirement of
:func:`~tuolaji.core.tricks.follow_requirement` is what the checks, the legal-follow
collections and the card-by-card extensions of the action space all read. Checked against
the brute-force reference (tests/reference.py)."""

from __future__ import annotations

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

import tuolaji as tl
from reference import ref_legal_follows
from trick_strategies import FOLLOW_HOUSE_RULES, follow_positions
from tuolaji.core.cards import Card
from tuolaji.core.rules import FollowDraw, Rules
from tuolaji.core.trickids import follow_requirement, lead_info_ids
from tuolaji.core.trump import Trump

P = tl.parse_cards
T = tl.Trump(tl.Rank.TWO, tl.Suit.DIAMONDS)


def _ids(cards: tuple[Card, ...]) -> list[int]:
    return [c.id for c in cards]


@settings(max_examples=2 * settings().max_examples)
@given(follow_positions(), st.sampled_from(FOLLOW_HOUSE_RULES))
def test_extensions_are_exactly_the_prefixes_of_the_legal_follows(
    position: tuple[Trump, tuple[Card, ...], tuple[Card, ...]], house: tuple[FollowDraw, bool]
) -> None:
    """A card may extend a partial follow (ids ascending) exactly when some legal follow,
    its ids sorted, starts with the partial follow and that card (brute force), under every
    Rules.follow_draw and Rules.tractor_protection (the action space builds follows this
    way)."""
    trump, lead, hand = position
    draw, protection = house
    legal = ref_legal_follows(lead, hand, trump, draw, tractor_protection=protection)
    follows = sorted(tuple(sorted(k)) for k in legal)
    collection = tl.legal_follows(
        lead, hand, trump, follow_draw=draw, tractor_protection=protection
    )
    assert collection.lead_size == len(lead)
    prefixes = {f[:i] for f in follows for i in range(len(f))}
    for partial in prefixes:
        expected = sorted({f[len(partial)] for f in follows if f[: len(partial)] == partial})
        assert collection.extensions(partial) == expected, partial
    assert collection.extensions(follows[0]) == []


@given(follow_positions(), st.sampled_from(FOLLOW_HOUSE_RULES))
def test_every_legal_follow_is_the_base_plus_a_choice_from_the_pool(
    position: tuple[Trump, tuple[Card, ...], tuple[Card, ...]], house: tuple[FollowDraw, bool]
) -> None:
    """R7.2/R7.3 decomposed: each legal follow holds the base and ``pick`` pool cards with
    at least ``pairs`` pairs, and ``led_cards`` cards of the led suit (every follow_draw,
    with and without tractor_protection)."""
    trump, lead, hand = position
    draw, protection = house
    table = trump.table
    info = lead_info_ids(_ids(lead), table)
    rules = Rules(follow_draw=draw, tractor_protection=protection)
    req = follow_requirement(info, _ids(hand), table, rules)
    base, pool = Counter(req.base), Counter(req.pool)
    assert req.pick + len(req.base) == len(lead)
    for key in ref_legal_follows(lead, hand, trump, draw, tractor_protection=protection):
        play = Counter(key)
        chosen = play - base
        assert not base - play, "the base is in every legal follow"
        assert not chosen - pool and chosen.total() == req.pick
        assert sum(1 for k in chosen.values() if k == 2) >= req.pairs
        assert sum(table.suit[c] == info.suit for c in key) == req.led_cards


def test_r7_2_a_short_seat_plays_all_its_led_suit_cards() -> None:
    lead = P("KH KH QH")
    hand = P("3H 4H 5C 6C 7S")
    req = follow_requirement(lead_info_ids(_ids(lead), T.table), _ids(hand), T.table, Rules())
    assert sorted(req.base) == sorted(_ids(P("3H 4H"))) and req.pick == 1
    assert sorted(req.pool) == sorted(_ids(P("5C 6C 7S"))) and req.pairs == 0


def test_r7_3_a_long_seat_owes_the_best_candidate_shape() -> None:
    """R7.3: a tractor lead answered from a holding with a tractor: two pairs, as a tractor."""
    lead = P("KH KH QH QH")
    hand = P("5H 5H 6H 6H 9H 3C")
    req = follow_requirement(lead_info_ids(_ids(lead), T.table), _ids(hand), T.table, Rules())
    assert req.base == () and req.pick == 4 and req.pairs == 2 and req.tractors == (2,)
    assert req.led_cards == 4


def test_r7_3_tractor_protection_owes_only_the_pairs_outside_the_tractors() -> None:
    """R7.3 with ``tractor_protection``: lead ♥KK, holding ♥6655 9 3: its pairs are a
    tractor's, so no pair is owed; with ♥JJ besides, one is. The lead's tractor still owes a
    tractor: ♥KKQQ from ♥6655 9 3 owes two pairs, as a tractor."""
    rules = Rules(tractor_protection=True)

    def req(lead: str, hand: str) -> tuple[int, tuple[int, ...]]:
        got = follow_requirement(
            lead_info_ids(_ids(P(lead)), T.table), _ids(P(hand)), T.table, rules
        )
        return got.pairs, got.tractors

    assert req("KH KH", "5H 5H 6H 6H 9H 3H") == (0, ())
    assert req("KH KH", "5H 5H 6H 6H 9H 3H JH JH") == (1, ())
    assert req("KH KH QH QH", "5H 5H 6H 6H 9H 3H") == (2, (2,))
