"""`scrimmage season`: replay a real season (docs/seasons.md)."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.markup import escape
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TaskProgressColumn,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)

from scrimmage.core.errors import ScrimmageError
from scrimmage.core.options import split_option

out = Console(highlight=False, emoji=False, width=None if sys.stdout.isatty() else 150)
"""Redirected output gets room for the odds table (rich would wrap it at 80 columns)."""
err = Console(stderr=True, highlight=False, soft_wrap=True, emoji=False)


def _fail(problem: object) -> None:
    err.print(f"[red]error:[/] {escape(' '.join(str(problem).split()))}")
    raise typer.Exit(2)


def season(
    rules: Annotated[str, typer.Option("--rules", "-r", help="legends-pro (NFL/AFL/AAFC "
                                       "1920-2025), legends-college (FBS 2016) or 5d20 "
                                       "(2009-2019).")] = "legends-pro",
    year: Annotated[int, typer.Option("--season", help="The season to replay.")] = 2016,
    replays: Annotated[int, typer.Option("--replays", "-n", min=1,
                                         help="Play the season this many times.")] = 1,
    seed: Annotated[int, typer.Option("--seed", help="Seed of the dice.")] = 1,
    coach: Annotated[str, typer.Option(help="Computer coaches: solitaire or random.")] =
        "solitaire",
    workers: Annotated[int | None, typer.Option(
        min=1, help="Worker processes (default: every core); the results do not depend on "
                    "it.")] = None,
    dask: Annotated[str | None, typer.Option(
        "--dask", help="Play the replays on a Dask cluster: a scheduler address "
                       "(tcp://HOST:8786) or local:N (docs/clusters.md).")] = None,
    option: Annotated[list[str] | None, typer.Option(
        "--option", "-o", help="A ruleset option KEY=VALUE for every game.")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="One JSON object on stdout "
                                          "(docs/seasons.md).")] = False,
    standings: Annotated[Path | None, typer.Option(
        "--standings", help="Write the per-team table: Parquet, or CSV for a .csv name.")] = None,
    pbp: Annotated[Path | None, typer.Option(
        "--pbp", help="Write every play (docs/play-by-play.md): Parquet or CSV.")] = None,
    games_out: Annotated[Path | None, typer.Option(
        "--games-out", help="Write one row per game: Parquet or CSV.")] = None,
    box: Annotated[Path | None, typer.Option(
        "--box", help="Write one row per team per game (box-score statistics).")] = None,
) -> None:
    """Replay a real season: its schedule, standings, playoffs and champion, N times."""
    from scrimmage.export.standings import write_standings
    from scrimmage.export.writer import check_out_path
    from scrimmage.season.replay import expected_games, replay_season, setup
    from scrimmage.season.report import print_report, season_json
    from scrimmage.season.runner import default_workers
    from scrimmage.sim.parallel import backend

    try:
        options = dict(split_option(o) for o in option or [])
        if standings is not None:
            check_out_path(standings, "--standings")
        st = setup(rules, year)
        if dask is not None:
            backend(None, dask)     # a bad address or a missing Dask is refused before any game
        n_workers = workers or default_workers()
        columns = (TextColumn("[progress.description]{task.description}"), BarColumn(),
                   MofNCompleteColumn(), TaskProgressColumn(),
                   TextColumn("{task.fields[rate]}"), TimeElapsedColumn(),
                   TimeRemainingColumn())
        with Progress(*columns, console=err, transient=True,
                      disable=not err.is_terminal) as bar:
            building = bar.add_task("team sheets", total=None, rate="", visible=False)
            task = bar.add_task("games", total=replays * expected_games(st), rate="")

            def built(code: str, done: int, total: int) -> None:
                bar.update(building, visible=True, total=total, completed=done,
                           description=f"built {code}")

            def played(done: int) -> None:
                speed = bar.tasks[task].speed
                bar.update(task, completed=done,
                           rate=f"{speed:.1f} games/s" if speed else "")

            run = replay_season(rules, year, replays, seed, coach, options, n_workers,
                                pbp=pbp, games_out=games_out, box=box,
                                build_progress=built, progress=played, dask=dask)
        data = season_json(run)
        if standings is not None:
            write_standings(standings, data)
    except ScrimmageError as exc:
        _fail(exc)
        return
    except KeyboardInterrupt:
        # The workers ignore Ctrl-C and the files were closed on the way out: what was
        # written stays readable (whole chunks of games); a part of a replay has no standings.
        err.print("interrupted: the files hold the games played so far; no report")
        raise typer.Exit(130) from None
    built_count = sum(1 for o in run.origins.values() if o == "built")
    if built_count:
        err.print(f"built {built_count} team sheet(s) and cached them")
    for path in (standings, pbp, games_out, box):
        if path is not None:
            err.print(f"wrote {escape(str(path))}")
    if as_json:
        sys.stdout.write(json.dumps(data) + "\n")
        return
    print_report(data, out)
