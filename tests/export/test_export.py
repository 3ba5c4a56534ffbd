"""Data out (issue 18): `scrimmage sim --pbp/--games-out` in nflverse columns, read back with
pandas and polars and checked against the engine's own records of the same games (replayed
from their seeds)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pandas as pd
import polars as pl
import pyarrow.parquet as pq
import pytest
from typer.testing import CliRunner

from scrimmage.api import play_game
from scrimmage.cli import app
from scrimmage.core.ruleset import find_ruleset, ruleset_names
from scrimmage.export.columns import GameInfo, pbp_rows
from scrimmage.export.series import RecordedSeries, simulate, wilson_interval
from scrimmage.export.writer import TableWriter
from scrimmage.sim.batch import game_seed, run_series

NFLVERSE_PBP = [
    "game_id", "play_id", "season", "week", "home_team", "away_team", "posteam", "defteam",
    "yardline_100", "down", "ydstogo", "qtr", "game_seconds_remaining", "play_type",
    "yards_gained", "desc", "drive", "fixed_drive_result", "posteam_timeouts_remaining",
    "defteam_timeouts_remaining", "posteam_score", "defteam_score", "score_differential",
    "total_home_score", "total_away_score", "touchdown", "interception", "fumble_lost",
    "penalty", "field_goal_attempt", "kickoff_attempt", "extra_point_attempt", "timeout",
]
GAMES = ["game_id", "season", "game_type", "week", "home_team", "away_team", "home_score",
         "away_score", "overtime", "seed"]
SEED = 7


def _sim(args: list[str]) -> Any:
    result = CliRunner().invoke(app, ["sim", *args])
    assert result.exit_code == 0, result.output
    return result


@pytest.fixture(scope="module")
def hs_files(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """Three legends-hs games written as Parquet and as CSV by the real command."""
    tmp = tmp_path_factory.mktemp("export")
    files = {"parquet": tmp / "pbp.parquet", "csv": tmp / "pbp.csv",
             "games": tmp / "games.parquet", "games_csv": tmp / "games.csv"}
    _sim(["-n", "3", "--seed", str(SEED), "--pbp", str(files["parquet"]),
          "--games-out", str(files["games"])])
    _sim(["-n", "3", "--seed", str(SEED), "--pbp", str(files["csv"]),
          "--games-out", str(files["games_csv"]), "--box", str(tmp / "box.csv")])
    files["box"] = tmp / "box.csv"
    return files


def _engine_game(index: int) -> Any:
    rs = find_ruleset("legends-hs")
    home, away = rs.default_teams()
    return play_game("legends-hs", home, away, seed=game_seed(SEED, index), coaches="solitaire")


@pytest.mark.parametrize("kind", ["parquet", "csv"])
def test_pbp_loads_in_pandas_and_polars_and_matches_the_engine(hs_files: dict[str, Path],
                                                               kind: str) -> None:
    path = hs_files[kind]
    frames = ((pd.read_parquet(path), pl.read_parquet(path)) if kind == "parquet" else
              (pd.read_csv(path), pl.read_csv(path, infer_schema_length=None)))
    record = _engine_game(1)
    for df in frames:
        assert set(NFLVERSE_PBP) <= set(df.columns)
        assert "result" not in df.columns and "chart_result" not in df.columns  # no chart code here
        assert {"dice", "off_cell", "momentum"} <= set(df.columns)
    pdf = frames[0]
    game = pdf[pdf["game_id"] == pdf["game_id"].unique()[1]].reset_index(drop=True)
    assert len(game) == len(record.plays)
    assert list(game["desc"]) == [p["desc"] for p in record.plays]
    assert list(game["yards_gained"]) == [p["yards_gained"] for p in record.plays]
    assert list(game["play_type"]) == [p["play_type"] for p in record.plays]
    codes = {record.home: game["home_team"][0], record.away: game["away_team"][0]}
    assert list(game["posteam"]) == [codes[p["posteam"]] for p in record.plays]
    # nflverse totals are at the start of the play; the records hold them after it.
    home_start = [0] + [p["total_home_score"] for p in record.plays[:-1]]
    assert list(game["total_home_score"]) == home_start
    final = game.iloc[-1]
    assert final["total_home_score"] <= record.final_score[record.home]


def test_kickoffs_and_tries_have_no_down(hs_files: dict[str, Path]) -> None:
    df = pl.read_parquet(hs_files["parquet"])
    special = df.filter((pl.col("play_type") == "kickoff") | (pl.col("extra_point_attempt") == 1))
    assert special.height > 0
    assert special["down"].null_count() == special.height
    assert special["ydstogo"].null_count() == special.height
    assert df.filter(pl.col("play_type") == "run")["down"].null_count() == 0


def test_drives_and_their_results(hs_files: dict[str, Path]) -> None:
    """A drive changes with the ball; a drive holding the offense's touchdown is a Touchdown
    drive, and a punt's drive ends in a Punt."""
    df = pd.read_parquet(hs_files["parquet"])
    for _, game in df.groupby("game_id"):
        assert game["drive"].iloc[0] == 1
        assert (game["drive"].diff().dropna() >= 0).all()
        changed = game["posteam"] != game["posteam"].shift()
        assert (game["drive"].diff()[changed].dropna() == 1).all()
    tds = df[(df["touchdown"] == 1) & (df["td_team"] == df["posteam"])
             & (df["extra_point_attempt"] == 0)]
    assert len(tds) and (tds["fixed_drive_result"] == "Touchdown").all()
    punts = df[(df["punt_attempt"] == 1) & (df["touchdown"] == 0)]
    assert len(punts) and (punts["fixed_drive_result"] == "Punt").all()


def test_timeouts_start_full_and_only_go_down_in_a_half(hs_files: dict[str, Path]) -> None:
    df = pd.read_parquet(hs_files["parquet"])
    first = df.groupby("game_id").head(1)
    assert (first["home_timeouts_remaining"] == 3).all()   # FNL timeouts: 3 a half
    used = df[df["timeout"] == 1]
    assert len(used)
    for _, row in used.iterrows():
        after = df[(df["game_id"] == row["game_id"]) & (df["play_id"] == row["play_id"] + 1)]
        if len(after) and after.iloc[0]["game_half"] == row["game_half"]:
            side = "home" if row["timeout_team"] == row["home_team"] else "away"
            assert after.iloc[0][f"{side}_timeouts_remaining"] == row["timeouts_left"]


@pytest.mark.parametrize("kind", ["games", "games_csv"])
def test_games_table(hs_files: dict[str, Path], kind: str) -> None:
    path = hs_files[kind]
    pdf = pd.read_parquet(path) if kind == "games" else pd.read_csv(path)
    pldf = pl.read_parquet(path) if kind == "games" else pl.read_csv(path)
    for df in (pdf, pldf):
        assert set(GAMES) <= set(df.columns)
    for i in range(3):
        record = _engine_game(i)
        row = pdf.iloc[i]
        assert int(row["seed"]) == game_seed(SEED, i)
        assert row["home_score"] == record.final_score[record.home]
        assert row["away_score"] == record.final_score[record.away]


def test_box_file_has_a_row_per_team_per_game(hs_files: dict[str, Path]) -> None:
    """`sim --box`: the home row then the away row of each game, the engine's box score."""
    for df in (pd.read_csv(hs_files["box"]), pl.read_csv(hs_files["box"]).to_pandas()):
        assert len(df) == 6
        for i in range(3):
            record = _engine_game(i)
            home, away = df.iloc[2 * i], df.iloc[2 * i + 1]
            assert (home["home_away"], away["home_away"]) == ("home", "away")
            assert home["game_id"] == away["game_id"]
            assert home["points_for"] == record.final_score[record.home] == away["points_against"]
            assert away["points_for"] == record.final_score[record.away]
            assert home["result"] == ("W" if home["points_for"] > away["points_for"] else
                                      "L" if home["points_for"] < away["points_for"] else "T")


def test_the_series_plays_the_games_run_series_plays() -> None:
    rs = find_ruleset("legends-pro")
    home, away = rs.default_teams()
    result, scores = simulate("legends-pro", home, away, 4, 11)
    assert result.to_json() == run_series("legends-pro", home, away, 4, 11).to_json()
    assert sum(scores.margin.values()) == 4


@pytest.mark.parametrize("rules", ruleset_names())
def test_every_ruleset_exports(rules: str, tmp_path: Path) -> None:
    """One game of each ruleset, read back. The Grid's `yardline_100` counts yards to the goal
    on its 60-yard field (five yards a box)."""
    rs = find_ruleset(rules)
    home, away = rs.default_teams()
    path = tmp_path / "pbp.parquet"
    simulate(rules, home, away, 1, 2, pbp=path)
    df = pl.read_parquet(path)
    assert set(NFLVERSE_PBP) <= set(df.columns)
    assert df["drive"].min() == 1
    longest = 60 if rules == "grid" else 100
    assert df["yardline_100"].drop_nulls().max() <= longest
    assert df.filter(pl.col("play_type") == "kickoff")["down"].null_count() == \
        df.filter(pl.col("play_type") == "kickoff").height


def test_a_small_batch_writes_several_row_groups(tmp_path: Path) -> None:
    """Rows are flushed every `batch_rows` rows, so memory holds one batch at a time."""
    series = RecordedSeries("legends-hs", *find_ruleset("legends-hs").default_teams(), seed=5)
    path = tmp_path / "pbp.parquet"
    total = 0
    with TableWriter(path, batch_rows=100) as writer:
        for i in range(4):
            played = series.record(i)
            rows = pbp_rows(played.plays, series.info(played), played.timeouts)
            total += len(rows)
            writer.write(rows)
            assert len(writer._buffer) < 100
    meta = pq.ParquetFile(path).metadata
    assert meta.num_rows == total
    assert meta.num_row_groups == -(-total // 100) >= 6


def test_rows_of_another_shape_are_refused(tmp_path: Path) -> None:
    info = GameInfo("g", "legends-hs", "A", "B", "A", "B")
    with pytest.raises(Exception, match="do not fit"), \
            TableWriter(tmp_path / "x.parquet", batch_rows=1) as writer:
        writer.write([{"a": 1}])
        writer.write([{"a": "text"}])
    assert info.abbreviation("A") == "A"


def test_json_has_the_score_distribution_and_a_wilson_interval() -> None:
    data = json.loads(_sim(["-n", "5", "--seed", "2", "--json"]).stdout)
    assert sum(data["score_distribution"]["home"].values()) == 5
    wp = data["home_win_probability"]
    assert wp["estimate"] == data["home_wins"] / 5
    assert wp["ci95"][0] <= wp["estimate"] <= wp["ci95"][1]
    low, high = wilson_interval(8, 10)
    assert (round(low, 3), round(high, 3)) == (0.490, 0.943)


@pytest.mark.parametrize("args, words", [
    (["--pbp", "/no/such/folder/p.parquet"], ["--pbp", "does not exist"]),
    (["--games-out", "/no/such/folder/g.csv"], ["--games-out", "does not exist"]),
    (["--pbp", "."], ["--pbp", "folder, not a file"]),
])
def test_bad_paths_are_one_line(args: list[str], words: list[str]) -> None:
    proc = subprocess.run([sys.executable, "-m", "scrimmage.cli", "sim", "-n", "1", *args],
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 2
    assert "Traceback" not in proc.stderr
    assert len(proc.stderr.strip().splitlines()) == 1
    for word in words:
        assert word in proc.stderr


def test_a_table_closed_before_any_row_still_loads(tmp_path: Path) -> None:
    from scrimmage.export.writer import TableWriter, check_out_path

    path = tmp_path / "empty.parquet"
    check_out_path(path, "--pbp")            # the command makes the file before any game
    TableWriter(path, "--pbp").close()       # ... and is stopped before the first one
    assert pl.read_parquet(path).height == 0
    assert pd.read_parquet(path).empty
