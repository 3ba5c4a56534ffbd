"""Helpers for 1st & Roll scenario tests: games put at a situation with scripted dice, and
face numbers named by what the face shows (the bundled stand-in faces, rules/roll/data)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from scrimmage.core.dice import ScriptedDice
from scrimmage.core.ruleset import find_ruleset
from scrimmage.core.scenario import ScriptCoach, run_steps
from scrimmage.rules.roll.dice import bundled_dice
from scrimmage.rules.roll.game import RollGame

DICE = bundled_dice()


def _index(faces: Sequence[str], label: str) -> int:
    return list(faces).index(label) + 1


def off(colour: str, label: str) -> int:
    """Face number of an offensive die showing `label` ("4", "(8)", "[2]")."""
    return _index([f.label for f in DICE.offense[colour].faces], label)


def dfn(colour: str, label: str) -> int:
    """Face number of a defensive die showing `label` ("-8", "FLAG")."""
    return _index([f.label for f in DICE.defense[colour].faces], label)


def clock(face: str) -> int:
    """Face number of the Clock die: "CLOCK", "T" or "-"."""
    return _index(DICE.clock, face)


def kick(value: int) -> int:
    return list(DICE.kick).index(value) + 1


def pen(code: str) -> int:
    return _index(DICE.penalty, code)


NO_FLAGS = [dfn("red", "-1"), dfn("yellow", "0")]
"""A failed block attempt with the default pair (red + yellow)."""


def game_at(situation: str, rolls: Sequence[int], next_step: str = "scrimmage",
            **options: Any) -> RollGame:
    rs = find_ruleset("1st-and-roll")
    home, away = (rs.load_team(rs.team_data(n), n) for n in rs.team_names()[:2])
    g = rs.new_game(home, away, ScriptedDice(rolls), dict(options))
    assert isinstance(g, RollGame)
    g.start_at(situation, next_step)
    return g


def step(g: RollGame, script: Mapping[str, Sequence[str]] | None = None,
         steps: int = 1) -> list[dict[str, Any]]:
    """Run steps with a scripted coach; every scripted die and answer must be used."""
    coach = ScriptCoach(script)
    plays = run_steps(g, coach, steps)
    assert not coach.unused, f"unused answers: {coach.unused}"
    dice = g.dice
    assert isinstance(dice, ScriptedDice)
    assert dice.remaining == 0, f"{dice.remaining} scripted rolls unused"
    return plays



def seeded_game(situation: str, home: int, away: int) -> RollGame:
    """The first two bundled teams at `situation` with that score, on seeded dice (for the
    coaches, which read the game and roll nothing of it)."""
    from scrimmage.core.dice import SeededDice
    from scrimmage.core.field import Side

    rs = find_ruleset("1st-and-roll")
    teams = [rs.load_team(rs.team_data(n), n) for n in rs.team_names()[:2]]
    g = rs.new_game(teams[0], teams[1], SeededDice(1), {})
    assert isinstance(g, RollGame)
    g.start_at(situation)
    g.s.score = {Side.HOME: home, Side.AWAY: away}
    return g
