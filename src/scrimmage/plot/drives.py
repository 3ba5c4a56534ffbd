"""A game's drive chart: one bar per drive, from where it started to where it ended, on a field
drawn from the home team's goal line (left) to the away team's (right)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from matplotlib.axes import Axes
from matplotlib.figure import Figure

from scrimmage.plot import style
from scrimmage.plot.tables import Columns, column_names, read_game

COLUMNS = ("play_id", "home_team", "away_team", "posteam", "drive", "fixed_drive_result",
           "game_half", "down", "yardline_100", "yards_gained")
GRID_COLUMN = "cards_left"
"""The Grid's timing deck: its files measure `yardline_100` on a 60-yard field."""
SCORES = {"Touchdown": "TD", "Field goal": "FG", "Safety": "Safety", "Opp touchdown": "Opp TD"}


@dataclass(frozen=True)
class Drive:
    number: int
    team: str | None            # None: a drive with no snap (a kickoff returned for a score)
    start: float | None         # yards from the home team's goal line
    end: float | None
    result: str
    half: str


@dataclass(frozen=True)
class DriveChart:
    game_id: str
    home: str
    away: str
    field: int
    drives: list[Drive]


def read_drives(path: Path, game: str | None) -> DriveChart:
    field = 60 if GRID_COLUMN in column_names(path) else 100
    game_id, rows = read_game(path, COLUMNS, game, "a play-by-play file")
    return drive_chart(game_id, rows, field)


def drive_chart(game_id: str, rows: Columns, field: int) -> DriveChart:
    home, away = str(rows["home_team"][0]), str(rows["away_team"][0])
    numbers = sorted({d for d in rows["drive"] if d is not None})
    drives = [_drive(n, [i for i, d in enumerate(rows["drive"]) if d == n], rows, home, field)
              for n in numbers]
    return DriveChart(game_id, home, away, field, drives)


def _drive(number: int, plays: list[int], rows: Columns, home: str, field: int) -> Drive:
    """Start at the first snap's spot; end at the last snap's spot plus its gain (a punt or a
    kick gains nothing: it ends where it was kicked from), or in the end zone for a touchdown.
    Kickoffs and tries carry no down: they are not snaps."""
    result = str(rows["fixed_drive_result"][plays[0]] or "")
    half = str(rows["game_half"][plays[0]] or "")
    snaps = [i for i in plays if rows["down"][i] is not None and rows["yardline_100"][i] is not None]
    if not snaps:
        return Drive(number, None, None, None, result, half)
    first, last = snaps[0], snaps[-1]
    team = str(rows["posteam"][first])
    start = float(rows["yardline_100"][first])
    end = 0.0 if result == "Touchdown" else min(
        field, max(0.0, float(rows["yardline_100"][last]) - float(rows["yards_gained"][last] or 0)))
    if team == home:                    # the home team drives to the right
        return Drive(number, team, field - start, field - end, result, half)
    return Drive(number, team, start, end, result, half)


def draw(chart: DriveChart) -> Figure:
    rows = len(chart.drives)
    fig = style.figure(7.5, 1.3 + 0.24 * max(rows, 4))
    ax = fig.add_subplot()
    for k, drive in enumerate(chart.drives):
        _draw_drive(ax, k, drive, chart)
    for k in range(1, rows):
        if chart.drives[k].half != chart.drives[k - 1].half:
            ax.axhline(k - 0.5, color=style.MUTED_COLOR, linewidth=0.8, linestyle="--")
    field = chart.field
    ax.axvspan(-10, 0, color=style.HOME_COLOR, alpha=0.12, linewidth=0)
    ax.axvspan(field, field + 10, color=style.AWAY_COLOR, alpha=0.12, linewidth=0)
    ticks = list(range(0, field + 1, 10))
    ax.set_xticks(ticks, [str(min(t, field - t)) if 0 < t < field else "G" for t in ticks])
    ax.set_xlim(-10, field + 30)
    ax.set_ylim(rows - 0.5, -0.5)
    ax.set_yticks(range(rows), [str(d.number) for d in chart.drives])
    ax.tick_params(axis="y", length=0)
    ax.grid(axis="y", visible=False)
    ax.set_ylabel("drive")
    ax.set_xlabel(f"{chart.home} drives →        yard line        ← {chart.away} drives")
    ax.set_title(f"Drives: {chart.away} at {chart.home}", loc="left")
    style.note(ax, chart.game_id)
    return fig


def _draw_drive(ax: Axes, k: int, drive: Drive, chart: DriveChart) -> None:
    label = SCORES.get(drive.result, drive.result)
    if drive.team is None or drive.start is None or drive.end is None:
        ax.text(chart.field + 12, k, f"{label} (no snap)", va="center", fontsize=7,
                color=style.MUTED_COLOR)
        return
    home = drive.team == chart.home
    color = style.HOME_COLOR if home else style.AWAY_COLOR
    scored = drive.result in ("Touchdown", "Field goal")
    ax.barh(k, drive.end - drive.start, left=drive.start, height=0.62, color=color,
            alpha=0.95 if scored else 0.45, linewidth=0)
    ax.plot(drive.end, k, marker=">" if home else "<", color=color, markersize=4)
    ax.text(chart.field + 12, k, f"{drive.team}  {label}", va="center", fontsize=7,
            color=color, fontweight="bold" if scored else "normal")


def plot_drives(pbp: Path, out: Path, game: str | None = None) -> None:
    """Read, draw and write the chart (PNG or SVG by the name of `out`)."""
    style.check_out(out)
    chart = read_drives(pbp, game)
    style.render(out, lambda: draw(chart))
