"""Fair dice and the game's record over the HTTP contract (issue 35): a game between two
people waits for both coaches' commitments and values, refusals change nothing, the seed is
the one the three values give, the store keeps every step through a restart, a league game
between two people's teams does the same, and the record route gives a seat nothing it could
not see on the table (no call still hidden), and anyone the whole record once the game is
over, which `scrimmage verify` checks. On both stores: a SQLite file and a PostgreSQL database
(the `db` fixture, tests/stores.py)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from stores import columns_of, drop_columns

import scrimmage
from scrimmage.core import fairness
from scrimmage.verify import Pins, verify
from scrimmage.web.app import create_app
from scrimmage.web.store import digest

PEOPLE = {"home": "person", "away": "person"}


@pytest.fixture
def client(db: str) -> Iterator[TestClient]:
    app = create_app(db, rate_limit=None)
    yield TestClient(app)
    app.state.rooms.store.close()


class Fair:
    """A game between two people over HTTP, and each side's value."""

    def __init__(self, client: TestClient, rules: str = "1st-and-roll",
                 **body: Any) -> None:
        self.client = client
        r = client.post("/api/games", json={"rules": rules, "seats": PEOPLE, **body})
        assert r.status_code == 201, r.text
        made = r.json()
        self.id = made["game_id"]
        self.tokens = {side: made["seats"][side]["token"] for side in ("home", "away")}
        self.values = {side: fairness.new_value() for side in ("home", "away")}

    def view(self, side: str | None = None) -> dict[str, Any]:
        r = self.client.get(f"/api/games/{self.id}",
                            params={} if side is None else {"token": self.tokens[side]})
        assert r.status_code == 200, r.text
        data: dict[str, Any] = r.json()
        return data

    def post(self, what: str, token: str | None, body: dict[str, str]) -> Any:
        return self.client.post(f"/api/games/{self.id}/{what}",
                                params={} if token is None else {"token": token}, json=body)

    def commit(self, side: str, value: str | None = None) -> Any:
        return self.post("commit", self.tokens[side],
                         {"commit": fairness.commitment(value or self.values[side])})

    def reveal(self, side: str, value: str | None = None) -> Any:
        return self.post("reveal", self.tokens[side], {"value": value or self.values[side]})

    def set_up(self) -> None:
        for side in ("home", "away"):
            assert self.commit(side).status_code == 200
        for side in ("away", "home"):
            assert self.reveal(side).status_code == 200

    def record(self, side: str | None = None) -> Any:
        return self.client.get(f"/api/games/{self.id}/record",
                               params={} if side is None else {"token": self.tokens[side]})

    def turn(self) -> tuple[str, dict[str, Any]]:
        for side in ("home", "away"):
            pending = self.view(side)["pending"]
            if pending:
                return side, pending
        raise AssertionError("nobody is asked")

    def answer(self, side: str, index: int, answer: str) -> None:
        r = self.client.post(f"/api/games/{self.id}/decisions",
                             params={"token": self.tokens[side]},
                             json={"index": index, "answer": answer})
        assert r.status_code == 200, r.text

    def play_out(self) -> None:
        while self.view()["status"] != "over":
            side, p = self.turn()
            self.answer(side, p["index"], p["suggestion"])


def stored(client: TestClient, game_id: str) -> tuple[Any, str | None]:
    app: Any = client.app
    store = app.state.rooms.store
    return store.record(game_id), store.fair_secret(game_id)


def test_a_game_between_two_people_waits_for_both_coaches(client: TestClient) -> None:
    game = Fair(client)
    for side in ("home", "away", None):
        v = game.view(side)
        assert v["status"] == "setting up" and v["pending"] is None and v["waiting_for"] is None
        fair = v["fair_dice"]
        assert fair["phase"] == "commit" and fair["committed"] == {"home": False, "away": False}
        assert fair["yours"] == side and "seed" not in fair and "values" not in fair
    record, secret = stored(client, game.id)
    assert secret is not None and record.fairness["server_commit"] == fairness.commitment(secret)
    assert secret not in json.dumps(game.view("home")) + json.dumps(game.view(None))
    assert record.decisions == [] and record.fairness["seed"] is None
    # Nobody may decide anything before the dice are set.
    r = client.post(f"/api/games/{game.id}/decisions", params={"token": game.tokens["home"]},
                    json={"index": 0, "answer": "x"})
    assert r.status_code == 409 and "fair dice" in r.json()["detail"]


def test_commit_and_reveal_and_their_refusals_change_nothing(client: TestClient) -> None:
    game = Fair(client)
    home, away = game.tokens["home"], game.tokens["away"]
    commit_home = {"commit": fairness.commitment(game.values["home"])}
    with client.websocket_connect(f"/ws/games/{game.id}?token={away}") as ws:
        assert ws.receive_json()["fair_dice"]["committed"]["home"] is False
        before = game.view("home")
        assert game.post("commit", None, commit_home).status_code == 403          # spectator
        assert game.post("commit", "x" * 32, commit_home).status_code == 403      # wrong key
        assert game.post("commit", home, {"commit": "ABC"}).status_code == 422    # not hex
        assert game.reveal("home").status_code == 409                 # nobody has committed
        assert game.view("home") == before
        assert game.commit("home").status_code == 200
        assert ws.receive_json()["fair_dice"]["committed"] == {"home": True, "away": False}
        committed = game.view("home")
        assert game.commit("home", fairness.new_value()).status_code == 409       # twice
        assert game.reveal("home").status_code == 409                 # away has not committed
        assert game.view("home") == committed
        assert game.commit("away").status_code == 200
        assert ws.receive_json()["fair_dice"]["phase"] == "reveal"
    both = game.view("away")
    r = game.reveal("home", game.values["away"])                      # not home's value
    assert r.status_code == 422 and "does not hash" in r.json()["detail"]
    assert game.post("reveal", None, {"value": game.values["home"]}).status_code == 403
    assert game.view("away") == both
    assert game.reveal("home").status_code == 200
    assert game.reveal("home").status_code == 409                     # twice
    assert game.view("home")["fair_dice"]["revealed"] == {"home": True, "away": False}
    assert game.view("home")["status"] == "setting up"
    r = game.reveal("away")
    assert r.status_code == 200
    started = r.json()
    assert started["status"] == "playing"
    fair = started["fair_dice"]
    record, secret = stored(client, game.id)
    assert secret is None                                # revealed: kept apart no longer
    server = record.fairness["server_value"]
    seed = fairness.derive_seed(server, game.values["home"], game.values["away"])
    assert fair["phase"] == "done" and fair["seed"] == str(seed) and fair["server_value"] == server
    assert fair["values"] == game.values and record.seed == seed == record.fairness["seed"]
    assert fairness.check(record.fairness) == seed
    assert game.turn()                                                 # the game is on
    assert game.commit("home").status_code == 409 and game.reveal("away").status_code == 409


def test_games_without_fair_dice_keep_the_servers_seed(client: TestClient) -> None:
    def make(**body: Any) -> Any:
        return client.post("/api/games", json={"rules": "1st-and-roll", **body})

    alone = make(seats={"home": "person", "away": "computer"}).json()
    v = client.get(f"/api/games/{alone['game_id']}",
                   params={"token": alone["seats"]["home"]["token"]}).json()
    assert v["fair_dice"] is None and v["status"] == "playing" and v["pending"]
    r = client.post(f"/api/games/{alone['game_id']}/commit",
                    params={"token": alone["seats"]["home"]["token"]},
                    json={"commit": fairness.commitment(fairness.new_value())})
    assert r.status_code == 409 and "no fair dice" in r.json()["detail"]
    for body in ({"seats": PEOPLE, "seed": 4}, {"seats": PEOPLE, "fair_dice": False}):
        made = make(**body).json()
        assert client.get(f"/api/games/{made['game_id']}").json()["fair_dice"] is None
    for body, words in (({"seats": PEOPLE, "seed": 4, "fair_dice": True}, "cannot be given"),
                        ({"seats": {"home": "person"}, "fair_dice": True}, "two people"),
                        ({"seats": {"home": "person",
                                    "away": {"offense": "person", "defense": "computer"}}},
                         None)):
        r = make(**body)
        if words is None:          # a computer coach at the table: no fair dice, no refusal
            assert r.status_code == 201
            assert client.get(f"/api/games/{r.json()['game_id']}").json()["fair_dice"] is None
        else:
            assert r.status_code == 422 and words in r.json()["detail"]


def test_four_people_the_offense_coaches_give_their_sides_values(client: TestClient) -> None:
    both = {"offense": "person", "defense": "person"}
    r = client.post("/api/games", json={"rules": "1st-and-roll",
                                        "seats": {"home": both, "away": both}})
    made = r.json()
    game_id = made["game_id"]
    tokens = {k: s["token"] for k, s in made["seats"].items()}
    values = {k: fairness.new_value() for k in tokens}

    def commit(seat: str) -> int:
        return client.post(f"/api/games/{game_id}/commit", params={"token": tokens[seat]},
                           json={"commit": fairness.commitment(values[seat])}).status_code

    def reveal(seat: str) -> int:
        return client.post(f"/api/games/{game_id}/reveal", params={"token": tokens[seat]},
                           json={"value": values[seat]}).status_code

    view = client.get(f"/api/games/{game_id}", params={"token": tokens["home:defense"]}).json()
    assert view["fair_dice"]["yours"] is None
    assert commit("home:defense") == 403
    assert commit("home:offense") == 200 and commit("away:offense") == 200
    assert reveal("away:defense") == 403
    assert reveal("home:offense") == 200 and reveal("away:offense") == 200
    view = client.get(f"/api/games/{game_id}", params={"token": tokens["home:defense"]}).json()
    assert view["status"] == "playing"
    assert view["fair_dice"]["values"] == {"home": values["home:offense"],
                                           "away": values["away:offense"]}


def test_every_step_is_kept_through_a_restart(db: str) -> None:
    game = Fair(TestClient(create_app(db, rate_limit=None)))
    assert game.commit("home").status_code == 200
    game.client = TestClient(create_app(db, rate_limit=None))         # a restarted server
    assert game.view("away")["fair_dice"]["committed"] == {"home": True, "away": False}
    assert game.commit("home").status_code == 409
    assert game.commit("away").status_code == 200
    assert game.reveal("home").status_code == 200
    game.client = TestClient(create_app(db, rate_limit=None))
    assert game.view("home")["fair_dice"]["revealed"] == {"home": True, "away": False}
    assert game.reveal("away").status_code == 200
    seed = game.view("home")["fair_dice"]["seed"]
    side, p = game.turn()
    game.answer(side, p["index"], p["suggestion"])
    game.client = TestClient(create_app(db, rate_limit=None))
    assert game.view("home")["fair_dice"]["seed"] == seed
    assert game.view("home")["play_count"] >= 0 and game.turn()


def test_a_database_made_before_fair_dice_gains_its_columns(db: str) -> None:
    made = TestClient(create_app(db, rate_limit=None)).post(
        "/api/games", json={"rules": "1st-and-roll", "seed": 3,
                            "seats": {"home": "person"}}).json()
    # As the games table was before issue 35.
    drop_columns(db, "games", ["fairness", "fair_secret"])
    client = TestClient(create_app(db, rate_limit=None))
    token = made["seats"]["home"]["token"]
    v = client.get(f"/api/games/{made['game_id']}", params={"token": token}).json()
    assert v["fair_dice"] is None and v["pending"]
    Fair(client).set_up()                        # and new games get fair dice in it
    assert {"fairness", "fair_secret"} <= columns_of(db, "games")


# -- the record ------------------------------------------------------------------------------

def test_the_record_of_a_finished_game_verifies(client: TestClient, tmp_path: Path) -> None:
    game = Fair(client)
    assert game.record().status_code == 403                   # a spectator: after the game
    game.set_up()
    assert game.record().status_code == 403
    for _ in range(60):
        side, p = game.turn()
        game.answer(side, p["index"], p["suggestion"])
    during = game.record("away")
    assert during.status_code == 200
    assert "attachment" in during.headers["content-disposition"]
    data = during.json()
    assert data["finished"] is False and data["final_score"] == {}
    assert verify(data).line.split(", ")[1].endswith("(in play)")
    game.play_out()
    r = game.record()                                          # anyone's, now
    assert r.status_code == 200
    data = r.json()
    assert data["finished"] is True and data["fairness"]["values"] == game.values
    assert len(data["plays"]) == game.view()["play_count"]
    assert all("dice" in p for p in data["plays"])
    pins = Pins({"home": game.values["home"]}, data["fairness"]["server_commit"])
    assert verify(data, "record", pins).line.endswith("seed from both coaches")
    assert data == game.record("home").json()


def test_a_game_with_a_computer_coach_gives_its_record_at_the_end(client: TestClient) -> None:
    made = client.post("/api/games", json={"rules": "1st-and-roll",
                                           "seats": {"home": "person"}}).json()
    token = made["seats"]["home"]["token"]
    r = client.get(f"/api/games/{made['game_id']}/record", params={"token": token})
    assert r.status_code == 409 and "computer" in r.json()["detail"]


class Plain(Fair):
    """A game between two people with a given seed (no fair dice): the same game twice."""

    def __init__(self, client: TestClient, rules: str) -> None:
        super().__init__(client, rules, seed=23)


@pytest.mark.parametrize("rules", scrimmage.rulesets())
def test_a_seat_never_sees_the_other_sides_locked_call_in_the_record(
        client: TestClient, rules: str) -> None:
    """As tests/web/test_hidden.py does for views: two games alike but for the call the first
    side locks in; the record the other seat (and the caller itself) downloads before the
    play is the same in both, and holds neither call."""
    history: list[tuple[str, int, str]] = []
    probe = Plain(client, rules)
    checked = 0
    for _ in range(300):
        side, pending = probe.turn()
        options = [o["answer"] for o in pending["options"]]
        if pending["kind"] == "play_call" and len(options) > 1:
            other = "away" if side == "home" else "home"
            seen = []
            for choice in options[:2]:
                game = Plain(client, rules)
                for step in history:
                    game.answer(*step)
                plays = game.view(other)["play_count"]
                game.answer(side, pending["index"], choice)
                after = game.view(other)
                if after["pending"] is None or after["pending"]["kind"] != "play_call" \
                        or after["play_count"] != plays:
                    break                  # not the first call of a pair
                records = [game.record(s).json() for s in (other, side)]
                for rec in records:
                    assert len(rec["decisions"]) == pending["index"]
                    assert verify(rec).line.endswith("(no fair dice)")
                seen.append(records)
            if len(seen) == 2:
                assert seen[0] == seen[1]
                checked += 1
                if checked == 2:
                    return
        history.append((side, pending["index"], pending["suggestion"]))
        probe.answer(side, pending["index"], pending["suggestion"])
    raise AssertionError("no pair of calls was checked")


# -- a league game between two people's teams ----------------------------------------------

def test_a_league_game_between_two_peoples_teams_sets_fair_dice(client: TestClient) -> None:
    teams = ["Harbor Hounds", "Prairie Comets"]
    r = client.post("/api/leagues", json={"kind": "own", "rules": "1st-and-roll", "seed": 3,
                                          "teams": teams, "coach": teams, "weeks": 1,
                                          "playoffs": 0})
    assert r.status_code == 201, r.text
    league_id, owner = r.json()["league_id"], r.json()["token"]
    codes = {t["team"]: t["code"] for t in
             client.get(f"/api/leagues/{league_id}").json()["teams"]}
    # One token for each team's coach (the owner's alone opens one seat: no fair dice then).
    app: Any = client.app
    store = app.state.leagues.store
    league = store.league(league_id)
    tokens = {team: f"coach-of-{codes[team]}-" + "x" * 20 for team in teams}
    league.access = {digest(owner): ["*"],
                     **{digest(t): [codes[team]] for team, t in tokens.items()}}
    store.update(league)
    r = client.post(f"/api/leagues/{league_id}/play", params={"token": tokens[teams[0]]},
                    json={})
    assert r.status_code == 200, r.text
    game_id = r.json()["game_id"]
    home_team = client.get(f"/api/games/{game_id}").json()["teams"]["home"]
    game = Fair.__new__(Fair)
    game.client, game.id = client, game_id
    game.tokens = {"home": tokens[home_team],
                   "away": next(t for team, t in tokens.items() if team != home_team)}
    game.values = {side: fairness.new_value() for side in ("home", "away")}
    assert game.view("home")["status"] == "setting up"
    assert game.view("away")["fair_dice"]["yours"] == "away"
    game.set_up()
    seed = int(game.view("home")["fair_dice"]["seed"])
    assert seed != league.game_seed(0)
    game.play_out()
    data = game.record().json()
    assert verify(data).line.endswith("seed from both coaches")
    row = next(g for g in client.get(f"/api/leagues/{league_id}/schedule").json())
    assert row["status"] == "final"
    replayed = client.get(f"/api/leagues/{league_id}/games/{row['index']}").json()
    assert replayed["final_score"] == data["final_score"]
