"""The real `scrimmage serve` in a subprocess, and a client's side of the HTTP contract: what
the restart tests (a server killed with `kill -9`) and the two-process tests (two servers on
one PostgreSQL database) drive."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import httpx

import scrimmage
from scrimmage.web.store import Store

READY_WITHIN = 60.0
"""Seconds a starting server may take to answer (a loaded machine; it is usually ~1 s)."""


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


class Server:
    """`scrimmage serve` in a subprocess on a free port, with its own data folder."""

    def __init__(self, db: str | Path, data_home: Path, log: Path,
                 args: tuple[str, ...] = ()) -> None:
        self.db, self.data_home, self.log_path = db, data_home, log
        self.args = args
        """More options of `scrimmage serve`."""
        self.proc: subprocess.Popen[bytes] | None = None
        self.http: httpx.Client | None = None

    def start(self) -> httpx.Client:
        """Start the server and wait until it answers. The free port is free when asked for
        but could be taken before the server binds it: then another port is tried."""
        for _ in range(3):
            http = self._start()
            if http is not None:
                return http
        raise AssertionError("no free port could be bound")

    def _start(self) -> httpx.Client | None:
        assert self.proc is None, "already running"
        port = free_port()
        env = {**os.environ, "XDG_DATA_HOME": str(self.data_home)}
        with self.log_path.open("ab") as log:
            start = log.tell()
            self.proc = subprocess.Popen(
                [sys.executable, "-m", "scrimmage.cli", "serve", "--db", str(self.db),
                 "--port", str(port), "--no-warm", *self.args], env=env, stdout=log, stderr=subprocess.STDOUT,
                stdin=subprocess.DEVNULL)
        self.http = httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=60.0)
        deadline = time.monotonic() + READY_WITHIN
        while True:
            if self.proc.poll() is not None:
                said = self.log_path.read_bytes()[start:].decode("utf-8", "replace")
                self.proc = None
                self.http.close()
                self.http = None
                if "address already in use" in said.lower():
                    return None
                raise AssertionError(f"the server exited:\n{said}")
            try:
                if self.http.get("/api/rulesets").status_code == 200:
                    return self.http
            except httpx.TransportError:
                pass
            if time.monotonic() > deadline:
                raise AssertionError(f"the server did not answer within {READY_WITHIN} s")
            time.sleep(0.05)

    def kill(self) -> None:
        """SIGKILL: no shutdown code of the server runs."""
        if self.http is not None:
            self.http.close()
            self.http = None
        if self.proc is not None:
            if self.proc.poll() is None:
                self.proc.send_signal(signal.SIGKILL)
            code = self.proc.wait(timeout=30)
            self.proc = None
            assert code == -signal.SIGKILL, "the server had stopped on its own:\n" + \
                self.log_path.read_text("utf-8", "replace")

    def restart(self) -> httpx.Client:
        self.kill()
        return self.start()


# -- talking to the server ----------------------------------------------------------------
def make(http: httpx.Client, rules: str, seats: dict[str, str],
         seed: int | None) -> dict[str, Any]:
    r = http.post("/api/games", json={"rules": rules, "seed": seed, "seats": seats})
    assert r.status_code == 201, r.text
    made: dict[str, Any] = r.json()
    return made


def see(http: httpx.Client, game: str, token: str, since: int = 0) -> dict[str, Any]:
    r = http.get(f"/api/games/{game}", params={"token": token, "since": since})
    assert r.status_code == 200, r.text
    data: dict[str, Any] = r.json()
    return data


def choose(pending: dict[str, Any], turn: int) -> str:
    """The suggestion most of the time, another legal option now and then (a person does not
    always take the assistant's advice)."""
    options = [o["answer"] for o in pending["options"]]
    if turn % 3 == 2 and len(options) > 1:
        return str(options[(turn // 3) % len(options)])
    return str(pending["suggestion"])


def whose_turn(http: httpx.Client, game: str, tokens: list[str],
               since: int) -> tuple[str, dict[str, Any]]:
    """The seat asked now and its view (any seat's view once the game is over)."""
    seen = [(t, see(http, game, t, since)) for t in tokens]
    if seen[0][1]["status"] == "over":
        return seen[0]
    asked = [(t, v) for t, v in seen if v["pending"] is not None]
    assert len(asked) == 1, f"{len(asked)} seats are asked at once"
    return asked[0]


def answer(http: httpx.Client, game: str, token: str, pending: dict[str, Any], turn: int,
           since: int = 0) -> dict[str, Any]:
    """Answer a question; the acknowledgement is the new view (all of it for since=0)."""
    r = http.post(f"/api/games/{game}/decisions", params={"token": token, "since": since},
                  json={"index": pending["index"], "answer": choose(pending, turn)})
    assert r.status_code == 200, r.text
    data: dict[str, Any] = r.json()
    return data


def views(http: httpx.Client, game: str, tokens: list[str]) -> list[dict[str, Any]]:
    return [see(http, game, t) for t in tokens]


def play(http: httpx.Client, game: str, tokens: list[str], turns: int,
         start: int = 0) -> tuple[int, dict[str, Any] | None]:
    """Answer up to `turns` questions (whichever seat is asked); stop early at the end. Returns
    the turns taken and the last acknowledged view (None if no answer was given), in full
    when all `turns` were taken.
    The answers before the last ask only for the plays the client does not have yet."""
    last = None
    known = 0
    for turn in range(start, start + turns):
        token, v = whose_turn(http, game, tokens, known)
        if v["status"] == "over":
            return turn - start, last
        known = v["play_count"]
        last = answer(http, game, token, v["pending"], turn,
                      0 if turn == start + turns - 1 else known)
        known = last["play_count"]
    return turns, last


def finish(http: httpx.Client, game: str, tokens: list[str], start: int) -> None:
    taken, _ = play(http, game, tokens, 5000, start)
    assert taken < 5000, "the game did not end"
    assert see(http, game, tokens[0])["status"] == "over"


def assert_same(before: dict[str, Any], after: dict[str, Any]) -> None:
    """The view a restarted server shows is the one it acknowledged, to the last key; the
    telling parts first, for a readable failure."""
    assert (after["pending"] or {}).get("index") == (before["pending"] or {}).get("index")
    assert after["play_count"] == before["play_count"]
    assert after["plays"] == before["plays"]
    assert after["scoreboard"] == before["scoreboard"]
    assert after == before


def assert_replays(db: str | Path, game: str, final: dict[str, Any]) -> None:
    """The finished play-by-play is what an uninterrupted replay of the record gives."""
    assert final["status"] == "over" and final["play_count"] == len(final["plays"]) > 20
    store = Store(db)
    try:
        record = store.record(game)
    finally:
        store.close()
    assert record is not None
    replayed = scrimmage.replay(record)
    assert json.loads(json.dumps(replayed.plays)) == final["plays"]
    score = final["scoreboard"]["score"]
    assert replayed.final_score == {final["teams"]["home"]: score["HOME"],
                                    final["teams"]["away"]: score["AWAY"]}
