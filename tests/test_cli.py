"""The command line: ``python -m tuolaji deal``."""

from __future__ import annotations

import json
import os
import random
import re
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

import tuolaji as tl
from tuolaji.__main__ import main


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
        (["deal", "--seed", "x"], "invalid int value"),
        (["deal", "--dealer", "4"], "invalid choice"),
        (["nope"], "invalid choice"),
        (["simulate", "--rules", "nope"], "valid names: tuolaji, tuolaji-tournament"),
        (["simulate", "--bots", "greedy,smart"], "give 1, 2 (one per team) or 4"),
        (["simulate", "--bots", "greedy,random,greedy"], "give 1, 2 (one per team) or 4"),
        (["simulate", "--deals", "2", "--match"], "not allowed with argument"),
        (["simulate", "--deals", "0"], "not a positive number of deals"),
        (["bench", "--workloads", "W1,W4"], "unknown workloads ['W4']; valid: W1, W2, W3"),
        (["bench", "--rules", "nope"], "valid names: tuolaji"),
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

GOLDEN = Path(__file__).parent / "golden"


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


def test_bench_prints_every_figure(capsys: pytest.CaptureFixture[str]) -> None:
    out = run(capsys, "bench", "--deals", "1", "--repeat", "1", "--kernels", "--seconds", "0.01")
    for name in ("W1", "W2", "W3", "deals/s", "µs/decision", "is_legal_follow", "trick_winner"):
        assert name in out


def test_bench_json_and_profile(capsys: pytest.CaptureFixture[str]) -> None:
    out = run(capsys, "bench", "--deals", "1", "--repeat", "1", "--json", "--rules", "shuangsheng")
    data = json.loads(out)
    assert data["rules"] == "shuangsheng"
    assert set(data["workloads"]) == {"W1", "W2", "W3"}
    w2 = data["workloads"]["W2"]
    assert w2["deals"] == 1 and w2["decisions"] >= 25 and w2["cpu_seconds"] > 0
    out = run(capsys, "bench", "--deals", "1", "--workloads", "w2", "--profile")
    assert "W2" in out and "cumulative" in out and "W1" not in out
