"""Values derived from the engine's own immutable objects, remembered by identity (hot paths).

A state's hands and the current trick's lead are tuples that live through several
decisions: the legal plays of a seat and its play both read the seat's hand as card ids,
and the three follows of a trick all read the lead's description. A state's legal plays
are asked for by a bot and then checked again when it plays. Tuples and states are
immutable, so what is derived from one object never changes; these small caches map an
object (by identity, holding a reference so that the identity cannot be reused while the
entry lives) to what was derived from it. They only save work: every answer is the one a
fresh computation gives.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tuolaji.core.cards import Card
from tuolaji.core.legal import LegalPlays
from tuolaji.core.rules import Rules
from tuolaji.core.scoring import net_throw_penalty
from tuolaji.core.trickids import LeadInfo, lead_info_ids
from tuolaji.core.trump import TrumpTable

if TYPE_CHECKING:
    from tuolaji.state.gamestate import GameState

__all__ = [
    "IDS",
    "IDS_LIMIT",
    "PLAYS",
    "PLAYS_LIMIT",
    "card_ids",
    "known_decision",
    "known_plays",
    "lead_info",
    "remember_ids",
    "remember_lead",
    "remember_plays",
    "throw_penalty_of",
]

# Small on purpose: a deal in progress needs only a few live entries (four hands, the
# lead, the latest state), and every entry keeps objects alive for the garbage collector
# to walk. IDS and PLAYS are read directly by state.py and playing.py on the hottest path
# (a function call per look-up measured slower); every other user goes through the helpers.
IDS_LIMIT = 64
_LEADS_LIMIT = 16
PLAYS_LIMIT = 8

IDS: dict[int, tuple[tuple[Card, ...], tuple[int, ...]]] = {}
_LEADS: dict[int, tuple[tuple[Card, ...], TrumpTable, LeadInfo]] = {}
Decision = tuple["GameState", LegalPlays, tuple[int, ...], LeadInfo | None]
"""What a state's legal plays were built from: ``(state, plays, the seat's hand as ids, the
trick's lead described, or None before the lead)``; its play reads them again."""

PLAYS: dict[int, Decision] = {}
_PENALTIES: dict[int, tuple[tuple[int, ...], int, Rules, int]] = {}


def card_ids(cards: tuple[Card, ...]) -> tuple[int, ...]:
    """The ids of ``cards`` (a tuple of :class:`~tuolaji.Card`), in order."""
    hit = IDS.get(id(cards))
    if hit is not None and hit[0] is cards:
        return hit[1]
    ids = tuple([c.id for c in cards])
    remember_ids(cards, ids)
    return ids


def remember_ids(cards: tuple[Card, ...], ids: tuple[int, ...]) -> None:
    """Record that ``ids`` are the ids of ``cards`` (when the caller derived them anyway)."""
    if len(IDS) >= IDS_LIMIT:
        IDS.clear()
    IDS[id(cards)] = (cards, ids)


def lead_info(lead: tuple[Card, ...], table: TrumpTable) -> LeadInfo:
    """:func:`~tuolaji.core.tricks.lead_info_ids` of the cards ``lead`` under ``table``."""
    hit = _LEADS.get(id(lead))
    if hit is not None and hit[0] is lead and hit[1] is table:
        return hit[2]
    info = lead_info_ids(card_ids(lead), table)
    remember_lead(lead, table, info)
    return info


def remember_lead(lead: tuple[Card, ...], table: TrumpTable, info: LeadInfo) -> None:
    """Record that ``info`` describes the cards ``lead`` under ``table``."""
    if len(_LEADS) >= _LEADS_LIMIT:
        _LEADS.clear()
    _LEADS[id(lead)] = (lead, table, info)


def known_plays(state: GameState) -> LegalPlays | None:
    """The legal plays built for ``state`` (this very object) lately, if any."""
    hit = PLAYS.get(id(state))
    if hit is not None and hit[0] is state:
        return hit[1]
    return None


def known_decision(state: GameState) -> Decision | None:
    """The legal plays built for ``state`` lately with what they were built from (see
    :data:`Decision`), if any: one look-up gives the play of that state all three."""
    hit = PLAYS.get(id(state))
    if hit is not None and hit[0] is state:
        return hit
    return None


def remember_plays(
    state: GameState,
    plays: LegalPlays,
    held: tuple[int, ...] | None = None,
    lead: LeadInfo | None = None,
) -> None:
    """Record ``plays`` as the legal plays of ``state``, built from the seat's hand as ids
    ``held`` (None: derived here) and the described lead ``lead`` (None before the lead)."""
    if held is None:
        held = card_ids(state.hands[state.turn])
    if len(PLAYS) >= PLAYS_LIMIT:
        PLAYS.clear()
    PLAYS[id(state)] = (state, plays, held, lead)


def throw_penalty_of(failed_throws: tuple[int, ...], dealer: int, rules: Rules) -> int:
    """:func:`~tuolaji.core.scoring.net_throw_penalty` of a state's failed throws: the tuple lives
    through the tricks until the next failed throw, and every view asks for it."""
    hit = _PENALTIES.get(id(failed_throws))
    if hit is not None and hit[0] is failed_throws and hit[1] == dealer and hit[2] is rules:
        return hit[3]
    penalty = net_throw_penalty(failed_throws, dealer, rules)
    if len(_PENALTIES) >= PLAYS_LIMIT:
        _PENALTIES.clear()
    _PENALTIES[id(failed_throws)] = (failed_throws, dealer, rules, penalty)
    return penalty
