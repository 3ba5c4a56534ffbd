"""Many team sheets at once: a whole season's, on worker processes, and the bundled real teams.

Each sheet is the text `scrimmage.sheets.real.legends.build_sheet` makes for its team alone.
Run ``python -m scrimmage.sheets.real.bundle --bundle`` to rewrite the bundled real teams (calibrated
on `legends.BUNDLE_GAMES` games a team: 3200, a plain build's 500), or
``python -m scrimmage.sheets.real.bundle --season Y [--team CODE]`` to print one sheet (the league
average without --team).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path

from scrimmage.season.sheets import sheet_file_name
from scrimmage.sheets.legends.generator import bundled_dir
from scrimmage.sheets.real.legends import BUNDLE_GAMES, build_league_average, build_sheet
from scrimmage.sheets.real.stats import TeamSeason, read_stats, season_rows

# --- a whole season ----------------------------------------------------------------------------

def _season_one(job: tuple[list[TeamSeason], int, int, int | None]) -> str:
    league, index, seed, games = job
    return build_sheet(league[index], league, seed=seed, games=games)


def build_season(league: list[TeamSeason], *, seed: int = 1, workers: int = 1,
                 games: int | None = None) -> Iterator[tuple[TeamSeason, str]]:
    """Every team's sheet of a season, in the league's order, `workers` processes sharing the
    teams (each text is the one `build_sheet` makes alone, with `games` a team). The average
    is calibrated (or read) first, here, so the workers start with it."""
    build_league_average(league, seed=seed)
    jobs = [(league, i, seed, games) for i in range(len(league))]
    if workers <= 1 or len(jobs) <= 1:
        for job in jobs:
            yield league[job[1]], _season_one(job)
        return
    from concurrent.futures import ProcessPoolExecutor

    with ProcessPoolExecutor(min(workers, len(jobs))) as pool:
        for job, text in zip(jobs, pool.map(_season_one, jobs), strict=True):
            yield league[job[1]], text


# --- bundled real teams -----------------------------------------------------------------------

PRO_PACK: tuple[tuple[int, str], ...] = (
    (1962, "gnb"), (1972, "mia"), (1976, "rai"), (1981, "sdg"), (1985, "chi"), (1989, "sfo"),
    (1992, "dal"), (1999, "ram"), (2002, "tam"), (2016, "nwe"), (2022, "kan"),
)
"""The Football Legends pro pack: the real NFL teams bundled with legends-pro."""


def bundle_file_name(row: TeamSeason) -> str:
    """The bundled file name of a row's sheet: the one the season command looks for."""
    rules = "legends-college" if row.level == "college" else "legends-pro"
    return sheet_file_name(rules, row.season, row.code)


PRO_SEASONS: tuple[int, ...] = (1985, 2002, 2016)
"""NFL seasons bundled whole: the replays a new user tries first (and the fidelity benchmark's
seasons), ready without a build."""


def bundle_jobs(rows: list[TeamSeason]) -> list[tuple[str, int, str]]:
    """(level, season, team code) of every bundled real team."""
    jobs: list[tuple[str, int, str]] = [("pro", s, c) for s, c in PRO_PACK]
    jobs += [("pro", season, r.code) for season in PRO_SEASONS
             for r in season_rows(rows, season, "pro") if (season, r.code) not in PRO_PACK]
    jobs += [("college", 2016, r.code) for r in season_rows(rows, 2016, "college")]
    return jobs


def _bundle_one(job: tuple[str, int, str, int | None]) -> tuple[str, str]:
    level, season, code, games = job
    rows = read_stats(None)
    league = season_rows(rows, season, level)
    row = next(r for r in league if r.code == code)
    return bundle_file_name(row), build_sheet(row, league, games=games)


def write_bundle(workers: int = 1, level: str | None = None,
                 games: int | None = None, season: int | None = None) -> list[Path]:
    """Rewrite the bundled real teams (of one level and one season, if given), each calibrated
    on `games` games (default: its level's `legends.BUNDLE_GAMES`)."""
    rows = read_stats(None)
    jobs = [(*j, games or BUNDLE_GAMES[j[0]]) for j in bundle_jobs(rows)
            if (level is None or j[0] == level) and (season is None or j[1] == season)]
    if workers > 1:
        from concurrent.futures import ProcessPoolExecutor

        with ProcessPoolExecutor(workers) as pool:
            results = list(pool.map(_bundle_one, jobs))
    else:
        results = [_bundle_one(j) for j in jobs]
    paths: list[Path] = []
    for (level, _, _, _), (fname, text) in zip(jobs, results, strict=True):
        path = bundled_dir(level) / fname
        path.write_text(text, encoding="utf-8")
        paths.append(path)
    return paths


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m scrimmage.sheets.real.bundle",
                                description="Build team sheets from real statistics.")
    p.add_argument("--bundle", action="store_true",
                   help="rewrite the bundled real teams (pro pack, NFL 1985, 2002 and 2016, FBS "
                        "2016)")
    p.add_argument("--bundle-level", choices=("pro", "college"),
                   help="with --bundle: only this level's teams")
    p.add_argument("--bundle-season", type=int,
                   help="with --bundle: only this season's teams")
    p.add_argument("--games", type=int,
                   help="with --bundle: calibration games a team (default: by level, "
                        f"{BUNDLE_GAMES})")
    p.add_argument("--workers", type=int, default=1)
    p.add_argument("--stats", type=Path)
    p.add_argument("--season", type=int)
    p.add_argument("--level", choices=("pro", "college"), default="pro")
    p.add_argument("--team")
    args = p.parse_args(argv)
    if args.bundle:
        for path in write_bundle(args.workers, args.bundle_level, args.games,
                                 args.bundle_season):
            print(path)
        return 0
    if args.season is None:
        p.error("--season is required (or --bundle)")
    from scrimmage.sheets.real.stats import find_team

    league = season_rows(read_stats(args.stats), args.season, args.level)
    text = (build_sheet(find_team(league, args.team), league) if args.team
            else build_league_average(league))
    sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
