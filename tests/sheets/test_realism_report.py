"""The realism report (issue 38): percentiles of the real figures among a season's replays,
the spread of wins, and `scrimmage fidelity --replays N --report FILE.html` on a short season
(four bundled 2016 clubs, six games: the season machinery's own test schedule)."""

from __future__ import annotations

import json
import math
from collections.abc import Iterator
from importlib.util import find_spec
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import scrimmage.season.replay as replay_module
from scrimmage.cli import app
from scrimmage.core.errors import ScrimmageError
from scrimmage.core.stats import TEAM_STAT_KEYS
from scrimmage.season.data import Format, ScheduledGame, season_teams
from scrimmage.season.data import TeamSeason as Club
from scrimmage.season.replay import SeasonRun, Setup, Tally
from scrimmage.sheets.real.realism import (
    FIGURES,
    RealismReport,
    percentile_of,
    quantile,
    realism_report,
    sd,
)
from scrimmage.sheets.real.realism_html import render
from scrimmage.sheets.real.stats import TeamSeason as Row

CODES = ("atl", "nwe", "sea", "kan")


# --- the numbers, by hand ------------------------------------------------------------------

def test_percentile_is_the_mid_rank() -> None:
    ten = [float(x) for x in range(1, 11)]
    assert percentile_of(5, ten) == 45.0          # 4 below, 1 equal: (4 + 0.5) / 10
    assert percentile_of(5.5, ten) == 50.0
    assert percentile_of(0, ten) == 0.0
    assert percentile_of(11, ten) == 100.0
    assert percentile_of(10, ten) == 95.0


def test_percentile_splits_ties_in_half() -> None:
    assert percentile_of(9, [8, 9, 9, 9, 10]) == 50.0     # (1 + 3 / 2) / 5
    assert percentile_of(3, [3, 3, 3, 3]) == 50.0          # equal to every replay: the middle
    assert percentile_of(8, [8, 9, 9, 9, 10]) == 10.0      # (0 + 1 / 2) / 5
    assert percentile_of(7, [7, 7, 9, 12]) == 25.0


def test_percentile_of_nothing_is_refused() -> None:
    with pytest.raises(ValueError):
        percentile_of(1, [])


def test_quantile_and_sd() -> None:
    assert quantile([1, 2, 3, 4, 5], 0.1) == pytest.approx(1.4)
    assert quantile([5, 1, 3], 0.5) == 3.0
    assert sd([2, 4, 4, 4, 5, 5, 7, 9]) == pytest.approx(math.sqrt(32 / 7))
    assert sd([3]) == 0.0


def _club(code: str, wins: int) -> Club:
    return Club(code, code.upper(), "NFL", "AFC", "AFC East", wins, 4 - wins, 0, 0, 0,
                False, False)


def _row(code: str, wins: int, points_for: float) -> Row:
    values: dict[str, float | None] = {"games": 4, "wins": wins, "points_for": points_for}
    return Row("NFL", 2016, code, code.upper(), values, {})


def test_report_of_hand_made_replays() -> None:
    """Two clubs, four replays of a four-game season: every number worked out by hand."""
    clubs = [_club("aaa", 3), _club("bbb", 1)]
    st = Setup("legends-pro", "pro", 2016, clubs, [], [], "hand-made")
    a_wins, b_wins = [4, 3, 3, 2], [0, 1, 1, 2]
    box = dict.fromkeys(TEAM_STAT_KEYS, 0.0)        # a replay's box totals hold every key
    lines = [{"aaa": {**box, "wins": a, "games": 4, "points_for": 80 + 4 * i},
              "bbb": {**box, "wins": b, "games": 4, "points_for": 60}}
             for i, (a, b) in enumerate(zip(a_wins, b_wins, strict=True))]
    run = SeasonRun(st, 4, 1, "solitaire", {c.code: Tally() for c in clubs}, {},
                    {c.code: c.name for c in clubs}, lines=lines)
    report = realism_report(run, {"aaa": _row("aaa", 3, 88), "bbb": _row("bbb", 1, 40)})
    a, b = (t.figures for t in report.teams)
    assert a["wins"].percentile == 50.0                   # 1 below, 2 equal of 4
    assert b["wins"].percentile == 50.0
    # points per game: aaa's replays 20, 21, 22, 23 against a real 22; bbb 15 against 10
    assert a["points_for"].sims == [20, 21, 22, 23]
    assert a["points_for"].percentile == 62.5
    assert b["points_for"].percentile == 0.0 and b["points_for"].in_band is False
    assert a["rush_att"].percentile is None                 # no real figure: not counted
    assert report.band_counts("points_for") == {"below": 1, "in_band": 1, "above": 0,
                                                "missing": 0}
    assert report.share_in_band(["wins", "points_for", "rush_att"]) == 0.75
    assert report.league_mean("points_for") == (16.0, 18.25)     # (22 + 10) / 2, (21.5 + 15) / 2
    assert report.league_mean("rush_att") == (None, 0.0)
    spread = report.spread
    assert spread is not None
    assert spread.real_sd == pytest.approx(math.sqrt(2))
    assert spread.replay_sds == pytest.approx([math.sqrt(8), math.sqrt(2), math.sqrt(2), 0])
    assert spread.mean_sim_sd == pytest.approx(math.sqrt(2))    # means 3 and 1
    assert spread.team_sd == pytest.approx(sd([4, 3, 3, 2]))
    assert spread.coin_flip_sd == 1.0
    assert spread.to_json()["real_sd_percentile"] == 50.0      # 1 below, 2 equal of 4


def test_a_single_replay_is_no_spread() -> None:
    st = Setup("legends-pro", "pro", 2016, [_club("aaa", 3)], [], [], "hand-made")
    run = SeasonRun(st, 1, 1, "solitaire", {"aaa": Tally()}, {}, {"aaa": "AAA"},
                    lines=[{"aaa": {"wins": 3, "games": 4}}])
    with pytest.raises(ValueError, match="at least 2"):
        realism_report(run, {})


# --- the command on a short season ---------------------------------------------------------

def tiny_setup(rules: str, season: int) -> Setup:
    teams = [t for t in season_teams("pro", 2016) if t.code in CODES]
    games = [ScheduledGame(1, "atl", "nwe"), ScheduledGame(1, "sea", "kan"),
             ScheduledGame(2, "nwe", "sea"), ScheduledGame(2, "kan", "atl"),
             ScheduledGame(3, "atl", "sea"), ScheduledGame(3, "nwe", "kan")]
    formats = [Format(c, 2, 0, False, 0, True) for c in ("AFC", "NFC")]
    return Setup("legends-pro", "pro", 2016, teams, games, formats, "test schedule")


@pytest.fixture(scope="module")
def short_run(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Path, dict[str, Any]]]:
    """One run of the command (in this process, so the short season stands in for 2016)."""
    html = tmp_path_factory.mktemp("realism") / "report.html"
    with pytest.MonkeyPatch.context() as m:
        m.setattr(replay_module, "setup", tiny_setup)
        result = CliRunner().invoke(app, ["fidelity", "--season", "2016", "--replays", "3",
                                          "--workers", "1", "--report", str(html), "--json"])
    assert result.exit_code == 0, result.output
    yield html, json.loads(result.stdout)


def test_the_command_writes_every_team_and_the_json(short_run: tuple[Path, dict[str, Any]]
                                                    ) -> None:
    html, data = short_run
    for key in ("rules", "season", "replays", "seed", "coach", "schedule", "band", "figures",
                "core", "rare", "percentile", "teams", "wins_spread", "summary"):
        assert key in data, key
    assert data["replays"] == 3 and data["schedule"] == "test schedule"
    assert sorted(data["teams"]) == sorted(CODES)
    for team in data["teams"].values():
        assert set(team["figures"]) == set(FIGURES)
        wins = team["figures"]["wins"]
        assert set(wins) == {"real", "sim_mean", "sim_sd", "sim_p10", "sim_p90", "percentile",
                             "in_band"}
        assert 0 <= wins["percentile"] <= 100
        assert wins["sim_mean"] <= 3                       # three games a club
    for key in ("real_sd", "replay_sd_mean", "replay_sd_p10", "replay_sd_p90",
                "real_sd_percentile", "mean_sim_wins_sd", "team_sd_mean", "coin_flip_sd"):
        assert isinstance(data["wins_spread"][key], float), key
    summary = data["summary"]
    assert summary["teams"] == 4 and set(summary["by_figure"]) == set(FIGURES)
    assert set(summary["league_mean"]["wins"]) == {"real", "sim"}
    assert all(sum(c.values()) == 4 for c in summary["by_figure"].values())
    text = html.read_text(encoding="utf-8")
    assert text.startswith("<!DOCTYPE html>") and text.rstrip().endswith("</html>")
    for t in season_teams("pro", 2016):
        if t.code in CODES:
            assert t.name in text
    # the bundled statistics' real figures: the 2016 Patriots scored 441 in 16 games
    assert data["teams"]["nwe"]["figures"]["points_for"]["real"] == pytest.approx(441 / 16)


def test_the_page_says_how_to_get_the_charts(short_run: tuple[Path, dict[str, Any]],
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    import scrimmage.plot.style as style

    def missing() -> None:
        raise ScrimmageError(style.INSTALL_HINT)

    html, _ = short_run
    if find_spec("matplotlib") is not None:
        assert html.read_text(encoding="utf-8").count("<img") == 3
    report = _report_of(short_run[1])
    monkeypatch.setattr(style, "require_matplotlib", missing)
    page = render(report)
    assert "pip install 'scrimmage[plot]'" in page and "<img" not in page


def _report_of(data: dict[str, Any]) -> RealismReport:
    """A report with no teams, for the page's frame (the charts' part is what is checked)."""
    from scrimmage.sheets.real.realism import WinSpread

    return RealismReport(data["rules"], data["season"], data["replays"], data["seed"],
                         data["coach"], data["schedule"], [],
                         WinSpread(1.0, [1.0, 2.0], 1.0, 1.0, 1.0))


@pytest.mark.parametrize(("args", "message"), [
    (["--replays", "1"], "at least 2"),
    (["--replays", "3", "--season", "1900"], "no pro season 1900"),
    (["--replays", "3", "--report", "/nonexistent-folder/r.html"], "does not exist"),
    (["--report", "r.html"], "needs --replays"),
    (["--replays", "3", "--team", "nwe"], "leave out"),
    (["--replays", "3", "--rules", "grid"], "season replays exist for"),
])
def test_bad_input_is_one_line(args: list[str], message: str) -> None:
    result = CliRunner().invoke(app, ["fidelity", *args])
    assert result.exit_code == 2
    lines = [ln for ln in result.output.splitlines() if ln.strip()]
    assert len(lines) == 1 and message in lines[0], result.output


def test_the_replays_run_under_a_progress_bar(monkeypatch: pytest.MonkeyPatch) -> None:
    import io

    from rich.console import Console

    import scrimmage.sheets.command as command

    screen = io.StringIO()
    monkeypatch.setattr(command, "err", Console(file=screen, force_terminal=True, width=100))
    monkeypatch.setattr(replay_module, "setup", tiny_setup)
    result = CliRunner().invoke(app, ["fidelity", "--replays", "2", "--workers", "1"])
    assert result.exit_code == 0, result.output
    assert "replaying 2016" in screen.getvalue() and "18/18" in screen.getvalue()
    assert "in band" in result.stdout                     # the summary, without --report
