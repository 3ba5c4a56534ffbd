"""Invariants over many whole games of 1st & Roll.

Random coaches answer every decision uniformly among the legal options, so their games reach
corners no sensible coach would (onside kicks at every kickoff, long bombs from the 5, two
timeouts on the first clock move); sensible (`solitaire`) coaches play ordinary games. Every
game is played once, in a module fixture that keeps only the violations; each test then
asserts that one invariant held in every game.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

import pytest

from scrimmage.api import play_game
from scrimmage.core.ruleset import find_ruleset

N_RANDOM = 300
N_SENSIBLE = 150
SNAPS = {"run", "pass", "no_play", "punt", "field_goal"}


@dataclass
class Findings:
    games: int = 0
    overtime_games: int = 0
    points: list[int] = field(default_factory=list)
    violations: dict[str, list[str]] = field(default_factory=lambda: defaultdict(list))

    def check(self, name: str, ok: bool, where: str) -> None:
        if not ok and len(self.violations[name]) < 10:
            self.violations[name].append(where)


def _period(p: dict[str, Any]) -> int:
    q = p["qtr"]
    return (q + 1) // 2 if q <= 4 else q - 2


def _check_game(f: Findings, seed: int, coach: str, plays: list[dict[str, Any]],
                final: dict[str, int], finished: bool, home: str, away: str) -> None:
    where = f"{coach} seed {seed}"
    f.games += 1
    f.check("game ends", finished and bool(plays), where)
    scored = {home: 0, away: 0}
    last_period, last_space = 0, -1
    for p in plays:
        w = f"{where} play {p['play_id']}: {p['desc']}"
        if p["touchdown"]:
            scored[p["td_team"]] += 6
        if p["field_goal_result"] == "made":
            scored[p["posteam"]] += 3
        if p["extra_point_result"] == "good":
            scored[p["posteam"]] += 1
        if p["two_point_conv_result"] == "success":
            scored[p["posteam"]] += 2
        if p["safety"]:
            scored[p["safety_team"]] += 2
        f.check("running score = sum of scoring plays",
                scored == {home: p["total_home_score"], away: p["total_away_score"]}, w)
        if p["play_type"] in SNAPS and not p["two_point_attempt"]:
            f.check("ball on the field", 1 <= p["yardline_100"] <= 99, w)
            f.check("downs 1-4 and distance >= 1", 1 <= p["down"] <= 4 and p["ydstogo"] >= 1, w)
            f.check("distance to gain within the goal", p["ydstogo"] <= p["yardline_100"], w)
        period = _period(p)
        f.check("periods go forward", period >= last_period, w)
        if period != last_period:
            last_period, last_space = period, -1
        f.check("clock marker never goes back within a half", p["clock_space"] >= last_space, w)
        last_space = p["clock_space"]
        f.check("plays charge whole clock spaces", p["seconds"] % 120 == 0, w)
    f.check("final score = sum of scoring plays", scored == final, where)
    if last_period > 2:
        f.overtime_games += 1
        f.check("sudden death ends on the first score or a tie",
                final[home] != final[away] or plays[-1]["qtr"] >= 5, where)
    f.points.extend(final.values())


@pytest.fixture(scope="module")
def findings() -> Findings:
    rs = find_ruleset("1st-and-roll")
    home, away = rs.team_names()[:2]
    f = Findings()
    for coach, n in (("random", N_RANDOM), ("solitaire", N_SENSIBLE)):
        for seed in range(n):
            rec = play_game("1st-and-roll", home, away, seed=seed, coaches=coach)
            _check_game(f, seed, coach, rec.plays, rec.final_score, rec.finished, home, away)
    return f


INVARIANTS = ["game ends", "running score = sum of scoring plays", "ball on the field",
              "downs 1-4 and distance >= 1", "distance to gain within the goal",
              "periods go forward", "clock marker never goes back within a half",
              "plays charge whole clock spaces", "final score = sum of scoring plays",
              "sudden death ends on the first score or a tie"]


@pytest.mark.parametrize("name", INVARIANTS)
def test_invariant_holds_in_every_game(findings: Findings, name: str) -> None:
    assert findings.games == N_RANDOM + N_SENSIBLE
    assert not findings.violations.get(name), "\n".join(findings.violations[name])


def test_scores_look_like_football(findings: Findings) -> None:
    sensible = findings.points[-2 * N_SENSIBLE:]
    mean = sum(sensible) / len(sensible)
    assert 7 <= mean <= 40, mean
    assert findings.overtime_games > 0                # FR-39 is reached
