"""``tuolaji play --serve`` over plain HTTP (issue 23): a whole deal played through the API,
every answer free of other seats' hidden cards, and hostile requests refused without
changing the game."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from play_helpers import HUMAN, check_secret, new_table, request, served, typed

import tuolaji as tl
from interrupt import interruptible
from tuolaji.tools.cli import build_parser
from tuolaji.tools.play_server import (
    DEFAULT_TRICK_PAUSE,
    MAX_BODY,
    PlayServer,
    page_html,
    table_payload,
)
from tuolaji.tools.table import FORCED_LINE, PlaySession, take_over_points


def test_a_whole_deal_through_the_api_never_shows_hidden_cards() -> None:
    table = new_table()
    person = tl.GreedyBot(seed=5)
    with served(table) as server:
        status, headers, body = request(server, "/state")
        assert status == 200
        payload = json.loads(body)
        moves = 0
        while payload["deciding"]:
            check_secret(payload, table)
            actions = table.actions
            assert actions is not None
            choice = person.act(table.view, actions)
            move = {"seat": HUMAN, "decision": payload["decision"], "move": typed(choice)}
            status, _, body = request(server, "/act", move)
            assert status == 200, body
            payload = json.loads(body)
            moves += 1
        check_secret(payload, table)
        assert payload["result"] == str(table.game.results[0]) and moves > 10
        status, headers, body = request(server, "/record")
        assert status == 200 and "attachment" in headers["Content-Disposition"]
        game = tl.replay(body)
        assert tl.write_record(game) == table.record() and len(game.results) == 1


def test_every_answer_carries_the_security_headers() -> None:
    with served(new_table()) as server:
        for path in ("/", "/state", "/nowhere"):
            _, headers, _ = request(server, path)
            assert headers["Cache-Control"] == "no-store"
            assert headers["X-Content-Type-Options"] == "nosniff"
            csp = headers["Content-Security-Policy"]
            assert "default-src 'none'" in csp and "connect-src 'self'" in csp
            assert "'unsafe-inline'" not in csp
        status, headers, page = request(server, "/")
        assert status == 200 and headers["Content-Type"].startswith("text/html")
        assert b'<script id="game" type="application/json">' in page


def test_the_page_is_served_with_the_token_in_the_address() -> None:
    with served(new_table()) as server:
        status, _, page = request(server, "/?token=" + server.token, token=None)
        assert status == 200 and b"tuolaji play" in page
        assert server.url.startswith("http://127.0.0.1:") and server.token in server.url


def game_now(server: PlayServer) -> tuple[str, Any]:
    table = server.table
    return table.record(), table.decision


REFUSED: list[tuple[str, dict[str, Any]]] = [
    ("no token", {"token": None}),
    ("a wrong token", {"token": "x" * 32}),
    ("a short token", {"token": "SHORT"}),
    ("another seat", {"body": {"seat": (HUMAN + 1) % 4, "move": "p"}}),
    ("a seat that is not an int", {"body": {"seat": "1", "move": "p"}}),
    ("no move", {"body": {"seat": HUMAN}}),
    ("a move that is not a str", {"body": {"seat": HUMAN, "move": ["KH"]}}),
    ("no decision number", {"body": {"seat": HUMAN, "move": "p", "decision": None}}),
    ("a decision number that is a str", {"body": {"seat": HUMAN, "move": "p", "decision": "1"}}),
    ("a past decision", {"body": {"seat": HUMAN, "move": "p", "decision": 0}}),
    ("a later decision", {"body": {"seat": HUMAN, "move": "p", "decision": 10**40}}),
    ("not JSON", {"body": b"{seat: 1"}),
    ("not UTF-8", {"body": b"\xff\xfe"}),
    ("a JSON list", {"body": b"[1]"}),
    ("deep JSON", {"body": b"[" * 1500 + b"]" * 1500}),
    ("an oversized body", {"body": json.dumps({"seat": HUMAN, "move": "x" * MAX_BODY}).encode()}),
    ("cards that cannot be read", {"body": {"seat": HUMAN, "move": "zz"}}),
    ("a card the seat does not hold", {"body": {"seat": HUMAN, "move": "BJ BJ BJ"}}),
    ("an unknown path", {"path": "/admin"}),
    ("a PUT", {"method": "PUT"}),
]


@pytest.mark.parametrize(("what", "how"), REFUSED, ids=[w for w, _ in REFUSED])
def test_hostile_requests_are_refused_and_change_nothing(what: str, how: dict[str, Any]) -> None:
    with served(new_table()) as server:
        before = game_now(server)
        token = how.get("token", "")
        body = how.get("body", {"seat": HUMAN, "move": "p"})
        if isinstance(body, dict) and "decision" not in body:
            body = {**body, "decision": server.table.decision_number}
        elif isinstance(body, dict) and body["decision"] is None:
            body = {k: v for k, v in body.items() if k != "decision"}
        status, _, body = request(
            server, how.get("path", "/act"), body, token=token, method=how.get("method")
        )
        assert 400 <= status < 500, (what, status, body)
        message = json.loads(body)["error"]
        assert message and "\n" not in message and len(message) < 1000
        assert game_now(server) == before, what
        # The game still goes on for the right requests.
        assert request(server, "/state")[0] == 200


def test_refusals_say_why() -> None:
    with served(new_table()) as server:
        status, _, body = request(server, "/record")
        assert status == 409 and "at the end of the deal" in json.loads(body)["error"]
        assert request(server, "/state", token=None)[0] == 403
        status, _, body = request(server, "/act", {"seat": 0, "move": "p"})
        assert status == 403 and "plays seat 1 only" in json.loads(body)["error"]
        move = {"seat": HUMAN, "decision": server.table.decision_number, "move": "BJ BJ BJ"}
        status, _, body = request(server, "/act", move)
        assert status == 422 and json.loads(body)["error"].startswith("R")
        undo = {"seat": HUMAN, "decision": server.table.decision_number}
        status, _, body = request(server, "/undo", undo)
        assert status == 409 and "practice mode" in json.loads(body)["error"]
        big = json.dumps({"seat": HUMAN, "move": "x" * MAX_BODY}).encode()
        assert request(server, "/act", big)[0] == 413
        status, _, body = request(server, "/hint", {"seat": HUMAN})
        assert status == 200 and json.loads(body)["hint"]


def test_an_oversized_body_is_not_read_past_the_limit() -> None:
    """A client that announces a huge body and sends it slowly gets 413 at once: the server
    reads at most the limit plus one byte."""
    with served(new_table()) as server:
        host, port = server.server_address[:2]
        with socket.create_connection((str(host), port), timeout=30) as sock:
            head = (
                f"POST /act HTTP/1.1\r\nHost: x\r\nX-Token: {server.token}\r\n"
                f"Content-Length: {10**9}\r\n\r\n"
            )
            sock.sendall(head.encode())
            answer = sock.recv(4096).decode("latin-1")
        assert answer.startswith("HTTP/1.0 413") or answer.startswith("HTTP/1.1 413")


def raw_answer(server: PlayServer, raw: bytes) -> bytes:
    """What the server answers ``raw`` (a whole request, as bytes) with, to the last byte."""
    host, port = server.server_address[:2]
    with socket.create_connection((str(host), port), timeout=30) as sock:
        sock.sendall(raw)
        answer = b""
        while chunk := sock.recv(65536):
            answer += chunk
    return answer


@pytest.mark.parametrize(
    "length",
    ["²", "٣", "+5", "-1", " 5", "5 ", "0x10", "1_0", "", "9" * 5000, "５"],
    ids=lambda length: repr(length)[:12],
)
def test_a_content_length_that_is_not_ascii_digits_is_refused_in_one_line(length: str) -> None:
    """``Content-Length: ²`` is a digit to ``str.isdigit`` but not to ``int``: the one parser
    refuses every such length with a 4xx JSON line, and the game does not change."""
    with served(new_table()) as server:
        before = game_now(server)
        body = json.dumps({"seat": HUMAN, "decision": server.table.decision_number, "move": "p"})
        head = (
            f"POST /act HTTP/1.1\r\nHost: x\r\nX-Token: {server.token}\r\n"
            f"Content-Length: {length}\r\n\r\n"
        )
        answer = raw_answer(server, head.encode("utf-8") + body.encode())
        head_bytes, _, reply = answer.partition(b"\r\n\r\n")
        assert head_bytes.split()[1].startswith(b"4"), head_bytes
        message = json.loads(reply)["error"]
        assert message and "\n" not in message
        assert game_now(server) == before
        assert request(server, "/state")[0] == 200


def test_a_repeated_move_is_refused_with_409_not_applied_to_the_next_decision() -> None:
    table = new_table()
    person = tl.GreedyBot(seed=5)
    with served(table) as server:
        payload = json.loads(request(server, "/state")[2])
        actions = table.actions
        assert actions is not None
        move = {"seat": HUMAN, "decision": payload["decision"]}
        move["move"] = typed(person.act(table.view, actions))
        status, _, body = request(server, "/act", move)
        assert status == 200, body
        after = json.loads(body)
        assert after["decision"] != payload["decision"]
        before = game_now(server)
        status, _, body = request(server, "/act", move)  # the double click
        assert status == 409 and "decision" in json.loads(body)["error"]
        assert game_now(server) == before
        move["decision"] = after["decision"]
        move["move"] = typed(person.act(table.view, table.actions))  # type: ignore[arg-type]
        assert request(server, "/act", move)[0] == 200


def test_a_repeated_take_back_takes_back_one_move() -> None:
    table = new_table(practice=True)
    person = tl.GreedyBot(seed=5)
    with served(table) as server:
        for _ in range(2):
            assert table.actions is not None
            number = table.decision_number
            move = typed(person.act(table.view, table.actions))
            body = {"seat": HUMAN, "decision": number, "move": move}
            assert request(server, "/act", body)[0] == 200
        undo = {"seat": HUMAN, "decision": table.decision_number}
        assert request(server, "/undo", undo)[0] == 200
        before = game_now(server)
        assert request(server, "/undo", undo)[0] == 409
        assert game_now(server) == before and table.can_undo


def play_out(table: PlaySession) -> None:
    person = tl.GreedyBot(seed=5)
    while table.deciding:
        actions = table.actions
        assert actions is not None
        table.act(person.act(table.view, actions))


def test_the_record_handed_out_before_the_match_ends_ends_the_game() -> None:
    """A record holds the seed, from which every later deal's hands follow: once the page
    downloads it, no later deal is played (and nothing of this one is taken back)."""
    table = new_table(practice=True)
    play_out(table)
    assert not table.game.over
    with served(table) as server:
        status, _, body = request(server, "/record")
        assert status == 200 and tl.replay(body).seed == table.game.seed
        payload = json.loads(request(server, "/state")[2])
        assert payload["closed"] and not payload["can_undo"]
        before = game_now(server)
        for path in ("/next", "/undo"):
            status, _, body = request(
                server, path, {"seat": HUMAN, "decision": payload["decision"]}
            )
            assert status == 409 and "game is over" in json.loads(body)["error"], path
        assert game_now(server) == before
    with pytest.raises(tl.IllegalAction, match="handed out"):
        table.next_deal()


def test_no_record_is_handed_out_mid_deal() -> None:
    table = new_table()
    with served(table) as server:
        status, _, body = request(server, "/record")
        assert status == 409 and "end of the deal" in json.loads(body)["error"]
        assert not table.closed


def test_a_client_that_hangs_up_leaves_no_traceback(capfd: pytest.CaptureFixture[str]) -> None:
    """Clients that hang up mid-request or before reading the answer: not a word on the
    player's terminal, and the game goes on."""
    with served(new_table()) as server:
        host, port = server.server_address[:2]
        post = f"POST /act HTTP/1.1\r\nX-Token: {server.token}\r\nContent-Length: 40\r\n\r\n{{"
        for raw in (
            b"GET /",
            f"GET /?token={server.token} HTTP/1.1\r\nHost: x\r\n\r\n".encode(),
            post.encode(),
        ):
            for _ in range(5):
                sock = socket.create_connection((str(host), port), timeout=30)
                sock.setsockopt(
                    socket.SOL_SOCKET, socket.SO_LINGER, b"\x01\x00\x00\x00\x00\x00\x00\x00"
                )
                sock.sendall(raw)
                sock.close()  # SO_LINGER 0: a reset, not a polite close
        assert request(server, "/state")[0] == 200
    captured = capfd.readouterr()
    assert "Traceback" not in captured.err and "Error" not in captured.err, captured.err


@pytest.mark.parametrize(
    ("arguments", "error", "named"),
    [
        ({"token": ""}, tl.ConfigurationError, "token"),
        ({"token": "short"}, tl.ConfigurationError, "token"),
        ({"token": 5}, TypeError, "token"),
        ({"token": b"x" * 32}, TypeError, "token"),
        ({"table": None}, TypeError, "table"),
        ({"table": "a table"}, TypeError, "table"),
        ({"port": 70000}, tl.ConfigurationError, "port"),
        ({"port": -1}, tl.ConfigurationError, "port"),
        ({"port": "80"}, TypeError, "port"),
        ({"port": True}, TypeError, "port"),
        ({"trick_pause": "2"}, TypeError, "trick_pause"),
        ({"trick_pause": True}, TypeError, "trick_pause"),
        ({"trick_pause": 61}, tl.ConfigurationError, "trick_pause is at most 60"),
        ({"trick_pause": float("nan")}, tl.ConfigurationError, "trick_pause"),
    ],
    ids=repr,
)
def test_the_server_refuses_bad_arguments_naming_them(
    arguments: dict[str, Any], error: type[Exception], named: str
) -> None:
    given = {"table": new_table(), **arguments}
    with pytest.raises(error, match=named):
        PlayServer(given.pop("table"), **given)


def test_moves_out_of_turn_are_refused() -> None:
    table = new_table()
    person = tl.GreedyBot(seed=5)
    while table.deciding:
        actions = table.actions
        assert actions is not None
        table.act(person.act(table.view, actions))
    with served(table) as server:
        before = game_now(server)
        move = {"seat": HUMAN, "decision": table.decision_number, "move": "p"}
        status, _, body = request(server, "/act", move)
        assert status == 409 and "not your turn" in json.loads(body)["error"]
        assert game_now(server) == before


def test_practice_mode_takes_back_through_the_api() -> None:
    table = new_table(practice=True)
    person = tl.GreedyBot(seed=5)
    with served(table) as server:
        start = json.loads(request(server, "/state")[2])
        actions = table.actions
        assert actions is not None
        move = typed(person.act(table.view, actions))
        body = {"seat": HUMAN, "decision": start["decision"], "move": move}
        assert request(server, "/act", body)[0] == 200
        status, _, body = request(
            server, "/undo", {"seat": HUMAN, "decision": table.decision_number}
        )
        assert status == 200
        moving = ("can_undo", "decision")
        assert {k: v for k, v in json.loads(body).items() if k not in moving} == {
            k: v for k, v in start.items() if k not in moving
        }


@pytest.mark.parametrize(
    "raw",
    [
        b"GARBAGE\r\n\r\n",
        b"GET / HTTP/1.x\r\n\r\n",
        b"BREW /act HTTP/1.1\r\nHost: x\r\n\r\n",
        b"GET /" + b"a" * 70000 + b" HTTP/1.1\r\n\r\n",
    ],
    ids=["no method", "a bad version", "an unknown method", "a long line"],
)
def test_malformed_requests_get_one_json_line(raw: bytes) -> None:
    with served(new_table()) as server:
        before = game_now(server)
        host, port = server.server_address[:2]
        with socket.create_connection((str(host), port), timeout=30) as sock:
            sock.sendall(raw)
            answer = b""
            while chunk := sock.recv(65536):
                answer += chunk
        head, _, body = answer.partition(b"\r\n\r\n")
        assert head.split()[1].startswith(b"4"), head
        assert b"Content-Security-Policy" in head and b"nosniff" in head
        assert json.loads(body)["error"]
        assert game_now(server) == before


def test_ctrl_c_stops_the_server_and_writes_the_record(tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    args = ["play", "--serve", "--no-open", "--seed", "0", "--bots", "greedy"]
    args += ["--record", str(record), "--trick-pause", "0.5"]
    proc = interruptible(
        [sys.executable, "-m", "tuolaji", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env,
        text=True,
    )
    assert proc.stdout is not None
    line = ""
    while not line.startswith("open "):
        line = proc.stdout.readline()
        assert line, proc.stderr.read() if proc.stderr else ""
    url = line.split()[1]
    assert url.startswith("http://127.0.0.1:") and "?token=" in url
    with urllib.request.urlopen(url.replace("/?", "/state?"), timeout=60) as response:
        assert json.loads(response.read())["seat"] == 0
    with urllib.request.urlopen(url, timeout=60) as response:  # --trick-pause reaches the page
        assert '"pause":0.5,' in response.read().decode("utf-8")
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 130, err
    assert "tuolaji play: interrupted" in err and "wrote the record" in out
    assert tl.replay(record.read_text("utf-8"), partial=True).seed == 0
    with pytest.raises(OSError):
        urllib.request.urlopen(url, timeout=5)


def test_the_payload_carries_the_side_and_every_finished_trick() -> None:
    table = new_table()
    while table.deciding and len(table.view.tricks) < 3:
        actions = table.actions
        assert actions is not None
        table.act(tl.GreedyBot().act(table.view, actions))
    payload = table_payload(table)
    side = table.side()
    assert payload["side"]["line"] == str(side)
    assert payload["side"]["target"] == take_over_points(table.view.rules)
    assert payload["side"]["partner"] == (table.seat + 2) % 4
    assert [t["winner"] for t in payload["done"]] == [t.winner for t in table.view.tricks]
    assert [t["points"] for t in payload["done"]] == [t.points for t in table.view.tricks]
    check_secret(payload, table)


def test_the_page_gets_the_trick_pause_and_the_cards_in_words() -> None:
    table = new_table()
    page = page_html(table, "t" * 20, trick_pause=-5)
    data = json.loads(page.split('type="application/json">')[1].split("</script>")[0])
    assert data["pause"] == -1 and data["words"]["AS"] == "ace of spades"
    assert data["forced"] == FORCED_LINE
    assert (
        json.loads(
            page_html(table, "t" * 20).split('type="application/json">')[1].split("</script>")[0]
        )["pause"]
        == DEFAULT_TRICK_PAUSE
    )


def test_play_takes_a_trick_pause_and_refuses_a_bad_one() -> None:
    parser = build_parser()
    assert parser.parse_args(["play", "--trick-pause", "0.5"]).trick_pause == 0.5
    assert parser.parse_args(["play"]).trick_pause == DEFAULT_TRICK_PAUSE
    for bad in ("soon", "nan", "61"):
        with pytest.raises(SystemExit):
            parser.parse_args(["play", "--trick-pause", bad])


def test_each_finished_trick_carries_the_moment_just_after_it() -> None:
    """Issue 43: a trick shown again is shown with its own moment: the person's hand, the
    hands' sizes, the news told and the attackers' points just after it, as the game's
    history has them (not the moves made since)."""
    table = new_table()
    bot = tl.GreedyBot()
    while table.deciding:
        actions = table.actions
        assert actions is not None
        table.act(bot.act(table.view, actions))
    payload = table_payload(table)
    lines = payload["news"]
    first: dict[int, tl.GameState] = {}
    for state in table.game.history:
        first.setdefault(len(state.tricks), state)
    for number, done in enumerate(payload["done"], 1):
        then = first[number]
        assert done["hand"] == [str(c) for c in table.hand_trump().sorted(then.hands[HUMAN])]
        assert done["sizes"] == [len(h) for h in then.hands]
        assert lines[done["told"] - 1].startswith(f"seat {done['winner']} wins trick {number} ")
        if number < len(payload["done"]):  # the last: the final total, with the kitty
            assert done["attackers"] == then.attacker_points
    check_secret(payload, table)


def test_the_page_going_away_runs_on_leave_once_per_request() -> None:
    """``POST /left`` (the page's pagehide beacon) calls the server's ``on_leave`` under the
    lock, and changes nothing else; without the token it is refused like any request, and an
    ``on_leave`` that is not a function is a TypeError naming it."""
    table = new_table()
    calls: list[int] = []
    with served(table, on_leave=lambda: calls.append(table.decision_number)) as server:
        before = table.record()
        status, _, _ = request(server, "/left", {"seat": HUMAN})
        assert status == 200 and calls == [table.decision_number]
        status, _, _ = request(server, "/left", {"seat": HUMAN}, token="x" * 32)
        assert status == 403 and len(calls) == 1
        status, _, _ = request(server, "/left", {"seat": (HUMAN + 1) % 4})
        assert status == 403 and len(calls) == 1
        assert table.record() == before
    with pytest.raises(TypeError, match="on_leave"):
        PlayServer(table, on_leave=5)  # type: ignore[arg-type]
