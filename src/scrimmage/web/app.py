"""The web server: the HTTP contract, a WebSocket per watching page, and the static page.

`scrimmage serve` runs `create_app` on uvicorn. Every route speaks the contract of DESIGN.md:

- `POST /api/games` makes a game and returns each person's seat token and invitation link
  (which starts with the server's public address); 429 when a client makes games too fast;
- `GET /api/games/{id}?token=T` is that seat's view (no token: a spectator's);
- `POST /api/games/{id}/decisions?token=T` answers the pending decision: 403 for a wrong
  token or a seat acting for another, 409 for a stale index, 422 for an illegal answer;
  a refused request changes nothing. Its answer (and the push) may bring a penalty question
  with `previews_coming` true: where each answer leaves the ball follows in a push a moment
  later (a GET of the view always has them);
- `GET /api/games/{id}/advice?token=T` is the assistant's reasoning for that seat's pending
  decision (issue 20), computed only when asked;
- `GET /api/games/{id}/sheet?token=T&side=home|away` is the team sheet (or chart, cards,
  dice) of either team of a game, as the game loaded it; `GET /api/rulesets/{rules}/teams/
  {name}/sheet` is a bundled team's (issue 34). A sheet lies on the table: any seat and a
  spectator may see both;
- `POST /api/games/{id}/commit?token=T` (`{"commit": hex}`) and `.../reveal?token=T`
  (`{"value": hex}`) set the fair dice of a game between two people (issue 35,
  `core.fairness`): 403 for a spectator or a seat that does not give its side's value, 409
  for a second commit or reveal (or one out of turn), 422 for a value that does not match
  its commitment;
- `GET /api/games/{id}/record?token=T` is the game's whole record (its inputs, the fairness
  block, every play as played with its dice), for `scrimmage verify`: anyone's once the game
  is over; during it a seat's, in a game between people only, without a call still hidden;
- `WS /ws/games/{id}?token=T` pushes the seat's view after every change, whichever server
  process made it (on PostgreSQL the processes tell each other with NOTIFY).

A request is limited in size and checked before anything runs; a bad one is a 4xx with a
reason, never a 500 (a database that cannot be reached is a 503: nothing changed, try again).
What guards the server on an untrusted network (the body limit, the Origin check, the security
headers, the rate limit) is in `guards`.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import threading
import time
from collections.abc import Callable
from contextlib import asynccontextmanager
from importlib import resources
from pathlib import Path
from typing import Annotated, Any, Literal

from fastapi import FastAPI, Query, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import HTMLResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, ConfigDict, Field
from starlette.concurrency import run_in_threadpool

import scrimmage.rules  # noqa: F401  (registers the rulesets)
from scrimmage.core.errors import IllegalDecision, ScrimmageError, UnknownRuleset, UnknownTeam
from scrimmage.core.fairness import FairDiceConflict
from scrimmage.core.field import Side
from scrimmage.core.ruleset import find_ruleset, ruleset_names
from scrimmage.core.teamfile import read_toml_bytes
from scrimmage.league.store import Busy, LeagueStore
from scrimmage.seat.own_dice import OWN_DICE
from scrimmage.seat.table import Pending
from scrimmage.sim.parallel import default_workers
from scrimmage.web.database import Unavailable
from scrimmage.web.guards import (
    BodyLimit,
    OriginCheck,
    RateLimit,
    RateLimited,
    SecurityHeaders,
    client_key,
    public_base,
)
from scrimmage.web.league_online_routes import online_router, tick
from scrimmage.web.league_routes import Leagues, league_router, seasons_of
from scrimmage.web.limits import MAX_GAMES_IN_MEMORY, RATE_LIMIT
from scrimmage.web.rooms import Forbidden, NotFound, Room, Rooms, Stale, Watcher
from scrimmage.web.store import Moved, SavedSeat, Store
from scrimmage.web.views import record_for, update, view

MAX_TEAM_FILE = 64 * 1024
DEFAULT_PUBLIC_URL = "http://127.0.0.1:8000/"
"""Where `scrimmage serve` listens unless told otherwise."""
STATIC = resources.files("scrimmage.web").joinpath("static")

Token = Annotated[str | None, Query(max_length=100)]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class UploadedTeam(_Strict):
    file: str = Field(min_length=1, max_length=200)
    """The file's name, for messages."""
    text: str = Field(max_length=MAX_TEAM_FILE)


SeatKind = Literal["person", "computer", "solitaire", "random"]


class SplitSeat(_Strict):
    offense: SeatKind = "computer"
    defense: SeatKind = "computer"


class NewGame(_Strict):
    rules: str = Field(min_length=1, max_length=40)
    home: str | UploadedTeam | None = Field(default=None)
    away: str | UploadedTeam | None = Field(default=None)
    seed: int | None = Field(default=None, ge=0, lt=2**63)
    options: dict[str, str | int | bool] = Field(default_factory=dict, max_length=20)
    seats: dict[Literal["home", "away"], SeatKind | SplitSeat] = Field(default_factory=dict)
    fair_dice: bool | None = None
    """A seed from both coaches (`core.fairness`); by default, yes for a game between two
    people whose seed is not given."""
    own_dice: bool = False
    """Played with the people's own dice: the page asks for each die (issue 37)."""


HEX64 = r"^[0-9a-f]{64}$"


class Commit(_Strict):
    commit: str = Field(pattern=HEX64)


class Reveal(_Strict):
    value: str = Field(pattern=HEX64)


class Answer(_Strict):
    index: int = Field(ge=0)
    answer: str = Field(min_length=0, max_length=100)


class Thrown(_Strict):
    index: int = Field(ge=0)
    face: str = Field(min_length=0, max_length=20)


class PolicyChange(_Strict):
    kind: str = Field(min_length=1, max_length=40)
    ask: bool


def _warm(stop: threading.Event) -> dict[str, float]:
    from scrimmage.coaches.warm import warm

    return warm(stop=stop)


def create_app(db: str | Path, *, public_url: str = DEFAULT_PUBLIC_URL,
               rate_limit: float | None = RATE_LIMIT,
               max_games_in_memory: int = MAX_GAMES_IN_MEMORY,
               clock: Callable[[], float] = time.monotonic,
               warm_coaches: bool = False) -> FastAPI:
    """The server of the games in `db` (a SQLite file, or a PostgreSQL URL that other server
    processes may share). `public_url` is the address people reach it at:
    every invitation link starts with it (never with the request's Host header, which the
    client chooses). `rate_limit` is the games a client may make a minute (None or 0: no
    limit; `clock` times it); at most `max_games_in_memory` idle games stay in memory. With
    `warm_coaches` the computed coaches play a few plays at start, in a thread beside the
    server (`coaches.warm`), so nobody's first game waits for their tables to load."""
    base = public_base(public_url)
    limit = RateLimit(rate_limit, clock) if rate_limit else None
    store = Store(db)
    rooms = Rooms(store, max_games_in_memory)
    leagues = Leagues(LeagueStore(store), rooms, default_workers())

    @asynccontextmanager
    async def lifespan(_: FastAPI) -> Any:
        tasks = [asyncio.create_task(tick(leagues))]     # league deadlines, even past ones
        stop_warming = threading.Event()
        if warm_coaches:
            app.state.warmed = asyncio.create_task(asyncio.to_thread(_warm, stop_warming))
        if store.shared:
            # Another process's changes reach the pages watching here (PostgreSQL only: with
            # SQLite this process is the only one).
            tasks.append(asyncio.create_task(store.db.listen(_changed)))
        yield
        stop_warming.set()
        for task in tasks:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
        # A cancelled sweep may still be reading in its worker thread: close after it.
        await asyncio.to_thread(leagues.sweeping.acquire)
        store.close()

    app = FastAPI(title="scrimmage", lifespan=lifespan)
    app.add_middleware(BodyLimit)
    app.add_middleware(OriginCheck, public_url=base)
    app.add_middleware(SecurityHeaders)           # outermost: refusals carry the headers too
    app.state.rooms = rooms
    app.state.leagues = leagues
    app.mount("/static", StaticFiles(directory=str(STATIC), check_dir=False), name="static")

    @app.exception_handler(ScrimmageError)
    async def _refused(_: Request, exc: ScrimmageError) -> JSONResponse:
        headers = {"Retry-After": str(exc.retry_after)} if isinstance(exc, RateLimited) else None
        return JSONResponse({"detail": " ".join(str(exc).split())}, _status(exc), headers)

    # -- the page ----------------------------------------------------------------------
    @app.get("/", response_class=HTMLResponse)
    @app.get("/games/{game_id}", response_class=HTMLResponse)
    @app.get("/leagues/{league_id}", response_class=HTMLResponse)
    async def page(game_id: str = "", league_id: str = "") -> HTMLResponse:
        return HTMLResponse(STATIC.joinpath("index.html").read_text("utf-8"))

    @app.get("/sheets/{rules}/{name}", response_class=HTMLResponse)
    async def sheet_page(rules: str, name: str) -> HTMLResponse:
        """A bundled team's sheet on a page of its own (the page asks the API for it)."""
        return HTMLResponse(STATIC.joinpath("index.html").read_text("utf-8"))

    # -- the contract ------------------------------------------------------------------
    def take(request: Request) -> None:
        """A game or a league made: one of the client's tokens (429 when none is left)."""
        if limit is not None:
            limit.take(client_key(request.client.host if request.client else None))

    app.include_router(online_router(leagues, base))
    app.include_router(league_router(leagues, base, take))

    @app.get("/api/rulesets")
    async def rulesets() -> dict[str, Any]:
        out = {}
        for name in ruleset_names():
            rs = find_ruleset(name)
            out[name] = {"title": rs.title, "teams": rs.team_names(),
                         "default_teams": list(rs.default_teams()),
                         "options": [o.to_json() for o in rs.options if o.type != "file"],
                         "coaches": _coaches(rs), "seasons": seasons_of(name),
                         "own_dice": rs.name in OWN_DICE}
        return out

    @app.get("/api/rulesets/{name}/glossary")
    async def glossary_of(name: str) -> dict[str, str]:
        """The terms a table player of this game uses, each in a line (`help terms`)."""
        from scrimmage.seat.words import glossary

        return glossary(find_ruleset(name))

    @app.get("/api/rulesets/{name}/teams/{team}/sheet")
    async def bundled_sheet(name: str, team: str) -> dict[str, Any]:
        """A bundled team's sheet or chart as the box shows it (`Ruleset.sheet_json`); an
        unknown ruleset or team is a 404 (never a file on the server: `files=False`)."""
        try:
            rules = find_ruleset(name)
            data = rules.team_data(team, files=False)
        except (UnknownRuleset, UnknownTeam) as exc:
            raise NotFound(str(exc)) from None
        return {"rules": rules.name, "title": rules.title,
                **rules.sheet_json(rules.load_team(data, team))}

    @app.post("/api/games", status_code=201)
    async def create(body: NewGame, request: Request) -> dict[str, Any]:
        take(request)
        data = body.model_dump()
        rules = find_ruleset(body.rules)
        data["options"] = _options(rules, body.options)
        for key in ("home", "away"):
            data[key] = _team(rules, getattr(body, key))
        data["seats"] = {k: (v if isinstance(v, str) else v.model_dump())
                         for k, v in body.seats.items()}
        room, links = rooms.create(data, base)
        return {"game_id": room.game_id, "seats": links,
                "spectate": f"{base}games/{room.game_id}"}

    @app.get("/api/games/{game_id}")
    async def get_view(game_id: str, token: Token = None,
                       since: Annotated[int, Query(ge=0)] = 0) -> dict[str, Any]:
        with rooms.hold(game_id) as room:
            return view(room, room.seat_for(token), since)

    @app.get("/api/games/{game_id}/advice")
    async def advice(game_id: str, token: Token = None) -> dict[str, Any]:
        """The assistant's reasoning for this seat's pending decision (`coaches.advice`):
        null when nothing waits for this seat or the game has no advice for it."""
        with rooms.hold(game_id) as room:
            seat = room.seat_for(token)
            async with room.lock:
                pending = room.table.pending
                if pending is None or not room.may_answer(seat):
                    return {"index": None, "advice": None}
                found = await run_in_threadpool(_advice, room, pending)
                return {"index": pending.index, "advice": found}

    @app.get("/api/games/{game_id}/sheet")
    async def game_sheet(game_id: str, token: Token = None,
                         side: Literal["home", "away"] | None = None) -> dict[str, Any]:
        """The team sheet of either side of a game, as the game loaded it (an uploaded file
        too); without `side`, the seat's own (a spectator's: the home team's). A token that
        opens no seat of the game is refused, as everywhere."""
        with rooms.hold(game_id) as room:
            seat = room.seat_for(token)
            which = Side(side.upper()) if side else Side(seat.side) if seat else Side.HOME
            table = room.table
            return {"rules": table.rules.name, "title": table.rules.title,
                    "side": which.value.lower(),
                    **table.rules.game_sheet_json(table.game, which)}

    @app.post("/api/games/{game_id}/decisions")
    async def decide(game_id: str, body: Answer, token: Token = None,
                     since: Annotated[int, Query(ge=0)] = 0) -> dict[str, Any]:
        with rooms.hold(game_id) as room:
            seat = room.seat_for(token)
            async with room.lock:
                rooms.answer(room, seat, body.index, body.answer)
            await _push(room)
            return view(room, seat, since, previews=False)

    @app.post("/api/games/{game_id}/dice")
    async def throw(game_id: str, body: Thrown, token: Token = None,
                    since: Annotated[int, Query(ge=0)] = 0) -> dict[str, Any]:
        """The face of the die the game waits for (a game played with the people's own
        dice); a face out of the die's range is refused (422) with the range."""
        with rooms.hold(game_id) as room:
            seat = room.seat_for(token)
            async with room.lock:
                rooms.throw(room, seat, body.index, body.face)
            await _push(room)
            return view(room, seat, since)

    @app.post("/api/games/{game_id}/commit")
    async def fair_commit(game_id: str, body: Commit, token: Token = None) -> dict[str, Any]:
        with rooms.hold(game_id) as room:
            seat = room.seat_for(token)
            async with room.lock:
                rooms.fair_commit(room, seat, body.commit)
            await _push(room)
            return view(room, seat)

    @app.post("/api/games/{game_id}/reveal")
    async def fair_reveal(game_id: str, body: Reveal, token: Token = None) -> dict[str, Any]:
        with rooms.hold(game_id) as room:
            seat = room.seat_for(token)
            async with room.lock:
                await run_in_threadpool(rooms.fair_reveal, room, seat, body.value)
            await _push(room)
            return view(room, seat)

    @app.get("/api/games/{game_id}/record")
    async def record(game_id: str, token: Token = None) -> JSONResponse:
        """The record to check with `scrimmage verify`, as a file to save."""
        with rooms.hold(game_id) as room:
            seat = room.seat_for(token)
            async with room.lock:
                data = record_for(room, seat)
        name = f"scrimmage-{game_id}.json"
        return JSONResponse(data, headers={
            "Content-Disposition": f'attachment; filename="{name}"'})

    @app.post("/api/games/{game_id}/undo")
    async def undo(game_id: str, token: Token = None) -> dict[str, Any]:
        with rooms.hold(game_id) as room:
            seat = room.seat_for(token)
            async with room.lock:
                rooms.undo(room, seat)
            await _push(room)
            return view(room, seat)

    @app.post("/api/games/{game_id}/policy")
    async def policy(game_id: str, body: PolicyChange, token: Token = None) -> dict[str, Any]:
        with rooms.hold(game_id) as room:
            seat = room.seat_for(token)
            async with room.lock:
                rooms.set_policy(room, seat, body.kind, body.ask)
            await _push(room)
            return view(room, seat)

    @app.websocket("/ws/games/{game_id}")
    async def watch(socket: WebSocket, game_id: str, token: str | None = None) -> None:
        try:
            with rooms.hold(game_id) as room:       # in memory while the page watches
                seat = room.seat_for(token)
                await socket.accept()
                await _follow(room, seat, socket)
        except (NotFound, Forbidden) as exc:        # only before the socket is accepted
            await socket.close(code=4000 + _status(exc), reason=str(exc)[:120])

    async def _follow(room: Room, seat: SavedSeat | None, socket: WebSocket) -> None:
        watcher = room.sockets[socket] = Watcher(seat, version=room.version)
        try:
            await socket.send_text(json.dumps(update(room, watcher)))
            while True:
                message = await socket.receive_text()
                await _socket_answer(room, seat, socket, message)
        except WebSocketDisconnect:
            pass
        finally:
            room.sockets.pop(socket, None)

    async def _socket_answer(room: Room, seat: SavedSeat | None, socket: WebSocket,
                             message: str) -> None:
        """A page may answer over its socket too: `{"index": n, "answer": "..."}`."""
        try:
            body = Answer.model_validate_json(message[:1000])
            async with room.lock:
                rooms.answer(room, seat, body.index, body.answer)
        except ScrimmageError as exc:
            await socket.send_text(json.dumps({"error": str(exc), "status": _status(exc)}))
            return
        except ValueError as exc:
            await socket.send_text(json.dumps({"error": f"not an answer: {exc}"[:300],
                                               "status": 422}))
            return
        await _push(room)

    async def _push(room: Room, fresh: bool = False) -> None:
        """Every watching page gets its own seat's view, once per version of the game
        (`fresh`: again, now that its question's previews are worked out). A penalty
        question's previews are not waited for: they follow in another push."""
        for socket, watcher in list(room.sockets.items()):
            if watcher.version == room.version and not fresh:
                continue
            watcher.version = room.version
            try:
                await socket.send_text(json.dumps(update(room, watcher, previews=False)))
            except Exception:          # a page that went away: forget it
                room.sockets.pop(socket, None)
        _preview_later(room)

    previewing: set[asyncio.Task[None]] = set()

    def _preview_later(room: Room) -> None:
        """A penalty question's previews (a replay per answer, `seat.outcomes`) are worked out
        after the answer that led to it is acknowledged, then pushed: nobody's answer waits
        for them, and the question is on the page while they come."""
        pending = room.table.pending
        if pending is None or pending.worked_out:
            return
        task = asyncio.create_task(_preview(room, pending))
        previewing.add(task)                    # the loop keeps only a weak reference
        task.add_done_callback(previewing.discard)

    async def _preview(room: Room, pending: Pending) -> None:
        try:
            with rooms.hold(room.game_id) as held:
                async with held.lock:
                    if held.table.pending is not pending:
                        return                  # answered meanwhile, or the room reloaded
                    await run_in_threadpool(lambda: pending.outcomes)
                await _push(held, fresh=True)
        except NotFound:
            return                              # the game was deleted meanwhile

    async def _changed(game_id: str | None) -> None:
        """Another process changed `game_id` (None: perhaps any game): the pages watching it
        here are brought up to date."""
        watched = list(rooms.rooms.values()) if game_id is None else [rooms.rooms.get(game_id)]
        for room in watched:
            if room is None or not room.sockets:
                continue
            try:
                async with room.lock:
                    rooms.refresh(room)
            except Exception:          # deleted, or the database is away: nothing to push
                continue
            await _push(room)

    return app


def _coaches(rs: Any) -> list[str]:
    """The ruleset's computer coaches, each once (an alias such as "sensible" for "solitaire"
    is the same coach)."""
    first: dict[Any, str] = {}
    for name, kind in rs.coaches.items():
        first.setdefault(kind, name)
    return list(first.values())


def _advice(room: Room, pending: Any) -> dict[str, Any] | None:
    from scrimmage.coaches.advice import advise

    found = advise(room.table.rules.name, pending.decision, pending.view)
    return None if found is None else found.to_json()


def _options(rules: Any, given: dict[str, Any]) -> dict[str, Any]:
    """The request's ruleset options, checked against the ruleset's declaration before a game
    is made of them, in the words of `-o` on the command line: a name it does not declare
    (`seed`, `home`: not options) is refused, and so is an option naming a file."""
    for name in given:
        option = next((o for o in rules.options if o.name == name), None)
        if option is not None and option.type == "file":
            raise ScrimmageError(f"option {name} names a file: not available on a server")
    rules.check_options(given)
    return dict(given)


def _team(rules: Any, given: object) -> object:
    """A team of the request: a bundled name (never a path on the server) or an uploaded
    file's text, read and checked like a file on disk."""
    if given is None:
        return None
    if isinstance(given, UploadedTeam):
        data = read_toml_bytes(given.text.encode("utf-8"), given.file)
        rules.load_team(data, given.file)          # the same clear errors as a file
        return data
    return rules.team_data(str(given), files=False)


def _status(exc: Exception) -> int:
    if isinstance(exc, Forbidden):
        return 403
    if isinstance(exc, NotFound):
        return 404
    if isinstance(exc, Stale | FairDiceConflict | Moved | Busy):
        return 409
    if isinstance(exc, RateLimited):
        return 429
    if isinstance(exc, Unavailable):
        return 503
    if isinstance(exc, IllegalDecision | UnknownRuleset | UnknownTeam):
        return 422
    return 422
