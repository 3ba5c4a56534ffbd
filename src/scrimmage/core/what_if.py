"""Trying a choice on copies of a game (issue 20): the rules' own step, played again.

A coach that weighs a punt against a field goal plays each step itself on fresh copies of the
game, answering the questions inside it with some coach, and averages what the copies are worth
afterwards. The copies roll `dice` the caller gives (seeded from the coach's own dice), so a
game that uses this still replays bit for bit. Each ruleset says how to copy its game.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from scrimmage.core.decisions import Answerer, Decision, no_coach
from scrimmage.core.dice import Dice

G = TypeVar("G")
Step = Callable[[Any], None]


def play_out(game: Any, step: Step, answer: Answerer) -> None:
    """Run `step` on `game`, answering each of its questions with `answer`, and no more
    questions after it: an answerer often holds the game (`sampled_mean`'s does), and that
    cycle would leave each copy for the cyclic collector instead of freeing it at once."""
    game.coach_answer = answer
    try:
        step(game)
    finally:
        game.coach_answer = no_coach


def sampled_mean(fresh: Callable[[Dice], G], step: Callable[[G], None],
                 answer: Callable[[Decision, G], str], value: Callable[[G], float],
                 dice: Dice, budget: int) -> float:
    """The mean `value` of a fresh copy (rolling `dice`) after `step`, over `budget` plays."""
    total = 0.0
    for _ in range(budget):
        game = fresh(dice)

        def ask(decision: Decision, game: G = game) -> str:
            return answer(decision, game)

        play_out(game, step, ask)
        total += value(game)
    return total / budget
