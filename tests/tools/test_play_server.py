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
from tuolaji.tools.play_server import MAX_BODY, PlayServer


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
            status, _, body = request(server, "/act", {"seat": HUMAN, "move": typed(choice)})
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
        status, _, body = request(
            server,
            how.get("path", "/act"),
            how.get("body", {"seat": HUMAN, "move": "p"}),
            token=token,
            method=how.get("method"),
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
        status, _, body = request(server, "/act", {"seat": HUMAN, "move": "BJ BJ BJ"})
        assert status == 422 and json.loads(body)["error"].startswith("R")
        status, _, body = request(server, "/undo", {"seat": HUMAN})
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


def test_moves_out_of_turn_are_refused() -> None:
    table = new_table()
    person = tl.GreedyBot(seed=5)
    while table.deciding:
        actions = table.actions
        assert actions is not None
        table.act(person.act(table.view, actions))
    with served(table) as server:
        before = game_now(server)
        status, _, body = request(server, "/act", {"seat": HUMAN, "move": "p"})
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
        assert request(server, "/act", {"seat": HUMAN, "move": move})[0] == 200
        status, _, body = request(server, "/undo", {"seat": HUMAN})
        assert status == 200
        assert {k: v for k, v in json.loads(body).items() if k != "can_undo"} == {
            k: v for k, v in start.items() if k != "can_undo"
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
    args = ["play", "--serve", "--no-open", "--bots", "greedy", "--record", str(record)]
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
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 130, err
    assert "tuolaji play: interrupted" in err and "wrote the record" in out
    assert tl.replay(record.read_text("utf-8"), partial=True).seed == 0
    with pytest.raises(OSError):
        urllib.request.urlopen(url, timeout=5)
