"""Play records for 1st & Roll, with nflverse column names (DESIGN.md §6) plus the dice.

Own columns: `off_die` / `def_die` (the colours shown), `faces` (every face read, in order,
as `die:face`), `dice_read` (the same in words: `offense red (8): breakaway, roll again`),
`timeouts_left` (the calling team's count after a timeout), `clock_face`, `clock_space` (the
marker's space at the snap), `clock` (the half's clock, which the situation shows too),
`long_bomb`, `hail_mary`, `breakaway`, `broken_tackle`, `penalty_accepted`, `safety_team`.
"""

from __future__ import annotations

from typing import Any, Final

TEMPLATE: Final[dict[str, Any]] = {
    "play_id": 0, "qtr": 1, "quarter_seconds_remaining": 0, "half_seconds_remaining": 0,
    "game_seconds_remaining": 0, "posteam": "", "defteam": "", "posteam_type": "",
    "yardline_100": None, "down": None, "ydstogo": None, "goal_to_go": 0, "play_type": "",
    "yards_gained": 0, "desc": "", "seconds": 0,
    "rush_attempt": 0, "pass_attempt": 0, "complete_pass": 0, "incomplete_pass": 0,
    "sack": 0, "interception": 0, "fumble": 0, "fumble_lost": 0,
    "touchdown": 0, "td_team": None, "pass_touchdown": 0, "rush_touchdown": 0,
    "return_touchdown": 0, "safety": 0, "safety_team": None,
    "first_down": 0, "first_down_rush": 0, "first_down_pass": 0, "first_down_penalty": 0,
    "third_down_converted": 0, "third_down_failed": 0,
    "fourth_down_converted": 0, "fourth_down_failed": 0,
    "penalty": 0, "penalty_team": None, "penalty_yards": 0, "penalty_type": None,
    "penalty_accepted": None,
    "field_goal_attempt": 0, "field_goal_result": None, "kick_distance": None,
    "extra_point_attempt": 0, "extra_point_result": None,
    "two_point_attempt": 0, "two_point_conv_result": None,
    "punt_attempt": 0, "punt_blocked": 0, "punt_fair_catch": 0, "kickoff_attempt": 0,
    "own_kickoff_recovery": 0, "touchback": 0, "returned": 0, "return_yards": 0,
    "timeout": 0, "timeout_team": None, "timeouts_left": None,
    "posteam_score": 0, "defteam_score": 0, "posteam_score_post": 0, "defteam_score_post": 0,
    "total_home_score": 0, "total_away_score": 0,
    "off_die": None, "def_die": None, "faces": None, "clock_face": None, "clock_space": 0,
    "clock": "", "long_bomb": 0, "hail_mary": 0, "breakaway": 0, "broken_tackle": 0,
    "dice": None, "dice_read": None, "situation": "",
}
