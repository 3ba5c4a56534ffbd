"""Dask (issue 19): the same chunks on a Dask cluster give the same games as local processes;
without Dask, `--dask` is one clear line."""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from scrimmage.cli import app


def _run(args: list[str]) -> str:
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    return result.stdout


@pytest.fixture(scope="module")
def scheduler() -> Iterator[str]:
    """A small LocalCluster (two single-threaded worker processes), as a scheduler address."""
    distributed: Any = pytest.importorskip("dask.distributed")
    import logging

    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=":0", silence_logs=logging.ERROR) as cluster:
        yield str(cluster.scheduler_address)


def test_sim_on_a_cluster_gives_the_local_games(scheduler: str, tmp_path: Path) -> None:
    outputs = []
    for where in (["--workers", "1"], ["--dask", scheduler]):
        games = tmp_path / f"games{len(outputs)}.csv"
        stdout = _run(["sim", "--rules", "grid", "-n", "60", "--seed", "8", "--json",
                       "--games-out", str(games), *where])
        outputs.append((stdout, games.read_bytes()))
    assert outputs[0] == outputs[1]


def test_study_on_local_n_gives_the_local_figures() -> None:
    pytest.importorskip("dask.distributed")
    args = ["study", "--rules", "1st-and-roll", "-n", "200", "--until-ci", "0.08", "--seed", "2",
            "--json"]
    here = _run([*args, "--workers", "1"])
    assert json.loads(here)["stopped"] == "rule"
    assert _run([*args, "--dask", "local:2"]) == here


def test_without_dask_the_option_is_one_clear_line(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in [m for m in sys.modules if m == "dask" or m.startswith("dask.")]:
        monkeypatch.delitem(sys.modules, name)
    monkeypatch.setitem(sys.modules, "dask", None)
    result = CliRunner().invoke(app, ["study", "-n", "5", "--dask", "local:2"])
    assert result.exit_code == 2
    assert "pip install 'scrimmage[dask]'" in result.output
    assert len(result.output.strip().splitlines()) == 1


def test_an_unreachable_scheduler_is_one_clear_line(monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("dask.distributed")
    monkeypatch.setattr("scrimmage.sim.parallel.DASK_CONNECT_TIMEOUT", "1s")
    result = CliRunner().invoke(app, ["sim", "-n", "30", "--dask", "tcp://127.0.0.1:9"])
    assert result.exit_code == 2
    assert "cannot reach the scheduler" in result.output
    assert len(result.output.strip().splitlines()) == 1
