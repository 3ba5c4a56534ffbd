"""Start-up cost of the `scrimmage` command: CPU seconds of whole processes (issue 36).

    python benchmarks/startup.py [--runs N] [--script PATH] [--only NAME ...]

Runs each command N times (default 11) as its own process and prints the median CPU time
(user + system, from `getrusage(RUSAGE_CHILDREN)` around each run) with the fastest and the
slowest run, and the median wall-clock time beside it. CPU time is the figure to compare on
a busy machine: the wall clock counts the time other processes hold the cores.

The commands run through the interpreter running this file (`python -m scrimmage.cli ...`)
and, with --script, through the installed console script (`scrimmage`, a file that imports
`scrimmage.cli` and calls `main`), so the figures cover the whole process: the interpreter's
own start, every import, the command. The goal of issue 36 is at most 0.25 s for `--help`
and `sim --games 1`.

Bytecode: an installed package has its modules compiled (`pip install` writes the `.pyc`
files), so the runs here may write and use them too: PYTHONDONTWRITEBYTECODE is taken out of
their environment and a first, unmeasured run of each command compiles what it imports. With
PYTHONDONTWRITEBYTECODE set and no `.pyc` beside the sources (a fresh checkout), every module
of the package imported is compiled again at every run: about 2.5 ms of CPU a module.

To compare two source trees, run this file against each in turn:

    PYTHONPATH=/path/to/other/src python benchmarks/startup.py
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import time

COMMANDS: dict[str, list[str]] = {
    "help": ["--help"],
    "sim": ["sim", "--games", "1"],
    "play-help": ["play", "--help"],
    "sim-help": ["sim", "--help"],
    "rulesets": ["rulesets"],
    "league-help": ["league", "--help"],
}
"""The commands measured, by the name --only takes; `help` and `sim` are issue 36's goals."""


def cpu_of(argv: list[str], env: dict[str, str]) -> tuple[float, float]:
    """Run `argv` once (output discarded); its CPU seconds (user + system) and wall seconds."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, check=False,
                          env=env)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(argv)}: exit code {done.returncode}\n"
                         f"{done.stderr.decode(errors='replace')}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return cpu, wall


def measure(label: str, argv: list[str], runs: int, env: dict[str, str]) -> float:
    """Print and return the median CPU seconds of `runs` runs of `argv`."""
    cpu_of(argv, env)                # one run to compile the modules and warm the file cache
    cpus, walls = zip(*(cpu_of(argv, env) for _ in range(runs)), strict=True)
    median = statistics.median(cpus)
    print(f"{label:40s} CPU median {median:.3f} s (min {min(cpus):.3f}, max {max(cpus):.3f}); "
          f"wall median {statistics.median(walls):.3f} s", flush=True)
    return median


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=11, help="runs of each command")
    parser.add_argument("--script", default=shutil.which("scrimmage"),
                        help="the console script (default: `scrimmage` on the PATH); "
                             "'none' to skip it")
    parser.add_argument("--only", nargs="*", choices=sorted(COMMANDS),
                        help="these commands only (default: all)")
    args = parser.parse_args()
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env_path = env.get("PYTHONPATH", "")
    print(f"python {sys.version.split()[0]} ({sys.executable}); PYTHONPATH={env_path or '-'}; "
          f"{args.runs} runs each; bytecode cached", flush=True)
    measure("python -c pass (the interpreter)", [sys.executable, "-c", "pass"], args.runs, env)
    names = args.only or list(COMMANDS)
    for name in names:
        measure(f"python -m scrimmage.cli {' '.join(COMMANDS[name])}",
                [sys.executable, "-m", "scrimmage.cli", *COMMANDS[name]], args.runs, env)
    if args.script and args.script != "none":
        for name in names:
            measure(f"scrimmage {' '.join(COMMANDS[name])}", [args.script, *COMMANDS[name]],
                    args.runs, env)


if __name__ == "__main__":
    main()
