"""What a person's answer costs now that a game stops at a person's question (issue 36).

    python benchmarks/person_answers.py [--rules legends-pro] [--games 3] [--ask calls|all]

A game stops where a person must answer and is played again from its record once the answer
comes (`seat.table.Table`, DESIGN.md "The game driver"). This plays whole games with the home
seat a person who takes the assistant's suggestion every time, and prints the CPU time per
answer (the replay up to that answer included) beside the time of the same game in batch.
"""

from __future__ import annotations

import argparse
import time

from scrimmage.api import new_game, play_game
from scrimmage.core.field import Side
from scrimmage.seat.policy import AskPolicy
from scrimmage.seat.table import SeatSpec, Table


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--rules", default="legends-pro")
    ap.add_argument("--games", type=int, default=3)
    ap.add_argument("--ask", default="calls", choices=("calls", "all"))
    args = ap.parse_args()
    from scrimmage.core.ruleset import find_ruleset

    names = find_ruleset(args.rules).team_names()
    answers = 0
    table_cpu = batch_cpu = 0.0
    worst = 0.0
    for seed in range(args.games):
        home, away = names[seed % len(names)], names[(seed + 1) % len(names)]
        start = time.process_time()
        play_game(args.rules, home, away, seed=seed)
        batch_cpu += time.process_time() - start
        _, record = new_game(args.rules, home, away, seed=seed)
        start = time.process_time()
        table = Table(record, {Side.HOME: SeatSpec.person(AskPolicy.parse(args.ask)),
                               Side.AWAY: SeatSpec.computer("solitaire")})
        while True:
            t0 = time.process_time()
            pending = table.advance()
            worst = max(worst, time.process_time() - t0)
            if pending is None:
                break
            table.answer(pending.suggestion)
            answers += 1
        table_cpu += time.process_time() - start
    print(f"{args.rules}: {args.games} games, {answers} person answers ({args.ask}); "
          f"a batch game {1000 * batch_cpu / args.games:.1f} ms CPU; "
          f"a person's game {1000 * table_cpu / args.games:.0f} ms CPU, "
          f"{1000 * table_cpu / max(1, answers):.2f} ms per answer (worst {1000 * worst:.1f} ms)")


if __name__ == "__main__":
    main()
