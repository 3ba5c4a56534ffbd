"""Play records for Football Legends, with nflverse column names (DESIGN.md §6).

Own columns besides the cards and cells: `penalty_on_kickoff` (1 on a scoring play whose
accepted foul is marked off on the next kickoff, FNL-36), `carried_penalty_yards` (on a
kickoff: the yards such fouls give the receiving team, negative when they cost it),
`timeouts_left` (the calling team's timeouts after a timeout on the play), `dice` (every
roll as (sides, value)) and `dice_read` (the same rolls in words, what each was read for:
`d24 15: Inside Run #1 -> 8`), and `situation` (the snap's situation, or for a kick or try
who kicks or tries from where, `rules.narration`).

`desc` and `dice_read` are words: a game that does not narrate (batch simulation) leaves them
empty ("" and None), and costs about 4% less for it."""

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
    "returned": 0, "return_yards": 0,
    "timeout": 0, "timeout_team": None, "timeouts_left": None,
    "posteam_score": 0, "defteam_score": 0, "posteam_score_post": 0, "defteam_score_post": 0,
    "total_home_score": 0, "total_away_score": 0,
    "off_call": None, "def_call": None, "off_play": None, "def_play": None,
    "off_cell": None, "def_cell": None, "penalty_roll": None, "big_play": None,
    "momentum": 0, "dice": None, "dice_read": None, "situation": "",
}


def side_type(side: Side) -> str:
    return "home" if side is HOME else "away"
