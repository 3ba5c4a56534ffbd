"""How a situation is cut into the cells of the expected-points and win-probability tables.

The fitter (`scrimmage.analytics.epwp`) and the lookup (`scrimmage.analytics.tables`) both use
these functions, so a table is always read the way it was written. The cuts are the same for
every ruleset; only the win-probability time bands follow the length of a ruleset's game (they
are written in each table's header).
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Sequence

EP_TIME_EDGES = (30, 120, 300)
"""Upper ends (seconds left in the half) of the expected-points time bands: the last 30 s,
the last 2 minutes, the last 5 minutes, the rest. The end of a half matters for EP; the rest
of the clock hardly does."""

DISTANCE_EDGES = (1, 2, 3, 5, 7, 9, 10, 14)
"""Upper ends of the distance bands: 1, 2, 3, 4-5, 6-7, 8-9, 10, 11-14, and 15 or more."""

DOWNS = 4
YARDLINES = 99
"""`yardline_100` 1..99, one cell a yard."""

SCORE_LIMIT = 24
"""Score differences beyond +-24 are read as +-24 (a lead of four scores)."""

EP_ANCHORS = (-0.5, 1.0, 2.5, 4.0, 5.5)
"""Expected-points values at which the win-probability table is kept: the field position,
down and distance enter win probability through the EP of the snap, interpolated between
these anchors."""

TIMEOUT_EDGES = 3
"""Timeouts enter win probability as the sign of (the team with the ball's timeouts minus the
defence's): fewer, as many, more."""


def ep_time_band(half_seconds: int) -> int:
    return bisect_left(EP_TIME_EDGES, half_seconds)


def distance_band(ydstogo: int) -> int:
    return bisect_left(DISTANCE_EDGES, max(1, ydstogo))


def yard_index(yardline_100: int) -> int:
    """0..98 for `yardline_100` 1..99 (clamped)."""
    return min(YARDLINES, max(1, yardline_100)) - 1


def score_index(score_differential: int) -> int:
    return max(-SCORE_LIMIT, min(SCORE_LIMIT, score_differential)) + SCORE_LIMIT


def timeout_index(posteam: int, defteam: int) -> int:
    return (posteam > defteam) - (posteam < defteam) + 1


def wp_time_edges(game_seconds: int) -> tuple[int, ...]:
    """Upper ends (seconds left in the game) of the win-probability time bands of a game of
    `game_seconds` regulation seconds: fine at the end, five minutes apart before that."""
    late = (30, 60, 120, 180, 300, 450, 600)
    return late + tuple(range(900, game_seconds, 300)) + (game_seconds,)


def band_centres(edges: Sequence[int]) -> list[float]:
    low = 0
    centres = []
    for high in edges:
        centres.append((low + high) / 2)
        low = high
    return centres


def linear_weights(value: float, points: Sequence[float]) -> tuple[int, int, float]:
    """(i, j, w): `value` is read as (1 - w) x points[i] + w x points[j]; clamped at the ends.
    `points` rise."""
    if value <= points[0]:
        return 0, 0, 0.0
    if value >= points[-1]:
        last = len(points) - 1
        return last, last, 0.0
    j = bisect_left(points, value)
    i = j - 1
    return i, j, (value - points[i]) / (points[j] - points[i])


def nearest(value: float, points: Sequence[float]) -> int:
    i, j, w = linear_weights(value, points)
    return j if w >= 0.5 else i
