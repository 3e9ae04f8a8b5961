"""``tuolaji play --serve``: the table in a browser, served by the standard library.

[`serve`][tuolaji.tools.play_server.serve] binds a
[`PlayServer`][tuolaji.tools.play_server.PlayServer] to 127.0.0.1 on a free port and prints
the page's address, which carries a random token (`secrets.token_urlsafe`); the page draws
the table with the replay viewer's drawings and script
(`tuolaji.tools.viewer.TABLE_SCRIPT`) and lets the person click cards to bid, bury and play,
or play from the keyboard (the hand's cards are buttons named in words, arrows move between
them, Enter picks one; or type the move). After the person's move each trick finished since
stays on the table, its winner and points marked, for ``trick_pause`` seconds or until a
click (`page_html`).
Every answer is built from the person's [`PlayerView`][tuolaji.PlayerView] and legal actions
(`table_payload`), so the page never receives another seat's hidden cards.

The server faces hostile input. It serves only requests that carry the token (compared in
constant time), one game per token; it takes moves only for the person's seat and only on its
turn; a request body is at most [`MAX_BODY`][tuolaji.tools.play_server.MAX_BODY] bytes (at most
that many plus one are read); a malformed request gets a 4xx answer with a one-line message and
changes nothing. Every answer carries a Content-Security-Policy, ``no-store`` and ``nosniff``.

The API, for the page and for tests (token in the ``X-Token`` header or the ``token`` query
parameter): ``GET /`` the page, ``GET /state`` the person's view as JSON, ``POST /act`` with
``{"seat": N, "decision": D, "move": "♥KK"}`` (card notation, ``p`` pass, ``r`` redeal),
``POST /hint``, ``POST /undo`` (practice mode), ``POST /next`` (the next deal), ``POST /left``
(the page is going away: the server's ``on_leave`` runs), ``GET /record`` the game record as
a download.

``D`` is the payload's ``decision``
([`PlaySession.decision_number`][tuolaji.tools.table.PlaySession.decision_number]), required by
``/act``, ``/undo`` and ``/next``: a request for another decision than the one now (a double
click, a retry, a stale page) is refused with 409 and changes nothing, so a repeated move is
never applied to the next decision.

The record holds the seed, from which every hand of every deal follows, so it is handed out
only at the end of a deal, and handing it out before the match is over ends the game
([`PlaySession.hand_out_record`][tuolaji.tools.table.PlaySession.hand_out_record]): the person
never holds a record that tells a deal still to be played.
"""

from __future__ import annotations

import hmac
import json
import math
import secrets
import socket
import sys
import threading
import webbrowser
from collections.abc import Callable
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import parse_qs, urlsplit

import attrs

from tuolaji.core.cards import CARDS, level_labels
from tuolaji.core.errors import ConfigurationError, TuolajiError, cut
from tuolaji.core.rules import preset_name
from tuolaji.tools.table import FORCED_LINE, PlaySession, card_words, move_text
from tuolaji.tools.terminal import one_line
from tuolaji.tools.viewer import (
    TABLE_SCRIPT,
    TABLE_STYLE,
    card_ids,
    cjk_font_face,
    page_csp,
    table_page,
)

__all__ = [
    "DEFAULT_TRICK_PAUSE",
    "MAX_BODY",
    "MAX_TRICK_PAUSE",
    "MIN_TOKEN",
    "PlayServer",
    "page_html",
    "serve",
    "table_payload",
]

MAX_BODY = 4096
"""The most bytes of a request body (a move is a few dozen)."""

_API_HEADERS = {
    "Cache-Control": "no-store",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
}


def table_payload(table: PlaySession) -> dict[str, Any]:
    """What the page is sent: the person's view and choices only (the person's hand sorted by
    the trump, the others' hand sizes, the shown cards, the trick on the table and the last
    one, every finished trick of the deal (all were played face up), the kitty when the view
    holds one, the person's [`side`][tuolaji.tools.table.PlaySession.side], the public events
    of the deal as lines, and per finished trick how many of them were told and the
    attackers' points then, `PlaySession.trick_moments`), and the number of the decision a
    move must name. Raises
    `TypeError` for a non-table."""
    _check_table(table)
    view = table.view
    trick = {"leader": view.leader, "plays": [card_ids(p) for p in view.trick]}
    last = view.tricks[-1] if view.tricks else None
    news, _ = table.news()
    preset = preset_name(view.rules)
    side = table.side()
    return {
        "seat": view.seat,
        "rules": f"{preset} rules" if preset else "house rules",
        "deal": table.game.state.deal_number + 1,
        "phase": view.phase.value,
        "dealer": view.dealer,
        "trump": None if view.trump is None else str(view.trump),
        "levels": level_labels(view.levels, view.no_trump_level),
        "hand": card_ids(table.hand_trump().sorted(view.hand)),
        "sizes": list(view.hand_sizes),
        "shown": [card_ids(s) for s in view.shown],
        "trick": trick,
        "last": None
        if last is None
        else {
            "leader": last.leader,
            "plays": [card_ids(p) for p in last.plays],
            "winner": last.winner,
            "points": last.points,
        },
        "tricks": len(view.tricks),
        "done": _done(table),
        "side": {**attrs.asdict(side), "line": str(side)},
        # No kitty (Rules.kitty_size 0) draws none: the dealer's view holds an empty one.
        "kitty": card_ids(view.kitty) if view.kitty else None,
        "points": view.attacker_points,
        "deciding": table.deciding,
        "choices": attrs.asdict(table.choices()),
        "news": news,
        "result": None if view.result is None else str(view.result),
        "over": table.game.over,
        "practice": table.practice,
        "can_undo": table.can_undo,
        "decision": table.decision_number,
        "closed": table.closed,
    }


def _done(table: PlaySession) -> list[dict[str, Any]]:
    """Every finished trick of the deal, with the moment just after it: the person's hand
    and the hands' sizes then (the cards played since put back: all were played face up),
    the lines of the news told and the attackers' points (`PlaySession.trick_moments`)."""
    view = table.view
    trump = table.hand_trump()
    hand = list(view.hand)
    sizes = list(view.hand_sizes)
    later = [(t.leader, t.plays) for t in view.tricks] + [(view.leader, view.trick)]
    done: list[dict[str, Any]] = []
    moments = table.trick_moments()
    for index in range(len(view.tricks) - 1, -1, -1):
        leader, plays = later[index + 1]
        for offset, cards in enumerate(plays):
            seat = (leader + offset) % 4
            sizes[seat] += len(cards)
            if seat == view.seat:
                hand.extend(cards)
        trick, moment = view.tricks[index], moments[index]
        done.append(
            {
                "leader": trick.leader,
                "plays": [card_ids(p) for p in trick.plays],
                "winner": trick.winner,
                "points": trick.points,
                "told": moment.told,
                "attackers": moment.points,
                "hand": card_ids(trump.sorted(hand)),
                "sizes": list(sizes),
            }
        )
    return done[::-1]


def _check_table(table: object) -> None:
    if not isinstance(table, PlaySession):
        raise TypeError(f"table is a tuolaji.tools.table.PlaySession, got {type(table).__name__}")


DEFAULT_TRICK_PAUSE = 2.0
"""Seconds a finished trick stays on the page's table after the person's move (a click goes
on at once)."""

MAX_TRICK_PAUSE = 60.0
"""The longest pause after a trick, in seconds; below 0 means until a click."""


def _check_pause(value: object) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise TypeError(f"trick_pause is a number of seconds, got {type(value).__name__}")
    if math.isnan(value) or value > MAX_TRICK_PAUSE:  # a pause nobody waits out
        raise ConfigurationError(
            f"trick_pause is at most {MAX_TRICK_PAUSE:g} seconds (below 0: until a click), "
            f"got {cut(value)}"
        )
    return -1.0 if value < 0 else float(value)


MIN_TOKEN = 16
"""The fewest characters of a token given to [`PlayServer`][tuolaji.tools.play_server.PlayServer]
(a short token could be guessed; the default has 32)."""


def _check_token_argument(token: object) -> str:
    if not isinstance(token, str):
        raise TypeError(f"token is a str, got {type(token).__name__}")
    if len(token) < MIN_TOKEN or not token.isascii() or not token.isprintable():
        raise ConfigurationError(
            f"token is at least {MIN_TOKEN} printable ASCII characters (it guards the game), "
            f"got {cut(token, 40)}"
        )
    return token


def _check_port(port: object) -> int:
    if isinstance(port, bool) or not isinstance(port, int):
        raise TypeError(f"port is an int, got {type(port).__name__}")
    if not 0 <= port <= 65535:
        raise ConfigurationError(f"port is 0 (a free one) to 65535, got {cut(port)}")
    return port


def _content_length(text: str | None) -> int:
    """The body's length from its ``Content-Length`` header: only ASCII digits (what the
    HTTP grammar allows), at most a few of them; anything else is refused."""
    if text is None or not text.isascii() or not text.isdigit():
        raise _Refused(
            HTTPStatus.LENGTH_REQUIRED, "a request body needs a Content-Length in digits"
        )
    if len(text) > len(str(MAX_BODY)) + 1 or int(text) > MAX_BODY:
        raise _Refused(
            HTTPStatus.REQUEST_ENTITY_TOO_LARGE, f"a request body is at most {MAX_BODY} bytes"
        )
    return int(text)


def page_html(table: PlaySession, token: str, trick_pause: float = DEFAULT_TRICK_PAUSE) -> str:
    """The page of the table for ``token``'s game: the viewer's card drawings, style and
    drawing script, the person's view as JSON, and the play script (see the module
    docstring); a Content-Security-Policy lets only its own script run and talk to its own
    server. After the person's move each trick finished since stays on the table, its
    winner and points marked, for ``trick_pause`` seconds (0: not at all, below 0: until a
    click or a key; the page's ``?pause=`` and its own setting choose too). Raises
    `TypeError` for a non-table, a non-str token or a non-number pause and
    [`ConfigurationError`][tuolaji.ConfigurationError] for a pause beyond
    [`MAX_TRICK_PAUSE`][tuolaji.tools.play_server.MAX_TRICK_PAUSE]."""
    _check_table(table)
    if not isinstance(token, str):
        raise TypeError(f"token is a str, got {type(token).__name__}")
    pause = _check_pause(trick_pause)
    data = {
        "token": token,
        "table": table_payload(table),
        "pause": pause,
        "forced": FORCED_LINE,
        "words": {**{str(c): card_words(c) for c in CARDS}, "back": "a card face down"},
    }
    return table_page(
        "tuolaji play",
        style=_STYLE,
        script=_SCRIPT,
        data=data,
        controls=_CONTROLS,
        aside=_ASIDE,
        served=True,
    )


class _Refused(Exception):
    """A request refused with ``status`` and a one-line message; nothing changed."""

    def __init__(self, status: HTTPStatus, message: str) -> None:
        super().__init__(message)
        self.status = status


class PlayServer(ThreadingHTTPServer):
    """The server of one game (``table``) for one ``token`` (None: a random one), on
    127.0.0.1 at ``port`` (0: a free one). Requests are served one at a time against the table
    (a lock), each on its own thread; a client that hangs up early is let go silently. Raises
    `TypeError` and [`ConfigurationError`][tuolaji.ConfigurationError] for bad arguments
    (a token shorter than [`MIN_TOKEN`][tuolaji.tools.play_server.MIN_TOKEN], a port
    outside 0-65535, a ``trick_pause`` as for `page_html`, an ``on_leave`` that is not a
    function)."""

    daemon_threads = True

    def __init__(
        self,
        table: PlaySession,
        token: str | None = None,
        port: int = 0,
        trick_pause: float = DEFAULT_TRICK_PAUSE,
        on_leave: Callable[[], None] | None = None,
    ) -> None:
        _check_table(table)
        if on_leave is not None and not callable(on_leave):
            raise TypeError(f"on_leave is None or a function, got {type(on_leave).__name__}")
        self.on_leave = on_leave
        """Called (under the lock) when the page says it is going away (``POST /left``, sent
        as the page is closed or reloaded): ``tuolaji play --record`` saves the record then,
        so a closed browser loses no move even if the server is later killed."""
        self.table = table
        self.trick_pause = _check_pause(trick_pause)
        """Seconds a finished trick stays on the page (see `page_html`)."""
        self.token = secrets.token_urlsafe(24) if token is None else _check_token_argument(token)
        self.lock = threading.Lock()
        super().__init__(("127.0.0.1", _check_port(port)), _Handler)

    def handle_error(self, request: Any, client_address: Any) -> None:
        """A client that hung up (or stalled past the timeout) is no error of the game: let it
        go without a word; anything else is reported as the standard library does."""
        if isinstance(sys.exc_info()[1], ConnectionError | socket.timeout):
            return
        super().handle_error(request, client_address)

    @property
    def url(self) -> str:
        """The page's address, token included."""
        host, port = self.server_address[:2]
        return f"http://{host!s}:{port}/?token={self.token}"


class _Handler(BaseHTTPRequestHandler):
    server: PlayServer
    server_version = "tuolaji-play"
    sys_version = ""
    timeout = 20  # seconds: a client that stalls mid-request loses its connection

    def log_message(self, format: str, *args: Any) -> None:
        return  # the terminal shows the game, not a request log

    # --- answers -------------------------------------------------------------------------

    def _send(self, status: HTTPStatus, body: bytes, kind: str, **headers: str) -> None:
        self.send_response(status)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Content-Security-Policy", _CSP)
        for name, value in {**_API_HEADERS, **headers}.items():
            self.send_header(name, value)
        self.end_headers()
        if getattr(self, "command", None) != "HEAD":
            self.wfile.write(body)

    def _json(self, value: Any, status: HTTPStatus = HTTPStatus.OK) -> None:
        body = json.dumps(value, ensure_ascii=False).encode("utf-8")
        self._send(status, body, "application/json; charset=utf-8")

    def _refuse(self, refused: _Refused) -> None:
        self.close_connection = True
        self._json({"error": one_line(str(refused))}, refused.status)

    def send_error(self, code: int, message: str | None = None, explain: str | None = None) -> None:
        """The standard library's own refusals (a malformed request line or header, a
        method it has no handler for) in the same form as the others: one JSON line."""
        status = HTTPStatus(code)
        if status is HTTPStatus.NOT_IMPLEMENTED:  # a method without a do_ handler
            status, message = HTTPStatus.METHOD_NOT_ALLOWED, "only GET and POST"
        # No client speaks HTTP/0.9, whose answers have no headers: answer with them.
        self.request_version = "HTTP/1.0"
        self._refuse(_Refused(status, message or status.phrase))

    # --- checks ----------------------------------------------------------------------------

    def _check_token(self) -> str:
        parts = urlsplit(self.path)
        given = self.headers.get("X-Token")
        if given is None:
            values = parse_qs(parts.query).get("token", [])
            given = values[0] if len(values) == 1 else ""
        if not hmac.compare_digest(given.encode("utf-8"), self.server.token.encode("utf-8")):
            raise _Refused(HTTPStatus.FORBIDDEN, "this game's token is missing or wrong")
        return parts.path

    def _body(self) -> dict[str, Any]:
        length = _content_length(self.headers.get("Content-Length"))
        raw = self.rfile.read(min(length, MAX_BODY + 1))
        if len(raw) > MAX_BODY:  # pragma: no cover - Content-Length was checked first
            raise _Refused(
                HTTPStatus.REQUEST_ENTITY_TOO_LARGE, f"a request body is at most {MAX_BODY} bytes"
            )
        try:
            data = json.loads(raw.decode("utf-8")) if raw else {}
        except (UnicodeDecodeError, ValueError, RecursionError):
            raise _Refused(HTTPStatus.BAD_REQUEST, "the body is not JSON text") from None
        if not isinstance(data, dict):
            raise _Refused(HTTPStatus.BAD_REQUEST, 'the body is a JSON object {"seat": ...}')
        return data

    def _seat(self, data: dict[str, Any]) -> None:
        seat = data.get("seat")
        if type(seat) is not int:
            raise _Refused(HTTPStatus.BAD_REQUEST, 'the body names the seat: {"seat": N, ...}')
        if seat != self.server.table.seat:
            raise _Refused(
                HTTPStatus.FORBIDDEN,
                f"this page plays seat {self.server.table.seat} only, not seat {seat}",
            )

    # --- requests ------------------------------------------------------------------------------

    def do_GET(self) -> None:
        try:
            path = self._check_token()
            table = self.server.table
            with self.server.lock:
                if path == "/":
                    html = page_html(table, self.server.token, self.server.trick_pause)
                    page = html.encode("utf-8")
                    self._send(HTTPStatus.OK, page, "text/html; charset=utf-8")
                elif path == "/state":
                    self._json(table_payload(table))
                elif path == "/record":
                    try:
                        body = table.hand_out_record().encode("utf-8")
                    except TuolajiError as exc:
                        raise _Refused(HTTPStatus.CONFLICT, str(exc)) from None
                    self._send(
                        HTTPStatus.OK,
                        body,
                        "application/json; charset=utf-8",
                        **{"Content-Disposition": 'attachment; filename="tuolaji-record.json"'},
                    )
                else:
                    raise _Refused(HTTPStatus.NOT_FOUND, "no such page")
        except _Refused as refused:
            self._refuse(refused)

    def do_POST(self) -> None:
        try:
            path = self._check_token()
            if path not in _POSTS:
                raise _Refused(HTTPStatus.NOT_FOUND, "no such action")
            data = self._body()
            self._seat(data)
            with self.server.lock:
                if path in _NUMBERED:
                    _check_decision(self.server.table, data)
                answer = _POSTS[path](self.server.table, data)
                if path == "/left" and self.server.on_leave is not None:
                    self.server.on_leave()
            self._json(answer)
        except _Refused as refused:
            self._refuse(refused)

    def do_PUT(self) -> None:
        self._refuse(_Refused(HTTPStatus.METHOD_NOT_ALLOWED, "only GET and POST"))

    do_DELETE = do_PATCH = do_HEAD = do_OPTIONS = do_PUT


def _check_decision(table: PlaySession, data: dict[str, Any]) -> None:
    """A move names the decision it answers: a repeat (a double click, a retry, a stale
    page) is refused, never applied to the decision after."""
    number = data.get("decision")
    if type(number) is not int:
        raise _Refused(
            HTTPStatus.BAD_REQUEST, 'the body names the decision it answers: {"decision": N, ...}'
        )
    if number != table.decision_number:
        raise _Refused(
            HTTPStatus.CONFLICT,
            f"this request answers decision {cut(number, 30)}, but the table is at decision "
            f"{table.decision_number} (a repeated or stale request): nothing changed",
        )
    if table.closed:
        raise _Refused(
            HTTPStatus.CONFLICT,
            "the record was handed out, and the later deals follow from its seed: this game "
            "is over (tuolaji play starts a new one)",
        )


def _act(table: PlaySession, data: dict[str, Any]) -> dict[str, Any]:
    move = data.get("move")
    if not isinstance(move, str):
        raise _Refused(HTTPStatus.BAD_REQUEST, 'the body gives the move: {"move": "♥KK"}')
    if not table.deciding:
        raise _Refused(HTTPStatus.CONFLICT, "it is not your turn: the deal is over")
    try:
        table.act(table.read(move))
    except TuolajiError as exc:
        raise _Refused(HTTPStatus.UNPROCESSABLE_ENTITY, str(exc)) from None
    return table_payload(table)


def _left(table: PlaySession, data: dict[str, Any]) -> dict[str, Any]:
    return {}  # the server calls its on_leave (see do_POST)


def _hint(table: PlaySession, data: dict[str, Any]) -> dict[str, Any]:
    try:
        action = table.hint()
    except TuolajiError as exc:
        raise _Refused(HTTPStatus.CONFLICT, str(exc)) from None
    return {"hint": move_text(action)}


def _undo(table: PlaySession, data: dict[str, Any]) -> dict[str, Any]:
    try:
        table.undo()
    except TuolajiError as exc:
        raise _Refused(HTTPStatus.CONFLICT, str(exc)) from None
    return table_payload(table)


def _next(table: PlaySession, data: dict[str, Any]) -> dict[str, Any]:
    try:
        table.next_deal()
    except TuolajiError as exc:
        raise _Refused(HTTPStatus.CONFLICT, str(exc)) from None
    return table_payload(table)


_POSTS = {"/act": _act, "/hint": _hint, "/undo": _undo, "/next": _next, "/left": _left}
_NUMBERED = frozenset({"/act", "/undo", "/next"})


def serve(
    table: PlaySession,
    *,
    open_browser: bool = True,
    port: int = 0,
    trick_pause: float = DEFAULT_TRICK_PAUSE,
    on_leave: Callable[[], None] | None = None,
) -> None:
    """Serve ``table`` on 127.0.0.1 (a free port unless ``port``; a finished trick stays
    ``trick_pause`` seconds, see `page_html`; ``on_leave`` is called when the page is closed,
    see [`PlayServer`][tuolaji.tools.play_server.PlayServer]), print the page's address
    (with its token) and, when ``open_browser``, open it; serve until Ctrl-C (or a signal the
    caller turns into an exception), whose exception reaches the caller (which saves the
    record) once the server is closed and a move being answered is done. Raises `TypeError`
    and [`ConfigurationError`][tuolaji.ConfigurationError] for bad arguments."""
    if not isinstance(open_browser, bool):
        raise TypeError(f"open_browser is a bool, got {type(open_browser).__name__}")
    server = PlayServer(table, port=port, trick_pause=trick_pause, on_leave=on_leave)
    print(f"open {server.url} (Ctrl-C stops the game)", flush=True)
    if open_browser:
        webbrowser.open(server.url)
    try:
        server.serve_forever(poll_interval=0.2)
    finally:  # Ctrl-C (KeyboardInterrupt) goes on to the caller once the socket is closed
        server.server_close()
        # A move being answered on another thread ends first, so that the caller's record
        # holds it whole (a stuck request is not waited for past a few seconds).
        if server.lock.acquire(timeout=10):
            server.lock.release()


_STYLE = (
    cjk_font_face()
    + TABLE_STYLE
    + """body { font-family: "DejaVu Sans", Arial, "tuolaji CJK", sans-serif; }
#choices button, #actions button, #typer button { font-size: 15px; padding: 4px 10px; }
#choices { display: flex; gap: 6px; flex-wrap: wrap; min-height: 34px; }
#message { color: #8a1c1c; }
[hidden] { display: none !important; }
#status { height: auto; min-height: 12.6em; }
#info #side-box { flex: 1 1 100%; }
#typer { display: flex; gap: 6px; align-items: center; flex-wrap: wrap; }
#typed { font-size: 15px; width: 14em; }
use.mine { cursor: pointer; }
use.mine:focus { outline: none; }
use.mine:focus-visible { outline: none; }
.focus { fill: none; stroke: #ffd84a; stroke-width: 4; }
.picked { fill: none; stroke: #1e5bd8; stroke-width: 3; stroke-dasharray: 6 3; }
button:focus-visible, input:focus-visible, select:focus-visible, a:focus-visible {
  outline: 3px solid #1e5bd8; outline-offset: 2px; }
#log li.new { font-weight: bold; }
"""
)

_SCRIPT = (
    TABLE_SCRIPT
    + """let T = GAME.table, selected = new Set(), focused = null, showing = null, queue = [];
let timer = null, fresh = 0;
const API = {"X-Token": GAME.token, "Content-Type": "application/json"};
const at = (seat) => (seat - T.seat + 4) % 4;
const WORDS = GAME.words;
function set(id, text) { document.getElementById(id).textContent = text; }
// The pause after a finished trick, in seconds (0: none, below 0: until a click): the
// page's ?pause= first, else the server's --trick-pause.
const asked = new URLSearchParams(location.search).get("pause");
let pause = asked !== null && isFinite(Number(asked)) ? Number(asked) : GAME.pause;
const pauser = document.getElementById("pause");
if (![...pauser.options].some((o) => Number(o.value) === pause)) {
  const o = document.createElement("option");
  o.value = String(pause); o.textContent = pause + " s";
  pauser.appendChild(o);
}
pauser.value = [...pauser.options].find((o) => Number(o.value) === pause).value;
pauser.addEventListener("change", () => { pause = Number(pauser.value); });
function spoken(cards) { return cards.map((c) => WORDS[c]).join(", "); }
function markTrick(table, t, number) {
  t.plays.forEach((cards, i) => {
    const seat = (t.leader + i) % 4, w = rowWidth(cards.length), [cx, y] = L.tricks[at(seat)];
    const g = group(table, "trick-" + seat, "seat " + seat + " played " + spoken(cards));
    cards.forEach((c, j) => g.appendChild(card(c, cx - w / 2 + j * STEP, y)));
    const marks = (i === 0 ? ["led"] : []).concat(
      seat === t.winner ? ["wins " + (number ? "trick " + number + ", " : "") + t.points] : []);
    if (t.winner !== undefined && marks.length) {
      table.appendChild(el("text", {x: cx, y: y - 6, "text-anchor": "middle",
        class: seat === t.winner ? "mark win" : "mark"}, marks.join(", ")));
    }
  });
}
const isNote = (line) => line.startsWith(GAME.forced) || line.includes("(R6.4)");
// What is on screen is one moment of the deal: now, or, while a finished trick is shown
// again, just after it: the hands hold the cards played since, the count, the points, the
// log and the notes stop at that trick, and no choice is offered (the choices are now's).
function moment() {
  if (!showing) {
    return {hand: T.hand, sizes: T.sizes, tricks: T.tricks, points: T.points,
      told: T.news.length};
  }
  const then = T.done[showing.number - 1];
  return {hand: then.hand, sizes: then.sizes, tricks: showing.number, points: then.attackers,
    told: then.told};
}
function draw() {
  const table = document.getElementById("table"), M = moment();
  // Redrawing replaces the cards: a card that had the focus gets it back, nothing else does.
  const had = document.activeElement && document.activeElement.closest("#table") ? focused : null;
  table.replaceChildren(el("rect", {width: W, height: H, rx: 14, fill: "#1f6b3a"}));
  for (let seat = 0; seat < 4; seat++) {
    const place = at(seat), mine = seat === T.seat, live = mine && !showing;
    const cards = mine ? M.hand : Array(M.sizes[seat]).fill("back");
    const g = group(table, "seat-" + seat,
      mine ? "your hand: " + spoken(M.hand) : "seat " + seat + ": " + M.sizes[seat] + " cards");
    handSlots(place, cards.length).forEach(([x, y], i) => {
      const on = live && selected.has(i), lift = on ? -18 : 0, u = card(cards[i], x, y + lift);
      if (live) {
        u.setAttribute("class", "mine");
        u.setAttribute("data-index", i);
        u.setAttribute("role", "button");
        u.setAttribute("aria-pressed", on ? "true" : "false");
        u.setAttribute("aria-label", WORDS[cards[i]]);
        u.setAttribute("tabindex", i === (focused === null ? 0 : focused) ? "0" : "-1");
        u.addEventListener("click", () => { focused = i; toggle(i); });
        u.addEventListener("keydown", (e) => handKey(e, i));
        // The focus ring is drawn: an outline on an SVG element is not drawn everywhere.
        u.addEventListener("focus", () => {
          focused = i;
          table.querySelectorAll("rect.focus").forEach((r) => r.remove());
          table.appendChild(el("rect", {x: x - 3, y: y + lift - 3, width: CW + 6, height: CH + 6,
            rx: 8, class: "focus", "aria-hidden": "true"}));
        });
        u.addEventListener("blur", () => table.querySelectorAll("rect.focus").forEach(
          (r) => r.remove()));
        if (on) g.appendChild(el("rect", {x: x, y: y + lift, width: CW, height: CH, rx: 6,
          class: "picked", "aria-hidden": "true"}));
      }
      g.appendChild(u);
    });
    const [lx, ly] = L.labels[place];
    table.appendChild(el("text", {x: lx, y: ly, "text-anchor": "middle", class: "seat"},
      (mine ? "you, seat " : "seat ") + seat + (seat === T.dealer ? " · dealer" : "") +
      " · " + M.sizes[seat] + (T.shown[seat].length ? " · showed " + names(T.shown[seat]) : "")));
  }
  if (showing) markTrick(table, showing.trick, showing.number);
  else if (T.trick.plays.length) markTrick(table, T.trick, 0);
  else if (T.last) markTrick(table, T.last, T.tricks);
  // The kitty turned up at the end is not shown with a trick before it.
  if (T.kitty && !(showing && T.result && T.seat !== T.dealer)) {
    const g = group(table, "kitty", "kitty: " + spoken(T.kitty));
    T.kitty.forEach((c, i) => g.appendChild(card(c, 12 + i * STEP, H - CH - 112)));
  }
  set("meta", T.rules + ", deal " + T.deal + ", you are seat " + T.seat);
  set("side", T.side.line);
  set("trump", T.trump || "trump not fixed");
  set("dealer", T.dealer === null ? "not yet" : T.dealer);
  set("trick", M.tricks); set("points", M.points);
  set("levels", "team 0: " + T.levels[0] + ", team 1: " + T.levels[1]);
  const t = showing && showing.trick;
  set("say", showing ? "Trick " + showing.number + ": seat " + t.winner + " wins " + t.points +
    " points. Click the table or press go on (Enter) to continue."
    : T.deciding ? "Your turn: " + T.choices.prompt : T.result ? "Result: " + T.result : "");
  set("notes", T.news.slice(fresh, M.told).filter(isNote).join("; "));
  const box = document.getElementById("choices");
  box.replaceChildren(...(showing ? [] : T.choices.options).map((o) => {
    const b = document.createElement("button");
    b.textContent = o;
    b.setAttribute("aria-label", (T.choices.kind === "bid" ? "bid " : "play ") + o);
    if (o === "redeal") b.setAttribute("aria-label", "ask for a redeal");
    b.addEventListener("click", () => send("/act", {move: o === "redeal" ? "r" : o}));
    return b;
  }));
  const show = (id, on) => { document.getElementById(id).hidden = !on; };
  const kind = T.deciding && !showing ? T.choices.kind : null;
  show("go", kind === "play" || kind === "bury" || kind === "bid");
  set("go", kind === "bury" ? "bury selected" : kind === "bid" ? "bid selected" : "play selected");
  show("pass", kind === "bid" || kind === "redeal");
  const now = !showing;
  show("hint", now && T.deciding); show("undo", now && T.can_undo);
  show("typer", now && T.deciding); show("choices", now && T.deciding);
  show("next", now && !T.deciding && !T.over && !T.closed);
  show("record", now && !T.deciding);
  show("cont", showing !== null);
  if (T.closed) set("say", "The record is yours, so the game is over (it tells later deals).");
  set("record", T.over || T.closed ? "download the record" : "download the record (ends the game)");
  document.getElementById("record").href = "/record?token=" + encodeURIComponent(GAME.token);
  const log = document.getElementById("log");
  log.replaceChildren(...T.news.slice(0, M.told).map((line, i) => {
    const li = document.createElement("li");
    li.textContent = line;
    if (i >= fresh) li.className = "new";
    return li;
  }));
  log.scrollTop = log.scrollHeight;
  if (!showing && had !== null && focused !== null && focused < T.hand.length) {
    const u = table.querySelector('use[data-index="' + focused + '"]');
    if (u) u.focus();
  }
  if (focused !== null && focused >= T.hand.length) focused = T.hand.length ? 0 : null;
}
function toggle(i) {
  selected.has(i) ? selected.delete(i) : selected.add(i);
  draw();
}
// The hand is one tab stop: arrows move between its cards, Enter or Space picks a card.
function handKey(e, i) {
  const n = T.hand.length, moves = {ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1};
  if (e.key in moves) focused = (i + moves[e.key] + n) % n;
  else if (e.key === "Home") focused = 0;
  else if (e.key === "End") focused = n - 1;
  else if (e.key === "Enter" || e.key === " ") {
    focused = i; toggle(i); e.preventDefault(); return;
  } else return;
  e.preventDefault();
  draw();
}
function goOn() {
  clearTimeout(timer); timer = null;
  showing = null;
  if (queue.length) showTrick();
  else draw();
}
function showTrick() {
  showing = queue.shift();
  draw();
  if (pause > 0) timer = setTimeout(goOn, pause * 1000);
}
async function send(path, body) {
  const response = await fetch(path, {method: "POST", headers: API,
    body: JSON.stringify(Object.assign({seat: T.seat, decision: T.decision}, body || {}))});
  const answer = await response.json();
  if (!response.ok) { set("message", answer.error); return; }
  set("message", "");
  if (answer.hint !== undefined) { set("message", "hint: " + answer.hint); return; }
  const before = T, same = answer.deal === before.deal && answer.news.length >= before.news.length;
  T = answer; selected = new Set();
  fresh = same ? before.news.length : 0;
  clearTimeout(timer); timer = null; showing = null; queue = [];
  if (same && path === "/act" && pause !== 0) {
    queue = T.done.slice(before.tricks).map((trick, k) => ({trick: trick,
      number: before.tricks + k + 1}));
  }
  if (queue.length) showTrick(); else draw();
}
document.getElementById("table").addEventListener("click", () => { if (showing) goOn(); });
document.getElementById("cont").addEventListener("click", goOn);
document.getElementById("go").addEventListener("click",
  () => send("/act", {move: [...selected].sort((a, b) => a - b).map((i) => T.hand[i]).join(" ")}));
document.getElementById("pass").addEventListener("click", () => send("/act", {move: "p"}));
document.getElementById("hint").addEventListener("click", () => send("/hint"));
document.getElementById("undo").addEventListener("click", () => send("/undo"));
document.getElementById("next").addEventListener("click", () => send("/next"));
document.getElementById("typed").addEventListener("keydown", (e) => {
  if (e.key === "Enter") { e.preventDefault(); document.getElementById("send").click(); }
});
document.getElementById("send").addEventListener("click", () => {
  const typed = document.getElementById("typed");
  send("/act", {move: typed.value}).then(() => {
    if (document.getElementById("message").textContent === "") typed.value = "";
  });
});
document.addEventListener("keydown", (e) => {
  if (showing && (e.key === "Enter" || e.key === "Escape") && e.target === document.body) {
    e.preventDefault(); goOn();
  }
});
document.getElementById("record").addEventListener("click", () => setTimeout(async () => {
  const response = await fetch("/state", {headers: API});
  if (response.ok) { T = await response.json(); draw(); }
}, 500));
// Closing or leaving the page tells the server (which saves a --record file then).
window.addEventListener("pagehide", () => {
  navigator.sendBeacon("/left?token=" + encodeURIComponent(GAME.token),
    new Blob([JSON.stringify({seat: T.seat})], {type: "application/json"}));
});
fresh = T.news.length;
draw();
"""
)

_CSP = page_csp(_SCRIPT, _STYLE, connect=True, fonts=True)

_CONTROLS = """<nav aria-label="your moves" id="actions">
<button id="go">play selected</button>
<button id="pass">pass</button>
<button id="hint">hint</button>
<button id="undo">take back</button>
<button id="next">next deal</button>
<button id="cont">go on</button>
<a id="record" download="tuolaji-record.json"
 title="before the match is over, the record ends the game: its seed tells every later deal"
>download the record</a>
<label for="pause">after a trick</label>
<select id="pause">
<option value="0">go straight on</option>
<option value="1">wait 1 s</option>
<option value="2">wait 2 s</option>
<option value="3">wait 3 s</option>
<option value="5">wait 5 s</option>
<option value="-1">wait for a click</option>
</select>
</nav>
<div id="info">
<span id="side-box">you: <output id="side"></output></span>
<span><output id="trump"></output>, dealer <output id="dealer"></output></span>
<span>tricks <output id="trick"></output></span>
<span>attackers <output id="points"></output> points</span>
<span>levels <output id="levels"></output></span>
</div>
"""

_ASIDE = """<div id="status"><p id="say"></p>
<p id="notes"></p>
<p id="message"></p></div>
<div id="typer"><label for="typed">type a move</label>
<input id="typed" autocomplete="off" spellcheck="false" placeholder="♥KK, kh kh, p, r">
<button id="send">send</button></div>
<div id="choices" role="group" aria-label="your choices"></div>
<h2>this deal</h2>
<ol id="log"></ol>
"""
