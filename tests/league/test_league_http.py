"""Issue 34 through the HTTP contract: a 1985 season made with POST /api/leagues, the Bears'
games played on the game routes (the person answers with the assistant's suggestion), the
others by the computer in the background (POST .../sim, polled), to the champion; refusals
change nothing and are never a 500. On both stores: a SQLite file and a PostgreSQL database
(the `db` fixture, tests/stores.py)."""

from __future__ import annotations

import time
from typing import Any

from fastapi.testclient import TestClient

from scrimmage.web.app import create_app

BEARS = "1985 Chicago Bears"


def finish_game(c: TestClient, game_id: str, token: str) -> dict[str, Any]:
    while True:
        view = c.get(f"/api/games/{game_id}?token={token}").json()
        if view["status"] == "over":
            return view
        q = view["pending"]
        assert q is not None, view.get("waiting_for")
        r = c.post(f"/api/games/{game_id}/decisions?token={token}",
                   json={"index": q["index"], "answer": q["suggestion"]})
        assert r.status_code == 200, r.text


def sim(c: TestClient, league: str, token: str, order: dict[str, Any]) -> dict[str, Any]:
    r = c.post(f"/api/leagues/{league}/sim?token={token}", json=order)
    assert r.status_code == 202, r.text
    for _ in range(3000):
        job = c.get(f"/api/leagues/{league}/sim").json()
        if not job["running"]:
            assert not job["error"], job
            return dict(job)
        time.sleep(0.05)
    raise AssertionError("the sim did not finish")


def test_a_1985_season_through_the_http_contract(db: str) -> None:
    app = create_app(db, rate_limit=None)
    with TestClient(app) as c:
        r = c.post("/api/leagues", json={"kind": "season", "rules": "legends-pro",
                                         "season": 1985, "coach": [BEARS], "seed": 1})
        assert r.status_code == 201, r.text
        made = r.json()
        league, token = made["league_id"], made["token"]
        assert made["url"].endswith(f"/leagues/{league}?token={token}")
        assert c.get(f"/api/leagues/{league}?token={token}").json()["you"] == ["chi"]
        played = 0
        for _ in range(30):
            sim(c, league, token, {"to_my_game": True})
            r = c.post(f"/api/leagues/{league}/play?token={token}", json={})
            if r.status_code == 422:
                assert "no more games" in r.json()["detail"]
                break
            assert r.status_code == 200, r.text
            game = r.json()
            assert game["url"].endswith(f"/games/{game['game_id']}?token={token}")
            finish_game(c, game["game_id"], token)
            row = next(g for g in c.get(f"/api/leagues/{league}/schedule?team=chi").json()
                       if g["index"] == game["index"])
            assert row["status"] == "final" and row["home_points"] is not None
            played += 1
        assert played >= 16
        sim(c, league, token, {"end": True})
        summary = c.get(f"/api/leagues/{league}").json()
        assert summary["phase"] == "over" and len(summary["champions"]) == 1
        data = c.get(f"/api/leagues/{league}/standings").json()
        rows = {r["team"]: r for t in data["standings"] for r in t["rows"]}
        assert rows[BEARS]["wins"] + rows[BEARS]["losses"] + rows[BEARS]["ties"] == 16
        assert data["playoffs"]["champions"] == summary["champions"]
        leaders = c.get(f"/api/leagues/{league}/leaders").json()
        assert leaders["teams"]["points scored"]
        game = c.get(f"/api/leagues/{league}/games/0").json()
        assert game["box_score"]["line_score"] and game["plays"]


def test_league_refusals_change_nothing(db: str) -> None:
    app = create_app(db, rate_limit=None)
    with TestClient(app) as c:
        bad = [
            ({"kind": "season", "rules": "legends-pro"}, "needs its year"),
            ({"kind": "season", "rules": "legends-pro", "season": 1985, "coach": ["Nobody"]},
             "no team 'Nobody'"),
            ({"kind": "own", "rules": "nope", "teams": ["a", "b"]}, "nope"),
            ({"kind": "own", "rules": "legends-hs", "teams": ["Riverside Rams"]}, "2 to 64"),
            ({"kind": "season", "rules": "legends-pro", "season": 1985, "extra": 1}, "extra"),
        ]
        for body, words in bad:
            r = c.post("/api/leagues", json=body)
            assert r.status_code == 422, (body, r.text)
            assert words in r.text
        assert c.get("/api/leagues/nope").status_code == 404
        r = c.post("/api/leagues", json={"kind": "own", "rules": "legends-hs", "seed": 2,
                                         "teams": ["Riverside Rams", "Lakeview Lancers",
                                                   "Cedar Creek Bobcats"],
                                         "coach": ["Riverside Rams"]})
        league, token = r.json()["league_id"], r.json()["token"]
        before = c.get(f"/api/leagues/{league}").json()
        assert c.post(f"/api/leagues/{league}/sim", json={"end": True}).status_code == 403
        assert c.post(f"/api/leagues/{league}/sim?token=wrong",
                      json={"end": True}).status_code == 403
        assert c.post(f"/api/leagues/{league}/sim?token={token}", json={}).status_code == 422
        assert c.post(f"/api/leagues/{league}/play", json={}).status_code == 403
        assert c.delete(f"/api/leagues/{league}?token=wrong").status_code == 403
        assert c.get(f"/api/leagues/{league}/games/0").status_code == 422    # not played
        after = c.get(f"/api/leagues/{league}").json()
        assert before["games_played"] == after["games_played"] == 0
        assert c.delete(f"/api/leagues/{league}?token={token}").status_code == 200
        assert c.get(f"/api/leagues/{league}").status_code == 404
