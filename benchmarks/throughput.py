"""Full games per second on one core, with play records on (issues #2 and #19).

    python benchmarks/throughput.py [--games N] [--rules legends-pro|all] [--coach solitaire] [--series]

Prints games/s for each ruleset and coach (`--coach both`: the solitaire and the random
coaches). One process, so the figure is per core. The CPU-time figure is the one to compare
on a busy machine; the wall-clock one is printed beside it. Every ruleset runs the same loop:
game i pairs team i with team i + 1 of the bundled list and has the seed i.

To compare two versions of the engine side by side, run this same file against each source
tree in turn, alternating (benchmarks/results/throughput.md):

    PYTHONPATH=/path/to/other/src python benchmarks/throughput.py --rules all
"""

from __future__ import annotations

import argparse
import time

from scrimmage.api import make_coaches
from scrimmage.core.dice import SeededDice
from scrimmage.core.driver import drive
from scrimmage.core.ruleset import find_ruleset

RULESETS = ("legends-hs", "legends-college", "legends-pro", "grid", "5d20", "1st-and-roll")
COACHES = ("solitaire", "random")


def bench(rules: str, coach: str, games: int) -> float:
    """Play `games` games; print and return games per CPU second."""
    rs = find_ruleset(rules)
    names = rs.team_names()
    teams = [rs.load_team(rs.team_data(n), n) for n in names]
    plays = 0
    start = time.perf_counter()
    cpu = time.process_time()
    for i in range(games):
        home, away = teams[i % len(teams)], teams[(i + 1) % len(teams)]
        game = rs.new_game(home, away, SeededDice(i), {}, narrate=False)
        drive(game, make_coaches(rs, coach, i), None)   # batch: nobody reads the answers
        plays += len(game.plays)
    elapsed = time.perf_counter() - start
    cpu = time.process_time() - cpu
    rate = games / cpu
    print(f"{rules:15s} {coach:9s} {games} games in {cpu:.2f} s CPU: {rate:.1f} games/s/core "
          f"(wall clock: {games / elapsed:.1f} games/s; {plays / games:.0f} plays per game)",
          flush=True)
    return rate


def bench_series(rules: str, games: int) -> float:
    """Play `games` games of the ruleset's first two teams through `run_series` (the path of
    `sim`, `study`, the builder and fidelity: its batch settings included); games per CPU s."""
    from scrimmage.sim.batch import run_series

    rs = find_ruleset(rules)
    names = rs.team_names()
    cpu = time.process_time()
    run_series(rules, rs.team_data(names[0]), rs.team_data(names[1]), games, 5)
    rate = games / max(1e-9, time.process_time() - cpu)
    print(f"{rules:15s} series    {games} games: {rate:.1f} games/s/core", flush=True)
    return rate


def main() -> None:
    import scrimmage.rules  # noqa: F401

    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=500)
    ap.add_argument("--rules", default="legends-hs", help="a ruleset, or all")
    ap.add_argument("--coach", default="both", choices=(*COACHES, "both"))
    ap.add_argument("--series", action="store_true",
                    help="play through run_series (solitaire coaches, the first two teams)")
    args = ap.parse_args()
    rulesets = RULESETS if args.rules == "all" else (args.rules,)
    if args.series:
        for rules in rulesets:
            bench_series(rules, args.games)
        return
    coaches = COACHES if args.coach == "both" else (args.coach,)
    for rules in rulesets:
        for coach in coaches:
            bench(rules, coach, args.games)


if __name__ == "__main__":
    main()
