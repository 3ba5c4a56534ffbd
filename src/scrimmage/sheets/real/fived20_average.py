"""The 5D20 chart of a season's league-average team (`scrimmage build --rules 5d20
--league-average`): every team figure the league's mean, every player the league's k-th player
of his role, averaged over the teams, built by the same sections as a real team's chart."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from scrimmage.sheets.real.fived20 import (
    SOURCE,
    BuildError,
    Row,
    _f,
    _name,
    _qbs,
    chart_data,
    chart_text,
    league_figures,
    season_rows,
)

ROLES: tuple[tuple[str, int, tuple[str, ...], tuple[str, ...]], ...] = (
    ("QB", 1, ("pass_att",), ("pass_att", "pass_cmp", "pass_yds", "pass_int", "sacks_taken",
                              "rush_att", "rush_yds", "rush_long", "fumbles")),
    ("RB", 4, ("rush_att",), ("rush_att", "rush_yds", "rush_long", "fumbles")),
    ("Receiver", 7, ("targets",), ("targets", "rec", "rec_yds", "fumbles")),
    ("K", 1, ("fga", "kickoffs"), ("fgm", "fga", "kickoffs", "kickoff_yds",
                                   "kickoff_touchbacks")),
    ("P", 1, ("punts",), ("punts", "punt_yds")),
    ("KR", 2, ("kick_ret",), ("kick_ret", "kick_ret_yds", "kick_ret_td", "fumbles")),
    ("PR", 2, ("punt_ret",), ("punt_ret", "punt_ret_yds", "punt_ret_td", "punt_ret_fair",
                              "fumbles")),
    ("Defender", 11, ("def_tackles",), ("def_tackles", "def_assists", "def_sacks", "def_int",
                                        "def_int_yds", "def_passes_defended", "def_tfl",
                                        "def_forced_fumbles")),
)
"""The league-average team's players: for each role, the k-th player of every team (by the
role's figure) averaged over the teams, with only the figures of that role (so a back who
also catches passes is not counted twice)."""


def _role_key(r: Row, keys: tuple[str, ...]) -> tuple[float, ...]:
    if keys == ("def_tackles",):
        return (_f(r, "def_tackles") + _f(r, "def_assists") / 2 + 3 * _f(r, "def_sacks"),)
    return tuple(_f(r, k) for k in keys)


def _average_players(players: list[Row], season: int) -> list[Row]:
    by_team: dict[str, list[Row]] = {}
    for r in players:
        by_team.setdefault(str(r.get("team", "")).lower(), []).append(r)
    qb_names = {t: _name(r) for t, r in _qbs(players).items()}
    out: list[Row] = []
    for role, count, keys, figures in ROLES:
        ranked = []
        for team, rows in by_team.items():
            pool = [r for r in rows if _role_key(r, keys)[0] > 0
                    and (role != "RB" or (_name(r) != qb_names.get(team)
                                          and r.get("position", "") != "QB"))]
            ranked.append(sorted(pool, key=lambda r: [-x for x in _role_key(r, keys)])[:count])
        for i in range(count):
            at = [rows[i] for rows in ranked if len(rows) > i]
            if not at:
                continue
            positions = [str(r.get("position", "")) for r in at]
            row = {"season": str(season), "team": "avg",
                   "player_name": f"League {role} {i + 1}" if count > 1 else f"League {role}",
                   "position": max(sorted(set(positions)), key=positions.count)}
            row["player_full_name"] = row["player_name"]
            for k in figures:
                row[k] = f"{sum(_f(r, k) for r in at) / len(by_team):.3f}"
            out.append(row)
    return out


def _average_team(teams: list[Row], season: int) -> dict[str, str]:
    row: dict[str, str] = {"league": "NFL", "season": str(season), "team_code": "avg",
                           "team_name": "League Average"}
    for key in teams[0] if teams else ():
        if key in row:
            continue
        values = [r.get(key, "") for r in teams]
        try:
            numbers = [float(v) for v in values if v not in ("", None)]
        except ValueError:
            continue
        if numbers:
            row[key] = f"{sum(numbers) / len(numbers):.3f}"
    return row


def build_league_average_data(player_rows: Iterable[Row], team_rows: Iterable[Row],
                              season: int) -> dict[str, Any]:
    """The chart of the season's league-average team: every team figure the league's mean,
    every player the league's k-th player of his role (the league's QB, its lead back, its
    third receiver...), averaged over the teams."""
    all_players, all_teams = season_rows(player_rows, team_rows, season)
    if not all_players or not all_teams:
        raise BuildError(f"no statistics for {season} (NFL 2009-2019 only)")
    players = _average_players(all_players, season)
    team = _average_team(all_teams, season)
    return chart_data(players, team, season, "avg", "League Average",
                      league_figures(all_players, all_teams),
                      SOURCE + ": the season's league-average team")


def build_league_average(player_rows: Iterable[Row], team_rows: Iterable[Row],
                         season: int) -> str:
    """The chart of the season's league-average team, as TOML text."""
    return chart_text(build_league_average_data(player_rows, team_rows, season),
                      "the season's league averages")


