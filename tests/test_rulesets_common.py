"""One generic test that every registered ruleset must pass (as OpenSpiel does for its games):
whole games end, replay bit for bit, keep a consistent score and clock, and the statistics
computed from the play records agree with the final score."""

from __future__ import annotations

import json

import pytest

import scrimmage
from scrimmage.core.ruleset import find_ruleset

RULESETS = scrimmage.rulesets()


def _teams(rules: str) -> tuple[str, str]:
    names = find_ruleset(rules).team_names()
    if len(names) < 2:
        pytest.skip(f"{rules} has no bundled teams yet")
    return names[0], names[1]


@pytest.mark.parametrize("rules", RULESETS)
@pytest.mark.parametrize("coach", ["solitaire", "random"])
def test_games_end_replay_and_add_up(rules: str, coach: str) -> None:
    home, away = _teams(rules)
    for seed in range(12):
        rec = scrimmage.play_game(rules, home, away, seed=seed, coaches=coach)
        assert rec.finished
        again = scrimmage.replay(rec)
        assert again.plays == rec.plays, f"{rules} seed {seed}: replay differs"
        box = rec.box_score
        assert box[rec.home]["points_for"] == rec.final_score[rec.home]
        assert box[rec.away]["points_for"] == rec.final_score[rec.away]
        last_q, last_s = 0, 10**9
        for p in rec.plays:
            if p["qtr"] != last_q:
                last_q, last_s = p["qtr"], 10**9
            assert p["quarter_seconds_remaining"] <= last_s, f"{rules} seed {seed}: clock went up"
            last_s = p["quarter_seconds_remaining"]
        json.dumps(rec.to_json())          # a record always saves


@pytest.mark.parametrize("rules", RULESETS)
def test_same_seed_same_game_other_seed_other_game(rules: str) -> None:
    home, away = _teams(rules)
    a = scrimmage.play_game(rules, home, away, seed=41)
    b = scrimmage.play_game(rules, home, away, seed=41)
    c = scrimmage.play_game(rules, home, away, seed=42)
    assert a.plays == b.plays and a.decisions == b.decisions
    assert a.plays != c.plays
