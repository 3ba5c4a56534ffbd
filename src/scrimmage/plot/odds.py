"""A season replay's standings odds: for every team the share of replays in which it won its
division, made the playoffs, earned a bye and won the title, grouped by division."""

from __future__ import annotations

from itertools import groupby
from pathlib import Path

from matplotlib.axes import Axes
from matplotlib.figure import Figure

from scrimmage.plot import style
from scrimmage.plot.season_json import SeasonReport, SeasonTeam, read_season


def order(teams: list[SeasonTeam]) -> list[SeasonTeam]:
    """By conference and division, then the likeliest playoff team first."""
    return sorted(teams, key=lambda t: (t.conference, t.division, -t.playoff_odds,
                                        -t.wins.mean, t.name))


def columns(teams: list[SeasonTeam]) -> list[str]:
    """The odds columns; no bye column for a season whose format has no byes."""
    names = ["division", "playoffs", "bye", "title"]
    return [n for n in names if n != "bye" or any(t.bye_odds is not None for t in teams)]


def odds(team: SeasonTeam, column: str) -> float | None:
    return {"division": team.division_odds, "playoffs": team.playoff_odds,
            "bye": team.bye_odds, "title": team.title_odds}[column]


def percent(value: float | None) -> str:
    """Rounded, but never 0% or 100% for something that did or did not happen once."""
    if value is None:
        return "–"
    if 0 < value < 0.005:
        return "<1%"
    if 0.995 <= value < 1:
        return ">99%"
    return f"{value:.0%}"


def record(team: SeasonTeam) -> str:
    real = team.real
    return f"{real.wins}-{real.losses}" + (f"-{real.ties}" if real.ties else "")


def draw(report: SeasonReport) -> Figure:
    teams = order(report.teams)
    names = columns(teams)
    fig = style.figure(2.6 + 1.0 * len(names), 1.4 + 0.26 * max(len(teams), 4))
    ax = fig.add_subplot()
    cells = [[_shade(odds(t, c)) for c in names] for t in teams]
    ax.imshow(cells, cmap="Blues", vmin=0, vmax=1.4, aspect="auto")  # 1.4: the darkest stays light
    for row, team in enumerate(teams):
        for col, name in enumerate(names):
            value = odds(team, name)
            dark = value is not None and value > 0.75
            ax.text(col, row, percent(value), ha="center", va="center", fontsize=8,
                    color="white" if dark else style.REAL_COLOR)
    labels = [f"{t.name} ({record(t)}){' *' if t.real.champion else ''}" for t in teams]
    ax.set_yticks(range(len(teams)), labels)
    for label, team in zip(ax.get_yticklabels(), teams, strict=True):
        if team.real.playoffs:
            label.set_fontweight("bold")
    _division_lines(ax, teams, len(names))
    ax.set_xticks(range(len(names)), names)
    ax.xaxis.tick_top()
    ax.tick_params(length=0)
    ax.grid(visible=False)
    for spine in ax.spines.values():
        spine.set_visible(False)
    ax.set_title(f"Standings odds: {report.season}", loc="left")
    ax.set_xlabel(f"{report.replays} replays ({report.rules}); real record in brackets, "
                  "bold: made the real playoffs, *: real champion", fontsize=7,
                  color=style.MUTED_COLOR)
    return fig


def _shade(value: float | None) -> float:
    return float("nan") if value is None else value      # NaN: a blank cell


def _division_lines(ax: Axes, teams: list[SeasonTeam], width: int) -> None:
    """A rule between divisions and the division's name to the right of its block."""
    row = 0
    for division, group in groupby(teams, key=lambda t: t.division):
        size = len(list(group))
        if row:
            ax.axhline(row - 0.5, color="white", linewidth=3)
        ax.text(width - 0.4, row + (size - 1) / 2, division, va="center", fontsize=8,
                color=style.MUTED_COLOR)
        row += size


def plot_odds(season_json: Path, out: Path) -> None:
    """Read, draw and write the chart (PNG or SVG by the name of `out`)."""
    style.check_out(out)
    report = read_season(season_json)
    style.render(out, lambda: draw(report))
