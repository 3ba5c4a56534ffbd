"""A computer coach that calls from the equilibrium of an exact payoff matrix (issue 20):
what the equilibrium coaches of Football Legends (`equilibrium.py`, which adds audibles), The
Grid (`equilibrium_grid.py`) and 1st & Roll (`equilibrium_roll.py`) share.

At a play call it asks its ruleset's payoff model for the matrix of the snap (once a snap: the
state it was computed for is its key), solves the zero-sum game (`matrix_game.solve`) and draws
its call from its side's optimal mix with its own dice. Every other choice is its base coach's.
"""

from __future__ import annotations

import time
from collections.abc import Hashable
from dataclasses import dataclass, field
from typing import Any

from scrimmage.analytics import Tables, tables_for
from scrimmage.coaches.matrix_game import (
    Equilibrium,
    col_payoffs,
    draw,
    exploitability,
    require_solver,
    row_payoffs,
    solve,
)
from scrimmage.core.decisions import Decision, Kind
from scrimmage.core.dice import SeededDice
from scrimmage.core.errors import ScrimmageError
from scrimmage.core.payoffs import Payoffs


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
        calls = self.payoffs.offense if self.offense else self.payoffs.defense
        shares = self.equilibrium.rows if self.offense else self.equilibrium.cols
        return dict(zip(calls, shares, strict=True))

    def card_values(self) -> dict[str, float]:
        """Each of this side's calls against the other side's equilibrium mix, in the
        offense's unit (a defense wants it low)."""
        p, eq = self.payoffs, self.equilibrium
        if self.offense:
            return dict(zip(p.offense, row_payoffs(p.values, eq.cols), strict=True))
        return dict(zip(p.defense, col_payoffs(p.values, eq.rows), strict=True))


def equilibrium_tables(rules: str) -> Tables:
    """The WP tables the payoffs are valued on; refused in one line without them or without
    the solver."""
    require_solver()
    tables = tables_for(rules)
    if tables is None:
        raise ScrimmageError(f"the equilibrium coach needs EP/WP tables, and {rules} has none")
    return tables


class CallGameCoach:
    """Play calls from the equilibrium of `matrix`; everything else from `base`."""

    def __init__(self, seed: int, rules: str, base: Any) -> None:
        self.tables = equilibrium_tables(rules)
        self.dice = SeededDice(seed)
        self.base = base                            # its own dice for everything else
        self.log = CallLog()
        self._last: tuple[Hashable, SolvedCall] | None = None

    # -- what a ruleset says ----------------------------------------------------------------
    def snap_key(self, game: Any, decision: Decision) -> Hashable:
        """What the matrix of a snap depends on (the same key: the same matrix)."""
        raise NotImplementedError

    def matrix(self, game: Any, decision: Decision) -> Payoffs:
        raise NotImplementedError

    def solves(self, decision: Decision) -> bool:
        """Whether this play call is one the matrix values."""
        return True

    # -- the coach ----------------------------------------------------------------------------
    def lets_pass(self, kind: Kind, item: str, v: Any) -> bool:
        return bool(self.base.lets_pass(kind, item, v))

    def sync(self, decision: Decision, view: Any) -> None:
        """Replaying a saved game: the same state gives the same matrix and the same draw."""
        self.decide(decision, view)

    def decide(self, decision: Decision, view: Any) -> str:
        if decision.kind is Kind.PLAY_CALL and self.solves(decision):
            return self.play_call(decision, view)
        return str(self.base.decide(decision, view))

    def solved(self, decision: Decision, view: Any) -> SolvedCall:
        """The solved snap (kept for the snap: both sides' calls and any later question of the
        same snap read it again)."""
        g = view.table
        key = (id(g), self.snap_key(g, decision))
        offense = decision.info.get("side") == "offense"
        if self._last is not None and self._last[0] == key:
            last = self._last[1]
            return SolvedCall(last.payoffs, last.equilibrium, offense)
        started = time.perf_counter()
        p = self.matrix(g, decision)
        eq = solve(p.values)
        self.log.seconds.append(time.perf_counter() - started)
        self.log.exploitability.append(exploitability(p.values, eq))
        call = SolvedCall(p, eq, offense)
        self._last = (key, call)
        return call

    def play_call(self, d: Decision, v: Any) -> str:
        mix = self.solved(d, v).mix()
        calls = tuple(mix)
        answer = calls[draw(tuple(mix.values()), self.dice)]
        return answer if answer in d.options else str(self.base.decide(d, v))
