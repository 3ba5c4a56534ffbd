"""The equilibrium coach for 1st & Roll (issue 20): die choices solved, not guessed.

At each down it computes the payoff of every offense x defense die pair exactly
(`coaches/roll_payoffs.py`: the faces of the dice, the penalty and return rules, valued by the
1st & Roll win-probability tables), solves the 3 x 3 zero-sum game and draws its colour from
its side's optimal mix with its own dice (`call_game.CallGameCoach`). FR-18's long bomb, asked
of the offense once it has seen the defense did not pick green, takes the better of the two
values the matrix was built from.

Every other choice (fourth down, the clock, kicks, penalties, returns, overtime) is the
sensible coach's, and so is a two-point try's die (a flag repeats the try, which the one-down
matrix does not value): the two coaches differ only in how they call downs.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from scrimmage.coaches.call_game import CallGameCoach
from scrimmage.coaches.roll import SensibleCoach
from scrimmage.coaches.roll_payoffs import RollPayoffs, payoffs
from scrimmage.core.decisions import Decision, Kind
from scrimmage.core.payoffs import Payoffs
from scrimmage.rules.roll.game import RollGame


class RollEquilibriumCoach(CallGameCoach):
    """1st & Roll die choices from the equilibrium of the exact payoff matrix."""

    def __init__(self, seed: int, rules: str = "1st-and-roll") -> None:
        super().__init__(seed, rules, SensibleCoach(seed * 2 + 1))
        self.bombs: RollPayoffs | None = None
        """The last matrix's long-bomb values (FR-18's question comes after the calls)."""

    def snap_key(self, game: Any, decision: Decision) -> Hashable:
        g: RollGame = game
        s = g.s
        return (len(s.plays), s.space, s.possession, s.down, s.ydstogo, s.yardline,
                s.score[s.possession], s.score[s.possession.other])

    def matrix(self, game: Any, decision: Decision) -> Payoffs:
        self.bombs = payoffs(game, self.tables)
        return self.bombs.payoffs

    def solves(self, decision: Decision) -> bool:
        return not decision.info.get("two_point")

    def decide(self, decision: Decision, view: Any) -> str:
        if decision.kind is Kind.LONG_BOMB and self.bombs is not None:
            return "bomb" if self.bombs.bomb > self.bombs.no_bomb else "no"
        if decision.kind is Kind.PLAY_CALL and not self.solves(decision):
            self.bombs = None       # a try's long bomb is the sensible coach's too
        return super().decide(decision, view)
