"""A coach that answers every decision uniformly at random among the legal options: a fuzzer
that drives any ruleset into corners no sensible coach would reach."""

from __future__ import annotations

from typing import Any

from scrimmage.core.compiled import mypyc_attr
from scrimmage.core.decisions import Decision
from scrimmage.core.dice import SeededDice


@mypyc_attr(allow_interpreted_subclasses=True)  # a coach is a public base class
class RandomCoach:
    """Uniform over the legal options, with its own seeded dice."""

    def __init__(self, seed: int) -> None:
        self.dice = SeededDice(seed)

    def decide(self, decision: Decision, view: Any) -> str:
        opts = decision.options
        return opts[self.dice.roll(len(opts)) - 1]

    def sync(self, decision: Decision, view: Any) -> None:
        """Replaying a saved game: make the same draw again so later choices match."""
        self.decide(decision, view)
