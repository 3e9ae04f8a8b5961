"""What a follow proves (R7.2, R7.3 read backwards; issue #30 item 4):
:func:`~tuolaji.core.trickids.follow_proof` against the engine's own follow check.

Named examples for every `Rules.follow_draw`, then a brute force: for a legal follow, every
hand it could have come from (the follow plus up to four cards of a small pool: the led
suit's cards near the lead and the follow, and one card of another suit) that makes it legal
satisfies each claim (sound); when no hand check is asked for, every such hand satisfying the
claims makes it legal (exact); and a fact not claimed fails for some legal hand (tight).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from itertools import combinations_with_replacement

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tuolaji as tl
from reference import ref_legal_follows
from trick_strategies import (
    FOLLOW_HOUSE_RULES,
    Copies,
    any_cards,
    cards,
    follow_positions,
    live_suits,
    suit_ids,
    takes,
    windows,
)
from tuolaji.core.cards import Card
from tuolaji.core.rules import FOLLOW_DRAWS, FollowDraw
from tuolaji.core.trickids import (
    FollowCode,
    FollowProof,
    LeadInfo,
    follow_code_ids,
    follow_proof,
    lead_info_ids,
    single_lead_follow_proof,
)
from tuolaji.core.trump import Trump, TrumpTable
from tuolaji.testing import trumps

P = tl.parse_cards
T = tl.Trump(tl.Rank.TWO, tl.Suit.DIAMONDS)

VOID = FollowProof(void=True, pairs_exhausted=False, hand_check=False)
NO_PAIR_LEFT = FollowProof(void=False, pairs_exhausted=True, hand_check=False)
BY_HAND = FollowProof(void=False, pairs_exhausted=False, hand_check=True)
NOTHING = FollowProof(void=False, pairs_exhausted=False, hand_check=False)


def proof(lead: str, play: str, draw: FollowDraw, protection: bool = False) -> FollowProof:
    table = T.table
    info = lead_info_ids([c.id for c in P(lead)], table)
    rules = tl.Rules(follow_draw=draw, tractor_protection=protection)
    return follow_proof(info, [c.id for c in P(play)], table, rules)


@pytest.mark.parametrize("draw", FOLLOW_DRAWS)
def test_a_card_of_another_suit_proves_a_void_under_every_draw(draw: FollowDraw) -> None:
    """R7.2: fewer led-suit cards than the lead, all played (every follow_draw)."""
    assert proof("8C", "5H", draw) == VOID
    assert proof("8C 8C 9C 9C", "JC 3C 5H 6H", draw) == VOID
    assert proof("8C 8C", "3C 5H", draw) == VOID
    assert proof("8C", "3C", draw) == NOTHING  # a single lead obliges no pair


@given(trumps(), st.integers(0, 53), st.lists(st.integers(0, 53), min_size=1, max_size=1))
def test_the_single_lead_fast_path_is_follow_proof(
    trump: Trump, led: int, played: list[int]
) -> None:
    """single_lead_follow_proof, the fast path of readers of a history, proves what
    follow_proof proves of a follow to one card, under every follow_draw (R7.2)."""
    table = trump.table
    info = lead_info_ids([led], table)
    fast = single_lead_follow_proof(table.suit[led], played, table)
    for draw in FOLLOW_DRAWS:
        assert fast == follow_proof(info, played, table, tl.Rules(follow_draw=draw))
    assert fast.void == (table.suit[played[0]] != table.suit[led])


def test_pairs_fewer_pairs_than_the_lead_leave_none() -> None:
    """follow_draw "pairs" (R7.3): fewer pairs than the lead's total (a tractor's pairs
    counting) proves every led-suit pair held was played; as many pairs after a tractor lead
    leaves only the whole holding to say whether a tractor was owed."""
    assert proof("8C 8C", "JC 3C", "pairs") == NO_PAIR_LEFT
    assert proof("8C 8C", "JC JC", "pairs") == NOTHING
    assert proof("8C 8C 9C 9C", "JC JC 3C 4C", "pairs") == NO_PAIR_LEFT
    assert proof("8C 8C 9C 9C", "JC JC KC KC", "pairs") == BY_HAND
    assert proof("8C 8C 9C 9C", "JC JC QC QC", "pairs") == BY_HAND
    assert proof("8C 8C 9C 9C 3C", "JC JC KC KC 4C", "pairs") == BY_HAND
    assert proof("8C 8C 3C", "JC JC 4C", "pairs") == NOTHING


def test_tractor_on_tractor_pairs_owed_depend_on_the_tractors_held() -> None:
    """follow_draw "tractor_on_tractor" (R7.3 variant): a lead without a tractor obliges its
    pairs as under "pairs"; after a lead with one the whole holding decides (lead ♥KKQQ: ♥A732
    from ♥AA77 3 2 is legal), so no pair fact is claimed."""
    assert proof("8C 8C", "JC 3C", "tractor_on_tractor") == NO_PAIR_LEFT
    assert proof("8C 8C 3C", "JC JC 4C", "tractor_on_tractor") == NOTHING
    assert proof("8C 8C 9C 9C", "JC JC 3C 4C", "tractor_on_tractor") == BY_HAND
    assert proof("8C 8C 9C 9C", "JC 3C 4C 5C", "tractor_on_tractor") == BY_HAND
    assert proof("8C 8C 9C 9C", "JC JC KC KC", "tractor_on_tractor") == BY_HAND


@pytest.mark.parametrize("draw", ["pairs", "tractor_on_tractor"])
def test_r7_3_tractor_protection_leaves_the_pairs_in_tractors_to_a_hand_check(
    draw: FollowDraw,
) -> None:
    """``tractor_protection`` (R7.3 variant): ♥3 2 on ♥KK no longer proves that no heart pair
    is left (the follower may keep ♥8877), so only the whole holding can say; a follow with
    the lead's pairs proves nothing more, as without it."""
    assert proof("8C 8C", "JC 3C", draw, protection=True) == BY_HAND
    assert proof("8C 8C", "JC JC", draw, protection=True) == NOTHING
    assert proof("8C 8C QC QC", "JC 3C 4C 5C", draw, protection=True) == BY_HAND
    assert proof("8C 8C 3C", "JC JC 4C", draw, protection=True) == NOTHING


def test_r7_3_tractor_protection_still_proves_the_pairs_a_lead_tractor_owes() -> None:
    """``tractor_protection`` under "pairs": the lead's tractor obliges two pairs whatever the
    holding's tractors, so a follow with fewer played every pair held; with two, its plain
    pair may have been spared a tractor: a hand check."""
    lead = "9C 9C 8C 8C 4C 4C"
    assert proof(lead, "JC JC 3C 5C 6C 7C", "pairs", protection=True) == NO_PAIR_LEFT
    assert proof(lead, "JC JC KC KC 3C 5C", "pairs", protection=True) == BY_HAND
    assert proof(lead, "JC JC KC KC 3C 5C", "tractor_on_tractor", protection=True) == BY_HAND


def test_suit_only_proves_nothing_of_pairs() -> None:
    """follow_draw "suit_only" (R7.3 variant: only R7.2): any led-suit cards may follow."""
    assert proof("8C 8C", "JC 3C", "suit_only") == NOTHING
    assert proof("8C 8C 9C 9C", "JC 3C 4C 5C", "suit_only") == NOTHING
    assert proof("8C 8C 9C 9C", "JC JC KC KC", "suit_only") == NOTHING


# --------------------------------------------------------------------------- the brute force


def _legal(
    info: LeadInfo, hand: Sequence[int], play: Sequence[int], table: TrumpTable, rules: tl.Rules
) -> bool:
    """The engine's follow check (R7.1-R7.3): the legality kernel the proof is read from."""
    return follow_code_ids(info, hand, play, table, rules) == FollowCode.OK


def _pool(trump: Trump, lead: Sequence[int], play: Sequence[int]) -> Counter[int]:
    """The copies a hand might hold besides ``play``: the led suit's cards from one position
    below to one above the lead and the follow (both copies where the lead and the follow
    leave them), and one card of another suit."""
    table = trump.table
    pos = table.pos
    led = table.suit[lead[0]]
    near = [pos[c] for c in (*lead, *play) if table.suit[c] == led]
    low, high = min(near) - 1, max(near) + 1
    kinds = [c for c in suit_ids(trump, led) if low <= pos[c] <= high]
    other = next(s for s in live_suits(trump) if s != led)
    kinds.append(suit_ids(trump, other)[0])
    used = Counter([*lead, *play])
    return Counter({c: 2 - used[c] for c in kinds if used[c] < 2})


def _extras(pool: Counter[int], most: int) -> Iterator[tuple[int, ...]]:
    """Every sub-multiset of ``pool`` with at most ``most`` cards."""
    kinds = sorted(pool)
    for size in range(most + 1):
        for combo in combinations_with_replacement(kinds, size):
            if all(combo.count(c) <= pool[c] for c in set(combo)):
                yield combo


def _claims_hold(
    claim: FollowProof, rest: Counter[int], play: Sequence[int], led: int, suit: Sequence[int]
) -> bool:
    """The proof's claims about the cards ``rest`` held after the follow, read from the
    rule text: a void holds no led-suit card; with every pair played, no led-suit card is
    held twice and no card the follow held once is held again."""
    if claim.void and any(suit[c] == led for c in rest.elements()):
        return False
    if claim.pairs_exhausted:
        for c, n in rest.items():
            if suit[c] == led and n > (0 if c in play else 1):
                return False
    return True


@st.composite
def _copies(draw: st.DrawFn, ids: list[int], left: Copies, most: int) -> list[int]:
    """Up to ``most`` cards among ``ids``, one copy as likely as two, so that holdings with
    fewer pairs than the lead are common; the chosen copies are removed from ``left``."""
    out: list[int] = []
    for c in ids:
        k = min(draw(st.sampled_from((1, 2, 1, 2, 0))), left[c], most - len(out))
        out.extend([c] * k)
        left[c] -= k
    return out


LEADS = ("tractor", "tractor", "pair", "pair and single", "any")


@st.composite
def proof_positions(
    draw: st.DrawFn, leads: tuple[str, ...] = LEADS
) -> tuple[Trump, tuple[Card, ...], tuple[Card, ...]]:
    """``(trump, lead, hand)`` crowded into a few positions of one suit, so that pair and
    tractor leads, and holdings with fewer pairs than them, are common: a lead of up to
    four cards from a run of at most three positions, a hand of two to seven led-suit cards
    near it (as many as the lead, mostly), and up to two others. ``leads``: the kinds of
    lead to draw from."""
    trump = draw(trumps())
    left: Copies = dict.fromkeys(range(54), 2)
    led = draw(st.sampled_from(live_suits(trump)))
    ids = suit_ids(trump, led)
    pos = trump.table.pos
    kind = draw(st.sampled_from(leads))
    if kind == "any" or pos[ids[-1]] == pos[ids[0]]:
        window = draw(windows(trump, led, 3))
        lead = draw(takes(window, left, 4)) or [window[0]]
    else:
        # Two cards at neighbouring positions of the suit: a tractor of both copies of each,
        # a pair of the higher and the lower as a single, or a pair.
        i = draw(st.integers(0, len(ids) - 1).filter(lambda i: pos[ids[i]] < pos[ids[-1]]))
        low = ids[i]
        high = next(c for c in ids if pos[c] == pos[low] + 1)
        lead = {"tractor": [low, low, high, high], "pair": [high, high]}.get(
            kind, [high, high, low]
        )
    for c in lead:
        left[c] -= 1
    most = len(lead) + draw(st.sampled_from((1, 2, 3, 0, 2, -1)))
    reach = draw(st.integers(2, 4))
    low, high = min(pos[c] for c in lead) - reach, max(pos[c] for c in lead) + reach
    near = [c for c in ids if low <= pos[c] <= high]
    hand = draw(_copies(list(draw(st.permutations(near))), left, max(1, most)))
    hand += draw(any_cards(left, draw(st.sampled_from((0, 0, 1, 2)))))
    if len(hand) < len(lead):
        hand += draw(any_cards(left, len(lead) - len(hand)))
    return trump, cards(lead), cards(hand)


@settings(max_examples=max(10, settings().max_examples // 2), deadline=None)
@given(proof_positions(), st.sampled_from(FOLLOW_HOUSE_RULES), st.data())
def test_the_proof_is_sound_exact_and_tight_against_every_hand_it_could_come_from(
    position: tuple[Trump, tuple[Card, ...], tuple[Card, ...]],
    house: tuple[FollowDraw, bool],
    data: st.DataObject,
) -> None:
    """Every follow_draw, with and without tractor_protection, leads of every kind (see the
    module docstring)."""
    _check_against_every_hand(position, *house, data)


@settings(max_examples=max(10, settings().max_examples // 2), deadline=None)
@given(
    proof_positions(leads=("tractor",)),
    st.sampled_from(("pairs", "tractor_on_tractor")),
    st.booleans(),
    st.data(),
)
def test_the_proof_is_sound_exact_and_tight_after_a_tractor_lead(
    position: tuple[Trump, tuple[Card, ...], tuple[Card, ...]],
    draw: FollowDraw,
    protection: bool,
    data: st.DataObject,
) -> None:
    """The leads where the draws differ (R7.3 and its variant) and a hand check is asked."""
    _check_against_every_hand(position, draw, protection, data)


@settings(max_examples=max(10, settings().max_examples // 2), deadline=None)
@given(
    proof_positions(leads=("pair", "pair and single")),
    st.sampled_from(("pairs", "tractor_on_tractor")),
    st.data(),
)
def test_the_proof_is_sound_exact_and_tight_after_a_pair_lead_with_tractor_protection(
    position: tuple[Trump, tuple[Card, ...], tuple[Card, ...]],
    draw: FollowDraw,
    data: st.DataObject,
) -> None:
    """The leads where tractor_protection changes what a follow proves (R7.3 variant)."""
    _check_against_every_hand(position, draw, True, data)


def _check_against_every_hand(
    position: tuple[Trump, tuple[Card, ...], tuple[Card, ...]],
    draw: FollowDraw,
    protection: bool,
    data: st.DataObject,
) -> None:
    """A legal follow from the position's hand, checked against every hand of the pool."""
    trump, lead_cards, hand_cards = position
    table = trump.table
    rules = tl.Rules(follow_draw=draw, tractor_protection=protection)
    follows = sorted(
        ref_legal_follows(lead_cards, hand_cards, trump, draw, tractor_protection=protection)
    )
    play = data.draw(st.sampled_from(follows), label="follow")
    lead = [c.id for c in lead_cards]
    info = lead_info_ids(lead, table)
    claim = follow_proof(info, play, table, rules)
    suit, led = table.suit, info.suit
    pool = _pool(trump, lead, play)
    void_shown = pairs_shown = False  # some legal hand breaks the fact not claimed
    for extra in _extras(pool, 4):
        hand = [*play, *extra]
        rest = Counter(extra)
        legal = _legal(info, hand, play, table, rules)
        holds = _claims_hold(claim, rest, play, led, suit)
        if legal:
            assert holds, (extra, claim)  # sound
            void_shown |= not _claims_hold(VOID, rest, play, led, suit)
            pairs_shown |= not _claims_hold(NO_PAIR_LEFT, rest, play, led, suit)
        elif holds:
            assert claim.hand_check, (extra, claim)  # exact when no hand check is asked
    fresh = [c for c in pool if suit[c] == led and c not in play]
    if not claim.void and fresh:
        # One more led-suit card, held once, never changes what R7.3 asks.
        assert void_shown, claim
    plain = not claim.void and not claim.pairs_exhausted and not claim.hand_check
    if plain and any(pool[c] == 2 for c in fresh):
        # A fresh pair held besides the follow is legal by exactness: the fact is not owed.
        assert pairs_shown, claim


@given(follow_positions(), st.sampled_from(FOLLOW_HOUSE_RULES), st.data())
def test_the_hand_a_follow_came_from_satisfies_its_proof(
    position: tuple[Trump, tuple[Card, ...], tuple[Card, ...]],
    house: tuple[FollowDraw, bool],
    data: st.DataObject,
) -> None:
    """The proof read forwards on the real hand: the follow is legal from the hand it came
    from (the strategies' hands), and the hand satisfies every claim."""
    trump, lead_cards, hand_cards = position
    draw, protection = house
    table = trump.table
    rules = tl.Rules(follow_draw=draw, tractor_protection=protection)
    legal = ref_legal_follows(lead_cards, hand_cards, trump, draw, tractor_protection=protection)
    play = data.draw(st.sampled_from(sorted(legal)))
    info = lead_info_ids([c.id for c in lead_cards], table)
    claim = follow_proof(info, play, table, rules)
    rest = Counter([c.id for c in hand_cards])
    rest.subtract(play)
    assert _claims_hold(claim, +rest, play, info.suit, table.suit)
    assert _legal(info, [c.id for c in hand_cards], play, table, rules)
