"""One collection protocol for legal choices (#18 item 5): the legal plays of a hand and the
legal actions of a state are both a :class:`tuolaji.LegalSet`, and sampling an empty one
raises :class:`tuolaji.NoLegalChoice` (R11)."""

from __future__ import annotations

import random

import pytest

import tuolaji as tl
from tuolaji.state.actions import ListedActions

T = tl.Trump(tl.Rank.TEN, tl.Suit.SPADES)


def test_legal_plays_and_legal_actions_share_one_protocol() -> None:
    state = tl.GameState.new("tuolaji", seed=3)
    rng = random.Random(3)
    while state.phase is not tl.Phase.PLAYING:
        state = state.apply(state.legal_actions().sample(rng))
    plays = state.legal_plays()
    actions = state.legal_actions(state.to_act)
    for choices in (plays, actions, tl.legal_leads(tl.parse_cards("AH AH"), T)):
        assert isinstance(choices, tl.LegalSet)
        listed = list(choices)
        assert len(listed) == len(choices) and bool(choices)
        assert all(choice in choices for choice in listed)
        assert choices.sample(rng) in choices
    assert isinstance(tl.ActionSet, type) and issubclass(tl.ActionSet, tl.LegalSet)


def test_every_empty_set_raises_the_same_error() -> None:
    rng = random.Random(0)
    empties: list[tl.LegalSet[object]] = [
        tl.legal_leads((), T),
        tl.legal_follows(tl.parse_cards("KH"), (), T),
        ListedActions([]),
    ]
    for empty in empties:
        assert len(empty) == 0 and not empty and list(empty) == []
        with pytest.raises(tl.NoLegalChoice, match="^R11: "):
            empty.sample(rng)


def test_no_legal_choice_is_an_illegal_action() -> None:
    assert issubclass(tl.NoLegalChoice, tl.IllegalAction)
    assert issubclass(tl.NoLegalChoice, tl.TuolajiError)


def test_unchecked_leads_know_their_own_sample() -> None:
    hand_ids = [c.id for c in tl.parse_cards("AH AH KH")]
    leads = tl.LegalLeads.unchecked(hand_ids, T.table)
    assert len(leads) == 5
    play = leads.sample(random.Random(1))
    assert leads.is_known_legal(play) and not leads.is_known_legal(tuple(list(play)))
