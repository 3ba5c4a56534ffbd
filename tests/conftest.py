"""Every test keeps its saved games in a folder of its own: `scrimmage play` saves each game
in the user's data folder (platformdirs, which follows XDG_DATA_HOME), and a test must never
write to the real one."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from stores import STORES, postgres_schema


@pytest.fixture(autouse=True)
def _own_data_folder(tmp_path_factory: pytest.TempPathFactory,
                     monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path_factory.mktemp("data-home")
    monkeypatch.setenv("XDG_DATA_HOME", str(folder))
    return folder


@pytest.fixture(params=STORES)
def db(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """Where a test's games are kept, once in each store (tests/stores.py): a SQLite file,
    or a PostgreSQL URL (skipped without $SCRIMMAGE_TEST_POSTGRES)."""
    if request.param == "sqlite":
        yield str(tmp_path / "games.db")
        return
    with postgres_schema() as url:
        yield url
