"""The second speed pass's shortcuts give the answers of the plain paths (issue 11).

Iterated plays are known legal; follows listed as ids are the follows listed as cards; the
trick winner folded one challenge at a time is :func:`trick_winner_ids`; the throw verdict
on a described lead is :func:`check_throw_ids`; the throw penalty still checks its seats.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

import tuolaji as tl
from positions import play_states
from tuolaji import GameState
from tuolaji.core.rules import FORCED_UNIT_ORDERS, Rules
from tuolaji.core.scoring import net_throw_penalty
from tuolaji.core.trickids import (
    challenge,
    check_throw_ids,
    lead_info_ids,
    throw_verdict,
    trick_winner_ids,
    winner_so_far,
)

C = tl.parse_cards


@pytest.mark.parametrize("preset", list(tl.RULESETS))
def test_iterated_plays_are_known_legal_and_play_as_checked_copies(preset: str) -> None:
    checked = 0
    for s in play_states(preset, 7):
        plays = s.legal_plays()
        if len(plays) > 400:
            continue
        listed = list(plays)
        assert len(listed) == len(plays)
        last = listed[-1]
        assert plays.is_known_legal(last)
        assert not plays.is_known_legal(tuple(list(last)))
        assert s.play(s.to_act, last) == s.play(s.to_act, tuple(list(last)))
        checked += 1
    assert checked > 50


@pytest.mark.parametrize("preset", list(tl.RULESETS))
def test_follows_listed_as_ids_are_the_follows_listed_as_cards(preset: str) -> None:
    compared = 0
    for s in play_states(preset, 3):
        if not s.trick:
            continue
        plays = s.legal_plays()
        if len(plays) > 400:
            continue
        assert isinstance(plays, tl.LegalFollows)
        as_ids = [tuple(ids) for ids in plays.iter_ids()]
        assert as_ids == [tuple(c.id for c in p) for p in plays]
        compared += 1
    assert compared > 50


def _tricks(preset: str, seed: int) -> Iterator[tuple[GameState, list[list[int]]]]:
    for s in play_states(preset, seed):
        if s.trick:
            yield s, [[c.id for c in p] for p in s.trick]


@pytest.mark.parametrize("preset", list(tl.RULESETS))
def test_winner_folded_by_challenges_is_the_trick_winner(preset: str) -> None:
    for s in play_states(preset, 5):
        if len(s.trick) < 2:
            continue
        assert s.trump is not None
        table = s.trump.table
        plays = [[c.id for c in p] for p in s.trick]
        lead = lead_info_ids(plays[0], table)
        best = winner_so_far(lead, plays, table, s.rules)
        assert best[0] == trick_winner_ids(plays, table, s.rules)
        step = winner_so_far(lead, plays[:-1], table, s.rules)
        assert challenge(lead, step, len(plays) - 1, plays[-1], table, s.rules) == best


def test_a_play_of_the_wrong_size_still_names_r7_1() -> None:
    table = tl.Trump(tl.Rank.TEN, tl.Suit.SPADES).table
    lead = lead_info_ids([c.id for c in C("KH KH")], table)
    with pytest.raises(tl.IllegalAction) as info:
        challenge(lead, (0, lead.key, False), 1, [C("QH")[0].id], table, Rules())
    assert info.value.rule == "R7.1"


@pytest.mark.parametrize("forced_unit", FORCED_UNIT_ORDERS)
def test_throw_verdict_is_check_throw_ids(forced_unit: str) -> None:
    rng = random.Random(11)
    failed = 0
    for preset in tl.RULESETS:
        for s in play_states(preset, 2):
            if s.trick:
                continue
            assert s.trump is not None
            table = s.trump.table
            for _ in range(5):
                lead = [c.id for c in s.legal_plays().sample(rng)]
                others = [list(s.hand_card_ids((s.turn + i) % 4)) for i in (1, 2, 3)]
                info = lead_info_ids(lead, table)
                rules = Rules(forced_unit=forced_unit)  # type: ignore[arg-type]
                got = throw_verdict(info, others, table, rules)
                want = check_throw_ids(lead, others, table, rules)
                assert got[0] == want[0] and got[2] == want[2]
                assert got[1] == (want[1] if not want[0] else info.ids)
                failed += not got[0]
    assert failed > 20


def test_throw_penalty_counts_and_still_checks_seats() -> None:
    rules = Rules()
    p = rules.throw_penalty
    assert net_throw_penalty([0, 1, 1, 2, 3], 0, rules) == -p
    assert net_throw_penalty(iter([0, 2]), 1, rules) == -2 * p
    assert net_throw_penalty([], 3, rules) == 0
    for bad in (5, True, 1.0, "a", [1]):
        with pytest.raises(tl.IllegalAction) as info:
            net_throw_penalty([0, bad], 0, rules)  # type: ignore[list-item]
        assert info.value.rule == "R1.3"
