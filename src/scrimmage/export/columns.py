"""The play-by-play table: the engine's play records as nflverse rows (docs/play-by-play.md).

The records already use nflverse names for most columns. Here the few that differ are mapped:
team names become abbreviations, the home and away totals are taken at the start of the play
(the records hold them after it), kickoffs and tries lose their down and distance, and the
engine's chart code `result` becomes `chart_result` (nflverse's `result` is a game's margin).
What the records lack is derived: the game's columns, `game_half`, `drive`,
`fixed_drive_result`, `sp`, `score_differential(_post)` and the timeouts left; `ep`, `epa`, `wp`
and `wpa` come from the ruleset's fitted tables (`scrimmage.analytics`; empty where a ruleset
has none). The engine's own columns (`dice`, `off_cell`, `momentum`, ...) follow under their
own names; lists in them are written as JSON text.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from scrimmage.export.drives import drive_numbers, drive_results

GAME_COLUMNS = ("game_id", "season", "game_type", "week", "home_team", "away_team")
"""Each row starts with its game's columns, then `play_id`."""

TEAM_COLUMNS = ("posteam", "defteam", "td_team", "penalty_team", "timeout_team", "return_team",
                "fumble_recovery_1_team", "fumble_recovery_2_team", "safety_team")
"""Record columns that name a team: written as the team's abbreviation."""

RENAMED = {"result": "chart_result"}
"""Engine columns whose names nflverse uses for something else."""

DROPPED = ("total_home_score", "total_away_score")
"""After-the-play totals in the records; the rows carry nflverse's start-of-play totals."""

NO_DOWN_PLAYS = ("kickoff",)
TRY_FLAGS = ("extra_point_attempt", "two_point_attempt")

NULLABLE_INTS = frozenset({
    "season", "week", "down", "ydstogo", "yardline_100", "air_yards", "yards_after_catch",
    "kick_distance", "timeouts_left", "posteam_timeouts_remaining",
    "defteam_timeouts_remaining", "home_timeouts_remaining", "away_timeouts_remaining",
    "d20", "d20_modified", "off_play", "def_play", "penalty_accepted", "penalty_roll",
    "play_call_number", "seed"})
"""Columns that hold whole numbers but may be empty (the writer's schema needs to know)."""

NULLABLE_FLOATS = frozenset({"ep", "epa", "wp", "wpa"})
"""Decimal columns that may be empty (all of them for a ruleset without EP/WP tables)."""

REGULATION_PERIODS = {"grid": 2}
"""Periods before overtime: The Grid plays two halves (`qtr` 1-2), the others four quarters."""

TimeoutCounts = tuple[int, int]
"""(home, away) timeouts left."""


@dataclass(frozen=True)
class GameInfo:
    """What a play-by-play row says about its game."""

    game_id: str
    rules: str
    home: str
    away: str
    home_team: str
    away_team: str
    season: int | None = None
    week: int | None = None
    game_type: str = "SIM"
    seed: int | None = None

    def abbreviation(self, name: str | None) -> str | None:
        if name is None or name == "":
            return None
        return {self.home: self.home_team, self.away: self.away_team}.get(name, name)


def team_abbreviation(data: dict[str, Any], name: str) -> str:
    """A team's short name: its sheet's `code` where it has one (5D20: ATL), else the initials
    of a name of three words or more (New York Giants: NYG), else the first three letters of
    the first word (Chicago Bears: CHI). A leading season year is skipped."""
    code = data.get("team", {}).get("code")
    if isinstance(code, str) and code.strip():
        return code.strip().upper()
    words: list[str] = [w for w in re.findall(r"[A-Za-z0-9]+", name) if not re.fullmatch(r"\d{4}", w)]
    if not words:
        return "TM"
    if len(words) >= 3:
        return "".join(w[0] for w in words[:3]).upper()
    return words[0][:3].upper()


def abbreviations(home: tuple[dict[str, Any], str], away: tuple[dict[str, Any], str]
                  ) -> tuple[str, str]:
    """Both teams' abbreviations, from (team data, name); the same one twice gets a 2 on the
    away team's, so posteam always tells the sides apart."""
    h, a = team_abbreviation(*home), team_abbreviation(*away)
    return h, (a + "2" if a == h else a)


def game_id(season: int | None, label: str, away_team: str, home_team: str) -> str:
    """nflverse's pattern, season_week_away_home (2016_01_ATL_TB); `label` stands for the week
    (`S0001` is game 1 of a `sim` series)."""
    return f"{season if season is not None else 0}_{label}_{away_team}_{home_team}"


def game_half(qtr: int, rules: str) -> str:
    """nflverse's Half1, Half2 or Overtime."""
    regulation = REGULATION_PERIODS.get(rules, 4)
    if qtr > regulation:
        return "Overtime"
    return "Half1" if qtr <= regulation // 2 else "Half2"


def pbp_rows(plays: Sequence[dict[str, Any]], info: GameInfo,
             timeouts: Sequence[TimeoutCounts | None] | None = None,
             ep_wp: bool = True) -> list[dict[str, Any]]:
    """One game's rows. `timeouts` holds (home, away) timeouts left at the start of each play
    (`series.TimeoutLog`); without it the timeout columns are empty. `ep_wp=False` leaves out
    the EP/WP columns (the tables' own fitter reads rows before any table exists)."""
    halves = [game_half(p["qtr"], info.rules) for p in plays]
    drives = drive_numbers(plays, halves)
    results = drive_results(plays, drives, halves)
    rows = []
    for i, play in enumerate(plays):
        counts = timeouts[i] if timeouts else None
        rows.append(pbp_row(play, info, halves[i], drives[i], results[i], counts))
    if ep_wp:
        from scrimmage.analytics import add_ep_wp, tables_for  # (the tables: when asked for)

        add_ep_wp(rows, tables_for(info.rules))
    return rows


def pbp_row(play: dict[str, Any], info: GameInfo, half: str, drive: int, drive_result: str,
            timeouts: TimeoutCounts | None) -> dict[str, Any]:
    row: dict[str, Any] = {"game_id": info.game_id, "season": info.season,
                           "game_type": info.game_type, "week": info.week,
                           "home_team": info.home_team, "away_team": info.away_team,
                           "play_id": play["play_id"]}
    for key, value in play.items():
        if key in DROPPED or key == "play_id":
            continue
        if key in TEAM_COLUMNS:
            value = info.abbreviation(value)
        elif isinstance(value, list | tuple):
            value = json.dumps(value)
        row[RENAMED.get(key, key)] = value
    _situation(row, play)
    _derived(row, play, half, drive, drive_result, timeouts)
    return row


def _situation(row: dict[str, Any], play: dict[str, Any]) -> None:
    """Kickoffs and tries carry no down or distance (nflverse); a down of 0 is none."""
    is_try = any(play.get(f) for f in TRY_FLAGS)
    if play["play_type"] in NO_DOWN_PLAYS or is_try or not play.get("down"):
        row["down"] = None
        row["ydstogo"] = None
        row["goal_to_go"] = 0
    if play["play_type"] == "kickoff" and not play.get("yardline_100"):
        row["yardline_100"] = None  # the ruleset records no kickoff spot (The Grid, 1st & Roll)


def _derived(row: dict[str, Any], play: dict[str, Any], half: str, drive: int,
             drive_result: str, timeouts: TimeoutCounts | None) -> None:
    home_has_ball = play["posteam_type"] == "home"
    pos, dfn = play["posteam_score"], play["defteam_score"]
    pos_post, dfn_post = play["posteam_score_post"], play["defteam_score_post"]
    row.update(
        game_half=half, drive=drive, fixed_drive_result=drive_result,
        total_home_score=pos if home_has_ball else dfn,
        total_away_score=dfn if home_has_ball else pos,
        score_differential=pos - dfn, score_differential_post=pos_post - dfn_post,
        sp=int(pos_post != pos or dfn_post != dfn),
    )
    home_left, away_left = timeouts if timeouts is not None else (None, None)
    row.update(
        home_timeouts_remaining=home_left, away_timeouts_remaining=away_left,
        posteam_timeouts_remaining=home_left if home_has_ball else away_left,
        defteam_timeouts_remaining=away_left if home_has_ball else home_left,
    )
