"""The teams of a season: the bundled sheets where they exist, else built from the real season
by the builder and cached in the user cache folder (platformdirs).

A cached sheet's file name carries a key made of the ruleset, the season, the team and a hash
of the builder's inputs: the builder's version numbers (`BUILDER_VERSION`, `FORMULAS_VERSION`
where defined), the source of the `scrimmage.sheets` modules it loads (the Legends generator's
among them) and the bundled statistics. A changed builder or changed statistics therefore
build afresh.
"""

from __future__ import annotations

import hashlib
import os
import re
import signal
import tomllib
from collections.abc import Callable, Generator
from concurrent.futures import ProcessPoolExecutor, as_completed
from contextlib import closing
from functools import cache
from importlib import resources
from importlib.resources.abc import Traversable
from multiprocessing import get_context
from pathlib import Path
from typing import Any

import platformdirs

from scrimmage.core.errors import ScrimmageError
from scrimmage.season.data import TeamSeason

FOLDERS = {"legends-pro": "legends-pro", "legends-college": "legends-college", "5d20": "5d20"}


def sheet_file_name(rules: str, season: int, code: str) -> str:
    """The bundled file name of a team's sheet (`sheets.real.bundle` writes the bundle by it)."""
    if rules == "legends-college":
        slug = re.sub(r"-+", "-", "".join(c if c.isalnum() else "-" for c in code.lower()))
        return f"{season}-fbs-{slug.strip('-')}.toml"
    return f"{season}-{code.lower()}.toml"


def bundled_sheet(rules: str, season: int, code: str) -> dict[str, Any] | None:
    entry = resources.files("scrimmage.teams").joinpath(FOLDERS[rules],
                                                        sheet_file_name(rules, season, code))
    if not entry.is_file():
        return None
    return tomllib.loads(entry.read_text("utf-8"))


def cache_dir() -> Path:
    return platformdirs.user_cache_path("scrimmage") / "sheets"


def _module_file(dotted: str) -> Traversable | None:
    """The source of `scrimmage.sheets.<dotted>`, or of the longest module that starts it
    (`real.legends.build_sheet` is `real/legends.py`); None outside the package's modules."""
    parts = dotted.split(".")
    while parts:
        entry = resources.files("scrimmage.sheets")
        for part in parts[:-1]:
            entry = entry.joinpath(part)
        entry = entry.joinpath(f"{parts[-1]}.py")
        if entry.is_file():
            return entry
        parts.pop()
    return None


def _builder_modules(start: str) -> list[Traversable]:
    """The source of `scrimmage.sheets.<start>` and of every `scrimmage.sheets` module it
    names, directly or not (read from the sources, so the set does not depend on what this
    process happened to import), in a fixed order."""
    seen: dict[str, Traversable] = {}
    todo = [start]
    while todo:
        entry = _module_file(todo.pop())
        if entry is None or str(entry) in seen:
            continue
        seen[str(entry)] = entry
        todo.extend(re.findall(r"scrimmage\.sheets\.([\w.]*\w)", entry.read_text("utf-8")))
    return [seen[k] for k in sorted(seen)]


@cache
def builder_key(rules: str) -> str:
    """A hash of everything a built sheet depends on besides its team and season: the
    builder's versions, the source of the `scrimmage.sheets` modules the builder imports, and
    the bundled statistics."""
    import scrimmage.sheets.real.legends as sheets

    h = hashlib.blake2b(digest_size=8)
    h.update(f"{sheets.BUILDER_VERSION}:{getattr(sheets, 'FORMULAS_VERSION', '')}".encode())
    for entry in _builder_modules("real.fived20" if rules == "5d20" else "real.legends"):
        h.update(entry.read_bytes())
    data = resources.files("scrimmage.data")
    for file in ("team_seasons.csv.gz", "player_seasons.csv.gz"):
        h.update(data.joinpath(file).read_bytes())
    return h.hexdigest()


def cached_path(rules: str, season: int, code: str) -> Path:
    stem = sheet_file_name(rules, season, code).removesuffix(".toml")
    return cache_dir() / rules / f"{stem}-{builder_key(rules)}.toml"


def build_text(rules: str, season: int, code: str) -> str:
    """Build one sheet (in a worker process: module-level so it pickles)."""
    if rules == "5d20":
        from scrimmage.sheets.real.fived20 import build_chart, read_player_seasons, read_team_seasons

        return build_chart(read_player_seasons(), read_team_seasons(), season, code)
    from scrimmage.sheets.real.legends import build_sheet
    from scrimmage.sheets.real.stats import find_team, read_stats, season_rows

    league = season_rows(read_stats(None), season, "college" if rules == "legends-college"
                         else "pro")
    return build_sheet(find_team(league, code), league)


def _build_job(job: tuple[str, int, str]) -> tuple[str, str]:
    rules, season, code = job
    return code, build_text(rules, season, code)


def season_sheets(rules: str, season: int, teams: list[TeamSeason], workers: int = 1,
                  progress: Callable[[str, int, int], None] | None = None
                  ) -> tuple[dict[str, dict[str, Any]], dict[str, str]]:
    """Team data for every club: (code -> data, code -> where it came from: bundled, cached
    or built). Missing sheets are built on `workers` processes and cached one by one as they
    come (a build cut short keeps those). `progress(name, done, total)` hears of the missing
    sheets before the first is built (name "", done 0) and of each club as its sheet is in."""
    data: dict[str, dict[str, Any]] = {}
    origin: dict[str, str] = {}
    missing: list[str] = []
    for t in teams:
        found = bundled_sheet(rules, season, t.code)
        if found is not None:
            data[t.code], origin[t.code] = found, "bundled"
            continue
        path = cached_path(rules, season, t.code)
        if path.is_file():
            data[t.code], origin[t.code] = tomllib.loads(path.read_text("utf-8")), "cached"
        else:
            missing.append(t.code)
    if missing:
        names = {t.code: t.name for t in teams}
        if progress is not None:
            progress("", 0, len(missing))       # the first sheet can take the longest
        built: dict[str, dict[str, Any]] = {}
        with closing(_build(rules, season, missing, workers)) as sheets:
            for code, text in sheets:
                path = cached_path(rules, season, code)
                path.parent.mkdir(parents=True, exist_ok=True)
                tmp = path.with_suffix(".tmp")
                tmp.write_text(text, encoding="utf-8")
                tmp.replace(path)                 # never a half-written sheet in the cache
                built[code] = tomllib.loads(text)
                if progress is not None:
                    progress(names[code], len(built), len(missing))
        for code in missing:                      # the clubs' order, whoever finished first
            data[code], origin[code] = built[code], "built"
    return data, origin


def _ignore_ctrl_c() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)    # a terminal sends it to every process


def _stop_workers(pool: ProcessPoolExecutor) -> None:
    """End the workers now (Ctrl-C, an error): a sheet cut short is worth nothing, and one
    takes seconds to finish."""
    terminate = getattr(pool, "terminate_workers", None)          # Python 3.14
    if terminate is not None:
        terminate()
        return
    processes = list((getattr(pool, "_processes", None) or {}).values())  # shutdown drops them
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        process.terminate()


def _build(rules: str, season: int, codes: list[str], workers: int
           ) -> Generator[tuple[str, str], None, None]:
    """(code, sheet text) of each club as it is built: here, or on `workers` processes in the
    order they finish."""
    jobs = [(rules, season, c) for c in codes]
    try:
        if workers <= 1 or len(jobs) == 1:
            for job in jobs:
                yield _build_job(job)
            return
        # A fork server: not a fork of this process and its progress-bar thread.
        context = get_context("forkserver" if os.name == "posix" else "spawn")
        pool = ProcessPoolExecutor(min(workers, len(jobs)), mp_context=context,
                                   initializer=_ignore_ctrl_c)
        done = False
        try:
            for future in as_completed([pool.submit(_build_job, job) for job in jobs]):
                yield future.result()
            done = True
        finally:
            if not done:
                _stop_workers(pool)
            pool.shutdown(wait=True, cancel_futures=True)
    except ScrimmageError as exc:
        raise ScrimmageError(f"building the {season} {rules} sheets: {exc}") from None
