"""Issue 35 through the HTTP contract: a league with friends online. Ten teams, eight coaches
join by their links; week 1 has two games played live between people, one played across a
server restart, one where a coach never came (the computer finishes it at the deadline, with
that coach's settings, each of its answers saved as given at the deadline), and the computer
teams' game; the commissioner (who cannot play a team's game) advances the week; the
standings come out right and the audit log tells everybody what the commissioner did. On both
stores: a SQLite file and a PostgreSQL database (the `db` fixture, tests/stores.py)."""

from __future__ import annotations

import hashlib
import secrets
from typing import Any

from fastapi.testclient import TestClient

from scrimmage.league.store import LeagueStore
from scrimmage.web.app import create_app

TEAMS = ["1985 Chicago Bears", "1985 Miami Dolphins", "1985 New England Patriots",
         "1985 Los Angeles Rams", "1985 New York Jets", "1985 Los Angeles Raiders",
         "1985 San Francisco 49ers", "1985 Denver Broncos", "1985 Dallas Cowboys",
         "1985 New York Giants"]


def answer_some(c: TestClient, game_id: str, tokens: list[str], limit: int = 10_000) -> int:
    """Each coach answers the questions that are theirs (the assistant's suggestion), until
    the game ends, `limit` answers, or the game waits for a coach not in `tokens`; returns
    the answers given."""
    given = 0
    while given < limit:
        moved = False
        for token in tokens:
            view = c.get(f"/api/games/{game_id}?token={token}").json()
            if view["status"] == "over":
                return given
            q = view["pending"]
            if q is None:
                continue
            r = c.post(f"/api/games/{game_id}/decisions?token={token}",
                       json={"index": q["index"], "answer": q["suggestion"]})
            assert r.status_code == 200, r.text
            given += 1
            moved = True
            if given >= limit:
                return given
        if not moved:
            assert len(tokens) == 1, "both coaches are here, yet neither is asked"
            return given
    return given


def start_game(c: TestClient, league: str, token: str) -> dict[str, Any]:
    r = c.post(f"/api/leagues/{league}/play?token={token}", json={})
    assert r.status_code == 200, r.text
    return dict(r.json())


def fair_dice(c: TestClient, game_id: str, tokens: list[str]) -> None:
    """Both coaches commit to a value and reveal it (docs/fair-dice.md), as their pages do:
    a game between two people takes its seed from both."""
    values = {t: secrets.token_bytes(32) for t in tokens}
    for t, v in values.items():
        r = c.post(f"/api/games/{game_id}/commit?token={t}",
                   json={"commit": hashlib.sha256(v).hexdigest()})
        assert r.status_code == 200, r.text
    for t, v in values.items():
        r = c.post(f"/api/games/{game_id}/reveal?token={t}", json={"value": v.hex()})
        assert r.status_code == 200, r.text
    assert c.get(f"/api/games/{game_id}").json()["status"] != "setting up"


def test_an_online_league_week(db: str) -> None:
    with TestClient(create_app(db, rate_limit=None)) as c:
        r = c.post("/api/leagues/online", json={"rhythm": "hand", "league": {
            "kind": "own", "rules": "legends-pro", "teams": TEAMS, "weeks": 2, "playoffs": 2,
            "seed": 5}})
        assert r.status_code == 201, r.text
        made = r.json()
        league, boss = made["league_id"], made["commissioner"]["token"]
        links = {v["team"]: v["token"] for v in made["teams"].values()}
        week1 = c.get(f"/api/leagues/{league}/schedule?week=1").json()
        assert len(week1) == 5
        live, restart, absent, unstarted, computer = week1
        people = [t for g in (live, restart, absent, unstarted) for t in
                  (g["home_team"], g["away_team"])]
        for i, team in enumerate(people):                # eight coaches join
            r = c.post(f"/api/leagues/{league}/claim?token={links[team]}",
                       json={"name": f"Coach {i + 1}"})
            assert r.status_code == 200, r.text
        # The commissioner cannot play a team's game; a coach cannot advance the week.
        assert c.post(f"/api/leagues/{league}/play?token={boss}", json={}).status_code in (
            403, 422)
        home_token = links[live["home_team"]]
        assert c.post(f"/api/leagues/{league}/commissioner/advance?token={home_token}",
                      json={}).status_code == 403
        r = c.post(f"/api/leagues/{league}/commissioner/advance?token={boss}", json={})
        assert r.status_code == 200, r.text                # the season starts: week 1
        rows = {g["index"]: g for g in c.get(f"/api/leagues/{league}/schedule?week=1").json()}
        assert rows[computer["index"]]["status"] == "final"     # the computer teams played
        # A coach's settings for the games the computer finishes for them.
        absent_token = links[unstarted["away_team"]]
        r = c.post(f"/api/leagues/{league}/settings?token={absent_token}",
                   json={"computer": "smart", "fourth_down": "bold", "run_share": 0.6})
        assert r.status_code == 200 and r.json()["fallback"] == "smart"
        # Two people live: both answer as it comes.
        tokens = [links[live["home_team"]], links[live["away_team"]]]
        game = start_game(c, league, tokens[0])
        assert start_game(c, league, tokens[1])["game_id"] == game["game_id"]
        fair_dice(c, game["game_id"], tokens)
        answer_some(c, game["game_id"], tokens)
        # Another people's game, begun now...
        tokens_b = [links[restart["home_team"]], links[restart["away_team"]]]
        game_b = start_game(c, league, tokens_b[0])
        fair_dice(c, game_b["game_id"], tokens_b)
        assert answer_some(c, game_b["game_id"], tokens_b, limit=40) == 40
        # ...and one the away coach leaves: both set up the dice, the home coach plays on.
        tokens_c = [links[absent["home_team"]], links[absent["away_team"]]]
        game_c = start_game(c, league, tokens_c[0])
        fair_dice(c, game_c["game_id"], tokens_c)
        given_c = answer_some(c, game_c["game_id"], tokens_c[:1], limit=15)
    # The server restarts; the game in progress goes on from its last answer.
    with TestClient(create_app(db, rate_limit=None)) as c:
        answer_some(c, game_b["game_id"], tokens_b)
        r = c.post(f"/api/leagues/{league}/commissioner/advance?token={boss}", json={})
        assert r.status_code == 200, r.text
        summary = c.get(f"/api/leagues/{league}").json()
        assert summary["week"] == 2
        week = c.get(f"/api/leagues/{league}/schedule?week=1").json()
        assert all(g["status"] == "final" for g in week)
        standings = c.get(f"/api/leagues/{league}/standings").json()["standings"]
        table = {r["team"]: r for t in standings for r in t["rows"]}
        for g in week:
            home, away = table[g["home_team"]], table[g["away_team"]]
            assert home["points_for"] == g["home_points"] == away["points_against"]
            if g["home_points"] != g["away_points"]:
                winner = home if g["home_points"] > g["away_points"] else away
                assert winner["wins"] == 1
        assert sum(r["wins"] + r["losses"] + r["ties"] for r in table.values()) == 10
        audit = c.get(f"/api/leagues/{league}/audit").json()
        assert [a["who"] for a in audit] == ["the commissioner", "the commissioner"]
        assert "started the season" in audit[0]["what"]
        assert "finished by the computer" in audit[1]["what"]
    # The absent coach's questions were answered at the deadline; the others by people.
    store = LeagueStore(db)
    try:
        record = store.games.record(game_c["game_id"])
        assert record is not None
        by = [e[3] for e in record.decisions if len(e) > 3]
        assert "deadline" in by and by.count("person") == given_c
        assert store.game_rows(league)[absent["index"]].final
        # A game nobody began was played whole at the deadline by each absent coach's
        # computer coach, with that coach's settings.
        row = store.game_rows(league)[unstarted["index"]]
        assert row.final and row.game_id is None
        assert row.coaches["away"] == "smart+run=0.6+fourth=bold"
        live_record = store.games.record(game["game_id"])
        assert live_record is not None
        assert "deadline" not in {e[3] for e in live_record.decisions if len(e) > 3}
    finally:
        store.close()
