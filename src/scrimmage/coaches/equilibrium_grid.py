"""The equilibrium coach for The Grid (issue 20): play cards solved, not guessed.

At each down it computes the payoff of every offense x defense card pair exactly
(`coaches/grid_payoffs.py`: the d20 and its modifiers, the yardage dice, the timing deck's
next card, valued by The Grid's win-probability tables), solves the 13 x 20 zero-sum game and
draws its card from its side's optimal mix with its own dice (`call_game.CallGameCoach`).

Every other choice (fourth down and field goals, extra cards, timeouts and re-rolls, lineups,
overtime) is the sensible coach's: the two coaches differ only in how they call plays.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from scrimmage.coaches.call_game import CallGameCoach
from scrimmage.coaches.grid import SensibleCoach
from scrimmage.coaches.grid_payoffs import payoffs
from scrimmage.core.decisions import Decision
from scrimmage.core.payoffs import Payoffs
from scrimmage.rules.grid.game import GridGame


class GridEquilibriumCoach(CallGameCoach):
    """The Grid's play calls from the equilibrium of the exact payoff matrix."""

    def __init__(self, seed: int, rules: str = "grid") -> None:
        super().__init__(seed, rules, SensibleCoach(seed * 2 + 1))

    def snap_key(self, game: Any, decision: Decision) -> Hashable:
        g: GridGame = game
        return (len(g.plays), g.clock.period, g.clock.cards_left, g.possession, g.ball, g.down,
                g.marker, g.score[g.possession], g.score[g.possession.other],
                tuple(id(p) for t in g.teams.values() for p in t.lineup.players))

    def matrix(self, game: Any, decision: Decision) -> Payoffs:
        return payoffs(game, self.tables)
