"""The equilibrium coach for Football Legends (issue 20): play calls solved, not guessed.

At each play call it computes the payoff of every offense x defense card pair exactly
(`rules/legends/payoffs.py`: the checkoff's open numbers, the two sheets, the charts, valued
by the ruleset's win-probability tables), solves the zero-sum game with scipy's linear
program (`matrix_game.solve`) and draws its card from its side's optimal mix with its own
dice. An audible (FNL-32), where each side has seen the other's card, takes the best reply.

Every other decision (fourth down, the clock, kicks, penalties, coaching points) is the
rulebook solitaire coach's, so the two differ only in how they call plays.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

from scrimmage.analytics import tables_for
from scrimmage.coaches.legends import SolitaireCoach
from scrimmage.coaches.matrix_game import (
    Equilibrium,
    draw,
    exploitability,
    require_solver,
    solve,
)
from scrimmage.core.decisions import Decision, Kind
from scrimmage.core.dice import SeededDice
from scrimmage.core.errors import ScrimmageError
from scrimmage.core.payoffs import Payoffs
from scrimmage.rules.legends.cards import OFF_SETS
from scrimmage.rules.legends.payoffs import payoffs, shared

RUN_SETS = frozenset(OFF_SETS[:3])


@dataclass
class CallLog:
    """What the coach did at its play calls: for the benchmark and the assistant."""

    seconds: list[float] = field(default_factory=list)
    """Each call's time to compute and solve its matrix."""
    exploitability: list[float] = field(default_factory=list)
    """Each solved mix's exploitability (`matrix_game.exploitability`): 0 at an equilibrium."""


@dataclass(frozen=True)
class SolvedCall:
    """One play call solved: the payoffs, the equilibrium, and which side asked."""

    payoffs: Payoffs
    equilibrium: Equilibrium
    offense: bool

    def mix(self) -> dict[str, float]:
        cards = self.payoffs.offense if self.offense else self.payoffs.defense
        shares = self.equilibrium.rows if self.offense else self.equilibrium.cols
        return dict(zip(cards, shares, strict=True))

    def card_values(self) -> dict[str, float]:
        """Each of this side's cards against the other side's equilibrium mix, in the
        offense's unit (a defense wants it low)."""
        from scrimmage.coaches.matrix_game import col_payoffs, row_payoffs

        p, eq = self.payoffs, self.equilibrium
        if self.offense:
            return dict(zip(p.offense, row_payoffs(p.values, eq.cols), strict=True))
        return dict(zip(p.defense, col_payoffs(p.values, eq.rows), strict=True))


class EquilibriumCoach:
    """Legends play calls from the equilibrium of the exact payoff matrix."""

    def __init__(self, seed: int, rules: str) -> None:
        require_solver()
        tables = tables_for(rules)
        if tables is None:
            raise ScrimmageError(f"the equilibrium coach needs EP/WP tables, and {rules} has "
                                 "none")
        self.tables = tables
        self.dice = SeededDice(seed)
        self.base = SolitaireCoach(seed * 2 + 1)     # its own dice for everything else
        self.log = CallLog()
        self._last: tuple[tuple[Any, ...], SolvedCall] | None = None

    def lets_pass(self, kind: Kind, item: str, v: Any) -> bool:
        return self.base.lets_pass(kind, item, v)

    def sync(self, decision: Decision, view: Any) -> None:
        """Replaying a saved game: the same state gives the same matrix and the same draw."""
        self.decide(decision, view)

    def decide(self, decision: Decision, view: Any) -> str:
        if decision.kind is Kind.PLAY_CALL:
            return self.play_call(decision, view)
        if decision.kind is Kind.AUDIBLE:
            return self.audible(decision, view)
        return self.base.decide(decision, view)

    # -- the call ---------------------------------------------------------------------------
    def solved(self, decision: Decision, view: Any) -> SolvedCall:
        """The solved call for this decision (cached for the snap: an audible reuses it)."""
        state = view.table
        two_point = bool(decision.info.get("two_point"))
        key = (id(state), len(state.plays), state.clock.seconds_left, state.possession,
               state.down, state.ydstogo, state.yardline, two_point,
               decision.info.get("side"))
        if self._last is not None and self._last[0] == key:
            return self._last[1]
        started = time.perf_counter()
        p = payoffs(state, shared(state), self.tables, two_point)
        offense = decision.info.get("side") == "offense"
        category = decision.info.get("offense_category")
        if category is not None:
            # FNL-50: the offense called an exhausted set and said run or pass.
            rows = [i for i, c in enumerate(p.offense) if (c in RUN_SETS) == (category == "run")]
            if rows:
                p = Payoffs(tuple(p.offense[i] for i in rows), p.defense,
                            tuple(p.values[i] for i in rows), p.unit, p.before)
        eq = solve(p.values)
        spent = time.perf_counter() - started
        self.log.seconds.append(spent)
        self.log.exploitability.append(exploitability(p.values, eq))
        advice = SolvedCall(p, eq, offense)
        self._last = (key, advice)
        return advice

    def play_call(self, d: Decision, v: Any) -> str:
        advice = self.solved(d, v)
        cards = advice.payoffs.offense if advice.offense else advice.payoffs.defense
        shares = advice.equilibrium.rows if advice.offense else advice.equilibrium.cols
        answer = cards[draw(shares, self.dice)]
        return answer if answer in d.options else self.base.decide(d, v)

    def audible(self, d: Decision, v: Any) -> str:
        """FNL-32: both cards are known, so the best reply to the other's card."""
        last = self._last
        mine, theirs = d.info.get("own_call"), d.info.get("their_call")
        if last is None:
            return "keep"
        p = last[1].payoffs
        offense = d.info.get("side") == "offense"
        try:
            if offense:
                best = {c: p.value(c, str(theirs)) for c in d.options if c in p.offense}
                keep = p.value(str(mine), str(theirs))
                pick = max(best, key=lambda c: best[c], default="keep")
                return pick if best and best[pick] > keep else "keep"
            best = {c: p.value(str(theirs), c) for c in d.options if c in p.defense}
            keep = p.value(str(theirs), str(mine))
            pick = min(best, key=lambda c: best[c], default="keep")
            return pick if best and best[pick] < keep else "keep"
        except ValueError:          # a card outside the solved matrix (a category subgame)
            return "keep"
