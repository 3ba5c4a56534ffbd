"""Scenario testing: run a ruleset's steps from a set position with scripted dice and choices.

A rulebook example becomes a test in three lines: put the ball where the example says
(`game.start_at("Q2 04:12 HOME 3&7 OPP34")`), script the dice (`ScriptedDice([...])`) and the
coaches' answers by kind, then run one step and read the play record.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from scrimmage.core.decisions import Decision
from scrimmage.core.field import Side


class ScriptCoach:
    """Answers from per-kind queues (`{"play_call": ["inside_run", "zone"]}`), in the order
    the game asks; any decision not scripted gets its first option, which every ruleset
    makes the plain choice (no timeout, keep the play, kick the extra point...)."""

    def __init__(self, script: Mapping[str, Sequence[str]] | None = None) -> None:
        self.queues: dict[str, list[str]] = {k: list(v) for k, v in (script or {}).items()}
        self.asked: list[Decision] = []

    def decide(self, decision: Decision, view: Any) -> str:
        self.asked.append(decision)
        queue = self.queues.get(decision.kind.value)
        if queue:
            return queue.pop(0)
        return decision.options[0]

    @property
    def unused(self) -> dict[str, list[str]]:
        return {k: v for k, v in self.queues.items() if v}


def run_steps(game: Any, coach: ScriptCoach, steps: int = 1) -> list[dict[str, Any]]:
    """Run `steps` steps of `game` (each a snap, a kick or a try); returns the new plays.
    Each answer is checked like the driver checks it (an illegal one raises)."""
    start = len(game.plays)
    views = {side: game.view(side) for side in Side}

    def answer(decision: Decision) -> str:
        return decision.check(coach.decide(decision, views[decision.seat]))

    game.coach_answer = answer
    for _ in range(steps):
        game.step()
        game.end_of_period_check()
        if game.over:
            break
    return list(game.plays[start:])
