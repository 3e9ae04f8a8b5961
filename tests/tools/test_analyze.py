"""The analysis of a recorded deal (issue 32, item 5): ``tuolaji analyze RECORD`` and
`tuolaji.tools.analysis`.

Checked against a brute-force evaluation on small endgames: where every play after the
decision is forced (one card left in every hand), each sampled world's result is the
attackers' final points (R8) of that world, computed here from ``GameState.play`` alone, so
the review's means must be the mean over some worlds consistent with the seat's view (the
same worlds for both plays); where only one world fits the view (R7.2 voids pin every hidden
card), they are that world's points exactly. Secrecy: swapping the other seats' hidden cards
leaves a decision's review unchanged.
"""

from __future__ import annotations

import io
import itertools
import json
import os
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import tuolaji as tl
from hostile import call_refusing_only_typed_errors, hostile_arguments
from tuolaji import GameState, Play
from tuolaji.bots.contract import choose_bid, choose_burial
from tuolaji.core.cards import parse_cards
from tuolaji.core.scoring import team_of
from tuolaji.state.actions import ListedActions
from tuolaji.tools.analysis import (
    ContractReview,
    DealAnalysis,
    PlayReview,
    analyze_deal,
    analyze_game,
    review_contract,
    review_play,
)
from tuolaji.tools.cli import main


def seat_plays(game: tl.Game, seat: int | None, deal: int = 0) -> list[tuple[GameState, Play]]:
    """The states where ``seat`` (None: any seat) played in ``deal`` (from 0), with its play."""
    state, out = game.starts[deal], []
    for action in game.actions[deal]:
        if isinstance(action, Play) and seat in (None, action.seat):
            out.append((state, action))
        state = state.apply(action)
    return out


def played_deal(seed: int = 5) -> tl.Game:
    """One deal: greedy seats 0 and 2 against random seats 1 and 3 (who make mistakes and
    failed throws, R6.4)."""
    game = tl.Game("tuolaji", seed)
    game.play_deal([tl.GreedyBot(0), tl.RandomBot(1), tl.GreedyBot(2), tl.RandomBot(3)])
    return game


@pytest.fixture(scope="module")
def game() -> tl.Game:
    return played_deal()


# --- brute force on small endgames ------------------------------------------------------------


def forced_finish(state: GameState) -> int:
    """The attackers' final points (R8) when every seat holds at most one card: each play is
    forced, made with ``GameState.play``."""
    while state.result is None:
        seat = state.turn
        assert len(state.hands[seat]) == 1, "the rest of the deal is not forced"
        state = state.play(seat, state.hands[seat])
    return state.attacker_points


def voids(view: tl.PlayerView) -> dict[int, set[int]]:
    """The effective suits each seat is known to lack (R7.2): it followed a lead with fewer
    cards of the led suit than the lead held."""
    trump = view.trump
    assert trump is not None
    lacking: dict[int, set[int]] = {s: set() for s in range(4)}
    tricks = [(t.leader, t.plays) for t in view.tricks] + [(view.leader, view.trick)]
    for leader, plays in tricks:
        if not plays:
            continue
        led = trump.effective_suit(plays[0][0])
        for i, cards in enumerate(plays[1:], start=1):
            if sum(trump.effective_suit(c) == led for c in cards) < len(plays[0]):
                lacking[(leader + i) % 4].add(led)
    return lacking


def consistent_worlds(state: GameState, seat: int) -> list[GameState]:
    """Every full state the seat's view allows when each other seat holds one card: the hidden
    cards (the other hands, and the kitty unless the seat buried it) dealt one to each other
    seat in every way, the rest to the kitty, no seat holding a suit it is void in."""
    view = state.view(seat)
    trump = view.trump
    assert trump is not None
    others = [s for s in range(4) if s != seat]
    assert all(len(state.hands[s]) == 1 for s in others)
    kitty_hidden = view.kitty is None
    pool = [c for s in others for c in state.hands[s]] + (list(state.kitty) if kitty_hidden else [])
    lacking = voids(view)
    worlds, seen = [], set()
    for picked in itertools.permutations(range(len(pool)), 3):
        cards = [pool[i] for i in picked]
        key = tuple(c.id for c in cards)
        if key in seen or any(
            trump.effective_suit(c) in lacking[s] for s, c in zip(others, cards, strict=True)
        ):
            continue
        seen.add(key)
        hands = [tuple(state.hands[s]) for s in range(4)]
        for s, c in zip(others, cards, strict=True):
            hands[s] = (c,)
        kitty = tuple(pool[i] for i in range(len(pool)) if i not in picked)
        world = GameState.from_view(
            view, hands=hands, kitty=kitty if kitty_hidden else state.kitty, deck=(), seed=0
        )
        assert world.view(seat) == view
        worlds.append(world)
    return worlds


def means_fit_some_worlds(
    review: PlayReview, worlds: list[GameState], count: int, plays: list[Play]
) -> bool:
    """Whether ``count`` of ``worlds`` (repeats allowed) have exact results whose means are
    the review's points for ``plays`` (the play made, then the preferred play if it differs)."""
    seat = review.seat
    outcomes = [tuple(forced_finish(w.play(seat, p.cards)) for p in plays) for w in worlds]
    target = (review.made_points, review.preferred_points)[: len(plays)]
    totals = tuple(round(m * count) for m in target)
    assert all(abs(t - m * count) < 1e-9 for t, m in zip(totals, target, strict=True))
    for chosen in itertools.combinations_with_replacement(range(len(outcomes)), count - 1):
        rest = tuple(t - sum(outcomes[i][j] for i in chosen) for j, t in enumerate(totals))
        if rest in set(outcomes):
            return True
    return False


def endgame_decisions(seeds: range) -> list[tuple[GameState, int]]:
    """Positions of recorded deals (greedy seats 0 and 2, random seats 1 and 3) where a seat
    plays last to the next-to-last trick with two cards and two legal plays: after its play
    every play is forced."""
    found = []
    for seed in seeds:
        game = played_deal(seed)
        for state, play in seat_plays(game, None):
            seat = play.seat
            hand = state.hands[seat]
            if len(state.trick) == 3 and len(hand) == 2 and len(state.legal_plays()) == 2:
                found.append((state, seat))
    return found


@pytest.fixture(scope="module")
def endgames() -> list[tuple[GameState, int]]:
    found = endgame_decisions(range(12))
    assert len(found) >= 6
    return found[:6]


@pytest.mark.parametrize("worlds", [1, 2, 3])
def test_r8_the_means_are_exact_points_of_worlds_the_view_allows(
    endgames: list[tuple[GameState, int]], worlds: int
) -> None:
    """Both plays' means are the attackers' exact final points (R8, the kitty and its
    multiplier included, R8.2) averaged over the same ``worlds`` worlds consistent with the
    seat's view (the hidden kitty too, for a seat that did not bury it)."""
    checked = 0
    for state, seat in endgames:
        view, actions = state.view(seat), state.legal_actions(seat)
        every = consistent_worlds(state, seat)
        assert state in every or any(w.hands == state.hands for w in every)
        for cards in state.legal_plays():
            made = Play(seat, cards)
            review = review_play(view, actions, made, worlds=worlds, seed=checked)
            plays = [made] if review.agrees else [made, Play(seat, review.preferred)]
            assert means_fit_some_worlds(review, every, worlds, plays), (state, review)
            checked += 1
    assert checked == 12


def test_the_brute_force_check_can_fail(endgames: list[tuple[GameState, int]]) -> None:
    """The check above rejects means that no worlds give (a review a few points off)."""
    state, seat = endgames[0]
    view, actions = state.view(seat), state.legal_actions(seat)
    made = Play(seat, next(iter(state.legal_plays())))
    review = review_play(view, actions, made, worlds=1)
    plays = [made] if review.agrees else [made, Play(seat, review.preferred)]
    every = consistent_worlds(state, seat)
    assert means_fit_some_worlds(review, every, 1, plays)
    off = attrs.evolve(review, made_points=review.made_points + 5)
    assert not means_fit_some_worlds(off, every, 1, plays)


@pytest.fixture(scope="module")
def one_world_endgames() -> list[tuple[GameState, int]]:
    """The first three positions of `endgame_decisions` where the dealer plays and one world
    fits its view."""
    found = []
    for seed in range(400):
        for state, seat in endgame_decisions(range(seed, seed + 1)):
            if seat == state.dealer and len(consistent_worlds(state, seat)) == 1:
                found.append((state, seat))
        if len(found) >= 3:
            return found[:3]
    raise AssertionError("no endgame where one world fits")  # pragma: no cover


@pytest.mark.parametrize("index", range(3))
@pytest.mark.parametrize("worlds", [1, 5])
def test_r7_2_when_voids_pin_every_card_the_evaluation_is_that_world_exactly(
    one_world_endgames: list[tuple[GameState, int]], index: int, worlds: int
) -> None:
    """The dealer plays last to the next-to-last trick: it knows the kitty (it buried it,
    R5.1), each other seat holds one card, and the voids its partners and opponents showed
    (R7.2) leave one place for each. Then every sampled world is the deal itself, and both
    plays' means are the points the deal would end with after each, played out here card by
    card: the review's cost is their difference for the dealer's side."""
    state, seat = one_world_endgames[index]
    seed = index
    assert seat == state.dealer
    view, actions = state.view(seat), state.legal_actions(seat)
    plays = [Play(seat, cards) for cards in state.legal_plays()]
    exact = [float(forced_finish(state.play(seat, p.cards))) for p in plays]
    assert tl.BestBot(seed, budget=worlds * len(plays)).evaluate(view, plays) == exact
    for made in plays:
        review = review_play(view, actions, made, worlds=worlds, seed=seed)
        points = dict(zip((p.cards for p in plays), exact, strict=True))
        assert review.made_points == points[made.cards]
        assert review.preferred_points == points[review.preferred]
        # The dealer is a declarer: fewer attackers' points is better for it (R8).
        assert review.cost == (
            0.0 if review.agrees else review.made_points - review.preferred_points
        )


# --- analyze_deal on records ---------------------------------------------------------------------


@pytest.mark.parametrize("seat", range(4))
def test_the_reviews_are_the_seat_s_plays_in_order(game: tl.Game, seat: int) -> None:
    analysis = analyze_deal(game, seat, worlds=1)
    made = seat_plays(game, seat)
    assert [r.made for r in analysis.reviews] == [p.cards for _, p in made]
    assert [r.trick for r in analysis.reviews] == [len(s.tricks) + 1 for s, _ in made]
    dealer = game.state.dealer
    assert dealer is not None and analysis.attacking == (team_of(seat) != team_of(dealer))
    for review, (state, _) in zip(analysis.reviews, made, strict=True):
        assert review.forced == (len(state.legal_actions(seat)) == 1)
        if review.forced:
            assert review.agrees and review.cost == 0.0
        sign = 1 if analysis.attacking else -1
        cost = 0.0 if review.agrees else sign * (review.preferred_points - review.made_points)
        assert review.cost == cost and review.flagged == (review.cost > analysis.threshold)


def test_each_review_is_review_play_on_the_seat_s_view(game: tl.Game) -> None:
    analysis = analyze_deal(game, 1, worlds=2, seed=9)
    for review, (state, play) in zip(analysis.reviews, seat_plays(game, 1), strict=True):
        alone = review_play(state.view(1), state.legal_actions(1), play, worlds=2, seed=9)
        assert alone == review


def test_the_analysis_is_deterministic_and_reads_records_as_text_bytes_or_data(
    game: tl.Game,
) -> None:
    text = tl.write_record(game)
    first = analyze_deal(game, 3, worlds=2, seed=4)
    assert analyze_deal(text, 3, worlds=2, seed=4) == first
    assert analyze_deal(text.encode(), 3, worlds=2, seed=4) == first
    assert analyze_deal(json.loads(text), 3, worlds=2, seed=4) == first
    assert analyze_game(text, 3, worlds=2, seed=4) == (first,)


def test_the_threshold_only_moves_the_flags(game: tl.Game) -> None:
    low = analyze_deal(game, 1, worlds=2, threshold=0)
    high = analyze_deal(game, 1, worlds=2, threshold=1000)
    assert [r.cost for r in low.reviews] == [r.cost for r in high.reviews]
    assert not high.flagged
    assert low.flagged == tuple(r for r in low.reviews if r.cost > 0)


@pytest.mark.slow
def test_r8_random_seats_are_flagged_more_often_than_greedy_ones() -> None:
    """The random seats (1 and 3) give away points that best keeps far more often than the
    greedy seats (0 and 2): over two deals they have more flagged plays, and more than a few."""
    flagged = {"greedy": 0, "random": 0}
    for seed in (5, 6):
        game = played_deal(seed)
        for seat in range(4):
            analysis = analyze_deal(game, seat, worlds=32)
            flagged["greedy" if seat % 2 == 0 else "random"] += len(analysis.flagged)
    assert flagged["random"] >= 6 and flagged["random"] > 2 * flagged["greedy"]


# --- secrecy ---------------------------------------------------------------------------------


def swapped(state: GameState, seat: int, rng: random.Random) -> GameState | None:
    """``state`` with two different cards exchanged between two places hidden from ``seat``
    (the other hands, and the kitty unless ``seat`` buried it), or None when the exchange
    would change the seat's view (a shown card moved, R4.2)."""
    places: list[int | str] = [s for s in range(4) if s != seat and state.hands[s]]
    if state.buried_by != seat:
        places.append("kitty")
    a, b = rng.sample(places, 2)
    hands = [list(h) for h in state.hands]
    kitty = list(state.kitty)
    at_a = kitty if a == "kitty" else hands[int(a)]
    at_b = kitty if b == "kitty" else hands[int(b)]
    x, y = rng.choice(at_a), rng.choice(at_b)
    if x == y:
        return None
    at_a[at_a.index(x)], at_b[at_b.index(y)] = y, x
    alt = attrs.evolve(state, hands=tuple(tuple(h) for h in hands), kitty=tuple(kitty))
    return alt if alt.view(seat) == state.view(seat) else None


@pytest.mark.parametrize("seat", [1, 2])
def test_swapping_hidden_cards_leaves_every_review_unchanged(game: tl.Game, seat: int) -> None:
    """At decisions of the seat, exchange cards between places hidden from it where its view
    stays the same: the review is the same (it reads the seat's view only)."""
    rng = random.Random(seat)
    checked = 0
    for state, play in seat_plays(game, seat)[::2]:
        alt = swapped(state, seat, rng)
        if alt is None:
            continue
        assert (alt.hands, alt.kitty) != (state.hands, state.kitty)
        before = review_play(state.view(seat), state.legal_actions(seat), play, worlds=2, seed=3)
        after = review_play(alt.view(seat), alt.legal_actions(seat), play, worlds=2, seed=3)
        assert after == before
        checked += 1
    assert checked >= 4


# --- values, JSON, errors --------------------------------------------------------------------


def test_the_result_is_frozen_json_data_and_a_table(game: tl.Game) -> None:
    analysis = analyze_deal(game, 1, worlds=1)
    data = json.loads(json.dumps(analysis.to_dict()))
    assert data["deal"] == 1 and data["seat"] == 1 and data["worlds"] == 1
    assert len(data["reviews"]) == len(analysis.reviews)
    first = data["reviews"][0]
    assert first["made"] == [str(c) for c in analysis.reviews[0].made]
    assert set(first) == {f.name for f in attrs.fields(PlayReview)}
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        analysis.seat = 2  # type: ignore[misc]
    lines = analysis.lines()
    assert lines[0].startswith("deal 1, seat 1 (")
    # Issue 44, item 4: the decisions before the first trick, then the plays' table.
    before = len(analysis.contract) + bool(analysis.contract)
    assert lines[1 + before].split() == ["trick", "played", "best", "plays", "cost"]
    assert len(lines) == before + len(analysis.reviews) + 4
    assert lines[-1].startswith("costliest plays: ")
    flagged_rows = [line for line in lines[2 + before : -2] if line.endswith("!")]
    assert len(flagged_rows) == len(analysis.flagged)
    assert str(analysis) == "\n".join(lines)
    assert "DealAnalysis(deal=1, seat=1" in repr(analysis)
    assert analysis.contract == review_contract(game, 1)
    assert lines[1].startswith("before the first trick (best agrees ")
    assert lines[2 : 2 + len(analysis.contract)] == [f"  {c}" for c in analysis.contract]
    assert data["contract"] == [c.to_dict() for c in analysis.contract]


def test_wrong_arguments_are_typed_errors(game: tl.Game) -> None:
    with pytest.raises(TypeError, match="seat"):
        analyze_deal(game, "1")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="seat"):
        analyze_deal(game, True)
    with pytest.raises(tl.ConfigurationError, match="R1.3"):
        analyze_deal(game, 4)
    with pytest.raises(tl.ConfigurationError, match="worlds"):
        analyze_deal(game, 0, worlds=0)
    with pytest.raises(TypeError, match="worlds"):
        analyze_deal(game, 0, worlds=2.0)  # type: ignore[arg-type]
    with pytest.raises(tl.ConfigurationError, match="threshold"):
        analyze_deal(game, 0, threshold=-1)
    with pytest.raises(tl.ConfigurationError, match="threshold"):
        analyze_deal(game, 0, threshold=float("nan"))
    with pytest.raises(TypeError, match="seed"):
        analyze_deal(game, 0, seed=None)  # type: ignore[arg-type]
    with pytest.raises(tl.ConfigurationError, match="deals 1 to 1"):
        analyze_deal(game, 0, deal=2)
    with pytest.raises(TypeError, match="record"):
        analyze_deal(42, 0)  # type: ignore[arg-type]
    with pytest.raises(tl.InvalidRecord):
        analyze_deal('{"format": "nope"}', 0)
    state, play = seat_plays(game, 1)[0]
    with pytest.raises(tl.IllegalAction, match="R6.1"):
        review_play(state.view(0), state.legal_actions(1), play)
    with pytest.raises(tl.IllegalAction, match="R7"):
        review_play(state.view(1), state.legal_actions(1), Play(1, state.hands[0][:1]))
    with pytest.raises(TypeError, match="view"):
        review_play(state, state.legal_actions(1), play)  # type: ignore[arg-type]


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 2**31), seat=st.integers(0, 3), threshold=st.floats(0, 60))
def test_any_deal_the_reviews_cover_the_seat_s_plays(
    seed: int, seat: int, threshold: float
) -> None:
    game = tl.Game("tuolaji", seed)
    game.play_deal([tl.RandomBot(seed + s) for s in range(4)])
    analysis = analyze_deal(tl.write_record(game), seat, worlds=1, seed=seed, threshold=threshold)
    assert len(analysis.reviews) == len(seat_plays(game, seat))
    assert all(r.flagged == (r.cost > threshold) for r in analysis.reviews)
    assert all(r.cost == 0.0 for r in analysis.reviews if r.agrees)


# --- the command line ------------------------------------------------------------------------


@pytest.fixture(scope="module")
def record(game: tl.Game, tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("analyze") / "deal.json"
    path.write_text(tl.write_record(game), encoding="utf-8")
    return path


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    """The exit code, stdout and stderr of ``tuolaji ARGS``."""
    try:
        code = main(list(args))
    except SystemExit as exit_:
        code = exit_.code  # type: ignore[assignment]
    out, err = capsys.readouterr()
    return code, out, err


def test_cli_prints_a_table_per_deal(
    record: Path, game: tl.Game, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(
        capsys, "analyze", str(record), "--seat", "1", "--worlds", "2", "--threshold", "5"
    )
    assert code == 0 and not err
    lines = out.splitlines()
    assert lines[0].startswith("tuolaji rules, seed 5: seat 1's plays judged by best")
    assert lines[2:] == analyze_deal(game, 1, worlds=2, threshold=5).lines()


def test_cli_json_is_the_analysis_data(
    record: Path, game: tl.Game, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = run(
        capsys, "analyze", str(record), "--seat", "2", "--worlds", "1", "--deal", "1", "--json"
    )
    assert code == 0
    assert json.loads(out) == {"seed": 5, "deals": [analyze_deal(game, 2, worlds=1).to_dict()]}


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["--seat", "4"], "R1.3"),
        (["--seat", "x" * 5000], "is not a seat"),
        (["--worlds", "0"], "from 1 to 256"),
        (["--worlds", "257"], "from 1 to 256"),
        (["--threshold", "inf"], "number of points"),
        (["--threshold", "-1"], "number of points"),
        (["--deal", "2"], "deals 1 to 1"),
        (["--deal", "0"], "positive whole number"),
        (["--seed", "2" * 30], "--seed"),
    ],
)
def test_cli_refuses_bad_arguments_with_one_short_line(
    record: Path, args: list[str], says: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, err = run(capsys, "analyze", str(record), *args)
    assert code == 2 and says in err, err
    assert err.count("\n") == 1 and len(err) <= 1001 and "Traceback" not in err


def test_cli_refuses_files_that_are_not_records(
    record: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run(capsys, "analyze", str(tmp_path))[0] == 2  # a folder
    code, _, err = run(capsys, "analyze", str(tmp_path / "missing.json"))
    assert code == 2 and "No such file" in err
    if Path("/dev/zero").exists():
        code, _, err = run(capsys, "analyze", "/dev/zero")
        assert code == 2 and "character device" in err
    huge = tmp_path / "huge.json"
    with huge.open("wb") as file:
        file.truncate(64 << 20)
    code, _, err = run(capsys, "analyze", str(huge))
    assert code == 1 and "at most" in err and err.count("\n") == 1
    data = json.loads(record.read_text(encoding="utf-8"))
    data["deals"][0][150] = data["deals"][0][151]  # an action out of turn
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data), encoding="utf-8")
    code, _, err = run(capsys, "analyze", str(bad))
    assert code == 1 and "deal 1, action 151" in err and err.count("\n") == 1


def test_cli_reads_stdin(
    record: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(record.read_bytes())))
    code, out, _ = run(capsys, "analyze", "-", "--worlds", "1", "--json")
    assert code == 0 and json.loads(out)["deals"][0]["seat"] == 0


def test_the_analysis_is_the_same_in_another_process_and_hash_seed(
    record: Path, game: tl.Game
) -> None:
    env = {**os.environ, "PYTHONHASHSEED": "12345"}
    src = str(Path(tl.__file__).resolve().parents[1])
    env["PYTHONPATH"] = os.pathsep.join([src, env.get("PYTHONPATH", "")])
    args = ["analyze", str(record), "--seat", "3", "--worlds", "2", "--seed", "11", "--json"]
    done = subprocess.run(
        [sys.executable, "-m", "tuolaji", *args],
        capture_output=True,
        text=True,
        timeout=300,
        env=env,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    here = analyze_deal(game, 3, worlds=2, seed=11).to_dict()
    assert json.loads(done.stdout)["deals"] == [here]


# A game not yet dealt (analysed at once), a view, an action that is no play, an empty play.
_UNDEALT = tl.Game("tuolaji", 2)
HOSTILE = hostile_arguments(_UNDEALT, _UNDEALT.state.view(0), tl.Pass(0), Play(0, ()))


@pytest.mark.parametrize("call", [analyze_deal, analyze_game, review_play])
@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow], derandomize=True
)
@given(args=st.lists(HOSTILE, min_size=1, max_size=3))
def test_r11_hostile_arguments_raise_only_typed_errors(call: Any, args: list[Any]) -> None:
    call_refusing_only_typed_errors(call.__name__, call, args)


# --- the decisions before the first trick and the costliest plays (issue 44, item 4) ----------


def test_the_bids_and_burial_are_judged_by_bests_contract(game: tl.Game) -> None:
    """Every bid, pass and burial the seat made before the first trick is reviewed against
    best's contract from the same view (R4.1-R4.4 bids, R5.1 burial); a moment of the deal
    where best would have bid and the seat did not is reviewed too."""

    for seat in range(4):
        reviews = review_contract(game, seat)
        made = [
            a
            for a in game.actions[0]
            if isinstance(a, tl.Declare | tl.Bury | tl.Pass) and a.seat == seat
        ]
        assert [c.made for c in reviews if c.made is not None] == made
        state = game.starts[0]
        expected = []
        for action in game.actions[0]:
            if state.phase is tl.Phase.DEALING and state.legal_actions(seat):
                view = state.view(seat)
                bids = ListedActions((tl.Pass(seat), *state.legal_actions(seat)))
                best = choose_bid(view, bids)
                mine = action if isinstance(action, tl.Declare) and action.seat == seat else None
                if mine is not None or not isinstance(best, tl.Pass):
                    expected.append((mine, best))
            elif state.to_act == seat and getattr(action, "seat", None) == seat:
                view, actions = state.view(seat), state.legal_actions(seat)
                if state.phase is tl.Phase.BURYING:
                    expected.append((action, choose_burial(view, actions)))
                elif state.phase in (tl.Phase.CLOSING, tl.Phase.COUNTERS):
                    expected.append((action, choose_bid(view, actions)))
            state = state.apply(action)
        assert [(c.made, c.preferred) for c in reviews] == expected
        for review in reviews:
            assert isinstance(review, ContractReview) and review.seat == seat
            text = str(review)
            assert f"seat {seat}" in text
            assert ("best agrees" in text) == review.agrees
            data = json.loads(json.dumps(review.to_dict()))
            assert data["agrees"] == review.agrees and data["phase"] == review.phase.value
    assert any(review_contract(game, s)[-1].phase is tl.Phase.BURYING for s in range(4))
    with pytest.raises(tl.ConfigurationError, match="deal 2"):
        review_contract(game, 0, deal=2)
    with pytest.raises(TypeError, match="deal"):
        review_contract(game, 0, deal="1")  # type: ignore[arg-type]


def test_a_review_agrees_only_with_the_same_decision() -> None:

    bid = tl.Declare(1, parse_cards("2H"))
    same = ContractReview(1, 1, tl.Phase.DEALING, 9, None, tl.Pass(1))
    assert same.agrees and str(same) == "dealing, 9 cards: seat 1 did not bid, best agrees"
    assert not ContractReview(1, 1, tl.Phase.DEALING, 9, bid, tl.Pass(1)).agrees
    assert ContractReview(1, 1, tl.Phase.DEALING, 1, bid, bid).agrees
    assert not ContractReview(1, 1, tl.Phase.CLOSING, 25, tl.Pass(1), bid).agrees
    one = ContractReview(1, 1, tl.Phase.DEALING, 1, bid, tl.Pass(1))
    assert str(one) == "dealing, 1 card: seat 1 declared ♥2, best passes"


def _review(trick: int, cost: float) -> PlayReview:

    card = parse_cards("2H")
    return PlayReview(1, trick, 0, card, card, 0.0, cost, cost, cost > 10, False)


def test_the_costliest_plays_come_first_and_cost_points() -> None:
    reviews = tuple(_review(t, c) for t, c in enumerate([5.0, 0.0, 20.0, -3.0, 12.5, 5.0], 1))
    analysis = DealAnalysis(1, 0, True, 2, 0, 10.0, reviews)
    assert [r.trick for r in analysis.costliest()] == [3, 5, 1]  # equal costs: earlier first
    assert [r.trick for r in analysis.costliest(10)] == [3, 5, 1, 6]  # positive costs only
    assert (
        analysis.lines()[-1] == "costliest plays: trick 3 (20.0 !), trick 5 (12.5 !), trick 1 (5.0)"
    )
    assert [c["trick"] for c in analysis.to_dict()["costliest"]] == [3, 5, 1]
    free = DealAnalysis(1, 0, True, 2, 0, 10.0, (_review(1, 0.0),))
    assert free.costliest() == () and free.lines()[-1] == "costliest plays: none cost points"
