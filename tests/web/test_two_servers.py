"""Two `scrimmage serve` processes on one PostgreSQL database (issue 35), as behind a reverse
proxy that sends each request to either: a game made through one is answered through both in
turn, each seeing what the other recorded; a page watching through one is pushed the
decisions made through the other (LISTEN/NOTIFY); two answers to the same decision sent to
both at once give one 200 and one 409, the loser changing nothing; the finished record plays
again exactly. The two coaches' fair-dice steps sent through both at once are both kept; in an
online league, claims and settings sent through both at once are all kept, and both coaches
opening their game at once through the two get one game. PostgreSQL only (skipped without
$SCRIMMAGE_TEST_POSTGRES, which CI sets)."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from servers import Server, assert_replays, choose, make, see, whose_turn
from stores import at_once, postgres_schema

from scrimmage.core import fairness

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


def posted(http: httpx.Client, path: str, token: str, body: dict[str, Any]) -> Any:
    """A POST through `http`'s server on a client of its own (one per thread)."""
    with httpx.Client(base_url=http.base_url, timeout=120.0) as c:
        return c.post(path, params={"token": token}, json=body)


def test_fair_dice_and_an_online_league_through_both(servers: list[Server]) -> None:
    one, two = (s.start() for s in servers)
    # Fair dice: each coach's page talks to another server, both at the same moment.
    made = make(one, "1st-and-roll", {"home": "person", "away": "person"}, seed=None)
    game = made["game_id"]
    tokens = {side: made["seats"][side]["token"] for side in ("home", "away")}
    values = {side: fairness.new_value() for side in tokens}
    via = {"home": one, "away": two}
    for step, body in (("commit", lambda v: {"commit": fairness.commitment(v)}),
                       ("reveal", lambda v: {"value": v})):
        out = at_once(*[lambda side=side, step=step, body=body: posted(
            via[side], f"/api/games/{game}/{step}", tokens[side], body(values[side]))
            for side in ("home", "away")])
        assert [r.status_code for r in out] == [200, 200], [r.text for r in out]
    views = [see(h, game, tokens["home"]) for h in (one, two)]
    assert views[0] == views[1] and views[0]["status"] != "setting up"
    assert views[0]["fair_dice"]["seed"] is not None

    # An online league: every coach claims their team at once, half through each server.
    r = one.post("/api/leagues/online", json={"rhythm": "hand", "league": {
        "kind": "own", "rules": "legends-hs", "weeks": 2, "playoffs": 0, "seed": 4,
        "teams": ["Cedar Creek Bobcats", "Lakeview Lancers", "Mesa Verde Coyotes",
                  "Riverside Rams"]}})
    assert r.status_code == 201, r.text
    league, boss = r.json()["league_id"], r.json()["commissioner"]["token"]
    links = {code: t["token"] for code, t in r.json()["teams"].items()}
    codes = sorted(links)
    https = [one, two]
    out = at_once(*[lambda i=i, code=code: posted(
        https[i % 2], f"/api/leagues/{league}/claim", links[code], {"name": f"Coach {i}"})
        for i, code in enumerate(codes)])
    assert [r.status_code for r in out] == [200] * len(codes), [r.text for r in out]
    out = at_once(*[lambda i=i, code=code: posted(
        https[i % 2], f"/api/leagues/{league}/settings", links[code], {"fourth_down": "bold"})
        for i, code in enumerate(codes)])
    assert [r.status_code for r in out] == [200] * len(codes), [r.text for r in out]
    for code, i in zip(codes, range(len(codes)), strict=True):
        mine = two.get(f"/api/leagues/{league}/settings", params={"token": links[code]})
        assert mine.json()["fourth_down"] == "bold" and mine.json()["name"] == f"Coach {i}"
    r = two.post(f"/api/leagues/{league}/commissioner/advance", params={"token": boss},
                 json={})
    assert r.status_code == 200, r.text
    # Both coaches of a week-1 game open it at the same moment, each through a server.
    first = two.get(f"/api/leagues/{league}/schedule", params={"week": 1}).json()[0]
    teams = {t["team"]: t["code"] for t in one.get(f"/api/leagues/{league}").json()["teams"]}
    pair = [links[teams[first["home_team"]]], links[teams[first["away_team"]]]]
    out = at_once(*[lambda i=i: posted(https[i], f"/api/leagues/{league}/play", pair[i], {})
                    for i in (0, 1)])
    assert [r.status_code for r in out] == [200, 200], [r.text for r in out]
    assert out[0].json()["game_id"] == out[1].json()["game_id"]
    audit = one.get(f"/api/leagues/{league}/audit").json()
    assert [a["who"] for a in audit] == ["the commissioner"]
