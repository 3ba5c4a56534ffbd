"""Throughput, speed-up and memory of `scrimmage study` on worker processes (issue 19).

    python benchmarks/study.py                       # a million legends-pro games: hours
    python benchmarks/study.py --games 20000 --speedup-games 20000 \\
        --memory-games 2000 20000 --out benchmarks/results/study.md

Every run goes through the real command line (`scrimmage study --json`) in a child process.
The machine may be shared, so besides wall-clock rates the table gives CPU seconds (user+sys)
of the main process and of the workers, read from /proc while the run goes (Linux; a worker's
last fraction of a second may be missed), and the peak resident memory (VmHWM) of each.
`games/s/core` is the wall-clock rate divided by the workers. The chunk costs (games per
chunk, CPU per chunk, bytes a worker sends back) feed docs/clusters.md.
"""

from __future__ import annotations

import argparse
import json
import os
import pickle
import sys
import time
from pathlib import Path

from proc_usage import Usage, run_sampled

RULES = "legends-pro"


def run_study(games: int, workers: int, seed: int = 1) -> tuple[Usage, dict[str, object]]:
    cmd = [sys.executable, "-m", "scrimmage.cli", "study", "--rules", RULES, "-n", str(games),
           "--seed", str(seed), "--workers", str(workers), "--json"]
    usage, done = run_sampled(cmd)
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(cmd)} failed ({done.returncode})")
    return usage, json.loads(done.stdout)


def chunk_costs() -> list[str]:
    """A chunk as a cluster sees it: its games, the CPU it takes, the bytes it sends back."""
    from scrimmage.core.ruleset import find_ruleset
    from scrimmage.export.series import RecordedSeries, SeriesPlan, chunk_size

    series = RecordedSeries(RULES, *find_ruleset(RULES).default_teams(), seed=1)
    rows = []
    for label, games_table, size in (("totals only", False, chunk_size(10**6)),
                                     ("with --games-out", True, chunk_size(10**6))):
        plan = SeriesPlan(RULES, series.first.home_team, series.first.away_team, 1, "solitaire",
                          {}, 7, games_table=games_table)
        player = plan.player()
        t = time.process_time()
        chunk = player.chunk((0, size))
        cpu = time.process_time() - t
        rows.append(f"| {label} | {size} | {cpu:.2f} | {len(pickle.dumps(chunk)):,} |")
    plan = SeriesPlan(RULES, series.first.home_team, series.first.away_team, 1, "solitaire", {},
                      7, pbp=True)
    t = time.process_time()
    chunk = plan.player().chunk((0, 25))
    cpu = time.process_time() - t
    rows.append(f"| with --pbp | 25 | {cpu:.2f} | {len(pickle.dumps(chunk)):,} |")
    plan_bytes = len(pickle.dumps(plan))
    return ["| chunk | games | CPU s | bytes back |", "|---|---:|---:|---:|", *rows, "",
            f"The plan (both team sheets and the options) is sent once to each worker: "
            f"{plan_bytes:,} bytes."]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=1_000_000, help="games of the main run")
    ap.add_argument("--speedup-games", type=int, default=20_000,
                    help="games of each run of the 1 -> 2 worker speed-up")
    ap.add_argument("--memory-games", type=int, nargs=2, default=[20_000, 200_000],
                    help="the two sizes whose peak memory is compared")
    ap.add_argument("--out", type=Path, help="write the table (Markdown) here")
    args = ap.parse_args()
    lines = [f"# `scrimmage study` on worker processes ({RULES})", "",
             f"Measured with `python benchmarks/study.py --games {args.games} --speedup-games "
             f"{args.speedup_games} --memory-games {args.memory_games[0]} "
             f"{args.memory_games[1]}` on a machine with {os.cpu_count()} cores "
             "(shared: the CPU seconds are the steadier figures).", "",
             "## Throughput, 2 workers", "",
             "| games | wall s | games/s | games/s/core | CPU s main | CPU s workers | "
             "games per worker CPU s | peak MB main / worker |",
             "|---:|---:|---:|---:|---:|---:|---:|---:|"]
    usage, data = run_study(args.games, 2)
    rate = args.games / usage.wall
    lines.append(f"| {data['games']:,} | {usage.wall:.1f} | {rate:.1f} | {rate / 2:.1f} | "
                 f"{usage.cpu.get(usage.main, 0):.1f} | {usage.workers_cpu():.1f} | "
                 f"{args.games / max(usage.workers_cpu(), 1e-9):.1f} | "
                 f"{usage.rss.get(usage.main, 0):.0f} / {usage.worker_rss():.0f} |")
    print(lines[-1], flush=True)
    lines += ["", f"## Speed-up, 1 -> 2 workers ({args.speedup_games:,} games each)", "",
              "| workers | wall s | games/s | CPU s (all processes) | same JSON |",
              "|---:|---:|---:|---:|---|"]
    runs = [run_study(args.speedup_games, w) for w in (1, 2)]
    for w, (u, d) in zip((1, 2), runs, strict=True):
        lines.append(f"| {w} | {u.wall:.1f} | {args.speedup_games / u.wall:.1f} | "
                     f"{sum(u.cpu.values()):.1f} | {d == runs[0][1]} |")
        print(lines[-1], flush=True)
    lines.append("")
    lines.append(f"Speed-up (wall): {runs[0][0].wall / runs[1][0].wall:.2f}x; CPU of the "
                 f"2-worker run over the 1-worker run: "
                 f"{sum(runs[1][0].cpu.values()) / sum(runs[0][0].cpu.values()):.2f} "
                 "(the overhead of sharing the work).")
    lines += ["", "## Peak memory (2 workers)", "",
              "| games | main MB | largest worker MB |", "|---:|---:|---:|"]
    for games in args.memory_games:
        u, _ = run_study(games, 2)
        lines.append(f"| {games:,} | {u.rss.get(u.main, 0):.0f} | {u.worker_rss():.0f} |")
        print(lines[-1], flush=True)
    lines += ["", "## What a chunk costs (for sizing a cluster, docs/clusters.md)", "",
              *chunk_costs()]
    text = "\n".join(lines) + "\n"
    if args.out:
        args.out.write_text(text, encoding="utf-8")
    print(text)


if __name__ == "__main__":
    main()
