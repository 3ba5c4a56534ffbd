"""Input of the plot tests: a short real `scrimmage sim` run (two games) written to a tmp dir.
The season charts read the hand-made JSON in tests/data/plot/."""

from __future__ import annotations

import math
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq
import pytest
from typer.testing import CliRunner

from scrimmage.cli import app


@pytest.fixture(scope="session")
def sim_run(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """`pbp` (Parquet), `games` (CSV), `pbp_wp`: the play-by-play with a `wp` column, and
    `pbp_no_wp`: the play-by-play without one.

    The win-probability column is being added to the play-by-play by another change; until a
    file has it, `pbp_wp` adds a synthetic `wp` (a logistic curve of the score difference that
    steepens as time runs out), which is enough to test that the chart is drawn."""
    folder = tmp_path_factory.mktemp("plot-sim")
    pbp, games = folder / "pbp.parquet", folder / "games.csv"
    result = CliRunner().invoke(app, ["sim", "--rules", "legends-pro", "--games", "2", "--seed", "3",
                                      "--pbp", str(pbp), "--games-out", str(games)])
    assert result.exit_code == 0, result.output
    table = pq.read_table(pbp)
    pbp_wp = pbp
    if "wp" not in table.column_names:
        pbp_wp = folder / "pbp-synthetic-wp.parquet"
        margins = table.column("score_differential").to_pylist()
        left = table.column("game_seconds_remaining").to_pylist()
        wp = [1 / (1 + math.exp(-(m or 0) / (2 + (s or 0) / 400))) for m, s in zip(margins, left,
                                                                                 strict=True)]
        pq.write_table(table.append_column("wp", pa.array(wp, pa.float64())), pbp_wp)
    pbp_no_wp = folder / "pbp-no-wp.parquet"
    pq.write_table(table.drop_columns([c for c in ("wp", "wpa") if c in table.column_names]),
                   pbp_no_wp)
    return {"pbp": pbp, "games": games, "pbp_wp": pbp_wp, "pbp_no_wp": pbp_no_wp}
