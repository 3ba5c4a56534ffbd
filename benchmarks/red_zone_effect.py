"""Measure what a red-zone number (replay ratings, `scrimmage.sheets.real.ratings`) does to the
points of a game: the season's league-average sheet, given an offense red-zone number,
plays the plain average sheet, and the points of both sides are compared with numbers of 0.
Prints the table `scrimmage.sheets.real.ratings.RED_ZONE_EFFECT` is copied from.

    python benchmarks/red_zone_effect.py [--season 2016] [--level pro] [--games 1000]
           [--numbers -200,-175,...,175,200] [--workers 2]

Uses the bundled statistics only.
"""

from __future__ import annotations

import argparse
from concurrent.futures import ProcessPoolExecutor

from scrimmage.sheets.real.legends import build_league_average, simulate
from scrimmage.sheets.real.legends_levers import sim_figures
from scrimmage.sheets.real.stats import read_stats, season_rows


def _without_numbers(sheet: str) -> str:
    """The sheet with red-zone numbers of 0 (its own, fitted to the league's points, out)."""
    out, skip = [], False
    for line in sheet.splitlines():
        if line.startswith("["):
            skip = line == "[team.red_zone]"
        if not skip:
            out.append(line)
    return "\n".join(out) + "\n"


def _with_number(avg: str, n: int) -> str:
    return avg.replace("run_call_pct = ",
                       f"red_zone = {{ offense = {n}, defense = 0 }}\nrun_call_pct = ", 1)


def _one(job: tuple[int, str, int, int]) -> tuple[int, float, float, float, float, float]:
    season, level, games, n = job
    avg = _without_numbers(build_league_average(season_rows(read_stats(None), season, level)))
    box, opp = simulate(level, _with_number(avg, n), avg, games, 11)
    f = sim_figures(box)
    return n, box["points_for"], opp["points_for"], f["ypc"], f["ypa"], box["plays_offense"]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--season", type=int, default=2016)
    ap.add_argument("--level", default="pro")
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--numbers", default=",".join(str(n) for n in range(-200, 201, 25)))
    ap.add_argument("--workers", type=int, default=2)
    a = ap.parse_args()
    numbers = [0, *[int(x) for x in a.numbers.split(",") if int(x) != 0]]
    jobs = [(a.season, a.level, a.games, n) for n in numbers]
    with ProcessPoolExecutor(a.workers) as pool:
        rows = sorted(pool.map(_one, jobs))
    base = next(r for r in rows if r[0] == 0)
    print(f"# {a.season} {a.level}, {a.games} games a number; base points {base[1]:.2f} / "
          f"{base[2]:.2f}, yards a carry {base[3]:.3f}, an attempt {base[4]:.3f}, "
          f"snaps {base[5]:.1f}")
    # Points per snap of the numbered team: the builder's play speed gives a team its real
    # snaps whatever its red-zone numbers, so the numbers are fitted to points per snap.
    print("RED_ZONE_EFFECT = (")
    for n, pf, pa, ypc, ypa, snaps in rows:
        k = base[5] / snaps
        print(f"    ({n}, {k * pf / base[1]:.3f}, {k * pa / base[2]:.3f}),  "
              f"# a game x{pf / base[1]:.3f} / x{pa / base[2]:.3f}, snaps x{snaps / base[5]:.3f}"
              f", ypc x{ypc / base[3]:.3f}, ypa x{ypa / base[4]:.3f}")
    print(")")


if __name__ == "__main__":
    main()
