"""How much a built sheet's points depend on the builder's seed (issue 18's fidelity analysis):
one team built with several seeds, each sheet then playing many games against the season's
league-average sheet; the spread of the errors is the builder's own scatter.

    python benchmarks/builder_noise.py [--season 2016] [--teams nwe cle] [--seeds 1 2 3]
                                       [--games 2000] [--level pro]

Uses the bundled statistics only.
"""

from __future__ import annotations

import argparse
import tomllib

from scrimmage.sheets.real.legends import build_league_average, build_sheet
from scrimmage.sheets.real.stats import find_team, read_stats, season_rows
from scrimmage.sim.batch import run_series


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--season", type=int, default=2016)
    ap.add_argument("--level", default="pro")
    ap.add_argument("--teams", nargs="+", default=["nwe", "cle"])
    ap.add_argument("--seeds", type=int, nargs="+", default=[1, 2, 3])
    ap.add_argument("--games", type=int, default=2000)
    args = ap.parse_args()
    league = season_rows(read_stats(None, args.season), args.season, args.level)
    average = tomllib.loads(build_league_average(league))
    rules = f"legends-{args.level}"
    for code in args.teams:
        row = find_team(league, code)
        real_for = row.num("points_for") / row.games
        real_against = row.num("points_against") / row.games
        for seed in args.seeds:
            sheet = tomllib.loads(build_sheet(row, league, seed=seed))
            result = run_series(rules, sheet, average, args.games, 777, "solitaire").to_json()
            teams = result["teams"]
            pf = teams[result["home"]]["per_game"]["points_for"]
            pa = teams[result["away"]]["per_game"]["points_for"]
            print(f"{code} seed {seed}: points for {pf:.2f} (real {real_for:.2f}, "
                  f"{100 * (pf / real_for - 1):+.1f}%), against {pa:.2f} (real "
                  f"{real_against:.2f}, {100 * (pa / real_against - 1):+.1f}%)", flush=True)


if __name__ == "__main__":
    main()
