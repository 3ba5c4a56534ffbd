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

from collections.abc import Hashable
from typing import Any

from scrimmage.coaches.call_game import CallGameCoach, CallLog, SolvedCall
from scrimmage.coaches.legends import SolitaireCoach
from scrimmage.coaches.payoff_cache import cached_payoffs
from scrimmage.core.decisions import Decision, Kind
from scrimmage.core.payoffs import Payoffs
from scrimmage.rules.legends.cards import OFF_SETS

RUN_SETS = frozenset(OFF_SETS[:3])
__all__ = ["CallLog", "EquilibriumCoach", "SolvedCall"]


class EquilibriumCoach(CallGameCoach):
    """Legends play calls from the equilibrium of the exact payoff matrix."""

    def __init__(self, seed: int, rules: str) -> None:
        super().__init__(seed, rules, SolitaireCoach(seed * 2 + 1))

    def decide(self, decision: Decision, view: Any) -> str:
        if decision.kind is Kind.AUDIBLE:
            return self.audible(decision, view)
        return super().decide(decision, view)

    # -- the call ---------------------------------------------------------------------------
    def snap_key(self, game: Any, decision: Decision) -> Hashable:
        state = game
        return (len(state.plays), state.clock.seconds_left, state.possession, state.down,
                state.ydstogo, state.yardline, bool(decision.info.get("two_point")),
                decision.info.get("side"))

    def matrix(self, game: Any, decision: Decision) -> Payoffs:
        state = game
        p = cached_payoffs(state, self.tables, bool(decision.info.get("two_point")))
        category = decision.info.get("offense_category")
        if category is not None:
            # FNL-50: the offense called an exhausted set and said run or pass.
            rows = [i for i, c in enumerate(p.offense) if (c in RUN_SETS) == (category == "run")]
            if rows:
                p = Payoffs(tuple(p.offense[i] for i in rows), p.defense,
                            tuple(p.values[i] for i in rows), p.unit, p.before)
        return p

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
