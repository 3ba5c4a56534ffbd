"""The league routes of `scrimmage serve` (issue 34), beside the games contract:

- `POST /api/leagues` makes a league (a real season, a league of your own, a Grid league) and
  returns its id and a token that coaches its people's teams (shown once, kept as a digest);
- `GET /api/leagues/{id}` the league at a glance (where it stands, this week, each person's
  next game), `.../standings`, `.../schedule`, `.../leaders`, `.../games/{index}` (a finished
  game's box score and play-by-play, played again from its inputs);
- `POST /api/leagues/{id}/sim?token=T` lets the computer play the other games (`{"week": N}`,
  `{"to_week": N}`, `{"to_my_game": true}` or `{"end": true}`) in the background, and
  `GET /api/leagues/{id}/sim` says how far it got;
- `POST /api/leagues/{id}/play?token=T` opens the person's next game (the game page's link);
  the game's result counts when it ends;
- `DELETE /api/leagues/{id}?token=T`;
- `GET /api/rulesets/{rules}/seasons/{season}` the teams of a real season a person may coach
  (the new-league form's choices), and how many of their sheets must be built first.

Reading a league needs no token (a spectator sees what the table shows); acting needs the
league's token. A refusal is a 4xx with a reason that changes nothing.
"""

from __future__ import annotations

import secrets
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Query, Request
from pydantic import BaseModel, ConfigDict, Field
from starlette.concurrency import run_in_threadpool

from scrimmage.core.errors import ScrimmageError
from scrimmage.core.records import GameRecord
from scrimmage.core.ruleset import find_ruleset
from scrimmage.league import playing, views
from scrimmage.league.model import Coaching, League
from scrimmage.league.store import LeagueStore
from scrimmage.web.rooms import Forbidden, NotFound, Rooms
from scrimmage.web.store import digest, opened_by

Token = Annotated[str | None, Query(max_length=100)]
TOKEN_BYTES = 24
SIM_NICENESS = 10
"""The priority a sim's workers give up, so the server answers pages first while they play."""


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class NewLeague(_Strict):
    kind: Literal["season", "own", "grid"] = "season"
    rules: str = Field(min_length=1, max_length=40)
    season: int | None = Field(default=None, ge=1920, le=2100)
    teams: list[str] = Field(default_factory=list, max_length=64)
    coach: list[str] = Field(default_factory=list, max_length=8)
    name: str = Field(default="", max_length=80)
    weeks: int | None = Field(default=None, ge=1, le=40)
    playoffs: int | None = Field(default=None, ge=0, le=64)
    divisions: int = Field(default=1, ge=1, le=16)
    draft: Literal["draft", "snake", "auction", "create"] = "snake"
    computer: str = Field(default="solitaire", max_length=40)
    seed: int | None = Field(default=None, ge=0, lt=2**31)
    options: dict[str, str | int | bool] = Field(default_factory=dict, max_length=20)


class SimOrder(_Strict):
    week: int | None = Field(default=None, ge=1, le=60)
    to_week: int | None = Field(default=None, ge=1, le=60)
    to_my_game: bool = False
    end: bool = False
    mine_too: bool = False
    """The computer plays your games of the stretch too, each with your assistant (the way
    `league play --auto` lets it), so a league can be finished without you."""


class PlayOrder(_Strict):
    team: str | None = Field(default=None, max_length=80)


@dataclass
class SimJob:
    """A sim in the background: how many games it has played, and whether it is over."""

    played: int = 0
    running: bool = True
    error: str = ""
    thread: threading.Thread | None = field(default=None, repr=False)

    def to_json(self) -> dict[str, Any]:
        return {"played": self.played, "running": self.running, "error": self.error}


class Leagues:
    """The server's leagues: the store, the sims running, and the token check."""

    def __init__(self, store: LeagueStore, rooms: Rooms, workers: int) -> None:
        self.store = store
        self.rooms = rooms
        self.workers = workers
        self.jobs: dict[str, SimJob] = {}
        self._lock = threading.Lock()
        self.sweeping = threading.Lock()
        """Held while the week clock's sweep reads the store in a worker thread: a server
        shutting down waits for it before it closes the store (`web.app`)."""
        rooms.on_over = self.game_over

    def league(self, league_id: str) -> League:
        try:
            return self.store.league(league_id)
        except ScrimmageError:
            raise NotFound(f"no league {league_id!r}") from None

    def check(self, league: League, token: str | None) -> list[str]:
        """The teams `token` coaches in `league` (all the people's for the owner's token);
        a missing or wrong token is refused. Compared in constant time."""
        if not token:
            raise Forbidden("this needs the league's token (the link you were given)")
        found = opened_by(token, league.access)
        if found is None:
            raise Forbidden("this token opens no team of this league")
        return league.people if "*" in found else [c for c in found if c in league.teams]

    def commissioner(self, league: League, token: str | None) -> bool:
        found = opened_by(token or "", league.access)
        return found is not None and ("#commissioner" in found or "*" in found)

    def game_over(self, game_id: str, record: GameRecord) -> None:
        """A person's league game ended on the page: count it."""
        found = self.store.game_of(game_id)
        if found is None:
            return                                  # a game outside any league
        league = self.store.league(found[0])
        st = playing.state(self.store, league)
        row = st.rows[found[1]]
        if not row.final:
            fixture = next(f for f in st.fixtures if f.index == found[1])
            playing.finish_person_game(self.store, league, fixture, game_id, record,
                                       row.attempt)

    def start_sim(self, league: League, order: SimOrder, mine: list[str] | None = None
                  ) -> SimJob:
        """Start a sim; `mine` are the teams of the person who asked (whose next game
        `to_my_game` stops at, and whose games `mine_too` lets the computer play)."""
        mine = mine or []
        pick = _pick(league, order, mine)           # a bad order is refused before anything
        auto = mine if order.mine_too else []
        with self._lock:
            job = self.jobs.get(league.league_id)
            if job is not None and job.running:
                return job
            job = self.jobs[league.league_id] = SimJob()

        def run() -> None:
            try:
                playing.sim(self.store, league, pick, self.workers,
                            on_game=lambda n: setattr(job, "played", n), auto=auto,
                            niceness=SIM_NICENESS)
            except Exception as exc:          # the page is told; the games played are kept
                job.error = " ".join(str(exc).split())[:300]
            finally:
                job.running = False

        job.thread = threading.Thread(target=run, name=f"sim {league.league_id}", daemon=True)
        job.thread.start()
        return job


def _pick(league: League, order: SimOrder, mine: list[str]) -> playing.Pick:
    chosen = [x for x in (order.week, order.to_week, order.to_my_game or None,
                          order.end or None) if x is not None]
    if len(chosen) != 1:
        raise ScrimmageError("say which games: week, to_week, to_my_game or end")
    if order.week is not None:
        return playing.week_pick(order.week)
    if order.to_week is not None:
        return playing.to_week_pick(order.to_week)
    if order.to_my_game:
        first = mine[0] if mine else (league.people[0] if league.people else None)
        return playing.to_my_game_pick(first)
    return playing.everything


def make_league(body: NewLeague, workers: int) -> tuple[League, str]:
    """The league a request asks for, and the token that coaches its people's teams."""
    from scrimmage.league.making import grid_league, own_league, season_league

    rs = find_ruleset(body.rules)
    rs.default_coach(body.computer, 0)
    mine = {c: Coaching("person") for c in body.coach}
    seed = body.seed if body.seed is not None else secrets.randbelow(2**31)
    for key in body.options:
        if key in ("xsheets", "charts", "dice"):
            raise ScrimmageError(f"option {key} names a file: not available on a server")
    if body.kind == "season":
        if body.season is None:
            raise ScrimmageError("a real season needs its year (season)")
        league = season_league(rs.name, body.season, mine, seed=seed, name=body.name,
                               options=dict(body.options), workers=workers)
    elif body.kind == "grid":
        league = grid_league(body.teams, body.draft, mine, seed=seed, name=body.name,
                             weeks=body.weeks, playoffs=body.playoffs)
    else:
        league = own_league(rs.name, body.teams, mine, seed=seed, name=body.name,
                            options=dict(body.options), weeks=body.weeks,
                            playoffs=body.playoffs, divisions=body.divisions)
    for team in league.teams.values():
        if not team.coaching.person:
            team.coaching.kind = body.computer
    token = secrets.token_urlsafe(TOKEN_BYTES)
    league.access = {digest(token): ["*"]}
    return league, token


def seasons_of(rules: str) -> list[int]:
    """The real seasons a league of `rules` may replay (none for a ruleset without them)."""
    from scrimmage.season.data import FIVED20_SEASONS, LEVELS, seasons

    name = find_ruleset(rules).name
    if name not in LEVELS:
        return []
    years = seasons(LEVELS[name])
    return [y for y in years if y in FIVED20_SEASONS] if name == "5d20" else years


def season_choices(rules: str, season: int) -> dict[str, Any]:
    """A real season's teams as the new-league form offers them (by their own names, grouped
    by conference and division; `code` is what `coach` takes), and how many sheets are
    neither bundled nor cached (making the league builds them first)."""
    from scrimmage.season.replay import setup
    from scrimmage.season.sheets import bundled_sheet, cached_path

    st = setup(rules, season)
    to_build = sum(1 for t in st.teams if bundled_sheet(st.rules, season, t.code) is None
                   and not cached_path(st.rules, season, t.code).is_file())
    return {"rules": st.rules, "season": season,
            "teams": [{"code": t.code, "team": t.name, "conference": t.conference,
                       "division": t.division} for t in st.teams],
            "games": len(st.games), "to_build": to_build}


def league_router(leagues: Leagues, public_url: str,
                  take: Callable[[Request], None]) -> APIRouter:
    """The routes; `take` spends a client's token of the rate limit (making a league builds
    and loads sheets)."""
    router = APIRouter()
    store = leagues.store

    @router.get("/api/rulesets/{rules}/seasons/{season}")
    async def season_teams(rules: str, season: int) -> dict[str, Any]:
        if season not in seasons_of(rules):
            raise NotFound(f"no {find_ruleset(rules).title} season {season} to replay")
        return await run_in_threadpool(season_choices, rules, season)

    @router.post("/api/leagues", status_code=201)
    async def create(body: NewLeague, request: Request) -> dict[str, Any]:
        take(request)
        league, token = await run_in_threadpool(make_league, body, leagues.workers)
        league_id = store.create(league)
        return {"league_id": league_id, "token": token,
                "url": f"{public_url}leagues/{league_id}?token={token}"}

    @router.get("/api/leagues/{league_id}")
    async def summary(league_id: str, token: Token = None) -> dict[str, Any]:
        league = leagues.league(league_id)
        mine = leagues.check(league, token) if token else []
        st = playing.state(store, league)
        job = leagues.jobs.get(league_id)
        return {**views.summary(st), "you": mine,
                "teams": [{"code": c, "team": t.name, "conference": t.conference,
                           "division": t.division, "person": t.coaching.person}
                          for c, t in league.teams.items()],
                "sim": None if job is None else job.to_json()}

    @router.get("/api/leagues/{league_id}/standings")
    async def standings(league_id: str) -> dict[str, Any]:
        st = playing.state(store, leagues.league(league_id))
        return {"standings": views.standings(st), "playoffs": views.bracket(st)}

    @router.get("/api/leagues/{league_id}/schedule")
    async def schedule(league_id: str, week: Annotated[int | None, Query(ge=1, le=60)] = None,
                       team: Annotated[str | None, Query(max_length=80)] = None
                       ) -> list[dict[str, Any]]:
        league = leagues.league(league_id)
        st = playing.state(store, league)
        code = league.team_named(team).code if team else None
        return views.game_rows(st, week=week, team=code)

    @router.get("/api/leagues/{league_id}/leaders")
    async def leaders(league_id: str) -> dict[str, Any]:
        return views.leaders(playing.state(store, leagues.league(league_id)))

    @router.get("/api/leagues/{league_id}/games/{index}")
    async def game(league_id: str, index: int) -> dict[str, Any]:
        from scrimmage.core.boxscore import fan_box_score

        st = playing.state(store, leagues.league(league_id))
        record = await run_in_threadpool(playing.replay_game, store, st, index)
        return {"index": index, "home": record.home, "away": record.away,
                "final_score": record.final_score,
                "box_score": fan_box_score(record.plays, record.home, record.away),
                "plays": [{k: p.get(k) for k in ("qtr", "situation", "desc", "dice_read")}
                          for p in record.plays]}

    @router.post("/api/leagues/{league_id}/sim", status_code=202)
    async def sim(league_id: str, body: SimOrder, token: Token = None) -> dict[str, Any]:
        league = leagues.league(league_id)
        mine = leagues.check(league, token)
        if "online" in league.extra and not leagues.commissioner(league, token):
            raise Forbidden("in a league played online the week's clock (or the commissioner)"
                            " plays the games")
        return leagues.start_sim(league, body, mine).to_json()

    @router.get("/api/leagues/{league_id}/sim")
    async def sim_state(league_id: str) -> dict[str, Any]:
        leagues.league(league_id)
        job = leagues.jobs.get(league_id)
        return {"played": 0, "running": False, "error": ""} if job is None else job.to_json()

    @router.post("/api/leagues/{league_id}/play")
    async def play(league_id: str, body: PlayOrder, token: Token = None) -> dict[str, Any]:
        league = leagues.league(league_id)
        mine = leagues.check(league, token)
        st = playing.state(store, league)
        codes = [league.team_named(body.team).code] if body.team else mine
        games = [(f, c) for c in codes if c in mine and (f := st.next_for(c)) is not None]
        if not games:
            raise ScrimmageError("your teams have no more games")
        fixture, code = min(games, key=lambda fc: (fc[0].week, fc[0].index))
        game_id, _ = playing.person_game(store, st, fixture, league.access, fair_dice=True)
        assert token is not None
        return {"game_id": game_id, "index": fixture.index, "team": code,
                "url": f"{public_url}games/{game_id}?token={token}"}

    @router.delete("/api/leagues/{league_id}")
    async def delete(league_id: str, token: Token = None) -> dict[str, Any]:
        league = leagues.league(league_id)
        leagues.check(league, token)
        job = leagues.jobs.get(league_id)
        if job is not None and job.running:
            raise ScrimmageError("the computer is playing this league's games: try again when "
                                 "it is done")
        store.delete(league_id)
        return {"deleted": league_id}

    return router
