"""Rebuild the expected-points / win-probability tables by simulation, or check them.

    python -m scrimmage.analytics.epwp --rules legends-pro --games 10000 --seed 1 --workers 2
    python -m scrimmage.analytics.epwp --check --rules legends-pro --games 2000 --seed 2 \\
        --doc docs/ep-wp.md

The fit plays `--games` games of the ruleset's bundled teams (`epwp_data`), fits the tables
(`epwp_fit`) and writes `src/scrimmage/analytics/data/<rules>.csv.gz` (or into `--out`). The
same rules, games and seed give the same file, whatever `--workers`: every game has its own
seed and the chunks are put together in order. `--check` plays held-out games with another
seed and prints (or writes into `--doc`) the reliability tables (`epwp_check`).
No data from outside the package is read: the games are the engine's own.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import TypeVar

import numpy as np
from rich.progress import Progress

from scrimmage.analytics.epwp_check import check_chunk, report, write_section
from scrimmage.analytics.epwp_data import COLUMN, FEATURES, Features, chunk_features
from scrimmage.analytics.epwp_fit import fit_tables
from scrimmage.analytics.store import RULESETS, table_path
from scrimmage.analytics.tables import Tables, read_tables, write_tables
from scrimmage.core.errors import ScrimmageError

CHUNK = 50
"""Games per worker job (fixed, so the result does not depend on the number of workers)."""

T = TypeVar("T")
Job = TypeVar("Job")


def _chunks(games: int) -> Iterator[tuple[int, int]]:
    for start in range(0, games, CHUNK):
        yield start, min(games, start + CHUNK)


def _run(worker: Callable[[Job], T], jobs: list[Job], sizes: list[int], workers: int,
         label: str, quiet: bool) -> list[T]:
    """Results in the jobs' order, with a progress bar counting games."""
    with Progress(disable=quiet, transient=True) as bar:
        task = bar.add_task(label, total=sum(sizes))
        if workers > 1 and len(jobs) > 1:
            from concurrent.futures import ProcessPoolExecutor

            with ProcessPoolExecutor(workers) as pool:
                out = []
                for result, size in zip(pool.map(worker, jobs), sizes, strict=True):
                    out.append(result)
                    bar.advance(task, size)
                return out
        results = []
        for job, size in zip(jobs, sizes, strict=True):
            results.append(worker(job))
            bar.advance(task, size)
        return results


def source_lines(rules: str, games: int, seed: int) -> list[str]:
    return [f"Expected points and win probability for {rules}, fitted by simulation from the "
            "engine's own games (docs/ep-wp.md):",
            f"{games} games of the bundled {rules} teams paired by each game's seed, both "
            "sides the ruleset's solitaire coach.",
            f"Rebuild: python -m scrimmage.analytics.epwp --rules {rules} --games {games} "
            f"--seed {seed}"]


def play_snaps(rules: str, games: int, seed: int, workers: int, quiet: bool,
               cache: Path | None = None) -> Features:
    """Every snap of the run; with `cache`, kept in (or read from) a .npy file there, so the
    fit can be redone without playing the games again."""
    kept = cache / f"{rules}-{games}-{seed}.npy" if cache else None
    if kept is not None and kept.exists():
        loaded: Features = np.load(kept)
        return loaded
    spans = list(_chunks(games))
    jobs = [(rules, seed, a, b) for a, b in spans]
    parts = _run(chunk_features, jobs, [b - a for a, b in spans], workers,
                 f"{rules}: playing {games} games", quiet)
    snaps = np.concatenate(parts) if parts else np.zeros((0, len(FEATURES)), np.int32)
    if kept is not None:
        np.save(kept, snaps)
    return snaps


def fit(rules: str, games: int, seed: int, workers: int = 1, quiet: bool = True,
        cache: Path | None = None) -> Tables:
    """Play the games and fit the tables (not written)."""
    if games < 1:
        raise ScrimmageError("--games must be at least 1")
    snaps = play_snaps(rules, games, seed, workers, quiet, cache)
    snaps = snaps[snaps[:, 0] >= 0]
    return fit_tables(snaps, rules, games, seed, regulation_seconds(snaps),
                      source_lines(rules, games, seed))


def regulation_seconds(snaps: Features) -> int:
    """Seconds of a regulation game: the clock at the opening kickoff."""
    regulation = snaps[snaps[:, COLUMN["overtime"]] == 0]
    return int(regulation[:, COLUMN["game_seconds"]].max())


def check(rules: str, games: int, seed: int, table_file: Path, workers: int = 1,
          quiet: bool = True) -> list[str]:
    """Markdown reliability tables of `table_file` on held-out games."""
    tables = read_tables(table_file, rules)
    if seed == tables.seed:
        raise ScrimmageError(f"--seed {seed} is the seed the table was fitted with; a check "
                             "needs held-out games (another seed)")
    spans = list(_chunks(games))
    jobs = [(rules, seed, a, b, str(table_file)) for a, b in spans]
    parts = _run(check_chunk, jobs, [b - a for a, b in spans], workers,
                 f"{rules}: checking on {games} games", quiet)
    return report(np.concatenate(parts), rules, games, seed, tables.seed)


def _rulesets(asked: Sequence[str]) -> list[str]:
    names = list(RULESETS) if "all" in asked else list(asked)
    for name in names:
        if name not in RULESETS:
            raise ScrimmageError(f"no EP/WP tables for {name}: choose from "
                                 f"{', '.join(RULESETS)} or all")
    return names


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m scrimmage.analytics.epwp",
                                description="Fit (or --check) the EP/WP tables by simulation.")
    p.add_argument("--rules", action="append", required=True,
                   help=f"{', '.join(RULESETS)} or all (repeatable)")
    p.add_argument("--games", type=int, default=10_000)
    p.add_argument("--seed", type=int, default=None,
                   help="series seed (default 1 for a fit, 2 for a check)")
    p.add_argument("--workers", type=int, default=1)
    p.add_argument("--out", type=Path, help="folder for the fitted tables (default: the "
                   "package's analytics/data)")
    p.add_argument("--check", action="store_true",
                   help="check the tables on held-out games instead of fitting them")
    p.add_argument("--doc", type=Path, help="with --check: write the tables into this "
                   "Markdown file, between its '<!-- check RULES -->' markers")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    p.add_argument("--cache", type=Path, help="keep the played snaps in this folder (a refit "
                   "with the same rules, games and seed reads them instead of playing)")
    args = p.parse_args(argv)
    try:
        for folder, option in ((args.out, "--out"), (args.cache, "--cache")):
            if folder is not None and not folder.is_dir():
                raise ScrimmageError(f"{option} {folder}: no such folder")
        for rules in _rulesets(args.rules):
            if args.check:
                folder = args.out
                path = folder / f"{rules}.csv.gz" if folder else table_path(rules)
                seed = 2 if args.seed is None else args.seed
                lines = check(rules, args.games, seed, path, args.workers, args.quiet)
                if args.doc:
                    write_section(args.doc, rules, lines)
                print("\n".join(lines) + "\n")
                continue
            seed = 1 if args.seed is None else args.seed
            tables = fit(rules, args.games, seed, args.workers, args.quiet, args.cache)
            out = args.out / f"{rules}.csv.gz" if args.out else table_path(rules)
            write_tables(out, tables)
            print(f"{out}: {args.games} games, {len(tables.ep_grid)} EP and "
                  f"{len(tables.wp_grid)} WP cells")
    except ScrimmageError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
