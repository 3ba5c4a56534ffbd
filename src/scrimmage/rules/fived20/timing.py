"""Timing (D20-42..44): every play takes 0, 10 or 40 seconds."""

from __future__ import annotations

from typing import Final

SNAP_PENALTY: Final = 0          # D20-43: snap penalties and field goals take no time
FIELD_GOAL: Final = 0
STOPPED: Final = 10              # out of bounds, incomplete, penalties, timeouts, changes of possession,
                          # kickoffs (and, AMB-D20-11, punts and touchdowns)
RUNNING: Final = 40              # in-bounds runs, in-bounds completions, sacks


def out_of_bounds(kind: str, yellow: int) -> bool:
    """D20-42: completions, scrambles and sacks end out of bounds on yellow 18-20, runs on 20."""
    if kind in ("complete", "scramble", "sack"):
        return yellow >= 18
    if kind == "run":
        return yellow == 20
    return False


def play_seconds(kind: str, oob: bool, *, penalty: bool = False, change: bool = False,
                 score: bool = False, timeout: bool = False) -> int:
    """D20-43 for a play from scrimmage whose result is `kind`."""
    if kind in ("run", "complete", "scramble", "sack") and not (
            oob or penalty or change or score or timeout):
        return RUNNING
    return STOPPED
