"""Play records for The Grid, with nflverse column names (DESIGN.md §6).

Yards are real yards (five a box) so the core box score reads them like any other game's;
`yardline_100` is yards to the opponent's goal line on the 60-yard field. The timing deck has
no seconds, so the time columns hold the nominal time the cards stand for (30 minutes a half,
10 an overtime period): `*_seconds_remaining` at the snap, `seconds` the cards flipped during
the play (so time of possession adds up to the game's length); `cards_left` holds the cards
themselves. `qtr` is the period: 1 and 2 the halves, 3 and up the overtime periods. For the
fan's box score (`scrimmage.core.boxscore`) each record also names its period
(`period_label`: H1, H2, OT, 2OT...) and its clock (`clock_label`: the cards left at the snap).
A run or pass on third or fourth down is marked converted (a first down or the offense's
touchdown) or failed, as in nflverse. Player columns use the nflverse names
(`passer_player_name`, `rusher_player_name`, `receiver_player_name`, `kicker_player_name`,
`fumbled_1_player_name`) plus `injured_players` (a list of [team, player] pairs), so the
player box score is computed from the records too.
"""

from __future__ import annotations

from typing import Any, Final

from scrimmage.core.field import Side
from scrimmage.core.sides import HOME

TEMPLATE: Final[dict[str, Any]] = {
    "play_id": 0, "qtr": 1, "quarter_seconds_remaining": 0, "half_seconds_remaining": 0,
    "game_seconds_remaining": 0, "cards_left": 0, "period_label": "", "clock_label": "",
    "posteam": "", "defteam": "",
    "posteam_type": "", "yardline_100": 0, "down": 0, "ydstogo": 0, "goal_to_go": 0,
    "play_type": "", "yards_gained": 0, "desc": "", "seconds": 0,
    "rush_attempt": 0, "pass_attempt": 0, "complete_pass": 0, "incomplete_pass": 0,
    "pass_length": None, "run_location": None,
    "sack": 0, "interception": 0, "fumble": 0, "fumble_lost": 0,
    "touchdown": 0, "td_team": None, "pass_touchdown": 0, "rush_touchdown": 0,
    "return_touchdown": 0, "safety": 0, "first_down": 0, "first_down_rush": 0,
    "first_down_pass": 0, "third_down_converted": 0, "third_down_failed": 0,
    "fourth_down_converted": 0, "fourth_down_failed": 0,
    "penalty": 0, "penalty_team": None, "penalty_yards": 0,
    "field_goal_attempt": 0, "field_goal_result": None, "kick_distance": None,
    "extra_point_attempt": 0, "extra_point_result": None,
    "punt_attempt": 0, "kickoff_attempt": 0, "touchback": 0, "returned": 0, "return_yards": 0,
    "timeout": 0, "timeout_team": None, "timeouts_left": None,
    "posteam_score": 0, "defteam_score": 0, "posteam_score_post": 0, "defteam_score_post": 0,
    "total_home_score": 0, "total_away_score": 0,
    "passer_player_name": None, "rusher_player_name": None, "receiver_player_name": None,
    "kicker_player_name": None, "fumbled_1_player_name": None, "injured_players": None,
    "off_call": None, "def_call": None, "d20": None, "d20_modified": None, "result": None,
    "rerolled": 0, "timing_cards": None, "dice": None, "dice_read": None, "situation": "",
}


def side_type(side: Side) -> str:
    return "home" if side is HOME else "away"


def period_label(period: int) -> str:
    """H1 and H2 for the halves, then OT, 2OT, ... for the overtime periods."""
    if period <= 2:
        return f"H{period}"
    return "OT" if period == 3 else f"{period - 2}OT"


def mark_conversion(rec: dict[str, Any]) -> None:
    """Third- and fourth-down bookkeeping of a finished run or pass (a sack, a turnover or a
    safety fails; a first down or the offense's own touchdown converts)."""
    down = rec["down"]
    if rec["play_type"] not in ("run", "pass") or down not in (3, 4):
        return
    made = bool(rec["first_down"]) or (bool(rec["touchdown"]) and rec["td_team"] == rec["posteam"])
    which = "third" if down == 3 else "fourth"
    rec[f"{which}_down_converted"] = int(made)
    rec[f"{which}_down_failed"] = int(not made)
