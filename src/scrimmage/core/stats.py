"""Team statistics computed from play records, never tallied on the side.

The keys are the column names of a team-season table (`points_for`, `rush_att`, ...), so a
simulated season can be set beside a real one. Definitions follow the official ones: kneels
are rushes, sacks are not pass attempts, spikes are.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

TEAM_STAT_KEYS: tuple[str, ...] = (
    "points_for", "points_against", "plays_offense", "total_yds", "first_downs",
    "rush_att", "rush_yds", "rush_td", "pass_att", "pass_cmp", "pass_yds_gross", "pass_td",
    "pass_int", "sacks_taken", "sack_yds_lost", "fumbles", "fumbles_lost", "turnovers",
    "penalties", "penalty_yds", "third_down_att", "third_down_conv", "fourth_down_att",
    "fourth_down_conv", "punts", "punt_yds", "fga", "fgm", "xpa", "xpm", "two_pt_att",
    "two_pt_made", "safeties_scored", "kick_ret", "kick_ret_yds", "punt_ret", "punt_ret_yds",
    "time_of_possession_sec",
)


def _empty() -> dict[str, float]:
    return dict.fromkeys(TEAM_STAT_KEYS, 0)


def team_stats(plays: Iterable[dict[str, Any]], team: str, opponent: str) -> dict[str, float]:
    """Statistics of `team` in one game (or a list of games' plays)."""
    s = _empty()
    for p in plays:
        pos = p.get("posteam")
        pt = p["play_type"]
        if p.get("penalty") and p.get("penalty_team") == team:
            s["penalties"] += 1
            s["penalty_yds"] += p.get("penalty_yards") or 0
        if p.get("safety") and p.get("defteam") == team:
            s["safeties_scored"] += 1
        if pos == team:
            s["time_of_possession_sec"] += p.get("seconds", 0)
            if p.get("first_down"):
                s["first_downs"] += 1
            if p.get("third_down_converted"):
                s["third_down_att"] += 1
                s["third_down_conv"] += 1
            elif p.get("third_down_failed"):
                s["third_down_att"] += 1
            if p.get("fourth_down_converted"):
                s["fourth_down_att"] += 1
                s["fourth_down_conv"] += 1
            elif p.get("fourth_down_failed"):
                s["fourth_down_att"] += 1
            if p.get("fumble"):
                s["fumbles"] += 1
            if p.get("fumble_lost"):
                s["fumbles_lost"] += 1
            if p.get("two_point_attempt"):
                s["two_pt_att"] += 1
                if p.get("two_point_conv_result") == "success":
                    s["two_pt_made"] += 1
                continue
            if pt == "kickoff":
                if p.get("returned"):
                    s["kick_ret"] += 1
                    s["kick_ret_yds"] += p.get("return_yards", 0)
                continue
            if p.get("rush_attempt"):
                s["rush_att"] += 1
                s["rush_yds"] += p["yards_gained"]
                if p.get("rush_touchdown"):
                    s["rush_td"] += 1
            elif p.get("sack"):
                s["sacks_taken"] += 1
                s["sack_yds_lost"] -= p["yards_gained"]
            elif p.get("pass_attempt"):
                s["pass_att"] += 1
                if p.get("complete_pass"):
                    s["pass_cmp"] += 1
                    s["pass_yds_gross"] += p["yards_gained"]
                if p.get("pass_touchdown"):
                    s["pass_td"] += 1
                if p.get("interception"):
                    s["pass_int"] += 1
            elif pt == "punt":
                s["punts"] += 1
                s["punt_yds"] += p.get("kick_distance") or 0
            elif pt == "field_goal":
                s["fga"] += 1
                if p.get("field_goal_result") == "made":
                    s["fgm"] += 1
            elif pt == "extra_point":
                s["xpa"] += 1
                if p.get("extra_point_result") == "good":
                    s["xpm"] += 1
        elif p.get("defteam") == team and pt == "punt" and p.get("returned"):
            s["punt_ret"] += 1
            s["punt_ret_yds"] += p.get("return_yards", 0)
    s["plays_offense"] = s["rush_att"] + s["pass_att"] + s["sacks_taken"]
    s["total_yds"] = s["rush_yds"] + s["pass_yds_gross"] - s["sack_yds_lost"]
    s["turnovers"] = s["pass_int"] + s["fumbles_lost"]
    return s


def box_score(plays: list[dict[str, Any]], home: str, away: str) -> dict[str, dict[str, float]]:
    """Both teams' statistics; points come from the last play's running score."""
    home_s = team_stats(plays, home, away)
    away_s = team_stats(plays, away, home)
    if plays:
        last = plays[-1]
        hp, ap = last["total_home_score"], last["total_away_score"]
        home_s["points_for"], home_s["points_against"] = hp, ap
        away_s["points_for"], away_s["points_against"] = ap, hp
    return {home: home_s, away: away_s}
