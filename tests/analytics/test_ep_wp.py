"""Expected points and win probability (issue 18): the shipped tables, their lookups, the
`ep`/`epa`/`wp`/`wpa` columns of `scrimmage sim --pbp`, the loader's refusals and the rebuild
command (docs/ep-wp.md)."""

from __future__ import annotations

import gzip
from dataclasses import replace
from itertools import pairwise
from pathlib import Path

import pandas as pd
import pytest
from typer.testing import CliRunner

from scrimmage.analytics import RULESETS, Situation, epwp, load_tables, read_tables, tables_for
from scrimmage.analytics.epwp_data import Matchups, next_scores
from scrimmage.analytics.tables import Tables
from scrimmage.cli import app
from scrimmage.core.errors import ScrimmageError


def _situation(tables: Tables, **given: object) -> Situation:
    half = tables.game_seconds // 2
    values: dict[str, object] = {"score_differential": 0, "half_seconds_remaining": half,
                                 "game_seconds_remaining": tables.game_seconds}
    values.update(given)
    return Situation(**values)  # type: ignore[arg-type]


@pytest.mark.parametrize("rules", RULESETS)
def test_lookups_are_in_range(rules: str) -> None:
    tables = load_tables(rules)
    assert all(-8 <= v <= 8 for v in tables.ep_grid)
    assert all(0 <= v <= 1 for v in tables.wp_grid)
    for yard in (1, 20, 50, 80, 99):
        for down in (1, 2, 3, 4):
            s = _situation(tables, yardline_100=yard, down=down, ydstogo=min(10, yard))
            assert -8 <= tables.ep(s) <= 8
            assert 0 <= tables.wp(s) <= 1
    assert 0.5 < tables.tries["xp"] <= 1 and 0 < tables.tries["2pt"] <= 2


@pytest.mark.parametrize("rules", RULESETS)
def test_ep_rises_toward_the_goal_line(rules: str) -> None:
    tables = load_tables(rules)
    for down in (1, 2, 3, 4):
        for half_left in (1000, 200, 60, 10):
            eps = [tables.ep(_situation(tables, yardline_100=yard, down=down, ydstogo=10,
                                        half_seconds_remaining=half_left))
                   for yard in range(99, 0, -1)]
            assert eps == sorted(eps)
    if rules == "grid":
        # GRID-1: a 60-yard field where eight a side score often, so even the own 5 is worth
        # points to the team with the ball.
        first = [tables.ep(_situation(tables, yardline_100=y, ydstogo=20)) for y in (55, 40, 25, 5)]
        assert first == sorted(first) and first[-1] - first[0] > 3
        return
    first_and_ten = [tables.ep(_situation(tables, yardline_100=y)) for y in (95, 75, 50, 25, 5)]
    assert first_and_ten[0] < 0 < first_and_ten[-1]
    assert first_and_ten[-1] - first_and_ten[0] > 4


@pytest.mark.parametrize("rules", RULESETS)
def test_wp_rises_with_the_lead(rules: str) -> None:
    tables = load_tables(rules)
    for left in (tables.game_seconds, tables.game_seconds // 2, 600, 100, 20):
        for yard in (80, 40, 5):
            wps = [tables.wp(_situation(tables, score_differential=lead, yardline_100=yard,
                                        game_seconds_remaining=left,
                                        half_seconds_remaining=min(left,
                                                                   tables.game_seconds // 2)))
                   for lead in range(-30, 31)]
            assert wps == sorted(wps)
    # FR-13, DATA-FR-2: 1st & Roll's last snaps are on the 2:00 space of its clock track.
    end = 120 if rules == "1st-and-roll" else 30
    late = _situation(tables, game_seconds_remaining=end, half_seconds_remaining=end)
    assert tables.wp(replace(late, score_differential=10)) > 0.95
    assert tables.wp(replace(late, score_differential=-10)) < 0.05


def test_every_ruleset_has_tables() -> None:
    """Issue 20: The Grid and 1st & Roll have tables too (their smart coaches read them)."""
    assert tables_for("grid") is not None and tables_for("1st-and-roll") is not None
    assert tables_for("chess") is None
    with pytest.raises(ScrimmageError, match="no EP/WP tables for chess"):
        load_tables("chess")


@pytest.fixture(scope="module")
def pbp(tmp_path_factory: pytest.TempPathFactory) -> pd.DataFrame:
    """A short legends-pro run through the real command."""
    out = tmp_path_factory.mktemp("epwp") / "pbp.parquet"
    result = CliRunner().invoke(app, ["sim", "--rules", "legends-pro", "-n", "3", "--seed", "5",
                                      "--pbp", str(out)])
    assert result.exit_code == 0, result.output
    return pd.read_parquet(out)


def test_pbp_has_ep_epa_wp_wpa(pbp: pd.DataFrame) -> None:
    for column in ("ep", "epa", "wp", "wpa"):
        assert pbp[column].dtype == "float64"
        assert pbp[column].notna().all()
    assert pbp["wp"].between(0, 1).all()
    tries = pbp[pbp["extra_point_attempt"] == 1]
    assert (tries["ep"] == load_tables("legends-pro").tries["xp"]).all()


def test_epa_is_the_next_ep_when_the_ball_stays(pbp: pd.DataFrame) -> None:
    checked = 0
    for _, game in pbp.groupby("game_id"):
        rows = game.sort_values("play_id").to_dict("records")
        for row, nxt in pairwise(rows):
            plain = (row["game_half"] == nxt["game_half"] and row["sp"] == 0
                     and not row["extra_point_attempt"] and not row["two_point_attempt"])
            if plain and row["posteam"] == nxt["posteam"]:
                assert row["epa"] == pytest.approx(nxt["ep"] - row["ep"])
                assert row["wpa"] == pytest.approx(nxt["wp"] - row["wp"])
                checked += 1
            elif plain:
                assert row["wpa"] == pytest.approx(1 - nxt["wp"] - row["wp"])
                assert row["epa"] == pytest.approx(-nxt["ep"] - row["ep"])
    assert checked > 300


def test_wpa_adds_up_to_the_result(pbp: pd.DataFrame) -> None:
    """Summed over a game from the home team's view, WPA runs from the first WP to the result."""
    for _, game in pbp.groupby("game_id"):
        game = game.sort_values("play_id")
        home = (game["posteam"] == game["home_team"]).map({True: 1.0, False: -1.0})
        first, last = game.iloc[0], game.iloc[-1]
        start = first["wp"] if first["posteam"] == first["home_team"] else 1 - first["wp"]
        final_home = (last["posteam_score_post"] if last["posteam"] == last["home_team"]
                      else last["defteam_score_post"])
        final_away = (last["defteam_score_post"] if last["posteam"] == last["home_team"]
                      else last["posteam_score_post"])
        result = 1.0 if final_home > final_away else 0.5 if final_home == final_away else 0.0
        assert start + (home * game["wpa"]).sum() == pytest.approx(result)


@pytest.mark.parametrize("rules", ["grid", "1st-and-roll"])
def test_grid_and_roll_pbp_fill_the_columns(tmp_path: Path, rules: str) -> None:
    out = tmp_path / "pbp.csv"
    result = CliRunner().invoke(app, ["sim", "--rules", rules, "-n", "1", "--pbp", str(out)])
    assert result.exit_code == 0, result.output
    frame = pd.read_csv(out)
    for column in ("ep", "epa", "wp", "wpa"):
        assert frame[column].notna().all(), column
    assert frame["wp"].between(0, 1).all()


def _broken(tmp_path: Path, change: str, into: str) -> Path:
    text = gzip.decompress(epwp.table_path("legends-hs").read_bytes()).decode()
    assert change in text
    path = tmp_path / "broken.csv.gz"
    path.write_bytes(gzip.compress(text.replace(change, into, 1).encode()))
    return path


@pytest.mark.parametrize(("change", "into", "reason"), [
    ("try,xp,,,,,", "try,xp,,,,,x", "is not a number"),
    ("\nwp,0,0,0,0,0,", "\nwp,0,0,0,0,0,7", "outside 0.0..1.0"),
    ("\nep,0,1,0,1,,", "\nep,0,1,0,1,,nan#", "is not a number"),
    ("\nkick,0,,,,,", "\nkick,9,,,,,", "cell kick,0 is missing"),
    ("# format: 1", "# format: 2", "format '2'"),
    ("\nep,0,1,0,1,,", "\nep,0,1,0,1,,1,2", "8 fields"),
])
def test_a_broken_table_is_refused_in_one_line(tmp_path: Path, change: str, into: str,
                                                reason: str) -> None:
    with pytest.raises(ScrimmageError) as error:
        read_tables(_broken(tmp_path, change, into), "legends-hs")
    message = str(error.value)
    assert reason in message and "\n" not in message


def test_a_table_for_another_ruleset_or_not_gzip_is_refused(tmp_path: Path) -> None:
    with pytest.raises(ScrimmageError, match="made for 'legends-hs', not legends-pro"):
        read_tables(epwp.table_path("legends-hs"), "legends-pro")
    plain = tmp_path / "plain.csv.gz"
    plain.write_text("ep,1\n")
    with pytest.raises(ScrimmageError, match="not a gzipped text file"):
        read_tables(plain, "legends-hs")


def test_the_rebuild_command_writes_a_well_formed_table(tmp_path: Path) -> None:
    """Eight games are enough to exercise every step of the fit; two workers or one give the
    same bytes."""
    one, two = tmp_path / "one", tmp_path / "two"
    one.mkdir()
    two.mkdir()
    args = ["--rules", "legends-hs", "--games", "8", "--seed", "3", "--quiet"]
    assert epwp.main([*args, "--out", str(one)]) == 0
    assert epwp.main([*args, "--out", str(two), "--workers", "2"]) == 0
    path = one / "legends-hs.csv.gz"
    assert path.read_bytes() == (two / "legends-hs.csv.gz").read_bytes()
    tables = read_tables(path, "legends-hs")
    assert (tables.games, tables.seed) == (8, 3)
    assert "Rebuild: python -m scrimmage.analytics.epwp --rules legends-hs --games 8 --seed 3" \
        in tables.source
    eps = [tables.ep(_situation(tables, yardline_100=y)) for y in range(99, 0, -1)]
    assert eps == sorted(eps)


def test_the_check_refuses_the_fit_seed_and_reports_bins(tmp_path: Path) -> None:
    with pytest.raises(ScrimmageError, match="held-out"):
        epwp.check("legends-hs", 2, load_tables("legends-hs").seed, epwp.table_path("legends-hs"))
    lines = epwp.check("legends-hs", 2, 12345, epwp.table_path("legends-hs"))
    assert any(line.startswith("| 0.0-0.1 |") or line.startswith("| 0.9-1.0 |")
               for line in lines)
    doc = tmp_path / "doc.md"
    doc.write_text("before\n<!-- check legends-hs -->\nold\n<!-- /check legends-hs -->\nafter\n")
    epwp.write_section(doc, "legends-hs", lines)
    text = doc.read_text()
    assert "old" not in text and "held-out games" in text and text.endswith("after\n")


def test_labels_are_the_next_score_of_the_half() -> None:
    rows = Matchups("legends-hs", 9).rows(0)
    labels = next_scores(rows)
    for row, (td, points) in zip(rows, labels, strict=True):
        if row["sp"] and not (row["extra_point_attempt"] or row["two_point_attempt"]):
            scored = row["posteam_score_post"] - row["posteam_score"]
            conceded = row["defteam_score_post"] - row["defteam_score"]
            assert 6 * td + points == scored - conceded
    assert any(td for td, _ in labels)


def test_bad_out_folder_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert epwp.main(["--rules", "legends-hs", "--games", "1", "--out", "/no/such/dir"]) == 1
    assert "--out /no/such/dir: no such folder" in capsys.readouterr().err
