"""Issue 20: a game with a smart coach replays bit for bit in every ruleset, though the coach
plays its choices out on copies of the game (their dice are seeded from the coach's own)."""

from __future__ import annotations

import pytest

from scrimmage.api import play_game, replay
from scrimmage.core.ruleset import find_ruleset


@pytest.mark.parametrize("rules", ["5d20", "grid", "1st-and-roll"])
def test_a_game_with_the_smart_coach_replays(rules: str) -> None:
    home, away = find_ruleset(rules).default_teams()
    coaches = {"home": "smart", "away": "solitaire"}
    rec = play_game(rules, home, away, seed=5, coaches=coaches)
    assert play_game(rules, home, away, seed=5, coaches=coaches).decisions == rec.decisions
    assert replay(rec).final_score == rec.final_score
