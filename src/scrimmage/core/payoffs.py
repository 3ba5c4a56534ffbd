"""A play call's payoff matrix, whatever the game (issue 20).

In the simultaneous-call games each side picks a call unseen; `Payoffs` holds what every
offense x defense pair is worth to the offense, so the coaches and the assistant read any
ruleset's matrix the same way (`rules/legends/payoffs.py`, `coaches/roll_payoffs.py`).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

FLAT_WP = 0.001
"""When no call pair moves the win probability by more than this (a game decided, or far
from its end), a matrix is in expected points instead."""


def flat(wps: Iterable[float]) -> bool:
    """Whether these win probabilities lie within `FLAT_WP` of one another: the choice they
    price is then shown and made in expected points."""
    values = list(wps)
    return max(values) - min(values) < FLAT_WP


@dataclass(frozen=True)
class Payoffs:
    """The offense's payoff for each (offensive call, defensive call), in `unit` ("wp":
    win probability, "ep": expected points, "points") and the value before the snap."""

    offense: tuple[str, ...]
    defense: tuple[str, ...]
    values: tuple[tuple[float, ...], ...]
    unit: str
    before: float

    def value(self, off_call: str, def_call: str) -> float:
        return self.values[self.offense.index(off_call)][self.defense.index(def_call)]
