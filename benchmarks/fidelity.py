"""Fidelity benchmark (issue #4): build whole seasons of sheets from real statistics, play each
team against its season's league-average team, and report the error of each figure (MAPE over
the teams) against the targets; then compare the shape of simulated yards-per-carry and
yards-per-completion with real NFL play-by-play (Kolmogorov-Smirnov distance).

    python benchmarks/fidelity.py [--games 600] [--workers 2] [--seasons 1985 2002 2016 2019]
           [--college] [--rebuild] [--out benchmarks/results/fidelity.md]
           [--pbp ../shared/data/raw/nflgame_gamecenter/nflgame_plays.csv.gz]

This benchmark (only) reads the project's shared data folder for the real play-by-play; the
package itself uses its bundled statistics. A team the package ships a sheet of (NFL and FBS
2016, the pro pack) plays its bundled sheet, which is what the builder makes from those
statistics (rebuild the bundle first after a builder change:
``python -m scrimmage.sheets.real.bundle --bundle --workers 2``); other seasons are built, and
`--rebuild` builds the bundled ones too. It writes benchmarks/results/fidelity.md (or --out).
"""

from __future__ import annotations

import argparse
import csv
import gzip
import json
import time
import tomllib
from bisect import bisect_right
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import scrimmage.rules  # noqa: F401
from scrimmage.api import make_coaches
from scrimmage.core.dice import SeededDice
from scrimmage.core.driver import drive
from scrimmage.core.ruleset import find_ruleset
from scrimmage.sheets.real.fidelity import METRICS, TARGETS, FidelityReport, fidelity, team_sheet
from scrimmage.sheets.real.legends import build_league_average
from scrimmage.sheets.real.stats import read_stats, season_rows
from scrimmage.sim.batch import game_seed

HERE = Path(__file__).resolve().parent
DEFAULT_PBP = HERE.parents[1] / "shared/data/raw/nflgame_gamecenter/nflgame_plays.csv.gz"


def ks_distance(a: list[int], b: list[int]) -> float:
    """Largest gap between the two empirical distribution functions."""
    if not a or not b:
        return float("nan")
    sa, sb = sorted(a), sorted(b)
    gap = 0.0
    for x in sorted(set(sa) | set(sb)):
        fa = bisect_right(sa, x) / len(sa)
        fb = bisect_right(sb, x) / len(sb)
        gap = max(gap, abs(fa - fb))
    return gap


def real_yards(pbp: Path, season: int) -> tuple[list[int], list[int]]:
    runs: list[int] = []
    catches: list[int] = []
    with gzip.open(pbp, "rt", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            if row["season"] != str(season) or row["season_type"] != "REG":
                continue
            if row["no_play"] == "1" or row["yards_gained"] == "":
                continue
            if row["play_type"] == "run" and row["qb_kneel"] != "1":
                runs.append(int(row["yards_gained"]))
            elif row["play_type"] == "pass" and row["pass_complete"] == "1":
                catches.append(int(row["yards_gained"]))
    return runs, catches


def _team_yards(job: tuple[int, int, int]) -> tuple[list[int], list[int]]:
    season, index, games = job
    rs = find_ruleset("legends-pro")
    league = season_rows(read_stats(None), season, "pro")
    average = rs.load_team(tomllib.loads(build_league_average(league)), "average")
    row = league[index]
    team = rs.load_team(tomllib.loads(team_sheet(row, league, use_bundled=True)), row.name)
    runs: list[int] = []
    catches: list[int] = []
    for g in range(games):
        s = game_seed(season * 100 + index, g)
        game = rs.new_game(team, average, SeededDice(s), {"neutral": True})
        drive(game, make_coaches(rs, "solitaire", s), [])
        for p in game.plays:
            if p["posteam"] != team.name or p["play_type"] == "no_play":
                continue
            if p["rush_attempt"] and not p["qb_kneel"]:
                runs.append(p["yards_gained"])
            elif p["complete_pass"]:
                catches.append(p["yards_gained"])
    return runs, catches


def simulated_yards(season: int, games_per_team: int, workers: int
                    ) -> tuple[list[int], list[int]]:
    teams = len(season_rows(read_stats(None), season, "pro"))
    jobs = [(season, i, games_per_team) for i in range(teams)]
    runs: list[int] = []
    catches: list[int] = []
    with ProcessPoolExecutor(workers) as pool:
        for r, c in pool.map(_team_yards, jobs):
            runs += r
            catches += c
    return runs, catches


def report_table(reports: list[FidelityReport]) -> list[str]:
    names = list(METRICS)
    lines = ["| season | " + " | ".join(names) + " |",
             "|---|" + "---|" * len(names),
             "| target | " + " | ".join(f"≤ {TARGETS[m]:g}" for m in names) + " |"]
    for r in reports:
        cells = []
        for m in names:
            v = r.mape(m)
            cells.append("-" if v is None else f"{v:.1f}" + ("" if v <= TARGETS[m] else " ✗"))
        lines.append(f"| {r.rules} {r.season} ({len(r.teams)} x {r.games}) | "
                     + " | ".join(cells) + " |")
    return lines


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=600)
    ap.add_argument("--workers", type=int, default=2, help="processes sharing the teams")
    ap.add_argument("--seasons", type=int, nargs="*", default=[1985, 2002, 2016, 2019])
    ap.add_argument("--college", action="store_true", help="also college 2016")
    ap.add_argument("--college-games", type=int, help="games per college team (default --games)")
    ap.add_argument("--ks-games", type=int, default=10, help="games per team for the KS check")
    ap.add_argument("--pbp", type=Path, default=DEFAULT_PBP)
    ap.add_argument("--json", type=Path, help="also write each report's JSON to this folder")
    ap.add_argument("--rebuild", action="store_true",
                    help="build every sheet, also the bundled ones (measures the builder)")
    ap.add_argument("--build-games", type=int,
                    help="calibration games a built team (default: the builder's, 500)")
    ap.add_argument("--out", type=Path, default=HERE / "results" / "fidelity.md")
    args = ap.parse_args()
    rows = read_stats(None)
    reports: list[FidelityReport] = []
    start = time.perf_counter()
    jobs = [("legends-pro", s, args.games) for s in args.seasons]
    if args.college:
        jobs.append(("legends-college", 2016, args.college_games or args.games))
    for rules, season, games in jobs:
        t = time.perf_counter()
        # The bundled statistics: a season the package ships sheets of is read, not rebuilt.
        rep = fidelity(rows, rules, season, games, workers=args.workers,
                       use_bundled=not args.rebuild, build_games=args.build_games)
        reports.append(rep)
        if args.json is not None:
            args.json.mkdir(parents=True, exist_ok=True)
            (args.json / f"{rules}-{season}.json").write_text(json.dumps(rep.to_json()))
        print(f"{rules} {season}: {len(rep.teams)} teams in {time.perf_counter() - t:.0f} s")
    lines = ["# Fidelity benchmark", "",
             f"`python benchmarks/fidelity.py --games {args.games} --seasons "
             f"{' '.join(map(str, args.seasons))}{' --college' if args.college else ''}"
             f"{f' --college-games {args.college_games}' if args.college_games else ''}"
             f"{' --rebuild' if args.rebuild else ''}"
             f"{f' --build-games {args.build_games}' if args.build_games else ''}`", "",
             "Mean absolute percentage error over a season's teams, each team's sheet playing "
             "the given number of games against the season's league-average team (teams x games "
             "in brackets; ✗ = over target).",
             "", *report_table(reports), ""]
    ks_lines = ["## Shape of the yardage (Kolmogorov-Smirnov distance, aim ≤ 0.05)", "",
                "| season | yards per carry | yards per completion |", "|---|---|---|"]
    if args.pbp.exists():
        for season in (s for s in args.seasons if 2009 <= s <= 2019):
            real_r, real_c = real_yards(args.pbp, season)
            sim_r, sim_c = simulated_yards(season, args.ks_games, args.workers)
            ks_lines.append(f"| {season} | {ks_distance(real_r, sim_r):.3f} | "
                            f"{ks_distance(real_c, sim_c):.3f} |")
    else:
        ks_lines.append(f"| (no play-by-play at {args.pbp}) | | |")
    lines += ks_lines
    lines += ["", f"Total time {time.perf_counter() - start:.0f} s."]
    out = args.out
    out.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
