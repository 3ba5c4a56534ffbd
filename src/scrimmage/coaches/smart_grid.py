"""The situational coach (`--coach smart`, issue 20) for The Grid.

It calls plays and sets its lineup as the sensible coach does (so a comparison with that coach
measures only the choices below) and makes the choices that decide games by the engine's own
win probability (the `grid` WP tables, `scrimmage.analytics`):

* **the snap** on fourth down, and a field goal the sensible coach would try earlier: a play
  and the field goal of each kicker (GRID-44; no punts, GRID-55) are each the rules' own down
  played `BUDGET` times on copies of the game (`rules/grid/what_if.py`), its first question
  answered with the option, the copies' positions read on the tables;
* **one or two extra cards** (GRID-37): they are only time, so both positions are read on the
  tables (no dice);
* **a timeout** that would stop the extra cards (GRID-52) in the last `CLOCK_WINDOW` seconds
  of a half: the position with the cards the offense would flip against the position as it
  is with one timeout fewer, on the tables;
* **the re-roll** a timeout earned (GRID-28), asked of either side with the dice on the table:
  keeping them and rolling the play dice again are each computed exactly over the dice and
  the first timing card (`grid_payoffs.reroll_values`) and read on the tables.

Everything else (play calls, lineups and substitutions, overtime) is the sensible coach's:
documented fallbacks, listed in docs/coaches.md. Each sampled comparison draws one seed from
the coach's own dice and plays every option on dice with that seed, so a game replays bit
for bit.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Final

from scrimmage.analytics.position import position_value
from scrimmage.coaches.grid import SensibleCoach
from scrimmage.coaches.grid_payoffs import reroll_values
from scrimmage.coaches.smart import (
    CLOCK_WINDOW,
    ChoiceValues,
    sampled_choices,
    smart_tables,
)
from scrimmage.core.compiled import mypyc_attr
from scrimmage.core.decisions import K_REROLL, K_SNAP, K_TIMEOUT, K_TIMING_CARDS, Decision, Kind
from scrimmage.core.field import Side
from scrimmage.rules.grid import plays
from scrimmage.rules.grid.game import GridGame
from scrimmage.rules.grid.results import RESULT_CODE
from scrimmage.rules.grid.what_if import copy_game, position, position_key, seconds_of

EXTRA: Final = {"one": 1, "two": 2}


@mypyc_attr(allow_interpreted_subclasses=True)  # a coach is a public base class
class GridSmartCoach(SensibleCoach):
    """The Grid: the sensible coach's calls, the deciding choices by win probability."""

    def __init__(self, seed: int, rules: str = "grid") -> None:
        super().__init__(seed)
        self.tables = smart_tables(rules)
        self.inner = SensibleCoach(seed * 2 + 1)
        """Answers the questions inside a down tried on a copy (its own dice)."""

    def lets_pass(self, kind: Kind, item: str, v: Any) -> bool:
        """A timeout that stops the cards is weighed in the last `CLOCK_WINDOW` seconds of a
        half; every other optional question is the sensible coach's."""
        if kind is K_TIMEOUT and item == "cards" and _in_window(v.game):
            return False
        return super().lets_pass(kind, item, v)

    def decide(self, decision: Decision, view: Any) -> str:
        values = self.values(decision, view)
        return super().decide(decision, view) if values is None else values.best()

    def values(self, d: Decision, v: Any) -> ChoiceValues | None:
        """The options' values for a deciding choice, or None for a choice left to the
        sensible coach."""
        g: GridGame = v.game
        if g.over or g.clock.period > 2:
            return None
        if d.kind is K_SNAP:
            usual = super().decide(d, v)
            if v.down < 4 and usual == "play":
                return None
            return self._snap(d, g)
        if d.kind is K_TIMING_CARDS:
            return self._cards(d.seat, g)
        if d.kind is K_TIMEOUT and d.info.get("stops_cards") and _in_window(g):
            return self._timeout(d, g)
        if d.kind is K_REROLL and "off_call" in d.info:
            return self._reroll(d, g)
        return None

    def _reroll(self, d: Decision, g: GridGame) -> ChoiceValues:
        """GRID-28: the dice as they lie against a new roll, each exact."""
        info = d.info
        a, b = info["dice"]
        keep, again, unit = reroll_values(g, self.tables, d.seat, str(info["off_call"]),
                                          str(info["def_call"]), RESULT_CODE[info["chart_result"]],
                                          (int(a), int(b)))
        out = ChoiceValues(unit)
        out.values = {"keep": keep, "reroll": again}
        out.how = {"keep": "exact: this result, the timing card", "reroll":
                   "exact over the dice and the timing card"}
        return out

    def _snap(self, d: Decision, g: GridGame) -> ChoiceValues:
        return sampled_choices(self.dice, self.inner, self.tables, d, d.options,
                               lambda dice, answers: copy_game(g, dice, answers),
                               _down_then_check, position, position_key)

    def _cards(self, side: Side, g: GridGame) -> ChoiceValues:
        """GRID-37: extra cards are only time; each count read on the tables."""
        out = ChoiceValues()
        for option, n in EXTRA.items():
            out.values[option] = position_value(self.tables, position(g, n), side)
            out.how[option] = f"the tables, {n} card{'s' if n > 1 else ''} fewer"
        return out

    def _timeout(self, d: Decision, g: GridGame) -> ChoiceValues:
        """GRID-52: a timeout stops the extra cards and costs one; without it the offense
        flips the count it prefers (on the tables)."""
        offense = g.possession
        flips = self._cards(offense, g)
        n = EXTRA[flips.best()]
        now = position(g)
        timeouts = dict(now.timeouts)
        timeouts[d.seat] -= 1
        out = ChoiceValues()
        out.values = {"no": position_value(self.tables, position(g, n), d.seat),
                      "timeout": position_value(self.tables, replace(now, timeouts=timeouts),
                                                d.seat)}
        out.how = {"no": f"the tables, {n} card{'s' if n > 1 else ''} fewer",
                   "timeout": "the tables, one timeout fewer"}
        return out


def _down_then_check(g: GridGame) -> None:
    """The rules' down, then the game's own end-of-period check (GRID-38)."""
    plays.down(g)
    g.end_of_period_check()


def _in_window(g: GridGame) -> bool:
    c = g.clock
    return c.period <= 2 and seconds_of(c.cards_left, c.period) <= CLOCK_WINDOW
