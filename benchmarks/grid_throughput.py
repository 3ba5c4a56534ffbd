"""The Grid: full games per second on one core, and the calibration figures of the stand-in
result tables (src/scrimmage/rules/grid/data/tables.toml).

    python benchmarks/grid_throughput.py [--games N] [--calibrate]
"""

from __future__ import annotations

import argparse
import statistics
import time

from scrimmage.api import make_coaches
from scrimmage.core.dice import SeededDice
from scrimmage.core.driver import drive
from scrimmage.core.ruleset import find_ruleset


def bench(coach: str, games: int, calibrate: bool) -> float:
    rs = find_ruleset("grid")
    names = rs.team_names()
    teams = [rs.load_team(rs.team_data(n), n) for n in names]
    points: list[int] = []
    snaps = yards = passes = incomplete = runs = no_gain = 0
    start = time.perf_counter()
    for i in range(games):
        home, away = teams[i % 12], teams[(i * 5 + 1) % 12]
        if home is away:
            away = teams[(i + 2) % 12]
        game = rs.new_game(home, away, SeededDice(i), {}, narrate=False)
        drive(game, make_coaches(rs, coach, i), [])
        if calibrate:
            points.extend(game.score.values())
            for p in game.plays:
                if p["play_type"] in ("run", "pass"):
                    snaps += 1
                    yards += p["yards_gained"]
                    passes += p["pass_attempt"]
                    incomplete += p["incomplete_pass"]
                    runs += p["rush_attempt"]
                    no_gain += p["result"] == "NG"
    elapsed = time.perf_counter() - start
    rate = games / elapsed
    print(f"grid {coach:9s} {games} games in {elapsed:.2f} s: {rate:.1f} games/s/core")
    if calibrate and snaps:
        print(f"  points/team {statistics.mean(points):.1f}, snaps/game {snaps / games:.1f}, "
              f"yards/snap {yards / snaps:.2f}, incomplete {incomplete / max(1, passes):.2f}, "
              f"runs NG {no_gain / max(1, runs):.2f}")
    return rate


def main() -> None:
    import scrimmage.rules  # noqa: F401

    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=500)
    ap.add_argument("--calibrate", action="store_true")
    args = ap.parse_args()
    for coach in ("solitaire", "random"):
        bench(coach, args.games, args.calibrate)


if __name__ == "__main__":
    main()
