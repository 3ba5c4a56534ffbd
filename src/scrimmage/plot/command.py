"""`scrimmage plot`: one sub-command per chart kind. The chart modules (and matplotlib) are
imported only when a chart is drawn, so the rest of the command line works without them."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.markup import escape

from scrimmage.core.errors import ScrimmageError
from scrimmage.plot.style import check_out, require_matplotlib

plot_app = typer.Typer(
    help="Charts as PNG or SVG (needs matplotlib: pip install 'scrimmage\\[plot]').",
    no_args_is_help=True)
err = Console(stderr=True, highlight=False, soft_wrap=True, emoji=False)

OutOpt = Annotated[Path, typer.Option(
    "--out", help="The chart file: PNG or SVG, by the name's ending (.png, .svg).")]
PbpOpt = Annotated[Path, typer.Option(
    "--pbp", help="A play-by-play file of `scrimmage sim --pbp` or `scrimmage season --pbp` "
                  "(Parquet, or CSV for a name ending in .csv).")]
GameOpt = Annotated[str | None, typer.Option(
    "--game", help="The game_id of the game to draw (default: the file's first game).")]
GamesOpt = Annotated[Path, typer.Option(
    "--games-file", help="A games file of `scrimmage sim --games-out` (Parquet, or CSV for a "
                         "name ending in .csv).")]
SeasonOpt = Annotated[Path, typer.Option(
    "--season-json", help="The output of `scrimmage season --json`, saved to a file.")]


def _run(out: Path, plot: Callable[[], None]) -> None:
    """Bad input or a missing matplotlib: one line on stderr and exit code 2."""
    try:
        check_out(out)
        require_matplotlib()
        plot()
    except ScrimmageError as exc:
        err.print(f"[red]error:[/] {escape(' '.join(str(exc).split()))}")
        raise typer.Exit(2) from None
    err.print(f"wrote {escape(str(out))}")


@plot_app.command()
def wp(pbp: PbpOpt, out: OutOpt, game: GameOpt = None) -> None:
    """A game's win-probability chart (needs the play-by-play's wp column)."""
    def plot() -> None:
        from scrimmage.plot.wp import plot_wp

        plot_wp(pbp, out, game)
    _run(out, plot)


@plot_app.command()
def drives(pbp: PbpOpt, out: OutOpt, game: GameOpt = None) -> None:
    """A game's drive chart: where each drive started and ended, and how."""
    def plot() -> None:
        from scrimmage.plot.drives import plot_drives

        plot_drives(pbp, out, game)
    _run(out, plot)


@plot_app.command()
def scores(games_file: GamesOpt, out: OutOpt) -> None:
    """The score and margin distribution of a `sim` run."""
    def plot() -> None:
        from scrimmage.plot.scores import plot_scores

        plot_scores(games_file, out)
    _run(out, plot)


@plot_app.command()
def wins(season_json: SeasonOpt, out: OutOpt) -> None:
    """A season replay's simulated wins (mean and spread) against the real and Pythagorean."""
    def plot() -> None:
        from scrimmage.plot.wins import plot_wins

        plot_wins(season_json, out)
    _run(out, plot)


@plot_app.command()
def odds(season_json: SeasonOpt, out: OutOpt) -> None:
    """A season replay's standings odds: division, playoffs, bye and title, by team."""
    def plot() -> None:
        from scrimmage.plot.odds import plot_odds

        plot_odds(season_json, out)
    _run(out, plot)
