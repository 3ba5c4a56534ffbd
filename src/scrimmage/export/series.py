"""A head-to-head series (`scrimmage sim`) that writes what it plays: the play-by-play, the games
table, and the score distribution with the home team's win probability.

Game i is played exactly as `scrimmage.sim.batch.run_series` plays it (the same per-game seed,
teams and coaches), so the files describe the games the averages come from, and any one game can
be replayed from its seed (`play_game(rules, home, away, seed=..., coaches=coach)`).
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from scrimmage.api import TeamRef
from scrimmage.core.decisions import Decision
from scrimmage.core.field import Side
from scrimmage.core.ruleset import Game, Ruleset
from scrimmage.core.stats import box_score
from scrimmage.export.box import box_rows
from scrimmage.export.columns import GameInfo, TimeoutCounts, abbreviations, game_id, pbp_rows
from scrimmage.export.games import games_row
from scrimmage.export.writer import BATCH_ROWS, TableWriter, check_out_path
from scrimmage.sim.batch import Series, SeriesResult

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


def simulate(rules: str, home: TeamRef, away: TeamRef, games: int, seed: int,
             coach: str = "solitaire", options: dict[str, Any] | None = None,
             pbp: Path | None = None, games_out: Path | None = None,
             progress: Callable[[int], None] | None = None,
             batch_rows: int = BATCH_ROWS, box: Path | None = None
             ) -> tuple[SeriesResult, ScoreDistribution]:
    """Play the series, writing the files asked for as it goes (all are checked first)."""
    for path, option in ((pbp, "--pbp"), (games_out, "--games-out"), (box, "--box")):
        if path is not None:
            check_out_path(path, option)
    series = RecordedSeries(rules, home, away, seed, coach, options)
    result = SeriesResult(series.rs.name, seed, series.first.home, series.first.away)
    scores = ScoreDistribution()
    width = max(4, len(str(games)))
    pbp_out = TableWriter(pbp, "--pbp", batch_rows) if pbp is not None else None
    games_table = TableWriter(games_out, "--games-out", batch_rows) if games_out else None
    box_table = TableWriter(box, "--box", batch_rows) if box is not None else None
    try:
        for i in range(games):
            played = series.record(i, details=pbp is not None)
            result.add(box_score(played.plays, series.first.home, series.first.away))
            scores.add(played.home_score, played.away_score)
            info = series.info(played, width)
            if pbp_out is not None:
                pbp_out.write(pbp_rows(played.plays, info, played.timeouts))
            if games_table is not None:
                games_table.write([games_row(info, played.plays, played.home_score,
                                             played.away_score)])
            if box_table is not None:
                box_table.write(box_rows(info, played.plays))
            if progress is not None:
                progress(i + 1)
    finally:
        for writer in (pbp_out, games_table, box_table):
            if writer is not None:
                writer.close()
    return result, scores
