"""The routes of a league played online with friends (issue 35; `league.online`):

- `POST /api/leagues/online` makes one: its commissioner link and a link per team;
- `POST .../claim?token=T {"name"}` a coach takes their team; `POST .../handoff?token=T` a
  new link for it (the old stops working); `GET|POST .../settings?token=T` the coach's
  settings for the games the computer finishes for them;
- `POST .../commissioner/{advance|deadline|rhythm|replace|remove|play_now|restart}?token=C`,
  each written to the audit log (`GET .../audit`, for everybody);
- `GET /api/leagues/{id}/online?token=T` the league's week clock, its coaches, its audit log,
  and what the token opens (the commissioner's page, a coach's team and whether it is taken);
- `WS /ws/leagues/{id}` the league as it changes (its summary after every result, with the
  week clock and the coaches of an online league).

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
from scrimmage.core.field import Side
from scrimmage.league import online, playing, views
from scrimmage.league.model import Coaching
from scrimmage.league.store import FINAL, PLAYING
from scrimmage.web.league_routes import Leagues, NewLeague, make_league
from scrimmage.web.rooms import Forbidden
from scrimmage.web.store import digest

Token = Annotated[str | None, Query(max_length=100)]
TICK_SECONDS = 30.0
"""How often the server looks for deadlines that passed."""
RHYTHM_WORDS = {"day": "a day", "week": "a week", "hand": "until the commissioner closes them"}
PUSH_SECONDS = 1.0
"""How often a league's watchers are sent what changed."""


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class NewOnline(_Strict):
    league: NewLeague
    rhythm: Literal["day", "week", "hand"] = "week"


class Claim(_Strict):
    name: str = Field(min_length=1, max_length=40)


class Ask(_Strict):
    """What a coach answers themselves, kind by kind (`AskPolicy.to_json`)."""

    always: list[Annotated[str, Field(max_length=40)]] = Field(default_factory=list,
                                                               max_length=40)
    when_it_matters: list[Annotated[str, Field(max_length=40)]] = Field(
        default_factory=list, max_length=40)


class Settings(_Strict):
    computer: str | None = Field(default=None, max_length=40)
    ask: Annotated[str, Field(max_length=200)] | Ask | None = None
    run_share: float | None = Field(default=None, ge=0.0, le=1.0)
    fourth_down: Literal["cautious", "book", "bold"] | None = None


class Act(_Strict):
    team: str | None = Field(default=None, max_length=80)
    index: int | None = Field(default=None, ge=0)
    at: float | None = Field(default=None, ge=0)
    """A new deadline (epoch seconds; with `deadline`)."""
    rhythm: Literal["day", "week", "hand"] | None = None
    """How long the weeks to come last (with `rhythm`)."""


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
        await reseat(leagues, league, code, new)
        return {"team": league.teams[code].name, "token": new,
                "url": team_link(league_id, new)}

    def settings_of(league: Any, code: str) -> dict[str, Any]:
        return {**league.teams[code].coaching.to_json(),
                "policy": online.ask_policy(league, code)}

    @router.get("/api/leagues/{league_id}/online")
    async def where(league_id: str, token: Token = None) -> dict[str, Any]:
        """The online league as its page shows it, for whoever holds `token`: `role` is
        "commissioner", "coach" (of `team`, `claimed` once they gave their name) or None."""
        league = leagues.league(league_id)
        if "online" not in league.extra:
            return {"online": False}
        try:
            is_boss, teams = online.role(league, token)
        except PermissionError:
            raise Forbidden("this token opens nothing in this league") from None
        code = teams[0] if len(teams) == 1 and not is_boss else None
        coaching = league.teams[code].coaching if code is not None else None
        return {"online": True, **online.public(league),
                "role": "commissioner" if is_boss else "coach" if code else None,
                "team": code,
                "claimed": bool(coaching and coaching.person and coaching.name),
                "audit": online.audit_log(league)}

    @router.get("/api/leagues/{league_id}/settings")
    async def get_settings(league_id: str, token: Token = None) -> dict[str, Any]:
        league = leagues.league(league_id)
        return settings_of(league, coach_of(league, token))

    @router.post("/api/leagues/{league_id}/settings")
    async def set_settings(league_id: str, body: Settings, token: Token = None
                           ) -> dict[str, Any]:
        league = leagues.league(league_id)

        def edit(lg: Any) -> str:
            code = coach_of(lg, token)
            online.settings(lg, code, body.model_dump(exclude_unset=True))
            return code

        code = store.change(league, edit)
        return settings_of(league, code)

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
        if "code" in done:                        # a team's link changed (replace, remove)
            await reseat(leagues, league, done.pop("code"), done.pop("token"))
        await forget_finished(leagues, league_id)
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
                if "online" in league.extra:
                    summary["online"] = online.public(league)
                text = json.dumps(summary)
                if text != sent:
                    await socket.send_text(text)
                    sent = text
                await asyncio.sleep(PUSH_SECONDS)
        except (WebSocketDisconnect, RuntimeError):
            return
        except Exception:                   # the league or its database went away
            with contextlib.suppress(Exception):
                await socket.close(code=1011, reason="the league cannot be read now")

    return router


def _act(leagues: Leagues, league: Any, action: str, body: Act, public_url: str
         ) -> dict[str, Any]:
    """One commissioner action; returns what it did, in words for the audit log (and, when a
    team's link changed, the team's `code` and its new `token` for `reseat`)."""
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

        return {"said": f"moved the deadline of week {store.change(league, move)}", "at": at}
    if action == "rhythm":
        rhythm = body.rhythm
        if rhythm is None:
            raise ScrimmageError("rhythm needs how long a week lasts: day, week or hand")

        def pace(lg: Any) -> None:
            o = online.online(lg)
            o.rhythm = rhythm
            online.set_online(lg, o)

        store.change(league, pace)
        # The open week keeps its deadline (the commissioner moves it with `deadline`).
        return {"said": f"made the weeks to come last {RHYTHM_WORDS[rhythm]}"}
    if action in ("replace", "remove"):
        named = body.team
        if named is None:
            raise ScrimmageError(f"{action} needs the team")

        def swap(lg: Any) -> tuple[str, str, str]:
            team = lg.team_named(named)
            new = online.hand_on(lg, team.code)
            team.coaching = Coaching(online.computer_kind(lg))
            return team.code, team.name, new

        code, name, new = store.change(league, swap)
        if action == "remove":
            return {"said": f"removed the coach of {name}: the computer coaches it",
                    "code": code, "token": None}
        return {"said": f"gave {name} a new link for its new coach",
                "url": f"{public_url}leagues/{league.league_id}?token={new}",
                "code": code, "token": new}
    raise ScrimmageError(f"no commissioner action {action!r}: advance, deadline, rhythm, "
                         "replace, remove, play_now or restart")


def _play(leagues: Leagues, league: Any, action: str, body: Act) -> dict[str, Any]:
    """A commissioner's action that plays games (the caller holds the league's turn)."""
    store = leagues.store
    if action == "advance":
        started = online.online(league).week == 0
        n = online.deadline_pass(store, league, workers=leagues.workers)
        played = online.open_week_games(store, league, leagues.workers)
        week = online.online(league).week
        also = (f" ({online.plural(played, 'game')} between computer teams played)"
                if played else "")
        if started:
            return {"said": f"started the season: week 1 open{also}"}
        return {"said": f"closed the week ({online.plural(n, 'game')} finished by the "
                        f"computer); week {week} open{also}"}
    if body.index is None:
        raise ScrimmageError(f"{action} needs the game (index)")
    st = playing.state(store, league)
    fixture = next((f for f in st.pending if f.index == body.index), None)
    if fixture is None:
        raise ScrimmageError(f"game {body.index} is not waiting to be played")
    game = (f"{league.teams[fixture.away].name} "
            f"{'vs.' if fixture.neutral else 'at'} {league.teams[fixture.home].name}")
    if action == "restart":
        row = st.rows.get(fixture.index)
        if row is None or row.status != PLAYING:
            raise ScrimmageError(f"game {body.index} has not started")
        store.drop_attempt(league.league_id, fixture.index, row.attempt)
        return {"said": f"restarted {game}: it starts over"}
    if not online.cover(store, st, fixture):
        playing.sim(store, league, lambda s, f: f.index == fixture.index, 1,
                    auto=league.people)
    return {"said": f"had the computer play {game} now"}


async def reseat(leagues: Leagues, league: Any, code: str, token: str | None) -> None:
    """A team's link changed (handed on, a new coach, no coach): its game in progress is
    opened by the new link only (by none once the computer coaches the team). A room in
    memory knows the old link: it is dropped and its pages told to reconnect, so the old
    link's page is refused and the new one gets the seat. (On the event loop, with the
    rooms.)"""
    store = leagues.store
    st = playing.state(store, league)
    for fixture in st.pending:
        row = st.rows.get(fixture.index)
        if code not in (fixture.home, fixture.away) or row is None or row.status != PLAYING \
                or row.game_id is None:
            continue
        side = Side.HOME if fixture.home == code else Side.AWAY
        store.games.reseat(row.game_id, side.value, [digest(token)] if token else [])
        room = leagues.rooms.rooms.pop(row.game_id, None)
        for socket in list(room.sockets) if room is not None else []:
            with contextlib.suppress(Exception):
                await socket.close(code=1012, reason="this game's coaches changed")


async def forget_finished(leagues: Leagues, league_id: str) -> None:
    """The games of a league the computer finished outside their rooms (at a deadline, or
    when the commissioner had them played): a room still in memory holds such a game as it
    stood, and would take answers (over HTTP or a page's socket) that undo the finished
    record. It is dropped, and the sockets watching it are closed: a page opens its socket
    again and gets the game from the store, over. (On the event loop, with the rooms.)"""
    rooms = leagues.rooms.rooms
    for row in leagues.store.game_rows(league_id).values():
        room = rooms.get(row.game_id) if row.game_id else None
        if room is None or not row.final or room.table.over:
            continue
        del rooms[room.game_id]
        for socket in list(room.sockets):
            with contextlib.suppress(Exception):
                await socket.close(code=1012, reason="the computer finished this game")


def _sweep(leagues: Leagues) -> list[str]:
    with leagues.sweeping:
        return online.due_deadlines(leagues.store, None, leagues.workers)


async def tick(leagues: Leagues) -> None:
    """The week clock: close every week whose deadline passed, now and every TICK_SECONDS."""
    while True:
        with contextlib.suppress(ScrimmageError):
            closed = await run_in_threadpool(_sweep, leagues)
            for league_id in closed:
                await forget_finished(leagues, league_id)
        await asyncio.sleep(TICK_SECONDS)


__all__ = ["FINAL", "online_router", "tick"]
