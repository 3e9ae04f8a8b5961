"""The command line: ``python -m tuolaji deal``."""

from __future__ import annotations

import json
import os
import random
import re
import signal
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

import attrs
import pytest

import tuolaji as tl
from interrupt import interruptible
from tuolaji.core.limits import MAX_RECORD_TEXT
from tuolaji.tools import bench, cli, terminal
from tuolaji.tools.arena import bots as arena_bots
from tuolaji.tools.cli import main, make_bots


def run(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    assert main(list(args)) == 0
    return capsys.readouterr().out


def cards_in(line: str) -> tuple[tl.Card, ...]:
    body = line.split(":", 1)[1]
    body = re.sub(r"\(\d+ points\)", "", body)
    return tl.parse_cards(re.sub(r"[\[\]()]", " ", body))


def test_deal_shows_four_hands_and_the_kitty(capsys: pytest.CaptureFixture[str]) -> None:
    out = run(capsys, "deal", "--seed", "7", "--level", "10", "--trump", "S", "--ascii")
    assert out.startswith("Seed 7: dealer seat 0, level 10, trump ♠")
    hands: list[list[tl.Card]] = []
    kitty: tuple[tl.Card, ...] = ()
    for line in out.splitlines():
        if line.startswith("Seat "):
            hands.append([])
            assert "25 cards" in line
        elif line.startswith("  ") and ":" in line:
            hands[-1].extend(cards_in(line))
        elif line.startswith("Kitty:"):
            kitty = cards_in(line)
    assert [len(h) for h in hands] == [25, 25, 25, 25]
    assert len(kitty) == 8
    assert Counter(c for h in hands for c in h) + Counter(kitty) == Counter(tl.full_deck())
    expected_hands, expected_kitty = tl.deal_cards(tl.shuffled_deck(random.Random(7)))
    for shown, dealt in zip(hands, expected_hands, strict=True):
        assert Counter(shown) == Counter(dealt)
    assert Counter(kitty) == Counter(expected_kitty)


def test_deal_marks_pairs_and_tractors(capsys: pytest.CaptureFixture[str]) -> None:
    out = run(capsys, "deal", "--seed", "2", "--level", "10", "--trump", "H")
    trump = tl.Trump(tl.Rank.TEN, tl.Suit.HEARTS)
    hands, _ = tl.deal_cards(tl.shuffled_deck(random.Random(2)))
    expected_pairs = sum(u.pairs == 1 for h in hands for u in tl.units(h, trump))
    expected_tractors = sum(u.pairs >= 2 for h in hands for u in tl.units(h, trump))
    hand_lines = "\n".join(line for line in out.splitlines() if line.startswith("  "))
    assert hand_lines.count("(") == expected_pairs
    assert hand_lines.count("[") == expected_tractors
    assert expected_pairs > 0 and expected_tractors > 0


def test_r3_2_deal_with_tractors_of_three_pairs(capsys: pytest.CaptureFixture[str]) -> None:
    """``--tractor-min-pairs 3``: two consecutive pairs are shown as two pairs."""
    by_seeds = run(capsys, "deal", "--seed", "2", "--level", "10", "--trump", "H")
    out = run(
        capsys, "deal", "--seed", "2", "--level", "10", "--trump", "H", "--tractor-min-pairs", "3"
    )
    trump = tl.Trump(tl.Rank.TEN, tl.Suit.HEARTS, tractor_min_pairs=3)
    hands, _ = tl.deal_cards(tl.shuffled_deck(random.Random(2)))
    expected_tractors = sum(u.pairs >= 3 for h in hands for u in tl.units(h, trump))
    hand_lines = "\n".join(line for line in out.splitlines() if line.startswith("  "))
    assert hand_lines.count("[") == expected_tractors
    assert by_seeds.count("[") > out.count("[")
    assert "tractors of 3+ pairs" in out.splitlines()[0]


@pytest.mark.parametrize(("size", "hand"), [(0, 27), (4, 26)])
def test_r4_1_deal_with_another_kitty_size(
    capsys: pytest.CaptureFixture[str], size: int, hand: int
) -> None:
    """``--kitty-size``: the hands are (108 - size) / 4 cards, the deal_cards of those
    rules; the kitty holds ``size`` cards, or is said to be absent."""
    out = run(capsys, "deal", "--seed", "7", "--kitty-size", str(size))
    seats = [line for line in out.splitlines() if line.startswith("Seat ")]
    assert len(seats) == 4 and all(f" {hand} cards" in line for line in seats)
    _, kitty = tl.deal_cards(tl.shuffled_deck(random.Random(7)), rules=tl.Rules(kitty_size=size))
    assert len(kitty) == size
    kitty_line = next(line for line in out.splitlines() if "itty" in line)
    assert kitty_line.startswith("Kitty:") if size else kitty_line.startswith("No kitty")


def test_deal_is_deterministic(capsys: pytest.CaptureFixture[str]) -> None:
    first = run(capsys, "deal", "--seed", "11")
    assert run(capsys, "deal", "--seed", "11") == first
    assert run(capsys, "deal", "--seed", "12") != first


def test_deal_sorts_trumps_first_strongest_first(capsys: pytest.CaptureFixture[str]) -> None:
    out = run(capsys, "deal", "--seed", "5", "--level", "2", "--trump", "none", "--ascii")
    trump = tl.Trump(tl.Rank.TWO, None)
    for line in out.splitlines():
        if line.startswith("  "):
            strengths = [trump.strength(c) for c in cards_in(line)]
            assert strengths == sorted(strengths, reverse=True)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["deal", "--level", "1"], "'1' is not a rank"),
        (["deal", "--trump", "X"], "not a trump suit"),
        (["deal", "--seed", "x"], "'x' is not an int within ±2**63"),
        (["deal", "--dealer", "4"], "invalid choice"),
        (["nope"], "invalid choice"),
        (["simulate", "--rules", "nope"], "no rules preset 'nope' and no such file; the presets"),
        (["simulate", "--bots", "greedy,smart"], "'smart' is neither a built-in"),
        (["simulate", "--bots", "greedy,random,greedy"], "give 1, 2 (one per team) or 4"),
        (["simulate", "--deals", "2", "--match"], "not allowed with argument"),
        (["simulate", "--deals", "0"], "not a positive whole number"),
        (["bench", "--workloads", "W1,W99"], "unknown workloads ['W99']; valid: W1, W2, W3, W4"),
        (["bench", "--rules", "nope"], "no rules preset 'nope' and no such file"),
    ],
)
def test_usage_errors_exit_2(
    capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    with pytest.raises(SystemExit) as info:
        main(args)
    assert info.value.code == 2
    assert message in capsys.readouterr().err


def test_module_entry_point_runs() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "tuolaji", "deal", "--seed", "7"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert done.stdout.count("Seat ") == 4


# --- simulate, replay, bench ---------------------------------------------------------------------

GOLDEN = Path(__file__).resolve().parents[1] / "golden"


@pytest.mark.parametrize(
    ("name", "args"),
    [
        (
            "simulate_seed7.txt",
            ["simulate", "--seed", "7", "--deals", "5", "--bots", "greedy,random"],
        ),
        (
            "simulate_verbose_shuangsheng_seed3.txt",
            ["simulate", "--rules", "shuangsheng", "--seed", "3", "--verbose"],
        ),
    ],
)
def test_simulate_output_is_golden(
    capsys: pytest.CaptureFixture[str], name: str, args: list[str]
) -> None:
    """Fixed seeds give this exact text. After an intended change, regenerate the files with
    TUOLAJI_UPDATE_GOLDEN=1 and review the diff."""
    out = run(capsys, *args)
    path = GOLDEN / name
    if os.environ.get("TUOLAJI_UPDATE_GOLDEN"):
        path.write_text(out, encoding="utf-8")
    assert out == path.read_text(encoding="utf-8")


def test_simulate_a_match_records_and_replays(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    record = tmp_path / "game.json"
    out = run(capsys, "simulate", "--seed", "4", "--match", "--record", str(record))
    assert "wins the match after" in out
    deal_lines = [line for line in out.splitlines() if line.startswith("deal ")]
    replayed = run(capsys, "replay", str(record))
    assert replayed.splitlines()[0].endswith(f"replayed {len(deal_lines)} deals")
    assert [line for line in replayed.splitlines() if line.startswith("deal ")] == deal_lines
    verbose = run(capsys, "replay", str(record), "--verbose")
    assert verbose.count("trick  1 ") == len(deal_lines)


def test_replay_errors(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert main(["replay", str(tmp_path / "missing.json")]) == 2
    assert "cannot read" in capsys.readouterr().err
    bad = tmp_path / "bad.json"
    bad.write_text(
        '{"format": "tuolaji-record", "version": 1, "seed": 1, "deals": [[]], "rules": 3}'
    )
    assert main(["replay", str(bad)]) == 1
    assert "rules cannot be read" in capsys.readouterr().err


def test_replay_of_an_unfinished_record_points_at_partial(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    record = tmp_path / "game.json"
    run(capsys, "simulate", "--seed", "3", "--record", str(record))
    data = json.loads(record.read_text(encoding="utf-8"))
    data["deals"][0] = data["deals"][0][:60]  # a game stopped in the middle of its first deal
    record.write_text(json.dumps(data), encoding="utf-8")
    assert main(["replay", str(record)]) == 1
    err = capsys.readouterr().err
    assert len(err.splitlines()) == 1
    assert "stops in the middle of deal 1" in err
    assert "add --partial to read an unfinished record" in err
    assert f"tuolaji replay --partial '{record}'" in err
    out = run(capsys, "replay", "--partial", str(record))
    assert "deal 1 stops in the middle" in out


def test_replay_of_a_broken_record_does_not_point_at_partial(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    record = tmp_path / "game.json"
    run(capsys, "simulate", "--seed", "3", "--record", str(record))
    data = json.loads(record.read_text(encoding="utf-8"))
    data["deals"][0][5] = 42  # an action that cannot be read
    record.write_text(json.dumps(data), encoding="utf-8")
    assert main(["replay", str(record)]) == 1
    err = capsys.readouterr().err
    assert "cannot be read" in err
    assert "--partial" not in err


def test_bench_prints_every_figure(capsys: pytest.CaptureFixture[str]) -> None:
    out = run(capsys, "bench", "--deals", "1", "--repeat", "1", "--kernels", "--seconds", "0.01")
    names = ("W1", "W2", "W3", "W6", "W8", "/W2", "µs/decision", "is_legal_follow", "trick_winner")
    for name in names:
        assert name in out


def test_bench_skips_a_workload_whose_extra_is_missing(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(bench.EXTRAS, "W4", ("tuolaji_no_such_module", "pettingzoo"))
    out = run(capsys, "bench", "--deals", "1", "--repeat", "1", "--workloads", "W2,W4")
    assert "W4 skipped: needs the extra tuolaji[pettingzoo]" in out
    assert "  W2 " in out and "  W4 " not in out


# --- polish (#13 item 6) -------------------------------------------------------------------------


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main(["--version"])
    assert info.value.code == 0
    assert capsys.readouterr().out.strip() == f"tuolaji {tl.__version__}"


def test_help_lists_presets_and_explains_rule_numbers(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["simulate", "--help"])
    out = " ".join(capsys.readouterr().out.split())
    for name in tl.RULESETS:
        assert name in out
    assert "tuolaji docs R7.3" in out


def test_rules_from_a_json_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    house = tmp_path / "house.json"
    house.write_text('{"preset": "shuangsheng", "wrap": false, "throw_penalty": 10}')
    record = tmp_path / "game.json"
    run(capsys, "simulate", "--rules", str(house), "--seed", "2", "--record", str(record))
    game = tl.replay(record.read_text(encoding="utf-8"))
    assert game.rules == attrs.evolve(tl.RULESETS["shuangsheng"], wrap=False, throw_penalty=10)


@pytest.mark.parametrize(
    ("content", "needle"),
    [
        ('{"wrapp": true}', "unknown Rules field 'wrapp'"),
        ('{"throw_penalty": 7}', "R6.5"),
        ('{"preset": "nope"}', "no rules preset"),
        ("[1, 2]", "JSON object"),
        ("{", "a rules file is JSON text: Expecting"),
    ],
)
def test_bad_house_rules_exit_2(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, content: str, needle: str
) -> None:
    house = tmp_path / "house.json"
    house.write_text(content)
    with pytest.raises(SystemExit) as info:
        main(["simulate", "--rules", str(house)])
    assert info.value.code == 2
    assert needle in capsys.readouterr().err


def test_deals_beyond_the_match_end_are_explained(capsys: pytest.CaptureFixture[str]) -> None:
    out = run(capsys, "simulate", "--seed", "2", "--deals", "200")
    deals = sum(line.startswith("deal ") for line in out.splitlines())
    assert deals < 200
    assert f"stopped after {deals} of the 200 deals asked for: the match is over (R9.5)" in out


def test_summary_lines_label_the_teams(capsys: pytest.CaptureFixture[str]) -> None:
    out = run(capsys, "simulate", "--seed", "7")
    assert "team 0 is seats 0 and 2" in out
    assert re.search(r"team 0 at \w+, team 1 at \w+", out)


def test_progress_bar_is_erased_before_each_line(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(cli.sys.stderr, "isatty", lambda: True)
    monkeypatch.setattr(terminal.time, "perf_counter", iter(range(0, 10_000, 5)).__next__)
    assert main(["simulate", "--seed", "7", "--deals", "3"]) == 0
    err = capsys.readouterr().err
    assert err.count("\r\x1b[K") >= 2
    assert err.endswith("\r\x1b[K")


# --- hostile and interrupted runs (issue 10, item 8) --------------------------------------------


def test_record_to_an_unwritable_path_fails_before_playing(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def never(*args: object, **kwargs: object) -> None:
        raise AssertionError("no deal is played before the record file is opened")

    monkeypatch.setattr(tl.Game, "play_deal", never)
    target = tmp_path / "missing-dir" / "game.json"
    assert main(["simulate", "--deals", "3", "--record", str(target)]) == 2
    captured = capsys.readouterr()
    assert "cannot write" in captured.err and len(captured.err.splitlines()) == 1
    assert "deal " not in captured.out


def test_interrupt_prints_one_line_keeps_the_record_and_exits_130(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ctrl-C in the third deal: one line on stderr, exit 130, and the record holds the two
    finished deals (it is written as deals finish)."""
    real = tl.Game.play_deal
    calls = []

    def interrupted(self: tl.Game, *args: Any, **kwargs: Any) -> tl.DealResult:
        calls.append(1)
        if len(calls) == 3:
            raise KeyboardInterrupt
        return real(self, *args, **kwargs)

    monkeypatch.setattr(tl.Game, "play_deal", interrupted)
    record = tmp_path / "game.json"
    assert main(["simulate", "--seed", "2", "--deals", "9", "--record", str(record)]) == 130
    captured = capsys.readouterr()
    assert captured.err.splitlines() == ["tuolaji simulate: interrupted"]
    monkeypatch.setattr(tl.Game, "play_deal", real)
    game = tl.replay(record.read_text(encoding="utf-8"))
    assert len(game.results) == 2
    again = tl.Game("tuolaji", 2)
    bots = make_bots(["greedy"], 2)
    assert [again.play_deal(bots) for _ in range(2)] == game.results


def test_sigint_in_a_real_run(tmp_path: Path) -> None:
    """The real Ctrl-C: SIGINT to a running simulate once its record holds a deal."""
    record = tmp_path / "game.json"
    proc = interruptible(
        [sys.executable, "-m", "tuolaji", "simulate", "--deals", "100000", "--record", str(record)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline and proc.poll() is None:
            if record.exists() and record.read_text(encoding="utf-8").count("\n[") >= 1:
                break
            time.sleep(0.1)
        proc.send_signal(signal.SIGINT)
        _, err = proc.communicate(timeout=60)
    finally:
        proc.kill()
    assert proc.returncode == 130
    assert err.splitlines() == ["tuolaji simulate: interrupted"]
    assert tl.replay(record.read_text(encoding="utf-8")).results


def test_ctrl_c_reaches_a_child_started_while_sigint_is_ignored() -> None:
    """As under ``pytest &`` (a background job ignores SIGINT, issue 33 finding 8): the child
    of `interruptible` still turns SIGINT into KeyboardInterrupt, and this process's own
    disposition is put back."""
    code = "import signal; print(signal.getsignal(signal.SIGINT) is signal.default_int_handler)"
    before = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        proc = interruptible([sys.executable, "-c", code], stdout=subprocess.PIPE, text=True)
        out, _ = proc.communicate(timeout=60)
        assert signal.getsignal(signal.SIGINT) is signal.SIG_IGN
    finally:
        signal.signal(signal.SIGINT, before)
    assert out.split() == ["True"]


def test_replay_of_a_record_that_is_not_utf8_exits_1(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    bad = tmp_path / "latin1.json"
    bad.write_bytes('{"format": "tuolaji-record", "note": "é"}'.encode("latin-1"))
    assert main(["replay", str(bad)]) == 1
    err = capsys.readouterr().err
    assert "UTF-8" in err and len(err.splitlines()) == 1


def test_replay_of_an_oversized_file_exits_1_without_reading_it(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    huge = tmp_path / "huge.json"
    with huge.open("wb") as f:
        f.truncate(MAX_RECORD_TEXT + 1)  # sparse: nothing is written
    assert main(["replay", str(huge)]) == 1
    assert "at most" in capsys.readouterr().err


@pytest.mark.parametrize("seconds", ["nan", "inf", "-inf", "0", "-1", "x", "1e999"])
def test_bench_seconds_must_be_positive_and_finite(
    capsys: pytest.CaptureFixture[str], seconds: str
) -> None:
    with pytest.raises(SystemExit) as info:
        main(["bench", f"--seconds={seconds}"])
    assert info.value.code == 2
    assert "positive, finite number of seconds" in capsys.readouterr().err


class _NeverBids:
    """Passes whenever it may: with nobody bidding, a first deal is redealt (R4.6)."""

    def __init__(self, seed: int) -> None:
        self.seed = seed

    def act(self, view: tl.PlayerView, actions: tl.ActionSet) -> tl.Action:
        return next(a for a in actions if isinstance(a, tl.Pass))


def test_simulate_with_bots_that_never_bid_stops_with_one_line(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Bots that never bid used to loop forever; the redeal bound ends the run, exit 1."""
    monkeypatch.setitem(arena_bots._BUILTINS, "greedy", lambda: _NeverBids)
    monkeypatch.setattr(tl.Game.__init__, "__kwdefaults__", {"max_redeals": 3})
    assert main(["simulate", "--deals", "2"]) == 1
    err = capsys.readouterr().err
    assert len(err.splitlines()) == 1 and "more than 3 times" in err and "deal 1" in err


def test_bench_json_and_profile(capsys: pytest.CaptureFixture[str]) -> None:
    out = run(capsys, "bench", "--deals", "1", "--repeat", "1", "--json", "--rules", "shuangsheng")
    data = json.loads(out)
    assert data["rules"] == "shuangsheng"
    ran = {w for w in bench.WORKLOADS if not bench.missing_extra(w)}
    assert {"W1", "W2", "W3", "W6", "W7", "W8"} <= ran
    assert set(data["workloads"]) == ran
    assert len(data["skipped"]) == len(bench.WORKLOADS) - len(ran)
    w2 = data["workloads"]["W2"]
    assert w2["deals"] == 1 and w2["decisions"] >= 25 and w2["cpu_seconds"] > 0
    out = run(capsys, "bench", "--deals", "1", "--workloads", "w2", "--profile")
    assert "W2" in out and "cumulative" in out and "W1" not in out
