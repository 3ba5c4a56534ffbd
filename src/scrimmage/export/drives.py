"""Drive numbers and drive results, derived from the play records (nflverse `drive`,
`fixed_drive_result`).

A drive is one team's stretch with the ball: a new one starts when the team with the ball
changes, at each half's first play, after a punt (a muffed punt the kicking team recovers starts
its next drive, as in nflverse), and at a kickoff that follows anything but another kickoff (a
re-kick stays in its drive). A kickoff belongs to the receiving team's drive and a try to the
scoring drive, as in nflverse. How a drive ended is read from its plays, the score first.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

TRY_FLAGS = ("extra_point_attempt", "two_point_attempt")


def drive_numbers(plays: Sequence[dict[str, Any]], halves: Sequence[str]) -> list[int]:
    """The drive number (from 1) of every play; `halves` is each play's `game_half`."""
    numbers: list[int] = []
    drive = 0
    for i, play in enumerate(plays):
        if i == 0 or _starts_drive(plays[i - 1], play, halves[i - 1] != halves[i]):
            drive += 1
        numbers.append(drive)
    return numbers


def _starts_drive(before: dict[str, Any], play: dict[str, Any], new_half: bool) -> bool:
    kickoff_after_play = play["play_type"] == "kickoff" and before["play_type"] != "kickoff"
    after_punt = before["play_type"] == "punt"
    return new_half or kickoff_after_play or after_punt or play["posteam"] != before["posteam"]


def drive_results(plays: Sequence[dict[str, Any]], drives: Sequence[int],
                  halves: Sequence[str]) -> list[str]:
    """Each play's `fixed_drive_result`: how its drive ended."""
    spans: dict[int, list[int]] = {}
    for i, d in enumerate(drives):
        spans.setdefault(d, []).append(i)
    result_of: dict[int, str] = {}
    for d, rows in spans.items():
        last = rows[-1]
        ends_half = last + 1 == len(plays) or halves[last + 1] != halves[last]
        result_of[d] = drive_result([plays[i] for i in rows], ends_half)
    return [result_of[d] for d in drives]


def drive_result(plays: Sequence[dict[str, Any]], ends_half: bool) -> str:
    """nflverse's words: Touchdown, Opp touchdown, Safety, Field goal, Missed field goal, Punt,
    Turnover, Turnover on downs, End of half."""
    team = plays[0]["posteam"]
    scrimmage = [p for p in plays if not any(p.get(f) for f in TRY_FLAGS)]
    tds = [p for p in scrimmage if p.get("touchdown")]
    if tds:
        return "Touchdown" if tds[-1].get("td_team") == team else "Opp touchdown"
    if any(p.get("safety") for p in scrimmage):
        return "Safety"
    kicks = [p for p in scrimmage if p.get("field_goal_attempt")]
    if kicks:
        return "Field goal" if kicks[-1].get("field_goal_result") == "made" else "Missed field goal"
    if any(p.get("punt_attempt") for p in scrimmage):
        return "Punt"
    if any(p.get("interception") or p.get("fumble_lost") or p.get("own_kickoff_recovery")
           for p in scrimmage):
        return "Turnover"
    if any(p.get("fourth_down_failed") for p in scrimmage):
        return "Turnover on downs"
    # Nothing ended it on the field: the clock did, or (rarely) a change of possession the
    # records mark with no flag of their own.
    return "End of half" if ends_half else "Turnover"
