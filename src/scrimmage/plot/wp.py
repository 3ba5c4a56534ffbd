"""A game's win-probability chart: the home team's chance to win at every snap.

The play-by-play's `wp` is the team with the ball's chance (nflverse); the home team's is `wp`
when the home team has the ball, else 1 - wp.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path

from matplotlib.figure import Figure
from matplotlib.ticker import PercentFormatter

from scrimmage.core.errors import ScrimmageError
from scrimmage.plot import style
from scrimmage.plot.tables import Columns, column_names, read_game

COLUMNS = ("play_id", "home_team", "away_team", "posteam", "game_half", "game_seconds_remaining",
           "wp", "posteam_score_post", "defteam_score_post")
OVERTIME_MINUTES = 10.0
"""Width of the overtime band. Its plays are spaced evenly there: some rulesets play overtime
possessions with no clock, so the clock cannot place them."""


@dataclass(frozen=True)
class WinProbability:
    game_id: str
    home: str
    away: str
    home_score: int
    away_score: int
    minutes: list[float]        # minutes played at each snap, then the final whistle
    home_wp: list[float]        # the home team's chance at each point (1, 0 or 0.5 at the end)
    regulation_minutes: float
    overtime: bool


def read_wp(path: Path, game: str | None) -> WinProbability:
    if "wp" not in column_names(path):
        raise ScrimmageError(f"{path}: no wp column (win probability): write the file again "
                             "with `scrimmage sim --pbp` or `scrimmage season --pbp`")
    game_id, rows = read_game(path, COLUMNS, game, "a play-by-play file")
    return win_probability(game_id, rows)


def win_probability(game_id: str, rows: Columns) -> WinProbability:
    home, away = str(rows["home_team"][0]), str(rows["away_team"][0])
    snaps = [i for i, (team, wp) in enumerate(zip(rows["posteam"], rows["wp"], strict=True))
             if team is not None and wp is not None]
    if not snaps:
        raise ScrimmageError(f"game {game_id}: its wp column is empty (no win probability on any play)")
    last = snaps[-1]
    home_last = rows["posteam"][last] == home
    ours, theirs = int(rows["posteam_score_post"][last]), int(rows["defteam_score_post"][last])
    home_score, away_score = (ours, theirs) if home_last else (theirs, ours)
    halves = [rows["game_half"][i] for i in snaps]
    minutes, regulation = minutes_played(halves, [rows["game_seconds_remaining"][i] for i in snaps])
    overtime = "Overtime" in halves
    home_wp = [float(rows["wp"][i]) if rows["posteam"][i] == home else 1 - float(rows["wp"][i])
               for i in snaps]
    end = regulation + (OVERTIME_MINUTES if overtime else 0)
    final = 1.0 if home_score > away_score else 0.0 if home_score < away_score else 0.5
    return WinProbability(game_id, home, away, home_score, away_score, [*minutes, end],
                          [*home_wp, final], regulation, overtime)


def minutes_played(halves: list[str | None], seconds_left: list[int | None]) -> tuple[list[float],
                                                                                       float]:
    """Minutes played at each snap, and the length of regulation (the opening kickoff's clock,
    rounded up to a minute). Overtime snaps are spread over a band after regulation."""
    regular = [s for h, s in zip(halves, seconds_left, strict=True)
               if h != "Overtime" and s is not None]
    regulation = math.ceil(max(regular, default=3600) / 60)
    extra = sum(h == "Overtime" for h in halves)
    minutes, k = [], 0
    for half, left in zip(halves, seconds_left, strict=True):
        if half == "Overtime":
            k += 1
            minutes.append(regulation + OVERTIME_MINUTES * k / (extra + 1))
        else:
            minutes.append(regulation - (left or 0) / 60)
    return minutes, float(regulation)


def draw(chart: WinProbability) -> Figure:
    fig = style.figure(7.5, 3.6)
    ax = fig.add_subplot()
    x, y = chart.minutes, chart.home_wp
    ax.fill_between(x, y, 0.5, where=[v >= 0.5 for v in y], interpolate=True,
                    color=style.HOME_COLOR, alpha=0.25, linewidth=0)
    ax.fill_between(x, y, 0.5, where=[v <= 0.5 for v in y], interpolate=True,
                    color=style.AWAY_COLOR, alpha=0.25, linewidth=0)
    ax.plot(x, y, color=style.REAL_COLOR, linewidth=1.2)
    ax.axhline(0.5, color=style.MUTED_COLOR, linewidth=0.8)
    quarter = chart.regulation_minutes / 4
    ticks = [quarter * q for q in range(5)]
    for tick in ticks[1:4]:
        ax.axvline(tick, color=style.MUTED_COLOR, linewidth=0.6, linestyle=":")
    if chart.overtime:
        ax.axvspan(chart.regulation_minutes, x[-1], color=style.GRID_COLOR, alpha=0.5, linewidth=0)
        ax.text((chart.regulation_minutes + x[-1]) / 2, 0.03, "OT", ha="center",
                color=style.MUTED_COLOR)
    ax.set_xticks(ticks, [f"{t:g}" for t in ticks])
    ax.set_xlim(0, x[-1])
    ax.set_ylim(0, 1)
    ax.yaxis.set_major_formatter(PercentFormatter(1.0))
    ax.set_xlabel("minutes played")
    ax.set_ylabel(f"{chart.home} win probability")
    ax.text(0.01, 0.97, f"{chart.home} (home)", transform=ax.transAxes, va="top",
            color=style.HOME_COLOR, fontweight="bold")
    ax.text(0.01, 0.03, f"{chart.away} (away)", transform=ax.transAxes, va="bottom",
            color=style.AWAY_COLOR, fontweight="bold")
    extra = " (OT)" if chart.overtime else ""
    ax.set_title(f"{chart.away} {chart.away_score} at {chart.home} {chart.home_score}{extra}",
                 loc="left")
    style.note(ax, chart.game_id)
    return fig


def plot_wp(pbp: Path, out: Path, game: str | None = None) -> None:
    """Read, draw and write the chart (PNG or SVG by the name of `out`)."""
    style.check_out(out)
    chart = read_wp(pbp, game)
    style.render(out, lambda: draw(chart))
