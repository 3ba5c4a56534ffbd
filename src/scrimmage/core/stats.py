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


def _empty() -> dict[str, Any]:
    return dict.fromkeys(TEAM_STAT_KEYS, 0)


def box_score(plays: list[dict[str, Any]], home: str, away: str) -> dict[str, dict[str, Any]]:
    """Both teams' statistics, in one pass over the plays (a batch study reads a box score
    from every game it plays); points come from the last play's running score."""
    home_s, away_s = _empty(), _empty()
    boxes: dict[str | None, dict[str, Any]] = {home: home_s, away: away_s}
    for p in plays:
        _tally(p, boxes)
    for s in (home_s, away_s):
        s["plays_offense"] = s["rush_att"] + s["pass_att"] + s["sacks_taken"]
        s["total_yds"] = s["rush_yds"] + s["pass_yds_gross"] - s["sack_yds_lost"]
        s["turnovers"] = s["pass_int"] + s["fumbles_lost"]
    if plays:
        last = plays[-1]
        hp, ap = last["total_home_score"], last["total_away_score"]
        home_s["points_for"], home_s["points_against"] = hp, ap
        away_s["points_for"], away_s["points_against"] = ap, hp
    return {home: home_s, away: away_s}


def _tally(p: dict[str, Any], boxes: dict[str | None, dict[str, Any]]) -> None:
    """One play into the box of the team it counts for: the offense's plays, the penalized
    team's flags, the defense's safeties and punt returns."""
    if p.get("penalty"):
        flagged = boxes.get(p.get("penalty_team"))
        if flagged is not None:
            flagged["penalties"] += 1
            flagged["penalty_yds"] += p.get("penalty_yards") or 0
    defteam = p.get("defteam")
    if p.get("safety"):
        scorer = boxes.get(defteam)
        if scorer is not None:
            scorer["safeties_scored"] += 1
    pt = p["play_type"]
    posteam = p.get("posteam")
    if pt == "punt" and defteam != posteam and p.get("returned"):
        returner = boxes.get(defteam)
        if returner is not None:
            returner["punt_ret"] += 1
            returner["punt_ret_yds"] += p.get("return_yards", 0)
    s = boxes.get(posteam)
    if s is None:
        return
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
        return
    if pt == "kickoff":
        if p.get("returned"):
            s["kick_ret"] += 1
            s["kick_ret_yds"] += p.get("return_yards", 0)
        return
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


PLAYER_STAT_KEYS: tuple[str, ...] = (
    "pass_att", "pass_cmp", "pass_yds", "pass_td", "pass_int", "sacks_taken", "sack_yds_lost",
    "rush_att", "rush_yds", "rush_td", "targets", "rec", "rec_yds", "rec_td",
    "fumbles", "fumbles_lost", "def_tackles", "def_sacks", "def_int", "def_int_yds",
    "def_passes_defended", "def_fumble_rec", "fga", "fgm", "xpa", "xpm", "punts", "punt_yds",
    "kick_ret", "kick_ret_yds", "punt_ret", "punt_ret_yds",
)
"""Player statistics, named as the columns of a player-season table (`player_seasons.csv`)."""


def player_stats(plays: Iterable[dict[str, Any]]) -> dict[tuple[str, str], dict[str, float]]:
    """Player lines (passing, rushing, receiving, defense, kicking, returns) from the play
    records' nflverse player columns (`passer_player_name`, `rusher_player_name`, ...), keyed
    by (team, player). Plays wiped out by a penalty (`no_play`) count for nobody."""
    out: dict[tuple[str, str], dict[str, float]] = {}

    def line(team: str | None, name: str | None) -> dict[str, float] | None:
        if not name or not team:
            return None
        key = (team, name)
        s = out.get(key)
        if s is None:
            s = out[key] = dict.fromkeys(PLAYER_STAT_KEYS, 0)
        return s

    for p in plays:
        pt = p.get("play_type")
        if pt == "no_play" or p.get("two_point_attempt"):
            continue
        off, dfn = p.get("posteam"), p.get("defteam")
        yards = p.get("yards_gained") or 0
        td = bool(p.get("touchdown")) and p.get("td_team") == off
        passer = line(off, p.get("passer_player_name"))
        if passer is not None:
            if p.get("sack"):
                passer["sacks_taken"] += 1
                passer["sack_yds_lost"] -= yards
            else:
                passer["pass_att"] += 1
                if p.get("complete_pass"):
                    passer["pass_cmp"] += 1
                    passer["pass_yds"] += yards
                    passer["pass_td"] += int(td)
                passer["pass_int"] += int(bool(p.get("interception")))
        receiver = line(off, p.get("receiver_player_name"))
        if receiver is not None and not p.get("sack"):
            receiver["targets"] += 1
            if p.get("complete_pass"):
                receiver["rec"] += 1
                receiver["rec_yds"] += yards
                receiver["rec_td"] += int(td)
        rusher = line(off, p.get("rusher_player_name"))
        if rusher is not None and p.get("rush_attempt"):
            rusher["rush_att"] += 1
            rusher["rush_yds"] += yards
            rusher["rush_td"] += int(td)
        fumbler = line(off, p.get("fumbled_1_player_name"))
        if fumbler is not None:
            fumbler["fumbles"] += 1
            fumbler["fumbles_lost"] += int(bool(p.get("fumble_lost")))
        tackler = line(dfn, p.get("solo_tackle_1_player_name"))
        if tackler is not None:
            tackler["def_tackles"] += 1
        sacker = line(dfn, p.get("sack_player_name"))
        if sacker is not None:
            sacker["def_sacks"] += 1
        picker = line(dfn, p.get("interception_player_name"))
        if picker is not None:
            picker["def_int"] += 1
            picker["def_int_yds"] += p.get("return_yards") or 0
        defended = line(dfn, p.get("pass_defense_1_player_name"))
        if defended is not None:
            defended["def_passes_defended"] += 1
        if p.get("fumble_lost"):
            rec = line(p.get("fumble_recovery_1_team"), p.get("fumble_recovery_1_player_name"))
            if rec is not None:
                rec["def_fumble_rec"] += 1
        kicker = line(off, p.get("kicker_player_name"))
        if kicker is not None and pt == "field_goal":
            kicker["fga"] += 1
            kicker["fgm"] += int(p.get("field_goal_result") == "made")
        elif kicker is not None and pt == "extra_point":
            kicker["xpa"] += 1
            kicker["xpm"] += int(p.get("extra_point_result") == "good")
        punter = line(off, p.get("punter_player_name"))
        if punter is not None and pt == "punt" and not p.get("punt_blocked"):
            punter["punts"] += 1
            punter["punt_yds"] += p.get("kick_distance") or 0
        kr = line(off if pt == "kickoff" else dfn, p.get("kickoff_returner_player_name"))
        if kr is not None and p.get("returned"):
            kr["kick_ret"] += 1
            kr["kick_ret_yds"] += p.get("return_yards") or 0
        pr = line(dfn, p.get("punt_returner_player_name"))
        if pr is not None and p.get("returned"):
            pr["punt_ret"] += 1
            pr["punt_ret_yds"] += p.get("return_yards") or 0
    return out
