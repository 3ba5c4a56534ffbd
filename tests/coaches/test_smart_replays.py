"""Issue 20: a game with a smart or an equilibrium coach replays bit for bit in every ruleset,
though the coach plays its choices out on copies of the game or draws its calls from a mix
(its dice are seeded from the coach's own), and `sim` pits the coaches against each other."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from scrimmage.api import play_game, replay
from scrimmage.cli import app
from scrimmage.core.ruleset import find_ruleset


@pytest.mark.parametrize(("rules", "coach"), [
    ("5d20", "smart"), ("grid", "smart"), ("1st-and-roll", "smart"),
    ("grid", "equilibrium"), ("1st-and-roll", "equilibrium"),
])
def test_a_game_with_a_computed_coach_replays(rules: str, coach: str) -> None:
    home, away = find_ruleset(rules).default_teams()
    coaches = {"home": coach, "away": "solitaire"}
    rec = play_game(rules, home, away, seed=5, coaches=coaches)
    assert play_game(rules, home, away, seed=5, coaches=coaches).decisions == rec.decisions
    assert replay(rec).final_score == rec.final_score


@pytest.mark.parametrize("rules", ["grid", "roll"])
def test_sim_pits_the_equilibrium_coach_against_another(rules: str) -> None:
    result = CliRunner().invoke(app, ["sim", "--rules", rules, "--games", "1", "--json",
                                      "--home-coach", "random", "--away-coach", "equilibrium"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["coaches"] == {"home": "random", "away": "equilibrium"}
