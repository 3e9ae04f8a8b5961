"""Bids and burial for [`BestBot`][tuolaji.BestBot] (issue 32, item 3): the decisions before
the first trick, judged by what they are worth over a match (R9.1's returns, R9.5), not by
the deal won.

[`choose_bid`][tuolaji.bots.contract.choose_bid] answers every bidding decision (bids while the
cards are dealt and in the closing round, R4.1-R4.4; counters, R5.2) and
[`choose_burial`][tuolaji.bots.contract.choose_burial] the burial (R5.1). Both read only the
seat's [`PlayerView`][tuolaji.PlayerView] and are deterministic (no random draw).

A bid is judged by the trump holding it would give the hand
([`trump_power`][tuolaji.bots.contract.trump_power]): the trumps, plus the top trumps (jokers
and level cards) and the trump pairs, scaled to a whole hand while cards are still dealt.
The thresholds are module constants, each measured against
[`GreedyBot`][tuolaji.GreedyBot]'s bidding in the arena (the figures are in docs/bots.md).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence

import attrs

from tuolaji.bots.greedy import bid_trump_table, burial_ids, trump_share
from tuolaji.core._args import check_count, check_number
from tuolaji.core.cards import CARDS, Rank
from tuolaji.core.scoring import team_of
from tuolaji.core.trump import TRUMP, TrumpTable
from tuolaji.state.actions import Action, ActionSet, Bury, Declare, Pass, Phase
from tuolaji.state.view import PlayerView

__all__ = [
    "BIDDING_PHASES",
    "COUNTER_GAIN",
    "DEFAULT_CONTRACT",
    "FIRST_DEAL_CARDS",
    "FIRST_DEAL_POWER",
    "LATER_DEAL_CARDS",
    "LATER_DEAL_SHARE",
    "SAFE_BURIAL_POWER",
    "TOP_TRUMPS",
    "TOP_TRUMP_WEIGHT",
    "TRUMP_PAIR_WEIGHT",
    "Contract",
    "choose_bid",
    "choose_burial",
    "trump_power",
]

BIDDING_PHASES = frozenset((Phase.DEALING, Phase.CLOSING, Phase.FIRST_COUNTERS, Phase.COUNTERS))
"""The phases whose decisions [`choose_bid`][tuolaji.bots.contract.choose_bid] answers: bids
(R4.1-R4.4) and counters (R5.2)."""

TOP_TRUMPS = 4
"""Trump positions counted as top trumps: the two jokers, the trump suit's level card and the
other level cards (R2.2), whatever the trump suit."""

TOP_TRUMP_WEIGHT = 1.0
"""What a top trump adds to `trump_power` beyond being a trump."""

TRUMP_PAIR_WEIGHT = 1.0
"""What a trump pair adds to `trump_power` beyond its two trumps (R3.2: pairs and tractors
win tricks of pairs, and draw the opponents' trump pairs)."""

FIRST_DEAL_POWER = 13.0
"""The whole-hand `trump_power` from which a seat bids while a match's first deal is dealt
(R4.5: the bid chooses the dealer). Set for [`BestBot`][tuolaji.BestBot]'s card play (issue
44): best keeps enough of the first deals it declares from 13 that its level change and its
returns (R9.1) are both above zero against GreedyBot; with GreedyBot's weaker play a higher
bar (22) gives more returns and a lower level change (docs/bots.md, "Bids and burial")."""

FIRST_DEAL_CARDS = 10
"""The fewest cards in hand before a bid while a first deal is dealt: earlier the scaled power
says too little."""

LATER_DEAL_SHARE = 0.34
"""The `trump_share` from which a seat bids while a later deal is dealt (R10.3: the dealer is
known, the bid only names the trump). Chosen by whole matches (issue 44, docs/bots.md): a
share of the cards held, read from `LATER_DEAL_CARDS` cards on, wins more matches than a bar
of `trump_power` from 10 cards, because among bids of one strength the first stands (R4.2)
and a later deal's trump is a race."""

LATER_DEAL_CARDS = 6
"""The fewest cards in hand before a bid while a later deal is dealt."""

COUNTER_GAIN = 3.0
"""How much more `trump_power` a counter (R5.2) must give the seat than the standing trump."""

SAFE_BURIAL_POWER = 12.0
"""The burier's `trump_power` (its 33 cards) from which point cards may be buried (R8.2: with a
strong trump holding its side usually wins the last trick, so the kitty's points are safe)."""


@attrs.frozen(slots=True)
class Contract:
    """The thresholds of [`choose_bid`][tuolaji.bots.contract.choose_bid] and
    [`choose_burial`][tuolaji.bots.contract.choose_burial], one object so that they can be
    tuned (issue 44: by whole matches, R9.5) without changing the module's defaults, which
    are `DEFAULT_CONTRACT`'s.

    ``first_deal_power``, ``counter_gain`` and ``safe_burial_power`` are finite numbers from
    0 to 200 (powers, see `trump_power`); ``later_deal_share`` a number from 0 to 1 (a
    `trump_share`); ``first_deal_cards`` and ``later_deal_cards`` ints from 1 to 100 (cards
    in hand). A `TypeError` for another type (bool included), a
    [`ConfigurationError`][tuolaji.ConfigurationError] naming the field outside."""

    first_deal_power: float = FIRST_DEAL_POWER
    first_deal_cards: int = FIRST_DEAL_CARDS
    later_deal_share: float = LATER_DEAL_SHARE
    later_deal_cards: int = LATER_DEAL_CARDS
    counter_gain: float = COUNTER_GAIN
    safe_burial_power: float = SAFE_BURIAL_POWER

    def __attrs_post_init__(self) -> None:
        share = check_number(
            "Contract",
            "later_deal_share",
            self.later_deal_share,
            low=0.0,
            high=1.0,
            what="share of trumps",
        )
        object.__setattr__(self, "later_deal_share", share)
        for name in ("first_deal_power", "counter_gain", "safe_burial_power"):
            number = check_number(
                "Contract", name, getattr(self, name), low=0.0, high=200.0, what="trump power"
            )
            object.__setattr__(self, name, number)
        for name in ("first_deal_cards", "later_deal_cards"):
            check_count("Contract", name, getattr(self, name), 100, "cards in hand")


DEFAULT_CONTRACT = Contract()
"""The contract [`BestBot`][tuolaji.BestBot] bids and buries by: the module's constants."""


def trump_power(hand: Sequence[int], table: TrumpTable, full: int) -> float:
    """How strong ``hand`` (card ids) is in trumps under ``table``, scaled to ``full`` cards:
    one per trump, `TOP_TRUMP_WEIGHT` more per top trump (jokers and level cards),
    `TRUMP_PAIR_WEIGHT` more per trump pair; times ``full / len(hand)`` when the hand is still
    being dealt."""
    if not hand:
        return 0.0
    suit, pos = table.suit, table.pos
    top = table.suit_size[TRUMP] - TOP_TRUMPS
    trumps = [c for c in hand if suit[c] == TRUMP]
    counts = Counter(trumps)
    pairs = sum(1 for n in counts.values() if n == 2)
    high = sum(1 for c in trumps if pos[c] >= top)
    power = len(trumps) + TOP_TRUMP_WEIGHT * high + TRUMP_PAIR_WEIGHT * pairs
    return power * max(full, len(hand)) / len(hand)


def _bid_table(view: PlayerView, action: Declare) -> TrumpTable:
    """The trump table ``action`` would make (R4.2): at the level rank its level cards show,
    or, for a joker pair (no trump), at the level of the team that would declare: the
    bidder's in a first deal, else the dealer's."""
    ranked = [c for c in action.cards if not c.is_joker]
    if ranked:
        rank = ranked[0].rank
        assert isinstance(rank, Rank)  # not a joker
        return bid_trump_table(rank, ranked[0].suit)
    team = team_of(view.seat if view.dealer is None else view.dealer)
    return bid_trump_table(view.levels[team], None)


def choose_bid(
    view: PlayerView, actions: ActionSet, contract: Contract = DEFAULT_CONTRACT
) -> Action:
    """The seat's bid, counter or pass among ``actions`` (a phase of `BIDDING_PHASES`), by
    ``contract``'s thresholds (`DEFAULT_CONTRACT`: the module's constants named below).

    The candidate bid with the greatest `trump_power` for the seat is made:

    - while a match's first deal is dealt, when the hand holds `FIRST_DEAL_CARDS` cards or
      more and its power, scaled to the whole hand, reaches `FIRST_DEAL_POWER`: that bid
      makes its side the declarers (R4.5), and attackers who take a deal over gain a level
      (R9.1), so the bar is where best's play keeps the deals it declares;
    - while a later deal is dealt, the candidate with the greatest `trump_share` instead, from
      `LATER_DEAL_CARDS` cards and a share of `LATER_DEAL_SHARE`: the dealer is known
      (R10.3), the bid only names the trump, and the first bid of a strength stands (R4.2);
    - in the closing round, always: it is the last chance to bid (R4.1);
    - as a counter (R5.2), when it gives the seat `COUNTER_GAIN` more power than the
      standing trump.

    Otherwise the seat passes."""
    hand = [c.id for c in view.hand]
    if view.phase is Phase.DEALING and view.dealer is not None:
        return _later_deal_bid(view, actions, hand, contract)
    full = view.rules.hand_size
    power, action = _strongest_bid(
        actions, lambda bid: trump_power(hand, _bid_table(view, bid), full)
    )
    if action is None:
        return Pass(view.seat)
    if view.phase is Phase.DEALING:  # a first deal: the bid chooses the dealer (R4.5)
        enough = len(hand) >= contract.first_deal_cards and power >= contract.first_deal_power
        return action if enough else Pass(view.seat)
    if view.phase is Phase.CLOSING:
        return action
    current = 0.0 if view.trump is None else trump_power(hand, view.trump.table, full)
    return action if power >= current + contract.counter_gain else Pass(view.seat)


def _later_deal_bid(
    view: PlayerView, actions: ActionSet, hand: list[int], contract: Contract
) -> Action:
    """A later deal's bid while cards are dealt (R10.3): the candidate with the greatest
    `trump_share`, once the hand holds ``contract.later_deal_cards`` cards and that share
    reaches ``contract.later_deal_share`` (and some trump); else a pass."""
    share, action = _strongest_bid(actions, lambda bid: trump_share(hand, _bid_table(view, bid)))
    enough = len(hand) >= contract.later_deal_cards and share >= contract.later_deal_share
    return action if action is not None and share > 0 and enough else Pass(view.seat)


def _strongest_bid(
    actions: ActionSet, score: Callable[[Declare], float]
) -> tuple[float, Declare | None]:
    """The bid among ``actions`` with the greatest ``score`` (the first of equal ones) and its
    score, or ``(-1, None)`` when none is a bid."""
    best: tuple[float, Declare | None] = (-1.0, None)
    for action in actions:
        if isinstance(action, Declare):
            value = score(action)
            if value > best[0]:
                best = (value, action)
    return best


def choose_burial(
    view: PlayerView, actions: ActionSet, contract: Contract = DEFAULT_CONTRACT
) -> Bury:
    """The seat's burial (R5.1): ``rules.kitty_size`` cards of its hand, as
    [`burial_ids`][tuolaji.bots.greedy.burial_ids] picks them (short side suits voided first,
    R7.2), with points safe to bury only when the hand's `trump_power` reaches
    `SAFE_BURIAL_POWER` (``contract.safe_burial_power``; R8.2: the kitty's points count
    multiplied for the attackers who win the last trick)."""
    trump = view.trump
    assert trump is not None  # burying: bidding has closed
    table = trump.table
    hand = [c.id for c in view.hand]
    safe = trump_power(hand, table, len(hand)) >= contract.safe_burial_power
    buried = burial_ids(hand, table, view.rules.kitty_size, points_safe=safe)
    return Bury(view.seat, tuple([CARDS[c] for c in buried]))
