"""Making a league: a real season (its real schedule and playoff format, with that season's
sheets), a league of your own (any teams, a generated schedule), or a Grid league whose teams
are drafted or auctioned inside it (GRID-5, GRID-6)."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from scrimmage.core.dice import SeededDice
from scrimmage.core.errors import ScrimmageError
from scrimmage.core.ruleset import find_ruleset
from scrimmage.league.model import Coaching, Fixture, League, LeagueTeam
from scrimmage.league.schedule import by_divisions, round_robin
from scrimmage.season.data import Format, ScheduledGame

if TYPE_CHECKING:
    from scrimmage.season.replay import Setup

OWN_CONFERENCE = "League"
"""The one conference of a league of your own."""
MIN_TEAMS, MAX_TEAMS = 2, 64
DEFAULT_PLAYOFFS = 4
"""Teams in a league of your own's playoffs, unless told (all of them in a smaller league)."""

BuildProgress = Callable[[str, int, int], None]


def _fixtures(games: Sequence[ScheduledGame]) -> list[Fixture]:
    return [Fixture(i, g.week, g.home, g.away, g.neutral) for i, g in enumerate(games)]


def season_league(rules: str, season: int, coaches: Mapping[str, Coaching], *, seed: int = 1,
                  name: str = "", options: dict[str, Any] | None = None, workers: int = 1,
                  build_progress: BuildProgress | None = None, replay: int = 0) -> League:
    """A real season: the teams, schedule and playoff format `scrimmage season` plays, with
    the season's sheets (bundled, or built and cached); `coaches` names the teams people (or
    other computer coaches) coach, by code or name, every other team the solitaire coach."""
    from scrimmage.season.replay import setup
    from scrimmage.season.sheets import season_sheets

    st = setup(rules, season)
    sheets, _ = season_sheets(st.rules, season, st.teams, workers, build_progress)
    league = league_of(st, sheets, seed, "solitaire", dict(options or {}), name, replay)
    _seat(league, coaches)
    return league


def league_of(st: Setup, sheets: dict[str, dict[str, Any]], seed: int, coach: str,
              options: dict[str, Any], name: str = "", replay: int = 0) -> League:
    """The league of a real season set up (`season.replay.setup`) with its sheets, every
    team coached by the computer coach `coach`."""
    rs = find_ruleset(st.rules)
    teams = {t.code: LeagueTeam(t.code, rs.load_team(sheets[t.code], t.code).name, t.conference,
                                t.division, sheets[t.code], Coaching(coach), real=t)
             for t in st.teams}
    return League(name or f"{st.season} {rs.title}", st.rules, options, "season", seed, teams,
                  _fixtures(st.games), list(st.formats), season=st.season, replay=replay,
                  source=st.source)


def own_league(rules: str, refs: Sequence[str], coaches: Mapping[str, Coaching], *,
               seed: int = 1, name: str = "", options: dict[str, Any] | None = None,
               weeks: int | None = None, playoffs: int | None = None, divisions: int = 1,
               datas: Sequence[dict[str, Any]] | None = None, kind: str = "own") -> League:
    """A league of your own: the teams `refs` (bundled names or team files, from any era) or
    their `datas`, a schedule of `weeks` weeks (default: each team meets every other once; with
    `divisions`, division rivals home and away), and the best `playoffs` teams in a bracket."""
    rs = find_ruleset(rules)
    options = rs.check_options(dict(options or {}))
    loaded = list(datas) if datas is not None else [rs.team_data(r) for r in refs]
    if not MIN_TEAMS <= len(loaded) <= MAX_TEAMS:
        raise ScrimmageError(f"a league has {MIN_TEAMS} to {MAX_TEAMS} teams, not {len(loaded)}")
    if divisions < 1 or divisions > len(loaded) // 2:
        raise ScrimmageError(f"{divisions} divisions: between 1 and {len(loaded) // 2} for "
                             f"{len(loaded)} teams (two teams a division at least)")
    if playoffs is None:
        playoffs = min(DEFAULT_PLAYOFFS, len(loaded))
    if not 0 <= playoffs <= len(loaded):
        raise ScrimmageError(f"{playoffs} playoff teams: between 0 and {len(loaded)} for "
                             f"{len(loaded)} teams")
    teams: dict[str, LeagueTeam] = {}
    for i, data in enumerate(loaded):
        team_name = rs.load_team(data, str(refs[i]) if i < len(refs) else "team").name
        code = _code(team_name, teams)
        division = f"Division {1 + i % divisions}" if divisions > 1 else OWN_CONFERENCE
        teams[code] = LeagueTeam(code, team_name, OWN_CONFERENCE, division, data)
    codes = list(teams)
    if divisions > 1:
        rows = [t.season_row() for t in teams.values()]
        games = weeks if weeks is not None else 2 * (len(codes) // divisions - 1) + \
            (len(codes) - len(codes) // divisions)
        schedule = by_divisions(rows, games, seed)
        how = f"generated: {games} games a team, division rivals twice"
    else:
        per_round = len(codes) - 1 + len(codes) % 2
        n_weeks = weeks if weeks is not None else per_round
        if n_weeks < 1:
            raise ScrimmageError(f"{n_weeks} weeks: at least 1")
        schedule = round_robin(codes, n_weeks, seed)
        how = f"generated: {n_weeks} weeks of round-robin play"
    formats = [Format(OWN_CONFERENCE, playoffs, 0, divisions > 1, 1, False)] if playoffs > 1 \
        else []
    league = League(name or f"{rs.title} league", rs.name, dict(options), kind, seed, teams,
                    _fixtures(schedule), formats, source=how)
    _seat(league, coaches)
    return league


def grid_league(names: Sequence[str], method: str, coaches: Mapping[str, Coaching], *,
                seed: int = 1, person_builder: Any = None, name: str = "",
                weeks: int | None = None, playoffs: int | None = None) -> League:
    """The Grid: the teams built inside the league by the book's draft, snake draft or
    auction (GRID-5, GRID-6), the people's teams chosen by them (`person_builder`, asked for
    the coaches whose teams `coaches` gives a person), then a league of your own."""
    from scrimmage.rules.grid.league import build_league

    people = {i for i, n in enumerate(names) if any(
        c.person and key.lower() == n.lower() for key, c in coaches.items())}
    datas = build_league(method, list(names), SeededDice(seed), person_builder, people)
    return own_league("grid", list(names), coaches, seed=seed, name=name or "Grid league",
                      weeks=weeks, playoffs=playoffs, datas=datas, kind="grid")


def _code(name: str, taken: Mapping[str, Any]) -> str:
    base = re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")[:24] or "team"
    code, n = base, 2
    while code in taken:
        code, n = f"{base}-{n}", n + 1
    return code


def _seat(league: League, coaches: Mapping[str, Coaching]) -> None:
    for key, coaching in coaches.items():
        team = league.team_named(key)
        team.coaching = coaching
        if not coaching.person:
            find_ruleset(league.rules).default_coach(coaching.kind, 0)   # an unknown kind
