"""Play records for 5D20, with nflverse column names (DESIGN.md §6), the player names of every
play (`passer_player_name`, `rusher_player_name`, ...) and the dice of both rolls: `dice` as
(sides, value) pairs and `dice_read` naming each die's colour and the chart cell it read
(`red 17: play call 12 -> pass`). `timeouts_left` is the calling team's count after a
timeout. `penalty_on_kickoff` marks a scoring play whose foul is marked off on the next
kickoff (D20-48), and that kickoff's `carried_penalty_yards` are the yards it gives the
receiving team (negative: costs them)."""

from __future__ import annotations

from typing import Any, Final

from scrimmage.core.field import Side
from scrimmage.core.sides import HOME

# Every record has every key, so a table of plays has one schema.
TEMPLATE: Final[dict[str, Any]] = {
    "play_id": 0, "qtr": 1, "quarter_seconds_remaining": 0, "half_seconds_remaining": 0,
    "game_seconds_remaining": 0, "posteam": "", "defteam": "", "posteam_type": "",
    "yardline_100": 0, "down": 0, "ydstogo": 0, "goal_to_go": 0, "play_type": "",
    "yards_gained": 0, "desc": "", "seconds": 0,
    "rush_attempt": 0, "pass_attempt": 0, "complete_pass": 0, "incomplete_pass": 0,
    "pass_length": None, "air_yards": None, "yards_after_catch": None, "out_of_bounds": 0,
    "sack": 0, "tackled_for_loss": 0, "qb_scramble": 0, "qb_kneel": 0, "qb_spike": 0,
    "interception": 0, "fumble": 0, "fumble_lost": 0,
    "touchdown": 0, "td_team": None, "pass_touchdown": 0, "rush_touchdown": 0,
    "return_touchdown": 0, "safety": 0,
    "first_down": 0, "first_down_rush": 0, "first_down_pass": 0, "first_down_penalty": 0,
    "third_down_converted": 0, "third_down_failed": 0,
    "fourth_down_converted": 0, "fourth_down_failed": 0,
    "penalty": 0, "penalty_team": None, "penalty_yards": 0, "penalty_type": None,
    "penalty_on_kickoff": 0, "carried_penalty_yards": 0,
    "field_goal_attempt": 0, "field_goal_result": None, "kick_distance": None,
    "extra_point_attempt": 0, "extra_point_result": None,
    "two_point_attempt": 0, "two_point_conv_result": None,
    "punt_attempt": 0, "punt_blocked": 0, "punt_fair_catch": 0, "punt_out_of_bounds": 0,
    "punt_downed": 0, "kickoff_attempt": 0, "own_kickoff_recovery": 0, "touchback": 0,
    "returned": 0, "return_yards": 0, "return_team": None,
    "timeout": 0, "timeout_team": None, "timeouts_left": None,
    "posteam_score": 0, "defteam_score": 0, "posteam_score_post": 0, "defteam_score_post": 0,
    "total_home_score": 0, "total_away_score": 0,
    # players (nflverse names)
    "passer_player_name": None, "rusher_player_name": None, "receiver_player_name": None,
    "interception_player_name": None, "sack_player_name": None,
    "solo_tackle_1_player_name": None, "pass_defense_1_player_name": None,
    "fumbled_1_player_name": None, "fumble_recovery_1_player_name": None,
    "fumble_recovery_1_team": None, "fumbled_2_player_name": None, "fumble_recovery_2_team": None,
    "kicker_player_name": None, "punter_player_name": None,
    "kickoff_returner_player_name": None, "punt_returner_player_name": None,
    "blocked_player_name": None,
    # 5D20's own columns: the calls and the chart reads
    "call_row": None, "alignment": None, "play_call_number": None, "off_call": None,
    "def_call": None, "pass_depth": None, "key_defender": None, "what": None,
    "result": None, "game_column": None, "roll1": None, "roll2": None,
    "dice": None, "dice_read": None, "situation": "",
}


def side_type(side: Side) -> str:
    return "home" if side is HOME else "away"
