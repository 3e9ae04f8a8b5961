"""The replay viewer (issue 13, item 5; issue 20): ``tuolaji replay FILE --html OUT`` writes
one self-contained page that shows the whole deal. The frames the page embeds are checked
against the record here; ``test_viewer_browser.py`` steps through a match in a real browser."""

from __future__ import annotations

import html
import json
import re
from collections import Counter
from pathlib import Path

import attrs
import pytest

import tuolaji as tl
from tuolaji.core.scoring import net_throw_penalty
from tuolaji.state.actions import Buried, Declared, ThrowFailed
from tuolaji.tools import report
from tuolaji.tools.analysis import DealAnalysis, analyze_game
from tuolaji.tools.cli import main
from tuolaji.tools.viewer import game_frames, replay_html


def short_match(seed: int = 6) -> tl.Game:
    """A whole match on two levels (R9.5 ends it after a few deals), greedy seats 0 and 2
    against random seats 1 and 3, whose throws often fail (R6.4)."""
    rules = attrs.evolve(tl.RULESETS["tuolaji"], levels=(tl.Rank.TWO, tl.Rank.THREE))
    game = tl.Game(rules, seed=seed)
    game.play_match([tl.GreedyBot(0), tl.RandomBot(1), tl.GreedyBot(2), tl.RandomBot(3)])
    return game


def finished_states(game: tl.Game) -> list[tl.GameState]:
    """Each deal's last state (it holds the deal's whole event log)."""
    return [s for s in game.history if s.result is not None]


def test_short_match_is_a_whole_match_with_failed_throws() -> None:
    game = short_match()
    assert game.over and len(game.results) >= 2
    assert any(isinstance(e, ThrowFailed) for s in finished_states(game) for e in s.events)


def test_frames_follow_the_record() -> None:
    game = short_match()
    deals = game_frames(game)
    assert [d["number"] for d in deals] == list(range(1, len(game.results) + 1))
    for deal, last in zip(deals, finished_states(game), strict=True):
        frames = deal["frames"]
        # Each trick: its number, leader, plays, winner and points, in order.
        tricks = [f["trick"] for f in frames if f["trick"] is not None]
        assert [t["number"] for t in tricks] == list(range(1, len(last.tricks) + 1))
        for shown, trick in zip(tricks, last.tricks, strict=True):
            assert shown["leader"] == trick.leader and shown["winner"] == trick.winner
            assert shown["points"] == trick.points
            assert shown["plays"] == [[str(c) for c in p] for p in trick.plays]
        # Each bid, overturn or counter, as it happened.
        declared = [e for e in last.events if isinstance(e, Declared)]
        bids = [f["shown"] for f in frames if f["shown"] is not None]
        assert [(b[0], b[1]) for b in bids] == [
            (e.seat, [str(c) for c in e.cards]) for e in declared
        ]
        assert bids[0][2] == "bids" and all(b[2] != "bids" for b in bids[1:])
        # The burial, face up for the burier, then face down until the end.
        (buried,) = [e for e in last.events if isinstance(e, Buried)]
        burial = next(i for i, f in enumerate(frames) if " buries " in f["say"])
        assert frames[burial]["say"].startswith(f"seat {buried.seat} buries")
        assert Counter(frames[burial]["kitty"]["cards"]) == Counter(map(str, last.kitty))
        for f in frames[burial + 1 : -1]:
            assert f["kitty"]["cards"] == ["back"] * 8 and not f["kitty"]["face"]
        # Failed throws: what was shown, what was led, the penalty (R6.4, R6.5).
        failed = [e for e in last.events if isinstance(e, ThrowFailed)]
        notes = [n for f in frames for n in f["notes"]]
        assert len(notes) == len(failed)
        for note, event in zip(notes, failed, strict=True):
            penalty = net_throw_penalty((event.seat,), last.dealer or 0, last.rules)
            assert tl.format_hand(event.attempt) in note and tl.format_hand(event.forced) in note
            assert note.startswith(f"seat {event.seat}'s throw") and f"{penalty:+d}" in note
        # The end: the kitty face up and the score.
        end = frames[-1]
        assert end["kitty"]["face"] and Counter(end["kitty"]["cards"]) == Counter(
            map(str, last.kitty)
        )
        assert last.result is not None
        assert end["result"] == deal["result"] == str(last.result)
        assert end["points"] == last.result.attacker_points
        assert sum(len(h) for h in end["hands"]) == 0


def test_frame_points_follow_the_states() -> None:
    game = short_match()
    states = list(game.history)
    for deal_index, deal in enumerate(game_frames(game)):
        for f in deal["frames"][:-1]:
            if f["trick"] is None:
                continue
            after = next(
                s
                for s in states
                if s.deal_number == deal_index and len(s.tricks) == f["trick"]["number"]
            )
            assert f["points"] == after.attacker_points


def test_page_is_self_contained(tmp_path: Path) -> None:
    game = short_match()
    page = replay_html(game, "a </script> title")
    assert not re.search(r"(src|href)=[\"']https?:", page)
    assert "@import" not in page and "url(" not in page
    assert page.count("</script>") == 2  # the data block and the program, nothing injected
    data = page[page.index('type="application/json">') :]
    payload = data[data.index(">") + 1 : data.index("</script>")]
    assert json.loads(payload)["deals"][0]["result"] == str(game.results[0])


def test_the_page_documents_its_keys() -> None:
    page = replay_html(short_match())
    for key in ("→", "←", "↓", "↑", "Home", "End"):
        assert key in page.split("<script", 1)[0]


def test_cli_writes_the_page(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    game = short_match()
    record = tmp_path / "game.json"
    record.write_text(tl.write_record(game), encoding="utf-8")
    out = tmp_path / "game.html"
    assert main(["replay", str(record), "--html", str(out)]) == 0
    assert "wrote" in capsys.readouterr().out
    assert str(game.results[0]) in html.unescape(out.read_text(encoding="utf-8"))


def test_redeals_and_reinforcements_are_steps() -> None:
    """A weak-hand redeal (R4.7) is a step with its reason, and the bids after it count
    afresh; a standing bidder's second declaration reinforces (R4.3), another seat's
    overturns (R4.2)."""
    rules = attrs.evolve(tl.RULESETS["tuolaji"], weak_hand_redeal=60)
    game = tl.Game(rules, seed=0)
    game.play_deal([tl.RandomBot(s) for s in range(4)])
    (deal,) = game_frames(game)
    steps = [f["shown"][2] if f["shown"] else f["say"] for f in deal["frames"] if not f["trick"]]
    assert steps[:2] == ["bids", "reinforces"] and steps[4:6] == ["bids", "overturns"]
    assert steps[3].startswith("the cards are thrown in") and "R4.7" in steps[3]
    redeal = next(f for f in deal["frames"] if f["say"].startswith("the cards are thrown in"))
    assert redeal["kitty"] is None  # the kitty went back with the cards
    assert steps[-1].startswith("seat 1 buries ")


def test_information_house_rules_keep_the_kitty_and_the_blockers_secret() -> None:
    """Issue 21, item 9: with ``kitty_public_at_end`` and ``throw_blocker_public`` off, the
    viewer leaves the kitty face down at the end and names nobody for a failed throw, and
    the verbose report says so; the score still counts the kitty (R8.2, R6.4)."""
    rules = attrs.evolve(
        tl.RULESETS["tuolaji"],
        levels=(tl.Rank.TWO, tl.Rank.THREE),
        kitty_public_at_end=False,
        throw_blocker_public=False,
    )
    game = tl.Game(rules, seed=6)
    game.play_match([tl.GreedyBot(0), tl.RandomBot(1), tl.GreedyBot(2), tl.RandomBot(3)])
    failed = 0
    for deal, last, actions in zip(
        game_frames(game), finished_states(game), game.actions, strict=True
    ):
        end = deal["frames"][-1]
        assert end["kitty"] == {"cards": ["back"] * 8, "face": False, "label": "kitty"}
        assert "hidden kitty" in end["say"]
        notes = [n for f in deal["frames"] for n in f["notes"]]
        assert all("who beat it is secret" in n and "beaten by" not in n for n in notes)
        failed += len(notes)
        lines = report.deal_lines(1, last, actions)
        assert any(line.startswith("  kitty (not shown)") for line in lines)
        assert sum("who beats it is secret" in line for line in lines) == len(notes)
    assert failed > 0


def test_r5_2_a_kitty_theft_is_a_step_and_the_thief_buries_again() -> None:
    """炒地皮 (``Rules.kitty_theft``): a theft after the dealer's burial is its own step, named
    a theft rather than a counter-bid, and the thief's burial follows; the dealer stays."""
    game = tl.Game(tl.Rules(kitty_theft="every_deal"), seed=7)
    game.play_deal([tl.RandomBot(s) for s in range(4)])
    (deal,) = game_frames(game)
    (last,) = finished_states(game)
    assert last.counters == 1
    says = [f["say"] for f in deal["frames"] if not f["trick"]]
    theft = next(i for i, say in enumerate(says) if " steals the kitty with " in say)
    thief = int(says[theft].split()[1])
    assert says[theft - 1].startswith(f"seat {last.dealer} buries ")
    # The trump changes, the dealer does not (R5.2); then the thief buries.
    assert says[theft + 1].startswith(f"seat {last.dealer} is the dealer")
    assert says[theft + 2].startswith(f"seat {thief} buries ")
    assert not any("counters with" in say for say in says)
    # The record reads back to the same deal, theft included (R11, R12).
    again = tl.replay(tl.write_record(game))
    assert again.rules == game.rules and list(again.history) == list(game.history)


@pytest.mark.parametrize("size", [0, 4])
def test_r4_1_kitty_size_the_viewer_shows_the_kitty_it_has(size: int) -> None:
    """R4.1 with Rules.kitty_size: the viewer plays a deal of (108 - size) / 4 cards a seat;
    a kitty of 4 is buried face up for the burier, then face down (4 backs) until the end;
    with no kitty no frame shows one, nobody buries, and the report and page still tell the
    deal and its score."""
    rules = attrs.evolve(
        tl.RULESETS["tuolaji"], levels=(tl.Rank.TWO, tl.Rank.THREE), kitty_size=size
    )
    game = tl.Game(rules, seed=4)
    game.play_deal([tl.GreedyBot(0), tl.RandomBot(1), tl.GreedyBot(2), tl.RandomBot(3)])
    (deal,) = game_frames(game)
    (last,) = finished_states(game)
    frames = deal["frames"]
    hand = (108 - size) // 4
    assert max(sum(len(h) for h in f["hands"]) for f in frames) >= 4 * hand
    assert deal["result"] == str(last.result) and frames[-1]["result"] == str(last.result)
    assert deal["kitty"] == [str(c) for c in last.kitty]
    burials = [f for f in frames if " buries " in f["say"]]
    if size:
        assert len(burials) == 1 and len(burials[0]["kitty"]["cards"]) == size
        assert frames[-1]["kitty"]["face"] and len(frames[-1]["kitty"]["cards"]) == size
    else:
        assert not burials and all(f["kitty"] is None for f in frames)
        assert "kitty" not in frames[-1]["say"]
    lines = report.deal_lines(1, last, game.actions[0])
    assert any(line.strip().startswith("seat") and "buries" in line for line in lines) == bool(size)
    assert any("kitty" in line for line in lines if "nobody bid" not in line) == bool(size)
    assert "<html" in replay_html(game)


# --- the analysis's marks (issue 32, item 5) ----------------------------------------------------


@pytest.fixture(scope="module")
def analysed() -> tuple[tl.Game, tuple[DealAnalysis, ...]]:
    game = short_match()
    return game, analyze_game(game, 1, worlds=1)


def test_each_trick_seat_1_played_carries_its_review(
    analysed: tuple[tl.Game, tuple[DealAnalysis, ...]],
) -> None:
    """Every review lands on the frame of the trick it went to, with its mark, its line and
    its flag; the deal carries the analysis's settings; frames without a play of the seat,
    and pages without an analysis, carry none."""
    game, analyses = analysed
    deals = game_frames(game, analyses)
    assert len(analyses) == len(deals) >= 2
    for deal, analysis in zip(deals, analyses, strict=True):
        assert deal["analysis"] == {
            "seat": 1,
            "worlds": 1,
            "threshold": analysis.threshold,
            "flagged": len(analysis.flagged),
        }
        marked = {f["trick"]["number"]: f["review"] for f in deal["frames"] if "review" in f}
        assert marked == {
            r.trick: {"mark": r.mark(), "text": str(r), "flagged": r.flagged, "cost": r.cost}
            for r in analysis.reviews
        }
    assert analyses[0].flagged, "the random seat makes a costly play"
    assert all("review" not in f for d in game_frames(game) for f in d["frames"])
    assert all("analysis" not in d for d in game_frames(game))


def test_the_marks_go_into_the_page_as_json_only(
    analysed: tuple[tl.Game, tuple[DealAnalysis, ...]],
) -> None:
    game, analyses = analysed
    page = replay_html(game, "marks", analyses=analyses)
    assert page.count("<script") == 2 and page.count("</script") == 2
    data = page[page.index('type="application/json">') :]
    payload = json.loads(data[data.index(">") + 1 : data.index("</script>")])
    first = analyses[0].reviews[0]
    frame = next(f for f in payload["deals"][0]["frames"] if "review" in f)
    assert frame["review"]["text"] == str(first)
    with pytest.raises(TypeError, match="analyses"):
        replay_html(game, analyses=[1])  # type: ignore[list-item]
    with pytest.raises(TypeError, match="analyses"):
        game_frames(game, "seat 1")  # type: ignore[arg-type]


def test_cli_replay_analyze_marks_the_page(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game = tl.Game("tuolaji", 5)
    game.play_deal([tl.GreedyBot(0), tl.RandomBot(1), tl.GreedyBot(2), tl.RandomBot(3)])
    record = tmp_path / "game.json"
    record.write_text(tl.write_record(game), encoding="utf-8")
    out = tmp_path / "game.html"
    args = ["replay", str(record), "--html", str(out), "--analyze", "3", "--worlds", "1"]
    assert main(args) == 0
    page = out.read_text(encoding="utf-8")
    assert page == replay_html(
        game, "tuolaji replay: game.json", analyses=analyze_game(game, 3, worlds=1)
    )
    capsys.readouterr()
    assert main(["replay", str(record), "--analyze", "3"]) == 2
    assert "--analyze marks the page of --html" in capsys.readouterr().err


def test_the_viewer_says_who_attacks_and_sorts_the_kitty() -> None:
    """Issue 43: from the dealer's step on, each frame says which team attacks (R1.4), and a
    burial and the kitty at the end read as a hand does under the trump (trumps, then suit
    by suit), not in the order the cards were buried."""
    game = short_match()
    for deal, last in zip(game_frames(game), finished_states(game), strict=True):
        frames = deal["frames"]
        dealer = next(f for f in frames if " is the dealer" in f["say"])
        team = 1 - last.dealer % 2
        said = f"team {team} (seats {team} and {team + 2}) attacks"
        assert dealer["say"].endswith(said)
        for f in frames:  # after the first deal the dealer is known from the start (R10)
            assert f["attackers"] == (
                said if f["dealer"] is not None else "no dealer yet, so no team attacks yet"
            )
        assert last.trump is not None
        kitty = last.trump.sorted(last.kitty)
        burial = next(f for f in frames if " buries " in f["say"])
        assert burial["say"].endswith(f" buries {tl.format_hand(kitty)}")
        assert burial["kitty"]["cards"] == [str(c) for c in kitty]
        assert frames[-1]["kitty"]["cards"] == [str(c) for c in kitty]
    assert '<output id="attack">' in replay_html(game)
