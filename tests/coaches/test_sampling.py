"""Issue 36: a smart coach's sampled choice (`coaches/sampling.py`) reads each distinct end
position's WP once, keyed by the ruleset's `position_key`, and frees its copies as it goes.

At mid-game positions of The Grid, 5D20, 1st & Roll and Legends this checks that

* the memoized mean is the unmemoized one to the last bit (equal keys, equal positions), for
  every option of the snap;
* every copy of a sampled option is freed as soon as it is dropped, with the cyclic collector
  off (a copy whose pass filters still held views of it waited for the collector, which then
  stopped a choice for milliseconds)."""

from __future__ import annotations

import gc
from collections.abc import Callable
from typing import Any

import pytest

from scrimmage.analytics import tables_for
from scrimmage.analytics.position import Position, position_value
from scrimmage.api import make_coaches, new_game
from scrimmage.coaches.sampling import EndValues, option_mean
from scrimmage.core.decisions import Decision, Kind, Suspended
from scrimmage.core.dice import Dice, SeededDice
from scrimmage.core.driver import Driver
from scrimmage.core.ruleset import find_ruleset
from scrimmage.rules.fived20 import what_if as fived20_what_if
from scrimmage.rules.grid import what_if as grid_what_if
from scrimmage.rules.legends import what_if as legends_what_if
from scrimmage.rules.roll import what_if as roll_what_if

WHAT_IF: dict[str, Any] = {"grid": grid_what_if, "5d20": fived20_what_if,
                           "1st-and-roll": roll_what_if, "legends-pro": legends_what_if}
STOPS = (15, 40)
"""Plays before the game is stopped at its next snap question."""
BUDGET = 60


def _step(rules: str) -> Callable[[Any], None]:
    """The step a smart coach plays on a copy at a snap question."""
    def step(g: Any) -> None:
        g.step()
        g.end_of_period_check()

    if rules == "legends-pro":
        return legends_what_if.down_then_check
    return (lambda g: g.step()) if rules == "5d20" else step


def at_a_snap(rules: str, seed: int, plays: int) -> tuple[Any, Decision]:
    """A game of the default computer coaches stopped at its first snap question after
    `plays` plays, and that question."""
    rs = find_ruleset(rules)
    home, away = rs.default_teams()
    game, record = new_game(rules, home, away, seed=seed)
    coaches: Any = make_coaches(rs, None, seed)
    for side, coach in list(coaches.items()):
        coaches[side] = _StopAtSnap(coach, game, plays)
    driver = Driver(game, coaches, record.decisions)
    d = driver.run()
    assert d is not None and d.kind is Kind.SNAP
    return game, d


def inner_coach(rules: str, d: Decision, seed: int) -> Any:
    """A coach to answer the copies' questions (its own dice: a new one for each run)."""
    return make_coaches(find_ruleset(rules), None, seed + 7)[d.seat]


class _StopAtSnap:
    """A coach that stops the game at its first snap question after `plays` plays."""

    def __init__(self, coach: Any, game: Any, plays: int) -> None:
        self.coach, self.game, self.plays = coach, game, plays
        self.lets_pass = coach.lets_pass

    def decide(self, d: Decision, view: Any) -> str:
        if d.kind is Kind.SNAP and len(self.game.plays) > self.plays and len(d.options) > 1:
            raise Suspended(d)
        return str(self.coach.decide(d, view))


CASES = [(rules, seed, plays) for rules in WHAT_IF for seed in (1, 2) for plays in STOPS]


@pytest.mark.parametrize(("rules", "seed", "plays"), CASES,
                         ids=[f"{r}-seed{s}-after{p}" for r, s, p in CASES])
def test_the_memo_is_the_tables_read_every_time(rules: str, seed: int, plays: int) -> None:
    w = WHAT_IF[rules]
    game, d = at_a_snap(rules, seed, plays)
    tables = tables_for(rules)
    assert tables is not None

    ends = EndValues(tables, d.seat, w.position, w.position_key)
    seen: dict[Any, Position] = {}

    def every_time(c: Any) -> float:
        p: Position = w.position(c)
        assert seen.setdefault(w.position_key(c), p) == p, "equal keys, other positions"
        return position_value(tables, p, d.seat)

    def mean(option: str, value: Callable[[Any], float]) -> float:
        inner = inner_coach(rules, d, seed)
        return option_mean(lambda dice: w.copy_game(game, dice, inner.lets_pass),
                           _step(rules), d.kind, option,
                           lambda q, c: str(inner.decide(q, c.view(q.seat))), value,
                           SeededDice(seed), BUDGET)

    for option in d.options:
        assert mean(option, ends.of) == mean(option, every_time), option
    assert 1 < len(ends.memo) < len(d.options) * BUDGET


@pytest.mark.parametrize("rules", list(WHAT_IF))
def test_a_sampled_copy_is_freed_at_once(rules: str) -> None:
    w = WHAT_IF[rules]
    game, d = at_a_snap(rules, 2, STOPS[0])
    inner = inner_coach(rules, d, 2)
    made: list[int] = []

    def fresh(dice: Dice) -> Any:
        made.append(1)
        return w.copy_game(game, dice, inner.lets_pass)

    gc.collect()
    gc.disable()
    try:
        option_mean(fresh, _step(rules), d.kind, d.options[-1],
                    lambda q, c: str(inner.decide(q, c.view(q.seat))),
                    lambda c: float(len(c.plays)), SeededDice(2), 20)
        assert len(made) == 20
        # Every copy was freed as it was dropped: nothing left for the cyclic collector (a
        # count, not weak references: the compiled build's native games take none).
        assert gc.collect() == 0
    finally:
        gc.enable()
