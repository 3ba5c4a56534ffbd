"""The shipped season data (`season/data/*.csv.gz`, written by `scrimmage.season.schedules`):
teams with their league structure and real results, regular-season schedules, playoff
formats."""

from __future__ import annotations

import csv
import gzip
import io
from dataclasses import dataclass
from functools import cache
from importlib import resources

from scrimmage.core.errors import ScrimmageError

LEVELS = {"legends-pro": "pro", "legends-college": "college", "5d20": "pro"}
"""The season replays a ruleset can play: pro (NFL, AFL, AAFC) or college (FBS)."""

FIVED20_SEASONS = range(2009, 2020)
"""5D20 charts are built from player seasons, which the data hold for 2009-2019."""


@dataclass(frozen=True)
class TeamSeason:
    """One team of the season, where it plays and what it really did."""

    code: str
    name: str
    league: str
    conference: str
    division: str
    wins: int
    losses: int
    ties: int
    points_for: int
    points_against: int
    playoffs: bool
    champion: bool

    @property
    def games(self) -> int:
        return self.wins + self.losses + self.ties


@dataclass(frozen=True)
class ScheduledGame:
    week: int
    home: str
    away: str
    neutral: bool = False


@dataclass(frozen=True)
class Format:
    """How one conference's playoff field is made (see docs/seasons.md)."""

    conference: str
    qualifiers: int
    byes: int
    division_winners_first: bool
    neutral_rounds: int = 0
    """The last rounds of the conference's bracket played at a neutral site (FBS)."""
    super_bowl: bool = False


def read_rows(name: str) -> list[dict[str, str]]:
    """A shipped CSV file, its `#` source lines skipped."""
    raw = resources.files("scrimmage.season").joinpath("data", name).read_bytes()
    text = gzip.decompress(raw).decode("utf-8")
    lines = [line for line in text.splitlines() if not line.startswith("#")]
    return list(csv.DictReader(io.StringIO("\n".join(lines))))


@cache
def _teams() -> dict[tuple[int, str], list[TeamSeason]]:
    out: dict[tuple[int, str], list[TeamSeason]] = {}
    for r in read_rows("teams.csv.gz"):
        level = "college" if r["league"] == "NCAA-FBS" else "pro"
        out.setdefault((int(r["season"]), level), []).append(TeamSeason(
            r["code"], r["name"], r["league"], r["conference"], r["division"], int(r["wins"]),
            int(r["losses"]), int(r["ties"]), int(r["points_for"]), int(r["points_against"]),
            r["playoffs"] == "1", r["champion"] == "1"))
    return out


@cache
def _schedules() -> dict[int, list[ScheduledGame]]:
    out: dict[int, list[ScheduledGame]] = {}
    for r in read_rows("schedules.csv.gz"):
        out.setdefault(int(r["season"]), []).append(
            ScheduledGame(int(r["week"]), r["home"], r["away"], r["neutral"] == "1"))
    return out


@cache
def _formats() -> dict[tuple[int, str], Format]:
    return {(int(r["season"]), r["conference"]): Format(
        r["conference"], int(r["qualifiers"]), int(r["byes"]),
        r["division_winners_first"] == "1", int(r["neutral_rounds"]), r["super_bowl"] == "1")
        for r in read_rows("formats.csv.gz")}


def seasons(level: str) -> list[int]:
    return sorted(s for s, lv in _teams() if lv == level)


def season_teams(level: str, season: int) -> list[TeamSeason]:
    found = _teams().get((season, level))
    if not found:
        have = seasons(level)
        span = f"{have[0]}-{have[-1]}" if len(have) > 1 else ", ".join(map(str, have))
        raise ScrimmageError(f"no {level} season {season} in the shipped data (seasons: {span};"
                             " 2021 and 2023 are withheld)")
    return found


def real_schedule(level: str, season: int) -> list[ScheduledGame]:
    """The real regular season, or [] where none ships (FBS; the newest NFL seasons)."""
    return _schedules().get(season, []) if level == "pro" else []


def season_formats(level: str, season: int, teams: list[TeamSeason]) -> list[Format]:
    conferences = list(dict.fromkeys(t.conference for t in teams))
    if level == "college":
        return [_formats()[(season, "FBS")]]
    return [_formats()[(season, c)] for c in conferences]
