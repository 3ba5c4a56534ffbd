"""The web server: the HTTP contract, a WebSocket per watching page, and the static page.

`scrimmage serve` runs `create_app` on uvicorn. Every route speaks the contract of DESIGN.md:

- `POST /api/games` makes a game and returns each person's seat token and invitation link;
- `GET /api/games/{id}?token=T` is that seat's view (no token: a spectator's);
- `POST /api/games/{id}/decisions?token=T` answers the pending decision: 403 for a wrong
  token or a seat acting for another, 409 for a stale index, 422 for an illegal answer;
  a refused request changes nothing;
- `GET /api/games/{id}/advice?token=T` is the assistant's reasoning for that seat's pending
  decision (issue 20), computed only when asked;
- `WS /ws/games/{id}?token=T` pushes the seat's view after every change.

A request is limited in size and checked before anything runs; a bad one is a 4xx with a
reason, never a 500.
"""

from __future__ import annotations

import json
from contextlib import asynccontextmanager
from importlib import resources
from pathlib import Path
from typing import Annotated, Any, Literal

from fastapi import FastAPI, Query, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import HTMLResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, ConfigDict, Field
from starlette.concurrency import run_in_threadpool
from starlette.datastructures import Headers
from starlette.types import ASGIApp, Receive, Scope, Send

import scrimmage.rules  # noqa: F401  (registers the rulesets)
from scrimmage.core.errors import IllegalDecision, ScrimmageError, UnknownRuleset, UnknownTeam
from scrimmage.core.ruleset import find_ruleset, ruleset_names
from scrimmage.core.teamfile import read_toml_bytes
from scrimmage.web.rooms import Forbidden, NotFound, Room, Rooms, Stale, Watcher
from scrimmage.web.store import SavedSeat, Store
from scrimmage.web.views import update, view

MAX_BODY = 256 * 1024
"""Bytes a request body may have: two uploaded team files fit several times over."""
MAX_TEAM_FILE = 64 * 1024
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


class Answer(_Strict):
    index: int = Field(ge=0)
    answer: str = Field(min_length=0, max_length=100)


class PolicyChange(_Strict):
    kind: str = Field(min_length=1, max_length=40)
    ask: bool


class _BodyLimit:
    """Refuses a request whose body is said to be over MAX_BODY before anything reads it. A
    plain ASGI middleware: Starlette's `BaseHTTPMiddleware` costs a task group and a stream
    per request, on every answer."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            size = Headers(scope=scope).get("content-length")
            if size is not None and (not size.isdigit() or int(size) > MAX_BODY):
                refused = JSONResponse({"detail": f"request body over {MAX_BODY} bytes"}, 413)
                await refused(scope, receive, send)
                return
        await self.app(scope, receive, send)


def create_app(db: str | Path) -> FastAPI:
    store = Store(db)
    rooms = Rooms(store)

    @asynccontextmanager
    async def lifespan(_: FastAPI) -> Any:
        yield
        store.close()

    app = FastAPI(title="scrimmage", lifespan=lifespan)
    app.add_middleware(_BodyLimit)
    app.state.rooms = rooms
    app.mount("/static", StaticFiles(directory=str(STATIC), check_dir=False), name="static")

    @app.exception_handler(ScrimmageError)
    async def _refused(_: Request, exc: ScrimmageError) -> JSONResponse:
        return JSONResponse({"detail": " ".join(str(exc).split())}, _status(exc))

    # -- the page ----------------------------------------------------------------------
    @app.get("/", response_class=HTMLResponse)
    @app.get("/games/{game_id}", response_class=HTMLResponse)
    async def page(game_id: str = "") -> HTMLResponse:
        return HTMLResponse(STATIC.joinpath("index.html").read_text("utf-8"))

    # -- the contract ------------------------------------------------------------------
    @app.get("/api/rulesets")
    async def rulesets() -> dict[str, Any]:
        out = {}
        for name in ruleset_names():
            rs = find_ruleset(name)
            out[name] = {"title": rs.title, "teams": rs.team_names(),
                         "default_teams": list(rs.default_teams()),
                         "options": [o.to_json() for o in rs.options if o.type != "file"]}
        return out

    @app.post("/api/games", status_code=201)
    async def create(body: NewGame, request: Request) -> dict[str, Any]:
        data = body.model_dump()
        rules = find_ruleset(body.rules)
        for key in ("home", "away"):
            data[key] = _team(rules, getattr(body, key))
        for name in body.options:
            option = next((o for o in rules.options if o.name == name), None)
            if option is not None and option.type == "file":
                raise ScrimmageError(f"option {name} names a file: not available on a server")
        data["seats"] = {k: (v if isinstance(v, str) else v.model_dump())
                         for k, v in body.seats.items()}
        room, links = rooms.create(data, str(request.base_url))
        return {"game_id": room.game_id, "seats": links,
                "spectate": f"{request.base_url}games/{room.game_id}"}

    @app.get("/api/games/{game_id}")
    async def get_view(game_id: str, token: Token = None,
                       since: Annotated[int, Query(ge=0)] = 0) -> dict[str, Any]:
        room = rooms.get(game_id)
        return view(room, room.seat_for(token), since)

    @app.get("/api/games/{game_id}/advice")
    async def advice(game_id: str, token: Token = None) -> dict[str, Any]:
        """The assistant's reasoning for this seat's pending decision (`coaches.advice`):
        null when nothing waits for this seat or the game has no advice for it."""
        room = rooms.get(game_id)
        seat = room.seat_for(token)
        async with room.lock:
            pending = room.table.pending
            if pending is None or not room.may_answer(seat):
                return {"index": None, "advice": None}
            found = await run_in_threadpool(_advice, room, pending)
            return {"index": pending.index, "advice": found}

    @app.post("/api/games/{game_id}/decisions")
    async def decide(game_id: str, body: Answer, token: Token = None,
                     since: Annotated[int, Query(ge=0)] = 0) -> dict[str, Any]:
        room = rooms.get(game_id)
        seat = room.seat_for(token)
        async with room.lock:
            rooms.answer(room, seat, body.index, body.answer)
        await _push(room)
        return view(room, seat, since)

    @app.post("/api/games/{game_id}/undo")
    async def undo(game_id: str, token: Token = None) -> dict[str, Any]:
        room = rooms.get(game_id)
        seat = room.seat_for(token)
        async with room.lock:
            rooms.undo(room, seat)
        await _push(room)
        return view(room, seat)

    @app.post("/api/games/{game_id}/policy")
    async def policy(game_id: str, body: PolicyChange, token: Token = None) -> dict[str, Any]:
        room = rooms.get(game_id)
        seat = room.seat_for(token)
        async with room.lock:
            rooms.set_policy(room, seat, body.kind, body.ask)
        await _push(room)
        return view(room, seat)

    @app.websocket("/ws/games/{game_id}")
    async def watch(socket: WebSocket, game_id: str, token: str | None = None) -> None:
        try:
            room = rooms.get(game_id)
            seat = room.seat_for(token)
        except ScrimmageError as exc:
            await socket.close(code=4000 + _status(exc), reason=str(exc)[:120])
            return
        await socket.accept()
        watcher = room.sockets[socket] = Watcher(seat)
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

    async def _push(room: Room) -> None:
        """Every watching page gets its own seat's view."""
        for socket, watcher in list(room.sockets.items()):
            try:
                await socket.send_text(json.dumps(update(room, watcher)))
            except Exception:          # a page that went away: forget it
                room.sockets.pop(socket, None)

    return app


def _advice(room: Room, pending: Any) -> dict[str, Any] | None:
    from scrimmage.coaches.advice import advise

    found = advise(room.table.rules.name, pending.decision, pending.view)
    return None if found is None else found.to_json()


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
    if isinstance(exc, Stale):
        return 409
    if isinstance(exc, IllegalDecision | UnknownRuleset | UnknownTeam):
        return 422
    return 422
