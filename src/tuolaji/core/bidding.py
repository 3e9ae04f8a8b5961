"""Bids and their strength under both bidding systems (R4.2-R4.4, R5.2).

A bid shows cards from the bidder's hand. `bid_form` says what the shown cards mean
(strength and trump suit) under a system; `bid_refusal` applies R4.2, R4.4 and R5.2 to
a bid against the standing one; `bid_options` lists every bid a hand can make.

Who may bid when and what a closed bidding decides are here too, as functions of public facts
and the [`Rules`][tuolaji.Rules]: `bid_window` (R4.1, R4.4), `declarer_team` (R4.2, R4.5,
R5.2), `closing_order`, `deal_after_bids` (R4.5, R4.4), `kitty_turn` and `twin_dealer`
(R4.6), `first_deal_falls_back` (R4.6), `weak_hand_offers` and `weak_hand` (R4.7).
`tuolaji.state.auction` only sequences them, as `tuolaji.state.playing` does for tricks.

Every rule is one fast predicate that returns a `Refusal` code (or None), never a
string: bots and the state machine probe bids after every dealt card. The player-facing
message is built by `refusal_message` only when an action is refused.
"""

from __future__ import annotations

import enum
from collections.abc import Collection, Sequence
from typing import Literal

import attrs

from tuolaji.core.cards import (
    BIG_JOKER,
    CARDS,
    SMALL_JOKER,
    Card,
    Rank,
    Suit,
    format_cards,
    points,
)
from tuolaji.core.rules import Bidding, FixTrump, JokerPairs, NoBidReveal, Rules
from tuolaji.core.scoring import team_of

__all__ = [
    "FALLBACK_DEALER",
    "LEVEL_PAIR_STRENGTH",
    "Bid",
    "BidStage",
    "Refusal",
    "attacker_declares",
    "bid_form",
    "bid_options",
    "bid_refusal",
    "bid_window",
    "closing_order",
    "deal_after_bids",
    "declarer_team",
    "first_deal_falls_back",
    "form_message",
    "is_declaration",
    "joker_for",
    "kitty_turn",
    "outranks",
    "refusal_message",
    "twin_dealer",
    "weak_hand",
    "weak_hand_offers",
]

LEVEL_PAIR_STRENGTH = 2
"""Strength of a pair of level cards (定主, and the weakest counter, R5.2)."""
NO_TRUMP_SMALL = 3
NO_TRUMP_BIG = 4


@attrs.frozen(slots=True)
class Bid:
    """A bid (R4.2): ``seat`` showed ``cards``, naming ``suit`` (None: no trump) with
    ``strength`` 1..4 (R4.3/R4.4)."""

    seat: int
    cards: tuple[Card, ...]
    suit: Suit | None
    strength: int

    def __str__(self) -> str:
        named = "no trump" if self.suit is None else self.suit.symbol
        return (
            f"seat {self.seat}: {format_cards(self.cards, pretty=True)} ({named}, {self.strength})"
        )


class Refusal(enum.Enum):
    """Why a bid may not be made now; ``rule`` is the rule it breaks. The text for players
    comes from `refusal_message`."""

    NO_BIDS_NOW = "R4.1", "no bids in this phase"
    NOT_YOUR_TURN = "R4.1", "not this seat's turn"
    ONE_DECLARATION = "R4.4", "the declaration of the deal has been made"
    DEALERS_TEAM_ONLY = "R4.4", "only the dealer's team declares during a later deal"
    JOKER_PAIR_DECLARES = "R4.4", "a joker pair is a counter, never a declaration"
    NOT_STRONGER = "R4.2", "not stronger than the standing bid"
    OWN_BID = "R4.2", "a seat never overturns its own bid"
    COUNTER_TOO_WEAK = "R5.2", "a counter needs strength 2 or more"
    OWN_COUNTER = "R5.2", "the standing bidder may not counter itself"
    PAIR_NEEDS_CALL = "R4.3", "a pair of level cards only reinforces a standing single"
    NO_TRUMP_LEVEL = "R9.2", "the declarers stand on the no-trump level: no trump suit, no bids"

    @property
    def rule(self) -> str:
        """The rule number, e.g. ``"R4.2"``."""
        rule: str = self.value[0]
        return rule


def joker_for(suit: Suit) -> Card:
    """The joker that backs a suit bid in the joker system (R4.4): big for ♥ ♦, small for ♠ ♣."""
    return BIG_JOKER if suit in (Suit.HEARTS, Suit.DIAMONDS) else SMALL_JOKER


_SUITS = tuple(Suit)


def bid_form(cards: Sequence[Card], level: Rank, system: Bidding) -> tuple[int, Suit | None] | None:
    """The strength and trump suit of a bid showing ``cards`` (R4.3 reveal, R4.4 joker), or
    None when the cards are no bid.

    Strengths: 1 one level card, 2 a pair of level cards (定主), 3 a pair of small jokers,
    4 a pair of big jokers (both no trump). In the joker system a suit bid also shows the
    joker of the suit's colour (大王只能报红主, 小王只能报黑主).
    """
    n = len(cards)
    if n == 0 or n > 3:
        return None
    level_cards = [c for c in cards if not c.is_joker]
    jokers = [c for c in cards if c.is_joker]
    if not level_cards:
        if n == 2 and jokers[0] == jokers[1]:
            return (NO_TRUMP_BIG if jokers[0] == BIG_JOKER else NO_TRUMP_SMALL), None
        return None
    first = level_cards[0]
    if first.rank != level or len(level_cards) > 2 or any(c != first for c in level_cards):
        return None
    suit = first.suit
    assert suit is not None
    if system == "joker":
        if jokers != [joker_for(suit)]:
            return None
    elif jokers:
        return None
    return len(level_cards), suit


def form_message(cards: Sequence[Card], level: Rank, system: Bidding) -> tuple[str, str]:
    """``(rule, message)`` for cards that `bid_form` rejected: the valid forms."""
    shown = format_cards(cards, pretty=True) or "no cards"
    lvl = level.label
    if system == "reveal":
        return "R4.3", (
            f"{shown} is not a bid; R4.3: a bid shows one level card ({lvl}), a pair of level "
            "cards of one suit, a pair of small jokers or a pair of big jokers"
        )
    return "R4.4", (
        f"{shown} is not a bid; R4.4: a bid shows one level card ({lvl}) or a pair of them "
        "with the joker of the suit's colour (big joker for ♥ ♦, small joker for ♠ ♣), or a "
        "pair of small or of big jokers"
    )


def outranks(strength: int, standing: int, joker_pairs: JokerPairs = "big_over_small") -> bool:
    """Whether a bid of ``strength`` is stronger than a standing bid of strength ``standing``
    (R4.2): strictly higher, except that with ``joker_pairs="equal"`` the two joker pairs
    (strengths 3 and 4) are equal, so the first shown stands (以先出现者为准)."""
    if joker_pairs == "equal" and min(strength, standing) >= NO_TRUMP_SMALL:
        return False
    return strength > standing


def bid_refusal(
    seat: int,
    strength: int,
    suit: Suit | None,
    standing: Bid | None,
    *,
    declaration: bool,
    counter: bool,
    self_overturn: bool = False,
    joker_pairs: JokerPairs = "big_over_small",
    fix_trump: FixTrump = "at_once",
) -> Refusal | None:
    """Why a well-formed bid of ``strength`` naming ``suit`` by ``seat`` may not replace
    ``standing`` (R4.2, R4.4, R5.2), or None when it may.

    ``declaration``: the bid is a joker-system declaration (R4.4: strength 1 or 2 only; a
    joker pair is only a counter, 常主不可进行报主; once one stands, only its own
    reinforcement, under ``fix_trump="reinforce"``). ``counter``: the bid is a counter-bid
    (R5.2: strength 2 or more, never by the seat whose bid stands). A new bid must outrank the
    standing one (see [`outranks`][tuolaji.core.bidding.outranks]; equal strength: the earlier
    stands, 以先出现者为准), and a seat never overturns its own standing bid
    (自已叫主后本人不能再翻主) unless ``self_overturn``: it may only reinforce it, showing the
    pair of its own level card (定主, R4.3). With ``fix_trump="reinforce"`` a pair of level
    cards is never a first bid: it reinforces a single or overturns another seat's bid.
    """
    if declaration and strength > LEVEL_PAIR_STRENGTH:
        return Refusal.JOKER_PAIR_DECLARES
    if counter:
        if strength < LEVEL_PAIR_STRENGTH:
            return Refusal.COUNTER_TOO_WEAK
        if standing is not None and standing.seat == seat and not self_overturn:
            return Refusal.OWN_COUNTER
    if standing is None:
        if fix_trump == "reinforce" and strength == LEVEL_PAIR_STRENGTH and not counter:
            return Refusal.PAIR_NEEDS_CALL
        return None
    reinforces = (
        seat == standing.seat
        and strength == LEVEL_PAIR_STRENGTH
        and standing.strength == 1
        and suit == standing.suit
    )
    if declaration and not reinforces:
        return Refusal.ONE_DECLARATION
    if not outranks(strength, standing.strength, joker_pairs):
        return Refusal.NOT_STRONGER
    if seat == standing.seat and not (reinforces or self_overturn):
        return Refusal.OWN_BID
    return None


def refusal_message(refusal: Refusal, standing: Bid | None = None) -> str:
    """The player-facing text of ``refusal`` (without the rule number)."""
    if refusal is Refusal.NOT_STRONGER:
        return (
            f"a new bid must be stronger than the standing one ({standing}); "
            "equal strength leaves the earlier bid standing"
        )
    if refusal is Refusal.OWN_BID:
        return (
            "a seat never overturns its own standing bid (jokers included); "
            "it may only reinforce it with the pair of its own level card"
        )
    if refusal is Refusal.JOKER_PAIR_DECLARES:
        return (
            "a joker pair is never a declaration (常主不可进行报主), only a counter (R5.2); "
            "declare with level cards and the joker of their colour"
        )
    if refusal is Refusal.COUNTER_TOO_WEAK:
        return "a counter shows a pair of level cards (with its joker) or a pair of jokers"
    if refusal is Refusal.OWN_COUNTER:
        return (
            "the standing bidder counters only after someone else has countered, "
            "and never its own counter"
        )
    if refusal is Refusal.ONE_DECLARATION:
        return "during the deal there is one declaration, and it has been made"
    if refusal is Refusal.PAIR_NEEDS_CALL:
        return (
            "under Rules.fix_trump='reinforce' a suit is named with one level card; the pair "
            "fixes it (定主) only as the same seat's reinforcement, or overturns another's bid"
        )
    if refusal is Refusal.DEALERS_TEAM_ONLY:
        return (
            "in later deals only the dealer's team declares during the deal; "
            "the attackers get one round after it"
        )
    return str(refusal.value[1])


def bid_options(
    hand: Sequence[Card],
    level: Rank,
    system: Bidding,
    min_strength: int = 1,
    max_strength: int = NO_TRUMP_BIG,
) -> list[tuple[Card, ...]]:
    """Every distinct set of cards from ``hand`` that makes a bid (R4.3/R4.4) of strength
    ``min_strength`` to ``max_strength``, weakest first."""
    if min_strength > max_strength:
        return []
    # Card ids: tuple.count on ints runs in C, on Cards it calls Card.__eq__ per card.
    ids = [c.id for c in hand]
    options: list[tuple[Card, ...]] = []
    if min_strength <= LEVEL_PAIR_STRENGTH:
        singles: list[tuple[Card, ...]] = []
        pairs: list[tuple[Card, ...]] = []
        for suit in _SUITS:
            card = CARDS[suit * 13 + level - 2]
            n = ids.count(card.id)
            if n == 0:
                continue
            backing: tuple[Card, ...] = ()
            if system == "joker":
                joker = joker_for(suit)
                if joker.id not in ids:
                    continue
                backing = (joker,)
            if min_strength <= 1 <= max_strength:
                singles.append((card, *backing))
            if n == 2 and max_strength >= LEVEL_PAIR_STRENGTH:
                pairs.append((card, card, *backing))
        options = singles + pairs
    small_ok = min_strength <= NO_TRUMP_SMALL <= max_strength
    if small_ok and ids.count(SMALL_JOKER.id) == 2:
        options.append((SMALL_JOKER, SMALL_JOKER))
    if max_strength >= NO_TRUMP_BIG and ids.count(BIG_JOKER.id) == 2:
        options.append((BIG_JOKER, BIG_JOKER))
    return options


# --- who may bid when, and what a closed bidding decides ----------------------------------------

BidStage = Literal["dealing", "closing", "first_counters", "counters"]
"""The bidding windows of a deal (the values of the state machine's phases): while cards are
dealt (R4.1), the closing round after the last card (R4.3, R4.4), the first deal's counters
before the kitty (R5.2 反主反打) and the later deals' counters after it (R5.2 炒底)."""

FALLBACK_DEALER = 0
"""R4.6: the seat that deals a first deal played with the later-deal rule (see
[`first_deal_falls_back`][tuolaji.core.bidding.first_deal_falls_back]): seat 0, dealt to first
(R4.1)."""


def attacker_declares(rules: Rules, seat: int, dealer: int | None, stage: BidStage | None) -> bool:
    """R4.4: in later deals (``dealer`` known) of the joker system an attacker declares only in
    the closing round, and then becomes the dealer (此时换庄家)."""
    return (
        rules.bidding == "joker"
        and dealer is not None
        and stage == "closing"
        and team_of(seat) != team_of(dealer)
    )


def declarer_team(
    rules: Rules,
    seat: int,
    dealer: int | None,
    first_bidder: int | None,
    stage: BidStage | None,
) -> int:
    """The team that would declare if a bid by ``seat`` now stood (R4.2, R4.5, R5.2), in the
    bidding window ``stage`` (None: outside every window).

    In a first deal (``dealer`` None): the bidder's team, or with ``first_dealer="first_bid"``
    the team of ``first_bidder`` (the seat of the attempt's first bid, None before any bid:
    overturns change only the trump). In a first deal's counter round with ``"winning_bid"``
    (反主反打): the counter-bidder's. An attacker's closing-round declaration in a later
    joker-bidding deal (R4.4, 此时换庄家): the attacker's. Otherwise the dealer's team.
    """
    if dealer is None:
        if rules.first_dealer == "first_bid" and first_bidder is not None:
            return team_of(first_bidder)
        return team_of(seat)
    if stage == "first_counters" and rules.first_dealer == "winning_bid":
        return team_of(seat)
    if attacker_declares(rules, seat, dealer, stage):
        return team_of(seat)
    return team_of(dealer)


def is_declaration(rules: Rules, stage: BidStage) -> bool:
    """R4.4: in the joker system, bids before the kitty are declarations (strength 1-2)."""
    return rules.bidding == "joker" and stage in ("dealing", "closing")


def bid_window(
    rules: Rules,
    seat: int,
    stage: BidStage | None,
    *,
    turn: int,
    standing: Bid | None,
    dealer: int | None,
    no_trump_deal: bool = False,
) -> Refusal | None:
    """Why ``seat`` may not bid at all now (R4.1, R4.4, R9.2), or None: ``stage`` is the bidding
    window (None: outside every window), ``turn`` the seat whose turn it is in a round,
    ``standing`` the standing bid, ``dealer`` the dealer (None in a first deal) and
    ``no_trump_deal`` whether the declarers stand on the no-trump level (R9.2: the deal has no
    trump suit to name, so nobody bids)."""
    if stage is None:
        return Refusal.NO_BIDS_NOW
    if no_trump_deal:
        return Refusal.NO_TRUMP_LEVEL
    if stage != "dealing" and turn != seat:
        return Refusal.NOT_YOUR_TURN
    if stage in ("first_counters", "counters") or rules.bidding == "reveal":
        return None
    if standing is not None:
        # R4.4: one declaration; under fix_trump="reinforce" its bidder may still show the
        # pair while the cards are dealt (bid_refusal allows only that reinforcement).
        reinforcing = (
            rules.fix_trump == "reinforce"
            and stage == "dealing"
            and standing.seat == seat
            and standing.strength == 1
        )
        return None if reinforcing else Refusal.ONE_DECLARATION
    if stage == "dealing" and dealer is not None and team_of(seat) != team_of(dealer):
        return Refusal.DEALERS_TEAM_ONLY
    return None


def closing_order(rules: Rules, dealer: int | None) -> tuple[int, ...]:
    """The closing round's order of seats (after the last card). R4.3 reveal bidding, and any
    first deal (``dealer`` None): seats in turn from the dealer (seat 0 in a first deal); a bid
    restarts the count and four passes in a row close bidding. R4.4 joker bidding in a later
    deal: the dealer, the partner, then the attackers from the dealer's next seat; the first
    declaration closes bidding at once."""
    first = 0 if dealer is None else dealer
    if rules.bidding == "joker" and dealer is not None:
        return (first, (first + 2) % 4, (first + 1) % 4, (first + 3) % 4)
    return tuple((first + i) % 4 for i in range(4))


def deal_after_bids(rules: Rules, winner: int, dealer: int | None, first_bidder: int | None) -> int:
    """The dealer once bidding closes on a bid by ``winner`` (R4.5, R4.4): in a first deal
    (``dealer`` None) the first bidder under ``first_dealer="first_bid"`` (先亮者为庄家), else
    the winner (翻主翻庄); in a later deal the dealer stays, except that an attacker's
    closing-round declaration of the joker system makes it the dealer (此时换庄家)."""
    if dealer is None:
        if rules.first_dealer == "first_bid" and first_bidder is not None:
            return first_bidder
        return winner
    if attacker_declares(rules, winner, dealer, "closing"):
        return winner
    return dealer


def first_deal_falls_back(rules: Rules, redeals: int) -> bool:
    """R4.6: whether a first deal in which nobody bid, already thrown in ``redeals`` times for
    it, is now played with the later-deal rule (a kitty card names trump, with
    [`FALLBACK_DEALER`][tuolaji.core.bidding.FALLBACK_DEALER] as the dealer) instead of being
    thrown in again: once ``rules.no_bid_redeals`` redeals have been made (never when it is
    None)."""
    bound = rules.no_bid_redeals
    return bound is not None and redeals >= bound


def kitty_turn(
    kitty: Sequence[Card], rule: int | NoBidReveal, level: Rank
) -> tuple[tuple[int, ...], int]:
    """The kitty cards turned up when nobody bid (R4.6): ``(turned, index)``, the indices
    turned in order and the index of the card that names the trump (a joker: no trump).

    ``rule`` is [`Rules.no_bid_reveal`][tuolaji.Rules.no_bid_reveal]: an index turns that one
    card. ``"first_level_or_highest"`` turns cards from the first until one of rank ``level``
    (the dealer's level), which names the trump; if none is, all are turned and the highest
    names it: the big joker, then the small one, then the highest rank, the first turned
    among equals."""
    if not isinstance(rule, str):
        return (rule,), rule
    for index, card in enumerate(kitty):
        if card.rank == level:
            return tuple(range(index + 1)), index
    jokers = (SMALL_JOKER, BIG_JOKER)

    def height(index: int) -> tuple[int, int]:
        card = kitty[index]
        # Jokers above the ace (14), the big one highest; the first turned wins a tie.
        return (15 + jokers.index(card) if card in jokers else card.rank, -index)

    return tuple(range(len(kitty))), max(range(len(kitty)), key=height)


def twin_dealer(card: Card, hands: Sequence[Sequence[Card]], dealer: int) -> int:
    """R4.6 ``no_bid_dealer="twin"`` (双升: 玩家中有人能与此张牌配对的一方为庄家): the dealer once
    ``card`` was turned from the kitty: an attacker holding its other copy in ``hands`` (by
    seat) becomes the dealer; otherwise (the dealer's side holds it, or both copies are in the
    kitty) the dealer stays."""
    for seat in range(4):
        if card in hands[seat] and team_of(seat) != team_of(dealer):
            return seat
    return dealer


def weak_hand_offers(
    rules: Rules, dealer: int, asked: Collection[int], after: int | None
) -> list[int]:
    """R4.7: the attackers offered the weak-hand redeal, in turn from the dealer's next seat
    (those after ``after`` when given): every attacker not in ``asked`` (the seats that asked
    in this deal), whatever it holds, so that the offer reveals nothing about its hand."""
    if rules.weak_hand_redeal is None:
        return []
    order = [(dealer + 1) % 4, (dealer + 3) % 4]
    if after is not None:
        order = order[order.index(after) + 1 :]
    return [s for s in order if s not in asked]


def weak_hand(rules: Rules, hand: Sequence[Card]) -> bool:
    """R4.7: ``hand`` holds fewer than ``rules.weak_hand_redeal`` points (never when that is
    None), so its seat may ask for a redeal when offered one."""
    threshold = rules.weak_hand_redeal
    return threshold is not None and points(hand) < threshold
