"""Full games of 1st & Roll per second on one core, with play records on (issue #7).

    python benchmarks/roll_throughput.py [--games N]

Prints games/s for the solitaire (sensible) and the random coaches. One process, so the
figure is per core.
"""

from __future__ import annotations

import argparse
import time

from scrimmage.api import make_coaches
from scrimmage.core.dice import SeededDice
from scrimmage.core.driver import drive
from scrimmage.core.ruleset import find_ruleset

RULES = "1st-and-roll"


def bench(coach: str, games: int) -> float:
    rs = find_ruleset(RULES)
    names = rs.team_names()
    teams = [rs.load_team(rs.team_data(n), n) for n in names]
    plays = decisions = 0
    start = time.perf_counter()
    for i in range(games):
        home, away = teams[i % len(teams)], teams[(i + 1) % len(teams)]
        game = rs.new_game(home, away, SeededDice(i), {}, narrate=False)
        log: list[list[str]] = []
        drive(game, make_coaches(rs, coach, i), log)
        plays += len(game.plays)
        decisions += len(log)
    elapsed = time.perf_counter() - start
    rate = games / elapsed
    print(f"{RULES} {coach:9s} {games} games in {elapsed:.2f} s: {rate:.1f} games/s/core "
          f"({plays / games:.0f} plays, {decisions / games:.0f} decisions per game)")
    return rate


def main() -> None:
    import scrimmage.rules  # noqa: F401

    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=1000)
    args = ap.parse_args()
    for coach in ("solitaire", "random"):
        bench(coach, args.games)


if __name__ == "__main__":
    main()
