"""The season replay's JSON (`scrimmage season --json`), as agreed with its writer: only the
keys the charts read are checked; extra keys are allowed."""

from __future__ import annotations

import json
from pathlib import Path

from pydantic import BaseModel, ValidationError

from scrimmage.core.errors import ScrimmageError


class WinSpread(BaseModel):
    mean: float
    sd: float
    p10: float
    p90: float


class RealRecord(BaseModel):
    wins: int
    losses: int
    ties: int
    points_for: int
    points_against: int
    playoffs: bool
    champion: bool


class SeasonTeam(BaseModel):
    code: str
    name: str
    conference: str
    division: str
    wins: WinSpread
    losses_mean: float
    ties_mean: float
    division_odds: float
    playoff_odds: float
    bye_odds: float | None      # null when the season's format has no byes
    title_odds: float
    real: RealRecord
    pythagorean_wins: float


class LeagueFit(BaseModel):
    wins_correlation: float
    wins_rmse: float
    pythagorean_correlation: float
    pythagorean_rmse: float


class Schedule(BaseModel):
    source: str
    games: int
    weeks: int


class SeasonReport(BaseModel):
    rules: str
    season: int
    replays: int
    seed: int
    coach: str
    schedule: Schedule
    teams: list[SeasonTeam]
    league: LeagueFit

    @property
    def title(self) -> str:
        return f"{self.season} season, {self.replays} replays ({self.rules})"


def read_season(path: Path) -> SeasonReport:
    """The report, or a one-line error naming the first key that is wrong."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ScrimmageError(f"{path}: no such file") from None
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise ScrimmageError(f"{path}: not JSON ({exc})") from None
    try:
        report = SeasonReport.model_validate(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"]) or "top level"
        raise ScrimmageError(f"{path}: not the JSON of `scrimmage season --json`: "
                             f"{where}: {first['msg']}") from None
    if not report.teams:
        raise ScrimmageError(f"{path}: the season has no teams")
    return report
