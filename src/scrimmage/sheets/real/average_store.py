"""Where the league-average calibrations live, so a team sheet does not wait for them.

Calibrating a season's league-average sheet plays 3 x 500 simulated games (about 20 s on one
core; `legends._average`). Its outcome is a handful of numbers (the tuning, the replay ratings,
the play speed and the game's bias per figure), from which `legends.py` renders the sheet again.
Those numbers are looked up, in order:

1. the shipped table `data/league_averages.json`: every season of the bundled team-season
   table (NFL/AFL from Pro-Football-Reference, FBS 2016-2017 from Sports-Reference), seed 1,
   computed by this builder (``python -m scrimmage.sheets.real.average_store --workers 2``);
2. the user's cache folder (platformdirs `user_cache_path("scrimmage")/league-averages`),
   where a calibration of any other statistics (a user's own file, another seed) is kept
   once it has been computed.

An entry is keyed by the hash of the season's rows (so statistics that differ in any value
get their own calibration), the seed and `CALIBRATION_VERSION` (raise it whenever the
calibration or the engine's results change, then run the command above again).
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

import platformdirs

CALIBRATION_VERSION = 1
SHIPPED = Path(__file__).resolve().parent / "data" / "league_averages.json"

Record = dict[str, Any]


def entry_key(level: str, season: int, league_hash: str, seed: int, games: str) -> str:
    """`games`: the calibration's rounds x games (tests play fewer, under their own keys)."""
    return f"v{CALIBRATION_VERSION}-{level}-{season}-{league_hash}-{seed}-{games}"


def cache_dir() -> Path:
    return platformdirs.user_cache_path("scrimmage") / "league-averages"


@cache
def _shipped() -> dict[str, Record]:
    if not SHIPPED.exists():
        return {}
    data: dict[str, Any] = json.loads(SHIPPED.read_text(encoding="utf-8"))
    return {e["key"]: e for e in data.get("averages", [])}


def find(key: str) -> Record | None:
    """The stored calibration of `key`: shipped, else cached, else None."""
    found = _shipped().get(key)
    if found is not None:
        return found
    path = cache_dir() / f"{key}.json"
    try:
        record: Record = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return record if record.get("key") == key else None


def remember(record: Record) -> None:
    """Keep a computed calibration in the user's cache (best effort: a read-only home only
    means it is computed again next time)."""
    folder = cache_dir()
    try:
        folder.mkdir(parents=True, exist_ok=True)
        tmp = folder / f"{record['key']}.json.tmp"
        tmp.write_text(json.dumps(record), encoding="utf-8")
        tmp.replace(folder / f"{record['key']}.json")
    except OSError:
        pass


def write_shipped(records: list[Record]) -> None:
    header = ("League-average calibrations of every season of the bundled team-season table "
              "(scrimmage/data/team_seasons.csv.gz: Pro-Football-Reference, Sports-Reference "
              "CFB), seed 1, made by `python -m scrimmage.sheets.real.average_store` "
              "(scrimmage.sheets.real.legends._calibrate_average). Each entry holds the numbers the "
              "sheet is rendered from; `bias` is simulated / analytic per figure.")
    records = sorted(records, key=lambda r: (r["level"], r["season"]))
    lines = ["{", f'"source": {json.dumps(header)},',
             f'"version": {CALIBRATION_VERSION},', '"averages": [']
    lines += [json.dumps(r, sort_keys=True) + ("," if i + 1 < len(records) else "")
              for i, r in enumerate(records)]
    lines += ["]", "}"]
    SHIPPED.parent.mkdir(parents=True, exist_ok=True)
    SHIPPED.write_text("\n".join(lines) + "\n", encoding="utf-8")
    _shipped.cache_clear()


def _one(job: tuple[str, int]) -> Record:
    from scrimmage.sheets.real.legends import average_record
    from scrimmage.sheets.real.stats import read_stats, season_rows

    level, season = job
    return average_record(season_rows(read_stats(None), season, level), 1)


def main(argv: list[str] | None = None) -> int:
    import argparse
    from concurrent.futures import ProcessPoolExecutor

    from scrimmage.sheets.real.bundle import PRO_PACK  # (loads the builder before the workers fork)
    from scrimmage.sheets.real.stats import StatsError, read_stats, season_rows

    p = argparse.ArgumentParser(prog="python -m scrimmage.sheets.real.average_store",
                                description="Compute the shipped league-average calibrations.")
    p.add_argument("--workers", type=int, default=1)
    p.add_argument("--seasons", type=int, nargs="*", help="only these seasons (kept: the rest)")
    p.add_argument("--again", action="store_true", help="also the seasons already shipped")
    args = p.parse_args(argv)
    # The seasons the bundle and the fidelity benchmark need first.
    first = {2016, 1985, 2002} | {s for s, _ in PRO_PACK}
    rows = read_stats(None)
    seasons = set()
    for level, season in {(r.level, r.season) for r in rows}:
        try:
            season_rows(rows, season, level)
        except StatsError:      # a league the builder does not take (APFA 1920-1921)
            continue
        seasons.add((level, season))
    jobs = sorted(seasons, key=lambda j: (j[1] not in first, j[1], j[0]))
    if args.seasons:
        jobs = [j for j in jobs if j[1] in args.seasons]
    done = {(r["level"], r["season"]): r for r in _shipped().values()}
    if not args.again:
        jobs = [j for j in jobs if j not in done]
    with ProcessPoolExecutor(max(1, args.workers)) as pool:
        for record in pool.map(_one, jobs):
            done[(record["level"], record["season"])] = record
            write_shipped(list(done.values()))     # after each: a long run can stop anywhere
            print(record["level"], record["season"], flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
