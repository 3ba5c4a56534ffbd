"""Two `scrimmage serve` processes on one PostgreSQL database (issue 35), as behind a reverse
proxy that sends each request to either: a game made through one is answered through both in
turn, each seeing what the other recorded; a page watching through one is pushed the
decisions made through the other (LISTEN/NOTIFY); two answers to the same decision sent to
both at once give one 200 and one 409, the loser changing nothing; the finished record plays
again exactly. PostgreSQL only (skipped without $SCRIMMAGE_TEST_POSTGRES, which CI sets)."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from servers import Server, assert_replays, choose, make, see, whose_turn
from stores import postgres_schema

WAIT = 60.0
"""Seconds a push may take to arrive before the test gives up (it takes milliseconds)."""


@pytest.fixture
def servers(tmp_path: Path) -> Iterator[list[Server]]:
    pytest.importorskip("psycopg")
    with postgres_schema() as url:
        pair = [Server(url, tmp_path / f"xdg{i}", tmp_path / f"server{i}.log") for i in (0, 1)]
        try:
            yield pair
        finally:
            for s in pair:
                if s.http is not None:
                    s.http.close()
                if s.proc is not None and s.proc.poll() is None:
                    s.proc.kill()
                    s.proc.wait(timeout=30)


class Page:
    """A page watching a game through one server's WebSocket, merging the pushes as the
    page does."""

    def __init__(self, http: httpx.Client, game: str, token: str) -> None:
        from websockets.sync.client import connect

        base = str(http.base_url).rstrip("/").replace("http://", "ws://")
        self.socket = connect(f"{base}/ws/games/{game}?token={token}", open_timeout=WAIT)
        self.shown = self._receive()

    def _receive(self) -> dict[str, Any]:
        data: dict[str, Any] = json.loads(self.socket.recv(timeout=WAIT))
        return data

    def push(self) -> dict[str, Any]:
        """The next push, merged into what the page shows."""
        incoming = self._receive()
        start = incoming["plays_from"]
        plays = self.shown["plays"][:start] + incoming["plays"]
        self.shown = {**incoming, "plays": plays, "plays_from": 0}
        return self.shown

    def close(self) -> None:
        self.socket.close()


def race(https: list[httpx.Client], game: str, token: str,
         bodies: list[dict[str, Any]]) -> list[int]:
    """Each body posted through its own server at the same moment: the statuses."""
    start = threading.Barrier(len(https))
    statuses: list[int] = [0] * len(https)

    def post(i: int) -> None:
        url = f"{str(https[i].base_url).rstrip('/')}/api/games/{game}/decisions"
        with httpx.Client(timeout=60.0) as c:
            start.wait()
            statuses[i] = c.post(url, params={"token": token}, json=bodies[i]).status_code

    threads = [threading.Thread(target=post, args=(i,)) for i in range(len(https))]
    for t in threads:
        t.start()
    for t in threads:
        t.join(120)
    return statuses


def test_two_servers_play_one_game_each_seeing_the_other(servers: list[Server]) -> None:
    one, two = (s.start() for s in servers)
    https = [one, two]
    made = make(one, "grid", {"home": "person", "away": "person"}, seed=35)
    game = made["game_id"]
    tokens = [made["seats"]["home"]["token"], made["seats"]["away"]["token"]]
    away = Page(two, game, tokens[1])               # a page watching through the second
    try:
        assert away.shown == see(two, game, tokens[1])
        turn = races = 0
        while True:
            http = https[turn % 2]                 # each answer through the other server
            token, v = whose_turn(http, game, tokens, 0)
            if v["status"] == "over":
                break
            p = v["pending"]
            if turn % 25 == 10:
                # Both servers are asked to record this decision at once: exactly one does.
                bodies = [{"index": p["index"], "answer": choose(p, turn + i)} for i in (0, 1)]
                statuses = race(https, game, token, bodies)
                assert sorted(statuses) == [200, 409], statuses
                races += 1
                recorded = [see(h, game, token) for h in https]
                assert recorded[0] == recorded[1]
                assert (recorded[0]["pending"] or {}).get("index") != p["index"]
            else:
                r = http.post(f"/api/games/{game}/decisions", params={"token": token},
                              json={"index": p["index"], "answer": choose(p, turn)})
                assert r.status_code == 200, r.text
                acked = r.json()
                other = https[(turn + 1) % 2]
                assert see(other, game, token) == acked   # the other server is not stale
                # The same answer again, through the other server: already recorded.
                again = other.post(f"/api/games/{game}/decisions", params={"token": token},
                                   json={"index": p["index"], "answer": choose(p, turn)})
                assert again.status_code == 409, again.text
            # The page on the second server is pushed every decision, wherever it was made.
            assert away.push() == see(two, game, tokens[1]), f"turn {turn}"
            turn += 1
        assert races >= 3 and turn > 60
        final = [see(h, game, tokens[0]) for h in https]
        assert final[0] == final[1]
        assert away.shown == see(one, game, tokens[1])
        assert_replays(servers[0].db, game, final[0])
    finally:
        away.close()
