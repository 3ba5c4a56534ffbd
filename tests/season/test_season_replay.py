"""Replays: the same results on 1 or 2 workers, the files out, and a real season through the
command line (2016: every sheet is bundled, nothing is built)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pandas as pd
import polars as pl
import pytest

from scrimmage.core.stats import TEAM_STAT_KEYS
from scrimmage.league.making import league_of
from scrimmage.season.data import Format, ScheduledGame, season_teams
from scrimmage.season.replay import Season, Setup, Writers
from scrimmage.season.report import season_json
from scrimmage.season.sheets import bundled_sheet

CODES = ("atl", "nwe", "sea", "kan")


def tiny_setup() -> Setup:
    """Four bundled 2016 clubs, two per conference, six games, a title game each and a
    Super Bowl."""
    teams = [t for t in season_teams("pro", 2016) if t.code in CODES]
    games = [ScheduledGame(1, "atl", "nwe"), ScheduledGame(1, "sea", "kan"),
             ScheduledGame(2, "nwe", "sea"), ScheduledGame(2, "kan", "atl"),
             ScheduledGame(3, "atl", "sea"), ScheduledGame(3, "nwe", "kan", neutral=True)]
    formats = [Format(c, 2, 0, False, 0, True) for c in ("AFC", "NFC")]
    return Setup("legends-pro", "pro", 2016, teams, games, formats, "test schedule")


def play_tiny(workers: int, tmp: Path, replays: int = 2) -> tuple[dict, Path]:
    st = tiny_setup()
    sheets = {c: bundled_sheet("legends-pro", 2016, c) for c in CODES}
    games_out = tmp / f"games{workers}.csv"
    writers = Writers(None, games_out, None)
    league = league_of(st, sheets, 7, "solitaire", {})  # type: ignore[arg-type]
    run = Season(st, league, replays, "solitaire", writers).play(workers)
    return season_json(run), games_out


def test_one_or_two_workers_give_the_same_replays(tmp_path: Path) -> None:
    one, games1 = play_tiny(1, tmp_path)
    two, games2 = play_tiny(2, tmp_path)
    assert json.dumps(one, sort_keys=True) == json.dumps(two, sort_keys=True)
    assert games1.read_bytes() == games2.read_bytes()
    table = pd.read_csv(games1)
    assert len(table) == 2 * (6 + 3)                  # 6 games + 2 title games + Super Bowl
    assert list(table["game_type"].value_counts().sort_index().items()) == [
        ("CON", 4), ("REG", 12), ("SB", 2)]
    assert table["seed"].nunique() == len(table)
    for t in one["teams"]:
        assert t["playoff_odds"] == 1.0                  # two qualifiers of two clubs
    assert sum(t["title_odds"] for t in one["teams"]) == 1.0


def test_2016_season_through_the_command_line(tmp_path: Path) -> None:
    standings, box = tmp_path / "standings.csv", tmp_path / "box.parquet"
    proc = subprocess.run(
        [sys.executable, "-m", "scrimmage.cli", "season", "--rules", "legends-pro",
         "--season", "2016", "--replays", "1", "--workers", "1", "--json",
         "--standings", str(standings), "--box", str(box)],
        capture_output=True, text=True, check=True)
    data = json.loads(proc.stdout)
    for key in ("rules", "season", "replays", "seed", "coach", "schedule", "teams", "league"):
        assert key in data
    assert data["schedule"]["games"] == 256 and data["schedule"]["weeks"] == 17
    assert len(data["teams"]) == 32
    wins = sum(t["wins"]["mean"] for t in data["teams"])
    losses = sum(t["losses_mean"] for t in data["teams"])
    ties = sum(t["ties_mean"] for t in data["teams"])
    assert wins == losses and wins + ties / 2 == 256
    for key in ("wins_correlation", "wins_rmse", "pythagorean_correlation", "pythagorean_rmse"):
        assert isinstance(data["league"][key], float)
    patriots = next(t for t in data["teams"] if t["code"] == "nwe")
    assert patriots["real"] == {"wins": 14, "losses": 2, "ties": 0, "points_for": 441,
                                "points_against": 250, "playoffs": True, "champion": True}
    assert patriots["bye_odds"] in (0.0, 1.0)
    assert len(data["playoffs"]["games"]) == 11            # 4 WC, 4 DIV, 2 CON, SB
    assert sum(t["title_odds"] for t in data["teams"]) == 1.0

    for frame in (pd.read_csv(standings), pl.read_csv(standings).to_pandas()):
        assert len(frame) == 32
        row = frame[frame["team"] == "nwe"].iloc[0]
        assert row["real_wins"] == 14 and row["wins_mean"] == patriots["wins"]["mean"]
    for frame in (pd.read_parquet(box), pl.read_parquet(box).to_pandas()):
        assert len(frame) == 2 * (256 + 11)
        assert {"game_id", "team", "opponent", "home_away", "result", *TEAM_STAT_KEYS} <= set(
            frame.columns)
        reg = frame[frame["game_type"] == "REG"]
        won = reg[reg["result"] == "W"].groupby("team").size()
        assert won.get("NWE", 0) == patriots["wins"]["mean"]
        assert (reg["points_for"] > reg["points_against"]).sum() == len(reg[reg["result"] == "W"])


def test_a_dask_cluster_gives_the_same_replays(tmp_path: Path) -> None:
    pytest.importorskip("dask.distributed")
    one, games1 = play_tiny(1, tmp_path)
    st = tiny_setup()
    sheets = {c: bundled_sheet("legends-pro", 2016, c) for c in CODES}
    games_out = tmp_path / "games-dask.csv"
    league = league_of(st, sheets, 7, "solitaire", {})  # type: ignore[arg-type]
    run = Season(st, league, 2, "solitaire", Writers(None, games_out, None)).play(1, "local:2")
    assert json.dumps(season_json(run), sort_keys=True) == json.dumps(one, sort_keys=True)
    assert games_out.read_bytes() == games1.read_bytes()


def test_season_refuses_a_bad_dask_address() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "scrimmage.cli", "season", "--season", "2016",
         "--dask", "local:zero"], capture_output=True, text=True)
    assert proc.returncode == 2 and "local:N" in proc.stderr
