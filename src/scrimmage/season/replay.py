"""A season replayed N times: the setup (teams, schedule, formats, sheets), the loop that
settles each replay's standings and playoffs, and the running totals the report reads."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from scrimmage.core.dice import SeededDice
from scrimmage.core.errors import ScrimmageError
from scrimmage.core.ruleset import find_ruleset
from scrimmage.export.box import box_rows
from scrimmage.export.columns import GameInfo, game_id, pbp_rows
from scrimmage.export.games import games_row
from scrimmage.export.writer import TableWriter, check_out_path
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
from scrimmage.season.playoffs import PlayoffGame, PlayoffOutcome, rounds_needed, run_playoffs
from scrimmage.season.runner import (
    COIN_INDEX,
    PLAYOFF_RETRIES,
    Chunk,
    Plan,
    Played,
    Player,
    play_chunks,
    replay_seed,
)
from scrimmage.season.sheets import season_sheets
from scrimmage.season.standings import Result, Standings
from scrimmage.sim.batch import game_seed


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
    def __init__(self, st: Setup, sheets: dict[str, dict[str, Any]], replays: int, seed: int,
                 coach: str, options: dict[str, Any], writers: Writers,
                 progress: Callable[[int], None] | None = None) -> None:
        self.st, self.replays, self.seed, self.writers = st, replays, seed, writers
        self.plan = Plan(st.rules, st.season, seed, coach, options, sheets, tuple(st.games),
                         details=writers.pbp is not None, keep_plays=writers.plays_needed,
                         players=st.rules == "5d20")
        self.player = Player(self.plan)               # checks the options and the sheets
        self.progress = progress
        self.done = 0
        self.last_week = max(g.week for g in st.games)
        self.rounds = max((rounds_needed(f.qualifiers, f.byes) for f in st.formats), default=0)
        self.run = SeasonRun(st, replays, seed, coach, {t.code: Tally() for t in st.teams}, {},
                             dict(self.player.names))

    def info(self, p: Played) -> GameInfo:
        home, away = abbreviation(p.home, self.st.level), abbreviation(p.away, self.st.level)
        label = f"{p.week:02d}" + (f"_R{p.replay + 1}" if self.replays > 1 else "")
        return GameInfo(game_id=game_id(self.st.season, label, away, home), rules=self.st.rules,
                        home=self.player.names[p.home], away=self.player.names[p.away],
                        home_team=home, away_team=away, season=self.st.season, week=p.week,
                        game_type=p.game_type, seed=p.seed)

    def play(self, workers: int, dask: str | None = None) -> SeasonRun:
        results: list[Result] = []
        replay = 0
        try:
            for chunk in play_chunks(self.plan, self.replays, workers, dask):
                self._take(chunk)
                results.extend(Result(p.home, p.away, p.home_points, p.away_points)
                               for p in chunk.games)
                if len(results) == len(self.st.games):
                    self._finish(replay, results)
                    results, replay = [], replay + 1
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
        for key, line in chunk.player_totals.items():
            acc = self.run.players.setdefault(key, {})
            for k, v in line.items():
                acc[k] = acc.get(k, 0.0) + v

    def _finish(self, replay: int, results: list[Result]) -> None:
        coin = SeededDice(game_seed(replay_seed(self.seed, replay), COIN_INDEX))
        standings = Standings(self.st.teams, results, coin)
        index = len(self.st.games)

        def play(game: PlayoffGame) -> str:
            nonlocal index
            won = self._playoff_game(replay, index, game)
            index += 1
            return won

        self.run.last_bracket = []
        outcome = run_playoffs(self.st.formats, standings, play)
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
        self.run.last_standings, self.run.last_playoffs = standings, outcome

    def _playoff_game(self, replay: int, index: int, game: PlayoffGame) -> str:
        """The winner. A game still tied after the ruleset's overtime is played again with a
        new seed (up to PLAYOFF_RETRIES times); then the better seed (home) goes through."""
        base = game_seed(replay_seed(self.seed, replay), index)
        week = self.last_week + (self.rounds + 1 if game.game_type == "SB" else
                                 self.rounds - ("CON", "DIV", "WC").index(game.game_type))
        for attempt in range(PLAYOFF_RETRIES + 1):
            s = base if attempt == 0 else game_seed(base, attempt)
            played, _ = self.player.play(replay, index, game.game_type, week, game.home,
                                         game.away, game.neutral, seed=s)
            if played.home_points != played.away_points or attempt == PLAYOFF_RETRIES:
                if played.plays is not None:
                    self.writers.write(self.info(played), played, self.replays > 1)
                self._tick()
                self.run.last_bracket.append((game, played.home_points, played.away_points))
                if played.home_points == played.away_points:
                    return game.home
                return game.home if played.home_points > played.away_points else game.away
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
                  dask: str | None = None) -> SeasonRun:
    """Set up, build what is missing (on `workers` local processes), and play (on them, or on
    the Dask scheduler `dask`). `build_progress(name, done, total)`: see `season_sheets`."""
    if replays < 1:
        raise ScrimmageError("--replays must be at least 1")
    st = setup(rules, season)
    find_ruleset(st.rules).default_coach(coach, 0)    # an unknown coach kind is refused here
    writers = Writers(pbp, games_out, box)
    sheets, origins = season_sheets(st.rules, season, st.teams, workers, build_progress)
    runner = Season(st, sheets, replays, seed, coach, options or {}, writers, progress)
    run = runner.play(workers, dask)
    run.origins = origins
    return run
