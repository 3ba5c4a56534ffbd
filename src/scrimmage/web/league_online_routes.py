"""The routes of a league played online with friends (issue 35; `league.online`):

- `POST /api/leagues/online` makes one: its commissioner link and a link per team;
- `POST .../claim?token=T {"name"}` a coach takes their team; `POST .../handoff?token=T` a
  new link for it (the old stops working); `GET|POST .../settings?token=T` the coach's
  settings for the games the computer finishes for them;
- `POST .../commissioner/{advance|deadline|replace|remove|play_now|restart}?token=C`, each
  written to the audit log (`GET .../audit`, for everybody);
- `WS /ws/leagues/{id}` the league as it changes (its summary after every result).

The week clock runs in the server (`tick`): a deadline that passed, even while the server was
down, closes its week when the server next looks.

Several server processes may share the database (issue 35): every change here is a
`LeagueStore.change` (written over the league as read, else read again and redone), and an
action that plays games takes the league's turn first (409 while another has it).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Query, WebSocket, WebSocketDisconnect
from pydantic import BaseModel, ConfigDict, Field
from starlette.concurrency import run_in_threadpool

from scrimmage.core.errors import ScrimmageError
from scrimmage.league import online, playing, views
from scrimmage.league.model import Coaching
from scrimmage.league.store import FINAL, PLAYING
from scrimmage.web.league_routes import Leagues, NewLeague, make_league
from scrimmage.web.rooms import Forbidden

Token = Annotated[str | None, Query(max_length=100)]
TICK_SECONDS = 30.0
"""How often the server looks for deadlines that passed."""
PUSH_SECONDS = 1.0
"""How often a league's watchers are sent what changed."""


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class NewOnline(_Strict):
    league: NewLeague
    rhythm: Literal["day", "week", "hand"] = "week"


class Claim(_Strict):
    name: str = Field(min_length=1, max_length=40)


class Settings(_Strict):
    computer: str | None = Field(default=None, max_length=40)
    ask: str | None = Field(default=None, max_length=200)
    run_share: float | None = Field(default=None, ge=0.0, le=1.0)
    fourth_down: Literal["cautious", "book", "bold"] | None = None


class Act(_Strict):
    team: str | None = Field(default=None, max_length=80)
    index: int | None = Field(default=None, ge=0)
    at: float | None = Field(default=None, ge=0)
    """A new deadline (epoch seconds; with `deadline`)."""


def online_router(leagues: Leagues, public_url: str) -> APIRouter:
    router = APIRouter()
    store = leagues.store

    def team_link(league_id: str, token: str) -> str:
        return f"{public_url}leagues/{league_id}?token={token}"

    def coach_of(league: Any, token: str | None) -> str:
        try:
            _, teams = online.role(league, token)
        except PermissionError:
            raise Forbidden("this token opens no team of this league") from None
        if len(teams) != 1:
            raise Forbidden("this needs a team's own link")
        return teams[0]

    def commissioner(league: Any, token: str | None) -> None:
        try:
            is_commissioner, _ = online.role(league, token)
        except PermissionError:
            raise Forbidden("this token opens nothing in this league") from None
        if not is_commissioner:
            raise Forbidden("only the commissioner may do that")

    @router.post("/api/leagues/online", status_code=201)
    async def create(body: NewOnline) -> dict[str, Any]:
        league, _ = await run_in_threadpool(make_league, body.league, leagues.workers)
        boss, links = online.open_online(league, body.rhythm)
        league_id = store.create(league)
        return {"league_id": league_id,
                "commissioner": {"token": boss, "url": team_link(league_id, boss)},
                "teams": {code: {"team": league.teams[code].name, "token": token,
                                 "url": team_link(league_id, token)}
                          for code, token in links.items()}}

    @router.post("/api/leagues/{league_id}/claim")
    async def claim(league_id: str, body: Claim, token: Token = None) -> dict[str, Any]:
        league = leagues.league(league_id)

        def edit(lg: Any) -> str:
            code = coach_of(lg, token)
            online.claim(lg, code, body.name)
            return code

        code = store.change(league, edit)
        return {"team": league.teams[code].name, "coach": league.teams[code].coaching.name}

    @router.post("/api/leagues/{league_id}/handoff")
    async def handoff(league_id: str, token: Token = None) -> dict[str, Any]:
        league = leagues.league(league_id)

        def edit(lg: Any) -> tuple[str, str]:
            code = coach_of(lg, token)        # the old link, checked again on a redo
            new = online.hand_on(lg, code)
            lg.teams[code].coaching.name = ""
            return code, new

        code, new = store.change(league, edit)
        return {"team": league.teams[code].name, "token": new,
                "url": team_link(league_id, new)}

    @router.get("/api/leagues/{league_id}/settings")
    async def get_settings(league_id: str, token: Token = None) -> dict[str, Any]:
        league = leagues.league(league_id)
        code = coach_of(league, token)
        return league.teams[code].coaching.to_json()

    @router.post("/api/leagues/{league_id}/settings")
    async def set_settings(league_id: str, body: Settings, token: Token = None
                           ) -> dict[str, Any]:
        league = leagues.league(league_id)

        def edit(lg: Any) -> str:
            code = coach_of(lg, token)
            online.settings(lg, code, body.model_dump(exclude_unset=True))
            return code

        code = store.change(league, edit)
        return league.teams[code].coaching.to_json()

    @router.get("/api/leagues/{league_id}/audit")
    async def audit(league_id: str) -> list[dict[str, Any]]:
        return online.audit_log(leagues.league(league_id))

    @router.post("/api/leagues/{league_id}/commissioner/{action}")
    async def act(league_id: str, action: str, body: Act, token: Token = None
                  ) -> dict[str, Any]:
        league = leagues.league(league_id)
        commissioner(league, token)
        done = await run_in_threadpool(_act, leagues, league, action, body, public_url)
        online.audit(store, league, "the commissioner", done["said"])
        return done

    @router.websocket("/ws/leagues/{league_id}")
    async def watch(socket: WebSocket, league_id: str) -> None:
        try:
            leagues.league(league_id)
        except ScrimmageError as exc:
            await socket.close(code=4404, reason=str(exc)[:120])
            return
        await socket.accept()
        sent = ""
        try:
            while True:
                league = leagues.league(league_id)
                summary = views.summary(playing.state(store, league))
                text = json.dumps(summary)
                if text != sent:
                    await socket.send_text(text)
                    sent = text
                await asyncio.sleep(PUSH_SECONDS)
        except (WebSocketDisconnect, RuntimeError):
            return

    return router


def _act(leagues: Leagues, league: Any, action: str, body: Act, public_url: str
         ) -> dict[str, Any]:
    """One commissioner action; returns what it did, in words for the audit log."""
    store = leagues.store
    if action in ("advance", "play_now", "restart"):
        # These play the league's games: one process at a time (Busy: 409), each looking at
        # the league as it stands once the turn is its own.
        with store.turn(league.league_id):
            store.reload(league)
            return _play(leagues, league, action, body)
    if action == "deadline":
        at = body.at
        if at is None:
            raise ScrimmageError("a new deadline needs its time (at, in epoch seconds)")

        def move(lg: Any) -> int:
            o = online.online(lg)
            o.deadline = at
            online.set_online(lg, o)
            return o.week

        return {"said": f"moved the deadline of week {store.change(league, move)}"}
    if action in ("replace", "remove"):
        named = body.team
        if named is None:
            raise ScrimmageError(f"{action} needs the team")

        def swap(lg: Any) -> tuple[str, str]:
            team = lg.team_named(named)
            new = online.hand_on(lg, team.code)
            team.coaching = Coaching("solitaire")
            return team.name, new

        name, new = store.change(league, swap)
        if action == "remove":
            return {"said": f"removed the coach of {name}: the computer coaches it"}
        return {"said": f"gave {name} a new link for its new coach",
                "url": f"{public_url}leagues/{league.league_id}?token={new}"}
    raise ScrimmageError(f"no commissioner action {action!r}: advance, deadline, replace, "
                         "remove, play_now or restart")


def _play(leagues: Leagues, league: Any, action: str, body: Act) -> dict[str, Any]:
    """A commissioner's action that plays games (the caller holds the league's turn)."""
    store = leagues.store
    if action == "advance":
        started = online.online(league).week == 0
        n = online.deadline_pass(store, league, workers=leagues.workers)
        played = online.open_week_games(store, league, leagues.workers)
        week = online.online(league).week
        if started:
            return {"said": f"started the season: week 1 open ({played} game(s) of computer "
                            "teams played)"}
        return {"said": f"closed the week ({n} game(s) finished by the computer); week {week} "
                        f"open ({played} game(s) of computer teams played)"}
    if body.index is None:
        raise ScrimmageError(f"{action} needs the game (index)")
    st = playing.state(store, league)
    fixture = next((f for f in st.pending if f.index == body.index), None)
    if fixture is None:
        raise ScrimmageError(f"game {body.index} is not waiting to be played")
    if action == "restart":
        row = st.rows.get(fixture.index)
        if row is None or row.status != PLAYING:
            raise ScrimmageError(f"game {body.index} has not started")
        store.drop_attempt(league.league_id, fixture.index, row.attempt)
        return {"said": f"restarted game {body.index} "
                        f"({league.teams[fixture.away].name} at "
                        f"{league.teams[fixture.home].name})"}
    if not online.cover(store, st, fixture):
        playing.sim(store, league, lambda s, f: f.index == fixture.index, 1,
                    auto=league.people)
    return {"said": f"had the computer play game {body.index} now"}


async def tick(leagues: Leagues) -> None:
    """The week clock: close every week whose deadline passed, now and every TICK_SECONDS."""
    while True:
        with contextlib.suppress(ScrimmageError):
            await run_in_threadpool(online.due_deadlines, leagues.store, None, leagues.workers)
        await asyncio.sleep(TICK_SECONDS)


__all__ = ["FINAL", "online_router", "tick"]
