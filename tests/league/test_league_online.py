"""Issue 35 through the HTTP contract: a league with friends online. Twelve teams, ten coaches
join by their links; week 1 has two games played live between people, one played across a
server restart, one where a coach never came (the computer finishes it at the deadline, with
that coach's settings, each of its answers saved as given at the deadline), and the computer
teams' game; the commissioner (who cannot play a team's game) advances the week; the
standings come out right and the audit log tells everybody what the commissioner did. On both
stores: a SQLite file and a PostgreSQL database (the `db` fixture, tests/stores.py)."""

from __future__ import annotations

import hashlib
import secrets
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from scrimmage.league import online
from scrimmage.league.store import LeagueStore
from scrimmage.web.app import create_app
from scrimmage.web.league_online_routes import forget_finished

TEAMS = ["1985 Chicago Bears", "1985 Miami Dolphins", "1985 New England Patriots",
         "1985 Los Angeles Rams", "1985 New York Jets", "1985 Los Angeles Raiders",
         "1985 San Francisco 49ers", "1985 Denver Broncos", "1985 Dallas Cowboys",
         "1985 New York Giants", "1985 Cleveland Browns", "1985 Washington Redskins"]


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
        assert len(week1) == 6
        live, live_too, restart, absent, unstarted, computer = week1
        people = [t for g in (live, live_too, restart, absent, unstarted) for t in
                  (g["home_team"], g["away_team"])]
        for i, team in enumerate(people):                # ten coaches join
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
        tokens_too = [links[live_too["home_team"]], links[live_too["away_team"]]]
        game_too = start_game(c, league, tokens_too[1])      # the visitors open it first
        fair_dice(c, game_too["game_id"], tokens_too)
        answer_some(c, game_too["game_id"], tokens_too)
        for g in (game, game_too):
            assert c.get(f"/api/games/{g['game_id']}").json()["status"] == "over"
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
        assert sum(r["wins"] + r["losses"] + r["ties"] for r in table.values()) == 12
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


def test_what_the_online_page_reads(tmp_path: Path) -> None:
    """The routes the league page uses: who a link is (the commissioner, a coach whose team is
    taken or not, nobody), a coach's settings with what they answer kind by kind, the
    league's pushes carrying the week clock and the coaches, the audit log in words."""
    hs = ["Cedar Creek Bobcats", "Lakeview Lancers", "Mesa Verde Coyotes", "Riverside Rams"]
    with TestClient(create_app(tmp_path / "server.db", rate_limit=None)) as c:
        made = c.post("/api/leagues/online", json={"rhythm": "day", "league": {
            "kind": "own", "rules": "legends-hs", "teams": hs, "weeks": 3, "playoffs": 2,
            "seed": 3}}).json()
        league, boss = made["league_id"], made["commissioner"]["token"]
        links = {v["team"]: v["token"] for v in made["teams"].values()}
        assert c.get(f"/api/leagues/{league}/online").json()["role"] is None
        seen = c.get(f"/api/leagues/{league}/online?token={boss}").json()
        assert seen["online"] and seen["role"] == "commissioner" and seen["week"] == 0
        assert seen["team"] is None and seen["rhythm"] == "day" and seen["audit"] == []
        assert {t["team"] for t in seen["teams"]} == set(hs)
        assert not any(t["person"] or t["coach"] for t in seen["teams"])
        rams = links["Riverside Rams"]
        seen = c.get(f"/api/leagues/{league}/online?token={rams}").json()
        assert seen["role"] == "coach" and not seen["claimed"]
        assert c.get(f"/api/leagues/{league}/online?token=nope").status_code == 403
        c.post(f"/api/leagues/{league}/claim?token={rams}", json={"name": "  Ann   Lee "})
        seen = c.get(f"/api/leagues/{league}/online?token={rams}").json()
        assert seen["claimed"]
        row = next(t for t in seen["teams"] if t["team"] == "Riverside Rams")
        assert row == {"code": seen["team"], "team": "Riverside Rams", "coach": "Ann Lee",
                       "person": True}
        # A league of one's own is not online.
        own = c.post("/api/leagues", json={"kind": "own", "rules": "legends-hs",
                                           "teams": hs[:2], "playoffs": 0}).json()
        assert c.get(f"/api/leagues/{own['league_id']}/online").json() == {"online": False}

        # Settings: what the coach answers, kind by kind, with every kind in words.
        got = c.get(f"/api/leagues/{league}/settings?token={rams}").json()
        assert "play_call" in got["policy"]["always"]
        assert got["policy"]["when_it_matters"] == ["snap"]
        assert got["policy"]["kinds"]["timeout"] == "timeouts"
        r = c.post(f"/api/leagues/{league}/settings?token={rams}", json={
            "ask": {"always": ["play_call", "timeout"], "when_it_matters": ["snap"]},
            "fourth_down": "cautious"})
        assert r.status_code == 200, r.text
        assert r.json()["policy"]["always"] == ["play_call", "timeout"]
        assert r.json()["fourth_down"] == "cautious"
        assert c.post(f"/api/leagues/{league}/settings?token={rams}", json={
            "ask": {"always": ["nonsense"]}}).status_code == 422
        assert c.post(f"/api/leagues/{league}/settings?token={rams}", json={
            "ask": {"always": [], "sometimes": []}}).status_code == 422
        r = c.post(f"/api/leagues/{league}/settings?token={rams}", json={"ask": "calls"})
        assert r.json()["policy"]["when_it_matters"] == ["snap"]

        # The league's pushes: the clock and the coaches too.
        with c.websocket_connect(f"/ws/leagues/{league}") as ws:
            first = ws.receive_json()
            assert first["online"]["week"] == 0 and first["online"]["log"] == 0
            r = c.post(f"/api/leagues/{league}/commissioner/advance?token={boss}", json={})
            assert r.status_code == 200, r.text
            pushed = ws.receive_json()
            assert pushed["online"]["week"] == 1 and pushed["online"]["deadline"] is not None
            at = pushed["online"]["deadline"] + 3600
            c.post(f"/api/leagues/{league}/commissioner/deadline?token={boss}", json={"at": at})
            while (pushed := ws.receive_json())["online"]["deadline"] != at:
                pass
            assert pushed["online"]["log"] == 2

        # The Rams' game begun on the page, then played by the computer at the commissioner's
        # word: the game's room (in memory) holds it no more as it stood, but over.
        week1 = c.get(f"/api/leagues/{league}/schedule?week=1").json()
        game = next(g for g in week1 if g["status"] != "final")
        # The page watching it is told to open its socket again, and then sees it over.
        begun = start_game(c, league, rams)["game_id"]
        assert answer_some(c, begun, [rams], limit=3) == 3
        with c.websocket_connect(f"/ws/games/{begun}?token={rams}") as ws:
            assert ws.receive_json()["status"] == "playing"
            r = c.post(f"/api/leagues/{league}/commissioner/play_now?token={boss}",
                       json={"index": game["index"]})
            assert r.status_code == 200, r.text
            with pytest.raises(WebSocketDisconnect) as closed:
                ws.receive_json()
            assert closed.value.code == 1012
        view = c.get(f"/api/games/{begun}?token={rams}").json()
        assert view["status"] == "over" and view["pending"] is None
        with c.websocket_connect(f"/ws/games/{begun}?token={rams}") as ws:
            assert ws.receive_json()["status"] == "over"
        log = [a["what"] for a in c.get(f"/api/leagues/{league}/audit").json()]
        assert log[0] == "started the season: week 1 open (1 game between computer teams played)"
        assert log[1] == "moved the deadline of week 1"
        assert log[2] == (f"had the computer play {game['away_team']} at {game['home_team']} "
                          "now")
        assert not any("(s)" in line for line in log)

        # At a deadline too (the clock's pass, as `tick` runs it): the Rams' week-2 game.
        r = c.post(f"/api/leagues/{league}/commissioner/advance?token={boss}", json={})
        assert r.status_code == 200, r.text
        begun = start_game(c, league, rams)["game_id"]
        assert answer_some(c, begun, [rams], limit=3) == 3
        c.post(f"/api/leagues/{league}/commissioner/deadline?token={boss}", json={"at": 1.0})
        leagues = c.app.state.leagues                   # type: ignore[attr-defined]
        assert online.due_deadlines(leagues.store) == [league]
        c.portal.call(forget_finished, leagues, league)      # type: ignore[union-attr]
        assert c.get(f"/api/games/{begun}").json()["status"] == "over"
        assert c.get(f"/api/leagues/{league}/online").json()["week"] == 3


def test_a_new_link_opens_the_game_in_progress_and_the_old_one_does_not(tmp_path: Path
                                                                         ) -> None:
    """A team handed on (or given a new coach by the commissioner) in the middle of its game:
    the page on the old link is told to reconnect and is then refused; the new link opens the
    same seat of the same game. A coach removed leaves no link that opens it. The commissioner
    sets how long the weeks to come last."""
    hs = ["Lakeview Lancers", "Riverside Rams"]
    with TestClient(create_app(tmp_path / "server.db", rate_limit=None)) as c:
        made = c.post("/api/leagues/online", json={"rhythm": "hand", "league": {
            "kind": "own", "rules": "legends-hs", "teams": hs, "weeks": 1, "playoffs": 0,
            "seed": 4}}).json()
        league, boss = made["league_id"], made["commissioner"]["token"]
        rams = next(v["token"] for v in made["teams"].values() if v["team"] == "Riverside Rams")
        c.post(f"/api/leagues/{league}/claim?token={rams}", json={"name": "Ann"})
        assert c.post(f"/api/leagues/{league}/commissioner/advance?token={boss}",
                      json={}).status_code == 200
        game = start_game(c, league, rams)["game_id"]
        assert answer_some(c, game, [rams], limit=3) == 3
        side = c.get(f"/api/games/{game}?token={rams}").json()["you"]
        with c.websocket_connect(f"/ws/games/{game}?token={rams}") as ws:
            ws.receive_json()
            r = c.post(f"/api/leagues/{league}/handoff?token={rams}")
            assert r.status_code == 200, r.text
            with pytest.raises(WebSocketDisconnect) as closed:
                ws.receive_json()
            assert closed.value.code == 1012
        new = r.json()["token"]
        assert c.get(f"/api/games/{game}?token={rams}").status_code == 403
        assert c.get(f"/api/games/{game}?token={new}").json()["you"] == side
        assert start_game(c, league, new)["game_id"] == game
        assert answer_some(c, game, [new], limit=2) == 2

        r = c.post(f"/api/leagues/{league}/commissioner/replace?token={boss}",
                   json={"team": "Riverside Rams"})
        assert r.status_code == 200, r.text
        assert set(r.json()) == {"said", "url"}                # the new token only in its link
        newer = r.json()["url"].split("token=")[1]
        assert c.get(f"/api/games/{game}?token={new}").status_code == 403
        assert c.get(f"/api/games/{game}?token={newer}").json()["you"] == side
        r = c.post(f"/api/leagues/{league}/commissioner/remove?token={boss}",
                   json={"team": "Riverside Rams"})
        assert r.status_code == 200, r.text
        assert c.get(f"/api/games/{game}?token={newer}").status_code == 403

        r = c.post(f"/api/leagues/{league}/commissioner/rhythm?token={boss}",
                   json={"rhythm": "day"})
        assert r.status_code == 200, r.text
        assert c.get(f"/api/leagues/{league}/online").json()["rhythm"] == "day"
        assert c.post(f"/api/leagues/{league}/commissioner/rhythm?token={boss}",
                      json={"rhythm": "month"}).status_code == 422
        log = [a["what"] for a in c.get(f"/api/leagues/{league}/audit").json()]
        assert log[-1] == "made the weeks to come last a day"


def test_a_team_nobody_coaches_gets_the_leagues_computer_coach() -> None:
    """A person's team in an online league is the computer's until claimed, and after its
    coach is removed: the computer coach the league was made with, not always solitaire."""
    from scrimmage.league.making import own_league
    from scrimmage.league.model import Coaching

    teams = TEAMS[:4]
    league = own_league("legends-pro", teams, {
        teams[0]: Coaching("person"), teams[1]: Coaching("smart"), teams[2]: Coaching("smart"),
        teams[3]: Coaching("smart")}, weeks=1, playoffs=0)
    online.open_online(league, "hand")
    assert {t.coaching.kind for t in league.teams.values()} == {"smart"}
    assert online.computer_kind(league) == "smart"


def test_a_deadline_that_passed_while_the_server_was_down_is_applied_when_it_starts(
        db: str) -> None:
    """Issue 35: the week clock survives a restart. Week 1 opens with a day's deadline; the
    server stops; the deadline passes while it is down (the stored deadline is moved into the
    past); the server starts again and, without anybody asking, closes week 1 (the people's
    games are played by the computer for them) and opens week 2, and the log says the
    deadline did it."""
    import time


    with TestClient(create_app(db, rate_limit=None)) as c:
        made = c.post("/api/leagues/online", json={"rhythm": "day", "league": {
            "kind": "own", "rules": "legends-pro", "teams": TEAMS[:4], "seed": 9}}).json()
        league, boss = made["league_id"], made["commissioner"]["token"]
        for i, link in enumerate(made["teams"].values()):
            r = c.post(f"/api/leagues/{league}/claim?token={link['token']}",
                       json={"name": f"Coach {i}"})
            assert r.status_code == 200, r.text
        assert c.post(f"/api/leagues/{league}/commissioner/advance?token={boss}",
                      json={}).status_code == 200
        summary = c.get(f"/api/leagues/{league}").json()
        assert summary["week"] == 1
        assert {g["status"] for g in c.get(f"/api/leagues/{league}/schedule?week=1").json()
                } != {"final"}
    store = LeagueStore(db)
    try:
        lg = store.league(league)
        clock = online.online(lg)
        assert clock.deadline is not None and clock.deadline > time.time() + 3600
        clock.deadline = time.time() - 60                # a day went by with the server down
        online.set_online(lg, clock)
        store.update(lg)
    finally:
        store.close()
    with TestClient(create_app(db, rate_limit=None)) as c:
        for _ in range(600):
            if c.get(f"/api/leagues/{league}").json()["week"] == 2:
                break
            time.sleep(0.05)
        assert c.get(f"/api/leagues/{league}").json()["week"] == 2
        assert {g["status"] for g in c.get(f"/api/leagues/{league}/schedule?week=1").json()
                } == {"final"}
        audit = c.get(f"/api/leagues/{league}/audit").json()
        assert audit[-1]["who"] == "the deadline"
        assert "finished by the computer" in audit[-1]["what"]
