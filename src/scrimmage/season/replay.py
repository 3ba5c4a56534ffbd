"""A season replayed N times: the setup (teams, schedule, formats, sheets), the loop that
settles each replay's standings and playoffs, and the running totals the report reads."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from scrimmage.core.errors import ScrimmageError
from scrimmage.core.ruleset import find_ruleset
from scrimmage.export.box import box_rows
from scrimmage.export.columns import GameInfo, game_id, pbp_rows
from scrimmage.export.games import games_row
from scrimmage.export.writer import TableWriter, check_out_path
from scrimmage.league.making import league_of
from scrimmage.league.model import Fixture, League
from scrimmage.league.progress import Score, progress
from scrimmage.season.data import (
    FIVED20_SEASONS,
    LEVELS,
    Format,
    ScheduledGame,
    TeamSeason,
    real_schedule,
    season_formats,
    season_teams,
)
from scrimmage.season.generate import games_per_team, generate_schedule
from scrimmage.season.playoffs import PlayoffGame, PlayoffOutcome
from scrimmage.season.runner import (
    PLAYOFF_RETRIES,
    Chunk,
    Plan,
    Played,
    Player,
    play_chunks,
)
from scrimmage.season.sheets import season_sheets
from scrimmage.season.standings import Standings


@dataclass
class Setup:
    rules: str
    level: str
    season: int
    teams: list[TeamSeason]
    games: list[ScheduledGame]
    formats: list[Format]
    source: str
    """One line: where the schedule came from, or how it was made."""


def setup(rules: str, season: int) -> Setup:
    name = find_ruleset(rules).name
    if name not in LEVELS:
        raise ScrimmageError(f"season replays exist for {', '.join(LEVELS)}, not {name} (The "
                             "Grid: scrimmage tournament --replays N)")
    if name == "5d20" and season not in FIVED20_SEASONS:
        raise ScrimmageError(f"5d20 seasons are {FIVED20_SEASONS[0]}-{FIVED20_SEASONS[-1]} "
                             f"(the player statistics the charts are built from), not {season}")
    level = LEVELS[name]
    teams = season_teams(level, season)
    games = real_schedule(level, season)
    codes = {t.code for t in teams}
    if games:
        teams = [t for t in teams if any(t.code in (g.home, g.away) for g in games)]
        games = [g for g in games if g.home in codes and g.away in codes]
        source = (f"real: {'FiveThirtyEight nfl_games' if season < 2002 else 'team_games.csv'}"
                  f" ({len(games)} games, weeks {games[0].week}-{max(g.week for g in games)})")
    else:
        games = generate_schedule(teams, games_per_team(level, season), season,
                                  division_meetings=1 if level == "college" else 2)
        source = (f"generated: no real schedule ships for {season}; {games_per_team(level, season)}"
                  " games a team from the divisions and conferences, seeded by the season "
                  "(docs/seasons.md)")
    return Setup(name, level, season, teams, games, season_formats(level, season, teams), source)


def abbreviation(code: str, level: str) -> str:
    if level == "college":
        return "".join(c if c.isalnum() else "-" for c in code).upper()
    return code.upper()


@dataclass
class Tally:
    """One club's running totals over the replays."""

    wins: Counter[int] = field(default_factory=Counter)
    losses: int = 0
    ties: int = 0
    games: int = 0
    points_for: int = 0
    points_against: int = 0
    division: int = 0
    playoffs: int = 0
    byes: int = 0
    titles: int = 0
    stats: dict[str, float] = field(default_factory=dict)


@dataclass
class SeasonRun:
    setup: Setup
    replays: int
    seed: int
    coach: str
    tallies: dict[str, Tally]
    players: dict[tuple[str, str], dict[str, float]]
    names: dict[str, str]
    """Code -> the sheet's team name."""
    last_standings: Standings | None = None
    last_playoffs: PlayoffOutcome | None = None
    origins: dict[str, str] = field(default_factory=dict)
    playoff_ties: int = 0
    last_bracket: list[tuple[PlayoffGame, int, int]] = field(default_factory=list)
    """The last replay's playoff games with their scores (home, away)."""
    lines: list[dict[str, dict[str, float]]] | None = None
    """Each replay's regular season, club by club: its record (wins, losses, ties, games,
    points from the standings) and box totals. Kept only when asked (`per_replay`): the
    realism report needs every replay, the tallies keep only sums."""


class Writers:
    """The files asked for, written game by game in a fixed order."""

    def __init__(self, pbp: Path | None, games_out: Path | None, box: Path | None) -> None:
        for path, option in ((pbp, "--pbp"), (games_out, "--games-out"), (box, "--box")):
            if path is not None:
                check_out_path(path, option)
        self.pbp = TableWriter(pbp, "--pbp") if pbp else None
        self.games = TableWriter(games_out, "--games-out") if games_out else None
        self.box = TableWriter(box, "--box") if box else None

    @property
    def plays_needed(self) -> bool:
        return self.pbp is not None or self.box is not None or self.games is not None

    def write(self, info: GameInfo, played: Played, replay_column: bool) -> None:
        plays = played.plays or []
        extra = {"replay": played.replay + 1} if replay_column else {}
        if self.pbp is not None:
            self.pbp.write([{**row, **extra} for row in pbp_rows(plays, info, played.timeouts)])
        if self.games is not None:
            self.games.write([{**games_row(info, plays, played.home_points,
                                           played.away_points), **extra}])
        if self.box is not None:
            self.box.write([{**row, **extra} for row in box_rows(info, plays)])

    def close(self) -> None:
        for w in (self.pbp, self.games, self.box):
            if w is not None:
                w.close()


class Season:
    """A season replayed N times as a league whose teams the computer coaches: replay r is
    the league's replay r (its seeds), its standings and bracket the league's own
    (`league.progress`), the playoff games played round by round as they become due."""

    def __init__(self, st: Setup, league: League, replays: int, coach: str,
                 writers: Writers, progress: Callable[[int], None] | None = None,
                 per_replay: bool = False) -> None:
        self.st, self.league, self.replays, self.writers = st, league, replays, writers
        sheets = {code: t.sheet for code, t in league.teams.items()}
        self.plan = Plan(st.rules, st.season, league.seed, coach, league.options, sheets,
                         tuple(league.scheduled()), details=writers.pbp is not None,
                         keep_plays=writers.plays_needed, players=st.rules == "5d20")
        self.player = Player(self.plan)               # checks the options and the sheets
        self.progress = progress
        self.done = 0
        self.run = SeasonRun(st, replays, league.seed, coach,
                             {t.code: Tally() for t in st.teams}, {}, dict(self.player.names),
                             lines=[] if per_replay else None)
        self.pending: dict[int, dict[str, dict[str, float]]] = {}
        """Box totals of the replays not finished yet (only with `per_replay`)."""

    def info(self, p: Played) -> GameInfo:
        home, away = abbreviation(p.home, self.st.level), abbreviation(p.away, self.st.level)
        label = f"{p.week:02d}" + (f"_R{p.replay + 1}" if self.replays > 1 else "")
        return GameInfo(game_id=game_id(self.st.season, label, away, home), rules=self.st.rules,
                        home=self.player.names[p.home], away=self.player.names[p.away],
                        home_team=home, away_team=away, season=self.st.season, week=p.week,
                        game_type=p.game_type, seed=p.seed)

    def play(self, workers: int, dask: str | None = None) -> SeasonRun:
        scores: dict[int, Score] = {}
        replay = 0
        regular = len(self.league.schedule)
        try:
            for chunk in play_chunks(self.plan, self.replays, workers, dask):
                self._take(chunk)
                for p in chunk.games:
                    scores[p.index] = Score(p.home_points, p.away_points)
                if len(scores) == regular:
                    self._finish(replay, scores)
                    scores, replay = {}, replay + 1
        finally:
            self.writers.close()
        return self.run

    def _tick(self) -> None:
        self.done += 1
        if self.progress is not None:
            self.progress(self.done)

    def _take(self, chunk: Chunk) -> None:
        for p in chunk.games:
            if p.plays is not None:
                self.writers.write(self.info(p), p, self.replays > 1)
            self._tick()
        for code, stats in chunk.team_totals.items():
            acc = self.run.tallies[code].stats
            for k, v in stats.items():
                acc[k] = acc.get(k, 0.0) + v
            if self.run.lines is not None:
                own = self.pending.setdefault(chunk.replay, {}).setdefault(code, {})
                for k, v in stats.items():
                    own[k] = own.get(k, 0.0) + v
        for key, line in chunk.player_totals.items():
            acc = self.run.players.setdefault(key, {})
            for k, v in line.items():
                acc[k] = acc.get(k, 0.0) + v

    def _finish(self, replay: int, scores: dict[int, Score]) -> None:
        league = replace(self.league, replay=replay)
        played: list[tuple[Fixture, Played]] = []
        while True:
            now = progress(league, scores)
            if now.complete or not now.due:
                break
            for f in now.due:
                game = self._playoff_game(league, f)
                played.append((f, game))
                scores[f.index] = Score(game.home_points, game.away_points)
        # The bracket's games in bracket order (the order the files and the report use).
        self.run.last_bracket = []
        for f, game in sorted(played, key=lambda fg: fg[0].index):
            if game.plays is not None:
                self.writers.write(self.info(game), game, self.replays > 1)
            self._tick()
            self.run.last_bracket.append((PlayoffGame(f.game_type, f.home, f.away, f.neutral),
                                          game.home_points, game.away_points))
        standings, outcome = now.standings, now.playoffs or PlayoffOutcome()
        for code, t in self.run.tallies.items():
            w, lo, ti = standings.record(code)
            pf, pa = standings.points(code)
            t.wins[w] += 1
            t.losses += lo
            t.ties += ti
            t.games += w + lo + ti
            t.points_for += pf
            t.points_against += pa
            t.division += code in outcome.division_winners
            t.playoffs += any(code in s for s in outcome.seeds.values())
            t.byes += code in outcome.byes
            t.titles += code in outcome.champions
        if self.run.lines is not None:
            self.run.lines.append(self._replay_line(replay, standings))
        self.run.last_standings, self.run.last_playoffs = standings, outcome

    def _replay_line(self, replay: int, standings: Standings) -> dict[str, dict[str, float]]:
        """One replay's clubs: box totals with the standings' record and points on top."""
        totals = self.pending.pop(replay, {})
        out: dict[str, dict[str, float]] = {}
        for code in self.run.tallies:
            w, lo, ti = standings.record(code)
            pf, pa = standings.points(code)
            out[code] = {**totals.get(code, {}), "wins": w, "losses": lo, "ties": ti,
                         "games": w + lo + ti, "points_for": pf, "points_against": pa}
        return out

    def _playoff_game(self, league: League, f: Fixture) -> Played:
        """A playoff game, played again with a new seed while it ends tied (up to
        PLAYOFF_RETRIES times; then the better seed, at home, goes through)."""
        for attempt in range(PLAYOFF_RETRIES + 1):
            played, _ = self.player.play(league.replay, f.index, f.game_type, f.week, f.home,
                                         f.away, f.neutral, seed=league.game_seed(f.index,
                                                                                  attempt))
            if played.home_points != played.away_points or attempt == PLAYOFF_RETRIES:
                return played
            self.run.playoff_ties += 1
        raise AssertionError("unreachable")


def expected_games(st: Setup) -> int:
    """Games a replay plays (regular season and a full bracket), for the progress bar."""
    playoff = sum(max(0, f.qualifiers - 1) for f in st.formats)
    if len(st.formats) == 2 and all(f.super_bowl for f in st.formats):
        playoff += 1
    return len(st.games) + playoff


def replay_season(rules: str, season: int, replays: int = 1, seed: int = 1,
                  coach: str = "solitaire", options: dict[str, Any] | None = None,
                  workers: int = 1, pbp: Path | None = None, games_out: Path | None = None,
                  box: Path | None = None,
                  build_progress: Callable[[str, int, int], None] | None = None,
                  progress: Callable[[int], None] | None = None,
                  dask: str | None = None, per_replay: bool = False) -> SeasonRun:
    """Set up, build what is missing (on `workers` local processes), and play (on them, or on
    the Dask scheduler `dask`). `build_progress(name, done, total)`: see `season_sheets`;
    `per_replay` keeps each replay's lines (`SeasonRun.lines`)."""
    if replays < 1:
        raise ScrimmageError("--replays must be at least 1")
    st = setup(rules, season)
    find_ruleset(st.rules).default_coach(coach, 0)    # an unknown coach kind is refused here
    writers = Writers(pbp, games_out, box)
    sheets, origins = season_sheets(st.rules, season, st.teams, workers, build_progress)
    league = league_of(st, sheets, seed, coach, options or {})
    runner = Season(st, league, replays, coach, writers, progress, per_replay)
    run = runner.play(workers, dask)
    run.origins = origins
    return run
