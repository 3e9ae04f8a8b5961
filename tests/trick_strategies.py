"""Hypothesis strategies for trick positions whose cards crowd into few suits and short runs
of positions, so that pairs, tractors, equal level cards and throws occur often.

Every position is drawn from one real 108-card deck: no card appears more than twice in all
the hands and plays of a position together. Values are built directly, never filtered.
"""

from __future__ import annotations

from hypothesis import strategies as st

from tuolaji import CARDS, TRUMP, Card, ConfigurationError, Rules, Trump
from tuolaji.core.rules import FOLLOW_DRAWS, FollowDraw
from tuolaji.testing import trumps

Copies = dict[int, int]


def _taken(draw: FollowDraw, protection: bool) -> bool:
    try:
        Rules(follow_draw=draw, tractor_protection=protection)
    except ConfigurationError:
        return False
    return True


FOLLOW_HOUSE_RULES: tuple[tuple[FollowDraw, bool], ...] = tuple(
    (draw, protection)
    for draw in FOLLOW_DRAWS
    for protection in (False, True)
    if _taken(draw, protection)
)
"""The house rules of R7.3 as ``(follow_draw, tractor_protection)``: every pair `Rules` takes
(it refuses protection with ``"suit_only"``, which obliges no pair, and with
``"largest_unit_first"``, the online app's order, which has none)."""


def suit_ids(trump: Trump, suit: int) -> list[int]:
    """The ids of effective suit ``suit``, in position order."""
    table = trump.table
    return sorted((c for c in range(54) if table.suit[c] == suit), key=lambda c: table.pos[c])


def live_suits(trump: Trump) -> list[int]:
    """The effective suits that have cards (a trump suit's own side suit has none)."""
    return [s for s in (TRUMP, 0, 1, 2, 3) if suit_ids(trump, s)]


@st.composite
def windows(draw: st.DrawFn, trump: Trump, suit: int, max_width: int = 5) -> list[int]:
    """The ids of a short run of consecutive positions of one effective suit (every card at
    a shared position is included, so equal level cards come along)."""
    ids = suit_ids(trump, suit)
    pos = trump.table.pos
    positions = sorted({pos[c] for c in ids})
    width = draw(st.integers(1, min(max_width, len(positions))))
    start = draw(st.integers(0, len(positions) - width))
    chosen = set(positions[start : start + width])
    return [c for c in ids if pos[c] in chosen]


@st.composite
def takes(draw: st.DrawFn, ids: list[int], left: Copies, most: int) -> list[int]:
    """Up to ``most`` cards among ``ids``, each card 0, 1 or 2 times as copies remain; the
    chosen copies are removed from ``left``."""
    out: list[int] = []
    for c in ids:
        # Both copies are the likeliest choice, so that pairs and tractors are common.
        k = min(draw(st.sampled_from((2, 1, 0, 2))), left[c], most - len(out))
        out.extend([c] * k)
        left[c] -= k
    return out


@st.composite
def any_cards(draw: st.DrawFn, left: Copies, count: int) -> list[int]:
    """``count`` cards from anywhere in what is left of the deck."""
    out: list[int] = []
    for _ in range(count):
        c = draw(st.sampled_from([c for c in range(54) if left[c]]))
        left[c] -= 1
        out.append(c)
    return out


def cards(ids: list[int]) -> tuple[Card, ...]:
    return tuple(CARDS[c] for c in ids)


@st.composite
def _lead(draw: st.DrawFn, trump: Trump, left: Copies, max_lead: int) -> tuple[int, list[int]]:
    suit = draw(st.sampled_from(live_suits(trump)))
    window = draw(windows(trump, suit))
    lead = draw(takes(window, left, max_lead))
    if not lead:
        lead = [window[0]]
        left[window[0]] -= 1
    return suit, lead


@st.composite
def follow_positions(
    draw: st.DrawFn, max_lead: int = 6, max_hand: int = 10, width: int = 8
) -> tuple[Trump, tuple[Card, ...], tuple[Card, ...]]:
    """``(trump, lead, hand)``: a lead of one effective suit and a hand at least as large,
    mostly cards of the led suit (a run of up to ``width`` positions), plus a few of another
    suit and from anywhere."""
    trump = draw(trumps())
    left: Copies = dict.fromkeys(range(54), 2)
    suit, lead = draw(_lead(trump, left, max_lead))
    hand = draw(takes(draw(windows(trump, suit, width)), left, max_hand))
    other = draw(st.sampled_from(live_suits(trump)))
    hand += draw(takes(draw(windows(trump, other, 3)), left, max_hand - len(hand)))
    room = max_hand - len(hand)
    hand += draw(any_cards(left, draw(st.integers(0, min(2, room)))))
    if len(hand) < len(lead):
        hand += draw(any_cards(left, len(lead) - len(hand)))
    order = draw(st.permutations(hand))
    return trump, cards(lead), cards(list(order))


@st.composite
def trick_positions(
    draw: st.DrawFn, max_lead: int = 6
) -> tuple[Trump, tuple[tuple[Card, ...], ...]]:
    """``(trump, plays)``: a lead and one to three plays of its size, each drawn mostly from
    the led suit near the lead, from a run of trumps (ruffs), or from anywhere."""
    trump = draw(trumps())
    left: Copies = dict.fromkeys(range(54), 2)
    suit, lead = draw(_lead(trump, left, max_lead))
    n = len(lead)
    plays = [lead]
    for _ in range(draw(st.integers(1, 3))):
        source = draw(st.sampled_from(["led", "trump", "any"]))
        if source == "any":
            play: list[int] = []
        else:
            window = draw(windows(trump, suit if source == "led" else TRUMP, 6))
            play = draw(takes(window, left, n))
        play += draw(any_cards(left, n - len(play)))
        plays.append(play)
    return trump, tuple(cards(p) for p in plays)


@st.composite
def ruff_positions(
    draw: st.DrawFn, max_lead: int = 7
) -> tuple[Trump, tuple[tuple[Card, ...], ...]]:
    """``(trump, plays)``: a side-suit lead (often a throw) and two or three plays of its size
    made of trumps (short runs, so pairs and tractors are common): ruffs, over-ruffs and
    discards of R7.4 and R7.5."""
    trump = draw(trumps())
    left: Copies = dict.fromkeys(range(54), 2)
    side = [s for s in live_suits(trump) if s != TRUMP]
    suit = draw(st.sampled_from(side))
    window = draw(windows(trump, suit))
    lead = draw(takes(window, left, max_lead)) or [window[0]]
    if lead == [window[0]]:
        left[window[0]] -= 1
    n = len(lead)
    plays = [lead]
    for _ in range(draw(st.integers(2, 3))):
        window = draw(windows(trump, TRUMP, 8))
        whole = [c for c in window if left[c] == 2]
        if whole and draw(st.booleans()):
            # Pairs only, at random positions of the window: tractors, and pairs beside them.
            chosen = draw(st.lists(st.sampled_from(whole), unique=True, max_size=n // 2))
            play = [c for c in chosen for _ in (0, 1)]
            for c in chosen:
                left[c] = 0
        else:
            play = draw(takes(window, left, n))
        spare = [c for c in suit_ids(trump, TRUMP) if left[c]]
        while len(play) < n and spare:
            c = draw(st.sampled_from(spare))
            left[c] -= 1
            play.append(c)
            spare = [c for c in spare if left[c]]
        play += draw(any_cards(left, n - len(play)))
        plays.append(play)
    return trump, tuple(cards(p) for p in plays)


@st.composite
def throw_positions(
    draw: st.DrawFn, max_lead: int = 7
) -> tuple[Trump, tuple[Card, ...], tuple[tuple[Card, ...], ...]]:
    """``(trump, lead, others)``: a lead (often a throw) and three other hands holding cards
    of the led suit near it."""
    trump = draw(trumps())
    left: Copies = dict.fromkeys(range(54), 2)
    suit, lead = draw(_lead(trump, left, max_lead))
    others = []
    for _ in range(3):
        window = draw(windows(trump, suit, 6))
        hand = draw(takes(window, left, 6))
        hand += draw(any_cards(left, draw(st.integers(0, 2))))
        others.append(cards(hand))
    return trump, cards(lead), tuple(others)


@st.composite
def lead_hands(draw: st.DrawFn, max_hand: int = 10) -> tuple[Trump, tuple[Card, ...]]:
    """``(trump, hand)``: a non-empty hand of one or two suits' short runs plus a stray card."""
    trump = draw(trumps())
    left: Copies = dict.fromkeys(range(54), 2)
    hand: list[int] = []
    for _ in range(draw(st.integers(1, 2))):
        window = draw(windows(trump, draw(st.sampled_from(live_suits(trump))), 4))
        hand += draw(takes(window, left, max_hand - 1 - len(hand)))
    hand += draw(any_cards(left, 1))
    return trump, cards(list(draw(st.permutations(hand))))
