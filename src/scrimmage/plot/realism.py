"""The realism report's charts (`scrimmage fidelity --replays N --report`): each team's real
wins among its replays' wins, every real figure's percentile among its replays, and the
league's spread of wins, real and replayed."""

from __future__ import annotations

from matplotlib.figure import Figure

from scrimmage.plot import style
from scrimmage.sheets.real.realism import BAND, FIGURES, LABELS, RealismReport, quantile

OUT_COLOR = "#c8553d"


def wins(report: RealismReport) -> Figure:
    """Per team, best real record first: the replays' 10th-90th percentile of wins, their
    mean, and the real wins (in red when outside that band)."""
    teams = sorted(report.teams, key=lambda t: (-(t.figures["wins"].real or 0), t.name))
    n = len(teams)
    fig = style.figure(7.5, 1.5 + 0.26 * max(n, 4))
    ax = fig.add_subplot()
    rows = list(range(n))
    sims = [t.figures["wins"].sims for t in teams]
    ax.hlines(rows, [quantile(s, 0.1) for s in sims], [quantile(s, 0.9) for s in sims],
              color=style.HOME_COLOR, alpha=0.35, linewidth=6,
              label="replays, 10th–90th percentile")
    ax.plot([sum(s) / len(s) for s in sims], rows, "o", color=style.HOME_COLOR, markersize=5,
            label="replays' mean")
    inside = [t.figures["wins"].in_band is not False for t in teams]
    for flag, color, label in ((True, style.REAL_COLOR, "real"),
                               (False, OUT_COLOR, "real, outside the band")):
        picked = [(t.figures["wins"].real, r) for t, r, i in zip(teams, rows, inside, strict=True)
                  if i == flag and t.figures["wins"].real is not None]
        if picked:
            ax.plot([p[0] for p in picked], [p[1] for p in picked], "D", color=color,
                    markersize=4, label=label)
    ax.set_yticks(rows, [t.name for t in teams])
    ax.set_ylim(n - 0.5, -0.5)
    ax.tick_params(axis="y", length=0)
    ax.grid(axis="y", visible=False)
    ax.set_xlabel("wins")
    fig.legend(loc="outside lower center", ncols=4)
    ax.set_title(f"Real wins among the replays: {report.season}", loc="left")
    style.note(ax, f"{report.replays} replays, {report.rules}")
    return fig


def percentiles(report: RealismReport) -> Figure:
    """One row per figure: every team's percentile, the 10-90 band shaded. A faithful replay
    spreads the dots evenly across the row."""
    fig = style.figure(7.5, 0.9 + 0.38 * len(FIGURES))
    ax = fig.add_subplot()
    ax.axvspan(*BAND, color=style.GRID_COLOR, alpha=0.6, linewidth=0)
    n = max(1, len(report.teams))
    for row, name in enumerate(FIGURES):
        xs, ys, colors = [], [], []
        for i, t in enumerate(report.teams):
            p = t.figures[name].percentile
            if p is None:
                continue
            xs.append(p)
            ys.append(row + 0.5 * (i / n - 0.5))     # spread out, in a fixed order: no dice
            colors.append(style.HOME_COLOR if BAND[0] <= p <= BAND[1] else OUT_COLOR)
        ax.scatter(xs, ys, s=9, c=colors, alpha=0.8, linewidths=0)
    ax.set_yticks(range(len(FIGURES)), [LABELS[f] for f in FIGURES])
    ax.set_ylim(len(FIGURES) - 0.5, -0.6)
    ax.set_xlim(-2, 102)
    ax.tick_params(axis="y", length=0)
    ax.grid(axis="y", visible=False)
    ax.set_xlabel("percentile of the real value among the replays (one dot per team)")
    ax.set_title("Where the real figures fall", loc="left")
    style.note(ax, f"{report.season}, {report.replays} replays; shaded: 10–90")
    return fig


def spread(report: RealismReport) -> Figure:
    """The replays' standard deviations of wins over the teams, with the real one."""
    assert report.spread is not None
    s = report.spread
    fig = style.figure(7.5, 2.8)
    ax = fig.add_subplot()
    ax.hist(s.replay_sds, bins=min(20, max(5, len(s.replay_sds) // 3)),
            color=style.HOME_COLOR, alpha=0.55, label="one replay's spread")
    ax.axvline(s.real_sd, color=style.REAL_COLOR, linewidth=2, label="real season")
    ax.axvline(s.mean_sim_sd, color=style.MUTED_COLOR, linestyle="--",
               label="teams' mean simulated wins")
    ax.set_xlabel("standard deviation of wins over the league's teams")
    ax.set_ylabel("replays")
    ax.legend(loc="upper right")
    ax.set_title("Spread of wins: replays and the real season", loc="left")
    style.note(ax, f"{report.season}, {report.replays} replays")
    return fig


CHARTS = ((wins, "Each team's real wins among its replays' wins."),
          (percentiles, "Each real figure's percentile among its replays."),
          (spread, "The league's spread of wins in each replay, and in the real season."))
