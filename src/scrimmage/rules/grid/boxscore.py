"""The player box score of a Grid game, computed from the play records (never tallied on the
side): carries, rushing yards, targets, catches, receiving yards, passing, fumbles, kicks and
injuries, per player per team. The figures are `core.stats.player_stats` (the one tally of
the nflverse player columns) under The Grid's names; injuries come from `injured_players`."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Final

from scrimmage.core.stats import player_stats

CORE_KEYS: Final[dict[str, str]] = {
    "carries": "rush_att", "rush_yds": "rush_yds", "rush_td": "rush_td",
    "targets": "targets", "catches": "rec", "rec_yds": "rec_yds", "rec_td": "rec_td",
    "pass_att": "pass_att", "pass_cmp": "pass_cmp", "pass_yds": "pass_yds",
    "pass_td": "pass_td", "pass_int": "pass_int", "sacked": "sacks_taken",
    "fumbles": "fumbles", "fumbles_lost": "fumbles_lost",
    "fga": "fga", "fgm": "fgm", "xpa": "xpa", "xpm": "xpm",
}
"""The Grid's name of each figure -> its `core.stats.PLAYER_STAT_KEYS` name."""

PLAYER_STAT_KEYS: Final[tuple[str, ...]] = (*CORE_KEYS, "injured")


def player_box_score(plays: Iterable[dict[str, Any]], home: str, away: str
                     ) -> dict[str, dict[str, dict[str, int]]]:
    """team name -> player name -> statistics (only players who did something)."""
    plays = list(plays)
    out: dict[str, dict[str, dict[str, int]]] = {home: {}, away: {}}

    def line(team: str, name: str) -> dict[str, int]:
        return out.setdefault(team, {}).setdefault(name, dict.fromkeys(PLAYER_STAT_KEYS, 0))

    for (team, name), s in player_stats(plays).items():
        mine = line(team, name)
        for key, core in CORE_KEYS.items():
            mine[key] = int(s[core])
    for p in plays:
        for owner, name in p.get("injured_players") or ():      # [team, player] pairs
            line(owner, name)["injured"] += 1
    return out
