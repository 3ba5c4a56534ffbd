"""nflverse's `ep`, `epa`, `wp` and `wpa` for one game's play-by-play rows.

`ep` and `wp` are read before the play, from the view of the row's `posteam`. `epa` is the
value after the play minus `ep`: the next row's `ep` (negated if the other team has the ball
then), or the points the play scored (a touchdown counts 6 and the ruleset's mean try, as
the tables do; a try counts its points), or 0 when the half ends. `wpa` is the next row's
`wp` (1 - it for the other team) minus `wp`, and after the last play the result (1 a win,
0.5 a tie, 0 a loss).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from scrimmage.analytics.situation import Situation, situation_from_row
from scrimmage.analytics.tables import Tables

EP_WP_COLUMNS = ("ep", "epa", "wp", "wpa")


def second_half_receiver(rows: Sequence[dict[str, Any]]) -> str | None:
    """The team receiving the second half's kickoff: `posteam` of its first kickoff (a
    kickoff's `posteam` is the receiving team)."""
    for row in rows:
        if row.get("game_half") == "Half2" and row.get("kickoff_attempt"):
            return str(row["posteam"])
    return None


def points_on(row: dict[str, Any]) -> tuple[int, int]:
    """What a row scored, from its `posteam`'s view: (touchdown: +1 theirs, -1 the other
    team's, 0 none; other points, signed). A try's points are other points."""
    gained = row["posteam_score_post"] - row["posteam_score"]
    lost = row["defteam_score_post"] - row["defteam_score"]
    if not (gained or lost):
        return 0, 0
    is_try = bool(row.get("extra_point_attempt") or row.get("two_point_attempt"))
    if row.get("touchdown") and not is_try:
        sign = 1 if gained >= 6 else -1
        return sign, gained - lost - 6 * sign
    return 0, gained - lost


def final_result(row: dict[str, Any]) -> float:
    """1, 0.5 or 0: how the game ended for the last row's `posteam`."""
    ours, theirs = row["posteam_score_post"], row["defteam_score_post"]
    return 1.0 if ours > theirs else 0.5 if ours == theirs else 0.0


def situations(rows: Sequence[dict[str, Any]]) -> list[Situation | None]:
    receiver = second_half_receiver(rows)
    return [situation_from_row(r, r["posteam"] == receiver) for r in rows]


def add_ep_wp(rows: list[dict[str, Any]], tables: Tables | None) -> None:
    """Set the four columns on each row of one game, in place (None without tables)."""
    if tables is None or not rows:
        for row in rows:
            row.update(dict.fromkeys(EP_WP_COLUMNS))
        return
    sits = situations(rows)
    eps = [None if s is None else tables.ep(s) for s in sits]
    wps = [_wp(tables, s, e) for s, e in zip(sits, eps, strict=True)]
    for i, row in enumerate(rows):
        ep, wp = eps[i], wps[i]
        row["ep"], row["wp"] = ep, wp
        row["epa"] = None if ep is None else _ep_after(rows, eps, i, tables) - ep
        row["wpa"] = None if wp is None else _wp_after(rows, wps, i) - wp


def _wp(tables: Tables, s: Situation | None, ep: float | None) -> float | None:
    if s is None or ep is None:
        return None
    return tables.wp(s) if s.is_try else tables.wp_from(s, ep)


def _same_team(a: dict[str, Any], b: dict[str, Any]) -> bool:
    return bool(a["posteam"] == b["posteam"])


def _ep_after(rows: Sequence[dict[str, Any]], eps: Sequence[float | None], i: int,
              tables: Tables) -> float:
    row = rows[i]
    touchdown, other = points_on(row)
    is_try = bool(row.get("extra_point_attempt") or row.get("two_point_attempt"))
    if touchdown or other or is_try:
        return touchdown * tables.touchdown_value + other
    if i + 1 < len(rows) and rows[i + 1].get("game_half") == row.get("game_half"):
        following = eps[i + 1]
        if following is not None:
            return following if _same_team(row, rows[i + 1]) else -following
    return 0.0


def _wp_after(rows: Sequence[dict[str, Any]], wps: Sequence[float | None], i: int) -> float:
    if i + 1 < len(rows) and wps[i + 1] is not None:
        following = wps[i + 1]
        assert following is not None
        return following if _same_team(rows[i], rows[i + 1]) else 1.0 - following
    return final_result(rows[i])
