"""A head-to-head series (`scrimmage sim`, `scrimmage study`) that writes what it plays: the
play-by-play, the games table, and the score distribution with the home team's win probability.

Game i is played exactly as `scrimmage.sim.batch.run_series` plays it (the same per-game seed,
teams and coaches), so the files describe the games the averages come from, and any one game can
be replayed from its seed (`play_game(rules, home, away, seed=..., coaches=coach)`). The games are
played in chunks on worker processes or a Dask cluster (`scrimmage.sim.parallel`); the main
process takes the chunks back in game order, writes them and keeps running totals only, so the
files and the totals are the same whatever the number of workers.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable
from contextlib import closing
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from scrimmage.api import TeamRef
from scrimmage.core.decisions import Decision
from scrimmage.core.field import Side
from scrimmage.core.ruleset import Game, Ruleset
from scrimmage.core.stats import box_score
from scrimmage.export.box import box_rows
from scrimmage.export.columns import (
    REGULATION_PERIODS,
    GameInfo,
    TimeoutCounts,
    abbreviations,
    game_id,
    pbp_rows,
)
from scrimmage.export.games import games_row
from scrimmage.export.writer import BATCH_ROWS, TableWriter, check_out_path
from scrimmage.sim.batch import Series, SeriesResult
from scrimmage.sim.parallel import Backend, interrupts_deferred, run_chunks, spans

Z95 = 1.959963984540054


def wilson_interval(successes: int, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson's score interval for a proportion (95% by default): unlike p ± z·se it stays
    inside [0, 1] and is sound for a handful of games or a lopsided match."""
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z / (1 + z * z / n) * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass
class ScoreDistribution:
    """Final scores of a series: how often each score, and each home margin, came up."""

    home: Counter[int] = field(default_factory=Counter)
    away: Counter[int] = field(default_factory=Counter)
    margin: Counter[int] = field(default_factory=Counter)

    def add(self, home_score: int, away_score: int) -> None:
        self.home[home_score] += 1
        self.away[away_score] += 1
        self.margin[home_score - away_score] += 1

    def to_json(self, home_wins: int) -> dict[str, Any]:
        n = sum(self.margin.values())
        low, high = wilson_interval(home_wins, n)
        return {
            "score_distribution": {side: {str(k): v for k, v in sorted(c.items())}
                                   for side, c in (("home", self.home), ("away", self.away),
                                                   ("margin", self.margin))},
            "home_win_probability": {
                "estimate": round(home_wins / n, 6) if n else None,
                "ci95": [round(low, 6), round(high, 6)], "method": "Wilson score interval",
                "ties": "counted as not won"},
        }


class TimeoutLog:
    """The timeouts each team has left when each play is called, read from the game's
    scoreboard at the last decision asked before the play's record appears (`on_decision` of
    the driver), so a timeout taken after the previous play is already counted. A play no
    decision came before keeps the count after the previous play."""

    def __init__(self, rs: Ruleset, game: Game) -> None:
        self._rs, self._game = rs, game
        self._seen: dict[int, TimeoutCounts] = {}
        self.note()

    def note(self, decision: Decision | None = None, answer: str = "") -> None:
        t = self._rs.scoreboard(self._game).timeouts
        if Side.HOME in t and Side.AWAY in t:
            self._seen[len(self._game.plays)] = (t[Side.HOME], t[Side.AWAY])

    def per_play(self, plays: list[dict[str, Any]], home: str) -> list[TimeoutCounts | None]:
        out: list[TimeoutCounts | None] = []
        current = self._seen.get(0)
        for i in range(len(plays)):
            if i in self._seen:
                current = self._seen[i]
            elif i:
                current = _after_timeout(plays[i - 1], current, home)
            out.append(current)
        return out


def _after_timeout(play: dict[str, Any], counts: TimeoutCounts | None,
                   home: str) -> TimeoutCounts | None:
    left = play.get("timeouts_left")
    if counts is None or not play.get("timeout") or left is None:
        return counts
    return (left, counts[1]) if play.get("timeout_team") == home else (counts[0], left)


@dataclass
class PlayedGame:
    index: int
    seed: int
    plays: list[dict[str, Any]]
    home_score: int
    away_score: int
    timeouts: list[TimeoutCounts | None]


class RecordedSeries(Series):
    """A series whose games are also written out: the teams' abbreviations and season, and
    each game with its timeouts followed (`record`)."""

    def __init__(self, rules: str, home: TeamRef, away: TeamRef, seed: int,
                 coach: str = "solitaire", options: dict[str, Any] | None = None) -> None:
        super().__init__(rules, home, away, seed, coach, options)
        first = self.first
        self.codes = abbreviations((first.home_team, first.home), (first.away_team, first.away))
        team = first.home_team.get("team", {})
        year = team.get("season", team.get("year"))
        self.season = year if isinstance(year, int) else None

    def record(self, index: int, details: bool = True) -> PlayedGame:
        """Game `index`; `details` (for the play-by-play) narrates the dice and follows the
        timeouts, which the averages alone do not need."""
        logs: list[TimeoutLog] = []

        def watch(game: Game) -> Callable[[Decision, str], None]:
            logs.append(TimeoutLog(self.rs, game))
            return logs[-1].note

        s, game = self.play(index, narrate=details, watch=watch if details else None)
        plays = game.plays
        timeouts = logs[0].per_play(plays, self.first.home) if logs else []
        return PlayedGame(index, s, plays, game.score[Side.HOME], game.score[Side.AWAY], timeouts)

    def info(self, played: PlayedGame, width: int = 4) -> GameInfo:
        label = f"S{played.index + 1:0{width}d}"
        return GameInfo(game_id=game_id(self.season, label, self.codes[1], self.codes[0]),
                        rules=self.rs.name, home=self.first.home, away=self.first.away,
                        home_team=self.codes[0], away_team=self.codes[1], season=self.season,
                        week=None, game_type="SIM", seed=played.seed)


def chunk_size(games: int) -> int:
    """Games per chunk of a series of `games`: 25, 50 or 100 (each divides the next), big
    enough that handing a chunk to a worker costs little next to playing it (25 legends-pro
    games are about half a CPU second), small enough that a short run still spreads over the
    workers. It depends on `games` only, never on the workers: a stopping rule checked at
    chunk boundaries then stops at the same game however the games were shared out."""
    return 100 if games >= 6400 else 50 if games >= 3200 else 25


PBP_CHUNK = 25
"""Games per chunk when every play comes back (about 0.8 MB of rows a game in memory); it
divides every `chunk_size`, so the chunk boundaries a stopping rule sees are the same."""


@dataclass(frozen=True)
class SeriesPlan:
    """What a worker needs to play any chunk of a series, sent once to each: the teams as
    data (a worker on another machine has no sheet files), the options as given."""

    rules: str
    home: dict[str, Any]
    away: dict[str, Any]
    seed: int
    coach: str
    options: dict[str, Any]
    width: int
    """Digits of the game labels (`S0001`), from the length of the whole series."""
    pbp: bool = False
    games_table: bool = False
    box: bool = False

    def player(self) -> SeriesPlayer:
        return SeriesPlayer(self)


@dataclass
class PlayedChunk:
    """What a worker sends back for games [start, start + len(scores)): the chunk's totals,
    each game's (home score, away score, overtime), and the rows of the files asked for."""

    start: int
    totals: SeriesResult
    scores: list[tuple[int, int, bool]] = field(default_factory=list)
    pbp: list[dict[str, Any]] = field(default_factory=list)
    games: list[dict[str, Any]] = field(default_factory=list)
    box: list[dict[str, Any]] = field(default_factory=list)


class SeriesPlayer:
    """The series loaded once in a worker; plays chunks of it."""

    def __init__(self, plan: SeriesPlan) -> None:
        self.plan = plan
        self.series = RecordedSeries(plan.rules, plan.home, plan.away, plan.seed, plan.coach,
                                     plan.options)
        self.regulation = REGULATION_PERIODS.get(self.series.rs.name, 4)

    def chunk(self, span: tuple[int, int]) -> PlayedChunk:
        plan, series = self.plan, self.series
        home, away = series.first.home, series.first.away
        out = PlayedChunk(span[0], SeriesResult(series.rs.name, plan.seed, home, away))
        for i in range(*span):
            played = series.record(i, details=plan.pbp)
            out.totals.add(box_score(played.plays, home, away))
            # plays run in order, so the last one is in the game's last period
            overtime = bool(played.plays) and played.plays[-1]["qtr"] > self.regulation
            out.scores.append((played.home_score, played.away_score, overtime))
            if not (plan.pbp or plan.games_table or plan.box):
                continue
            info = series.info(played, plan.width)
            if plan.pbp:
                out.pbp.extend(pbp_rows(played.plays, info, played.timeouts))
            if plan.games_table:
                out.games.append(games_row(info, played.plays, played.home_score,
                                           played.away_score))
            if plan.box:
                out.box.extend(box_rows(info, played.plays))
        return out


@dataclass
class SeriesTotals:
    """Running totals of the games played so far, in game order: the averages, the score
    distribution, the final scores and the overtime games."""

    result: SeriesResult
    scores: ScoreDistribution = field(default_factory=ScoreDistribution)
    finals: Counter[tuple[int, int]] = field(default_factory=Counter)
    overtime: int = 0

    def take(self, chunk: PlayedChunk) -> None:
        part, acc = chunk.totals, self.result
        acc.games += part.games
        acc.home_wins += part.home_wins
        acc.away_wins += part.away_wins
        acc.ties += part.ties
        for name, stats in part.totals.items():
            into = acc.totals.setdefault(name, dict.fromkeys(stats, 0.0))
            for k, v in stats.items():
                into[k] += v
        for home, away, overtime in chunk.scores:
            self.scores.add(home, away)
            self.finals[(home, away)] += 1
            self.overtime += overtime


@dataclass(frozen=True)
class SeriesFiles:
    """The files a series writes (each Parquet, or CSV for a `.csv` name), checked first."""

    pbp: Path | None = None
    games: Path | None = None
    box: Path | None = None
    batch_rows: int = BATCH_ROWS

    def check(self) -> None:
        for path, option in ((self.pbp, "--pbp"), (self.games, "--games-out"),
                             (self.box, "--box")):
            if path is not None:
                check_out_path(path, option)

    def open(self) -> list[tuple[TableWriter, str]]:
        """A writer per file asked for, with the chunk field its rows come from."""
        return [(TableWriter(path, option, self.batch_rows), name)
                for path, option, name in ((self.pbp, "--pbp", "pbp"),
                                           (self.games, "--games-out", "games"),
                                           (self.box, "--box", "box"))
                if path is not None]


@dataclass
class SeriesRun:
    totals: SeriesTotals
    stopped: str = "games"
    """Why the run ended: "games" (all played), "rule" (the stopping rule) or "interrupted"
    (Ctrl-C: the totals and the files hold the games played before it)."""
    check_every: int = 0
    """Games between two checks of the stopping rule (the chunk size)."""


def play_series(rules: str, home: TeamRef, away: TeamRef, games: int, seed: int,
                coach: str = "solitaire", options: dict[str, Any] | None = None,
                files: SeriesFiles | None = None, where: Backend | None = None,
                progress: Callable[[int], None] | None = None,
                stop: Callable[[SeriesTotals], bool] | None = None) -> SeriesRun:
    """Play games 0..games-1 in chunks on `where`, writing the files as the chunks come back
    in game order. `stop(totals)`, asked after every `chunk_size(games)` games, ends the run
    early when it says so. Ctrl-C ends it too, with the files closed and loadable."""
    files = files or SeriesFiles()
    files.check()
    series = RecordedSeries(rules, home, away, seed, coach, options)   # checks all, here
    plan = SeriesPlan(series.rs.name, series.first.home_team, series.first.away_team, seed,
                      coach, dict(options or {}), max(4, len(str(games))),
                      pbp=files.pbp is not None, games_table=files.games is not None,
                      box=files.box is not None)
    check_every = chunk_size(games)
    tasks = spans(games, PBP_CHUNK if plan.pbp else check_every)
    run = SeriesRun(SeriesTotals(SeriesResult(series.rs.name, seed, series.first.home,
                                              series.first.away)), check_every=check_every)
    writers = files.open()
    try:
        with closing(run_chunks(plan, tasks, where or Backend())) as chunks:
            for chunk in chunks:
                with interrupts_deferred():    # a chunk is written whole or not at all
                    for writer, name in writers:
                        writer.write(getattr(chunk, name))
                    run.totals.take(chunk)
                done = run.totals.result.games
                if progress is not None:
                    progress(done)
                if stop is not None and done < games and done % check_every == 0 \
                        and stop(run.totals):
                    run.stopped = "rule"
                    break
    except KeyboardInterrupt:
        run.stopped = "interrupted"
    finally:
        for writer, _ in writers:
            writer.close()
    return run


def simulate(rules: str, home: TeamRef, away: TeamRef, games: int, seed: int,
             coach: str = "solitaire", options: dict[str, Any] | None = None,
             pbp: Path | None = None, games_out: Path | None = None,
             progress: Callable[[int], None] | None = None,
             batch_rows: int = BATCH_ROWS, box: Path | None = None,
             where: Backend | None = None) -> tuple[SeriesResult, ScoreDistribution]:
    """Play the series (`scrimmage sim`), writing the files asked for as it goes (all are
    checked first). Ctrl-C closes the files and raises KeyboardInterrupt again."""
    run = play_series(rules, home, away, games, seed, coach, options,
                      SeriesFiles(pbp, games_out, box, batch_rows), where, progress)
    if run.stopped == "interrupted":
        raise KeyboardInterrupt
    return run.totals.result, run.totals.scores
