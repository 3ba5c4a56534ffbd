"""Soak: many random-coach games per ruleset, each checked against the play-record invariants.

    python benchmarks/soak.py [--games N] [--workers W] [--rules NAME ...] [--first-seed S]

Plays N games per ruleset (default 100,000), seeds S..S+N-1, with the random coach on both
sides (every legal answer equally likely, so the games reach corners no sensible coach would),
across W worker processes. Every game goes through the checks of tests/invariants.py. Prints,
per ruleset: the games, the crashes (exceptions, with the first seeds), the invariant breaks by
check (games broken, with the first seeds and the first failing play), and games per second.

A seed replays on its own:
    scrimmage.play_game(rules, *invariants.pairing(rules, seed), seed=seed, coaches="random")
"""

from __future__ import annotations

import argparse
import os
import sys
import time
import traceback
from collections import Counter
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

import invariants
from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Table

import scrimmage

FIRST_SEEDS = 5
"""How many seeds each crash or broken check lists."""
CHUNK = 250
"""Games per task handed to a worker (small enough for a smooth progress bar)."""


@dataclass
class Tally:
    """What a stretch of games found: merged from the workers' chunks."""

    games: int = 0
    seconds: float = 0.0
    crashes: int = 0
    crash_seeds: list[tuple[int, str]] = field(default_factory=list)
    broken: Counter[str] = field(default_factory=Counter)
    """Games in which each check broke at least once."""
    breaks: Counter[str] = field(default_factory=Counter)
    """Every break, by check."""
    first: dict[str, list[tuple[int, str]]] = field(default_factory=dict)
    """The first seeds of each check, each with its first failing play."""

    def merge(self, other: Tally) -> None:
        self.games += other.games
        self.seconds += other.seconds
        self.crashes += other.crashes
        self.crash_seeds = sorted(self.crash_seeds + other.crash_seeds)[:FIRST_SEEDS]
        self.broken.update(other.broken)
        self.breaks.update(other.breaks)
        for check, seeds in other.first.items():
            self.first[check] = sorted(self.first.get(check, []) + seeds)[:FIRST_SEEDS]


def soak_chunk(rules: str, first_seed: int, games: int) -> Tally:
    """Play and check games `first_seed` .. `first_seed + games - 1` (in a worker)."""
    t = Tally()
    start = time.perf_counter()
    for seed in range(first_seed, first_seed + games):
        t.games += 1
        try:
            record = invariants.random_game(rules, seed)
            found = invariants.check_game(record)
        except Exception as exc:
            t.crashes += 1
            if len(t.crash_seeds) < FIRST_SEEDS:
                where = traceback.extract_tb(exc.__traceback__)[-1]
                t.crash_seeds.append((seed, f"{type(exc).__name__}: {exc} "
                                            f"({Path(where.filename).name}:{where.lineno})"))
            continue
        for check in sorted({b.check for b in found}):
            t.broken[check] += 1
            seeds = t.first.setdefault(check, [])
            if len(seeds) < FIRST_SEEDS:
                seeds.append((seed, str(next(b for b in found if b.check == check))))
        t.breaks.update(b.check for b in found)
    t.seconds = time.perf_counter() - start
    return t


def soak(rules: str, games: int, first_seed: int, pool: ProcessPoolExecutor, bar: Progress,
         workers: int) -> tuple[Tally, float]:
    task = bar.add_task(rules, total=games)
    total = Tally()
    pending: set[Future[Tally]] = set()
    chunks = [(s, min(CHUNK, first_seed + games - s))
              for s in range(first_seed, first_seed + games, CHUNK)]
    chunks.reverse()
    start = time.perf_counter()
    while chunks or pending:
        while chunks and len(pending) < 2 * workers:
            s, n = chunks.pop()
            pending.add(pool.submit(soak_chunk, rules, s, n))
        done, pending = wait(pending, return_when=FIRST_COMPLETED)
        for f in done:
            part = f.result()
            total.merge(part)
            bar.update(task, advance=part.games)
    return total, time.perf_counter() - start


def report(console: Console, rules: str, t: Tally, wall: float) -> None:
    rate = t.games / wall if wall else 0.0
    per_core = t.games / t.seconds if t.seconds else 0.0
    table = Table(title=f"{rules}: {t.games} games, {rate:.1f} games/s "
                        f"({per_core:.1f} per worker)", title_justify="left",
                  show_lines=False)
    table.add_column("check")
    table.add_column("games", justify="right")
    table.add_column("breaks", justify="right")
    table.add_column("first seeds: first failing play", overflow="fold")
    table.add_row("crashes", str(t.crashes), str(t.crashes),
                  "\n".join(f"{s}: {what}" for s, what in t.crash_seeds))
    for check in invariants.checks_for(rules):
        seeds = t.first.get(check, [])
        table.add_row(check, str(t.broken[check]), str(t.breaks[check]),
                      "\n".join(f"{s}: {what}" for s, what in seeds))
    console.print(table)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=100_000, help="games per ruleset")
    ap.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--rules", action="append", choices=scrimmage.rulesets(),
                    help="a ruleset to soak (repeatable; default: every ruleset)")
    ap.add_argument("--first-seed", type=int, default=0)
    args = ap.parse_args()
    names = args.rules or scrimmage.rulesets()
    console = Console()
    columns = (TextColumn("{task.description:>16}"), BarColumn(), MofNCompleteColumn(),
               TimeElapsedColumn(), TimeRemainingColumn())
    results = []
    with ProcessPoolExecutor(max_workers=args.workers) as pool, \
            Progress(*columns, console=console) as bar:
        for rules in names:
            results.append((rules, *soak(rules, args.games, args.first_seed, pool, bar,
                                         args.workers)))
            report(console, *results[-1])       # each ruleset's figures as soon as it ends
    broken = sum(t.crashes + sum(t.broken.values()) for _, t, _ in results)
    console.print(f"{len(results)} rulesets, {sum(t.games for _, t, _ in results)} games, "
                  f"{broken} broken (crashed games plus broken checks per game)")


if __name__ == "__main__":
    main()
