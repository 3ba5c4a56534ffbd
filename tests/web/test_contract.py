"""The HTTP contract of `scrimmage serve` (issue 16), through the real app: making games,
seat views, answers and their refusals (403, 409, 422: a refused request changes nothing),
undo, the assistant's toggles, uploads, and whole games played over HTTP and WebSocket; on
both stores, a SQLite file and a PostgreSQL database (the `db` fixture, tests/stores.py)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

import scrimmage
from scrimmage.web.app import create_app

SRC = Path(__file__).resolve().parents[2] / "src" / "scrimmage"


@pytest.fixture
def client(db: str) -> Iterator[TestClient]:
    app = create_app(db)
    yield TestClient(app)
    app.state.rooms.store.close()


def new(client: TestClient, **body: Any) -> dict[str, Any]:
    body.setdefault("rules", "legends-hs")
    body.setdefault("seats", {"home": "person", "away": "computer"})
    r = client.post("/api/games", json=body)
    assert r.status_code == 201, r.text
    data: dict[str, Any] = r.json()
    return data


def see(client: TestClient, game: str, token: str | None = None) -> dict[str, Any]:
    r = client.get(f"/api/games/{game}", params={} if token is None else {"token": token})
    assert r.status_code == 200, r.text
    data: dict[str, Any] = r.json()
    return data


def play_out(client: TestClient, game: str, tokens: list[str], limit: int = 5000) -> int:
    """Answer every question with the assistant's suggestion until the game ends."""
    for answered in range(limit):
        views = [see(client, game, t) for t in tokens]
        if views[0]["status"] == "over":
            return answered
        turn = next(((t, v) for t, v in zip(tokens, views, strict=True) if v["pending"]), None)
        assert turn is not None, "nobody is asked and the game is not over"
        token, v = turn
        p = v["pending"]
        r = client.post(f"/api/games/{game}/decisions", params={"token": token},
                        json={"index": p["index"], "answer": p["suggestion"]})
        assert r.status_code == 200, r.text
    raise AssertionError("the game did not end")


def test_a_game_is_made_with_a_secret_token_per_person(client: TestClient) -> None:
    made = new(client, seed=3)
    assert set(made["seats"]) == {"home"}
    token = made["seats"]["home"]["token"]
    assert len(token) >= 32 and made["seats"]["home"]["url"].endswith(f"?token={token}")
    assert "token" not in made["spectate"]
    v = see(client, made["game_id"], token)
    assert v["status"] == "playing" and v["you"]["side"] == "HOME"
    assert v["pending"]["kind"] and v["pending"]["options"][0]["label"]
    spectator = see(client, made["game_id"])
    assert spectator["you"] is None and spectator["pending"] is None
    assert token not in str(spectator) and token not in str(v)


@pytest.mark.parametrize("rules", scrimmage.rulesets())
def test_a_whole_game_over_http_in_every_ruleset(client: TestClient, rules: str) -> None:
    made = new(client, rules=rules, seed=5)
    token = made["seats"]["home"]["token"]
    assert play_out(client, made["game_id"], [token]) > 20
    v = see(client, made["game_id"], token)
    assert v["status"] == "over" and v["box_score"]["final"]
    assert v["play_count"] == len(v["plays"]) > 50
    replayed = scrimmage.replay(_record(client, made["game_id"])).plays
    assert json.loads(json.dumps(replayed)) == v["plays"]      # the game is its record


def _record(client: TestClient, game: str) -> Any:
    app: Any = client.app
    return app.state.rooms.store.record(game)


def test_refusals_change_nothing(client: TestClient) -> None:
    made = new(client, seats={"home": "person", "away": "person"}, seed=4)
    game = made["game_id"]
    home, away = made["seats"]["home"]["token"], made["seats"]["away"]["token"]
    turn = home if see(client, game, home)["pending"] else away
    other = away if turn == home else home
    before = see(client, game, turn)
    p = before["pending"]

    def post(token: str | None, index: int, answer: str) -> int:
        params = {} if token is None else {"token": token}
        return client.post(f"/api/games/{game}/decisions", params=params,
                           json={"index": index, "answer": answer}).status_code

    assert post(None, p["index"], p["suggestion"]) == 403            # no token
    assert post("x" * 32, p["index"], p["suggestion"]) == 403        # a wrong token
    assert post(other, p["index"], p["suggestion"]) == 403           # the other seat
    assert post(turn, p["index"] + 1, p["suggestion"]) == 409        # not asked yet
    assert post(turn, p["index"], "hail_mary") == 422                # illegal
    r = client.post(f"/api/games/{game}/decisions", params={"token": turn},
                    json={"index": p["index"], "answer": "hail_mary"})
    assert "hail_mary" in r.json()["detail"]
    assert see(client, game, turn) == before
    assert post(turn, p["index"], p["suggestion"]) == 200
    assert post(turn, p["index"], p["suggestion"]) == 409            # already answered


def test_four_people_play_1st_and_roll_one_for_each_unit(client: TestClient) -> None:
    """FR-1: a team may have an offense coach and a defense coach; with four people each has
    a link of their own and answers only their unit's questions."""
    both = {"offense": "person", "defense": "person"}
    made = new(client, rules="1st-and-roll", seed=6, seats={"home": both, "away": both})
    game = made["game_id"]
    assert set(made["seats"]) == {"home:offense", "home:defense", "away:offense", "away:defense"}
    tokens = {k: s["token"] for k, s in made["seats"].items()}
    assert len(set(tokens.values())) == 4
    asked: set[str] = set()
    for _ in range(60):
        views = {k: see(client, game, t) for k, t in tokens.items()}
        turn = [k for k, v in views.items() if v["pending"]]
        assert len(turn) == 1, turn
        p = views[turn[0]]["pending"]
        for other in set(tokens) - set(turn):            # nobody answers for another unit
            r = client.post(f"/api/games/{game}/decisions", params={"token": tokens[other]},
                            json={"index": p["index"], "answer": p["suggestion"]})
            assert r.status_code == 403
        r = client.post(f"/api/games/{game}/decisions", params={"token": tokens[turn[0]]},
                        json={"index": p["index"], "answer": p["suggestion"]})
        assert r.status_code == 200, r.text
        asked.add(turn[0])
    assert asked == set(tokens)
    undo = client.post(f"/api/games/{game}/undo", params={"token": tokens["home:offense"]})
    assert undo.status_code in (403, 409, 422)           # no undo between people
    assert play_out(client, game, list(tokens.values())) > 0


@pytest.mark.parametrize("body, status, words", [
    ({"rules": "chess"}, 422, "no ruleset named"),
    ({"rules": "legends-pro", "home": "2016 Chicago Bers"}, 422, "did you mean"),
    ({"rules": "legends-pro", "home": "/etc/passwd"}, 422, "no legends-pro team"),
    ({"rules": "legends-hs", "options": {"overtime": "sometimes"}}, 422, "alternate or none"),
    ({"rules": "legends-hs", "options": {"xsheets": "/etc/passwd"}}, 422, "file"),
    ({"rules": "legends-hs", "seats": {"home": "computer", "away": "computer"}}, 422,
     "person"),
    ({"rules": "legends-hs", "seats": {"home": "robot"}}, 422, ""),
    ({"rules": "legends-hs", "surprise": 1}, 422, ""),
    ({"rules": "legends-hs", "home": {"file": "x.toml", "text": "[team]\nname = 3\n"}}, 422,
     "x.toml"),
])
def test_a_bad_new_game_is_a_4xx_with_a_reason(client: TestClient, body: dict[str, Any],
                                               status: int, words: str) -> None:
    r = client.post("/api/games", json=body)
    assert r.status_code == status, r.text
    assert words in r.text


def test_malformed_and_oversized_requests(client: TestClient) -> None:
    r = client.post("/api/games", content=b"{not json", headers={"content-type":
                                                                  "application/json"})
    assert r.status_code == 422
    r = client.post("/api/games", content=b"x" * 300_000,
                    headers={"content-type": "application/json"})
    assert r.status_code == 413
    assert client.get("/api/games/nope").status_code == 404


def test_an_uploaded_team_plays(client: TestClient) -> None:
    text = (SRC / "teams" / "legends-hs" / "riverside-rams.toml").read_text("utf-8")
    made = new(client, home={"file": "mine.toml", "text": text.replace(
        'name = "Riverside Rams"', 'name = "My Rams"')}, seed=2)
    v = see(client, made["game_id"], made["seats"]["home"]["token"])
    assert v["teams"]["home"] == "My Rams"


def test_undo_and_the_assistant_toggles(client: TestClient) -> None:
    made = new(client, rules="legends-pro", seed=6)
    game, token = made["game_id"], made["seats"]["home"]["token"]
    first = see(client, game, token)["pending"]
    r = client.post(f"/api/games/{game}/decisions", params={"token": token},
                    json={"index": first["index"], "answer": first["suggestion"]})
    assert r.json()["can_undo"]
    back = client.post(f"/api/games/{game}/undo", params={"token": token}).json()
    assert back["pending"]["index"] == first["index"]
    r = client.post(f"/api/games/{game}/policy", params={"token": token},
                    json={"kind": "timeout", "ask": True})
    assert "timeout" in r.json()["policy"]["always"]
    r = client.post(f"/api/games/{game}/policy", params={"token": token},
                    json={"kind": "timeouts", "ask": True})
    assert r.status_code == 422 and "timeouts" in r.json()["detail"]


def test_a_game_waits_for_a_friend_and_reloads_from_the_database(db: str) -> None:
    """Two people: the game waits as long as it takes; a server started afresh on the same
    database finds it where it stood."""
    one = TestClient(create_app(db))
    made = new(one, seats={"home": "person", "away": "person"}, seed=8)
    game = made["game_id"]
    tokens = [made["seats"]["home"]["token"], made["seats"]["away"]["token"]]
    for _ in range(30):
        views = [see(one, game, t) for t in tokens]
        token, v = next((t, v) for t, v in zip(tokens, views, strict=True) if v["pending"])
        one.post(f"/api/games/{game}/decisions", params={"token": token},
                 json={"index": v["pending"]["index"], "answer": v["pending"]["suggestion"]})
    stood = [see(one, game, t) for t in tokens]
    two = TestClient(create_app(db))
    assert [see(two, game, t) for t in tokens] == stood


def test_the_websocket_pushes_each_seat_its_view(client: TestClient) -> None:
    made = new(client, seats={"home": "person", "away": "person"}, seed=9)
    game = made["game_id"]
    home, away = made["seats"]["home"]["token"], made["seats"]["away"]["token"]
    with client.websocket_connect(f"/ws/games/{game}?token={away}") as ws:
        first = ws.receive_json()
        assert first["you"]["side"] == "AWAY"
        turn = home if see(client, game, home)["pending"] else away
        p = see(client, game, turn)["pending"]
        client.post(f"/api/games/{game}/decisions", params={"token": turn},
                    json={"index": p["index"], "answer": p["suggestion"]})
        pushed = ws.receive_json()
        assert pushed["you"]["side"] == "AWAY" and pushed != first
    with pytest.raises(WebSocketDisconnect) as closed, \
            client.websocket_connect(f"/ws/games/{game}?token=wrong") as ws:
        ws.receive_json()
    assert closed.value.code == 4403
