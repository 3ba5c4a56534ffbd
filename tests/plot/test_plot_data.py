"""What the charts are drawn from: drive spans on the field, the home team's win probability,
the odds table and the readers' one-line refusals."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from scrimmage.core.errors import ScrimmageError
from scrimmage.plot.drives import drive_chart
from scrimmage.plot.odds import columns, percent
from scrimmage.plot.season_json import SeasonReport, read_season
from scrimmage.plot.tables import _first_copy
from scrimmage.plot.wp import OVERTIME_MINUTES, minutes_played, win_probability

SEASON_JSON = Path(__file__).parent.parent / "data" / "plot" / "season-1985-two-divisions.json"


def rows(*plays: dict[str, Any]) -> dict[str, list[Any]]:
    base = {"play_id": 0, "home_team": "HOM", "away_team": "AWY", "game_half": "Half1"}
    keys = [*base, *plays[0]]
    return {k: [{**base, "play_id": i + 1, **p}.get(k) for i, p in enumerate(plays)] for k in keys}


def test_drives_run_from_the_home_goal_line() -> None:
    game = rows(
        # home drive: kickoff (no down), snaps from its own 25, touchdown
        {"drive": 1, "posteam": "HOM", "down": None, "yardline_100": 35, "yards_gained": 0,
         "fixed_drive_result": "Touchdown"},
        {"drive": 1, "posteam": "HOM", "down": 1, "yardline_100": 75, "yards_gained": 30,
         "fixed_drive_result": "Touchdown"},
        {"drive": 1, "posteam": "HOM", "down": 1, "yardline_100": 45, "yards_gained": 45,
         "fixed_drive_result": "Touchdown"},
        # away drive: from its own 20 to a punt on its 38 after a 2-yard run
        {"drive": 2, "posteam": "AWY", "down": 1, "yardline_100": 80, "yards_gained": 20,
         "fixed_drive_result": "Punt"},
        {"drive": 2, "posteam": "AWY", "down": 4, "yardline_100": 62, "yards_gained": 0,
         "fixed_drive_result": "Punt"},
        # a kickoff returned for a score: no snap
        {"drive": 3, "posteam": "HOM", "down": None, "yardline_100": 35, "yards_gained": 65,
         "fixed_drive_result": "Touchdown"},
    )
    home, away, kick_return = drive_chart("g", game, 100).drives
    assert (home.start, home.end) == (25, 100)           # own 25 to the away goal line
    assert (away.start, away.end) == (80, 62)            # away drives leftward
    assert kick_return.team is None and kick_return.start is None


def test_a_grid_field_is_sixty_yards() -> None:
    game = rows({"drive": 1, "posteam": "HOM", "down": 1, "yardline_100": 50, "yards_gained": 50,
                 "fixed_drive_result": "Touchdown"})
    assert drive_chart("g", game, 60).drives[0].end == 60


def test_home_win_probability_is_flipped_when_away_has_the_ball() -> None:
    game = rows(
        {"posteam": "HOM", "wp": 0.6, "game_seconds_remaining": 3600, "posteam_score_post": 0,
         "defteam_score_post": 0},
        {"posteam": "AWY", "wp": 0.7, "game_seconds_remaining": 1800, "posteam_score_post": 7,
         "defteam_score_post": 3, "game_half": "Half2"},
        {"posteam": None, "wp": None, "game_seconds_remaining": 0, "posteam_score_post": None,
         "defteam_score_post": None, "game_half": "Half2"},
    )
    chart = win_probability("g", game)
    assert chart.home_wp == pytest.approx([0.6, 0.3, 0.0])   # the away team won 7-3
    assert chart.minutes == [0.0, 30.0, 60.0]
    assert (chart.home_score, chart.away_score) == (3, 7)


def test_overtime_snaps_fill_a_band_after_regulation() -> None:
    minutes, regulation = minutes_played(["Half1", "Half2", "Overtime", "Overtime"],
                                         [2880, 60, 600, 600])     # 12-minute quarters
    assert regulation == 48
    assert minutes[:2] == [0, 47]
    assert 48 < minutes[2] < minutes[3] < 48 + OVERTIME_MINUTES


def test_a_repeated_game_id_keeps_its_first_copy() -> None:
    table = {"play_id": [1, 2, 3, 1, 2], "x": ["a", "b", "c", "d", "e"]}
    assert _first_copy(table) == {"play_id": [1, 2, 3], "x": ["a", "b", "c"]}


def test_odds_never_round_to_certain() -> None:
    assert [percent(v) for v in (0.0, 0.004, 0.5, 0.996, 1.0, None)] == [
        "0%", "<1%", "50%", ">99%", "100%", "–"]


def test_the_bye_column_only_when_the_format_has_byes() -> None:
    report = read_season(SEASON_JSON)
    assert columns(report.teams) == ["division", "playoffs", "title"]
    data = json.loads(SEASON_JSON.read_text(encoding="utf-8"))
    data["teams"][0]["bye_odds"] = 0.5
    with_bye = SeasonReport.model_validate(data)
    assert columns(with_bye.teams) == ["division", "playoffs", "bye", "title"]


def test_a_season_json_without_an_agreed_key_is_refused(tmp_path: Path) -> None:
    data = json.loads(SEASON_JSON.read_text(encoding="utf-8"))
    del data["teams"][1]["real"]["wins"]
    bad = tmp_path / "season.json"
    bad.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(ScrimmageError, match=r"season --json`: teams\.1\.real\.wins: Field required"):
        read_season(bad)
