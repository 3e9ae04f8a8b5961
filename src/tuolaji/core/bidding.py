"""Bids and their strength under both bidding systems (R4.2-R4.4, R5.2).

A bid shows cards from the bidder's hand. `bid_form` says what the shown cards mean
(strength and trump suit) under a system; `bid_rank` orders bids and `outranks` compares two;
`bid_refusal` applies R4.2, R4.4 and R5.2 to a bid against the standing one; `bid_options`
lists every bid a hand can make.

Who may bid when and what a closed bidding decides are here too, as functions of public facts
and the [`Rules`][tuolaji.Rules]: `bid_window` (R4.1, R4.4), `declarer_team` (R4.2, R4.5,
R5.2), `counter_round` and `is_counter` (R5.2: counter-bids and kitty theft),
`closing_order`, `deal_after_bids` (R4.5, R4.4), `kitty_turn` and `twin_dealer` (R4.6),
`first_deal_falls_back` (R4.6), `weak_hand_offers` and `weak_hand` (R4.7).
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
    BIG_JOKER_ID,
    CARDS,
    SEATS,
    SMALL_JOKER,
    SMALL_JOKER_ID,
    Card,
    Rank,
    Suit,
    format_cards,
    points,
)
from tuolaji.core.rules import NoBidReveal, Rules
from tuolaji.core.scoring import team_of

__all__ = [
    "FALLBACK_DEALER",
    "LEVEL_PAIR_STRENGTH",
    "SUIT_ORDER",
    "Bid",
    "BidOffer",
    "BidStage",
    "CounterWindow",
    "Refusal",
    "attacker_declares",
    "bid_form",
    "bid_offers",
    "bid_options",
    "bid_rank",
    "bid_refusal",
    "bid_window",
    "closing_order",
    "counter_round",
    "deal_after_bids",
    "declarer_team",
    "first_deal_falls_back",
    "form_message",
    "is_counter",
    "is_declaration",
    "joker_for",
    "kitty_turn",
    "longest_bidding",
    "outranks",
    "overturn_floor",
    "refusal_message",
    "reinforcer",
    "twin_dealer",
    "weak_hand",
    "weak_hand_offers",
]

LEVEL_PAIR_STRENGTH = 2
"""Strength of a pair of level cards (定主, and the weakest counter, R5.2)."""
NO_TRUMP_SMALL = 3
NO_TRUMP_BIG = 4

SUIT_ORDER: tuple[Suit, ...] = (Suit.DIAMONDS, Suit.CLUBS, Suit.HEARTS, Suit.SPADES)
"""The suits from lowest to highest as bids (♦ < ♣ < ♥ < ♠, and no trump above them, as in the
online app): under [`Rules.overturn_by_suit`][tuolaji.Rules.overturn_by_suit] a pair of level
cards overturns an equal pair of a lower suit (R4.3)."""


@attrs.frozen(slots=True)
class Bid:
    """A bid (R4.2): ``seat`` showed ``cards``, naming ``suit`` (None: no trump) with
    ``strength`` 1..4 (R4.3/R4.4; one big joker under
    [`Rules.joker_bids`][tuolaji.Rules.joker_bids] ``"single_big_no_trump"`` is strength 1
    naming no trump, ranked above one level card by ``tuolaji.core.bidding.bid_rank``)."""

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
    NO_TRUMP_TEAM = (
        "R9.2",
        "this seat's team stands on the no-trump level: it names no trump, so it may not "
        "take the deal with a declaration",
    )

    @property
    def rule(self) -> str:
        """The rule number, e.g. ``"R4.2"``."""
        rule: str = self.value[0]
        return rule


def joker_for(suit: Suit) -> Card:
    """The joker that backs a suit bid in the joker system (R4.4): big for ♥ ♦, small for ♠ ♣."""
    return BIG_JOKER if suit in (Suit.HEARTS, Suit.DIAMONDS) else SMALL_JOKER


_SUITS = tuple(Suit)


def bid_form(cards: Sequence[Card], level: Rank, rules: Rules) -> tuple[int, Suit | None] | None:
    """The strength and trump suit of a bid showing ``cards`` (R4.3 reveal, R4.4 joker), or
    None when the cards are no bid, under ``rules.bidding`` (the system) and
    ``rules.joker_bids``.

    Strengths: 1 one level card, 2 a pair of level cards (定主), 3 a pair of small jokers,
    4 a pair of big jokers (both no trump). In the joker system a suit bid also shows the
    joker of the suit's colour (大王只能报红主, 小王只能报黑主).
    [`Rules.joker_bids`][tuolaji.Rules.joker_bids] ``"none"`` makes no joker pair a bid,
    ``"single_big_no_trump"`` makes one big joker a bid of strength 1 naming no trump (ranked
    above one level card and below every pair, see [`bid_rank`][tuolaji.core.bidding.bid_rank]).
    """
    joker_bids = rules.joker_bids
    n = len(cards)
    if n == 0 or n > 3:
        return None
    level_cards = [c for c in cards if not c.is_joker]
    jokers = [c for c in cards if c.is_joker]
    if not level_cards:
        if n == 2 and jokers[0] == jokers[1] and joker_bids != "none":
            return (NO_TRUMP_BIG if jokers[0] == BIG_JOKER else NO_TRUMP_SMALL), None
        if n == 1 and jokers[0] == BIG_JOKER and joker_bids == "single_big_no_trump":
            return 1, None
        return None
    first = level_cards[0]
    if first.rank != level or len(level_cards) > 2 or any(c != first for c in level_cards):
        return None
    suit = first.suit
    assert suit is not None
    if rules.bidding == "joker":
        if jokers != [joker_for(suit)]:
            return None
    elif jokers:
        return None
    return len(level_cards), suit


def form_message(cards: Sequence[Card], level: Rank, rules: Rules) -> tuple[str, str]:
    """``(rule, message)`` for cards that `bid_form` rejected under ``rules``: the valid forms
    (R4.3, R4.4)."""
    joker_bids = rules.joker_bids
    shown = format_cards(cards, pretty=True) or "no cards"
    lvl = level.label
    jokers = {
        "pairs": ", a pair of small jokers or a pair of big jokers",
        "single_big_no_trump": ", one big joker, a pair of small jokers or a pair of big jokers",
        "none": " (Rules.joker_bids='none': jokers never bid)",
    }[joker_bids]
    if rules.bidding == "reveal":
        return "R4.3", (
            f"{shown} is not a bid; R4.3: a bid shows one level card ({lvl}), a pair of level "
            f"cards of one suit{jokers}"
        )
    # Rules refuses one big joker as a bid of the joker system (R4.4).
    jokers = ", or a pair of small or of big jokers" if joker_bids == "pairs" else jokers
    return "R4.4", (
        f"{shown} is not a bid; R4.4: a bid shows one level card ({lvl}) or a pair of them "
        f"with the joker of the suit's colour (big joker for ♥ ♦, small joker for ♠ ♣){jokers}"
    )


def bid_rank(strength: int, suit: Suit | None, rules: Rules) -> tuple[int, int]:
    """The rank of a bid of ``strength`` naming ``suit`` (None: no trump) among bids (R4.2-R4.4):
    a bid overturns a standing one of lower rank; of equal rank the earlier stands
    (以先出现者为准).

    Strength orders the bids; among equal strengths a no-trump bid ranks above a suit, so one
    big joker (``joker_bids="single_big_no_trump"``, see
    [`Rules.joker_bids`][tuolaji.Rules.joker_bids]) is above one level card and below every
    pair. Three fields of ``rules`` change the order:
    [`joker_pairs`][tuolaji.Rules.joker_pairs] ``"equal"`` makes the two joker pairs equal,
    [`pair_bids_equal`][tuolaji.Rules.pair_bids_equal] makes every pair equal (a pair of level
    cards and both joker pairs; and one big joker equal to one level card, as in the online
    app, where only the number of cards shown ranks a bid), and
    [`overturn_by_suit`][tuolaji.Rules.overturn_by_suit] ranks
    the pairs of level cards by [`SUIT_ORDER`][tuolaji.core.bidding.SUIT_ORDER] (♦ < ♣ < ♥ < ♠;
    single level cards are never ranked by suit, as in the online app).
    """
    if rules.pair_bids_equal:
        # Only the number of cards shown counts (the online app's bids by length): every
        # pair is equal, and so are one big joker and one level card.
        return min(strength, LEVEL_PAIR_STRENGTH), 0
    if rules.joker_pairs == "equal" and strength >= NO_TRUMP_SMALL:
        return NO_TRUMP_SMALL, 0
    if suit is None:
        return strength, len(SUIT_ORDER)
    if rules.overturn_by_suit and strength == LEVEL_PAIR_STRENGTH:
        return strength, SUIT_ORDER.index(suit)
    return strength, 0


def outranks(bid: tuple[int, Suit | None], standing: tuple[int, Suit | None], rules: Rules) -> bool:
    """Whether a bid of ``(strength, suit)`` ``bid`` overturns a standing bid ``standing``
    under ``rules`` (R4.2): its [`bid_rank`][tuolaji.core.bidding.bid_rank] is higher. Equal
    ranks: the first shown stands (以先出现者为准), so with ``joker_pairs="equal"`` neither
    joker pair overturns the other, and with ``pair_bids_equal`` no pair overturns another."""
    return bid_rank(bid[0], bid[1], rules) > bid_rank(standing[0], standing[1], rules)


def overturn_floor(standing: int, rules: Rules) -> int:
    """The least strength that may overturn a standing bid of strength ``standing`` under
    ``rules`` (R4.2): one more, unless a bid of equal strength may overturn it (one big joker
    over one level card, [`Rules.overturn_by_suit`][tuolaji.Rules.overturn_by_suit] or
    [`Rules.reinforce_after_overturn`][tuolaji.Rules.reinforce_after_overturn]). Only prunes
    the bids to try: [`bid_refusal`][tuolaji.core.bidding.bid_refusal] decides."""
    ties = (
        rules.joker_bids == "single_big_no_trump"
        or rules.overturn_by_suit
        or rules.reinforce_after_overturn
    )
    return standing if ties else standing + 1


def longest_bidding(rules: Rules) -> tuple[int, int]:
    """``(bids, counters)``: the most bids one attempt of a deal can see while cards are dealt
    and in the closing round, and the most counters after (R4.2, R5.2), under ``rules``.

    Each bid outranks the standing one ([`bid_rank`][tuolaji.core.bidding.bid_rank]), so the
    bids of one rank are at most one, except pairs of level cards: one per suit under
    ``overturn_by_suit``, and one more per seat under ``reinforce_after_overturn`` (a seat
    reinforces an overturned single once: its pair is then its last bid, and no single
    overturns a pair). Counters are strength 2 or more (R5.2)."""
    pairs = len(SUIT_ORDER) if rules.overturn_by_suit else 1
    if rules.reinforce_after_overturn:
        pairs += SEATS
    joker_pairs = 0
    if rules.joker_bids != "none" and not rules.pair_bids_equal:
        joker_pairs = 1 if rules.joker_pairs == "equal" else 2
    # One big joker overturns one level card, unless every bid of one length is equal.
    singles = 2 if rules.joker_bids == "single_big_no_trump" and not rules.pair_bids_equal else 1
    counters = pairs + joker_pairs
    return singles + counters, counters


def bid_refusal(
    seat: int,
    strength: int,
    suit: Suit | None,
    standing: Bid | None,
    rules: Rules,
    *,
    declaration: bool,
    counter: bool,
    overturned: Suit | None = None,
) -> Refusal | None:
    """Why a well-formed bid of ``strength`` naming ``suit`` by ``seat`` may not replace
    ``standing`` under ``rules`` (R4.2, R4.4, R5.2), or None when it may.

    ``declaration``: the bid is a joker-system declaration (R4.4: strength 1 or 2 only; a
    joker pair is only a counter, 常主不可进行报主; once one stands, only its own
    reinforcement, under ``fix_trump="reinforce"``). ``counter``: the bid is a counter-bid
    (R5.2: strength 2 or more, never by the seat whose bid stands). A new bid must outrank the
    standing one (see [`outranks`][tuolaji.core.bidding.outranks], which reads
    ``rules.joker_pairs``, ``rules.pair_bids_equal`` and ``rules.overturn_by_suit``; equal
    rank: the earlier stands, 以先出现者为准), and a seat never overturns its own standing bid
    (自已叫主后本人不能再翻主) unless ``rules.self_overturn``: it may only reinforce it, showing
    the second copy of the one card it bid (a pair of its level card, 定主, R4.3; or a second
    big joker after one big joker). With ``rules.fix_trump="reinforce"`` a pair of level cards
    is never a first bid: it reinforces a single or overturns another seat's bid.

    ``overturned`` ([`Rules.reinforce_after_overturn`][tuolaji.Rules.reinforce_after_overturn]):
    the suit of the single level card that was ``seat``'s last bid, now overturned by another
    seat, else None. Its pair (the reinforcement) then also overturns a standing bid of level
    cards it only equals, a pair of another suit: never a joker bid.
    """
    if declaration and strength > LEVEL_PAIR_STRENGTH:
        return Refusal.JOKER_PAIR_DECLARES
    self_overturn = rules.self_overturn
    if counter:
        if strength < LEVEL_PAIR_STRENGTH:
            return Refusal.COUNTER_TOO_WEAK
        if standing is not None and standing.seat == seat and not self_overturn:
            return Refusal.OWN_COUNTER
    if standing is None:
        if rules.fix_trump == "reinforce" and strength == LEVEL_PAIR_STRENGTH and not counter:
            return Refusal.PAIR_NEEDS_CALL
        return None
    reinforces = (
        seat == standing.seat
        and standing.strength == 1
        and suit == standing.suit
        # The second copy of the one card shown: a level card's pair, or the big jokers.
        and strength == (LEVEL_PAIR_STRENGTH if suit is not None else NO_TRUMP_BIG)
    )
    if declaration and not reinforces:
        return Refusal.ONE_DECLARATION
    # R4.2 house rule: the pair of an overturned single matches a standing level-card bid.
    matches = (
        overturned is not None
        and seat != standing.seat
        and strength == LEVEL_PAIR_STRENGTH
        and suit == overturned
        and standing.suit is not None
        and standing.strength <= LEVEL_PAIR_STRENGTH
    )
    if not matches and bid_rank(strength, suit, rules) <= bid_rank(
        standing.strength, standing.suit, rules
    ):
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


BidOffer = tuple[int, Suit | None, tuple[Card, ...]]
"""One bid a hand can make: ``(strength, suit, cards)``, what
[`bid_form`][tuolaji.core.bidding.bid_form] says of ``cards`` (R4.3, R4.4)."""


def _level_bids() -> tuple[tuple[tuple[Suit, int, Card, int, Card], ...], ...]:
    """Per level rank (index ``rank - 2``): each suit in `Suit` order with its level card's
    id and card and the id and card of the joker that backs it in the joker system (R4.4),
    built once so that the bids of a hand are found on its card ids alone."""
    table = []
    for rank in Rank:
        row = []
        for suit in _SUITS:
            card = CARDS[suit * 13 + rank - 2]
            joker = joker_for(suit)
            row.append((suit, card.id, card, joker.id, joker))
        table.append(tuple(row))
    return tuple(table)


_LEVEL_BIDS = _level_bids()
_BID_CARDS = tuple(
    frozenset((*(entry[1] for entry in row), SMALL_JOKER_ID, BIG_JOKER_ID)) for row in _LEVEL_BIDS
)
"""Per level rank (index ``rank - 2``): the ids of every card some bid shows (R4.3, R4.4),
the four level cards and the two jokers: a hand holding none of them has no bid."""
_SMALL_PAIR = (SMALL_JOKER, SMALL_JOKER)
_BIG_PAIR = (BIG_JOKER, BIG_JOKER)
_BIG_SINGLE = (BIG_JOKER,)


def bid_offers(
    ids: Sequence[int],
    level: Rank,
    rules: Rules,
    *,
    min_strength: int = 1,
    max_strength: int = NO_TRUMP_BIG,
) -> list[BidOffer]:
    """Every distinct bid (R4.3/R4.4) of strength ``min_strength`` to ``max_strength`` that a
    hand of card ids ``ids`` can show at ``level`` under ``rules`` (``rules.bidding``, the
    system, and ``rules.joker_bids``), weakest first: singles by suit, one big joker, pairs by
    suit, then the joker pairs. Each is ``(strength, suit, cards)``, the strength and suit
    [`bid_form`][tuolaji.core.bidding.bid_form] gives ``cards``, so that a caller checks a bid
    without reading its cards again.

    >>> from tuolaji.core.cards import parse_cards
    >>> hand = [c.id for c in parse_cards("2H 2H 3S SJ SJ")]
    >>> offers = bid_offers(hand, Rank.TWO, Rules())
    >>> [(strength, format_cards(cards)) for strength, _, cards in offers]
    [(1, '2H'), (2, '2H 2H'), (3, 'SJ SJ')]
    """
    if min_strength > max_strength:
        return []
    # On card ids: a set of ints is built and probed in C; Cards would call Card.__eq__ and
    # Card.__hash__ per card. Most hands hold no level card and no joker pair: four misses.
    held = set(ids)
    if held.isdisjoint(_BID_CARDS[level - 2]):
        return []
    offers: list[BidOffer] = []
    joker_bids = rules.joker_bids
    if min_strength <= LEVEL_PAIR_STRENGTH:
        singles: list[BidOffer] = []
        pairs: list[BidOffer] = []
        joker_system = rules.bidding == "joker"
        single_ok = min_strength <= 1 <= max_strength
        pair_ok = max_strength >= LEVEL_PAIR_STRENGTH
        for suit, card_id, card, joker_id, joker in _LEVEL_BIDS[level - 2]:
            if card_id not in held or (joker_system and joker_id not in held):
                continue
            shown = (card, joker) if joker_system else (card,)
            if single_ok:
                singles.append((1, suit, shown))
            if pair_ok and ids.count(card_id) == 2:
                pairs.append((LEVEL_PAIR_STRENGTH, suit, (card, *shown)))
        if joker_bids == "single_big_no_trump" and min_strength <= 1 and BIG_JOKER_ID in held:
            singles.append((1, None, _BIG_SINGLE))  # above one level card, below every pair
        offers = singles + pairs
    if joker_bids == "none":
        return offers
    small_ok = min_strength <= NO_TRUMP_SMALL <= max_strength
    if small_ok and SMALL_JOKER_ID in held and ids.count(SMALL_JOKER_ID) == 2:
        offers.append((NO_TRUMP_SMALL, None, _SMALL_PAIR))
    if max_strength >= NO_TRUMP_BIG and BIG_JOKER_ID in held and ids.count(BIG_JOKER_ID) == 2:
        offers.append((NO_TRUMP_BIG, None, _BIG_PAIR))
    return offers


def bid_options(
    hand: Sequence[Card],
    level: Rank,
    rules: Rules,
    *,
    min_strength: int = 1,
    max_strength: int = NO_TRUMP_BIG,
) -> list[tuple[Card, ...]]:
    """Every distinct set of cards from ``hand`` that makes a bid (R4.3/R4.4) of strength
    ``min_strength`` to ``max_strength`` under ``rules``, weakest first: the cards of
    [`bid_offers`][tuolaji.core.bidding.bid_offers]."""
    ids = [c.id for c in hand]
    offers = bid_offers(ids, level, rules, min_strength=min_strength, max_strength=max_strength)
    return [cards for _, _, cards in offers]


# --- who may bid when, and what a closed bidding decides ----------------------------------------

BidStage = Literal["dealing", "closing", "first_counters", "counters"]
"""The bidding windows of a deal (the values of the state machine's phases): while cards are
dealt (R4.1), the closing round after the last card (R4.3, R4.4), the first deal's counters
before the kitty (R5.2 反主反打) and the counters after a burial (R5.2 炒底, or the kitty theft
炒地皮 of ``Rules.kitty_theft``; see `counter_round`)."""

FALLBACK_DEALER = 0
"""R4.6: the seat that deals a first deal played with the later-deal rule (see
[`first_deal_falls_back`][tuolaji.core.bidding.first_deal_falls_back]): seat 0, dealt to first
(R4.1)."""


def attacker_declares(seat: int, dealer: int | None, stage: BidStage | None, rules: Rules) -> bool:
    """R4.4: in later deals (``dealer`` known) of the joker system an attacker declares only in
    the closing round, and then becomes the dealer (此时换庄家)."""
    return (
        rules.bidding == "joker"
        and dealer is not None
        and stage == "closing"
        and team_of(seat) != team_of(dealer)
    )


def declarer_team(
    seat: int, dealer: int | None, first_bidder: int | None, stage: BidStage | None, rules: Rules
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
    if attacker_declares(seat, dealer, stage, rules):
        return team_of(seat)
    return team_of(dealer)


def is_declaration(stage: BidStage, rules: Rules) -> bool:
    """R4.4: in the joker system, bids before the kitty are declarations (strength 1-2)."""
    return rules.bidding == "joker" and stage in ("dealing", "closing")


def is_counter(stage: BidStage, rules: Rules) -> bool:
    """R5.2: whether a bid in window ``stage`` is a counter-bid (反主, ``rules.counter_bids``:
    strength 2 or more, and the standing bidder counters only after someone else has). A bid
    in the round of ``rules.kitty_theft`` (炒地皮) follows the ordinary bid rules of R4.2 and
    R4.3 instead: stronger than the standing bid, and the standing bidder only reinforces."""
    return stage in ("first_counters", "counters") and rules.kitty_theft == "none"


CounterWindow = Literal["before_kitty", "after_burial"]
"""Where a round of counters may open (R5.2): before the dealer takes the kitty, or after a
burial."""


def counter_round(
    window: CounterWindow, rules: Rules, *, opening: bool, standing: Bid | None
) -> bool:
    """R5.2: whether a round of counters opens at ``window`` in a deal (``opening``: the
    match's first deal, its dealer decided by the bids) whose standing bid is ``standing``
    (None: the trump was turned from the kitty, R4.6).

    ``rules.counter_bids`` (双升): before the kitty in the first deal (反主反打), after
    each burial in later deals (反主炒底), with or without a standing bid.
    ``rules.kitty_theft="every_deal"`` (炒地皮, the online app): after each burial in every
    deal, but never after a trump turned from the kitty (no bid to overturn). Either way the
    round runs from the burier's next seat until four passes in a row, and a counter takes the
    kitty and buries again (the dealer never changes after the kitty)."""
    if window == "before_kitty":
        return rules.counter_bids and opening
    if rules.kitty_theft == "every_deal":
        return standing is not None
    return rules.counter_bids and not opening


def bid_window(
    seat: int,
    stage: BidStage | None,
    rules: Rules,
    *,
    turn: int,
    standing: Bid | None,
    dealer: int | None,
    no_trump_deal: bool = False,
    seat_on_no_trump: bool = False,
) -> Refusal | None:
    """Why ``seat`` may not bid at all now (R4.1, R4.4, R9.2), or None: ``stage`` is the bidding
    window (None: outside every window), ``turn`` the seat whose turn it is in a round,
    ``standing`` the standing bid, ``dealer`` the dealer (None in a first deal),
    ``no_trump_deal`` whether the declarers stand on the no-trump level (R9.2: the deal has no
    trump suit to name, so nobody bids) and ``seat_on_no_trump`` whether ``seat``'s team does:
    such a team never declares a deal with a trump suit, so its attackers may not take the
    deal with the joker system's closing declaration (R4.4, R9.2)."""
    if stage is None:
        return Refusal.NO_BIDS_NOW
    if no_trump_deal:
        return Refusal.NO_TRUMP_LEVEL
    if seat_on_no_trump and attacker_declares(seat, dealer, stage, rules):
        return Refusal.NO_TRUMP_TEAM
    if stage != "dealing" and turn != seat:
        return Refusal.NOT_YOUR_TURN
    if stage in ("first_counters", "counters") or rules.bidding == "reveal":
        return None
    if standing is not None:
        # R4.4: one declaration; under fix_trump="reinforce" its bidder may still show the
        # pair while the cards are dealt and in its turn after the last card (`reinforcer`;
        # bid_refusal allows only that reinforcement).
        reinforcing = stage in ("dealing", "closing") and reinforcer(standing, rules) == seat
        return None if reinforcing else Refusal.ONE_DECLARATION
    if stage == "dealing" and dealer is not None and team_of(seat) != team_of(dealer):
        return Refusal.DEALERS_TEAM_ONLY
    return None


def reinforcer(standing: Bid | None, rules: Rules) -> int | None:
    """R4.4 with ``fix_trump="reinforce"``: the seat that may still reinforce the deal's
    declaration (show the second level card with the joker, 定主), or None. That is its
    declarer while the declaration is one level card; the window includes the last dealt card:
    after it the declarer gets one turn to reinforce or pass before bidding closes (the online
    app allows reinforcing until the kitty is taken), so a second level card dealt last still
    fixes the trump. The turn is given whatever the declarer holds, so it tells nothing."""
    if rules.fix_trump == "reinforce" and standing is not None and standing.strength == 1:
        return standing.seat
    return None


def closing_order(dealer: int | None, rules: Rules) -> tuple[int, ...]:
    """The closing round's order of seats (after the last card). R4.3 reveal bidding, and any
    first deal (``dealer`` None): seats in turn from the dealer (seat 0 in a first deal); a bid
    restarts the count and four passes in a row close bidding. R4.4 joker bidding in a later
    deal: the dealer, the partner, then the attackers from the dealer's next seat; the first
    declaration closes bidding at once."""
    first = 0 if dealer is None else dealer
    if rules.bidding == "joker" and dealer is not None:
        return (first, (first + 2) % 4, (first + 1) % 4, (first + 3) % 4)
    return tuple((first + i) % 4 for i in range(4))


def deal_after_bids(winner: int, dealer: int | None, first_bidder: int | None, rules: Rules) -> int:
    """The dealer once bidding closes on a bid by ``winner`` (R4.5, R4.4): in a first deal
    (``dealer`` None) the first bidder under ``first_dealer="first_bid"`` (先亮者为庄家), else
    the winner (翻主翻庄); in a later deal the dealer stays, except that an attacker's
    closing-round declaration of the joker system makes it the dealer (此时换庄家)."""
    if dealer is None:
        if rules.first_dealer == "first_bid" and first_bidder is not None:
            return first_bidder
        return winner
    if attacker_declares(winner, dealer, "closing", rules):
        return winner
    return dealer


def first_deal_falls_back(redeals: int, rules: Rules) -> bool:
    """R4.6: whether a first deal in which nobody bid, already thrown in ``redeals`` times for
    it, is now played with the later-deal rule (a kitty card names trump, with
    [`FALLBACK_DEALER`][tuolaji.core.bidding.FALLBACK_DEALER] as the dealer) instead of being
    thrown in again: once ``rules.no_bid_redeals`` redeals have been made (never when it is
    None)."""
    bound = rules.no_bid_redeals
    return bound is not None and redeals >= bound


_KITTY_SUITS: tuple[Suit, ...] = (Suit.CLUBS, Suit.DIAMONDS, Suit.SPADES, Suit.HEARTS)
"""R4.6 ``no_bid_reveal="first_level_joker_stops"``: the suits from lowest to highest when
the kitty's highest card names the trump. The online app sorts the kitty as the cards of a
no-trump deal, suit before rank, and its no-trump order is ♣ < ♦ < ♠ < ♥ (not the ♦ < ♣ < ♥ < ♠
of its suit type)."""


def kitty_turn(
    kitty: Sequence[Card], rule: int | NoBidReveal, level: Rank
) -> tuple[tuple[int, ...], int]:
    """The kitty cards turned up when nobody bid (R4.6): ``(turned, index)``, the indices
    turned in order and the index of the card that names the trump (a joker: no trump).

    ``rule`` is [`Rules.no_bid_reveal`][tuolaji.Rules.no_bid_reveal]: an index turns that one
    card. ``"first_level_or_highest"`` turns cards from the first until one of rank ``level``
    (the dealer's level), which names the trump; if none is, all are turned and the highest
    names it: the big joker, then the small one, then the highest rank, the first turned
    among equals. ``"first_level_joker_stops"`` (the online app) also stops at a joker (no
    trump); if it turns them all, the highest card names the trump with suits compared first,
    ♣ < ♦ < ♠ < ♥, so the highest suit in the kitty is trump (its highest card, the first turned
    among equals, is the one named)."""
    if not isinstance(rule, str):
        return (rule,), rule
    joker_stops = rule == "first_level_joker_stops"
    for index, card in enumerate(kitty):
        if card.rank == level or (joker_stops and card.is_joker):
            return tuple(range(index + 1)), index
    jokers = (SMALL_JOKER, BIG_JOKER)

    def height(index: int) -> tuple[int, int, int]:
        card = kitty[index]
        # Jokers above the ace (14), the big one highest; the first turned wins a tie.
        if card in jokers:
            return (0, 15 + jokers.index(card), -index)
        suit = _KITTY_SUITS.index(card.suit) if joker_stops and card.suit is not None else 0
        return (suit, card.rank, -index)

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
    dealer: int, asked: Collection[int], after: int | None, rules: Rules
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


def weak_hand(hand: Sequence[Card], rules: Rules) -> bool:
    """R4.7: ``hand`` holds fewer than ``rules.weak_hand_redeal`` points (never when that is
    None), so its seat may ask for a redeal when offered one."""
    threshold = rules.weak_hand_redeal
    return threshold is not None and points(hand) < threshold
