"""Shared helpers of the builder tests."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from scrimmage.sheets.real import average_store
from scrimmage.sheets.real import legends as S
from scrimmage.sheets.real.stats import read_stats, season_rows


@pytest.fixture
def cached_average(monkeypatch: pytest.MonkeyPatch) -> Callable[[Path, int, str], None]:
    """Calibrate a season's average here, with the test's few games, and keep it in the
    (test's own) cache under the key a `scrimmage` command looks up, so the command plays
    only what the test checks."""

    def seed(stats: Path, season: int, level: str = "pro") -> None:
        league = season_rows(read_stats(stats), season, level)
        record = S._record_of(league, 1, S._calibrate_average(league, 1))
        with monkeypatch.context() as m:
            m.setattr(S, "AVG_GAMES", 500)
            m.setattr(S, "AVG_ROUNDS", 3)
            average_store.remember({**record, "key": S._store_key(league, 1)})

    return seed
