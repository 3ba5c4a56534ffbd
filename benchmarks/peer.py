"""Scrimmage against its nearest open-source peer, the Python Paydirt engine `rtulloh/paydirt`:
the CPU time of whole processes that each play 200 computer-against-computer games.

    python benchmarks/peer.py [--games 200] [--rounds 3] [--peer-dir DIR] [--peer-git GIT]
                              [--scrimmage CMD | --python PY] [--peer-loop auto|week]

What it runs, each as its own process, one after the other:

- the peer: a small driver script (below, `DRIVER`) that imports the peer's package and calls
  its CPU-against-CPU game, `paydirt.auto_game.run_auto_game(away, home)` (what
  `python -m paydirt --auto 2026/Ironclads 2026/Thunderhawks` runs), `--games` times in one
  process. The game loop is the peer's, untouched; only its printing is taken out: the driver
  replaces the built-in `print` with a function that does nothing (and stdout goes to
  /dev/null). `--peer-print` keeps the print calls, writing to /dev/null. `--peer-loop week`
  drives the peer's quieter season-simulation loop instead,
  `paydirt.simulate_week.simulate_game(home_chart, away_chart)` (no clock management, no
  penalty choices), loading the two team charts before each game as `simulate_week` does. At
  the peer's commit a36c989 that loop never clears an untimed down, so about a quarter of its
  games run on at 0:00 to its 500-play limit: the figures say so, and are not a fair comparison.
- scrimmage: `scrimmage sim --rules legends-pro --games 200 --workers 1` (output to /dev/null),
  the console script beside the interpreter running this file unless `--scrimmage CMD` (a
  command line, e.g. "/other/venv/bin/scrimmage" or "/other/venv/bin/python -m scrimmage.cli")
  or `--python PY` (short for "PY -m scrimmage.cli") names another build.

A round runs the peer's games and then scrimmage's (alternating), then a 1-game run of each
(the start-up: the interpreter, the imports, loading the teams, one game). `--rounds` rounds
(default 3). For each run it takes the CPU seconds of the child process (user + system, from
`getrusage(RUSAGE_CHILDREN)` before and after) and the wall-clock seconds. CPU time is the
figure to compare on a busy machine: the wall clock also counts the time other processes hold
the cores. The table gives each round's CPU seconds, the milliseconds a game (the whole
process divided by the games), the ratio scrimmage / peer (above 1: scrimmage is slower) and,
from the 1-game runs, the cost of a game without the start-up: (CPU of N games - CPU of 1
game) / (N - 1).

Before the rounds, one unmeasured 1-game run of each compiles the modules' bytecode (into a
temporary PYTHONPYCACHEPREFIX, so nothing is written beside the sources; PYTHONDONTWRITEBYTECODE
is taken out of the children's environment) and warms the file cache. After the rounds, one
more unmeasured run of each counts the plays and the points a game: the peer's plays are its
loop's calls of `run_play_with_penalty_procedure` (every snap, punts and field goals included,
kickoffs and tries not); scrimmage's are `plays_offense` + `punts` + `fga` of `sim --json`.

The peer's code stays outside this repository: it is extracted from a git mirror
(`--peer-git`, default /work/.mirror/rtulloh+paydirt/repo; `--peer-rev`, default HEAD) into a
temporary directory, or into `--peer-dir` (reused as it is when it already holds `paydirt/`).
It needs PyYAML in the interpreter running the driver (`--peer-python`, default this one).
"""

from __future__ import annotations

import argparse
import io
import json
import os
import platform
import resource
import shlex
import shutil
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

DEFAULT_PEER_GIT = Path("/work/.mirror/rtulloh+paydirt/repo")
COMMIT_FILE = "PEER_COMMIT"

DRIVER = r'''
import builtins, json, random, sys

mode, games, seed, away, home, keep_print = sys.argv[1:7]
games, seed = int(games), int(seed)
if keep_print != "print":
    builtins.print = lambda *args, **kwargs: None   # the peer's printing, and nothing else, removed
random.seed(seed)
plays, engines = [0], []
if mode.endswith("-count"):                         # an unmeasured run: count plays and points
    from paydirt.game_engine import PaydirtGameEngine
    init, run_play = PaydirtGameEngine.__init__, PaydirtGameEngine.run_play_with_penalty_procedure
    single = PaydirtGameEngine.run_play

    def counted_init(self, *args, **kwargs):
        engines.append(self)
        init(self, *args, **kwargs)

    def counted_play(self, *args, **kwargs):
        plays[0] += 1
        return run_play(self, *args, **kwargs)

    def counted_single(self, *args, **kwargs):
        plays[0] += 1
        return single(self, *args, **kwargs)

    PaydirtGameEngine.__init__ = counted_init
    if mode.startswith("auto"):
        PaydirtGameEngine.run_play_with_penalty_procedure = counted_play
    else:
        PaydirtGameEngine.run_play = counted_single
if mode.startswith("auto"):
    from paydirt.auto_game import run_auto_game
    for _ in range(games):
        run_auto_game(away, home)
else:
    from paydirt.auto_game import resolve_team_path
    from paydirt.chart_loader import find_team_charts, load_team_chart
    from paydirt.packaging import get_seasons_path
    from paydirt.simulate_week import simulate_game
    seasons = str(get_seasons_path())
    charts = find_team_charts(seasons)
    away_path, home_path = (resolve_team_path(t, charts, seasons) for t in (away, home))
    for _ in range(games):
        simulate_game(load_team_chart(home_path), load_team_chart(away_path))
if mode.endswith("-count"):
    points = sum(e.state.home_score + e.state.away_score for e in engines)
    over = sum(bool(e.state.game_over) for e in engines)
    sys.stderr.write(json.dumps({"games": len(engines), "over": over, "plays": plays[0], "points": points}))
'''
"""The peer's driver, run as `python -c DRIVER MODE GAMES SEED AWAY HOME print|quiet` in the
directory holding the peer's `paydirt` package (MODE: auto, week, auto-count, week-count)."""


@dataclass
class Run:
    """One measured process."""

    cpu: float
    wall: float


def run(argv: list[str], cwd: Path, env: dict[str, str], keep_stdout: bool = False) -> tuple[Run, str, str]:
    """Run `argv` to its end (stdout to /dev/null unless `keep_stdout`): its CPU and wall seconds,
    its stdout and its stderr."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    stdout = subprocess.PIPE if keep_stdout else subprocess.DEVNULL
    done = subprocess.run(argv, cwd=cwd, env=env, stdout=stdout, stderr=subprocess.PIPE, check=False)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    out = (done.stdout or b"").decode(errors="replace")
    err = done.stderr.decode(errors="replace")
    if done.returncode != 0:
        raise SystemExit(f"{shlex.join(argv)}: exit code {done.returncode}\n{err}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return Run(cpu, wall), out, err


def peer_tree(peer_dir: Path | None, peer_git: Path, rev: str, tmp: Path) -> tuple[Path, str]:
    """The directory holding the peer's `paydirt` package, extracted from its git mirror unless
    `peer_dir` already holds it; and the peer's commit."""
    target = peer_dir or tmp / "paydirt"
    if (target / "paydirt" / "auto_game.py").is_file():
        marker = target / COMMIT_FILE
        return target, marker.read_text().strip() if marker.is_file() else "unknown (reused copy)"
    commit = subprocess.run(["git", "-C", str(peer_git), "rev-parse", f"{rev}^{{commit}}"], check=True,
                            capture_output=True, text=True).stdout.strip()
    archive = subprocess.run(["git", "-C", str(peer_git), "archive", "--format=tar", commit], check=True,
                             capture_output=True).stdout
    target.mkdir(parents=True, exist_ok=True)
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        tar.extractall(target, filter="data")
    (target / COMMIT_FILE).write_text(commit + "\n")
    return target, commit


def scrimmage_command(args: argparse.Namespace) -> list[str]:
    """The command line that starts the scrimmage build to time."""
    if args.python:
        return [args.python, "-m", "scrimmage.cli"]
    if args.scrimmage:
        return shlex.split(args.scrimmage)
    beside = Path(sys.executable).parent / "scrimmage"
    found = str(beside) if beside.is_file() else shutil.which("scrimmage")
    if found is None:
        raise SystemExit("no `scrimmage` command beside this interpreter or on the PATH: "
                         "give --scrimmage or --python")
    return [found]


def ms(cpu: float, games: int) -> float:
    return 1000 * cpu / games


def main() -> None:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--games", type=int, default=200, help="games a measured process plays")
    ap.add_argument("--rounds", type=int, default=3, help="rounds (each: peer, scrimmage, 1-game runs)")
    ap.add_argument("--seed", type=int, default=1, help="seed of both (the peer: random.seed)")
    ap.add_argument("--peer-git", type=Path, default=DEFAULT_PEER_GIT, help="the peer's git mirror")
    ap.add_argument("--peer-rev", default="HEAD", help="the peer's revision to extract")
    ap.add_argument("--peer-dir", type=Path,
                    help="extract the peer here, or reuse the copy already here")
    ap.add_argument("--peer-python", default=sys.executable, help="the interpreter of the peer")
    ap.add_argument("--peer-loop", choices=["auto", "week"], default="auto",
                    help="auto: paydirt.auto_game.run_auto_game (--auto mode); week: "
                         "paydirt.simulate_week.simulate_game")
    ap.add_argument("--peer-away", default="2026/Ironclads")
    ap.add_argument("--peer-home", default="2026/Thunderhawks")
    ap.add_argument("--peer-print", action="store_true",
                    help="keep the peer's print calls (their output goes to /dev/null)")
    build = ap.add_mutually_exclusive_group()
    build.add_argument("--scrimmage", metavar="CMD",
                       help="the scrimmage command line to time (default: the `scrimmage` console "
                            "script beside this interpreter)")
    build.add_argument("--python", metavar="PY", help="time `PY -m scrimmage.cli`")
    ap.add_argument("--rules", default="legends-pro", help="scrimmage's ruleset")
    ap.add_argument("--no-counts", action="store_true", help="skip counting plays and points")
    args = ap.parse_args()
    if args.games < 2:
        ap.error("--games must be at least 2")

    with tempfile.TemporaryDirectory(prefix="peer-bench-") as tmp_name:
        tmp = Path(tmp_name)
        peer_dir, commit = peer_tree(args.peer_dir, args.peer_git, args.peer_rev, tmp)
        env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        env["PYTHONPYCACHEPREFIX"] = str(tmp / "pycache")
        print_mode = "print" if args.peer_print else "quiet"
        away, home = args.peer_away, args.peer_home

        def peer_argv(mode: str, games: int) -> list[str]:
            return [args.peer_python, "-c", DRIVER, mode, str(games), str(args.seed), away, home,
                    print_mode]

        scrim = scrimmage_command(args)

        def scrim_argv(games: int, *extra: str) -> list[str]:
            return [*scrim, "sim", "--rules", args.rules, "--games", str(games), "--workers", "1",
                    "--seed", str(args.seed), *extra]

        def peer(games: int) -> Run:
            return run(peer_argv(args.peer_loop, games), peer_dir, env)[0]

        def scrimmage(games: int) -> Run:
            return run(scrim_argv(games), tmp, env)[0]

        loop = {"auto": f"paydirt.auto_game.run_auto_game({away!r}, {home!r})",
                "week": f"paydirt.simulate_week.simulate_game(load_team_chart({home!r}), "
                        f"load_team_chart({away!r}))"}[args.peer_loop]
        print(f"# {time.strftime('%Y-%m-%d %H:%M:%S %Z')}; {platform.node()}, {os.cpu_count()} cores, "
              f"load {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
        print(f"peer: rtulloh/paydirt {commit} in {peer_dir}, {loop}, "
              f"print {'kept (to /dev/null)' if args.peer_print else 'removed'}; {args.peer_python}")
        print(f"scrimmage: {shlex.join(scrim_argv(args.games))}")
        print(f"{args.games} games a process, {args.rounds} rounds, seed {args.seed}; CPU = user + sys "
              "of the whole process", flush=True)

        peer(1)                                      # compile the bytecode, warm the file cache
        scrimmage(1)
        rows: list[tuple[Run, Run, Run, Run]] = []
        for r in range(1, args.rounds + 1):
            p, s = peer(args.games), scrimmage(args.games)
            p1, s1 = peer(1), scrimmage(1)
            rows.append((p, s, p1, s1))
            print(f"round {r}: peer {p.cpu:.2f} s CPU ({p.wall:.2f} s wall), scrimmage {s.cpu:.2f} s "
                  f"CPU ({s.wall:.2f} s wall), ratio {s.cpu / p.cpu:.3f}; 1 game: peer {p1.cpu:.3f} s, "
                  f"scrimmage {s1.cpu:.3f} s", flush=True)

        n = args.games
        print()
        print("| round | peer CPU s | peer wall s | scrimmage CPU s | scrimmage wall s | peer ms/game "
              "| scrimmage ms/game | scrimmage / peer |")
        print("|---|---|---|---|---|---|---|---|")
        for r, (p, s, _, _) in enumerate(rows, 1):
            print(f"| {r} | {p.cpu:.2f} | {p.wall:.2f} | {s.cpu:.2f} | {s.wall:.2f} | {ms(p.cpu, n):.1f} "
                  f"| {ms(s.cpu, n):.1f} | {s.cpu / p.cpu:.3f} |")
        p_med = statistics.median(row[0].cpu for row in rows)
        s_med = statistics.median(row[1].cpu for row in rows)
        print(f"| median | {p_med:.2f} | {statistics.median(row[0].wall for row in rows):.2f} "
              f"| {s_med:.2f} | {statistics.median(row[1].wall for row in rows):.2f} "
              f"| {ms(p_med, n):.1f} | {ms(s_med, n):.1f} | {s_med / p_med:.3f} |")

        print()
        print("| round | peer 1 game CPU s | scrimmage 1 game CPU s | peer ms/game without start-up "
              "| scrimmage ms/game without start-up | scrimmage / peer |")
        print("|---|---|---|---|---|---|")
        p_net, s_net = [], []
        for r, (p, s, p1, s1) in enumerate(rows, 1):
            pn, sn = ms(p.cpu - p1.cpu, n - 1), ms(s.cpu - s1.cpu, n - 1)
            p_net.append(pn)
            s_net.append(sn)
            print(f"| {r} | {p1.cpu:.3f} | {s1.cpu:.3f} | {pn:.1f} | {sn:.1f} | {sn / pn:.3f} |")
        p1_med = statistics.median(row[2].cpu for row in rows)
        s1_med = statistics.median(row[3].cpu for row in rows)
        pn_med, sn_med = statistics.median(p_net), statistics.median(s_net)
        print(f"| median | {p1_med:.3f} | {s1_med:.3f} | {pn_med:.1f} | {sn_med:.1f} "
              f"| {sn_med / pn_med:.3f} |")
        print()
        print(f"Whole process, {n} games: scrimmage / peer = {s_med / p_med:.3f} (median CPU "
              f"{s_med:.2f} s vs {p_med:.2f} s). Start-up (a 1-game run): {s1_med:.3f} s vs "
              f"{p1_med:.3f} s. Per game without start-up it is {sn_med:.1f} vs {pn_med:.1f} ms "
              f"(scrimmage / peer = {sn_med / pn_med:.3f}).")

        if not args.no_counts:
            _, _, err = run(peer_argv(f"{args.peer_loop}-count", n), peer_dir, env)
            counts = json.loads(err.strip().splitlines()[-1])
            _, out, _ = run(scrim_argv(n, "--json"), tmp, env, keep_stdout=True)
            teams = json.loads(out)["teams"].values()
            s_plays = sum(t["per_game"]["plays_offense"] + t["per_game"]["punts"] + t["per_game"]["fga"]
                          for t in teams)
            s_points = sum(t["per_game"]["points_for"] for t in teams)
            games = counts["games"]
            print(f"Plays a game (snaps, punts and field goals included; kickoffs and tries not): "
                  f"peer {counts['plays'] / games:.1f}, scrimmage {s_plays:.1f}; points a game (both "
                  f"teams): peer {counts['points'] / games:.1f}, scrimmage {s_points:.1f}. "
                  f"Per play without start-up: peer {1000 * pn_med * games / counts['plays']:.0f} us, "
                  f"scrimmage {1000 * sn_med / s_plays:.0f} us.")
            if counts["over"] != games:
                print(f"Warning: {games - counts['over']} of the peer's {games} games stopped before "
                      "the end (its 500-play limit).")


if __name__ == "__main__":
    main()
