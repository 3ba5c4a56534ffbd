"""A play record started at the snap, from a ruleset's template: every play of every game
makes one, so this module is compiled in the compiled build (`records`, which re-exports it,
holds the record file's pydantic models and is not)."""

from __future__ import annotations

from typing import Any

from scrimmage.core.clock import PeriodClock
from scrimmage.core.field import Side
from scrimmage.core.sides import HOME, opponent_of


def snap_record(template: dict[str, Any], play_type: str, play_id: int, clock: PeriodClock,
                posteam: Side, names: dict[Side, str], score: dict[Side, int]) -> dict[str, Any]:
    """A new play record from a ruleset's template (every column, so plays share one schema),
    filled with what is known at the snap: the clock (a `PeriodClock`), the teams and the score.
    `posteam` is a `Side`; the record's `posteam_type` is "home" or "away"."""
    rec = template.copy()
    home = posteam is HOME
    other = opponent_of(posteam)
    # One store a column (not `update(**columns)`): this runs for every play of every game.
    rec["play_id"] = play_id
    rec["qtr"] = clock.quarter
    rec["quarter_seconds_remaining"] = clock.seconds_left
    rec["half_seconds_remaining"] = clock.half_seconds_remaining
    rec["game_seconds_remaining"] = clock.game_seconds_remaining
    rec["posteam"] = names[posteam]
    rec["defteam"] = names[other]
    rec["posteam_type"] = "home" if home else "away"
    rec["play_type"] = play_type
    rec["posteam_score"] = score[posteam]
    rec["defteam_score"] = score[other]
    return rec
