"""The builder's calibration games: a series of Legends games between two sheet texts, played
in this process or shared by worker processes, with the very same figures either way.

Game `i` always has the seed `game_seed(seed, i)` (`scrimmage.sim.batch`); the workers play
contiguous ranges of games and send back each game's box score, which this process adds up
in game order, so the float sums (and every decision the builder takes from them) do not
depend on the number of workers.
"""

from __future__ import annotations

import tomllib
from concurrent.futures import ProcessPoolExecutor
from itertools import pairwise

from scrimmage.core.collection import fewer_collections
from scrimmage.core.stats import box_score
from scrimmage.sim.batch import Series, SeriesResult

MIN_SHARED_GAMES = 40
"""Fewer games than this are played here: a worker's start costs more than it saves."""

Box = dict[str, dict[str, float]]
_POOLS: dict[int, ProcessPoolExecutor] = {}


def _pool(workers: int) -> ProcessPoolExecutor:
    """One pool per process and size, kept for the rounds that follow (a build plays several)."""
    if workers not in _POOLS:
        _POOLS[workers] = ProcessPoolExecutor(workers)
    return _POOLS[workers]


def _series(level: str, home: str, away: str, seed: int, neutral: bool = False) -> Series:
    options = {"neutral": True} if neutral else None
    return Series(f"legends-{level}", tomllib.loads(home), tomllib.loads(away), seed,
                  options=options)


def _play_range(job: tuple[str, str, str, int, int, int, bool]) -> list[Box]:
    level, home, away, seed, start, stop, neutral = job
    series = _series(level, home, away, seed, neutral)
    with fewer_collections():
        return [box_score(series.play(i)[1].plays, series.first.home, series.first.away)
                for i in range(start, stop)]


def _ranges(games: int, parts: int) -> list[tuple[int, int]]:
    edges = [games * k // parts for k in range(parts + 1)]
    return [(a, b) for a, b in pairwise(edges) if b > a]


def simulate(level: str, home: str, away: str, games: int, seed: int, workers: int = 1,
             neutral: bool = False) -> tuple[dict[str, float], dict[str, float]]:
    """Per-game box figures of `home` and `away` (sheet texts) over `games` games, home first;
    `neutral`: on a neutral site (no home coaching-point bonus, FNL-10)."""
    series = _series(level, home, away, seed, neutral)
    result = SeriesResult(series.rs.name, seed, series.first.home, series.first.away)
    if workers > 1 and games >= MIN_SHARED_GAMES:
        jobs = [(level, home, away, seed, a, b, neutral) for a, b in _ranges(games, workers)]
        for part in _pool(workers).map(_play_range, jobs):
            for box in part:
                result.add(box)
    else:
        with fewer_collections():
            for i in range(games):
                result.add(box_score(series.play(i)[1].plays, series.first.home,
                                     series.first.away))
    data = result.to_json()["teams"]
    return data[result.home]["per_game"], data[result.away]["per_game"]
