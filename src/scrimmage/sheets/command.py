"""The sheet builder's commands: `scrimmage build` (a team sheet or chart from real season
statistics, or a whole Legends season) and `scrimmage fidelity` (a season's sheets played
against the real figures). Registered on the app by `scrimmage.cli`."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from scrimmage.commandline import RulesOpt, SeedOpt, WorkersOpt, err, out
from scrimmage.commandline import fail as _fail
from scrimmage.commandline import write_or_print as _write_or_print
from scrimmage.core.errors import ScrimmageError
from scrimmage.core.ruleset import find_ruleset


def fidelity(
    rules: RulesOpt = "legends-pro",
    stats: Annotated[Path | None, typer.Option(help="Team-season CSV (default: bundled).")] = None,
    season: Annotated[int, typer.Option(help="Season to check.")] = 2016,
    team: Annotated[str | None, typer.Option(help="One team's code (default: all).")] = None,
    games: Annotated[int | None, typer.Option(
        "--games", "-n", min=1, help="Games per team (default 100).")] = None,
    seed: SeedOpt = 1,
    as_json: Annotated[bool, typer.Option("--json", help="One JSON object on stdout.")] = False,
    workers: WorkersOpt = None,
    rebuild: Annotated[bool, typer.Option(
        "--rebuild", help="Build every sheet again, also those the package ships.")] = False,
    replays: Annotated[int | None, typer.Option(
        "--replays", help="Realism report: replay the real season (its schedule) N times "
                          "and set each team's real figures among the replays.")] = None,
    report: Annotated[Path | None, typer.Option(
        "--report", help="Realism report: write it here as one HTML page (with --replays).")
        ] = None,
    coach: Annotated[str, typer.Option(
        help="Realism report: the computer coaches.")] = "solitaire",
) -> None:
    """Compare a season's sheets' simulated figures with the real ones (the bundled sheets
    where the package ships them, else built from the statistics). With --replays N: the
    realism report, the real season replayed N times (docs/seasons.md)."""
    if replays is not None or report is not None:
        if stats is not None or team is not None or games is not None or rebuild:
            _fail("--replays replays the whole season on its own sheets: leave out --stats, "
                  "--team, --games and --rebuild")
        _realism(rules, season, replays, report, seed, coach, as_json, workers)
        return
    from scrimmage.sheets.real.fidelity import fidelity as run_fidelity
    from scrimmage.sheets.real.fidelity import format_report
    from scrimmage.sheets.real.stats import read_stats
    from scrimmage.sim.parallel import default_workers

    try:
        rows = read_stats(stats)
        columns = (TextColumn("[progress.description]{task.description}"), BarColumn(),
                   MofNCompleteColumn(), TimeElapsedColumn())
        with Progress(*columns, console=err, transient=True, disable=not err.is_terminal) as bar:
            task = bar.add_task("building and simulating", total=None)
            # The shipped sheets are what the builder makes from the bundled statistics only.
            result = run_fidelity(rows, rules, season, games or 100, seed, team,
                                  progress=lambda name: bar.update(task, description=name,
                                                                   advance=1),
                                  workers=workers or default_workers(),
                                  use_bundled=stats is None and not rebuild)
    except ScrimmageError as exc:
        _fail(exc)
    if as_json:
        sys.stdout.write(json.dumps(result.to_json()) + "\n")
        return
    for line in format_report(result):
        out.print(line)


def _realism(rules: str, season: int, replays: int | None, report: Path | None, seed: int,
             coach: str, as_json: bool, workers: int | None) -> None:
    """`fidelity --replays N [--report FILE.html] [--json]`: the realism report."""
    from rich.markup import escape
    from rich.progress import TimeRemainingColumn

    from scrimmage.export.writer import check_out_path
    from scrimmage.season.runner import default_workers
    from scrimmage.sheets.real.realism import MIN_REPLAYS, format_summary, run_realism
    from scrimmage.sheets.real.realism_html import write_html

    try:
        if replays is None:
            raise ScrimmageError("--report needs --replays N (the realism report)")
        if replays < MIN_REPLAYS:
            raise ScrimmageError(f"--replays must be at least {MIN_REPLAYS} for a realism "
                                 f"report, not {replays}")
        if report is not None:
            check_out_path(report, "--report")      # before the first game, not after the last
        columns = (TextColumn("[progress.description]{task.description}"), BarColumn(),
                   MofNCompleteColumn(), TimeElapsedColumn(), TimeRemainingColumn())
        with Progress(*columns, console=err, transient=True, disable=not err.is_terminal) as bar:
            task = bar.add_task(f"replaying {season}", total=None)

            def built(name: str, done: int, total: int) -> None:
                # Seasons the package ships no sheets for build them first (minutes).
                bar.update(task, description=f"building team sheets ({done} of {total})")

            def played(done: int, total: int) -> None:
                bar.update(task, completed=done, total=total,
                           description=f"replaying {season}")

            result = run_realism(rules, season, replays, seed, coach,
                                 workers or default_workers(), progress=played,
                                 build_progress=built)
        if report is not None:
            write_html(result, report)
            err.print(f"wrote {escape(str(report))}")
    except ScrimmageError as exc:
        _fail(exc)
    if as_json:
        sys.stdout.write(json.dumps(result.to_json()) + "\n")
        return
    for line in format_summary(result):
        out.print(escape(line))


def build(
    rules: RulesOpt = "legends-pro",
    stats: Annotated[Path | None, typer.Option(help="Team-season CSV (default: bundled).")] = None,
    season: Annotated[int | None, typer.Option(help="Season of the team.")] = None,
    team: Annotated[str | None, typer.Option(help="Team code (or name) in that season.")] = None,
    league_average: Annotated[bool, typer.Option(
        "--league-average", help="Build the season's league-average team.")] = False,
    all_teams: Annotated[bool, typer.Option(
        "--all", help="Legends: every team of the season, into the folder --out.")] = False,
    out_path: Annotated[Path | None, typer.Option(
        "--out", help="Write the sheet here (with --all: the folder).")] = None,
    seed: SeedOpt = 1,
    workers: Annotated[int | None, typer.Option(
        min=1, help="Legends: processes sharing the games (default: every core).")] = None,
    games: Annotated[int | None, typer.Option(
        help="Legends: calibration games a team (default 500, about 5 s a team; the "
             "bundled sheets play 3200: about six times the time, the points about 2% "
             "from the real ones instead of 3%, the yardage closer too).")] = None,
    players: Annotated[Path | None, typer.Option(
        help="5d20: player-season CSV (default: bundled).")] = None,
    tempo: Annotated[bool, typer.Option(
        "--tempo", help="5d20: also fit a tempo replay rating (house rule, D20-43) to the "
                        "team's real plays a game.")] = False,
) -> None:
    """Build a team sheet (legends-pro, legends-college) or team chart (5d20) from real
    season statistics; --all builds a whole Legends season."""
    import os

    from scrimmage.sheets.real.legends import build_league_average, build_sheet, round_games
    from scrimmage.sheets.real.stats import find_team, read_stats, season_rows

    try:
        levels = {"legends-pro": "pro", "legends-college": "college"}
        if find_ruleset(rules).name == "5d20":
            from scrimmage.sheets.real.fived20 import build_chart, read_player_seasons, read_team_seasons
            from scrimmage.sheets.real.fived20_average import build_league_average as league_chart

            if season is None or (team is None) == (not league_average) or all_teams:
                raise ScrimmageError("5d20 charts need --season and --team CODE or "
                                     "--league-average (one of them)")
            rows = read_player_seasons(players), read_team_seasons(stats)
            text = (league_chart(*rows, season) if league_average
                    else build_chart(*rows, season, str(team), tempo=tempo))
            _write_or_print(text, out_path)
            return
        if rules not in levels:
            raise ScrimmageError(f"--rules must be legends-pro or legends-college, not {rules!r}")
        if season is None:
            raise ScrimmageError("--season is required")
        if [team is not None, league_average, all_teams].count(True) != 1:
            raise ScrimmageError("give --team CODE, --league-average or --all (one of them)")
        round_games(games)                               # too few games: refused first
        league = season_rows(read_stats(stats, season), season, levels[rules])
        cores = workers or os.cpu_count() or 1
        if all_teams:
            if out_path is None:
                raise ScrimmageError("--all needs --out FOLDER for the season's sheets")
            _build_season(league, out_path, seed, cores, games)
            return
        if league_average:
            text = build_league_average(league, seed=seed)
        else:
            assert team is not None
            text = build_sheet(find_team(league, team), league, seed=seed, workers=cores,
                               games=games)
        _write_or_print(text, out_path)
    except ScrimmageError as exc:
        _fail(exc)


def _build_season(league: list[Any], folder: Path, seed: int, workers: int,
                  games: int | None) -> None:
    """`build --all`: every sheet of the season into `folder`, with a progress bar."""
    from rich.progress import TimeRemainingColumn

    from scrimmage.sheets.real.bundle import build_season, bundle_file_name

    if folder.exists() and not folder.is_dir():
        raise ScrimmageError(f"--out {folder} is a file; --all writes a folder of sheets")
    folder.mkdir(parents=True, exist_ok=True)
    columns = (TextColumn("[progress.description]{task.description}"), BarColumn(),
               MofNCompleteColumn(), TimeElapsedColumn(), TimeRemainingColumn())
    with Progress(*columns, console=err, disable=not err.is_terminal) as bar:
        task = bar.add_task("league average", total=len(league))
        for row, text in build_season(league, seed=seed, workers=workers, games=games):
            (folder / bundle_file_name(row)).write_text(text, encoding="utf-8")
            bar.update(task, advance=1, description=row.name)
    err.print(f"{len(league)} sheets written to {folder}")
