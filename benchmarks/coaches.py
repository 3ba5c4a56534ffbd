"""Computer coaches against each other (issue 20): a round robin on the same sheets.

    python benchmarks/coaches.py --games 100 --out benchmarks/results/coaches.md

For every ruleset and every pair of coaches, coach A plays `--games` games at home and the
same number away, on the ruleset's default pair of bundled teams and the same seeds, so the
home bonus and the sheets cancel out. The table gives A's win rate (a tie counts half) with a
Wilson 95% interval, the mean points margin (A minus B) with a 95% interval, and for the
equilibrium coach its decision time per play call and the exploitability of its mixes (what
an opponent who knew the mix would gain by its best reply: 0 at an exact equilibrium).

Decision time is measured for the equilibrium coach's play calls. The first play calls of a
pair of Legends sheets also enumerate its Big Play classes once (kept for the process,
`rules/legends/payoffs.py`, and on disk, `coaches/payoff_cache.py`); that one-time cost is
measured apart, in a fresh process with an empty cache ("cold start"), and in a second fresh
process that reads the first one's cache. The games run on every core (`--workers`).
"""

from __future__ import annotations

import argparse
import math
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

RULESETS = ("legends-pro", "legends-college", "legends-hs", "5d20", "grid", "1st-and-roll")
LEGENDS_PAIRINGS = (("smart", "solitaire"), ("equilibrium", "solitaire"),
                    ("equilibrium", "smart"))
PAIRINGS = {"5d20": (("smart", "solitaire"),)}
"""The pairings of each ruleset (the others: `LEGENDS_PAIRINGS`): 5D20's system calls every
play (D20-12), so it has no equilibrium coach."""


@dataclass
class Tally:
    a_points: list[int] = field(default_factory=list)
    b_points: list[int] = field(default_factory=list)
    call_seconds: list[float] = field(default_factory=list)
    exploitability: list[float] = field(default_factory=list)
    game_seconds: list[float] = field(default_factory=list)
    fourth: dict[str, list[int]] = field(default_factory=dict)
    """Per coach ("a", "b"): fourth downs gone for, punted, kicked at."""

    def add(self, other: Tally) -> None:
        for name in ("a_points", "b_points", "call_seconds", "exploitability", "game_seconds"):
            getattr(self, name).extend(getattr(other, name))
        for who, counts in other.fourth.items():
            mine = self.fourth.setdefault(who, [0, 0, 0])
            for i, n in enumerate(counts):
                mine[i] += n


def _coach(rules: str, kind: str, seed: int) -> Any:
    from scrimmage.core.ruleset import find_ruleset

    return find_ruleset(rules).default_coach(kind, seed)


def play(rules: str, a: str, b: str, a_home: bool, seeds: Sequence[int]) -> Tally:
    """Games with coach A on one side: A's and B's points, and A's equilibrium logs."""
    from scrimmage.api import coach_seed, play_game
    from scrimmage.core.field import Side
    from scrimmage.core.ruleset import find_ruleset

    home, away = find_ruleset(rules).default_teams()
    out = Tally()
    for seed in seeds:
        a_side = Side.HOME if a_home else Side.AWAY
        coaches = {a_side: _coach(rules, a, coach_seed(seed, a_side)),
                   a_side.other: _coach(rules, b, coach_seed(seed, a_side.other))}
        started = time.perf_counter()
        rec = play_game(rules, home, away, seed=seed, coaches=coaches)
        out.game_seconds.append(time.perf_counter() - started)
        a_team, b_team = (home, away) if a_home else (away, home)
        out.a_points.append(rec.final_score[a_team])
        out.b_points.append(rec.final_score[b_team])
        for who, team in (("a", a_team), ("b", b_team)):
            counts = out.fourth.setdefault(who, [0, 0, 0])
            for p in rec.plays:
                if p.get("down") == 4 and p.get("posteam") == team:
                    kind = p.get("play_type")
                    counts[0] += kind in ("run", "pass")
                    counts[1] += kind == "punt"
                    counts[2] += kind == "field_goal"
        for coach in coaches.values():
            log = getattr(coach, "log", None)
            if log is not None:
                out.call_seconds.extend(log.seconds)
                out.exploitability.extend(log.exploitability)
    return out


def cold_start(rules: str) -> float:
    """Seconds for the first play calls of a fresh process (Big Play classes enumerated),
    with an empty payoff cache."""
    if rules in ("1st-and-roll", "grid"):
        return _matrix_cold_start(rules)
    with tempfile.TemporaryDirectory() as folder:
        return _legends_first_calls(rules, folder)


def disk_start(rules: str) -> float:
    """The same in a second fresh process that reads what the first kept on disk
    (`coaches/payoff_cache.py`)."""
    if rules in ("1st-and-roll", "grid"):
        return _matrix_cold_start(rules)
    with tempfile.TemporaryDirectory() as folder:
        _legends_first_calls(rules, folder)
        return _legends_first_calls(rules, folder)


def _legends_first_calls(rules: str, folder: str) -> float:
    code = (
        "import time, pathlib\n"
        "from scrimmage.api import new_game\n"
        "from scrimmage.analytics import tables_for\n"
        "from scrimmage.coaches import payoff_cache\n"
        "from scrimmage.core.ruleset import find_ruleset\n"
        "from scrimmage.coaches.matrix_game import solve\n"
        f"payoff_cache.cache_dir = lambda: pathlib.Path({folder!r})\n"
        f"g, _ = new_game({rules!r}, *find_ruleset({rules!r}).default_teams(), seed=1)\n"
        f"t = tables_for({rules!r}); solve([[0.0, 1.0], [1.0, 0.0]])\n"
        "start = time.perf_counter()\n"
        "for side in (g.s.possession, g.s.possession.other):\n"
        "    g.s.possession = side\n"
        "    solve(payoff_cache.cached_payoffs(g.s, t).values)\n"
        "print(time.perf_counter() - start)\n")
    return _seconds_printed(code)


def _matrix_cold_start(rules: str) -> float:
    """1st & Roll and The Grid keep nothing between calls: the first call of a fresh process
    costs what any call does, plus the first imports and table reads."""
    code = (
        "import time\n"
        "from scrimmage.api import new_game\n"
        "from scrimmage.core.ruleset import find_ruleset\n"
        "from scrimmage.core.decisions import Decision, Kind\n"
        f"g, _ = new_game({rules!r}, *find_ruleset({rules!r}).default_teams(), seed=1)\n"
        f"c = find_ruleset({rules!r}).default_coach('equilibrium', 1)\n"
        "from scrimmage.coaches.matrix_game import solve\n"
        "solve([[0.0, 1.0], [1.0, 0.0]])\n"
        "start = time.perf_counter()\n"
        "c.solved(Decision(Kind.PLAY_CALL, g.s.possession if hasattr(g, 's') else "
        "g.possession, ('x',), '', {'side': 'offense'}), g.view(g.s.possession if "
        "hasattr(g, 's') else g.possession))\n"
        "print(time.perf_counter() - start)\n")
    return _seconds_printed(code)


def _seconds_printed(code: str) -> float:
    """Run `code` in a fresh Python and read the seconds it prints."""
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True)
    return float(done.stdout.strip())


def _per_game(counts: list[int], n: int) -> str:
    return " / ".join(f"{c / n:.2f}" for c in counts)


def pct(values: Sequence[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else float("nan")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=100, help="games per side per pairing")
    ap.add_argument("--rules", nargs="*", default=list(RULESETS))
    ap.add_argument("--workers", type=int, default=0, help="processes (default: every core)")
    ap.add_argument("--chunk", type=int, default=10)
    ap.add_argument("--pairings", nargs="*", metavar="A:B",
                    help="only these pairings (e.g. equilibrium:solitaire), where they apply")
    ap.add_argument("--out", type=Path)
    args = ap.parse_args()
    import os

    from scrimmage.export.series import wilson_interval
    from scrimmage.sim.batch import game_seed

    workers = args.workers or os.cpu_count() or 1
    lines = [
        "# Computer coaches against each other (issue 20)",
        "",
        f"Measured with `python benchmarks/coaches.py --games {args.games}` on "
        f"{os.cpu_count()} cores: each pairing is {args.games} games with coach A at home and "
        f"{args.games} with A away, the same seeds, on each ruleset's default bundled teams.",
        "",
        "| rules | A | B | games | A win rate (ties half) | 95% | mean margin A-B | 95% | "
        "s per game | A's 4th downs: go / punt / FG per game | B's |",
        "|---|---|---|---:|---:|---|---:|---|---:|---|---|",
    ]
    timing = ["", "## The equilibrium coach's play calls", "",
              "| rules | calls | mean ms | 95th pct ms | worst ms | cold start s | "
              "from the disk cache s | exploitability mean | max |",
              "|---|---:|---:|---:|---:|---:|---:|---:|---:|"]
    seeds = [game_seed(2026, i) for i in range(args.games)]
    chunks = [seeds[i:i + args.chunk] for i in range(0, len(seeds), args.chunk)]
    with ProcessPoolExecutor(workers) as pool:
        for rules in args.rules:
            for a, b in PAIRINGS.get(rules, LEGENDS_PAIRINGS):
                if args.pairings and f"{a}:{b}" not in args.pairings:
                    continue
                jobs = [pool.submit(play, rules, a, b, a_home, c)
                        for a_home in (True, False) for c in chunks]
                total = Tally()
                for job in jobs:
                    total.add(job.result())
                n = len(total.a_points)
                wins = sum(1.0 if x > y else 0.5 if x == y else 0.0
                           for x, y in zip(total.a_points, total.b_points, strict=True))
                # A tie counts half a win: the interval of a proportion still applies.
                low, high = wilson_interval(wins, n)  # type: ignore[arg-type]
                margins = [x - y for x, y in zip(total.a_points, total.b_points, strict=True)]
                mean = statistics.fmean(margins)
                half = 1.96 * statistics.stdev(margins) / math.sqrt(n) if n > 1 else float("nan")
                lines.append(f"| {rules} | {a} | {b} | {n} | {wins / n:.3f} | "
                             f"{low:.3f}-{high:.3f} | {mean:+.2f} | {mean - half:+.2f} to "
                             f"{mean + half:+.2f} | {statistics.fmean(total.game_seconds):.2f} | "
                             f"{_per_game(total.fourth['a'], n)} | {_per_game(total.fourth['b'], n)} |")
                print(lines[-1], flush=True)
                if total.call_seconds:
                    cs = total.call_seconds
                    timing.append(
                        f"| {rules} | {len(cs)} | {1000 * statistics.fmean(cs):.1f} | "
                        f"{1000 * pct(cs, 0.95):.1f} | {1000 * max(cs):.0f} | "
                        f"{cold_start(rules):.1f} | {disk_start(rules):.2f} | "
                        f"{statistics.fmean(total.exploitability):.2e} | "
                        f"{max(total.exploitability):.2e} |")
                    print(timing[-1], flush=True)
    text = "\n".join(lines + timing) + "\n"
    if args.out:
        args.out.write_text(text)
    print(text)


if __name__ == "__main__":
    main()
