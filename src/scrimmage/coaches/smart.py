"""The situational coaches (`--coach smart`, issue 20): Football Legends and 5D20.

It calls plays as the rulebook solitaire coach does (so a comparison with that coach measures
only the choices below), and makes the choices that decide games by the engine's own win
probability (the ruleset's WP tables, `scrimmage.analytics`):

* **fourth down** (and a field goal the solitaire coach would try on an earlier down): going
  for it is worth the value of the play-call game, computed exactly from the two sheets and
  the charts (`rules/legends/payoffs.py`, both sides at their equilibrium mix); a punt or a
  field goal is worth the mean WP after it over `BUDGET` plays of the rules' own kicking step
  on copies of the game (`rules/legends/what_if.py`: its penalty roll may repeat the kick, so
  its tree of dice is too large to enumerate);
* **kick or go for two** after a touchdown, and **onside or regular** on a kickoff: the same,
  each choice played `BUDGET` times by the rules on copies of the game;
* **a timeout after the play** (FNL-7) in the last five minutes of a half: the position with
  the seconds it saves and one timeout fewer against the position as it is, both read on the
  tables;
* **a kneel or a spike** (FNL-56, FNL-57) in the last five minutes of a half: neither draws a
  card or a penalty roll, so each is the rules' own down played once on a copy (exact), set
  against the play-call game's value.

Each comparison draws one seed from the coach's own dice and plays every choice on dice with
that seed (common random numbers: the choices meet the same luck), so a game replays bit for
bit. Everything else (play speed, penalties, out of bounds, coaching points, overtime
series) is still the solitaire coach's: documented fallbacks, listed in docs/coaches.md.

`FiveD20SmartCoach` does the same in 5D20, where the system calls every play (D20-12) and the
seat sees the whole game: every option of a fourth down (going for it too), a try or a kickoff
is the game's own `step` played `BUDGET` times on copies, its first question answered with the
option; a timeout after the play is weighed on the tables.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from dataclasses import replace
from typing import Any, Final, TypeVar

from scrimmage.analytics import Tables, tables_for
from scrimmage.analytics.position import Position, position_value
from scrimmage.coaches.fived20 import SystemCoach
from scrimmage.coaches.legends import SolitaireCoach
from scrimmage.coaches.matrix_game import require_solver, solve
from scrimmage.coaches.payoff_cache import cached_payoffs
from scrimmage.coaches.sampling import EndValues, option_mean
from scrimmage.core.compiled import mypyc_attr
from scrimmage.core.decisions import K_KICKOFF, K_SNAP, K_TIMEOUT, K_TRY, Decision, Kind
from scrimmage.core.dice import Dice, SeededDice
from scrimmage.core.errors import ScrimmageError
from scrimmage.rules.fived20.timing import STOPPED
from scrimmage.rules.fived20.what_if import copy_game as fived20_copy
from scrimmage.rules.fived20.what_if import position as fived20_position
from scrimmage.rules.fived20.what_if import position_key as fived20_key
from scrimmage.rules.legends import kicking, tries
from scrimmage.rules.legends.game import LegendsGame
from scrimmage.rules.legends.what_if import (
    copy_game,
    down_then_check,
    position,
    position_key,
    shell_game,
)

BUDGET: Final = 200
"""Plays of a kicking step per choice: the standard error of a mean WP is then about 0.01 at
worst (a field goal that decides the game), less for most kicks."""
SEED_FACES: Final = 2**30
CLOCK_WINDOW: Final = 300
"""Seconds before the end of a half from which timeouts are weighed (earlier: none)."""


class ChoiceValues:
    """The win probability of each option of one decision, and how each was found."""

    def __init__(self, unit: str = "wp") -> None:
        self.values: dict[str, float] = {}
        self.how: dict[str, str] = {}
        self.unit = unit
        """"wp", or "ep" where the win probability cannot tell the options apart."""

    def best(self) -> str:
        return max(self.values, key=lambda k: self.values[k])


def smart_tables(rules: str) -> Tables:
    """The WP tables a smart coach values positions on; refused in one line without them or
    without the solver."""
    require_solver()
    tables = tables_for(rules)
    if tables is None:
        raise ScrimmageError(f"the smart coach needs EP/WP tables, and {rules} has none")
    return tables


@mypyc_attr(allow_interpreted_subclasses=True)  # a coach is a public base class
class SmartCoach(SolitaireCoach):
    """Legends: the solitaire coach's play calls, the deciding choices by win probability."""

    def __init__(self, seed: int, rules: str) -> None:
        super().__init__(seed)
        self.tables = smart_tables(rules)
        self.inner = SolitaireCoach(seed * 2 + 1)
        """Answers the questions inside a step tried on a copy (its own dice)."""

    def decide(self, decision: Decision, view: Any) -> str:
        values = self.values(decision, view)
        return super().decide(decision, view) if values is None else values.best()

    def values(self, d: Decision, v: Any) -> ChoiceValues | None:
        """The options' values for a deciding choice, or None for a choice left to the
        solitaire coach's rules."""
        state = v.table
        if state.overtime or state.clock.untimed:
            return None
        if d.kind is K_SNAP:
            return self._snap(d, v)
        if d.kind is K_TRY and len(d.options) > 1:
            return self._tried(d, v, lambda g: tries.try_after_touchdown(g))
        if d.kind is K_KICKOFF:
            after_safety = "safety" in d.prompt
            return self._tried(d, v, lambda g: kicking.kickoff(g, d.seat, after_safety))
        if d.kind is K_TIMEOUT and "timeout" in d.options:
            item = "before" if d.info.get("before") else "after"
            # What the fast path waves through is answered as it would be: "none".
            return None if self.lets_pass(K_TIMEOUT, item, v) else self._timeout(d, v)
        return None

    def lets_pass(self, kind: Kind, item: str, v: Any) -> bool:
        """No timeout question before the results (the solitaire coach's rule, FNL-7), nor
        outside the last `CLOCK_WINDOW` seconds of a half (a documented fallback: a timeout
        there moves the win probability by less than the tables' resolution)."""
        if kind is K_TIMEOUT:
            return item == "before" or not _in_window(v)
        return super().lets_pass(kind, item, v)

    # -- the choices ------------------------------------------------------------------------
    def _snap(self, d: Decision, v: Any) -> ChoiceValues | None:
        usual = super().decide(d, v)
        kicks = [k for k in ("punt", "field_goal") if k in d.options
                 and (v.down == 4 or usual in ("punt", "field_goal"))]
        # FNL-56, FNL-57: a kneel or a spike only buys or saves time, so it is weighed where
        # the timeouts are (a documented fallback: earlier it is never worth a down).
        clock = [k for k in ("kneel", "spike") if k in d.options and _in_window(v)]
        if not kicks and not clock:
            return None
        state = v.table
        p = cached_payoffs(state, self.tables)
        if p.unit != "wp":
            return None         # a decided game: the solitaire coach's rules will do
        out = ChoiceValues()
        out.values["play"] = solve(p.values).value
        out.how["play"] = "exact: the value of the play-call game"
        for k in clock:
            # No card, no penalty roll: one play of the rules' own down is exact.
            out.values[k] = self._sampled(state, down_then_check, d, 0, k, budget=1)
            out.how[k] = "exact: the rules' own down (no dice)"
        if not kicks:
            return out
        seed = self.dice.roll(SEED_FACES)
        for kick in kicks:
            kick_step = kicking.punt if kick == "punt" else kicking.field_goal

            def step(g: LegendsGame, kick_step: Any = kick_step) -> None:
                kick_step(g, None)

            out.values[kick] = self._sampled(state, step, d, seed, None)
            out.how[kick] = f"the mean of {BUDGET} plays of the kick"
        return out

    def _timeout(self, d: Decision, v: Any) -> ChoiceValues | None:
        """FNL-7: a timeout after the play gives back the seconds it `saves` and costs a
        timeout; both positions are read on the WP tables (exact: no dice)."""
        state = v.table
        if d.info.get("before") or state.over:
            return None
        return timeout_values(self.tables, position(shell_game(state)), d.seat,
                              int(d.info.get("saves") or 0))

    def _tried(self, d: Decision, v: Any, step: Callable[[LegendsGame], None]) -> ChoiceValues:
        """Each option given as the answer to the step's own question, the step played
        `BUDGET` times."""
        out = ChoiceValues()
        seed = self.dice.roll(SEED_FACES)
        for option in d.options:
            out.values[option] = self._sampled(v.table, step, d, seed, option)
            out.how[option] = f"the mean of {BUDGET} plays"
        return out

    def _sampled(self, state: Any, step: Callable[[LegendsGame], None], d: Decision,
                 seed: int, option: str | None, budget: int = BUDGET) -> float:
        """The mean WP of `d`'s side after `step`; its first question of `d`'s kind is
        answered `option`, every other by the solitaire coach."""
        inner = self.inner
        shell = shell_game(state)
        ends = EndValues(self.tables, d.seat, position, position_key)
        return forced_mean(lambda dice: copy_game(shell, dice, inner.lets_pass), step, d, option,
                           lambda q, g: inner.decide(q, g.view(q.seat)), ends.of,
                           SeededDice(seed), budget)


G = TypeVar("G")


def _in_window(v: Any) -> bool:
    """The last `CLOCK_WINDOW` seconds of a half (regulation)."""
    return not v.overtime and v.quarter in (2, 4) and v.seconds_left <= CLOCK_WINDOW


def forced_mean(fresh: Callable[[Dice], G], step: Callable[[G], None], d: Decision,
                option: str | None, answer: Callable[[Decision, G], str],
                value: Callable[[G], float], dice: Dice, budget: int = BUDGET) -> float:
    """The mean `value` after `budget` plays of `step` on fresh copies, the first question of
    `d`'s kind in each answered `option` (None: every question by `answer`)."""
    return option_mean(fresh, step, d.kind, option, answer, value, dice, budget)


def sampled_choices(dice: Dice, inner: Any, tables: Tables, d: Decision,
                    options: Sequence[str], fresh: Callable[[Dice, Any], G],
                    step: Callable[[G], None], where: Callable[[G], Position],
                    key: Callable[[G], Hashable]) -> ChoiceValues:
    """Each option of `d` as the first answer of `step`, played `BUDGET` times on copies made
    by `fresh(dice, inner.lets_pass)`; its value the mean WP of `d`'s side at `where` the copy
    stands after it, read once per distinct `key` of it (`sampling.EndValues`). One seed,
    drawn from the coach's `dice`, for every option (common random numbers); `inner` answers
    every other question."""
    def answer(q: Decision, c: Any) -> str:
        return str(inner.decide(q, c.view(q.seat)))

    out = ChoiceValues()
    seed = dice.roll(SEED_FACES)
    ends = EndValues(tables, d.seat, where, key)
    for option in options:
        out.values[option] = option_mean(
            lambda copy_dice: fresh(copy_dice, inner.lets_pass), step, d.kind, option, answer,
            ends.of, SeededDice(seed), BUDGET)
        out.how[option] = f"the mean of {BUDGET} plays"
    return out


def timeout_values(tables: Tables, now: Position, side: Any,
                   saves: int) -> ChoiceValues | None:
    """A timeout after the play: the position with the `saves` seconds back and one timeout
    fewer, against the position as it is (both read on the tables; no dice)."""
    if saves <= 0 or now.over:
        return None
    out = ChoiceValues()
    out.values["none"] = position_value(tables, now, side)
    timeouts = dict(now.timeouts)
    timeouts[side] -= 1
    later = replace(now, seconds_left=now.seconds_left + saves, timeouts=timeouts)
    out.values["timeout"] = position_value(tables, later, side)
    out.how = {"none": "the tables", "timeout": f"the tables, {saves} s back"}
    return out


@mypyc_attr(allow_interpreted_subclasses=True)  # a coach is a public base class
class FiveD20SmartCoach(SystemCoach):
    """5D20: the system's play calls (D20-12); fourth down, the try, the kickoff and a
    timeout after the play by win probability."""

    def __init__(self, seed: int, rules: str = "5d20") -> None:
        super().__init__(seed)
        self.tables = smart_tables(rules)
        self.inner = SystemCoach(seed * 2 + 1)

    def lets_pass(self, kind: Kind, item: str, v: Any) -> bool:
        if kind is K_TIMEOUT:
            return (item == "short" or bool(v.overtime) or v.quarter not in (2, 4)
                    or v.seconds_left > CLOCK_WINDOW)
        return super().lets_pass(kind, item, v)

    def decide(self, decision: Decision, view: Any) -> str:
        values = self.values(decision, view)
        return super().decide(decision, view) if values is None else values.best()

    def values(self, d: Decision, v: Any) -> ChoiceValues | None:
        g = v.table
        if g.overtime or g.over:
            return None
        if d.kind is K_SNAP and not d.info.get("at_zero"):
            usual = super().decide(d, v)
            if usual in ("kneel", "spike") or (v.down < 4 and usual == "play"):
                return None
            options = [o for o in ("play", "punt", "field_goal") if o in d.options]
        elif (d.kind is K_TRY and len(d.options) > 1) or d.kind is K_KICKOFF:
            options = list(d.options)
        elif d.kind is K_TIMEOUT and not d.info.get("penalty"):
            if self.lets_pass(K_TIMEOUT, str(d.info.get("item", "after")), v):
                return None         # answered as the fast path would: the system's "none"
            saves = int(d.info.get("seconds") or 0) - STOPPED
            return timeout_values(self.tables, fived20_position(g), d.seat, saves)
        else:
            return None
        return sampled_choices(self.dice, self.inner, self.tables, d, options,
                               lambda dice, answers: fived20_copy(g, dice, answers),
                               lambda c: c.step(), fived20_position, fived20_key)
