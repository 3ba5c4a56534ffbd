"""The fidelity report (issue #4): real against simulated figures, with their errors."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

import scrimmage.sheets.real.legends as S
from scrimmage.sheets.real.fidelity import METRICS, TARGETS, fidelity, format_report
from scrimmage.sheets.real.stats import read_stats

NFL2016 = Path(__file__).resolve().parents[1] / "data" / "build" / "nfl2016.csv"


@pytest.fixture(autouse=True)
def short_simulations(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[None]:
    monkeypatch.setattr(S, "AVG_GAMES", 16)
    monkeypatch.setattr(S, "TEAM_ROUND_GAMES", (8, 8))
    # Calibrated averages are cached in the user's cache folder: a folder of the test's own.
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    S._AVG_CACHE.clear()
    yield
    S._AVG_CACHE.clear()


def test_report_compares_every_figure_and_summarises_errors() -> None:
    report = fidelity(read_stats(NFL2016), "legends-pro", 2016, games=4, team="nwe")
    assert [t.code for t in report.teams] == ["nwe"]
    team = report.teams[0]
    assert team.real["points_for"] == pytest.approx(441 / 16)
    for metric in METRICS:
        assert team.sim[metric] is not None, metric
        err = team.error(metric)
        assert err is not None and err >= 0
        assert report.mape(metric) == pytest.approx(err)
    data = report.to_json()
    assert set(data["mape"]) == set(METRICS) and data["targets"] == TARGETS
    lines = format_report(report)
    assert lines[-1].startswith("MAPE %")


def test_fidelity_refuses_a_ruleset_without_sheets() -> None:
    with pytest.raises(ValueError, match="legends-pro and legends-college"):
        fidelity(read_stats(NFL2016), "legends-hs", 2016, games=1)


def test_cli_fidelity_json(cached_average: Callable[..., None]) -> None:
    cached_average(NFL2016, 2016)
    proc = subprocess.run([sys.executable, "-m", "scrimmage.cli", "fidelity", "--stats",
                           str(NFL2016), "--season", "2016", "--team", "dal", "--games", "2",
                           "--json"], capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stderr
    data = json.loads(proc.stdout)
    assert data["season"] == 2016 and list(data["teams"]) == ["dal"]


def test_bundled_sheet_is_read_only_where_the_package_ships_one() -> None:
    """The benchmark reads a bundled season's sheets instead of building them again: a
    bundled team gives the shipped text, a season without bundled sheets (or another
    seed, which builds another sheet) gives None."""
    from scrimmage.sheets.legends.generator import bundled_dir
    from scrimmage.sheets.real.fidelity import bundled_sheet
    from scrimmage.sheets.real.stats import find_team, season_rows

    rows = read_stats(NFL2016)
    nwe = find_team(season_rows(rows, 2016, "pro"), "nwe")
    text = bundled_sheet(nwe)
    assert text == (bundled_dir("pro") / "2016-nwe.toml").read_text(encoding="utf-8")
    assert bundled_sheet(nwe, seed=2) is None
    other = read_stats(Path(__file__).resolve().parents[1] / "data" / "build" / "nfl1962.csv")
    gnb = find_team(season_rows(other, 1962, "pro"), "gnb")
    assert bundled_sheet(gnb) is not None                      # the pro pack's 1962 Packers
    assert all(bundled_sheet(r) is None for r in season_rows(other, 1962, "pro")
               if r.code != "gnb")
