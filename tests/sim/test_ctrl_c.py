"""Ctrl-C (issue 19): a real `scrimmage sim` on two worker processes, interrupted with SIGINT
sent to its whole process group (as a terminal does), stops its workers, closes its files so
they load, and says how many games they hold: whole chunks, the same games an uninterrupted
run writes first."""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

import polars as pl
import pytest
from processes import alive, interrupt_when_busy

from scrimmage.export.series import PBP_CHUNK
from scrimmage.sim.batch import game_seed

SEED = 6


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc (Linux)")
def test_sigint_stops_the_workers_and_keeps_whole_loadable_files(tmp_path: Path) -> None:
    pbp, games = tmp_path / "pbp.parquet", tmp_path / "games.parquet"
    proc = subprocess.Popen(
        [sys.executable, "-m", "scrimmage.cli", "sim", "--rules", "grid", "-n", "100000",
         "--seed", str(SEED), "--workers", "2", "--pbp", str(pbp), "--games-out", str(games)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True)
    # Six CPU seconds of the workers: more than the chunks that may be in flight, so the main
    # process has taken some (LOOK_AHEAD).
    stdout, stderr, workers = interrupt_when_busy(proc, cpu=6.0)
    assert proc.returncode == 130, stderr
    assert "Traceback" not in stderr
    assert "interrupted after" in stderr and str(pbp) in stderr
    time.sleep(0.5)
    assert not [pid for pid in workers if alive(pid)]

    table = pl.read_parquet(games)
    n = table.height
    assert 0 < n < 100000 and n % PBP_CHUNK == 0
    assert table["seed"].to_list() == [game_seed(SEED, i) for i in range(n)]
    plays = pl.read_parquet(pbp)
    assert plays["game_id"].n_unique() == n
    assert f"interrupted after {n:,} of 100,000 games" in stderr
    assert f"{n} games" in stdout                    # the report of the games played
