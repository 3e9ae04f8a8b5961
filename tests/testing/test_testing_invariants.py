"""The invariant checks of tuolaji.testing hold on random deals, and each one fails on a state
that breaks its rule (a check that cannot fail would prove nothing). Also the short soak that
CI runs (issue 14)."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import typing
from collections.abc import Sequence
from pathlib import Path

import attrs
import pytest

import tuolaji as tl
from planted_bugs import plant_follow_check
from tuolaji import GameState, Phase
from tuolaji.testing import (
    InvariantViolation,
    check_apply,
    check_cards,
    check_json_round_trip,
    check_legal_actions,
    check_points,
    check_result,
    check_state,
    check_step,
    check_turn_order,
    check_views,
    random_deal,
    random_rules,
)
from tuolaji.testing.driver import phase_step
from tuolaji.testing.soak import SoakReport, main, rules_for, soak, soak_deal


@pytest.fixture(scope="module")
def deal() -> list[GameState]:
    return random_deal("tuolaji", 3)


def mid_play(states: list[GameState]) -> GameState:
    return next(s for s in states if s.phase is Phase.PLAYING and len(s.tricks) == 5 and s.trick)


@pytest.mark.parametrize("seed", range(4))
def test_random_deals_keep_every_invariant(seed: int) -> None:
    """Every state of random deals (presets and custom rules) passes every check."""
    rng = random.Random(seed)
    states = random_deal(random_rules(rng), seed, dealer=None if seed % 2 else seed)
    assert states[-1].result is not None
    for i, state in enumerate(states):
        check_cards(state)
        check_points(state)
        check_turn_order(state)
        check_result(state)
        if i % 25 == 0 or state is states[-1]:
            check_views(state, rng)
            check_legal_actions(state, rng)
    check_json_round_trip(states[-1])


def test_check_cards_catches_a_lost_card(deal: list[GameState]) -> None:
    s = mid_play(deal)
    broken = attrs.evolve(s, hands=(s.hands[0][1:], *s.hands[1:]))
    with pytest.raises(InvariantViolation, match="R1.1"):
        check_cards(broken)


def test_check_points_catches_points_to_the_wrong_team(deal: list[GameState]) -> None:
    s = mid_play(deal)
    with pytest.raises(InvariantViolation, match="R8.1"):
        check_points(attrs.evolve(s, trick_points=s.trick_points + 5))


def test_check_turn_order_catches_a_wrong_leader(deal: list[GameState]) -> None:
    s = mid_play(deal)
    with pytest.raises(InvariantViolation, match="R6.1|R7.1"):
        check_turn_order(attrs.evolve(s, leader=(s.leader + 1) % 4))


def test_check_result_catches_a_wrong_total(deal: list[GameState]) -> None:
    final = deal[-1]
    assert final.result is not None
    wrong = attrs.evolve(final.result, attacker_points=final.result.attacker_points + 5)
    with pytest.raises(InvariantViolation, match="R8"):
        check_result(attrs.evolve(final, result=wrong))
    nxt = (final.result.next_dealer + 1) % 4
    with pytest.raises(InvariantViolation, match="R8|R10.3"):
        check_result(attrs.evolve(final, result=attrs.evolve(final.result, next_dealer=nxt)))


def test_check_views_catches_a_leaky_view(
    deal: list[GameState], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A view that shows the next seat's hand as 'shown' cards leaks hidden cards."""
    s = mid_play(deal)
    check_views(s, strict=True)
    honest = GameState.view

    def leaky(self: GameState, seat: int) -> tl.PlayerView:
        v = honest(self, seat)
        shown = list(v.shown)
        shown[(seat + 1) % 4] = self.hands[(seat + 1) % 4]
        return attrs.evolve(v, shown=tuple(shown))

    monkeypatch.setattr(GameState, "view", leaky)
    with pytest.raises(InvariantViolation, match="secrecy"):
        check_views(s, random.Random(0))


def test_check_json_round_trip_catches_a_lossy_codec(
    deal: list[GameState], monkeypatch: pytest.MonkeyPatch
) -> None:
    s = mid_play(deal)
    honest = GameState.from_json

    def lossy(text: str) -> GameState:
        back = honest(text)
        return attrs.evolve(back, seed=back.seed + 1)

    check_json_round_trip(s)
    monkeypatch.setattr(GameState, "from_json", staticmethod(lossy))
    with pytest.raises(InvariantViolation, match="JSON"):
        check_json_round_trip(s)


def test_check_apply_catches_a_mutating_apply(
    deal: list[GameState], monkeypatch: pytest.MonkeyPatch
) -> None:
    s = GameState.from_json(mid_play(deal).to_json())  # a copy: the bad apply mutates it
    action = s.legal_actions().sample(random.Random(0))
    assert check_apply(s, action, deep=True) is not None
    honest = GameState.apply

    def mutating(self: GameState, act: tl.Action) -> GameState:
        after = honest(self, act)
        object.__setattr__(self, "events", self.events[:-1])
        return after

    monkeypatch.setattr(GameState, "apply", mutating)
    with pytest.raises(InvariantViolation, match="immutability"):
        check_apply(s, action)


def test_check_apply_catches_a_refused_legal_action(
    deal: list[GameState], monkeypatch: pytest.MonkeyPatch
) -> None:
    s = mid_play(deal)
    action = s.legal_actions().sample(random.Random(0))

    def refuse(self: GameState, act: tl.Action) -> GameState:
        raise tl.IllegalAction("R7.2", "refused")

    monkeypatch.setattr(GameState, "apply", refuse)
    with pytest.raises(InvariantViolation, match="listed as legal"):
        check_apply(s, action)


def test_check_step_catches_rewritten_history(deal: list[GameState]) -> None:
    s = mid_play(deal)
    action = s.legal_actions().sample(random.Random(0))
    after = s.apply(action)
    check_step(s, action, after)
    with pytest.raises(InvariantViolation, match="events"):
        check_step(s, action, attrs.evolve(after, events=after.events[1:]))


def test_check_state_runs_everything(deal: list[GameState]) -> None:
    check_state(deal[-1])
    with pytest.raises(InvariantViolation):
        check_state(attrs.evolve(deal[-1], trick_points=deal[-1].trick_points + 5))


# --- the soak ---------------------------------------------------------------------------


def test_short_soak_finds_no_violation() -> None:
    """CI's short soak: every preset and custom rules, zero violations (the round trips of
    every state are the next test's)."""
    report = soak(25, seed=1000, round_trips=False)
    assert isinstance(report, SoakReport)
    assert report.deals == 25 and report.actions > 25 * 150
    assert report.violations == ()
    assert "25 deals" in str(report) and "0 invariant violations" in str(report)


def theft_rules(seed: int) -> tl.Rules:
    """Random custom rules (R12) with the kitty theft of R5.2 (炒地皮) and a kitty to steal."""
    drawn = random_rules(random.Random(seed))
    size = drawn.kitty_size or 8
    return attrs.evolve(drawn, kitty_theft="every_deal", counter_bids=False, kitty_size=size)


def test_r5_2_kitty_theft_soak_with_random_rules() -> None:
    """The soak's checks (every state read back for a third of the deals) over deals of
    random rules with kitty theft, first deals and later ones; the random walk steals in some
    of them (more than one burial) as the soak's driver walks them."""
    for seed in range(9):
        soak_deal(theft_rules(seed), seed, round_trips=seed % 3 == 0)
    stolen = 0
    for seed in range(40):
        rng = random.Random(seed)
        state = GameState.new(theft_rules(seed), seed, dealer=seed % 4, deal_number=1)
        while state.phase is not Phase.FINISHED and not state.counters:
            state = phase_step(state, rng)
        stolen += state.counters > 0
    assert stolen


def test_a_short_soak_reads_back_every_state() -> None:
    # Issue 33: every state visited round-trips through JSON and the position text, under
    # every preset and custom rules (seeds 1000-1004: the four presets, then custom rules).
    report = soak(5, seed=1000)
    assert report.violations == ()
    assert report.actions > 5 * 150


@pytest.mark.parametrize("size", [0, 4])
def test_r4_1_the_soak_of_each_kitty_size_finds_no_violation(size: int) -> None:
    """R4.1: random deals with a kitty of 4 and none under each preset (joined as Rules
    requires: no counter round without a kitty, the turned card within the kitty) pass every
    invariant; the first of each is read back at every state. The custom rules of the soak
    draw kitty_size too (see the next test)."""
    for seed, preset in enumerate(tl.RULESETS.values()):
        changes: dict[str, object] = {"kitty_size": size}
        if not size:
            changes["counter_bids"] = False
        elif isinstance(preset.no_bid_reveal, int):
            changes["no_bid_reveal"] = min(preset.no_bid_reveal, size - 1)
        rules = attrs.evolve(preset, **changes)  # type: ignore[arg-type]
        assert soak_deal(rules, 40 + seed, round_trips=seed == 0) > 100


def test_soak_rules_cover_presets_and_custom_rules() -> None:
    round_ = len(tl.RULESETS) + 1
    names = {rules_for(seed)[0] for seed in range(2 * round_)}
    assert names == {*tl.RULESETS, "custom"}
    # R4.1: the custom rules draw every kitty size.
    customs = range(round_ - 1, 80 * round_, round_)
    assert {rules_for(seed)[0] for seed in customs} == {"custom"}
    assert {rules_for(seed)[1].kitty_size for seed in customs} == {0, 4, 8}


def follows_suit_only(
    lead: Sequence[tl.Card],
    hand: Sequence[tl.Card],
    cards: Sequence[tl.Card],
    trump: tl.Trump,
    **house_rules: object,
) -> None:
    """A wrong follow check that forgets R7.3 (and even R7.2): any cards are accepted."""


def test_soak_reports_a_planted_bug(monkeypatch: pytest.MonkeyPatch) -> None:
    plant_follow_check(monkeypatch, follows_suit_only)
    report = soak(3, seed=0)
    assert len(report.violations) == 3
    assert "legal_actions does not list" in report.violations[0]
    with pytest.raises(InvariantViolation):
        soak_deal(*rules_for(0)[1:], 0)


def test_soak_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--deals", "2", "--seed", "5", "--no-round-trips"]) == 0
    assert "2 deals" in capsys.readouterr().out
    with pytest.raises(SystemExit):
        main(["--deals", "0"])


def test_the_checks_need_no_hypothesis() -> None:
    """tuolaji.testing's checks, decks, random play and soak import without hypothesis; the
    strategies and machines say what is missing when used."""
    code = (
        "import sys; sys.modules['hypothesis'] = None\n"
        "import tuolaji.testing as t\n"
        "from tuolaji.testing.soak import soak\n"
        "t.check_state(t.random_deal('shuangsheng', 2)[-1])\n"
        "assert soak(1).violations == ()\n"
        "try:\n    t.DealMachine\nexcept ImportError:\n    print('ok')\n"
    )
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2] / "src")}
    done = subprocess.run(
        [sys.executable, "-c", code], check=False, env=env, capture_output=True, text=True
    )
    assert done.returncode == 0 and done.stdout.strip() == "ok", done.stderr[-2000:]


def test_random_rules_draw_every_value_of_every_choice_field() -> None:
    """The testing kit's random rules (R12) reach every value of each ``Literal`` field, the
    trick house rules (follow_draw R7.3, ruff_shape R7.4, throw_ruff R7.5) among them, so the
    soak and the invariant tests play them all."""
    hints = typing.get_type_hints(tl.Rules)
    choices = {
        f.name: set(typing.get_args(hints[f.name]))
        for f in attrs.fields(tl.Rules)
        if typing.get_origin(hints[f.name]) is typing.Literal
    }
    assert {"follow_draw", "ruff_shape", "throw_ruff"} <= set(choices)
    rng = random.Random(21)
    seen: dict[str, set[object]] = {name: set() for name in choices}
    for _ in range(600):
        rules = random_rules(rng)
        for name in choices:
            seen[name].add(getattr(rules, name))
    assert seen == choices


def json_without_passes(self: tl.GameState) -> str:
    """A broken writer: the passes of the round are always written as 0."""
    data = json.loads(ORIGINAL_TO_JSON(self))
    data["passes"] = 0
    return json.dumps(data)


ORIGINAL_TO_JSON = tl.GameState.to_json


def test_the_soak_round_trips_every_state_through_json(monkeypatch: pytest.MonkeyPatch) -> None:
    # Issue 33: a state with passes > 0 exists only mid-round (R4.1, R5.2), never at a
    # deal's end: only a check of every state sees the broken writer.
    monkeypatch.setattr(tl.GameState, "to_json", json_without_passes)
    with pytest.raises(InvariantViolation, match="JSON"):
        soak_deal(*rules_for(1)[1:], 1)
    assert soak(2, seed=1).violations


def test_the_soak_round_trips_every_state_through_text(monkeypatch: pytest.MonkeyPatch) -> None:
    original = tl.GameState.to_text

    def text_of_the_first_turn(self: tl.GameState) -> str:
        return (
            original(attrs.evolve(self, turn=0))
            if self.phase is tl.Phase.CLOSING
            else original(self)
        )

    monkeypatch.setattr(tl.GameState, "to_text", text_of_the_first_turn)
    with pytest.raises(InvariantViolation, match="to_text|from_text"):
        soak_deal(*rules_for(1)[1:], 1)
