"""The score and margin distribution of a `sim` run, from its games file (`--games-out`)."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from matplotlib.figure import Figure
from matplotlib.ticker import PercentFormatter

from scrimmage.core.errors import ScrimmageError
from scrimmage.plot import style
from scrimmage.plot.tables import read_table, to_columns

COLUMNS = ("home_team", "away_team", "home_score", "away_score")


@dataclass(frozen=True)
class ScoreRun:
    home: str                   # the home team's code, or "home" when the file mixes match-ups
    away: str
    home_scores: list[int]
    away_scores: list[int]

    @property
    def games(self) -> int:
        return len(self.home_scores)

    @property
    def margins(self) -> list[int]:
        return [h - a for h, a in zip(self.home_scores, self.away_scores, strict=True)]


def read_scores(path: Path) -> ScoreRun:
    rows = to_columns(read_table(path, COLUMNS, "a games file (`sim --games-out`)"))
    played = [i for i, (h, a) in enumerate(zip(rows["home_score"], rows["away_score"], strict=True))
              if h is not None and a is not None]
    if not played:
        raise ScrimmageError(f"{path}: no finished game in the file")
    homes = {rows["home_team"][i] for i in played}
    aways = {rows["away_team"][i] for i in played}
    one_pair = len(homes) == 1 and len(aways) == 1
    return ScoreRun(str(homes.pop()) if one_pair else "home", str(aways.pop()) if one_pair else "away",
                    [int(rows["home_score"][i]) for i in played],
                    [int(rows["away_score"][i]) for i in played])


def draw(run: ScoreRun) -> Figure:
    fig = style.figure(9, 3.6)
    scores_ax, margin_ax = fig.subplots(1, 2, width_ratios=[1, 1.2])
    top = max(*run.home_scores, *run.away_scores)
    for team, scores, color in ((f"{run.home} (home)", run.home_scores, style.HOME_COLOR),
                                (f"{run.away} (away)", run.away_scores, style.AWAY_COLOR)):
        share = _shares(scores)
        points = list(range(top + 1))
        mean = sum(scores) / len(scores)
        scores_ax.step(points, [share.get(p, 0.0) for p in points], where="mid", color=color,
                       linewidth=1.2, label=f"{team}: mean {mean:.1f}")
    scores_ax.set_xlabel("points scored")
    scores_ax.set_ylabel("share of games")
    scores_ax.set_xlim(-0.5, top + 0.5)
    scores_ax.set_ylim(bottom=0)
    scores_ax.legend(loc="upper right")
    scores_ax.set_title("Scores", loc="left")

    margins = run.margins
    share = _shares(margins)
    values = sorted(share)
    colors = [style.HOME_COLOR if m > 0 else style.AWAY_COLOR if m < 0 else style.MUTED_COLOR
              for m in values]
    margin_ax.bar(values, [share[m] for m in values], width=0.9, color=colors, linewidth=0)
    margin_ax.axvline(0, color=style.REAL_COLOR, linewidth=0.8)
    wins = sum(m > 0 for m in margins) / run.games
    ties = sum(m == 0 for m in margins) / run.games
    margin_ax.text(0.99, 0.97, f"{run.home} wins {wins:.0%}\nties {ties:.0%}",
                   transform=margin_ax.transAxes, ha="right", va="top")
    for ax in (scores_ax, margin_ax):
        ax.yaxis.set_major_formatter(PercentFormatter(1.0, decimals=0))
    margin_ax.set_xlabel(f"{run.home} margin (home minus away)")
    margin_ax.set_title("Margin", loc="left")
    style.note(margin_ax, f"{run.games} games")
    return fig


def _shares(values: list[int]) -> dict[int, float]:
    counts = Counter(values)
    return {v: n / len(values) for v, n in counts.items()}


def plot_scores(games: Path, out: Path) -> None:
    """Read, draw and write the chart (PNG or SVG by the name of `out`)."""
    style.check_out(out)
    run = read_scores(games)
    style.render(out, lambda: draw(run))
