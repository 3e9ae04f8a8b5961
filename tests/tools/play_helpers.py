"""What the tests of ``tuolaji play --serve`` share: a served table on a thread, requests with
urllib, and the check that what the page is sent holds no card the seat may not see."""

from __future__ import annotations

import contextlib
import json
import os
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import tuolaji as tl
from interrupt import interruptible
from tuolaji.state.actions import Action, AskRedeal, Bury, Declare, Pass, Play
from tuolaji.tools.play_server import PlayServer
from tuolaji.tools.table import PlaySession

SEED = 3
HUMAN = 1


def new_table(practice: bool = False, seed: int = SEED) -> PlaySession:
    """A table with greedy bots (fast) and the person at seat ``HUMAN``."""
    bots = [None if s == HUMAN else tl.GreedyBot(seed=seed * 4 + s) for s in range(4)]
    return PlaySession(
        "tuolaji", seed, seat=HUMAN, bots=bots, hint=tl.GreedyBot(), practice=practice
    )


@contextlib.contextmanager
def served(table: PlaySession, **options: Any) -> Iterator[PlayServer]:
    """``table`` served on 127.0.0.1 on a thread (``options`` for the server, such as
    ``trick_pause``), shut down on exit."""
    server = PlayServer(table, **options)
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05})
    thread.start()
    try:
        yield server
    finally:
        server.shutdown()
        server.server_close()
        thread.join()


def request(
    server: PlayServer,
    path: str,
    body: bytes | dict[str, Any] | None = None,
    *,
    token: str | None = "",
    method: str | None = None,
    headers: dict[str, str] | None = None,
) -> tuple[int, dict[str, str], bytes]:
    """One request: the token in the X-Token header (``""``: the server's; None: none);
    returns the status, the headers and the body."""
    host, port = server.server_address[:2]
    data = json.dumps(body).encode() if isinstance(body, dict) else body
    sent = dict(headers or {})
    if token is not None:
        sent["X-Token"] = token or server.token
    req = urllib.request.Request(
        f"http://{host!s}:{port}{path}", data=data, headers=sent, method=method
    )
    try:
        with urllib.request.urlopen(req, timeout=60) as response:
            return response.status, dict(response.headers), response.read()
    except urllib.error.HTTPError as error:
        return error.code, dict(error.headers), error.read()


def typed(action: Action) -> str:
    """The move text the page sends for ``action``."""
    if isinstance(action, Pass):
        return "p"
    if isinstance(action, AskRedeal):
        return "r"
    assert isinstance(action, Declare | Bury | Play)
    return " ".join(str(c) for c in action.cards)


def visible(view: tl.PlayerView) -> Counter[str]:
    """Every card the seat may see, with its count: its hand, the cards played, the cards
    shown in bids, and the kitty when the view holds it."""
    seen = Counter(str(c) for c in view.hand)
    plays = [p for t in view.tricks for p in t.plays] + list(view.trick)
    for cards in [*plays, *view.shown, view.kitty or ()]:
        seen.update(str(c) for c in cards)
    return seen


def cards_in(value: Any) -> Counter[str]:
    """The card ids named by the strings in ``value`` (a nested JSON value), with counts;
    a string of several cards (``"KH KH"``) counts each."""
    names = {str(c) for c in tl.CARDS}
    found: Counter[str] = Counter()
    if isinstance(value, str):
        found.update(word for word in value.split() if word in names)
    elif isinstance(value, dict):
        for item in value.values():
            found += cards_in(item)
    elif isinstance(value, list):
        for item in value:
            found += cards_in(item)
    return found


def check_secret(payload: dict[str, Any], table: PlaySession) -> None:
    """The payload names no card beyond what the person's seat may see: field by field, no
    card more often than the seat can see it, and the hand is exactly the seat's."""
    view = table.view
    allowed = visible(view)
    assert sorted(payload["hand"]) == sorted(str(c) for c in view.hand)
    assert payload["sizes"] == list(view.hand_sizes)
    for field in ("hand", "trick", "last", "shown", "kitty"):
        over = cards_in(payload[field]) - allowed
        assert not over, f"{field} names cards the seat cannot see: {over}"
    # The choices are alternatives: each on its own names only cards the seat may see.
    choices = payload["choices"]
    for option in choices.get("options", []) if isinstance(choices, dict) else []:
        over = cards_in(option) - allowed
        assert not over, f"the choice {option!r} names cards the seat cannot see: {over}"
    over = cards_in({k: v for k, v in (choices or {}).items() if k != "options"}) - allowed
    assert not over, f"choices names cards the seat cannot see: {over}"
    hidden = Counter(str(c) for s in range(4) if s != view.seat for c in table.game.state.hands[s])
    for card in hidden:
        if not allowed[card]:
            assert f'"{card}"' not in json.dumps(payload), card


def start_server(record: Path) -> tuple[subprocess.Popen[str], str]:
    """A live ``play --serve`` (seat 1, seed 3, greedy bots) and its page's address."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    args = ["play", "--serve", "--no-open", "--seed", "3", "--seat", "1", "--bots", "greedy"]
    proc = interruptible(
        [sys.executable, "-m", "tuolaji", *args, "--record", str(record)],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env,
        text=True,
    )
    assert proc.stdout is not None
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        line = proc.stdout.readline()
        if line.startswith("open "):
            return proc, line.split()[1]
        assert line, proc.communicate(timeout=30)
    proc.kill()
    raise AssertionError("the server printed no address")


def call(url: str, path: str, body: dict[str, Any] | None = None) -> dict[str, Any]:
    base, token = url.split("/?token=")
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(
        base + path,
        data=data,
        headers={"X-Token": token, "Content-Type": "application/json"},
        method="GET" if body is None else "POST",
    )
    with urllib.request.urlopen(req, timeout=60) as response:
        answer: dict[str, Any] = json.loads(response.read())
        return answer


def one_move(url: str) -> None:
    """The person's first move (a follow of trick 1 for seed 3), by the first choice shown
    or the first card of the hand."""
    state = call(url, "/state")
    choices = state["choices"]
    move = choices["options"][0] if choices["options"] else state["hand"][0]
    answer = call(url, "/act", {"seat": 1, "decision": state["decision"], "move": move})
    assert answer["decision"] != state["decision"]


SIZES = [(1024, 768), (1280, 800), (1920, 1080)]
"""The windows a person's page is checked at (issue 43)."""

# Boxes of a page of the table (the play page, the replay viewer): the main panels and the
# parts of the panel beside the table never overlap; no visible element passes the window's
# sides; no box that clips its content (overflow other than visible) has more content than
# room, except the boxes that scroll by design (the log).
BOXES = """(scrolls) => {
  const box = (node) => { const r = node.getBoundingClientRect();
    return [r.left, r.top, r.right, r.bottom]; };
  const seen = (node) => { const r = node.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && getComputedStyle(node).visibility !== "hidden"; };
  const overlap = (a, b) => Math.min(a[2], b[2]) - Math.max(a[0], b[0]) > 0.5 &&
    Math.min(a[3], b[3]) - Math.max(a[1], b[1]) > 0.5;
  const pairs = (nodes) => { const out = [];
    nodes.forEach((a, i) => nodes.slice(i + 1).forEach((b) => {
      if (overlap(box(a), box(b))) out.push((a.id || a.tagName) + " / " + (b.id || b.tagName));
    })); return out; };
  const panels = ["header", "nav", "#info", "#table", "aside"]
    .map((s) => document.querySelector(s)).filter(seen);
  const parts = [...document.querySelector("aside").children].filter(seen);
  const width = window.innerWidth, cut = [], clipped = [];
  for (const node of document.body.querySelectorAll("*")) {
    if (node.closest("#defs") || node.closest("script") || !seen(node)) continue;
    const r = node.getBoundingClientRect();
    if (r.right > width + 0.5 || r.left < -0.5) cut.push(node.tagName + "#" + node.id);
    const style = getComputedStyle(node);
    if (!scrolls.includes(node.id) && node.tagName !== "svg" && style.overflowY !== "visible" &&
        node.scrollHeight > node.clientHeight + 1) clipped.push(node.tagName + "#" + node.id);
  }
  // A part of the panel whose content runs past its own box is drawn over the next part.
  const spills = parts.filter((n) => !scrolls.includes(n.id) &&
    (n.scrollHeight > n.clientHeight + 1 ||
     [...n.children].some((c) => seen(c) && box(c)[3] > box(n)[3] + 0.5)))
    .map((n) => n.tagName + "#" + n.id);
  // The log's numbers (a deal tells 100 lines and more) fit in its left padding.
  const log = document.getElementById("log"), items = log.querySelectorAll("li").length;
  const pen = document.createElement("canvas").getContext("2d");
  pen.font = getComputedStyle(log).font;
  const numbers = pen.measureText(items + ". ").width <= parseFloat(
    getComputedStyle(log).paddingLeft) + 0.5;
  const status = document.getElementById("status"), message = document.getElementById("message");
  const inside = (a, b) => a[0] >= b[0] - 0.5 && a[1] >= b[1] - 0.5 && a[2] <= b[2] + 0.5 &&
    a[3] <= b[3] + 0.5;
  return {panels: pairs(panels), parts: pairs(parts), cut: cut, clipped: clipped, spills: spills,
    numbers: items === 0 || numbers,
    message: !message || !seen(message) || inside(box(message), box(status)),
    scroll: document.documentElement.scrollWidth, width: width,
    table: document.getElementById("table").getBoundingClientRect().width,
    used: Math.max(...panels.map((n) => n.getBoundingClientRect().right)),
    log: parseFloat(getComputedStyle(document.getElementById("log")).fontSize)};
}"""


def check_boxes(page: Any, where: str, scrolls: tuple[str, ...] = ("log",)) -> dict[str, Any]:
    """Check the page's boxes (``BOXES``); the ids in ``scrolls`` may scroll their content.
    Returns the measures."""
    boxes: dict[str, Any] = page.evaluate(BOXES, list(scrolls))
    assert boxes["panels"] == [] and boxes["parts"] == [], (where, boxes)
    assert boxes["cut"] == [] and boxes["clipped"] == [], (where, boxes)
    assert boxes["spills"] == [], (where, boxes)
    assert boxes["numbers"], (where, "the log's numbers are cut", boxes)
    assert boxes["message"], (where, "the message passes its box", boxes)
    assert boxes["scroll"] <= boxes["width"], (where, boxes)
    return boxes
