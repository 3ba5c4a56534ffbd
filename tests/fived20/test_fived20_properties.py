"""Invariants over many whole games of 5D20 (random and system coaches), and determinism."""

from __future__ import annotations

import pytest

import scrimmage
from scrimmage.core.field import Side
from scrimmage.core.ruleset import find_ruleset

RS = find_ruleset("5d20")
TEAMS = RS.team_names()
PLAY_TYPES = {"run", "pass", "no_play", "punt", "field_goal", "kickoff", "extra_point",
              "qb_kneel", "qb_spike"}


def _pair(seed: int) -> tuple[str, str]:
    return TEAMS[seed % len(TEAMS)], TEAMS[(seed * 7 + 3) % len(TEAMS)]


@pytest.mark.parametrize("coach", ["random", "solitaire"])
def test_invariants_hold_in_every_game(coach: str) -> None:
    for seed in range(40):
        home, away = _pair(seed)
        if home == away:
            continue
        rec = scrimmage.play_game("5d20", home, away, seed=seed, coaches=coach)
        assert rec.finished
        last_total = 0
        for p in rec.plays:
            where = f"seed {seed} play {p['play_id']}: {p['desc']}"
            assert p["play_type"] in PLAY_TYPES, where
            total = p["total_home_score"] + p["total_away_score"]
            assert total >= last_total, where
            last_total = total
            if p["play_type"] in ("run", "pass") and not p["two_point_attempt"]:
                assert 1 <= p["yardline_100"] <= 99, where
                assert 1 <= p["down"] <= 4, where
                assert p["yards_gained"] <= p["yardline_100"], where
                assert 0 <= p["seconds"] <= 40, where
            if p["complete_pass"]:
                assert p["receiver_player_name"] and p["passer_player_name"], where
            if p["rush_attempt"]:
                assert p["rusher_player_name"], where
        box = rec.box_score
        assert box[rec.home]["points_for"] == rec.final_score[rec.home]


def test_system_coaches_play_nfl_like_games() -> None:
    points, plays, n = 0.0, 0.0, 0
    for seed in range(30):
        home, away = _pair(seed)
        if home == away:
            continue
        rec = scrimmage.play_game("5d20", home, away, seed=seed)
        box = rec.box_score
        for team in (rec.home, rec.away):
            points += box[team]["points_for"]
            plays += box[team]["plays_offense"]
            n += 1
    assert 12 <= points / n <= 34, points / n
    assert 50 <= plays / n <= 80, plays / n


def test_determinism_and_replay() -> None:
    a = scrimmage.play_game("5d20", TEAMS[0], TEAMS[1], seed=5)
    b = scrimmage.play_game("5d20", TEAMS[0], TEAMS[1], seed=5)
    assert a.plays == b.plays and a.decisions == b.decisions
    assert scrimmage.replay(a).plays == a.plays
    c = scrimmage.play_game("5d20", TEAMS[0], TEAMS[1], seed=6)
    assert c.plays != a.plays
    assert set(a.final_score) == {a.home, a.away}
    assert Side.HOME.value == "HOME"


def test_player_lines_add_up_to_the_team_box_score() -> None:
    from scrimmage.core.stats import player_stats

    rec = scrimmage.play_game("5d20", TEAMS[2], TEAMS[5], seed=9)
    lines = player_stats(rec.plays)
    box = rec.box_score
    for team in (rec.home, rec.away):
        mine = [s for (t, _), s in lines.items() if t == team]
        assert sum(s["rush_yds"] for s in mine) == box[team]["rush_yds"]
        assert sum(s["rush_att"] for s in mine) == box[team]["rush_att"]
        assert sum(s["pass_cmp"] for s in mine) == box[team]["pass_cmp"]
        assert sum(s["rec_yds"] for s in mine) == box[team]["pass_yds_gross"]
        assert sum(s["pass_int"] for s in mine) == box[team]["pass_int"]
