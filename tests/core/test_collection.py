"""The collector's threshold during batch games (core.collection): raised for the games, the
caller's own back afterwards, never made stricter, and a game plays the same either way."""

from __future__ import annotations

import gc
from collections.abc import Iterator

import pytest

from scrimmage.api import make_coaches
from scrimmage.core.collection import BATCH_YOUNG_THRESHOLD, fewer_collections
from scrimmage.core.dice import SeededDice
from scrimmage.core.driver import drive
from scrimmage.core.ruleset import find_ruleset


@pytest.fixture
def thresholds() -> Iterator[None]:
    saved = gc.get_threshold()
    yield
    gc.set_threshold(*saved)


def test_raised_inside_and_restored_after(thresholds: None) -> None:
    gc.set_threshold(700, 11, 12)
    with fewer_collections():
        assert gc.get_threshold() == (BATCH_YOUNG_THRESHOLD, 11, 12)
    assert gc.get_threshold() == (700, 11, 12)


def test_restored_when_the_games_raise(thresholds: None) -> None:
    gc.set_threshold(500, 10, 10)
    with pytest.raises(RuntimeError), fewer_collections():
        raise RuntimeError("a coach failed")
    assert gc.get_threshold() == (500, 10, 10)


@pytest.mark.parametrize("young", [0, BATCH_YOUNG_THRESHOLD * 2])
def test_a_laxer_or_disabled_collector_is_left_alone(thresholds: None, young: int) -> None:
    gc.set_threshold(young, 10, 10)
    with fewer_collections():
        assert gc.get_threshold() == (young, 10, 10)
    assert gc.get_threshold() == (young, 10, 10)


def _game_digest(rules: str, seed: int) -> tuple[int, ...]:
    rs = find_ruleset(rules)
    names = rs.team_names()
    home, away = (rs.load_team(rs.team_data(n), n) for n in names[:2])
    game = rs.new_game(home, away, SeededDice(seed), {}, narrate=False)
    drive(game, make_coaches(rs, "solitaire", seed), [])
    return (len(game.plays), *game.score.values())


def test_the_same_game_whatever_the_threshold(thresholds: None) -> None:
    gc.set_threshold(0, 10, 10)          # no automatic passes at all, left so
    without = _game_digest("legends-pro", 3)
    gc.set_threshold(700, 10, 10)        # raised for the game
    assert _game_digest("legends-pro", 3) == without
