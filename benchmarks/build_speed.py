"""Speed of the team-sheet builder (issue 18, "Team sheets in seconds"): a cold CLI run of
`scrimmage build` for one Legends team (aim: 5 s) and for a whole season with `--all` (aim:
2 min on 2 cores). Reports the wall time and the CPU time (user + sys, this process's
children: the CLI and its worker processes), which is what to compare on a loaded machine.

    python benchmarks/build_speed.py [--season 2016] [--team nwe] [--workers 2]
           [--rules legends-pro] [--skip-season]

The league-average calibration of the season comes from the shipped table
(`scrimmage.sheets.real.average_store`); a season outside it is calibrated first and cached.
"""

from __future__ import annotations

import argparse
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def _children_cpu() -> float:
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def timed(cmd: list[str]) -> tuple[float, float]:
    """(wall, cpu) seconds of one command run to its end."""
    cpu, wall = _children_cpu(), time.perf_counter()
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter() - wall, _children_cpu() - cpu


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--rules", default="legends-pro")
    ap.add_argument("--season", type=int, default=2016)
    ap.add_argument("--team", default="nwe")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--skip-season", action="store_true")
    args = ap.parse_args()
    base = [sys.executable, "-m", "scrimmage.cli", "build", "--rules", args.rules,
            "--season", str(args.season), "--workers", str(args.workers)]
    with tempfile.TemporaryDirectory() as tmp:
        wall, cpu = timed([*base, "--team", args.team, "--out", str(Path(tmp) / "one.toml")])
        print(f"one team ({args.season} {args.team}): {wall:.1f} s wall, {cpu:.1f} s CPU")
        if not args.skip_season:
            wall, cpu = timed([*base, "--all", "--out", str(Path(tmp) / "season")])
            n = len(list((Path(tmp) / "season").glob("*.toml")))
            print(f"season {args.season} ({n} sheets, {args.workers} workers): "
                  f"{wall:.1f} s wall, {cpu:.1f} s CPU")


if __name__ == "__main__":
    main()
