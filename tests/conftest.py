"""Every test keeps its saved games in a folder of its own: `scrimmage play` saves each game
in the user's data folder (platformdirs, which follows XDG_DATA_HOME), and a test must never
write to the real one."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def _own_data_folder(tmp_path_factory: pytest.TempPathFactory,
                     monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path_factory.mktemp("data-home")
    monkeypatch.setenv("XDG_DATA_HOME", str(folder))
    return folder
