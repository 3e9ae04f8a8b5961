"""What a seat deduces from public play: pure functions over a [`PlayerView`][tuolaji.PlayerView].

A search bot or a world sampler ([`tuolaji.bots.worlds`][tuolaji.bots.worlds]) needs more than the
view's raw fields: which cards each seat has played, which effective suits a seat is out of, and
where a seat has shown that it holds no pair. [`knowledge_of`][tuolaji.bots.knowledge.knowledge_of]
reads all of it from the view's public history, never from a hidden card.

Deductions (effective suits as in R2.1; trumps are suit 4):

* **Void** (R7.2): a seat that followed a lead with a card outside the led suit held fewer
  led-suit cards than the lead had, and had to play them all: it holds none now.
* **No pair left** (R7.3): a seat that followed only with led-suit cards but with fewer pairs
  than the lead holds had no further pair of that suit (more pairs always rank first), so no
  card of that suit is held twice after that trick. Cards it played later in that suit were
  held then too, so their other copy cannot be in its hand now either.
* **Shown cards** (R4.2): cards shown in bids of the current attempt and not played since.
* **A failed throw's cards** (R6.4): the thrower showed the whole throw and played only the
  forced unit; the other cards went back to its hand, so it holds them until it plays them.
* **The kitty** (R5.1): known to the seat that buried it (and to all once the deal is scored).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

import attrs

from tuolaji.core.cards import CARD_KINDS, Card
from tuolaji.core.trickids import LeadInfo, lead_info_ids
from tuolaji.core.trump import effective_suit_name
from tuolaji.state.actions import CardsDealt, Hand, Played, ThrowFailed, Trick
from tuolaji.state.view import PlayerView

__all__ = [
    "Knowledge",
    "follow_facts",
    "knowledge_of",
    "no_pair_caps",
    "pairs_in",
    "played_cards",
    "revealed_cards",
    "void_suits_text",
]


@attrs.frozen(slots=True)
class Knowledge:
    """What `seat` knows besides its own hand.

    ``played[s]``: the cards seat ``s`` has played, in order; ``voids[s]``: the effective
    suits seat ``s`` is known to hold no card of (R7.2); ``no_pair[s]``: the effective suits in
    which seat ``s`` is known to hold no card twice (R7.3); ``caps[s]``: for cards whose copies
    seat ``s`` can hold at most once or not at all because of a "no pair" deduction, the
    highest count (0 or 1) per card id; ``shown[s]``: cards seat ``s`` showed in bids of the
    current attempt and has not played since (R4.2); ``kitty``: the buried cards when this
    seat may see them, else None; ``unseen``: per card id, how many copies this seat has not
    seen (not in its hand, not played, not in a kitty it sees): the cards hidden from it,
    shown cards included; ``revealed[s]``: cards of seat ``s``'s failed throws that it took
    back and has not played since (R6.4), so still holds.
    """

    seat: int
    played: tuple[Hand, Hand, Hand, Hand]
    voids: tuple[frozenset[int], frozenset[int], frozenset[int], frozenset[int]]
    no_pair: tuple[frozenset[int], frozenset[int], frozenset[int], frozenset[int]]
    caps: tuple[dict[int, int], dict[int, int], dict[int, int], dict[int, int]] = attrs.field(
        eq=False
    )
    shown: tuple[Hand, Hand, Hand, Hand]
    kitty: Hand | None
    unseen: tuple[int, ...]
    revealed: tuple[Hand, Hand, Hand, Hand] = ((), (), (), ())


def pairs_in(ids: Sequence[int]) -> int:
    """How many cards appear twice in ``ids`` (a pair per twice-held card, R1.1)."""
    seen: set[int] = set()
    pairs = 0
    for c in ids:
        if c in seen:
            pairs += 1
        else:
            seen.add(c)
    return pairs


def follow_facts(ids: Sequence[int], lead: LeadInfo, suit: Sequence[int]) -> tuple[bool, bool]:
    """What a follow of card ids ``ids`` to ``lead`` shows about its seat (``suit``: the
    trump table's effective suit per card id): whether it is void in the led suit (R7.2: it
    played a card of another suit), and else whether it holds no pair of that suit left (R7.3:
    fewer pairs than the lead)."""
    if any(suit[c] != lead.suit for c in ids):
        return True, False
    return False, pairs_in(ids) < lead.total_pairs


def _all_tricks(view: PlayerView) -> list[Trick | tuple[int, tuple[Hand, ...]]]:
    out: list[Trick | tuple[int, tuple[Hand, ...]]] = list(view.tricks)
    if view.trick:
        out.append((view.leader, view.trick))
    return out


def played_cards(view: PlayerView) -> tuple[Hand, Hand, Hand, Hand]:
    """Per seat, the cards it has played to tricks so far (the current trick included)."""
    played: list[list[Card]] = [[], [], [], []]
    for t in _all_tricks(view):
        leader, plays = (t.leader, t.plays) if isinstance(t, Trick) else t
        for i, p in enumerate(plays):
            played[(leader + i) % 4].extend(p)
    return tuple(tuple(p) for p in played)  # type: ignore[return-value]


def no_pair_caps(
    view: PlayerView,
) -> tuple[list[set[int]], list[set[int]], list[dict[int, int]]]:
    """The R7.2 voids, R7.3 "no pair left" suits and per-card caps of every seat (see the
    module docstring); an empty result before play (no trump, no tricks)."""
    voids: list[set[int]] = [set(), set(), set(), set()]
    no_pair: list[set[int]] = [set(), set(), set(), set()]
    caps: list[dict[int, int]] = [{}, {}, {}, {}]
    trump = view.trump
    if trump is None:
        return voids, no_pair, caps
    table = trump.table
    suit = table.suit
    # Deductions of "no pair" as (seat, suit); cards played later by that seat then lower caps.
    pending: list[tuple[int, int]] = []
    for t in _all_tricks(view):
        leader, plays = (t.leader, t.plays) if isinstance(t, Trick) else t
        lead_ids = [c.id for c in plays[0]]
        info = lead_info_ids(lead_ids, table)
        led = info.suit
        for i in range(1, len(plays)):
            seat = (leader + i) % 4
            ids = [c.id for c in plays[i]]
            for s, x in pending:
                if s == seat:
                    for c in ids:
                        if suit[c] == x:
                            caps[s][c] = 0
            void, no_pair_left = follow_facts(ids, info, suit)
            if void:
                voids[seat].add(led)
            elif no_pair_left and led not in no_pair[seat]:
                no_pair[seat].add(led)
                pending.append((seat, led))
                for c in range(CARD_KINDS):
                    if suit[c] == led:
                        caps[seat][c] = 0 if c in ids else 1
        # The leader's own plays after a deduction lower its caps too.
        for s, x in pending:
            if s == leader:
                for c in lead_ids:
                    if suit[c] == x:
                        caps[s][c] = 0
    return voids, no_pair, caps


def revealed_cards(view: PlayerView) -> tuple[Hand, Hand, Hand, Hand]:
    """Per seat, the cards of its failed throws in this deal that it has not played since
    (R6.4: the whole throw is shown, only the forced unit is played, the rest is taken back)."""
    held: list[dict[Card, int]] = [{}, {}, {}, {}]
    for event in view.events:
        if isinstance(event, Played):
            known = held[event.seat]
            if known:
                for card in event.cards:
                    n = known.get(card, 0)
                    if n > 1:
                        known[card] = n - 1
                    elif n:
                        del known[card]
        elif isinstance(event, ThrowFailed):
            known = held[event.seat]
            # The cards of two failed throws may be the same cards: the larger count is known.
            for card, n in Counter(event.attempt).items():
                if n > known.get(card, 0):
                    known[card] = n
        elif isinstance(event, CardsDealt):
            held = [{}, {}, {}, {}]
    out = [tuple(sorted(Counter(h).elements(), key=_card_id)) for h in held]
    return out[0], out[1], out[2], out[3]


def _card_id(card: Card) -> int:
    return card.id


def knowledge_of(view: PlayerView) -> Knowledge:
    """Everything [`view.seat`][tuolaji.PlayerView.seat] deduces from public play."""
    if not isinstance(view, PlayerView):
        raise TypeError(f"view must be a tuolaji.PlayerView, got {type(view).__name__}")
    played = played_cards(view)
    voids, no_pair, caps = no_pair_caps(view)
    # The view computes the shown cards (R4.2): one definition (view.shown_cards).
    shown = [tuple(sorted(cards, key=_card_id)) for cards in view.shown]
    seen = Counter(c.id for c in view.hand)
    for p in played:
        seen.update(c.id for c in p)
    if view.kitty is not None:
        seen.update(c.id for c in view.kitty)
    unseen = tuple(max(0, 2 - seen[c]) for c in range(CARD_KINDS))
    return Knowledge(
        seat=view.seat,
        played=played,
        voids=tuple(frozenset(v) for v in voids),  # type: ignore[arg-type]
        no_pair=tuple(frozenset(v) for v in no_pair),  # type: ignore[arg-type]
        caps=(caps[0], caps[1], caps[2], caps[3]),
        shown=(shown[0], shown[1], shown[2], shown[3]),
        kitty=view.kitty,
        unseen=unseen,
        revealed=revealed_cards(view),
    )


def void_suits_text(knowledge: Knowledge) -> str:
    """A short printable summary of the voids, e.g. ``"seat 1: ♥; seat 3: trump"``."""
    parts = [
        f"seat {s}: {' '.join(effective_suit_name(x) for x in sorted(v))}"
        for s, v in enumerate(knowledge.voids)
        if v
    ]
    return "; ".join(parts) or "no voids"
