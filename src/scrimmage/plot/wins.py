"""A season replay's simulated wins against the real ones, team by team: the simulated mean
with its spread (10th to 90th percentile of the replays), the real wins and the Pythagorean
wins from the real points."""

from __future__ import annotations

from pathlib import Path

from matplotlib.figure import Figure

from scrimmage.plot import style
from scrimmage.plot.season_json import SeasonReport, SeasonTeam, read_season


def order(teams: list[SeasonTeam]) -> list[SeasonTeam]:
    """Best real record first; then the simulation's mean."""
    return sorted(teams, key=lambda t: (-t.real.wins, t.real.losses, -t.wins.mean, t.name))


def draw(report: SeasonReport) -> Figure:
    teams = order(report.teams)
    n = len(teams)
    fig = style.figure(7.5, 1.5 + 0.26 * max(n, 4))
    ax = fig.add_subplot()
    rows = list(range(n))
    ax.hlines(rows, [t.wins.p10 for t in teams], [t.wins.p90 for t in teams],
              color=style.HOME_COLOR, alpha=0.35, linewidth=6, label="simulated, 10th–90th percentile")
    ax.plot([t.wins.mean for t in teams], rows, "o", color=style.HOME_COLOR, markersize=5,
            label="simulated mean")
    ax.plot([t.pythagorean_wins for t in teams], rows, "o", markerfacecolor="none",
            markeredgecolor=style.MUTED_COLOR, markersize=6, label="Pythagorean (real points)")
    ax.plot([t.real.wins for t in teams], rows, "D", color=style.REAL_COLOR, markersize=4,
            label="real")
    ax.set_yticks(rows, [t.name for t in teams])
    ax.set_ylim(n - 0.5, -0.5)
    ax.tick_params(axis="y", length=0)
    ax.grid(axis="y", visible=False)
    games = report.schedule.games * 2 // max(n, 1)      # a team's games in the season
    ax.set_xlim(-0.5, max(games, max(t.wins.p90 for t in teams)) + 0.5)
    ax.set_xlabel("wins")
    fig.legend(loc="outside lower center", ncols=4)
    fit = report.league
    ax.set_title(f"Simulated vs real wins: {report.season}", loc="left")
    style.note(ax, f"{report.replays} replays, {report.rules}")
    # the low-win corner is empty: the best real records are drawn at the top
    ax.text(0.99, 0.02, f"simulated mean vs real: r = {fit.wins_correlation:.2f}, "
                        f"RMSE {fit.wins_rmse:.1f} wins\nPythagorean vs real: "
                        f"r = {fit.pythagorean_correlation:.2f}, RMSE {fit.pythagorean_rmse:.1f} wins",
            transform=ax.transAxes, ha="right", va="bottom", fontsize=8,
            bbox={"facecolor": "white", "edgecolor": "none", "alpha": 0.85})
    return fig


def plot_wins(season_json: Path, out: Path) -> None:
    """Read, draw and write the chart (PNG or SVG by the name of `out`)."""
    style.check_out(out)
    report = read_season(season_json)
    style.render(out, lambda: draw(report))
