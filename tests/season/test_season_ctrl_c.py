"""Ctrl-C in a season replay (issue 19): the workers stop, the games file is closed whole and
loads, the command says it was interrupted and exits 130."""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

import polars as pl
import pytest
from processes import alive, interrupt_when_busy


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc (Linux)")
def test_sigint_stops_a_season_and_keeps_its_games_file(tmp_path: Path) -> None:
    games = tmp_path / "games.parquet"
    proc = subprocess.Popen(
        [sys.executable, "-m", "scrimmage.cli", "season", "--rules", "legends-pro",
         "--season", "2016", "--replays", "200", "--workers", "2", "--games-out", str(games)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True)
    _, stderr, workers = interrupt_when_busy(proc, cpu=3.0)
    assert proc.returncode == 130, stderr
    assert "Traceback" not in stderr and "interrupted" in stderr
    time.sleep(0.5)
    assert not [pid for pid in workers if alive(pid)]
    table = pl.read_parquet(games)
    assert 0 < table.height < 200 * 256
    assert table["seed"].n_unique() == table.height
