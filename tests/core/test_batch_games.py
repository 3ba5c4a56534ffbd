"""A batch game (issue 36): nobody reads its answers, so none is logged, and once it ends it
is no reference cycle (freed as soon as nobody holds it, not left for the cyclic collector).
It is the same game either way."""

from __future__ import annotations

import gc
from typing import Any

import pytest

from scrimmage.api import make_coaches
from scrimmage.core.dice import SeededDice
from scrimmage.core.driver import drive
from scrimmage.core.ruleset import find_ruleset

RULESETS = ("legends-pro", "grid", "5d20", "1st-and-roll")


def _game(rules: str, seed: int, log: list[Any] | None) -> Any:
    rs = find_ruleset(rules)
    home, away = (rs.load_team(rs.team_data(n), n) for n in rs.team_names()[:2])
    game = rs.new_game(home, away, SeededDice(seed), {}, narrate=False)
    drive(game, make_coaches(rs, "solitaire", seed), log)
    return game


@pytest.mark.parametrize("rules", RULESETS)
def test_an_unlogged_game_is_the_logged_game(rules: str) -> None:
    log: list[Any] = []
    logged, unlogged = _game(rules, 3, log), _game(rules, 3, None)
    assert len(log) > 100                       # the answers, waved-through ones included
    assert unlogged.plays == logged.plays
    assert unlogged.score == logged.score


@pytest.mark.parametrize("rules", RULESETS)
def test_a_finished_game_leaves_the_collector_nothing(rules: str) -> None:
    _game(rules, 4, [])                     # first use: caches and imports made
    gc.collect()
    gc.disable()
    try:
        _game(rules, 5, [])
        assert gc.collect() == 0            # every object freed when the game was dropped
    finally:
        gc.enable()
