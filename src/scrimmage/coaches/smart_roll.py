"""The situational coach (`--coach smart`, issue 20) for 1st & Roll.

It picks its dice as the sensible coach does (so a comparison with that coach measures only
the choices below) and makes the choices that decide games by the engine's own win
probability (the `1st-and-roll` WP tables, `scrimmage.analytics`):

* **the snap** on fourth down (play, punt, field goal, and the Hail Mary where it is legal,
  FR-25, FR-28, FR-34), and a field goal the sensible coach would try earlier: each option is
  the rules' own snap played `BUDGET` times on copies of the game (`rules/roll/what_if.py`),
  its first question answered with the option, and the copies' positions read on the tables;
* **kick or go for two** (FR-32) and **regular or onside** (FR-7, FR-9): the same;
* **a timeout** when the clock marker is about to move (FR-36) in the last `CLOCK_WINDOW`
  seconds of a half: the position with the marker moved against the position as it is with
  one timeout fewer, both read on the tables (no dice);
* **running out the clock** after an unmatched run (FR-35): the marker one space on against
  the position as it is, on the tables; the defense may stop the move with a timeout
  (AMB-FR-12), so "run" is worth the worse of the two for the offense;
* **the long bomb** (FR-18), asked once the offense has seen that the defense did not pick
  green: both ways of throwing the green die are computed exactly from the dice
  (`roll_payoffs.long_bomb`, the equilibrium coach's own two values) and read on the tables.

Everything else (the dice, penalties, returns, a two-point try's bomb, overtime) is the
sensible coach's: documented fallbacks, listed in docs/coaches.md. Each sampled comparison
draws one seed from the coach's own dice and plays every option on dice with that seed, so a
game replays bit for bit.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from scrimmage.analytics.position import position_value
from scrimmage.coaches.roll import SensibleCoach
from scrimmage.coaches.roll_payoffs import long_bomb
from scrimmage.coaches.smart import (
    CLOCK_WINDOW,
    ChoiceValues,
    sampled_choices,
    smart_tables,
)
from scrimmage.core.compiled import mypyc_attr
from scrimmage.core.decisions import (
    K_KICKOFF,
    K_LONG_BOMB,
    K_RUN_CLOCK,
    K_SNAP,
    K_TIMEOUT,
    K_TRY,
    Decision,
    Kind,
)
from scrimmage.rules.roll import downs, kicking
from scrimmage.rules.roll.game import RollGame
from scrimmage.rules.roll.what_if import (
    copy_game,
    marker_moved,
    position,
    position_key,
    step_then_check,
)


@mypyc_attr(allow_interpreted_subclasses=True)  # a coach is a public base class
class RollSmartCoach(SensibleCoach):
    """1st & Roll: the sensible coach's dice, the deciding choices by win probability."""

    def __init__(self, seed: int, rules: str = "1st-and-roll") -> None:
        super().__init__(seed)
        self.tables = smart_tables(rules)
        self.inner = SensibleCoach(seed * 2 + 1)
        """Answers the questions inside a step tried on a copy (its own dice)."""

    def lets_pass(self, kind: Kind, item: str, v: Any) -> bool:
        """Timeout questions outside the last `CLOCK_WINDOW` seconds of a half are waved
        through (a documented fallback: the sensible coach's rule there)."""
        if kind is K_TIMEOUT and not _in_window(v.table):
            return super().lets_pass(kind, item, v)
        return False

    def decide(self, decision: Decision, view: Any) -> str:
        values = self.values(decision, view)
        return super().decide(decision, view) if values is None else values.best()

    def values(self, d: Decision, v: Any) -> ChoiceValues | None:
        """The options' values for a deciding choice, or None for a choice left to the
        sensible coach."""
        g: RollGame = v.table
        if g.s.over or g.s.period > 2:
            return None
        if d.kind is K_SNAP:
            usual = super().decide(d, v)
            if v.down < 4 and usual == "play":
                return None
            return self._sampled(d, g, step_then_check(downs.snap), d.options)
        if d.kind is K_TRY:
            return self._sampled(d, g, step_then_check(kicking.try_after_touchdown), d.options)
        if d.kind is K_KICKOFF:
            kicker = d.seat
            return self._sampled(d, g, step_then_check(lambda c: kicking.kickoff(c, kicker)),
                                 d.options)
        if d.kind is K_TIMEOUT:
            return self._timeout(d, g) if _in_window(g) else None
        if d.kind is K_RUN_CLOCK:
            return self._run_clock(d, g)
        if d.kind is K_LONG_BOMB and not d.info.get("two_point"):
            return self._long_bomb(g)
        return None

    def _long_bomb(self, g: RollGame) -> ChoiceValues:
        """FR-18: the down with and without the bomb, each exact over the dice."""
        no_bomb, bomb, unit = long_bomb(g, self.tables)
        out = ChoiceValues(unit)
        out.values = {"no": no_bomb, "bomb": bomb}
        out.how = {"no": "exact over the dice", "bomb": "exact over the dice"}
        return out

    def _sampled(self, d: Decision, g: RollGame, step: Callable[[RollGame], None],
                 options: tuple[str, ...]) -> ChoiceValues:
        return sampled_choices(self.dice, self.inner, self.tables, d, options,
                               lambda dice, answers: copy_game(g, dice, answers), step, position,
                               position_key)

    def _timeout(self, d: Decision, g: RollGame) -> ChoiceValues | None:
        """FR-36: a timeout keeps the marker where it is and costs a timeout; "no" lets it
        move one space. Both on the tables."""
        if g.clock_ended:
            return None
        now = position(g)
        timeouts = dict(now.timeouts)
        timeouts[d.seat] -= 1
        out = ChoiceValues()
        out.values = {"no": position_value(self.tables, marker_moved(g), d.seat),
                      "timeout": position_value(self.tables, replace(now, timeouts=timeouts),
                                                d.seat)}
        out.how = {"no": "the tables, the marker moved", "timeout": "the tables, one timeout "
                                                                    "fewer"}
        return out

    def _run_clock(self, d: Decision, g: RollGame) -> ChoiceValues | None:
        """FR-35: the marker one space on, unless the defense spends a timeout to stop it."""
        if g.clock_ended:
            return None
        now = position(g)
        side = d.seat
        worth = position_value(self.tables, marker_moved(g), side)
        if now.timeouts[side.other] > 0:
            stopped = dict(now.timeouts)
            stopped[side.other] -= 1
            worth = min(worth, position_value(self.tables, replace(now, timeouts=stopped), side))
        out = ChoiceValues()
        out.values = {"no": position_value(self.tables, now, side), "run": worth}
        out.how = {"no": "the tables", "run": "the tables, the marker one space on (or the "
                                              "defense's timeout)"}
        return out


def _in_window(g: RollGame) -> bool:
    return g.s.period <= 2 and g.s.half_seconds <= CLOCK_WINDOW


