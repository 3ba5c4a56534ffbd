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

    reached = {"games": 0, "sheets": 0, "missing": 0}   # for the line after Ctrl-C
    total = 0
    try:
        options = dict(split_option(o) for o in option or [])
        if standings is not None:
            check_out_path(standings, "--standings")
        st = setup(rules, year)
        if dask is not None:
            backend(None, dask)     # a bad address or a missing Dask is refused before any game
        n_workers = workers or default_workers()
        total = replays * expected_games(st)
        columns = (TextColumn("[progress.description]{task.description}"), BarColumn(),
                   MofNCompleteColumn(), TaskProgressColumn(),
                   TextColumn("{task.fields[rate]}"), TimeElapsedColumn(),
                   TimeRemainingColumn())
        with Progress(*columns, console=err, transient=True,
                      disable=not err.is_terminal) as bar:
            building = bar.add_task("team sheets", total=None, rate="", visible=False)
            task = bar.add_task("games", total=total, rate="")

            def built(name: str, done: int, sheets: int) -> None:
                reached["sheets"], reached["missing"] = done, sheets
                what = f"built {escape(name)}" if name else "building team sheets"
                bar.update(building, visible=True, total=sheets, completed=done,
                           description=what)
                bar.refresh()       # drawn now: the next sheet may take a while

            def played(done: int) -> None:
                reached["games"] = done
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
        err.print(_interrupted(reached, total, [pbp, games_out, box], standings))
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


def _interrupted(reached: dict[str, int], total: int, files: list[Path | None],
                 standings: Path | None) -> str:
    """The line after Ctrl-C: how far it got, and the files only where files were asked for.
    The workers ignore Ctrl-C and the files were closed on the way out, so what was written
    stays readable (whole games); a part of a replay has no standings, so no report."""
    games, sheets, missing = reached["games"], reached["sheets"], reached["missing"]
    if sheets < missing:
        where = f"while building team sheets ({sheets} of {missing} built and cached)"
    elif not games:
        where = "before the first game was in"
    else:
        where = f"after {games:,} of {total:,} games"
    written = [escape(str(p)) for p in files if p is not None]
    kept = ""
    if written and games:
        kept = f"; {', '.join(written)} hold{'s' if len(written) == 1 else ''} those games"
    elif written:
        kept = f"; nothing written to {', '.join(written)}"
    unwritten = f"; {escape(str(standings))} not written" if standings is not None else ""
    return f"interrupted {where}{kept}; no report{unwritten}"
