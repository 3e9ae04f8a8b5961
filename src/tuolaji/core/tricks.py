"""Trick rules as pure functions: leads, throws, following, ruffs, the winner (R6-R8.1).

The public functions take [`Card`][tuolaji.Card] sequences and a [`Trump`][tuolaji.Trump],
check their arguments (``TypeError`` naming a wrong one) and call the id-level kernel of
[`tuolaji.core.trickids`][tuolaji.core.trickids] that defines the rule: one definition of each rule.
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from tuolaji.core import trickids, wording
from tuolaji.core._args import check_choice as _check_choice
from tuolaji.core._args import plays_ids_of, trump_table_of
from tuolaji.core.cards import CARDS, Card, card_ids_of
from tuolaji.core.errors import IllegalAction
from tuolaji.core.rules import (
    FollowDraw,
    ForcedUnit,
    RuffShape,
    ThrowRuff,
)
from tuolaji.core.trump import Trump

__all__ = [
    "ThrowCheck",
    "check_follow",
    "check_lead",
    "check_throw",
    "follow_error",
    "is_legal_follow",
    "is_legal_lead",
    "is_ruff",
    "lead_error",
    "points_in_trick",
    "trick_winner",
]


def lead_error(hand: Sequence[Card], cards: Sequence[Card], trump: Trump) -> IllegalAction | None:
    """Why leading ``cards`` from ``hand`` is illegal, or None when it is a legal lead.

    R6.2: a lead is a non-empty set of cards of one effective suit (a throw that fails R6.3
    is still a legal attempt, resolved by [`check_throw`][tuolaji.check_throw]). Cards not in the
    hand: R11.
    """
    table = trump_table_of(trump)
    ids = card_ids_of(cards)
    hand_ids = card_ids_of(hand, "hand")
    trickids.check_hand_ids(hand_ids)
    try:
        trickids.lead_info_ids(ids, table)
    except IllegalAction as err:
        return err
    missing = trickids.missing_ids(hand_ids, ids)
    if missing:
        return wording.not_held_error(missing, table)
    return None


def check_lead(hand: Sequence[Card], cards: Sequence[Card], trump: Trump) -> None:
    """Raise [`IllegalAction`][tuolaji.IllegalAction] when ``cards`` are not a legal lead from
    ``hand`` (R6.2, R11); see [`lead_error`][tuolaji.lead_error]."""
    err = lead_error(hand, cards, trump)
    if err is not None:
        raise err


def is_legal_lead(hand: Sequence[Card], cards: Sequence[Card], trump: Trump) -> bool:
    """True when ``cards`` are a legal lead from ``hand``: held, non-empty, one effective
    suit (R6.2). A throw that would fail R6.3 is still a legal attempt."""
    return lead_error(hand, cards, trump) is None


@attrs.frozen(slots=True)
class ThrowCheck:
    """The result of checking a lead against the other hands (R6.3, R6.4).

    ``ok``: the lead stands (always for a single unit); ``forced``: the cards actually led,
    ``cards`` when ok, else the forced unit (R6.4), strongest card first;
    ``beaten_by``: indices into ``others`` of the hands holding a higher unit of the forced
    unit's kind (empty when ok); ``attempt``: the cards the player tried to lead.
    """

    ok: bool
    forced: tuple[Card, ...]
    beaten_by: tuple[int, ...]
    attempt: tuple[Card, ...]


def check_throw(
    cards: Sequence[Card],
    others: Sequence[Sequence[Card]],
    trump: Trump,
    *,
    forced_unit: ForcedUnit | None = None,
) -> ThrowCheck:
    """Check a lead against the other hands (R6.3) and resolve a failed throw (R6.4).

    A lead of one unit always stands. A throw stands when no other hand (partner included)
    holds, in the lead's suit, a higher unit of the same kind as one of its units (R3.3):
    a higher single, a higher pair, or for a tractor of k pairs, k pairs at consecutive
    positions with a higher top. Otherwise the thrower plays one beatable unit, chosen by
    ``forced_unit`` (see [`forced_unit_key`][tuolaji.core.trickids.forced_unit_key]): ``"lowest"``
    (the seeds, 最小牌: the unit holding the lowest card), ``"smallest"`` (smallest unit first,
    then lowest) or ``"nearest_seat"`` (the first hand of ``others`` that can beat a unit
    decides: the smallest unit it can beat, size first, then lowest); None: the default of
    [`Rules.forced_unit`][tuolaji.Rules.forced_unit]. ``others`` are the other hands in turn
    order from the thrower's next seat (only ``"nearest_seat"`` reads the order).

    Raises [`IllegalAction`][tuolaji.IllegalAction] (R6.2) for an empty or mixed-suit lead, and
    [`ConfigurationError`][tuolaji.ConfigurationError] for an unknown ``forced_unit``.

    >>> import tuolaji as tl
    >>> from tuolaji.core.tricks import check_throw
    >>> t = tl.Trump(tl.Rank.TEN, tl.Suit.SPADES)
    >>> lead = tl.parse_cards("9C 8C 8C 4C 4C")
    >>> others = [tl.parse_cards("QC QC 2H"), tl.parse_cards("3D"), tl.parse_cards("5S")]
    >>> r = check_throw(lead, others, t)
    >>> r.ok, tl.format_cards(r.forced), r.beaten_by
    (False, '4C 4C', (0,))
    >>> tl.format_cards(check_throw(lead, others, t, forced_unit="smallest").forced)
    '9C'
    """
    if forced_unit is not None:
        _check_choice("forced_unit", "R6.4", forced_unit, ForcedUnit)
    table = trump_table_of(trump)
    ok, forced, beaten_by = trickids.check_throw_ids(
        card_ids_of(cards),
        plays_ids_of(others, "others"),
        table,
        trickids.rules_with(forced_unit=forced_unit),
    )
    attempt = tuple(cards)
    if ok:
        return ThrowCheck(True, attempt, (), attempt)
    return ThrowCheck(False, tuple(CARDS[c] for c in forced), beaten_by, attempt)


def follow_error(
    lead: Sequence[Card],
    hand: Sequence[Card],
    play: Sequence[Card],
    trump: Trump,
    *,
    follow_draw: FollowDraw | None = None,
    tractor_protection: bool = False,
) -> IllegalAction | None:
    """Why ``play`` is not a legal follow to ``lead`` from ``hand``, or None when it is.

    ``hand`` includes the cards of ``play``. The error's ``rule`` is ``"R7.1"`` (empty play or
    wrong number of cards), ``"R11"`` (cards not in the hand), ``"R7.2"`` (suit) or ``"R7.3"``
    (shape), and its message says what was required, e.g.
    ``R7.3: the lead ♥KK has a pair of ♥; you hold ♥QQ; play a pair``. ``follow_draw`` is the
    house rule [`Rules.follow_draw`][tuolaji.Rules.follow_draw] (R7.3); None: its default.
    ``tractor_protection`` is the house rule
    [`Rules.tractor_protection`][tuolaji.Rules.tractor_protection] (R7.3).
    Raises [`IllegalAction`][tuolaji.IllegalAction] (R6.2) when ``lead`` itself is not a lead.
    """
    rules = trickids.follow_rules(follow_draw, tractor_protection)
    table = trump_table_of(trump)
    info = trickids.lead_info_ids(card_ids_of(lead, "lead"), table)
    hand_ids = card_ids_of(hand, "hand")
    play_ids = card_ids_of(play, "play")
    trickids.check_hand_ids(hand_ids)
    code = trickids.follow_code_ids(info, hand_ids, play_ids, table, rules)
    if code == trickids.FollowCode.OK:
        return None
    return trickids.refused_follow(code, info, hand_ids, play_ids, table=table, rules=rules)


def check_follow(
    lead: Sequence[Card],
    hand: Sequence[Card],
    play: Sequence[Card],
    trump: Trump,
    *,
    follow_draw: FollowDraw | None = None,
    tractor_protection: bool = False,
) -> None:
    """Raise the [`IllegalAction`][tuolaji.IllegalAction] of
    [`follow_error`][tuolaji.follow_error], if any (R7.1-R7.3)."""
    err = follow_error(
        lead, hand, play, trump, follow_draw=follow_draw, tractor_protection=tractor_protection
    )
    if err is not None:
        raise err


def is_legal_follow(
    lead: Sequence[Card],
    hand: Sequence[Card],
    play: Sequence[Card],
    trump: Trump,
    *,
    follow_draw: FollowDraw | None = None,
    tractor_protection: bool = False,
) -> bool:
    """True when ``play`` (from ``hand``, which includes it) legally follows ``lead``.

    R7.1: as many cards as the lead. R7.2: a seat holding at least as many cards of the led
    suit as the lead plays only that suit; one holding fewer plays all of them plus any
    others. R7.3: with more led-suit cards than needed, the play must fit the highest-ranked
    candidate shape (the lead's shape and its splits: more pairs first, then longer tractors)
    that some choice from the led-suit holding can fit; the house rules ``follow_draw``
    ([`Rules.follow_draw`][tuolaji.Rules.follow_draw]) and ``tractor_protection``
    ([`Rules.tractor_protection`][tuolaji.Rules.tractor_protection]) ask less of the shape.
    See [`follow_error`][tuolaji.follow_error] for why not.

    >>> import tuolaji as tl
    >>> from tuolaji.core.tricks import is_legal_follow
    >>> t = tl.Trump(tl.Rank.TEN, tl.Suit.SPADES)
    >>> lead, hand = tl.parse_cards("KH KH"), tl.parse_cards("QH QH 3H 5D")
    >>> is_legal_follow(lead, hand, tl.parse_cards("QH QH"), t)
    True
    >>> is_legal_follow(lead, hand, tl.parse_cards("QH 3H"), t)
    False
    >>> is_legal_follow(lead, hand, tl.parse_cards("QH 3H"), t, follow_draw="suit_only")
    True
    >>> hand = tl.parse_cards("8H 8H 7H 7H 3H")
    >>> is_legal_follow(lead, hand, tl.parse_cards("7H 3H"), t, tractor_protection=True)
    True
    """
    rules = trickids.follow_rules(follow_draw, tractor_protection)
    table = trump_table_of(trump)
    hand_ids = card_ids_of(hand, "hand")
    trickids.check_hand_ids(hand_ids)
    info = trickids.lead_info_ids(card_ids_of(lead, "lead"), table)
    return (
        trickids.follow_code_ids(info, hand_ids, card_ids_of(play, "play"), table, rules)
        == trickids.FollowCode.OK
    )


def is_ruff(
    lead: Sequence[Card],
    play: Sequence[Card],
    trump: Trump,
    *,
    ruff_shape: RuffShape | None = None,
) -> bool:
    """True when ``play`` ruffs ``lead`` (R7.4): the lead is in a side suit and the play is
    all trumps fitting the lead's exact shape (``ruff_shape="exact"``), or holding no fewer
    tractors and pairs than the lead (``"counts"``, the 拖拉机 rules' wording; see
    [`Rules.ruff_shape`][tuolaji.Rules.ruff_shape]; None: its default). Any other play by a
    void seat is a discard, which cannot win the trick. (Whether the seat was void is
    [`is_legal_follow`][tuolaji.is_legal_follow]'s business.)

    >>> import tuolaji as tl
    >>> from tuolaji.core.tricks import is_ruff
    >>> t = tl.Trump(tl.Rank.TEN, tl.Suit.SPADES)
    >>> lead, play = tl.parse_cards("6D 6D 5D 5D 4D 4D"), tl.parse_cards("9S 9S 8S 8S 3S 3S")
    >>> is_ruff(lead, play, t), is_ruff(lead, play, t, ruff_shape="counts")
    (False, True)
    """
    if ruff_shape is not None:
        _check_choice("ruff_shape", "R7.4", ruff_shape, RuffShape)
    table = trump_table_of(trump)
    info = trickids.lead_info_ids(card_ids_of(lead, "lead"), table)
    rules = trickids.rules_with(ruff_shape=ruff_shape)
    return trickids.is_ruff_ids(info, card_ids_of(play, "play"), table, rules)


def trick_winner(
    plays: Sequence[Sequence[Card]],
    trump: Trump,
    *,
    ruff_shape: RuffShape | None = None,
    throw_ruff: ThrowRuff | None = None,
) -> int:
    """The index in ``plays`` of the play that wins the trick; ``plays[0]`` is the lead.

    R7.5: a follow can beat the best so far only if it fits the lead's shape and is in the
    led suit or a ruff (R7.4). Any ruff beats any led-suit play; plays of one kind compare
    unit by unit (tractors longest first, then pairs, highest first; singles only when the
    lead is singles only), using each play's best split; the challenger must be strictly
    higher, so among equals the earliest wins (R7.1). R7.6: a throw that stood cannot be
    beaten in its own suit, only ruffed; any lead of several units is such a throw (a failed
    one was replaced by its forced unit before anyone followed, R6.4). A partial trick gives
    the winner so far. ``ruff_shape`` and ``throw_ruff`` are the house rules
    [`Rules.ruff_shape`][tuolaji.Rules.ruff_shape] (R7.4) and
    [`Rules.throw_ruff`][tuolaji.Rules.throw_ruff] (R7.5); None: their defaults.

    >>> import tuolaji as tl
    >>> from tuolaji.core.tricks import trick_winner
    >>> t = tl.Trump(tl.Rank.TEN, tl.Suit.SPADES)
    >>> trick_winner([tl.parse_cards(p) for p in ("5D 4D 4D", "9S 7S 7S", "8S 8S 4S")], t)
    2
    """
    if ruff_shape is not None:
        _check_choice("ruff_shape", "R7.4", ruff_shape, RuffShape)
    if throw_ruff is not None:
        _check_choice("throw_ruff", "R7.5", throw_ruff, ThrowRuff)
    rules = trickids.rules_with(ruff_shape=ruff_shape, throw_ruff=throw_ruff)
    return trickids.trick_winner_ids(plays_ids_of(plays), trump_table_of(trump), rules)


def points_in_trick(plays: Sequence[Sequence[Card]]) -> int:
    """The points in a trick's plays (R1.2), which go to the trick's winner (R8.1)."""
    return trickids.points_in_trick_ids(plays_ids_of(plays))
