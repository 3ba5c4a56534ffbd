"""Full games per second on one core, with play records on (issue #2's benchmark).

    python benchmarks/throughput.py [--games N] [--rules legends-hs]

Prints games/s for the solitaire and the random coaches. One process, so the figure is per
core; the CPU-time figure is the steadier one on a busy machine.
"""

from __future__ import annotations

import argparse
import time

from scrimmage.api import make_coaches
from scrimmage.core.dice import SeededDice
from scrimmage.core.driver import drive
from scrimmage.core.ruleset import find_ruleset


def bench(rules: str, coach: str, games: int) -> float:
    rs = find_ruleset(rules)
    names = rs.team_names()
    teams = [rs.load_team(rs.team_data(n), n) for n in names]
    plays = 0
    start = time.perf_counter()
    cpu = time.process_time()
    for i in range(games):
        home, away = teams[i % len(teams)], teams[(i + 1) % len(teams)]
        game = rs.new_game(home, away, SeededDice(i), {}, narrate=False)
        drive(game, make_coaches(rs, coach, i), [])
        plays += len(game.plays)
    elapsed = time.perf_counter() - start
    cpu = time.process_time() - cpu
    rate = games / elapsed
    print(f"{rules} {coach:9s} {games} games in {elapsed:.2f} s: {rate:.1f} games/s/core "
          f"(CPU time: {games / cpu:.1f} games/s; {plays / games:.0f} plays per game)")
    return rate


def main() -> None:
    import scrimmage.rules  # noqa: F401

    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=500)
    ap.add_argument("--rules", default="legends-hs")
    args = ap.parse_args()
    for coach in ("solitaire", "random"):
        bench(args.rules, coach, args.games)


if __name__ == "__main__":
    main()
