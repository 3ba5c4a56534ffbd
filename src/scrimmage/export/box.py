"""Box scores out: one row per team per game (`--box FILE`), the team statistics of
`scrimmage.core.stats.box_score` under their team-season names (`points_for`, `rush_att`, ...),
after the game's columns and the team's side. Written with `TableWriter` like the other tables;
`scrimmage season --box` and `scrimmage sim --box` use it."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from scrimmage.core.stats import TEAM_STAT_KEYS, box_score
from scrimmage.export.columns import GameInfo

BOX_GAME_COLUMNS = ("game_id", "season", "week", "game_type", "team", "opponent", "home_away",
                    "result")
"""Each row's first columns; `result` is W, L or T for the row's team."""

DECIMAL_STATS = frozenset({"time_of_possession_sec"})
"""Statistics written as decimals; every other one is a count (a whole number)."""


def box_rows(info: GameInfo, plays: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """The home team's row, then the away team's."""
    box = box_score(list(plays), info.home, info.away)
    rows = []
    for name, code, other, side in ((info.home, info.home_team, info.away_team, "home"),
                                    (info.away, info.away_team, info.home_team, "away")):
        stats = box[name]
        pf, pa = stats["points_for"], stats["points_against"]
        row: dict[str, Any] = {
            "game_id": info.game_id, "season": info.season, "week": info.week,
            "game_type": info.game_type, "team": code, "opponent": other, "home_away": side,
            "result": "W" if pf > pa else "L" if pf < pa else "T"}
        for key in TEAM_STAT_KEYS:
            row[key] = float(stats[key]) if key in DECIMAL_STATS else int(stats[key])
        rows.append(row)
    return rows
