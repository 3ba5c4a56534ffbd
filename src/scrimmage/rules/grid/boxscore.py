"""The player box score of a Grid game, computed from the play records (never tallied on the
side): carries, rushing yards, targets, catches, receiving yards, passing, fumbles, kicks and
injuries, per player per team."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

PLAYER_STAT_KEYS: tuple[str, ...] = (
    "carries", "rush_yds", "rush_td", "targets", "catches", "rec_yds", "rec_td",
    "pass_att", "pass_cmp", "pass_yds", "pass_td", "pass_int", "sacked", "fumbles",
    "fumbles_lost", "fga", "fgm", "xpa", "xpm", "injured",
)


def player_box_score(plays: Iterable[dict[str, Any]], home: str, away: str
                     ) -> dict[str, dict[str, dict[str, int]]]:
    """team name -> player name -> statistics (only players who did something)."""
    out: dict[str, dict[str, dict[str, int]]] = {home: {}, away: {}}

    def line(team: str, name: str) -> dict[str, int]:
        return out.setdefault(team, {}).setdefault(name, dict.fromkeys(PLAYER_STAT_KEYS, 0))

    for p in plays:
        team = p["posteam"]
        yards = p["yards_gained"]
        if p.get("rusher_player_name"):
            s = line(team, p["rusher_player_name"])
            s["carries"] += 1
            s["rush_yds"] += yards
            s["rush_td"] += p["rush_touchdown"]
        if p.get("passer_player_name"):
            qb = line(team, p["passer_player_name"])
            if p["sack"]:
                qb["sacked"] += 1
            else:
                qb["pass_att"] += 1
                qb["pass_int"] += p["interception"]
                rec = line(team, p["receiver_player_name"])
                rec["targets"] += 1
                if p["complete_pass"]:
                    qb["pass_cmp"] += 1
                    qb["pass_yds"] += yards
                    qb["pass_td"] += p["pass_touchdown"]
                    rec["catches"] += 1
                    rec["rec_yds"] += yards
                    rec["rec_td"] += p["pass_touchdown"]
        if p.get("fumbled_1_player_name"):
            s = line(team, p["fumbled_1_player_name"])
            s["fumbles"] += 1
            s["fumbles_lost"] += p["fumble_lost"]
        if p.get("kicker_player_name"):
            s = line(team, p["kicker_player_name"])
            if p["field_goal_attempt"]:
                s["fga"] += 1
                s["fgm"] += int(p["field_goal_result"] == "made")
            if p["extra_point_attempt"]:
                s["xpa"] += 1
                s["xpm"] += int(p["extra_point_result"] == "good")
        for owner, name in p.get("injured_players") or ():      # [team, player] pairs
            line(owner, name)["injured"] += 1
    return out
