"""Questions a person is asked per snap at the defaults (issue 15's measure), for every ruleset.

    python benchmarks/questions.py [--games N]

A scripted person coaches the home side against the solitaire coach: half the time it takes
the assistant's suggestion, otherwise a legal option drawn from its own dice. The figure is
the questions it was asked divided by the plays in the play-by-play (kickoffs, punts and tries
count as plays, as a table counts them).
"""

from __future__ import annotations

import argparse
from collections import Counter

import scrimmage
from scrimmage.api import new_game
from scrimmage.core.dice import SeededDice
from scrimmage.core.field import Side
from scrimmage.core.ruleset import find_ruleset
from scrimmage.seat.table import Pending, SeatSpec, Table


class Person:
    """Takes the assistant's suggestion half the time, else any legal option."""

    def __init__(self, seed: int, kinds: Counter[str]) -> None:
        self.dice = SeededDice(seed)
        self.kinds = kinds

    def __call__(self, p: Pending) -> str:
        self.kinds[p.decision.kind.value] += 1
        if self.dice.roll(2) == 1:
            return p.suggestion
        return p.decision.options[self.dice.roll(len(p.decision.options)) - 1]


def measure(rules: str, games: int) -> tuple[float, Counter[str]]:
    home, away = find_ruleset(rules).default_teams()
    asked = plays = 0
    kinds: Counter[str] = Counter()
    for seed in range(1, games + 1):
        _, record = new_game(rules, home, away, seed=seed)
        table = Table(record, {Side.HOME: SeatSpec.person(),
                               Side.AWAY: SeatSpec.computer("solitaire")})
        table.play_out(Person(seed, kinds))
        asked += sum(1 for d in table.record.decisions if len(d) == 4 and d[3] == "person")
        plays += len(table.game.plays)
    return asked / plays, kinds


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=10)
    args = ap.parse_args()
    print("| ruleset | questions a snap | what was asked |")
    print("|---|---|---|")
    for rules in scrimmage.rulesets():
        rate, kinds = measure(rules, args.games)
        what = ", ".join(f"{k} {n}" for k, n in kinds.most_common())
        print(f"| {rules} | {rate:.2f} | {what} |")


if __name__ == "__main__":
    main()
