"""The value of a game between two plays, on the EP/WP tables (issue 20).

A coach that tries a choice on a copy of the game needs to read where it leaves the game: a
kickoff to come, a try, or a snap, with the score, the clock and the timeouts. `Position` is
that, in the terms every ruleset shares; each ruleset says how to read one off its game
(`rules/legends/what_if.py`, `rules/fived20/what_if.py`).
"""

from __future__ import annotations

from dataclasses import dataclass

from scrimmage.analytics.situation import Situation
from scrimmage.analytics.tables import Tables
from scrimmage.core.field import Side


@dataclass(frozen=True)
class Position:
    """A game between two plays. `ball` is the team with the ball, or the receiving team of a
    kickoff to come; `kind` is "kickoff", "extra_point" (a try to come) or "scrimmage"."""

    kind: str
    ball: Side
    score: dict[Side, int]
    quarter: int
    seconds_left: int
    quarter_seconds: int
    timeouts: dict[Side, int]
    yardline: int = 75
    down: int = 1
    ydstogo: int = 10
    overtime: bool = False
    over: bool = False

    def clock_left(self) -> tuple[int, int]:
        """Seconds left in the half and in the game (overtime: the period's, and 0)."""
        return clock_left(self.quarter, self.seconds_left, self.quarter_seconds, self.overtime)


def clock_left(quarter: int, seconds_left: int, quarter_seconds: int,
               overtime: bool = False) -> tuple[int, int]:
    """Seconds left in the half and in the game (overtime: the period's, and 0)."""
    if overtime or quarter > 4:
        return seconds_left, 0
    half = ((2 if quarter <= 2 else 4) - quarter) * quarter_seconds + seconds_left
    return half, (4 - quarter) * quarter_seconds + seconds_left


def between_plays(next_step: str, kicker: Side, possession: Side, score: dict[Side, int],
                  quarter: int, seconds_left: int, quarter_seconds: int,
                  timeouts: dict[Side, int], yardline: int, down: int, ydstogo: int,
                  overtime: bool, over: bool) -> Position:
    """The `Position` of a game whose next step is `next_step` (the step names the Legends and
    5D20 games share: "kickoff", "free_kick", "try", or a snap)."""
    if next_step in ("kickoff", "free_kick"):
        kind, ball = "kickoff", kicker.other
    elif next_step == "try":
        kind, ball = "extra_point", possession
    else:
        kind, ball = "scrimmage", possession
    return Position(kind, ball, dict(score), quarter, seconds_left, quarter_seconds,
                    dict(timeouts), yardline, down, ydstogo, overtime, over)


def position_value(tables: Tables, p: Position, side: Side, unit: str = "wp") -> float:
    """The value of `p` to `side`: its win probability (a tie counts half), or its expected
    points of the next score (`unit` "ep")."""
    margin = p.score[side] - p.score[side.other]
    if p.over:
        if unit == "ep":
            return 0.0
        return 1.0 if margin > 0 else 0.0 if margin < 0 else 0.5
    half, game = p.clock_left()
    if p.kind == "kickoff":
        yardline, down, togo = 75, 1, 10
    elif p.kind == "extra_point":
        yardline, down, togo = 3, 1, 3
    else:
        yardline, down, togo = p.yardline, p.down, min(p.ydstogo, p.yardline)
    own = p.ball is side
    sit = Situation(score_differential=margin if own else -margin,
                    half_seconds_remaining=half, game_seconds_remaining=game,
                    yardline_100=min(99, max(1, yardline)), down=min(4, max(1, down)),
                    ydstogo=max(1, togo), posteam_timeouts=p.timeouts[p.ball],
                    defteam_timeouts=p.timeouts[p.ball.other],
                    overtime=p.overtime or p.quarter > 4, kind=p.kind)
    v = tables.ep(sit) if unit == "ep" else tables.wp(sit)
    if own:
        return v
    return -v if unit == "ep" else 1.0 - v
