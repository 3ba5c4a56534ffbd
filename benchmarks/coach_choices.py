"""How long a computer coach takes to answer, choice by choice (issue 36: the web's budget).

    python benchmarks/coach_choices.py [--games 4] [--rules legends-pro grid ...] [--coach smart ...]

Plays whole games between two coaches of the kind named and times every `decide` call of the
home coach with the CPU clock, by kind of question. Prints the count, median, 95th percentile
and worst for each kind, and the first call of the process apart (its warm-up). The goal is a
95th percentile at most 25 ms for every kind of every computed coach.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections import defaultdict
from typing import Any

from scrimmage.api import make_coaches, new_game
from scrimmage.core.decisions import Decision
from scrimmage.core.driver import drive
from scrimmage.core.field import Side
from scrimmage.core.ruleset import find_ruleset

RULESETS = ("legends-pro", "grid", "5d20", "1st-and-roll")
COACHES = ("smart", "equilibrium")


class Timed:
    """Times the calls of one coach, by kind of question."""

    def __init__(self, coach: Any, times: dict[str, list[float]], first: list[float]) -> None:
        self.coach, self.times, self.first = coach, times, first
        self.lets_pass = getattr(coach, "lets_pass", None)
        if hasattr(coach, "sync"):
            self.sync = coach.sync

    def decide(self, decision: Decision, view: Any) -> str:
        start = time.process_time()
        answer = str(self.coach.decide(decision, view))
        spent = 1000 * (time.process_time() - start)
        if not self.first:
            self.first.append(spent)
        else:
            self.times[decision.kind.value].append(spent)
        return answer


def measure(rules: str, coach: str, games: int) -> None:
    rs = find_ruleset(rules)
    if coach not in rs.coaches:
        return
    names = rs.team_names()
    times: dict[str, list[float]] = defaultdict(list)
    first: list[float] = []
    for seed in range(games):
        home, away = names[seed % len(names)], names[(seed + 1) % len(names)]
        game, record = new_game(rules, home, away, seed=seed)
        coaches = make_coaches(rs, coach, seed)
        coaches[Side.HOME] = Timed(coaches[Side.HOME], times, first)  # type: ignore[assignment]
        drive(game, coaches, record.decisions)
    print(f"\n{rules} / {coach}: {games} games, first call {first[0] if first else 0:.0f} ms")
    print(f"  {'kind':16} {'calls':>6} {'median':>8} {'p95':>8} {'worst':>8}  (ms of CPU)")
    worst_p95 = 0.0
    for kind, spent in sorted(times.items()):
        spent.sort()
        p95 = spent[min(len(spent) - 1, int(0.95 * len(spent)))]
        worst_p95 = max(worst_p95, p95)
        print(f"  {kind:16} {len(spent):6d} {statistics.median(spent):8.2f} {p95:8.2f} "
              f"{spent[-1]:8.1f}")
    print(f"  worst 95th percentile: {worst_p95:.1f} ms")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=4)
    ap.add_argument("--rules", action="extend", nargs="+")
    ap.add_argument("--coach", action="extend", nargs="+")
    args = ap.parse_args()
    for rules in args.rules or RULESETS:
        for coach in args.coach or COACHES:
            measure(rules, coach, args.games)


if __name__ == "__main__":
    main()
