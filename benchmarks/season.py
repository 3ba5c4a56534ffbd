"""Season replays against the real seasons (issue 18's "done when").

    python benchmarks/season.py [--seasons 1985 2002 2016] [--replays 100] [--workers 2]
                                [--out benchmarks/results/season.md]

Runs `scrimmage season --rules legends-pro --season Y --replays N --json` for each season as
a user would (a fresh process), times it (wall, and the CPU of the command and its worker
processes), and writes a table: the correlation and root-mean-square error of the simulated
mean wins against the real wins, beside the same two figures for Pythagorean expectation from
the real points. Sheets the package does not ship are built on first use and cached (the time
of a run that built them is marked). Reads nothing from ../shared.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from proc_usage import run_sampled


def replay(season: int, replays: int, workers: int, rules: str) -> tuple[dict[str, Any], float,
                                                                          float, str]:
    usage, done = run_sampled(
        [sys.executable, "-m", "scrimmage.cli", "season", "--rules", rules, "--season",
         str(season), "--replays", str(replays), "--workers", str(workers), "--json"])
    if done.returncode != 0:
        raise SystemExit(f"season {season} failed: {done.stderr.strip()}")
    return json.loads(done.stdout), usage.wall, sum(usage.cpu.values()), done.stderr


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seasons", type=int, nargs="+", default=[1985, 2002, 2016])
    parser.add_argument("--replays", type=int, default=100)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--rules", default="legends-pro")
    parser.add_argument("--out", type=Path, default=None)
    args = parser.parse_args()
    lines = [
        "# Season replays against the real seasons",
        "",
        f"`python benchmarks/season.py"
        f"{'' if args.rules == 'legends-pro' else f' --rules {args.rules}'} "
        f"--seasons {' '.join(map(str, args.seasons))} "
        f"--replays {args.replays} --workers {args.workers}`",
        "",
        f"{args.rules}, {args.replays} replays a season, {args.workers} worker processes. "
        "r = Pearson correlation with the real wins over the season's teams, RMSE in wins; "
        "Pythagorean = from the real points (exponent in the JSON).",
        "",
        "| season | teams | games | wall s | CPU s | sim r | sim RMSE | Pythagorean r "
        "| Pythagorean RMSE |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for season in args.seasons:
        data, wall, cpu, note = replay(season, args.replays, args.workers, args.rules)
        league = data["league"]
        built = " (built sheets)" if "built" in note else ""
        lines.append(
            f"| {season} | {len(data['teams'])} | {data['schedule']['games']} x {args.replays}"
            f" | {wall:.0f}{built} | {cpu:.0f} | {league['wins_correlation']:.3f} "
            f"| {league['wins_rmse']:.2f} | {league['pythagorean_correlation']:.3f} "
            f"| {league['pythagorean_rmse']:.2f} |")
        print(lines[-1], flush=True)
    text = "\n".join(lines) + "\n"
    if args.out is not None:
        args.out.write_text(text, encoding="utf-8")
    else:
        print(text)


if __name__ == "__main__":
    main()
