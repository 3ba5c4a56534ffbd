"""`scrimmage study` (issue 19): the home win probability with its Wilson interval, the score
and margin distributions, overtime, the stopping rule, and teams of any era and file."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import polars as pl
import pytest
from typer.testing import CliRunner

import scrimmage
from scrimmage.cli import app
from scrimmage.core.ruleset import find_ruleset
from scrimmage.export.series import chunk_size, wilson_interval
from scrimmage.sim.batch import run_series
from scrimmage.sim.study import StudyRequest, half_width, run_study, study_json, summary


def _study(args: list[str]) -> dict[str, Any]:
    result = CliRunner().invoke(app, ["study", "--workers", "1", "--json", *args])
    assert result.exit_code == 0, result.output
    data: dict[str, Any] = json.loads(result.stdout)
    return data


def test_the_figures_add_up_and_match_sim(tmp_path: Path) -> None:
    """Teams from two eras, one of them a sheet file; the figures agree with each other and
    with the averages `run_series` gives for the same games."""
    sheet = tmp_path / "dolphins.toml"
    shutil.copy(Path(scrimmage.__file__).parent / "teams/legends-pro/1972-mia.toml", sheet)
    games = tmp_path / "games.parquet"
    data = _study(["--home", "1985 Chicago Bears", "--away", str(sheet), "-n", "30",
                   "--seed", "3", "--games-out", str(games)])
    n = data["games"]
    assert n == 30 and data["stopped"] == "games"
    o = data["outcomes"]
    assert o["home_wins"] + o["away_wins"] + o["ties"] == n
    wp = data["home_win_probability"]
    assert wp["estimate"] == round(o["home_wins"] / n, 6)
    low, high = wilson_interval(o["home_wins"], n)
    assert wp["ci95"] == [round(low, 6), round(high, 6)]
    assert "not won" in wp["ties"]
    df = pl.read_parquet(games)
    assert df.height == n
    assert data["overtime"]["count"] == df["overtime"].sum()
    assert data["scores"]["margin"]["mean"] == pytest.approx(df["result"].mean(), abs=1e-4)
    assert data["scores"]["total"]["quantiles"]["0.5"] == int(df["total"].sort()[14])
    assert sum(r["games"] for r in data["most_common_scores"]) <= n
    assert sum(data["score_distribution"]["margin"].values()) == n
    same = run_series("legends-pro", "1985 Chicago Bears", str(sheet), 30, 3).to_json()
    assert data["teams"] == same["teams"]


def test_until_ci_stops_at_the_first_chunk_boundary_where_the_interval_is_narrow() -> None:
    target = 0.07
    data = _study(["--rules", "1st-and-roll", "-n", "1000", "--until-ci", str(target),
                   "--seed", "5"])
    n, every = data["games"], data["check_every"]
    assert data["stopped"] == "rule"
    assert every == chunk_size(1000) and n % every == 0
    assert data["home_win_probability"]["half_width"] <= target
    shorter = _study(["--rules", "1st-and-roll", "-n", str(n - every), "--seed", "5"])
    wins = shorter["outcomes"]["home_wins"]
    assert half_width(wins, n - every) > target        # it did not stop a chunk too late


def test_the_cap_stops_a_study_the_interval_cannot_stop() -> None:
    run = run_study(StudyRequest("1st-and-roll", *find_ruleset("1st-and-roll").default_teams(),
                                 games=50, until_ci=0.001))
    data = study_json(run, StudyRequest("1st-and-roll", "a", "b", 50, until_ci=0.001))
    assert (data["games"], data["stopped"]) == (50, "games")


def test_the_rich_report_names_the_teams_and_the_interval() -> None:
    result = CliRunner().invoke(app, ["study", "--rules", "grid", "-n", "5", "--workers", "1"])
    assert result.exit_code == 0, result.output
    home, away = find_ruleset("grid").default_teams()
    for words in (home, away, "95% Wilson interval", "overtime", "margin",
                  "Most common final scores"):
        assert words in result.stdout


def test_summary_quantiles_are_the_games_own_values() -> None:
    from collections import Counter

    s = summary(Counter({3: 1, 7: 2, 10: 1}))
    assert s["mean"] == 6.75
    assert s["quantiles"] == {"0.05": 3, "0.25": 3, "0.5": 7, "0.75": 7, "0.95": 10}


@pytest.mark.parametrize("args, words", [
    (["--until-ci", "0"], "--until-ci"),
    (["--until-ci", "0.7"], "between 0 and 0.5"),
    (["--dask", "local:zero"], "local:N"),
    (["--workers", "2", "--dask", "local:2"], "do not go together"),
    (["--home", "Nobody Anywhere"], "Nobody Anywhere"),
])
def test_bad_input_is_one_line(args: list[str], words: str) -> None:
    result = CliRunner().invoke(app, ["study", "-n", "1", *args])
    assert result.exit_code == 2
    assert words in result.output
    assert len(result.output.strip().splitlines()) == 1
