"""The third speed pass's shortcuts give the answers of the plain paths (issue 11).

A play reads the hand's ids and the lead's description from its state's legal plays; a
known legal play is not read again; played cards are logged as a tuple until the event is read;
the throw verdict works out no pairs when a single fails the throw; ``replace_hand`` builds
the four hands without a list.
"""

from __future__ import annotations

import pickle
import random

import attrs
import pytest

import tuolaji as tl
from positions import play_states
from reference import ref_check_throw
from tuolaji import GameState, Phase
from tuolaji.core.rules import FORCED_UNIT_ORDERS
from tuolaji.core.scoring import net_throw_penalty
from tuolaji.core.trickids import lead_info_ids, throw_verdict
from tuolaji.core.tricks import points_in_trick
from tuolaji.state.actions import Played, replace_hand
from tuolaji.state.eventlog import EMPTY_LOG, EventLog

C = tl.parse_cards


@pytest.mark.parametrize("preset", list(tl.RULESETS))
def test_play_context_holds_what_the_plays_were_built_from(preset: str) -> None:
    table_checked = 0
    for s in play_states(preset, 11):
        plays = s.legal_plays()
        known = s._known_play_context()
        assert known is not None
        same, held, lead = known
        assert same is plays
        assert held == tuple(c.id for c in s.hands[s.turn])
        assert s.trump is not None
        if s.trick:
            assert lead == lead_info_ids([c.id for c in s.trick[0]], s.trump.table)
            assert lead == s._lead_info()
            table_checked += 1
        else:
            assert lead is None
    assert table_checked > 30


@pytest.mark.parametrize("preset", list(tl.RULESETS))
def test_known_legal_and_copied_plays_give_equal_states(preset: str) -> None:
    """The fast path (a sampled tuple, known legal) and the plain path (an equal copy, read by
    as_cards and checked; card notation) reach equal states with equal logs."""
    for s in play_states(preset, 5):
        play = s.legal_plays().sample(random.Random(len(s.events)))
        fast = s.play(s.to_act, play)
        plain = s.play(s.to_act, list(play))
        text = s.play(s.to_act, " ".join(str(c) for c in play))
        assert fast == plain == text
        assert tuple(fast.events) == tuple(plain.events) == tuple(text.events)
        assert fast.events[-1] == plain.events[-1]


def test_cards_are_read_before_the_phase_is_checked() -> None:
    s = GameState.new("tuolaji", seed=1)
    with pytest.raises(tl.InvalidCards):
        s.play(0, "not cards")
    with pytest.raises(tl.IllegalAction, match="R6.1"):
        s.play(0, "AS")


def test_a_lazily_logged_play_reads_as_the_event() -> None:
    cards = C("AS AS")
    eager = EMPTY_LOG.add(Played(1, cards))
    lazy = EMPTY_LOG.add_played(1, cards)
    assert lazy == eager and eager == lazy
    assert lazy == (Played(1, cards),)
    assert hash(lazy) == hash(eager)
    assert lazy.last == Played(1, cards) and lazy[0] == Played(1, cards)
    assert lazy.last is lazy.last  # made once, then kept
    assert list(reversed(lazy)) == [Played(1, cards)]
    assert repr(lazy) == repr(eager)
    assert pickle.loads(pickle.dumps(lazy)) == eager
    longer = lazy.add_played(2, C("3D 3D"))
    assert longer != eager.add(Played(2, C("3D 4D")))
    assert longer == eager.add(Played(2, C("3D 3D")))
    assert EventLog(tuple(longer)) == longer


@pytest.mark.parametrize("preset", list(tl.RULESETS))
def test_logs_of_a_deal_are_the_events_of_the_plain_path(preset: str) -> None:
    """Every play of a deal reads from the log as the Played event of its trick's play."""
    s = list(play_states(preset, 3))[-1]
    s = s.play(s.to_act, s.legal_plays().sample(random.Random(0)))
    assert s.phase is Phase.FINISHED
    played = [e for e in s.events if isinstance(e, Played)]
    expected = [Played((t.leader + i) % 4, p) for t in s.tricks for i, p in enumerate(t.plays)]
    assert played == expected and len(played) == 4 * len(s.tricks)


def test_replace_hand_matches_the_plain_replacement() -> None:
    hands = (C("AS"), C("KS"), C("QS"), C("JS"))
    new = C("2D")
    for seat in range(4):
        plain = list(hands)
        plain[seat] = new
        assert replace_hand(hands, seat, new) == tuple(plain)


def test_trick_points_on_cards_and_ids_agree() -> None:
    plays = [C("5D KD"), C("TD 3D"), C("2S 4S"), C("KH 5H")]
    assert points_in_trick(plays) == 5 + 10 + 10 + 10 + 5


@pytest.mark.parametrize("forced_unit", FORCED_UNIT_ORDERS)
def test_throw_verdict_matches_the_reference_on_deals(forced_unit: str) -> None:
    """On the multi-unit leads the deals offer, the verdict (which drops the unbeatable
    units before sorting and skips the pairs when a single fails the throw) is R6.3/R6.4
    read literally (tests/reference.py)."""
    rng = random.Random(4)
    compared = failed = 0
    for seed in range(6):
        for s in play_states("tuolaji", seed):
            if s.trick or s.trump is None:
                continue
            table = s.trump.table
            seat = s.turn
            hands = [s.hands[(seat + i) % 4] for i in (1, 2, 3)]
            others = [tuple(c.id for c in h) for h in hands]
            plays = s.legal_plays()
            for _ in range(5):
                lead = plays.sample(rng)
                info = lead_info_ids([c.id for c in lead], table)
                if len(info.units) < 2:
                    continue
                rules = tl.Rules(forced_unit=forced_unit)  # type: ignore[arg-type]
                ok, forced, beaten = throw_verdict(info, others, table, rules)
                ref = ref_check_throw(lead, hands, s.trump, forced_unit)
                assert (ok, tuple(sorted(forced)), beaten) == ref
                compared += 1
                failed += not ok
    assert compared > 100 and 0 < failed < compared


def test_remembered_throw_penalty_follows_the_dealer_and_the_rules() -> None:
    """The penalty remembered for a failed-throws tuple is recomputed when the same tuple
    is asked for with another dealer or other rules (R6.5)."""
    s = next(iter(play_states("tuolaji", 2)))
    failed = (0, 0, 1)
    as_dealer = {d: s._advanced(dealer=d, failed_throws=failed) for d in range(4)}
    for d, state in as_dealer.items():
        want = state.trick_points + net_throw_penalty(failed, d, state.rules)
        assert state.attacker_points == want
    assert as_dealer[0].attacker_points != as_dealer[1].attacker_points
    other = s._advanced(
        dealer=0, failed_throws=failed, rules=attrs.evolve(s.rules, throw_penalty=20)
    )
    assert other.attacker_points == other.trick_points + 20
    with pytest.raises(tl.IllegalAction, match="R1.3"):
        _ = s._advanced(failed_throws=(0, 7)).attacker_points
