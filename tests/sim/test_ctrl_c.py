"""Ctrl-C (issue 19): a real `scrimmage sim` on two worker processes, interrupted with SIGINT
sent to its whole process group (as a terminal does), stops its workers, closes its files so
they load, and says how many games they hold: whole chunks, the same games an uninterrupted
run writes first."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import polars as pl
import pytest

from scrimmage.export.series import PBP_CHUNK
from scrimmage.sim.batch import game_seed

SEED = 6


def _descendants(pid: int) -> set[int]:
    """Processes whose parent chain leads to `pid` (Linux /proc)."""
    parents: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            parents[int(entry.name)] = int(stat.rsplit(")", 1)[1].split()[1])
    found: set[int] = set()
    frontier = {pid}
    while frontier:
        frontier = {child for child, parent in parents.items() if parent in frontier} - found
        found |= frontier
    return found


def _cpu_seconds(pids: set[int]) -> float:
    total = 0.0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return total


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc (Linux)")
def test_sigint_stops_the_workers_and_keeps_whole_loadable_files(tmp_path: Path) -> None:
    pbp, games = tmp_path / "pbp.parquet", tmp_path / "games.parquet"
    proc = subprocess.Popen(
        [sys.executable, "-m", "scrimmage.cli", "sim", "--rules", "grid", "-n", "100000",
         "--seed", str(SEED), "--workers", "2", "--pbp", str(pbp), "--games-out", str(games)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True)
    try:
        deadline = time.monotonic() + 120
        workers: set[int] = set()
        # Wait until the workers have played a few chunks (CPU time, not wall time: the
        # machine may be busy), then press Ctrl-C.
        while time.monotonic() < deadline and proc.poll() is None:
            workers |= _descendants(proc.pid)
            if len(workers) >= 2 and _cpu_seconds(workers) > 2.0:
                break
            time.sleep(0.2)
        assert proc.poll() is None, proc.stderr.read() if proc.stderr else ""
        os.killpg(proc.pid, signal.SIGINT)      # as a terminal does: the whole group
        stdout, stderr = proc.communicate(timeout=120)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 130, stderr
    assert "Traceback" not in stderr
    assert "interrupted after" in stderr and str(pbp) in stderr
    time.sleep(0.5)
    assert not [pid for pid in workers if _alive(pid)]

    table = pl.read_parquet(games)
    n = table.height
    assert 0 < n < 100000 and n % PBP_CHUNK == 0
    assert table["seed"].to_list() == [game_seed(SEED, i) for i in range(n)]
    plays = pl.read_parquet(pbp)
    assert plays["game_id"].n_unique() == n
    assert f"interrupted after {n:,} of 100,000 games" in stderr
    assert f"{n} games" in stdout                    # the report of the games played
