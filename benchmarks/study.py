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
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

RULES = "legends-pro"
CLK = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100


@dataclass
class Usage:
    """What a run cost: wall seconds, and per process its CPU seconds and peak RSS (MB)."""

    wall: float = 0.0
    cpu: dict[int, float] = field(default_factory=dict)
    rss: dict[int, float] = field(default_factory=dict)
    main: int = 0

    def workers_cpu(self) -> float:
        return sum(v for pid, v in self.cpu.items() if pid != self.main)

    def worker_rss(self) -> float:
        return max((v for pid, v in self.rss.items() if pid != self.main), default=0.0)


def _tree(pid: int) -> set[int]:
    parents: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                parents[int(entry.name)] = int(
                    (entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue
    found, frontier = {pid}, {pid}
    while frontier:
        frontier = {c for c, p in parents.items() if p in frontier} - found
        found |= frontier
    return found


def _sample(pid: int, usage: Usage) -> None:
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return
    usage.cpu[pid] = (int(fields[11]) + int(fields[12])) / CLK
    for line in status.splitlines():
        if line.startswith("VmHWM:"):
            usage.rss[pid] = max(usage.rss.get(pid, 0.0), int(line.split()[1]) / 1024)


def run_study(games: int, workers: int, seed: int = 1) -> tuple[Usage, dict[str, object]]:
    cmd = [sys.executable, "-m", "scrimmage.cli", "study", "--rules", RULES, "-n", str(games),
           "--seed", str(seed), "--workers", str(workers), "--json"]
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, text=True)
    usage = Usage(main=proc.pid)
    while proc.poll() is None:
        for pid in _tree(proc.pid):
            _sample(pid, usage)
        time.sleep(0.25)
    stdout = proc.stdout.read() if proc.stdout else ""
    usage.wall = time.perf_counter() - start
    if proc.returncode != 0:
        raise SystemExit(f"{' '.join(cmd)} failed ({proc.returncode})")
    return usage, json.loads(stdout)


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
             "games per worker CPU s |", "|---:|---:|---:|---:|---:|---:|---:|"]
    usage, data = run_study(args.games, 2)
    rate = args.games / usage.wall
    lines.append(f"| {data['games']:,} | {usage.wall:.1f} | {rate:.1f} | {rate / 2:.1f} | "
                 f"{usage.cpu.get(usage.main, 0):.1f} | {usage.workers_cpu():.1f} | "
                 f"{args.games / max(usage.workers_cpu(), 1e-9):.1f} |")
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
