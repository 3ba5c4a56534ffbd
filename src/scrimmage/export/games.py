"""The games table: one row per game in nflverse's games-table names, plus the game's seed
(so a game can be replayed) and the number of plays."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from scrimmage.export.columns import REGULATION_PERIODS, GameInfo


def games_row(info: GameInfo, plays: Sequence[dict[str, Any]], home_score: int,
              away_score: int) -> dict[str, Any]:
    """`result` is the home margin and `total` the points of both teams, as in nflverse;
    `overtime` is 1 when a play was run after regulation."""
    regulation = REGULATION_PERIODS.get(info.rules, 4)
    return {
        "game_id": info.game_id, "season": info.season, "game_type": info.game_type,
        "week": info.week, "home_team": info.home_team, "away_team": info.away_team,
        "home_score": home_score, "away_score": away_score,
        "result": home_score - away_score, "total": home_score + away_score,
        "overtime": int(any(p["qtr"] > regulation for p in plays)),
        "seed": info.seed, "plays": len(plays),
    }
