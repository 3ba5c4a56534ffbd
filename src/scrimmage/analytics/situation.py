"""A snap as the expected-points and win-probability tables read it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

KINDS = ("scrimmage", "kickoff", "extra_point", "two_point")


@dataclass(frozen=True)
class Situation:
    """The state before a play, from the view of the team with the ball (nflverse `posteam`;
    on a kickoff, the receiving team).

    `down` and `ydstogo` are read for scrimmage plays only. `receives_second_half`: this team
    receives the second half's kickoff (it matters in the first half only). The score
    difference is this team's score minus the other's."""

    score_differential: int
    half_seconds_remaining: int
    game_seconds_remaining: int
    yardline_100: int = 75
    down: int = 1
    ydstogo: int = 10
    posteam_timeouts: int = 3
    defteam_timeouts: int = 3
    receives_second_half: bool = False
    overtime: bool = False
    kind: str = "scrimmage"

    @property
    def is_try(self) -> bool:
        return self.kind in ("extra_point", "two_point")


def row_kind(row: dict[str, Any]) -> str:
    """The kind of a play-by-play row: a kickoff (re-kicks after a penalty included), a try,
    or a scrimmage play."""
    if row.get("kickoff_attempt"):
        return "kickoff"
    if row.get("two_point_attempt"):
        return "two_point"
    if row.get("extra_point_attempt"):
        return "extra_point"
    return "scrimmage"


def situation_from_row(row: dict[str, Any], receives_second_half: bool) -> Situation | None:
    """The situation at the start of a play-by-play row (`scrimmage.export.columns`), or None
    for a scrimmage row without a down (none is written by the Legends or 5D20 rules)."""
    kind = row_kind(row)
    if kind == "scrimmage" and not row.get("down"):
        return None
    pos_left = row.get("posteam_timeouts_remaining")
    def_left = row.get("defteam_timeouts_remaining")
    return Situation(
        score_differential=row["score_differential"],
        half_seconds_remaining=row["half_seconds_remaining"],
        game_seconds_remaining=row["game_seconds_remaining"],
        yardline_100=row.get("yardline_100") or 75,
        down=row.get("down") or 1,
        ydstogo=row.get("ydstogo") or 10,
        posteam_timeouts=3 if pos_left is None else pos_left,
        defteam_timeouts=3 if def_left is None else def_left,
        receives_second_half=receives_second_half and row.get("game_half") == "Half1",
        overtime=row.get("game_half") == "Overtime",
        kind=kind,
    )
