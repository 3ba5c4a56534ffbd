"""The equilibrium coach for 1st & Roll (issue 20): die choices solved, not guessed.

At each down it computes the payoff of every offense x defense die pair exactly
(`coaches/roll_payoffs.py`: the faces of the dice, the penalty and return rules, valued by the
1st & Roll win-probability tables), solves the 3 x 3 zero-sum game (`matrix_game.solve`) and
draws its colour from its side's optimal mix with its own dice. FR-18's long bomb, asked of
the offense once it has seen the defense did not pick green, takes the better of the two
values the matrix was built from.

Every other choice (fourth down, the clock, kicks, penalties, returns, overtime) is the
sensible coach's, and so is a two-point try's die (a flag repeats the try, which the one-down
matrix does not value): the two coaches differ only in how they call downs.
"""

from __future__ import annotations

import time
from typing import Any

from scrimmage.coaches.equilibrium import CallLog, SolvedCall
from scrimmage.coaches.matrix_game import draw, exploitability, solve
from scrimmage.coaches.roll import SensibleCoach
from scrimmage.coaches.roll_payoffs import RollPayoffs, payoffs
from scrimmage.coaches.smart import smart_tables
from scrimmage.core.decisions import Decision, Kind
from scrimmage.core.dice import SeededDice
from scrimmage.rules.roll.game import RollGame


class RollEquilibriumCoach:
    """1st & Roll die choices from the equilibrium of the exact payoff matrix."""

    def __init__(self, seed: int, rules: str = "1st-and-roll") -> None:
        self.tables = smart_tables(rules)
        self.dice = SeededDice(seed)
        self.base = SensibleCoach(seed * 2 + 1)     # its own dice for everything else
        self.log = CallLog()
        self._last: tuple[tuple[Any, ...], RollPayoffs, SolvedCall] | None = None

    def lets_pass(self, kind: Kind, item: str, v: Any) -> bool:
        return self.base.lets_pass(kind, item, v)

    def sync(self, decision: Decision, view: Any) -> None:
        """Replaying a saved game: the same state gives the same matrix and the same draw."""
        self.decide(decision, view)

    def decide(self, decision: Decision, view: Any) -> str:
        if decision.kind is Kind.PLAY_CALL and not decision.info.get("two_point"):
            return self.play_call(decision, view)
        if decision.kind is Kind.LONG_BOMB and self._last is not None:
            matrix = self._last[1]
            return "bomb" if matrix.bomb > matrix.no_bomb else "no"
        return self.base.decide(decision, view)

    def solved(self, decision: Decision, view: Any) -> SolvedCall:
        """The solved down (kept for the snap: the long bomb's question reads it again)."""
        g: RollGame = view.table
        s = g.s
        key = (id(g), len(s.plays), s.space, s.possession, s.down, s.ydstogo, s.yardline,
               s.score[s.possession], s.score[s.possession.other])
        offense = decision.info.get("side") == "offense"
        if self._last is not None and self._last[0] == key:
            return SolvedCall(self._last[2].payoffs, self._last[2].equilibrium, offense)
        started = time.perf_counter()
        matrix = payoffs(g, self.tables)
        eq = solve(matrix.payoffs.values)
        self.log.seconds.append(time.perf_counter() - started)
        self.log.exploitability.append(exploitability(matrix.payoffs.values, eq))
        call = SolvedCall(matrix.payoffs, eq, offense)
        self._last = (key, matrix, call)
        return call

    def play_call(self, d: Decision, v: Any) -> str:
        call = self.solved(d, v)
        mix = call.mix()
        colours = tuple(mix)
        answer = colours[draw(tuple(mix.values()), self.dice)]
        return answer if answer in d.options else self.base.decide(d, v)
