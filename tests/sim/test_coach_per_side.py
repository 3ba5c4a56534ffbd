"""Coaches against each other from the command line (issue 20): `sim` and `study` take
`--home-coach` and `--away-coach`; each game is the game `play_game` plays with those coaches
and that game's seed, and the JSON says who coached."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import polars as pl
import pytest
from typer.testing import CliRunner

from scrimmage.api import coach_kinds, coach_pair, make_coaches, play_game
from scrimmage.cli import app
from scrimmage.coaches.legends import SolitaireCoach
from scrimmage.coaches.random import RandomCoach
from scrimmage.core.errors import ScrimmageError
from scrimmage.core.field import Side
from scrimmage.core.ruleset import find_ruleset
from scrimmage.sim.batch import game_seed

RULES = "legends-hs"


def _run(command: str, args: list[str]) -> dict[str, Any]:
    result = CliRunner().invoke(app, [command, "--rules", RULES, "--workers", "1", "--json",
                                      *args])
    assert result.exit_code == 0, result.output
    data: dict[str, Any] = json.loads(result.stdout)
    return data


def test_each_side_gets_its_own_coach_and_the_games_are_play_games(tmp_path: Path) -> None:
    games = tmp_path / "games.parquet"
    data = _run("sim", ["-n", "3", "--seed", "4", "--home-coach", "random",
                        "--games-out", str(games)])
    assert data["coaches"] == {"home": "random", "away": "solitaire"}
    rows = pl.read_parquet(games).to_dicts()
    for i, row in enumerate(rows):
        assert row["seed"] == game_seed(4, i)
        rec = play_game(RULES, data["home"], data["away"], seed=row["seed"],
                        coaches={"home": "random", "away": "solitaire"})
        assert rec.final_score == {data["home"]: row["home_score"],
                                   data["away"]: row["away_score"]}


def test_the_sides_matter_and_study_reports_them() -> None:
    same = _run("study", ["-n", "6", "--seed", "2"])
    away_random = _run("study", ["-n", "6", "--seed", "2", "--away-coach", "random"])
    assert same["coaches"] == {"home": "solitaire", "away": "solitaire"}
    assert away_random["coaches"] == {"home": "solitaire", "away": "random"}
    # A coach that calls plays and answers choices at random loses to the book's coach.
    assert away_random["outcomes"]["home_wins"] == 6
    assert same["score_distribution"] != away_random["score_distribution"]


def test_a_spec_names_both_sides() -> None:
    assert coach_pair("smart", "smart") == "smart"
    spec = coach_pair("random", "solitaire")
    assert coach_kinds(spec) == {"home": "random", "away": "solitaire"}
    coaches = make_coaches(find_ruleset(RULES), spec, 1)
    assert isinstance(coaches[Side.HOME], RandomCoach)
    assert isinstance(coaches[Side.AWAY], SolitaireCoach)
    for bad in ("home=random", "home=random,home=solitaire", "left=random,away=solitaire",
                "home=,away=random"):
        with pytest.raises(ScrimmageError, match="give home=KIND,away=KIND"):
            make_coaches(find_ruleset(RULES), bad, 1)


def test_an_unknown_coach_is_refused_in_one_line() -> None:
    result = CliRunner().invoke(app, ["sim", "--rules", RULES, "-n", "2", "--away-coach",
                                      "genius"])
    assert result.exit_code != 0
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert lines == ["error: unknown coach 'genius'; use solitaire, smart, equilibrium or random"]


def test_the_equilibrium_coach_plays_from_the_command_line() -> None:
    """`--home-coach equilibrium` (Legends): the JSON names it, and the game is the one
    `play_game` plays with it."""
    data = _run("sim", ["-n", "1", "--seed", "3", "--home-coach", "equilibrium"])
    assert data["coaches"] == {"home": "equilibrium", "away": "solitaire"}
    rec = play_game(RULES, data["home"], data["away"], seed=game_seed(3, 0),
                    coaches={"home": "equilibrium", "away": "solitaire"})
    assert data["score_distribution"]["home"] == {str(rec.final_score[data["home"]]): 1}
    assert data["score_distribution"]["away"] == {str(rec.final_score[data["away"]]): 1}
