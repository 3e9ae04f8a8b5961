"""The replay viewer (issue 13, item 5): ``tuolaji replay FILE --html OUT`` writes one
self-contained page; a real headless Chromium loads it, steps to the end with its keys and
buttons, and the page shows the record's final score."""

from __future__ import annotations

import html
import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

import tuolaji as tl
from extras import missing
from tuolaji.tools.cli import main
from tuolaji.tools.viewer import game_frames, replay_html

BROWSERS = ("chromium", "chromium-browser", "google-chrome")


def recorded_game(tmp_path: Path, seed: int = 3, deals: int = 3) -> tuple[Path, tl.Game]:
    game = tl.Game("tuolaji", seed=seed)
    bots = [tl.GreedyBot(s) for s in range(4)]
    for _ in range(deals):
        game.play_deal(bots)
    record = tmp_path / "game.json"
    record.write_text(tl.write_record(game), encoding="utf-8")
    return record, game


def test_frames_follow_the_tricks(tmp_path: Path) -> None:
    _, game = recorded_game(tmp_path, deals=2)
    deals = game_frames(game)
    assert len(deals) == 2
    for deal, result in zip(deals, game.results, strict=True):
        frames = deal["frames"]
        assert frames[0]["trick"] is None and frames[0]["points"] == 0
        assert [f["trick"]["number"] for f in frames[1:]] == list(range(1, len(frames)))
        assert sum(len(h) for h in frames[-1]["hands"]) == 0
        assert deal["final_points"] == result.attacker_points
        assert deal["result"] == str(result)
        assert len(deal["kitty"]) == 8


def test_page_is_self_contained(tmp_path: Path) -> None:
    _, game = recorded_game(tmp_path, deals=1)
    page = replay_html(game, "a </script> title")
    assert not re.search(r"(src|href)=[\"']https?:", page)
    assert "@import" not in page and "url(" not in page
    assert page.count("</script>") == 2  # the data block and the program, nothing injected
    data = page[page.index('type="application/json">') :]
    payload = data[data.index(">") + 1 : data.index("</script>")]
    assert json.loads(payload)["deals"][0]["result"] == str(game.results[0])


def test_cli_writes_the_page(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record, game = recorded_game(tmp_path, deals=1)
    out = tmp_path / "game.html"
    assert main(["replay", str(record), "--html", str(out)]) == 0
    assert "wrote" in capsys.readouterr().out
    assert str(game.results[0]) in html.unescape(out.read_text(encoding="utf-8"))


def browser() -> str | None:
    return next((path for name in BROWSERS if (path := shutil.which(name))), None)


def dump_dom(page: Path, fragment: str, profile: Path) -> str:
    exe = browser()
    if exe is None:
        missing("Chromium (apt-get install -y chromium; .ci/extras installs it)")
    command = [
        exe,
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--disable-extensions",
        f"--user-data-dir={profile}",
        "--dump-dom",
        f"{page.as_uri()}#{fragment}",
    ]
    done = subprocess.run(command, capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout


def shown(dom: str, element_id: str) -> str:
    match = re.search(rf'id="{element_id}"[^>]*>([^<]*)<', dom)
    assert match is not None, element_id
    return html.unescape(match.group(1))


@pytest.fixture(scope="module")
def viewer_page(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, tl.Game]:
    tmp = tmp_path_factory.mktemp("viewer")
    record, game = recorded_game(tmp, deals=3)
    page = tmp / "game.html"
    assert main(["replay", str(record), "--html", str(page)]) == 0
    return page, game


def test_browser_steps_to_the_end_with_the_arrow_key(
    viewer_page: tuple[Path, tl.Game], tmp_path: Path
) -> None:
    page, game = viewer_page
    frames = sum(len(d["frames"]) for d in game_frames(game))
    dom = dump_dom(page, f"keys=ArrowRight:{frames + 5}", tmp_path / "profile")
    last = game.results[-1]
    assert shown(dom, "deal") == "3"
    assert shown(dom, "points") == str(last.attacker_points)
    assert shown(dom, "result") == f"Result: {last}"
    assert dom.count('class="kitty"') == 1


@pytest.mark.slow
def test_browser_buttons_and_other_keys(viewer_page: tuple[Path, tl.Game], tmp_path: Path) -> None:
    page, game = viewer_page
    first = game_frames(game)[0]
    dom = dump_dom(page, "click=last,first,next:2,nextdeal,prevdeal", tmp_path / "p1")
    assert shown(dom, "deal") == "1" and shown(dom, "trick") == "0"
    assert shown(dom, "points") == "0"
    dom = dump_dom(page, "keys=End,ArrowUp,ArrowRight:2", tmp_path / "p2")
    assert shown(dom, "deal") == "2" and shown(dom, "trick") == "2"
    dom = dump_dom(page, "deal=1&trick=3", tmp_path / "p3")
    assert shown(dom, "points") == str(first["frames"][3]["points"])
    assert dom.count('href="#tl-') == sum(map(len, first["frames"][3]["hands"])) + sum(
        map(len, first["frames"][3]["trick"]["plays"])
    )
